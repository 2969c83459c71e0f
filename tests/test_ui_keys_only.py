"""Issue 47's first check: from the main menu to a finished match, and on through the other
screens, with synthetic key events only (KEYDOWN and KEYUP: nothing else is posted, no
scene method is called to act).  New game (the ruleset, the target and a level chosen),
the cut at a chosen point, the bids, every card, the score screen, that hand's review and
Show me how, the match's end, Settings (the speed, the text size), How to play, a tutorial
lesson, the pause menu, Quit.  A step that only a click could take stalls the game and
fails the test (``Keys.stalled``).

The match is short as in tests/test_ui_focus.py: belote classique to 501, random computer
players, the window's fast mode (animations done at once)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from beloz.settings import Settings
from beloz.ui.game import StepKind

POSTED = (pygame.KEYDOWN, pygame.KEYUP)
CLICKS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
          pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


@pytest.fixture
def app(tmp_path, monkeypatch):
    from beloz import i18n
    from beloz.ai import review
    from beloz.ai.player import RandomPlayer
    from beloz.practice import duplicate
    from beloz.ui import game
    from beloz.ui.app import App
    from beloz.ui.scenes import review as review_scene
    from beloz.ui.scenes.table import scene as table_scene

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)  # a quick review, a quick Expert
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    monkeypatch.setattr(review_scene, "_WATCHED", {})
    monkeypatch.setattr(review_scene, "_DUPLICATES", {})
    # The match's seed: belote classique's draw makes the person the first to cut.
    fixed = SimpleNamespace(randrange=lambda n: 8)
    monkeypatch.setattr(table_scene, "random", SimpleNamespace(SystemRandom=lambda: fixed))
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


class Keys:
    """The keyboard, and nothing else: ``press`` posts a key's down and up and lets the
    window run two frames."""

    def __init__(self, app) -> None:
        self.app = app
        self.pressed = 0

    def frames(self, n: int = 2) -> None:
        for _ in range(n):
            self.app.step(1 / 60)

    def press(self, k: int, shift: bool = False) -> None:
        mod = pygame.KMOD_SHIFT if shift else 0
        for kind in POSTED:
            pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="",
                                                 scancode=0))
        self.pressed += 1
        self.frames()

    def letter(self, shown: str) -> None:
        """The key a button shows: "T", "3", "Enter"."""
        self.press(pygame.K_RETURN if shown == "Enter" else pygame.key.key_code(shown.lower()))

    def focus_on(self, name: str, k: int = pygame.K_TAB, limit: int = 30) -> None:
        """``k`` until the top screen's focus is on ``name``."""
        for _ in range(limit):
            if self.app.top.focus.focused == name:
                return
            self.press(k)
        raise AssertionError(f"the keys never reached {name} on {type(self.app.top).__name__}")

    def choose(self, control: str, wanted, value_of) -> None:
        """A drop-down's choice by keys: its list opened, ↓ or ↑ until ``value_of()`` is
        ``wanted`` once picked with Enter (the list opens again for the next try)."""
        for k in (pygame.K_DOWN, pygame.K_UP):
            for _ in range(8):
                self.focus_on(control)
                self.press(pygame.K_RETURN)  # the list opens
                self.press(k)
                self.press(pygame.K_RETURN)  # the choice highlighted
                self.frames()
                if value_of() == wanted:
                    return
        raise AssertionError(f"{control}: {wanted} never chosen by keys")


def _decide(keys: Keys, scene, seen: dict) -> None:
    """The person's turn at the table, answered by keys as the buttons show them."""
    from beloz.ui.scenes.table import prompts

    step = scene.step
    shown = [n for n in scene.buttons if n in prompts.BUTTON_KEYS]
    if step.kind is StepKind.CUT:
        middle = step.data.get("default", 16)
        for _ in range(3):
            keys.press(pygame.K_LEFT)
        assert scene.buttons["cut"].text == f"Cut {middle - 3} cards (Enter)"
        seen["cut"] = middle - 3
        keys.press(pygame.K_RETURN)
    elif step.kind is StepKind.PLAY and scene.pending_play is None:
        hand, legal = scene.hands[0], set(step.data["legal"])
        for _ in range(len(hand) + 1):
            keys.press(pygame.K_RIGHT)
            if hand[scene.sel] in legal:
                break
        seen["cards"] = seen.get("cards", 0) + 1
        keys.press(pygame.K_RETURN)
    elif step.kind is StepKind.BID:
        # Take, or name a plain in the second round: a short match; else pass.
        for wanted in ("take", *(n for n in shown if n.startswith("name")), "pass"):
            if wanted in shown:
                seen.setdefault("bids", []).append(wanted)
                keys.letter(prompts.BUTTON_KEYS[wanted])
                return
        raise AssertionError(f"no bid button shows its key: {list(scene.buttons)}")
    elif shown:  # the pack's deal, a chosen card's question (declare, belote)
        keys.letter(prompts.BUTTON_KEYS[shown[0]])
    else:
        raise AssertionError(f"no key for {step.kind} (buttons {list(scene.buttons)})")


def _review_by_keys(keys: Keys, scene, seen: dict) -> None:
    """The score screen's Review (R, written on it), Show me how (S) and back (Esc)."""
    from beloz.ui.scenes.review import _DUPLICATES, ReviewScene

    assert scene.buttons["review"].text == "Review (R)"
    assert scene.buttons["again"].text == "Play this deal again (A)"
    keys.press(pygame.K_r)
    rv = keys.app.top
    assert isinstance(rv, ReviewScene) and rv.entry.review is not None
    keys.press(pygame.K_s)
    assert rv.showing and _DUPLICATES.get(rv.deal_key()) is not None
    keys.press(pygame.K_s)  # back to the hand
    assert not rv.showing
    keys.press(pygame.K_ESCAPE)
    assert keys.app.top is scene and scene.step.kind is StepKind.SCORE
    seen["reviewed"] = True


def _play_the_match(keys: Keys, scene) -> dict:
    """Every decision of the match by keys, to its end; what was done."""
    seen: dict = {"hands": 0}
    stalled, last = 0, None
    for _ in range(20000):
        step = scene.step
        if step is not None and step.kind is StepKind.MATCH_END and scene.phase == "human":
            return seen
        human = (step is not None and scene.phase == "human"
                 and (step.human or step.kind is StepKind.SCORE))
        if not human:
            keys.frames(1)
            continue
        # The same question after a dozen answers: the keys do not answer it.
        state = (id(step), scene.pending_play, len(scene.hands[0]))
        stalled = stalled + 1 if state == last else 0
        last = state
        assert stalled < 12, f"the keys do not answer {step.kind} ({list(scene.buttons)})"
        if step.kind is StepKind.SCORE:
            if "reviewed" not in seen:
                _review_by_keys(keys, scene, seen)
            seen["hands"] += 1
            keys.press(pygame.K_RETURN)
        else:
            _decide(keys, scene, seen)
    raise AssertionError("the match did not end")


def test_a_match_and_every_screen_by_keys_only(app, monkeypatch) -> None:
    from beloz.ui.scenes.confirm import ConfirmScene
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.newgame import NewGameScene
    from beloz.ui.scenes.pause import PauseScene
    from beloz.ui.scenes.rules import RulesScene
    from beloz.ui.scenes.settings import SettingsScene
    from beloz.ui.scenes.table import TableScene
    from beloz.ui.scenes.tutorial import TutorialScene

    real_post = pygame.event.post

    def post(event):  # the test posts keys only (pygame_gui posts its own events); no click
        assert event.type not in CLICKS, pygame.event.event_name(event.type)
        return real_post(event)

    monkeypatch.setattr(pygame.event, "post", post)
    keys = Keys(app)
    app.push(MenuScene(app))
    keys.frames()

    # New game: the ruleset, the target, the third seat's level; Start.
    assert app.top.focus.focused == "new_game"
    keys.press(pygame.K_RETURN)
    assert isinstance(app.top, NewGameScene)
    keys.choose("ruleset", "belote-classique", lambda: app.settings.ruleset)
    keys.choose("target", 501, lambda: app.settings.target)
    keys.focus_on("level:2", pygame.K_RIGHT)
    keys.press(pygame.K_SPACE)
    assert app.settings.level == "standard,standard,expert"
    keys.focus_on("start")  # Tab: Start, then Cancel
    keys.press(pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    match = table.flow.match
    assert match.ruleset.name == "belote-classique" and match.target == 501

    # The match: cut, bid, every card, the score screens, a review, to the end.
    seen = _play_the_match(keys, table)
    assert seen["cut"] and seen["cards"] >= 8 * seen["hands"] and seen["reviewed"]
    assert match.winner() is not None
    assert table.buttons["new_match"].text == "New match (N)"
    assert table.buttons["menu_end"].text == "Menu (Esc)"
    keys.press(pygame.K_ESCAPE)  # the main menu, as the button says (not the pause)
    assert isinstance(app.top, MenuScene)

    # Settings: the speed and the text size, by keys.
    keys.focus_on("settings", pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    speed = app.settings.animation_speed
    keys.choose("animation_speed", True, lambda: app.settings.animation_speed != speed)
    keys.choose("text_size", 150, lambda: app.settings.text_size)
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)

    # How to play: a section on, then back.
    keys.focus_on("rules", pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    rules = app.top
    assert isinstance(rules, RulesScene)
    section = rules.section  # the ruleset's own page
    keys.press(pygame.K_LEFT)
    assert rules.section == section - 1
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)

    # The first lesson, every task answered by keys, to its end.
    keys.focus_on("tutorial", pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    lesson = app.top
    assert isinstance(lesson, TutorialScene)
    _lesson_by_keys(keys, lesson)
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)

    # A new match's pause menu, and Quit from it.
    keys.focus_on("new_game", pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    keys.press(pygame.K_RETURN)  # Start, where the focus opens
    assert isinstance(app.top, TableScene)
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    keys.focus_on("quit", pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    assert app.running is False and not isinstance(app.top, ConfirmScene)


def _lesson_by_keys(keys: Keys, scene) -> None:
    """Each task of the lesson answered with its expected card (the arrows, Enter) or bid
    (Tab to its button, Enter); the lesson's script runs between them."""
    for _ in range(3000):
        if scene.ended:
            return
        task = scene.runner.task
        if task is None:
            keys.frames(1)
            continue
        wanted = task.expect[0]
        done = len(scene.runner.state.tricks), scene.runner.state.current
        if wanted < 32:
            for _ in range(9):
                keys.press(pygame.K_RIGHT)
                assert scene.card_sel is not None, "the arrows select no card of the lesson"
                if scene.card_rects[scene.card_sel][1] == wanted:
                    break
            keys.press(pygame.K_RETURN)
        else:
            keys.focus_on(f"bid:{wanted}")
            keys.press(pygame.K_RETURN)
        assert scene.runner.task is not task or done != (
            len(scene.runner.state.tricks), scene.runner.state.current), "a task not answered"
    raise AssertionError("the lesson did not end")
