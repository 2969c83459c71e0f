"""The main menu: the table, the BeloZ title over a fan of cards, and the way in."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

from beloz import __version__, i18n
from beloz.rules.cards import ANIMALS, card
from beloz.ui import textsize
from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.scenes.start import start_table
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    LARGE_SCALE,
    Backdrop,
    UIScene,
    oid,
    scale_for,
    text_with_shadow,
)

log = logging.getLogger(__name__)

# The fan on the title: the strongest animals of each family, one per plain.
FAN = (card(0, 8), card(1, 5), card(2, 7), card(3, 3), card(0, 4))


def has_save() -> bool:
    try:
        from beloz.savegame import has_save as _has_save

        return bool(_has_save())
    except Exception:  # noqa: BLE001 -- no save module or an unreadable disk: nothing to continue
        log.exception("has_save")
        return False


def card_name(app: App, c: int) -> str:
    return app.tr(f"animal.{ANIMALS[c & 7]}")


class MenuScene(UIScene):
    pausable = False  # Esc on the menu asks whether to quit

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(dim=40)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.due = 0
        self.focus = Focus(self)
        self._title: tuple[tuple[int, int], str, float,
                           list[tuple[pygame.Surface, Any]]] | None = None
        self._buttons_left = 0  # the buttons' left edge: the title and the fan keep left of it

    def spoken_title(self) -> str:
        return f"BeloZ. {self.app.tr('menu.subtitle')}"

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        names = ["new_game", "tutorial", "practice", "progress", "settings", "rules", "stats",
                 "quit"]
        # Not in a window that saves nothing: the saved match is another window's.
        if has_save() and not getattr(self.app, "read_only", False):
            names.insert(0, "continue")
        # As tall as their text at the text size (the theme's 22 px, or 28 px in a large
        # window), as wide as the longest label.
        text_px = textsize.px(28 if s >= LARGE_SCALE else 22)
        bh = max(48, int(54 * s), round(text_px * 1.2) + 20)
        bw, gap = max(290, int(320 * s * textsize.factor())), max(12, int(14 * s))
        bw = min(bw, int(w * 0.5))
        total = len(names) * bh + (len(names) - 1) * gap
        x = int(w * 0.73) - bw // 2
        self._buttons_left, self._title = x, None
        # Below the middle, as far as the window's foot allows (nine buttons at 600 px).
        y = max(10, min((h - total) // 2 + int(h * 0.04), h - total - int(30 * s)))
        self.buttons = {}
        self.focus.begin()
        labels = {name: self.app.tr(f"menu.{name}") for name in names}
        from beloz.ui.scenes.practice import due_count

        self.due = due_count()  # the own problems due today, said on the button
        if self.due:
            labels["practice"] = self.app.tr("menu.practice_due", n=self.due)
        for name in names:
            rect = pygame.Rect(x, y, bw, bh)
            self.buttons[name] = self.focus.add(name, self.add(
                pygame_gui.elements.UIButton(
                    rect, labels[name], self.app.ui,
                    object_id=oid(self.app, "#menu_button"),
                )
            ))
            y += bh + gap

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons by click; Tab, the arrows, Enter and Space (``beloz.ui.focus``);
        Esc asks whether to quit."""
        if self.focus.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._confirm_quit()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        return False

    def choose(self, name: str) -> None:
        app = self.app
        if name == "continue":
            start_table(app, resume=True)
        elif name == "new_game":
            if has_save() and not getattr(app, "read_only", False):
                self._confirm_new_game()
            else:
                self._new_game()
        elif name == "tutorial":
            from beloz.ui.scenes.tutorial import TutorialScene

            app.push(TutorialScene(app))
        elif name == "practice":
            from beloz.ui.scenes.practice import PracticeScene

            app.push(PracticeScene(app))
        elif name == "progress":
            from beloz.ui.scenes.progress import ProgressScene

            app.push(ProgressScene(app))
        elif name == "settings":
            from beloz.ui.scenes.settings import SettingsScene

            app.push(SettingsScene(app))
        elif name == "rules":
            from beloz.ui.scenes.rules import RulesScene

            app.push(RulesScene(app, ruleset=app.settings.ruleset))  # the chosen ruleset's section
        elif name == "stats":
            from beloz.ui.scenes.stats import StatsScene

            app.push(StatsScene(app))
        elif name == "quit":
            app.quit()

    def _new_game(self) -> None:
        """The new-game dialog: ruleset, target and levels, then the table."""
        from beloz.ui.scenes.newgame import NewGameScene

        self.app.push(NewGameScene(self.app))

    def _confirm_new_game(self) -> None:
        from beloz.ui.scenes.confirm import ConfirmScene

        tr = self.app.tr
        self.app.push(ConfirmScene(self.app, tr("menu.confirm_new_text"),
                                   tr("menu.confirm_new_title"), tr("menu.confirm_new_ok"),
                                   on_confirm=self._new_game))

    def _confirm_quit(self) -> None:
        from beloz.ui.scenes.confirm import ConfirmScene

        tr = self.app.tr
        self.app.push(ConfirmScene(self.app, tr("menu.confirm_quit_text"),
                                   tr("menu.confirm_quit_title"), tr("menu.confirm_quit_ok"),
                                   on_confirm=self.app.quit))

    # ------------------------------------------------------------------ drawing
    def _title_art(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, Any]]:
        lang, factor = i18n.get_language(), textsize.factor()
        if self._title and self._title[:3] == (size, lang, factor):
            return self._title[3]
        w, h = size
        s = scale_for(size)
        cx = int(w * 0.34)
        parts: list[tuple[pygame.Surface, Any]] = []
        title = text_with_shadow(self.app.art.font(int(96 * s), bold=True), "BeloZ", GOLD, 4)
        parts.append((title, title.get_rect(center=(cx, int(h * 0.17)))))
        sub = text_with_shadow(self.app.art.font(int(24 * s)), self.app.tr("menu.subtitle"), CREAM)
        # Below the title as it grows with the text size.
        parts.append((sub, sub.get_rect(center=(cx, int(h * 0.17) + int(68 * s * factor)))))
        card_w = max(60, min(int(w * 0.11), int(h * 0.2)))
        n = len(FAN)
        centre_y = int(h * 0.63)
        for i, c in enumerate(FAN):
            t = i - (n - 1) / 2
            angle = -t * 11
            face = self.app.art.face(c, card_w, name=card_name(self.app, c),
                                     flooded=(c & 7) in (2, 4))
            rotated = pygame.transform.rotozoom(face, angle, 1.0)
            x = cx + int(t * card_w * 0.7)
            y = centre_y + int(abs(t) ** 2 * card_w * 0.07)
            parts.append((rotated, rotated.get_rect(center=(x, y))))
        # With large text the buttons grow wider: the title and the fan move left, clear
        # of them (at 100 % they are already).
        right = max(rect.left + image.get_bounding_rect().right for image, rect in parts)
        left = min(rect.left + image.get_bounding_rect().left for image, rect in parts)
        limit = self._buttons_left - max(6, w // 200) if self._buttons_left else w
        dx = max(min(0, limit - right), -max(0, left - 4))
        parts = [(image, rect.move(dx, 0)) for image, rect in parts]
        self._title = (size, lang, factor, parts)
        return parts

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        w, h = surface.get_size()
        for image, rect in self._title_art((w, h)):
            surface.blit(image, rect)
        foot = self.app.art.font(max(12, int(13 * scale_for((w, h)))))
        footer = self.app.tr("menu.footer")
        if getattr(self.app, "read_only", False):  # said for as long as it lasts
            footer += "   —   " + self.app.tr(getattr(self.app, "read_only_why", None)
                                              or "in_use.toast")
        text = foot.render(footer, True, CREAM)
        text.set_alpha(170)
        surface.blit(text, (12, h - text.get_height() - 8))
        version = foot.render(f"v{__version__}", True, CREAM)
        version.set_alpha(120)  # small and faint: for bug reports, not for play
        surface.blit(version, version.get_rect(bottomright=(w - 12, h - 8)))

    def update(self, dt: float) -> None:
        pass


