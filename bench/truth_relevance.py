"""The relevance facts of the teaching's sentences, recomputed from the seat's view with the
rules' own tables (``rules.tricks.master_index``, ``rules.cards.CARD_POINTS``) and the
view's inferences, without ``beloz.ai.relevance``: a danger is an opponent's still to play,
"give them nothing" only to a seat that cannot take the lead, "master" only without a
stronger card of the plain in hand, "draw them" only by the holder of the strongest flooded
card left (issue 45, "Relevance").

``relevance_facts(view, action, why)`` returns the facts to add to (or put in place of)
``bench_explain_truth.facts``' for the keys it knows; an empty dict for the others.
"""

from __future__ import annotations

from beloz.ai.view import infer
from beloz.reasons import Why
from beloz.rules.cards import NO_TRUMPS
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index


def _bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _played(v: SeatView) -> set[int]:
    return {c for t in v.tricks for c in t.cards} | set(v.trick)


def _out(v: SeatView) -> list[int]:
    return [c for c in range(32) if c not in _played(v) and not v.hand >> c & 1]


def _wins(trick: list[int], trump: int, pos: int) -> bool:
    return master_index(trick, trump) == pos


def _stronger(a: int, x: int, trump: int) -> bool:
    """``x`` of ``a``'s plain beats ``a`` (``a`` led, ``x`` following)."""
    return x >> 3 == a >> 3 and _wins([a, x], trump, 1)


def _opponents_after(v: SeatView) -> list[int]:
    d = v.ruleset.direction
    first = v.leader if v.trick else v.seat
    return [s for s in ((first + d * i) % 4 for i in range(len(v.trick) + 1, 4))
            if (s - v.seat) % 2 == 1]


def _their_may(v: SeatView) -> set[int]:
    """The cards an opponent still to play in this expedition may hold."""
    may = infer(v).may
    return {c for s in _opponents_after(v) for c in _bits(may[s])}


def _opp_beaters(v: SeatView, a: int) -> set[int]:
    """The cards an opponent still to play may hold that would be master after ``a``."""
    assert v.trump is not None
    trick = [*v.trick, a]
    return {y for y in _their_may(v) if _wins([*trick, y], v.trump, len(trick))}


def _strongest_held_above(v: SeatView, a: int) -> int | None:
    assert v.trump is not None
    held = [x for x in _bits(v.hand) if _stronger(a, x, v.trump)]
    top = [x for x in held if not any(_stronger(x, y, v.trump) for y in held)]
    return top[0] if top else None


def relevance_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    """The relevance facts of ``w``'s sentence for action ``a``, recomputed."""
    if not 0 <= a < 32 or v.trump is None:
        return {}
    t, key = v.trump, w.key
    trick = list(v.trick)
    held_above = _strongest_held_above(v, a)
    f: dict[str, bool] = {}
    if key in ("master", "master_unless", "master_team"):
        f["no stronger card of its plain in hand"] = held_above is None
    if key == "master_unless":
        f["an opponent still to play may hold a flooded card"] = (
            t < NO_TRUMPS and a >> 3 != t and any(y >> 3 == t for y in _their_may(v)))
    if key in ("master_kept", "master_team", "take_lead"):
        f["known key"] = True
        f["its card"] = bool(w.cards) and w.cards[0] == a and a in v.legal_actions()
        f["master now"] = _wins([*trick, a], t, len(trick))
    if key == "master_kept":
        f["its plain"] = w.plain == a >> 3
        f["nothing still to play can beat it"] = len(trick) == 3 or not any(
            _wins([*trick, a, y], t, len(trick) + 1) for y in _out(v))
        f["names the strongest card of its plain in hand"] = (
            held_above is not None and w.cards[1:2] == (held_above,))
    if key == "master_team":
        f["its plain"] = w.plain == a >> 3
        f["no card of its plain out above it"] = not any(_stronger(a, y, t) for y in _out(v))
        f["no opponent still to play may beat it"] = not _opp_beaters(v, a)
    if key == "take_lead":
        f["following, names the master card"] = bool(trick) and w.cards[1:2] == (
            trick[master_index(trick, t)],)
    if key == "climb":
        f["an opponent still to play may hold the named card"] = (
            len(w.cards) > 2 and w.cards[2] in _their_may(v))
    if key in ("give_nothing", "give_least"):
        f["no legal card takes the lead"] = not any(
            _wins([*trick, x], t, len(trick)) for x in v.legal_actions())
        d, first = v.ruleset.direction, v.leader if trick else v.seat
        after = [(first + d * i) % 4 for i in range(len(trick) + 1, 4)]
        f["the partner, still to play, cannot beat them"] = v.seat ^ 2 not in after or not any(
            _wins([*trick, a, y], t, len(trick) + 1) for y in _bits(infer(v).may[v.seat ^ 2]))
    if key in ("draw", "draw_one", "lead_flooded", "lead_flooded_lone"):
        may = infer(v).may
        f["an opponent may hold a flooded card"] = t < NO_TRUMPS and any(
            y >> 3 == t for s in (v.seat ^ 1, v.seat ^ 3) for y in _bits(may[s]))
    if key in ("vs.draw", "vs.draw_with"):
        left = [y for y in range(32) if y >> 3 == t and y not in _played(v)] if t < NO_TRUMPS \
            else []
        top = [y for y in left if not any(_stronger(y, z, t) for z in left)]
        f["the seat holds the strongest flooded card left"] = bool(top) and bool(
            v.hand >> top[0] & 1)
    if key == "vs.climb_high":
        o = w.cards[1] if len(w.cards) > 1 else -1
        n = len(_opp_beaters(v, a))
        f["the opponents after may hold count cards above the best, fewer above the other"] = (
            w.count == n > 0 and n < len(_opp_beaters(v, o)))
    if key in ("vs.climb_cheap", "vs.climb_partner"):
        f["an opponent still to play may hold the fourth card"] = (
            len(w.cards) > 3 and w.cards[3] in _their_may(v) and w.cards[3] in _out(v))
    return f


__all__ = ["relevance_facts"]
