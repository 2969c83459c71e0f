"""The bidding guide's lessons (issue 41, point 3): one per ruleset with a guide, each bid
the person is asked for is the guide's, decided by a named rule quoted word for word
(``bid_guide.wording`` of the rule ``bid_guide.applies`` gives at that task), the points
the coach counts are the guide's count, and the intro quotes the guide's measured
agreement with Expert.  Lessons are data: these checks are what keep them and the guide
from drifting apart."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from beloz import lessons
from beloz.ai import bid_guide
from beloz.lessons import Runner, Task, parse_lesson
from beloz.rules.state import Phase


def guide_lessons() -> list[lessons.Lesson]:
    return [lessons.load(n) for n in lessons.lesson_names() if n.split("-")[1] == "guide"]


def bid_tasks(lesson: lessons.Lesson):
    """``(task, view)`` for each bidding task of ``lesson``, the person answering as
    expected."""
    runner = Runner(lesson)
    runner.advance()
    while not runner.finished:
        task = runner.task
        assert task is not None
        if runner.state.phase is Phase.BIDDING:
            yield task, runner.state.view(0)
        assert runner.answer(task.expect[0]).ok
        runner.advance()


def quoted_rule_problems(lesson: lessons.Lesson) -> list[str]:
    """What a guide lesson says of the guide that the guide does not: each bid task quotes
    the rule ``applies`` gives there (and no other rule), expects its bid, and counts the
    guide's points; the intro quotes the guide's point count and its figures."""
    guide = bid_guide.guides()[lesson.ruleset.name]
    problems = []
    for lang in lessons.LANGUAGES:
        lines = bid_guide.introduction(guide, lang)
        for line in (lines[1], lines[-1]):  # the point count, the agreement with Expert
            if line not in lesson.intro[lang]:
                problems.append(f"{lesson.id} intro ({lang}) does not quote {line!r}")
    for number, (task, view) in enumerate(bid_tasks(lesson), 1):
        rule = bid_guide.applies(view)
        assert rule is not None
        if not rule.when:
            problems.append(f"{lesson.id} bid {number}: rule {rule.number} is an 'otherwise'")
        if task.expect[0] != bid_guide.guide_bid(view, rule):
            problems.append(f"{lesson.id} bid {number}: expects another bid than rule "
                            f"{rule.number}")
        points = bid_guide.view_features(view)["points"]
        for lang in lessons.LANGUAGES:
            said = bid_guide.wording(rule, lang)
            text = task.text[lang]
            if said not in text:
                problems.append(f"{lesson.id} bid {number} ({lang}) does not quote {said!r}")
            others = [r.number for r in guide.rules
                      if r is not rule and bid_guide.wording(r, lang) in text]
            if others:
                problems.append(f"{lesson.id} bid {number} ({lang}) quotes rules {others}")
            if f"{points} points" not in text.replace(said, ""):
                problems.append(f"{lesson.id} bid {number} ({lang}) does not count "
                                f"{points} points")
    return problems


def test_a_guide_lesson_per_ruleset_with_a_guide():
    found = guide_lessons()
    assert sorted(lesson.ruleset.name for lesson in found) == sorted(bid_guide.guides())
    for lesson in found:
        assert list(bid_tasks(lesson)), lesson.id  # the person bids
        assert any(isinstance(t, Task) and t.expect[0] < 32 for t in lesson.script)  # plays


def test_the_lessons_quote_the_rule_that_applies_in_both_languages():
    for lesson in guide_lessons():
        assert quoted_rule_problems(lesson) == []


def test_the_learned_text_says_the_hands_score():
    """The claims are the engine's; the closing words give the same score."""
    for lesson in guide_lessons():
        a, b = lesson.claims["score"]
        for lang in lessons.LANGUAGES:
            assert str(a) in lesson.learned[lang] and str(b) in lesson.learned[lang], (
                lesson.id, lang)


def _doc(name: str) -> dict:
    text = resources.files(lessons).joinpath(name + ".json").read_text("utf-8")
    return json.loads(text)


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_a_lesson_quoting_another_rule_is_caught(lang):
    """The check fails where the guide and a lesson disagree: the rule quoted, the
    figures, the count."""
    doc = _doc("18-guide-beloz")
    guide = bid_guide.guides()["beloz"]
    task = next(x for x in doc["script"] if isinstance(x, dict) and "task" in x)
    rule1, rule2 = (bid_guide.wording(r, lang) for r in guide.rules[:2])
    wrong = copy.deepcopy(doc)
    wrong_task = next(x for x in wrong["script"] if isinstance(x, dict) and "task" in x)
    wrong_task["task"][lang] = task["task"][lang].replace(rule1, rule2)
    problems = quoted_rule_problems(parse_lesson(wrong, "18-guide-beloz"))
    assert any("does not quote" in p for p in problems)
    assert any("quotes rules [2]" in p for p in problems)
    wrong = copy.deepcopy(doc)
    wrong["intro"][lang] = wrong["intro"][lang].replace("91", "93")
    assert quoted_rule_problems(parse_lesson(wrong, "18-guide-beloz"))
    wrong = copy.deepcopy(doc)
    wrong_task = next(x for x in wrong["script"] if isinstance(x, dict) and "task" in x)
    wrong_task["task"][lang] = task["task"][lang].replace("12 points", "11 points")
    assert any("count" in p for p in quoted_rule_problems(parse_lesson(wrong, "18-guide-beloz")))


def test_each_bid_the_lessons_ask_for_is_experts_too():
    """The guide's bid is also Expert's: the hint's best, or an option it frames as about
    as good (the lessons were picked where it is the best, by 14 points or more; the hint's
    values move a little with the machine's load, its time caps).  A second or two."""
    from beloz.ai.review import hint

    for lesson in guide_lessons():
        for task, view in bid_tasks(lesson):
            h = hint(view)
            assert task.expect[0] == h.best or task.expect[0] in h.about, lesson.id
