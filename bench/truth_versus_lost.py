"""The facts of the sentence that says the other card would settle the contract against the
seat's team (``vs.sure_theirs``, ``vs.sure_failed``), recomputed with the engine's own score
(``truth_settled._our_best_case``: the seat's team's best case, the other card's points the
other team's) for ``bench_explain_truth``.  Not a bench script of its own; called by
``truth_versus_lead``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.state import SeatView

from .truth_settled import (
    _can_be_beaten,
    _our_best_case,
    _settled_now,
    _to_play_after,
    _winner_after,
)

KEYS = ("sure_theirs", "sure_failed")


def lost_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a sentence of ``KEYS`` states about the best card ``b`` and the other ``o``."""
    known = not v.ruleset.announcements or v.announcement_result is not None
    after = _to_play_after(v)
    theirs_o = (bool(v.trick) and (_winner_after(v, o) - v.seat) % 2 == 1
                and not _can_be_beaten(v, o, after))
    f = {"the announcements known": known,
         "the other card's expedition the other team's whatever the others hold": theirs_o}
    if not (known and theirs_o):
        return f
    theirs, ours, settled = _our_best_case(v, o)
    kind = w.key.removeprefix("vs.sure_")
    f["settled as said with the other card, by the engine's score"] = settled == kind
    f["the counts said"] = w.points == theirs and w.count == ours
    b_theirs = ((_winner_after(v, b) - v.seat) % 2 == 1 and not _can_be_beaten(v, b, after))
    f["not settled with the best"] = not b_theirs or _our_best_case(v, b)[2] is None
    f["not settled already, either way"] = (_our_best_case(v)[2] is None
                                            and _settled_now(v)[2] is None)
    return f
