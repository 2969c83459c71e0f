"""The rule-of-thumb player, and the same rules as a fast policy on masks for rollouts.

Everything here works on plain ints: a hand is a 32-bit mask, a trick the list of cards
played so far in the expedition, ``m`` the position of the master card in it.  The policy
only looks at what its seat may know in the (possibly sampled) deal it plays: its own hand,
the cards played (public) and who took, so a rollout plays like the heuristic player would.

Club rules of thumb it follows:

- Bidding: a point count of the hand for the candidate flooded plain (crocodile and water
  snake count most, dry lions next), the turned card included since the taker receives it.
- Leading: the takers draw trumps while they hold the master trump and opponents may still
  hold some; anyone cashes master dry cards (lions first); otherwise a cheap card, not
  from a plain where a bare leopard would be exposed.
- Following: never take a trick a partner is safely winning (discard or follow low); give
  points (« charger ») to a partner who is safely master; win as cheaply as possible; the
  last player wins with the weakest winning card; the second player plays a sure winner or
  low.  Cutting uses the weakest flooded card that wins.
- Counting: which flooded (and dry) cards are still out decides which cards are masters.
"""

from __future__ import annotations

from collections.abc import Sequence

from beloz.rules.cards import (
    DRY_POINTS,
    DRY_STRENGTH,
    FLOODED_POINTS,
    FLOODED_STRENGTH,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
)
from beloz.rules.state import PASS, TAKE, Phase, SeatView, name_action

from .player import decision_rng

ALL = (1 << 32) - 1

# Per flooded plain t: KEY[t][c] strength in an expedition (flooded 8..15, else 0..7),
# PTS[t][c] card points.
KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(8 + FLOODED_STRENGTH[c & 7] if c >> 3 == t else DRY_STRENGTH[c & 7] for c in range(32))
    for t in range(4)
)
PTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FLOODED_POINTS[c & 7] if c >> 3 == t else DRY_POINTS[c & 7] for c in range(32))
    for t in range(4)
)
# ABOVE[t][c]: the cards of c's plain stronger than c (flooded order if the plain is t).
_DRY_ABOVE = tuple(
    sum(1 << ((c & ~7) + i) for i in range(8) if DRY_STRENGTH[i] > DRY_STRENGTH[c & 7])
    for c in range(32)
)
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMPS_ABOVE[c] if c >> 3 == t else _DRY_ABOVE[c] for c in range(32)) for t in range(4)
)
# Per flooded plain: (KEY, PTS, ABOVE, flooded plain mask), unpacked once per call.
_TABLES = tuple((KEY[t], PTS[t], ABOVE[t], PLAIN_MASKS[t]) for t in range(4))
# Strongest and weakest card offset of an 8-bit slice in flooded order.
_TOP_FLOODED = tuple(
    max((i for i in range(8) if s >> i & 1), key=FLOODED_STRENGTH.__getitem__, default=-1)
    for s in range(256)
)
_LOW_FLOODED = tuple(
    min((i for i in range(8) if s >> i & 1), key=FLOODED_STRENGTH.__getitem__, default=-1)
    for s in range(256)
)
LION_OFF = 7  # number 8
LEOPARD_OFF = 3  # number 4


# Card ids of each 8-bit slice of a mask, per plain: a mask's cards are four lookups.
_SLICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * p + i for i in range(8) if s >> i & 1) for s in range(256)) for p in range(4)
)
_S0, _S1, _S2, _S3 = _SLICES


def _bits(mask: int) -> tuple[int, ...]:
    """The cards of a mask, in id order."""
    return (
        _S0[mask & 255] + _S1[(mask >> 8) & 255] + _S2[(mask >> 16) & 255] + _S3[mask >> 24]
    )


def choose_card(
    hand: int,
    legal: int,
    trick: Sequence[int],
    m: int,
    trump: int,
    played: int,
    taker_team: int,
    team: int,
    is_taker: bool,
) -> int:
    """The heuristic's card.  ``played`` holds every card played so far (this trick's
    included); ``m`` is the master card's position in ``trick``."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    key, pts, above, tmask = _TABLES[trump]
    out = ALL & ~played & ~hand  # cards other seats may hold
    n = len(trick)
    cards = _bits(legal)
    if n == 0:
        return _lead(hand, cards, trump, out, key, pts, above, tmask, taker_team == team, is_taker)
    lead = trick[0] >> 3
    master = trick[m]
    mk = key[master]
    master_trump = master >> 3 == trump
    if n - m == 2:
        # Partner is master: is it safe?
        if n == 3:
            safe = True
        elif master_trump:
            safe = not (out & above[master])
        else:
            safe = not (out & above[master]) and (
                lead == trump or not (out & tmask) or (out & PLAIN_MASKS[lead]).bit_count() >= 2
            )
        if safe:
            # Charge: the richest card that is not a trump (unless only trumps) and not a
            # dry master we could win with later.
            best = cards[0]
            best_v = -1000
            for c in cards:
                v = pts[c] * 4
                if c >> 3 == trump:
                    v -= 60 + key[c]
                elif not (out & above[c]) and c >> 3 != lead and pts[c] >= 10:
                    v -= 30  # a master lion/leopard kept to win its own trick
                v -= key[c] if c >> 3 != trump else 0
                if v > best_v:
                    best_v, best = v, c
            return best
        return _cheapest(cards, trump, key, pts, out, above)
    # An opponent is master.
    winners = []
    for c in cards:
        p = c >> 3
        if (p == trump or p == lead) and key[c] > mk:
            winners.append(c)
    if winners:
        winners.sort(key=key.__getitem__)
        if n == 3:
            return winners[0]
        # Sure winners: beat every card still out that could come after us.
        sure = []
        for c in winners:
            if c >> 3 == trump:
                if not (out & above[c]):
                    sure.append(c)
            elif not (out & above[c]) and (
                not (out & tmask) or (out & PLAIN_MASKS[lead]).bit_count() >= 3
            ):
                sure.append(c)
        if sure:
            return sure[0]
        c0 = winners[0]
        if c0 >> 3 == trump and lead != trump:
            return c0  # cut with the weakest winning trump
        trick_pts = 0
        for x in trick:
            trick_pts += pts[x]
        if n == 2 and (trick_pts >= 10 or lead == trump):
            return winners[-1] if lead != trump else c0
        if lead == trump:
            return c0
    return _cheapest(cards, trump, key, pts, out, above)


def _cheapest(
    cards: tuple[int, ...],
    trump: int,
    key: tuple[int, ...],
    pts: tuple[int, ...],
    out: int,
    above: tuple[int, ...],
) -> int:
    """The card that costs least to give away: few points, not a trump, not a master."""
    best = cards[0]
    best_v = 1 << 30
    for c in cards:
        v = pts[c] * 4 + key[c]
        if c >> 3 == trump:
            v += 40
        elif pts[c] >= 10 and not (out & above[c]):
            v += 30
        if v < best_v:
            best_v, best = v, c
    return best


def _lead(
    hand: int,
    cards: tuple[int, ...],
    trump: int,
    out: int,
    key: tuple[int, ...],
    pts: tuple[int, ...],
    above: tuple[int, ...],
    tmask: int,
    takers: bool,
    is_taker: bool,
) -> int:
    my_trumps = hand & tmask
    out_trumps = out & tmask
    if my_trumps and out_trumps and takers:
        base = trump << 3
        top = base + _TOP_FLOODED[my_trumps >> base & 255]
        if not (out & above[top]):
            return top  # draw trumps with the master trump
        if is_taker and my_trumps.bit_count() >= 3:
            return base + _LOW_FLOODED[my_trumps >> base & 255]
    # Cash a master dry card, where opponents can still follow if possible.
    best = -1
    best_v = -1000
    for c in cards:
        p = c >> 3
        if p == trump or out & above[c]:
            continue
        follow = (out & PLAIN_MASKS[p]).bit_count()
        v = pts[c] + (8 if follow >= 2 else 0) - (10 if out_trumps and follow == 0 else 0)
        if v > best_v:
            best_v, best = v, c
    if best >= 0 and best_v > 0:
        return best
    # Otherwise a cheap card, avoiding exposing a leopard whose lion is still out.
    best = cards[0]
    best_v = 1 << 30
    for c in cards:
        p = c >> 3
        v = pts[c] * 4 + key[c]
        if p == trump:
            v += 60
        else:
            plain = hand & PLAIN_MASKS[p]
            if plain.bit_count() == 1 and pts[c] == 0:
                v -= 3  # a singleton: shows a void soon (to cut later)
            lion = 1 << ((p << 3) + LION_OFF)
            leo = 1 << ((p << 3) + LEOPARD_OFF)
            if plain & leo and out & lion and c != (p << 3) + LEOPARD_OFF:
                v += 12 if plain.bit_count() <= 2 else 0
        if v < best_v:
            best_v, best = v, c
    return best


# -- bidding ------------------------------------------------------------------------------

# Value of holding each number (index number-1) in the flooded plain, and dry.
_TRUMP_VALUE = (1.0, 1.0, 3.5, 2.0, 5.0, 1.2, 1.3, 2.5)
_DRY_VALUE = (0.0, 0.0, 0.0, 0.6, 0.0, 0.2, 0.3, 2.0)


def hand_strength(cards: int, trump: int) -> float:
    """A point count of a (partial) hand with ``trump`` flooded."""
    total = 0.0
    for p in range(4):
        s = (cards >> (8 * p)) & 0xFF
        if not s:
            if p != trump:
                total += 0.7  # a void to cut
            continue
        if p == trump:
            for i in range(8):
                if s >> i & 1:
                    total += _TRUMP_VALUE[i]
        else:
            for i in range(8):
                if s >> i & 1:
                    total += _DRY_VALUE[i]
            if s >> 3 & 1 and s >> 7 & 1:
                total += 0.6  # leopard guarded by the lion
    return total


BID_THRESHOLD = 8.5


def heuristic_bid(hand: int, turned: int, bids: Sequence[int], seat: int, dealer: int,
                  excluded: int = -1, threshold: float = BID_THRESHOLD) -> int:
    """A bid from the 5-card hand and the turned card (which goes to whoever takes)."""
    cards = hand | (1 << turned)
    if len(bids) < 4:
        return TAKE if hand_strength(cards, turned >> 3) >= threshold else PASS
    best, best_v = PASS, threshold + 0.5  # a little more is needed to name a plain
    for p in range(4):
        if p == excluded:
            continue
        v = hand_strength(cards, p)
        if v > best_v:
            best, best_v = name_action(p), v
    return best


class HeuristicPlayer:
    """Rule-of-thumb play; a deterministic function of the view (the seed is unused except
    by subclasses that add noise)."""

    def __init__(self, seed: int = 0, mistakes: float = 0.0) -> None:
        self.seed = seed
        self.mistakes = mistakes

    def bid(self, view: SeatView) -> int:
        legal = view.legal_actions()
        excluded = -1
        if len(view.bids) >= 4 and view.ruleset.second_round_excludes_turned:
            excluded = view.turned >> 3
        b = heuristic_bid(view.hand, view.turned, view.bids, view.seat, view.dealer, excluded)
        return b if b in legal else PASS

    def declare(self, view: SeatView) -> tuple[bool, bool]:
        return (True, True)

    def play(self, view: SeatView) -> int:
        legal_cards = view.legal_actions()
        if len(legal_cards) == 1:
            return legal_cards[0]
        if self.mistakes > 0:
            rng = decision_rng(self.seed, view)
            if rng.random() < self.mistakes:
                return rng.choice(legal_cards)
        return view_card(view)


def view_card(view: SeatView) -> int:
    """The heuristic's card for a seat's view in play."""
    assert view.phase is Phase.PLAY and view.trump is not None and view.taker is not None
    legal = 0
    for c in view.legal_actions():
        legal |= 1 << c
    trick = list(view.trick)
    m = 0
    if trick:
        key = KEY[view.trump]
        lead = trick[0] >> 3
        best = key[trick[0]]
        for i in range(1, len(trick)):
            p = trick[i] >> 3
            if (p == view.trump or p == lead) and key[trick[i]] > best:
                best, m = key[trick[i]], i
    return choose_card(
        view.hand,
        legal,
        trick,
        m,
        view.trump,
        view.played,
        view.taker & 1,
        view.seat & 1,
        view.seat == view.taker,
    )


def rollout(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    played: int,
    taker: int,
    direction: int,
    undertrump: bool,
    partner_raise: bool,
    first_done: bool = False,
) -> tuple[int, int, int, int]:
    """Play the rest of the hand with the heuristic on every seat.  ``hands`` is modified,
    ``trick`` is copied.  With ``first_done`` the last card of ``trick`` has just been
    played (already removed from its hand and added to ``played``): it may complete the
    expedition.  Returns (points team 0, points team 1, team of the last
    expedition, expeditions won by team 0), for the expeditions finished here (the current
    one included)."""
    key = KEY[trump]
    pts = PTS[trump]
    above = ABOVE[trump]
    tmask = PLAIN_MASKS[trump]
    lead_masks = PLAIN_MASKS
    taker_team = taker & 1
    cur = list(trick)
    p0 = p1 = won0 = 0
    last = 0
    # The master card's position m and key mk are kept up to date as cards are added.
    n = len(cur)
    m = mk = lead = 0
    if n:
        lead = cur[0] >> 3
        mk = key[cur[0]]
        for i in range(1, n):
            x = cur[i]
            p = x >> 3
            if (p == trump or p == lead) and key[x] > mk:
                mk, m = key[x], i
    if first_done:
        n -= 1  # the loop below starts by settling the card already played
    while True:
        if first_done:
            first_done = False
            n += 1
        else:
            seat = (leader + direction * n) % 4
            hand = hands[seat]
            if not hand:
                break
            if n == 0:
                legal = hand
            else:
                master = cur[m]
                follow = hand & lead_masks[lead]
                if follow:
                    if lead == trump and (partner_raise or n - m != 2):
                        legal = (follow & above[master]) or follow
                    else:
                        legal = follow
                else:
                    trumps = hand & tmask
                    if n - m == 2 or not trumps:
                        legal = hand
                    elif master >> 3 == trump:
                        legal = (trumps & above[master]) or (trumps if undertrump else hand)
                    else:
                        legal = trumps
            if legal & (legal - 1):
                c = choose_card(
                    hand, legal, cur, m, trump, played, taker_team, seat & 1, seat == taker
                )
            else:
                c = legal.bit_length() - 1
            hands[seat] = hand & ~(1 << c)
            played |= 1 << c
            cur.append(c)
            if n == 0:
                lead = c >> 3
                mk = key[c]
                m = 0
            else:
                p = c >> 3
                if (p == trump or p == lead) and key[c] > mk:
                    mk, m = key[c], n
            n += 1
        if n == 4:
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
            n = 0
    return p0, p1, last, won0
