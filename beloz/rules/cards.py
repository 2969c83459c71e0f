"""Cards as small ints, hands as 32-bit masks (RULES.md §1).

A card id is ``plain * 8 + (number - 1)``: plains N=0, E=1, S=2, W=3 and numbers
1 (meerkat) .. 8 (lion).  A hand is an ``int`` whose bit ``c`` is set when card
``c`` is in it.  Codes such as ``"N8"`` are only used at the edges (records, UI).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

#: Names for the small ints the engine and the players pass around: a card id 0..31, a set
#: of cards as a 32-bit mask (bit ``c`` for card ``c``), a seat 0..3 (seats 0 and 2 are
#: team 0, seats 1 and 3 team 1).
Card: TypeAlias = int
Mask: TypeAlias = int
Seat: TypeAlias = int

PLAINS = "NESW"
N, E, S, W = range(4)
PLAIN_NAMES = ("North", "East", "South", "West")

# number -> animal, in number order 1..8
ANIMALS = (
    "meerkat",
    "monkey",
    "water_snake",
    "leopard",
    "crocodile",
    "rhinoceros",
    "elephant",
    "lion",
)
# number -> classic rank (the learning overlay)
CLASSIC_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
CLASSIC_SUITS = ("♠", "♣", "♥", "♦")

MEERKAT, MONKEY, WATER_SNAKE, LEOPARD, CROCODILE, RHINOCEROS, ELEPHANT, LION = range(1, 9)

ALL_CARDS = (1 << 32) - 1
PLAIN_MASKS = tuple(0xFF << (8 * p) for p in range(4))

# Strength within a plain, higher is stronger, indexed by number - 1.
# Dry: lion > leopard > elephant > rhino > crocodile > water snake > monkey > meerkat.
DRY_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
# Flooded: crocodile > water snake > lion > leopard > elephant > rhino > monkey > meerkat.
FLOODED_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
DRY_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
# Decision (RULES.md §1): the flooded water snake is worth 14, not the 15 seed 000 prints.
FLOODED_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)


def card(plain: int, number: int) -> Card:
    return plain * 8 + number - 1


def plain_of(c: Card) -> int:
    """The plain of a card (N 0, E 1, S 2, W 3).  The hottest loops (rollout, solver)
    write ``c >> 3`` inline: a call costs more than the shift there."""
    return c >> 3


def team_of(seat: Seat) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (``seat & 1``)."""
    return seat & 1


def number_of(c: int) -> int:
    return (c & 7) + 1


def code(c: int) -> str:
    """``N8`` for the North lion."""
    return f"{PLAINS[c >> 3]}{(c & 7) + 1}"


def parse(text: str) -> int:
    """The card id of a code such as ``"S5"``; raises ValueError for anything else."""
    if (
        not isinstance(text, str)
        or len(text) != 2
        or text[0] not in PLAINS
        or text[1] not in "12345678"
    ):
        raise ValueError(f"unknown card code {text!r}")
    return card(PLAINS.index(text[0]), int(text[1]))


def parse_plain(text: str) -> int:
    if not isinstance(text, str) or len(text) != 1 or text not in PLAINS:
        raise ValueError(f"unknown plain {text!r}")
    return PLAINS.index(text)


def bit(c: Card) -> Mask:
    return 1 << c


def mask_of(cards: Iterable[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a mask, in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: Mask) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: Mask) -> int:
    return mask.bit_count()


def strength(c: int, trump: int) -> int:
    """Strength of a card within its own plain (0..7), given the card order ``trump``."""
    n = c & 7
    return FLOODED_STRENGTH[n] if c >> 3 == trump or trump == ALL_TRUMPS else DRY_STRENGTH[n]


def points(c: int, trump: int) -> int:
    """A card's points under the card order ``trump`` (-1: no contract yet, dry points)."""
    return CARD_POINTS[trump][c] if trump >= 0 else DRY_POINTS[c & 7]


# Card orders beyond the four plains (RULES.md §9.3): an order index ``trump`` is a flooded
# plain 0..3, ``NO_TRUMPS`` (every plain dry) or ``ALL_TRUMPS`` (every plain flooded, none
# above another).  Tables indexed by ``trump`` have these six entries.
NO_TRUMPS = 4
ALL_TRUMPS = 5
# FLOODED_MASKS[trump]: the cards that use the flooded order and points.
FLOODED_MASKS = PLAIN_MASKS + (0, ALL_CARDS)
# Seed 002: in no-trumps the card points are doubled (260 in all with the doubled dix de der).
NO_TRUMPS_POINT_FACTOR = 2

# Per card: the cards of the same plain that beat it when that plain is flooded.
TRUMPS_ABOVE = tuple(
    mask_of(card(p, m + 1) for m in range(8) if FLOODED_STRENGTH[m] > FLOODED_STRENGTH[c & 7])
    for c in range(32)
    for p in [c >> 3]
)

# CARD_POINTS[trump][card]: a card's points under the card order ``trump`` (six orders).
CARD_POINTS = tuple(
    tuple(
        (FLOODED_POINTS[c & 7] if FLOODED_MASKS[t] >> c & 1 else DRY_POINTS[c & 7])
        * (NO_TRUMPS_POINT_FACTOR if t == NO_TRUMPS else 1)
        for c in range(32)
    )
    for t in range(6)
)

# Card points of a mask, by flooded plain: precomputed per 8-bit plain slice.
_DRY_SLICE = tuple(sum(DRY_POINTS[i] for i in range(8) if s >> i & 1) for s in range(256))
_FLOODED_SLICE = tuple(sum(FLOODED_POINTS[i] for i in range(8) if s >> i & 1) for s in range(256))


def mask_points(mask: int, trump: int) -> int:
    if trump >= NO_TRUMPS:
        pts = CARD_POINTS[trump]
        return sum(pts[c] for c in iter_cards(mask))
    total = 0
    for p in range(4):
        s = (mask >> (8 * p)) & 0xFF
        total += _FLOODED_SLICE[s] if p == trump else _DRY_SLICE[s]
    return total


def sort_key(c: int, trump: int | None) -> tuple[int, int]:
    """Display order: by plain, then strongest first (flooded order for the flooded plain)."""
    if trump is None:
        return (c >> 3, -DRY_STRENGTH[c & 7])
    return (c >> 3, -strength(c, trump))
