"""Hand records (RULES.md §10): verdicts of fixed records, every kind of bad input, the CLI."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from beloz.rules import record
from beloz.rules.state import HandState

FIXTURES = Path(__file__).parent / "fixtures" / "records"
ROOT = Path(__file__).parent.parent


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text())


def test_seed_worked_example_made_108_94() -> None:
    # Seed 000: takers 78 card points + dix de der + Tierce = 108; defenders 74 + BeloZ = 94.
    v = record.check(load("seed-example-made.json"))
    assert v["ok"] is True
    assert v["card_points"] == [78, 74]
    assert v["dix_de_der"] == 0
    assert v["announcements"]["valid_team"] == 0
    assert v["announcements"]["points"] == [20, 0]
    assert v["beloz"] == [0, 20]
    assert v["outcome"] == "made"
    assert v["score"] == [108, 94]
    assert v["escrow_out"] == 0
    assert len(v["tricks"]) == 8 and all(t["winner"] is not None for t in v["tricks"])


def test_seed_worked_example_without_the_tierce_is_dedans_0_182() -> None:
    doc = load("seed-example-made.json")
    doc["declare_announcements"] = [False, True, True, True]  # the tierce is not declared
    v = record.check(doc)
    assert v["announcements"]["points"] == [0, 0]
    assert v["outcome"] == "dedans"
    assert v["score"] == [0, 182]


def test_capot_252_and_the_losing_team_best_announcement_cancels_all() -> None:
    v = record.check(load("capot-defenders-best-announcement.json"))
    assert v["capot"] == 0
    assert v["card_points"] == [152, 0]
    # The defenders' carré is the best announcement, but they lost every expedition.
    assert v["announcements"]["valid_team"] == 1
    assert v["announcements"]["points"] == [0, 0]
    assert v["score"] == [252, 0]


def test_litige_puts_the_takers_points_in_escrow_and_the_next_winner_takes_it() -> None:
    v = record.check(load("litige.json"))
    assert v["outcome"] == "litige"
    assert v["score"] == [0, 141]  # takers (team 0) score only their BeloZ: none
    assert v["escrow_out"] == 141

    # Escrow accumulates over consecutive litiges.
    doc = load("litige.json")
    doc["escrow_in"] = 50
    assert record.check(doc)["escrow_out"] == 191

    # The next hand: the team that wins it takes the escrow.
    made = load("seed-example-made.json")
    made["escrow_in"] = 141
    v = record.check(made)
    assert v["score"] == [108 + 141, 94] and v["escrow_out"] == 0
    made["declare_announcements"] = [False, True, True, True]
    v = record.check(made)
    assert v["outcome"] == "dedans"
    assert v["score"] == [0, 182 + 141] and v["escrow_out"] == 0


def test_round_two_may_name_the_turned_plain() -> None:
    v = record.check(load("round2-turned-plain.json"))
    assert v["ok"] is True and v["trump"] == "W"


def test_unfinished_hand_reports_tricks_so_far() -> None:
    doc = load("seed-example-made.json")
    doc["plays"] = doc["plays"][:6]
    v = record.check(doc)
    assert v["ok"] is True
    assert [t["winner"] for t in v["tricks"]] == [1, None]
    assert v["tricks"][1]["cards"] == ["S3", "S2"]
    assert v["card_points"] == [0, 9]
    assert v["outcome"] is None and v["score"] is None and v["dix_de_der"] is None


def _bad(mutate) -> dict:  # type: ignore[no-untyped-def]
    doc = load("seed-example-made.json")
    mutate(doc)
    v = record.check(doc)
    assert v["ok"] is False and isinstance(v["error"], str) and v["error"]
    return v


def test_malformed_records_name_the_field_and_have_no_index() -> None:
    cases = {
        "format": lambda d: d.update(format="beloz-hand/2"),
        "unknown card": lambda d: d["hands"][0].__setitem__(0, "X9"),
        "duplicated": lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]),
        "hand size": lambda d: d["hands"][2].pop(),
        "dealer": lambda d: d.update(dealer=7),
        "bid after take": lambda d: d.update(bids=["take", "pass"]),
        "take in round 2": lambda d: d.update(bids=["pass"] * 4 + ["take"]),
        "never a taker": lambda d: d.update(bids=["pass"] * 8),
        "unknown bid": lambda d: d.update(bids=["double"]),
        "turned not in taker's hand": lambda d: d.update(turned="N1"),
        "ruleset": lambda d: d.update(ruleset="poker"),
        "no ruleset": lambda d: d.pop("ruleset"),  # not optional (RULES.md §10)
        "hand not a list": lambda d: d["hands"].__setitem__(3, "N1N2"),
        "escrow": lambda d: d.update(escrow_in=-3),
        "declare flags": lambda d: d.update(declare_announcements=[True]),
        "plays not a list": lambda d: d.update(plays="N1"),
        "no plays": lambda d: d.pop("plays"),  # not optional ([] is a hand before its first card)
    }
    for name, mutate in cases.items():
        v = _bad(mutate)
        assert v["index"] is None, name


def test_play_problems_fail_at_their_own_index_the_first_in_play_order() -> None:
    # RULES.md §10.1: an unknown code and a 33rd card fail at their index in ``plays``.
    v = _bad(lambda d: d.update(plays=d["plays"] + ["N1"]))
    assert v["index"] == 32
    v = _bad(lambda d: d["plays"].__setitem__(5, "X9"))
    assert v["index"] == 5
    # The first problem in play order wins: an illegal play before an unknown code ...
    v = _bad(lambda d: (d["plays"].__setitem__(1, "W1"), d["plays"].__setitem__(5, "Z")))
    assert (v["index"], v["reason"]) == (1, "must_trump")
    # ... and an unknown code before an illegal play.
    v = _bad(lambda d: (d["plays"].__setitem__(1, 7), d["plays"].__setitem__(2, "E1")))
    assert v["index"] == 1 and "reason" not in v


def test_illegal_play_gives_index_seat_and_reason() -> None:
    # plays[1]: seat 1 holds no North card and must intercept the opponent's expedition.
    v = _bad(lambda d: d["plays"].__setitem__(1, "W1"))
    assert (v["index"], v["seat"], v["reason"]) == (1, 1, "must_trump")
    # plays[2]: seat 2 holds North cards and must follow.
    v = _bad(lambda d: d["plays"].__setitem__(2, "E1"))
    assert (v["index"], v["seat"], v["reason"]) == (2, 2, "must_follow")
    # a card from another hand
    v = _bad(lambda d: d["plays"].__setitem__(0, "S1"))
    assert (v["index"], v["reason"]) == (0, "not_in_hand")


def test_dump_then_check_agrees_with_the_state_on_random_hands() -> None:
    rng = random.Random(3)
    checked = 0
    while checked < 150:
        deck = list(range(32))
        rng.shuffle(deck)
        state = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if state.taker is None:
            continue
        doc = record.dump(state)
        v = record.check(copy.deepcopy(doc))
        r = state.result()
        assert v["score"] == list(r.score) and v["outcome"] == r.outcome.value
        assert record.dump(record.replay(record.validate(doc))) == doc
        checked += 1


def _cli(arg: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "beloz.rules.record", arg],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


def test_cli_prints_the_verdict_and_exits_0() -> None:
    p = _cli(str(FIXTURES / "seed-example-made.json"))
    assert p.returncode == 0
    assert json.loads(p.stdout)["score"] == [108, 94]


@pytest.mark.parametrize(
    "data",
    [b"{not json", b"\xff\xfe\x00", b"[]", b'{"format": "beloz-hand/1"}', b""],
)
def test_cli_bad_input_is_a_json_error_not_a_traceback(data: bytes) -> None:
    p = _cli("-", stdin=data)
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["ok"] is False and "index" in out
    assert b"Traceback" not in p.stderr


def test_cli_missing_file() -> None:
    p = _cli("/nonexistent/record.json")
    assert p.returncode == 1 and json.loads(p.stdout)["ok"] is False
