"""Scoring a finished hand (RULES.md §7) and the match's end (§8)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .announcements import AnnouncementResult
from .ruleset import Ruleset, TakersMustBeat


class Outcome(Enum):
    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything a finished hand scores.  Teams: 0 = seats 0 and 2, 1 = seats 1 and 3."""

    taker_team: int
    card_points: tuple[int, int]  # finished tricks, without the dix de der
    dix_de_der: int  # the team that won the last expedition
    capot: int | None  # the team that won all eight, or None
    announcements: AnnouncementResult
    announcement_points: tuple[int, int]  # what each team finally scores for announcements
    beloz: tuple[int, int]
    totals: tuple[int, int]  # each team's points before the contract is settled
    outcome: Outcome
    score: tuple[int, int]  # the hand's score, escrow included
    escrow_in: int
    escrow_out: int

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
) -> HandResult:
    defenders = 1 - taker_team
    capot: int | None = None
    bonus = [0, 0]
    for team in (0, 1):
        if tricks_won[team] == 8:
            capot = team
            bonus[team] += ruleset.capot_bonus
    if capot is None or ruleset.capot_keeps_dix_de_der:
        bonus[last_trick_team] += ruleset.dix_de_der

    ann = list(announcements.points)
    if capot is not None and announcements.valid_team == 1 - capot:
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
        score[defenders] = defs + takers - takers_beloz + escrow_in
        score[taker_team] = takers_beloz
    else:
        score[defenders] = defs
        score[taker_team] = takers_beloz
        escrow_out = escrow_in + takers - takers_beloz
    return HandResult(
        taker_team=taker_team,
        card_points=card_points,
        dix_de_der=last_trick_team,
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


def match_winner(scores: tuple[int, int], target: int) -> int | None:
    """The team that has won the match after a hand, or None while play goes on (§8)."""
    a, b = scores
    if a < target and b < target:
        return None
    if a == b:
        return None
    return 0 if a > b else 1
