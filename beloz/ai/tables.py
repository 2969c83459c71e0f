"""Card tables shared by the players, the view's inferences and the endgame search.

Per card order ``t`` (the engine's order index: a flooded plain 0..3, ``NO_TRUMPS`` or
``ALL_TRUMPS``; index ``[t][c]``, ``c`` a card id): a card's strength in an expedition, its
points, and the cards of its plain that beat it.  Nothing here imports a player, so every
part of ``beloz.ai`` may use them.
"""

from __future__ import annotations

from beloz.rules.cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    DRY_STRENGTH,
    FLOODED_MASKS,
    NO_TRUMPS,
    PLAIN_MASKS,
    TRUMPS_ABOVE,
)
from beloz.rules.tricks import KEYS

ORDERS = 6  # the four plains, NO_TRUMPS, ALL_TRUMPS

# KEY[t][c] strength in an expedition (the flooded plain's cards 8..15 above all; else
# 0..7 within the plain, flooded order where flooded), PTS[t][c] card points (no-trumps:
# doubled): the engine's own tables.
KEY: tuple[tuple[int, ...], ...] = KEYS
PTS: tuple[tuple[int, ...], ...] = CARD_POINTS
# ABOVE[t][c]: the cards of c's plain stronger than c (flooded order where flooded).
_DRY_ABOVE = tuple(
    sum(1 << ((c & ~7) + i) for i in range(8) if DRY_STRENGTH[i] > DRY_STRENGTH[c & 7])
    for c in range(32)
)
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMPS_ABOVE[c] if FLOODED_MASKS[t] >> c & 1 else _DRY_ABOVE[c] for c in range(32))
    for t in range(ORDERS)
)
# TRUMPS[t]: the cards of the plain above the others (none in no-trumps and all-trumps).
TRUMPS: tuple[int, ...] = PLAIN_MASKS + (0, 0)
# CLIMB[t]: the plains whose lead obliges a follower to beat the master card if it can.
CLIMB: tuple[int, ...] = tuple(1 << t for t in range(4)) + (0, 0b1111)
assert len(KEY) == len(PTS) == ORDERS and NO_TRUMPS == 4 and ALL_TRUMPS == 5
