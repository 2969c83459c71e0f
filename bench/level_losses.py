"""The computer levels' own average loss per decision: the scale of "You play like…".

    nice -n 19 python -m bench.level_losses --hands 12 --seed 1 \\
        [--rulesets beloz,belot-bulgare] [--levels beginner,standard,expert]

For each ruleset and level, arena deals (``arena.deal_setup``: a seeded shuffle, dealer
and packet) are played with that level at all four seats; seat 0's decisions are reviewed
by the game's own review (``review.review_hand``, as the table reviews a person's hand)
and counted as a person's are (``practice.losses.decision_losses``: forced decisions left
out, no loss within the estimate's noise).  A deal all four pass is not a hand the game
keeps for review: it is skipped and the next deal played.

Every level of every ruleset gets ``BATCH`` hands in turn, and
``beloz/practice/level_losses.json`` (``--out``) is written after each batch, so a run
stopped early keeps what it measured for all of them: per ruleset and level the hands,
the decisions, the mean loss per decision and its 95% half-width (the decisions of one
hand are not independent: the interval treats each hand as one draw of a ratio, ``sum
lost / decisions``, ``level_scale.ratio_interval``), the same per skill, and the seconds
taken; with the command and the seed.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

from beloz import storage
from beloz.ai.arena import deal_setup
from beloz.ai.player import make_player
from beloz.ai.review import review_hand
from beloz.practice.level_scale import ratio_interval
from beloz.practice.losses import decision_losses
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import HandState

from .hand_loop import play_out

LEVELS = ("beginner", "standard", "expert")
#: Hands per level and ruleset before the next one's turn.
BATCH = 10
OUT = Path(__file__).resolve().parent.parent / "beloz" / "practice" / "level_losses.json"


def play(ruleset_name: str, level: str, seed: int, index: int) -> HandState:
    """Deal ``index`` played to its end with ``level`` at every seat."""
    deck, dealer, packet = deal_setup(seed, index)
    state = HandState.deal(deck, dealer, packet, RULESETS[ruleset_name])
    players = [make_player(f"pimc:{level}", seed=(seed * 1_000_003 + index * 4 + s)
                           & 0x7FFFFFFF) for s in range(4)]
    play_out(state, players)
    return state


def summary(hands: list[tuple[int, float]], skills: dict[str, list[float]],
            seconds: float) -> dict[str, Any]:
    mean, half = ratio_interval(hands)
    return {
        "hands": len(hands),
        "decisions": sum(d for d, _ in hands),
        "mean": round(mean, 3),
        "half_width": None if math.isinf(half) else round(half, 3),
        "skills": {k: [int(v[0]), round(v[1], 2)] for k, v in sorted(skills.items())},
        "seconds": round(seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=12, help="reviewed hands per level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rulesets", default=",".join(RULESETS))
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--out", type=Path, default=OUT)
    ns = ap.parse_args(argv)
    rulesets = ns.rulesets.split(",")
    levels = ns.levels.split(",")
    command = "python -m bench.level_losses " + " ".join(argv if argv is not None
                                                          else sys.argv[1:])
    doc: dict[str, Any] = {"schema": 1, "made_by": command.strip(), "seed": ns.seed,
                           "rulesets": {}}
    started = time.perf_counter()
    combos = [(name, level) for name in rulesets for level in levels]
    hands: dict[tuple[str, str], list[tuple[int, float]]] = {c: [] for c in combos}
    skills: dict[tuple[str, str], dict[str, list[float]]] = {c: {} for c in combos}
    seconds = dict.fromkeys(combos, 0.0)
    index = dict.fromkeys(combos, 0)
    # Round robin, ``BATCH`` hands at a time: a run stopped early has every level.
    while any(len(hands[c]) < ns.hands for c in combos):
        for c in combos:
            name, level = c
            goal = min(ns.hands, len(hands[c]) + BATCH)
            while len(hands[c]) < goal:
                t0 = time.perf_counter()
                final = play(name, level, ns.seed, index[c])
                index[c] += 1
                if final.taker is not None:  # all passed: not a hand kept for review
                    start, actions = final.history()
                    losses = decision_losses(final, review_hand(start, actions, 0))
                    hands[c].append((len(losses), sum(x.lost for x in losses)))
                    for x in losses:
                        acc = skills[c].setdefault(x.skill, [0, 0.0])
                        acc[0] += 1
                        acc[1] += x.lost
                seconds[c] += time.perf_counter() - t0
            got = summary(hands[c], skills[c], seconds[c])
            doc["rulesets"].setdefault(name, {})[level] = got
            doc["seconds"] = round(time.perf_counter() - started)
            storage.write_json(ns.out, doc)
            print(f"{name} {level}: {got['hands']} hands, {got['decisions']} decisions, "
                  f"mean {got['mean']} ± {got['half_width']} ({got['seconds']} s)",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
