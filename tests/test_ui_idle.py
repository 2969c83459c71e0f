"""Quiet when idle: the table waiting for the player draws nothing, and draws again on a
hover, an event or an animation (the real App, not in fast mode, SDL dummy drivers)."""

from __future__ import annotations

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.state import Phase
from beloz.ui import game
from beloz.ui.game import StepKind


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
