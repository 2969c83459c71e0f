"""The player's text size: the one place a nominal font size becomes pixels.

Every text of the game is drawn with ``CardArt.font`` (its nominal size scaled here) or by
pygame_gui (its theme's sizes scaled here, ``theme``); the card faces' own writing grows
with the card instead, never under 8 px of capital height, and is left off a card too small
for it (``beloz.ui.face_layout``: the boards that draw such cards name them in their text).

The size asked for (``Settings.text_size``: 100, 125, 150 or 200 %) is used as far as the
window allows (``allowed``): a screen laid out for 1280 x 800 has room for half as much
again, one for 1920 x 1080 for twice as much; in a smaller window the text is as large as
fits, so that no screen needs a scroll bar and nothing is drawn off the window.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from beloz.settings import TEXT_SIZES as SIZES  # the sizes offered, in percent

__all__ = ["SIZES", "allowed", "factor", "factor_for", "grow", "px", "theme", "use"]
#: DejaVu Sans draws its capitals 0.73 em high: from 11 px on they are 8 px high, the least
#: a text of the game may have (at 960 x 600, the smallest window).
MIN_PX = 11

_factor = [1.0]


def allowed(size: tuple[int, int]) -> float:
    """The largest factor a window of ``size`` has room for: 1.5 at 1280 x 800, 2 at
    1920 x 1080 (what the sweep checks), 1.125 at 960 x 600; never under 1."""
    w, h = size
    return max(1.0, 1.5 * min(w / 1280, h / 800))


def factor_for(percent: int, size: tuple[int, int]) -> float:
    """The factor text is drawn at for the setting ``percent`` in a window of ``size``."""
    return min(percent / 100, allowed(size))


def use(percent: int, size: tuple[int, int]) -> bool:
    """Draw text at ``percent`` (as far as a window of ``size`` allows); True when the
    factor changed (the screens must be laid out and their widgets made anew)."""
    new = factor_for(percent, size)
    changed = abs(new - _factor[0]) > 1e-9
    _factor[0] = new
    return changed


def factor() -> float:
    """The factor in use (1.0 at 100 %)."""
    return _factor[0]


def px(nominal: float) -> int:
    """The pixel size of a font asked for at ``nominal`` pixels: scaled by the text size,
    never under ``MIN_PX``."""
    return max(MIN_PX, round(nominal * _factor[0]))


def grow(length: float) -> int:
    """A length that holds text (a button's height, a line's step) at the text size."""
    return round(length * _factor[0])


_themes: dict[Path, dict[str, Any]] = {}


#: The kinds of pygame_gui element that write text: those the theme gives no font take
#: pygame_gui's own default font, which grows here too.
TEXT_ELEMENTS = ("button", "label", "drop_down_menu", "text_box", "tool_tip",
                 "text_entry_line", "selection_list")


def theme(path: Path, default: tuple[str, int] = ("noto_sans", 14)) -> dict[str, Any]:
    """The pygame_gui theme at ``path`` with every font size scaled (``px``), ``default``
    (pygame_gui's own default font: name, size) given to the kinds of element that have no
    font of their own: a dict that ``load_theme`` takes.  The file is read once."""
    if path not in _themes:
        _themes[path] = json.loads(path.read_text(encoding="utf-8"))
    out = copy.deepcopy(_themes[path])
    for kind in TEXT_ELEMENTS:
        block = out.setdefault(kind, {})
        block.setdefault("font", {"name": default[0], "size": str(default[1])})
    for block in out.values():
        fonts = block.get("font") if isinstance(block, dict) else None
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if isinstance(font, dict) and "size" in font:
                font["size"] = str(px(float(font["size"])))
    return out
