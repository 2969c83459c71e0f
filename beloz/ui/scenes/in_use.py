"""Shown instead of the menu when another BeloZ holds the data folder (``beloz.folderlock``):
what would go wrong, and the two ways on, Play without saving or Quit.

By the time this scene shows, the window already saves nothing
(``beloz.cli.play.without_saving``): whatever the player does here or after, the other copy's
files are left alone.
"""

from __future__ import annotations

import pygame
import pygame_gui

from beloz import storage
from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    LARGE_SCALE,
    SAND,
    Backdrop,
    UIScene,
    draw_panel,
    oid,
    scale_for,
    text_with_shadow,
    wrap,
)

BUTTONS = ("play", "quit")


class FolderInUseScene(UIScene):
    pausable = False  # Esc quits, as the Quit button does: nothing is lost by quitting

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(dim=120)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.focus = Focus(self)  # Tab, the arrows, Enter, Space; on Play first

    def spoken_title(self) -> str:
        tr = self.app.tr
        return f"{tr('in_use.title')}. {tr('in_use.text')} {tr('in_use.choice')}"

    def _lines(self, width: int) -> list[tuple[str, pygame.font.Font, tuple[int, int, int]]]:
        """The panel's text, wrapped to ``width``: each line with its font and colour."""
        s = scale_for(self.app.size)
        tr = self.app.tr
        body = self.app.art.font(max(15, int(20 * s)))
        small = self.app.art.font(max(13, int(16 * s)))
        out: list[tuple[str, pygame.font.Font, tuple[int, int, int]]] = []
        for text, font, colour in (
            (tr("in_use.text"), body, CREAM),
            ("", small, CREAM),
            (tr("in_use.choice"), body, CREAM),
            ("", small, CREAM),
            (tr("in_use.folder", folder=storage.data_dir()), small, SAND),
        ):
            out += [(line, font, colour) for line in wrap(font, text, width)]
        return out

    def _button_width(self) -> int:
        """Wide enough for the longer label in the theme's menu font (22 px bold, 28 px in
        big windows: ``oid``), as wide as the menu's buttons at least."""
        s = scale_for(self.app.size)
        font = self.app.art.font(28 if s >= LARGE_SCALE else 22, bold=True)
        widest = max(font.size(self.app.tr(f"in_use.{name}"))[0] for name in BUTTONS)
        return max(int(280 * s), widest + int(48 * s))

    def _layout(self) -> tuple[pygame.Rect, int, int, int, int]:
        """The panel, the text's width and top, the buttons' width and height."""
        w, h = self.app.size
        s = scale_for((w, h))
        pad = int(36 * s)
        bw, bh = self._button_width(), max(48, int(52 * s))
        panel_w = min(max(int(760 * s), 2 * bw + int(24 * s) + 2 * pad), w - 40)
        text_w = panel_w - 2 * pad
        title_h = int(70 * s)
        text_h = sum(font.get_linesize() for _, font, _ in self._lines(text_w))
        panel_h = title_h + text_h + int(28 * s) + bh + pad
        panel = pygame.Rect(0, 0, panel_w, min(panel_h, h - 20))
        panel.center = (w // 2, h // 2)
        return panel, text_w, panel.top + title_h, bw, bh

    def build(self) -> None:
        panel, _, _, bw, bh = self._layout()
        s = scale_for(self.app.size)
        gap = int(24 * s)
        x = panel.centerx - bw - gap // 2
        y = panel.bottom - int(36 * s) - bh
        self.buttons = {}
        self.focus.begin()
        for name in BUTTONS:
            self.buttons[name] = self.focus.add(name, self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, bw, bh), self.app.tr(f"in_use.{name}"), self.app.ui,
                    object_id=oid(self.app, "#menu_button"),
                )
            ))
            x += bw + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("quit")
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        return False

    def choose(self, name: str) -> None:
        if name == "play":
            from beloz.ui.scenes.menu import MenuScene

            self.app.replace(MenuScene(self.app))
            self.app.notify(self.app.tr("in_use.toast"))
        elif name == "quit":
            self.app.quit()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        panel, text_w, y, _, _ = self._layout()
        draw_panel(surface, panel)
        s = scale_for(surface.get_size())
        title = text_with_shadow(self.app.art.font(int(32 * s), bold=True),
                                 self.app.tr("in_use.title"), GOLD)
        surface.blit(title, title.get_rect(center=(panel.centerx, panel.top + int(40 * s))))
        for line, font, colour in self._lines(text_w):
            if line:
                image = font.render(line, True, colour)
                surface.blit(image, (panel.left + (panel.width - text_w) // 2, y))
            y += font.get_linesize()
