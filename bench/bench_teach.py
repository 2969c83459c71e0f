"""Teaching: how long a hint and a whole-hand review take (Expert's evaluation).

Run: ``python -m bench teach`` (about a minute).  One process, wall-clock times, the way
the game's worker process computes them.  Targets (issue 12): a hint within 1 s at the
95th percentile, a whole-hand review (the seat's bids and 8 cards, with hindsight) under
5 s, on the 2-core machine.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from beloz.ai import review
from beloz.ai.player import make_player
from beloz.rules.state import HandState, Phase


def _hands(n: int, seed: int) -> list[HandState]:
    """Finished hands with a taker, every seat on the heuristic."""
    rng = random.Random(seed)
    out = []
    players = [make_player("heuristic", s) for s in range(4)]
    while len(out) < n:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, len(out) % 4, rng.choice((2, 3)))
        while not st.is_terminal():
            v = st.view(st.current)
            p = players[st.current]
            st.apply(p.bid(v) if st.phase is Phase.BIDDING else p.play(v))
        if st.taker is not None:
            out.append(st)
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(hands: int = 8, seed: int = 1) -> None:
    played = _hands(hands, seed)
    wall: dict[str, list[float]] = {"card hints": [], "bid hints": [], "reviews": []}
    cpu: dict[str, list[float]] = {k: [] for k in wall}
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores)")
    for final in played:
        start, actions = review.start_of(final)
        st = start.clone()
        for a in actions:
            v = st.view(st.current)
            if len(v.legal_actions()) > 1:
                name = "bid hints" if st.phase is Phase.BIDDING else "card hints"
                t, c = time.perf_counter(), time.process_time()
                review.hint(v)
                wall[name].append(time.perf_counter() - t)
                cpu[name].append(time.process_time() - c)
            st.apply(a)
        t, c = time.perf_counter(), time.process_time()
        review.review_hand(start, actions, 0)
        wall["reviews"].append(time.perf_counter() - t)
        cpu["reviews"].append(time.process_time() - c)
    for name, xs in wall.items():
        ys = cpu[name]
        print(f"{name}: n={len(xs)}  wall median {statistics.median(xs) * 1000:.0f} ms  "
              f"p95 {_pct(xs, 0.95) * 1000:.0f} ms  max {max(xs) * 1000:.0f} ms  |  CPU "
              f"median {statistics.median(ys) * 1000:.0f} ms  p95 {_pct(ys, 0.95) * 1000:.0f}"
              f" ms")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
