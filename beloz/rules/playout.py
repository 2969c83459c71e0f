"""The fast play-out path: the rest of a hand's play on plain ints, no undo, no objects.

It applies exactly the rules of ``tricks.legal_mask`` (a test plays both side by side) and
is what search rollouts and the throughput benchmark use.  Announcements and BeloZ are
settled by the caller, who knows who declared what.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    NO_TRUMPS,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
    cards_of,
)
from .ruleset import Ruleset
from .tricks import KEYS

# Cards and seats are decoded by hand in this module's loops (``c >> 3`` a card's plain,
# ``s & 1`` a seat's team; ``cards.plain_of`` / ``team_of`` elsewhere): a call per card
# would slow the play-outs.

# Per card order: key[trump][card] = strength in an expedition (flooded-plain cards 8..15,
# others 0..7 and only count when of the led plain).
_KEY = KEYS
mask_list = cards_of


Policy = Callable[[int, int, list[int], int], int]
"""``policy(seat, legal_mask, trick, master_pos) -> card``: chooses a card to play."""


def playout(
    hands: list[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    ruleset: Ruleset,
    choose: Policy,
) -> tuple[int, int, int, int]:
    """Play the hand to its end from ``trick`` (cards already played in the current
    expedition, led by ``leader``).  ``hands`` is modified.  Returns
    ``(points team 0, points team 1, team of the last expedition, expeditions won by
    team 0)`` for the expeditions played here, the current one included.  ``trump`` is the
    card order: a flooded plain, ``NO_TRUMPS`` or ``ALL_TRUMPS``."""
    if trump >= NO_TRUMPS:
        return _playout_without_trump_plain(hands, trump, leader, trick, ruleset, choose)
    direction = ruleset.direction
    undertrump = ruleset.undertrump_required
    partner_raise = ruleset.must_overtrump_partner_on_trump_lead
    key = _KEY[trump]
    pts = CARD_POINTS[trump]
    trump_mask = PLAIN_MASKS[trump]
    p0 = p1 = won0 = 0
    last = 0
    cur = list(trick)
    # The master so far of the expedition in progress, kept as cards arrive.
    m = best = lead = 0
    if cur:
        lead = cur[0] >> 3
        best = key[cur[0]]
        for i in range(1, len(cur)):
            c = cur[i]
            if (c >> 3 == trump or c >> 3 == lead) and key[c] > best:
                best, m = key[c], i
    while True:
        n = len(cur)
        seat = (leader + direction * n) % 4
        hand = hands[seat]
        if not hand:
            break
        if n == 0:
            legal = hand
        else:
            master = cur[m]
            follow = hand & PLAIN_MASKS[lead]
            if follow:
                if lead == trump and (partner_raise or n - m != 2):
                    legal = (follow & TRUMPS_ABOVE[master]) or follow
                else:
                    legal = follow
            else:
                trumps = hand & trump_mask
                if n - m == 2 or not trumps:
                    legal = hand
                elif master >> 3 == trump:
                    legal = (trumps & TRUMPS_ABOVE[master]) or (trumps if undertrump else hand)
                else:
                    legal = trumps
        c = choose(seat, legal, cur, m)
        hands[seat] = hand & ~(1 << c)
        cur.append(c)
        if n == 0:
            lead = c >> 3
            best = key[c]
            m = 0
            continue
        p = c >> 3
        if (p == trump or p == lead) and key[c] > best:
            best, m = key[c], n
        if n == 3:
            winner = (leader + direction * m) % 4
            total = pts[cur[0]] + pts[cur[1]] + pts[cur[2]] + pts[cur[3]]
            if winner & 1:
                p1 += total
            else:
                p0 += total
                won0 += 1
            last = winner & 1
            leader = winner
            cur = []
    return p0, p1, last, won0


def _playout_without_trump_plain(
    hands: list[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    ruleset: Ruleset,
    choose: Policy,
) -> tuple[int, int, int, int]:
    """``playout`` in no-trumps (only follow) or all-trumps (follow and climb): only cards of
    the led plain can win."""
    direction = ruleset.direction
    climb = trump == ALL_TRUMPS
    key = _KEY[trump]
    pts = CARD_POINTS[trump]
    p0 = p1 = won0 = 0
    last = 0
    cur = list(trick)
    m = best = lead = 0
    if cur:
        lead = cur[0] >> 3
        best = key[cur[0]]
        for i in range(1, len(cur)):
            c = cur[i]
            if c >> 3 == lead and key[c] > best:
                best, m = key[c], i
    while True:
        n = len(cur)
        seat = (leader + direction * n) % 4
        hand = hands[seat]
        if not hand:
            break
        if n == 0:
            legal = hand
        else:
            follow = hand & PLAIN_MASKS[lead]
            if not follow:
                legal = hand
            elif climb:
                legal = (follow & TRUMPS_ABOVE[cur[m]]) or follow
            else:
                legal = follow
        c = choose(seat, legal, cur, m)
        hands[seat] = hand & ~(1 << c)
        cur.append(c)
        if n == 0:
            lead = c >> 3
            best = key[c]
            m = 0
            continue
        if c >> 3 == lead and key[c] > best:
            best, m = key[c], n
        if n == 3:
            winner = (leader + direction * m) % 4
            total = pts[cur[0]] + pts[cur[1]] + pts[cur[2]] + pts[cur[3]]
            if winner & 1:
                p1 += total
            else:
                p0 += total
                won0 += 1
            last = winner & 1
            leader = winner
            cur = []
    return p0, p1, last, won0


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random legal play."""
    rand = rng.random

    def choose(seat: int, legal: int, trick: list[int], master_pos: int) -> int:
        # Drop a uniformly drawn number of low bits, then take the lowest one left.
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return (legal & -legal).bit_length() - 1

    return choose
