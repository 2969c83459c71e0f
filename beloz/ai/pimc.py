"""Determinized Monte-Carlo (PIMC) player.

For a card: sample deals of the unseen cards consistent with the seat's knowledge
(``view.infer`` + ``sampler``), play every candidate card on the *same* deals (common
random numbers), finish each with heuristic rollouts — or, once few expeditions remain,
with exact alpha-beta — and pick the card with the best mean final hand score of the team
minus the other team's (``search.fast_score`` ≡ ``scoring.score_hand``: contract made /
dedans / litige, capot, dix de der, announcements, BeloZ).

For a bid: sample the rest of the deal (the other 5-card hands and the 11-card stock,
with rejection of deals where a seat that already passed would have taken by the
heuristic's bid), and compare, on the same deals, taking (each candidate plain in round 2)
with passing (the rest of the bidding then bid by the heuristic).

Levels differ by budget (samples, work, endgame depth) and by how they read the other
seats (Expert weights its deals by the bids and cards seen: ``inference.py``), never by
what they see.
The budget is counted in work units (rollout cards played + search nodes), not seconds, so
the same seed and view give the same decision on any machine; a wall-clock cap only
guards the latency on an overloaded machine (and then breaks that guarantee).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from beloz.rules.announcements import Announcement, best_combination, compare
from beloz.rules.cards import ELEPHANT, RHINOCEROS, card
from beloz.rules.contract import LADDER, Contract, parse_contract
from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import (
    DOUBLE,
    PASS,
    REDOUBLE,
    TAKE,
    Auction,
    HandState,
    Phase,
    SeatView,
    action_contract,
    action_plain,
    auction,
    contract_action,
)

from . import dds
from .base import decision_rng
from .contract_model import ContractModel, ModelError, default_model
from .heuristic import (
    AUCTION_THRESHOLDS,
    HeuristicPlayer,
    auction_call,
    auction_situation,
    contract_strength,
    hand_strength,
    heuristic_bid,
    rollout,
    view_card,
)
from .inference import Model, weighted_sampler
from .sampler import Sampler, sampler_for
from .search import Extras, Leaf, SearchTimeout, Solver, collapse_equivalent, margin
from .tables import PTS
from .view import infer

ALL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    _: dataclasses.KW_ONLY  # the rest by name: many numbers side by side
    samples: int  # most deals per card decision
    min_samples: int  # before an early stop may happen
    work_budget: int  # rollout cards + search nodes per card decision (deterministic)
    time_cap: float  # safety cap in seconds (checked between deals)
    endgame_tricks: int  # exact search once this many expeditions (or fewer) remain
    early_stop: bool
    bid_samples: int
    bid_time_cap: float
    mistakes: float = 0.0  # beginner: chance of a random legal card
    heuristic_only: bool = False
    # With the compiled solver (``dds``): exact from this many expeditions left (0: use
    # ``endgame_tricks`` and ``work_budget``), with this budget of solver nodes.
    solve_tricks: int = 0
    solve_budget: int = 0
    model: Model = Model(pool=1)  # policy-weighted deals (inference.py); pool 1: uniform
    # Near-equal cards (mean within this many points): play the conventional one, else the
    # one the table expects most (``prefer_conventional``).
    near_tie: float = 0.0
    # In the exact phase, this share of each deal's value comes from the heuristic's
    # rollout and the rest from the solver: the solver lets every seat see every card,
    # the rollout lets every seat play by the rule of thumb from its own hand.  (A switch
    # for measurements: no level uses it, see the note under ``LEVELS``.)
    rollout_share: float = 0.0
    # Switches for measurements only: bid, or play the cards, by the rule of thumb (what
    # the search brings to the other half, ``pimc:expert,heuristic_bids=1``).
    heuristic_bids: bool = False
    heuristic_play: bool = False
    # The contract-value model's share in a turned-card bid's values (``contract_model``:
    # learnt from self-play, the seat's view only): 0 the search alone, 1 the model alone
    # (every legal bid, no search), between them a blend of the two, the search's deals
    # then corrected by the model's rollout gap.  Expert uses 0.5 (``LEVELS``).
    bid_model: float = 0.0


LEVELS: dict[str, Level] = {
    "beginner": Level(
        "beginner", samples=0, min_samples=0, work_budget=0, time_cap=0.0, endgame_tricks=0,
        early_stop=False, bid_samples=0, bid_time_cap=0.0, mistakes=0.12, heuristic_only=True,
    ),
    # Standard: a light search, midway between Beginner and Expert (docs/ai.md, "The
    # ladder re-spaced"): 4 deals a card, exact in the last expedition only, 12 a bid.
    "standard": Level(
        "standard", samples=4, min_samples=4, work_budget=4_000, time_cap=0.8,
        endgame_tricks=1, early_stop=True, bid_samples=12, bid_time_cap=0.8,
    ),
    "expert": Level(
        "expert", samples=160, min_samples=24, work_budget=120_000, time_cap=1.2,
        endgame_tricks=4, early_stop=True, bid_samples=1600, bid_time_cap=1.2,
        solve_tricks=6, solve_budget=1_500_000,
    ),
}
# Expert's 1,600 deals per bid: a bid's value per deal swings by about 110 points, and the
# lessons' bids differ by a few (docs/ai.md, "A fifth round"); clear bids stop after 24.
# Expert reads the bids and the cards (policy-weighted deals) and plays the conventional
# card among near-equal ones.  (``make_player("pimc:expert,pool=1,near_tie=0")`` is the
# same budget without either, to measure what they bring.)  Its turned-card bids are half
# the search's values, each sampled deal corrected by the rollout's gap, and half the
# contract-value model's: +1.3 a hand over the search alone on 1,000 paired deals, +1.1 a
# decision on the model's own records, cross-validated (docs/ai.md, "The contract-value
# model in Expert's bidding"), about four fifths of what the best bid from the seat's view
# brings (docs/ai.md, "The bidding's head-room seen from the seat").
# (``rollout_share`` blends the heuristic's rollouts into the exact phase: 0.75 screened
# +3.5 against the heuristic but −1.1 against Standard, paired, so Expert keeps 0; docs/ai.md.)
LEVELS["expert"] = dataclasses.replace(LEVELS["expert"], model=Model(pool=4), near_tie=1.0,
                                       bid_model=0.5)


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


def _from_mask(kind: str, points: int, mask: int) -> Announcement:
    cards = [c for c in range(32) if mask >> c & 1]
    if kind == "carre":
        return Announcement(kind, mask, points, (cards[0] & 7) + 1, -1)
    return Announcement(kind, mask, points, (cards[-1] & 7) + 1, cards[0] >> 3)


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
        self.taker_team = view.taker & 1
        self.team = view.seat & 1
        p = [0, 0]
        won0 = 0
        for t in view.tricks:
            pts = 0
            for c in t.cards:
                pts += PTS[self.trump][c]
            p[t.winner & 1] += pts
            won0 += t.winner & 1 == 0
        self.p0, self.p1, self.won0 = p[0], p[1], won0
        self.last = view.tricks[-1].winner & 1 if view.tricks else 0
        contract = view.contract
        assert contract is not None
        self.kind = contract.kind
        self.multiplier = view.multiplier
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
            self.bel[s & 1] += bp * ((said + 1) // 2)
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
        if v.announcements_shown:
            # The engine's public verdict: the valid team (its declarations are shown), or
            # none (nothing declared, or all cancelled by a tie).
            valid = v.valid_team
            if valid is None or v.announcements_cancelled:
                return (None, 0, 0)
            pts = sum(d.points for s in range(4) if s & 1 == valid for d in v.declared[s])
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
                    anns.append(_from_mask(d.kind, d.points, d.cards))
                else:
                    anns.append(_proxy(d.kind, d.points))
            declared.append(tuple(anns))
        r = compare(declared, self.trump, self.ruleset, (v.dealer + self.ruleset.direction) % 4)
        return (r.valid_team, r.points[0], r.points[1])

    def extras(self, hands: list[int]) -> Extras:
        """The announcements and belots of a sampled deal (``hands`` the current hands)."""
        if self.static_ann is not None:
            va, a0, a1 = self.static_ann
        else:
            va, a0, a1 = self._compare(hands)
        b0, b1 = self.bel
        for pair in self.open_pairs:
            for s in range(4):
                if hands[s] & pair == pair:
                    if s & 1:
                        b1 += self.ruleset.beloz_points
                    else:
                        b0 += self.ruleset.beloz_points
        return Extras(va, a0, a1, b0, b1)

    def value(self, extras: Extras, p0: int, p1: int, last: int, won0: int) -> int:
        """The team's hand score minus the other's, for the whole hand's points."""
        return margin(self.ruleset, self.taker_team, self.team, extras, p0, p1, last, won0,
                      self.view.escrow_in, self.kind, self.multiplier)


def accept_declarations(view: SeatView, model: HandModel) -> Callable[[list[int]], bool] | None:
    """Rejection test during the first expedition: seats that already declared hold a hand
    whose announcements are the declared types (hidden cards only)."""
    if not model.first_trick or not model.announcements:
        return None
    d = view.ruleset.direction
    checks: list[tuple[int, int, list[tuple[str, int]]]] = []
    for i, c in enumerate(view.trick):
        s = (view.leader + d * i) % 4
        if s == view.seat:
            continue
        kinds = sorted((x.kind, x.points) for x in view.declared[s])
        checks.append((s, 1 << c, kinds))
    if not checks:
        return None

    def accept(hands: list[int]) -> bool:
        for s, played, kinds in checks:
            got = sorted((a.kind, a.points) for a in best_combination(hands[s] | played))
            if got != kinds:
                return False
        return True

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


@dataclass(frozen=True, slots=True)
class CardValues:
    """The candidate cards (``candidates``: one per class of equivalent cards) and each
    one's mean final hand score, the seat's team minus the other, over the same sampled
    deals; ``means`` is empty when no deal could be finished in time.  ``se_diff[i][j]``:
    the standard error of ``means[i] - means[j]`` from the paired differences on those
    deals (the noise of "is i better than j"; inf with a single deal, 0 on the diagonal)."""

    cards: tuple[int, ...]
    means: tuple[float, ...]
    stats: dict[str, float]
    se_diff: tuple[tuple[float, ...], ...] = ()


def paired_se(n: int, sums: Sequence[float], sq_diff: Sequence[Sequence[float]]
              ) -> tuple[tuple[float, ...], ...]:
    """The standard error of each pairwise difference of means over the same ``n`` deals,
    from the sums of the values and the sums of squared differences (``sq_diff[i][j]``
    for i < j): sqrt(var(d) / n) with the sample variance of the differences."""
    k = len(sums)
    out = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            if n < 2:
                se = float("inf")
            else:
                mean_d = (sums[i] - sums[j]) / n
                var = max(0.0, (sq_diff[i][j] - n * mean_d * mean_d) / (n - 1))
                se = (var / n) ** 0.5
            out[i][j] = out[j][i] = se
    return tuple(tuple(row) for row in out)


def _values_se(values: Sequence[Sequence[float]]) -> tuple[tuple[float, ...], ...]:
    """``paired_se`` from each option's values on the same deals."""
    k = len(values)
    n = len(values[0]) if values else 0
    sq = [[sum((x - y) ** 2 for x, y in zip(values[i], values[j], strict=True))
           for j in range(k)] for i in range(k)]
    return paired_se(n, [sum(v) for v in values], sq)


class BidValues(tuple[list[int], list[float]]):
    """``(cands, means)``: the candidate bids (or calls) and each one's mean hand score over
    the same sampled deals, with ``se_diff`` as ``CardValues``' (unpacked as a pair, as
    before the noise was kept)."""

    se_diff: tuple[tuple[float, ...], ...]

    def __new__(cls, cands: list[int], means: list[float],
                se_diff: tuple[tuple[float, ...], ...] = ()) -> BidValues:
        self = super().__new__(cls, (cands, means))
        self.se_diff = se_diff
        return self

    @property
    def cands(self) -> list[int]:
        return self[0]

    @property
    def means(self) -> list[float]:
        return self[1]


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
    runs_by_extras: dict[Extras, dds.Runs | None] = {}
    solver = Solver(trump, ruleset, me & 1, lambda a, b, c, d: 0)  # when dds cannot score
    solver.deadline = start + level.time_cap
    if dd is not None:
        dd.deadline = solver.deadline
        dd.max_nodes = budget  # one deal never runs past the budget (rare long solves)
    k = len(cands)
    sums = [0.0] * k
    sq_diff: list[list[float]] = [[0.0] * k for _ in range(k)]  # sum of squared pair diffs
    played0 = view.played
    taker = view.taker
    direction = ruleset.direction
    undertrump = ruleset.undertrump_required
    partner_raise = ruleset.must_overtrump_partner_on_trump_lead
    n = 0
    trick0 = list(view.trick)
    work = 0
    rollout_cost = k * (4 * tricks_left - len(trick0))
    vals: Sequence[float]

    def rollouts(hands: list[int], extras: Extras) -> list[float]:
        """Each candidate's value in the deal ``hands``, the rest played by the heuristic."""
        out: list[float] = []
        for c in cands:
            h = list(hands)
            h[me] &= ~(1 << c)
            r0, r1, last, w0 = rollout(
                h, trump, view.leader, trick0 + [c], played0 | (1 << c), taker,
                direction, undertrump, partner_raise, first_done=True,
            )
            out.append(model.value(extras, model.p0 + r0, model.p1 + r1, last, model.won0 + w0))
        return out

    for n in range(1, level.samples + 1):
        hands = sampler.sample_accepted(rng, accept)
        extras = model.extras(hands)
        if exact:
            def leaf(p0: int, p1: int, last: int, won0: int, extras: Extras = extras) -> int:
                return model.value(extras, p0, p1, last, won0)

            solver.leaf = leaf
            try:
                got = None
                if dd is not None:
                    if extras not in runs_by_extras:
                        runs_by_extras[extras] = _runs(dd, hands, trick0, model, leaf, me & 1)
                    runs = runs_by_extras[extras]
                    if runs is not None:
                        got = dds.root_values(dd, hands, view.leader, trick0, model.p0,
                                              model.p1, model.won0, cands, leaf, me & 1, runs)
                vals = got if got is not None else solver.root_values(
                    list(hands), view.leader, list(trick0), model.p0, model.p1, model.won0,
                    model.last, cands,
                )
            except SearchTimeout:
                n -= 1  # this deal is dropped: the decision uses the ones finished
                break
            if level.rollout_share:
                share = level.rollout_share
                vals = [(1 - share) * x + share * y
                        for x, y in zip(vals, rollouts(hands, extras), strict=True)]
        else:
            vals = rollouts(hands, extras)
        for i in range(k):
            sums[i] += vals[i]
        for i in range(k):
            row = sq_diff[i]
            vi = vals[i]
            for j in range(i + 1, k):
                dlt = vi - vals[j]
                row[j] += dlt * dlt
        work = solver.nodes + (dd.nodes if dd else 0) if exact else work + rollout_cost
        if work > budget or time.perf_counter() - start > level.time_cap:
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


def _runs(dd: dds.DDSolver, hands: list[int], trick: list[int], model: HandModel,
          leaf: Leaf, team: int) -> dds.Runs | None:
    """The score by the solver's ``u`` for this position (None: not monotone)."""
    g = dd.game
    left = g.card_points(hands[0] | hands[1] | hands[2] | hands[3])
    left += sum(g.points[c] for c in trick)
    f0, f1 = dds.position_flags(hands, trick, model.won0)
    return dds.score_runs(leaf, team, model.p0, model.p1, model.won0, left, g.dix_de_der,
                          f0, f1)


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


# -- bidding -----------------------------------------------------------------------------------


def _bid_candidates(view: SeatView) -> list[int]:
    legal = view.legal_actions()
    if len(view.bids) < 4:
        return legal
    cards = view.hand | (1 << view.turned)
    scored = []
    for a in legal:
        p = action_plain(a)
        if p is not None:
            scored.append((hand_strength(cards, p), a))
    scored.sort(reverse=True)
    return [PASS] + [a for _, a in scored[:2]]


def simulate_bid(view: SeatView, rng: random.Random, level: Level) -> int:
    """The bid with the best mean hand score over sampled completions of the deal."""
    cands, means = evaluate_bids(view, rng, level)
    if len(cands) == 1:
        return cands[0]
    return cands[max(range(len(cands)), key=lambda i: means[i])]


def evaluate_bids(
    view: SeatView, rng: random.Random, level: Level, cands: list[int] | None = None,
    tally: Callable[[int, HandState, int], None] | None = None,
) -> BidValues:
    """The candidate bids (by default ``_bid_candidates``: in round 2 passing and the two
    most promising plains) and each one's mean final hand score, the seat's team minus the
    other, over the same sampled completions of the deal, and the noise of their
    differences (``BidValues.se_diff``).  ``tally(i, state, value)``, if given, sees each
    sampled deal's outcome of candidate ``i`` (for ``bench.bid_offline``)."""
    if view.ruleset.bidding is Bidding.AUCTION:
        return evaluate_calls(view, rng, level, cands)
    start = time.perf_counter()
    model = _contract_model(view) if level.bid_model > 0 else None
    if model is not None and level.bid_model >= 1:
        cands = list(view.legal_actions()) if cands is None else cands
        return BidValues(cands, model.values(view, cands), ())
    if cands is None:
        cands = _bid_candidates(view)
    if len(cands) == 1:
        return BidValues(cands, [0.0], ((0.0,),))
    k = len(cands)
    # With the model blended in, the bid is chosen on the blend: the search stops early when
    # the blend's leader is clear, the model's share (no noise) counted in search units.
    model_values = model.values(view, cands) if model is not None else [0.0] * k
    share = level.bid_model / (1 - level.bid_model) if model is not None else 0.0
    offset = [share * v for v in model_values]
    sums = [0.0] * k
    # Paired differences: sum and sum of squares of candidate i's value minus j's.
    d1 = [[0.0] * k for _ in range(k)]
    d2 = [[0.0] * k for _ in range(k)]
    n = 0
    deals = sampled_bid_values(view, cands, rng, model, tally)
    for n, vals in enumerate(itertools.islice(deals, level.bid_samples), 1):
        for i in range(k):
            sums[i] += vals[i]
            for j in range(k):
                d = vals[i] - vals[j]
                d1[i][j] += d
                d2[i][j] += d * d
        if time.perf_counter() - start > level.bid_time_cap:
            break
        if n >= 24 and n % 8 == 0 and _clear_lead(sums, d1, d2, n, offset):
            break
    means = [x / max(1, n) for x in sums]
    se = paired_se(n, sums, d2)
    if model is not None:
        w = level.bid_model
        means = [(1 - w) * m + w * v for m, v in zip(means, model_values, strict=True)]
        se = tuple(tuple((1 - w) * x for x in row) for row in se)
    return BidValues(cands, means, se)


def sampled_bid_values(
    view: SeatView, cands: list[int], rng: random.Random, model: ContractModel | None = None,
    tally: Callable[[int, HandState, int], None] | None = None,
) -> Iterator[list[float]]:
    """Deal after deal drawn to agree with the view (``_sample_bidding``), each candidate's
    value for the seat's team: the rest of the bidding by the rule of thumb, the hand played
    by rollout, plus the ``model``'s rollout gap if given.  ``tally`` as ``evaluate_bids``'s.
    (``evaluate_bids`` averages them; ``bench.bid_bound`` too, over a fixed number.)"""
    ruleset = view.ruleset
    unknown = [c for c in range(32) if not (view.hand >> c & 1) and c != view.turned]
    excluded = view.turned >> 3 if ruleset.second_round_excludes_turned else -1
    # Which seats passed in each round before us, to reject deals that contradict them.
    passed_r1: list[int] = []
    passed_r2: list[int] = []
    seat = (view.dealer + ruleset.direction) % 4
    for i, b in enumerate(view.bids):
        if b == PASS:
            (passed_r1 if i < 4 else passed_r2).append(seat)
        seat = (seat + ruleset.direction) % 4
    while True:
        hands5, stock = _sample_bidding(view, unknown, rng, passed_r1, passed_r2, excluded)
        # Candidates that end in the same contract on the same hands (passing, then taking
        # the same plain in round 2) have the same value: the hand is played once.
        seen: dict[tuple[object, ...], int] = {}
        vals: list[float] = []
        for a in cands:
            state = _bid_outcome(view, hands5, stock, a, ruleset, excluded)
            key = (tuple(state.hands), state.taker, state.contract, state.multiplier)
            if key not in seen:
                seen[key] = _played_value(view, state)
            if tally is not None:
                tally(len(vals), state, seen[key])
            value = float(seen[key])
            if model is not None and state.taker is not None:
                # The rollout plays by the rule of thumb; Expert's cards score otherwise.
                value += model.rollout_gap((state.taker - view.seat) % 2 == 0, value)
            vals.append(value)
        yield vals


def _contract_model(view: SeatView) -> ContractModel | None:
    """The shipped contract-value model if it serves the view's ruleset; the search alone
    otherwise (another ruleset, or a model file that cannot be read)."""
    try:
        model = default_model()
    except ModelError:
        return None
    return model if model.serves(view) else None


def _clear_lead(
    sums: Sequence[float], d1: Sequence[Sequence[float]], d2: Sequence[Sequence[float]], n: int,
    offset: Sequence[float] | None = None,
) -> bool:
    """Whether the best candidate leads the second by 2.5 standard errors of their paired
    difference over the ``n`` deals so far (``d1``, ``d2``: sums of the pairwise differences
    and of their squares; ``offset``: a noiseless value added to each candidate's mean, the
    model's share of a blend).  A bid's value swings by a hundred points and more from deal
    to deal: a lead of 40 points a deal over 24 deals, where the search used to stop, is
    still often noise."""
    off = offset if offset is not None else [0.0] * len(sums)
    order = sorted(range(len(sums)), key=lambda i: -(sums[i] / n + off[i]))
    best, second = order[0], order[1]
    raw = d1[best][second] / n
    var = max(0.0, d2[best][second] / n - raw * raw)
    return raw + off[best] - off[second] > 2.5 * (var / n) ** 0.5 + 0.5


def _sample_bidding(
    view: SeatView,
    unknown: list[int],
    rng: random.Random,
    passed_r1: list[int],
    passed_r2: list[int],
    excluded: int,
) -> tuple[list[int], list[int]]:
    """The other 5-card hands and the stock, redrawn while a seat that passed would have
    bid by the heuristic's rule.  After seven passes few deals agree with them all: 12
    draws left 12% of the dealer's deals contradicting a pass (other hands too strong),
    64 leave 1%; a draw costs little next to a deal's rollouts."""
    me = view.seat
    hands5: list[int] = [0, 0, 0, 0]
    stock: list[int] = []
    for _ in range(64):
        pool = list(unknown)
        rng.shuffle(pool)
        hands5 = [0, 0, 0, 0]
        hands5[me] = view.hand
        pos = 0
        for s in range(4):
            if s == me:
                continue
            for c in pool[pos : pos + 5]:
                hands5[s] |= 1 << c
            pos += 5
        stock = pool[pos:]
        ok = True
        for s in passed_r1:
            if s != me and heuristic_bid(hands5[s], view.turned, (), s, view.dealer) != PASS:
                ok = False
                break
        if ok:
            for s in passed_r2:
                if s != me and heuristic_bid(
                    hands5[s], view.turned, (PASS,) * 4, s, view.dealer, excluded
                ) != PASS:
                    ok = False
                    break
        if ok:
            break
    return hands5, stock


def _bid_outcome(
    view: SeatView, hands5: list[int], stock: list[int], action: int, ruleset: Ruleset,
    excluded: int,
) -> HandState:
    """The hand once its bidding is over: the seat's ``action``, then every other bid
    (the seat's own in round 2 included) by the heuristic's rule."""
    state = HandState(ruleset, view.dealer, hands5, view.turned, stock, view.escrow_in)
    for b in view.bids:
        state.apply(b)
    state.apply(action)
    while state.phase is Phase.BIDDING:
        s = state.current
        b = heuristic_bid(state.hands[s], view.turned, state.bids, s, view.dealer, excluded)
        if b not in state.legal_actions():
            b = PASS
        state.apply(b)
    return state


def _played_value(view: SeatView, state: HandState) -> int:
    """The seat's team's hand score minus the other's once the bidding of ``state`` is over:
    the rest played by heuristic rollout, announcements and belots as held."""
    if state.taker is None or state.contract is None:
        return 0
    return _contract_value(view, state.hands, state.taker, state.contract, state.multiplier)


def _contract_value(
    view: SeatView, hands: list[int], taker: int, contract: Contract, multiplier: int
) -> int:
    """The seat's team's hand score minus the other's for the complete deal ``hands`` played
    in ``contract`` by heuristic rollout, announcements and belots as held."""
    ruleset = view.ruleset
    trump = contract.order
    kind = contract.kind
    if ruleset.announcements and kind.announcements:
        declared = [best_combination(h) for h in hands]
    else:
        declared = [()] * 4
    r = compare(declared, trump, ruleset, (view.dealer + ruleset.direction) % 4)
    bel = [0, 0]
    for p in contract.belot_plains:
        pair = (1 << card(p, ELEPHANT)) | (1 << card(p, RHINOCEROS))
        for s in range(4):
            if hands[s] & pair == pair:
                bel[s & 1] += ruleset.beloz_points
    leader = (view.dealer + ruleset.direction) % 4
    p0, p1, last, won0 = rollout(
        list(hands), trump, leader, [], 0, taker, ruleset.direction,
        ruleset.undertrump_required, ruleset.must_overtrump_partner_on_trump_lead,
    )
    extras = Extras(r.valid_team, r.points[0], r.points[1], bel[0], bel[1])
    return margin(ruleset, taker & 1, view.seat & 1, extras, p0, p1, last, won0,
                  view.escrow_in, kind, multiplier)


# -- the auction (RULES.md §9.3) -----------------------------------------------------------------


def _auction_candidates(view: SeatView) -> list[int]:
    """Passing, the two contracts the hand counts best for, double and redouble."""
    legal = view.legal_actions()
    scored = []
    for a in legal:
        c = action_contract(a)
        if c is not None:
            scored.append((contract_strength(view.hand, c.order) - AUCTION_THRESHOLDS[c.rank], a))
    scored.sort(reverse=True)
    return ([PASS] + [a for _, a in scored[:2]]
            + [a for a in legal if a in (DOUBLE, REDOUBLE)])


# The auction's contracts, lowest first: (call, contract).
_LADDER_CALLS = tuple((contract_action(parse_contract(c)), parse_contract(c)) for c in LADDER)


def _auction_value(view: SeatView, hands5: list[int], stock: list[int], a: Auction) -> int:
    """The value for the seat's team of the auction standing at ``a`` (just after the seat's
    call), the other calls made by the heuristic (``heuristic.auction_call``), the deal
    completed (3 cards each) and the hand played by rollout."""
    ruleset = view.ruleset
    d = ruleset.direction
    while not a.over:
        seat = a.next_seat
        rank = a.contract.rank if a.contract is not None else -1
        legal: list[int] = [PASS]
        contracts = []
        for action, k in _LADDER_CALLS[rank + 1:]:
            legal.append(action)
            contracts.append((action, k.order, k.rank))
        if a.bidder is not None:
            ours = (seat - a.bidder) % 2 == 0
            if a.multiplier == 1 and not ours:
                legal.append(DOUBLE)
            elif a.multiplier == 2 and ours:
                legal.append(REDOUBLE)
        call = auction_call(hands5[seat], (a, tuple(legal), tuple(contracts)))
        nxt = (seat + d) % 4
        if call == PASS:
            a = Auction(a.contract, a.bidder, a.multiplier, a.passes + 1, nxt)
        elif call == DOUBLE:
            a = Auction(a.contract, a.bidder, 2, 0, nxt)
        elif call == REDOUBLE:
            a = Auction(a.contract, a.bidder, 4, 0, nxt)
        else:
            a = Auction(action_contract(call), seat, 1, 0, nxt)
    if a.contract is None or a.bidder is None:
        return 0
    hands = list(hands5)
    seat = view.dealer
    pos = 0
    for _ in range(4):
        seat = (seat + d) % 4
        for c in stock[pos : pos + 3]:
            hands[seat] |= 1 << c
        pos += 3
    return _contract_value(view, hands, a.bidder, a.contract, a.multiplier)


def _sample_auction(
    view: SeatView, unknown: list[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """The other 5-card hands and the 12 cards still to deal; deals where another seat's
    earlier pass or contract is not the heuristic's call are redrawn (a few times)."""
    d = view.ruleset.direction
    checks = [
        ((view.dealer + d * (i + 1)) % 4, b, auction_situation(view.ruleset, view.bids[:i],
                                                               view.dealer))
        for i, b in enumerate(view.bids)
        if (view.dealer + d * (i + 1)) % 4 != view.seat and b not in (DOUBLE, REDOUBLE)
    ]
    hands5: list[int] = []
    stock: list[int] = []
    for _ in range(12):
        pool = list(unknown)
        rng.shuffle(pool)
        hands5 = [0, 0, 0, 0]
        hands5[view.seat] = view.hand
        pos = 0
        for s in range(4):
            if s != view.seat:
                for c in pool[pos : pos + 5]:
                    hands5[s] |= 1 << c
                pos += 5
        stock = pool[pos:]
        if all(auction_call(hands5[s], situation) == b for s, b, situation in checks):
            break
    return hands5, stock


def evaluate_calls(
    view: SeatView, rng: random.Random, level: Level, cands: list[int] | None = None
) -> BidValues:
    """The candidate calls of an auction and each one's mean final hand score (the seat's
    team minus the other; Bulgarian scoring: the points recorded before the division by
    10) over the same sampled completions of the deal (the other 5-card hands and the 12
    cards still to deal), the rest of the auction called by the heuristic."""
    start = time.perf_counter()
    if cands is None:
        cands = _auction_candidates(view)
    if len(cands) == 1:
        return BidValues(cands, [0.0], ((0.0,),))
    ruleset = view.ruleset
    unknown = [c for c in range(32) if not view.hand >> c & 1]
    starts = [auction(ruleset, (*view.bids, a), view.dealer) for a in cands]
    sums = [0.0] * len(cands)
    n = 0
    values: list[list[int]] = [[] for _ in cands]
    # The work of a turned-card bid (two candidates per deal), however many calls compete.
    most = max(24, level.bid_samples * 2 // len(cands))
    for n in range(1, most + 1):
        hands5, stock = _sample_auction(view, unknown, rng)
        for i, a in enumerate(starts):
            v = _auction_value(view, hands5, stock, a)
            sums[i] += v
            values[i].append(v)
        if time.perf_counter() - start > level.bid_time_cap:
            break
        if n >= 24 and n % 8 == 0:
            # Stop once the best call leads the second by 2.5 standard errors of their
            # paired difference (or by 40 points a deal).
            order = sorted(range(len(cands)), key=lambda i: -sums[i])
            diffs = [x - y for x, y in zip(values[order[0]], values[order[1]], strict=True)]
            mean_d = sum(diffs) / n
            var = max(0.0, sum(d * d for d in diffs) / n - mean_d * mean_d)
            if mean_d > 40 or mean_d > 2.5 * (var / n) ** 0.5 + 0.5:
                break
    return BidValues(cands, [x / max(1, n) for x in sums], _values_se(values))


__all__ = [
    "LEVELS", "BidValues", "CardValues", "Level", "PimcPlayer", "TAKE", "candidates", "choose_card",
    "evaluate_bids", "evaluate_calls", "evaluate_cards", "simulate_bid",
]
