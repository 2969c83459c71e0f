"""Rectangle checks on a scene's pygame_gui widgets: every text inside its widget, no two
widgets on top of each other.  Shared by the tests of the shell's screens."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pygame_gui


def _edges(button: Any) -> int:
    """The border and shadow of a button, on one side."""
    border = button.border_width
    if isinstance(border, dict):
        border = max(border.values())
    return int(border) + int(button.shadow_width)


def _button_problems(button: Any, name: str) -> list[str]:
    text = button.text
    if not text:
        return []
    width, height = button.font.size(text)
    inner = button.rect.inflate(-2 * _edges(button), -2 * _edges(button))
    pad = int(getattr(button, "text_horiz_alignment_padding", 0) or 0)
    out = []
    if width + 2 * pad > inner.w:
        out.append(f"{name} {text!r}: {width} px of text and {2 * pad} of padding in "
                   f"{inner.w}")
    if height > inner.h:
        out.append(f"{name} {text!r}: {height} px high in {inner.h}")
    return out


def text_problems(element: Any) -> list[str]:
    """What of the element's text does not fit in it."""
    if isinstance(element, pygame_gui.elements.UIDropDownMenu):
        button = getattr(element.current_state, "selected_option_button", None)
        return _button_problems(button, "drop-down") if button is not None else []
    if isinstance(element, pygame_gui.elements.UIButton):
        return _button_problems(element, "button")
    if isinstance(element, pygame_gui.elements.UILabel):
        width, height = element.font.size(element.text)
        if width > element.rect.w or height > element.rect.h:
            return [f"label {element.text!r}: {width}x{height} in {element.rect.size}"]
    return []


def layout_problems(scene: Any) -> list[str]:
    """Texts that do not fit their widget, and widgets that overlap, among the scene's
    visible top-level widgets."""
    shown = [e for e in scene.elements if e.alive() and e.visible]
    out = [p for e in shown for p in text_problems(e)]
    for a, b in combinations(shown, 2):
        if a.rect.colliderect(b.rect):
            out.append(f"{getattr(a, 'text', a)!r} {a.rect} overlaps "
                       f"{getattr(b, 'text', b)!r} {b.rect}")
    return out
