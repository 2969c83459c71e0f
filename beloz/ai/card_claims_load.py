"""Points put in for a partner who may still take the expedition: the opponents master,
neither card beats their card, the partner plays after the seat and may hold a card that
does, and the best card carries more points than the other.

Teacher set N, classique-4735 ("throw the South elephant: partner wins this expedition")
and watch sets J and K (classique-3841-22, classique-4748-18: "points thrown now are yours
when partner cuts: hence the elephant or crocodile, not the meerkat or monkey") were told
"your South elephant does not beat the leopard, but your partner plays after you and may
still take this expedition", the same sentence for every card, which chooses nothing.

``candidates`` builds the ``Why`` (for ``concepts``); ``CLAIMS`` are the predicates its
sentence states, over (view, best card, ``Why``), from the seat's view and its inferences
only.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from .card_claims import (
    best_more_points,
    best_not_master_after,
    names_master,
    neither_beats,
    opponents_master,
    pair_legal,
)
from .card_facts import _pts, _trump
from .explain import partner_may_beat

Claim = Callable[[SeatView, int, Why], bool]


def candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """``vs.load_open`` for ``b`` rather than ``o``: cards = (best, other, the opponents'
    master card); points = the best card's."""
    if not v.trick or _pts(v, b) <= _pts(v, o):
        return
    t = _trump(v)
    yield Why("vs.load_open", (b, o, v.trick[master_index(v.trick, t)]), points=_pts(v, b),
              trump=t)


CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.load_open": (pair_legal, opponents_master, names_master, neither_beats,
                     best_more_points, partner_may_beat, best_not_master_after),
}

__all__ = ["CLAIMS", "candidates"]
