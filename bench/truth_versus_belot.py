"""The facts of the sentences that lead a belot while it counts for sure (``vs.lead_belot``,
``vs.lead_belot_under``), recomputed from the view with the rules' own words for
``bench_explain_truth``: seed 002's belot, the elephant and rhinoceros of a belot plain, counts
when its first card is led or follows a lead of its plain, and is lost when that first card is
discarded on another plain's lead; a trump contract's belot is trumps, never discarded
(RULES.md §9.3).  Not a bench script of its own; called by ``truth_versus_lead``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.cards import ELEPHANT, RHINOCEROS, card
from beloz.rules.ruleset import BelotCondition
from beloz.rules.state import SeatView

from .truth_facts import _first_beats, _out

KEYS = ("lead_belot", "lead_belot_under")


def _pair(c: int) -> tuple[int, int] | None:
    """The elephant and rhinoceros of ``c``'s plain, when ``c`` is one of them."""
    pair = (card(c >> 3, ELEPHANT), card(c >> 3, RHINOCEROS))
    return pair if c in pair else None


def belot_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a sentence of ``KEYS`` states about the best card ``b`` and the other ``o``."""
    assert v.trump is not None and v.contract is not None
    pair = _pair(b)
    mate = (pair[0] if pair[1] == b else pair[1]) if pair else -1
    f = {
        "leading": not v.trick,
        "the best and the third card named are the elephant and rhinoceros of one plain":
            pair is not None and len(w.cards) >= 3 and w.cards[2] == mate
            and w.plain == b >> 3,
        "both in the seat's hand": pair is not None and all(v.hand >> c & 1 for c in pair),
        "a belot of this contract, lost on a discard (seed 002, not the trump plain)":
            v.ruleset.belot_condition is BelotCondition.FIRST_CARD
            and b >> 3 in v.contract.belot_plains and b >> 3 != v.trump,
        "its points said": w.points == v.ruleset.beloz_points,
        "the other card not of it": o not in (pair or ()),
    }
    if w.key == "vs.lead_belot_under":
        x = w.cards[3] if len(w.cards) == 4 else -1
        above = [y for y in _out(v) if y >> 3 == o >> 3 and _first_beats(o, y, v.trump)
                 and any(k.may[s] >> y & 1 for s in (v.seat ^ 1, v.seat ^ 3))]
        f["the fourth card out above the other, an opponent's maybe, the strongest of them"] = (
            x in above and all(not _first_beats(x, y, v.trump) for y in above))
    return f
