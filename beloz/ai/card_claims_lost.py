"""The contract settled against the seat by the card it would give: the expedition the
other team's whatever is played, the other card's points put the other team's least count
beyond the most the seat's team can still reach, where the best card's do not.

Watch set L, bulgare-6161-17: the South elephant's 4 points on the taker's sure crocodile
make the takers' contract (93 at least against at most 89), where the meerkat leaves it
open (made in 44 % of the exact layouts); the panel said "keep your South lion" and never
the threshold (issue 45, point 2: say the threshold, with the counts, when it decides).

``candidates`` builds the ``Why`` (for ``concepts``); ``CLAIMS`` are the predicates its
sentence states, over (view, best card, ``Why``), from the seat's view and its inferences
only.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.state import SeatView

from .card_claims import pair_legal
from .card_facts import _other, _trump
from .settled import settled_against, settled_now

Claim = Callable[[SeatView, int, Why], bool]


def candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """``vs.sure_theirs`` (the other team took) or ``vs.sure_failed`` (the seat's team
    took) for ``b`` rather than ``o``: points = the other team's least count with ``o``
    given, count = the most the seat's team can still reach."""
    if not v.trick:
        return
    lost = settled_against(v, o)
    if lost is not None and lost.kind is not None:
        yield Why(f"vs.sure_{lost.kind}", (b, o), points=lost.least, count=lost.most,
                  trump=_trump(v))


def other_settles_against(v: SeatView, a: int, w: Why) -> bool:
    """With the other card given, the expedition is the other team's whatever the others
    hold and the contract's result is settled against the seat's team: the key's kind,
    ``points`` their least count, ``count`` the seat's team's most."""
    lost = settled_against(v, _other(w))
    return (lost is not None and w.key == f"vs.sure_{lost.kind}"
            and w.points == lost.least and w.count == lost.most)


def best_leaves_open(v: SeatView, a: int, w: Why) -> bool:
    """With the best card the result is not yet settled against the seat's team, and it is
    not settled already, either way, whatever is played ("with your meerkat that is not yet
    sure")."""
    with_best, now, against = settled_against(v, a), settled_now(v), settled_against(v)
    return ((with_best is None or with_best.kind is None) and (now is None or now.kind is None)
            and (against is None or against.kind is None))


_LOST: tuple[Claim, ...] = (pair_legal, other_settles_against, best_leaves_open)
CLAIMS: dict[str, tuple[Claim, ...]] = {"vs.sure_theirs": _LOST, "vs.sure_failed": _LOST}

__all__ = ["CLAIMS", "candidates"]
