"""The claims of the card concepts: small predicates over (view, best card, ``Why``).

``concepts.versus`` says a concept only when every claim of its sentence holds in the seat's
view (``CARD_CLAIMS``, by key); the claims read the facts of the view with its inferences
(``view.infer``: voids, no flooded card left, cards known held), so a sentence such as
"Kito plays after you and may still hold a card that beats it" is a fact of the view,
never a guess.  The detectors that build the candidate ``Why`` of each concept, the bid
concepts and the entry points are in ``concepts.py``.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from beloz.reasons import Why
from beloz.rules.cards import (
    NO_TRUMPS,
    PLAIN_MASKS,
    cards_of,
    plain_of,
)
from beloz.rules.state import (
    SeatView,
)
from beloz.rules.tricks import master_index

from . import card_claims_lead as lead
from . import relevance as rel
from .card_claims_plain import (
    _other,
    belot_kept,
    best_cut_later,
    best_dry,
    best_flooded,
    best_not_cut_known,
    best_top_of_plain,
    both_masters,
    both_masters_kept,
    capot_alive,
    capot_in_play,
    capot_stake,
    capot_theirs,
    climb_draws,
    count_is_points,
    counts_best_plain,
    counts_flooded_out,
    counts_out_above_other,
    cut_not_now,
    defending,
    doubleton_high_low,
    few_out_of_plain,
    first_round_of_plain,
    flooded_all_with_seat,
    flooded_out_with_partner,
    forces_flooded,
    fourth_next_behind,
    guard_plain,
    guards,
    holds_no_flooded,
    is_snake_behind_croc,
    keeping_matters,
    kept_not_alike,
    last_points_said,
    lead_not_alike,
    led_flooded,
    lone_card_plain,
    names_higher_out,
    neither_flooded,
    next_behind_one_out,
    no_flooded_out,
    no_flooded_with_opponents,
    opponent_may_intercept,
    opponents_may_follow,
    opponents_void_in_plain,
    other_above_best,
    other_cut,
    other_dry,
    other_flooded,
    other_headed,
    other_not_beaten_known,
    other_plain_differs,
    other_plain_elsewhere,
    other_single,
    other_surely_lost,
    other_wins_last,
    partner_cuts_plain,
    partner_holds_third_flooded,
    partner_led,
    partner_likely_flooded,
    partner_may_hold_flooded,
    partner_run_blocked,
    plain_dry,
    plain_flooded,
    plain_not_interceptable,
    seat_holds_third_flooded,
    seventh,
    third_may_beat_best,
    third_may_take_other,
    third_out_above_other,
    third_theirs_above_other,
)
from .card_facts import (
    _after_seats,
    _beaters,
    _flooded,
    _know,
    _legal,
    _master_after,
    _on_table,
    _ours_after,
    _out,
    _partner_winners,
    _partner_wins_sure,
    _pts,
    _self_sure,
    _sure,
    _team_sure,
    _their_may,
    _top_left,
    _trump,
    _unplayed,
    _void_cutter,
)
from .explain import _beats, _lead, led_dry
from .settled import settled_against, settled_now, sure_after
from .tables import ABOVE, TRUMPS

# -- claims: (view, best, why) -> bool; why.cards = (best, other, ...) ----------------------------

Claim = Callable[[SeatView, int, Why], bool]


def pair_legal(v: SeatView, a: int, w: Why) -> bool:
    """The sentence names the best card first and another legal card second."""
    legal = _legal(v)
    return (len(w.cards) >= 2 and w.cards[0] == a and a in legal and _other(w) in legal
            and _other(w) != a)


def leading(v: SeatView, a: int, w: Why) -> bool:
    return not v.trick


def following(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick)


def best_self_sure(v: SeatView, a: int, w: Why) -> bool:
    """The best card wins this expedition whatever the cards still to play."""
    return _self_sure(v, a)


def best_team_sure(v: SeatView, a: int, w: Why) -> bool:
    return _team_sure(v, a)


def best_team_sure_lead(v: SeatView, a: int, w: Why) -> bool:
    """Leading ``a``, the seat's team wins this expedition whatever the others hold, though
    the partner may beat it: no opponent may hold a card that beats it, nor one that beats a
    card the partner may take it with (from his place on)."""
    if v.trick:
        return False
    t, lead, k = _trump(v), plain_of(a), _know(v)
    d = v.ruleset.direction
    opp_after, partner, opp_last = ((v.seat + d * i) % 4 for i in (1, 2, 3))
    if any(_beats(x, a, lead, t) for s in (opp_after, opp_last) for x in cards_of(k.may[s])):
        return False
    mine = [x for x in cards_of(k.may[partner]) if _beats(x, a, lead, t)]
    return bool(mine) and not any(_beats(y, x, lead, t) for x in mine
                                  for y in cards_of(k.may[opp_last]))


def opponent_may_beat_other(v: SeatView, a: int, w: Why) -> bool:
    """Leading the other card instead, an opponent may hold a card that beats it."""
    o, t, k = _other(w), _trump(v), _know(v)
    return not v.trick and any(_beats(x, o, plain_of(o), t) for s in (v.seat ^ 1, v.seat ^ 3)
                               for x in cards_of(k.may[s]))


def other_not_team_sure(v: SeatView, a: int, w: Why) -> bool:
    """With the other card, the other team may still win this expedition."""
    return not _team_sure(v, _other(w))


def other_team_sure(v: SeatView, a: int, w: Why) -> bool:
    """With the other card too, the seat's team wins this expedition whatever the others
    hold."""
    return _team_sure(v, _other(w))


def other_top_left(v: SeatView, a: int, w: Why) -> bool:
    """The other card is the strongest card of its plain left, and the sentence names its
    plain (``plain``)."""
    o = _other(w)
    return _top_left(v, o) and w.plain == plain_of(o)


def best_not_top_left(v: SeatView, a: int, w: Why) -> bool:
    return not _top_left(v, a)


def other_not_winning(v: SeatView, a: int, w: Why) -> bool:
    """Played now, the other card would not be the expedition's master."""
    return _master_after(v, _other(w))[1] != v.seat


def best_not_winning(v: SeatView, a: int, w: Why) -> bool:
    return _master_after(v, a)[1] != v.seat


def partner_master(v: SeatView, a: int, w: Why) -> bool:
    t = _trump(v)
    return bool(v.trick) and len(v.trick) - master_index(v.trick, t) == 2


def opponents_master(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick) and not partner_master(v, a, w)


def names_master(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card is the expedition's master card now."""
    t = _trump(v)
    return (len(w.cards) > 2 and bool(v.trick)
            and w.cards[2] == v.trick[master_index(v.trick, t)])


def partner_unbeatable(v: SeatView, a: int, w: Why) -> bool:
    """The partner's card stays master whatever the seats after this one hold (the best
    card played under it)."""
    return partner_master(v, a, w) and _master_after(v, a)[1] == v.seat ^ 2 and _sure(v, a)


def partner_beatable(v: SeatView, a: int, w: Why) -> bool:
    """The partner is master, and the seat named (``seat``, relative), an opponent still to
    play, may hold a card that beats his card."""
    if not partner_master(v, a, w) or w.seat is None:
        return False
    seat = (v.seat + w.seat) % 4
    return (seat in _after_seats(v) and (seat - v.seat) % 2 == 1
            and bool(_beaters(v, _know(v), a, [seat])))


def best_more_points(v: SeatView, a: int, w: Why) -> bool:
    """``points``: the best card's points, more than the other's."""
    return w.points == _pts(v, a) > _pts(v, _other(w))


def best_not_master_after(v: SeatView, a: int, w: Why) -> bool:
    """Given now, the best card is not one that, kept, would be the strongest of its plain
    once the expedition is over and safe from an opponent's interception: some unplayed
    card of its plain, not in this expedition, is above it, or an opponent has shown none
    of its plain and may still hold a flooded card (teacher set Q, classique-1366: "give him
    the 10 points of the South leopard" on partner's South lion, the leopard then the
    master of South; set J, classique-2335: the South lion given, Juma void in South), or
    the other card heads its plain all the same."""
    if not _top_left(v, a) or _void_cutter(v, plain_of(a)) is not None:
        return True
    # the other card of its plain heads it all the same, with only the seat's own cards above
    # it: giving the best loses no expedition (practice, classique 21: "your crocodile and
    # rhinoceros, kept, are the masters of East all the same")
    o = _other(w)
    rest = ABOVE[_trump(v)][o] & _unplayed(v) & ~(1 << a) & ~(1 << o)
    return plain_of(o) == plain_of(a) and not rest & ~v.hand


def other_not_cut(v: SeatView, a: int, w: Why) -> bool:
    """No opponent has shown none of the other card's plain while he may still hold a
    flooded card: kept, it can win an expedition of its plain (teacher set C, sans-4841:
    "the South elephant has no future: the South leopard is still out and the taker is void
    in South")."""
    return _void_cutter(v, plain_of(_other(w))) is None


def _between_from(v: SeatView, a: int, w: Why, seats: int) -> bool:
    """``cards`` = (best, other, x), ``seat`` the opponent right after the seat, ``seats``
    of them still to play (1: he plays last; 2: the partner after him): the cards of the
    other's plain he may hold that beat the other but not the best number ``count``, ``x``
    the strongest of them."""
    o, t = _other(w), _trump(v)
    after = _after_seats(v)
    if (len(after) != seats or not (after[0] - v.seat) % 2 or w.seat is None
            or (v.seat + w.seat) % 4 != after[0]):
        return False
    between = [x for x in range(32) if _know(v).may[after[0]] >> x & 1
               and plain_of(x) == plain_of(o) and ABOVE[t][o] >> x & 1 and ABOVE[t][x] >> a & 1]
    x = w.cards[2] if len(w.cards) > 2 else -1
    return (x in between and not any(ABOVE[t][x] >> y & 1 for y in between)
            and w.count == len(between) and w.plain == plain_of(o) == plain_of(a))


def between_next(v: SeatView, a: int, w: Why) -> bool:
    """Second to play: ``_between_from`` the opponent right after, the partner last."""
    return _between_from(v, a, w, 2)


def between_after(v: SeatView, a: int, w: Why) -> bool:
    """Third to play: ``_between_from`` the opponent who plays last."""
    return _between_from(v, a, w, 1)


def fewer_points(v: SeatView, a: int, w: Why) -> bool:
    """``points``: how many fewer points the best card is worth than the other, more than
    none."""
    return w.points == _pts(v, _other(w)) - _pts(v, a) > 0


def neither_beats(v: SeatView, a: int, w: Why) -> bool:
    """Neither card would be master played now."""
    return best_not_winning(v, a, w) and other_not_winning(v, a, w)


def other_beats_partner(v: SeatView, a: int, w: Why) -> bool:
    """The other card would take the lead from the partner's card; the best would not."""
    return (_master_after(v, _other(w))[1] == v.seat
            and _master_after(v, a)[1] == v.seat ^ 2)


def best_takes(v: SeatView, a: int, w: Why) -> bool:
    """The best card would be the expedition's master, the other would not."""
    return _master_after(v, a)[1] == v.seat and _master_after(v, _other(w))[1] != v.seat


def covers_partner(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, partner's master, threat): the threat, a card of the led
    plain an opponent still to play may hold, beats the partner's card once the other is
    played; the best, of the led plain and the strongest card of it left, takes the
    expedition over, and no card of the led plain can beat it (``plain``: the led plain)."""
    if len(w.cards) != 4 or not v.trick:
        return False
    _, o, _, x = w.cards
    t = _trump(v)
    lead = plain_of(v.trick[0])
    theirs = _their_may(v, still_to_play=True)
    m_o, _ = _master_after(v, o)
    return (w.plain == lead == plain_of(a) == plain_of(x) and bool(theirs >> x & 1)
            and _beats(x, m_o, lead, t) and _master_after(v, a)[1] == v.seat
            and _top_left(v, a))


def best_top_of_led(v: SeatView, a: int, w: Why) -> bool:
    """Following, the best card is of the led plain and the strongest card of it left
    (``plain``: the led plain): no card of that plain can beat it."""
    return (bool(v.trick) and w.plain == plain_of(v.trick[0]) == plain_of(a)
            and _top_left(v, a))


def best_master_now(v: SeatView, a: int, w: Why) -> bool:
    """Played now, the best card is the expedition's master (for now)."""
    return _master_after(v, a)[1] == v.seat


def opponents_cannot_beat(v: SeatView, a: int, w: Why) -> bool:
    """Once the best card is played, no opponent still to play may hold a card that beats
    it: the lead it takes is the team's for this expedition, not only for now."""
    return not _beaters(v, _know(v), a, list(rel.opponents_after(v)))


def both_take_lead(v: SeatView, a: int, w: Why) -> bool:
    """Played now, either card would be the expedition's master (taking it from the other
    team)."""
    return (opponents_master(v, a, w) and _master_after(v, a)[1] == v.seat
            and _master_after(v, _other(w))[1] == v.seat)


def both_over_partner(v: SeatView, a: int, w: Why) -> bool:
    """The partner is master and either card, played now, would beat his card (the seat
    climbs over him, as the flooded plain obliges)."""
    return (partner_master(v, a, w) and _master_after(v, a)[1] == v.seat
            and _master_after(v, _other(w))[1] == v.seat)


def higher_out_beats_both(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's fourth card is still out and would beat either card, and a seat still
    to play may hold it."""
    if len(w.cards) < 4 or not _out(v) >> w.cards[3] & 1:
        return False
    x = w.cards[3]
    k = _know(v)
    t = _trump(v)
    lead = _lead(v, a)
    return (_beats(x, a, lead, t) and _beats(x, _other(w), lead, t)
            and any(k.may[s] >> x & 1 for s in _after_seats(v)))


def none_between_after(v: SeatView, a: int, w: Why) -> bool:
    """No card still out beats one of the two cards but not the other: they win or lose
    this expedition alike, and only the points differ (watch set H, beloz-8284-15: the
    South rhinoceros or leopard over the crocodile, the last South cards, either cut
    alike)."""
    t, o, out = _trump(v), _other(w), _out(v)
    lead = _lead(v, a)
    return not any(_beats(x, a, lead, t) != _beats(x, o, lead, t)
                   for x in range(32) if out >> x & 1)


def other_not_fewer(v: SeatView, a: int, w: Why) -> bool:
    """The other card is worth at least the best one's points (no points reason here)."""
    return _pts(v, _other(w)) >= _pts(v, a)


def other_has_later(v: SeatView, a: int, w: Why) -> bool:
    """The other card, kept "for later", can still win an expedition of its own: no
    unplayed card of its plain is above it, or (a trump contract) it floods and at most one
    flooded card an opponent may hold is above it.  A card with a
    card still out above it is no keeper: given now, its points are the partner's (teacher
    set M, sans-1812: "your North leopard stays in your hand for later", the North lion
    out)."""
    o = _other(w)
    if _flooded(v, o):  # the next master at worst (set T, beloz-4876: "it can be caught")
        return (ABOVE[_trump(v)][o] & _out(v) & _their_may(v)).bit_count() <= 1
    return _top_left(v, o)


def other_self_sure(v: SeatView, a: int, w: Why) -> bool:
    """The other card would win this expedition too, whatever the others hold."""
    return _self_sure(v, _other(w))


def more_points_by(v: SeatView, a: int, w: Why) -> bool:
    """``points``: how many points more the best card is worth than the other, more than
    none."""
    return w.points == _pts(v, a) - _pts(v, _other(w)) > 0


def best_not_self_sure(v: SeatView, a: int, w: Why) -> bool:
    """Led now, the best card may lose this expedition."""
    return not _self_sure(v, a)


def other_not_self_sure(v: SeatView, a: int, w: Why) -> bool:
    return not _self_sure(v, _other(w))


def best_single(v: SeatView, a: int, w: Why) -> bool:
    """The best card is the seat's only card of its plain, ``plain``."""
    return w.plain == plain_of(a) and v.hand & PLAIN_MASKS[plain_of(a)] == 1 << a


def other_not_single(v: SeatView, a: int, w: Why) -> bool:
    o = _other(w)
    return v.hand & PLAIN_MASKS[plain_of(o)] != 1 << o


def holds_flooded(v: SeatView, a: int, w: Why) -> bool:
    """A trump contract, and the seat holds a flooded card."""
    return _trump(v) < NO_TRUMPS and bool(v.hand & TRUMPS[_trump(v)])


def opponents_sure(v: SeatView, a: int, w: Why) -> bool:
    """Once the best card is played, the opponents' master card cannot be beaten by the
    seats still to play (the partner included)."""
    return not _ours_after(v, a) and _sure(v, a)


def partner_holds_winner(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, x): the partner, still to play, surely holds ``x``, which
    wins this expedition whatever the others hold, played after the best or the other."""
    return (len(w.cards) == 3 and w.cards[2] in _partner_winners(v, a)
            and w.cards[2] in _partner_winners(v, _other(w)))


def partner_not_sure(v: SeatView, a: int, w: Why) -> bool:
    """The partner, still to play, is not known to win this expedition whatever the others
    hold ("neither wins this one" would hide that his side wins it: teacher set E,
    beloz-3328, where his declared tierce held the best flooded cards)."""
    return not _partner_wins_sure(v, a)


def team_cannot_win(v: SeatView, a: int, w: Why) -> bool:
    """Once the best card is played, the opponents are master and the partner, if he is
    still to play, may hold no card that beats their card (an opponent after may still
    raise it: the expedition stays theirs)."""
    partner = [s for s in _after_seats(v) if s == v.seat ^ 2]
    return not _ours_after(v, a) and not _beaters(v, _know(v), a, partner)


def best_flooded_on_dry(v: SeatView, a: int, w: Why) -> bool:
    t = _trump(v)
    return _flooded(v, a) and bool(v.trick) and plain_of(v.trick[0]) != t


def best_ours_now(v: SeatView, a: int, w: Why) -> bool:
    """Once the best card is played, the seat's team is master of the expedition."""
    return _ours_after(v, a)


def other_gives_up(v: SeatView, a: int, w: Why) -> bool:
    """Once the other card is played, the opponents are master and the partner, if still
    to play, may hold no card that beats their card: the expedition is lost for sure."""
    o = _other(w)
    partner = [s for s in _after_seats(v) if s == v.seat ^ 2]
    return not _ours_after(v, o) and not _beaters(v, _know(v), o, partner)


def best_settles(v: SeatView, a: int, w: Why) -> bool:
    """With the best card the seat's team wins this expedition for sure and the contract is
    settled (``settled.sure_after``): ``points`` the team's least count, ``count`` the other
    team's most, the key's ``set`` or ``made`` what is settled."""
    sure = sure_after(v, a)
    return (sure is not None and w.key == f"vs.sure_{sure.kind}"
            and w.points == sure.least and w.count == sure.most)


def other_unsettled(v: SeatView, a: int, w: Why) -> bool:
    """With the other card the contract is not settled for sure, and it is not settled
    already whatever is played (teacher set H, beloz-2733: "with your North crocodile that
    is not yet sure" was said of a contract made already, 96 to at most 66)."""
    sure, now = sure_after(v, _other(w)), settled_now(v)
    return (sure is None or sure.kind is None) and (now is None or now.kind is None)


def settled_as_said(v: SeatView, a: int, w: Why) -> bool:
    """The contract's result is settled whatever is played (``settled.settled_now``), the
    key's ``set`` or ``made``, ``points`` the team's least count, ``count`` the other
    team's most; the best card is legal."""
    sure = settled_now(v)
    if w.key in ("vs.settled_theirs", "vs.settled_failed"):  # the mirror: ``points`` the
        # other team's least, ``count`` the seat's team's most
        sure = settled_against(v) if sure is not None and sure.kind is None else None
    return (sure is not None and w.key == f"vs.settled_{sure.kind}" and a in _legal(v)
            and w.cards == (a,) and w.points == sure.least and w.count == sure.most)


def table_points(v: SeatView, a: int, w: Why) -> bool:
    """``points``: the expedition's points once the best card is played, more than none."""
    return w.points == _on_table(v, a) > 0




_PAIR: tuple[Claim, ...] = (pair_legal,)
_KEEP_PARTNER: tuple[Claim, ...] = (*_PAIR, partner_unbeatable, other_top_left,
                                    best_not_top_left, names_master, keeping_matters)
_SHOWN: tuple[Claim, ...] = (pair_legal, leading, lead.other_richer,
                             lead.third_shown_above_other, lead.partner_not_above_third,
                             lead.best_not_shown_beaten)

CARD_CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.keep_master_partner": _KEEP_PARTNER,
    # the same, said with the capot while the sampled deals can still swing it
    "vs.keep_master_capot": (*_KEEP_PARTNER, capot_alive, capot_in_play),
    "vs.keep_master": (*_PAIR, following, team_cannot_win, names_master, neither_beats,
                       other_top_left, best_not_top_left, other_not_team_sure, keeping_matters),
    "vs.keep_master_stop": (*_PAIR, following, team_cannot_win, names_master, neither_beats,
                            other_top_left, best_not_top_left, other_not_team_sure,
                            keeping_matters, capot_theirs, capot_in_play),
    # (a best card sure to win says so: "vs.win_points", "vs.win")
    "vs.cover": (*_PAIR, following, partner_master, names_master, covers_partner,
                 best_not_self_sure),
    "vs.partner_holds": (*_PAIR, following, partner_holds_winner, neither_beats),
    "vs.keep_master_open": (*_PAIR, following, opponents_master, neither_beats, other_top_left,
                            best_not_top_left, other_not_team_sure, keeping_matters,
                            partner_not_sure),
    "vs.keep_snake": (*_PAIR, is_snake_behind_croc, other_not_team_sure, lead_not_alike),
    "vs.keep_next": (*_PAIR, next_behind_one_out, other_not_team_sure, lead_not_alike,
                     kept_not_alike),
    "vs.keep_next_lost": (*_PAIR, following, opponents_master, neither_beats,
                          next_behind_one_out, kept_not_alike, fewer_points, other_not_cut),
    "vs.last": (*_PAIR, seventh, best_self_sure, other_not_team_sure, other_wins_last,
                last_points_said),
    "vs.last_keep": (*_PAIR, leading, seventh, other_wins_last, best_not_self_sure,
                     third_may_beat_best, last_points_said),
    "vs.win": (*_PAIR, best_self_sure, other_not_team_sure),
    "vs.win_more": (*_PAIR, best_self_sure, other_self_sure, more_points_by, count_is_points),
    "vs.no_overtake": (*_PAIR, partner_master, other_beats_partner, names_master),
    "vs.win_points": (*_PAIR, best_self_sure, other_not_team_sure, table_points),
    "vs.win_points_lost": (*_PAIR, best_self_sure, other_surely_lost, table_points),
    "vs.win_lost": (*_PAIR, best_self_sure, other_surely_lost),
    "vs.no_flooded": (*_PAIR, leading, other_flooded, best_dry, no_flooded_with_opponents,
                      flooded_out_with_partner),
    "vs.no_flooded_left": (*_PAIR, leading, other_flooded, best_dry, no_flooded_out),
    "vs.keep_cut": (*_PAIR, leading, other_flooded, best_dry, best_top_of_plain,
                    rel.no_stronger_held, lone_card_plain),
    "vs.opp_void": (*_PAIR, leading, opponents_void_in_plain, plain_not_interceptable,
                    other_plain_differs, other_not_team_sure, capot_alive),
    "vs.opp_void_flooded": (*_PAIR, leading, opponents_void_in_plain, plain_flooded,
                            other_plain_differs, other_not_team_sure),
    "vs.opp_void_dry": (*_PAIR, leading, opponents_void_in_plain, plain_dry,
                        other_plain_differs, other_not_team_sure, capot_alive),
    "vs.draw": (*_PAIR, leading, best_flooded, other_dry, counts_flooded_out,
                opponent_may_intercept, rel.holds_top_flooded, other_not_beaten_known),
    "vs.draw_with": (*_PAIR, leading, best_flooded, other_dry, counts_flooded_out,
                     flooded_all_with_seat, rel.holds_top_flooded, other_not_beaten_known),
    "vs.give_sure": (*_PAIR, partner_unbeatable, best_more_points, names_master,
                     best_not_master_after),
    "vs.bank": (*_PAIR, following, best_self_sure, other_team_sure, best_more_points),
    "vs.give": (*_PAIR, partner_master, best_more_points, names_master, neither_beats,
                best_not_master_after),
    "vs.keep_belot": (*_PAIR, following, belot_kept),
    "vs.bank_cut": (*_PAIR, following, partner_unbeatable, names_master, best_cut_later),
    "vs.enough": (*_PAIR, partner_unbeatable, names_master, other_not_fewer, other_not_winning,
                  other_has_later, kept_not_alike),
    "vs.lead_cheap": (*_PAIR, leading, best_not_self_sure, other_not_self_sure, fewer_points,
                      count_is_points),
    "vs.lead_under": (*_PAIR, leading, best_not_self_sure, other_not_self_sure, fewer_points,
                      count_is_points, third_out_above_other),
    "vs.enough_self": (*_PAIR, best_self_sure, other_self_sure, other_above_best, kept_not_alike),
    # a trump contract: the strongest flooded card left can never be beaten
    "vs.keep_top_flooded": (*_PAIR, following, best_flooded, other_flooded, best_master_now,
                            other_top_left, best_not_top_left, other_above_best, led_dry),
    "vs.keep_top_flooded_climb": (*_PAIR, following, best_flooded, other_flooded,
                                  best_master_now, other_top_left, best_not_top_left,
                                  other_above_best, led_flooded),
    "vs.defend_no_flooded": (*_PAIR, leading, other_flooded, best_dry, defending,
                             partner_may_hold_flooded, partner_likely_flooded),
    "vs.no_single": (*_PAIR, leading, other_single, holds_no_flooded, counts_best_plain),
    # (against a flooded card, "not the last card of its plain" is beside the point: set F,
    # beloz-5160)
    "vs.lead_single": (*_PAIR, leading, best_single, holds_flooded, best_dry, other_dry,
                       other_not_single),
    "vs.save": (*_PAIR, partner_unbeatable, other_beats_partner, names_master),
    "vs.keep_master_risk": (*_PAIR, partner_master, partner_beatable, fewer_points,
                            count_is_points, names_master, neither_beats, other_top_left,
                            best_not_top_left, keeping_matters),
    "vs.risk_less": (*_PAIR, partner_master, partner_beatable, fewer_points, count_is_points,
                     names_master, neither_beats),
    "vs.unblock": (*_PAIR, partner_master, partner_led, doubleton_high_low, best_not_winning,
                   partner_run_blocked),
    "vs.guard": (*_PAIR, following, neither_beats, guards, guard_plain),
    "vs.intercept": (*_PAIR, opponents_master, best_takes, best_flooded_on_dry, table_points,
                     names_master),
    "vs.beat": (*_PAIR, opponents_master, best_takes, names_master, opponents_cannot_beat),
    # (a flooded card may still intercept it: "vs.beat" is said when none can)
    "vs.take_top": (*_PAIR, opponents_master, best_takes, names_master, best_top_of_led,
                    best_not_self_sure),
    "vs.climb_cheap": (*_PAIR, following, both_take_lead, names_master, higher_out_beats_both,
                       rel.opponent_may_hold_fourth, fewer_points, count_is_points),
    "vs.climb_cheap_same": (*_PAIR, following, both_take_lead, names_master,
                            higher_out_beats_both, rel.opponent_may_hold_fourth, fewer_points,
                            count_is_points, none_between_after),
    "vs.climb_partner": (*_PAIR, following, both_over_partner, names_master,
                         higher_out_beats_both, rel.opponent_may_hold_fourth, fewer_points,
                         count_is_points),
    "vs.climb_over": (*_PAIR, following, both_take_lead, between_after),
    "vs.climb_over_next": (*_PAIR, following, both_take_lead, between_next),
    "vs.keep_over_shown": (*_PAIR, following, both_take_lead, lead.kept_over_shown),
    "vs.short_draw": (*_PAIR, leading, lead.short_of_flooded),
    "vs.climb_high": (*_PAIR, following, both_take_lead, names_master,
                      rel.counts_opponents_above),
    "vs.give_less": (*_PAIR, opponents_master, neither_beats, opponents_sure, fewer_points,
                     count_is_points, names_master),
    "vs.give_less_keep": (*_PAIR, opponents_master, neither_beats, opponents_sure, fewer_points,
                          count_is_points, names_master, fourth_next_behind),
    "vs.cheaper": (*_PAIR, opponents_master, neither_beats, fewer_points, count_is_points,
                   names_master),
    "vs.lead_master": (*_PAIR, leading, neither_flooded, best_top_of_plain, names_higher_out,
                       third_theirs_above_other, counts_out_above_other, best_not_cut_known),
    "vs.both_masters": (*_PAIR, both_masters),
    "vs.both_masters_kept": (*_PAIR, both_masters_kept),
    "vs.cash": (*_PAIR, leading, best_dry, other_dry, best_top_of_plain, few_out_of_plain,
                opponents_may_follow, opponent_may_intercept, other_headed),
    "vs.climb_draw": (*_PAIR, leading, climb_draws, other_headed),
    "vs.cut_other": (*_PAIR, leading, other_cut, other_plain_elsewhere, lead.other_cut_matters),
    "vs.cut_other_known": (*_PAIR, leading, other_cut, other_plain_elsewhere,
                           seat_holds_third_flooded, lead.other_cut_matters),
    "vs.partner_cut": (*_PAIR, leading, partner_cuts_plain, other_plain_elsewhere),
    "vs.partner_cut_known": (*_PAIR, leading, partner_cuts_plain, other_plain_elsewhere,
                             partner_holds_third_flooded),
    "vs.cash_first": (*_PAIR, leading, best_dry, best_top_of_plain, first_round_of_plain,
                      other_plain_elsewhere, opponents_may_follow, opponent_may_intercept,
                      other_headed),
    "vs.sure_set": (*_PAIR, best_settles, other_unsettled),
    "vs.sure_made": (*_PAIR, best_settles, other_unsettled),
    "vs.settled_set": (settled_as_said,),
    "vs.settled_made": (settled_as_said,),
    "vs.settled_theirs": (settled_as_said,),
    "vs.settled_failed": (settled_as_said,),
    "vs.cash_now": (*_PAIR, following, both_take_lead, best_dry, other_dry, best_top_of_plain,
                    best_master_now, few_out_of_plain, cut_not_now, opponents_may_follow,
                    opponent_may_intercept, other_headed),
    "vs.capot": (*_PAIR, following, capot_alive, best_ours_now, other_gives_up, capot_in_play),
    "vs.capot_lead": (*_PAIR, leading, capot_alive, capot_stake, best_self_sure,
                      other_not_team_sure),
    "vs.capot_lead_team": (*_PAIR, leading, capot_alive, capot_stake, best_team_sure_lead,
                           opponent_may_beat_other),
    "vs.capot_lead_master": (*_PAIR, leading, capot_alive, capot_stake, best_top_of_plain,
                             third_theirs_above_other, other_not_team_sure),
    "vs.capot_stop": (*_PAIR, following, capot_theirs, best_ours_now, other_gives_up,
                      capot_in_play),
    "vs.force": (*_PAIR, leading, neither_flooded, forces_flooded, third_may_take_other),
    "vs.force_keep": (*_PAIR, leading, best_dry, other_flooded, forces_flooded),
    "vs.lead_shown": _SHOWN,
    "vs.lead_turned": _SHOWN,
    "vs.draw_first": (*_PAIR, leading, lead.team_took, lead.best_flooded_other_dry_master,
                      lead.counts_flooded_theirs),
    "vs.lead_next_void": (*_PAIR, leading, lead.next_void_best, lead.next_above_other),
    "vs.lead_partner_void": (*_PAIR, leading, lead.partner_void_other,
                             lead.partner_may_beat_best),
    "vs.lead_drive": (*_PAIR, leading, lead.drives, lead.other_beaten_more),
    "vs.lead_drive_nt": (*_PAIR, leading, lead.drives, lead.other_beaten_more),
    "vs.lead_away": (*_PAIR, leading, lead.other_dry_or_no_trumps, lead.master_above_other,
                     lead.counts_between, lead.best_not_led_away),
    "vs.draw_partner_top": (*_PAIR, leading, lead.team_took, best_flooded, other_dry,
                            lead.partner_shown_third, lead.third_top_flooded,
                            lead.counts_flooded_theirs),
    "vs.draw_for_partner": (*_PAIR, leading, lead.team_took, best_flooded, other_dry,
                            lead.partner_shown_third, lead.third_top_dry,
                            lead.counts_flooded_theirs, lead.seat_draws_all),
}
