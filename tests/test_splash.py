"""The window is BeloZ from its first moment: title and icon given before the window opens,
and its first frame (the table's colour and the name, where the menu puts them) shown before
pygame_gui, the AI's helper process and the menu load."""

from __future__ import annotations

import pygame
import pytest

from beloz.settings import Settings
from beloz.ui import app as app_mod
from beloz.ui import splash
from beloz.ui.widgets import GOLD


@pytest.fixture
def watched(data_dir, monkeypatch):
    """What happened, in order, while an App opened: ("set_mode", caption, icon given),
    ("flip", copy of the screen), ("ui",), ("worker",)."""
    events: list[tuple] = []
    icon_given: list[bool] = []
    set_mode, set_icon, flip = (pygame.display.set_mode, pygame.display.set_icon,
                                pygame.display.flip)
    make_ui, worker = app_mod.App._make_ui, app_mod.Worker

    def watch_set_mode(*args, **kw):
        caption = (pygame.display.get_caption() or ("",))[0]  # () before any title
        events.append(("set_mode", caption, bool(icon_given)))
        return set_mode(*args, **kw)

    def watch_set_icon(surface):
        icon_given.append(True)
        return set_icon(surface)

    def watch_flip():
        events.append(("flip", pygame.display.get_surface().copy()))
        return flip()

    def watch_ui(self, size):
        events.append(("ui",))
        return make_ui(self, size)

    def watch_worker(*args, **kw):
        events.append(("worker",))
        return worker(*args, **kw)

    pygame.display.quit()  # a window left by an earlier test would keep its title
    monkeypatch.setattr(pygame.display, "set_mode", watch_set_mode)
    monkeypatch.setattr(pygame.display, "set_icon", watch_set_icon)
    monkeypatch.setattr(pygame.display, "flip", watch_flip)
    monkeypatch.setattr(app_mod.App, "_make_ui", watch_ui)
    monkeypatch.setattr(app_mod, "Worker", watch_worker)
    window = app_mod.App(size=(960, 600), fast=True, settings=Settings(language="en"))
    yield events
    window.close()


def test_the_window_opens_with_its_title_and_icon(watched):
    kind, caption, icon = watched[0]
    assert kind == "set_mode"
    assert caption == "BeloZ", "the title is given before the window opens"
    assert icon, "the icon is given before the window opens"


def test_the_first_frame_is_drawn_before_the_rest_loads(watched):
    kinds = [e[0] for e in watched]
    assert kinds.index("flip") < kinds.index("ui") < kinds.index("worker"), kinds
    frame = next(e[1] for e in watched if e[0] == "flip")
    assert frame.get_size() == (960, 600)
    assert frame.get_at((900, 550))[:3] == splash.TABLE_GREEN  # the table's colour, not black
    # the name in gold where the menu shows it (a third across, a sixth down)
    row = [frame.get_at((x, int(600 * 0.17)))[:3] for x in range(200, 460)]
    assert sum(1 for c in row if c == GOLD) > 20, "the name is drawn"


def test_the_splash_is_drawn_in_french_too(data_dir):
    from beloz import i18n

    surface = pygame.Surface((1280, 800))
    i18n.set_language("fr")
    splash.draw_splash(surface, app_mod.CardArt())
    french = pygame.image.tobytes(surface, "RGB")
    i18n.set_language("en")
    splash.draw_splash(surface, app_mod.CardArt())
    assert french != pygame.image.tobytes(surface, "RGB"), "the subtitle is translated"
