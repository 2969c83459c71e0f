"""What a frame drew where, for the screenshot sweep (``tools/sweep.py``, the layout tests).

The drawing helpers (the table's painter, the review's and the tutorial's text) report each
text and panel they draw with its rectangle, only while ``recording()`` is on: the checks
then compare rectangles (a text crossing the edge of a panel, two texts or two panels on top
of each other, a widget over a panel's corner, a widget's label wider than the widget)
instead of guessing from pixels.  Off, ``record`` costs one test of a flag.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

_on = False
_drawn: list[Drawn] = []


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: ``kind`` is "text", "panel" or "widget"; ``label`` its text."""

    kind: str
    rect: pygame.Rect
    label: str = ""
    #: The width the text's own box gives it (a widget's inside), when there is one.
    room: int | None = None


def record(surface: pygame.Surface, kind: str, rect: pygame.Rect, label: str = "",
           room: int | None = None) -> None:
    """``rect`` drawn on ``surface``: kept when it is the window's (a card's face drawn on
    its own image is not the window's layout)."""
    if _on and surface is pygame.display.get_surface():
        _drawn.append(Drawn(kind, pygame.Rect(rect), label, room))


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record what is drawn inside the block: the list fills as the frame is drawn."""
    global _on
    _drawn.clear()
    before, _on = _on, True
    try:
        yield _drawn
    finally:
        _on = before


# -- the checks -------------------------------------------------------------------------------

#: Pixels two rectangles may share before they count as on top of each other: a font's line
#: box is taller than its letters, so lines set close touch by a pixel or two.
SLACK = 3


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w > SLACK and c.h > SLACK


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def widgets(ui: Any) -> list[Drawn]:
    """The visible pygame_gui elements that show something (buttons, labels, lists...), with
    their labels' width against their inside; containers and windows are left out (they hold
    the others), and so are the drop-down's and the scroll bar's inner parts."""
    out: list[Drawn] = []
    if ui is None:
        return out
    for el in ui.get_sprite_group().sprites():
        if not getattr(el, "visible", True) or not el.rect.w or not el.rect.h:
            continue
        ids = getattr(el, "object_ids", None) or []
        if any(("container" in i or "window" in i or "scroll" in i or "#drop_down_options"
                in i or "selection_list" in i) for i in ids if i):
            continue
        element_ids = getattr(el, "element_ids", None) or []
        if element_ids and element_ids[0] in ("root_container",):
            continue
        if len(element_ids) > 1:  # a part of another element (a drop-down's button...)
            continue
        text = getattr(el, "text", "") or ""
        room = None
        font = getattr(el, "font", None)
        width = None
        if text and font is not None and hasattr(font, "size"):
            try:
                width = font.size(text)[0]
            except (pygame.error, TypeError):
                width = None
        if width is not None:
            # A button's border and least padding; a label has neither.
            room = el.rect.w - (0 if element_ids == ["label"] else 8)
            if width > room:
                out.append(Drawn("overflow", pygame.Rect(el.rect), text, room))
        rect = pygame.Rect(el.rect)
        if width is not None and element_ids == ["label"]:
            # A label draws its text only: the rest of its box is see-through.
            align = getattr(el, "text_horiz_alignment", "center")
            pad = getattr(el, "text_horiz_alignment_padding", 0) or 0
            ink = pygame.Rect(0, rect.y, min(rect.w, width + 2 * pad), rect.h)
            if align == "left":
                ink.left = rect.left
            elif align == "right":
                ink.right = rect.right
            else:
                ink.centerx = rect.centerx
            rect = ink
        out.append(Drawn("widget", rect, str(text), room))
    return out


def problems(items: list[Drawn], size: tuple[int, int]) -> list[str]:
    """What is wrong with a frame's layout, said in words (empty when all is well):

    - a text or a widget outside the window;
    - a text wider than the room its box gives it (a widget's label, a line with its width);
    - a text or a widget crossing the edge of a panel (partly in, partly out);
    - two texts, or two panels, or two widgets, on top of each other (neither inside the
      other).
    """
    window = pygame.Rect(0, 0, *size)
    out: list[str] = []
    texts = [d for d in items if d.kind == "text"]
    panels = [d for d in items if d.kind == "panel"]
    boxes = [d for d in items if d.kind == "widget"]
    for d in items:
        if d.kind == "overflow" or (d.kind == "text" and d.room is not None
                                    and d.rect.w > d.room + SLACK):
            out.append(f"text wider than its box ({d.rect.w} > {d.room} px): {d.label!r}")
        elif d.kind in ("text", "widget") and not _inside(d.rect, window):
            out.append(f"{d.kind} out of the window at {tuple(d.rect)}: {d.label!r}")
    for d in texts + boxes:
        for p in panels:
            if _overlap(d.rect, p.rect) and not _inside(d.rect, p.rect) \
                    and not _inside(p.rect, d.rect):
                out.append(f"{d.kind} {d.label!r} at {tuple(d.rect)} crosses the edge of "
                           f"the panel at {tuple(p.rect)}")
    for group in (texts, panels, boxes):
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if a.rect == b.rect and a.label == b.label:
                    continue  # the same thing drawn twice
                if _overlap(a.rect, b.rect) and not (
                        a.kind == "panel" and (_inside(a.rect, b.rect)
                                               or _inside(b.rect, a.rect))):
                    out.append(f"{a.kind}s on top of each other: {a.label!r} at "
                               f"{tuple(a.rect)} and {b.label!r} at {tuple(b.rect)}")
    for d in texts:
        for w in boxes:
            if _overlap(d.rect, w.rect) and not _inside(d.rect, w.rect):
                out.append(f"text {d.label!r} at {tuple(d.rect)} under the widget "
                           f"{w.label!r} at {tuple(w.rect)}")
    return out
