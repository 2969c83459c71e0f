"""The game's own yes / cancel question, for a step that cannot be undone (a new game over a
saved one, erasing the statistics): a panel like the settings' over the dimmed screen, the
title in gold, the question in the game's font, two buttons of the game's theme.  Enter
confirms, Esc cancels, as the buttons say: the focus opens on the first; Tab or the arrows
move it to Cancel, where Enter or Space cancels (``beloz.ui.focus``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    UIScene,
    draw_panel,
    oid,
    scale_for,
    text_with_shadow,
    wrap,
)


class ConfirmScene(UIScene):
    transparent = True  # the screen that asks stays in view, dimmed
    pausable = False

    def __init__(
        self, app: App, text: str, title: str, action: str, on_confirm: Callable[[], Any]
    ) -> None:
        super().__init__(app)
        self.text, self.title, self.action = text, title, action
        self.on_confirm = on_confirm
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.confirm: Any = None
        self.cancel: Any = None
        self.focus = Focus(self)

    def spoken_title(self) -> str:
        """The title and the question: what the buttons answer."""
        return f"{self.title}. {self.text}"

    def fonts(self) -> tuple[pygame.font.Font, pygame.font.Font]:
        s = scale_for(self.app.size)
        return (self.app.art.font(int(30 * s), bold=True),
                self.app.art.font(max(15, int(19 * s))))

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        title_font, font = self.fonts()
        pad, gap = int(32 * s), int(16 * s)
        panel_w = min(max(int(620 * s), 600), w - 40)  # room for "Nouvelle partie (Entrée)"
        self.lines = wrap(font, self.text, panel_w - 2 * pad)
        title_h = title_font.get_linesize() + int(28 * s)
        text_h = len(self.lines) * font.get_linesize()
        button_h = max(40, int(48 * s))
        panel_h = title_h + text_h + int(28 * s) + button_h + pad
        self.panel = pygame.Rect(0, 0, panel_w, min(panel_h, h - 20))
        self.panel.center = (w // 2, h // 2)
        self.text_rect = pygame.Rect(self.panel.left + pad, self.panel.top + title_h,
                                     panel_w - 2 * pad, text_h)
        button_w = (panel_w - 2 * pad - gap) // 2
        y = self.panel.bottom - pad - button_h
        tr = self.app.tr
        self.focus.begin("confirm")
        self.confirm = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.panel.left + pad, y, button_w, button_h),
            tr("common.confirm_enter", action=self.action), self.app.ui,
            object_id=oid(self.app, "#back_button"),
        ))
        self.cancel = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.panel.right - pad - button_w, y, button_w, button_h),
            tr("common.cancel_esc"), self.app.ui,
            object_id=oid(self.app, "#back_button"),
        ))
        self.focus.add("confirm", self.confirm)
        self.focus.add("cancel", self.cancel)

    def answer(self, yes: bool) -> None:
        """Close the question, then do what it asked about if the answer is yes."""
        if self.app.top is self:
            self.app.pop()
        if yes:
            self.on_confirm()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_event(event):  # Enter or Space on the focused button
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer(False)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (
            self.confirm, self.cancel
        ):
            self.answer(event.ui_element is self.confirm)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((12, 8, 4, 170))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel, alpha=250)  # nothing below shows through the words
        title_font, font = self.fonts()
        title = text_with_shadow(title_font, self.title, GOLD)
        s = scale_for(surface.get_size())
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx,
                                                   self.panel.top + int(18 * s))))
        y = self.text_rect.top
        for line in self.lines:
            shown = font.render(line, True, CREAM)
            surface.blit(shown, shown.get_rect(midtop=(self.panel.centerx, y)))
            y += font.get_linesize()
