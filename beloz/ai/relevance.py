"""Claims that keep a sentence relevant, not only true (issue 45, "Relevance").

A sentence can be true and beside the point: "the crocodile is still out" when only the
partner plays after, "the opponents are master: give them nothing" to a seat holding a card
that takes the lead, "your leopard is master in South" to a seat holding the South lion,
"draw them with your monkey" from a seat that cannot draw the taker's flooded cards.  The
claims here are what the explainer's (``explain.CLAIMS``) and the concepts'
(``concepts.CLAIMS``) sentences must also satisfy for the danger, the master card or the
plan they name to be the seat's own:

- a danger names only the seats still to play in this expedition, and only opponents (the
  partner's cards are no danger), from the view's inferences (``view.infer``);
- "give them nothing" and "the least" only when no legal card takes the lead;
- a card is "master" only when the seat holds no stronger card of its plain (else the
  sentence says the stronger one stays in hand);
- "draw them" only by a seat holding the strongest flooded card left.

Each is a pure predicate over (view, action, why), like the claims it joins.  It imports no
sentence module, so ``explain`` and ``concepts`` may both use it.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterator

from beloz.reasons import Why
from beloz.rules.cards import NO_TRUMPS
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from .tables import ABOVE, KEY, PTS, TRUMPS
from .view import Knowledge, infer

ALL = (1 << 32) - 1

#: The last view asked about and its inferences: a sentence's claims ask many times for the
#: same view (kept by identity, as ``card_facts._facts_of``: hashing a view costs more).
_last: list[tuple[SeatView, Knowledge]] = []


def know(v: SeatView) -> Knowledge:
    if not _last or _last[0][0] is not v:
        _last[:] = [(v, infer(v))]
    return _last[0][1]


def _out(v: SeatView) -> int:
    return ALL & ~v.played & ~v.hand


def seats_after(v: SeatView) -> list[int]:
    """The seats still to play in this expedition after the viewing seat."""
    d = v.ruleset.direction
    leader = v.leader if v.trick else v.seat
    return [(leader + d * i) % 4 for i in range(len(v.trick) + 1, 4)]


def opponents_after(v: SeatView) -> list[int]:
    return [s for s in seats_after(v) if (s - v.seat) % 2]


def beats(c: int, m: int, lead: int, trump: int) -> bool:
    """Card ``c`` beats the master ``m`` of an expedition led in plain ``lead``."""
    k = KEY[trump]
    if c >> 3 == m >> 3:
        return k[c] > k[m]
    return trump < NO_TRUMPS and c >> 3 == trump  # a flooded card on a dry master


def master_with(v: SeatView, a: int) -> int:
    """The expedition's master card once ``a`` is played now."""
    assert v.trump is not None
    trick = [*v.trick, a]
    return trick[master_index(trick, v.trump)]


def opponent_beaters(v: SeatView, a: int) -> int:
    """The cards an opponent still to play may hold (inferences) that would beat the master
    card once ``a`` is played."""
    assert v.trump is not None
    m = master_with(v, a)
    lead = (v.trick[0] if v.trick else a) >> 3
    may = 0
    for s in opponents_after(v):
        may |= know(v).may[s]
    return sum(1 << x for x in range(32) if may >> x & 1 and beats(x, m, lead, v.trump))


# -- claims: (view, action, why) -> bool ------------------------------------------------------


def cannot_take_lead(v: SeatView, a: int, w: Why) -> bool:
    """No legal card would be the expedition's master played now: the seat cannot win it,
    so "give them nothing" is its whole choice."""
    assert v.trump is not None
    if not v.trick:
        return False
    m = v.trick[master_index(v.trick, v.trump)]
    lead = v.trick[0] >> 3
    return not any(beats(x, m, lead, v.trump) for x in v.legal_actions())


def partner_cannot_beat(v: SeatView, a: int, w: Why) -> bool:
    """The partner, if he is still to play, may hold no card that beats the expedition's
    master once ``a`` is played: "give them nothing" is not said while he may still win it
    (teacher set E, beloz-3328: he had no North and held the best flooded cards)."""
    assert v.trump is not None
    if v.seat ^ 2 not in seats_after(v):
        return True
    m = master_with(v, a)
    lead = (v.trick[0] if v.trick else a) >> 3
    may = know(v).may[v.seat ^ 2]
    return not any(beats(x, m, lead, v.trump) for x in range(32) if may >> x & 1)


def no_stronger_held(v: SeatView, a: int, w: Why) -> bool:
    """The seat holds no card of ``a``'s plain above it ("your leopard is master" is not
    said beside the seat's own lion)."""
    assert v.trump is not None
    return not ABOVE[v.trump][a] & v.hand


def opponent_after_may_intercept(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, ``a`` dry, and an opponent still to play may hold a flooded card
    (the danger of "only a flooded card can intercept it" is an opponent's)."""
    assert v.trump is not None
    t = v.trump
    if t >= NO_TRUMPS or a >> 3 == t:
        return False
    return any(know(v).may[s] & TRUMPS[t] for s in opponents_after(v))


def opponent_may_hold_third(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card (the one "still out") may be held by an opponent still to
    play: the danger it names is real in this expedition."""
    if len(w.cards) < 3:
        return False
    x = w.cards[2]
    return any(know(v).may[s] >> x & 1 for s in opponents_after(v))


def opponent_may_hold_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, and an opponent may still hold a flooded card: "draw the flooded
    cards" draws theirs, not only the partner's."""
    assert v.trump is not None
    t = v.trump
    return t < NO_TRUMPS and any(know(v).may[s] & TRUMPS[t] for s in (v.seat ^ 1, v.seat ^ 3))


def counts_opponents_flooded(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the flooded cards still out that an opponent may hold, one at least."""
    assert v.trump is not None
    t = v.trump
    if t >= NO_TRUMPS:
        return False
    k = know(v)
    theirs = (k.may[v.seat ^ 1] | k.may[v.seat ^ 3]) & TRUMPS[t] & ~v.hand & ~v.played
    return w.count == theirs.bit_count() > 0


def lone_flooded_under(v: SeatView, a: int, w: Why) -> bool:
    """A defender's only flooded card, ``a``, with ``count`` flooded cards still out above
    it (one at least): kept alone, it can fall under one of them when they are drawn."""
    assert v.trump is not None
    t = v.trump
    if t >= NO_TRUMPS or v.taker is None or (v.taker - v.seat) % 2 == 0:
        return False
    if v.hand & TRUMPS[t] != 1 << a:
        return False
    above = ABOVE[t][a] & ~v.hand & ~v.played
    return w.count == above.bit_count() > 0


def no_opponent_beats(v: SeatView, a: int, w: Why) -> bool:
    """Once ``a`` is played it is master, and no opponent still to play may hold a card that
    beats it: the seat's team wins this expedition (only the partner could still take it)."""
    return master_with(v, a) == a and not opponent_beaters(v, a)


def partner_safe(v: SeatView, a: int, w: Why) -> bool:
    """Once ``a`` is played the partner's card stays master whatever the opponents still to
    play hold: "give him the points" is not said of an expedition they may still take
    (teacher set G, classique-2160)."""
    return not opponent_beaters(v, a)


def partner_unsafe(v: SeatView, a: int, w: Why) -> bool:
    """Once ``a`` is played an opponent still to play may hold a card that beats the
    partner's: "your card leaves him the expedition" read as his for sure (watch set N,
    beloz-9293-19: the opponent who plays last beats the partner's South water snake in all
    50 layouts) says "for now"."""
    return not partner_safe(v, a, w)


def richest_legal(v: SeatView, a: int, w: Why) -> bool:
    """No legal card is worth more points than ``a``: "give him its points" of a card while
    another would give more argues for the other (set G, classique-2160)."""
    assert v.trump is not None
    pts = PTS[v.trump]
    return all(pts[x] <= pts[a] for x in v.legal_actions())


def holds_a_flooded_card(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, and the seat holds a flooded card: only then is a void worth making
    ("it is your only North card" to a seat without one: set G, beloz-2108)."""
    assert v.trump is not None
    return v.trump < NO_TRUMPS and bool(v.hand & TRUMPS[v.trump])


def names_stronger_held(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's second card is the seat's strongest card of ``a``'s plain above it."""
    t = v.trump
    assert t is not None
    held = ABOVE[t][a] & v.hand
    if len(w.cards) < 2 or not held:
        return False
    return w.cards[1] == max((x for x in range(32) if held >> x & 1), key=lambda x: KEY[t][x])


def holds_top_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, and the seat holds the strongest flooded card not yet played: it
    can draw the others' flooded cards (a seat without it only feeds the holder's)."""
    assert v.trump is not None
    t = v.trump
    if t >= NO_TRUMPS:
        return False
    left = TRUMPS[t] & ~v.played
    if not left & v.hand:
        return False
    top = max((x for x in range(32) if left >> x & 1), key=lambda x: KEY[t][x])
    return bool(v.hand >> top & 1)


def counts_opponents_above(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards an opponent still to play may hold that would beat ``a``, at
    least one, and fewer than would beat the other card (``cards[1]``)."""
    if len(w.cards) < 2:
        return False
    n = opponent_beaters(v, a).bit_count()
    return w.count == n > 0 and n < opponent_beaters(v, w.cards[1]).bit_count()


def opponent_may_hold_fourth(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's fourth card (the one that "may beat both") may be held by an opponent
    still to play."""
    if len(w.cards) < 4:
        return False
    x = w.cards[3]
    return bool(_out(v) >> x & 1) and any(know(v).may[s] >> x & 1 for s in opponents_after(v))


def mastery(c: int, p: int, hand: int, trump: int, keys: tuple[str, ...] = (
        "master", "master_kept", "master_unless", "master_team")) -> Iterator[Why]:
    """The explainer's candidates of a card that takes the lead (``explain._card_reasons``),
    in the order of ``keys``: "master_kept" names the seat's strongest card of the plain
    above ``c`` (its own stronger card is said, not hidden behind "master")."""
    held = ABOVE[trump][c] & hand
    top = (max((x for x in range(32) if held >> x & 1), key=lambda x: KEY[trump][x]),
           ) if held else ()
    for key in keys:
        yield Why(key, (c, *top) if key == "master_kept" else (c,), p, trump=trump)


__all__ = [
    "beats", "cannot_take_lead", "counts_opponents_above", "holds_top_flooded", "know",
    "mastery", "names_stronger_held", "no_opponent_beats", "no_stronger_held",
    "opponent_after_may_intercept", "opponent_beaters", "opponent_may_hold_flooded",
    "opponent_may_hold_fourth", "opponent_may_hold_third", "opponents_after", "partner_safe",
    "partner_unsafe", "seats_after",
]
