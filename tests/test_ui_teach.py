"""Teaching and newcomer screens, driven by synthetic events: resetting the statistics, the
level's description in the settings."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from beloz import i18n
from beloz.settings import Settings
from beloz.ui.app import App
from beloz.ui.scenes.settings import SettingsScene
from beloz.ui.scenes.stats import StatsScene

from .test_ui_shell import click, frames


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(data_dir):
    app = App(size=(1280, 800), fast=True, settings=Settings(language="en"))
    yield app
    app.close()
    i18n.set_language("en")


def test_statistics_reset_asks_then_zeroes_and_saves(app, data_dir):
    from beloz.stats import Stats, save_stats

    save_stats(Stats(hands_played=12, matches_played=2, matches_won=1))
    scene = StatsScene(app)
    app.push(scene)
    frames(app)
    assert scene.stats.hands_played == 12
    click(app, scene.reset)
    assert scene.confirm is not None  # asked first: nothing erased yet
    saved = json.loads((data_dir / "stats.json").read_text(encoding="utf-8"))
    assert saved["hands_played"] == 12
    # Cancel keeps everything.
    pygame.event.post(pygame.event.Event(pygame_gui.UI_WINDOW_CLOSE, ui_element=scene.confirm))
    frames(app)
    assert scene.confirm is None and scene.stats.hands_played == 12
    click(app, scene.reset)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                         ui_element=scene.confirm))
    frames(app)
    assert scene.stats.hands_played == 0
    saved = json.loads((data_dir / "stats.json").read_text(encoding="utf-8"))
    assert saved["hands_played"] == 0 and saved["matches_played"] == 0


def test_settings_describe_the_chosen_level(app):
    scene = SettingsScene(app)
    app.push(scene)
    frames(app)
    assert scene.help_rect.h > 0
    assert scene.help_rect.bottom <= scene.back.rect.top
    for level in ("beginner", "standard", "expert"):
        text = app.tr(f"settings.level_help.{level}")
        assert text != f"settings.level_help.{level}" and text.startswith(app.tr(f"level.{level}"))
