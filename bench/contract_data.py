"""Self-play data for the contract-value model: every legal bid tried at a team's bids.

``nice -n 19 python -m bench.contract_data --seed 24 --deals 4000 --jobs 2 \\
    --out /tmp/contract_data.jsonl``

The arena's duplicate deals (``arena.deal_setup``, its seats and players' seeds) are bid
and played with ``--team`` on the seats of one parity and ``--opponent`` on the others,
both seatings.  The auction follows the players' own bids; at each bid of a team's seat
(its round-1 and round-2 bids, the partner's included) every legal bid is tried: it is
forced, the rest of the auction and the play follow the players' own policies (the team's
later bids by its rule, every card by its card play), and the hand's score is recorded
for each.  The team's bids follow the rule of thumb (``--team`` is Expert's card play with
``heuristic_bids=1`` by default), so a record's values are those of one bid followed by
the rule of thumb: the model learnt from them is one step of improvement over it.

What is stored is raw facts, so the features can change without replaying: per decision
the deal's seed and index, the seating, the bidding seat and the dealer, the seat's five
cards, the turned card, the earlier bids; per legal bid the bid sequence it led to, the
taker and both teams' scores (the deciding seat's team first; a hand all pass scores 0).
The other hands are not stored: the model must see the seat's view only.

``--out FILE`` is a JSONL cache, one line per deal (both seatings), appended as each deal
is done: the same command again plays only the deals not yet in it.  Each line carries
the command's settings (``key``); lines of other settings are kept and ignored.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from beloz.ai.arena import deal_setup
from beloz.ai.base import Player
from beloz.ai.heuristic import heuristic_bid
from beloz.ai.player import make_player
from beloz.rules.cards import cards_of
from beloz.rules.ruleset import RULESETS, Ruleset
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import HandState, Phase, SeatView

from .hand_loop import play_bids

Bids = tuple[int, ...]


class Deal:
    """One deal with the team on the seats of parity ``a_seats``; each bid sequence's
    hand is played once (the players are deterministic: seed and view)."""

    def __init__(self, team: str, opponent: str, ruleset_name: str, seed: int, index: int,
                 a_seats: int) -> None:
        self.ruleset = get_ruleset(ruleset_name)
        self.a_seats = a_seats
        self.deck, self.dealer, self.packet = deal_setup(seed, index)
        self.seeds = [(seed * 1_000_003 + index * 4 + s) & 0x7FFFFFFF for s in range(4)]
        self.team, self.opponent = team, opponent
        self.hands: dict[Bids, tuple[int, int, int | None]] = {}

    def start(self) -> HandState:
        return HandState.deal(self.deck, self.dealer, self.packet, self.ruleset)

    def players(self) -> list[Player]:
        return [make_player(self.team if s & 1 == self.a_seats else self.opponent, self.seeds[s])
                for s in range(4)]

    def finish_bidding(self, state: HandState, players: list[Player]) -> Bids:
        while state.phase is Phase.BIDDING and not state.is_terminal():
            state.apply(players[state.current].bid(state.view(state.current)))
        return tuple(state.bids)

    def outcome(self, bids: Bids) -> tuple[int, int, int | None]:
        """The team's score, the other team's, and the taker, for the hand ``bids`` lead to."""
        if bids not in self.hands:
            score, taker = play_bids(self.start(), bids, self.players())
            self.hands[bids] = (score[self.a_seats], score[1 - self.a_seats], taker)
        return self.hands[bids]

    def decisions(self) -> list[dict[str, Any]]:
        """Every decision of the team's seats on the auction its players follow."""
        out = []
        players = self.players()
        state = self.start()
        while state.phase is Phase.BIDDING and not state.is_terminal():
            seat = state.current
            view = state.view(seat)
            if seat & 1 == self.a_seats:
                tries = []
                for b in view.legal_actions():
                    nxt = state.clone()
                    nxt.apply(b)
                    seq = self.finish_bidding(nxt, self.players())
                    mine, theirs, taker = self.outcome(seq)
                    tries.append({"bid": b, "bids": list(seq), "taker": taker,
                                  "score": [mine, theirs]})
                out.append({"seat": seat, "dealer": self.dealer, "hand": cards_of(view.hand),
                            "turned": view.turned, "bids": list(view.bids),
                            "tries": tries})
            state.apply(players[seat].bid(view))
        return out


def decision_views(row: dict[str, Any], ruleset: Ruleset
                   ) -> Iterator[tuple[dict[str, Any], SeatView, dict[int, int], int]]:
    """Per decision of a record: the decision, the seat's view rebuilt from the deal, each
    tried bid's real score (the seat's team's minus the other's) and the rule of thumb's
    bid."""
    deck, dealer, packet = deal_setup(row["seed"], row["index"])
    for d in row["decisions"]:
        state = HandState.deal(deck, dealer, packet, ruleset)
        for b in d["bids"]:
            state.apply(b)
        view = state.view(d["seat"])
        real = {t["bid"]: t["score"][0] - t["score"][1] for t in d["tries"]}
        yield d, view, real, heuristic_bid(view.hand, view.turned, view.bids, view.seat,
                                           view.dealer)


def _deal(args: tuple[str, str, str, int, int]) -> dict[str, Any]:
    team, opponent, ruleset_name, seed, index = args
    t0 = time.process_time()
    decisions = []
    hands = 0
    for a_seats in (0, 1):
        deal = Deal(team, opponent, ruleset_name, seed, index, a_seats)
        for d in deal.decisions():
            d["a_seats"] = a_seats
            decisions.append(d)
        hands += len(deal.hands)
    return {"index": index, "decisions": decisions, "hands": hands,
            "cpu": round(time.process_time() - t0, 3)}


def settings_key(team: str, opponent: str, ruleset: str, seed: int) -> str:
    return f"{team}|{opponent}|{ruleset}|{seed}"


def load(path: Path, key: str | None = None) -> list[dict[str, Any]]:
    """The deals of a cache file (of one settings key, or all); a line cut short by a
    stopped run is skipped."""
    rows: list[dict[str, Any]] = []
    if not path.exists():
        return rows
    with path.open() as f:
        for line in f:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if key is None or row.get("key") == key:
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--team", default="pimc:expert,heuristic_bids=1",
                    help="the team's players: their card play, and their bids after the tried one")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--ruleset", choices=tuple(RULESETS), default="beloz")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--deals", type=int, default=100, help="deals 0..N-1 of the seed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, required=True, help="JSONL cache, appended per deal")
    ns = ap.parse_args(argv)
    key = settings_key(ns.team, ns.opponent, ns.ruleset, ns.seed)
    done = {r["index"] for r in load(ns.out, key)}
    todo = [i for i in range(ns.deals) if i not in done]
    command = "python -m bench.contract_data " + " ".join(argv if argv is not None
                                                         else sys.argv[1:])
    start = time.perf_counter()
    cpu = 0.0
    if ns.out.exists() and ns.out.stat().st_size:
        with ns.out.open("rb+") as raw:
            raw.seek(-1, 2)
            if raw.read(1) != b"\n":
                raw.write(b"\n")  # a line cut by a stopped run stays a line of its own
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool, ns.out.open("a") as f:
        jobs = [(ns.team, ns.opponent, ns.ruleset, ns.seed, i) for i in todo]
        for k, row in enumerate(pool.imap_unordered(_deal, jobs)):
            row |= {"key": key, "team": ns.team, "opponent": ns.opponent,
                    "ruleset": ns.ruleset, "seed": ns.seed, "command": command}
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
            f.flush()
            cpu += row["cpu"]
            wall = time.perf_counter() - start
            print(f"  {k + 1}/{len(todo)}, {wall:.0f} s, {cpu / (k + 1):.1f} cpu-s a deal,"
                  f" {len(row['decisions'])} decisions, {row['hands']} hands",
                  file=sys.stderr, flush=True)
    print(f"{len(done) + len(todo)} deals in {ns.out} ({key})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
