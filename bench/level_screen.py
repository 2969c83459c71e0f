"""Screen level variants side by side: each variant against one opponent on the same
duplicate deals, and each variant's per-deal margin minus the first variant's (a paired
difference, much narrower than comparing two separate arena margins).

``python -m bench.level_screen --opponent heuristic --seed 8 --deals 160 --jobs 2 \\
    pimc:expert 'pimc:expert,solve_tricks=7,solve_budget=3000000'``

The deals and seats are the arena's (``arena._job``): a variant's margin is what
``python -m beloz.ai.arena --a VARIANT --b OPPONENT --deals N --seed S`` prints, in the
ruleset of ``--ruleset NAME`` (the arena's option, default BeloZ).
Decision times are wall-clock, every card and bid of the variant's seats.

``--cache FILE`` keeps every played deal (JSON, keyed by variant, opponent, seed and deal)
and reuses it: the base of a series of screens is played once.  The code must not change
between runs sharing a cache.  The cache is written every 100 deals played: a run
stopped early keeps them, and the same command again plays only the rest.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

from beloz.ai.arena import _job
from beloz.rules.ruleset import RULESETS

from .intervals import mean_half

Result = tuple[str, int, float, list[bool | None], list[bool], list[float], list[float]]


def _one(args: tuple[str, str, int, int, str]) -> Result:
    a, b, seed, i, ruleset = args
    r1, r2 = _job((a, b, seed, i, ruleset))
    margin = ((r1.a_score - r1.b_score) + (r2.a_score - r2.b_score)) / 2
    return (a, i, margin, [r1.taker_is_a, r2.taker_is_a], [r1.made, r2.made],
            r1.a_play_times + r2.a_play_times, r1.a_bid_times + r2.a_bid_times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="+", help="player specs; the first is the base")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--deals", type=int, default=160)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", type=Path, help="JSON file of played deals to reuse")
    ap.add_argument("--ruleset", default="beloz", choices=sorted(RULESETS),
                    help="the ruleset every hand is played in (default beloz)")
    ns = ap.parse_args(argv)
    variants: list[str] = ns.variants
    cache: dict[str, list] = {}
    if ns.cache and ns.cache.exists():
        cache = json.loads(ns.cache.read_text())

    # BeloZ's keys have no ruleset: the caches written before ``--ruleset`` stay valid.
    where = "" if ns.ruleset == "beloz" else f"|{ns.ruleset}"

    def key(v: str, i: int) -> str:
        return f"{v}|{ns.opponent}|{ns.seed}|{i}{where}"

    known = [tuple(cache[key(v, i)]) for i in range(ns.deals) for v in variants
             if key(v, i) in cache]
    args = [(v, ns.opponent, ns.seed, i, ns.ruleset) for i in range(ns.deals) for v in variants
            if key(v, i) not in cache]
    margins: dict[str, dict[int, float]] = {v: {} for v in variants}
    cards: dict[str, list[float]] = {v: [] for v in variants}
    bids: dict[str, list[float]] = {v: [] for v in variants}
    took = {v: [0, 0] for v in variants}
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool:
        fresh = pool.imap_unordered(_one, args)
        for k, result in enumerate(itertools.chain(known, fresh)):
            a, i, m, takers, made, t, bt = result
            cache[key(a, i)] = list(result)
            margins[a][i] = m
            cards[a] += t
            bids[a] += bt
            for is_a, ok in zip(takers, made, strict=True):
                if is_a:
                    took[a][0] += 1
                    took[a][1] += ok
            if (k + 1) % 100 == 0:
                if ns.cache:  # a long run stopped early keeps what it played
                    ns.cache.write_text(json.dumps(cache))
                print(f"  {k + 1}/{len(known) + len(args)}, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    if ns.cache:
        ns.cache.write_text(json.dumps(cache))
    base = variants[0]
    for v in variants:
        mean, half = mean_half([margins[v][i] for i in range(ns.deals)])
        line = (f"{v} vs {ns.opponent}: {mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"
                f", took {took[v][0]} made {took[v][1] / max(1, took[v][0]):.1%}")
        if v != base:
            d, dh = mean_half([margins[v][i] - margins[base][i] for i in range(ns.deals)])
            line += f"; minus base {d:+.1f} [{d - dh:+.1f}, {d + dh:+.1f}]"
        ts, bs = sorted(cards[v]), sorted(bids[v])
        line += (f"; cards median {statistics.median(ts) * 1000:.0f} ms"
                 f" p95 {ts[int(0.95 * len(ts))] * 1000:.0f} ms max {ts[-1] * 1000:.0f} ms"
                 f", bids median {statistics.median(bs) * 1000:.0f} ms"
                 f" p95 {bs[int(0.95 * len(bs))] * 1000:.0f} ms")
        print(line, flush=True)
    took_s = time.perf_counter() - start
    print(f"({ns.deals} deals of {ns.ruleset}, seed {ns.seed}, {took_s:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
