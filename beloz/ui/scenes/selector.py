"""What the Statistics and Progress screens share: a "◀  view  ▶" selector under the title,
stepped by a click or the Left and Right keys, and a Back button (Esc too).  Tab and Up /
Down move the focus between the selector and the buttons (``beloz.ui.focus``); the focus
opens on Back."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.widgets import GOLD, LARGE_SCALE, UIScene, oid, scale_for, text_with_shadow


class SelectorScene(UIScene):
    """A screen of figures with a selector of views (``views()``, each named by
    ``view_name()``); ``build`` makes ``self.back`` and calls ``add_selector``."""

    pausable = False
    title_key = ""
    title_centre = 44  # px at 1280 x 800

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back: Any = None
        self.selector: Any = None
        self.view: Any = None
        self.focus = Focus(self)

    def views(self) -> list[Any]:
        raise NotImplementedError

    def view_name(self) -> str:
        raise NotImplementedError

    def next_view(self, step: int = 1) -> None:
        views = self.views()
        i = views.index(self.view) if self.view in views else 0
        self.view = views[(i + step) % len(views)]
        if self.selector is not None:
            self.selector.set_text(self.selector_text())

    def selector_text(self) -> str:
        return f"◀  {self.view_name()}  ▶"

    def title_rect(self) -> pygame.Rect:
        """Where the title is drawn (``title_image``): centred at ``title_centre`` (times
        the window's scale), lowered where large text would reach the window's top."""
        s = scale_for(self.app.size)
        font = self.app.art.font(int(36 * s), bold=True)
        w, h = font.size(self.app.tr(self.title_key))
        r = pygame.Rect(0, 0, w + 2, h + 2)  # and its shadow
        r.center = (self.app.size[0] // 2, int(self.title_centre * s))
        r.top = max(r.top, 2)
        return r

    def title_image(self) -> pygame.Surface:
        font = self.app.art.font(int(36 * scale_for(self.app.size)), bold=True)
        return text_with_shadow(font, self.app.tr(self.title_key), GOLD)

    def button_size(self, texts: list[str], least: tuple[int, int]) -> tuple[int, int]:
        """A button as large as ``least`` and as its longest label needs in the theme's
        #back_button font (large text)."""
        font = self.app.art.font(22 if scale_for(self.app.size) >= LARGE_SCALE else 17,
                                 bold=True)
        return (max(least[0], max(font.size(t)[0] for t in texts) + 32),
                max(least[1], font.get_linesize() + 10))

    def add_selector(self, top: int) -> None:
        """The selector, centred at ``top`` (below the title); disabled with a single
        view.  As wide as its longest view's name, "◀  Toutes les règles  ▶" whole."""
        w = self.app.size[0]
        s = scale_for(self.app.size)
        top = max(top, self.title_rect().bottom + 2)
        before, texts = self.view, []
        for view in self.views():
            self.view = view
            texts.append(self.selector_text())
        self.view = before
        sw, sh = self.button_size(texts, (max(280, int(320 * s)), max(30, int(34 * s))))
        self.selector = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - sw // 2, top, sw, sh),
            self.selector_text(), self.app.ui, object_id=oid(self.app, "#back_button")))
        if len(self.views()) < 2:
            self.selector.disable()
        self.focus_controls()

    def focus_controls(self) -> None:
        """The selector, then the screen's buttons left to right, for the keys; Back first
        in focus."""
        self.focus.begin("back")
        self.focus.add("selector", self.selector)
        for name in ("back", "reset"):
            element = getattr(self, name, None)
            if isinstance(element, pygame_gui.core.UIElement):
                self.focus.add(name, element)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.next_view(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if self.focus.handle_event(event):  # Tab, Up / Down, Enter, Space
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.selector:
            self.next_view()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        return False
