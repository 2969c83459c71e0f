"""Card tables shared by the players, the view's inferences and the endgame search.

Per flooded plain ``t`` (index ``[t][c]``, ``c`` a card id): a card's strength in an
expedition, its points, and the cards of its plain that beat it.  Nothing here imports a
player, so every part of ``beloz.ai`` may use them.
"""

from __future__ import annotations

from beloz.rules.cards import (
    DRY_POINTS,
    DRY_STRENGTH,
    FLOODED_POINTS,
    FLOODED_STRENGTH,
    TRUMPS_ABOVE,
)

# Per flooded plain t: KEY[t][c] strength in an expedition (flooded 8..15, else 0..7),
# PTS[t][c] card points.
KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(8 + FLOODED_STRENGTH[c & 7] if c >> 3 == t else DRY_STRENGTH[c & 7] for c in range(32))
    for t in range(4)
)
PTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FLOODED_POINTS[c & 7] if c >> 3 == t else DRY_POINTS[c & 7] for c in range(32))
    for t in range(4)
)
# ABOVE[t][c]: the cards of c's plain stronger than c (flooded order if the plain is t).
_DRY_ABOVE = tuple(
    sum(1 << ((c & ~7) + i) for i in range(8) if DRY_STRENGTH[i] > DRY_STRENGTH[c & 7])
    for c in range(32)
)
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMPS_ABOVE[c] if c >> 3 == t else _DRY_ABOVE[c] for c in range(32)) for t in range(4)
)
