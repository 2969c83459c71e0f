"""Determinized Monte-Carlo (PIMC) player: the card search, and the player.

For a card: sample deals of the unseen cards consistent with the seat's knowledge
(``view.infer`` + ``sampler``), play every candidate card on the *same* deals (common
random numbers), finish each with heuristic rollouts — or, once few expeditions remain,
with exact alpha-beta — and pick the card with the best mean final hand score of the team
minus the other team's (``search.margin`` of ``search.fast_score`` ≡
``scoring.score_hand``: contract made / dedans / litige, capot, dix de der, announcements,
BeloZ).

The bids and the auction's calls are searched in ``bidsearch.py``; the levels (budgets)
are in ``levels.py``.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Sequence

from beloz.rules.announcements import Announcement, best_combination, compare
from beloz.rules.cards import ELEPHANT, RHINOCEROS, card, team_of
from beloz.rules.questions import belot_lost_by
from beloz.rules.state import (
    SeatView,
)

from . import dds
from .base import decision_rng
from .bid_guide import applies, guide_bid
from .bidsearch import simulate_bid
from .declared import announcement_of, same_verdict
from .heuristic import (
    HeuristicPlayer,
    PlayRules,
    rollout,
    view_card,
)
from .inference import _played_by, weighted_sampler
from .levels import LEVELS, Level
from .sampler import Sampler, sampler_for
from .search import (
    Extras,
    SearchTimeout,
    Solver,
    Stakes,
    collapse_equivalent,
    margin,
)
from .tables import PTS
from .values import CardValues, paired_se
from .view import infer

ALL = (1 << 32) - 1


class PimcPlayer:
    def __init__(self, seed: int = 0, level: Level = LEVELS["standard"]) -> None:
        self.seed = seed
        self.level = level
        self._heuristic = HeuristicPlayer(seed, level.mistakes)
        self.last_stats: dict[str, float] = {}

    def declare(self, view: SeatView) -> tuple[bool, bool]:
        return (True, True)

    def bid(self, view: SeatView) -> int:
        if self.level.heuristic_only or self.level.heuristic_bids:
            return self._heuristic.bid(view)
        if self.level.guide_bids:
            rule = applies(view)
            if rule is not None:
                return guide_bid(view, rule)
        return simulate_bid(view, decision_rng(self.seed, view), self.level)

    def play(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.level.heuristic_only or self.level.heuristic_play:
            return self._heuristic.play(view)
        card_, stats = choose_card(view, decision_rng(self.seed, view), self.level)
        self.last_stats = stats
        return card_


# -- announcements and BeloZ in sampled deals ------------------------------------------------


_CARRE_TOP = {200: 5, 150: 3, 100: 7}


def _proxy(kind: str, points: int) -> Announcement:
    """A declared announcement whose cards are hidden: type and points are public."""
    if kind == "carre":
        return Announcement(kind, 0, points, _CARRE_TOP.get(points, 7), -1)
    return Announcement(kind, 0, points, 6, -2)


class HandModel:
    """What the rest of the hand scores besides the cards: announcements and BeloZ, for
    the seat's knowledge, per sampled deal while announcements are still unknown."""

    def __init__(self, view: SeatView) -> None:
        assert view.trump is not None and view.taker is not None
        self.view = view
        self.trump = view.trump
        self.ruleset = view.ruleset
        self.taker_team = team_of(view.taker)
        self.team = team_of(view.seat)
        p = [0, 0]
        won0 = 0
        for t in view.tricks:
            pts = 0
            for c in t.cards:
                pts += PTS[self.trump][c]
            p[team_of(t.winner)] += pts
            won0 += team_of(t.winner) == 0
        self.p0, self.p1, self.won0 = p[0], p[1], won0
        self.last = team_of(view.tricks[-1].winner) if view.tricks else 0
        contract = view.contract
        assert contract is not None
        # What the hand is played for: every sampled line is scored against it.
        self.stakes = Stakes(self.ruleset, self.taker_team, view.escrow_in, contract.kind,
                             view.multiplier)
        # The belot pairs nobody has played yet: their holder in a sampled deal scores them.
        pairs = [(1 << card(p, ELEPHANT)) | (1 << card(p, RHINOCEROS))
                 for p in contract.belot_plains]
        self.open_pairs = [pair for pair in pairs if not pair & view.played]
        self.bel = [0, 0]
        bp = self.ruleset.beloz_points
        for s in range(4):
            said = view.beloz_said[s]
            # A seat that said a belot holds (or played) its pair: one per two cards said
            # (the first of a pair is enough to count it).
            self.bel[team_of(s)] += bp * ((said + 1) // 2)
        # Announcements exist in this hand (the ruleset's option and the contract's).
        self.announcements = self.ruleset.announcements and contract.kind.announcements
        # Seats that still have to play their first card (they declare then).
        self.first_trick = not view.tricks
        self.pending = set()
        if self.first_trick:
            played_pos = len(view.trick)
            d = self.ruleset.direction
            done = {(view.leader + d * i) % 4 for i in range(played_pos)}
            self.pending = {s for s in range(4) if s not in done}
        self.static_ann: tuple[int | None, int, int] | None = None
        if not self.announcements:
            self.static_ann = (None, 0, 0)
        elif not self.first_trick:
            self.static_ann = self._ann_after_first_trick()

    def _ann_after_first_trick(self) -> tuple[int | None, int, int]:
        v = self.view
        res = v.announcement_result
        if v.announcements_shown and res is not None and res.by_category:
            # Seed 002 compares sequences and carrés apart, so each team may score: the
            # engine's public points per team (the single ``valid_team`` is None there; read
            # alone, it dropped a shown quarte from every deal: teacher set K, bulgare-535,
            # every card valued at a failed contract's -258 without it).
            return (None, res.points[0], res.points[1])
        if v.announcements_shown:
            # The engine's public verdict: the valid team (its declarations are shown), or
            # none (nothing declared, or all cancelled by a tie).
            valid = v.valid_team
            if valid is None or v.announcements_cancelled:
                return (None, 0, 0)
            pts = sum(d.points for s in range(4) if team_of(s) == valid for d in v.declared[s])
            return (valid, pts, 0) if valid == 0 else (valid, 0, pts)
        return self._compare(None)

    def _compare(self, hands: list[int] | None) -> tuple[int | None, int, int]:
        v = self.view
        declared: list[tuple[Announcement, ...]] = []
        for s in range(4):
            if s in self.pending:
                if s == v.seat:
                    declared.append(v.own_announcements)
                elif hands is not None:
                    declared.append(best_combination(hands[s]))
                else:
                    declared.append(())
                continue
            anns = []
            for d in v.declared[s]:
                if d.cards is not None:
                    anns.append(announcement_of(d))
                else:
                    anns.append(_proxy(d.kind, d.points))
            declared.append(tuple(anns))
        r = compare(declared, self.trump, self.ruleset, (v.dealer + self.ruleset.direction) % 4)
        return (r.valid_team, r.points[0], r.points[1])

    def extras(self, hands: list[int], lost: int = 0) -> Extras:
        """The announcements and belots of a sampled deal (``hands`` the current hands);
        ``lost``: a belot pair the card played now loses (``questions.belot_lost_by``)."""
        if self.static_ann is not None:
            va, a0, a1 = self.static_ann
        else:
            va, a0, a1 = self._compare(hands)
        b0, b1 = self.bel
        for pair in self.open_pairs:
            if pair == lost:
                continue
            for s in range(4):
                if hands[s] & pair == pair:
                    if team_of(s):
                        b1 += self.ruleset.beloz_points
                    else:
                        b0 += self.ruleset.beloz_points
        return Extras(va, a0, a1, b0, b1)

    def value(self, extras: Extras, p0: int, p1: int, last: int, won0: int) -> int:
        """The team's hand score minus the other's, for the whole hand's points (the
        solvers' ``Leaf`` arguments)."""
        return margin(self.stakes, self.team, extras, p0, p1, last, won0)


def accept_declarations(view: SeatView, model: HandModel) -> Callable[[list[int]], bool] | None:
    """Rejection test: a seat that declared holds a hand whose announcements are the
    declared types (hidden cards only; in the first expedition, seats that have played and
    declared nothing too), and once the verdict is public, the declarations of the deal
    compare to it (``declared.placements`` already placed the cards this surely fixes)."""
    if not model.announcements:
        return None
    d = view.ruleset.direction
    played = [_played_by(view, s) for s in range(4)]
    checks: list[tuple[int, list[tuple[str, int]]]] = []
    for s in range(4):
        if s == view.seat or not (played[s] or view.declared[s]):
            continue
        if not model.first_trick and all(x.cards is not None for x in view.declared[s]):
            continue  # nothing declared is hidden (or nothing declared, maybe kept quiet)
        checks.append((s, sorted((x.kind, x.points) for x in view.declared[s])))
    if not checks:
        return None
    public = view.announcement_result if view.announcements_shown else None
    fixed = [tuple(announcement_of(x) for x in view.declared[s] if x.cards is not None)
             for s in range(4)]
    first = (view.dealer + d) % 4
    trump = model.trump

    def accept(hands: list[int]) -> bool:
        declared = list(fixed)
        for s, kinds in checks:
            anns = best_combination(hands[s] | played[s])
            if sorted((a.kind, a.points) for a in anns) != kinds:
                return False
            declared[s] = anns
        if public is None:
            return True
        return same_verdict(compare(declared, trump, view.ruleset, first), public)

    return accept


# -- card choice ------------------------------------------------------------------------------


def candidates(view: SeatView) -> list[int]:
    """Legal cards with equivalent ones collapsed: same plain, same points, and no card
    held by another seat or lying in the current expedition between them."""
    assert view.trump is not None
    trump = view.trump
    legal = 0
    for c in view.legal_actions():
        legal |= 1 << c
    blockers = ALL & ~view.played & ~view.hand
    for c in view.trick:
        blockers |= 1 << c
    return collapse_equivalent(legal, blockers, trump)


def choose_card(
    view: SeatView, rng: random.Random, level: Level, sampler: Sampler | None = None
) -> tuple[int, dict[str, float]]:
    """The card with the best mean hand score over sampled deals, and search statistics."""
    values = evaluate_cards(view, rng, level, sampler)
    cands, means = values.cards, values.means
    if len(cands) == 1:
        return cands[0], values.stats
    if not means:  # not even one deal in time: fall back on the rule of thumb
        return view_card(view), values.stats
    best = max(range(len(cands)), key=lambda i: (means[i], -i))
    best = prefer_conventional(view, list(cands), list(means), best, level.near_tie, rng)
    return cands[best], {**values.stats, "mean": means[best]}


def evaluate_cards(
    view: SeatView, rng: random.Random, level: Level, sampler: Sampler | None = None
) -> CardValues:
    """Every candidate card's mean final hand score over sampled deals consistent with the
    seat's view (what ``choose_card`` maximises; the hint and the review read it too).
    ``sampler`` replaces the level's deals (``bench.perfect_information`` gives the true
    deal, to measure what inference could bring)."""
    start = time.perf_counter()
    assert view.trump is not None and view.taker is not None
    cands = candidates(view)
    if len(cands) == 1:
        return CardValues(tuple(cands), (), {"samples": 0})
    trump = view.trump
    ruleset = view.ruleset
    me = view.seat
    know = infer(view)
    if sampler is None:
        sampler = weighted_sampler(view, sampler_for(know), level.model)
    model = HandModel(view)
    accept = accept_declarations(view, model)
    tricks_left = 8 - len(view.tricks)
    # The double-dummy solver (compiled: from earlier in the hand, with its own budget).
    fast = level.solve_tricks > 0 and dds.compiled_available()
    exact = tricks_left <= (level.solve_tricks if fast else level.endgame_tricks)
    budget = level.solve_budget if fast and exact else level.work_budget
    use_dd = exact and level.solve_tricks > 0  # else ``search.Solver`` (Standard)
    dd = dds.new_solver(dds.contract_game(trump, ruleset)) if use_dd else None
    runs_by_extras: dict[tuple[Extras, int], dds.Runs | None] = {}
    solver = Solver(trump, ruleset, team_of(me), lambda a, b, c, d: 0)  # when dds cannot score
    solver.deadline = start + level.time_cap
    if dd is not None:
        dd.deadline = solver.deadline
    k = len(cands)
    sums = [0.0] * k
    sq_diff: list[list[float]] = [[0.0] * k for _ in range(k)]  # sum of squared pair diffs
    played0 = view.played
    play_rules = PlayRules.of(trump, view.taker, ruleset)
    n = 0
    trick0 = list(view.trick)
    work = 0
    rollout_cost = k * (4 * tricks_left - len(trick0))
    vals: Sequence[float]

    # A candidate that, discarded on another plain's lead, loses the seat's belot (seed 002,
    # all trumps): its lines are scored without that belot, where the deal's extras credit
    # the pair to its holder whatever is played (teacher set J, bulgare-4861: the East
    # rhinoceros valued as the monkey, 20 points of belot thrown away).
    lost = {c: belot_lost_by(view, c) for c in cands}
    losing = [c for c in cands if lost[c]]

    def rollouts(hands: list[int], extras: Extras,
                 own: dict[int, Extras] | None = None) -> list[float]:
        """Each candidate's value in the deal ``hands``, the rest played by the heuristic
        (``own``: a candidate's own extras, where its belot is lost)."""
        out: list[float] = []
        for c in cands:
            h = list(hands)
            h[me] &= ~(1 << c)
            r0, r1, last, w0 = rollout(play_rules, h, view.leader, trick0 + [c],
                                       played0 | (1 << c), first_done=True)
            x = own[c] if own is not None and c in own else extras
            out.append(model.value(x, model.p0 + r0, model.p1 + r1, last, model.won0 + w0))
        return out

    def root(hands: list[int], extras: Extras, among: list[int]) -> Sequence[float]:
        """The exact values of ``among`` in the deal ``hands``, scored with ``extras``."""
        def leaf(p0: int, p1: int, last: int, won0: int) -> int:
            return model.value(extras, p0, p1, last, won0)

        solver.leaf = leaf
        got = None
        if dd is not None:
            key = (extras, dd.game.spread(hands))
            if key not in runs_by_extras:
                runs_by_extras[key] = dds.position_runs(dd.game, leaf, team_of(me), hands,
                                                        trick0, model.p0, model.p1,
                                                        model.won0)
            runs = runs_by_extras[key]
            if runs is not None:
                got = dds.root_values(dd, hands, view.leader, trick0, model.p0,
                                      model.p1, model.won0, among, leaf, team_of(me), runs)
        return got if got is not None else solver.root_values(
            list(hands), view.leader, list(trick0), model.p0, model.p1, model.won0,
            model.last, among,
        )

    for n in range(1, level.samples + 1):
        hands = sampler.sample_accepted(rng, accept)
        extras = model.extras(hands)
        if dd is not None:  # no deal runs past the budget (rare long solves), each of the
            # first ``min_deals`` deals allowed the whole of it
            dd.max_nodes = dd.nodes + budget if n <= level.min_deals else budget
        own = {c: model.extras(hands, lost[c]) for c in losing}
        if exact:
            try:
                vals = list(root(hands, extras, cands))
                for c in losing:  # (rare: a discard that loses a belot)
                    vals[cands.index(c)] = root(hands, own[c], [c])[0]
            except SearchTimeout:
                n -= 1  # this deal is dropped: the decision uses the ones finished
                break
            if level.rollout_share:
                share = level.rollout_share
                vals = [(1 - share) * x + share * y
                        for x, y in zip(vals, rollouts(hands, extras, own), strict=True)]
        else:
            vals = rollouts(hands, extras, own)
        for i in range(k):
            sums[i] += vals[i]
        for i in range(k):
            row = sq_diff[i]
            vi = vals[i]
            for j in range(i + 1, k):
                dlt = vi - vals[j]
                row[j] += dlt * dlt
        work = solver.nodes + (dd.nodes if dd else 0) if exact else work + rollout_cost
        if (work > budget and n >= level.min_deals) or time.perf_counter() - start > level.time_cap:
            break
        if level.early_stop and n >= level.min_samples and n % 4 == 0:
            order = sorted(range(k), key=lambda i: -sums[i])
            b, s = order[0], order[1]
            mean_d = (sums[b] - sums[s]) / n
            i, j = (b, s) if b < s else (s, b)
            var = max(0.0, sq_diff[i][j] / n - mean_d * mean_d)
            se = (var / n) ** 0.5
            if mean_d > 2.5 * se + 0.5 or (mean_d == 0 and var == 0 and n >= 2 * level.min_samples):
                break
    if n == 0:
        return CardValues(tuple(cands), (), {"samples": 0})
    return CardValues(
        tuple(cands),
        tuple(x / n for x in sums),
        {"samples": n, "seconds": time.perf_counter() - start, "exact": float(exact)},
        paired_se(n, sums, sq_diff),
    )


def prefer_conventional(
    view: SeatView, cands: list[int], sums: list[float], best: int, margin: float,
    rng: random.Random | None = None,
) -> int:
    """Play to hide and to signal, among the cards almost as good as the best one (their
    means within ``margin`` of it):

    1. the rule-of-thumb card (``view_card``, or a card equivalent to it) if it is one of
       them.  The table reads cards by the conventions (the heuristic's rules: a discard
       says weakness in its plain, a partner charges its richest card...), so the
       conventional card tells the partner what they expect and the opponents no more than
       the convention does, where an unusual card shows something particular;
    2. else the one the other seats expect most (``table_expectation``): the card the
       rule of thumb plays from the most hands they believe the seat may hold — the least
       surprise, so the least they learn from it.
    """
    if margin <= 0:
        return best
    near = [i for i in range(len(cands)) if sums[best] - sums[i] <= margin]
    if len(near) == 1:
        return best
    blockers = ALL & ~view.played & ~view.hand
    for c in view.trick:
        blockers |= 1 << c
    assert view.trump is not None
    conventional = view_card(view)
    for i in near:
        if _equivalent(cands[i], conventional, blockers, view.trump):
            return i
    if rng is None:
        rng = decision_rng(0, view)
    freq = table_expectation(view, [cands[i] for i in near], rng)
    j = max(range(len(near)), key=lambda k: (freq[k], sums[near[k]], -near[k]))
    return near[j]


def _equivalent(a: int, b: int, blockers: int, trump: int) -> bool:
    return a == b or len(collapse_equivalent((1 << a) | (1 << b), blockers, trump)) == 1


def table_hands(view: SeatView, k: int, rng: random.Random) -> list[int]:
    """``k`` hands the other seats may believe the seat holds, from public information
    only: the cards the table knows it holds (the turned card of a taker, revealed
    announcement cards, the other card of a said BeloZ), the rest drawn uniformly from its
    hand and the cards unseen by it that it may hold for the table (not in a plain it
    showed void in, not known to be in another hand)."""
    assert view.trump is not None
    know = infer(view)
    me = view.seat
    must = 0
    if view.taker == me and view.turned >= 0:
        must |= (1 << view.turned) & view.hand
    for d in view.declared[me]:
        if d.cards is not None:
            must |= d.cards & view.hand
    if view.beloz_said[me] == 1 and view.trump < 4:
        must |= ((1 << card(view.trump, ELEPHANT)) | (1 << card(view.trump, RHINOCEROS))) \
            & view.hand
    elsewhere = 0
    for s in range(4):
        if s != me:
            elsewhere |= know.must[s]
    pool_mask = (view.hand | know.unseen) & ~know.no[me] & ~elsewhere & ~must
    pool = [c for c in range(32) if pool_mask >> c & 1]
    need = min(len(pool), view.hand.bit_count() - must.bit_count())
    hands = []
    for _ in range(k):
        h = must
        for c in rng.sample(pool, need):
            h |= 1 << c
        hands.append(h)
    return hands


def table_expectation(
    view: SeatView, cards: list[int], rng: random.Random, k: int = 32
) -> list[int]:
    """For each of ``cards``, in how many of ``k`` hands the table may believe the seat
    holds (``table_hands``) the rule of thumb plays it (or a card equivalent to it)."""
    assert view.trump is not None
    blockers = ALL & ~view.played & ~view.hand
    for c in view.trick:
        blockers |= 1 << c
    counts = [0] * len(cards)
    for h in table_hands(view, k, rng):
        played = view_card(dataclasses.replace(view, hand=h, own_announcements=()))
        for i, c in enumerate(cards):
            if _equivalent(c, played, blockers, view.trump):
                counts[i] += 1
                break
    return counts


__all__ = [
    "CardValues", "HandModel", "PimcPlayer", "accept_declarations", "candidates",
    "choose_card", "evaluate_cards", "prefer_conventional", "table_expectation", "table_hands",
]
