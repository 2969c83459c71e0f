"""« Show me how » in pages, where large text leaves all eight expeditions no room.

At 100 % each line's panel shows its eight expeditions (two columns of four).  At a larger
text size the writing grows (issue 47) and the expeditions' cells with it (each seat's name
over its card): where the eight no longer fit with their cards at least as wide as at 100 %
in this window, the panels show four of them (two by two, or one under another), else two,
before the writing is made any smaller (``choose``).  A player with tired eyes reads the
hand a page at a time in their own text size; the two lines stay side by side, expedition
against expedition.

The arrows step through the page's cards as before (« ← → a card's name ») and, past the
page's last card (or before its first), turn the page; Home and End go to the first and the
last page.  The review's step buttons, hidden while the two lines are one page, turn the
pages (a mouse reaches every expedition too).  Up, Down and the rest do what they did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from beloz.ui import card_caption, textsize

if TYPE_CHECKING:
    from beloz.ui.scenes.review import ReviewScene
    from beloz.ui.scenes.review_show import Plan

#: The pages the expeditions may be shown in, best first: how many to a page, how many
#: side by side.
PAGES = ((8, 2), (4, 2), (4, 1), (2, 2), (2, 1))


def choose(scene: ReviewScene, found: Any, fp: int, size: tuple[int, int]) -> Plan:
    """The plan « Show me how » is drawn in: at the largest unit from ``fp`` down to its
    100 % size, the first page of ``PAGES`` whose cards are at least as wide as the 100 %
    page's (all eight, at 100 %) in this window; all eight at the 100 % size where none
    is.  Kept for the hand, the window and the text size."""
    from beloz.ui.scenes.review_show import card_width, plan

    least = max(textsize.MIN_PX, round(fp / textsize.factor()))
    if found is None or fp <= least:
        return plan(scene, found, fp, size)
    key = (id(found), size, fp, textsize.factor(), scene.app.tr("watch.dup.yours"))
    kept = getattr(scene, "_show_plan", None)
    if kept is not None and kept[0] == key:
        return kept[1]
    need = card_width(scene, plan(scene, found, least, size, least)) or 0
    chosen = plan(scene, found, least, size)
    for unit in range(fp, least, -1):
        options = (plan(scene, found, unit, size, count=n, across=a) for n, a in PAGES)
        best = next((p for p in options if (card_width(scene, p) or -1) >= need), None)
        if best is not None:
            chosen = best
            break
    scene._show_plan = (key, chosen)
    return chosen


def pages(scene: ReviewScene) -> int:
    """How many pages the expeditions are shown in (1: all eight at once)."""
    return int(getattr(scene, "show_pages", 1))


def first(scene: ReviewScene, count: int) -> int:
    """The first expedition (1-based) on the page on show, ``count`` to a page; the page
    brought into range (a smaller text size: fewer pages)."""
    n = -(-8 // count)
    scene.show_page = max(0, min(n - 1, int(getattr(scene, "show_page", 0))))
    if n != pages(scene):
        scene.show_pages = n
        buttons(scene)
    return scene.show_page * count + 1


def turn(scene: ReviewScene, d: int) -> None:
    """The page ``d`` pages on (round the end); the keys' card forgotten."""
    n = pages(scene)
    if n > 1:
        scene.show_page = (int(getattr(scene, "show_page", 0)) + d) % n
        scene.key_index = None


def key(scene: ReviewScene, k: int) -> None:
    """Left / Right: the card ``d`` on (``card_caption.step``), on the next or the previous
    page past the page's ends; Home / End: the first or the last page."""
    n = pages(scene)
    if k in (pygame.K_HOME, pygame.K_END):
        if n > 1:
            scene.show_page = 0 if k == pygame.K_HOME else n - 1
            scene.key_index = None
        return
    d = 1 if k == pygame.K_RIGHT else -1
    spots, i = len(scene.card_spots), scene.key_index
    if n > 1 and spots and i is not None and i == (spots - 1 if d > 0 else 0):
        scene.show_page = (int(getattr(scene, "show_page", 0)) + d) % n
        scene.key_index = 0 if d > 0 else spots - 1  # the page's first or last card
        return
    card_caption.step(scene, d)


def buttons(scene: ReviewScene) -> None:
    """The step buttons on the hand's pages, and on « Show me how »'s where it has more
    than one; the « Show me how » button says where it leads."""
    if "show" in scene.buttons:
        scene.buttons["show"].set_text(scene.app.tr(
            "watch.dup.back" if scene.showing else "watch.dup.button"))
    for name in ("prev", "next"):
        if name in scene.buttons:
            if scene.showing and pages(scene) <= 1:
                scene.buttons[name].hide()
            else:
                scene.buttons[name].show()
