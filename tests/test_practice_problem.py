"""Problems from a reviewed hand: every mistake or blunder of the person, rebuilt exactly,
only the seat's view shown."""

from __future__ import annotations

import random

import pytest

from beloz import review_store
from beloz.ai import review
from beloz.ai.heuristic import HeuristicPlayer
from beloz.practice.problem import (
    SKILLS,
    BadProblem,
    Problem,
    problems_from_kept,
    problems_from_review,
)
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import HandState, Phase
from beloz.savegame import KeptHand

from .test_ai_helpers import TINY


@pytest.fixture(autouse=True)
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "LEVEL", TINY)


def _careless_hand(seed: int, ruleset: str = "beloz") -> HandState:
    """A hand played to its end, seat 0 playing at random (mistakes, and its announcements
    and belot kept quiet at random), the others well."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, seed % 4, 3, RULESETS[ruleset])
    hp = HeuristicPlayer(seed)
    while st.phase is not Phase.DONE:
        v = st.view(st.current)
        if st.phase is Phase.BIDDING:
            st.apply(hp.bid(v))
        elif st.current == 0:
            st.apply(st.card_action(rng.choice(v.legal_actions()),
                                    announce=rng.random() < 0.5, belot=rng.random() < 0.5))
        else:
            st.apply(hp.play(v))
    return st


def _reviewed(seed: int) -> tuple[HandState, review_store.Review]:
    final = _careless_hand(seed)
    start, actions = final.history()
    return final, review.review_hand(start, actions, 0, rate_bids=False)


def test_each_mistake_or_blunder_becomes_a_problem_rebuilt_exactly() -> None:
    seen = 0
    for seed in range(12):
        final, rv = _reviewed(seed)
        if final.taker is None:
            continue
        problems = problems_from_kept([KeptHand(1, final, rv)], level="expert")
        wanted = [r for r in rv.ratings if r.label in ("mistake", "blunder")]
        assert len(problems) == len(wanted)
        start, actions = final.history()
        for p, r in zip(problems, wanted, strict=True):
            seen += 1
            assert p.source == "own" and p.level == "expert" and p.seat == 0
            assert p.best == r.best and p.chosen == r.chosen and p.kind == "card"
            assert p.skill in SKILLS
            assert not p.is_right(r.chosen) and p.is_right(r.best)
            # The state at the decision, exactly: replaying the first actions gives it.
            st = start.clone()
            for a in actions[: r.number]:
                st.apply(a)
            assert p.state().hands == st.hands and p.view() == st.view(0)
            # Through the file and back: the same problem, the same state.
            again = Problem.from_dict(p.to_dict())
            assert again == p and again.id == p.id
            assert again.view() == p.view() and again.state().hands == st.hands
            assert set(p.legal()) >= {o.action for o in p.options}
    assert seen >= 2  # random play makes mistakes


def _some_problems() -> tuple[HandState, review_store.Review, list[Problem]]:
    for seed in range(40):
        final, rv = _reviewed(seed)
        problems = problems_from_review(final, rv)
        if problems:
            return final, rv, problems
    raise AssertionError("no mistake in 40 careless hands")


def test_good_decisions_make_no_problem() -> None:
    final, rv, _ = _some_problems()
    good = review_store.Review(0, tuple(r for r in rv.ratings
                                  if r.label not in ("mistake", "blunder")))
    assert problems_from_review(final, good) == []


def test_the_view_hides_the_other_hands() -> None:
    p = _some_problems()[2][0]
    v = p.view()
    assert v.seat == 0 and v.hand == p.state().hands[0]
    assert not hasattr(v, "hands") and not hasattr(v, "stock")


def test_a_damaged_problem_is_refused_with_a_reason() -> None:
    p = _some_problems()[2][0]
    d = p.to_dict()
    cases = [
        {**d, "seat": (p.seat + 1) % 4},
        {**d, "ruleset": "nope"},
        {**d, "skill": "luck"},
        {**d, "best": "ZZ"},
        {**d, "options": []},
        {**d, "options": [["N1", 1e300, None, 0]]},
        {**d, "hand": {**d["hand"], "deck": d["hand"]["deck"][:-1]}},
        {**d, "hand": {**d["hand"], "actions": d["hand"]["actions"][:-1]}},
        {**d, "kind": "bid"},
        [],
    ]
    for bad in cases:
        with pytest.raises(BadProblem):
            Problem.from_dict(bad)


def test_the_level_of_the_match_is_kept_one_or_one_per_seat() -> None:
    d = _some_problems()[2][0].to_dict()
    for level in ("expert", "beginner,expert,beginner", None):
        assert Problem.from_dict({**d, "level": level}).level == level
    for bad in ("grandmaster", "expert,expert", 3, "expert," * 30):
        with pytest.raises(BadProblem):
            Problem.from_dict({**d, "level": bad})


def test_a_hand_and_review_read_back_from_the_save_give_the_same_problems() -> None:
    from beloz.savegame import hand_from_dict, kept_to_dict

    final, rv, problems = _some_problems()
    d = kept_to_dict(KeptHand(1, final, rv))
    hand = hand_from_dict(d["hand"], final.ruleset)
    start, actions = hand.history()
    again = review_store.review_from_dict(d["review"], start, actions)
    assert problems_from_kept([KeptHand(1, hand, again)], None) == problems


def test_a_problem_played_on_puts_its_seat_at_the_persons_place() -> None:
    """``table_state``: the hand at the decision with the problem's seat as seat 0 (the
    table's person), every other seat turned with it, the teams' points with their seats.
    Every built-in problem (most are of another seat than 0) replays so against its check."""
    from beloz.practice.builtin import builtin_problems
    from beloz.rules.ruleset import RULESETS

    turned = 0
    for name in RULESETS:
        for p in builtin_problems(name):
            st, original = p.table_state(), p.state()
            seen, view = p.view(), st.view(0)
            k = p.seat
            turned += k != 0
            assert st.current == 0 and st.dealer == (original.dealer - k) % 4
            assert view.hand == seen.hand and view.legal_actions() == seen.legal_actions()
            assert list(view.trick) == list(seen.trick) and list(view.bids) == list(seen.bids)
            assert st.hands == [original.hands[(s + k) % 4] for s in range(4)]
            assert st.points == (original.points[::-1] if k % 2 else original.points)
            if original.taker is not None:
                assert st.taker == (original.taker - k) % 4
    assert turned > 100
