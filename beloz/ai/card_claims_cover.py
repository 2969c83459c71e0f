"""The partner's card covered by a card that leaves fewer above it: third to play, the
partner master but beatable by several cards the opponent still to play may hold, the
best card takes the expedition over from him and only one of them still beats it.

Watch set K, beloz-4747-9: "your partner's North rhinoceros loses to the lion or elephant,
both still out; your leopard loses only to the lion, so play it and stop the elephant".
The panel said "your partner is master" of both cards.  (``vs.cover`` is the same where
the best card is the strongest of its plain left: nothing beats it.)

``candidates`` builds the ``Why`` (for ``concepts``); ``CLAIMS`` are the predicates its
sentence states, over (view, best card, ``Why``), from the seat's view and its inferences
only.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.cards import NO_TRUMPS, PLAIN_MASKS, plain_of
from beloz.rules.state import SeatView

from . import relevance as rel
from .card_claims import (
    best_takes,
    following,
    names_master,
    opponents_master,
    pair_legal,
    partner_master,
)
from .card_facts import _know, _master_after, _other, _rel, _trump
from .explain import _beats, _cards
from .tables import KEY, TRUMPS

Claim = Callable[[SeatView, int, Why], bool]


def _threats(v: SeatView, o: int) -> list[int]:
    """The cards of the led plain an opponent still to play may hold that would beat the
    master card once ``o`` is played, strongest first."""
    t, k = _trump(v), _know(v)
    lead = plain_of(v.trick[0])
    master, _ = _master_after(v, o)
    may = 0
    for s in rel.opponents_after(v):
        may |= k.may[s]
    return sorted((x for x in _cards(may & PLAIN_MASKS[lead]) if _beats(x, master, lead, t)),
                  key=lambda x: -KEY[t][x])


def _may_cut(v: SeatView) -> bool:
    """An opponent still to play may have none of the led plain and hold a flooded card."""
    t, k = _trump(v), _know(v)
    lead = plain_of(v.trick[0])
    if t >= NO_TRUMPS or lead == t:
        return False
    return any(k.may[s] & TRUMPS[t] and not k.must[s] & PLAIN_MASKS[lead]
               for s in rel.opponents_after(v))


def candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """``vs.cover_most`` (``vs.cover_most_cut`` where a cut may still come) for ``b``
    rather than ``o``: cards = (best, other, partner's card, the one threat left above the
    best)."""
    if not v.trick or plain_of(b) != plain_of(v.trick[0]):
        return
    threats = _threats(v, o)
    t = _trump(v)
    lead = plain_of(v.trick[0])
    above = [x for x in threats if _beats(x, b, lead, t)]
    if len(threats) >= 2 and len(above) == 1:
        master, _ = _master_after(v, o)
        key = "vs.cover_most_cut" if _may_cut(v) else "vs.cover_most"
        yield Why(key, (b, o, master, above[0]), lead, count=len(threats), trump=t)


def _next_takes(v: SeatView, b: int, master: int) -> list[int]:
    """Second to play: the cards the opponent right after may hold that beat the master card
    ``master`` but not ``b`` played over it, strongest first."""
    after = rel.seats_after(v)
    if len(v.trick) != 1 or len(after) != 2:
        return []
    t, lead = _trump(v), plain_of(v.trick[0])
    return sorted((x for x in _cards(_know(v).may[after[0]])
                   if _beats(x, master, lead, t) and not _beats(x, b, lead, t)),
                  key=lambda x: -KEY[t][x])


def take_candidates(v: SeatView, b: int, o: int, master: int) -> Iterator[Why]:
    """``vs.take_next`` for ``b`` rather than ``o``: second to play on the opponents' card
    ``master``, the best card takes the lead and the other does not, and the opponent right
    after may hold cards that would beat the master but not the best: cards = (best, other,
    their master, the strongest of those).  Watch set M, beloz-3537-12: the meerkat ducked
    under the taker's monkey, "your partner plays after you and may still take this
    expedition", where the opponent after you takes it with any of 4 North cards."""
    nxt = _next_takes(v, b, master)
    if nxt:
        yield Why("vs.take_next", (b, o, master, nxt[0]), plain_of(v.trick[0]),
                  count=len(nxt), seat=_rel(v, rel.seats_after(v)[0]), trump=_trump(v))


# -- the claims ---------------------------------------------------------------------------


def takes_over(v: SeatView, a: int, w: Why) -> bool:
    """The best card, of the led plain, takes the expedition over from the partner; the
    other leaves it with him (the sentence's third card, the partner's master)."""
    if len(w.cards) != 4 or not v.trick:
        return False
    m_o, seat_o = _master_after(v, _other(w))
    return (plain_of(a) == plain_of(v.trick[0]) == w.plain and _master_after(v, a)[1] == v.seat
            and seat_o == v.seat ^ 2 and m_o == w.cards[2])


def threats_counted(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards an opponent still to play may hold that beat the partner's card,
    two or more; of them only the fourth card beats the best."""
    if len(w.cards) != 4 or not v.trick:
        return False
    threats = _threats(v, _other(w))
    lead, t = plain_of(v.trick[0]), _trump(v)
    return (w.count == len(threats) >= 2
            and [x for x in threats if _beats(x, a, lead, t)] == [w.cards[3]])


def cut_as_said(v: SeatView, a: int, w: Why) -> bool:
    """"or a flooded card" said exactly where an opponent still to play may cut."""
    return _may_cut(v) == (w.key == "vs.cover_most_cut")


def next_takes_counted(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (best, other, their master, x), ``seat`` the opponent right after:
    ``count`` the cards he may hold that beat their master but not the best, ``x`` the
    strongest of them."""
    if len(w.cards) != 4 or w.seat != 1:
        return False
    nxt = _next_takes(v, a, w.cards[2])
    return w.count == len(nxt) > 0 and nxt[0] == w.cards[3] and w.plain == plain_of(v.trick[0])


_COVER: tuple[Claim, ...] = (pair_legal, following, partner_master, takes_over,
                             threats_counted, cut_as_said)
CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.cover_most": _COVER, "vs.cover_most_cut": _COVER,
    "vs.take_next": (pair_legal, following, opponents_master, names_master, best_takes,
                     next_takes_counted)}

__all__ = ["CLAIMS", "candidates", "take_candidates"]
