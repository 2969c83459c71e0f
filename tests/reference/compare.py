"""Compare the engine's record verdicts with the reference's, field by field.

    python -m tests.reference.compare --ruleset NAME --n 5000 --seed S [--examples 5]

prints how many records were compared (by kind), every field that disagreed with its count,
and the first examples as minimal JSON records with both values.  Exit status 1 when any
field disagrees.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from tests.reference import mix
from tests.reference import verdict as reference

Verdict = dict[str, Any]
Checker = Callable[[Any], Verdict]

# The fields of a verdict (§10 / §10.1) compared one by one; ``announcements`` is split into
# its three parts.  The engine's extra ``finished`` flag is compared too (it is obvious).
OK_FIELDS = ("trump", "taker", "tricks", "card_points", "dix_de_der", "capot",
             "announcements.declared", "announcements.valid_team", "announcements.points",
             "beloz", "outcome", "score", "escrow_out", "finished")
BULGARIAN_FIELDS = ("contract", "raw")
OPTIONAL_DEFAULTS = {"declare_announcements": [True, True, True, True], "declare_beloz": True,
                     "escrow_in": 0}


def engine_checker() -> Checker:
    from beloz.rules.record import check  # the engine's public entry, nothing else

    return check


def _get(v: Verdict, field: str) -> Any:
    out: Any = v
    for part in field.split("."):
        if not isinstance(out, dict) or part not in out:
            return "<missing>"
        out = out[part]
    if field == "announcements.declared" and isinstance(out, list):
        # the order of one seat's announcements is not specified: compare them as sets
        out = [sorted(seat, key=lambda a: json.dumps(a, sort_keys=True))
               if isinstance(seat, list) else seat for seat in out]
    return out


def differences(engine: Verdict, ref: Verdict) -> list[tuple[str, Any, Any]]:
    """(field, engine value, reference value) for every field that differs.  Errors compare
    ``ok`` and ``index``, and ``seat`` / ``reason`` when the reference names an illegal play
    (the error text is free)."""
    if engine.get("ok") is not True or ref.get("ok") is not True:
        if engine.get("ok") != ref.get("ok"):
            return [("ok", _summary(engine), _summary(ref))]
        fields = ["index"] + (["seat", "reason"] if "reason" in ref else [])
        return [(f, engine.get(f, "<missing>"), ref.get(f)) for f in fields
                if engine.get(f, "<missing>") != ref.get(f)]
    fields = list(OK_FIELDS)
    if "contract" in ref:
        fields += BULGARIAN_FIELDS
    return [(f, _get(engine, f), _get(ref, f)) for f in fields if _get(engine, f) != _get(ref, f)]


def _summary(v: Verdict) -> Any:
    if v.get("ok") is True:
        return "ok"
    return {k: v.get(k) for k in ("error", "index", "seat", "reason") if k in v}


def minimal(record: Any, field: str, engine: Checker) -> Any:
    """The record without its default-valued optional fields and with as few plays as still
    show the same field disagreeing."""
    if not isinstance(record, dict):
        return record
    rec = {k: v for k, v in record.items() if OPTIONAL_DEFAULTS.get(k, object()) != v}
    plays = rec.get("plays")
    if not isinstance(plays, list):
        return rec
    for n in range(len(plays)):
        shorter = dict(rec, plays=plays[:n])
        if any(f == field for f, _, _ in differences(engine(shorter), reference.check(shorter))):
            return shorter
    return rec


def compare(ruleset: str, n: int, seed: int, engine: Checker | None = None
            ) -> tuple[collections.Counter[str], list[tuple[str, Any, list[tuple[str, Any, Any]]]]]:
    """Counts of records by kind, and every (kind, record, differences) that disagreed."""
    engine = engine or engine_checker()
    kinds: collections.Counter[str] = collections.Counter()
    bad = []
    for kind, record in mix.records(ruleset, n, seed):
        kinds[kind] += 1
        # both sides see the record as JSON, and the verdicts are compared as JSON (a tuple
        # and a list are the same; a value JSON cannot hold fails here)
        ev = json.loads(json.dumps(engine(json.loads(json.dumps(record)))))
        rv = json.loads(json.dumps(reference.check(record)))
        diffs = differences(ev, rv)
        if diffs and ev.get("ok") is False and rv.get("ok") is False:
            diffs.append(("error text", ev.get("error"), rv.get("error")))  # to read, not compared
        if diffs:
            bad.append((kind, record, diffs))
    return kinds, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", required=True, choices=sorted(reference.RULESETS))
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=5, help="examples shown per field")
    args = parser.parse_args(argv)
    engine = engine_checker()
    start = time.perf_counter()
    kinds, bad = compare(args.ruleset, args.n, args.seed, engine)
    total = sum(kinds.values())
    print(f"{args.ruleset}: {total} records compared (seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s): "
          + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    by_field: dict[str, list[tuple[str, Any, tuple[str, Any, Any]]]] = collections.defaultdict(
        list)
    for kind, record, diffs in bad:
        for d in diffs:
            by_field[d[0]].append((kind, record, d))
    print(f"{len(bad)} records disagree" + (":" if bad else "."))
    for field, items in sorted(by_field.items(), key=lambda kv: -len(kv[1])):
        if field == "error text":
            continue
        print(f"\n== {field}: {len(items)} records")
        for kind, record, (_, ev, rv) in items[:args.examples]:
            print(f"-- {kind}")
            print("record:   " + json.dumps(minimal(record, field, engine), separators=(",", ":")))
            print("engine:   " + json.dumps(ev, separators=(",", ":")))
            print("reference:" + json.dumps(rv, separators=(",", ":")))
            for f, e, r in next(d for k, rec, d in bad if rec is record):
                if f == "error text":
                    print(f"errors:   engine {e!r}, reference {r!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
