"""The arena runs and reports JSON on its last line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_arena_json_on_a_few_deals() -> None:
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "beloz.ai.arena", "--a", "heuristic", "--b", "random",
         "--deals", "4", "--seed", "3", "--jobs", "1", "--json"],
        cwd=root, capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    assert data["deals"] == 4 and data["hands"] == 8
    lo, hi = data["ci95"]
    assert lo <= data["margin"] <= hi
    assert 0.0 <= data["match_win_rate_a"] <= 1.0
    assert data["a_play_time"]["n"] > 0
    # The deals' own margins, to pair two runs afterwards: their mean is the margin.
    assert len(data["per_deal"]) == 4
    assert abs(sum(data["per_deal"]) / 4 - data["margin"]) < 1e-9


def test_arena_is_reproducible() -> None:
    from beloz.ai.arena import run

    a = run("heuristic", "pimc:beginner", 3, 5, 1)
    b = run("heuristic", "pimc:beginner", 3, 5, 1)
    assert a["margin"] == b["margin"] and a["a_took"] == b["a_took"]


def test_heuristic_self_play_bids_enough() -> None:
    """The heuristic's bidding: few hands passed out, most contracts made (issue 3 aims at
    10–20% pass-outs and 65–80% made; 1,000 deals give 10.8% and 81.8%)."""
    from beloz.ai.arena import run

    r = run("heuristic", "heuristic", 300, 1, 1)
    assert 0.04 <= r["all_passed"] / r["hands"] <= 0.25
    assert 0.7 <= r["a_contract_success"] <= 0.9
