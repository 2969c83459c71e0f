"""Scoring a finished hand (RULES.md §7, §9.1-§9.3) and the match's end (§8)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .announcements import AnnouncementResult
from .contract import TRUMP, Contract, ContractKind
from .ruleset import Ruleset, Scoring, TakersMustBeat


class Outcome(Enum):
    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything a finished hand scores.  Teams: 0 = seats 0 and 2, 1 = seats 1 and 3."""

    taker_team: int
    card_points: tuple[int, int]  # finished tricks, without the dix de der
    # The team that scores the dix de der (the last expedition's), or None (seed 001: not
    # on a capot).
    dix_de_der: int | None
    capot: int | None  # the team that won all eight, or None
    announcements: AnnouncementResult
    announcement_points: tuple[int, int]  # what each team finally scores for announcements
    beloz: tuple[int, int]
    totals: tuple[int, int]  # each team's points before the contract is settled
    outcome: Outcome
    score: tuple[int, int]  # the hand's score, escrow included
    escrow_in: int
    escrow_out: int
    # Seed 002: the points each team records before the division by 10, and the contract's
    # multiplier (double x2, redouble x4).  ``raw`` is None where nothing is divided.
    raw: tuple[int, int] | None = None
    multiplier: int = 1

    @property
    def winning_team(self) -> int:
        """The team that wins the hand (and any escrow): the takers if made, else the defenders."""
        return self.taker_team if self.outcome is Outcome.MADE else 1 - self.taker_team


def score_hand(
    ruleset: Ruleset,
    taker_team: int,
    card_points: tuple[int, int],
    last_trick_team: int,
    tricks_won: tuple[int, int],
    announcements: AnnouncementResult,
    beloz: tuple[int, int],
    escrow_in: int = 0,
    contract: Contract | None = None,
    multiplier: int = 1,
) -> HandResult:
    if ruleset.scoring is Scoring.BULGARIAN:
        kind = contract.kind if contract is not None else TRUMP
        return _score_bulgarian(
            ruleset,
            kind,
            multiplier,
            taker_team,
            card_points,
            last_trick_team,
            tricks_won,
            announcements,
            beloz,
            escrow_in,
        )
    defenders = 1 - taker_team
    capot: int | None = None
    bonus = [0, 0]
    for team in (0, 1):
        if tricks_won[team] == 8:
            capot = team
            bonus[team] += ruleset.capot_bonus
    dix_de_der: int | None = last_trick_team
    if capot is None or ruleset.capot_keeps_dix_de_der:
        bonus[last_trick_team] += ruleset.dix_de_der
    else:
        dix_de_der = None

    ann = list(announcements.points)
    if (
        ruleset.capot_loser_loses_announcements
        and capot is not None
        and announcements.valid_team == 1 - capot
    ):
        # The team that lost every expedition scores no announcement; since it held the best
        # one, the other team's do not count either (RULES.md §10): nobody scores them.
        ann = [0, 0]

    totals = tuple(card_points[t] + bonus[t] + ann[t] + beloz[t] for t in (0, 1))
    takers, defs = totals[taker_team], totals[defenders]
    if ruleset.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        # Seed 003: trick points only, strictly more than half (81-81 fails).
        trick_points = [card_points[t] + bonus[t] for t in (0, 1)]
        made = 2 * trick_points[taker_team] > sum(trick_points)
        outcome = Outcome.MADE if made else Outcome.DEDANS
    elif takers > defs:
        outcome = Outcome.MADE
    elif takers < defs:
        outcome = Outcome.DEDANS
    else:
        outcome = Outcome.LITIGE

    score = [0, 0]
    escrow_out = 0
    takers_beloz = beloz[taker_team]
    if outcome is Outcome.MADE:
        score[taker_team] = takers + escrow_in
        score[defenders] = defs
    elif outcome is Outcome.DEDANS:
        lost = takers - takers_beloz
        if not ruleset.dedans_gives_takers_announcements:
            lost -= ann[taker_team]  # seed 003: the failed takers' announcements are lost
        score[defenders] = defs + lost + escrow_in
        score[taker_team] = takers_beloz
    else:
        score[defenders] = defs
        score[taker_team] = takers_beloz
        escrow_out = escrow_in + takers - takers_beloz
    return HandResult(
        taker_team=taker_team,
        card_points=card_points,
        dix_de_der=dix_de_der,
        capot=capot,
        announcements=announcements,
        announcement_points=(ann[0], ann[1]),
        beloz=beloz,
        totals=(totals[0], totals[1]),
        outcome=outcome,
        score=(score[0], score[1]),
        escrow_in=escrow_in,
        escrow_out=escrow_out,
    )


def divide_by_ten(p: int, round_up_from: int) -> int:
    """Seed 002's plain rule: ``p // 10``, rounded up when the last digit is at least
    ``round_up_from``."""
    return p // 10 + (1 if p % 10 >= round_up_from else 0)


def divide_pair(first: int, second: int, kind: ContractKind) -> tuple[int, int]:
    """Two amounts recorded at x1 (made, or recorded and hanging), divided by 10 (RULES.md
    §9.3).  When both end in the contract's exception digit (6 in a trump contract, 4 in
    all-trumps), the smaller rounds up and the other down; equal, ``first`` (the recorded
    one) rounds down and ``second`` (the hanging one) up."""
    e = kind.rounding_exception
    if e is not None and first % 10 == e and second % 10 == e:
        if first < second:
            return first // 10 + 1, second // 10
        return first // 10, second // 10 + 1
    d = kind.round_up_from
    return divide_by_ten(first, d), divide_by_ten(second, d)


def _score_bulgarian(
    ruleset: Ruleset,
    kind: ContractKind,
    multiplier: int,
    taker_team: int,
    card_points: tuple[int, int],
    last_trick_team: int,
    tricks_won: tuple[int, int],
    announcements: AnnouncementResult,
    beloz: tuple[int, int],
    escrow_in: int,
) -> HandResult:
    """Seed 002 (RULES.md §9.3, §10.1): ``card_points`` are as scored (doubled in no-trumps
    by the card table); ``escrow_in`` and the result's score are game points."""
    defenders = 1 - taker_team
    capot: int | None = None
    bonus = [0, 0]
    bonus[last_trick_team] += ruleset.dix_de_der * kind.point_factor
    for team in (0, 1):
        if tricks_won[team] == 8:
            capot = team
            bonus[team] += ruleset.capot_bonus  # never doubled by no-trumps
    ann = announcements.points
    if ruleset.capot_loser_loses_announcements and capot is not None:  # not in seed 002
        ann = (ann[0], 0) if capot == 0 else (0, ann[1])
    totals = [card_points[t] + bonus[t] + ann[t] + beloz[t] for t in (0, 1)]
    takers, defs = totals[taker_team], totals[defenders]
    outcome = Outcome.MADE if takers > defs else Outcome.DEDANS if takers < defs else Outcome.LITIGE
    winner = taker_team if outcome is Outcome.MADE else defenders
    raw = [0, 0]
    game = [0, 0]
    hanging = 0
    d = kind.round_up_from
    if multiplier == 1 and outcome is Outcome.MADE:
        raw = list(totals)
        game[taker_team], game[defenders] = divide_pair(takers, defs, kind)
    elif multiplier == 1 and outcome is Outcome.LITIGE:
        # The defenders record theirs; the takers' points hang for the next hand's winner.
        raw[defenders] = defs
        game[defenders], hanging = divide_pair(defs, takers, kind)
    elif outcome is Outcome.LITIGE:
        hanging = divide_by_ten((takers + defs) * multiplier, d)  # everything hangs
    else:
        # Failed, or doubled: the side with more points records both teams' points.
        raw[winner] = (takers + defs) * multiplier
        game[winner] = divide_by_ten(raw[winner], d)
    score = list(game)
    escrow_out = 0
    if outcome is Outcome.LITIGE:
        escrow_out = escrow_in + hanging
    else:
        score[winner] += escrow_in
    return HandResult(
        taker_team=taker_team,
        card_points=card_points,
        dix_de_der=last_trick_team,
        capot=capot,
        announcements=announcements,
        announcement_points=ann,
        beloz=beloz,
        totals=(totals[0], totals[1]),
        outcome=outcome,
        score=(score[0], score[1]),
        escrow_in=escrow_in,
        escrow_out=escrow_out,
        raw=(raw[0], raw[1]),
        multiplier=multiplier,
    )


def match_winner(scores: tuple[int, int], target: int) -> int | None:
    """The team that has won the match after a hand, or None while play goes on (§8)."""
    a, b = scores
    if a < target and b < target:
        return None
    if a == b:
        return None
    return 0 if a > b else 1
