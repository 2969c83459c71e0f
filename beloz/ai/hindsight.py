"""The double-dummy value of each card with every hand known: what a card was worth as the
cards lay (the review's "in hindsight" column, ``review.hindsight_verdict``), never what a
seat could know when it chose.  Exact: the compiled solver (``dds``) where the score is a
monotone function of the card points, the alpha-beta search (``search.Solver``) otherwise,
and the engine itself line by line while a belot still depends on the play.  No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from beloz.rules import announcements as ann_mod
from beloz.rules.cards import team_of
from beloz.rules.ruleset import BelotCondition
from beloz.rules.state import HandState, Phase

from . import dds
from .search import Extras, SearchTimeout, Solver, Stakes, margin

#: A safety cap on one decision's double-dummy search (a value cut short is left out).
HINDSIGHT_SECONDS = 1.0
#: When a belot still depends on the play (all trumps, seed 002) the hindsight plays every
#: line by the engine itself, once this many expeditions (or fewer) remain: 4 take a few
#: hundredths of a second, 5 up to a second and more.
ENGINE_TRICKS = 4


def hindsight_values(state: HandState, cards: Sequence[int]) -> dict[int, int] | None:
    """The exact final margin of the player to move for each of ``cards``, with every hand
    known and everybody playing perfectly from here (double dummy), or None when the search
    passes ``HINDSIGHT_SECONDS``."""
    assert state.trump is not None and state.taker is not None
    trump, rules = state.trump, state.ruleset
    seat = state.current
    team = team_of(seat)
    # Announcements are declared with a seat's first card, and a seat still to play it is
    # taken to declare: with every hand known, the announcements that will count are known
    # now, and the belots (``_belots``) unless one still depends on the play.
    declared = [
        state.declared[s] if state.tricks or _has_played(state, s) else state.combos[s]
        for s in range(4)
    ]
    verdict = ann_mod.compare(declared, trump, rules, state.next_seat(state.dealer))
    bel, by_play = _belots(state)
    taker_team = team_of(state.taker)
    a0, a1 = verdict.points
    assert state.contract is not None
    kind = state.contract.kind

    extras = Extras(verdict.valid_team, a0, a1, bel[0], bel[1])
    stakes = Stakes(rules, taker_team, state.escrow_in, kind, state.multiplier)

    def leaf(p0: int, p1: int, last: int, won0: int) -> int:
        return margin(stakes, team, extras, p0, p1, last, won0)

    if by_play:  # a belot's fate is in the play: the engine's own rules, line by line
        if 8 - len(state.tricks) > ENGINE_TRICKS:
            return None
        try:
            got_lines = _engine_values(state, cards, team,
                                       time.perf_counter() + HINDSIGHT_SECONDS)
        except SearchTimeout:
            return None
        return dict(zip(cards, got_lines, strict=True))
    last = team_of(state.tricks[-1].winner) if state.tricks else 0
    hands, trick = list(state.hands), list(state.trick)
    # The fast double-dummy solver (dds: exact, in C when built) answers when the score is
    # a monotone function of the card points; the plain alpha-beta search otherwise.
    fast = dds.new_solver(dds.contract_game(trump, rules))
    fast.deadline = time.perf_counter() + HINDSIGHT_SECONDS
    try:
        got = dds.root_values(fast, hands, state.leader, trick, state.points[0],
                              state.points[1], state.tricks_won[0], list(cards), leaf, team)
        if got is None:
            solver = Solver(trump, rules, team, leaf)
            solver.deadline = time.perf_counter() + HINDSIGHT_SECONDS
            got = solver.root_values(hands, state.leader, trick, state.points[0],
                                     state.points[1], state.tricks_won[0], last, list(cards))
    except SearchTimeout:
        return None
    return dict(zip(cards, got, strict=True))


def _belots(state: HandState) -> tuple[list[int], bool]:
    """The belot points each team scores whatever is played from here (every contract:
    one pair in a trump contract, one per plain in all trumps), and whether a belot still
    depends on the play (seed 002: its first card said counts only if led, following the
    led plain or a trump, so a pair of all trumps is lost when discarded)."""
    rules = state.ruleset
    need = 2 if rules.belot_condition is BelotCondition.BOTH_SAID else 1
    bel = [0, 0]
    by_play = False
    held_now = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
    for seat, pair in state.belot_pairs:
        if not pair & state.belot_cards:
            continue  # lost on a discard
        said = (state.belot_said & pair).bit_count()
        if said < need:
            # The cards still to say: those its holder still holds, taken to be said, unless
            # a card of the pair was played keeping it quiet (the pair then scores nothing).
            to_say = 0 if pair & state.quiet_belot else (pair & held_now).bit_count()
            if said + to_say < need:
                continue
            plain = ((pair & -pair).bit_length() - 1) >> 3
            if need == 1 and plain != state.trump:
                by_play = True  # the first card said, not a trump, still to play
                continue
        bel[team_of(seat)] += rules.beloz_points
    return bel, by_play


def _engine_values(state: HandState, cards: Sequence[int], team: int,
                   deadline: float) -> list[int]:
    """The exact final margin of ``team`` after each of ``cards``, every line played by the
    engine itself (``HandState``: its belots, its announcements) with alpha-beta; raises
    ``SearchTimeout`` past ``deadline``.  Slower than the solvers: only when a belot
    depends on the play."""
    st = state.clone()
    assert st.taker is not None and st.contract is not None
    stakes = Stakes(st.ruleset, team_of(st.taker), st.escrow_in, st.contract.kind,
                    st.multiplier)

    def leaf() -> int:
        ann = st.announcement_result()
        b0, b1 = st.beloz_points()
        extras = Extras(ann.valid_team, ann.points[0], ann.points[1], b0, b1)
        return margin(stakes, team, extras, st.points[0], st.points[1],
                      team_of(st.tricks[-1].winner), st.tricks_won[0])

    def search(alpha: float, beta: float) -> float:
        if st.phase is Phase.DONE:
            return leaf()
        if time.perf_counter() > deadline:
            raise SearchTimeout
        maxing = st.current & 1 == team  # ``team_of`` inlined: the search's inner loop
        best = -float("inf") if maxing else float("inf")
        for c in st.legal_actions():
            st.apply(c)
            v = search(alpha, beta)
            st.undo()
            if maxing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    out = []
    for c in cards:
        st.apply(c)
        out.append(int(search(-float("inf"), float("inf"))))
        st.undo()
    return out


def _has_played(state: HandState, seat: int) -> bool:
    n = len(state.trick)
    return any((state.leader + state.ruleset.direction * i) % 4 == seat for i in range(n))


__all__ = ["ENGINE_TRICKS", "HINDSIGHT_SECONDS", "hindsight_values"]
