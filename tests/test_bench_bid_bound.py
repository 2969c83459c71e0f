"""``bench.bid_bound``: the view-level bound of the bidding's head-room, on records of the
rule of thumb's world (every bid and card by the rule of thumb, milliseconds a deal)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from beloz.ai import bidsearch
from beloz.ai.arena import deal_setup
from beloz.ai.heuristic import heuristic_bid
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import HandState
from bench import bid_bound, contract_data


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    data = tmp_path_factory.mktemp("bound") / "data.jsonl"
    assert contract_data.main(["--team", "heuristic", "--seed", "6", "--deals", "12",
                               "--jobs", "1", "--out", str(data)]) == 0
    return sorted(contract_data.load(data), key=lambda r: r["index"])


def test_a_drawn_deal_is_played_as_the_records_world_plays_it(
    records: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bound's premise: on the real deal, following a bid with the rule of thumb's
    later bids and the rollout gives the hand the records played.  With the real deal as
    the only deal drawn, the best bid's gain is the hindsight best (``upper``) and it is
    what that choice realises."""
    real_deal: dict[str, tuple[list[int], list[int]]] = {}

    def draw(view: Any, *_: Any) -> tuple[list[int], list[int]]:
        return real_deal["now"]

    monkeypatch.setattr(bidsearch, "_sample_bidding", draw)
    checked = 0
    for row in records:
        deck, dealer, packet = deal_setup(6, row["index"])
        state = HandState.deal(deck, dealer, packet, BELOZ)
        assert state.stock is not None
        real_deal["now"] = (list(state.hands), list(state.stock))
        decisions = bid_bound._deal((row, "beloz", 3, False))
        assert len(decisions) == len(row["decisions"])
        for d, (upper, lower, realised, rnd) in zip(row["decisions"], decisions, strict=True):
            real = [t["score"][0] - t["score"][1] for t in d["tries"]]
            assert upper == realised == lower
            assert rnd == (2 if len(d["bids"]) >= 4 else 1)
            assert upper == max(real) - real[[t["bid"] for t in d["tries"]].index(
                heuristic_bid(sum(1 << c for c in d["hand"]), d["turned"],
                                   tuple(d["bids"]), d["seat"], d["dealer"]))]
            checked += 1
    assert checked > 10


def test_the_best_drawn_bid_is_never_below_the_rule_of_thumbs(
    records: list[dict[str, Any]]
) -> None:
    """``upper`` compares the best mean with the rule of thumb's on the same deals: never
    below 0; ``lower`` and ``realised`` can be."""
    per = [x for row in records for x in bid_bound._deal((row, "beloz", 16, False))]
    assert all(upper >= 0 for upper, *_ in per)
    assert any(upper > 0 for upper, *_ in per)


def test_the_bound_prints_its_three_figures(
    records: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data.jsonl"
    assert contract_data.main(["--team", "heuristic", "--seed", "6", "--deals", "4",
                               "--jobs", "1", "--out", str(data)]) == 0
    capsys.readouterr()
    assert bid_bound.main([str(data), "--deals", "4", "--samples", "8", "--jobs", "1",
                           "--gap"]) == 0
    out = capsys.readouterr().out
    assert "4 deals" in out and "with the rollout gap" in out, out
    for name in ("upper", "lower", "realised"):
        assert re.search(rf"^  {name} +per decision [+-][\d.]+ \[", out, re.M), out


def test_drawing_is_seeded() -> None:
    view = HandState.deal(list(range(32)), 0, 3).view(1)
    a = bid_bound._values(view, view.legal_actions(), random.Random(1), 5, False)
    b = bid_bound._values(view, view.legal_actions(), random.Random(1), 5, False)
    assert a == b and len(a) == 5
