"""The pause overlay (Esc): Resume, How to play, Settings, Menu, Quit over the dimmed scene
below.  How to play opens at the section of the ruleset being played and comes back here."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from beloz.ui import drawn
from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.widgets import GOLD, UIScene, draw_panel, oid, scale_for, text_with_shadow

BUTTONS = ("resume", "rules", "settings", "menu", "quit")


class PauseScene(UIScene):
    transparent = True
    pausable = False
    title_key = "pause.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.focus = Focus(self)

    def _layout(self) -> tuple[pygame.Rect, int, int, int]:
        w, h = self.app.size
        s = scale_for((w, h))
        bw, bh, gap = max(280, int(300 * s)), max(48, int(52 * s)), max(12, int(14 * s))
        title_h = max(74, int(80 * s))
        n = len(BUTTONS)
        panel = pygame.Rect(0, 0, bw + int(80 * s), title_h + n * bh + (n - 1) * gap + int(44 * s))
        lines = self.code_lines(panel.w - int(40 * s))
        if lines:  # the deal's code explained, under the buttons
            panel.h += len(lines) * self.code_font().get_linesize() + int(10 * s)
        panel.center = (w // 2, h // 2)
        return panel, bw, bh, gap

    def code_font(self) -> pygame.font.Font:
        s = scale_for(self.app.size)
        f: pygame.font.Font = self.app.art.font(max(12, int(15 * s)))
        return f

    def deal_code(self) -> str | None:
        """The code of the deal on the table under the pause ("Hand 1 · LPCB7"), if any."""
        from beloz.ui.scenes.table import TableScene, replay

        below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        if not isinstance(below, TableScene):
            return None
        try:
            return replay.current_code(below)
        except Exception:  # noqa: BLE001 - a line of help is never worth a crash
            return None

    def code_lines(self, width: int) -> list[str]:
        """What the code beside "Hand N" is, for a newcomer, in lines of ``width``."""
        from beloz.ui.widgets import wrap

        code = self.deal_code()
        if code is None:
            return []
        text = self.app.tr("pause.deal_code", code=code,
                           again=self.app.tr("teach.button_again"))
        return wrap(self.code_font(), text, width)

    def build(self) -> None:
        self.panel, bw, bh, gap = self._layout()
        s = scale_for(self.app.size)
        y = self.panel.top + max(74, int(80 * s))
        self.buttons = {}
        self.focus.begin()
        for name in BUTTONS:
            rect = pygame.Rect(self.panel.centerx - bw // 2, y, bw, bh)
            self.buttons[name] = self.focus.add(name, self.add(
                pygame_gui.elements.UIButton(
                    rect, self.app.tr(self.label_key(name)), self.app.ui,
                    object_id=oid(self.app, "#menu_button"),
                )
            ))
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_event(event):  # Tab, the arrows, Enter, Space
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        return False

    def choose(self, name: str) -> None:
        if name == "resume":
            self.app.pop()
        elif name == "rules":
            from beloz.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app, ruleset=self.ruleset_name()))
        elif name == "settings":
            from beloz.ui.scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif name == "menu":
            back = self.practice_screen()
            if back is None:
                self.app.to_menu()
            else:  # a practice problem played on: the hand is left, Practice comes back
                while self.app.scenes and self.app.top is not back:
                    self.app.pop()
        elif name == "quit":
            self.app.quit()

    def practice_screen(self) -> Any:
        """The Practice screen under a problem played on (``TableScene.practice_screen``),
        where the pause's Menu leads back to; else None."""
        below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        back = getattr(below, "practice_screen", None)
        return back if back in self.app.scenes else None

    def label_key(self, name: str) -> str:
        if name == "menu" and self.practice_screen() is not None:
            return "pause.practice"
        return f"pause.{name}"

    def ruleset_name(self) -> str:
        """The ruleset of the match under the pause (a resumed match may differ from the
        settings), else the settings' one."""
        for scene in reversed(self.app.scenes):
            match = getattr(getattr(scene, "flow", None), "match", None)
            ruleset = getattr(match, "ruleset", None)
            if ruleset is not None:
                return str(ruleset.name)
        return str(getattr(self.app.settings, "ruleset", ""))

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((12, 8, 4, 150))
        surface.blit(shade, (0, 0))
        panel, *_ = self._layout()
        draw_panel(surface, panel)
        s = scale_for(surface.get_size())
        title = text_with_shadow(self.app.art.font(int(34 * s), bold=True),
                                 self.app.tr("pause.title"), GOLD)
        centre = (panel.centerx, panel.top + max(38, int(42 * s)))
        surface.blit(title, title.get_rect(center=centre))
        font = self.code_font()
        lines = self.code_lines(panel.w - int(40 * s))
        y = panel.bottom - int(16 * s) - len(lines) * font.get_linesize()
        for line in lines:
            img = font.render(line, True, (220, 210, 180))
            at = img.get_rect(midtop=(panel.centerx, y))
            surface.blit(img, at)
            drawn.record(surface, "text", at, line)
            y += font.get_linesize()
