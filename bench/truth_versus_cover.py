"""The facts of the sentence that covers the partner's beatable card with a card that leaves
one threat above it (``vs.cover_most``, ``vs.cover_most_cut``), and of the points put in
for a partner who may still take the expedition (``vs.load_open``), and of the lead taken
second to play where the opponent right after may beat the card led (``vs.take_next``),
recomputed from the view
with the rules' own tables for ``bench_explain_truth``: who is master after each card, the
cards of the led plain an opponent still to play may hold that beat the partner's, which
of them beat the best, and whether a cut may still come.  Not a bench script of its own;
called by ``truth_versus_lead``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.state import SeatView

from .truth_facts import _bits, _flooded, _master, _opponents_master, _pts, _wins
from .truth_settled import _to_play_after, _winner_after

KEYS = ("cover_most", "cover_most_cut", "load_open", "take_next")


def take_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """``vs.take_next``: second to play on the opponents' card named, the best takes the lead
    and the other does not; the opponent right after (``seat`` 1) may hold ``count`` cards
    that beat that card but not the best, the named one the strongest."""
    assert v.trump is not None
    t, trick = v.trump, list(v.trick)
    if len(trick) != 1:
        return {"second to play": False}
    nxt = _to_play_after(v)[0]
    takes = [y for y in _bits(k.may[nxt]) if _wins([*trick, y], t, 1)
             and not _wins([*trick, b, y], t, 2)]
    return {
        "the opponents master, their card named": _opponents_master(v)
            and len(w.cards) == 4 and w.cards[2] == _master(v),
        "the best takes the lead, the other not": _winner_after(v, b) == v.seat
            and _winner_after(v, o) != v.seat,
        "the opponent right after named": w.seat == 1 and (nxt - v.seat) % 4 in (1, 3),
        "his cards counted, the strongest named": w.count == len(takes) > 0
            and len(w.cards) == 4 and w.cards[3] in takes
            and not any(_wins([w.cards[3], y], t, 1) for y in takes),
        "the led plain named": w.plain == trick[0] >> 3}


def load_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """``vs.load_open``: the opponents' card named is master, neither card beats it, the
    partner plays after the seat and may hold a card that beats it, and the points said
    are the best card's, more than the other's."""
    assert v.trump is not None
    t, trick = v.trump, list(v.trick)
    if not trick:
        return {"following": False}
    n, partner = len(trick), v.seat ^ 2
    return {
        "the opponents master": _opponents_master(v),
        "their master card named": len(w.cards) == 3 and w.cards[2] == _master(v),
        "neither card beats it": _winner_after(v, b) != v.seat and _winner_after(v, o) != v.seat,
        "the partner still to play may beat it": partner in _to_play_after(v) and any(
            _wins([*trick, b, y], t, n + 1) for y in _bits(k.may[partner])),
        "the best card's points, more than the other's": w.points == _pts(v, b) > _pts(v, o)}


def cover_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a sentence of ``KEYS`` states about the best card ``b`` and the other ``o``."""
    if w.key == "vs.load_open":
        return load_facts(v, b, o, w, k)
    if w.key == "vs.take_next":
        return take_facts(v, b, o, w, k)
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
