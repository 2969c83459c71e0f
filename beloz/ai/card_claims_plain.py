"""The claims of the card concepts about the plains: the flooded cards still out and who may
hold them, voids, the lead, the seat's lone and guarded cards, the last expedition.

Split from ``card_claims`` (which keeps the claims about the expedition on the table and the
table of claims by key, ``CARD_CLAIMS``); each is a predicate over (view, best card, ``Why``)
read from the seat's view with its inferences.  No pygame here.
"""

from __future__ import annotations

from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CROCODILE,
    NO_TRUMPS,
    PLAIN_MASKS,
    WATER_SNAKE,
    card,
    plain_of,
)
from beloz.rules.questions import belot_lost_by, belot_mate
from beloz.rules.state import SeatView

from .card_facts import (
    _after_seats,
    _alike,
    _beaters,
    _can_intercept,
    _flooded,
    _flooded_out,
    _holders,
    _know,
    _master_after,
    _opponents,
    _other,
    _ours_after,
    _out,
    _pts,
    _their_may,
    _top_left,
    _trump,
    _void_cutter,
    last_points,
    shown_flooded,
)
from .explain import _beats, _cards
from .settled import settled_now
from .tables import ABOVE, CLIMB, KEY, TRUMPS


def no_flooded_with_opponents(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract; neither opponent can hold a flooded card (inferences)."""
    return _trump(v) < NO_TRUMPS and not any(_can_intercept(v, s) for s in _opponents(v))


def flooded_out_with_partner(v: SeatView, a: int, w: Why) -> bool:
    """Flooded cards are still out, and only the partner can hold them."""
    out = _flooded_out(v)
    return bool(out) and _holders(v, out) == [v.seat ^ 2]


def no_flooded_out(v: SeatView, a: int, w: Why) -> bool:
    return _trump(v) < NO_TRUMPS and not _flooded_out(v)


def other_flooded(v: SeatView, a: int, w: Why) -> bool:
    return _flooded(v, _other(w))


def best_flooded(v: SeatView, a: int, w: Why) -> bool:
    return _flooded(v, a)


def best_dry(v: SeatView, a: int, w: Why) -> bool:
    return _trump(v) < NO_TRUMPS and not _flooded(v, a)


def other_dry(v: SeatView, a: int, w: Why) -> bool:
    return _trump(v) < NO_TRUMPS and not _flooded(v, _other(w))


def counts_flooded_out(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the flooded cards still out (neither held nor played), at least one."""
    return w.count == _flooded_out(v).bit_count() > 0


def opponent_may_intercept(v: SeatView, a: int, w: Why) -> bool:
    """An opponent may hold a flooded card."""
    return any(_can_intercept(v, s) for s in _opponents(v))


def flooded_all_with_seat(v: SeatView, a: int, w: Why) -> bool:
    """Every flooded card still out can only be with the seat named (``seat``, relative),
    an opponent."""
    if w.seat is None or w.seat % 2 == 0:
        return False
    return _holders(v, _flooded_out(v)) == [(v.seat + w.seat) % 4]


def opponents_void_in_plain(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` is the best card's, and neither opponent can hold a card of it nor
    (a trump contract, another plain) a flooded card."""
    if w.plain != plain_of(a):
        return False
    k = _know(v)
    t = _trump(v)
    mask = PLAIN_MASKS[w.plain]
    if t < NO_TRUMPS and w.plain != t:
        mask |= TRUMPS[t]
    return not any(k.may[s] & mask for s in _opponents(v))


def other_plain_differs(v: SeatView, a: int, w: Why) -> bool:
    return plain_of(_other(w)) != plain_of(a)


def capot_alive(v: SeatView, a: int, w: Why) -> bool:
    """``count`` 1: the seat's team has won every expedition so far (at least one), so the
    capot is still possible; 0: it has not."""
    won = [t.winner for t in v.tricks]
    alive = bool(won) and all((s - v.seat) % 2 == 0 for s in won)
    return w.count == (1 if alive else 0)


def half_won(v: SeatView, a: int, w: Why) -> bool:
    """Four expeditions or more are over: the capot is a live stake, not a first trick's
    (leading a sure winner early, drawing or cashing is the lesson, not the capot)."""
    return len(v.tricks) >= 4


def belot_kept(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, mate), ``plain`` the other's: discarded now, the other
    would lose the belot it makes with its mate, still in the seat's hand; the best loses
    none."""
    if len(w.cards) != 3:
        return False
    o = _other(w)
    return (w.cards[2] == belot_mate(o) != o and w.plain == plain_of(o)
            and bool(belot_lost_by(v, o)) and not belot_lost_by(v, a))


def capot_stake(v: SeatView, a: int, w: Why) -> bool:
    """The capot is a stake worth a lesson: four expeditions or more are over (``half_won``),
    or the contract's result is settled whatever is played, so the capot is what is left to
    play for (teacher set J, beloz-5869: three expeditions won, the contract made)."""
    if half_won(v, a, w):
        return True
    settled = settled_now(v)
    return settled is not None and settled.kind is not None


def third_theirs_above_other(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card, of the other card's plain and above it, is still out and an
    opponent may hold it."""
    if len(w.cards) < 3:
        return False
    o, x = _other(w), w.cards[2]
    return (plain_of(x) == plain_of(o) and bool(ABOVE[_trump(v)][o] >> x & 1)
            and bool(_their_may(v) >> x & 1))


def counts_out_above_other(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards of the other card's plain still out above it, one at least, the
    sentence's third card the strongest of them ("3 cards still out are above your
    crocodile, up to the leopard": not one of several named as if alone, teacher set N,
    classique-1776; "still out", not "may be in an opponent's hand": one may have been
    shown, watch set D, bulgare-7576-21)."""
    if len(w.cards) < 3:
        return False
    t = _trump(v)
    out = _cards(ABOVE[t][_other(w)] & _out(v))
    return (w.count == len(out) >= 1
            and w.cards[2] == max(out, key=lambda x: KEY[t][x]))


def next_behind_one_out(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, x): ``x``, still out (in no hand of the seat's, not
    played), is the only unplayed card of the other's plain above it; ``plain`` the other's
    plain; the best is not of it or below the other (the other is what the seat keeps)."""
    if len(w.cards) != 3 or w.plain is None:
        return False
    o, x, t = _other(w), w.cards[2], _trump(v)
    above = ABOVE[t][o] & ~v.played & ~(1 << o)
    return (w.plain == plain_of(o) and above == 1 << x and bool(_out(v) >> x & 1)
            and not (plain_of(a) == plain_of(o) and ABOVE[t][o] >> a & 1))


def kept_not_alike(v: SeatView, a: int, w: Why) -> bool:
    """The best, kept instead, would not do the same: it is not the card of the other's
    plain just below it, every card between them played (kept, either would be second
    only to the card above; teacher set O, classique-3981: "keep your elephant: only the
    water snake is still out above it", as true of the rhinoceros played).  A card of the
    seat's own between them makes the two kept hands differ."""
    o = _other(w)
    return not (ABOVE[_trump(v)][a] >> o & 1 and _alike(v, a, o))


def lead_not_alike(v: SeatView, a: int, w: Why) -> bool:
    """Not a lead of a card as exposed as the one kept: "keep your East leopard, only the
    East lion is out above it" cannot be the reason to lead the South leopard, whose lion
    is out above it just the same (teacher set K, classique-4247).  A lead of a card with a
    card still out above it is the reason only when it is worth fewer points than the card
    kept (the rhinoceros led to draw the lion and keep the leopard: teacher set K,
    beloz-3982)."""
    if v.trick or len(w.cards) < 2:
        return True
    return not (ABOVE[_trump(v)][a] & _out(v)) or _pts(v, a) < _pts(v, _other(w))


def capot_in_play(v: SeatView, a: int, w: Why) -> bool:
    """The capot the sentence names can still be won or lost by this choice in a deal that
    fits the view (``thresholds.capot_at_stake``)."""
    from .thresholds import capot_at_stake  # (the deals drawn: only once every fact holds)

    return len(w.cards) > 1 and capot_at_stake(v, a, _other(w))


def fourth_next_behind(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, master, x): ``next_behind_one_out`` of (best, other, x)."""
    return len(w.cards) == 4 and next_behind_one_out(
        v, a, Why(w.key, (w.cards[0], w.cards[1], w.cards[3]), w.plain, trump=w.trump))


def capot_theirs(v: SeatView, a: int, w: Why) -> bool:
    """The other team has won every expedition so far (one at least): its capot is still
    possible."""
    return bool(v.tricks) and all((t.winner - v.seat) % 2 == 1 for t in v.tricks)


def plain_dry(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, ``plain`` not the flooded one: a flooded card could intercept it."""
    t = _trump(v)
    return t < NO_TRUMPS and w.plain != t


def other_not_beaten_known(v: SeatView, a: int, w: Why) -> bool:
    """No opponent is known to hold a card of the other card's plain above it: "before they
    can intercept your East monkey" says it would win otherwise (teacher set W, beloz-551:
    the opponent after you declared a quarte that can only be East, above the monkey)."""
    o, k = _other(w), _know(v)
    above = ABOVE[_trump(v)][o] & PLAIN_MASKS[plain_of(o)]
    return not any(k.must[s] & above for s in _opponents(v))


def best_not_cut_known(v: SeatView, a: int, w: Why) -> bool:
    """No opponent is known to have none of the best card's plain while he may hold a flooded
    card: led, it is not theirs to intercept for sure (teacher set W, sans-3883: "no card of
    its plain is above your East monkey" where the taker, who turned the flooded lion, has
    no East left)."""
    return _void_cutter(v, plain_of(a)) is None


def plain_not_interceptable(v: SeatView, a: int, w: Why) -> bool:
    """No card of another plain can beat a ``plain`` lead: no trumps or all trumps."""
    return _trump(v) >= NO_TRUMPS


def plain_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, ``plain`` the flooded one."""
    return _trump(v) < NO_TRUMPS and w.plain == _trump(v)


def count_is_points(v: SeatView, a: int, w: Why) -> bool:
    return w.count == w.points


def guard_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain == plain_of(_other(w))


def seventh(v: SeatView, a: int, w: Why) -> bool:
    """The seventh expedition: the best and the other are the seat's last two cards."""
    return len(v.tricks) == 6 and v.hand == (1 << a) | (1 << _other(w))


def other_wins_last(v: SeatView, a: int, w: Why) -> bool:
    """Led in the last expedition, the other card wins it whatever the others hold: no
    card of its plain above it is out, and (a dry card of a trump contract) no flooded card
    is out."""
    o = _other(w)
    t = _trump(v)
    if ABOVE[t][o] & _out(v):
        return False
    return not (t < NO_TRUMPS and plain_of(o) != t and _flooded_out(v))


def led_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, the plain led floods: a flooded card played on it climbs (the
    explainer's ``led_dry`` the other way)."""
    return bool(v.trick) and _trump(v) < NO_TRUMPS and plain_of(v.trick[0]) == _trump(v)


def last_points_said(v: SeatView, a: int, w: Why) -> bool:
    """``points``: the last expedition's points in this contract (``last_points``)."""
    return w.points == last_points(v)


def third_may_beat_best(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card, of the best card's plain and above it, is still out and an
    opponent may hold it: kept for the last expedition, the best may lose to it."""
    if len(w.cards) < 3:
        return False
    x = w.cards[2]
    return (plain_of(x) == plain_of(a) and bool(ABOVE[_trump(v)][a] >> x & 1)
            and bool(_their_may(v) >> x & 1))


def is_snake_behind_croc(v: SeatView, a: int, w: Why) -> bool:
    """The other card is the water snake of a plain that floods, its crocodile (the third
    card) still out."""
    o = _other(w)
    t = _trump(v)
    p = plain_of(o)
    floods = p == t or t == ALL_TRUMPS
    return (len(w.cards) == 3 and floods and o == card(p, WATER_SNAKE)
            and w.cards[2] == card(p, CROCODILE) and bool(_out(v) >> w.cards[2] & 1))


def partner_led(v: SeatView, a: int, w: Why) -> bool:
    """The partner led this expedition, in ``plain``, a plain that does not flood."""
    t = _trump(v)
    p = w.plain
    return (len(v.trick) == 2 and p is not None and plain_of(v.trick[0]) == p
            and p != t and t != ALL_TRUMPS)


def doubleton_high_low(v: SeatView, a: int, w: Why) -> bool:
    """The best and the other are the seat's only two cards of ``plain``, the best above."""
    if w.plain is None:
        return False
    mine = v.hand & PLAIN_MASKS[w.plain]
    return (mine == (1 << a) | (1 << _other(w))
            and bool(ABOVE[_trump(v)][_other(w)] >> a & 1))


def partner_run_blocked(v: SeatView, a: int, w: Why) -> bool:
    """The partner surely holds (shown in an announcement) another card of ``plain`` that the
    best beats and that no unplayed card beats but the best and the partner's own: a run of
    his that the best, kept, would stop.  Without such a run a high card kept is no block: a
    later expedition it wins is the team's (teacher set M, sans-5350 and classique-3993)."""
    p, t = w.plain, _trump(v)
    if p is None:
        return False
    his = _know(v).must[v.seat ^ 2] & PLAIN_MASKS[p] & ~v.played
    return any(ABOVE[t][x] >> a & 1 and not ABOVE[t][x] & ~v.played & ~(1 << a) & ~his
               for x in range(32) if his >> x & 1)


def guards(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, guarded, higher): the other card and the guarded card are
    the seat's only cards of their plain, the guarded one above the other, a dry card worth 4
    points or more (not in all trumps, where every plain floods);
    ``higher``, still out, is above the guarded card; the best card is of another plain."""
    if len(w.cards) != 4:
        return False
    _, o, g, h = w.cards
    t = _trump(v)
    p = plain_of(o)
    return (v.hand & PLAIN_MASKS[p] == (1 << o) | (1 << g) and plain_of(g) == p and plain_of(a) != p
            and bool(ABOVE[t][o] >> g & 1) and _pts(v, g) >= 4 and not _flooded(v, g)
            and (t != ALL_TRUMPS) and plain_of(h) == p
            and bool(ABOVE[t][g] >> h & 1) and bool(_out(v) >> h & 1))


def names_higher_out(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card is still out and above the other card in its plain."""
    o = _other(w)
    return (len(w.cards) > 2 and bool(_out(v) >> w.cards[2] & 1)
            and bool(ABOVE[_trump(v)][o] >> w.cards[2] & 1))


def forces_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract; ``seat`` (relative), an opponent, can hold no card of the best
    card's plain (``plain``) and may hold a flooded card; the best is the strongest card of
    its plain left, so only a flooded card takes it; ``count``: the flooded cards still out,
    two at most (spending one of them is what the lead gains)."""
    t = _trump(v)
    if t >= NO_TRUMPS or w.seat is None or w.plain != plain_of(a) or w.plain == t:
        return False
    s = (v.seat + w.seat) % 4
    k = _know(v)
    out = (_out(v) & TRUMPS[t]).bit_count()
    return ((s - v.seat) % 2 == 1 and not k.may[s] & PLAIN_MASKS[w.plain]
            and bool(k.may[s] & TRUMPS[t]) and _top_left(v, a) and w.count == out <= 2)


def third_may_take_other(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card, of the other card's plain and above it, is still out and
    an opponent may hold it: the other can be taken without a flooded card."""
    if len(w.cards) < 3:
        return False
    o, x = _other(w), w.cards[2]
    theirs = _their_may(v)
    return (plain_of(x) == plain_of(o) != _trump(v) and bool(ABOVE[_trump(v)][o] >> x & 1)
            and bool(theirs >> x & 1))


def both_masters(v: SeatView, a: int, w: Why) -> bool:
    """Leading in a trump contract: the best and the other, of one dry plain (``plain``), no
    card still out above either, an opponent may hold a flooded card (either can be
    intercepted); ``points`` and ``count`` their points, the best's fewer."""
    o, t = _other(w), _trump(v)
    theirs = _their_may(v)
    return (not v.trick and t < NO_TRUMPS and plain_of(a) == plain_of(o) == w.plain != t
            and not (ABOVE[t][a] | ABOVE[t][o]) & _out(v) and bool(theirs & TRUMPS[t])
            and w.points == _pts(v, a) < _pts(v, o) == w.count)


def best_above_out(v: SeatView, a: int, w: Why) -> bool:
    """No card still out of the best card's plain is above it."""
    return not ABOVE[_trump(v)][a] & _out(v)


def other_above_best(v: SeatView, a: int, w: Why) -> bool:
    """The other card is of the best card's plain and ranks above it."""
    o = _other(w)
    return plain_of(o) == plain_of(a) and KEY[_trump(v)][o] > KEY[_trump(v)][a]


def defending(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract taken by the other team."""
    return _trump(v) < NO_TRUMPS and v.taker is not None and (v.taker - v.seat) % 2 == 1


def partner_may_hold_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A flooded card still out may be in the partner's hand (inferences)."""
    return bool(_flooded_out(v) & _know(v).may[v.seat ^ 2])


def partner_likely_flooded(v: SeatView, a: int, w: Why) -> bool:
    """The partner holds a flooded card in at least half the deals the view allows
    (``holding_share``): "would draw your partner's flooded cards" is what a lead does to
    him, not to a partner who rarely has one."""
    from .card_facts import holding_share

    return holding_share(v, v.seat ^ 2, _flooded_out(v)) >= 0.5


def other_surely_lost(v: SeatView, a: int, w: Why) -> bool:
    """Following, with the other card the opponents are master and the partner, if still
    to play, may hold no card that beats theirs: the other team wins this expedition."""
    o = _other(w)
    if not v.trick:
        return False
    partner = [s for s in _after_seats(v) if s == v.seat ^ 2]
    return not _ours_after(v, o) and not _beaters(v, _know(v), o, partner)


def other_single(v: SeatView, a: int, w: Why) -> bool:
    """The other card is the seat's only card of its plain, ``plain``."""
    o = _other(w)
    return w.plain == plain_of(o) and v.hand & PLAIN_MASKS[plain_of(o)] == 1 << o


def holds_no_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, and the seat holds no flooded card."""
    return _trump(v) < NO_TRUMPS and not v.hand & TRUMPS[_trump(v)]


def counts_best_plain(v: SeatView, a: int, w: Why) -> bool:
    """``alt_plain`` is the best card's plain and ``count`` the seat's cards of it, three
    or more."""
    n = (v.hand & PLAIN_MASKS[plain_of(a)]).bit_count()
    return w.alt_plain == plain_of(a) and w.count == n >= 3


def keeping_matters(v: SeatView, a: int, w: Why) -> bool:
    """Keeping the other card rather than the best changes something: cards of its plain
    are still out (with none left in other hands, the plain's strongest card follows
    nothing and is cut: "the strongest of its plain" is empty), and the two are not of one
    plain, or a card of that plain still out lies above the best (when the best is the next
    card down, whichever is kept is master once the other has fallen)."""
    o, t = _other(w), _trump(v)
    if not _out(v) & PLAIN_MASKS[plain_of(o)]:
        return False
    if t < NO_TRUMPS and plain_of(o) != t:
        # both opponents have none of its plain and one may hold a flooded card: kept, it
        # is cut whenever it is led (watch set E, bulgare-8485-27: "keep your North leopard
        # for a later expedition", the same in all 22 layouts)
        k = _know(v)
        full = PLAIN_MASKS[plain_of(o)]
        if all(k.no[s] & full == full for s in _opponents(v)) and any(
                _can_intercept(v, s) for s in _opponents(v)):
            return False
    return plain_of(a) != plain_of(o) or bool(ABOVE[t][a] & _out(v))


def third_out_above_other(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card is still out, of the other card's plain, beats it led,
    and an opponent may hold it."""
    if len(w.cards) < 3:
        return False
    x, o = w.cards[2], _other(w)
    k = _know(v)
    return (bool(_out(v) >> x & 1) and plain_of(x) == plain_of(o)
            and _beats(x, o, plain_of(o), _trump(v))
            and any(k.may[s] >> x & 1 for s in _opponents(v)))


def neither_flooded(v: SeatView, a: int, w: Why) -> bool:
    return not _flooded(v, a) and not _flooded(v, _other(w))


def best_top_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """No card of the best card's plain still out is above it; ``plain`` is its plain."""
    return w.plain == plain_of(a) and not ABOVE[_trump(v)][a] & _out(v)


def lone_card_plain(v: SeatView, a: int, w: Why) -> bool:
    """``alt_plain``: a plain that does not flood, not the best card's, of which the seat
    holds a single card and an opponent may still hold one: once that card has gone, a
    flooded card intercepts it."""
    p = w.alt_plain
    if p is None or p in (_trump(v), plain_of(a)):  # (the best's own: "vs.lead_single")
        return False
    theirs = _their_may(v)
    return (v.hand & PLAIN_MASKS[p]).bit_count() == 1 and bool(theirs & PLAIN_MASKS[p])


def few_out_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` is the best card's and ``count`` its cards an opponent may still hold
    (inferences: not the cards the partner showed), one to three (four when following it:
    this round takes some of them): the plain goes round only once or twice more before an
    opponent has none."""
    return (w.plain == plain_of(a)
            and w.count == (_their_may(v) & PLAIN_MASKS[plain_of(a)]).bit_count()
            and 1 <= w.count <= (4 if v.trick else 3))


def cut_not_now(v: SeatView, a: int, w: Why) -> bool:
    """Not the last card of the plain an opponent may hold with an opponent still to play in
    this expedition: he holds it or has none and may cut now, whichever card is played, so
    the danger is not "on a later round" (watch set I, bulgare-2629-24)."""
    return not (w.count == 1 and any((s - v.seat) % 2 for s in _after_seats(v)))


def first_round_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` is the best card's, no card of it has been played yet, and ``count`` are
    its cards an opponent may still hold, one to four: its first round, the likeliest to go
    round uncut."""
    p = plain_of(a)
    return (w.plain == p and not v.played & PLAIN_MASKS[p]
            and w.count == (_their_may(v) & PLAIN_MASKS[p]).bit_count() and 1 <= w.count <= 4)


def climb_draws(v: SeatView, a: int, w: Why) -> bool:
    """Leading a card of a plain every follower must climb in (``plain``): the fourth card
    named is the seat's, of that plain, above the best, with no card out between them; the
    third is the strongest card of the plain still out, above the fourth; ``count`` the
    plain's cards out above the fourth, one or two; an opponent may hold the third."""
    if len(w.cards) != 4 or v.trick:
        return False
    t, p = _trump(v), plain_of(a)
    x, h = w.cards[2], w.cards[3]
    above_h = ABOVE[t][h] & _out(v)
    return (w.plain == p and bool(CLIMB[t] >> p & 1) and v.hand >> h & 1 == 1
            and plain_of(h) == plain_of(x) == p and KEY[t][h] > KEY[t][a]
            and above_h >> x & 1 == 1 and not ABOVE[t][x] & _out(v)
            # no card out between the best and the fourth: a follower must climb with one of
            # the cards above the fourth, not with a card between (teacher set M,
            # bulgare-4280: over the rhinoceros the elephant or the leopard would do)
            and not ABOVE[t][a] & ~ABOVE[t][h] & ~(1 << h) & _out(v)
            and w.count == above_h.bit_count() and 1 <= w.count <= 2
            and any(_know(v).may[s] >> x & 1 for s in _opponents(v)))


def partner_cuts_plain(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, ``plain`` the best card's and dry: the partner did not follow it
    earlier (a void the table saw), may still hold a flooded card, and a card of that plain
    still out is above the best (without him it could be lost)."""
    t, p = _trump(v), plain_of(a)
    if t >= NO_TRUMPS or p == t or w.plain != p:
        return False
    k, partner = _know(v), v.seat ^ 2
    return (v.hand_sizes[partner] > 0 and k.no[partner] & PLAIN_MASKS[p] == PLAIN_MASKS[p]
            and bool(k.may[partner] & TRUMPS[t]) and bool(ABOVE[t][a] & _out(v)))


def _holds_third_flooded(v: SeatView, w: Why, seat: int) -> bool:
    """The sentence's third card is the strongest flooded card ``seat`` surely holds, as
    the table saw (``shown_flooded``)."""
    if len(w.cards) < 3:
        return False
    t, known = _trump(v), shown_flooded(v, seat)
    x = w.cards[2]
    return bool(known >> x & 1) and not any(
        KEY[t][y] > KEY[t][x] for y in range(32) if known >> y & 1)


def partner_holds_third_flooded(v: SeatView, a: int, w: Why) -> bool:
    """The partner: ``_holds_third_flooded``."""
    return _holds_third_flooded(v, w, v.seat ^ 2)


def seat_holds_third_flooded(v: SeatView, a: int, w: Why) -> bool:
    """The seat named (``seat``, relative): ``_holds_third_flooded``."""
    return w.seat is not None and _holds_third_flooded(v, w, (v.seat + w.seat) % 4)


def other_cut(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract; ``seat`` (relative), an opponent, did not follow the other card's
    dry plain (``alt_plain``) earlier, may hold a flooded card to cut it, and is not known
    to have none of the best card's plain unless the best is flooded."""
    t, o = _trump(v), _other(w)
    if t >= NO_TRUMPS or w.seat is None or w.seat % 2 == 0 or w.alt_plain != plain_of(o):
        return False
    q, s, k = plain_of(o), (v.seat + w.seat) % 4, _know(v)
    full = PLAIN_MASKS[plain_of(a)]
    return (q != t and v.hand_sizes[s] > 0 and k.no[s] & PLAIN_MASKS[q] == PLAIN_MASKS[q]
            and bool(k.may[s] & TRUMPS[t])
            and (plain_of(a) == t or k.no[s] & full != full))


def best_cut_later(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract; the best and the other, dry cards of two plains, are each the
    strongest card of its plain left; ``seat`` (relative), an opponent, has none of the
    best's plain (``plain``) and may hold a flooded card to cut it later, while each
    opponent may still hold a card of the other's plain (kept, the other can win an
    expedition of its own; not only "not shown void": an opponent none of whose cards can
    be of that plain, the rest of it in sight elsewhere, may cut it as well)."""
    t, o = _trump(v), _other(w)
    if t >= NO_TRUMPS or w.seat is None or w.seat % 2 == 0:
        return False
    p, q, k = plain_of(a), plain_of(o), _know(v)
    if p == q or t in (p, q) or w.plain != p or not (_top_left(v, a) and _top_left(v, o)):
        return False

    def void(seat: int, plain: int) -> bool:
        return k.no[seat] & PLAIN_MASKS[plain] == PLAIN_MASKS[plain]

    s = (v.seat + w.seat) % 4
    return (v.hand_sizes[s] > 0 and void(s, p) and bool(k.may[s] & TRUMPS[t])
            and all(k.may[x] & PLAIN_MASKS[q] for x in _opponents(v)))


def other_plain_elsewhere(v: SeatView, a: int, w: Why) -> bool:
    """The other card is of another plain than the best (which plain to lead)."""
    return plain_of(_other(w)) != plain_of(a)


def opponents_may_follow(v: SeatView, a: int, w: Why) -> bool:
    """Each opponent may still hold a card of ``plain`` (none is known to have run out:
    "an opponent may soon have none left" is said of a plain they still follow)."""
    if w.plain is None:
        return False
    k = _know(v)
    return all(k.may[s] & PLAIN_MASKS[w.plain] for s in _opponents(v))


def other_headed(v: SeatView, a: int, w: Why) -> bool:
    """A card still out of the other card's plain is above it: the other is no master
    card."""
    return bool(ABOVE[_trump(v)][_other(w)] & _out(v))


def both_masters_kept(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract: the best and the other, of one dry plain (``plain``), no card still
    out above either, the best worth as much as the other or more (else "vs.both_masters"
    says the points a cut would take); following, the plain led and either card master."""
    o, t = _other(w), _trump(v)
    if v.trick and (plain_of(v.trick[0]) != w.plain
                    or not _master_after(v, a)[1] == _master_after(v, o)[1] == v.seat):
        return False
    return (t < NO_TRUMPS and plain_of(a) == plain_of(o) == w.plain != t
            and not (ABOVE[t][a] | ABOVE[t][o]) & _out(v) and _pts(v, a) >= _pts(v, o))
