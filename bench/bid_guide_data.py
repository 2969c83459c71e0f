"""Expert's bids on seeded deals, the raw material of the bidding guide (issue 41).

``nice -n 19 python -m bench.bid_guide_data --ruleset beloz --seed 4101 --deals 1200``

Each deal of ``arena.deal_setup(seed, index)`` is bid by four Expert players (the arena's
players' seeds), so every bid of the auction is an Expert decision taken where Expert's own
earlier bids led.  Only the bid sequence is stored, one JSON line per deal: the deal and
each seat's view at each bid are rebuilt from the seed, the index and the bids, so the
features the guide counts can change without bidding again (``bench.bid_guide``).

The file (``--out``, by default ``bench/data/bid_guide_<ruleset>_<seed>.jsonl``) is a cache
appended deal by deal: the same command again bids only the deals not yet in it.  Expert's
bids are deterministic given the seed and the view, except when its wall-clock cap (1.2 s
a bid) binds on a loaded machine: the stored bids, not a new run, are the data the guide
was derived from.  About 0.06 s of CPU a bid, 0.25 s a turned-card deal.
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
from beloz.ai.player import make_player
from beloz.rules.ruleset import RULESETS
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import HandState, Phase, SeatView

DATA = Path(__file__).resolve().parent / "data"
PLAYER = "pimc:expert"


def default_path(ruleset: str, seed: int) -> Path:
    return DATA / f"bid_guide_{ruleset}_{seed}.jsonl"


def player_seed(seed: int, index: int, seat: int) -> int:
    """The arena's seed for a seat's player, so a deal here bids as it does there."""
    return (seed * 1_000_003 + index * 4 + seat) & 0x7FFFFFFF


def start(ruleset: str, seed: int, index: int) -> HandState:
    deck, dealer, packet = deal_setup(seed, index)
    return HandState.deal(deck, dealer, packet, get_ruleset(ruleset))


def bid_deal(args: tuple[str, int, int]) -> dict[str, Any]:
    ruleset, seed, index = args
    t0 = time.process_time()
    state = start(ruleset, seed, index)
    players = [make_player(PLAYER, player_seed(seed, index, s)) for s in range(4)]
    while state.phase is Phase.BIDDING and not state.is_terminal():
        state.apply(players[state.current].bid(state.view(state.current)))
    return {"ruleset": ruleset, "seed": seed, "index": index, "bids": list(state.bids),
            "cpu": round(time.process_time() - t0, 3)}


def load(path: Path) -> list[dict[str, Any]]:
    """The deals of a data file, by index; a line cut short by a stopped run is skipped."""
    rows: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            rows[row["index"]] = row
    return [rows[i] for i in sorted(rows)]


def decisions(row: dict[str, Any]) -> Iterator[tuple[SeatView, int]]:
    """Each bid of a stored deal: the bidding seat's view then, and the bid Expert made."""
    state = start(row["ruleset"], row["seed"], row["index"])
    for b in row["bids"]:
        yield state.view(state.current), b
        state.apply(b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", choices=tuple(RULESETS), default="beloz")
    ap.add_argument("--seed", type=int, default=4101)
    ap.add_argument("--deals", type=int, default=100, help="deals 0..N-1 of the seed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path)
    ns = ap.parse_args(argv)
    out = ns.out or default_path(ns.ruleset, ns.seed)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {r["index"] for r in load(out)}
    todo = [(ns.ruleset, ns.seed, i) for i in range(ns.deals) if i not in done]
    if out.exists() and out.stat().st_size and not out.read_bytes().endswith(b"\n"):
        with out.open("a") as f:
            f.write("\n")  # a line cut by a stopped run stays a line of its own
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool, out.open("a") as f:
        for k, row in enumerate(pool.imap_unordered(bid_deal, todo)):
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
            f.flush()
            if (k + 1) % 50 == 0:
                print(f"  {k + 1}/{len(todo)}, {time.perf_counter() - began:.0f} s",
                      file=sys.stderr, flush=True)
    print(f"{len(done) + len(todo)} deals in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
