"""Highlights that show on every card, and a palette for every eye (issue 47, point 4).

Colour difference: CIEDE2000 (ΔE00) on CIELAB with the D65 white (sRGB's own), computed by
ColorAide (a pinned test dependency).  Colour blindness: the Machado, Oliveira & Fernandes
(2009) matrices at severity 1.0 (full protanopia, deuteranopia, tritanopia), applied to
linear sRGB, the result clipped to sRGB.  Both are first checked here against published
values, so that a change of library cannot change the figures unnoticed.

The criterion for the two-tone frame, the one the player sees: a card's frame touches the
card with one tone (``colours.frame_tones(...)[0]``, ``highlight.frame`` draws it against
the card's edge, checked on pixels below) and has its other tone outside.  For every plain
colour of both palettes, in every vision, the touching tone must differ from the plain
colour by ΔE00 ≥ 40: the outer tone counts for nothing there (it touches the table, not
the card).  The touching tone must also be the better of the two for that colour.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
from coloraide import Color

from beloz.ui import colours
from beloz.ui.colours import DISTINCT_RGB, FRAME_DARK, FRAME_LIGHT, PLAIN_RGB, frame_tones

VISIONS = (None, "protan", "deutan", "tritan")
MIN_DE = 40.0
RGB = tuple[int, int, int]


def seen(rgb: RGB, vision: str | None) -> Color:
    c = Color("srgb", [v / 255 for v in rgb])
    if vision is None:
        return c
    return c.filter(vision, 1.0, method="machado", out_space="srgb").clip()


def delta_e(a: RGB, b: RGB, vision: str | None) -> float:
    return float(seen(a, vision).delta_e(seen(b, vision), method="2000", space="lab-d65"))


def worst(a: RGB, b: RGB) -> float:
    return min(delta_e(a, b, v) for v in VISIONS)


# -- the tools, against published figures ---------------------------------------------------

# Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation
# notes, supplementary test data": pairs 1, 7, 17, 19 and 25 of its table 1.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
]

# Machado et al. (2009), the matrices at severity 1.0, on linear RGB.
MACHADO = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_gives_sharmas_figures(lab1, lab2, expected) -> None:
    got = Color("lab-d65", list(lab1)).delta_e(Color("lab-d65", list(lab2)), method="2000")
    assert got == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_the_simulation_is_machados_matrix(vision) -> None:
    for rgb in (*PLAIN_RGB, *DISTINCT_RGB, FRAME_DARK, FRAME_LIGHT, (90, 200, 40)):
        lin = Color("srgb", [v / 255 for v in rgb]).convert("srgb-linear").coords()
        want = [sum(m * x for m, x in zip(row, lin, strict=True)) for row in MACHADO[vision]]
        got = Color("srgb", [v / 255 for v in rgb]).filter(
            vision, 1.0, method="machado", out_space="srgb-linear").coords()
        assert got == pytest.approx(want, abs=2e-4)


# -- the frame ---------------------------------------------------------------------------


def test_the_default_palette_is_kept() -> None:
    assert PLAIN_RGB == ((0x00, 0x72, 0xB2), (0x00, 0x9E, 0x73), (0xD5, 0x5E, 0x00),
                         (0xE6, 0x9F, 0x00))


@pytest.mark.parametrize("plain", [*PLAIN_RGB, *DISTINCT_RGB])
def test_the_frames_touching_tone_contrasts_with_every_plain_colour(plain: RGB) -> None:
    touching, outside = frame_tones(plain)
    assert {touching, outside} == {FRAME_DARK, FRAME_LIGHT}
    figures = {v: delta_e(touching, plain, v) for v in VISIONS}
    assert min(figures.values()) >= MIN_DE, figures
    assert worst(touching, plain) > worst(outside, plain)  # the better tone is the one in


def test_gold_did_not() -> None:
    """What the frame replaces: gold on the West border, the contrast this test guards."""
    assert worst(colours.GOLD, PLAIN_RGB[3]) < 20


def test_the_frame_touches_the_card_with_its_touching_tone() -> None:
    surface = pygame.Surface((200, 200))
    from beloz.ui.highlight import frame

    for palette in (PLAIN_RGB, DISTINCT_RGB):
        colours.use_distinct(palette is DISTINCT_RGB)
        try:
            for card in (0, 8, 16, 24):
                surface.fill((22, 58, 40))
                card_rect = pygame.Rect(60, 50, 80, 100)
                frame(surface, card_rect, card, width=4, radius=6)
                touching, outside = frame_tones(palette[card >> 3])
                y = card_rect.centery
                assert surface.get_at((card_rect.left - 1, y))[:3] == touching
                assert surface.get_at((card_rect.left - 2, y))[:3] == touching
                assert surface.get_at((card_rect.left - 4, y))[:3] == outside
                assert surface.get_at((card_rect.right, y))[:3] == touching
                assert surface.get_at((card_rect.centerx, card_rect.top - 1))[:3] == touching
        finally:
            colours.use_distinct(False)


# -- the distinct palette ----------------------------------------------------------------


def test_the_distinct_plain_colours_stay_apart_in_every_vision() -> None:
    for (i, a), (j, b) in itertools.combinations(enumerate(DISTINCT_RGB), 2):
        figures = {v: round(delta_e(a, b, v), 1) for v in VISIONS}
        assert min(figures.values()) >= MIN_DE, (i, j, figures)


def test_the_default_colours_do_not_and_the_palette_is_chosen_by_the_setting() -> None:
    """Why the choice is there: South and West merge under red-green simulation."""
    assert worst(PLAIN_RGB[2], PLAIN_RGB[3]) < MIN_DE
    assert colours.plains() == PLAIN_RGB
    assert colours.use_distinct(True) and colours.plains() == DISTINCT_RGB
    assert not colours.use_distinct(True)
    assert colours.use_distinct(False) and colours.plains() == PLAIN_RGB


def test_the_distinct_palette_recolours_every_plain_colour_of_the_card_art() -> None:
    """The card layers and emblems are drawn in PLAIN_RGB and its tints: in the distinct
    palette none of them is left, each has its counterpart."""
    import re

    from beloz.ui.assets import PLAIN_FILES, PLAIN_TINTS, _hex, _mix, asset_path, recoloured

    cream = (0xFF, 0xF9, 0xEC)
    for plain, name in enumerate(PLAIN_FILES):
        old = {_hex(PLAIN_RGB[plain])} | {_hex(_mix(cream, PLAIN_RGB[plain], t))
                                          for t in PLAIN_TINTS}
        new = {_hex(DISTINCT_RGB[plain])} | {_hex(_mix(cream, DISTINCT_RGB[plain], t))
                                             for t in PLAIN_TINTS}
        for file in (f"face_{name}.svg", f"plains/{name}.svg"):
            text = asset_path("cards", *file.split("/")).read_text(encoding="utf-8")
            before = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}", text)}
            after = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}",
                                                   recoloured(text, plain, DISTINCT_RGB[plain]))}
            assert before & old and not after & old, file
            assert _hex(DISTINCT_RGB[plain]) in after and after - before <= new, file


def test_a_face_is_drawn_in_the_palette_in_use() -> None:
    from beloz.ui.assets import CardArt

    art = CardArt()
    try:
        for card in (3, 27):  # a North card, a West card: their border's pixel
            default = art.face(card, 120, name="Lion").get_at((1, 60))[:3]
            colours.use_distinct(True)
            distinct = art.face(card, 120, name="Lion").get_at((1, 60))[:3]
            colours.use_distinct(False)
            assert worst(default, PLAIN_RGB[card >> 3]) < 12
            assert worst(distinct, DISTINCT_RGB[card >> 3]) < 12
    finally:
        colours.use_distinct(False)
