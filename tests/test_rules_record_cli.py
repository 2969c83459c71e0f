"""RULES.md §10, seen from outside: ``python -m beloz.rules.record FILE`` on records built
from this suite's own deals (the owner's fixtures live in tests/fixtures/records/)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_rules_oracle import cid, master_pos, name, oracle_legal

ROOT = Path(__file__).resolve().parent.parent

FOURNIR = [
    "N6 N5 N3 W8 S5 S6 S7 S8".split(),
    "N8 E1 E2 E3 W1 W2 W3 S1".split(),
    "N4 N1 E4 E5 E6 W4 W5 S2".split(),
    "N7 N2 E7 E8 W6 W7 S3 S4".split(),
]


def run(doc: dict, tmp_path: Path) -> tuple[int, dict]:
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(doc))
    p = subprocess.run(
        [sys.executable, "-m", "beloz.rules.record", str(f)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return p.returncode, json.loads(p.stdout)


def oracle_game(seed: int) -> tuple[list[str], list[dict], list[int]]:
    """A whole hand played by the oracle with random legal cards: plays, tricks, points."""
    rng = random.Random(seed)
    hands = [{cid(c) for c in h} for h in FOURNIR]
    trump, leader = 2, 1
    plays, tricks, pts = [], [], [0, 0]
    for _ in range(8):
        trick = []
        for k in range(4):
            seat = (leader + k) % 4
            c = rng.choice(sorted(oracle_legal(hands[seat], trick, trump)))
            hands[seat].remove(c)
            trick.append(c)
        winner = (leader + master_pos(trick, trump)) % 4
        tricks.append({"leader": leader, "cards": [name(c) for c in trick], "winner": winner})
        plays += [name(c) for c in trick]
        leader = winner
    return plays, tricks, pts


def base_doc(plays: list[str]) -> dict:
    return {
        "format": "beloz-hand/1",
        "ruleset": "beloz",
        "dealer": 0,
        "hands": FOURNIR,
        "turned": "S5",
        "bids": ["pass", "pass", "pass", "take"],
        "plays": plays,
    }


@pytest.mark.parametrize("seed", range(3))
def test_record_full_hand(seed, tmp_path):
    plays, tricks, _ = oracle_game(seed)
    rc, v = run(base_doc(plays), tmp_path)
    assert rc == 0 and v["ok"] is True
    assert v["trump"] == "S" and v["taker"] == 0
    assert [(t["leader"], t["cards"], t["winner"]) for t in v["tricks"]] == [
        (t["leader"], t["cards"], t["winner"]) for t in tricks
    ]
    assert sum(v["card_points"]) == 152
    assert v["dix_de_der"] == tricks[-1]["winner"] % 2
    assert v["outcome"] in ("made", "dedans", "litige")
    # seat 0 holds the flooded elephant and rhino and declares BeloZ by default
    assert v["beloz"] == [20, 0]


def test_record_illegal_play(tmp_path):
    plays = ["N8", "E4"]  # seat 2 holds North: must follow
    rc, v = run(base_doc(plays), tmp_path)
    assert rc == 1
    assert v["ok"] is False and v["index"] == 1
    assert "must_follow" in json.dumps(v)


def test_record_unfinished_hand(tmp_path):
    rc, v = run(base_doc(["N8", "N4", "N7", "N3", "E1"]), tmp_path)
    assert rc == 0 and v["ok"] is True
    assert v["tricks"][0]["winner"] == 1
    assert v["tricks"][-1]["winner"] is None
    assert v["card_points"] == [0, 25]


def test_record_turned_card_not_in_takers_hand(tmp_path):
    doc = base_doc([])
    doc["turned"] = "S1"  # held by seat 1, but seat 0 takes
    rc, v = run(doc, tmp_path)
    assert rc == 1 and v["ok"] is False and v["index"] is None
