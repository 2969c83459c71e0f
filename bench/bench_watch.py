"""Watching the computer players think, and « Show me how »: how long each takes.

Run: ``python -m bench watch`` (about a minute).  One process, wall-clock times, as the
game's worker process computes them.  For each ruleset, ``HANDS`` first hands of matches
with Expert computer players (the person's seat on the heuristic): every decision of the
computer seats explained from its own view (``practice.duplicate.watch``: Expert's
evaluation, ``review.LEVEL``), and Expert replaying the person's seat on the same deal
against the same players (``practice.duplicate.show_me_how``).
"""

from __future__ import annotations

import statistics
import time

from beloz.ai import review
from beloz.ai.player import make_player
from beloz.practice import duplicate
from beloz.rules.ruleset import RULESETS
from beloz.ui.game import GameFlow, StepKind, seat_seed
from beloz.ui.procworker import decide

HANDS = 3


def played_hand(ruleset: str, seed: int, level: str = "expert") -> GameFlow:
    """The flow of the first match from ``seed`` on whose first hand has a taker, played to
    its score, the person's seat on the heuristic."""
    for s in range(seed, seed + 40):
        flow = GameFlow(s, level=level, ruleset=RULESETS[ruleset])
        me = make_player("heuristic", review.SEED)
        while True:
            step = flow.next_step()
            if step.kind in (StepKind.SCORE, StepKind.REDEAL):
                break
            if step.human and step.kind is StepKind.BID:
                value = me.bid(flow.hand.view(0))
            elif step.human and step.kind is StepKind.PLAY:
                value = decide(me, "declare_play" if step.data["first"] else "play",
                               flow.hand.view(0))
            else:
                value = step.decide() if step.decide is not None else None
            flow.apply(step, value)
        if step.kind is StepKind.SCORE:
            return flow
    raise RuntimeError("no hand with a taker")


def run() -> None:
    for ruleset in RULESETS:
        watch_t: list[float] = []
        dup_t: list[float] = []
        for k in range(HANDS):
            flow = played_hand(ruleset, 10 * (k + 1))
            hand = flow.last_hand
            assert hand is not None
            start, actions = hand.history()
            seeds = {s: seat_seed(flow.seed, s) for s in range(4)}
            t = time.perf_counter()
            duplicate.show_me_how(start, actions, 0, flow.player_specs, seeds)
            dup_t.append(time.perf_counter() - t)
            state = start.clone()
            for a in actions:
                if state.current != 0 and len(state.legal_actions()) > 1:
                    t = time.perf_counter()
                    duplicate.watch(state.view(state.current), a)
                    watch_t.append(time.perf_counter() - t)
                state.apply(a)
        watch_t.sort()
        print(f"{ruleset}: a computer decision explained (n={len(watch_t)}): median "
              f"{statistics.median(watch_t):.2f} s, p90 {watch_t[int(len(watch_t) * 0.9)]:.2f}"
              f" s, max {watch_t[-1]:.2f} s; Show me how: "
              f"{', '.join(f'{x:.1f}' for x in dup_t)} s", flush=True)


if __name__ == "__main__":
    run()
