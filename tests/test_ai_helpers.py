"""Shared helpers for the AI tests (not a test module itself: no test functions)."""

from __future__ import annotations

import dataclasses
import random

from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.inference import Model
from beloz.ai.levels import Level
from beloz.ai.view import infer
from beloz.rules.state import TAKE, HandState, Phase, SeatView

# A small deterministic budget so tests stay fast.
TINY = Level("tiny", samples=12, min_samples=8, work_budget=6_000, time_cap=30.0,
             endgame_tricks=2, early_stop=True, bid_samples=12, bid_time_cap=30.0)
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


def swap_hidden(st: HandState, seat: int, rng: random.Random) -> HandState | None:
    """A copy of ``st`` where two other seats exchange one hidden card each, chosen so the
    viewer's knowledge still allows it; None if no such exchange exists."""
    v = st.view(seat)
    k = infer(v)
    others = [s for s in range(4) if s != seat and st.hands[s]]
    rng.shuffle(others)
    for a in others:
        for b in others:
            if a >= b:
                continue
            for ca in range(32):
                if not st.hands[a] >> ca & 1 or k.must[a] >> ca & 1 or not k.may[b] >> ca & 1:
                    continue
                for cb in range(32):
                    if (
                        st.hands[b] >> cb & 1
                        and not k.must[b] >> cb & 1
                        and k.may[a] >> cb & 1
                    ):
                        other = st.clone()
                        other.hands[a] ^= (1 << ca) | (1 << cb)
                        other.hands[b] ^= (1 << ca) | (1 << cb)
                        return other
    return None


def swapped(st: HandState, rng: random.Random) -> tuple[HandState, SeatView, SeatView] | None:
    """For the seat to play in ``st``: a copy with two other seats' hidden cards exchanged
    (``swap_hidden``) and the seat's two views, checked equal (the swap is invisible to the
    seat); None when ``st`` is not in play or no exchange exists."""
    if st.phase is not Phase.PLAY:
        return None
    seat = st.current
    other = swap_hidden(st, seat, rng)
    if other is None or other.hands == st.hands:
        return None
    v1, v2 = st.view(seat), other.view(seat)
    assert v1 == v2
    return other, v1, v2


def watched(ruleset: str, seed: int, tag: str, count: int = 4) -> tuple[SeatView, int]:
    """A watch set's position (``bench.watch_positions.pick``, the hands kept in
    ``bench/watch_hands.json``): the seat's view and the card it played."""
    from bench.watch_positions import pick

    got = {t: (v, c) for t, v, c, _spec, _seed in pick(ruleset, seed, count, "standard")}
    return got[tag]
