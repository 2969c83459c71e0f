"""The facts of the sentence that covers the partner's beatable card with a card that leaves
one threat above it (``vs.cover_most``, ``vs.cover_most_cut``), recomputed from the view
with the rules' own tables for ``bench_explain_truth``: who is master after each card, the
cards of the led plain an opponent still to play may hold that beat the partner's, which
of them beat the best, and whether a cut may still come.  Not a bench script of its own;
called by ``truth_versus_lead``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.state import SeatView

from .truth_facts import _bits, _flooded, _wins
from .truth_settled import _to_play_after, _winner_after

KEYS = ("cover_most", "cover_most_cut")


def cover_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a sentence of ``KEYS`` states about the best card ``b`` and the other ``o``."""
    assert v.trump is not None
    t, trick = v.trump, list(v.trick)
    if not trick:
        return {"following": False}
    lead, n = trick[0] >> 3, len(trick)
    after = [s for s in _to_play_after(v) if (s - v.seat) % 2]
    threats = sorted({y for s in after for y in _bits(k.may[s])
                      if y >> 3 == lead and _wins([*trick, o, y], t, n + 1)})
    above_b = [y for y in threats if _wins([*trick, b, y], t, n + 1)]
    may_cut = t < 4 and lead != t and any(
        any(_flooded(y, t) for y in _bits(k.may[s]))
        and not any(y >> 3 == lead for y in _bits(k.must[s])) for s in after)
    partner = v.seat ^ 2
    return {
        "following, the best of the led plain, the plain named": b >> 3 == lead == w.plain,
        "the partner's card master before, and after the other":
            _winner_after(v, o) == partner and len(w.cards) == 4
            and _wins([*trick, o], t, n) is False and w.cards[2] in trick,
        "the best takes the expedition over": _winner_after(v, b) == v.seat,
        "the threats counted, two or more": w.count == len(threats) >= 2,
        "only the named one of them beats the best": len(w.cards) == 4
            and above_b == [w.cards[3]],
        "a cut said exactly where one may come": may_cut == (w.key == "vs.cover_most_cut")}
