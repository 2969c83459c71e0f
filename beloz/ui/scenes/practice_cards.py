"""Practice's hand: how wide its cards are, where the hand's part of the board begins, and
the hand so far above it.

At 100 % the cards are the table's (a quarter larger in a large window).  With a larger
text size they grow too (issue 47), half as fast as the text (1.5 times as wide at 200 %),
as far as the board has the room:

- across, the cards held overlap no more than the table fans its hand (nine tenths of
  each card shows under the next one: its number, emblem, name, animal and points);
- down, the hand so far above the hand keeps most of the text size it has beside 100 %
  cards (``KEEP``): the cards grow only while it still fits at that size (it draws its
  writing smaller, down to its 100 % size, where even 100 % cards leave it short of room);
  the cards are what the player reads and chooses from, the hand so far is read once.

So a problem with six cards has larger cards than one with eight, and one early in the
hand than one at its sixth expedition, in the same window (1920 x 1080 at 200 %: 185 px
with six cards at the third expedition, 145 with eight as at 100 %: the right-hand panel
takes two fifths of the window there for its writing).  A bid or call problem keeps its
100 % cards: the calls' rows stand above the hand too.  The card size is settled before
the buttons are built (``build`` puts the calls above ``hand_top``) and only depends on the
window, the text size and the problem on show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from beloz.ui import textsize

if TYPE_CHECKING:
    from beloz.ui.scenes.practice import PracticeScene

#: How much of a card shows under the next one, at least, where large text grows them.
SHOWN = 0.9
#: How much of the text size the hand so far has beside 100 % cards it keeps, at least,
#: beside grown ones (never under its 100 % size).
KEEP = 0.85


def base_width(size: tuple[int, int]) -> int:
    """The cards' width at 100 %: as at the table, and up to a quarter larger in a large
    window (1920 px wide), where the board has the room."""
    w, h = size
    grow = 1 + 0.25 * max(0.0, min(1.0, (min(w / 1280, h / 800) - 1) / 0.35))
    return max(44, round(min(w / 1280, h / 800) * 86 * grow))


def card_size(scene: PracticeScene) -> tuple[int, int]:
    """The hand's cards' width and height (the module's docstring); kept for the problem
    on show in this window and text size."""
    v, p = scene.view, scene.problem
    key = (scene.app.size, textsize.factor(), id(v), id(p), scene.split())
    kept = scene._card_size
    if kept is not None and kept[0] == key:
        return kept[1]
    cw = base = base_width(scene.app.size)
    grown = round(cw * (1 + 0.5 * max(0.0, textsize.factor() - 1)))
    if grown > cw and v is not None and p is not None and p.kind == "card":
        board, fp = scene.board_rect(), scene.font_px()
        held = max(1, bin(v.hand).count("1"))
        cw = max(base, min(grown, int((board.w - fp) / (1 + SHOWN * (held - 1)))))
        unit = history_unit(scene, board, fp, round(base * 1.5))
        if unit is not None:  # the hand so far keeps most of its size (``KEEP``)
            unit = max(scene.least_px(fp), round(unit * KEEP))
        while cw > base and (unit is None or history_unit(
                scene, board, fp, round(cw * 1.5), unit) != unit):
            cw = max(base, cw - 3)
    scene._card_size = (key, (cw, round(cw * 1.5)))
    return cw, round(cw * 1.5)


def hand_top(scene: PracticeScene, board: pygame.Rect, fp: int, ch: int | None = None) -> int:
    """Where the hand's part of ``board`` begins (its line "Your turn", its cards ``ch``
    high: ``card_size``'s unless given)."""
    ch = card_size(scene)[1] if ch is None else ch
    return board.bottom - ch - round(fp * 0.6) - round(ch * 0.2) - round(fp * 1.9)


def history_rect(scene: PracticeScene, board: pygame.Rect, fp: int, ch: int | None = None
                 ) -> pygame.Rect:
    """The hand so far: the board's left part, above the hand (its cards ``ch`` high) and
    the calls to choose from (``calls_top``)."""
    top = board.top + round(fp * 0.6)
    bottom = hand_top(scene, board, fp, ch)
    if scene.calls_top is not None:
        bottom = min(bottom, scene.calls_top - round(fp * 0.6))
    width = round(board.w * (0.5 if board.w < 900 else 0.55 if board.w > 1100 else 0.46))
    # At a large text size the calls may leave less: it is drawn smaller there.
    return pygame.Rect(board.left + round(fp * 0.6), top, width,
                       max(scene.least_px(fp) * 4, bottom - top))


def history_unit(scene: PracticeScene, board: pygame.Rect, fp: int, ch: int,
                 at: int | None = None) -> int | None:
    """The text unit the hand so far is drawn at above cards ``ch`` high (``draw_history``:
    the largest from ``fp`` down to its 100 % size at which it fits), None where none fits;
    with ``at``, only whether it fits at ``at`` (``at``, else None)."""
    from beloz.ui import history_view as hv

    assert scene.view is not None
    rect = history_rect(scene, board, fp, ch)
    history, measure = hv.history_of(scene.view), hv.measure_with(scene.font)
    units = [at] if at is not None else range(fp, scene.least_px(fp) - 1, -1)
    for unit in units:
        if hv.plan(history, rect, unit, scene.app.tr, measure, scene.seat_name).fits:
            return unit
    return None
