"""How often the bidding guide (``beloz/ai/bid_guide.json``, issue 41) bids as Expert does,
per ruleset and round, on the fresh deals kept apart from those its rules were derived on.

Expert's bids are the stored ones (``bench/data/bid_guide_<ruleset>_4102.jsonl``, made by
``bench.bid_guide_data``): the guide's bid at each of them is ``bid_guide.applies`` and
``guide_bid`` on the seat's view, so this reads only what the game reads.  A second or
two; ``python -m bench bid_guide``.  The derivation and the same figures on the deals the
rules were fitted on: ``python -m bench.bid_guide report``.
"""

from __future__ import annotations

from beloz.ai import bid_guide
from bench.bid_guide import FRESH_SEED, agreement, deals, parts_said, pct, rows_of


def run() -> None:
    print(f"the guide's bid against Expert's, fresh deals (seed {FRESH_SEED}); Expert's takes,"
          " names and calls the guide also says; Expert's names of another plain than the"
          " one the guide weighs")
    for name in bid_guide.guides():
        a = agreement(bid_guide.guides()[name], rows_of(name, FRESH_SEED))
        print(f"{name:22} {deals(name, FRESH_SEED)} deals, {a['decisions']:5} bids,"
              f" agree {pct(a['agree'], a['decisions'])}:"
              f" {parts_said(a)}; also said {pct(a['both_bid'], a['expert_bids'])};"
              f" another plain {a['expert_other']}")
        cost = bid_guide.guides()[name].figures.get("cost")
        if cost:  # measured once by hand (an hour or more): kept with its command
            print(f"{'':22} bidding by it, Expert's card play: {cost['points']:+.1f}"
                  f" [{cost['low']:+.1f}, {cost['high']:+.1f}] a hand against Expert's bids,"
                  f" {cost['deals']} duplicate deals of seed {cost['seed']} ({cost['command']})")


if __name__ == "__main__":
    run()
