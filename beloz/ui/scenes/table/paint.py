"""The table's drawing primitives: fonts, cached text and panels, plain chips, colours.

``Painter`` holds only caches of rendered surfaces; it never reads or changes the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from beloz.i18n import tr
from beloz.rules.cards import NO_TRUMPS, PLAINS
from beloz.ui import drawn
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, GOLD, INK, PANEL, plains

FONT_DIR = Path(__file__).resolve().parents[4] / "assets" / "fonts"


class Painter:
    """Text, panels and chips for the table, each rendered once and kept."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text_cache: dict[tuple, tuple[pygame.Surface, pygame.Surface | None]] = {}
        self._panel_cache: dict[tuple, pygame.Surface] = {}
        self._chip_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` px: sizes here are in the layout's unit, already at the
        text size (``Layout.font_px``)."""
        art = getattr(self.app, "art", None)
        if art is not None and hasattr(art, "font_px"):
            try:
                return art.font_px(size, bold)
            except Exception:  # noqa: BLE001
                pass
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
            f = pygame.font.Font(str(path) if path.exists() else None, size)
            self._fonts[key] = f
        return f

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: tuple[int, int, int] = CREAM, bold: bool = False, anchor: str = "center",
             shadow: bool = True) -> pygame.Rect:
        # The same labels are drawn every frame: render each (text, style) once.
        key = (text, size, tuple(colour), bold, shadow)
        cached = self._text_cache.get(key)
        if cached is None:
            f = self.font(size, bold)
            sh = None
            if shadow:
                sh = f.render(text, True, (0, 0, 0))
                sh.set_alpha(150)
            if len(self._text_cache) >= 400:
                self._text_cache.clear()
            cached = self._text_cache[key] = (f.render(text, True, colour), sh)
        img, sh = cached
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if sh is not None:
            surface.blit(sh, r.move(1, 2))
        surface.blit(img, r)
        drawn.record(surface, "text", r, text)
        return r

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> int:
        """The largest font size up to ``size`` (at least 9) at which ``text`` fits
        ``width`` pixels: long French labels shrink instead of spilling out of a panel."""
        while size > 9 and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def panel(self, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple[int, int, int, int] = PANEL, border: tuple[int, int, int] | None = None,
              radius: int = 10) -> None:
        key = (rect.size, tuple(colour), radius)
        s = self._panel_cache.get(key)
        if s is None:
            s = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
            if len(self._panel_cache) >= 100:
                self._panel_cache.clear()
            self._panel_cache[key] = s
        surface.blit(s, rect)
        drawn.record(surface, "panel", rect)
        if border is not None:
            pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)

    def plain_chip(self, surface: pygame.Surface, plain: int, center: tuple[int, int],
                   rad: int, faded: bool = False) -> None:
        """A plain's round chip: its emblem on cream in a ring of its colour (the same cue
        as the cards' corners, so colour is never the only one)."""
        key = (plain, rad, faded, plains())  # drawn anew in the other palette
        chip = self._chip_cache.get(key)
        if chip is None:
            chip = self._chip_cache[key] = self._make_chip(plain, rad, faded)
        surface.blit(chip, chip.get_rect(center=center))

    def contract_chip(self, surface: pygame.Surface, order: int, center: tuple[int, int],
                      rad: int) -> None:
        """The chip of a no-trumps or all-trumps contract: NT / AT (SA / TA) on cream in a gold ring
        (a trump contract has its plain's chip)."""
        # The players' own abbreviations: NT / AT in English, SA / TA in French.
        label = tr(f"table.contract_short.{'NT' if order == NO_TRUMPS else 'AT'}")
        key = ("contract", order, rad, label)
        chip = self._chip_cache.get(key)
        if chip is None:
            chip = pygame.Surface((rad * 2 + 2, rad * 2 + 2), pygame.SRCALPHA)
            c = (rad + 1, rad + 1)
            pygame.draw.circle(chip, CREAM, c, rad)
            pygame.draw.circle(chip, GOLD, c, rad, max(2, rad // 5))
            img = self.font(max(8, round(rad * 0.85)), True).render(label, True, INK)
            chip.blit(img, img.get_rect(center=c))
            self._chip_cache[key] = chip
        surface.blit(chip, chip.get_rect(center=center))

    def multiplier_badge(self, surface: pygame.Surface, multiplier: int,
                         center: tuple[int, int], rad: int) -> None:
        """×2 / ×4 on a small gold badge at the foot of a doubled contract's chip."""
        if multiplier > 1:
            badge = self.font(max(8, round(rad * 0.7)), True).render(f"×{multiplier}", True, INK)
            r = badge.get_rect().inflate(8, 2)
            # At the chip's foot, centred: beside it the badge would run into the text
            # that follows the chip ("Taken by ...").
            r.center = (center[0], center[1] + rad - 2)
            pygame.draw.rect(surface, GOLD, r, border_radius=r.h // 2)
            surface.blit(badge, badge.get_rect(center=r.center))

    def _make_chip(self, plain: int, rad: int, faded: bool) -> pygame.Surface:
        chip = pygame.Surface((rad * 2 + 2, rad * 2 + 2), pygame.SRCALPHA)
        c = (rad + 1, rad + 1)
        pygame.draw.circle(chip, CREAM, c, rad)
        pygame.draw.circle(chip, plains()[plain], c, rad, max(2, rad // 5))
        art = getattr(self.app, "art", None)
        size = max(8, round(rad * 1.3))
        try:
            emblem = art.emblem(plain, size) if art is not None else None
        except Exception:  # noqa: BLE001 - no emblem art: the plain's letter
            emblem = None
        if emblem is not None:
            chip.blit(emblem, emblem.get_rect(center=c))
        else:
            img = self.font(rad, True).render(PLAINS[plain], True, plains()[plain])
            chip.blit(img, img.get_rect(center=c))
        if faded:
            chip.set_alpha(170)
        return chip

    def table(self, surface: pygame.Surface, size: tuple[int, int], trump: int | None) -> None:
        """The cloth, lit by the flooded plain's colour when the art has it."""
        art = getattr(self.app, "art", None)
        if art is not None:
            try:
                # The table art floods one plain's side: no side for NT or AT.
                plain = trump if trump is not None and trump < NO_TRUMPS else None
                surface.blit(art.table(size, plain), (0, 0))
                return
            except Exception:  # noqa: BLE001
                pass
        surface.fill((38, 84, 58))
