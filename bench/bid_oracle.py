"""How much bidding can bring: an oracle that knows the deal bids for one team.

``python -m bench.bid_oracle --deals 1000 --seed 8 --jobs 2 --cache /tmp/oracle.json``

The arena's duplicate deals (``arena.deal_setup``, its seats and players' seeds, as in
``bench.level_screen``) are played against ``--opponent``.  At each of its team's bids the
oracle sees the whole deal and tries every legal bid: each is followed to the end of the
hand, the other seats bidding by their own policy (the opponents', and the oracle again at
its team's later bids), every card played by the players of ``--play`` (Expert's card play)
and of ``--opponent``, with the arena's seeds.  It keeps the bid sequence whose hand scores
best for its team (its score minus the other team's; a hand all pass scores 0).

The same deals are bid by each of ``--bidders`` (Expert's bidding and the rule of thumb's)
and played by the same card players: the hand a bidder's sequence leads to is one the
oracle tried, so the differences are paired deal by deal, and the oracle's hand is never
below any bidder's that it tries in full.  The oracle bound minus Expert's bidding is the
most that a better bidding (with this card play, against these opponents) could bring.

The oracle cheats: it lives only here, as a function of the whole deal, and is no player
(``make_player`` cannot build it).

``--depth N`` tries every bid at the team's first N decisions only, and lets the first
bidder choose the later ones (for the auction of ``--ruleset belot-bulgare``, where trying every
call at every turn is far too many hands); the oracle is then bounded below by the first
bidder only.  ``--cache FILE`` keeps every deal played (JSON, written after each deal) and
reuses it: the same command again plays only the deals not yet kept.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from beloz.ai.arena import deal_setup
from beloz.ai.base import Player
from beloz.ai.player import make_player
from beloz.rules.ruleset import RULESETS, Ruleset
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import HandState, Phase

from .hand_loop import play_bids
from .intervals import interval

Bids = tuple[int, ...]


class Table:
    """One play of one deal: the team on the seats of parity ``a_seats`` bids (by the
    oracle or by a bidder) and plays its cards by ``play``, the others by ``opponent``."""

    def __init__(self, play: str, opponent: str, ruleset: Ruleset, seed: int, index: int,
                 a_seats: int) -> None:
        self.ruleset = ruleset
        self.a_seats = a_seats
        self.deck, self.dealer, self.packet = deal_setup(seed, index)
        self.seeds = [(seed * 1_000_003 + index * 4 + s) & 0x7FFFFFFF for s in range(4)]
        self.play, self.opponent = play, opponent
        self.hands: dict[Bids, int] = {}  # each bid sequence tried, its hand's margin

    def start(self) -> HandState:
        return HandState.deal(self.deck, self.dealer, self.packet, self.ruleset)

    def players(self, team_spec: str) -> list[Player]:
        """Fresh players (the arena's seeds): a player's decision depends on its seed and
        its view only, so the same bids give the same cards in every hand tried."""
        return [make_player(team_spec if s & 1 == self.a_seats else self.opponent, self.seeds[s])
                for s in range(4)]

    def margin(self, bids: Bids) -> int:
        """The team's score minus the other's for the hand bid by ``bids`` and played out."""
        if bids not in self.hands:
            score, _ = play_bids(self.start(), bids, self.players(self.play))
            self.hands[bids] = score[self.a_seats] - score[1 - self.a_seats]
        return self.hands[bids]

    def bid_by(self, bidder: str, state: HandState | None = None) -> Bids:
        """The rest of the bidding from ``state`` (the start), the team bidding as
        ``bidder``, the others by their own policy."""
        state = state or self.start()
        players = self.players(bidder)
        while state.phase is Phase.BIDDING and not state.is_terminal():
            state.apply(players[state.current].bid(state.view(state.current)))
        return tuple(state.bids)

    def oracle(self, depth: int, first_bidder: str) -> tuple[int, Bids]:
        """The best margin the team's bids can reach seeing the whole deal, and its bids."""
        others = self.players(self.opponent)

        def best(state: HandState, depth: int) -> tuple[int, Bids]:
            while state.phase is Phase.BIDDING and not state.is_terminal():
                seat = state.current
                if seat & 1 == self.a_seats:
                    if depth == 0:
                        bids = self.bid_by(first_bidder, state)
                        return self.margin(bids), bids
                    tries = []
                    for b in state.legal_actions():
                        nxt = state.clone()
                        nxt.apply(b)
                        tries.append(best(nxt, depth - 1))
                    # Ties go to the first legal bid (pass): the bound is the same.
                    return max(tries, key=lambda t: t[0])
                state.apply(others[seat].bid(state.view(seat)))
            bids = tuple(state.bids)
            return self.margin(bids), bids

        return best(self.start(), depth)


Row = dict[str, float]


def _deal(args: tuple[str, str, Sequence[str], str, int, int, int]) -> Row:
    """One deal, both seatings: the oracle's margin per hand and each bidder's; how many
    hands were tried and how often the oracle bid otherwise than the first bidder."""
    play, opponent, bidders, ruleset_name, depth, seed, index = args
    ruleset = get_ruleset(ruleset_name)
    row: Row = {"oracle": 0.0, "tried": 0.0, "differs": 0.0}
    row |= {b: 0.0 for b in bidders}
    for a_seats in (0, 1):
        table = Table(play, opponent, ruleset, seed, index, a_seats)
        seqs = {b: table.bid_by(b) for b in bidders}
        value, bids = table.oracle(depth, bidders[0])
        row["oracle"] += value / 2
        for b in bidders:
            row[b] += table.margin(seqs[b]) / 2
        row["tried"] += len(table.hands)
        row["differs"] += bids != seqs[bidders[0]]
    return row


def _minus(xs: list[float], ys: list[float]) -> list[float]:
    """Paired differences, deal by deal."""
    return [x - y for x, y in zip(xs, ys, strict=True)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--play", default="pimc:expert", help="the team's card player")
    ap.add_argument("--bidders", nargs="+", default=["pimc:expert",
                                                     "pimc:expert,heuristic_bids=1"],
                    help="the biddings compared with the oracle (the first is the base)")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--ruleset", choices=tuple(RULESETS), default="beloz")
    ap.add_argument("--depth", type=int, default=99,
                    help="try every bid at the team's first N decisions only")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", type=Path, help="JSON file of played deals to reuse")
    ns = ap.parse_args(argv)
    bidders: list[str] = ns.bidders
    cache: dict[str, Row] = {}
    if ns.cache and ns.cache.exists():
        cache = json.loads(ns.cache.read_text())

    def key(i: int) -> str:
        return "|".join((ns.play, *bidders, ns.opponent, ns.ruleset, str(ns.depth),
                         str(ns.seed), str(i)))

    todo = [i for i in range(ns.deals) if key(i) not in cache]
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool:
        jobs = [(ns.play, ns.opponent, bidders, ns.ruleset, ns.depth, ns.seed, i) for i in todo]
        for k, (i, row) in enumerate(zip(todo, pool.imap(_deal, jobs), strict=True)):
            cache[key(i)] = row
            if ns.cache:  # a long run stopped early keeps every deal it played
                ns.cache.write_text(json.dumps(cache))
            print(f"  {k + 1}/{len(todo)}, {time.perf_counter() - start:.0f} s", file=sys.stderr,
                  flush=True)
    rows = [cache[key(i)] for i in range(ns.deals)]
    oracle = [r["oracle"] for r in rows]
    print(f"oracle bidding vs {ns.opponent}: {interval(oracle)} per hand", flush=True)
    for b in bidders:
        mine = [r[b] for r in rows]
        line = (f"{b} vs {ns.opponent}: {interval(mine)};"
                f" oracle minus it {interval(_minus(oracle, mine))}")
        if b != bidders[0]:
            first = [r[bidders[0]] for r in rows]
            line += f"; it minus {bidders[0]} {interval(_minus(mine, first))}"
        print(line, flush=True)
    differs = sum(r["differs"] for r in rows)
    tried = sum(r["tried"] for r in rows)
    print(f"(the oracle bid otherwise than {bidders[0]} in {differs:.0f} of {2 * ns.deals} hands;"
          f" {tried / (2 * ns.deals):.1f} hands tried per hand; card play {ns.play},"
          f" {ns.ruleset}, {ns.deals} deals, seed {ns.seed},"
          f" {time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
