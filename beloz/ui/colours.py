"""The colours of the game's own drawing, defined once: the table and its score, and the
boards the tutorial, the Practice screen and the review draw themselves.  (The menus'
widgets keep their own palette, ``widgets.py`` and the theme.)"""

from __future__ import annotations

GOLD = (255, 214, 90)  # headings, the best card, what asks for the eye
CREAM = (250, 244, 228)  # text
DIM = (190, 200, 190)  # text that matters less
GREY = (200, 210, 200)
RED = (250, 140, 120)  # a wrong answer
GREEN = (150, 220, 150)  # a right answer
FELT = (22, 58, 40)  # the boards' cloth
INK = (0x3A, 0x2A, 0x1F)  # the outline colour of the card art, also used for text on it
PANEL = (20, 32, 26, 200)  # the table's panels (with their alpha)
#: The four plains' colours (north, east, south, west): the cards, the chips, the table.
PLAIN_RGB = ((0x00, 0x72, 0xB2), (0x00, 0x9E, 0x73), (0xD5, 0x5E, 0x00), (0xE6, 0x9F, 0x00))
#: The optional "distinct plain colours" palette (the setting distinct_colours): navy,
#: bright green, brick red and pink, at least ΔE 40 apart (CIEDE2000) in normal vision and
#: under protan, deutan and tritan simulation (tests/test_colour_contrast.py computes it).
#: The default palette stays Okabe & Ito's: South and West differ by about ΔE 18 there
#: under red-green simulation, only their emblems tell them apart.
DISTINCT_RGB = ((0x00, 0x24, 0x92), (0x49, 0xFF, 0x00), (0x92, 0x24, 0x00), (0xFF, 0x92, 0xFF))

#: The two tones of the frame that marks a card (the hint's best card, the card selected,
#: the expedition's winner): gold sat on the amber and orange borders.  Whichever tone
#: contrasts more with the card's plain colour touches the card; the other is outside it.
FRAME_DARK = (0x08, 0x00, 0x30)  # a black ink, a touch of indigo
FRAME_LIGHT = (0xF8, 0xE8, 0xC8)  # a warm cream

_palette = [PLAIN_RGB]  # the one in use (``use_distinct``)


def plains() -> tuple[tuple[int, int, int], ...]:
    """The four plains' colours in use: ``PLAIN_RGB``, or ``DISTINCT_RGB``."""
    return _palette[0]


def use_distinct(on: bool) -> bool:
    """Draw the plains in ``DISTINCT_RGB`` (or back in ``PLAIN_RGB``); True when it
    changed (the cards drawn before must be drawn anew)."""
    new = DISTINCT_RGB if on else PLAIN_RGB
    changed = new is not _palette[0]
    _palette[0] = new
    return changed


def _luminance(rgb: tuple[int, int, int]) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def frame_tones(plain_rgb: tuple[int, int, int]) -> tuple[tuple[int, int, int],
                                                          tuple[int, int, int]]:
    """(the tone against the card, the tone outside it) for a card of ``plain_rgb``: the
    light tone on a dark border (relative luminance under 0.18: the blue, the navy, the
    brick red), the dark tone on a lighter one.  tests/test_colour_contrast.py checks that
    the tone chosen is the one that contrasts more with each plain colour of both palettes,
    by ΔE 40 at least (CIEDE2000) in every vision."""
    if _luminance(plain_rgb) < 0.18:
        return FRAME_LIGHT, FRAME_DARK
    return FRAME_DARK, FRAME_LIGHT
