"""Practice's board, its right-hand column (beside the hand so far): the expedition's number
(or "The auction") and the contract at the top right, the others' names and card counts
around the expedition so far, or the turned card and the bids.

The column is drawn at the unit ``fp`` where it has the room; with a large text size, where
its texts would run out of it, into each other or over its cards, at the largest unit that
fits (measured on a scratch surface), never under its 100 % size (a seat's name too wide
for half the column goes on two lines, "Amani" over "(partner)"); and where even that has
not the room (an auction in a column shortened by the calls' buttons), the bids stand under
the names, the latest that fit (the hand so far beside it says them all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from beloz.rules.state import NO_CARD, Phase, SeatView
from beloz.ui import drawn
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.scenes.board import below, draw_expedition
from beloz.ui.scenes.table.texts import bid_said

if TYPE_CHECKING:
    from beloz.ui.scenes.practice import PracticeScene


def contract_line(scene: PracticeScene, v: SeatView) -> str | None:
    """"Flooded plain: North" (× the multiplier), None during the bidding (the bids say what
    stands)."""
    if v.phase is not Phase.PLAY or v.trump is None or v.contract is None:
        return None
    tr = scene.app.tr
    if v.contract.plain is not None:
        text = tr("tutorial.flooded", plain=tr(f"table.plain.{v.contract.plain}"))
    else:
        text = tr("tutorial.contract", contract=tr(f"table.contract.{v.contract.code}"))
    return text + (f"  ×{v.multiplier}" if v.multiplier > 1 else "")


def _fitted(scene: PracticeScene, text: str, size: int, least: int, width: int,
            bold: bool = False) -> int:
    """``size``, or smaller down to ``least``, until ``text`` is no wider than ``width``."""
    while size > least and scene.font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def name_lines(scene: PracticeScene, pieces: list[tuple[str, str]], size: int, least: int,
               width: int) -> tuple[int, list[str]]:
    """A seat's name and what follows it ("(partner)", "· Taker": each piece with the
    separator before it) in lines no wider than ``width``: on one line at ``size`` where it
    fits, else cut between the pieces (a line that begins with a piece drops its
    separator), at the largest size from ``size`` down to ``least`` (its 100 % size) at
    which every line fits; never under ``least``, cut at every piece there."""
    for px in range(size, least - 1, -1):
        font = scene.font(px, True)
        lines = [pieces[0][1]]
        for sep, piece in pieces[1:]:
            joined = lines[-1] + sep + piece
            if font.size(joined)[0] <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
        if all(font.size(line)[0] <= width for line in lines) or px == least:
            return px, lines
    return size, [pieces[0][1]]  # size < least: not asked


def _fits(texts: list[pygame.Rect], cards: list[pygame.Rect], table: pygame.Rect) -> bool:
    """Every text and card inside the column, each text clear of the others and of the
    cards."""
    room = table.inflate(2 * drawn.SLACK, 2 * drawn.SLACK)
    if not all(room.contains(r) for r in texts + cards):
        return False
    for i, a in enumerate(texts):
        for b in texts[i + 1:] + cards:
            c = a.clip(b)
            if c.w > drawn.SLACK and c.h > drawn.SLACK:
                return False
    return True


def draw_column(scene: PracticeScene, surface: pygame.Surface, table: pygame.Rect, fp: int,
                cw: int, v: SeatView) -> None:
    """The column ``table`` (the hand so far's height) at the largest unit from ``fp`` down
    to its 100 % size at which it fits, else stacked at that size (module docstring)."""
    least = scene.least_px(fp)
    if least < fp:
        scratch = pygame.Surface(surface.get_size())
        for unit in range(fp, least - 1, -1):
            if _fits(*_column(scene, scratch, table, unit, least, cw, v), table):
                break
        else:
            if v.phase is Phase.BIDDING:
                for keep in range(6, 0, -1):
                    if _fits(*_column(scene, scratch, table, least, least, cw, v, keep), table):
                        _column(scene, surface, table, least, least, cw, v, keep)
                        return
                _column(scene, surface, table, least, least, cw, v, 0)
                return
            unit = least
    else:
        unit = fp
    _column(scene, surface, table, unit, least, cw, v)


def _column(scene: PracticeScene, surface: pygame.Surface, table: pygame.Rect, fp: int,
            least: int, cw: int, v: SeatView, stacked: int | None = None
            ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The column drawn at the unit ``fp`` (its lines no smaller than ``least``'s); with
    ``stacked``, the bids under the names, the latest ``stacked`` of them (0: none).  The
    texts' and the cards' rectangles."""
    tr = scene.app.tr
    playing = v.phase is Phase.PLAY  # the taker is known once the bidding is over
    # The expedition's cards: no wider than the room beside the history allows.
    tw = min(cw, round(table.w / 4.2))
    th = round(tw * 1.5)
    mid = (table.centerx, table.top + table.h * 0.55)
    side_y = max(mid[1] - th / 2 - fp * 2.6, table.top + fp * 6.4)  # under the partner
    if stacked is not None:
        side_y = table.top + fp * 6.4
    contract = contract_line(scene, v)
    # The expedition's number and the contract at the top right, then the seats' names
    # and card counts, each pushed down below what it would meet (large text).
    head = (tr("practice.expedition", n=len(v.tricks) + 1) if playing
            else tr("tutorial.auction"))
    taken = [scene.text(surface, head, (table.right, table.top + fp * 1.2),
                        _fitted(scene, head, fp - 2, least - 2, table.w), DIM,
                        anchor="topright")]
    if contract is not None:
        size = _fitted(scene, contract, fp - 2, least - 2, table.w)
        cs = scene.font(size).size(contract)
        top = below(pygame.Rect(table.right - cs[0], table.top + fp * 2.6, *cs), taken).top
        taken.append(scene.text(surface, contract, (table.right, top), size,
                                (140, 200, 240), anchor="topright"))
    texts = list(taken)
    spots = {2: (table.centerx, table.top + fp * 4.1),
             3: (table.left + fp * 3.2, side_y),
             1: (table.right - fp * 3.2, side_y)}
    sides_bottom = 0
    for rel, (sx, sy) in spots.items():
        seat = (v.seat + rel) % 4
        pieces = [("", tr(f"table.seat.{rel}"))]
        if rel == 2:
            pieces.append((" ", tr("practice.partner")))
        if playing and seat == v.taker:
            pieces.append((" · ", tr("table.taker")))
        size, lines = name_lines(scene, pieces, fp - 1, least - 1, round(table.w * 0.48))
        font = scene.font(size, True)
        half = max(font.size(line)[0] for line in lines) / 2 + 2  # clear of the history
        sx = min(max(sx, table.left + half), table.right - half)
        count = tr("tutorial.cards_left", count=v.hand_sizes[seat])
        name_h = font.get_height()
        step = font.get_linesize()  # a wrapped name's lines, one under the other
        extra = step * (len(lines) - 1)
        count_w, count_h = scene.font(fp - 3).size(count)
        # Half a unit of room at either side: two side seats' plates closer than that read
        # as one ("Taker 6 cards"), and go under each other instead.
        plate = pygame.Rect(0, 0, max(2 * half, count_w) + fp,
                            fp * 1.2 + extra + (name_h + count_h) / 2)
        plate.midtop = (round(sx), round(sy - name_h / 2))
        # Under the contract's line where they would meet (2560 x 1440: "Amani
        # (partner)" was drawn over "Flooded plain: North"), under each other where the
        # side seats' names are too wide to stand side by side.
        sy += below(plate, taken).top - plate.top
        taken.append(below(plate, taken))
        for i, line in enumerate(lines):
            texts.append(scene.text(surface, line, (sx, sy + i * step), size, CREAM, True))
        texts.append(scene.text(surface, count, (sx, sy + extra + fp * 1.2), fp - 3, DIM))
        if rel != 2:
            sides_bottom = max(sides_bottom, taken[-1].bottom)
    # The expedition's cards below the side seats' names where these went down.
    mid = (mid[0], max(mid[1], sides_bottom + fp * 0.3 + th / 2))
    cards: list[pygame.Rect] = []
    if v.phase is Phase.BIDDING:
        if stacked != 0:
            _bids(scene, surface, mid, fp, tw, th, v, texts, cards, stacked, sides_bottom,
                  table)
        return texts, cards
    places = [(v.leader + v.ruleset.direction * i - v.seat) % 4 for i in range(len(v.trick))]
    cards += draw_expedition(scene, surface, v.trick, places, v.trump, mid, (tw, th), (1.5, 0.8))
    return texts, cards


def _bids(scene: PracticeScene, surface: pygame.Surface, mid: tuple[float, float], fp: int,
          cw: int, ch: int, v: SeatView, texts: list[pygame.Rect], cards: list[pygame.Rect],
          stacked: int | None, sides_bottom: int, table: pygame.Rect) -> None:
    """The bidding so far: the turned card (if any) and who said what (the latest
    ``stacked``, under the names from ``sides_bottom`` down, the card at the column's left,
    when given)."""
    tr = scene.app.tr
    seat = v.dealer
    said = []
    for a in v.bids:
        seat = (seat + v.ruleset.direction) % 4
        said.append(tr("tutorial.call", name=scene.seat_name(seat), call=bid_said(a, tr)))
    said = said[-(stacked or 6):] or [tr("tutorial.auction_open")]
    turned = v.turned != NO_CARD
    x = mid[0] + (cw * 0.4 if turned else 0)
    wide = max(scene.font(fp, True).size(tr("tutorial.auction"))[0],
               *(scene.font(fp - 1).size(line)[0] for line in said))
    y = mid[1] - (len(said) + 1) * fp * 0.7
    if stacked is not None:  # under the names, the card at the left
        y = sides_bottom + fp * 0.3 + scene.font(fp, True).get_height() / 2
        mid = (table.left + cw * 1.6 if turned else mid[0],
               y + (len(said) + 1) * fp * 0.7)
        x = table.centerx
        if turned:
            x = max(x, mid[0] - cw * 0.6 + fp * 0.6 + wide / 2)
    elif turned:  # centred, but clear of the turned card ("Nobody has called")
        x = max(x, mid[0] - cw * 0.6 + fp * 0.6 + wide / 2)
    if turned:
        pos = (round(mid[0] - cw * 1.6), round(mid[1] - ch / 2))
        surface.blit(scene.images.face(v.turned, cw, False), pos)
        cards.append(pygame.Rect(pos, (cw, ch)))
    texts.append(scene.text(surface, tr("tutorial.auction"), (x, y), fp, GOLD, True))
    for line in said:
        y += fp * 1.4
        texts.append(scene.text(surface, line, (x, y), fp - 1, CREAM))
