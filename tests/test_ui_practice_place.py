"""Practice's own ruleset and its place: choosing a ruleset on the Practice screen leaves the
game's alone (a BeloZ match is not abandoned to practise Bulgarian), and Practice opens at
the first built-in problem not yet solved, not always at "1 of 40"."""

from __future__ import annotations

import pytest

from beloz.practice.builtin import builtin_problems
from beloz.ui.scenes.practice import PracticeScene

from .test_ui_shell import click, frames


@pytest.fixture
def data_dir(practice_dir):
    """conftest.practice_dir, as tests/test_ui_practice.py."""
    return practice_dir


@pytest.fixture
def app(practice_app):
    """conftest.practice_app, as tests/test_ui_practice.py."""
    return practice_app


def test_practice_has_its_own_ruleset(app, data_dir):
    app.apply_settings(app.settings.replace(ruleset="beloz", practice_ruleset="belot-bulgare"))
    scene = PracticeScene(app)
    app.push(scene)
    frames(app)
    assert scene.ruleset == "belot-bulgare"
    assert {p.ruleset for p in scene.problems} == {"belot-bulgare"}
    assert "Belot" in scene.buttons["ruleset"].text
    click(app, scene.buttons["ruleset"])  # the next ruleset, kept as Practice's
    assert scene.ruleset != "belot-bulgare"
    assert app.settings.practice_ruleset == scene.ruleset
    assert app.settings.ruleset == "beloz"  # the game's own is left alone
    assert {p.ruleset for p in scene.problems} == {scene.ruleset}
    assert scene.index == 0


def test_practice_opens_at_the_first_problem_not_yet_solved(app, data_dir):
    app.apply_settings(app.settings.replace(practice_ruleset="belote-classique",
                                            practice_places="belote-classique:3"))
    scene = PracticeScene(app)
    app.push(scene)
    frames(app)
    assert scene.index == 3 and scene.problem in builtin_problems("belote-classique")
    p = scene.problem
    wrong = next((a for a in p.legal() if not p.is_right(a)), None)
    if wrong is not None:  # a wrong answer keeps the place
        scene.choose(wrong)
        assert app.settings.practice_places == "belote-classique:3"
        scene.start(3)
    scene.choose(p.best)  # solved: the place moves on
    assert app.settings.practice_places == "belote-classique:4"
    again = PracticeScene(app)
    assert again.index == 4


def test_play_on_says_practice_in_the_score_box(play_app, data_dir):
    """The table of a problem played on says what it is ("Practice · Leading", "From your
    match of 2 March" or "A built-in problem"), not "Hand 1 · …, Target 1000, Us 0"."""
    import pygame

    from beloz.practice import queue as queue_mod
    from beloz.ui import drawn

    from .test_ui_practice import DAY, _answered, _seed_queue
    from .test_ui_shell import key

    own = _seed_queue(1)[0]
    for p, source in ((builtin_problems("beloz")[0], "A built-in problem"),
                      (own, "From your match of 2 March")):
        practice = _answered(play_app, [p])
        practice.queue, _ = queue_mod.load_queue()
        key(play_app, pygame.K_p)
        table = play_app.top
        with drawn.recording() as seen:
            table.draw(play_app.screen)
            texts = [d.label for d in seen if d.kind == "text"]
        skill = play_app.tr(f"practice.skill.{p.skill}")
        assert f"Practice · {skill}" in texts and source in texts, texts
        assert not any(t.startswith(("Hand ", "Target ", "Us", "Them")) for t in texts)
        while play_app.top is not practice:
            play_app.pop()
        play_app.pop()
    assert DAY.day == 2 and DAY.month == 3
