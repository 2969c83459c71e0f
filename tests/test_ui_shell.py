"""The game window's shell, driven headless with synthetic events (tests/conftest.py sets
SDL's dummy drivers): menu, settings saved at once, bad settings files, F11 / Esc, tiny
windows, screenshots, i18n, the AI worker."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from beloz import i18n
from beloz.settings import Settings
from beloz.ui.app import MIN_SIZE, App, opening_size
from beloz.ui.scene import Scene
from beloz.ui.scenes.menu import MenuScene
from beloz.ui.scenes.pause import PauseScene
from beloz.ui.scenes.rules import SECTION_NAMES, RulesScene
from beloz.ui.scenes.settings import SettingsScene
from beloz.ui.scenes.stats import StatsScene
from beloz.ui.worker import Worker


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def click(app: App, element) -> None:
    """A real left click (down and up) in the middle of a pygame_gui element."""
    pos = element.rect.center
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def saved(data_dir) -> dict:
    return json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))


class Plain(Scene):
    """A stand-in for the table: pausable, no widgets."""


def test_menu_to_settings_change_is_saved(app, data_dir):
    app.push(MenuScene(app))
    frames(app)
    assert "continue" not in app.top.buttons  # no saved match in a fresh data dir
    click(app, app.top.buttons["settings"])
    assert isinstance(app.top, SettingsScene)
    scene = app.top
    click(app, scene.controls["auto_declare"])
    assert app.settings.auto_declare is False
    assert saved(data_dir)["auto_declare"] is False
    # One button per computer seat: a click gives that seat the next level.
    click(app, scene.controls["level:1"])  # the partner: standard -> expert
    assert app.settings.level == "standard,expert,standard"
    assert saved(data_dir)["level"] == "standard,expert,standard"
    scene = app.top
    for _ in range(2):  # the first opponent: standard -> expert -> beginner
        click(app, scene.controls["level:0"])
        scene = app.top
    assert app.settings.level == "beginner,expert,standard"
    assert scene.controls["level:0"].text == "Beginner"
    assert scene.controls["level:1"].text == "Expert"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_garbage_settings_give_defaults_and_a_message(data_dir):
    (data_dir / "settings.json").write_text("{ this is not json", encoding="utf-8")
    app = App(size=(960, 600), fast=True)
    try:
        assert app.settings.level == Settings().level
        assert app.settings.target == Settings().target
        assert app.toasts, "the player is told"
        app.push(MenuScene(app))
        frames(app)
    finally:
        app.close()


def test_bad_value_in_settings_gives_that_default(data_dir):
    (data_dir / "settings.json").write_text(
        json.dumps({"schema": 1, "level": "godlike", "target": 1500}), encoding="utf-8")
    app = App(size=(960, 600), fast=True)
    try:
        assert app.settings.level == "standard" and app.settings.target == 1500
        assert app.toasts
    finally:
        app.close()


def test_f11_toggles_fullscreen_and_saves(app, data_dir):
    app.push(MenuScene(app))
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    assert saved(data_dir)["fullscreen"] is True
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is False
    # back at the saved size, as far as the (dummy, 1024 x 768) desktop holds it
    assert app.size == opening_size((1280, 800), app.desktop_size())


@pytest.mark.parametrize("desktop, chosen, opened", [
    ((1280, 800), (1280, 800), (1280, 720)),  # leaving full screen on a screen that size
    ((1024, 600), (960, 600), (960, 520)),  # a netbook: 960 x 600 is taller than it
])
def test_a_window_from_the_settings_fits_the_desktop(app, monkeypatch, desktop, chosen,
                                                     opened):
    """Leaving full screen, or a size chosen in the settings, opens no taller than the
    desktop less its title and task bars: the saved 1280 x 800 came back taller than a
    1280 x 800 screen, the Menu button off it.  The settings keep the size chosen."""
    monkeypatch.setattr(app, "_desktop", lambda: desktop)
    app.apply_settings(app.settings.replace(window_size=chosen, fullscreen=True))
    app.apply_settings(app.settings.replace(fullscreen=False))
    assert app.size == opened and tuple(app.settings.window_size) == chosen


def test_escape_opens_pause_over_a_game_and_closes_it(app):
    app.push(MenuScene(app))
    key(app, pygame.K_ESCAPE)  # no pause over the menu: it asks whether to quit
    assert not isinstance(app.top, PauseScene) and app.running
    key(app, pygame.K_ESCAPE)  # and Esc again does not
    assert isinstance(app.top, MenuScene) and app.running
    app.push(Plain(app))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, Plain)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons["menu"])
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1
    click(app, app.top.buttons["quit"])
    assert app.running is False


def test_pause_settings_and_back(app):
    app.push(Plain(app))
    app.open_pause()
    frames(app)
    click(app, app.top.buttons["settings"])
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.back)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.buttons["resume"])
    assert isinstance(app.top, Plain)


@pytest.mark.parametrize("make", [MenuScene, SettingsScene, RulesScene, StatsScene, PauseScene])
def test_tiny_window_does_not_crash(app, make):
    app.push(MenuScene(app))
    if make is not MenuScene:
        app.push(make(app))
    for size in ((200, 100), (1, 1), (3000, 1800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                             size=size))
        frames(app)
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    # a scene asked to lay out for a tiny surface copes too
    app.top.resize((10, 10))
    app.top.draw(pygame.Surface((10, 10)))


def test_language_switch_changes_menu_text(app):
    app.push(MenuScene(app))
    frames(app)
    assert app.top.buttons["new_game"].text == "New game"
    app.apply_settings(app.settings.replace(language="fr"))
    frames(app)
    assert app.top.buttons["new_game"].text == "Nouvelle partie"
    assert app.tr("menu.quit") == "Quitter"


def test_every_key_in_both_languages():
    keys = {lang: i18n.flat_keys(i18n.load_strings(lang)) for lang in i18n.LANGUAGES}
    assert keys["en"] == keys["fr"], sorted(keys["en"] ^ keys["fr"])
    for lang in i18n.LANGUAGES:
        text = (i18n.strings_path(lang)).read_text(encoding="utf-8")
        data = json.loads(text)
        assert json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n" == text, (
            f"{lang}.json: keep it sorted (json.dump(..., indent=2, sort_keys=True))")


def test_tr_placeholders_and_missing_keys():
    i18n.set_language("fr")
    try:
        assert i18n.tr("settings.points", n=500) == "500 points"
        assert i18n.tr("no.such.key") == "no.such.key"
    finally:
        i18n.set_language("en")


def test_rules_sections_scroll_and_page(app):
    app.push(RulesScene(app))
    frames(app)
    scene = app.top
    for index, _ in enumerate(SECTION_NAMES):
        scene.show(index)
        frames(app, 1)
        assert scene.page().get_height() > 100
    scene.show(0)
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_RIGHT)
    assert scene.section == 1 and scene.scroll == 0
    click(app, scene.next)
    assert scene.section == 2


@pytest.mark.parametrize("name", ["menu", "settings", "rules", "stats", "pause"])
def test_screenshot_writes_a_png(data_dir, tmp_path, name):
    import main

    out = tmp_path / f"{name}.png"
    assert main.main(["--screenshot", str(out), "--scene", name, "--seed", "2",
                      "--size", "960x600"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (960, 600)
    assert not (data_dir / "settings.json").exists(), "screenshots never write settings"


def test_unknown_scene_is_an_error_not_a_crash(data_dir, tmp_path):
    import main

    assert main.main(["--screenshot", str(tmp_path / "x.png"), "--scene", "nope"]) == 2


def test_worker_runs_off_the_loop_and_in_fast_mode():
    worker = Worker()
    job = worker.submit(lambda: (time.sleep(0.05), 42)[1])
    assert not job.done()
    assert job.wait(2)
    assert job.done() and job.result() == 42
    slow = worker.submit(lambda: 1, min_delay=0.2)
    slow.wait(2)
    assert not slow.done(), "min_delay holds the answer back"
    failing = worker.submit(lambda: 1 / 0)
    failing.wait(2)
    with pytest.raises(ZeroDivisionError):
        failing.result()
    worker.shutdown()
    fast = Worker(fast=True).submit(lambda x: x + 1, 1, min_delay=5)
    assert fast.done() and fast.result() == 2


def test_notify_toasts_expire(app):
    app.push(MenuScene(app))
    app.notify("hello")
    frames(app, 1)
    assert app.toasts
    for _ in range(20):
        app.step(0.25)
    assert not app.toasts


def test_unexpected_error_gives_a_crash_log_not_a_traceback(data_dir, monkeypatch, capsys):
    from beloz import cli as main

    def boom(args):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(main, "run", boom)
    assert main.main(["--headless"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "kaboom" not in err
    logs = list(data_dir.rglob("*.log"))
    assert any("kaboom" in p.read_text(encoding="utf-8") for p in logs)


def test_new_game_over_a_saved_match_asks_first(app, monkeypatch):
    """New game with a match saved asks before losing it: a centred, blocking question
    in the window's language; closing it leaves the menu where it was."""
    from beloz.ui.scenes import menu as menu_module
    from beloz.ui.scenes.confirm import ConfirmScene

    monkeypatch.setattr(menu_module, "has_save", lambda: True)
    app.push(MenuScene(app))
    frames(app)
    scene = app.top
    assert isinstance(scene, MenuScene)
    click(app, scene.buttons["new_game"])
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.title == app.tr("menu.confirm_new_title")
    assert dialog.panel.center == (640, 400)
    assert app.scenes == [scene, dialog]  # nothing started yet
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
