"""Card art, table, icon, font and sounds: loaded lazily, rendered once per size, cached.

A face is composed from layers rather than rasterised as one SVG per card: the plain's card
layer (frame, sky, ground), the animal, the flooded overlay, then the index, name and point
badges drawn with the shipped fonts.  Each layer is rasterised once per card width, so the 32
faces at a new size cost about 20 small SVG rasterisations plus font blits.

Layout numbers are in card units (a 630 x 880 viewBox, see tools/make_art.py, which draws the
SVGs); a card's layout follows its width, so that its writing is never under 8 px of capital
height (``beloz.ui.face_layout``).  ``python -m beloz.ui.assets --sheet FILE.png`` renders a
contact sheet for review.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from collections import OrderedDict
from pathlib import Path

import pygame

from beloz.rules.cards import (
    ANIMALS,
    CLASSIC_RANKS,
    CLASSIC_SUITS,
    DRY_POINTS,
    FLOODED_POINTS,
)
from beloz.ui import textsize
from beloz.ui.colours import INK, PLAIN_RGB, plains
from beloz.ui.face_layout import (
    BADGE_DRY,
    BADGE_FLOODED,
    CAP_MIN,
    COMPACT,
    FULL,
    MINI,
    NAME_BOX,
    Box,
    FaceLayout,
)

CARD_W, CARD_H = 630, 880  # card units
PLAIN_FILES = ("north", "east", "south", "west")
#: The face's writing (name, points, classic index): DejaVu Sans Condensed Bold, whose
#: capitals are 8 px high from 10 px on ("Rhinoceros" 54 px wide, 68 in DejaVu Sans Bold).
FACE_FONT = "DejaVuSansCondensed-Bold.ttf"
SOUND_NAMES = ("deal", "play", "collect", "cut", "beloz", "won", "lost")
TABLE_SIZE = (1600, 1000)
MAX_WIDTHS = 6  # card widths kept in CardArt's cache (hand, trick, opponents, sheet...)
MAX_TABLES = 4  # table sizes kept


def assets_dir() -> Path:
    """The assets/ folder: in a PyInstaller bundle, in an installed wheel (which carries it
    as beloz/assets, see pyproject.toml), or at the top of the source tree."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    package = Path(__file__).resolve().parents[1]
    installed = package / "assets"
    return installed if installed.is_dir() else package.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Absolute path under assets/ (see ``assets_dir``)."""
    return assets_dir().joinpath(*parts)


def animal_names() -> tuple[str, ...]:
    """Every animal's name in every language the game speaks: a card width shows names
    when all of them fit (no hand with some cards named and others not)."""
    from beloz.i18n import LANGUAGES, load_strings

    return tuple(sorted({n for lang in LANGUAGES for n in load_strings(lang)["animal"].values()}))


def card_height(width: int) -> int:
    return round(width * CARD_H / CARD_W)


def default_name(card: int) -> str:
    """English animal name of a card, for the sheet and tests: "Water snake"."""
    return ANIMALS[card & 7].replace("_", " ").capitalize()


def _shade(rgb: tuple[int, int, int], t: float, towards: tuple[int, int, int] = INK) -> tuple:
    return tuple(round(a + (b - a) * t) for a, b in zip(rgb, towards, strict=True))


def _trim(cache: OrderedDict, keep: int) -> None:
    while len(cache) > keep:
        cache.popitem(last=False)


def _finish(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; without one (tools, some tests) keep the surface.
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


CREAM_HEX = "#FFF9EC"  # the card's face (tools/make_art.py's CREAM)
#: The tints of a plain's colour in its card layer and emblem (tools/make_art.py's mix of
#: the cream towards it: the sky, the inner frame, the ground).
PLAIN_TINTS = (0.06, 0.2, 0.45, 0.5)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def recoloured(svg: str, plain: int, rgb: tuple[int, int, int]) -> str:
    """A plain's SVG (its card layer or emblem, drawn in ``PLAIN_RGB``) in the colour
    ``rgb`` instead: the colour and each of its tints, whatever the case of their hex."""
    cream = tuple(int(CREAM_HEX[i:i + 2], 16) for i in (1, 3, 5))
    old = PLAIN_RGB[plain]
    pairs = [(old, rgb)] + [(_mix(cream, old, t), _mix(cream, rgb, t))  # type: ignore[arg-type]
                            for t in PLAIN_TINTS]
    for a, b in pairs:
        for form in (_hex(a), _hex(a).upper()):
            svg = svg.replace(form, _hex(b))
    return svg


def _svg(path: Path, size: tuple[int, int], text: str | None = None) -> pygame.Surface:
    """Rasterise an SVG (the file, or ``text`` read from it and changed) to exactly
    ``size`` pixels (nanosvg may round one side up)."""
    src: str | io.BytesIO = str(path) if text is None else io.BytesIO(text.encode("utf-8"))
    surf = pygame.image.load_sized_svg(src, size)
    if surf.get_size() != size:
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.blit(surf, (0, 0))
        surf = out
    return surf


class CardArt:
    """Card faces, backs, table and icon at any size; every result is cached."""

    def __init__(self) -> None:
        # Per card width: faces, back and layers.  Only the most recent widths are kept, so
        # that resizing the window through many sizes does not pile up surfaces.
        self._by_width: OrderedDict[int, dict[tuple, pygame.Surface]] = OrderedDict()
        self._tables: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._table_art: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self._fonts: dict[tuple[int, bool, str | None], pygame.font.Font] = {}
        self._icon: pygame.Surface | None = None
        self._least: dict[tuple, int | None] = {}
        self._layouts: dict[int, FaceLayout] = {}
        self._animal_names: tuple[str, ...] | None = None

    # ---------------------------------------------------------------- public API
    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The game's font for a text of nominal ``size`` px, at the player's text size
        (``textsize.px``: never under 11 px); cached per pixel size."""
        return self._font(textsize.px(size), bold)

    def font_px(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The game's font at ``size`` px already scaled (a layout's text unit made with
        ``textsize.px``: the table, the review, the boards), never under 11 px."""
        return self._font(max(textsize.MIN_PX, round(size)), bold)

    def _font(self, size: int, bold: bool = False, file: str | None = None
              ) -> pygame.font.Font:
        """The font at exactly ``size`` px (DejaVu Sans, or the font ``file`` of
        assets/fonts): also the card faces' writing, which grows with the card and is never
        under ``least_px``."""
        key = (max(1, int(size)), bold, file)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            name = file or ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
            font = pygame.font.Font(str(asset_path("fonts", name)), key[0])
            self._fonts[key] = font
        return font

    def face(
        self, card: int, width: int, *, name: str, flooded: bool = False, classic: bool = False
    ) -> pygame.Surface:
        """The face of ``card`` (0..31), ``width`` px wide and ``card_height(width)`` high."""
        if not 0 <= card < 32:
            raise ValueError(f"no card {card}")
        cache = self._cache(width)
        key = ("face", card, name, flooded, classic, plains())
        surf = cache.get(key)
        if surf is None:
            surf = _finish(self._compose(card, width, name, flooded, classic))
            cache[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        cache = self._cache(width)
        surf = cache.get(("back",))
        if surf is None:
            surf = _finish(_svg(asset_path("cards", "back.svg"), (width, card_height(width))))
            cache[("back",)] = surf
        return surf

    def table(self, size: tuple[int, int], flooded_plain: int | None = None) -> pygame.Surface:
        """The table scaled to cover ``size`` and cropped around its centre.

        With ``flooded_plain`` (0..3), that plain's side of the table is shown under water.
        """
        w, h = int(size[0]), int(size[1])
        key = (w, h, flooded_plain)
        surf = self._tables.get(key)
        if surf is not None:
            self._tables.move_to_end(key)
            return surf
        art = self._table_art.get((w, h))
        if art is None:
            tw, th = TABLE_SIZE
            scale = max(w / tw, h / th)
            sw, sh = max(1, round(tw * scale)), max(1, round(th * scale))
            full = _svg(asset_path("table.svg"), (sw, sh))
            art = pygame.Surface((w, h))
            art.blit(full, ((w - sw) // 2, (h - sh) // 2))
            self._table_art[(w, h)] = art
            _trim(self._table_art, MAX_TABLES)
        surf = art.copy()
        if flooded_plain is not None:
            self._flood_table(surf, flooded_plain)
        surf = surf.convert() if pygame.display.get_surface() is not None else surf
        self._tables[key] = surf
        _trim(self._tables, MAX_TABLES)
        return surf

    def emblem(self, plain: int, size: int) -> pygame.Surface:
        """The plain's emblem (compass star, sun, acacia, grass tuft), ``size`` px square."""
        cache = self._cache(-size)  # emblems share the per-width LRU, under negative keys
        key = ("emblem", plain, plains())
        surf = cache.get(key)
        if surf is None:
            surf = _finish(self._plain_svg(f"plains/{PLAIN_FILES[plain]}.svg", plain,
                                           (size, size)))
            cache[key] = surf
        return surf

    def icon(self) -> pygame.Surface:
        if self._icon is None:
            png = asset_path("icon.png")
            if png.exists():
                self._icon = pygame.image.load(str(png))
            else:
                self._icon = _svg(asset_path("icon.svg"), (256, 256))
        return self._icon

    # ---------------------------------------------------------------- layers
    def _cache(self, width: int) -> dict[tuple, pygame.Surface]:
        cache = self._by_width.get(width)
        if cache is None:
            cache = self._by_width[width] = {}
            _trim(self._by_width, MAX_WIDTHS)
        else:
            self._by_width.move_to_end(width)
        return cache

    def _layer(self, file: str, size: tuple[int, int], width: int,
               plain: int | None = None) -> pygame.Surface:
        """An SVG of assets/cards at ``size``; ``plain``: that plain's layer or emblem, in
        the palette in use."""
        cache = self._cache(width)
        key = (file, size, plains() if plain is not None else None)
        surf = cache.get(key)
        if surf is None:
            surf = (_svg(asset_path("cards", *file.split("/")), size) if plain is None
                    else self._plain_svg(file, plain, size))
            cache[key] = surf
        return surf

    def _plain_svg(self, file: str, plain: int, size: tuple[int, int]) -> pygame.Surface:
        path = asset_path("cards", *file.split("/"))
        rgb = plains()[plain]
        if rgb == PLAIN_RGB[plain]:
            return _svg(path, size)
        return _svg(path, size, recoloured(path.read_text(encoding="utf-8"), plain, rgb))

    def _box(self, box: Box, s: float) -> pygame.Rect:
        x0, y0, x1, y1 = box
        return pygame.Rect(round(x0 * s), round(y0 * s), round((x1 - x0) * s), round((y1 - y0) * s))

    def least_px(self, face: bool = True) -> int:
        """The least pixel size of the face's font (``face``) or of the index's (DejaVu Sans
        Bold) whose capitals are ``CAP_MIN`` px high: 10 and 11 (measured, hinting rounds)."""
        key = ("least", face)
        got = self._least.get(key)
        if got is None:
            got = next(px for px in range(6, 40)
                       if (self._font(px, True, FACE_FONT if face else None)
                           .metrics("H")[0] or (0, 0, 0, 0, 0))[3] >= CAP_MIN)
            self._least[key] = got
        return got

    def _text(
        self, text: str, px: float, colour: tuple, face: bool = True
    ) -> pygame.Surface:
        """Text cropped to its inked pixels, so that boxes centre glyphs, not line boxes:
        in the face's font (``face``) or the index's; never under ``least_px``."""
        size = max(self.least_px(face), round(px))
        surf = self._font(size, True, FACE_FONT if face else None).render(text, True, colour)
        rect = surf.get_bounding_rect()
        return surf.subsurface(rect) if rect.w and rect.h else surf

    def _fit_size(self, text: str, px: float, max_w: int, max_h: int = 10_000) -> int | None:
        """The pixel size of ``text`` at ``px``, or smaller until it fits ``max_w`` x
        ``max_h``; None where it fits only under ``least_px`` (written smaller it would not
        be read: left off)."""
        least = self.least_px()
        size = max(least, round(px))
        surf = self._text(text, size, INK)
        if surf.get_width() > max_w:
            size = max(least, min(size - 1, int(size * max_w / surf.get_width())))
            surf = self._text(text, size, INK)
        while (surf.get_width() > max_w or surf.get_height() > max_h) and size > least:
            size -= 1
            surf = self._text(text, size, INK)
        return size if surf.get_width() <= max_w and surf.get_height() <= max_h else None

    def _fit_text(self, text: str, px: float, colour: tuple, max_w: int,
                  max_h: int = 10_000) -> pygame.Surface | None:
        """``text`` at ``_fit_size``, or None."""
        size = self._fit_size(text, px, max_w, max_h)
        return None if size is None else self._text(text, size, colour)

    def layout_for(self, width: int) -> FaceLayout:
        """The layout of the cards ``width`` px wide: FULL where its names and points are
        written two pixels above ``least_px`` (from about 118 px: a 1920 x 1080 table's
        cards), else COMPACT where every animal's name (``animal_names``) and the points
        fit at ``least_px`` (from about 60 px: a 960 x 600 table's), else MINI (no name, no
        points)."""
        got = self._layouts.get(width)
        if got is None:
            got = MINI
            if self._full_fits(width):
                got = FULL
            elif (self._badge_texts(COMPACT, width) is not None
                  and self._plate_size(width, COMPACT) is not None):
                got = COMPACT
            self._layouts[width] = got
        return got

    def _full_fits(self, width: int) -> bool:
        """Whether the FULL layout's points and every name fit at ``least_px`` + 2."""
        floor = self.least_px() + 2
        s = width / CARD_W
        for box, room in ((BADGE_DRY, 0.74), (BADGE_FLOODED, 0.5)):
            rect = self._box(box, s)
            size = self._fit_size("20", rect.h * 0.6, round(rect.w * room), rect.h - 2)
            if size is None or size < floor:
                return False
        nb = self._box(NAME_BOX, s)
        for name in self._names():
            size = self._fit_size(name, nb.h * FULL.one_line, nb.w, nb.h)
            if (size is None or size < floor) and self._lines_at(name, floor, nb,
                                                                 split=True) is None:
                return False
        return True

    def _names(self) -> tuple[str, ...]:
        if self._animal_names is None:
            self._animal_names = animal_names()
        return self._animal_names

    def _name_label(self, name: str, width: int,
                    lay: FaceLayout | None = None) -> pygame.Surface | None:
        """The animal's name in the layout's name box; None where it does not fit at
        ``least_px`` (and in the MINI layout, which has no name).  Large cards (FULL): one
        line, or two when one line would have to shrink below three quarters of its size
        and two lines are larger.  Small cards (COMPACT): every name at one size, the
        largest at which all of them fit, one line or two ("Water snake")."""
        lay = lay or self.layout_for(width)
        if lay.name is None:
            return None
        nb = self._box(lay.name, width / CARD_W)
        if lay is not FULL:
            size = self._plate_size(width, lay)
            return None if size is None else self._lines_at(name, size, nb)
        px = nb.h * lay.one_line
        one = self._fit_size(name, px, nb.w, nb.h)
        if " " not in name or (one is not None and one >= px * 0.75):
            return None if one is None else self._text(name, one, INK)
        least = self.least_px()
        for two in range(max(least, round(nb.h * lay.two_lines)), least - 1, -1):
            if one is not None and two <= one:
                break
            lines = self._lines_at(name, two, nb, split=True)
            if lines is not None:
                return lines
        return None if one is None else self._text(name, one, INK)

    def _plate_size(self, width: int, lay: FaceLayout) -> int | None:
        """The names' size on the COMPACT plate of cards ``width`` px wide: the largest, up
        to the layout's, at which every animal's name fits (``_lines_at``)."""
        key = ("plate", width, lay.suffix)
        got = self._least.get(key, 0)
        if got == 0:
            assert lay.name is not None
            nb = self._box(lay.name, width / CARD_W)
            got = next((size for size in range(round(nb.h * lay.one_line),
                                               self.least_px() - 1, -1)
                        if all(self._lines_at(n, size, nb) is not None
                               for n in self._names())), None)
            self._least[key] = got
        return got

    def _lines_at(self, name: str, size: int, box: pygame.Rect,
                  split: bool = False) -> pygame.Surface | None:
        """``name`` at ``size`` px in ``box``: on one line where it fits (unless ``split``),
        else on two, cut at the space that balances them; None where neither fits."""
        one = self._text(name, size, INK)
        if not split and one.get_width() <= box.w and one.get_height() <= box.h:
            return one
        words = name.split(" ")
        if len(words) < 2:
            return None
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i]))
                                                           - len(" ".join(words[i:]))))
        lines = [self._text(" ".join(words[:cut]), size, INK),
                 self._text(" ".join(words[cut:]), size, INK)]
        gap = max(1, round(size * 0.12))
        h = sum(s.get_height() for s in lines) + gap
        if max(s.get_width() for s in lines) > box.w or h > box.h:
            return None
        surf = pygame.Surface((max(s.get_width() for s in lines), h), pygame.SRCALPHA)
        surf.blit(lines[0], lines[0].get_rect(midtop=(surf.get_width() // 2, 0)))
        surf.blit(lines[1], lines[1].get_rect(midbottom=(surf.get_width() // 2, h)))
        return surf

    def _badge_texts(self, lay: FaceLayout, width: int, number: int = 5
                     ) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Surface]] | None:
        """The two point values of the card ``number`` (1..8) in their badges (the dry one
        centred, the flooded one right of its drop): each badge's rect, its text's and its
        text; None where the layout has none or "20" does not fit at ``least_px``."""
        if lay.badges is None:
            return None
        s = width / CARD_W
        out = []
        for box, value, centre, room in (
            (lay.badges[0], DRY_POINTS[number - 1], 0.5, 0.74),
            (lay.badges[1], FLOODED_POINTS[number - 1], 0.64, 0.5),
        ):
            rect = self._box(box, s)
            size = self._fit_size("20", rect.h * 0.6, round(rect.w * room), rect.h - 2)
            if size is None:
                return None
            text = self._text(str(value), size, INK)
            out.append((rect, text.get_rect(center=(round(rect.x + rect.w * centre),
                                                    rect.centery)), text))
        return out

    def _classic_label(self, card: int, width: int,
                       lay: FaceLayout | None = None) -> pygame.Surface | None:
        """The classic rank and suit (``J♥``) for the chip; None where it does not fit at
        ``least_px`` (the chip is left off)."""
        lay = lay or self.layout_for(width)
        rect = self._box(lay.chip, width / CARD_W)
        red = CLASSIC_SUITS[card >> 3] in "♥♦"
        colour = (0xC0, 0x1F, 0x1F) if red else (0x10, 0x10, 0x10)
        return self._fit_text(CLASSIC_RANKS[card & 7] + CLASSIC_SUITS[card >> 3], rect.h * 0.78,
                              colour, rect.w - 2 * max(2, round(12 * width / CARD_W)),
                              rect.h - 2)

    def _index(self, card: int, width: int, lay: FaceLayout) -> pygame.Surface:
        """Number over emblem, on a transparent surface the size of the index box."""
        cache = self._cache(width)
        key = ("index", card >> 3, card & 7, plains(), lay.suffix)
        surf = cache.get(key)
        if surf is None:
            s = width / CARD_W
            box = self._box(lay.index, s)
            surf = pygame.Surface(box.size, pygame.SRCALPHA)
            plain = card >> 3
            # darker amber for West: plain amber on cream is too faint to read
            colour = _shade(plains()[plain], 0.5 if plain == 3 else 0.35)
            nb = self._box(lay.number, s).move(-box.x, -box.y)
            digit = self._text(str((card & 7) + 1), nb.h / 0.74, colour, face=False)
            surf.blit(digit, digit.get_rect(center=nb.center))
            eb = self._box(lay.emblem, s).move(-box.x, -box.y)
            emblem = self._layer(f"plains/{PLAIN_FILES[plain]}.svg", (eb.w, eb.w), width,
                                 plain)
            surf.blit(emblem, emblem.get_rect(center=eb.center))
            cache[key] = surf
        return surf

    def _compose(
        self, card: int, width: int, name: str, flooded: bool, classic: bool
    ) -> pygame.Surface:
        plain, number = card >> 3, (card & 7) + 1
        s = width / CARD_W
        lay = self.layout_for(width)
        size = (width, card_height(width))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.blit(self._layer(f"face_{PLAIN_FILES[plain]}{lay.suffix}.svg", size, width,
                              plain), (0, 0))
        art = self._box(lay.art, s)
        surf.blit(self._layer(f"animals/{ANIMALS[number - 1]}.svg", art.size, width), art.topleft)
        if flooded:
            surf.blit(self._layer(f"flooded{lay.suffix}.svg", size, width), (0, 0))

        index = self._index(card, width, lay)
        surf.blit(index, self._box(lay.index, s).topleft)
        if lay.corner:
            flipped = pygame.transform.rotate(index, 180)
            margin = round(lay.index[0] * s)
            surf.blit(flipped, flipped.get_rect(bottomright=(size[0] - margin,
                                                             size[1] - margin)))

        label = self._name_label(name, width, lay)
        if label is not None and lay.name is not None:
            surf.blit(label, label.get_rect(center=self._box(lay.name, s).center))

        badges = self._badge_texts(lay, width, number)
        if badges is not None:
            for (rect, at, text), layer in zip(badges, ("badge_dry.svg", "badge_flooded.svg"),
                                               strict=True):
                surf.blit(self._layer(layer, rect.size, width), rect.topleft)
                surf.blit(text, at)

        label = self._classic_label(card, width, lay) if classic else None
        if label is not None:
            rect = self._box(lay.chip, s)
            radius = max(2, rect.h // 3)
            pygame.draw.rect(surf, (255, 255, 255), rect, border_radius=radius)
            pygame.draw.rect(surf, INK, rect, max(1, round(5 * s)), border_radius=radius)
            surf.blit(label, label.get_rect(center=rect.center))
        return surf

    def _flood_table(self, surf: pygame.Surface, plain: int) -> None:
        w, h = surf.get_size()
        c = (w // 2, h // 2)
        corners = {
            0: [(0, 0), (w, 0), c],
            1: [(w, 0), (w, h), c],
            2: [(w, h), (0, h), c],
            3: [(0, h), (0, 0), c],
        }[plain]
        wash = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(wash, (0x56, 0xB4, 0xE9, 70), corners)
        surf.blit(wash, (0, 0))


# ------------------------------------------------------------------------------- sounds
class Sounds:
    """The game's sound effects; a silent no-op when there is no usable audio device."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self._enabled = enabled
        self._volume = min(1.0, max(0.0, float(volume)))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except Exception:  # noqa: BLE001 -- no sound card, no driver, no mixer module: play silently
            self._sounds = {}

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise KeyError(f"no sound named {name!r}")
        sound = self._sounds.get(name)
        if sound is None or not self._enabled or self._volume <= 0:
            return
        try:
            sound.set_volume(self._volume)
            sound.play()
        except Exception:  # noqa: BLE001 -- a lost audio device must not stop the game
            pass

    def set_enabled(self, enabled: bool) -> None:
        self._enabled = bool(enabled)

    def set_volume(self, volume: float) -> None:
        self._volume = min(1.0, max(0.0, float(volume)))


# ------------------------------------------------------------------------------- tools
def _png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return buf.getvalue()


def write_ico(path: Path, images: list[bytes], sizes: list[int]) -> None:
    """A Windows .ico holding PNG images (the format Windows Vista and later read)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for png, size in zip(images, sizes, strict=True):
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    path.write_bytes(header + entries + blobs)


# macOS icon types that hold a PNG, by pixel size (one per size: macOS scales the nearest).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    """A macOS .icns holding PNG images: ``{pixel size: PNG bytes}`` for ICNS_TYPES' sizes.
    The format: b"icns", the file's length, then per image its type, length (header
    included) and data; lengths are big-endian 32-bit."""
    chunks = b""
    for size, png in sorted(images.items()):
        chunks += ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)


def export_icons() -> None:
    """Write assets/icon.png (256 px), assets/icon.ico (16..256 px, Windows) and
    assets/icon.icns (16..1024 px, macOS) from assets/icon.svg."""
    svg = asset_path("icon.svg")
    sizes = [16, 24, 32, 48, 64, 128, 256]
    images = [_png_bytes(_svg(svg, (n, n))) for n in sizes]
    asset_path("icon.png").write_bytes(images[-1])
    write_ico(asset_path("icon.ico"), images, sizes)
    write_icns(asset_path("icon.icns"), {n: _png_bytes(_svg(svg, (n, n))) for n in ICNS_TYPES})


def contact_sheet(
    small: int = 70, large: int = 140, flooded_plain: int = 2, grey: bool = False
) -> pygame.Surface:
    """All 32 faces and the back at two widths; one plain shown flooded, large row classic."""
    art = CardArt()
    gap = 8
    rows = []
    for width, classic in ((small, False), (large, True)):
        h = card_height(width)
        row = pygame.Surface(((width + gap) * 9 + gap, (h + gap) * 4 + gap), pygame.SRCALPHA)
        for plain in range(4):
            for n in range(8):
                c = plain * 8 + 7 - n
                face = art.face(
                    c, width, name=default_name(c), flooded=plain == flooded_plain,
                    classic=classic,
                )
                row.blit(face, (gap + n * (width + gap), gap + plain * (h + gap)))
            if plain == 0:
                row.blit(art.back(width), (gap + 8 * (width + gap), gap))
        rows.append(row)
    w = max(r.get_width() for r in rows)
    sheet = pygame.Surface((w, sum(r.get_height() for r in rows)))
    sheet.blit(art.table(sheet.get_size()), (0, 0))
    y = 0
    for r in rows:
        sheet.blit(r, (0, y))
        y += r.get_height()
    if grey:
        sheet = pygame.transform.grayscale(sheet)
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m beloz.ui.assets", description=__doc__)
    parser.add_argument("--sheet", metavar="FILE.png", help="write a contact sheet of all cards")
    parser.add_argument("--small", type=int, default=70, help="small card width (px)")
    parser.add_argument("--large", type=int, default=140, help="large card width (px)")
    parser.add_argument("--flooded", type=int, default=2, help="plain shown flooded (0..3)")
    parser.add_argument("--grey", action="store_true", help="render the sheet in greyscale")
    parser.add_argument("--icons", action="store_true", help="write assets/icon.png, .ico, .icns")
    args = parser.parse_args(argv)
    if not (args.sheet or args.icons):
        parser.error("nothing to do: give --sheet FILE.png and/or --icons")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    if args.icons:
        export_icons()
    if args.sheet:
        sheet = contact_sheet(args.small, args.large, args.flooded, args.grey)
        pygame.image.save(sheet, args.sheet)
        print(f"wrote {args.sheet} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
