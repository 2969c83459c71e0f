"""AI speed: heuristic playouts per second, sampler deals per second, decision times.

Run: ``python -m bench ai_speed`` (about a minute).  One process, one core.  Playout and
sampler rates are per CPU second of this process (``time.process_time``), so another
process sharing the cores does not lower them much; decision times are wall-clock.
"""

from __future__ import annotations

import random
import statistics
import time

from beloz.ai.heuristic import HeuristicPlayer, rollout
from beloz.ai.pimc import LEVELS, PimcPlayer
from beloz.ai.sampler import sampler_for
from beloz.ai.view import infer
from beloz.rules.state import TAKE, HandState, Phase


def _deals(n: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, i % 4, 3)
        st.apply(TAKE)
        out.append(st)
    return out


def _advance(st: HandState, cards: int) -> HandState:
    st = st.clone()
    hp = HeuristicPlayer()
    for _ in range(cards):
        st.apply(hp.play(st.view(st.current)))
    return st


def playouts_per_second(states: list[HandState], seconds: float = 2.0) -> float:
    """Heuristic playouts (the rest of the hand, every seat on the mask policy) per second."""
    prepared = []
    for st in states:
        assert st.trump is not None and st.taker is not None
        prepared.append((st.hands, st.trump, st.leader, list(st.trick), st.view(0).played,
                         st.taker))
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for hands, trump, leader, trick, played, taker in prepared:
            rollout(list(hands), trump, leader, trick, played, taker, 1, True, True)
        n += len(prepared)
    return n / (time.process_time() - start)


def engine_random_playouts_per_second(states: list[HandState], seconds: float = 2.0) -> float:
    """The engine's own fast playout with a random policy, for a side-by-side ratio."""
    from beloz.rules.playout import playout, random_policy

    policy = random_policy(random.Random(1))
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for st in states:
            assert st.trump is not None
            playout(list(st.hands), st.trump, st.leader, list(st.trick), st.ruleset, policy)
        n += len(states)
    return n / (time.process_time() - start)


def samples_per_second(states: list[HandState], seconds: float = 2.0) -> float:
    samplers = [sampler_for(infer(st.view(st.current))) for st in states]
    rng = random.Random(1)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s in samplers:
            s.sample(rng)
        n += len(samplers)
    return n / (time.process_time() - start)


def decision_times(level: str, n_deals: int, seed: int) -> tuple[list[float], list[float]]:
    """Card and bid decision times of one level over whole hands (every seat that level)."""
    rng = random.Random(seed)
    plays: list[float] = []
    bids: list[float] = []
    for i in range(n_deals):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, i % 4, 3)
        p = PimcPlayer(i, LEVELS[level])
        while not st.is_terminal():
            v = st.view(st.current)
            t = time.perf_counter()
            a = p.bid(v) if st.phase is Phase.BIDDING else p.play(v)
            (bids if st.phase is Phase.BIDDING else plays).append(time.perf_counter() - t)
            st.apply(a)
    return plays, bids


def _fmt(xs: list[float]) -> str:
    if not xs:
        return "-"
    ys = sorted(xs)
    return (
        f"median {statistics.median(ys) * 1000:.1f} ms, p95 {ys[int(0.95 * len(ys))] * 1000:.1f}"
        f" ms, max {ys[-1] * 1000:.1f} ms (n={len(ys)})"
    )


def run() -> None:
    starts = _deals(60, 1)
    mids = [_advance(st, 16) for st in starts]
    heur = playouts_per_second(starts)
    rand = engine_random_playouts_per_second(starts)
    print(f"heuristic playouts/s from the start of play (32 cards): {heur:,.0f} "
          f"(engine random playout: {rand:,.0f}/s, ratio {heur / rand:.2f})")
    print(f"heuristic playouts/s from mid-hand (after 4 expeditions, 16 cards): "
          f"{playouts_per_second(mids):,.0f}")
    print(f"sampler deals/s at the first card (24 unseen cards): "
          f"{samples_per_second(starts):,.0f}")
    print(f"sampler deals/s at mid-hand (with inferences): {samples_per_second(mids):,.0f}")
    for level, deals in (("standard", 6), ("expert", 6)):
        plays, bids = decision_times(level, deals, 5)
        print(f"{level}: card {_fmt(plays)}")
        print(f"{level}: bid  {_fmt(bids)}")
        nontrivial = [t for t in plays if t > 0.002]
        print(f"{level}: card, non-forced decisions only: {_fmt(nontrivial)}")
    print("longer: python -m beloz.ai.arena --a pimc:expert --b heuristic --deals 1000 "
          "--seed 1 --jobs 2   (prints decision times over 16,000 card decisions)")
