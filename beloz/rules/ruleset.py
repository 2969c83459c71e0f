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


class Bidding(Enum):
    """How the contract is chosen (RULES.md §3.5-3.6, §9.3)."""

    TURNED_CARD = "turned_card"  # two rounds: take the turned card's plain, then name one
    AUCTION = "auction"  # seed 002: pass / E < W < S < N < NT < AT / double / redouble


class AnnouncementRule(Enum):
    """Which declared announcements count (RULES.md §5, §9.3)."""

    BEST_TEAM = "best_team"  # §5: the team with the best single announcement scores all its own
    BY_CATEGORY = "by_category"  # seed 002: sequences and carrés compared separately


class Scoring(Enum):
    """How a finished hand is settled."""

    TOTALS = "totals"  # §7: the hand's points as they are, litige to escrow
    BULGARIAN = "bulgarian"  # seed 002: both teams' points to the side with more, x2 / x4, /10


class BelotCondition(Enum):
    """When the elephant and rhino of a belot plain score (RULES.md §6, §9.3)."""

    BOTH_SAID = "both_said"  # §6: 20 points once Re-BeloZ is said
    FIRST_CARD = "first_card"  # seed 002: declared with the first card, if led, followed or trumped


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
    # Dealing: the packets of the first deal, from the receiver after the dealer; whether
    # the dealer may deal them in the other order (BeloZ: 3-2 or 2-3).
    deal_packets: tuple[int, ...] = (3, 2)
    packet_choice: bool = True
    bidding: Bidding = Bidding.TURNED_CARD
    announcement_rule: AnnouncementRule = AnnouncementRule.BEST_TEAM
    # §7.2: the team that loses every expedition scores no announcement (seed 002: it keeps them).
    capot_loser_loses_announcements: bool = True
    # When the takers fail, do the defenders also score the takers' announcements? (§7.4 yes;
    # seed 003: the defenders score 162 + their own announcements, the takers' are lost.)
    dedans_gives_takers_announcements: bool = True
    belot_condition: BelotCondition = BelotCondition.BOTH_SAID
    # What the players call the elephant and rhino of a belot plain (a strings key part:
    # "BeloZ" / "Re-BeloZ", "Belote" / "Rebelote", "Belot").
    belote_word: str = "beloz"
    # What the players call winning all eight expeditions (a strings key part: "capot",
    # "valat" in seed 002's Bulgarian belot).
    capot_word: str = "capot"
    scoring: Scoring = Scoring.TOTALS
    # The targets a player may choose (the first is not necessarily the default: ``target``).
    target_choices: tuple[int, ...] = ()
    # BeloZ: any target the settings allow (TARGET_RANGE); elsewhere the seed's targets only.
    free_target: bool = False
    # Seed 002: a hand with a valat never ends the match (the target rises to leader + 1).
    valat_never_ends_match: bool = False

    @property
    def dealt_before_bidding(self) -> int:
        return sum(self.deal_packets)


BELOZ = Ruleset(name="beloz", free_target=True)

# RULES.md §9.1 (seed 001).
SANS_ANNONCES = Ruleset(
    name="belote-sans-annonces",
    target=500,
    shuffle_each_hand=True,
    all_pass=AllPass.SAME_DEALER,
    announcements=False,
    packet_choice=False,
    capot_bonus=100,
    capot_keeps_dix_de_der=False,
    belote_word="belote",
)

# RULES.md §9.2 (seed 003).
CLASSIQUE = Ruleset(
    name="belote-classique",
    target=1001,
    target_choices=(501, 701, 1001),
    direction=-1,
    shuffle_each_hand=True,
    second_round_excludes_turned=True,
    all_pass=AllPass.SAME_DEALER,
    sequence_tie=SequenceTie.FIRST_PLAYER,
    takers_must_beat=TakersMustBeat.HALF_OF_TRICK_POINTS,
    dedans_gives_takers_announcements=False,
    deal_packets=(5,),
    packet_choice=False,
    belote_word="belote",
)

# RULES.md §9.3 (seed 002).
BULGARE = Ruleset(
    name="belot-bulgare",
    target=151,
    shuffle_each_hand=True,
    sequence_tie=SequenceTie.NOBODY_SCORES_SEQUENCES,
    undertrump_required=False,
    packet_choice=False,
    bidding=Bidding.AUCTION,
    announcement_rule=AnnouncementRule.BY_CATEGORY,
    capot_loser_loses_announcements=False,
    belot_condition=BelotCondition.FIRST_CARD,
    belote_word="belot",
    capot_word="valat",
    scoring=Scoring.BULGARIAN,
    valat_never_ends_match=True,
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (BELOZ, SANS_ANNONCES, CLASSIQUE, BULGARE)}


def match_target(ruleset: Ruleset, wanted: int | None) -> int:
    """The target of a new match when the player asked for ``wanted``: kept when the
    ruleset allows it, else the ruleset's own."""
    if wanted is not None and (ruleset.free_target or wanted in ruleset.target_choices):
        return wanted
    return ruleset.target


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}") from None
