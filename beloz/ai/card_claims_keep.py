"""The concepts of a card kept for a later expedition rather than spent now: the last card
of a plain, which nobody can follow when it is led; the master of a plain kept as the way
back in, which only one opponent can still cut; the big flooded card kept by cutting with
a small one.

Teacher set T: "your East leopard is the last East card: whenever you lead it, nobody can
follow, and only a trump takes it; thrown now it is 10 points for the taker"
(beloz-4385); "your East lion is the master East card and only that opponent can cut it:
an expedition you keep in hand, your way back in later" (sans-1491); "cut with the
meerkat: only the opponent after you can overcut you, and the meerkat then loses nothing,
while it keeps your water snake, lion and leopard for drawing trumps" (sans-1723).  The
hints said "a small edge", what the best card does, or "the card you play does not change
the result".

``candidates`` builds each concept's ``Why`` (for ``concepts``); ``CLAIMS`` are the
predicates its sentence states, over (view, best card, ``Why``), from the seat's view and
its inferences only.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.cards import NO_TRUMPS, PLAIN_MASKS, plain_of
from beloz.rules.state import SeatView

from . import relevance as rel
from .card_claims import (
    best_more_points,
    best_not_top_left,
    best_self_sure,
    following,
    leading,
    other_team_sure,
    other_top_left,
    pair_legal,
)
from .card_claims_plain import best_flooded, other_above_best, other_flooded
from .card_facts import (
    _alike,
    _beaters,
    _can_intercept,
    _flooded,
    _flooded_out,
    _know,
    _master_after,
    _opponents,
    _other,
    _ours_after,
    _out,
    _pts,
    _rel,
    _sure,
    _top_left,
    _trump,
)
from .explain import _beats
from .tables import KEY, TRUMPS

Claim = Callable[[SeatView, int, Why], bool]


def _seat(v: SeatView, w: Why) -> int:
    """The absolute seat of the sentence's ``seat`` (stored relative to the viewer)."""
    return (v.seat + (w.seat or 0)) % 4


def _lone_cutter(v: SeatView) -> int | None:
    """The one opponent who may still hold a flooded card (a trump contract), where the
    other can hold none; None otherwise."""
    if _trump(v) >= NO_TRUMPS:
        return None
    cutters = [s for s in _opponents(v) if _can_intercept(v, s)]
    return cutters[0] if len(cutters) == 1 else None


def _overcutter(v: SeatView, a: int) -> int | None:
    """The one opponent still to play in this expedition who may hold a flooded card that
    beats ``a`` played now; None when none may, or both may."""
    t, k = _trump(v), _know(v)
    lead = plain_of(v.trick[0])
    seats = [s for s in rel.opponents_after(v)
             if any(k.may[s] >> x & 1 and _beats(x, a, lead, t)
                    for x in range(32) if TRUMPS[t] >> x & 1)]
    return seats[0] if len(seats) == 1 else None


def candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """The concepts for ``b`` rather than ``o`` that keep ``o`` for later."""
    t = _trump(v)
    if v.trick and _pts(v, b) > _pts(v, o):
        yield Why("vs.bank_alike", (b, o), plain_of(b), points=_pts(v, b), trump=t)
    if t >= NO_TRUMPS:
        return
    if v.trick and _flooded(v, b) and _flooded(v, o):
        # the best wins for sure and the other, the strongest flooded card left, wins a later
        # expedition for sure: never worse (watch set N, classique-9294-12: "cannot tell your
        # 4 options apart" of the rhinoceros and the crocodile, the crocodile worse in 83
        # deals, better in 4)
        yield Why("vs.keep_top_flooded_sure", (b, o), t, trump=t)
    if v.trick and _pts(v, o) > _pts(v, b):
        yield Why("vs.keep_last", (b, o), plain_of(b), alt_plain=plain_of(o),
                  points=_pts(v, o), trump=t)
    if not v.trick:
        cutter = _lone_cutter(v)
        if cutter is not None:
            yield Why("vs.keep_entry", (b, o), plain_of(b), alt_plain=plain_of(o),
                      seat=_rel(v, cutter), trump=t)
    if v.trick and _flooded(v, b) and _flooded(v, o):
        s = _overcutter(v, b)
        if s is not None:
            yield Why("vs.cut_low", (b, o), plain_of(b), points=_pts(v, o),
                      count=_flooded_out(v).bit_count(), seat=_rel(v, s),
                      trump=t)


# -- the claims ---------------------------------------------------------------------------


def trump_contract(v: SeatView, a: int, w: Why) -> bool:
    return _trump(v) < NO_TRUMPS


def other_last_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """The other card is dry, the seat's only card of its plain, and no card of its plain
    is out: "the last East card still in play", which nobody can follow when it is led."""
    o = _other(w)
    full = PLAIN_MASKS[plain_of(o)]
    return (not _flooded(v, o) and w.alt_plain == plain_of(o)
            and v.hand & full == 1 << o and not _out(v) & full)


def opponents_win_either(v: SeatView, a: int, w: Why) -> bool:
    """The opponents win this expedition whatever the seats still to play hold, with the
    best card or with the other."""
    o = _other(w)
    return all(not _ours_after(v, c) and _sure(v, c) for c in (a, o))


def points_of_other(v: SeatView, a: int, w: Why) -> bool:
    """``points`` are the other card's, more than the best card's."""
    return w.points == _pts(v, _other(w)) > _pts(v, a)


def best_dry_elsewhere(v: SeatView, a: int, w: Why) -> bool:
    """The best card is dry and not of the other card's plain."""
    return not _flooded(v, a) and plain_of(a) != plain_of(_other(w))


def other_master_kept(v: SeatView, a: int, w: Why) -> bool:
    """The other card is dry and the strongest card of its plain left, and the opponent
    named may still hold a card of that plain ("only once he has no East card left")."""
    o = _other(w)
    k = _know(v)
    return (not _flooded(v, o) and _top_left(v, o) and w.alt_plain == plain_of(o)
            and bool(k.may[_seat(v, w)] & PLAIN_MASKS[plain_of(o)] & _out(v)))


def rounds_left(v: SeatView, a: int, w: Why) -> bool:
    """Three cards or more in hand: the master kept is a way back in for an expedition
    still to be led, not the last one (practice, sans annonces 24: two cards left, the
    last expedition's own reasons, ``vs.last_keep``, tell it)."""
    return v.hand.bit_count() >= 3


def lone_cutter_named(v: SeatView, a: int, w: Why) -> bool:
    """The opponent named is the only one who may still hold a flooded card."""
    s = _lone_cutter(v)
    return s is not None and _rel(v, s) == w.seat


def cuts_led_dry(v: SeatView, a: int, w: Why) -> bool:
    """A dry plain was led and the seat has none of it: both cards are flooded, the best
    worth nothing and lower than the other, and the best is master once played."""
    o, t = _other(w), _trump(v)
    lead = plain_of(v.trick[0])
    return (lead != t and not v.hand & PLAIN_MASKS[lead] and _flooded(v, a) and _flooded(v, o)
            and _pts(v, a) == 0 and KEY[t][a] < KEY[t][o]
            and _master_after(v, a)[1] == v.seat)


def only_overcutter_named(v: SeatView, a: int, w: Why) -> bool:
    """The opponent named, still to play, is the only one who may overcut the best card,
    and he may beat the other card too ("then you lose your monkey rather than your water
    snake")."""
    s = _overcutter(v, a)
    return (s is not None and _rel(v, s) == w.seat
            and bool(_beaters(v, _know(v), _other(w), [s])))


def other_big(v: SeatView, a: int, w: Why) -> bool:
    """The other card is worth 10 points or more: its loss to an overcut weighs, where an
    elephant's 4 are a detail beside the expedition the elephant may save (teacher set P,
    beloz-1302: the meerkat and the elephant level, "the monkey out overcuts only the
    meerkat")."""
    return _pts(v, _other(w)) >= 10


def alike_kept(v: SeatView, a: int, w: Why) -> bool:
    """The two cards are of one plain and every card between them has been played: the one
    kept will stand as the other would have (watch set M, bulgare-3537-8: the West leopard
    or elephant, the crocodile, water snake and meerkat down; "the leopard, stronger still,
    stays in your hand", where either kept is second only to the lion, and the leopard
    banked was never worse in 2,000 deals)."""
    return _alike(v, a, _other(w))


def counts_flooded_out(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the flooded cards the seat has not seen, more than none."""
    return w.count == _flooded_out(v).bit_count() > 0


_PAIR: tuple[Claim, ...] = (pair_legal, trump_contract)

CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.bank_alike": (pair_legal, following, best_self_sure, other_team_sure, best_more_points,
                      alike_kept),
    "vs.keep_top_flooded_sure": (*_PAIR, following, best_flooded, other_flooded,
                                 best_self_sure, other_top_left, best_not_top_left,
                                 other_above_best),
    "vs.keep_last": (*_PAIR, following, other_last_of_plain, opponents_win_either,
                     points_of_other),
    "vs.keep_entry": (*_PAIR, leading, rounds_left, best_dry_elsewhere, lone_cutter_named,
                      other_master_kept),
    "vs.cut_low": (*_PAIR, following, cuts_led_dry, only_overcutter_named, other_big,
                   points_of_other, counts_flooded_out),
}

__all__ = ["CLAIMS", "candidates"]
