"""Expeditions (tricks): which cards may be played and who wins (RULES.md §4).

Pure functions on masks, shared by the public state API and the fast playout path.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .cards import (
    ALL_TRUMPS,
    DRY_STRENGTH,
    FLOODED_MASKS,
    FLOODED_STRENGTH,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
    Card,
    Mask,
)
from .ruleset import Ruleset


class Reason(Enum):
    """Why a card may not be played; the values are the record verdict's reason strings."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"  # « fournir »
    MUST_RAISE = "must_raise"  # « monter » on a flooded lead
    MUST_TRUMP = "must_trump"  # « intercepter »
    MUST_OVERTRUMP = "must_overtrump"  # « sur-intercepter »
    MUST_UNDERTRUMP = "must_undertrump"  # « pisser »
    NOT_YOUR_TURN = "not_your_turn"
    NOT_PLAYING = "not_playing"


# KEYS[trump][card]: a card's strength in an expedition under the card order ``trump`` when
# it can win (of the flooded plain, or of the led plain): flooded-plain cards 8..15 above
# all; in all-trumps every plain is flooded but none is above another.
KEYS = tuple(
    tuple(
        8 + FLOODED_STRENGTH[c & 7]
        if c >> 3 == t
        else (FLOODED_STRENGTH[c & 7] if FLOODED_MASKS[t] >> c & 1 else DRY_STRENGTH[c & 7])
        for c in range(32)
    )
    for t in range(6)
)


def card_key(c: int, lead: int, trump: int) -> int:
    """Strength of a card in an expedition led in ``lead``: flooded cards above all,
    then cards of the led plain; other cards cannot win (-1)."""
    p = c >> 3
    if p == trump or p == lead:
        return KEYS[trump][c]
    return -1


def master_index(trick: Sequence[Card], trump: int) -> int:
    """Index in ``trick`` (non-empty) of the master card (the strongest so far) under the
    card order ``trump``: ``card_key`` inlined, as the players call it on every card."""
    key = KEYS[trump]
    lead = trick[0] >> 3
    best = 0
    best_key = key[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        p = c >> 3
        if (p == trump or p == lead) and key[c] > best_key:
            best, best_key = i, key[c]
    return best


def legal_mask(hand: Mask, trick: Sequence[Card], trump: int, ruleset: Ruleset) -> Mask:
    """The cards of ``hand`` that may be played on ``trick`` (the cards played so far, in
    order).  Never empty for a non-empty hand."""
    if not trick:
        return hand
    return legal_mask_at(hand, trick, master_index(trick, trump), trump, ruleset)


def legal_mask_at(hand: int, trick: Sequence[int], m: int, trump: int, ruleset: Ruleset) -> int:
    """``legal_mask`` for a non-empty trick whose master card is ``trick[m]``."""
    lead = trick[0] >> 3
    master = trick[m]
    if trump > 3:  # NO_TRUMPS or ALL_TRUMPS: no flooded plain above the others
        return _legal_without_trump_plain(hand, lead, master, trump)
    follow = hand & PLAIN_MASKS[lead]
    partner_master = (len(trick) - m) == 2
    if follow:
        if lead == trump and (ruleset.must_overtrump_partner_on_trump_lead or not partner_master):
            return (follow & TRUMPS_ABOVE[master]) or follow
        return follow
    trumps = hand & PLAIN_MASKS[trump]
    if partner_master or not trumps:
        return hand
    if master >> 3 == trump:
        higher = trumps & TRUMPS_ABOVE[master]
        if higher:
            return higher
        return trumps if ruleset.undertrump_required else hand
    return trumps


def undertrump_spared(hand: int, trick: Sequence[int], trump: int, ruleset: Ruleset) -> bool:
    """Seed 002: void in the led plain, an opponent master with a trump the hand cannot
    over-intercept, and a ruleset that does not make it undertrump: any card may be played
    where BeloZ would make it play a lower trump."""
    if ruleset.undertrump_required or trump > 3 or not trick or hand & PLAIN_MASKS[trick[0] >> 3]:
        return False
    m = master_index(trick, trump)
    trumps = hand & PLAIN_MASKS[trump]
    return (
        trick[m] >> 3 == trump
        and len(trick) - m != 2  # the partner's master card: any card anyway
        and bool(trumps)
        and not trumps & TRUMPS_ABOVE[trick[m]]
    )


def _legal_without_trump_plain(hand: int, lead: int, master: int, trump: int) -> int:
    """RULES.md §9.3: in no-trumps only follow; in all-trumps follow and climb over the
    master card whoever holds it (it is always of the led plain).  Void: any card."""
    follow = hand & PLAIN_MASKS[lead]
    if not follow:
        return hand
    if trump == ALL_TRUMPS:
        return (follow & TRUMPS_ABOVE[master]) or follow
    return follow


def illegal_reason(
    hand: int, trick: Sequence[int], trump: int, c: int, ruleset: Ruleset
) -> Reason | None:
    """Why playing ``c`` would break a rule, or None when it is legal."""
    if not hand >> c & 1:
        return Reason.NOT_IN_HAND
    if legal_mask(hand, trick, trump, ruleset) >> c & 1:
        return None
    lead = trick[0] >> 3
    if hand & PLAIN_MASKS[lead]:
        # Holding the led plain: either did not follow, or did not climb on a flooded lead.
        return Reason.MUST_RAISE if c >> 3 == lead else Reason.MUST_FOLLOW
    master = trick[master_index(trick, trump)]
    if master >> 3 != trump:
        return Reason.MUST_TRUMP
    if hand & PLAIN_MASKS[trump] & TRUMPS_ABOVE[master]:
        return Reason.MUST_OVERTRUMP
    return Reason.MUST_UNDERTRUMP
