"""Exact alpha-beta search of a perfect-information endgame, and the fast hand scorer.

The value of a position is the final hand score of a team minus the other's
(``scoring.score_hand`` semantics: made / dedans / litige, capot, dix de der,
announcements, BeloZ), so the search optimises what the table scores, not card points.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from beloz.rules.cards import PLAIN_MASKS
from beloz.rules.contract import TRUMP, ContractKind
from beloz.rules.ruleset import Ruleset, Scoring, TakersMustBeat

from .tables import ABOVE, CLIMB, KEY, PTS, TRUMPS

# Cards and seats are decoded by hand in this module's loops (``c >> 3`` a card's plain,
# ``s & 1`` a seat's team; ``cards.plain_of`` / ``team_of`` elsewhere): a call per card
# would slow the search.

INF = 1 << 30


class SearchTimeout(Exception):
    """The solver passed its deadline (``Solver.deadline``)."""


class Extras(NamedTuple):
    """What a hand scores beside its card points, dix de der and capot, known once the deal
    is: the team whose announcements count (None: neither) and each team's announcement
    and belot points."""

    valid_team: int | None
    ann0: int
    ann1: int
    bel0: int
    bel1: int


@dataclass(slots=True)
class Stakes:
    """What the hand is played for, fixed once the bidding is over: the ruleset (its
    scoring), the taking team, the points held in escrow by earlier litiges (the hand's
    winner scores them), the contract's kind and its multiplier (x2 doubled, x4
    redoubled).  Built once per decision (``pimc.HandModel.stakes``), not per scored
    line, and only read.  A slotted dataclass, neither a NamedTuple nor frozen:
    ``fast_score`` reads three of its fields per call, and slot reads are quicker than
    unpacking a tuple subclass; the bid search builds one per rollout, and a frozen
    dataclass takes four times as long to build (0.6 µs)."""

    ruleset: Ruleset
    taker_team: int
    escrow_in: int = 0
    kind: ContractKind = TRUMP
    multiplier: int = 1


# ``margin`` and ``fast_score`` take what is fixed for the decision as two values built
# once (``Stakes``, ``Extras``: their fields once went as a dozen positional ints, in an
# order that differed between the two functions), then the four ints that change with
# every scored line, in the order of the solvers' ``Leaf``: the card points of team 0
# and team 1, the team of the last expedition (dix de der), the expeditions won by team 0
# (capot).  Those four stay loose: both functions run once per rollout and per solver
# leaf, and taking the four as one tuple (even a plain one) measured 6% slower a call.


def margin(stakes: Stakes, team: int, extras: Extras, p0: int, p1: int, last: int,
           won0: int) -> int:
    """``team``'s hand score minus the other team's (``fast_score``), for the whole hand's
    card points ``p0``, ``p1``, the team of the ``last`` expedition and the expeditions
    won by team 0: what the players maximise."""
    s0, s1 = fast_score(stakes, extras, p0, p1, last, won0)
    return s0 - s1 if team == 0 else s1 - s0


def fast_score(stakes: Stakes, extras: Extras, cp0: int, cp1: int, last: int,
               won0: int) -> tuple[int, int]:
    """The hand score per team, as ``scoring.score_hand`` computes it (tested equal), for
    the whole hand's card points ``cp0``, ``cp1``, the team of the ``last`` expedition and
    the expeditions won by team 0.  Bulgarian scoring: the points each team records
    before the division by 10 (``raw``; the division only rounds them), the escrowed game
    points counted x10."""
    ruleset = stakes.ruleset
    taker_team = stakes.taker_team
    escrow_in = stakes.escrow_in
    valid_team, ann0, ann1, bel0, bel1 = extras
    if ruleset.scoring is Scoring.BULGARIAN:
        return _bulgarian_raw(stakes, cp0, cp1, last, won0, ann0 + bel0, ann1 + bel1)
    capot = 0 if won0 == 8 else 1 if won0 == 0 else -1
    b0 = b1 = 0
    if capot == 0:
        b0 += ruleset.capot_bonus
    elif capot == 1:
        b1 += ruleset.capot_bonus
    if capot < 0 or ruleset.capot_keeps_dix_de_der:
        if last:
            b1 += ruleset.dix_de_der
        else:
            b0 += ruleset.dix_de_der
    if capot >= 0 and valid_team == 1 - capot and ruleset.capot_loser_loses_announcements:
        ann0 = ann1 = 0
    t0 = cp0 + b0 + ann0 + bel0
    t1 = cp1 + b1 + ann1 + bel1
    takers, defs = (t0, t1) if taker_team == 0 else (t1, t0)
    tb = bel0 if taker_team == 0 else bel1
    if ruleset.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        tp = (cp0 + b0, cp1 + b1)
        made = 2 * tp[taker_team] > tp[0] + tp[1]
        sign = 1 if made else -1
    else:
        sign = 1 if takers > defs else -1 if takers < defs else 0
    if sign > 0:
        st, sd = takers + escrow_in, defs
    elif sign < 0:
        lost = takers - tb
        if not ruleset.dedans_gives_takers_announcements:
            lost -= ann0 if taker_team == 0 else ann1
        sd, st = defs + lost + escrow_in, tb
    else:
        sd, st = defs, tb
    return (st, sd) if taker_team == 0 else (sd, st)


def _bulgarian_raw(
    stakes: Stakes, cp0: int, cp1: int, last: int, won0: int, extra0: int, extra1: int,
) -> tuple[int, int]:
    """``scoring._score_bulgarian``'s ``raw`` (hanging points count for nobody); ``extra0``,
    ``extra1``: each team's announcement and belot points."""
    ruleset, taker_team, escrow_in = stakes.ruleset, stakes.taker_team, stakes.escrow_in
    kind, multiplier = stakes.kind, stakes.multiplier
    t = [cp0 + extra0, cp1 + extra1]
    t[last] += ruleset.dix_de_der * kind.point_factor
    if won0 == 8:
        t[0] += ruleset.capot_bonus
    elif won0 == 0:
        t[1] += ruleset.capot_bonus
    takers, defs = t[taker_team], t[1 - taker_team]
    raw = [0, 0]
    if takers == defs:
        if multiplier == 1:
            raw[1 - taker_team] = defs
        return raw[0], raw[1]
    winner = taker_team if takers > defs else 1 - taker_team
    if multiplier == 1 and winner == taker_team:
        raw = t
    else:
        raw[winner] = (takers + defs) * multiplier
    raw[winner] += 10 * escrow_in
    return raw[0], raw[1]


Leaf = Callable[[int, int, int, int], int]
"""``leaf(points team 0, points team 1, last team, expeditions won by team 0)`` -> value
for the maximising team; the arguments cover the whole hand."""


def collapse_equivalent(legal: int, blockers: int, trump: int) -> list[int]:
    """The cards of ``legal``, one per class of equivalent cards (same plain, same points,
    no card of ``blockers`` — another hand's or the current expedition's — between them),
    in plain order then weakest first; each class is kept as its strongest card."""
    key, pts, above = KEY[trump], PTS[trump], ABOVE[trump]
    cards = []
    mm = legal
    while mm:
        low = mm & -mm
        cards.append(low.bit_length() - 1)
        mm ^= low
    if len(cards) == 1:
        return cards
    cards.sort(key=lambda c: (c >> 3, key[c]))
    out: list[int] = []
    prev = -1
    for c in cards:
        if (
            prev >= 0
            and prev >> 3 == c >> 3
            and pts[prev] == pts[c]
            and not (above[prev] & ~above[c] & ~(1 << c) & blockers)
        ):
            out[-1] = c
        else:
            out.append(c)
        prev = c
    return out


class Solver:
    """Alpha-beta over the rest of the hand with every hand known.  Seats of ``team``
    maximise ``leaf``, the others minimise it."""

    def __init__(self, trump: int, ruleset: Ruleset, team: int, leaf: Leaf) -> None:
        self.trump = trump
        self.direction = ruleset.direction
        self.undertrump = ruleset.undertrump_required
        self.partner_raise = ruleset.must_overtrump_partner_on_trump_lead
        self.team = team
        self.leaf = leaf
        self.nodes = 0
        self.deadline = float("inf")  # perf_counter time; checked every 2048 nodes

    def legal(self, hand: int, trick: list[int]) -> int:
        if not trick:
            return hand
        trump = self.trump
        key = KEY[trump]
        lead = trick[0] >> 3
        m = 0
        best = key[trick[0]]
        for i in range(1, len(trick)):
            p = trick[i] >> 3
            if (p == trump or p == lead) and key[trick[i]] > best:
                best, m = key[trick[i]], i
        master = trick[m]
        partner_master = len(trick) - m == 2
        follow = hand & PLAIN_MASKS[lead]
        above = ABOVE[trump]
        if follow:
            if CLIMB[trump] >> lead & 1 and (
                self.partner_raise or not partner_master or not TRUMPS[trump]
            ):
                return (follow & above[master]) or follow
            return follow
        trumps = hand & TRUMPS[trump]
        if partner_master or not trumps:
            return hand
        if master >> 3 == trump:
            return (trumps & above[master]) or (trumps if self.undertrump else hand)
        return trumps

    def moves(self, legal: int, blockers: int) -> list[int]:
        """The legal cards, one per class of equivalent cards, strongest first."""
        out = collapse_equivalent(legal, blockers, self.trump)
        if len(out) > 1:
            key = KEY[self.trump]
            out.sort(key=lambda c: -key[c])
        return out

    def close(self, trick: list[int], leader: int) -> tuple[int, int]:
        """The winner of a full expedition led by ``leader``, and its card points."""
        trump = self.trump
        key = KEY[trump]
        lead = trick[0] >> 3
        m = 0
        bk = key[trick[0]]
        for i in (1, 2, 3):
            p = trick[i] >> 3
            if (p == trump or p == lead) and key[trick[i]] > bk:
                bk, m = key[trick[i]], i
        pts = PTS[trump]
        total = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        return (leader + self.direction * m) % 4, total

    def search(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        p0: int,
        p1: int,
        won0: int,
        last: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if not self.nodes & 2047 and time.perf_counter() > self.deadline:
            raise SearchTimeout
        n = len(trick)
        seat = (leader + self.direction * n) % 4
        hand = hands[seat]
        if not hand:
            return self.leaf(p0, p1, last, won0)
        legal = self.legal(hand, trick)
        others = 0
        for s in range(4):
            if s != seat:
                others |= hands[s]
        for c in trick:
            others |= 1 << c
        maximize = seat & 1 == self.team
        best = -INF if maximize else INF
        for c in self.moves(legal, others):
            hands[seat] = hand & ~(1 << c)
            trick.append(c)
            v = self._after(hands, leader, trick, p0, p1, won0, last, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _after(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        p0: int,
        p1: int,
        won0: int,
        last: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value after a card was added to ``trick``: a full expedition is scored and its
        winner leads the next one."""
        if len(trick) < 4:
            return self.search(hands, leader, trick, p0, p1, won0, last, alpha, beta)
        winner, total = self.close(trick, leader)
        if winner & 1:
            return self.search(hands, winner, [], p0, p1 + total, won0, 1, alpha, beta)
        return self.search(hands, winner, [], p0 + total, p1, won0 + 1, 0, alpha, beta)

    def root_values(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        p0: int,
        p1: int,
        won0: int,
        last: int,
        candidates: list[int],
    ) -> list[int]:
        """The exact value of each candidate card of the seat to play."""
        n = len(trick)
        seat = (leader + self.direction * n) % 4
        out = []
        hand = hands[seat]
        for c in candidates:
            hands[seat] = hand & ~(1 << c)
            trick.append(c)
            v = self._after(hands, leader, trick, p0, p1, won0, last, -INF, INF)
            trick.pop()
            hands[seat] = hand
            out.append(v)
        return out

    def brute(
        self, hands: list[int], leader: int, trick: list[int], p0: int, p1: int, won0: int,
        last: int,
    ) -> int:
        """Plain minimax over every legal card (no pruning, no equivalence): for tests."""
        n = len(trick)
        seat = (leader + self.direction * n) % 4
        hand = hands[seat]
        if not hand:
            return self.leaf(p0, p1, last, won0)
        legal = self.legal(hand, trick)
        vals = []
        mm = legal
        while mm:
            low = mm & -mm
            c = low.bit_length() - 1
            mm ^= low
            hands[seat] = hand & ~(1 << c)
            trick.append(c)
            if n == 3:
                winner, total = self.close(trick, leader)
                if winner & 1:
                    v = self.brute(hands, winner, [], p0, p1 + total, won0, 1)
                else:
                    v = self.brute(hands, winner, [], p0 + total, p1, won0 + 1, 0)
            else:
                v = self.brute(hands, leader, trick, p0, p1, won0, last)
            trick.pop()
            hands[seat] = hand
            vals.append(v)
        return max(vals) if seat & 1 == self.team else min(vals)
