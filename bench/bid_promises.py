"""Round-1 bid hints that promise a round-2 plan, against the round-2 hint at the same seat.

A round-1 hint may give a plan as the reason to pass: "Pass rather than take North: in the
second round you may name East" (``vs.pass_name``), "Pass: you may still name North in the
second round" (``pass_keep``).  When every seat passes, round 2 comes back to that seat with
the same five cards and the same turned card; its hint should then advise naming that
plain.  A promise is **contradicted** when the round-2 hint's best bid is not naming it
(issue 45: "138 of 249 round-2 promises contradicted on fresh deals"), and **advised
against** when naming it is not even framed "about as good" as the best.

On fresh deals (each deal's four round-1 turns, every seat before passing), each round-1
hint (``review.hint``) is read; for each promise the hand is played on to the seat's turn
of round 2 (every seat passing) and the round-2 hint asked there.  The turned-card
rulesets only (the Bulgarian auction has no round 2).

Run: ``python -m bench.bid_promises [--deals N] [--seed S] [--rulesets a,b]`` (250 deals a
ruleset, seed 4501; a few minutes).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from beloz.ai import review
from beloz.ai.explain import sentence
from beloz.reasons import Why
from beloz.rules.ruleset import RULESETS, Bidding
from beloz.rules.state import PASS, HandState, Phase, name_action

PROMISES = ("vs.pass_name", "pass_keep")


def promised(h: review.Hint) -> Why | None:
    """The round-2 plan a round-1 hint gives as its reason (its first sentence, or what the
    best does), or None."""
    for why in (h.why, h.detail):
        if why is not None and why.key in PROMISES and why.plain is not None:
            return why
    return None


def run_ruleset(name: str, deals: int, seed: int, show: int) -> Counter[str]:
    ruleset = RULESETS[name]
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    shown = 0
    for _ in range(deals):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), ruleset)
        for _turn in range(4):  # each round-1 turn, every seat before having passed
            if st.phase is not Phase.BIDDING:
                break
            seat = st.current
            v = st.view(seat)
            tally["round-1 hints"] += 1
            h = review.hint(v)
            why = promised(h)
            if why is not None:
                assert why.plain is not None
                later = st.clone()
                for _p in range(4):
                    later.apply(PASS)
                assert later.current == seat and len(later.bids) == len(v.bids) + 4
                h2 = review.hint(later.view(seat))
                name = name_action(why.plain)
                tally["promises"] += 1
                tally["promises " + why.key] += 1
                if h2.best != name:
                    tally["contradicted"] += 1
                    if name not in h2.about:
                        tally["advised against"] += 1
                    if shown < show:
                        shown += 1
                        print(f"   {name}: {sentence(why, 'en')}\n      round 2: best "
                              f"{h2.best}, {sentence(h2.why, 'en')}")
            st.apply(PASS)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=250, help="deals a ruleset")
    ap.add_argument("--seed", type=int, default=4501)
    ap.add_argument("--rulesets", default=",".join(
        n for n, r in RULESETS.items() if r.bidding is not Bidding.AUCTION))
    ap.add_argument("--show", type=int, default=3, help="contradicted promises printed")
    args = ap.parse_args(argv)
    total: Counter[str] = Counter()
    for name in args.rulesets.split(","):
        start = time.perf_counter()
        t = run_ruleset(name, args.deals, args.seed, args.show)
        total += t
        print(f"{name}: {t['round-1 hints']} round-1 hints, {t['promises']} promise a "
              f"round-2 plan (vs.pass_name {t['promises vs.pass_name']}, pass_keep "
              f"{t['promises pass_keep']}); the round-2 hint contradicts {t['contradicted']}, "
              f"advises against {t['advised against']}  ({time.perf_counter() - start:.0f} s)",
              flush=True)
    print(f"all: {total['promises']} promises, {total['contradicted']} contradicted, "
          f"{total['advised against']} advised against")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
