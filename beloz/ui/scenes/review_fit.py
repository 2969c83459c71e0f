"""Where the review's deal page goes at a large text size: its cards first (issue 47).

At 200 % the review's title, seat names, summary and keys' line took the board's height
and its cards fell from 103 px to 53 at 1920 x 1080 (no name, no points on the face).  The
board's cards now keep at least the width they have at 100 % in the same window: the page's
own writing (title, seats' names, the expedition's labels, the summary and the keys) comes
down as far as the cards need, never under its 100 % size; the panel's sentences, the
caption and the buttons keep the text size (the buttons a little lower than before, their
labels whole).  At 100 % nothing moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from beloz.ui import textsize
from beloz.ui.scenes import review_panel
from beloz.ui.scenes.review_layout import BoardLayout, board_layout

if TYPE_CHECKING:
    from beloz.ui.scenes.review import ReviewScene


@dataclass(frozen=True)
class Page:
    """The deal page at a writing unit ``unit`` (the buttons and the panel at ``fp``)."""

    unit: int
    board: pygame.Rect
    panel: pygame.Rect
    summary: list[str]
    keys: list[str]
    extra: int  # the summary's and keys' lines after the first
    buttons_top: int
    lay: BoardLayout


def button_height(fp: int) -> float:
    """The review's buttons: 2.2 units at 100 %, at a larger size 1.6 of the unit (its
    labels whole) but never lower than at 100 %."""
    if textsize.factor() <= 1:
        return fp * 2.2
    return max(max(textsize.MIN_PX, round(fp / textsize.factor())) * 2.2, fp * 1.6)


def button_margin(fp: int) -> float:
    """Under the buttons: 0.8 of the 100 % unit (the window's edge needs no more room at
    a larger text size)."""
    return max(textsize.MIN_PX, round(fp / textsize.factor())) * 0.8 if textsize.factor() > 1 \
        else fp * 0.8


def page(scene: ReviewScene, size: tuple[int, int], unit: int, fp: int,
         bh: float | None = None) -> Page:
    """The board, panel and footer of a window of ``size`` with the page's writing at
    ``unit``, the buttons at ``fp`` (``bh`` high: ``button_height`` unless given).  With
    ``unit == fp`` at 100 %, the review's page as it always was."""
    w, h = size
    bh = button_height(fp) if bh is None else bh
    buttons_top = h - round(bh) - round(button_margin(fp))
    margin = round(w * 0.015)
    split = round(w * 0.69)
    summary, keys, extra = review_panel.footer(scene, w - 2 * margin, unit)
    bottom = h - round(bh + button_margin(fp) + unit * 3.4) - extra
    board = pygame.Rect(margin, round(unit * 2.7), split - 2 * margin,
                        bottom - round(unit * 2.7))
    panel = pygame.Rect(split, round(unit * 3), w - split - margin, bottom - round(unit * 3))
    return Page(unit, board, panel, summary, keys, extra, buttons_top,
                board_layout(board, unit))


def least_width(scene: ReviewScene, size: tuple[int, int], fp: int) -> int:
    """The cards' width on the deal page at 100 % in a window of ``size``."""
    least = max(textsize.MIN_PX, round(fp / textsize.factor()))
    return page(scene, size, least, least, least * 2.2).lay.cw


def choose(scene: ReviewScene, size: tuple[int, int], fp: int) -> Page:
    """The deal page with its writing as large as leaves its cards at least their 100 %
    width (the 100 % unit where none does)."""
    least = max(textsize.MIN_PX, round(fp / textsize.factor()))
    if fp <= least:
        return page(scene, size, fp, fp)
    need = least_width(scene, size, fp)
    for unit in range(fp, least, -1):
        p = page(scene, size, unit, fp)
        if p.lay.cw >= need:
            return p
    return page(scene, size, least, fp)
