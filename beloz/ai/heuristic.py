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
from typing import NamedTuple

from beloz.rules.cards import (
    ALL_TRUMPS,
    DRY_POINTS,
    DRY_STRENGTH,
    FLOODED_POINTS,
    FLOODED_STRENGTH,
    NO_TRUMPS,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
)
from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import (
    DOUBLE,
    NO_CARD,
    PASS,
    REDOUBLE,
    TAKE,
    Auction,
    Phase,
    SeatView,
    action_contract,
    auction,
    legal_bids,
    name_action,
)

from .base import decision_rng
from .tables import ABOVE, CLIMB, KEY, ORDERS, PTS, TRUMPS

# Cards and seats are decoded by hand in this module's loops (``c >> 3`` a card's plain,
# ``s & 1`` a seat's team; ``cards.plain_of`` / ``team_of`` elsewhere): a call per card
# would slow the rollouts.

ALL = (1 << 32) - 1

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


# Per flooded plain, static parts of the card choices' costs (_follow's cheapest card and
# « charge »), and whether a card is a dry card of 10 points or more.
_COST: tuple[tuple[int, ...], ...] = tuple(
    tuple(PTS[t][c] * 4 + KEY[t][c] + (40 if c >> 3 == t else 0) for c in range(32))
    for t in range(ORDERS)
)
_CHARGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(PTS[t][c] * 4 - KEY[t][c] - (60 if c >> 3 == t else 0) for c in range(32))
    for t in range(ORDERS)
)
_RICH: tuple[tuple[bool, ...], ...] = tuple(
    tuple(c >> 3 != t and PTS[t][c] >= 10 for c in range(32)) for t in range(ORDERS)
)
# The (position, seat) pairs still to play in an expedition:
# _TAILS[direction % 4][leader][cards played].
_TAILS = tuple(
    tuple(
        tuple(tuple((i, (lead + d * i) % 4) for i in range(k, 4)) for k in range(4))
        for lead in range(4)
    )
    for d in range(4)
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
    n = len(trick)
    if n == 0:
        return _lead(hand, trump, (played | hand) ^ ALL, taker_team == team, is_taker)
    pts = PTS[trump]
    trick_pts = 0
    for x in trick:
        trick_pts += pts[x]
    return _follow(
        hand, legal, _bits(legal), trick[0] >> 3, trick[m], n, m, trick_pts, trump, played
    )


def _follow(
    hand: int,
    legal: int,
    cards: tuple[int, ...],
    lead: int,
    master: int,
    n: int,
    m: int,
    trick_pts: int,
    trump: int,
    played: int,
) -> int:
    """The card of the seat at position ``n`` (1 to 3) of the expedition: ``legal`` its legal
    cards (at least two), ``cards`` the same as a tuple, ``lead`` the led plain, ``master``
    the master card, at position ``m``, ``trick_pts`` the points of the cards played in it."""
    out = (played | hand) ^ ALL  # cards other seats may hold
    above = ABOVE[trump]
    if n - m == 2:
        # Partner is master: is it safe?
        if n == 3:
            safe = True
        elif out & above[master]:
            safe = False
        elif master >> 3 == trump:
            safe = True
        else:
            safe = (
                lead == trump
                or not (out & TRUMPS[trump])
                or (out & PLAIN_MASKS[lead]).bit_count() >= 2
            )
        if safe:
            # Charge: the richest card that is not a trump (unless only trumps) and not a
            # dry master we could win with later.
            charge = _CHARGE[trump]
            rich = _RICH[trump]
            best = cards[0]
            best_v = -1000
            for c in cards:
                v = charge[c]
                if rich[c] and c >> 3 != lead and not (out & above[c]):
                    v -= 30  # a master lion/leopard kept to win its own trick
                if v > best_v:
                    best_v, best = v, c
            return best
    else:
        # An opponent is master: the cards that beat it.
        tmask = TRUMPS[trump]
        win = legal & above[master]
        if master & ~7 != trump << 3:
            win |= legal & tmask
        if win:
            key = KEY[trump]
            if n == 3:
                return min(_bits(win), key=key.__getitem__)
            winners = sorted(_bits(win), key=key.__getitem__)
            # Sure winners: beat every card still out that could come after us.
            for c in winners:
                if out & above[c]:
                    continue
                if c >> 3 == trump or (
                    not (out & tmask) or (out & PLAIN_MASKS[lead]).bit_count() >= 3
                ):
                    return c
            c0 = winners[0]
            if lead == trump:
                return c0
            if c0 >> 3 == trump:
                return c0  # cut with the weakest winning trump
            if n == 2 and trick_pts >= 10:
                return winners[-1]
    # The card that costs least to give away: few points, not a trump, not a master.
    cost = _COST[trump]
    rich = _RICH[trump]
    best = cards[0]
    best_v = 1 << 30
    for c in cards:
        v = cost[c]
        if rich[c] and not (out & above[c]):
            v += 30
        if v < best_v:
            best_v, best = v, c
    return best


def _dry_masters(out_slice: int) -> int:
    """Offsets of a dry plain stronger than every card of ``out_slice``."""
    top = max((DRY_STRENGTH[i] for i in range(8) if out_slice >> i & 1), default=-1)
    return sum(1 << i for i in range(8) if DRY_STRENGTH[i] > top)


def _first_best(s: int, value: Sequence[int], sign: int) -> int:
    """The offset of ``s`` with the largest ``sign * value`` (the lowest offset on ties)."""
    best, best_v = -1, 0
    for i in range(8):
        if s >> i & 1 and (best < 0 or sign * value[i] > best_v):
            best, best_v = i, sign * value[i]
    return best


def _dry_cheap_lead(s: int, lion_out: int) -> tuple[int, int]:
    """(cost, offset) of the cheapest lead from a dry plain's slice (see _lead)."""
    n = bin(s).count("1")
    costs = [0] * 8
    for i in range(8):
        v = DRY_POINTS[i] * 4 + DRY_STRENGTH[i]
        if n == 1 and DRY_POINTS[i] == 0:
            v -= 3
        if i != LEOPARD_OFF and s >> LEOPARD_OFF & 1 and lion_out and n <= 2:
            v += 12
        costs[i] = v
    off = _first_best(s, costs, -1)
    return (costs[off] if off >= 0 else 0, off)


# Per 8-bit slice of the other seats' cards: the dry offsets above all of them; per slice of
# one's dry masters, the richest (first on ties); per slice (and lion out or not), the cheapest
# lead of a dry plain; per slice, the cheapest lead of the flooded plain.
_DRY_MASTERS = tuple(_dry_masters(o) for o in range(256))
_DRY_RICHEST = tuple(_first_best(s, DRY_POINTS, 1) for s in range(256))
_DRY_CHEAP_LEAD = tuple(_dry_cheap_lead(x >> 1, x & 1) for x in range(512))
_FLOODED_LEAD_COST = tuple(8 + FLOODED_STRENGTH[i] + FLOODED_POINTS[i] * 4 + 60 for i in range(8))
_FLOODED_CHEAP_LEAD = tuple(
    (_FLOODED_LEAD_COST[o] if o >= 0 else 0, o)
    for o in (_first_best(s, _FLOODED_LEAD_COST, -1) for s in range(256))
)


def _lead(hand: int, trump: int, out: int, takers: bool, is_taker: bool) -> int:
    """The card of the seat that leads the expedition (``hand``: at least two cards)."""
    if trump > 3:
        return _lead_without_trump_plain(hand, trump, out, takers)
    tmask = PLAIN_MASKS[trump]
    my_trumps = hand & tmask
    out_trumps = out & tmask
    base = trump << 3
    if my_trumps and out_trumps and takers:
        top = base + _TOP_FLOODED[my_trumps >> base & 255]
        if not (out & TRUMPS_ABOVE[top]):
            return top  # draw trumps with the master trump
        if is_taker and my_trumps.bit_count() >= 3:
            return base + _LOW_FLOODED[my_trumps >> base & 255]
    # Cash a master dry card (the richest), where opponents can still follow if possible.
    best = -1
    best_v = -1000
    for sh in (0, 8, 16, 24):
        if sh == base:
            continue
        o = out >> sh & 255
        ms = hand >> sh & _DRY_MASTERS[o]
        if ms:
            off = _DRY_RICHEST[ms]
            follow = o.bit_count()
            v = DRY_POINTS[off] + (8 if follow >= 2 else 0) - (
                10 if out_trumps and follow == 0 else 0
            )
            if v > best_v:
                best_v, best = v, sh + off
    if best >= 0 and best_v > 0:
        return best
    # Otherwise a cheap card, avoiding exposing a leopard whose lion is still out.
    best_v = 1 << 30
    for sh in (0, 8, 16, 24):
        s = hand >> sh & 255
        if not s:
            continue
        if sh == base:
            v, off = _FLOODED_CHEAP_LEAD[s]
        else:
            v, off = _DRY_CHEAP_LEAD[s << 1 | (out >> (sh + LION_OFF) & 1)]
        if v < best_v:
            best_v, best = v, sh + off
    return best


def _lead_without_trump_plain(hand: int, trump: int, out: int, takers: bool) -> int:
    """The lead in no-trumps or all-trumps (no plain above the others): cash the richest
    master card (a card no other seat can beat in its plain), preferring plains the others
    still hold (they must follow: in all-trumps every plain draws like trumps, so the
    takers pull their long master plains first); else the cheapest card of the longest
    plain (keep the masters' guards)."""
    above = ABOVE[trump]
    pts = PTS[trump]
    key = KEY[trump]
    best = -1
    best_v = -1000
    for c in _bits(hand):
        if out & above[c]:
            continue
        o = (out & PLAIN_MASKS[c >> 3]).bit_count()
        v = pts[c] + (8 if o >= 2 else 2 if o else -6)
        if trump == ALL_TRUMPS and takers and o:
            v += 6
        if v > best_v:
            best_v, best = v, c
    if best >= 0 and best_v > 0:
        return best
    best_v = 1 << 30
    for c in _bits(hand):
        mine = (hand & PLAIN_MASKS[c >> 3]).bit_count()
        v = pts[c] * 4 + key[c] - 2 * mine
        if mine == 2 and hand & above[c]:
            v += 12  # the guard of a stronger card of its plain
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


# -- the auction (RULES.md §9.3): a point count of the 5-card hand per contract -------------

# No-trumps: lions and leopards (a leopard guarded by its lion or by two more cards), and
# long plains (every card beyond the third of a plain headed by its lion).
_NT_VALUE = (0.0, 0.0, 0.0, 1.4, 0.0, 0.0, 0.2, 2.6)
# All-trumps: crocodiles and water snakes (a water snake guarded by its crocodile), lions.
_AT_VALUE = (0.0, 0.0, 1.6, 0.6, 3.0, 0.1, 0.2, 0.8)
# The count a contract needs from a 5-card hand (trump contracts: ``hand_strength`` without
# the turned card), per contract rank E, W, S, N, NT, AT.
AUCTION_THRESHOLDS = (6.6, 6.6, 6.6, 6.6, 6.2, 7.0)


def contract_strength(cards: int, order: int) -> float:
    """A point count of a (partial) hand for the contract of card order ``order``."""
    if order < 4:
        return hand_strength(cards, order)
    total = 0.0
    for p in range(4):
        s = (cards >> (8 * p)) & 0xFF
        if not s:
            continue
        n = s.bit_count()
        if order == NO_TRUMPS:
            for i in range(8):
                if s >> i & 1:
                    total += _NT_VALUE[i]
            if s >> LEOPARD_OFF & 1 and (s >> LION_OFF & 1 or n >= 3):
                total += 0.8
            if s >> LION_OFF & 1 and n > 3:
                total += 0.8 * (n - 3)
        else:
            for i in range(8):
                if s >> i & 1:
                    total += _AT_VALUE[i]
            if s >> 2 & 1 and (s >> 4 & 1 or n >= 3):
                total += 0.8  # a guarded water snake
            if s >> 4 & 1 and n >= 3:
                total += 0.4 * (n - 2)
    return total


def auction_bid(hand: int, ruleset: Ruleset, bids: Sequence[int], dealer: int,
                margin: float = 0.0) -> int:
    """The heuristic's call: the contract above the last one whose count beats its
    threshold by most (never over the partner's contract); double an opponent's contract
    when the hand counts as much for it as a taker would need, redouble when the own
    contract is doubled and the hand counts 2 more than needed."""
    return auction_call(hand, auction_situation(ruleset, bids, dealer), margin)


AuctionSituation = tuple[Auction, tuple[int, ...], tuple[tuple[int, int, int], ...]]


def auction_situation(ruleset: Ruleset, bids: Sequence[int], dealer: int) -> AuctionSituation:
    """What ``auction_call`` needs of an auction: where it stands, the legal calls, and per
    legal contract (call, card order, rank)."""
    a = auction(ruleset, bids, dealer)
    legal = tuple(legal_bids(ruleset, bids, NO_CARD, dealer))
    contracts = []
    for action in legal:
        c = action_contract(action)
        if c is not None:
            contracts.append((action, c.order, c.rank))
    return a, legal, tuple(contracts)


def auction_call(hand: int, situation: AuctionSituation, margin: float = 0.0) -> int:
    """``auction_bid`` for a precomputed ``auction_situation``."""
    a, legal, contracts = situation
    if not legal:
        return PASS
    seat = a.next_seat
    partner_holds = a.bidder is not None and (a.bidder - seat) % 2 == 0
    best, best_v = PASS, margin
    if not partner_holds:
        for action, order, rank in contracts:
            v = contract_strength(hand, order) - AUCTION_THRESHOLDS[rank]
            if v > best_v:
                best, best_v = action, v
    if best == PASS and a.contract is not None:
        need = AUCTION_THRESHOLDS[a.contract.rank]
        v = contract_strength(hand, a.contract.order)
        if DOUBLE in legal and v >= need + 0.5:
            return DOUBLE
        if REDOUBLE in legal and a.bidder == seat and v >= need + 2.0:
            return REDOUBLE
    return best


class HeuristicPlayer:
    """Rule-of-thumb play; a deterministic function of the view (the seed is unused except
    by subclasses that add noise)."""

    def __init__(self, seed: int = 0, mistakes: float = 0.0) -> None:
        self.seed = seed
        self.mistakes = mistakes

    def bid(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if view.ruleset.bidding is Bidding.AUCTION:
            return auction_bid(view.hand, view.ruleset, view.bids, view.dealer)
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


class PlayRules(NamedTuple):
    """What ``rollout`` plays by beside the cards, fixed for the whole hand: the contract's
    card order (``trump``: a plain, ``NO_TRUMPS`` or ``ALL_TRUMPS``), the taker (the
    heuristic draws trumps for the takers), and the ruleset's direction of play, whether
    a void seat that cannot overtrump must still trump (``undertrump``) and whether one
    must overtrump a partner's master on a trump lead (``partner_raise``).  Built once per
    decision (``of``), not per rollout."""

    trump: int
    taker: int
    direction: int
    undertrump: bool
    partner_raise: bool

    @classmethod
    def of(cls, trump: int, taker: int, ruleset: Ruleset) -> PlayRules:
        """The rules of ``ruleset`` for a contract in card order ``trump`` taken by
        ``taker``."""
        return cls(trump, taker, ruleset.direction, ruleset.undertrump_required,
                   ruleset.must_overtrump_partner_on_trump_lead)


def rollout(
    rules: PlayRules,
    hands: list[int],
    leader: int,
    trick: Sequence[int] = (),
    played: int = 0,
    *,
    first_done: bool = False,
) -> tuple[int, int, int, int]:
    """Play the rest of the hand by ``rules`` with the heuristic on every seat, from the
    position ``hands`` (modified), the expedition's ``leader``, its cards so far ``trick``
    (not modified) and the cards ``played`` before (a mask).  With ``first_done`` the last
    card of ``trick`` has just been played (already removed from its hand and added to
    ``played``): it may complete the expedition.  Returns (points team 0, points team 1,
    team of the last expedition, expeditions won by team 0), for the expeditions finished
    here (the current one included)."""
    # The rules unpacked once into locals: the loop below reads them per card.
    trump, taker, direction, undertrump, partner_raise = rules
    key = KEY[trump]
    pts = PTS[trump]
    above = ABOVE[trump]
    tmask = TRUMPS[trump]
    climb = CLIMB[trump]
    lead_masks = PLAIN_MASKS
    taker_team = taker & 1
    p0 = p1 = won0 = 0
    last = 0
    # The expedition in progress: n cards played, worth tp, led in plain ``lead``; the
    # master card, its key and its position m.
    n = len(trick)
    m = mk = lead = tp = master = 0
    lmask = lsh = 0
    lsl = _S0
    if n:
        master = trick[0]
        lead = master >> 3
        mk = key[master]
        for i in range(n):
            x = trick[i]
            tp += pts[x]
            p = x >> 3
            if (p == trump or p == lead) and key[x] > mk:
                mk, m, master = key[x], i, x
        lmask, lsh, lsl = lead_masks[lead], lead << 3, _SLICES[lead]
    # Without ``first_done`` the trick holds at most 3 cards; with it, the card just played
    # may complete the expedition, which is settled first.
    tails = _TAILS[direction % 4]
    tail = tails[leader][n] if 0 < n < 4 else ()
    if n == 4:
        leader = (leader + direction * m) % 4
        if leader & 1:
            p1 += tp
        else:
            p0 += tp
            won0 += 1
        last = leader & 1
    while True:
        for pos, seat in tail:
            hand = hands[seat]
            follow = hand & lmask
            if follow:
                if climb >> lead & 1 and (partner_raise or pos - m != 2 or not tmask):
                    legal = (follow & above[master]) or follow
                else:
                    legal = follow
            else:
                trumps = hand & tmask
                if pos - m == 2 or not trumps:
                    legal = hand
                elif master >> 3 == trump:
                    legal = (trumps & above[master]) or (trumps if undertrump else hand)
                else:
                    legal = trumps
            if not legal & (legal - 1):
                c = legal.bit_length() - 1
            elif follow:
                c = _follow(hand, legal, lsl[legal >> lsh & 255], lead, master, pos, m, tp, trump,
                            played)
            else:
                c = _follow(hand, legal, _bits(legal), lead, master, pos, m, tp, trump,
                            played)
            if key[c] > mk and (c >> 3 == trump or c >> 3 == lead):
                mk, m, master = key[c], pos, c
            b = 1 << c
            hands[seat] = hand ^ b
            played |= b
            tp += pts[c]
        # The expedition is complete: settle it, and the winner leads the next one.
        if tail:
            leader = (leader + direction * m) % 4
            if leader & 1:
                p1 += tp
            else:
                p0 += tp
                won0 += 1
            last = leader & 1
        hand = hands[leader]
        if not hand:
            break
        if hand & (hand - 1):
            c = _lead(hand, trump, (played | hand) ^ ALL, leader & 1 == taker_team,
                      leader == taker)
        else:
            c = hand.bit_length() - 1
        b = 1 << c
        hands[leader] = hand ^ b
        played |= b
        tp = pts[c]
        master = c
        lead = c >> 3
        lmask, lsh, lsl = lead_masks[lead], lead << 3, _SLICES[lead]
        mk = key[c]
        m = 0
        tail = tails[leader][1]
    return p0, p1, last, won0
