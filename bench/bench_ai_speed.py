"""AI speed: heuristic playouts per second, sampler deals per second, decision times.

Run: ``python -m bench ai_speed`` (a few minutes).  One process, one core.  Playout and
sampler rates are per CPU second of this process (``time.process_time``), so another
process sharing the cores does not lower them much; decision times are wall-clock.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from beloz.ai import dds
from beloz.ai.heuristic import HeuristicPlayer, PlayRules, rollout
from beloz.ai.levels import LEVELS
from beloz.ai.pimc import HandModel, PimcPlayer
from beloz.ai.sampler import sampler_for
from beloz.ai.search import Extras, SearchTimeout, Solver
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
        prepared.append((PlayRules.of(st.trump, st.taker, st.ruleset), st.hands, st.leader,
                         list(st.trick), st.view(0).played))
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for rules, hands, leader, trick, played in prepared:
            rollout(rules, list(hands), leader, trick, played)
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


def _solver_positions(left: int, n: int, seed: int) -> list[HandState]:
    """Positions with ``left`` expeditions to play (heuristic play up to there)."""
    return [_advance(st, 32 - 4 * left) for st in _deals(n, seed)]


def solve_times(states: list[HandState], how: str, cap: float) -> tuple[list[float], int]:
    """CPU seconds of this process to value every legal card of the seat to play, exactly
    (``how``: ``c`` / ``python`` for ``dds``, ``alphabeta`` for ``search.Solver``), and how
    many passed ``cap`` wall-clock seconds (then counted as ``cap``).  CPU time, so that
    other processes sharing the cores do not inflate it."""
    times = []
    over = 0
    for st in states:
        v = st.view(st.current)
        assert v.trump is not None
        model = HandModel(v)
        extras = model.extras(st.hands)

        def leaf(a: int, b: int, c: int, d: int, model: HandModel = model,
                 extras: Extras = extras) -> int:
            return model.value(extras, a, b, c, d)

        legal = v.legal_actions()
        t = time.perf_counter()
        cpu = time.process_time()
        try:
            if how == "alphabeta":
                old = Solver(v.trump, v.ruleset, v.seat & 1, leaf)
                old.deadline = t + cap
                old.root_values(list(st.hands), v.leader, list(v.trick), model.p0, model.p1,
                                model.won0, model.last, legal)
            else:
                solver = dds.new_solver(dds.trump_game(v.trump, v.ruleset), how == "c")
                solver.deadline = t + cap
                dds.root_values(solver, st.hands, v.leader, v.trick, model.p0, model.p1,
                                model.won0, legal, leaf, v.seat & 1)
            times.append(time.process_time() - cpu)
        except SearchTimeout:
            times.append(cap)
            over += 1
    return times, over


def solver_table(positions: int = 21, cap: float = 10.0) -> None:
    """Exact values of every card by expeditions left: the compiled and the Python
    ``dds`` solver and the previous alpha-beta (``search.Solver``), side by side on the
    same positions (fewer for the slow ones)."""
    print(f"exact values of every legal card (median CPU ms per position; solves/s = positions "
          f"/ total time; cap {cap:.0f} s per position; compiled core: "
          f"{'yes' if dds.compiled_available() else 'MISSING'})")
    print("  left | compiled dds       | Python dds         | previous alpha-beta")
    for left in (8, 6, 5, 4, 3):
        row = [f"  {left:>4}"]
        for how, n in (("c", positions), ("python", 7 if left >= 6 else positions),
                       ("alphabeta", 0 if left >= 6 else 7 if left == 5 else positions)):
            if how == "c" and not dds.compiled_available():
                n = 0
            if n == 0:
                row.append(f"{'-':<18}")
                continue
            times, over = solve_times(_solver_positions(left, n, 7), how, cap)
            med = statistics.median(times) * 1000
            rate = len(times) / sum(times)
            cell = f"{med:8.1f} ms {rate:7.1f}/s" + (f" ({over} over cap)" if over else "")
            row.append(f"{cell:<18}")
        print(" | ".join(row), flush=True)


def decision_times(level: str, n_deals: int, seed: int,
                   clock: Callable[[], float] = time.perf_counter,
                   ) -> tuple[list[float], list[float]]:
    """Card and bid decision times of one level over whole hands (every seat that level);
    ``clock``: wall-clock, or ``time.process_time`` for the CPU time (a busy machine)."""
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
            t = clock()
            a = p.bid(v) if st.phase is Phase.BIDDING else p.play(v)
            (bids if st.phase is Phase.BIDDING else plays).append(clock() - t)
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
    solver_table()
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
        cpu, _ = decision_times(level, deals, 5, time.process_time)
        print(f"{level}: card, CPU time: {_fmt(cpu)}")
    print("longer: python -m beloz.ai.arena --a pimc:expert --b heuristic --deals 1000 "
          "--seed 1 --jobs 2   (prints decision times over 16,000 card decisions)")
