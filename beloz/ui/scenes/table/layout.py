"""Where everything goes on the table, for a window size and a direction of play.

Pure: no display, no state of the scene.  ``Layout`` gives every fixed place (hands, trick,
piles, pack, turned card, name plates, buttons, prompt lines); ``card_places`` and
``z_order`` turn the scene's zones (which card lies where) into a place and a drawing order
for each of the 32 cards.

Seat 0 (the person) sits at the bottom, seat 1 on the right, seat 2 at the top, seat 3 on
the left; the engine numbers seats the same way whatever the ruleset, and play goes from a
seat to ``seat + direction``: counter-clockwise with ``direction`` 1 (0 → 1 → 2 → 3),
clockwise with -1 (0 → 3 → 2 → 1).  What depends on the direction is where the turned card
lies beside the pack: on the side of the dealer's next player, the first to bid.
"""

from __future__ import annotations

import pygame

from beloz.ui import textsize
from beloz.ui.scenes import score
from beloz.ui.scenes.table.zones import Zones
from beloz.ui.sprites import card_h

Place = tuple[float, float, float, bool, float]  # x, y, angle, face up, width


class Layout:
    """Every place on the table for a window size (see the module's docstring for the seats
    and the direction of play)."""

    def __init__(self, size: tuple[int, int], direction: int = 1) -> None:
        self.size = size
        self.direction = 1 if direction >= 0 else -1
        W, H = size
        self.W, self.H = W, H
        self.pad = max(8, round(min(W, H) * 0.015))
        # The card width follows the window: eight cards fit across the bottom with room
        # for the score panels, and the trick fits between the side hands.
        self.cw = max(40, round(min(W / 12.2, H / 7.4)))
        self.ch = card_h(self.cw)
        self.small = max(28, round(self.cw * 0.62))  # the other players' backs
        self.sh = card_h(self.small)
        self.cx = W // 2
        self.cy = round(H * 0.45)
        # The table's text unit, at the player's text size: every text and the room
        # around it (panels, plates, the hand's lift) is measured in it.
        self.font_px = textsize.px(max(13, round(H / 46)))
        # The side seats' name plates hang above their hands; where the top panels (taller
        # with large text) reach below them, plates and hands go down by ``side_drop``, the
        # hands closer together so that their last card stays where it was.
        plate_top = (self.cy - self.small * 0.42 * 3.5 - self.small / 2
                     - self.font_px * 1.3 - (self.font_px + 12) / 2)
        panels = self.pad + round(self.font_px * 5.4) + self.pad  # score.hud_height
        self.side_drop = max(0.0, panels - plate_top)

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``."""
        return (seat + self.direction) % 4

    # seats ---------------------------------------------------------------------------------

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat's name plate and speech bubbles point to."""
        W, H, p = self.W, self.H, self.pad
        if seat == 0:
            return (self.cx, H - self.ch - p * 3)
        if seat == 1:
            return (W - p - self.sh - p, self.cy)
        if seat == 2:
            return (self.cx, p + self.sh + p)
        return (p + self.sh + p, self.cy)

    def hand_slots(self, seat: int, n: int) -> list[tuple[float, float, float]]:
        """(x, y, angle) of each of ``n`` cards in a seat's hand, left to right."""
        if n <= 0:
            return []
        W, H, p = self.W, self.H, self.pad
        if seat == 0:
            step = min(self.cw * 0.9, (W * 0.6 - self.cw) / max(1, n - 1))
            total = step * (n - 1)
            # A gentle arc: the fan's ends sit a little lower, and the lowest a margin above
            # the window's edge.
            arc = self.ch * 0.008
            y = H - p - self.ch / 2 - ((n - 1) / 2) ** 2 * arc
            out = []
            for i in range(n):
                off = i - (n - 1) / 2
                out.append((self.cx - total / 2 + i * step, y + off * off * arc, 0.0))
            return out
        step = self.small * 0.42 - (self.side_drop / 7 if seat in (1, 3) else 0)
        total = step * (n - 1)
        if seat == 2:
            y = p + self.sh / 2
            return [(self.cx + total / 2 - i * step, y, 180.0) for i in range(n)]
        x = W - p - self.sh / 2 if seat == 1 else p + self.sh / 2
        angle = 90.0 if seat == 1 else -90.0
        y = self.cy + self.side_drop / 2
        return [(x, y - total / 2 + i * step, angle) for i in range(n)]

    def trick_slot(self, seat: int) -> tuple[float, float]:
        """The expedition's cards lie in a cross, apart: each card's number and animal show,
        and the master card's frame around it."""
        gap = max(8, round(self.cw * 0.1))
        return self._cross(seat, self.cw + gap, (self.ch + gap) / 2)

    def pile_slot(self, seat: int) -> tuple[float, float, float]:
        """Where the expeditions a seat won are stacked (x, y, angle)."""
        W, H, p = self.W, self.H, self.pad
        if seat == 0:
            return (W - p - self.small * 0.6, H - p - self.sh * 0.5, 0.0)
        if seat == 2:
            return (self.cx - self.small * 2.6, p + self.sh * 0.45, 0.0)
        # The side piles lie below the side hands; with large text the bottom-left column
        # of buttons grows up to them (200 % from 1920 x 1080): they stay above it, the
        # East pile level with the West one.
        y = min(self.cy + self.small * 2.9, self.column_top() - p / 2 - self.small * 0.4)
        if seat == 1:
            return (W - p - self.sh / 2, y, 90.0)
        return (p + self.sh / 2, y, 90.0)

    def column_top(self) -> float:
        """The top of the bottom-left column of buttons, Hint over Expeditions over Menu
        (``TableScene._build_fixed_buttons``: 6 px apart, Menu ``pad`` above the edge)."""
        h = score.fixed_button_height(self.font_px)
        return self.H - self.pad - score.FIXED_BUTTONS * h - (score.FIXED_BUTTONS - 1) * 6

    def deck_slot(self, dealer: int) -> tuple[float, float]:
        """The pack sits on the table in front of the dealer."""
        k = self.cw * (0.95 if dealer == 0 else 1.35)
        if dealer == 0:
            # In front of the person, the turned card beside it stays clear of the question
            # asked above the hand and of the hint's two lines above the question.
            turned_h = card_h(self.cw * 0.9)
            return (self.cx, min(self.cy + k, self.hint_top() - self.pad - turned_h / 2))
        if dealer == 2:
            return (self.cx, self.cy - k)
        return (self.cx + (k if dealer == 1 else -k) * 1.6, self.cy)

    def turned_slot(self, dealer: int) -> tuple[float, float]:
        """Beside the pack.  In front of the person and the partner: on its right when play
        goes counter-clockwise (towards the first bidder when the person deals), on its left
        when clockwise.  In front of a side player, where the pack lies across: on its side
        towards the middle of the table, clear of the question asked above the hand."""
        x, y = self.deck_slot(dealer)
        if dealer in (0, 2):
            return (x + self.direction * self.cw * 1.15, y)
        inward = -1 if dealer == 1 else 1
        return (x + inward * (card_h(self.cw * 0.8) / 2 + self.pad + self.cw * 0.45), y)

    def draw_slot(self, seat: int) -> tuple[float, float]:
        """Where a seat's card of the first-dealer draw is shown."""
        return self._cross(seat, self.cw * 0.86 * 2.2, self.ch * 0.38 * 1.5)

    def _cross(self, seat: int, dx: float, dy: float) -> tuple[float, float]:
        """A seat's arm of a cross around the table's centre: South below, East right,
        North above, West left."""
        return {
            0: (self.cx, self.cy + dy),
            1: (self.cx + dx, self.cy),
            2: (self.cx, self.cy - dy),
            3: (self.cx - dx, self.cy),
        }[seat]

    def draw_pack_slot(self) -> tuple[float, float]:
        """The pack during the first-dealer draw: left of the West-side drawn card, clear of
        the four drawn cards, their numbers and the banner above them."""
        x3, _ = self.draw_slot(3)
        return (x3 - self.cw * 0.45 - self.pad - self.cw * 0.4, float(self.cy))

    # plates, buttons, prompts -----------------------------------------------------------------

    def plate_pos(self, seat: int, hand_size: int) -> tuple[float, float]:
        """The point a seat's name plate hangs from (the person's: its bottom right)."""
        if seat == 0:
            slots = self.hand_slots(0, max(1, hand_size))
            return (slots[0][0] - self.cw * 0.5 - self.pad,
                    self.H - self.pad - self.ch - self.font_px * 0.9)
        if seat == 2:
            return (self.cx, self.pad + self.sh + self.font_px * 1.0)
        x = self.W - self.pad - self.sh / 2 if seat == 1 else self.pad + self.sh / 2
        # Above a full hand of eight: the stack never covers the name.
        return (x, self.cy - self.small * 0.42 * 3.5 - self.small / 2 - self.font_px * 1.3
                + self.side_drop)

    @property
    def button_h(self) -> int:
        """The height of the question buttons above the person's hand."""
        return max(34, round(self.font_px * 2.3))

    def button_row(self, widths: list[int], gap: int = 10,
                   y: int | None = None) -> list[pygame.Rect]:
        """The rects of a row of question buttons of these widths, centred above the hand."""
        h = self.button_h
        total = sum(widths) + gap * (len(widths) - 1)
        x = self.cx - total // 2
        if y is None:
            y = round(self.H - self.pad * 2 - self.ch - h - self.ch * 0.12)
        out = []
        for w in widths:
            out.append(pygame.Rect(x, y, w, h))
            x += w + gap
        return out

    def fixed_buttons(self, width: int, height: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Menu and Last expedition: the bottom left corner, Menu lowest."""
        x, y = self.pad, self.H - self.pad - height
        return pygame.Rect(x, y, width, height), pygame.Rect(x, y - height - 6, width, height)

    def prompt_y(self, buttons_shown: bool) -> float:
        """The centre of the lowest prompt line: above the hand, above the buttons if any."""
        fp = self.font_px
        y = self.H - self.pad * 2 - self.ch - self.ch * 0.14 - fp * 0.8
        if buttons_shown:
            y -= self.button_h + 6
        return y

    def hint_top(self) -> float:
        """The top of a bid hint's upper line (``hints._line`` at offset 1, above the
        question and its buttons)."""
        fp = self.font_px
        question = round((fp + 1) * 1.2) + 14
        return self.prompt_y(True) - question - fp * (0.4 + 1.9) - fp * 1.7 / 2

    def prompt_top(self, buttons_shown: bool) -> float:
        """The top of the lowest prompt line (its box: a line of ``font_px + 1`` text and
        5 px above and below)."""
        return self.prompt_y(buttons_shown) - (round((self.font_px + 1) * 1.2) + 10) / 2

    def between_sides(self) -> int:
        """The width between the side hands (a margin either side): the widest a line
        over the middle of the table may be without covering them."""
        return round(self.W - 2 * (2 * self.pad + self.sh))

    def banner_center(self) -> tuple[int, int]:
        return (self.cx, round(self.cy - self.ch * 1.25))

    def spread(self, n: int) -> list[tuple[float, float]]:
        """The pack fanned across the middle of the table for the person's cut."""
        step = min(self.cw * 0.19, (self.W * 0.6) / max(1, n))
        x0 = self.cx - step * (n - 1) / 2
        return [(x0 + i * step, float(self.cy)) for i in range(n)]

    def cut_at(self, xs: list[float], pos: tuple[int, int], min_cut: int) -> int | None:
        """How many cards a click at ``pos`` cuts from the spread pack whose cards are at
        ``xs`` (top card first), or None when it misses the pack."""
        if not xs:
            return None
        top, bottom = self.cy - self.ch * 0.5, self.cy + self.ch * 0.5
        left, right = xs[0] - self.cw * 0.4, xs[-1] + self.cw * 0.4
        if not (top <= pos[1] <= bottom and left <= pos[0] <= right):
            return None
        k = sum(1 for x in xs if x < pos[0])
        return max(min_cut, min(32 - min_cut, k))


# -- the cards' places -----------------------------------------------------------------------


def card_places(L: Layout, zones: Zones, dealer: int) -> dict[int, Place]:
    """card -> (x, y, angle, face_up, width) for every card in ``zones``."""
    out: dict[int, Place] = {}
    dx, dy = L.draw_pack_slot() if zones.drawing else L.deck_slot(dealer)
    deck_angle = 90.0 if dealer in (1, 3) and not zones.drawing else 0.0
    n = len(zones.deck)
    for i, c in enumerate(zones.deck):
        k = (n - 1 - i) * 0.35  # the top card (index 0) sits highest
        out[c] = (dx - k, dy - k, deck_angle, False, L.cw * 0.8)
    for seat in range(4):
        slots = L.hand_slots(seat, len(zones.hands[seat]))
        for c, (x, y, a) in zip(zones.hands[seat], slots, strict=True):
            if seat == 0:
                out[c] = (x, y, 0.0, True, L.cw)
            else:
                out[c] = (x, y, a, False, L.small)
        px, py, pa = L.pile_slot(seat)
        for i, c in enumerate(zones.piles[seat]):
            k = (i // 4) * 1.5
            out[c] = (px + k, py - k, pa, False, L.small * 0.8)
    for seat, c in zones.trick:
        x, y = L.trick_slot(seat)
        out[c] = (x, y, 0.0, True, L.cw)
    if zones.turned is not None:
        x, y = L.turned_slot(dealer)
        out[zones.turned] = (x, y, 0.0, True, L.cw * 0.9)
    for seat, c in zones.draw_cards.items():
        x, y = L.draw_slot(seat)
        out[c] = (x, y, 0.0, True, L.cw * 0.9)
    return out


def z_order(zones: Zones) -> list[int]:
    """The cards in drawing order, lowest first: the pack, the piles, the hands (the
    person's last), the turned card, the trick in play order, the draw."""
    order: list[int] = list(reversed(zones.deck))
    for seat in range(4):
        order += zones.piles[seat]
    for seat in (2, 1, 3, 0):
        order += zones.hands[seat]
    if zones.turned is not None:
        order.append(zones.turned)
    order += [c for _, c in zones.trick]
    order += list(zones.draw_cards.values())
    return order
