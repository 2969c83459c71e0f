"""Bidding drills (issue 41, point 3; ``beloz.practice.drills``): the person's own bids that
broke a rule of the bidding guide, where the analysis agrees with the rule, come back in
Practice as a drill whose answer names the rule.  The reviews here are synthetic: a real
deal and its bidding, with the options' values set by the test."""

from __future__ import annotations

import random

import pytest

from beloz.ai import bid_guide
from beloz.ai.heuristic import HeuristicPlayer
from beloz.practice import drills
from beloz.practice import queue as queue_mod
from beloz.practice.problem import BadProblem, Problem, problems_from_review
from beloz.reasons import Why
from beloz.review_store import Option, Rating, Review
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import ALL_TRUMPS_CALL, PASS, TAKE, HandState, Phase

from .conftest import PRACTICE_DAY


def _at_bid(ruleset: str, rule_bid: str) -> HandState:
    """A deal where seat 0 bids first (the dealer is seat 3) and the guide's rule for it
    says ``rule_bid``."""
    for seed in range(200):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        st = HandState.deal(deck, 3, 3, RULESETS[ruleset])
        rule = bid_guide.applies(st.view(0))
        if rule is not None and rule.bid == rule_bid:
            return st
    raise AssertionError(f"no deal where the guide says {rule_bid}")


def _record(st: HandState, chosen: int, options: list[tuple[int, float, float]],
            label: str = "inaccuracy") -> tuple[HandState, Review]:
    """The hand bid on from ``st`` after seat 0's ``chosen`` (the others bid by the rule of
    thumb), and a review of that one bid: ``options`` (action, expected, noise), best first."""
    final = st.clone()
    final.apply(chosen)
    hp = HeuristicPlayer(1)
    while final.phase is Phase.BIDDING:
        final.apply(hp.bid(final.view(final.current)))
    opts = tuple(Option(a, e, None, n) for a, e, n in options)
    value = {o.action: o.expected for o in opts}
    best = opts[0].action
    rating = Rating(0, "bid", None, chosen, best, value.get(chosen, -50.0), value[best],
                    value[best] - value.get(chosen, -50.0), label, False, Why("bid.pass"), opts)
    return final, Review(0, (rating,))


def _take_hand() -> tuple[HandState, bid_guide.Rule]:
    st = _at_bid("beloz", "take")
    rule = bid_guide.applies(st.view(0))
    assert rule is not None and bid_guide.guide_bid(st.view(0), rule) == TAKE
    return st, rule


def _drill() -> Problem:
    st, _ = _take_hand()
    [p] = problems_from_review(*_record(st, PASS, [(TAKE, 10, 0), (PASS, -6, 2)]))
    return p


def test_a_bid_that_broke_the_rule_makes_exactly_that_drill() -> None:
    st, rule = _take_hand()
    # Passed where the rule takes, the analysis taking too: not even a "mistake".
    problems = problems_from_review(*_record(st, PASS, [(TAKE, 10, 0), (PASS, -6, 2)]))
    assert len(problems) == 1
    p = problems[0]
    assert p.rule == rule.number and drills.drill_rule(p) == rule
    assert (p.kind, p.skill, p.source, p.seat, p.chosen, p.best) == (
        "bid", "bidding", "own", 0, PASS, TAKE)
    assert drills.guide_action(p) == TAKE and p.is_right(TAKE) and not p.is_right(PASS)
    assert p.view() == st.view(0)  # the hand as the seat saw it: the turned card, no bid
    # Through the file and back: the same drill.
    again = Problem.from_dict(p.to_dict())
    assert again == p and again.rule == rule.number and again.to_dict()["rule"] == rule.number


def test_a_mistake_that_broke_the_rule_is_one_problem_a_drill() -> None:
    st, rule = _take_hand()
    problems = problems_from_review(*_record(st, PASS, [(TAKE, 10, 0), (PASS, -20, 2)],
                                             "mistake"))
    assert [p.rule for p in problems] == [rule.number]


def test_a_bid_that_followed_the_rule_makes_none() -> None:
    st, _ = _take_hand()
    assert problems_from_review(*_record(st, TAKE, [(TAKE, 10, 0), (PASS, -6, 2)],
                                         "good")) == []


def test_a_rule_the_analysis_disagrees_with_makes_no_drill() -> None:
    st = _at_bid("belot-bulgare", "plain")
    v = st.view(0)
    rule = bid_guide.applies(v)
    assert rule is not None
    plain = bid_guide.guide_bid(v, rule)
    # The person passed; the analysis calls all trumps, and the guide's plain is far worse.
    opts = [(ALL_TRUMPS_CALL, 10, 0), (plain, -8, 1), (PASS, -10, 1)]
    assert problems_from_review(*_record(st, PASS, opts)) == []
    # Rated a mistake, it is a problem as before, not a drill: no rule is taught.
    [p] = problems_from_review(*_record(st, PASS, opts, "mistake"))
    assert p.rule is None and drills.drill_rule(p) is None
    # The guide's plain about as good as the best (within the ±3): a drill.
    [p] = problems_from_review(*_record(st, PASS, [(ALL_TRUMPS_CALL, 10, 0), (plain, 9, 3),
                                                   (PASS, -10, 1)]))
    assert p.rule == rule.number and p.kind == "call" and p.is_right(plain)


def test_a_bid_the_analysis_finds_as_good_as_the_guides_makes_none() -> None:
    st, _ = _take_hand()
    assert problems_from_review(*_record(st, PASS, [(TAKE, 10, 0), (PASS, 8, 4)])) == []


def test_a_drill_whose_rule_no_longer_holds_reads_as_an_own_problem() -> None:
    """A guide derived again may say another rule there: the problem stays, its answer the
    analysis's, no rule taught; a rule that is not a number is a damaged problem."""
    d = _drill().to_dict()
    assert Problem.from_dict({**d, "rule": d["rule"] + 1}).rule is None
    plain = {k: v for k, v in d.items() if k != "rule"}
    assert Problem.from_dict(plain).rule is None and "rule" not in Problem.from_dict(
        plain).to_dict()
    for bad in ("1", 0, True, 1000):
        with pytest.raises(BadProblem):
            Problem.from_dict({**d, "rule": bad})


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_drills_answer_names_the_guides_bid_and_rule(language) -> None:
    from beloz.i18n import tr_in

    p = _drill()
    rule = drills.drill_rule(p)
    assert rule is not None
    names = {TAKE: "TAKE", PASS: "PASS"}
    wording = bid_guide.wording(rule, language)
    right = drills.drill_lines(p, TAKE, names.__getitem__, language)
    wrong = drills.drill_lines(p, PASS, names.__getitem__, language)
    assert right == (tr_in(language, "practice.drill.right", bid="TAKE"),
                     tr_in(language, "practice.drill.rule", rule=wording))
    assert wrong[0] == tr_in(language, "practice.drill.wrong", bid="TAKE")
    assert wording in wrong[1] and "TAKE" in wrong[0]
    assert not any("%{" in s or "practice." in s for s in (*right, *wrong))
    if language == "fr":  # its own words, not English's
        assert right[0] != drills.drill_lines(p, TAKE, names.__getitem__, "en")[0]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_drills_words_name_only_what_the_seat_sees(language) -> None:
    """Every card the seat cannot see dealt anew (the other hands, the stock): the same
    drill, the same sentences."""
    st, rule = _take_hand()
    opts = (Option(TAKE, 10, None, 0), Option(PASS, -6, None, 2))
    own = st.hands[0]
    said = set()
    for seed in range(8):
        hidden = [c for c in range(32) if not own >> c & 1 and c != st.turned]
        random.Random(seed).shuffle(hidden)
        hands = [own] + [sum(1 << c for c in hidden[5 * i:5 * i + 5]) for i in range(3)]
        other = HandState(st.ruleset, st.dealer, hands, st.turned, hidden[15:], st.escrow_in)
        p = Problem.at(other, TAKE, opts, source="own", chosen=PASS, rule=rule.number)
        assert drills.drill_rule(p) == rule
        said |= {drills.drill_lines(p, a, str, language) for a in (TAKE, PASS)}
    assert len(said) == 2  # one verdict for each answer, whatever the hidden cards


# -- the Practice screen -------------------------------------------------------------------


@pytest.fixture
def app(practice_app):
    """conftest.practice_app: 960 × 600, English; today is PRACTICE_DAY."""
    return practice_app


def _queued_drill(app):
    """The drill kept from a reviewed match (``keep_mistakes``), Practice opened on it."""
    from types import SimpleNamespace

    from beloz.ui.game import HandKept
    from beloz.ui.scenes.practice import PracticeScene
    from beloz.ui.scenes.table.hints import keep_mistakes

    from .test_ui_shell import frames

    st, _ = _take_hand()
    final, rv = _record(st, PASS, [(TAKE, 10, 0), (PASS, -6, 2)])
    flow = SimpleNamespace(kept=[HandKept(1, final, rv)], persist=True, level="expert")
    assert keep_mistakes(SimpleNamespace(read_only=False, notify=print), flow) == 1
    queue, _ = queue_mod.load_queue()
    [entry] = queue.entries.values()
    assert entry.problem.rule is not None and entry.due == PRACTICE_DAY
    scene = PracticeScene(app)
    app.push(scene)
    frames(app)
    assert scene.ruleset == "beloz" and scene.problem == entry.problem
    return scene


def _texts(app, scene) -> list[str]:
    from .test_ui_practice import _texts as texts

    return texts(app, scene)


def test_a_drill_answered_by_the_keys_names_the_rule(app, practice_dir) -> None:
    import pygame

    from .test_ui_shell import key

    scene = _queued_drill(app)
    p = scene.problem
    shown = " ".join(_texts(app, scene))
    assert "Find the bid: the bidding guide has a rule for this hand" in shown
    assert "broke a rule of the bidding guide" in shown
    for _ in range(10):  # Tab to the guide's bid, Enter presses it
        if scene.focus.focused == f"bid:{TAKE}":
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert scene.answer == TAKE
    shown = " ".join(_texts(app, scene))
    assert f"Right! {scene.action_name(TAKE)} is the bidding guide's bid here." in shown
    assert "The guide's rule here: " + bid_guide.wording(drills.drill_rule(p), "en") in shown
    assert "says so too" not in shown and "exception" not in shown
    queue, _ = queue_mod.load_queue()
    assert queue.entries[p.id].solved == 1  # scheduled again, solved


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_drill_answered_by_the_mouse_says_the_guides_bid(app, practice_dir,
                                                          language) -> None:
    from beloz import i18n

    from .test_ui_shell import click

    i18n.set_language(language)
    scene = _queued_drill(app)
    p = scene.problem
    click(app, scene.buttons[f"bid:{PASS}"])
    assert scene.answer == PASS
    shown = " ".join(_texts(app, scene))
    take = scene.action_name(TAKE)
    assert i18n.tr_in(language, "practice.drill.wrong", bid=take) in shown
    rule = bid_guide.wording(drills.drill_rule(p), language)
    assert i18n.tr_in(language, "practice.drill.rule", rule=rule) in shown
    assert i18n.tr_in(language, "practice.drill.find") in shown
    queue, _ = queue_mod.load_queue()
    assert queue.entries[p.id].failed == 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_auction_so_far_stands_clear_of_the_turned_card(practice_dir, size) -> None:
    """A bid problem with no bid yet: "Nobody has called yet" was drawn over the turned
    card's right edge."""
    import pygame

    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.practice import PracticeScene

    from .test_ui_shell import frames

    blits: list[pygame.Rect] = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, *args, **kw):  # type: ignore[override]
            if isinstance(dest, tuple):  # the turned card (the hand's cards go by Rect)
                blits.append(pygame.Rect(dest, source.get_size()))
            return super().blit(source, dest, *args, **kw)

    app = App(size=size, fast=True, settings=Settings(language="en"))
    try:
        scene = PracticeScene(app, problems=[_drill()])
        app.push(scene)
        frames(app)
        texts: list[tuple[str, pygame.Rect]] = []
        plain_text = scene.text

        def text(surface, label, *args, **kw):
            rect = plain_text(surface, label, *args, **kw)
            texts.append((label, rect))
            return rect

        scene.text = text  # type: ignore[method-assign]
        scene.draw(Spy(size))
        [card] = [r for r in blits if r.h > r.w]  # a card stands; the history's lines lie
        words = [r for label, r in texts if label in ("Nobody has called yet", "The auction")]
        assert len(words) == 3 and all(not card.colliderect(r) for r in words)
    finally:
        app.close()
