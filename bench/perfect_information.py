"""What knowing the hidden cards would be worth to Expert: an upper bound on inference.

``python -m bench.perfect_information --deals 300 --seed 8 --jobs 2``

The arena's duplicate deals (``arena.deal_setup``; the seats and seeds of ``arena`` and
``bench.level_screen``) are played twice against ``--opponent``: once by Expert, once by
the same Expert whose card search draws the **true deal** every time instead of deals
consistent with its view (its bidding is unchanged).  The paired difference, per hand, is
what perfect inference could bring to this search at most; better sampling or weighting
can only close part of it.  This player cheats: it exists only here, to measure.

``--phase early`` draws the true deal only in the first two expeditions (where Expert
values its cards by the heuristic's rollouts), ``--phase late`` only from the third on
(where it solves every deal exactly): where the hidden cards cost Expert the most.

``--know partner`` draws the partner's true hand only, and the opponents' cards uniformly
among the deals the rest of the view allows (no weighting): what a perfect signalling
between partners could bring at most.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import sys
import time
from collections.abc import Callable

from beloz.ai.arena import deal_setup
from beloz.ai.levels import LEVELS
from beloz.ai.pimc import PimcPlayer, choose_card
from beloz.ai.player import decision_rng, make_player
from beloz.ai.sampler import DealSampler, Sampler, sampler_for
from beloz.ai.view import infer
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import HandState, SeatView

from .hand_loop import play_out
from .intervals import interval


class TrueDeal:
    """A sampler that always draws the deal as it is."""

    def __init__(self, hands: list[int]) -> None:
        self.hands = hands

    def sample_accepted(
        self, rng: random.Random, accept: Callable[[list[int]], bool] | None, tries: int = 30
    ) -> list[int]:
        return list(self.hands)


def partner_known(view: SeatView, hands: list[int]) -> DealSampler:
    """Uniform deals of the opponents' cards around the partner's true hand: the seat's
    knowledge with the partner's hand known, sampled as any (``sampler_for``)."""
    know = infer(view)
    partner = (view.seat + 2) % 4
    theirs = hands[partner] & know.unseen

    def around(masks: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        a, b, c, d = (theirs if s == partner else m & ~theirs for s, m in enumerate(masks))
        return a, b, c, d
    return sampler_for(dataclasses.replace(know, must=around(know.must), may=around(know.may)))


#: Which of Expert's decisions draw the true deal, by the expeditions already played.
PHASES: dict[str, Callable[[int], bool]] = {
    "all": lambda done: True,
    "early": lambda done: done < 2,
    "late": lambda done: done >= 2,
}


def _hand(opponent: str, seed: int, index: int, a_seats: int, cheat: bool,
          phase: str = "all", know: str = "all") -> int:
    """Expert's team's hand score minus the opponents' for one play of deal ``index``."""
    deck, dealer, packet = deal_setup(seed, index)
    state = HandState.deal(deck, dealer, packet, BELOZ)
    players = [
        PimcPlayer(s_seed, LEVELS["expert"]) if s & 1 == a_seats else make_player(opponent, s_seed)
        for s in range(4)
        for s_seed in [(seed * 1_000_003 + index * 4 + s) & 0x7FFFFFFF]
    ]
    def cheat_card(seat: int, view: SeatView) -> int | None:
        expert = players[seat]
        if (not cheat or not isinstance(expert, PimcPlayer) or len(view.legal_actions()) < 2
                or not PHASES[phase](len(view.tricks))):
            return None
        rng = decision_rng(expert.seed, view)
        sampler: Sampler = (TrueDeal(list(state.hands)) if know == "all"
                            else partner_known(view, state.hands))
        return choose_card(view, rng, expert.level, sampler)[0]

    play_out(state, players, cheat_card)
    if state.taker is None:
        return 0
    score = state.result().score
    return score[a_seats] - score[1 - a_seats]


def _deal(args: tuple[str, int, int, str, str]) -> tuple[float, float]:
    opponent, seed, index, phase, know = args
    honest = sum(_hand(opponent, seed, index, a, False) for a in (0, 1)) / 2
    knowing = sum(_hand(opponent, seed, index, a, True, phase, know) for a in (0, 1)) / 2
    return honest, knowing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--phase", choices=tuple(PHASES), default="all",
                    help="the decisions that draw the true deal: every one, the first two "
                         "expeditions' or the later ones'")
    ap.add_argument("--know", choices=("all", "partner"), default="all",
                    help="the true cards drawn: every hand, or the partner's only")
    ns = ap.parse_args(argv)
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool:
        rows = pool.map(_deal, [(ns.opponent, ns.seed, i, ns.phase, ns.know)
                                for i in range(ns.deals)])
    honest = [h for h, _ in rows]
    knowing = [k for _, k in rows]
    print(f"Expert vs {ns.opponent}: {interval(honest)} per hand", flush=True)
    when = "" if ns.phase == "all" else f" ({ns.phase} expeditions)"
    what = "the true deal" if ns.know == "all" else "its partner's true hand"
    print(f"Expert drawing {what}{when} vs {ns.opponent}: {interval(knowing)} per hand;"
          f" minus Expert {interval([k - h for h, k in rows])}", flush=True)
    print(f"({ns.deals} deals, seed {ns.seed}, {time.perf_counter() - start:.0f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
