"""The registry of computer players, and the random baseline.

The interface (``Player``) and the seeding of decisions (``decision_rng``) live in
``base.py``, which imports no player.
"""

from __future__ import annotations

import importlib

from beloz.rules.state import SeatView

from .base import Player, decision_rng, view_key

__all__ = ["Player", "RandomPlayer", "decision_rng", "make_player", "view_key"]


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
