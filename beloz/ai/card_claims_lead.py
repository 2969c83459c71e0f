"""The lead concepts that read what a teacher reads before leading: a card an opponent has
shown (his announcement, the turned card he took) that would take the lead, the card led
from under the seat's own master of its plain, and the takers' flooded cards drawn before
a master of another plain is cashed.

Teacher set L: "don't lead your flooded lion: the opponent before you showed his carré of
crocodiles" (classique-4467), "the crocodile led loses to any South leopard, elephant or
rhinoceros still out, and your lion is left alone" (beloz-2692), "lead the rhinoceros or
water snake and whoever holds the leopard wins cheaply" (beloz-4763).  The hints said only
what the best card is ("it gives nothing away").

``shown_above`` and ``between_theirs`` find the facts (for ``concepts``); the claims below
are the predicates their sentences state, over (view, best card, ``Why``), from the seat's
view only: an announcement's cards are known once shown, the turned card is the taker's
until he plays it.  No pygame here.
"""

from __future__ import annotations

from beloz.reasons import Why
from beloz.rules.cards import NO_TRUMPS, PLAIN_MASKS, plain_of
from beloz.rules.state import SeatView

from .card_facts import (
    _after_seats,
    _flooded,
    _flooded_out,
    _know,
    _opponents,
    _other,
    _out,
    _pts,
    _their_may,
    _top_left,
    _trump,
    shown_cards,
)
from .explain import _cards
from .tables import ABOVE, KEY, TRUMPS

#: How the seat knows an opponent holds a card: the suffix of the sentence's key.
SHOWN, TURNED = "shown", "turned"


def shown_by(v: SeatView, seat: int, x: int) -> str | None:
    """How the seat knows that ``seat`` holds the unplayed card ``x``: he showed it in an
    announcement (``SHOWN``), or he took the turned card (``TURNED``); None."""
    if v.played >> x & 1 or v.hand >> x & 1:
        return None
    if any(d.cards is not None and d.cards >> x & 1 for d in v.declared[seat]):
        return SHOWN
    if seat == v.taker and x == v.turned:
        return TURNED
    return None


def shown_above(v: SeatView, o: int) -> tuple[int, int, str] | None:
    """The strongest card of ``o``'s plain above it that an opponent is known to hold (shown
    or turned): (card, seat, how), or None."""
    t = _trump(v)
    found = [(x, s, how) for s in _opponents(v) for x in _cards(ABOVE[t][o])
             if (how := shown_by(v, s, x)) is not None]
    return max(found, key=lambda f: KEY[t][f[0]]) if found else None


def own_master(v: SeatView, c: int) -> int | None:
    """The seat's own card that is the strongest unplayed card of ``c``'s plain, above
    ``c``; None."""
    t = _trump(v)
    top = [m for m in _cards(v.hand & PLAIN_MASKS[plain_of(c)] & ABOVE[t][c])
           if _top_left(v, m)]
    return top[0] if top else None


def between_theirs(v: SeatView, c: int, m: int) -> list[int]:
    """The cards still out between ``c`` and the seat's master ``m`` of its plain that an
    opponent may hold (inferences), strongest first."""
    t = _trump(v)
    between = ABOVE[t][c] & ~ABOVE[t][m] & ~(1 << m) & _out(v) & _their_may(v)
    return sorted(_cards(between), key=lambda x: -KEY[t][x])


# -- claims: (view, best, why) -> bool; why.cards = (best, other, ...) ----------------------


def other_richer(v: SeatView, a: int, w: Why) -> bool:
    """The other card is worth more points than the best."""
    return _pts(v, _other(w)) > _pts(v, a)


def third_shown_above_other(v: SeatView, a: int, w: Why) -> bool:
    """``cards[2]``, of the other card's plain and above it, is held by the opponent
    ``seat`` (relative), known as the key says: shown in his announcement, or the turned
    card he took."""
    if len(w.cards) < 3 or w.seat is None or w.seat % 2 == 0:
        return False
    o, x = _other(w), w.cards[2]
    how = shown_by(v, (v.seat + w.seat) % 4, x)
    return (how is not None and w.key == f"vs.lead_{how}" and plain_of(x) == plain_of(o)
            and bool(ABOVE[_trump(v)][o] >> x & 1))


def partner_not_above_third(v: SeatView, a: int, w: Why) -> bool:
    """The partner can hold no card of its plain above ``cards[2]``: nothing of the seat's
    team stops it (inferences)."""
    x = w.cards[2] if len(w.cards) > 2 else -1
    return 0 <= x < 32 and not _know(v).may[v.seat ^ 2] & ABOVE[_trump(v)][x]


def best_not_shown_beaten(v: SeatView, a: int, w: Why) -> bool:
    """No card an opponent is known to hold (shown or turned) is above the best card in
    its plain: the same danger does not meet the best."""
    return shown_above(v, a) is None


def other_dry_or_no_trumps(v: SeatView, a: int, w: Why) -> bool:
    """The other card does not flood in a trump contract (a flooded card led is about
    drawing); the best may: a dry card led from under the master loses this expedition
    whatever the plan (teacher set O, classique-3681: the North water snake under three
    North cards still out, against a crocodile that draws)."""
    return not _flooded(v, _other(w))


def master_above_other(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, master, fourth): the master is the seat's own, the
    strongest unplayed card of the other's plain (``plain``), above the other; the best is
    of another plain."""
    if len(w.cards) != 4:
        return False
    o, m = _other(w), w.cards[2]
    return (own_master(v, o) == m and w.plain == plain_of(o) != plain_of(a))


def counts_between(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards still out between the other card and the master that an
    opponent may hold, at least one; ``cards[3]`` the strongest of them."""
    if len(w.cards) != 4:
        return False
    between = between_theirs(v, _other(w), w.cards[2])
    return bool(between) and w.count == len(between) and w.cards[3] == between[0]


def best_not_led_away(v: SeatView, a: int, w: Why) -> bool:
    """The best card is not itself led from under the seat's master of its plain with a
    card an opponent may hold between them (else the sentence argues against it too)."""
    m = own_master(v, a)
    return m is None or not between_theirs(v, a, m)


def other_cut_matters(v: SeatView, a: int, w: Why) -> bool:
    """Led, the other card loses this expedition to at most one card of its plain an
    opponent may hold: the cut the sentence names is what threatens it (teacher set Y,
    classique-3550: "Kito could intercept your East meerkat", four East cards out above it,
    the meerkat lost in every deal whatever he holds)."""
    o, t = _other(w), _trump(v)
    return (ABOVE[t][o] & PLAIN_MASKS[plain_of(o)] & _out(v) & _their_may(v)).bit_count() <= 1


def flooded_theirs(v: SeatView) -> int:
    """The flooded cards still out that an opponent may hold (inferences)."""
    return _flooded_out(v) & _their_may(v)


def team_took(v: SeatView, a: int, w: Why) -> bool:
    """The seat or its partner took: drawing the flooded cards is the takers' plan (a
    defender's flooded lead draws his partner's: ``vs.defend_no_flooded``)."""
    return v.taker is not None and (v.taker - v.seat) % 2 == 0


def best_flooded_other_dry_master(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract; the best card floods; the other is a dry card that no unplayed card
    of its plain beats (the master of its plain), ``plain`` its plain."""
    o = _other(w)
    return (_flooded(v, a) and 0 <= o < 32 and not _flooded(v, o)
            and w.plain == plain_of(o) and _top_left(v, o))


def counts_flooded_theirs(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the flooded cards still out that an opponent may hold, at least one."""
    n = flooded_theirs(v).bit_count()
    return n >= 1 and w.count == n


def partner_shown_third(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card is one the table has seen the partner keep
    (``shown_cards``: the turned card he took, his announcement, his belot)."""
    return len(w.cards) > 2 and bool(shown_cards(v, v.seat ^ 2) >> w.cards[2] & 1)


def third_top_flooded(v: SeatView, a: int, w: Why) -> bool:
    """The third card floods and no unplayed flooded card is above it."""
    return len(w.cards) > 2 and _flooded(v, w.cards[2]) and _top_left(v, w.cards[2])


def third_top_dry(v: SeatView, a: int, w: Why) -> bool:
    """The third card is dry, of ``plain``, and no unplayed card of its plain is above it."""
    x = w.cards[2] if len(w.cards) > 2 else -1
    return (0 <= x < 32 and not _flooded(v, x) and w.plain == plain_of(x)
            and _top_left(v, x))


def seat_draws_all(v: SeatView, a: int, w: Why) -> bool:
    """The seat holds as many flooded cards as ``count`` (those the opponents may hold):
    drawing them is a plan it can carry out (teacher set F, sans-2524: not with a lone
    flooded leopard against seven out)."""
    return (v.hand & TRUMPS[_trump(v)]).bit_count() >= (w.count or 0)


def kept_over_shown(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, x), ``seat`` an opponent who showed ``x`` in an
    announcement, still to play; ``x`` of the best's and other's plain (``plain``), above the
    best, below the other; the other the strongest card of the plain left and the seat's only
    card above ``x`` (watch set I, classique-2626-15: "keep the lion, the only card that
    beats the North leopard of his quarte")."""
    if len(w.cards) != 3 or w.seat is None or w.seat % 2 == 0:
        return False
    t, o, x = _trump(v), _other(w), w.cards[2]
    return (shown_by(v, (v.seat + w.seat) % 4, x) == SHOWN
            and plain_of(x) == plain_of(o) == plain_of(a) == w.plain
            and bool(ABOVE[t][a] >> x & 1) and bool(ABOVE[t][x] >> o & 1) and _top_left(v, o)
            and v.hand & PLAIN_MASKS[plain_of(x)] & ABOVE[t][x] == 1 << o)


def short_of_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract taken by the seat's team, the best dry, the other flooded
    (``plain``), and the seat holds fewer flooded cards than the opponents may (it cannot
    draw them all); ``cards[2]`` the strongest flooded card an opponent may hold above the
    other, ``count`` how many, two or more (one above is the next master's story); the other
    the seat's smallest flooded card and its only one an opponent's may beat ("don't lead the
    small trump": the others are masters, kept)."""
    t, o = _trump(v), _other(w)
    if t >= NO_TRUMPS or len(w.cards) != 3 or w.plain != t:
        return False
    theirs = flooded_theirs(v)
    above = _cards(ABOVE[t][o] & theirs)
    x = w.cards[2]
    return (_flooded(v, o) and not _flooded(v, a) and x in above and w.count == len(above) >= 2
            and team_took(v, a, w) and not v.hand & TRUMPS[t] & ~ABOVE[t][o] & ~(1 << o)
            and not any(ABOVE[t][y] & theirs for y in _cards(v.hand & TRUMPS[t] & ~(1 << o)))
            and not ABOVE[t][x] & sum(1 << y for y in above)
            and (v.hand & TRUMPS[t]).bit_count() < theirs.bit_count())


def drive_cards(v: SeatView, b: int) -> tuple[int, int] | None:
    """(h, x) when exactly one card still out is above ``b`` in its plain, ``x``, an
    opponent may hold it, and the seat holds ``h`` between them: led, ``b`` draws ``x`` or
    wins, and then ``h`` is the strongest card of the plain; a dry ``b`` in a trump contract
    (a flooded one is about drawing).  None otherwise."""
    t = _trump(v)
    if t < NO_TRUMPS and plain_of(b) == t:
        return None
    above = _cards(ABOVE[t][b] & _out(v))
    if len(above) != 1 or not _their_may(v) >> above[0] & 1:
        return None
    x = above[0]
    mine = _cards(v.hand & ABOVE[t][b] & ~ABOVE[t][x] & ~(1 << x))
    return (max(mine, key=lambda c: KEY[t][c]), x) if mine else None


def drives(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, h, x) as ``drive_cards`` finds them for the best, ``plain``
    its plain; the key says whether a flooded card can also take it (a trump contract)."""
    if len(w.cards) != 4 or w.plain != plain_of(a):
        return False
    nt = _trump(v) >= NO_TRUMPS
    return (drive_cards(v, a) == (w.cards[2], w.cards[3])
            and w.key == ("vs.lead_drive_nt" if nt else "vs.lead_drive"))


def other_beaten_more(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards of the other card's plain (``alt_plain``) still out above it,
    two or more."""
    o, t = _other(w), _trump(v)
    n = (ABOVE[t][o] & _out(v) & PLAIN_MASKS[plain_of(o)]).bit_count()
    return w.alt_plain == plain_of(o) and w.count == n >= 2 and o != a


def next_void_best(v: SeatView, a: int, w: Why) -> bool:
    """No card cuts (no trumps or all trumps); ``seat`` (relative) is the opponent who plays
    right after the seat, and he has shown he holds no card of the best card's plain
    (``plain``): he cannot take its lead (teacher set R, bulgare-2068)."""
    if _trump(v) < NO_TRUMPS or v.trick or w.seat is None or w.plain != plain_of(a):
        return False
    s = (v.seat + w.seat) % 4
    full = PLAIN_MASKS[w.plain]
    return s == _after_seats(v)[0] and _know(v).no[s] & full == full


def next_above_other(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, x): the cards of the other card's plain (``alt_plain``,
    not the best's) above it that the opponent ``seat`` may hold number ``count``, ``x``
    the strongest."""
    o, t = _other(w), _trump(v)
    x = w.cards[2] if len(w.cards) > 2 else -1
    if w.seat is None or w.alt_plain != plain_of(o) or plain_of(o) == plain_of(a):
        return False
    above = _cards(_know(v).may[(v.seat + w.seat) % 4] & PLAIN_MASKS[plain_of(o)]
                   & ABOVE[t][o])
    return x in above and w.count == len(above) and not ABOVE[t][x] & sum(
        1 << y for y in above)


def partner_void_above(v: SeatView, o: int) -> list[int]:
    """The cards still out above ``o`` in its plain where the partner can hold none of that
    plain, nor a flooded card to cut it with: all of them the opponents', strongest first
    (teacher set V, beloz-1655: "your partner has no East, so the East lion and rhinoceros
    are both with the opponents")."""
    t = _trump(v)
    full = PLAIN_MASKS[plain_of(o)]
    k = _know(v)
    if k.may[v.seat ^ 2] & full:
        return []
    if t < NO_TRUMPS and plain_of(o) != t and k.may[v.seat ^ 2] & TRUMPS[t]:
        return []  # he may cut it: a plain he has none of is his to intercept (teacher set
        # U, beloz-905: lead West, the partner with no West cuts the leopard put on it)
    return sorted(_cards(ABOVE[t][o] & _out(v)), key=lambda x: -KEY[t][x])


def partner_void_other(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, x): the other card dry, of another plain than the best
    (``alt_plain``); the partner can hold no card of its plain, and ``count`` cards are out
    above it, ``x`` the strongest: all the opponents'."""
    o = _other(w)
    x = w.cards[2] if len(w.cards) > 2 else -1
    above = partner_void_above(v, o)
    return (not _flooded(v, o) and plain_of(o) != plain_of(a) == w.plain
            and w.alt_plain == plain_of(o) and bool(above) and w.count == len(above)
            and above[0] == x)


def partner_may_beat_best(v: SeatView, a: int, w: Why) -> bool:
    """The partner may hold a card of the best card's plain above it, still out."""
    t = _trump(v)
    return bool(_know(v).may[v.seat ^ 2] & PLAIN_MASKS[plain_of(a)] & ABOVE[t][a] & _out(v))


__all__ = ["SHOWN", "TURNED", "drive_cards", "drives", "kept_over_shown", "other_beaten_more",
           "partner_void_above",
           "short_of_flooded",
           "next_above_other", "next_void_best", "partner_shown_third",
           "seat_draws_all", "third_top_dry",
           "third_top_flooded", "best_not_led_away", "best_not_shown_beaten", "between_theirs",
           "best_flooded_other_dry_master", "counts_between", "counts_flooded_theirs",
           "flooded_theirs", "master_above_other", "other_dry_or_no_trumps", "other_richer",
           "own_master", "partner_not_above_third", "shown_above", "shown_by",
           "team_took", "third_shown_above_other"]
