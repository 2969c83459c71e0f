"""Quiet when idle: the table waiting for the player draws nothing, and draws again on a
hover, an event or an animation; every other scene at rest draws nothing either, and
pygame_gui's own changes (a hovered button, a tooltip, an open list) are drawn without an
event (the real App, not in fast mode, SDL dummy drivers)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.state import Phase
from beloz.ui import game
from beloz.ui.game import StepKind
from beloz.ui.scene_registry import SHELL_SCENES, TABLE_SCENES


@pytest.fixture
def waiting(tmp_path, monkeypatch):
    """The App, not fast, with the table mid-hand waiting for the person to play."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.table import TableScene
    from beloz.ui.scenes.table.screenshots import _drive

    app = App(size=(960, 600), settings=Settings(language="en", sound=False), save=False)
    scene = TableScene(app, new_match=True, seed=3)
    app.push(scene)
    app.fast = True

    def my_turn() -> bool:
        h = scene.flow.hand
        return (h is not None and h.phase is Phase.PLAY and len(h.tricks) >= 1
                and scene.step is not None and scene.step.kind is StepKind.PLAY
                and scene.step.human and scene.phase == "human")

    _drive(scene, my_turn)
    app.fast = False
    pygame.event.clear()
    yield app, scene
    app.close()


def settle(app, frames=60):
    for _ in range(frames):
        app.step(1 / 30)


def post(event_type, **kw):
    pygame.event.post(pygame.event.Event(event_type, **kw))


def test_the_waiting_table_draws_nothing(waiting, monkeypatch) -> None:
    app, scene = waiting
    settle(app)
    drawn = []
    real = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (drawn.append(1), real(surface)))
    settle(app, 30)
    assert app.idle and not drawn and not scene.needs_redraw()


def test_a_hovered_card_is_drawn(waiting) -> None:
    app, scene = waiting
    settle(app)
    card = scene.hands[0][-1]
    r = scene.sprites[card].rect()
    scene.pointer.pos = (r.centerx, r.centery)  # the pointer rests there: no event at all
    app.step(1 / 30)
    assert scene.hover == card and not app.idle  # the card starts lifting: drawn
    settle(app)  # lifted to its height, then still again
    assert scene.sprites[card].lift > 0 and app.idle


def test_an_event_is_drawn(waiting) -> None:
    app, scene = waiting
    settle(app)
    post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    app.step(1 / 30)
    assert scene.show_last and not app.idle
    settle(app)
    assert app.idle
    post(pygame.ACTIVEEVENT, gain=1, state=1)  # any event: the window may need painting
    app.step(1 / 30)
    assert not app.idle


def test_an_animation_is_drawn_to_its_end(waiting) -> None:
    app, scene = waiting
    settle(app)
    scene.try_play(scene.step.data["legal"][0])  # the card flies to the middle
    frames = 0
    while scene.tweens.busy and frames < 200:
        app.step(1 / 60)
        assert not app.idle
        frames += 1
    assert frames > 3
    settle(app)  # landed: the next expedition's player thinks, or the person is asked
    assert scene.trick


def test_a_toast_is_drawn_while_it_shows(waiting) -> None:
    app, scene = waiting
    settle(app)
    app.notify("saved")
    app.step(1 / 30)
    assert not app.idle


# -- every scene at rest ------------------------------------------------------------------

@pytest.fixture
def show(tmp_path, monkeypatch):
    """``show(name)``: the App, not fast, with the registry's scene ``name`` on it, settled
    (its deal, bubbles and first frames over) and no event waiting."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "WRITE_FILES", False)
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scene_registry import push_scene

    apps = []

    def make(name, size=(960, 600)):
        app = App(size=size, fast=True, settings=Settings(language="en", sound=False),
                  save=False)
        apps.append(app)
        push_scene(app, name, 1)
        for _ in range(4):
            app.step(1 / 60)
        app.fast = False
        pygame.event.clear()
        settle(app)
        return app

    yield make
    for app in apps:
        app.close()


def count_draws(app, monkeypatch) -> list:
    drawn: list = []
    real = app.draw
    monkeypatch.setattr(app, "draw", lambda surface: (drawn.append(1), real(surface)))
    return drawn


@pytest.mark.parametrize("name", SHELL_SCENES + TABLE_SCENES)
def test_every_scene_at_rest_draws_nothing(show, monkeypatch, name) -> None:
    app = show(name)
    drawn = count_draws(app, monkeypatch)
    settle(app, 30)
    assert not drawn, (f"{name} ({type(app.top).__name__}) drew {len(drawn)} of 30 frames "
                       "while nothing changed")
    assert app.idle


def rest_mouse_on(monkeypatch, pos) -> None:
    """The pointer rests at ``pos``: pygame_gui reads it every frame, no event comes."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)


def test_a_button_hovered_without_an_event_is_drawn(show, monkeypatch) -> None:
    app = show("menu")
    drawn = count_draws(app, monkeypatch)
    button = next(e for e in app.top.elements if isinstance(e, pygame_gui.elements.UIButton)
                  and e.is_enabled)
    rest_mouse_on(monkeypatch, button.rect.center)
    app.step(1 / 30)
    settle(app, 10)
    assert drawn and button.hovered  # lit under the mouse, and shown lit
    settle(app)
    del drawn[:]
    settle(app, 30)
    assert not drawn and app.idle  # lit and still: nothing more to draw


def test_a_tooltip_is_drawn_when_it_opens(show, monkeypatch) -> None:
    app = show("settings")
    button = app.top.controls["level:0"]
    rest_mouse_on(monkeypatch, button.rect.center)
    settle(app, 10)  # hovered, drawn lit, then still while the tip waits for its delay
    assert button.tool_tip is None
    for _ in range(90):
        app.step(1 / 30)
        if button.tool_tip is not None:
            break
    assert button.tool_tip is not None
    assert not app.idle  # the frame the tip opened drew it, no event needed


def test_an_open_list_is_drawn_then_rests(show, monkeypatch) -> None:
    app = show("settings")
    menu = app.top.controls["language"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        post(kind, button=1, pos=menu.rect.center, touch=False, window=None)
    rest_mouse_on(monkeypatch, menu.rect.center)
    app.step(1 / 30)  # the click presses the list's button: its event opens it next frame
    app.step(1 / 30)
    assert menu.current_state is menu.menu_states["expanded"] and not app.idle
    settle(app)
    drawn = count_draws(app, monkeypatch)
    settle(app, 30)
    assert not drawn and app.idle  # open, and still
