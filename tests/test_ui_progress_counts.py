"""Progress says what it counts and draws nothing that one decision would make up (issue
40, point 5): a match of one counted decision (a beginner who follows the hints) is no
point on the chart and no skill's average, the sentence says how many decisions are needed;
every practice answer counts, the built-in problems' too, said apart; the chart against
Expert is not a ±1 axis around one hand."""

from __future__ import annotations

import datetime as dt

import pytest

from beloz.practice import progress as P
from beloz.practice import queue as queue_mod
from beloz.ui import drawn, sweep
from beloz.ui.scenes.practice import PracticeScene
from beloz.ui.scenes.progress import ProgressScene

from .test_ui_shell import frames

DAY = dt.date(2026, 3, 2)


@pytest.fixture
def data_dir(practice_dir):
    return practice_dir


@pytest.fixture
def app(practice_app):
    return practice_app


def _texts(app) -> str:
    with drawn.recording() as items:
        app.top.draw(app.screen)
        return " ".join(d.label for d in items if d.kind == "text")


def _one_decision() -> P.Progress:
    prog = P.Progress()
    prog.update(P.MatchRecord("m1", "beloz", "expert", DAY, {"leading": (1, 137.7)},
                              False, None))
    return prog


def test_one_counted_decision_is_no_point_and_no_average_and_says_how_many(app, data_dir):
    scene = ProgressScene(app, progress=_one_decision(), answers={})
    scene.view = "beloz"
    app.push(scene)
    frames(app)
    texts = _texts(app)
    assert app.tr("progress.legend_line", n=1) not in texts  # no line of one decision
    assert "137" not in texts  # neither on the chart nor by skill
    assert "once 10 of your own decisions in it are reviewed" in texts
    assert "so far 1 at most" in texts
    skill = app.tr("practice.skill.leading")
    assert "A skill's average appears once 10 of your decisions" in texts
    assert f"{skill}: 1." in texts


def test_a_skill_with_few_decisions_is_named_not_averaged(app, data_dir):
    prog = P.Progress()
    prog.update(P.MatchRecord("m1", "beloz", "expert", DAY,
                              {"leading": (12, 30.0), "following": (2, 90.0)}, False, None))
    scene = ProgressScene(app, progress=prog, answers={})
    scene.view = "beloz"
    app.push(scene)
    frames(app)
    texts = _texts(app)
    assert app.tr("progress.legend_line", n=1) in texts
    following = app.tr("practice.skill.following")
    assert app.tr("progress.skill_value", value="45.0", n=2) not in texts
    assert following + ": 2" in texts


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_practice_answer_counts_the_built_in_ones_too(app, data_dir, lang):
    from beloz import i18n

    i18n.set_language(lang)
    app.apply_settings(app.settings.replace(practice_ruleset="belote-classique"))
    scene = PracticeScene(app)
    app.push(scene)
    frames(app)
    for i in range(4):  # four built-in problems: one right, three wrong where they can be
        scene.start(i)
        p = scene.problem
        assert p is not None and p.source == "builtin"
        wrong = next((a for a in p.legal() if not p.is_right(a)), p.best)
        assert scene.choose(p.best if i == 0 else wrong)
    queue, _ = queue_mod.load_queue()
    solved, failed = queue.builtin["belote-classique"]
    assert solved + failed == 4 and solved >= 1
    app.pop()
    progress = ProgressScene(app, progress=P.Progress())
    progress.view = "belote-classique"
    app.push(progress)
    frames(app)
    texts = _texts(app)
    assert app.tr("progress.practice", solved=solved, tried=4,
                  rate=f"{round(100 * solved / 4)}\u00a0%") in texts
    assert app.tr("progress.practice_builtin") in texts  # where the answers came from
    if lang == "fr":
        assert "1 réponses" not in texts


def test_a_queue_file_keeps_the_built_in_answers_and_reads_them_with_care(data_dir):
    q = queue_mod.Queue()
    q.record_builtin("beloz", True)
    q.record_builtin("beloz", False)
    assert queue_mod.save_queue(q) is None
    loaded, messages = queue_mod.load_queue()
    assert messages == [] and loaded.builtin == {"beloz": (1, 1)}
    assert queue_mod.Queue.from_dict({"problems": [], "builtin": {"beloz": [1, -2]}}) \
        [0].builtin == {}
    assert queue_mod.Queue.from_dict({"problems": []})[0].builtin == {}  # an older file


def test_one_hand_as_good_as_experts_is_not_drawn_on_a_unit_axis(app, data_dir):
    prog = P.Progress()
    prog.add_hand(P.HandDuplicate("m1", 1, "belot-bulgare", DAY, 0, 0))
    scene = ProgressScene(app, progress=prog, answers={})
    scene.view = "belot-bulgare"
    app.push(scene)
    frames(app)
    texts = _texts(app).split()
    assert "+1" not in texts and "-1" not in texts
    assert "+5" in texts


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_few_decisions_laid_out(size, lang, data_dir):
    with sweep.quiet_app(size, lang, "beloz") as a:
        prog = _one_decision()
        prog.update(P.MatchRecord("m2", "beloz", "expert", DAY,
                                  {"leading": (14, 30.0), "following": (3, 20.0)}, False,
                                  None))
        prog.add_hand(P.HandDuplicate("m1", 1, "beloz", DAY, 0, 0))
        scene = ProgressScene(a, progress=prog, answers={"beloz": (1, 1)},
                              builtin={"beloz": (2, 3)})
        a.push(scene)
        frames(a)
        assert sweep.check(a) == []
