"""A sampled deal played out double-dummy: every seat, seeing all four hands, plays a card of
the best exact value for its team, so that the deals a hint counts ("in 12 of the 40 deals
that fit, your contract is made with ...") tell the same story as Expert's values, which are
exact (``dds``) once ``Level.solve_tricks`` expeditions or fewer remain.

The heuristic's play-outs (``contrast.play_out``) gave other stories there: on teacher set K's
beloz-1504 they put the elephant kept 4.6 points a deal behind the West rhinoceros led, where
Expert's values put it 25 ahead and the teacher's double-dummy sampler 40.  Among cards of the
same exact value the heuristic's card is played when it is one of them, so that a line goes
the way a player would play it where the value does not decide.  No pygame here.
"""

from __future__ import annotations

from beloz.rules.cards import team_of
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from . import dds
from .heuristic import choose_card
from .search import Leaf, Solver
from .tables import PTS

#: (the expeditions as ``(leader, cards, winner, winning card, points)``, team 0's points,
#: team 1's points, the team of the last expedition, the expeditions team 0 won), from the
#: current expedition on: what ``contrast.play_out`` returns.
Played = tuple[list[tuple[int, tuple[int, ...], int, int, int]], int, int, int, int]


def dd_play_out(view: SeatView, hands: list[int], first: int, solver: dds.DDSolver,
                leaf: Leaf, base: tuple[int, int, int],
                runs_of: dict[tuple[int, ...], dds.Runs | None] | None = None
                ) -> Played | None:
    """Play ``first`` for the seat in the deal ``hands``, then the rest of the hand
    double-dummy.  ``leaf`` scores the hand's end for the seat's team (``HandModel.value``
    with the deal's extras); ``base``: team 0's and team 1's card points and team 0's
    expeditions before this one; ``runs_of``: the score's runs already found, by the
    position's counts (the same leaf only: the costly part of a line).  None when the
    score is not monotone in the solver's points (``dds.score_runs``): then only the
    heuristic's play-out is at hand.  Raises ``SearchTimeout`` past the solver's deadline
    or budget.

    The value of the line is found once, at its first choice; with every card played from
    then on of the best value it stays that value, so the heuristic's card is solved alone
    and the others only when it falls short of it."""
    assert view.trump is not None and view.taker is not None
    trump, d, me = view.trump, view.ruleset.direction, view.seat
    team = team_of(me)
    legal_of = Solver(trump, view.ruleset, 0, lambda a, b, c, e: 0).legal
    pts = PTS[trump]
    g = solver.game
    taker_team = team_of(view.taker)
    hands = list(hands)
    hands[me] &= ~(1 << first)
    played = view.played | (1 << first)
    leader, trick = view.leader, [*view.trick, first]
    out: list[tuple[int, tuple[int, ...], int, int, int]] = []
    p = [base[0], base[1]]
    won0, last = base[2], 0
    value: int | None = None  # the line's exact value, once its first choice is solved
    while True:
        while len(trick) < 4:
            seat = (leader + d * len(trick)) % 4
            hand = hands[seat]
            mask = legal_of(hand, trick)
            legal = [c for c in range(32) if mask >> c & 1]
            m = master_index(trick, trump) if trick else 0
            c = choose_card(hand, mask, trick, m, trump, played, taker_team, team_of(seat),
                            seat == view.taker)
            if len(legal) > 1:
                left = g.card_points(hands[0] | hands[1] | hands[2] | hands[3])
                left += sum(g.points[x] for x in trick)
                f0, f1 = dds.position_flags(hands, trick, won0)
                key = (p[0], p[1], won0, left, f0, f1)
                if runs_of is None or key not in runs_of:
                    got = dds.score_runs(leaf, team, p[0], p[1], won0, left, g.dix_de_der, f0,
                                         f1)
                    if runs_of is None:
                        runs = got
                    else:
                        runs = runs_of[key] = got
                else:
                    runs = runs_of[key]
                if runs is None:
                    return None
                if value is not None and dds.root_values(
                        solver, hands, leader, trick, p[0], p[1], won0, [c], leaf, team,
                        runs) == [value]:
                    pass  # the heuristic's card keeps the value: the line goes its way
                else:
                    values = dds.root_values(solver, hands, leader, trick, p[0], p[1], won0,
                                             legal, leaf, team, runs)
                    if values is None:
                        return None
                    top = max(values) if team_of(seat) == team else min(values)
                    value = top if value is None else value
                    good = [x for x, v in zip(legal, values, strict=True) if v == top]
                    if c not in good:
                        c = good[0]
            hands[seat] = hand & ~(1 << c)
            played |= 1 << c
            trick.append(c)
        m = master_index(trick, trump)
        winner = (leader + d * m) % 4
        tp = sum(pts[c] for c in trick)
        out.append((leader, tuple(trick), winner, trick[m], tp))
        p[team_of(winner)] += tp
        won0 += team_of(winner) == 0
        last = team_of(winner)
        leader, trick = winner, []
        if not hands[leader]:
            return out, p[0] - base[0], p[1] - base[1], last, won0 - base[2]


__all__ = ["Played", "dd_play_out"]
