"""The Progress screen, driven by synthetic events: opened from the menu, Esc back, the
rulesets stepped through, a sentence instead of a chart with too few matches, laid out at
960x600 and 1920x1080 in English and French; and at the table, a hint followed noted as
not the person's own decision."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from beloz import i18n
from beloz.practice import progress as P
from beloz.settings import Settings
from beloz.ui import drawn, sweep
from beloz.ui.app import App
from beloz.ui.scenes.menu import MenuScene
from beloz.ui.scenes.progress import MIN_DECISIONS, MIN_MATCHES, ProgressScene, fake_progress
from beloz.ui.sweep import Shot

from .test_ui_shell import click, frames, key

DAY = dt.date(2026, 3, 2)


@pytest.fixture
def app_size():
    """This module's window: the size of the screenshots (tests/conftest.py's ``app``)."""
    return (960, 600)


def _texts(app) -> list[str]:
    with drawn.recording() as items:
        app.top.draw(app.screen)
        return [d.label for d in items if d.kind == "text"]


def _save(records: list[P.MatchRecord]) -> None:
    prog = P.Progress()
    for r in records:
        prog.update(r)
    assert P.save_progress(prog) is None


def _record(i: int, ruleset: str = "beloz", undo: bool = False) -> P.MatchRecord:
    return P.MatchRecord(f"m{i}", ruleset, "expert", DAY + dt.timedelta(days=i),
                         {"leading": (10, 30.0 - i)}, undo, "won" if i % 2 else "lost")


def test_opens_from_the_menu_and_esc_goes_back(app, data_dir):
    _save([_record(i) for i in range(4)])
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    assert "progress" in menu.buttons
    click(app, menu.buttons["progress"])
    scene = app.top
    assert isinstance(scene, ProgressScene)
    assert [m.id for m in scene.records()] == ["m0", "m1", "m2", "m3"]
    texts = _texts(app)
    assert app.tr("progress.legend_line", n=4) in texts  # the chart is drawn
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_too_few_matches_draw_the_points_and_say_so_instead_of_a_trend(app, data_dir):
    _save([_record(i) for i in range(MIN_MATCHES - 1)]
          + [_record(9, undo=True)])  # a match with undo is not one of them
    app.push(ProgressScene(app))
    frames(app)
    texts = " ".join(_texts(app))
    # The person sees their line from the first match, and no trend through it yet.
    assert app.tr("progress.legend_line", n=MIN_MATCHES - 1) in texts
    assert app.tr("progress.trend_few", min=MIN_MATCHES, n=MIN_MATCHES - 1) in texts
    assert "legend_trend" not in texts
    assert app.tr("progress.legend_trend", slope="")[:8] not in texts
    assert app.tr("progress.undo_apart", n=1) in texts


def test_no_match_says_how_to_get_a_line(app, data_dir):
    _save([_record(9, undo=True)])
    app.push(ProgressScene(app))
    frames(app)
    texts = " ".join(_texts(app))
    assert app.tr("progress.chart_none")[:25] in texts
    assert app.tr("progress.legend_line", n=0) not in texts


def test_the_selector_steps_through_the_rulesets_played(app, data_dir):
    _save([_record(0), _record(1, "belot-bulgare"), _record(2, "belote-classique")])
    scene = ProgressScene(app)
    app.push(scene)
    frames(app)
    assert scene.view == "beloz"
    assert scene.views() == ["beloz", "belote-classique", "belot-bulgare"]
    key(app, pygame.K_RIGHT)
    assert scene.view == "belote-classique" and [m.id for m in scene.records()] == ["m2"]
    click(app, scene.selector)
    assert scene.view == "belot-bulgare"
    key(app, pygame.K_LEFT)
    assert scene.view == "belote-classique"


def test_a_damaged_file_is_said_not_raised(app, data_dir):
    (data_dir / "progress.json").write_text("{ nope")
    scene = ProgressScene(app)
    app.push(scene)
    frames(app)
    assert scene.progress.matches == {}
    # With the notice that stays until clicked (issue 44, 2).
    assert [t.sticky for t in app.toasts if "progress.json.bak" in t.text] == [True]


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_laid_out_at_both_sizes_in_both_languages(size, lang, data_dir):
    with sweep.quiet_app(size, lang, "belot-bulgare") as a:
        sweep.show(a, Shot("progress", "belot-bulgare"))
        scene = a.top
        assert isinstance(scene, ProgressScene) and len(scene.records()) >= MIN_MATCHES
        assert sweep.check(a) == []
        # With no history at all: the sentences, laid out as well.
        scene.progress = P.Progress()
        scene.answers = {}
        assert sweep.check(a) == []


def test_the_person_stands_on_the_levels_scale_in_words(app):
    scene = ProgressScene(app, progress=fake_progress("beloz"), answers={})
    app.push(scene)
    frames(app)
    where, mean, _half, n, levels = scene.placement()
    assert n > 0 and set(levels) == {"beginner", "standard", "expert"}
    words = scene.like_sentence()
    assert scene.number(mean) in words
    for name in where.levels:
        assert app.tr(f"level.{name}") in words


# -- at the table: a hint followed is not the person's own decision ---------------------------


@pytest.fixture
def table_app(tmp_path, monkeypatch):
    from beloz.ai import review
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


@pytest.mark.parametrize("follow", [True, False])
def test_a_card_played_as_the_hint_said_is_noted_one_played_otherwise_is_not(table_app,
                                                                               follow):
    from beloz.ui.game import StepKind

    from .test_ui_table import frame
    from .test_ui_teach import _drive, _my_turn, _table

    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    key(table_app, pygame.K_h)
    hint = scene.hint
    assert hint is not None
    hand = scene.flow.hand
    number = len(hand.bids) + sum(len(t.cards) for t in hand.tricks) + len(hand.trick)
    advised = {hint.best, *hint.about}
    others = [c for c in scene.step.data["legal"] if c not in advised]
    assert follow or others  # seed 3: a card the hint does not advise
    card = hint.best if follow else others[0]
    scene.try_play(card)
    frame(table_app, 3)
    noted = scene.flow.hinted.get(scene.flow.hand_number(), set())
    assert (number in noted) == follow


def test_a_hand_played_and_reviewed_at_the_table_counts_towards_the_chart(table_app):
    """Three matches, one hand of each played and reviewed from the score screen: each
    match is recorded with the hand's decisions, and the chart says how many more a point
    needs."""
    from beloz.practice.losses import decision_losses
    from beloz.ui.game import StepKind

    from .test_ui_shell import click as ui_click
    from .test_ui_teach import _drive, _table

    ids = []
    for seed in (4, 5, 6):
        scene = _table(table_app, seed=seed)
        _drive(scene, table_app, lambda scene=scene: scene.step is not None
               and scene.step.kind is StepKind.SCORE and scene.phase == "human")
        ui_click(table_app, scene.buttons["review"])
        entry = table_app.top.entry
        assert entry.review is not None  # computed (fast: at once; else in the worker)
        prog, messages = P.load_progress()
        assert messages == []
        rec = prog.matches[scene.flow.match_id]
        assert rec.decisions == len(decision_losses(entry.hand, entry.review)) > 0
        assert rec.level == scene.flow.level and rec.result is None
        ids.append(rec.id)
        key(table_app, pygame.K_ESCAPE)  # the review
        table_app.pop()  # the table
    progress_scene = ProgressScene(table_app)
    table_app.push(progress_scene)
    frames(table_app)
    assert [m.id for m in progress_scene.records()] == ids
    # One reviewed hand is fewer than MIN_DECISIONS of the person's decisions: no point
    # yet, and the sentence says how many are needed and how many there are.
    most = max(m.decisions for m in progress_scene.records())
    assert 0 < most < MIN_DECISIONS
    texts = " ".join(_texts(table_app))
    assert table_app.tr("progress.legend_line", n=3) not in texts
    assert f"{MIN_DECISIONS} of your own decisions" in texts and f"so far {most} at" in texts


def test_a_scale_of_zeros_and_a_person_losing_nothing_still_draw(app, monkeypatch):
    from beloz.practice.level_scale import LevelLoss
    from beloz.ui.scenes import progress as scene_mod

    zeros = {lv: LevelLoss(0.0, 0.0, 100) for lv in ("beginner", "standard", "expert")}
    monkeypatch.setattr(scene_mod, "shipped_levels", lambda: {"beloz": zeros})
    prog = P.Progress()
    for i in range(4):
        prog.update(P.MatchRecord(f"z{i}", "beloz", "expert", DAY, {"leading": (20, 0.0)},
                                  False, None))
    scene = ProgressScene(app, progress=prog, answers={})
    app.push(scene)
    frames(app)
    assert scene.placement()[0].kind == "like"
    assert app.tr("progress.scale_you") in _texts(app)
