"""The facts of a seat's view that the card concepts' claims read (``card_claims.py``) and
their detectors use (``concepts.py``): the master once a card is played, the cards still out
and who may hold them (``view.infer``: voids, no flooded card left, cards known held),
whether an expedition is sure, the partner's known winning cards.  Split from
card_claims.py.  No pygame here."""

from __future__ import annotations

from beloz.reasons import Why
from beloz.rules.cards import ELEPHANT, NO_TRUMPS, PLAIN_MASKS, RHINOCEROS, card, plain_of
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from . import relevance as rel
from .explain import _beats, _cards, _lead
from .tables import ABOVE, PTS, TRUMPS
from .view import Knowledge, infer

ALL = (1 << 32) - 1

# -- the facts of the view, inferences included -----------------------------------------------


#: The last view asked about, its inferences and legal actions: a concept's claims ask for
#: them many times (kept by identity: hashing a view costs more than inferring).
_last: list[tuple[SeatView, Knowledge, list[int]]] = []


def _facts_of(v: SeatView) -> tuple[Knowledge, list[int]]:
    if not _last or _last[0][0] is not v:
        _last[:] = [(v, infer(v), v.legal_actions())]
    return _last[0][1], _last[0][2]


def _know(v: SeatView) -> Knowledge:
    """The view's inferences (``view.infer``)."""
    return _facts_of(v)[0]


def _legal(v: SeatView) -> list[int]:
    return _facts_of(v)[1]


def _alike(v: SeatView, a: int, o: int) -> bool:
    """``a`` and ``o`` are of one plain and every card between them has been played (a card
    of the seat's own between them counts): kept, either stands as the other would."""
    if plain_of(a) != plain_of(o):
        return False
    t = _trump(v)
    hi, lo = (a, o) if ABOVE[t][o] >> a & 1 else (o, a)
    return not ABOVE[t][lo] & ~ABOVE[t][hi] & ~(1 << hi) & ~v.played


def _other(w: Why) -> int:
    """The sentence's second card, the option the best is compared with (-1: none)."""
    return w.cards[1] if len(w.cards) > 1 else -1


def _trump(v: SeatView) -> int:
    assert v.trump is not None
    return v.trump


def _unplayed(v: SeatView) -> int:
    return ALL & ~v.played


# The cards not seen yet and the seats still to play: one place, ``relevance``.
_out = rel._out
_after_seats = rel.seats_after


def _master_after(v: SeatView, a: int) -> tuple[int, int]:
    """(the master card, the seat holding it) once ``a`` is played now."""
    t = _trump(v)
    trick = [*v.trick, a]
    m = master_index(trick, t)
    d = v.ruleset.direction
    leader = v.leader if v.trick else v.seat
    return trick[m], (leader + d * m) % 4


def _beaters(v: SeatView, k: Knowledge, a: int, seats: list[int]) -> int:
    """The cards that ``seats`` (still to play) may hold and that would beat the master
    card once ``a`` is played."""
    t = _trump(v)
    m, _ = _master_after(v, a)
    lead = _lead(v, a)
    may = 0
    for s in seats:
        may |= k.may[s]
    return sum(1 << x for x in _cards(may) if _beats(x, m, lead, t))


def _sure(v: SeatView, a: int) -> bool:
    """Once ``a`` is played, no seat still to play can hold a card beating the master."""
    return not _beaters(v, _know(v), a, _after_seats(v))


def _ours_after(v: SeatView, a: int) -> bool:
    """Once ``a`` is played, the master card is the seat's team's."""
    return (_master_after(v, a)[1] - v.seat) % 2 == 0


def _team_sure(v: SeatView, a: int) -> bool:
    """With ``a``, the seat's team wins this expedition whatever the others hold."""
    return _ours_after(v, a) and _sure(v, a)


def _self_sure(v: SeatView, a: int) -> bool:
    """``a`` itself wins this expedition whatever the others hold."""
    return _master_after(v, a)[1] == v.seat and _sure(v, a)


def _top_left(v: SeatView, c: int) -> bool:
    """No unplayed card of ``c``'s plain (in any hand) is above it."""
    return not ABOVE[_trump(v)][c] & _unplayed(v) & ~(1 << c)


def _flooded(v: SeatView, c: int) -> bool:
    t = _trump(v)
    return t < NO_TRUMPS and plain_of(c) == t


def _pts(v: SeatView, c: int) -> int:
    return PTS[_trump(v)][c]


def _opponents(v: SeatView) -> tuple[int, int]:
    return v.seat ^ 1, v.seat ^ 3


def _their_may(v: SeatView, still_to_play: bool = False) -> int:
    """The cards an opponent may hold (inferences): either opponent, or only those still to
    play in this expedition."""
    k = _know(v)
    seats = rel.opponents_after(v) if still_to_play else _opponents(v)
    out = 0
    for s in seats:
        out |= k.may[s]
    return out


def _void_cutter(v: SeatView, plain: int) -> int | None:
    """An opponent who can hold no card of ``plain`` and may hold a flooded card (a trump
    contract): led, that plain is his to intercept; None."""
    t, k = _trump(v), _know(v)
    if t >= NO_TRUMPS:
        return None
    return next((s for s in _opponents(v)
                 if not k.may[s] & PLAIN_MASKS[plain] and k.may[s] & TRUMPS[t]), None)


def _rel(v: SeatView, seat: int) -> int:
    """A seat as the viewer places it (1 right, 2 partner, 3 left in play order names)."""
    return (seat - v.seat) % 4


def _flooded_out(v: SeatView) -> int:
    return _out(v) & TRUMPS[_trump(v)]


def _holders(v: SeatView, cards: int) -> list[int]:
    """The other seats that may hold any of ``cards`` (inferences included)."""
    k = _know(v)
    return [s for s in range(4) if s != v.seat and k.may[s] & cards]


def _can_intercept(v: SeatView, seat: int) -> bool:
    """``seat`` may hold a flooded card (a trump contract)."""
    return bool(_know(v).may[seat] & TRUMPS[_trump(v)])


def _on_table(v: SeatView, a: int) -> int:
    return sum(_pts(v, x) for x in v.trick) + _pts(v, a)


def _partner_winners(v: SeatView, a: int) -> list[int]:
    """Once ``a`` is played, the cards the partner, still to play, surely holds that win this
    expedition whatever the others hold: cards he may play (of the led plain when
    he may still hold one) known to be his (a declared announcement, the turned card he
    took), above the master, and no card above them with an opponent still to play (before
    him or after)."""
    p = v.seat ^ 2
    after = _after_seats(v)
    if p not in after:
        return []
    k, t = _know(v), _trump(v)
    m, _ = _master_after(v, a)
    lead = _lead(v, a)
    others = [s for s in after if s != p]  # before him too: he must beat what they add
    follow = bool(k.may[p] & PLAIN_MASKS[lead])
    return [x for x in _cards(k.must[p])
            if (plain_of(x) == lead or not follow) and _beats(x, m, lead, t)
            and not any(_beats(y, x, lead, t) for s in others for y in _cards(k.may[s]))]


def _partner_wins_sure(v: SeatView, a: int) -> bool:
    return bool(_partner_winners(v, a))


def last_points(v: SeatView) -> int:
    """The points of the last expedition (dix de der) in this contract: the ruleset's,
    doubled with the card points in the Bulgarian no-trumps."""
    factor = v.contract.kind.point_factor if v.contract is not None else 1
    return v.ruleset.dix_de_der * factor


def shown_cards(v: SeatView, seat: int) -> int:
    """The cards still out the table has seen ``seat`` keep: the turned card he took, the
    cards of an announcement he showed, the other card of a belot he has said; not the
    deductions (a quinte that can only be in one plain): "he holds" is said of what the
    learner saw."""
    t = _trump(v)
    shown = 0
    for d in v.declared[seat]:
        shown |= d.cards or 0
    if seat == v.taker and v.turned >= 0:
        shown |= 1 << v.turned
    if t < NO_TRUMPS and v.beloz_said[seat] == 1:
        shown |= (1 << card(t, ELEPHANT)) | (1 << card(t, RHINOCEROS))
    return shown & _out(v)


def shown_flooded(v: SeatView, seat: int) -> int:
    """The flooded cards among ``shown_cards``."""
    t = _trump(v)
    return shown_cards(v, seat) & TRUMPS[t] if t < NO_TRUMPS else 0


def holding_share(v: SeatView, seat: int, mask: int) -> float:
    """The share of the deals the seat's view allows (uniform over its inferences, as
    ``sampler.DealSampler`` deals them) in which ``seat`` holds a card of ``mask``: "your
    partner's flooded cards" of a partner who holds one in 180 of 3942 layouts is no fact to
    lead on (watch set H, classique-8282-10: four of his six cards his shown quarte)."""
    from math import comb

    from .sampler import Infeasible, sampler_for

    k = _know(v)
    if k.must[seat] & mask:
        return 1.0
    if not k.may[seat] & mask:
        return 0.0
    try:
        smp = sampler_for(k)
    except Infeasible:
        return 0.0
    i = smp.seats.index(seat)
    kept, prev = 0.0, 0.0
    for cum, alloc in zip(smp.cum, smp.allocs, strict=True):
        none = 1.0  # the chance that none of its share of each class is of ``mask``
        for cards, members, split in zip(smp.class_cards, smp.class_members, alloc,
                                         strict=True):
            if i in members:
                n, got = len(cards), split[members.index(i)]
                f = sum(1 for c in cards if mask >> c & 1)
                none *= comb(n - f, got) / comb(n, got)
        kept += (cum - prev) * (1.0 - none)
        prev = cum
    return kept

