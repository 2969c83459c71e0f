"""Expert's values count a belot lost by the card played (seed 002, RULES.md §9.3): in all
trumps the first card of a pair discarded on another plain's lead loses the belot, where the
sampled deal credits the pair to its holder whatever is played (teacher set J, bulgare-4861:
the East rhinoceros valued as the monkey)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from beloz.ai import pimc
from beloz.ai.levels import LEVELS
from beloz.rules.cards import parse
from beloz.rules.questions import belot_lost_by
from beloz.rules.record import replay, validate

# All trumps, Kito (seat 0) leads the West crocodile, Amani and Juma follow West; the seat
# (3) has no West and holds the East elephant and rhinoceros, a belot.
HANDS = [["W5", "W6", "N4", "N5", "N6", "N7", "N8", "S8"],
         ["W1", "W7", "S3", "S4", "S5", "S6", "S7", "E8"],
         ["W2", "W3", "W4", "W8", "E1", "E3", "E4", "E5"],
         ["E6", "E7", "E2", "S1", "S2", "N1", "N2", "N3"]]


class _TheDeal:
    """The true deal every time: the values differ only by what the cards do in it."""

    def __init__(self, hands: list[int]) -> None:
        self.hands = hands

    def sample_accepted(self, rng: random.Random,
                        accept: Callable[[list[int]], bool] | None, tries: int = 30
                        ) -> list[int]:
        return list(self.hands)


def _position() -> tuple[object, list[int]]:
    doc = {"format": "beloz-hand/1", "ruleset": "belot-bulgare", "dealer": 3, "hands": HANDS,
           "turned": None, "bids": ["AT", "pass", "pass", "pass"], "plays": ["W5", "W1", "W2"]}
    st = replay(validate(doc))
    return st.view(3), list(st.hands)


def test_the_belot_pair_discarded_on_another_lead() -> None:
    v, _ = _position()
    e6, e7, e2 = parse("E6"), parse("E7"), parse("E2")
    pair = (1 << e6) | (1 << e7)
    assert belot_lost_by(v, e6) == belot_lost_by(v, e7) == pair
    assert belot_lost_by(v, e2) == 0 and belot_lost_by(v, parse("S1")) == 0


def test_a_discard_that_loses_the_belot_is_valued_without_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    v, hands = _position()
    level = LEVELS["expert"]

    def values() -> dict[int, float]:
        got = pimc.evaluate_cards(v, random.Random(1), level, sampler=_TheDeal(hands))
        return dict(zip(got.cards, got.means, strict=True))

    now = values()
    monkeypatch.setattr(pimc, "belot_lost_by", lambda view, c: 0)  # the pair always counted
    before = values()
    e6, e2, s2 = parse("E6"), parse("E2"), parse("S2")
    # the cards that keep the belot are valued as before; the rhinoceros loses its 20
    # points (all trumps: the seat's team's belot), or more where they make the contract
    assert now[e2] == before[e2] and now[s2] == before[s2]
    assert before[e6] - now[e6] >= 20


# The same after four expeditions, four left: Expert solves them exactly (the solver's path).
LATE = [["N5", "S5", "N8", "S3", "W5", "W6", "W4", "E8"],
        ["N3", "S4", "N7", "S7", "W1", "W7", "E1", "E4"],
        ["N4", "S6", "N6", "S8", "W2", "W3", "W8", "E5"],
        ["N1", "S1", "N2", "S2", "E6", "E7", "E2", "E3"]]
LATE_PLAYS = ["N5", "N3", "N4", "N1", "S5", "S4", "S6", "S1", "N8", "N7", "N6", "N2",
              "S3", "S7", "S8", "S2", "W5", "W1", "W2"]


def test_the_exact_solver_values_the_lost_belot_too(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = {"format": "beloz-hand/1", "ruleset": "belot-bulgare", "dealer": 3, "hands": LATE,
           "turned": None, "bids": ["AT", "pass", "pass", "pass"], "plays": LATE_PLAYS}
    st = replay(validate(doc))
    v, hands = st.view(3), list(st.hands)
    level = LEVELS["expert"]
    assert 8 - len(v.tricks) <= level.solve_tricks  # the exact path

    def values() -> dict[int, float]:
        got = pimc.evaluate_cards(v, random.Random(1), level, sampler=_TheDeal(hands))
        assert got.stats["exact"] == 1.0
        return dict(zip(got.cards, got.means, strict=True))

    now = values()
    monkeypatch.setattr(pimc, "belot_lost_by", lambda view, c: 0)
    before = values()
    assert now[parse("E2")] == before[parse("E2")]
    assert before[parse("E6")] - now[parse("E6")] >= 20


def test_shown_announcements_compared_by_category_count_in_every_deal() -> None:
    """Teacher set K, bulgare-535 (all trumps): the seat's quarte (50) is shown and valid in
    seed 002's per-category verdict, where no single valid team is named.  Every deal used
    to score the hand without it (each card valued at a failed contract's -258, "the card
    you play does not change the result"); the engine's points per team are read now, and
    the West elephant, which keeps both masters, is worth more than the West crocodile."""
    from pathlib import Path

    from beloz.ai import review
    from bench.bench_teach_unseen import positions, view_of

    fixture = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-k.json"
    v = view_of(next(p for p in positions(fixture) if p["id"] == "K-bulgare-535"))
    res = v.announcement_result
    assert v.announcements_shown and res is not None and res.by_category
    assert v.valid_team is None and res.points == (50, 0)
    assert pimc.HandModel(v).static_ann == (None, 50, 0)
    values = {o.action: o.expected for o in review.hint(v).options}
    assert values[parse("W7")] > values[parse("W5")]
