"""A sampled deal played out double-dummy: every seat, seeing all four hands, plays a card of
the best exact value for its team, so that the deals a hint counts ("in 12 of the 40 deals
that fit, your contract is made with ...") tell the same story as Expert's values, which are
exact (``dds``) once ``Level.solve_tricks`` expeditions or fewer remain.

The heuristic's play-outs (``contrast.play_out``) gave other stories there: on teacher set K's
beloz-1504 they put the elephant kept 4.6 points a deal behind the West rhinoceros led, where
Expert's values put it 25 ahead and the teacher's double-dummy sampler 40.  Among cards of the
same exact value the heuristic's card is played when it is one of them, so that a line goes
the way a player would play it where the value does not decide.  ``DoubleDummy`` is the card
chooser ``contrast.play_out`` calls at each choice.  No pygame here.
"""

from __future__ import annotations

from beloz.rules.cards import team_of
from beloz.rules.state import SeatView

from . import dds
from .pimc import HandModel
from .search import Extras, Leaf


class Scoring:
    """A deal's extras scored for the double-dummy lines: the hand's end for the seat's team
    (``HandModel.value``), each end once, and the score's runs by position (``dds``)."""

    def __init__(self, model: HandModel, extras: Extras) -> None:
        self.model, self.extras = model, extras
        self.ends: dict[tuple[int, int, int, int], int] = {}
        self.runs: dict[tuple[int, ...], dds.Runs | None] = {}

    def leaf(self, p0: int, p1: int, last: int, won0: int) -> int:
        key = (p0, p1, last, won0)
        got = self.ends.get(key)
        if got is None:
            got = self.ends[key] = self.model.value(self.extras, p0, p1, last, won0)
        return got


class NotExact(Exception):
    """The score is not a monotone function of the solver's points (``dds.score_runs``):
    only the heuristic's play-out is at hand."""


class DoubleDummy:
    """The card of the best exact value for the seat to play (the heuristic's when it is one
    of them), for one line of one deal.  ``leaf`` scores the hand's end for the seat's team
    (``HandModel.value`` with the deal's extras); ``base``: team 0's and team 1's card
    points and team 0's expeditions before the play-out; ``runs_of``: the score's runs
    already found, by the position's counts (the same leaf only: the costly part of a
    line).  Raises ``SearchTimeout`` past the solver's deadline or budget, ``NotExact``.

    The value of the line is found once, at its first choice; with every card played from
    then on of the best value it stays that value, so the heuristic's card is solved alone
    and the others only when it falls short of it."""

    def __init__(self, view: SeatView, solver: dds.DDSolver, leaf: Leaf,
                 base: tuple[int, int, int],
                 runs_of: dict[tuple[int, ...], dds.Runs | None]) -> None:
        self.solver, self.leaf, self.base, self.runs_of = solver, leaf, base, runs_of
        self.team = team_of(view.seat)
        self.value: int | None = None  # the line's exact value, once its first choice is solved

    def __call__(self, hands: list[int], leader: int, trick: list[int], seat: int, c: int,
                 mask: int, won: list[int], won0: int) -> int:
        g, team = self.solver.game, self.team
        p0, p1, w0 = self.base[0] + won[0], self.base[1] + won[1], self.base[2] + won0
        left = g.card_points(hands[0] | hands[1] | hands[2] | hands[3])
        left += sum(g.points[x] for x in trick)
        f0, f1 = dds.position_flags(hands, trick, w0)
        spread = g.spread(hands)
        key = (p0, p1, w0, left, f0, f1, spread)
        if key not in self.runs_of:
            self.runs_of[key] = dds.position_runs(g, self.leaf, team, hands, trick, p0, p1, w0)
        runs = self.runs_of[key]
        if runs is None:
            raise NotExact
        if self.value is not None and dds.root_values(
                self.solver, hands, leader, trick, p0, p1, w0, [c], self.leaf, team,
                runs) == [self.value]:
            return c  # the heuristic's card keeps the value: the line goes its way
        legal = [x for x in range(32) if mask >> x & 1]
        values = dds.root_values(self.solver, hands, leader, trick, p0, p1, w0, legal,
                                 self.leaf, team, runs)
        if values is None:
            raise NotExact
        top = max(values) if team_of(seat) == team else min(values)
        if self.value is None:
            self.value = top
        good = [x for x, v in zip(legal, values, strict=True) if v == top]
        return c if c in good else good[0]


__all__ = ["DoubleDummy", "NotExact", "Scoring"]
