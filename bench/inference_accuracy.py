"""How well the deals a seat samples place the hidden cards: uniform against weighted.

``python -m bench.inference_accuracy --players heuristic --hands 60 [--ceiling]``

Hands of ``--players`` on every seat (the arena's deals of seed 11); at each of seat 0's
cards in expeditions 3 to 6, 40 deals are drawn for its view by each sampler, and the
figure is the share of them that put each hidden card in the hand that truly holds it,
averaged over the hidden cards and the decisions (1.0: the true deal every time).

``--ceiling`` adds a nearly exact posterior under the heuristic model (512 uniform deals per
deal drawn, a card off the heuristic's choice weighted 0.01): with the heuristic on every
seat, how far reading the bids and the cards can place the hidden cards at all (slow:
about 2 s a hand).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from beloz.ai.arena import deal_setup
from beloz.ai.inference import Model, weighted_sampler
from beloz.ai.player import make_player
from beloz.ai.sampler import sampler_for
from beloz.ai.view import infer
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import HandState, SeatView

from .hand_loop import play_out

SAMPLERS = {
    "uniform": Model(pool=1),
    "Expert's weighting (pool 4, miss 0.35)": Model(pool=4),
    "pool 64, miss 0.05": Model(pool=64, miss=0.05, floor=0.01),
}
CEILING = {"pool 512, miss 0.01 (ceiling)": Model(pool=512, miss=0.01, floor=0.001)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="heuristic")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--ceiling", action="store_true",
                    help="also a nearly exact posterior under the heuristic model (slow)")
    ns = ap.parse_args(argv)
    samplers = SAMPLERS | (CEILING if ns.ceiling else {})
    share: dict[str, list[float]] = {name: [] for name in samplers}
    seconds = dict.fromkeys(samplers, 0.0)
    for index in range(ns.hands):
        deck, dealer, packet = deal_setup(11, index)
        state = HandState.deal(deck, dealer, packet, BELOZ)
        players = [make_player(ns.players, seed=index * 4 + s) for s in range(4)]

        def measure(seat: int, view: SeatView, index: int = index,
                    state: HandState = state) -> None:
            if seat != 0 or not 2 <= len(state.tricks) <= 5:
                return
            hidden = [(c, s) for s in (1, 2, 3) for c in range(32) if state.hands[s] >> c & 1]
            for name, model in samplers.items():
                rng = random.Random(index)
                t0 = time.perf_counter()
                sampler = weighted_sampler(view, sampler_for(infer(view)), model)
                deals = [sampler.sample_accepted(rng, None) for _ in range(40)]
                seconds[name] += time.perf_counter() - t0
                share[name].append(statistics.fmean(
                    sum(d[s] >> c & 1 for d in deals) / 40 for c, s in hidden))

        play_out(state, players, measure)
    for name in samplers:
        print(f"{name}: {statistics.fmean(share[name]):.3f} of the hidden cards placed right"
              f" ({len(share[name])} decisions, {seconds[name]:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
