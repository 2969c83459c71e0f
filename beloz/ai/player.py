"""The registry of computer players, and the random baseline.

The interface (``Player``) and the seeding of decisions (``decision_rng``) live in
``base.py``, which imports no player.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

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


def _tweaked(level: Any, tweaks: list[str]) -> Any:
    """A level with some fields changed, for measurements (``pimc:expert,pool=1,near_tie=0``
    is Expert without its policy-weighted deals nor its near-tie rule): ``name=value`` for a
    field of ``pimc.Level`` or of its ``inference.Model``."""
    for tweak in tweaks:
        key, _, text = tweak.partition("=")
        for owner in ("level", "model"):
            obj = level if owner == "level" else level.model
            if key in {f.name for f in dataclasses.fields(obj)} and key != "model":
                old = getattr(obj, key)
                value = text.lower() in ("1", "true") if isinstance(old, bool) else type(old)(text)
                obj = dataclasses.replace(obj, **{key: value})
                level = obj if owner == "level" else dataclasses.replace(level, model=obj)
                break
        else:
            raise ValueError(f"unknown level field {key!r}")
    return level


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a spec: ``random``, ``heuristic``, ``beginner`` (also
    ``pimc:beginner``), ``pimc:standard|expert`` (with ``,field=value`` tweaks, see
    ``_tweaked``),
    or ``package.module:Class`` for a player from outside the project (constructed with
    ``seed=``)."""
    name, _, arg = spec.partition(":")
    if spec in ("beginner", "pimc:beginner"):
        from .beginner import BeginnerPlayer

        return BeginnerPlayer(seed)
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        from .heuristic import HeuristicPlayer

        return HeuristicPlayer(seed)
    if name == "pimc":
        from .levels import LEVELS
        from .pimc import PimcPlayer

        level_name, *tweaks = arg.split(",")
        if level_name not in LEVELS:
            raise ValueError(f"unknown level {level_name!r} (beginner, standard, expert)")
        return PimcPlayer(seed, _tweaked(LEVELS[level_name], tweaks))
    if "." in name:
        cls = getattr(importlib.import_module(name), arg)
        player: Player = cls(seed=seed)
        return player
    raise ValueError(f"unknown player {spec!r}")
