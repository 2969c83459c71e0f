"""Keyboard everywhere (issue 47, point 1): the focus of the pygame_gui screens
(``beloz.ui.focus``) moved by Tab / Shift-Tab and the arrows, shown by a ring, used by
Enter and Space; Esc back one level on every screen; the cut point moved by the arrows; the
tutorial's cards selected by the arrows; the score screen's Review and Play again by key.
Synthetic key events only, through the real App (SDL's dummy drivers)."""

from __future__ import annotations

import pygame
import pytest

from beloz.settings import Settings
from beloz.ui import focus as focus_module
from beloz.ui.game import StepKind
from beloz.ui.scenes.confirm import ConfirmScene
from beloz.ui.scenes.menu import MenuScene
from beloz.ui.scenes.newgame import NewGameScene
from beloz.ui.scenes.settings import VOLUME_STEPS, SettingsScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The App at 960 × 600, in English, random computer players (quick), its files in
    ``tmp_path``."""
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game
    from beloz.ui.app import App

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    a = App(size=(960, 600), fast=True, settings=Settings(language="en"))
    yield a
    a.close()


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def key(app, k: int, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    frames(app, 2)


def focus_on(app, name: str, k: int = pygame.K_TAB, limit: int = 30) -> None:
    """Press ``k`` until the top screen's focus is on ``name`` (each press moves it)."""
    for _ in range(limit):
        if app.top.focus.focused == name:
            return
        before = app.top.focus.focused
        key(app, k)
        assert app.top.focus.focused != before, f"{k} did not move the focus from {before}"
    raise AssertionError(f"the focus never reached {name}")


def ring_drawn(app) -> bool:
    """Whether the window's frame shows the ring's colour round the focused control."""
    app.draw(app.screen)
    rect = app.top.focus.ring_rect()
    assert rect is not None
    outer = rect.inflate(16, 16).clip(app.screen.get_rect())
    light = pygame.Color(*focus_module.LIGHT)
    return any(app.screen.get_at((x, y)) == light
               for x in range(outer.left, outer.right) for y in (outer.top + 8, outer.centery))


def test_from_the_menu_by_keys_a_new_game_of_a_chosen_ruleset_and_levels(app,
                                                                        monkeypatch) -> None:
    """Keys only: New game, the rules and a computer's level chosen, Start, then the cut
    moved three cards left of the middle with the arrows and made with Enter."""
    from types import SimpleNamespace

    from beloz.ui.scenes.table import TableScene
    from beloz.ui.scenes.table import scene as table_scene

    from .test_ui_rulesets import person, play_on

    # The match's seed: belote classique's draw makes the person the first to cut.
    fixed = SimpleNamespace(randrange=lambda n: 8)
    monkeypatch.setattr(table_scene, "random", SimpleNamespace(SystemRandom=lambda: fixed))
    app.push(MenuScene(app))
    frames(app)
    assert app.top.focus.focused == "new_game" and ring_drawn(app)
    key(app, pygame.K_DOWN)
    assert app.top.focus.focused == "tutorial"
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    dialog = app.top
    assert isinstance(dialog, NewGameScene) and dialog.focus.focused == "start"
    focus_on(app, "ruleset")
    key(app, pygame.K_SPACE)  # the list opens
    assert focus_module.is_open(app.top.controls["ruleset"])
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # BeloZ, sans annonces, classique
    assert ring_drawn(app)
    key(app, pygame.K_RETURN)
    frames(app)
    assert app.settings.ruleset == "belote-classique"
    assert app.top.focus.focused == "ruleset"  # the dialog built again, the focus kept
    focus_on(app, "level:2")
    key(app, pygame.K_RETURN)  # the third seat: standard -> expert
    assert app.settings.level == "standard,standard,expert"
    key(app, pygame.K_UP)  # the nearest control above: the match target
    assert app.top.focus.focused == "target"
    focus_on(app, "back")  # Tab: the levels, Start, then Cancel
    key(app, pygame.K_LEFT)
    assert app.top.focus.focused == "start"
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.flow.match.ruleset.name == "belote-classique"

    play_on(scene, app, lambda: person(scene, StepKind.CUT), limit=300)
    got: list[object] = []
    real = scene.human_value
    scene.human_value = lambda value: (got.append(value), real(value))[1]
    middle = scene.step.data.get("default", 16)
    for _ in range(3):
        key(app, pygame.K_LEFT)
    assert scene.buttons["cut"].text == f"Cut {middle - 3} cards (Enter)"
    lifted = [c for c in scene.deck if scene.sprites[c].lift > 0]
    assert lifted == scene.deck[:middle - 3]  # the packet Enter cuts is raised
    key(app, pygame.K_RETURN)
    assert got == [middle - 3]


def test_settings_toggle_and_volume_by_keys(app) -> None:
    app.push(MenuScene(app))
    frames(app)
    focus_on(app, "settings", pygame.K_DOWN)
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, SettingsScene) and app.top.focus.focused == "language"
    focus_on(app, "auto_declare", pygame.K_DOWN)
    assert ring_drawn(app)
    key(app, pygame.K_RETURN)
    assert app.settings.auto_declare is False
    key(app, pygame.K_SPACE)
    assert app.settings.auto_declare is True
    focus_on(app, "volume")
    before = app.settings.volume
    key(app, pygame.K_LEFT)
    frames(app)
    assert app.settings.volume == pytest.approx(before - 1 / VOLUME_STEPS)
    assert app.top.focus.focused == "volume"  # Left moved the slider, not the focus
    key(app, pygame.K_TAB, shift=True)
    assert app.top.focus.focused == "sound"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_an_open_list_closes_with_esc_without_a_change(app) -> None:
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app)
    focus_on(app, "animation_speed", pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    control = app.top.controls["animation_speed"]
    assert focus_module.is_open(control)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_ESCAPE)  # the list closes; the settings stay open
    assert isinstance(app.top, SettingsScene) and not focus_module.is_open(control)
    assert app.settings.animation_speed == 1.0


def make(app, name: str):
    """The screen ``name`` over the menu (the pause over a stand-in for the table)."""
    from beloz.ui.scene import Scene
    from beloz.ui.scenes.pause import PauseScene
    from beloz.ui.scenes.progress import ProgressScene
    from beloz.ui.scenes.rules import RulesScene
    from beloz.ui.scenes.stats import StatsScene
    from beloz.ui.scenes.tutorial import TutorialScene

    scenes = {"settings": SettingsScene, "newgame": NewGameScene, "rules": RulesScene,
              "stats": StatsScene, "progress": ProgressScene,
              "tutorial": lambda a: TutorialScene(a, lesson=0, keep_progress=False),
              "confirm": lambda a: ConfirmScene(a, "Sure?", "Title", "Yes", lambda: None)}
    if name == "pause":
        app.push(Scene(app))
        return PauseScene(app)
    return scenes[name](app)


@pytest.mark.parametrize("name", ["settings", "newgame", "rules", "stats", "progress",
                                  "tutorial", "confirm", "pause"])
def test_esc_goes_back_one_level_and_every_screen_has_its_focus_drawn(app, name) -> None:
    app.push(MenuScene(app))
    below = app.top
    scene = make(app, name)
    if app.top is not below:
        below = app.top  # the pause's table
    app.push(scene)
    frames(app)
    if name == "tutorial":
        key(app, pygame.K_TAB)  # a lesson's cards first: Tab reaches its buttons
    assert scene.focus.focused is not None and ring_drawn(app)
    key(app, pygame.K_TAB)
    assert ring_drawn(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is below


def test_esc_on_the_main_menu_asks_whether_to_quit(app) -> None:
    app.push(MenuScene(app))
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmScene) and app.running
    key(app, pygame.K_RIGHT)  # to Cancel
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Quit, where the focus opens
    assert app.running is False


def test_the_rules_tabs_and_buttons_by_keys(app) -> None:
    from beloz.ui.scenes.rules import RulesScene

    app.push(MenuScene(app))
    app.push(RulesScene(app, "deck"))
    frames(app)
    scene = app.top
    assert scene.focus.focused == "tab:0"
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # the second tab
    assert scene.section == 1 and scene.focus.focused == "tab:1"
    key(app, pygame.K_RIGHT)  # the next section; the focus goes with it
    assert scene.section == 2 and scene.focus.focused == "tab:2"
    focus_on(app, "next")
    key(app, pygame.K_SPACE)
    assert scene.section == 3


def test_the_tutorial_arrows_select_a_card_and_enter_plays_it(app) -> None:
    from beloz.ui.scenes.tutorial import TutorialScene

    app.push(MenuScene(app))
    scene = TutorialScene(app, lesson=3, keep_progress=False)
    app.push(scene)
    scene.play_all()
    frames(app)
    assert scene.runner.task is not None and scene.cards_open()
    assert scene.focus.element is None  # Enter must not press Skip
    taken: list[int] = []
    scene.take_card = taken.append
    key(app, pygame.K_RETURN)
    assert taken == []
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    app.draw(app.screen)
    tops = [rect.top for rect, _ in scene.card_rects]
    assert tops[1] < tops[0] and tops[1] < tops[2]  # the second card raised
    key(app, pygame.K_RETURN)
    assert taken == [scene.card_rects[1][1]]


def test_the_score_screen_reviews_by_key(table_app) -> None:
    """R, written on the button, opens the hand's review; A on the other button."""
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_reviews import _at_score
    from .test_ui_teach import _drive, _table

    scene = _table(table_app, seed=2)
    _drive(scene, table_app, lambda: _at_score(scene))
    assert scene.buttons["review"].text == "Review (R)"
    assert scene.buttons["again"].text == "Play this deal again (A)"
    key(table_app, pygame.K_r)
    assert isinstance(table_app.top, ReviewScene)


def test_the_card_the_arrows_select_is_drawn_over_its_neighbours(app) -> None:
    """At the table the arrows' card, a dimmed one too, is drawn over the next card (it was
    half hidden by it), and goes back under it when the selection moves on."""
    from .test_ui_rulesets import Passer, person, play_on, table

    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})

    def take(step):
        if step.data.get("round") == 1:
            scene.press("take")
            return True
        return False

    play_on(scene, app, lambda: person(scene, StepKind.PLAY), take)
    hand = scene.hands[0]
    z = {c: scene.sprites[c].z for c in hand}
    assert z[hand[1]] > z[hand[0]]  # the next card lies over the first
    key(app, pygame.K_RIGHT)
    assert scene.sel == 0 and scene.sprites[hand[0]].z > max(z.values())
    key(app, pygame.K_RIGHT)
    assert scene.sprites[hand[0]].z == z[hand[0]]
    assert scene.sprites[hand[1]].z > max(z.values())


def test_the_new_game_dialog_arrows_go_through_every_control_and_round(app) -> None:
    """Right goes through every control in reading order and round; Left back the same way;
    Down goes row by row (the levels' row, then Start's) and round to the top."""
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    frames(app)
    order = [n for n, _ in app.top.focus.reachable()]
    assert order[:2] == ["ruleset", "target"] and order[-2:] == ["start", "back"]
    seen = []
    for _ in order:
        key(app, pygame.K_RIGHT)
        seen.append(app.top.focus.focused)
    start = order.index("start")  # where the focus opens
    assert seen == order[start + 1:] + order[:start + 1]
    for _ in order:
        key(app, pygame.K_LEFT)
    assert app.top.focus.focused == "start"
    rows = []
    for _ in range(5):
        key(app, pygame.K_DOWN)
        rows.append(app.top.focus.focused)
    assert rows[0] == "ruleset" and rows[1] == "target"
    assert rows[2].startswith("level:") and rows[3] in ("start", "back")
    assert rows[4] == "ruleset"


def test_the_hint_frame_goes_up_with_the_card_the_arrows_raise(table_app, monkeypatch) -> None:
    """The hint's frame and value follow its card when the arrows raise it (the frame
    stayed where the card had been)."""
    from beloz import review_store
    from beloz.ai import review
    from beloz.reasons import Why
    from beloz.ui.scenes.table import hints

    from .test_ui_teach import _drive, _my_turn, _table

    scene = _table(table_app, seed=2)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY, 2))
    best = scene.step.data["legal"][0]
    hints.request(scene)
    scene.hinting.hint = review.Hint(0, "card", (review_store.Option(best, 10.0),), best,
                                     Why("small_lead"))
    framed: list[pygame.Rect] = []
    real = hints.frame
    monkeypatch.setattr(hints, "frame", lambda surface, r, card, *a, **kw: (
        framed.append(pygame.Rect(r)), real(surface, r, card, *a, **kw))[1])
    hand = scene.hands[0]
    while scene.sel != hand.index(best):
        key(table_app, pygame.K_RIGHT)
    sprite = scene.sprites[best]
    assert sprite.lift > 0
    hints.draw(scene, table_app.screen)
    assert framed and framed[-1].center == sprite.rect().center
    box = hints._value_boxes(scene, scene.hinting.hint)[0][2]
    assert box.bottom <= sprite.rect().top


def test_practice_by_keys_ruleset_card_and_next(practice_app) -> None:
    """Practice from the menu by keys: nothing focused while a card is to choose (Enter
    presses no button), Tab to the ruleset and ← → change it, the arrows select a card
    (raised, in the ring) and Enter answers with it, then Next has the focus."""
    from beloz.ui.scenes.practice import PracticeScene

    app = practice_app
    app.push(MenuScene(app))
    frames(app)
    focus_on(app, "practice", pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, PracticeScene) and scene.choosing_card()
    assert scene.focus.element is None
    key(app, pygame.K_RETURN)
    assert scene.answer is None and app.top is scene
    key(app, pygame.K_TAB)
    assert scene.focus.focused == "ruleset" and ring_drawn(app)
    before = scene.ruleset
    key(app, pygame.K_RIGHT)
    assert scene.ruleset != before and scene.focus.focused == "ruleset"
    key(app, pygame.K_LEFT)
    assert scene.ruleset == before and scene.choosing_card()
    key(app, pygame.K_TAB)  # to Menu: the arrows then go to the cards
    legal = set(scene.view.legal_actions())
    for _ in range(9):
        key(app, pygame.K_RIGHT)
        app.draw(app.screen)
        if scene.card_rects[scene.card_sel][1] in legal and 0 < scene.card_sel:
            break
    i = scene.card_sel
    assert scene.focus.element is None
    tops = [rect.top for rect, _ in scene.card_rects]
    assert tops[i] < tops[i - 1]  # raised
    rect = scene.card_rects[i][0].inflate(8, 8)
    light = pygame.Color(*focus_module.LIGHT)
    assert any(app.screen.get_at((x, rect.top + 1)) == light for x in range(rect.left,
                                                                            rect.right))
    key(app, pygame.K_RETURN)
    assert scene.answer == scene.card_rects[i][1]
    assert scene.focus.focused == "next" and ring_drawn(app)
    key(app, pygame.K_SPACE)
    assert scene.index == 1 and scene.answer is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_dimmed_card_the_arrows_select_is_in_the_ring(app) -> None:
    """At the table a card that may not be played, selected with the arrows, is drawn whole
    in the focus ring (it rose a few pixels, half hidden); a playable one has its frame."""
    from .test_ui_rulesets import person, play_on, table

    scene = table(app, "beloz")

    def dimmed() -> bool:
        return (person(scene, StepKind.PLAY)
                and len(scene.step.data["legal"]) < len(scene.hands[0]) > 2)

    play_on(scene, app, dimmed, lambda step: (scene.press("take"), True)[1]
            if "take" in scene.buttons else False)
    hand, legal = scene.hands[0], set(scene.step.data["legal"])
    while scene.sel is None or hand[scene.sel] in legal or scene.sel == 0:
        key(app, pygame.K_RIGHT)
    sprite = scene.sprites[hand[scene.sel]]
    assert sprite.dim and sprite.ring and not sprite.glow
    app.draw(app.screen)
    top = sprite.rect().inflate(8, 8).top + 2
    light = pygame.Color(*focus_module.LIGHT)
    assert any(app.screen.get_at((x, top)) == light
               for x in range(sprite.rect().left, sprite.rect().right))
    while hand[scene.sel] not in legal:
        key(app, pygame.K_RIGHT)
    assert not sprite.ring and scene.sprites[hand[scene.sel]].glow
