"""Checked readers: a value read from a file (the save, a hand record, a kept review, a
practice problem, the settings) as the type its field needs, or an error naming the field.

Each reader takes the value and ``what`` (the field, for the message) and returns the value
typed; anything else raises ``error`` (``ValueError`` unless the caller gives its own type,
``BadSave``, ``RecordError``...), with the reader's message, or ``says`` when the caller words
its failures its own way.  ``True`` is no whole number here (``bool`` is an ``int`` subclass
in Python, never in a file).

In ``beloz.rules`` so that every module that reads a file may import it: it imports only the
card codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import parse

#: What a reader raises: an exception type taking the message (``ValueError``, ``BadSave``...).
Error = Callable[[str], Exception]


def integer(v: object, what: str, lo: int | None = None, hi: int | None = None, *,
            error: Error = ValueError, says: str | None = None) -> int:
    """A whole number (not a bool) from ``lo`` to ``hi`` (each None: no bound)."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise error(says or f"{what}: not a whole number")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise error(says or f"{what}: {v} out of range")
    return v


def number(v: object, what: str, limit: float, *, lo: float | None = None,
           error: Error = ValueError, says: str | None = None) -> float:
    """A number (int or float, not a bool) from ``lo`` (``-limit`` unless given) to
    ``limit``, as it is written (a whole number stays an ``int``)."""
    low = -limit if lo is None else lo
    if isinstance(v, bool) or not isinstance(v, int | float) or not low <= v <= limit:
        raise error(says or f"{what}: {v!r} is not a number from {low} to {limit}")
    return v


def boolean(v: object, what: str, *, error: Error = ValueError, says: str | None = None) -> bool:
    if not isinstance(v, bool):
        raise error(says or f"{what}: not true/false")
    return v


def list_of(v: object, what: str, n: int | None = None, *, error: Error = ValueError,
            says: str | None = None) -> list[Any]:
    """A list (of ``n`` items when ``n`` is given); its items are the caller's to read."""
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise error(says or f"{what}: expected a list" + (f" of {n}" if n is not None else ""))
    return v


def mapping(v: object, what: str, *, error: Error = ValueError,
            says: str | None = None) -> dict[str, Any]:
    """A JSON object; its fields are the caller's to read."""
    if not isinstance(v, dict):
        raise error(says or f"{what}: expected an object")
    return v


def pair(v: object, what: str, *, error: Error = ValueError) -> tuple[int, int]:
    """Two whole numbers (a team's and the other's)."""
    a, b = list_of(v, what, 2, error=error)
    return (integer(a, what, error=error), integer(b, what, error=error))


def card(v: object, what: str, *, error: Error = ValueError, says: str | None = None) -> int:
    """A card from its code (``"N8"``)."""
    try:
        return parse(v)  # type: ignore[arg-type]
    except ValueError as err:
        raise error(says or f"{what}: {err}") from None


def cards(v: object, what: str, n: int | None = None, *,
          error: Error = ValueError) -> list[int]:
    """A list of card codes (``n`` of them when given), as cards."""
    return [card(x, what, error=error) for x in list_of(v, what, n, error=error)]


def pack(v: object, what: str, *, error: Error = ValueError) -> list[int]:
    """The 32 cards once each, in their order."""
    out = cards(v, what, 32, error=error)
    if sorted(out) != list(range(32)):
        raise error(f"{what}: not the 32 cards once each")
    return out


__all__ = ["Error", "boolean", "card", "cards", "integer", "list_of", "mapping", "number",
           "pack", "pair"]
