"""The interface every computer player implements, and the seeding of its decisions.

A player sees only a ``SeatView`` (its own hand and what is public).  Every random choice
comes from a ``random.Random`` seeded from the player's seed and the view itself, so the
same seed and the same view give the same decision, whatever happened before.  This module
imports no player, so every player can import it.
"""

from __future__ import annotations

import hashlib
import random
from typing import Protocol

from beloz.rules.state import HandState, SeatView


class Player(Protocol):
    def bid(self, view: SeatView) -> int:
        """A legal bid: PASS, TAKE, or name_action(plain) in round 2."""
        ...

    def declare(self, view: SeatView) -> tuple[bool, bool]:
        """Whether to declare (announcements, BeloZ); asked before the seat's first card."""
        ...

    def play(self, view: SeatView) -> int:
        """A legal card."""
        ...


def card_action(state: HandState, player: Player, view: SeatView, belot: dict[int, bool],
                card: int | None = None) -> int:
    """The action of the card ``player`` plays in ``state`` (``card`` instead when given):
    asked with its seat's first card whether it declares, it keeps its belot answer in
    ``belot`` (per seat) for the seat's later cards, as the table does."""
    seat = view.seat
    announce = True
    if seat not in belot:
        announce, belot[seat] = player.declare(view)
    c = player.play(view) if card is None else card
    return state.card_action(int(c), announce=bool(announce), belot=bool(belot[seat]))


def view_key(view: SeatView) -> str:
    """A stable fingerprint of everything a view holds (for seeding decisions)."""
    parts = (
        view.seat,
        view.phase.value,
        view.dealer,
        view.hand,
        view.turned,
        view.bids,
        view.taker,
        view.trump,
        view.current,
        view.trick,
        tuple((t.leader, t.cards) for t in view.tricks),
    )
    return repr(parts)


def decision_rng(seed: int, view: SeatView) -> random.Random:
    digest = hashlib.blake2b(f"{seed}|{view_key(view)}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "little"))
