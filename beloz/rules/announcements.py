"""Announcements: sequences and carrés, the best combination of a hand, the team comparison
(RULES.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import (
    DRY_STRENGTH,
    FLOODED_STRENGTH,
    PLAINS,
    card,
    cards_of,
    code,
)
from .ruleset import AnnouncementRule, Ruleset, SequenceTie

SEQUENCE_POINTS = {3: 20, 4: 50}  # 5 or more: 100
QUINTE_POINTS = 100
# number -> carré points; monkeys (2) and meerkats (1) make no carré.
CARRE_POINTS = {5: 200, 3: 150, 8: 100, 4: 100, 7: 100, 6: 100}
SEQUENCE_NAMES = {3: "tierce", 4: "quarte"}


@dataclass(frozen=True, slots=True)
class Announcement:
    kind: str  # "tierce", "quarte", "quinte", "carre"
    mask: int  # its cards
    points: int
    top: int  # highest number of a sequence; the animal's number for a carré
    plain: int  # the sequence's plain; -1 for a carré

    @property
    def is_carre(self) -> bool:
        return self.kind == "carre"

    def codes(self) -> list[str]:
        return [code(c) for c in cards_of(self.mask)]

    def rank(self, trump: int) -> tuple[int, int, int, int]:
        """Comparison key: a carré beats any sequence; then points; then for carrés the animal's
        dry strength, for sequences the top number, then being in the flooded plain."""
        if self.is_carre:
            return (1, self.points, DRY_STRENGTH[self.top - 1], 0)
        return (0, self.points, self.top, 1 if self.plain == trump else 0)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": self.codes(), "points": self.points}


def _runs(s: int) -> tuple[tuple[int, int], ...]:
    """(start, length) of each maximal run of 3+ set bits in an 8-bit slice."""
    out = []
    n = 0
    while n < 8:
        if s >> n & 1:
            start = n
            while n < 8 and s >> n & 1:
                n += 1
            if n - start >= 3:
                out.append((start, n - start))
        else:
            n += 1
    return tuple(out)


_RUNS = tuple(_runs(s) for s in range(256))


def _sequences(hand: int) -> list[Announcement]:
    """Each maximal run of 3+ consecutive numbers in one plain is one announcement."""
    out = []
    for p in range(4):
        for start, length in _RUNS[(hand >> (8 * p)) & 0xFF]:
            mask = ((1 << length) - 1) << (8 * p + start)
            points = SEQUENCE_POINTS.get(length, QUINTE_POINTS)
            kind = SEQUENCE_NAMES.get(length, "quinte")
            out.append(Announcement(kind, mask, points, start + length, p))
    return out


_CARRES = tuple(
    Announcement("carre", sum(1 << card(p, number) for p in range(4)), points, number, -1)
    for number, points in CARRE_POINTS.items()
)


def _carres(hand: int) -> list[Announcement]:
    return [a for a in _CARRES if hand & a.mask == a.mask]


def best_combination(hand: int) -> tuple[Announcement, ...]:
    """The announcements an 8-card hand declares.

    A card belongs to at most one announcement.  Decision (RULES.md §5): when carrés and
    sequences share cards, the hand takes the combination worth the most points, on equal
    points the one with the carré(s); sequences are the maximal runs left once the chosen
    carrés' cards are removed.  Sorted best first.
    """
    carres = _carres(hand)
    if not carres:
        return tuple(sorted(_sequences(hand), key=lambda a: a.rank(-1), reverse=True))
    best: tuple[int, int, list[Announcement]] | None = None
    for k in range(len(carres) + 1):
        for chosen in combinations(carres, k):
            used = 0
            for a in chosen:
                used |= a.mask
            combo = list(chosen) + _sequences(hand & ~used)
            key = (sum(a.points for a in combo), k)
            if best is None or key > best[:2]:
                best = (key[0], key[1], combo)
    assert best is not None
    return tuple(sorted(best[2], key=lambda a: a.rank(-1), reverse=True))


@dataclass(frozen=True, slots=True)
class AnnouncementResult:
    valid_team: int | None  # the team whose announcements count, or None
    points: tuple[int, int]  # announcement points each team scores (before capot)
    cancelled: bool  # BeloZ: two equal best sequences, neither flooded
    # Seed 002 compares sequences and carrés separately: the team whose sequences count and
    # the team whose carrés count (``by_category``); ``valid_team`` is then None.
    by_category: bool = False
    sequences_team: int | None = None
    carres_team: int | None = None

    def counts(self, team: int, a: Announcement) -> bool:
        """Whether announcement ``a``, declared by ``team``, is valid."""
        if self.by_category:
            return team == (self.carres_team if a.is_carre else self.sequences_team)
        return team == self.valid_team


def compare(
    declared: Sequence[Sequence[Announcement]],
    trump: int,
    ruleset: Ruleset,
    first_player: int,
) -> AnnouncementResult:
    """Which team's declared announcements count (RULES.md §5).

    ``declared[seat]`` lists what each seat declared; ``first_player`` is the seat that led
    the first expedition (for the ``FIRST_PLAYER`` tie rule).
    """
    if ruleset.announcement_rule is AnnouncementRule.BY_CATEGORY:
        return _compare_by_category(declared)
    team_best: list[tuple[int, int, int, int] | None] = [None, None]
    totals = [0, 0]
    for seat, anns in enumerate(declared):
        for a in anns:
            team = seat & 1
            totals[team] += a.points
            r = a.rank(trump)
            current = team_best[team]
            if current is None or r > current:
                team_best[team] = r
    a0, a1 = team_best
    if a0 is None and a1 is None:
        return AnnouncementResult(None, (0, 0), False)
    if a1 is None or (a0 is not None and a0 > a1):
        winner: int | None = 0
    elif a0 is None or a1 > a0:
        winner = 1
    else:
        # Equal best sequences, neither flooded (a flooded one would have ranked higher).
        if ruleset.sequence_tie is not SequenceTie.FIRST_PLAYER:
            return AnnouncementResult(None, (0, 0), True)
        winner = first_player & 1
    points = (totals[0], 0) if winner == 0 else (0, totals[1])
    return AnnouncementResult(winner, points, False)


def _compare_by_category(declared: Sequence[Sequence[Announcement]]) -> AnnouncementResult:
    """Seed 002: among sequences the longer run wins, then the higher top number, equal:
    nobody scores sequences; among carrés the stronger animal in flooded order.  The winner
    of each category scores all its announcements of that category."""
    best: dict[bool, list[tuple[int, int] | None]] = {False: [None, None], True: [None, None]}
    for seat, anns in enumerate(declared):
        for a in anns:
            if a.is_carre:
                key = (FLOODED_STRENGTH[a.top - 1], 0)
            else:
                key = (a.mask.bit_count(), a.top)
            current = best[a.is_carre][seat & 1]
            if current is None or key > current:
                best[a.is_carre][seat & 1] = key
    winners: dict[bool, int | None] = {}
    for carre, (k0, k1) in best.items():
        if k0 is None and k1 is None or k0 == k1:
            winners[carre] = None
        elif k1 is None or (k0 is not None and k0 > k1):
            winners[carre] = 0
        else:
            winners[carre] = 1
    points = [0, 0]
    for seat, anns in enumerate(declared):
        for a in anns:
            if winners[a.is_carre] == seat & 1:
                points[seat & 1] += a.points
    return AnnouncementResult(
        None,
        (points[0], points[1]),
        False,
        by_category=True,
        sequences_team=winners[False],
        carres_team=winners[True],
    )


def describe(a: Announcement) -> str:
    if a.is_carre:
        return f"carre of {a.top}"
    return f"{a.kind} to {PLAINS[a.plain]}{a.top}"
