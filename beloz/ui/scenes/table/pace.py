"""How time goes at the table, read from the settings: the speed of its pauses and of its
cards' flights (``animation_speed``), the animations on or off (``animations``: off, a card
is at its place at once, while the pauses to read, the deal's rhythm and the sounds stay),
and the speech bubbles kept until the next bid or card (``keep_bubbles``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

T_BUBBLE = 1.1  # what a seat says stays this long and 0.6 s more (divided by the speed)


@dataclass
class Pace:
    speed: float = 1.0
    motion: bool = True
    keep_bubbles: bool = False

    @classmethod
    def of(cls, settings: Any) -> Pace:
        """The pace the settings ask for (the defaults for a missing or empty value)."""
        return cls(max(0.25, float(getattr(settings, "animation_speed", 1.0) or 1.0)),
                   bool(getattr(settings, "animations", True)),
                   bool(getattr(settings, "keep_bubbles", False)))

    def dur(self, seconds: float) -> float:
        """A pause or a delay (to read a bid, to see who won, between the deal's packets),
        at the speed chosen: kept when the animations are off."""
        return seconds / self.speed

    def move(self, seconds: float) -> float:
        """How long a card takes to move or turn over: none when the animations are off."""
        return seconds / self.speed if self.motion else 0.0

    def bubble(self, held: bool, fast: bool) -> tuple[float | None, bool]:
        """(its time in seconds, None until released; kept) for what a seat says: ``held``
        until released (a bid, until the first card: gone in a second, it was not read);
        else, with keep_bubbles, kept until the next bid or card; else for a moment."""
        if held:
            return None, False
        if self.keep_bubbles and not fast:
            return None, True
        return (0.0 if fast else self.dur(T_BUBBLE)) + 0.6, False
