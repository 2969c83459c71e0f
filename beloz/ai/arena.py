"""Duplicate hands between two players, with confidence intervals.

``python -m beloz.ai.arena --a pimc:expert --b heuristic --deals 1000 --seed 1 --jobs 2``
(``--ruleset NAME``: any ruleset of ``beloz.rules.ruleset.RULESETS``, default ``beloz``)

Each deal (a shuffled deck, a dealer, a 3-2 or 2-3 deal, all from the seed and the deal's
index) is played twice: A on seats 0 and 2 and B on 1 and 3, then the teams swap seats.  The
players' seeds depend on the deal and the seat only, so both plays start from the same
random state.  Every hand goes through the real bidding.  A hand where all four pass twice
scores 0 for both teams: passing is part of a player's strategy, and the duplicate already
cancels the luck of the cards (no redeal).  Each hand is scored alone (escrow 0 in; a
litige's escrowed points go to nobody).

The margin is A's mean hand score minus B's, per hand, averaged over the two plays of each
deal; its 95% interval uses the spread of the per-deal means (normal approximation).  The
match win rate comes from simulated matches to the ruleset's target that draw played hands
at random (with replacement) from this run, A's and B's scores taken from the same hand.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from beloz.rules.cards import team_of
from beloz.rules.ruleset import BELOZ, RULESETS, Ruleset
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import HandState, Phase

from .base import card_action
from .player import make_player


@dataclass
class HandRecord:
    a_score: int
    b_score: int
    taker_is_a: bool | None  # None: all passed
    made: bool
    a_play_times: list[float] = field(default_factory=list)
    a_bid_times: list[float] = field(default_factory=list)
    b_play_times: list[float] = field(default_factory=list)
    b_bid_times: list[float] = field(default_factory=list)


def deal_setup(seed: int, index: int) -> tuple[list[int], int, int]:
    rng = random.Random(f"arena|{seed}|{index}")
    deck = list(range(32))
    rng.shuffle(deck)
    return deck, index % 4, rng.choice((2, 3))


def play_hand(
    specs: tuple[str, str], a_seats: int, seed: int, index: int, ruleset: Ruleset
) -> HandRecord:
    """Play deal ``index`` with A on the seats of parity ``a_seats`` (0 or 1)."""
    deck, dealer, packet = deal_setup(seed, index)
    state = HandState.deal(deck, dealer, packet, ruleset)
    players = []
    for s in range(4):
        spec = specs[0] if team_of(s) == a_seats else specs[1]
        players.append(make_player(spec, seed=(seed * 1_000_003 + index * 4 + s) & 0x7FFFFFFF))
    rec = HandRecord(0, 0, None, False)
    belot_choice: dict[int, bool] = {}  # each seat's answer with its first card
    while not state.is_terminal():
        seat = state.current
        is_a = team_of(seat) == a_seats
        view = state.view(seat)
        if state.phase is Phase.BIDDING:
            t0 = time.perf_counter()
            action = players[seat].bid(view)
            dt = time.perf_counter() - t0
            (rec.a_bid_times if is_a else rec.b_bid_times).append(dt)
        else:
            t0 = time.perf_counter()
            action = card_action(state, players[seat], view, belot_choice)
            dt = time.perf_counter() - t0
            (rec.a_play_times if is_a else rec.b_play_times).append(dt)
        state.apply(action)
    if state.taker is None:
        return rec
    result = state.result()
    a_team = a_seats
    rec.a_score = result.score[a_team]
    rec.b_score = result.score[1 - a_team]
    rec.taker_is_a = team_of(state.taker) == a_team
    rec.made = result.outcome.value == "made"
    return rec


def _job(args: tuple[str, str, int, int, str]) -> tuple[HandRecord, HandRecord]:
    a, b, seed, index, ruleset_name = args
    ruleset = get_ruleset(ruleset_name)
    return (
        play_hand((a, b), 0, seed, index, ruleset),
        play_hand((a, b), 1, seed, index, ruleset),
    )


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def _times(xs: list[float]) -> dict[str, float]:
    return {
        "n": len(xs),
        "median": statistics.median(xs) if xs else 0.0,
        "p95": _pct(xs, 0.95),
        "max": max(xs) if xs else 0.0,
    }


def simulate_matches(
    hands: list[tuple[int, int]], target: int, n: int, seed: int
) -> float:
    """A's win rate over ``n`` matches to ``target`` drawing hands from ``hands``."""
    if not hands or all(a == 0 and b == 0 for a, b in hands):
        return 0.5
    rng = random.Random(seed)
    wins = 0.0
    for _ in range(n):
        a = b = 0
        while True:
            x, y = hands[int(rng.random() * len(hands))]
            a += x
            b += y
            if (a >= target or b >= target) and a != b:
                break
        wins += a > b
    return wins / n


def summarize(
    pairs: list[tuple[HandRecord, HandRecord]], a: str, b: str, seed: int, target: int
) -> dict[str, object]:
    per_deal = [((r1.a_score - r1.b_score) + (r2.a_score - r2.b_score)) / 2 for r1, r2 in pairs]
    n = len(per_deal)
    mean = statistics.fmean(per_deal) if per_deal else 0.0
    sd = statistics.stdev(per_deal) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    hands = [r for pair in pairs for r in pair]
    a_taken = [r for r in hands if r.taker_is_a is True]
    b_taken = [r for r in hands if r.taker_is_a is False]
    passed = sum(1 for r in hands if r.taker_is_a is None)

    def times(attr: str) -> list[float]:
        return [t for r in hands for t in getattr(r, attr)]

    return {
        "a": a,
        "b": b,
        "deals": n,
        "hands": len(hands),
        "seed": seed,
        "margin": mean,
        "ci95": [mean - half, mean + half],
        # Each deal's margin (its two hands' mean), in deal order: two runs on the same
        # seed can be paired afterwards, deal by deal (a much narrower interval).
        "per_deal": per_deal,
        "a_mean": statistics.fmean(r.a_score for r in hands) if hands else 0.0,
        "b_mean": statistics.fmean(r.b_score for r in hands) if hands else 0.0,
        "a_took": len(a_taken),
        "b_took": len(b_taken),
        "all_passed": passed,
        "a_contract_success": (sum(r.made for r in a_taken) / len(a_taken)) if a_taken else None,
        "b_contract_success": (sum(r.made for r in b_taken) / len(b_taken)) if b_taken else None,
        "match_win_rate_a": simulate_matches(
            [(r.a_score, r.b_score) for r in hands], target, 2000, seed
        ),
        "a_play_time": _times(times("a_play_times")),
        "a_bid_time": _times(times("a_bid_times")),
        "b_play_time": _times(times("b_play_times")),
        "b_bid_time": _times(times("b_bid_times")),
    }


def run(
    a: str, b: str, deals: int, seed: int, jobs: int, ruleset: Ruleset = BELOZ,
    progress: bool = False,
) -> dict[str, object]:
    args = [(a, b, seed, i, ruleset.name) for i in range(deals)]
    pairs: list[tuple[HandRecord, HandRecord]] = []
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for k, pair in enumerate(pool.imap(_job, args, chunksize=1)):
                pairs.append(pair)
                if progress and (k + 1) % 50 == 0:
                    _progress(pairs, k + 1, deals, start)
    else:
        for k, arg in enumerate(args):
            pairs.append(_job(arg))
            if progress and (k + 1) % 50 == 0:
                _progress(pairs, k + 1, deals, start)
    out = summarize(pairs, a, b, seed, ruleset.target)
    out["ruleset"] = ruleset.name
    out["seconds"] = time.perf_counter() - start
    return out


def _progress(pairs: list[tuple[HandRecord, HandRecord]], k: int, total: int, start: float) -> None:
    per = [((r1.a_score - r1.b_score) + (r2.a_score - r2.b_score)) / 2 for r1, r2 in pairs]
    print(
        f"  {k}/{total} deals, margin so far {statistics.fmean(per):+.1f}, "
        f"{time.perf_counter() - start:.0f} s",
        file=sys.stderr,
        flush=True,
    )


def report(s: dict[str, object]) -> str:
    ci = s["ci95"]
    assert isinstance(ci, list)
    lines = [
        f"{s['a']} (A) vs {s['b']} (B): {s['deals']} deals x 2 (duplicate), seed {s['seed']}"
        f", ruleset {s.get('ruleset', 'beloz')}",
        f"margin A-B per hand: {s['margin']:+.1f}  95% CI [{ci[0]:+.1f}, {ci[1]:+.1f}]",
        f"mean hand score: A {s['a_mean']:.1f}  B {s['b_mean']:.1f}",
        f"contracts: A took {s['a_took']} (made {_rate(s['a_contract_success'])}), "
        f"B took {s['b_took']} (made {_rate(s['b_contract_success'])}), "
        f"all passed {s['all_passed']}",
        f"simulated match win rate of A: {s['match_win_rate_a']:.1%}",
    ]
    for who in ("a", "b"):
        for kind in ("play", "bid"):
            t = s[f"{who}_{kind}_time"]
            assert isinstance(t, dict)
            lines.append(
                f"{who.upper()} {kind} time: median {t['median'] * 1000:.1f} ms, "
                f"p95 {t['p95'] * 1000:.1f} ms, max {t['max'] * 1000:.1f} ms (n={t['n']})"
            )
    lines.append(f"({s.get('seconds', 0):.0f} s)")
    return "\n".join(lines)


def _rate(x: object) -> str:
    return f"{x:.1%}" if isinstance(x, float) else "-"


PLAYERS = ("random, heuristic, beginner, pimc:beginner|standard|expert[,field=value...], "
           "or package.module:Class")


def player_spec(spec: str) -> str:
    """``spec`` when ``make_player`` builds a player from it; else a usage error that says
    why, before any deal is played."""
    try:
        make_player(spec, seed=0)
    except (ValueError, ImportError, AttributeError, TypeError) as e:
        raise argparse.ArgumentTypeError(f"{spec!r}: {e} (players: {PLAYERS})") from None
    return spec


def at_least_one(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m beloz.ai.arena",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", required=True, type=player_spec, help=f"player A: {PLAYERS}")
    ap.add_argument("--b", required=True, type=player_spec, help="player B, as --a")
    ap.add_argument("--deals", type=at_least_one, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=at_least_one, default=1)
    ap.add_argument("--ruleset", default="beloz", choices=sorted(RULESETS),
                    help="the ruleset every hand is played in (default beloz)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    ns = ap.parse_args(argv)
    s = run(ns.a, ns.b, ns.deals, ns.seed, ns.jobs, get_ruleset(ns.ruleset), ns.progress)
    print(report(s))
    if ns.json:
        print(json.dumps(s))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
