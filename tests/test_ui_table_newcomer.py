"""What a newcomer stumbled on at the table (issue: "Fix what a newcomer stumbled on"),
played through the real App with synthetic events under SDL's dummy drivers."""

from __future__ import annotations

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.ui import game
from beloz.ui.game import StepKind
from beloz.ui.sprites import CardImages, CardSprite, draw_card
from tests.test_ui_polish import card_point, drive, frame, move, table, waiting

SIZES = [(960, 600), (1280, 800)]


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.settings import Settings
    from beloz.ui.app import App

    apps = []

    def make(size=(960, 600)):
        settings = Settings(language="en", sound=False, window_size=size)
        a = App(size=size, fast=True, settings=settings, save=False)
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.close()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_bid_question_leaves_the_turned_card_in_sight(make_app, monkeypatch, size) -> None:
    app = make_app(size)
    dealers = set()
    for seed in range(1, 40):
        scene = table(app, seed=seed)
        drive(scene, app, lambda scene=scene: waiting(scene, StepKind.BID))
        drawn: list[tuple[str, pygame.Rect]] = []
        real = scene.text

        def text(surface, s, *a, real=real, drawn=drawn, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
            r = real(surface, s, *a, **kw)
            drawn.append((s, r))
            return r

        monkeypatch.setattr(scene, "text", text)
        frame(app)
        turned = scene.sprites[scene.flow.hand.turned].rect()
        prompt = [r for s, r in drawn if s == scene.prompt]
        assert prompt and scene.buttons
        for r in prompt + [b.rect for b in scene.buttons.values()]:
            assert not r.inflate(10, 10).colliderect(turned), (seed, scene.dealer(), r, turned)
        dealers.add(scene.dealer())
        app.pop()
        if len(dealers) == 4:
            break
    assert len(dealers) >= 3, dealers


def test_a_card_that_may_not_be_played_does_not_rise_under_the_mouse(app) -> None:
    scene = table(app, seed=2)

    def some_illegal() -> bool:
        return waiting(scene, StepKind.PLAY) and scene.pending_play is None and len(
            scene.step.data["legal"]) < len(scene.hands[0])

    drive(scene, app, some_illegal, take=True, limit=20000)
    legal = scene.step.data["legal"]
    bad = next(c for c in scene.hands[0] if c not in legal)
    good = legal[0]
    move(app, card_point(scene, bad))
    assert scene.hover == bad and scene.message  # explained...
    assert scene.sprites[bad].lift == 0 and not scene.sprites[bad].glow  # ...not lifted
    assert scene.sprites[bad].dim
    move(app, card_point(scene, good))
    assert scene.hover == good and scene.sprites[good].lift > 0
    assert scene.sprites[good].glow and not scene.sprites[good].dim


def _mean_colour(surface: pygame.Surface) -> tuple[float, float]:
    """(mean brightness, mean saturation as max - min channel) of the opaque pixels."""
    total = sat = n = 0
    w, h = surface.get_size()
    for x in range(0, w, 3):
        for y in range(0, h, 3):
            r, g, b, a = surface.get_at((x, y))
            if a > 200:
                total += (r + g + b) / 3
                sat += max(r, g, b) - min(r, g, b)
                n += 1
    return total / n, sat / n


def test_a_dimmed_south_card_is_plainly_dimmed(app) -> None:
    images = CardImages(app.art, app.art.font, lambda c: "Lion")
    looks = []
    for dim in (False, True):
        surface = pygame.Surface((200, 200), pygame.SRCALPHA)
        sp = CardSprite(2 * 8 + 7, 100, 100, 90)  # South's lion
        sp.visible, sp.face_up, sp.dim = True, True, dim
        draw_card(surface, images, sp, None, 50)
        looks.append(_mean_colour(surface))
    (light, colour), (dimmed, grey) = looks
    assert dimmed < light * 0.65  # darker...
    assert grey < colour * 0.2  # ...and grey: not a darker orange


def test_the_hand_number_in_the_cut_and_the_deal_is_the_new_hands(app, monkeypatch) -> None:
    scene = table(app, seed=2)
    seen: list[str] = []
    real = scene.text
    monkeypatch.setattr(scene, "text", lambda surface, s, *a, **kw: (
        seen.append(s), real(surface, s, *a, **kw))[1])
    asked = set()
    for _ in range(3):  # the person cuts or deals: the scene waits, the cards not dealt yet

        def dealing() -> bool:
            return (scene.flow.match.hands_dealt >= 1 and scene.flow.hand is None
                    and (waiting(scene, StepKind.CUT) or waiting(scene, StepKind.DEAL)))

        drive(scene, app, dealing, limit=20000)
        played = len(scene.flow.match.history)  # a deal everybody passed is not a hand
        seen.clear()
        frame(app)
        assert app.tr("table.hand_no", n=played + 1) in seen  # the hand being dealt
        assert app.tr("table.hand_no", n=played) not in seen
        asked.add(scene.step.kind)
        scene.press("cut" if scene.step.kind is StepKind.CUT else "deal3")
        frame(app)
    assert asked


def test_a_deal_everybody_passed_keeps_its_hand_number() -> None:
    """The HUD numbers hands as the score screen and the history do: a deal everybody
    passed is dealt again under the same number."""
    from types import SimpleNamespace

    from beloz.ui.scenes.table.hud import hand_number

    def flow(stage: str, dealt: int, played: int) -> SimpleNamespace:
        match = SimpleNamespace(hands_dealt=dealt, history=[object()] * played)
        return SimpleNamespace(stage=stage, match=match)

    assert hand_number(flow("cut", 0, 0)) == 1
    assert hand_number(flow("hand", 1, 0)) == 1
    assert hand_number(flow("cut", 1, 0)) == 1  # everybody passed: the same hand, dealt again
    assert hand_number(flow("hand", 2, 0)) == 1
    assert hand_number(flow("score", 2, 1)) == 1  # the score screen's "Hand 1"
    assert hand_number(flow("cut", 2, 1)) == 2
    assert hand_number(flow("hand", 5, 1)) == 2  # two more deals passed out before it
    assert hand_number(flow("over", 9, 7)) == 7
