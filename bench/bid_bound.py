"""What the best bid from the seat's view could bring: a view-level bound on the bidding's
head-room, where the oracle (``bench.bid_oracle``) sees the whole deal.

``python -m bench.bid_bound /tmp/contract_data_heur.jsonl --deals 1000 --samples 800 --jobs 2``

For each decision of ``bench.contract_data``'s records the seat's view is rebuilt, and
``--samples`` deals are drawn that agree with it (``bidsearch._sample_bidding``: the other five-
card hands and the stock, redrawn while a seat that passed would have bid by the rule of
thumb). On each, every legal bid is followed to the end of the hand: the later bids by
the rule of thumb, every card by the rule of thumb's card play (``bidsearch._played_value``).
In the records of the rule of thumb's world (``--team heuristic``: every bid and card by
the rule of thumb) that is how the hand is really played and those are the deals that
agree with what the seat has seen, so a bid's mean over the drawn deals estimates its
expected score given the view, and the best such bid is the best any bidder that sees
only its hand could make (one bid at a time, the later bids by the rule of thumb).
Per decision, against the rule of thumb's bid:

- ``upper``: the best bid's mean minus the rule of thumb's bid's mean, on the same
  deals.  The largest of noisy means is biased upwards, so over many decisions this is
  above what the best bid from the view brings (in expectation): the bound.
- ``lower``: the bid that is best on the first half of the deals, scored on the second
  half: what a bidder drawing half as many deals brings, below the best (in expectation).
- ``realised``: the recorded score of that choice (on all the deals) on the real deal,
  minus the rule of thumb's bid's: what such a bidder realises.

``--gap`` adds the shipped contract model's rollout gap to each drawn deal's value (as
Expert's blended bidding does): in the records of Expert's card play this estimates what
the search corrected for Expert's cards could bring.  It is not a bound there: the gap is
a mean per side and margin, not each deal's.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

from beloz.ai import bidsearch
from beloz.ai.contract_model import default_model
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import SeatView

from .contract_data import decision_views, load
from .intervals import interval


def _values(view: SeatView, bids: list[int], rng: random.Random, samples: int,
            gap: bool) -> list[list[float]]:
    """Per drawn deal, each of ``bids``' value for the seat's team (``evaluate_bids``'s
    deals: the rest bid by the rule of thumb, played by rollout)."""
    deals = bidsearch.sampled_bid_values(view, bids, rng, default_model() if gap else None)
    return list(itertools.islice(deals, samples))


def _best(rows: list[list[float]]) -> tuple[int, list[float]]:
    means = [sum(col) / len(rows) for col in zip(*rows, strict=True)]
    return max(range(len(means)), key=means.__getitem__), means


def _deal(args: tuple[dict[str, Any], str, int, bool]) -> list[tuple[float, float, float, int]]:
    """Per decision of a record: (upper, lower, realised), each minus the rule of thumb, and
    the round (1 or 2)."""
    row, ruleset_name, samples, gap = args
    out: list[tuple[float, float, float, int]] = []
    for d, view, real, thumb_bid in decision_views(row, get_ruleset(ruleset_name)):
        bids = sorted(real)
        thumb = bids.index(thumb_bid)
        rng = random.Random(f"bound|{row['seed']}|{row['index']}|{d['a_seats']}|{len(d['bids'])}")
        rows = _values(view, bids, rng, samples, gap)
        best, means = _best(rows)
        half = samples // 2
        first, _ = _best(rows[:half])
        _, second = _best(rows[half:])
        out.append((means[best] - means[thumb], second[first] - second[thumb],
                    real[bids[best]] - real[bids[thumb]], 1 + (len(d["bids"]) >= 4)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", type=Path, help="bench.contract_data's JSONL file")
    ap.add_argument("--deals", type=int, default=200, help="the first N deals of the records")
    ap.add_argument("--samples", type=int, default=800, help="deals drawn per decision")
    ap.add_argument("--gap", action="store_true", help="add the model's rollout gap")
    ap.add_argument("--jobs", type=int, default=2)
    ns = ap.parse_args(argv)
    rows = load(ns.records)
    if not rows:
        raise SystemExit(f"no records in {ns.records}")
    key, ruleset = rows[0]["key"], rows[0]["ruleset"]
    rows = sorted((r for r in rows if r["key"] == key), key=lambda r: r["index"])[: ns.deals]
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool:
        per = [x for deal in pool.imap(_deal, [(r, ruleset, ns.samples, ns.gap) for r in rows])
               for x in deal]
    hands = 2 * len(rows)
    print(f"{key}: {len(rows)} deals, {len(per)} decisions ({len(per) / hands:.2f} a hand),"
          f" {ns.samples} drawn deals a decision{', with the rollout gap' if ns.gap else ''}"
          f", {time.perf_counter() - start:.0f} s")
    for name, i in (("upper", 0), ("lower", 1), ("realised", 2)):
        xs = [p[i] for p in per]
        print(f"  {name:9} per decision {interval(xs, 2)},"
              f" per hand {interval([x * len(per) / hands for x in xs], 1)}")
    for rnd in (1, 2):
        these = [p for p in per if p[3] == rnd]
        if len(these) > 1:
            upper, lower, realised = ([p[i] for p in these] for i in range(3))
            print(f"  round {rnd}: {len(these)} decisions; per decision upper"
                  f" {interval(upper, 2)}, lower {interval(lower, 2)}"
                  f", realised {interval(realised, 2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
