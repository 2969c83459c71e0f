"""Rulesets: one frozen value per variant, differing only by option values (RULES.md §9)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SequenceTie(Enum):
    """Two best sequences equal in points and top number, neither flooded."""

    ALL_CANCELLED = "all_cancelled"  # BeloZ: nobody scores any announcement
    FIRST_PLAYER = "first_player"  # seed 003: the team that played first in the first trick
    NOBODY_SCORES_SEQUENCES = "nobody_scores_sequences"  # seed 002


class AllPass(Enum):
    """What happens when all four players pass twice."""

    NEXT_DEALER = "next_dealer"  # gather, the dealer cuts, the player to the dealer's right deals
    SAME_DEALER = "same_dealer"  # the same dealer shuffles and deals again


class TakersMustBeat(Enum):
    DEFENDERS_TOTAL = "defenders_total"  # BeloZ: announcements and BeloZ included
    HALF_OF_TRICK_POINTS = "half_of_trick_points"  # seed 003: at least 82 of 162


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    target: int = 1000
    # +1: after seat k comes seat k+1 (counter-clockwise, seen from above the table).
    direction: int = 1
    shuffle_each_hand: bool = False
    second_round_excludes_turned: bool = False
    all_pass: AllPass = AllPass.NEXT_DEALER
    announcements: bool = True
    sequence_tie: SequenceTie = SequenceTie.ALL_CANCELLED
    undertrump_required: bool = True
    must_overtrump_partner_on_trump_lead: bool = True
    takers_must_beat: TakersMustBeat = TakersMustBeat.DEFENDERS_TOTAL
    capot_bonus: int = 90
    capot_keeps_dix_de_der: bool = True
    dix_de_der: int = 10
    beloz_points: int = 20
    min_cut: int = 3


BELOZ = Ruleset(name="beloz")

RULESETS: dict[str, Ruleset] = {BELOZ.name: BELOZ}


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}") from None
