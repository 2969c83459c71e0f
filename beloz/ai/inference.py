"""Policy-weighted deals: what the other players' bids and cards say about their hands.

The sampler (``sampler.py``) draws the deals that fit the hard constraints (voids, cards
known to be somewhere...) uniformly.  Real players are not uniform: a seat that passed with
the turned card in a strong plain seldom holds its crocodile and water snake, a taker who
named a plain in round 2 is long in it, a partner who leads a lion has it master, one who
throws a leopard on an opponent's trick has no lion to keep it company...  So each sampled
deal is weighted by how likely the bids and cards seen so far are, in that deal, under a
model of the other players: the heuristic (``heuristic.py``), softened.

- **Cards**: for every earlier non-forced card of another seat, the seat's hand at that
  moment is rebuilt from the deal (its current hand plus the cards it played since); the
  heuristic's card for that hand is compared with the card played.  The same card (or one
  equivalent to it: same plain, same points, nothing out between them) keeps the weight; a
  different card multiplies it by ``miss`` (the model's « temperature »: the chance that a
  player leaves the rule of thumb, relative to following it).
- **Bids**: a seat's bid depends on its first five cards, which the deal does not say
  (three more came after the bidding).  One random five-card subset of its hand (the turned
  card excluded for the taker) stands for them: an unbiased estimate of the bid's
  likelihood, which is all importance weighting needs.  The likelihood of taking is a
  logistic of the heuristic's point count around its threshold (a pass: one minus that).
- **Floor**: every factor is at least ``floor``, so a surprising play never zeroes a deal.

The weights are used by sampling-importance-resampling: each deal handed to the search is
chosen, in proportion to its weight, among ``pool`` deals of the uniform sampler.  With
``pool`` = 1 this is the uniform sampler itself.  Everything comes from the seat's view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from beloz.rules.ruleset import Bidding
from beloz.rules.state import PASS, TAKE, SeatView, action_plain
from beloz.rules.tricks import legal_mask_at, master_index

from .heuristic import (
    BID_THRESHOLD,
    AuctionSituation,
    auction_call,
    auction_situation,
    choose_card,
    hand_strength,
)
from .sampler import DealSampler
from .tables import KEY, PTS

ALL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class Model:
    """How much the other players are believed to follow the heuristic."""

    pool: int = 4  # uniform deals per deal handed to the search (1: no weighting)
    miss: float = 0.35  # weight factor of a card the heuristic would not have played
    bid_scale: float = 1.0  # point-count spread of the bidding logistic
    floor: float = 0.05  # no factor below this


@dataclass(frozen=True, slots=True)
class _Decision:
    seat: int
    trick: tuple[int, ...]  # the cards before it in its expedition
    m: int  # master position in ``trick``
    played: int  # every card played before it
    card: int
    later: int  # the cards this seat played after it


def _decisions(view: SeatView) -> list[_Decision]:
    """The cards other seats played so far, with what each seat knew when it played."""
    assert view.trump is not None
    trump = view.trump
    d = view.ruleset.direction
    seq: list[tuple[int, tuple[int, ...], int, int, int]] = []
    played = 0
    expeditions = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        expeditions.append((view.leader, view.trick))
    for leader, cards in expeditions:
        for i, c in enumerate(cards):
            before = tuple(cards[:i])
            m = master_index(before, trump) if before else 0
            seq.append(((leader + d * i) % 4, before, m, played, c))
            played |= 1 << c
    out = []
    later = [0, 0, 0, 0]
    for seat, before, m, played_before, c in reversed(seq):
        if seat != view.seat:
            out.append(_Decision(seat, before, m, played_before, c, later[seat]))
        later[seat] |= 1 << c
    out.reverse()
    return out


def _same(a: int, b: int, trump: int, out: int) -> bool:
    """Cards a player would treat alike: same plain, same points, nothing out between."""
    if a == b:
        return True
    if a >> 3 != b >> 3 or PTS[trump][a] != PTS[trump][b]:
        return False
    key = KEY[trump]
    lo, hi = sorted((key[a], key[b]))
    plain = a & ~7
    for i in range(8):
        c = plain + i
        if out >> c & 1 and lo < key[c] < hi:
            return False
    return True


def _take_chance(strength: float, threshold: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-(strength - threshold) / scale))


class Weigher:
    """The likelihood of a seat's observations in a sampled deal (see the module)."""

    def __init__(self, view: SeatView, model: Model) -> None:
        assert view.trump is not None and view.taker is not None
        self.view = view
        self.model = model
        self.trump = view.trump
        self.taker = view.taker
        # Per earlier card of another seat: (seat, the expedition's cards before it, the
        # master's position in them, the cards played before it, the card, the cards the
        # seat played from then on (that card included), whether the seat took).
        self.decisions = [
            (d.seat, list(d.trick), d.m, d.played, d.card, d.later | (1 << d.card),
             d.seat == view.taker)
            for d in _decisions(view)
        ]
        self.by_seat: list[list[tuple[list[int], int, int, int, int, bool]]] = [
            [x[1:] for x in self.decisions if x[0] == s] for s in range(4)
        ]
        self.seats = [s for s in range(4) if self.by_seat[s]]
        self._cache: dict[tuple[int, int], int] = {}
        self.played_by = [_played_by(view, s) for s in range(4)]
        self.ruleset = view.ruleset
        # Bids of the other seats: (seat, round, action).
        d = view.ruleset.direction
        seat = (view.dealer + d) % 4
        self.bids: list[tuple[int, int, int]] = []
        # Calls of the other seats in an auction: (seat, index in ``view.bids``, action).
        self.calls: list[tuple[int, int, int]] = []
        auction = view.ruleset.bidding is Bidding.AUCTION
        self._situations: dict[int, AuctionSituation] = {}
        self._call_cache: dict[tuple[int, int], int] = {}
        for i, b in enumerate(view.bids):
            if seat != view.seat:
                if auction:
                    if b != PASS:  # (passes are many and say little: not read, for speed)
                        self.calls.append((seat, i, b))
                        self._situations[i] = auction_situation(
                            view.ruleset, view.bids[:i], view.dealer
                        )
                else:
                    self.bids.append((seat, 0 if i < 4 else 1, b))
            seat = (seat + d) % 4
        self.excluded = (
            view.turned >> 3 if view.ruleset.second_round_excludes_turned else -1
        )
        self.active = bool(self.decisions or self.bids or self.calls)

    def weight(self, hands: list[int], rng: random.Random) -> float:
        """The (unnormalised, at most 1) weight of a deal of the current ``hands``."""
        miss = max(self.model.miss, self.model.floor)
        k = 0
        for seat in self.seats:
            k += self._misses(seat, hands[seat])
        w = 1.0
        for _ in range(k):
            w *= miss
        if self.bids:
            w *= self._bid_weight(hands, rng)
        if self.calls:
            w *= self._call_weight(hands, rng)
        return w

    def _call_weight(self, hands: list[int], rng: random.Random) -> float:
        """The auction's calls: each seat's first five cards (a random five of its eight:
        the other three came after the auction) should make the heuristic's call."""
        model = self.model
        first5: dict[int, int] = {}
        w = 1.0
        for seat, i, action in self.calls:
            if seat not in first5:
                cards = [c for c in range(32) if (hands[seat] | self.played_by[seat]) >> c & 1]
                rng.shuffle(cards)
                first5[seat] = sum(1 << c for c in cards[:5])
            key = (i, first5[seat])
            want = self._call_cache.get(key)
            if want is None:
                want = self._call_cache[key] = auction_call(first5[seat], self._situations[i])
            if want != action:
                w *= max(model.miss, model.floor)
        return w

    def _misses(self, seat: int, current: int) -> int:
        """How many of ``seat``'s earlier non-forced cards the heuristic would not have
        played with this hand (cached: late in a hand the same hands come back often)."""
        key = (seat, current)
        k = self._cache.get(key)
        if k is not None:
            return k
        k = 0
        trump = self.trump
        ruleset = self.ruleset
        taker_team = self.taker & 1
        for trick, m, played, c, later, is_taker in self.by_seat[seat]:
            hand = current | later
            legal = legal_mask_at(hand, trick, m, trump, ruleset) if trick else hand
            if not legal & (legal - 1):
                continue
            want = choose_card(hand, legal, trick, m, trump, played, taker_team, seat & 1,
                               is_taker)
            if want != c and not _same(want, c, trump, ALL & ~played & ~hand):
                k += 1
        self._cache[key] = k
        return k

    def _bid_weight(self, hands: list[int], rng: random.Random) -> float:
        view = self.view
        model = self.model
        turned = view.turned
        first5: dict[int, int] = {}
        w = 1.0
        for seat, rnd, action in self.bids:
            if seat not in first5:
                full = hands[seat] | self.played_by[seat]
                pool = full & ~(1 << turned)
                cards = [c for c in range(32) if pool >> c & 1]
                drop = len(cards) - 5
                if drop < 0:
                    continue
                rng.shuffle(cards)
                m = 0
                for c in cards[:5]:
                    m |= 1 << c
                first5[seat] = m
            own = first5[seat] | (1 << turned)
            if rnd == 0:
                p = _take_chance(
                    hand_strength(own, turned >> 3), BID_THRESHOLD, model.bid_scale
                )
                like = p if action == TAKE else 1.0 - p
            else:
                named = action_plain(action) if action != PASS else None
                if named is not None:
                    like = _take_chance(
                        hand_strength(own, named), BID_THRESHOLD + 0.5, model.bid_scale
                    )
                else:
                    best = max(
                        hand_strength(own, p) for p in range(4) if p != self.excluded
                    )
                    like = 1.0 - _take_chance(best, BID_THRESHOLD + 0.5, model.bid_scale)
            w *= max(like, model.floor)
        return w


def _played_by(view: SeatView, seat: int) -> int:
    d = view.ruleset.direction
    m = 0
    expeditions = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        expeditions.append((view.leader, view.trick))
    for leader, cards in expeditions:
        for i, c in enumerate(cards):
            if (leader + d * i) % 4 == seat:
                m |= 1 << c
    return m


class WeightedSampler:
    """Deals drawn by sampling-importance-resampling over a uniform ``DealSampler``: the
    same interface as the sampler (``sample_accepted``)."""

    def __init__(self, base: DealSampler, weigher: Weigher, pool: int) -> None:
        self.base = base
        self.weigher = weigher
        self.pool = pool if weigher.active else 1

    def sample_accepted(
        self, rng: random.Random, accept: Callable[[list[int]], bool] | None, tries: int = 30
    ) -> list[int]:
        if self.pool <= 1:
            return self.base.sample_accepted(rng, accept, tries)
        deals = []
        weights = []
        for _ in range(self.pool):
            hands = self.base.sample_accepted(rng, accept, tries)
            deals.append(hands)
            weights.append(self.weigher.weight(hands, rng))
        x = rng.random() * sum(weights)
        for hands, w in zip(deals, weights, strict=True):
            x -= w
            if x < 0:
                return hands
        return deals[-1]


def weighted_sampler(
    view: SeatView, base: DealSampler, model: Model
) -> DealSampler | WeightedSampler:
    """The sampler a level uses: the uniform one, or the policy-weighted one."""
    if model.pool <= 1:
        return base
    return WeightedSampler(base, Weigher(view, model), model.pool)


__all__ = ["Model", "Weigher", "WeightedSampler", "weighted_sampler"]
