"""The fast play-out path: the rest of a hand's play on plain ints, no undo, no objects.

It applies exactly the rules of ``tricks.legal_mask`` (a test plays both side by side) and
is what search rollouts and the throughput benchmark use.  Announcements and BeloZ are
settled by the caller, who knows who declared what.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import (
    DRY_POINTS,
    DRY_STRENGTH,
    FLOODED_POINTS,
    FLOODED_STRENGTH,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
)
from .ruleset import Ruleset

# Per flooded plain: key[trump][card] = strength in an expedition (flooded cards 8..15,
# others 0..7 and only count when of the led plain); points[trump][card].
_KEY = tuple(
    tuple(8 + FLOODED_STRENGTH[c & 7] if c >> 3 == t else DRY_STRENGTH[c & 7] for c in range(32))
    for t in range(4)
)
_POINTS = tuple(
    tuple(FLOODED_POINTS[c & 7] if c >> 3 == t else DRY_POINTS[c & 7] for c in range(32))
    for t in range(4)
)
# Card ids of every 32-bit mask are computed on demand; this caches the 8-bit slices.
_SLICE_CARDS = tuple(tuple(i for i in range(8) if s >> i & 1) for s in range(256))


def mask_list(mask: int) -> list[int]:
    out: list[int] = []
    for p in range(4):
        s = (mask >> (8 * p)) & 0xFF
        if s:
            base = 8 * p
            out.extend(base + i for i in _SLICE_CARDS[s])
    return out


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
    team 0)`` for the expeditions played here, the current one included."""
    direction = ruleset.direction
    undertrump = ruleset.undertrump_required
    partner_raise = ruleset.must_overtrump_partner_on_trump_lead
    key = _KEY[trump]
    pts = _POINTS[trump]
    trump_mask = PLAIN_MASKS[trump]
    cur = list(trick)
    p0 = p1 = won0 = 0
    last = 0
    while True:
        n = len(cur)
        seat = (leader + direction * n) % 4
        hand = hands[seat]
        if not hand:
            break
        if n == 0:
            legal = hand
            m = 0
        else:
            lead = cur[0] >> 3
            # master position m among cur
            m = 0
            best = key[cur[0]]
            for i in range(1, n):
                c = cur[i]
                p = c >> 3
                if p == trump or p == lead:
                    k = key[c]
                    if k > best:
                        best, m = k, i
            master = cur[m]
            follow = hand & PLAIN_MASKS[lead]
            partner_master = n - m == 2
            if follow:
                if lead == trump and (partner_raise or not partner_master):
                    legal = (follow & TRUMPS_ABOVE[master]) or follow
                else:
                    legal = follow
            else:
                trumps = hand & trump_mask
                if partner_master or not trumps:
                    legal = hand
                elif master >> 3 == trump:
                    legal = (trumps & TRUMPS_ABOVE[master]) or (trumps if undertrump else hand)
                else:
                    legal = trumps
        c = choose(seat, legal, cur, m)
        hands[seat] = hand & ~(1 << c)
        cur.append(c)
        if n == 3:
            lead = cur[0] >> 3
            m = 0
            best = key[cur[0]]
            for i in (1, 2, 3):
                x = cur[i]
                p = x >> 3
                if p == trump or p == lead:
                    k = key[x]
                    if k > best:
                        best, m = k, i
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
        cards = mask_list(legal)
        return cards[int(rand() * len(cards))]

    return choose
