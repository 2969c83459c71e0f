"""The spoken table on every screen (issue 47, point 5): when a screen opens, or comes back
when the one over it closes, its title and then what has the keys' focus are said, once;
when the focus moves, the new focus is said.  A recording voice listens; only synthetic key
events move anything (``speech.Screens``, asked by the window once a frame)."""

from __future__ import annotations

import re

import pygame
import pytest

from beloz.settings import Settings
from beloz.ui import speech
from tests.test_ui_table import frame, key

#: The registry's screens (``scene_registry``), the key that moves their focus, and the
#: start of their title as said.
SCREENS = [
    ("menu", pygame.K_TAB, "BeloZ. Belote in the savanna."),
    ("newgame", pygame.K_TAB, "New game."),
    ("settings", pygame.K_TAB, "Settings."),
    ("rules", pygame.K_TAB, "How to play."),
    ("tutorial", pygame.K_TAB, "Lesson 4 of "),
    ("practice", pygame.K_TAB, "Practice 1 of "),
    ("progress", None, "Progress."),  # one ruleset played: Back alone, nowhere to move
    ("stats", pygame.K_TAB, "Statistics."),
    ("pause", pygame.K_TAB, "Paused."),
    ("in_use", pygame.K_TAB, "BeloZ is already running."),
    ("review", pygame.K_RIGHT, "Review of hand "),
]


@pytest.fixture
def listen(tmp_path, monkeypatch):
    """``listen(name)``: a window (960 × 600, English, fast) that speaks to a recording
    voice, the registry's screen ``name`` on it; returns the window."""
    from beloz.ai import review
    from beloz.ai.player import RandomPlayer
    from beloz.practice import queue as queue_mod
    from beloz.ui import game
    from beloz.ui.app import App
    from beloz.ui.scene_registry import push_scene

    from .conftest import PRACTICE_DAY
    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(queue_mod, "today", lambda: PRACTICE_DAY)
    apps = []

    def make(name: str | None = None):
        app = App(size=(960, 600), fast=True, save=False,
                  settings=Settings(language="en", sound=False))
        app.speech = speech.Speech("on", make=speech.RecordingSpeaker, detect=None)
        apps.append(app)
        if name is not None:
            push_scene(app, name, 1)
            frame(app, 3)
        return app

    yield make
    for app in apps:
        app.close()


def heard(app) -> list[str]:
    return app.speech.speaker.lines


def opened_line(scene) -> str:
    """What is said as ``scene`` opens: its title as a sentence, its news, its focus."""
    return " ".join(p for p in (speech.sentence(scene.spoken_title()), scene.spoken_news(),
                                scene.spoken_focus()) if p)


def reviewed(app, settle: int = 0):
    """The review on show once its hand is computed (at once, or in the worker), after
    ``settle`` more frames."""
    scene = app.top
    for _ in range(400):
        if scene.entry.review is not None:
            break
        frame(app)
    if settle:
        frame(app, settle)
    return scene


@pytest.mark.parametrize(("name", "move", "title"), SCREENS, ids=[s[0] for s in SCREENS])
def test_each_screen_says_its_title_then_its_focus_once_then_each_move(
        listen, name, move, title) -> None:
    app = listen(name)
    scene = app.top
    if name == "review":  # the review computes first: its page is on show meanwhile
        reviewed(app)
    lines = heard(app)
    focus = scene.spoken_focus()
    # (in a lesson, while a card is to play, no button has the focus: its task is said)
    # (nor in Practice, where a card is the answer: its question is said)
    assert focus or (name == "tutorial" and "Your turn" in scene.spoken_news()) or (
        name == "practice" and "Find the best card" in scene.spoken_news()), name
    said = [line for line in lines if line.startswith(title)]
    assert said == [opened_line(scene)], (name, lines)  # once, title then focus
    assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", said[0]), said  # no i18n key said
    assert said[0].endswith(focus)
    frame(app, 5)
    assert lines.count(said[0]) == 1  # not said again while nothing moves
    if move is None:
        return
    n = len(lines)
    key(app, move)
    frame(app)
    moved = " ".join(scene.spoken_focus().split())
    assert moved and moved != focus, f"{name}: the key did not move the focus"
    assert lines[n:] == [moved], (name, lines[n:])  # the new focus, once, alone
    frame(app, 3)
    assert lines[n:] == [moved]


def test_the_table_s_score_screen_says_its_title_then_the_score_and_its_keys(
        listen) -> None:
    app = listen("score")
    table = app.top
    lines = heard(app)
    head = next(i for i, line in enumerate(lines) if line.startswith("Hand 1 — "))
    assert lines[head + 1].startswith("The hand is over:")
    assert "Next hand" in lines[head + 2] and "Review (R)" in lines[head + 2]
    del lines[:]
    key(app, pygame.K_r)  # the hand's review opens over the score
    review = app.top
    assert review is not table and lines[0].startswith("Review of hand 1. ")
    del lines[:]
    key(app, pygame.K_ESCAPE)  # back at the table: where it stands, in one line
    assert app.top is table and len(lines) == 1
    assert lines[0].startswith("Back at the table. Score: ") and "Review (R)" in lines[0]


def test_confirm_dialogs_say_their_question_and_the_screen_below_is_said_again(
        listen) -> None:
    from beloz.ui.scenes.confirm import ConfirmScene

    app = listen("menu")
    menu = app.top
    lines = heard(app)
    del lines[:]
    key(app, pygame.K_ESCAPE)  # Esc on the main menu asks whether to quit
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    assert lines == [f"Quit BeloZ. Close the game now? {dialog.spoken_focus()}"]
    key(app, pygame.K_TAB)
    assert lines[-1] == dialog.spoken_focus() and len(lines) == 2
    key(app, pygame.K_ESCAPE)  # No: back on the menu, said again as it comes back
    assert app.top is menu and app.running
    assert lines[-1] == opened_line(menu) and len(lines) == 3


def test_screens_opened_by_keys_from_the_menu_each_said(listen) -> None:
    """Menu → Settings → menu → How to play → menu → Statistics → menu, by keys: each
    screen said as it opens and as it comes back, nothing else said twice."""
    from beloz.ui.scenes.menu import MenuScene

    app = listen()
    app.push(MenuScene(app))
    frame(app, 2)
    lines = heard(app)
    for button in ("settings", "rules", "stats"):
        menu = app.top
        for _ in range(12):
            if menu.focus.focused == button:
                break
            key(app, pygame.K_DOWN)
        del lines[:]
        key(app, pygame.K_RETURN)
        screen = app.top
        assert screen is not menu and lines == [opened_line(screen)], (button, lines)
        key(app, pygame.K_ESCAPE)
        assert app.top is menu and lines[-1] == opened_line(menu) and len(lines) == 2


def test_a_silent_table_says_no_screen_and_turned_on_says_the_one_it_is_on(listen) -> None:
    app = listen()
    app.speech.set_mode("off")
    from beloz.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    frame(app, 3)
    key(app, pygame.K_TAB)
    lines = heard(app)
    assert lines == []
    app.speech.set_mode("on")
    frame(app)
    assert lines == [opened_line(app.top)] and lines[0].startswith("Settings. Rules: ")


def test_the_lesson_s_cards_said_as_the_arrows_raise_them(listen) -> None:
    """The tutorial: the arrows raise a card (no button has the focus): its name is said."""
    from beloz.ai.explain import card_word

    app = listen("tutorial")
    scene = app.top
    for _ in range(600):
        if scene.runner.task is not None and scene.choosing_card():
            break
        frame(app)
    lines = heard(app)
    n = len(lines)
    key(app, pygame.K_RIGHT)
    assert scene.card_sel is not None
    assert lines[n:] == [card_word(scene.card_rects[scene.card_sel][1], "name", None)]
