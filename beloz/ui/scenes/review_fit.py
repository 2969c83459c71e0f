"""Where the review's deal page goes at a large text size: its writing grows, its cards
keep their 100 % width (issue 47).

At 200 % the review's title, seat names, summary and keys' line took the board's height
and its cards fell from 103 px to 53 at 1920 x 1080.  At a large text size the page gives
the board the height its text took: the title goes over the panel, on the right (on two
lines where one is too wide), the board starts at the window's top, North's and South's
names stand left of their rows (``board_layout``'s ``beside``).  The page's writing is then
as large as leaves the cards at least the width they have at 100 % in the same window
(42 px at 200 % in 1920 x 1080 against 23 at 100 %, where it came back to 28 before),
never under its 100 % size; the panel's sentences, the caption and the buttons keep the
text size.  At 100 % nothing moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from beloz.ui import textsize
from beloz.ui.scenes import review_board, review_panel
from beloz.ui.scenes.review_layout import BoardLayout, board_layout
from beloz.ui.widgets import wrap

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
    #: The page's title: its lines, their size, and the middle of the first line (over the
    #: board at 100 %, over the panel at a large text size).
    title: tuple[str, ...] = ()
    title_px: int = 0
    title_at: tuple[int, int] = (0, 0)


def title_words(scene: ReviewScene) -> tuple[str, str]:
    """"Review of hand 1", "expedition 2" (or "the deal and the bids")."""
    tr = scene.app.tr
    page = (tr("teach.review_deal") if scene.page == 0
            else tr("teach.review_expedition", n=scene.page))
    return tr("teach.review_title", n=scene.entry.number), page


def title_lines(scene: ReviewScene, size: int, least: int, room: int
                ) -> tuple[int, list[str]]:
    """The title in ``room`` px across: on one line, else the hand on one and the page on
    the next, at ``size`` or as much smaller (not under ``least``) as that takes; wrapped
    at ``least`` where even that is too wide."""
    head, page_words = title_words(scene)
    two = [head, page_words[:1].upper() + page_words[1:]]
    for px in range(size, least - 1, -1):
        font = scene.app.art.font_px(px, bold=True)
        if font.size(f"{head}  —  {page_words}")[0] <= room:
            return px, [f"{head}  —  {page_words}"]
        if all(font.size(t)[0] <= room for t in two):
            return px, two
    font = scene.app.art.font_px(least, bold=True)
    return least, [piece for t in two for piece in wrap(font, t, room)]


def least_unit(fp: int) -> int:
    """The unit ``fp`` as it is at 100 % (never under the least text size)."""
    return max(textsize.MIN_PX, round(fp / textsize.factor()))


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
    head, page_words = title_words(scene)
    whole = f"{head}  —  {page_words}"
    if textsize.factor() <= 1:  # the title over the page, the board and panel under it
        board = pygame.Rect(margin, round(unit * 2.7), split - 2 * margin,
                            bottom - round(unit * 2.7))
        panel = pygame.Rect(split, round(unit * 3), w - split - margin,
                            bottom - round(unit * 3))
        return Page(unit, board, panel, summary, keys, extra, buttons_top,
                    board_layout(board, unit), (whole,), unit + 6,
                    (w // 2, round(unit * 1.4)))
    # A large text size: the board from the window's top, its cards the room the title
    # took; the title over the panel (on two lines where one is too wide), North's and
    # South's names beside their rows.
    room = w - split - margin
    size_px, lines = title_lines(scene, unit + round(6 * unit / least_unit(fp)), unit, room)
    font = scene.app.art.font_px(size_px, bold=True)
    step = font.get_linesize()
    top = round(unit * 0.6)
    panel_top = top + len(lines) * step + round(unit * 0.5)
    board = pygame.Rect(margin, top, split - 2 * margin, bottom - top)
    panel = pygame.Rect(split, panel_top, room, bottom - panel_top)
    return Page(unit, board, panel, summary, keys, extra, buttons_top,
                board_layout(board, unit, review_board.beside(scene, unit)), tuple(lines),
                size_px, (panel.centerx, top + step // 2))


def least_width(scene: ReviewScene, size: tuple[int, int], fp: int) -> int:
    """The cards' width on the deal page at 100 % in a window of ``size``."""
    least = least_unit(fp)
    return page(scene, size, least, least, least * 2.2).lay.cw


def choose(scene: ReviewScene, size: tuple[int, int], fp: int) -> Page:
    """The deal page with its writing as large as leaves its cards at least their 100 %
    width (the 100 % unit where none does)."""
    least = least_unit(fp)
    if fp <= least:
        return page(scene, size, fp, fp)
    need = least_width(scene, size, fp)
    for unit in range(fp, least, -1):
        p = page(scene, size, unit, fp)
        if p.lay.cw >= need:
            return p
    return page(scene, size, least, fp)
