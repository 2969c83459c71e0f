"""``bench.bid_oracle``: the bidding oracle's hand is never below the one Expert's bidding
leads to on the same deal (it may bid as Expert does), and that hand is the arena's."""

from __future__ import annotations

import re

import pytest

from beloz.ai.arena import play_hand
from beloz.rules.ruleset import BELOZ
from bench import bid_oracle

# Expert's bidding with the rule of thumb's card play, so that a deal takes well under a
# second; no wall-clock cap, so that its bids are the same on a loaded machine.
EXPERT_BIDS = "pimc:expert,heuristic_play=1,bid_time_cap=60"


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_oracle_is_never_below_experts_bidding_on_the_same_deal(index: int) -> None:
    for a_seats in (0, 1):
        played = play_hand((EXPERT_BIDS, "heuristic"), a_seats, 5, index, BELOZ)
        expert = played.a_score - played.b_score
        table = bid_oracle.Table("heuristic", "heuristic", BELOZ, 5, index, a_seats)
        # Expert's bids, followed by the oracle's card players, give the arena's hand...
        assert table.margin(table.bid_by(EXPERT_BIDS)) == expert
        # ...which is one of the hands the oracle tries: it keeps the best.
        best, bids = table.oracle(99, EXPERT_BIDS)
        assert best >= expert
        assert best == max(table.hands.values()) == table.margin(bids)


def test_the_report_pairs_the_oracle_with_each_bidding(
    capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--play", "heuristic", "--bidders", EXPERT_BIDS, "heuristic", "--seed", "5",
            "--deals", "3", "--jobs", "1"]
    assert bid_oracle.main(args) == 0
    out = capsys.readouterr().out
    oracle = re.search(r"^oracle bidding vs heuristic: ([+-][\d.]+) ", out, re.M)
    minus = re.findall(r"oracle minus it ([+-][\d.]+) ", out)
    assert oracle and len(minus) == 2, out
    assert all(float(m) >= 0 for m in minus)


def test_the_oracle_is_no_player() -> None:
    """It sees the whole deal, so it must never be a level: nothing in the module has a
    player's methods (``make_player("bench.bid_oracle:...")`` would build it)."""
    methods = ("bid", "play", "declare")
    own = [obj for obj in vars(bid_oracle).values()
           if getattr(obj, "__module__", None) == bid_oracle.__name__]
    assert bid_oracle.Table in own
    assert not [obj for obj in own if all(callable(getattr(obj, m, None)) for m in methods)]
