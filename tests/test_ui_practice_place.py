"""Practice's own ruleset and its place: choosing a ruleset on the Practice screen leaves the
game's alone (a BeloZ match is not abandoned to practise Bulgarian), and Practice opens at
the first built-in problem not yet solved, not always at "1 of 40"."""

from __future__ import annotations

from beloz.practice.builtin import builtin_problems
from beloz.ui.scenes.practice import PracticeScene

from .test_ui_practice import app, data_dir  # noqa: F401 - the fixtures
from .test_ui_shell import click, frames


def test_practice_has_its_own_ruleset(app, data_dir):  # noqa: F811
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


def test_practice_opens_at_the_first_problem_not_yet_solved(app, data_dir):  # noqa: F811
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
