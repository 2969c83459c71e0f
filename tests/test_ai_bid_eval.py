"""Expert's bid evaluation (``pimc.evaluate_bids``): a strong hand is valued for taking,
a weak one for passing, on the deals the hint draws (the review's seed)."""

from __future__ import annotations

from dataclasses import replace

from beloz.ai import review
from beloz.ai.base import decision_rng
from beloz.ai.bidsearch import evaluate_bids, simulate_bid
from beloz.ai.levels import LEVELS
from beloz.lessons import Runner, load
from beloz.rules.cards import parse
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import PASS, TAKE, HandState, SeatView

# Expert's budget without its wall-clock guard: the same deals on any machine.
EXPERT = replace(LEVELS["expert"], bid_time_cap=600.0)


def _values(view: SeatView) -> dict[int, float]:
    cands, means = evaluate_bids(view, decision_rng(review.SEED, view), EXPERT)
    return dict(zip(cands, means, strict=True))


def test_lesson_7_strong_hand_is_valued_for_taking() -> None:
    # Lesson 7: first to speak with the water snake and the lion of North, the North
    # crocodile turned.  The evaluation used to stop after 24 deals on a 40-point lead
    # that was noise, and valued passing at +122 against taking at +66.
    play = Runner(load("07-taking"))
    play.advance()
    view = play.state.view(0)
    assert not view.bids and view.turned == parse("N5")
    values = _values(view)
    assert values[TAKE] > values[PASS]
    assert simulate_bid(view, decision_rng(review.SEED, view), EXPERT) == TAKE


def test_weak_hand_still_passes() -> None:
    # First to speak with the North meerkat alone, the North elephant turned.
    hand = [parse(c) for c in "N1 E2 E5 S3 W6".split()]
    turned = parse("N7")
    rest = [c for c in range(32) if c not in hand and c != turned]
    hands = [sum(1 << c for c in hand)] + [
        sum(1 << c for c in rest[5 * i : 5 * i + 5]) for i in range(3)
    ]
    view = HandState(BELOZ, 3, hands, turned, rest[15:], 0).view(0)
    values = _values(view)
    assert values[PASS] > values[TAKE]
    assert simulate_bid(view, decision_rng(review.SEED, view), EXPERT) == PASS
