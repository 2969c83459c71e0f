"""Watching the computer players think and « Show me how » (``beloz.practice.duplicate``),
without a window: a decision rated from its seat's view by the person's own rules; Expert's
line in the person's seat against the computer players made again from their specs and
seeds, which decide as at the table wherever the position is the same; the hands replayed
kept in progress.json (schema 2; a schema 1 file still loads)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from beloz.ai import review
from beloz.practice import duplicate
from beloz.practice import progress as P
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase
from beloz.ui.game import GameFlow, seat_seed
from beloz.ui.procworker import TeachTask
from bench import bench_watch

# The files in the test's own folder, hints and reviews on a small budget (conftest).
pytestmark = pytest.mark.usefixtures("data_dir", "tiny_review")


PERSON = "heuristic"  # the person's decisions in these hands: a player seeded review.SEED


def played_hand(ruleset: str, seed: int, level: str = "random") -> GameFlow:
    """A match's first hand with a taker, the person (seat 0) played by ``PERSON``, the
    computer seats by the match's own players: the bench's hand (``bench_watch``)."""
    return bench_watch.played_hand(ruleset, seed, level)


def seeds_of(flow: GameFlow) -> dict[int, int]:
    return {s: seat_seed(flow.seed, s) for s in range(4)}


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_same_decisions_in_the_persons_seat_give_the_hand_as_played(ruleset) -> None:
    """The computer seats made again from their spec and seed decide as at the table: a
    player deciding in the person's seat as the person did replays the very hand (the
    Bulgarian auction too), and the difference is 0."""
    flow = played_hand(ruleset, 3)
    hand = flow.last_hand
    start, actions = hand.history()
    got = duplicate.show_me_how(start, actions, 0, flow.player_specs, seeds_of(flow),
                                expert=PERSON)
    assert got.faithful
    assert got.expert.bids == hand.bids
    assert [t.cards for t in got.expert.tricks] == [t.cards for t in hand.tricks]
    assert got.expert.returns() == hand.returns() == got.played.returns()
    assert got.difference == 0 and got.person_margin == got.expert_margin
    # Other seeds are other players: the computer seats are seen to decide otherwise.
    wrong = {s: v + 1 for s, v in seeds_of(flow).items()}
    other = duplicate.show_me_how(start, actions, 0, flow.player_specs, wrong, expert=PERSON)
    assert not other.faithful


def test_expert_in_the_persons_seat_plays_the_hand_to_its_end() -> None:
    """The real Expert (the review's seed) in seat 0: a finished hand from the same deal,
    the person's line untouched, the margins those of the two hands' scores."""
    flow = played_hand("beloz", 5)
    hand = flow.last_hand
    start, actions = hand.history()
    notes: list[tuple[int, int]] = []
    task = TeachTask("duplicate", (start, actions, 0, flow.player_specs, seeds_of(flow)))
    got = task(progress=lambda done, total: notes.append((done, total)))
    assert isinstance(got, duplicate.Duplicate) and got.faithful
    assert got.expert.phase is Phase.DONE
    if got.expert.taker is not None:  # every card played once
        assert sorted(c for t in got.expert.tricks for c in t.cards) == list(range(32))
    assert [t.cards for t in got.played.tricks] == [t.cards for t in hand.tricks]
    score = got.expert.returns()
    assert got.expert_margin == score[0] - score[1]
    assert got.person_margin == hand.returns()[0] - hand.returns()[1]
    assert got.difference == got.person_margin - got.expert_margin
    assert notes and notes[-1][0] == notes[-1][1]


def test_a_decision_is_rated_from_its_seats_view_by_the_persons_rules() -> None:
    """``watch``: the hint of the seat's own view, the option chosen valued, its loss
    against the best and the label of ``review.label_for`` with the option's noise."""
    flow = played_hand("beloz", 11)
    hand = flow.last_hand
    start, actions = hand.history()
    state = start.clone()
    checked = 0
    for a in actions:
        seat = state.current
        if seat != 0 and state.phase is Phase.PLAY and len(state.legal_actions()) >= 2:
            view = state.view(seat)
            got = duplicate.watch(view, a)
            assert got.seat == seat and got.kind == "card" and got.chosen == a
            assert {o.action for o in got.options} == set(view.legal_actions())
            best = got.expected(got.best)
            assert got.loss == (0.0 if a == got.best else max(0.0, best - got.expected(a)))
            noise = 0.0 if a == got.best else next(o.noise for o in got.options
                                                   if o.action == a)
            assert got.label == review.label_for(got.loss, noise)
            assert got.hint == review.hint(view)  # the explainer of the hint, nothing else
            checked += 1
            if checked == 3:
                break
        state.apply(a)
    assert checked == 3
    with pytest.raises(ValueError):
        duplicate.watch(state.view(state.current), next(
            c for c in range(32) if c not in state.legal_actions()))


# -- progress.json -----------------------------------------------------------------------------


def test_hands_replayed_are_kept_in_progress_json(data_dir: Path) -> None:
    day = dt.date(2026, 3, 2)
    assert P.record_duplicate(P.HandDuplicate("m1", 1, "beloz", day, 40, 90)) == []
    assert P.record_duplicate(P.HandDuplicate("m1", 2, "belot-bulgare", day, 12, 3)) == []
    # The same hand replayed again replaces the first.
    assert P.record_duplicate(P.HandDuplicate("m1", 1, "beloz", day, 40, 70)) == []
    doc = json.loads((data_dir / "progress.json").read_text(encoding="utf-8"))
    assert doc["schema"] == 2 and len(doc["hands"]) == 2
    loaded, messages = P.load_progress()
    assert messages == []
    assert P.duplicate_series(loaded.hands_of("beloz")) == [-30]
    assert P.duplicate_series(loaded.hands_of("belot-bulgare")) == [9]


def test_a_schema_1_file_still_loads_and_a_damaged_hand_is_left_out(data_dir: Path) -> None:
    record = {"id": "m1", "ruleset": "beloz", "level": "standard", "date": "2026-03-02",
              "skills": {"leading": [2, 3.5]}, "undo": False, "result": None}
    (data_dir / "progress.json").write_text(json.dumps({"schema": 1, "matches": [record]}),
                                            encoding="utf-8")
    loaded, messages = P.load_progress()
    assert messages == [] and list(loaded.matches) == ["m1"] and loaded.hands == {}
    good = {"match": "m1", "hand": 1, "ruleset": "beloz", "date": "2026-03-02",
            "person": 10, "expert": -5}
    bad = [{**good, "hand": 0}, {**good, "person": "10"}, {**good, "ruleset": "poker"},
           {**good, "expert": 10**6}, {**good, "date": "yesterday"}, "x"]
    (data_dir / "progress.json").write_text(json.dumps(
        {"schema": 2, "matches": [record], "hands": [good, *bad]}), encoding="utf-8")
    loaded, messages = P.load_progress()
    assert list(loaded.hands) == ["m1#1"] and len(messages) == 1
    assert loaded.hands["m1#1"].difference == 15
