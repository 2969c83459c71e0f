"""The engine's record verdicts against an independent reference (tests/reference/), field by
field, on random, planted and corrupted records of every ruleset (RULES.md §10, §10.1).

A ruleset the engine does not know fails here, on purpose: the four rulesets of RULES.md §9
must all check records.  More records: ``python -m tests.reference.compare --ruleset NAME
--n 5000 --seed S``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.reference import generate, mix
from tests.reference import verdict as reference
from tests.reference.compare import compare, engine_checker, minimal

RULESETS = sorted(reference.RULESETS)
RECORDS_PER_RULESET = 120  # every record fault once, then a random mix: a few seconds each
FIXTURES = Path(__file__).parent / "fixtures" / "records"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_engine_verdicts_match_the_reference(ruleset: str) -> None:
    engine = engine_checker()
    probe = generate.random_record(random.Random(0), ruleset)
    answer = engine(probe)
    if answer.get("ok") is not True:
        pytest.fail(f"the engine rejects a valid {ruleset} record: {answer.get('error')}")
    kinds, bad = compare(ruleset, RECORDS_PER_RULESET, seed=20261130, engine=engine)
    assert sum(kinds.values()) == RECORDS_PER_RULESET
    report = []
    for kind, record, diffs in bad[:3]:
        field = diffs[0][0]
        report.append(f"{kind} record {json.dumps(minimal(record, field, engine))}\n"
                      + "\n".join(f"  {f}: engine {e!r}, reference {r!r}" for f, e, r in diffs))
    assert not bad, f"{len(bad)} of {RECORDS_PER_RULESET} {ruleset} verdicts differ:\n" + \
        "\n".join(report)


# The reference itself, on the seeds' worked examples (it must be right on its own).

def test_reference_seed_000_worked_example() -> None:
    """RULES.md §7: 108 / 94 made; without the Tierce, dedans 0 / 182."""
    doc = json.loads((FIXTURES / "seed-example-made.json").read_text())
    v = reference.check(doc)
    assert (v["outcome"], v["score"], v["beloz"]) == ("made", [108, 94], [0, 20])
    v = reference.check(dict(doc, declare_announcements=[False, True, True, True]))
    assert (v["outcome"], v["score"]) == ("dedans", [0, 182])


@pytest.mark.parametrize(("pts", "contract", "game", "hanging"), [
    ((56, 106), "S", [6, 10], 0), ((6, 156), "S", [1, 15], 0),  # seed 002, trump
    ((34, 224), "AT", [4, 22], 0), ((164, 194), "AT", [17, 19], 0),  # seed 002, all trumps
    ((106, 106), "S", [0, 10], 11), ((154, 154), "AT", [0, 15], 16),  # hanging, seed 002
    ((130, 130), "NT", [0, 13], 13), ((75, 185), "NT", [8, 19], 0),  # NT: 5 rounds up
])
def test_reference_bulgarian_rounding(pts: tuple[int, int], contract: str, game: list[int],
                                      hanging: int) -> None:
    """RULES.md §9.3 division by 10 and seed 002's examples (takers: team 0 when they lose or
    tie, team 1 otherwise)."""
    t = 1 if pts[1] > pts[0] else 0
    _, _, got, got_hanging = reference.bulgarian_record(list(pts), t, contract, 1)
    assert (got, got_hanging) == (game, hanging)


def test_reference_bulgarian_doubled_is_one_amount() -> None:
    """§10.1: a doubled result is a single amount with the plain rule; equal: it all hangs."""
    assert reference.bulgarian_record([56, 106], 1, "S", 2) == ("made", [0, 324], [0, 32], 0)
    assert reference.bulgarian_record([106, 56], 1, "S", 4) == ("dedans", [648, 0], [65, 0], 0)
    assert reference.bulgarian_record([81, 81], 0, "S", 2) == ("litige", [0, 0], [0, 0], 32)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reference_accepts_what_it_generates(ruleset: str) -> None:
    """Random and planted records are legal by the reference's own rules (the generator and
    the checker agree with each other)."""
    for kind, rec in mix.records(ruleset, 40, seed=5):
        if kind != "corrupted":
            assert reference.check(rec)["ok"], (kind, reference.check(rec))
