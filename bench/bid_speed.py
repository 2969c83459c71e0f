"""How long a bid takes: a player's bid timed on random round-1 and round-2 positions.

``python -m bench.bid_speed --positions 200 'pimc:expert,bid_model=1' pimc:expert``

Each position is a seeded deal (``arena.deal_setup``) after a random number of passes
(0 to 7), the player's seed fixed; one process, wall-clock.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from beloz.ai.arena import deal_setup
from beloz.ai.player import make_player
from beloz.rules.ruleset import RULESETS
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import PASS, HandState, SeatView


def positions(n: int, seed: int, ruleset_name: str) -> list[SeatView]:
    ruleset = get_ruleset(ruleset_name)
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck, dealer, packet = deal_setup(seed, i)
        state = HandState.deal(deck, dealer, packet, ruleset)
        for _ in range(rng.randrange(8)):
            if PASS not in state.legal_actions():
                break
            state.apply(PASS)
        out.append(state.view(state.current))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", nargs="+")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--ruleset", choices=tuple(RULESETS), default="beloz")
    ns = ap.parse_args(argv)
    views = positions(ns.positions, ns.seed, ns.ruleset)
    for spec in ns.players:
        player = make_player(spec, 7)
        player.bid(views[0])  # the model file is read once, at the first bid
        times = []
        for v in views:
            t0 = time.perf_counter()
            player.bid(v)
            times.append(time.perf_counter() - t0)
        times.sort()
        print(f"{spec}: {len(times)} bids, median {statistics.median(times) * 1000:.1f} ms,"
              f" p95 {times[int(0.95 * len(times))] * 1000:.1f} ms,"
              f" max {times[-1] * 1000:.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
