"""The lesson board while the person bids: where the other seats' names, the contract, the
auction or the turned card stand, so that the bid buttons' rows (``TutorialScene.build``,
above the person's line) cover none of them (issue 47, point 2).

``plan`` chooses, from the buttons' places:

- "default": where the rows leave room (every window at 100 %), everything where it
  always was: East and West half-way down the board, North at the top under the contract
  line, the middle a little above the board's centre;
- "raised": where the rows would cover the middle or a side seat, each goes up by as much
  as it must (the middle never onto North), when they then meet nothing;
- "compact": where that is not enough (200 % at 1920 x 1080 and up: an auction's seven
  calls in three rows), East and West join North on the top row, the contract line heads
  the auction instead of standing over the top right, the auction is drawn as large as
  fits between the top row and the rows (never under its 100 % size) and the turned card
  smaller where it must be; the buttons are then only as tall as their labels need
  (``short_height``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from beloz.rules.state import NO_CARD, Phase
from beloz.ui import textsize
from beloz.ui.colours import CREAM, GOLD
from beloz.ui.scenes.board import draw_expedition

if TYPE_CHECKING:
    from beloz.ui.scenes.tutorial import TutorialScene

#: The contract line's colour (over the board's top right, or heading the auction).
BLUE = (140, 200, 240)
#: A middle line: its text, size in px, colour, bold, centre.
Line = tuple[str, int, tuple[int, int, int], bool, tuple[float, float]]


@dataclass(frozen=True)
class Plan:
    """Where the board's middle and the other seats go (``plan``)."""

    mode: str  # "default", "raised" or "compact"
    spots: dict[int, tuple[float, float]]  # each other seat's name: its centre
    mid: tuple[float, float]  # the turned card's centre; the auction's (``auction_lines``)
    unit: int  # the auction's text unit: the board's, or smaller where it must fit
    card_w: int  # the turned card's width
    contract_top: bool  # the contract line over the board's top right (else heading the auction)


#: How much of a card of the hand shows under the next one, at least, where large text
#: grows them: as the table fans its hand.
SHOWN = 0.9


def middle_width(size: tuple[int, int]) -> int:
    """The cards' width at 100 %: the hand's, the turned card's and the expedition's (the
    expedition's as large as the hand's where the board has the room: ``trick_width``)."""
    w, h = size
    return max(44, round(min(w / 1280, h / 800) * 86))


def geometry(scene: TutorialScene) -> tuple[pygame.Rect, int, int, int]:
    """The board (left of the coach's panel), the text unit, the hand's cards' width and
    height: at 100 % the table's, with a larger text size half as much larger again as the
    text (1.5 times as wide at 200 %) as far as eight cards fit across the board fanned as
    at the table (``SHOWN``), so that they keep their size through the lesson."""
    w, h = scene.app.size
    fp = scene.font_px()
    board = pygame.Rect(round(fp * 0.6), round(fp * 3),
                        round(w * (scene.split() - 0.02)) - fp, h - round(fp * 3.6))
    cw = middle_width((w, h))
    grown = round(cw * (1 + 0.5 * max(0.0, textsize.factor() - 1)))
    cw = max(cw, min(grown, int((board.w - fp) / (1 + SHOWN * 7))))
    return board, fp, cw, round(cw * 1.5)


def box(scene: TutorialScene, text: str, pos: tuple[float, float], size: int,
        bold: bool = False) -> pygame.Rect:
    """Where ``scene.text`` draws ``text`` centred at ``pos``, measured."""
    r = pygame.Rect((0, 0), scene.font(size, bold).size(text))
    r.center = (round(pos[0]), round(pos[1]))
    return r


def seat_box(scene: TutorialScene, seat: int, pos: tuple[float, float]) -> pygame.Rect:
    """A seat's name and its count of cards, drawn at ``pos`` (while bidding: no taker)."""
    fp = scene.font_px()
    tr = scene.app.tr
    n = bin(scene.runner.state.hands[seat]).count("1")
    return box(scene, tr(f"table.seat.{seat}"), pos, fp - 1, True).union(
        box(scene, tr("tutorial.cards_left", count=n), (pos[0], pos[1] + fp * 1.2), fp - 3))


def contract_line(scene: TutorialScene) -> str | None:
    """The contract over the board: the flooded plain (or no trumps, all trumps) and a
    double's or redouble's multiplier."""
    st = scene.runner.state
    if st.trump is None or st.contract is None:
        return None
    tr = scene.app.tr
    if st.phase is Phase.BIDDING:
        # As the table says it while the auction is open: only proposed, and called by
        # a seat (nobody floods a plain, nobody is the taker yet).
        name = (tr(f"table.plain.{st.contract.plain}") if st.contract.plain is not None
                else tr(f"table.contract.{st.contract.code}"))
        if st.multiplier > 1:
            name += f" ×{st.multiplier}"
        who = (tr("table.called_by_you") if st.taker == 0 else
               tr("table.called_by", name=tr(f"table.seat.{st.taker}")))
        return tr("tutorial.contract", contract=name) + " · " + who
    if st.contract.plain is not None:
        text = tr("tutorial.flooded", plain=tr(f"table.plain.{st.contract.plain}"))
    else:
        text = tr("tutorial.contract", contract=tr(f"table.contract.{st.contract.code}"))
    return text + (f"  ×{st.multiplier}" if st.multiplier > 1 else "")


def contract_box(scene: TutorialScene) -> pygame.Rect | None:
    """The contract line over the board's top right, where it stands (None: no contract)."""
    text = scene.contract_line()
    if text is None:
        return None
    board, fp, _, _ = geometry(scene)
    r = pygame.Rect((0, 0), scene.font(fp - 2).size(text))
    r.topright = (board.right - fp, board.top + fp)
    return r


def auction_lines(scene: TutorialScene, mid: tuple[float, float], unit: int,
                  contract_head: bool = False) -> list[Line]:
    """The auction so far, centred on ``mid``: "The auction" (or, with ``contract_head``,
    the contract line), then each call and who made it, the last six."""
    st = scene.runner.state
    tr = scene.app.tr
    seat = st.dealer
    calls = []
    for a in st.bids:
        seat = st.next_seat(seat)
        calls.append(tr("tutorial.call", name=tr(f"table.seat.{seat}"), call=scene.call_said(a)))
    calls = calls[-6:] or [tr("tutorial.auction_open")]
    contract = scene.contract_line() if contract_head else None
    head = ((contract, unit - 1, BLUE, False) if contract is not None
            else (tr("tutorial.auction"), unit, GOLD, True))
    y = mid[1] - (len(calls) + 1) * unit * 0.7
    out: list[Line] = [(*head, (mid[0], y))]
    for call in calls:
        y += unit * 1.4
        out.append((call, unit - 1, CREAM, False, (mid[0], y)))
    return out


def turned_label(scene: TutorialScene, mid: tuple[float, float], card_w: int) -> Line:
    """"The turned card" under the turned card drawn ``card_w`` wide at ``mid``."""
    fp = scene.font_px()
    return (scene.app.tr("tutorial.turned"), fp - 2, CREAM, False,
            (mid[0], mid[1] + round(card_w * 1.5) / 2 + fp))


def middle_boxes(scene: TutorialScene, plan: Plan) -> list[pygame.Rect]:
    """Where the middle is drawn while bidding: the auction's lines, or the turned card
    and its line."""
    st = scene.runner.state
    if st.turned == NO_CARD:
        lines = auction_lines(scene, plan.mid, plan.unit, not plan.contract_top)
        return [box(scene, t, pos, size, bold) for t, size, _, bold, pos in lines]
    card = pygame.Rect(0, 0, plan.card_w, round(plan.card_w * 1.5))
    card.center = (round(plan.mid[0]), round(plan.mid[1]))
    t, size, _, bold, pos = turned_label(scene, plan.mid, plan.card_w)
    return [card, box(scene, t, pos, size, bold)]


def plan(scene: TutorialScene, buttons: list[pygame.Rect], compact: bool = False) -> Plan:
    """The board's plan with the bid buttons at ``buttons`` (none: the default one);
    ``compact``: the compact one (the buttons were made for it)."""
    board, fp, _, _ = geometry(scene)
    cw = middle_width(scene.app.size)  # the middle's cards keep their 100 % size
    ch = round(cw * 1.5)
    spots: dict[int, tuple[float, float]] = {
        1: (board.right - fp * 4, board.centery - ch * 0.3),
        2: (board.centerx, board.top + fp * 1.2),
        3: (board.left + fp * 4, board.centery - ch * 0.3)}
    default = Plan("default", spots, (board.centerx, board.centery - ch * 0.45), fp, cw, True)
    if scene.runner.state.phase is not Phase.BIDDING or not buttons:
        return default
    gap = round(fp * 0.3)
    limit = min(b.top for b in buttons) - gap  # everything above the rows
    if not compact:
        drawn = [seat_box(scene, s, spots[s]) for s in (1, 3)] + middle_boxes(scene, default)
        if not any(r.colliderect(b) for r in drawn for b in buttons):
            return default
        raised = _raised(scene, default, limit, gap)
        if raised is not None:
            return raised
    return _compact(scene, default, limit, gap)


def _raised(scene: TutorialScene, default: Plan, limit: int, gap: int) -> Plan | None:
    """The middle and the side seats moved up above ``limit``, as little as they must;
    None where they would then meet North, the contract line or each other."""
    spots = dict(default.spots)
    contract = contract_box(scene)
    north = seat_box(scene, 2, spots[2])
    if contract is not None and north.colliderect(contract.inflate(0, 4)):
        north.top = contract.bottom + 2  # as ``draw`` puts it: under the contract line
    middle = middle_boxes(scene, default)
    up = max(0, max(r.bottom for r in middle) - limit)
    if min(r.top for r in middle) - up < north.bottom + gap:
        return None
    for s in (1, 3):
        x, y = spots[s]
        spots[s] = (x, y - max(0, seat_box(scene, s, spots[s]).bottom - limit))
    raised = Plan("raised", spots, (default.mid[0], default.mid[1] - up), default.unit,
                  default.card_w, True)
    sides = [seat_box(scene, s, spots[s]) for s in (1, 3)]
    others = middle_boxes(scene, raised) + [north] + ([contract] if contract else [])
    # Two units apart sideways: "5 cards The turned card 5 cards" must not read as one line.
    fp = scene.font_px()
    if any(a.colliderect(b.inflate(4 * fp, 2 * gap)) for a in sides for b in others):
        return None
    return raised


def _compact(scene: TutorialScene, default: Plan, limit: int, gap: int) -> Plan:
    """East and West on North's row, the middle fitted between that row and ``limit``."""
    board, fp, _, _ = geometry(scene)
    cw = middle_width(scene.app.size)
    x2, y = default.spots[2]
    spots = {1: (default.spots[1][0], y), 2: (x2, y), 3: (default.spots[3][0], y)}
    top = max(seat_box(scene, s, spots[s]).bottom for s in spots) + gap
    room = max(0, limit - top)
    if scene.runner.state.turned != NO_CARD:  # the card as large as fits, its line under it
        label_h = scene.font(fp - 2).get_height()
        card_h = max(30, min(round(cw * 1.5), round(room - fp - label_h / 2)))
        card_w = round(card_h / 1.5)
        used = round(card_w * 1.5) + fp + label_h / 2
        mid_y = top + max(0.0, (room - used) / 2) + round(card_w * 1.5) / 2
        return Plan("compact", spots, (x2, mid_y), fp, card_w, False)
    least = scene.least_px(fp)
    unit = least
    for size in range(fp, least - 1, -1):
        probe = Plan("compact", spots, (x2, 0.0), size, cw, False)
        boxes = middle_boxes(scene, probe)
        height = max(r.bottom for r in boxes) - min(r.top for r in boxes)
        if height <= room and max(r.w for r in boxes) <= board.w - 2 * gap:
            unit = size
            break
    probe = Plan("compact", spots, (x2, 0.0), unit, cw, False)
    boxes = middle_boxes(scene, probe)
    height = max(r.bottom for r in boxes) - min(r.top for r in boxes)
    mid_y = top + max(0.0, (room - height) / 2) - min(r.top for r in boxes)
    return Plan("compact", spots, (x2, mid_y), unit, cw, False)


def draw_middle(scene: TutorialScene, surface: pygame.Surface, plan: Plan) -> None:
    """The middle while bidding: the auction so far (each call, who made it), or the turned
    card with its line."""
    st = scene.runner.state
    if st.turned == NO_CARD:
        lines = auction_lines(scene, plan.mid, plan.unit, not plan.contract_top)
    else:
        img = scene.images.face(st.turned, plan.card_w, False)
        surface.blit(img, (round(plan.mid[0] - plan.card_w / 2),
                           round(plan.mid[1] - round(plan.card_w * 1.5) / 2)))
        lines = [turned_label(scene, plan.mid, plan.card_w)]
    for text, size, colour, bold, pos in lines:
        scene.text(surface, text, pos, size, colour, bold)


def short_height(scene: TutorialScene) -> int:
    """The bid buttons' height in the compact plan: their label's line and as much again
    as margins (not the board's taller rows of 2.1 units)."""
    import pygame_gui

    from beloz.ui.widgets import button_id

    normal = round(scene.font_px() * 2.1)
    probe = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, normal), "",
                                         manager=scene.app.ui,
                                         object_id=button_id(scene.app.size))
    font = probe.font
    probe.kill()
    if font is None:
        return normal
    return min(normal, round(font.size("Ág")[1] * 1.6))


def trick_place(scene: TutorialScene, mid: tuple[float, float],
                seat_rects: dict[int, pygame.Rect], mine: pygame.Rect, cw: int
                ) -> tuple[int, tuple[float, float]]:
    """The expedition's cards' width and middle: as wide as the hand's (``cw``) where they
    fit between North's name and count and the person's line ``mine``, clear of the side
    seats' names, else narrower (large text: the hand took the room, 1920 x 1080 at
    200 %); North's card moved down under North's name by as much as the person's line
    leaves room for (North's plate goes under the contract at large text)."""
    fp = scene.font_px()
    gap = round(fp * 0.3)
    top, bottom = seat_rects[2].bottom + gap, mine.top - gap
    cx = mid[0]
    for tw in range(cw, 29, -1):
        th = round(tw * 1.5)
        down = top - (mid[1] - th * 1.05)
        room = bottom - (mid[1] + th * 1.05)
        y = mid[1] + max(0.0, min(down, room))
        if y - th * 1.05 < top - 2 or y + th * 1.05 > bottom + 2:  # rounding
            continue
        sides = [pygame.Rect(0, 0, tw, th).move_to(center=(round(cx + dx * tw * 1.7),
                                                           round(y))) for dx in (0.75, -0.75)]
        if not any(r.colliderect(seat_rects[s]) for r, s in zip(sides, (1, 3), strict=True)):
            return tw, (cx, y)
    th = round(cw * 1.5)  # no room at all: as it always was
    down = top - (mid[1] - th * 1.05)
    return cw, (cx, mid[1] + max(0.0, min(down, bottom - (mid[1] + th * 1.05))))


def draw_trick(scene: TutorialScene, surface: pygame.Surface, mid: tuple[float, float],
               seat_rects: dict[int, pygame.Rect], mine: pygame.Rect, cw: int
               ) -> list[pygame.Rect]:
    """The expedition on the table (the last one until the next card), each card on its
    seat's side (``trick_place``), the master's framed; where its cards were drawn."""
    st = scene.runner.state
    tw, mid = trick_place(scene, mid, seat_rects, mine, cw)
    th = round(tw * 1.5)
    cards = tuple(st.trick) or scene.last_trick
    leader = st.leader if st.trick else (st.tricks[-1].leader if st.tricks else 0)
    places = [(leader + st.ruleset.direction * i) % 4 for i in range(len(cards))]
    # Apart: North's and the person's cards a tenth of a card from each other.
    return draw_expedition(scene, surface, cards, places, st.trump, mid, (tw, th), (1.7, 1.0))
