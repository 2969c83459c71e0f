"""Deals of the unseen cards consistent with what a seat knows, drawn uniformly.

Exact uniform sampling by counting.  After the cards each seat surely holds are placed,
every other unseen card falls in a *class*: the set of seats that may hold it (at most
seven classes for three seats).  A deal is then fixed by how many cards of each class go to
each seat (an *allocation*) and by which ones.  Given an allocation, the number of deals is
the product over classes of multinomial coefficients; so drawing an allocation with that
weight, then shuffling each class and cutting it into the allocated slices, draws every
consistent deal with the same probability.  The allocations (a few hundred at most) are
enumerated once per decision; each sample is then one weighted pick and a few shuffles.

Constraints the count cannot express (announcement kinds declared in the first expedition)
are handled by rejection on top (still uniform among the accepted deals), with a bounded
number of tries.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from math import comb
from typing import Protocol

from .view import Knowledge


class Sampler(Protocol):
    """Anything that draws deals for the search (uniform, weighted...)."""

    def sample_accepted(
        self, rng: random.Random, accept: Callable[[list[int]], bool] | None, tries: int = 30
    ) -> list[int]: ...


class Infeasible(ValueError):
    """No deal fits the constraints."""


def _multinomial(n: int, ks: tuple[int, ...]) -> int:
    out = 1
    for k in ks:
        out *= comb(n, k)
        n -= k
    return out


class DealSampler:
    """Uniform deals of the unseen cards for the hands ``seats`` with ``sizes``.

    ``must[s]`` are cards seat s surely holds, ``may[s]`` the cards it may hold.  The
    sample is a list of four masks, ``base[s]`` added (the viewer's own hand)."""

    def __init__(
        self,
        seats: list[int],
        sizes: list[int],
        must: list[int],
        may: list[int],
        unseen: int,
        base: list[int],
    ) -> None:
        self.seats = seats
        self.base = list(base)
        k = len(seats)
        placed = 0
        fixed = list(base)
        need = []
        for i, s in enumerate(seats):
            m = must[i] & unseen
            if m & placed:
                raise Infeasible("a card is known to be in two hands")
            placed |= m
            fixed[s] |= m
            need.append(sizes[i] - m.bit_count())
            if need[-1] < 0:
                raise Infeasible("more known cards than cards in hand")
        self.fixed = fixed
        rest = unseen & ~placed
        classes: dict[int, list[int]] = {}
        mm = rest
        while mm:
            low = mm & -mm
            c = low.bit_length() - 1
            mm ^= low
            cls = 0
            for i in range(k):
                if may[i] >> c & 1:
                    cls |= 1 << i
            if not cls:
                raise Infeasible("a card nobody may hold")
            classes.setdefault(cls, []).append(c)
        if sum(need) != rest.bit_count():
            raise Infeasible("hand sizes do not add up")
        self.class_keys = sorted(classes)
        self.class_cards = [classes[c] for c in self.class_keys]
        self.class_members = [[i for i in range(k) if cls >> i & 1] for cls in self.class_keys]
        allocs: list[tuple[tuple[int, ...], ...]] = []
        weights: list[int] = []
        self._enumerate(0, need, [], 1, allocs, weights)
        if not allocs:
            raise Infeasible("no allocation fits")
        cum = []
        total = 0
        for w in weights:
            total += w
            cum.append(total)
        self.total = total  # the number of consistent deals
        self.cum = [x / total for x in cum]
        self.allocs = allocs

    def _enumerate(
        self,
        ci: int,
        need: list[int],
        acc: list[tuple[int, ...]],
        weight: int,
        allocs: list[tuple[tuple[int, ...], ...]],
        weights: list[int],
    ) -> None:
        if ci == len(self.class_keys):
            if not any(need):
                allocs.append(tuple(acc))
                weights.append(weight)
            return
        n = len(self.class_cards[ci])
        members = self.class_members[ci]
        for split in _splits(n, [need[i] for i in members]):
            for i, x in zip(members, split, strict=True):
                need[i] -= x
            acc.append(split)
            self._enumerate(ci + 1, need, acc, weight * _multinomial(n, split), allocs, weights)
            acc.pop()
            for i, x in zip(members, split, strict=True):
                need[i] += x

    def sample(self, rng: random.Random) -> list[int]:
        hands = list(self.fixed)
        alloc = self.allocs[bisect_right(self.cum, rng.random() * 0.9999999999)]
        seats = self.seats
        rand = rng.random
        for cards, members, split in zip(self.class_cards, self.class_members, alloc,
                                         strict=True):
            if len(members) == 1:
                s = seats[members[0]]
                for c in cards:
                    hands[s] |= 1 << c
                continue
            pool = list(cards)
            n = len(pool)
            # Partial Fisher-Yates: deal slices from the end.
            for i, k in zip(members, split, strict=True):
                m = 0
                for _ in range(k):
                    j = int(rand() * n)
                    n -= 1
                    pool[j], pool[n] = pool[n], pool[j]
                    m |= 1 << pool[n]
                hands[seats[i]] |= m
        return hands

    def sample_accepted(
        self, rng: random.Random, accept: Callable[[list[int]], bool] | None, tries: int = 30
    ) -> list[int]:
        """A sample that ``accept`` likes, after at most ``tries`` draws (else the last)."""
        hands = self.sample(rng)
        if accept is None:
            return hands
        for _ in range(tries - 1):
            if accept(hands):
                return hands
            hands = self.sample(rng)
        return hands


def _splits(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Ways to split n items among len(caps) seats, at most caps[i] each."""
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out = []
    for x in range(min(n, caps[0]) + 1):
        for rest in _splits(n - x, caps[1:]):
            out.append((x, *rest))
    return out


def sampler_for(k: Knowledge) -> DealSampler:
    """The sampler of the deals a seat's knowledge allows; inferences are dropped (first
    the absences, then the known cards) if they leave no deal, which only a player who
    broke a convention the inferences rely on can cause."""
    seats = [s for s in range(4) if s != k.seat]
    sizes = [k.sizes[s] for s in seats]
    base = [0, 0, 0, 0]
    base[k.seat] = k.hand
    try:
        return DealSampler(
            seats, sizes, [k.must[s] for s in seats], [k.may[s] for s in seats], k.unseen, base
        )
    except Infeasible:
        pass
    known = 0
    for s in seats:
        known |= k.must[s]
    may = [(k.unseen & ~known) | k.must[s] for s in seats]
    try:
        return DealSampler(seats, sizes, [k.must[s] for s in seats], may, k.unseen, base)
    except Infeasible:
        return DealSampler(seats, sizes, [0, 0, 0], [k.unseen] * 3, k.unseen, base)
