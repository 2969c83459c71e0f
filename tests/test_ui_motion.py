"""Motion you can stop (issue 47, point 3): with the animations off no card moves or turns
over (each is at its place at once), while the flow, the sounds and the pauses stay as with
them on; speech bubbles kept until the next bid or card; the cut in the Expeditions panel.

The table runs frame by frame as in a window (``fast=False``), computer decisions inline."""

from __future__ import annotations

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.settings import Settings
from beloz.ui import game
from beloz.ui.game import StepKind
from beloz.ui.scenes.table.jobs import Done
from beloz.ui.sprites import CardSprite

from .test_ui_table import answer


class Inline:
    """Computer decisions made at once (the animations still take their frames)."""

    def submit(self, fn, min_delay: float, fast: bool) -> Done:
        return Done(fn)

    def shutdown(self) -> None:
        pass


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.ui.app import App

    apps = []

    def make(fast: bool = False, **settings) -> App:
        a = App(size=(960, 600), fast=fast, save=False,
                settings=Settings(**{"language": "en", **settings}))
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.close()


def run_first_expedition(app, dt: float = 1 / 20):
    """Play from the draw to the first expedition gathered; returns what was seen: the
    sounds in order, the steps applied, the frames where a card moved between two places
    or turned over, and the game time it took."""
    from beloz.ui.scenes.table import TableScene

    sounds: list[str] = []
    app.sounds.play = sounds.append  # what the table asks to hear, device or not
    scene = TableScene(app, new_match=True, seed=3)
    scene.jobs = Inline()
    app.push(scene)
    applied: list[StepKind] = []
    apply = scene.flow.apply
    scene.flow.apply = lambda step, value: (applied.append(step.kind), apply(step, value))[1]
    gliding = 0
    t = 0.0
    for _ in range(3000):
        if StepKind.COLLECT in applied:
            break
        if scene.phase == "human" and scene.step is not None:
            answer(scene, app)
        app.step(dt)
        t += dt
        for tw in scene.tweens.items:
            if isinstance(tw.target, CardSprite) and tw.started and tw.duration > 0:
                gliding += 1
        gliding += sum(1 for sp in scene.sprites.values() if sp.flip != 1.0)
    else:
        raise AssertionError("the first expedition was never gathered")
    # Without flights a frame may go on past the gathering: compare up to it.
    return sounds, applied[:applied.index(StepKind.COLLECT) + 1], gliding, t


def test_animations_off_moves_no_card_and_keeps_flow_sounds_and_pace(make_app) -> None:
    on = run_first_expedition(make_app(animations=True))
    off = run_first_expedition(make_app(animations=False))
    sounds_on, steps_on, gliding_on, t_on = on
    sounds_off, steps_off, gliding_off, t_off = off
    assert gliding_on > 0  # the test sees motion where there is some
    assert gliding_off == 0
    assert steps_off == steps_on
    assert sounds_off == sounds_on and sounds_on.count("deal") >= 8
    # The pauses to read and the deal's rhythm stay: only the flights' time is saved.
    assert t_on * 0.6 <= t_off <= t_on


def test_the_speed_list_turns_the_animations_off_and_on(make_app) -> None:
    from beloz.ui.scenes.settings import NO_MOTION, SettingsScene

    app = make_app()
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    menu = scene.controls["animation_speed"]
    assert menu.beloz_values["No motion"] == NO_MOTION
    scene.set("animation_speed", NO_MOTION)
    assert app.settings.animations is False and app.settings.animation_speed == 1.0
    shown = scene.controls["animation_speed"].selected_option  # the list built anew
    assert "No motion" in (shown[0] if isinstance(shown, tuple) else shown)
    scene.set("animation_speed", 2.0)
    assert app.settings.animations is True and app.settings.animation_speed == 2.0
    scene.set("keep_bubbles", True)
    scene.set("distinct_colours", True)
    assert app.settings.keep_bubbles and app.settings.distinct_colours


def test_kept_bubbles_stay_until_the_next_bid_or_card(make_app) -> None:
    from beloz.ui.scenes.table import TableScene, animations

    for keep in (False, True):
        app = make_app(keep_bubbles=keep)
        scene = TableScene(app, new_match=True, seed=3)
        scene.jobs = Inline()
        app.push(scene)
        scene.say(1, "I cut 17 cards")
        scene.bubbles.count_down(30.0)  # long after its moment
        assert [b.text for b in scene.bubbles] == (["I cut 17 cards"] if keep else [])
        if not keep:
            continue
        assert not scene.bubbles.counting  # still: the table may sleep
        step = game.Step(StepKind.BID, seat=2)
        animations.bid(scene, step, 0)  # a pass, by another seat
        assert [b.seat for b in scene.bubbles] == [2]
        scene.say(3, "Tierce!", gold=True)
        animations.bid(scene, game.Step(StepKind.BID, seat=1), 0)
        assert sorted(b.seat for b in scene.bubbles) == [1, 2]  # the bids stay together
        scene.bubbles.release()  # the first card, as animations.play does
        assert list(scene.bubbles) == []


def test_the_cut_is_in_the_expeditions_panel(make_app) -> None:
    from beloz.ui.history_view import HistoryScene, history_of, measure_with, plan
    from beloz.ui.scenes.table import TableScene

    app = make_app(fast=True)
    scene = TableScene(app, new_match=True, seed=3)
    app.push(scene)
    for _ in range(400):
        s = scene.step
        if s is not None and s.kind is StepKind.PLAY and s.human and scene.phase == "human":
            break
        if scene.phase == "human" and s is not None:
            answer(scene, app)
        app.step(1 / 60)
    cut = scene.flow.cut_at
    assert cut is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e",
                                         scancode=0))
    app.step(1 / 60)
    panel = app.scenes[-1]
    assert isinstance(panel, HistoryScene)
    cutter = scene.flow.match.cutter
    said = (f"you cut {cut} cards" if cutter == 0
            else f"{scene.seat_name(cutter)} cut {cut} cards")
    layout = plan(history_of(panel.view, panel.cut), pygame.Rect(0, 0, 900, 560), 16,
                  app.tr, measure_with(panel.font), scene.seat_name)
    assert any(said in line.text for line in layout.lines), [ln.text for ln in layout.lines]
    app.step(1 / 60)
    assert panel.shown is not None and any(said in line for line in panel.shown.lines)



@pytest.mark.parametrize("cutter, said", [(2, "Juma · Amani a coupé 9 cartes"),
                                          (0, "Kito · vous avez coupé 9 cartes")])
def test_the_cut_line_names_the_cutter_or_says_you(make_app, cutter, said) -> None:
    from beloz.rules.ruleset import BELOZ
    from beloz.rules.state import HandState
    from beloz.ui.history_view import history_of, measure_with, plan

    app = make_app(fast=True, language="fr")
    dealer = (cutter + BELOZ.direction) % 4  # the cutter sits before the dealer
    view = HandState.deal(list(range(32)), dealer, ruleset=BELOZ).view(0)
    history = history_of(view, 9)
    assert history.cut == (cutter, 9)
    names = {0: "Vous", 1: "Kito", 2: "Amani", 3: "Juma"}
    lines = plan(history, pygame.Rect(0, 0, 900, 500), 16, app.tr,
                 measure_with(app.art.font), names.__getitem__).lines
    assert any(said in line.text for line in lines), [line.text for line in lines]
    assert history_of(view).cut is None  # a cut the table did not see: no line
