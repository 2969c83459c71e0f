"""Teaching: how long a hint and a whole-hand review take (Expert's evaluation).

Run: ``python -m bench teach`` (a few minutes).  One process, wall-clock times, the way
the game's worker process computes them.  Targets (issue 12): a hint within 1 s at the
95th percentile, a whole-hand review (the seat's bids and 8 cards, with hindsight) under
5 s, on the 2-core machine.  Each ruleset is measured: its bids differ (the Bulgarian
auction values every legal call); and the size of a reviewed hand in the save file.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from beloz import savegame, storage
from beloz.ai import review
from beloz.ai.player import make_player
from beloz.rules import ruleset as ruleset_mod
from beloz.rules.state import HandState, Phase

#: Hands measured per ruleset.
HANDS = {"beloz": 8, "belote-classique": 4, "belote-sans-annonces": 4, "belot-bulgare": 8}


def _hands(n: int, seed: int, rules: str = "beloz") -> list[HandState]:
    """Finished hands with a taker, every seat on the heuristic."""
    rng = random.Random(seed)
    out = []
    players = [make_player("heuristic", s) for s in range(4)]
    while len(out) < n:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, len(out) % 4, rng.choice((2, 3)), ruleset_mod.get(rules))
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


def run(seed: int = 1) -> None:
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores)")
    for rules, hands in HANDS.items():
        _run(rules, hands, seed)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


def _run(rules: str, hands: int, seed: int) -> None:
    played = _hands(hands, seed, rules)
    wall: dict[str, list[float]] = {"card hints": [], "bid hints": [], "reviews": []}
    cpu: dict[str, list[float]] = {k: [] for k in wall}
    saved: list[int] = []
    for final in played:
        start, actions = final.history()
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
        rv = review.review_hand(start, actions, 0)
        wall["reviews"].append(time.perf_counter() - t)
        cpu["reviews"].append(time.process_time() - c)
        kept = savegame.KeptHand(1, final, rv)
        saved.append(len(storage.dumps(savegame.kept_to_dict(kept), compact=True)))
    print(f"-- {rules}: {hands} hands; a reviewed hand in the save: median "
          f"{statistics.median(saved)} bytes, max {max(saved)}")
    for name, xs in wall.items():
        if not xs:
            continue
        ys = cpu[name]
        print(f"{name}: n={len(xs)}  wall median {statistics.median(xs) * 1000:.0f} ms  "
              f"p95 {_pct(xs, 0.95) * 1000:.0f} ms  max {max(xs) * 1000:.0f} ms  |  CPU "
              f"median {statistics.median(ys) * 1000:.0f} ms  p95 {_pct(ys, 0.95) * 1000:.0f}"
              f" ms", flush=True)
