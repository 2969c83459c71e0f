"""What the tutorial and the practice scenes share: a board of cards drawn with the game's
fonts on one surface, text recorded for the screenshot sweep (``drawn``), and the question
buttons kept by name."""

from __future__ import annotations

import pygame

from beloz.rules.cards import ALL_TRUMPS
from beloz.ui import drawn
from beloz.ui.widgets import UIScene, wrap


class BoardScene(UIScene):
    """A scene that draws a position itself; ``board_trump`` says which cards flood."""

    buttons: dict[str, object]

    def board_trump(self) -> int | None:
        """The flooded plain (a plain, or ``ALL_TRUMPS``), or None before the bidding ends."""
        raise NotImplementedError

    def clear(self) -> None:
        super().clear()
        self.buttons = {}

    def font_px(self) -> int:
        w, h = self.app.size
        return max(13, round(min(w / 1280, h / 800) * 18))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.app.art.font(size, bold=bold)

    def flooded(self, c: int) -> bool:
        """Whether card ``c`` is drawn flooded: its plain is the trump, or all trumps."""
        trump = self.board_trump()
        return trump is not None and (c >> 3 == trump or trump == ALL_TRUMPS)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             color: tuple[int, int, int], bold: bool = False, anchor: str = "center") -> None:
        img = self.font(size, bold).render(text, True, color)
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, r)
        drawn.record(surface, "text", r, text)

    def lines(self, surface: pygame.Surface, text: str, x: float, y: float, width: int,
              size: int, color: tuple[int, int, int], bold: bool = False) -> float:
        """``text`` wrapped to ``width`` from (x, y) down; the y below its last line."""
        font = self.font(size, bold)
        for line in wrap(font, text, width):
            self.text(surface, line, (x, y), size, color, bold, anchor="topleft")
            y += font.get_linesize()
        return y
