"""The facts of a seat's view, recomputed without the explainer's helpers: the cards still
out and unplayed, who is master, what beats what (``bench_explain_truth`` and
``truth_versus`` check the sentences against them).  Not a bench script of its own.
"""

from __future__ import annotations

import dataclasses

from beloz.ai import review
from beloz.ai.base import view_key
from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    CROCODILE,
    LEOPARD,
    LION,
    NO_TRUMPS,
    WATER_SNAKE,
    card,
)
from beloz.rules.state import (
    PASS,
    SeatView,
)
from beloz.rules.tricks import master_index

# -- the facts, recomputed from the view --------------------------------------------------------


def _bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _out(v: SeatView) -> list[int]:
    played = {c for t in v.tricks for c in t.cards} | set(v.trick)
    return [c for c in range(32) if c not in played and not v.hand >> c & 1]


def _unplayed(v: SeatView) -> list[int]:
    played = {c for t in v.tricks for c in t.cards} | set(v.trick)
    return [c for c in range(32) if c not in played]


def _pts(v: SeatView, c: int) -> int:
    assert v.trump is not None
    return CARD_POINTS[v.trump][c]


def _wins(trick: list[int], trump: int, pos: int) -> bool:
    return master_index(trick, trump) == pos


def _first_beats(a: int, b: int, trump: int) -> bool:
    """Led ``a`` and followed by ``b``: ``b`` is master."""
    return _wins([a, b], trump, 1)


def _flooded(c: int, trump: int) -> bool:
    return trump < NO_TRUMPS and c >> 3 == trump


def _floods(plain: int, trump: int) -> bool:
    return trump == plain or trump == ALL_TRUMPS


def _after(v: SeatView, a: int) -> bool:
    """``a`` played now is the master card."""
    assert v.trump is not None
    return _wins([*v.trick, a], v.trump, len(v.trick))


def _master(v: SeatView) -> int:
    assert v.trump is not None
    return v.trick[master_index(v.trick, v.trump)]


def _partner_master(v: SeatView) -> bool:
    assert v.trump is not None
    return bool(v.trick) and master_index(v.trick, v.trump) == len(v.trick) - 2


def _opponents_master(v: SeatView) -> bool:
    return bool(v.trick) and not _partner_master(v)


def _same_plain(c: int, cards: list[int]) -> list[int]:
    return [x for x in cards if x >> 3 == c >> 3 and x != c]


_STRONG = (CROCODILE, WATER_SNAKE, LION)

_round_two: dict[str, int] = {}


def round_two_best(v: SeatView) -> int:
    """The best bid of the round-2 hint (``review.bid_estimates``, every legal bid valued as
    the hint values them) at the seat's turn of round 2, every seat passing until then, from
    its view at its turn of round 1."""
    later = dataclasses.replace(v, bids=(*v.bids, PASS, PASS, PASS, PASS))
    key = view_key(later)
    if key not in _round_two:
        values, _ = review.bid_estimates(later)
        _round_two[key] = max(values, key=values.__getitem__)
    return _round_two[key]


def _plain_facts(cards: list[int], plain: int, w: Why) -> dict[str, bool]:
    mine = [c for c in cards if c >> 3 == plain]
    strong = {card(plain, n) for n in _STRONG} & set(mine)
    return {"the count": w.count == len(mine),
            "the listed crocodile, water snake and lion": set(w.cards) == strong
            and len(w.cards) == len(strong)}


def _makers(hand: list[int], order: int) -> set[int]:
    if order == NO_TRUMPS:
        return {c for c in hand if (c & 7) + 1 in (LION, LEOPARD)}
    if order == ALL_TRUMPS:
        return {c for c in hand if (c & 7) + 1 in (CROCODILE, WATER_SNAKE)}
    return {c for c in hand if c >> 3 == order and (c & 7) + 1 in _STRONG}
