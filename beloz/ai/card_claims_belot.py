"""The belot led while it counts for sure.  Seed 002's belot in all trumps counts only when
its first card is led or follows a lead of its plain; discarded on another plain's lead it
is lost (RULES.md §9.3).  Led now, its first card makes it count; kept, it counts only if the
seat can still lead it or follow its plain with it later.

Teacher set Z, bulgare-2347: "Lead the West elephant, not the lion: the only West card out
is the water snake, above your lion; its holder takes your first West lead, after it you can
never get the lead back, so your last two West cards will be discards" (the lion led worse in
all 177 layouts, by 69 raw points a hand).  The hint had said "cannot tell your 3 options
apart": the values credited the belot whatever was played later, which the solver now plays
out (``dds.Game.losable``).

``candidates`` builds the ``Why`` (for ``concepts``); ``CLAIMS`` are the predicates its
sentence states, over (view, best card, ``Why``), from the seat's view and its inferences
only.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.cards import plain_of
from beloz.rules.questions import belot_mate
from beloz.rules.ruleset import BelotCondition
from beloz.rules.state import SeatView

from .card_claims import leading, pair_legal
from .card_facts import _know, _opponents, _other, _out, _trump
from .explain import _cards
from .tables import ABOVE, KEY

Claim = Callable[[SeatView, int, Why], bool]


def losable_pair(v: SeatView, c: int) -> bool:
    """``c`` and its mate are a belot the seat holds whole, lost if its first card is
    discarded on another plain's lead (seed 002: not a trump contract's, whose cards are
    trumps)."""
    mate = belot_mate(c)
    contract = v.contract
    return (mate != c and v.ruleset.belot_condition is BelotCondition.FIRST_CARD
            and contract is not None and plain_of(c) in contract.belot_plains
            and plain_of(c) != v.trump and bool(v.hand >> c & 1) and bool(v.hand >> mate & 1))


def takers_of(v: SeatView, o: int) -> list[int]:
    """The cards still out above ``o`` in its plain that an opponent may hold, strongest
    first: led, ``o`` may lose the lead to them."""
    t = _trump(v)
    k = _know(v)
    return sorted((x for x in _cards(ABOVE[t][o] & _out(v)) if plain_of(x) == plain_of(o)
                   and any(k.may[s] >> x & 1 for s in _opponents(v))),
                  key=lambda x: -KEY[t][x])


def candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """``vs.lead_belot_under`` (the other card led may lose the lead to the strongest card
    out above it) and ``vs.lead_belot``: cards = (best, other, the best's mate[, that card]),
    points = the belot's."""
    if v.trick or not losable_pair(v, b) or o == belot_mate(b):
        return
    t = _trump(v)
    cards = (b, o, belot_mate(b))
    takers = takers_of(v, o)
    if takers:
        yield Why("vs.lead_belot_under", (*cards, takers[0]), plain_of(b),
                  points=v.ruleset.beloz_points, trump=t)
    yield Why("vs.lead_belot", cards, plain_of(b), points=v.ruleset.beloz_points, trump=t)


def best_opens_belot(v: SeatView, a: int, w: Why) -> bool:
    """The best card and the third card named are a belot the seat holds whole, of the plain
    named, ``points`` its worth; the other card is not of it."""
    return (len(w.cards) >= 3 and w.cards[2] == belot_mate(a) != a and losable_pair(v, a)
            and w.plain == plain_of(a) and w.points == v.ruleset.beloz_points
            and _other(w) != w.cards[2])


def other_may_lose_lead(v: SeatView, a: int, w: Why) -> bool:
    """The fourth card named is the strongest card out above the other card, in its plain,
    that an opponent may hold."""
    takers = takers_of(v, _other(w))
    return len(w.cards) == 4 and bool(takers) and w.cards[3] == takers[0]


_BELOT: tuple[Claim, ...] = (pair_legal, leading, best_opens_belot)
CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.lead_belot": _BELOT,
    "vs.lead_belot_under": (*_BELOT, other_may_lose_lead),
}

__all__ = ["CLAIMS", "candidates", "losable_pair", "takers_of"]
