"""Shared helpers for the AI tests (not a test module itself: no test functions)."""

from __future__ import annotations

import dataclasses
import random

from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.inference import Model
from beloz.ai.pimc import Level
from beloz.rules.state import TAKE, HandState, Phase

# A small deterministic budget so tests stay fast.
TINY = Level("tiny", 12, 8, 6_000, 30.0, 2, True, 12, 30.0)
# The same with Expert's policy-weighted deals and near-tie rule.
TINY_WEIGHTED = dataclasses.replace(TINY, model=Model(pool=3), near_tie=1.0)


def played_state(seed: int, cards: int, take: bool = True) -> HandState:
    """A hand after the first bidder took and ``cards`` cards were played by a mix of the
    heuristic and random legal play."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, seed % 4, 3)
    st.apply(TAKE if take else 32)
    hp = HeuristicPlayer()
    for _ in range(cards):
        if st.phase is not Phase.PLAY:
            break
        v = st.view(st.current)
        st.apply(hp.play(v) if rng.random() < 0.7 else rng.choice(v.legal_actions()))
    return st
