"""The computer levels' average loss per decision, and where a person's stands among them.

The levels' figures are measured by ``bench/level_losses.py`` (each level playing at all
four seats, its seat 0 reviewed by the game's own review and counted as a person's is:
``practice.losses``) and shipped in ``level_losses.json`` beside this module.  No pygame.

``place(mean, half, decisions, levels)`` says where a person's mean loss (with its own
95% half-width) falls:

- ``too_few``: fewer than ``MIN_DECISIONS`` counted decisions (no place said);
- ``like``: its interval overlaps a level's (the nearest such level);
- ``between``: between two levels, overlapping neither;
- ``below``: losing more than the level that loses the most (Beginner), beyond its interval;
- ``beyond``: losing less than the level that loses the least (Expert), beyond its interval.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from beloz.rules import checked

LEVEL_ORDER = ("beginner", "standard", "expert")
DATA = Path(__file__).resolve().parent / "level_losses.json"
#: Counted decisions below which a person's average is not placed (a few hands: its
#: interval would span the whole scale).
MIN_DECISIONS = 30
#: A level's figure read from the file is within this (points of margin a decision).
MAX_LOSS = 1000.0


@dataclass(frozen=True, slots=True)
class LevelLoss:
    """A level's average loss per decision, its 95% half-width, and the decisions behind."""

    mean: float
    half_width: float
    decisions: int


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a person's average falls: ``kind`` (see the module), the level or levels it is
    said against (``like``: one; ``between``: the weaker then the stronger; ``below`` and
    ``beyond``: the end level; ``too_few``: none)."""

    kind: str
    levels: tuple[str, ...] = ()


def ratio_interval(parts: Sequence[tuple[int, float]]) -> tuple[float, float]:
    """The mean loss per decision over parts of (decisions, points lost) (hands, or
    matches) and its 95% half-width, each part one draw of the ratio (the decisions of one
    hand are not independent); inf when it cannot be told (fewer than two parts)."""
    n = sum(d for d, _ in parts)
    if n == 0:
        return 0.0, math.inf
    mean = sum(s for _, s in parts) / n
    if sum(1 for d, _ in parts if d) < 2:
        return mean, math.inf
    resid = sum((s - mean * d) ** 2 for d, s in parts)
    k = len(parts)
    se = math.sqrt(resid * k / (k - 1)) / n
    return mean, 1.96 * se


def parse_levels(doc: object) -> dict[str, dict[str, LevelLoss]]:
    """Per ruleset, per level, from the file's object: whatever is not a level's valid
    figure is left out (a shipped file: nothing to tell the person, the scale just lacks
    it)."""
    out: dict[str, dict[str, LevelLoss]] = {}
    rulesets = doc.get("rulesets") if isinstance(doc, dict) else None
    if not isinstance(rulesets, dict):
        return out
    for name, levels in rulesets.items():
        if not isinstance(name, str) or not isinstance(levels, dict):
            continue
        for level in LEVEL_ORDER:
            d = levels.get(level)
            if not isinstance(d, dict):
                continue
            try:
                mean = checked.number(d.get("mean"), "mean", MAX_LOSS, lo=0)
                half = checked.number(d.get("half_width"), "half_width", MAX_LOSS, lo=0)
                n = checked.integer(d.get("decisions"), "decisions", 1)
            except ValueError:
                continue
            out.setdefault(name, {})[level] = LevelLoss(float(mean), float(half), n)
    return out


@functools.cache
def shipped_levels() -> dict[str, dict[str, LevelLoss]]:
    """The shipped figures (empty when the file is missing or unreadable)."""
    try:
        return parse_levels(json.loads(DATA.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def place(mean: float, half: float, decisions: int, levels: Mapping[str, LevelLoss]
          ) -> Placement:
    """Where a person's mean loss per decision (``half``: its 95% half-width) stands among
    ``levels`` (a ruleset's figures)."""
    if decisions < MIN_DECISIONS or not levels:
        return Placement("too_few")
    # Weakest first: the most points lost first.
    ranked = sorted(levels, key=lambda name: -levels[name].mean)
    near = [name for name in ranked
            if abs(mean - levels[name].mean) <= half + levels[name].half_width]
    if near:
        return Placement("like", (min(near, key=lambda n: abs(mean - levels[n].mean)),))
    if mean > levels[ranked[0]].mean:
        return Placement("below", (ranked[0],))
    if mean < levels[ranked[-1]].mean:
        return Placement("beyond", (ranked[-1],))
    for weaker, stronger in zip(ranked, ranked[1:], strict=False):
        if levels[stronger].mean <= mean <= levels[weaker].mean:
            return Placement("between", (weaker, stronger))
    raise AssertionError("a mean within the scale falls between two of its levels")
