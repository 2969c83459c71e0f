"""Positions for a teacher to judge, shown as the seat sees them, without any hint.

The teaching is judged on positions it has never seen, each with a reason a teacher wrote
*before* reading the hint (issue 45).  This script picks card-play decisions from seeded
self-play (``bench_explain_truth.decisions``, the generator of
``tests/fixtures/teach/unseen-positions.json``) and prints each as the seat knows it: the
contract, the bids, every finished expedition with who played what and who won it, the
expedition on the table, the seat's hand and its legal cards, the card points so far.  It
prints no value and no sentence of the game's: the teacher reads the position, writes the
reason, and only then runs ``bench.bench_teach_unseen`` on it.

Run: ``python -m bench.teach_positions --seed 5151 --per-ruleset 6`` (a second or two).
Options: ``--seed`` (the self-play seed), ``--per-ruleset`` (positions per ruleset),
``--ruleset`` (one ruleset only).  The picks are seeded too: the same command prints the same
positions.
"""

from __future__ import annotations

import argparse
import random

from beloz.ai.thresholds import counts
from beloz.rules.cards import ANIMALS, PLAIN_NAMES, plain_of
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase, SeatView, action_code

from .bench_explain_truth import decisions
from .bench_teach_unseen import COUNT

RULESET_IDS = {"beloz": "beloz", "sans": "belote-sans-annonces", "classique": "belote-classique",
               "bulgare": "belot-bulgare"}
WHO = ("you", "opponent after you", "partner", "opponent before you")


def who(v: SeatView, seat: int) -> str:
    """A seat as the viewer places it in the order of play."""
    return WHO[((seat - v.seat) * v.ruleset.direction) % 4]


def card_text(c: int) -> str:
    return f"{PLAIN_NAMES[plain_of(c)]} {ANIMALS[c & 7].replace('_', ' ')} ({action_code(c)})"


def contract_text(v: SeatView) -> str:
    c = v.contract
    if c is not None and c.plain is None:
        what = "no trumps" if c.code == "NT" else "all trumps"
    else:
        assert v.trump is not None
        what = f"flooded plain {PLAIN_NAMES[v.trump]}"
    taker = who(v, v.taker) if v.taker is not None else "?"
    doubled = {1: "", 2: ", doubled", 4: ", redoubled"}.get(v.multiplier, "")
    return f"{what}, taken by {taker}{doubled}"


def show(v: SeatView, tag: str) -> str:
    turned = f", turned card {card_text(v.turned)}" if 0 <= v.turned < 32 else ""
    lines = [f"== {tag}: ruleset {v.ruleset.name}, {contract_text(v)}{turned}, dealer "
             f"{who(v, v.dealer)}",
             "   bids in order: " + " ".join(
                 f"{who(v, v.dealer + v.ruleset.direction * (1 + i))}={action_code(b)}"
                 for i, b in enumerate(v.bids))]
    for n, t in enumerate(v.tricks, 1):
        plays = ", ".join(f"{who(v, t.leader + v.ruleset.direction * i)} {card_text(c)}"
                          for i, c in enumerate(t.cards))
        lines.append(f"   expedition {n}: {plays} -> won by {who(v, t.winner)}")
    now = ", ".join(f"{who(v, v.leader + v.ruleset.direction * i)} {card_text(c)}"
                    for i, c in enumerate(v.trick))
    lines.append(f"   on the table now: {now or 'nothing (you lead)'}")
    hand = [c for c in range(32) if v.hand >> c & 1]
    lines.append("   your hand: " + ", ".join(card_text(c) for c in hand))
    lines.append("   legal: " + " ".join(action_code(c) for c in v.legal_actions()))
    for s, said in enumerate(v.declared):
        for d in said:
            shown = " ".join(action_code(c) for c in range(32) if (d.cards or 0) >> c & 1)
            lines.append(f"   {who(v, s)} declared a {d.kind} ({d.points})"
                         + (f": {shown}" if shown else ""))
    for s, said in enumerate(v.beloz_said):
        if said:
            lines.append(f"   {who(v, s)} said belot ({said})")
    if v.trump is not None:
        ours, theirs = counts(v)
        lines.append(f"   card points of the finished expeditions: your team {ours}, "
                     f"the other team {theirs}")
    return "\n".join(lines)


def pick(ruleset: str, seed: int, count: int) -> list[tuple[int, SeatView]]:
    """``count`` card decisions with a real choice (two legal cards or more, four cards or
    more in hand), spread over the generator's first ``COUNT`` decisions, seeded."""
    rng = random.Random(seed * 7 + len(ruleset))
    found = [(i, v) for i, v in enumerate(decisions(RULESETS[RULESET_IDS[ruleset]], COUNT, seed))
             if v.phase is Phase.PLAY and len(v.legal_actions()) >= 2
             and bin(v.hand).count("1") >= 2]
    return sorted(rng.sample(found, count), key=lambda iv: iv[0])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=5151)
    ap.add_argument("--per-ruleset", type=int, default=6)
    ap.add_argument("--ruleset", choices=sorted(RULESET_IDS))
    a = ap.parse_args(argv)
    for rs in [a.ruleset] if a.ruleset else list(RULESET_IDS):
        for i, v in pick(rs, a.seed, a.per_ruleset):
            hand = " ".join(action_code(c) for c in range(32) if v.hand >> c & 1)
            print(show(v, f"{rs}-{i} (seed {a.seed}, index {i}, hand {hand})"))
            print()


if __name__ == "__main__":
    main()
