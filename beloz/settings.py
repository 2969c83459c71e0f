"""The player's settings: a frozen value, loaded and saved as settings.json in the user data
dir.  Loading never fails: a damaged file gives the defaults (the file is kept as .bak), a
bad value gives that field's default, unknown keys are ignored; each problem comes back as
a message for the player."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import storage
from .i18n import system_language
from .rules import checked
from .rules.ruleset import RULESETS

SCHEMA = 1
FILENAME = "settings.json"

LANGUAGES = ("en", "fr")
LEVELS = ("beginner", "standard", "expert")
TARGET_RANGE = (500, 5000)
ANIMATION_SPEED_RANGE = (0.25, 4.0)
VOLUME_RANGE = (0.0, 1.0)
#: The spoken table (beloz.ui.speech): "auto" speaks when a screen reader runs (where the
#: system tells), "on" always, "off" never.
SPOKEN_TABLE = ("auto", "on", "off")
#: The text sizes offered, in percent of the game's own (beloz.ui.textsize).
TEXT_SIZES = (100, 125, 150, 200)
MIN_WINDOW = (960, 600)
DEFAULT_WINDOW = (1280, 800)


def settings_path() -> Path:
    return storage.data_dir() / FILENAME


# -- field checks: each returns the normalised value or raises ValueError ------------------


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    def check(v: object) -> str:
        if not isinstance(v, str) or v not in options:
            raise ValueError(f"expected one of {', '.join(options)}")
        return v

    return check


def seat_levels(level: str) -> tuple[str, str, str]:
    """The levels of seats 1, 2 (the partner) and 3 from a ``level`` setting: one level for
    the three computer seats, or three separated by commas (``"beginner,expert,beginner"``).
    ValueError for anything else."""
    parts = level.split(",")
    if len(parts) == 1:
        parts = parts * 3
    if len(parts) != 3 or any(p not in LEVELS for p in parts):
        raise ValueError(
            f"expected one of {', '.join(LEVELS)}, or three of them separated by commas"
        )
    return (parts[0], parts[1], parts[2])


def level_value(levels: tuple[str, str, str] | list[str]) -> str:
    """The ``level`` setting for the levels of seats 1, 2 and 3 (one name when they agree)."""
    value = levels[0] if len(set(levels)) == 1 else ",".join(levels)
    seat_levels(value)  # checks
    return value


def _level(v: object) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected one of {', '.join(LEVELS)}")
    return level_value(seat_levels(v))


def _ruleset(v: object) -> str:
    if not isinstance(v, str) or v not in RULESETS:
        raise ValueError(f"expected one of {', '.join(RULESETS)}")
    return v


def _ruleset_or_none(v: object) -> str:
    """A ruleset, or "" (none chosen: Practice follows the game's ruleset)."""
    return "" if v == "" else _ruleset(v)


def _places(v: object) -> str:
    """Practice's place in each ruleset's built-in problems: "beloz:5,belot-bulgare:2"."""
    if not isinstance(v, str):
        raise ValueError("expected ruleset:number pairs")
    for pair in filter(None, v.split(",")):
        name, _, n = pair.partition(":")
        if name not in RULESETS or not n.isdigit() or int(n) > 999:
            raise ValueError("expected ruleset:number pairs")
    return v


def _int_in(lo: int, hi: int) -> Callable[[object], int]:
    def check(v: object) -> int:
        return checked.integer(v, "setting", lo, hi,
                               says=f"expected a whole number from {lo} to {hi}")

    return check


def _float_in(lo: float, hi: float) -> Callable[[object], float]:
    def check(v: object) -> float:
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise ValueError(f"expected a number from {lo} to {hi}")
        try:
            x = float(v)
        except OverflowError:  # a JSON integer beyond a float's range (10**400)
            x = math.inf
        if not math.isfinite(x) or not lo <= x <= hi:
            raise ValueError(f"expected a number from {lo} to {hi}")
        return x

    return check


def _text_size(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int | float) or v not in TEXT_SIZES:
        raise ValueError(f"expected one of {', '.join(map(str, TEXT_SIZES))}")
    return int(v)


def _bool(v: object) -> bool:
    return checked.boolean(v, "setting", says="expected true or false")


def _window(v: object) -> tuple[int, int]:
    if (
        isinstance(v, list | tuple)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        and MIN_WINDOW[0] <= v[0] <= 16384
        and MIN_WINDOW[1] <= v[1] <= 16384
    ):
        return (int(v[0]), int(v[1]))
    raise ValueError(f"expected [width, height], at least {MIN_WINDOW[0]} x {MIN_WINDOW[1]}")


_CHECKS: dict[str, Callable[[object], Any]] = {
    "language": _choice(LANGUAGES),
    "ruleset": _ruleset,
    "target": _int_in(*TARGET_RANGE),
    "level": _level,
    "animation_speed": _float_in(*ANIMATION_SPEED_RANGE),
    "animations": _bool,
    "keep_bubbles": _bool,
    "distinct_colours": _bool,
    "text_size": _text_size,
    "auto_declare": _bool,
    "sound": _bool,
    "volume": _float_in(*VOLUME_RANGE),
    "fullscreen": _bool,
    "window_size": _window,
    "classic_overlay": _bool,
    "auto_hint": _bool,
    "allow_undo": _bool,
    "practice_ruleset": _ruleset_or_none,
    "practice_places": _places,
    "spoken_table": _choice(SPOKEN_TABLE),
}


@dataclass(frozen=True)
class Settings:
    """Every field is checked on construction (ValueError for a bad value)."""

    language: str = field(default_factory=system_language)
    ruleset: str = "beloz"
    target: int = 1000
    #: The computer players' level: one for the three seats, or "seat1,seat2,seat3" (seat 2
    #: is the partner); see ``seat_levels``.
    level: str = "standard"
    animation_speed: float = 1.0
    #: False: no card moves, each goes to its place at once (the pauses to read, the
    #: sounds and the game's pace stay, at ``animation_speed``).
    animations: bool = True
    #: What a seat says (a bid, a cut, an announcement) stays until the next bid or card.
    keep_bubbles: bool = False
    #: The plains' second palette: four colours far apart under every colour blindness.
    distinct_colours: bool = False
    #: Every text and the panels around it, in percent (``TEXT_SIZES``), as far as the
    #: window has room (beloz.ui.textsize).
    text_size: int = 100
    auto_declare: bool = True
    sound: bool = True
    volume: float = 0.8
    fullscreen: bool = False
    window_size: tuple[int, int] = DEFAULT_WINDOW
    classic_overlay: bool = False
    auto_hint: bool = False  # a hint on every turn, for beginners
    allow_undo: bool = False  # take back a card or a bid (such matches are counted apart)
    #: Practice's own ruleset ("": the game's), and its place in each ruleset's built-in
    #: problems (the first not yet solved, in the list's order).
    practice_ruleset: str = ""
    practice_places: str = ""
    #: Whether the table speaks (``SPOKEN_TABLE``): off for a sighted player unless asked,
    #: on by itself for one whose screen reader runs.
    spoken_table: str = "auto"

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            try:
                value = check(getattr(self, name))
            except ValueError as err:
                raise ValueError(f"setting {name}: {err}") from None
            object.__setattr__(self, name, value)

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (checked: ValueError for a bad value)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"schema": SCHEMA}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            d[f.name] = list(value) if isinstance(value, tuple) else value
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a loaded file: unknown keys ignored, missing keys and bad values
        take the default (one message per bad value)."""
        defaults = cls()
        good: dict[str, Any] = {}
        messages: list[str] = []
        for name, check in _CHECKS.items():
            if name not in data:
                continue
            try:
                good[name] = check(data[name])
            except ValueError as err:
                default = getattr(defaults, name)
                messages.append(
                    f"Setting {name!r} in {FILENAME} was invalid ({err}); "
                    f"using the default {default!r}."
                )
        return dataclasses.replace(defaults, **good), messages


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there are none), and messages for the player."""
    path = settings_path()
    loaded = storage.load_json(path, schema_version=SCHEMA)
    if loaded.data is None:
        return Settings(), loaded.messages
    settings, messages = Settings.from_dict(loaded.data)
    storage.keep_copy(path, messages)  # the values reset are lost at the next write
    return settings, loaded.messages + messages


def save_settings(settings: Settings) -> str | None:
    """Save atomically; returns None, or a message for the player when the disk refused."""
    return storage.write_json(settings_path(), settings.to_dict())
