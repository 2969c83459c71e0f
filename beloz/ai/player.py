"""The one interface every computer player implements, and the registry of players.

A player sees only a ``SeatView`` (its own hand and what is public).  Every random choice
comes from a ``random.Random`` seeded from the player's seed and the view itself, so the
same seed and the same view give the same decision, whatever happened before.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from typing import Protocol

from beloz.rules.state import SeatView


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


class RandomPlayer:
    """Uniformly random legal moves: the sanity baseline."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def bid(self, view: SeatView) -> int:
        return decision_rng(self.seed, view).choice(view.legal_actions())

    def declare(self, view: SeatView) -> tuple[bool, bool]:
        return (True, True)

    def play(self, view: SeatView) -> int:
        return decision_rng(self.seed, view).choice(view.legal_actions())


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a spec: ``random``, ``heuristic``, ``pimc:beginner|standard|expert``,
    or ``package.module:Class`` for a player from outside the project (constructed with
    ``seed=``)."""
    name, _, arg = spec.partition(":")
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        from .heuristic import HeuristicPlayer

        return HeuristicPlayer(seed)
    if name == "pimc":
        from .pimc import LEVELS, PimcPlayer

        if arg not in LEVELS:
            raise ValueError(f"unknown level {arg!r} (beginner, standard, expert)")
        return PimcPlayer(seed, LEVELS[arg])
    if "." in name:
        cls = getattr(importlib.import_module(name), arg)
        player: Player = cls(seed=seed)
        return player
    raise ValueError(f"unknown player {spec!r}")
