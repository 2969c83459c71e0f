"""The facts of the sentences that keep a card for later (``vs.keep_last``, ``vs.keep_entry``,
``vs.cut_low``, ``vs.bank_alike``), recomputed from the view with the rules' own tables for
``bench_explain_truth``: the last card of a plain, which nobody can follow; the master of a
plain that only one opponent can still cut; the small flooded card that cuts where only
one opponent still to play may overcut; the richer of two cards that both win, every card
between them played; the strongest flooded card left kept where a smaller one wins for
sure (``vs.keep_top_flooded_sure``).  Not a bench script of its own; called by
``truth_versus_lead``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.cards import CARD_POINTS
from beloz.rules.state import SeatView

from .truth_facts import _bits, _first_beats, _flooded, _out, _unplayed, _wins
from .truth_settled import _can_be_beaten, _to_play_after, _winner_after

KEYS = ("keep_last", "keep_entry", "cut_low", "bank_alike", "keep_top_flooded_sure")


def _may_flood(k: Knowledge, seat: int, trump: int) -> bool:
    return any(_flooded(y, trump) for y in _bits(k.may[seat]))


def keep_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a sentence of ``KEYS`` states about the best card ``b`` and the other ``o``."""
    assert v.trump is not None
    t, pts = v.trump, CARD_POINTS[v.trump]
    key = w.key.removeprefix("vs.")
    opponents = [v.seat ^ 1, v.seat ^ 3]
    named = (v.seat + (w.seat or 0)) % 4
    f = {} if key == "bank_alike" else {"a trump contract": t < 4}  # (any contract)
    if key == "keep_last":
        after, trick = _to_play_after(v), list(v.trick)
        f.update({
            "following": bool(trick),
            "the other dry, the seat's only card of its plain, none of it out, plain named":
                not _flooded(o, t) and w.alt_plain == o >> 3
                and [y for y in _bits(v.hand) if y >> 3 == o >> 3] == [o]
                and not any(y >> 3 == o >> 3 for y in _out(v)),
            "the opponents win it with either card, whatever the seats after hold": all(
                bool(trick) and (_winner_after(v, c) - v.seat) % 2 == 1
                and not any(_wins([*trick, c, y], t, len(trick) + 1) and (s - v.seat) % 2 == 0
                            for s in after for y in _bits(k.may[s]))
                for c in (b, o)),
            "the other's points, more than the best's": w.points == pts[o] > pts[b]})
    elif key == "keep_entry":
        cutters = [s for s in opponents if _may_flood(k, s, t)]
        f.update({
            "leading": not v.trick,
            "the best dry, of another plain": not _flooded(b, t) and b >> 3 != o >> 3,
            "the named opponent the only one who may hold a flooded card":
                cutters == [named] and w.seat in (1, 3),
            "the other dry, the strongest unplayed card of its plain, plain named":
                not _flooded(o, t) and w.alt_plain == o >> 3 and not any(
                    _first_beats(o, y, t) for y in _unplayed(v) if y >> 3 == o >> 3),
            "the named opponent may still hold a card of the other's plain": any(
                y >> 3 == o >> 3 for y in _bits(k.may[named]))})
    elif key == "bank_alike":
        trick = list(v.trick)
        after = _to_play_after(v)
        hi, lo = (b, o) if _first_beats(o, b, t) else (o, b)
        f.update({
            "following": bool(trick),
            "the best wins whatever the others hold": _winner_after(v, b) == v.seat
                and not _can_be_beaten(v, b, after),
            "the team wins with the other too": (_winner_after(v, o) - v.seat) % 2 == 0
                and not _can_be_beaten(v, o, after),
            "the best's points, more than the other's": w.points == pts[b] > pts[o],
            "one plain, named, every card between them played": b >> 3 == o >> 3 == w.plain
                and not any(y >> 3 == b >> 3 and _first_beats(lo, y, t)
                            and _first_beats(y, hi, t) for y in _unplayed(v))})
    elif key == "keep_top_flooded_sure":
        f.update({
            "following, both flooded": bool(v.trick) and _flooded(b, t) and _flooded(o, t),
            "the best wins whatever the others hold": _winner_after(v, b) == v.seat
                and not _can_be_beaten(v, b, _to_play_after(v)),
            "the other the strongest flooded card left, above the best": not any(
                _flooded(y, t) and _first_beats(o, y, t) for y in _unplayed(v))
                and _first_beats(b, o, t)})
    elif key == "cut_low":
        trick = list(v.trick)
        after = [s for s in _to_play_after(v) if (s - v.seat) % 2] if trick else []
        over_b = [s for s in after if _can_be_beaten(v, b, [s])]
        flooded_out = [y for y in _out(v) if _flooded(y, t)]
        f.update({
            "following a dry lead the seat has none of": bool(trick) and not _flooded(
                trick[0], t) and not any(y >> 3 == trick[0] >> 3 for y in _bits(v.hand)),
            "both flooded, the best worth nothing and lower, master played now":
                _flooded(b, t) and _flooded(o, t) and pts[b] == 0 and _first_beats(b, o, t)
                and _winner_after(v, b) == v.seat,
            "the named opponent after the only one who may overcut the best": over_b == [named],
            "and he may beat the other too": _can_be_beaten(v, o, [named]),
            "the other's points": w.points == pts[o] > 0,
            "the flooded cards out counted": w.count == len(flooded_out) > 0})
    return f
