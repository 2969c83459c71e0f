"""``bench.contract_data`` (every legal bid tried at the team's bids, each hand played out)
and ``tools/train_contract_model.py`` (ridge fits that load as a contract model), on the
rule of thumb's card play so that a deal takes milliseconds."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from beloz.ai.arena import play_hand
from beloz.ai.contract_model import load as load_model
from beloz.ai.heuristic import heuristic_bid
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import HandState
from bench import bid_offline, contract_data
from tools import train_contract_model as train


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_every_legal_bid_is_tried_and_the_rule_of_thumbs_is_the_arenas_hand(index: int) -> None:
    seen = 0
    for a_seats in (0, 1):
        deal = contract_data.Deal("heuristic", "heuristic", "beloz", 5, index, a_seats)
        arena = play_hand(("heuristic", "heuristic"), a_seats, 5, index, BELOZ)
        decisions = deal.decisions()  # none when the other team takes before it speaks
        seen += len(decisions)
        for d in decisions:
            assert d["seat"] & 1 == a_seats
            state = deal.start()
            for b in d["bids"]:
                state.apply(b)
            view = state.view(d["seat"])
            assert [t["bid"] for t in d["tries"]] == view.legal_actions()
            assert sum(1 << c for c in d["hand"]) == view.hand
            rule = heuristic_bid(view.hand, view.turned, view.bids, view.seat, view.dealer)
            played = next(t for t in d["tries"] if t["bid"] == rule)
            # The rule of thumb's own bid leads to the arena's hand.
            assert played["score"] == [arena.a_score, arena.b_score]
    assert seen


def test_the_cache_resumes_and_skips_a_cut_line(tmp_path: Path) -> None:
    out = tmp_path / "data.jsonl"
    args = ["--team", "heuristic", "--seed", "5", "--jobs", "1", "--out", str(out)]
    assert contract_data.main([*args, "--deals", "4"]) == 0
    lines = out.read_text().splitlines()
    assert sorted(json.loads(x)["index"] for x in lines) == [0, 1, 2, 3]
    with out.open("a") as f:
        f.write('{"index": 9, "decis')  # a run stopped mid-line
    assert len(contract_data.load(out)) == 4
    assert contract_data.main([*args, "--deals", "5"]) == 0  # only deal 4 is played
    assert sorted(r["index"] for r in contract_data.load(out)) == [0, 1, 2, 3, 4]


def test_ridge_recovers_a_linear_law() -> None:
    rng = random.Random(2)
    s = train.Sums(3)
    for _ in range(200):
        x = [rng.random(), rng.random() * 4, 1.0]  # a constant column gets 0
        s.add(x, 2 * x[0] - 3 * x[1] + 5)
    coef, intercept = train.ridge(s, 1e-9)
    assert coef == pytest.approx([2, -3, 0], abs=1e-6)
    assert intercept == pytest.approx(5, abs=1e-6)


def test_training_writes_a_model_that_loads(tmp_path: Path) -> None:
    data = tmp_path / "data.jsonl"
    assert contract_data.main(["--team", "heuristic", "--seed", "6", "--deals", "30",
                               "--jobs", "1", "--out", str(data)]) == 0
    model_path = tmp_path / "model.json"
    assert train.main([str(data), "--out", str(model_path)]) == 0
    model = load_model(model_path)
    assert model.ruleset == "beloz"
    assert model.meta["data"]["deals"] == 30
    assert "cv_rmse" in model.meta["cv"]["r1_take"]
    state = HandState.deal(list(range(32)), 0, 3)
    view = state.view(state.current)
    assert len(model.values(view, view.legal_actions())) == 2


@pytest.mark.slow
def test_offline_policies_are_scored_on_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.bid_offline`` rebuilds each record's deal: with the rule of thumb's card play
    the rollout is that card play, so Expert's-minus-rollout gap is exactly 0 on every
    deal, and every policy is scored against the rule of thumb's bid."""
    data = tmp_path / "data.jsonl"
    assert contract_data.main(["--team", "heuristic", "--seed", "6", "--deals", "20",
                               "--jobs", "1", "--out", str(data)]) == 0
    capsys.readouterr()
    assert bid_offline.main([str(data), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "by the side that took (all deals): team +0.0, other +0.0" in out, out
    for name in ("search", "search + margin", "model", "0.5 search + 0.5 model"):
        assert re.search(rf"^{re.escape(name)} +[+-][\d.]+ \[", out, re.M), out
