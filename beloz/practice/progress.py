"""The person's progress: one record per match, ``progress.json`` in the user data dir.

A record says, for one match: its id (``GameFlow.match_id``), ruleset, computer level,
the day it began, per skill the decisions counted and the points lost at them (the
person's own decisions of the match's reviewed hands: ``practice.losses``, hints followed
left out), whether undo was used (such a match is counted apart, as in the statistics),
and its result once it ends.  A record is written again, whole, each time a review of the
match arrives and when the match ends: recomputed from the match's kept hands, so a hand
reviewed twice counts once.

The Progress screen reads it: ``series`` (each match's average loss per decision, in the
order played), ``trend`` (least squares), ``by_skill``, ``wins_by_level``, ``overall``.

Since schema 2 it also keeps, per hand the person replayed with « Show me how »
(``practice.duplicate``), a ``HandDuplicate``: the match, the hand's number, the ruleset,
the day, the person's margin and Expert's in the person's seat on the same cards (the
hand's points as the score records them, the person's team minus the other).  The
Progress screen plots each one's difference, hand by hand per ruleset, with its trend
(``duplicate_series``).  A schema 1 file (no hands) reads as before.

The file follows the other files' rules (docs/files.md): ``schema`` 2, written atomically
(``storage.write_json``), read with ``storage.load_json`` (a file that cannot be read is
set aside as ``progress.json.bak`` with a message, and progress starts again); a damaged
record is left out, the others kept, and the file as it was copied to ``.bak`` with a
message.  At most ``MAX_MATCHES`` records (the oldest dropped).  Never an exception at the
person.  No pygame.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from beloz import storage
from beloz.practice.losses import Loss, decision_losses
from beloz.practice.problem import SKILLS, _is_level
from beloz.rules import checked
from beloz.rules.ruleset import RULESETS

FILENAME = "progress.json"
#: 2: the hands replayed by Expert (``hands``); a file of schema 1 has none and still loads.
SCHEMA = 2
#: Hands replayed by Expert kept at most (the oldest dropped).
MAX_HANDS = 5000
#: A hand's margin read from the file is at most this (a capot with every announcement,
#: doubled twice, stays far below it).
MAX_MARGIN = 10_000
#: Records kept at most, past it the oldest dropped: nearly three years of a match a day.
#: A record is at most about 530 bytes as written (every skill, a level per seat): the
#: file stays under 600 kB, read and written whole in under 0.1 s (2 busy cores) at the
#: score screen (a review arriving, a match's end), never during a hand's play.
MAX_MATCHES = 1000
#: A count read from the file is at most this; a loss sum at most this many points a
#: decision (a decision's loss is a hand's margin at most).
MAX_COUNT = 10**6
MAX_LOSS_PER_DECISION = 1000.0
RESULTS = ("won", "lost")


@dataclass
class MatchRecord:
    """One match's counted decisions (per skill: decisions, points lost) and result."""

    id: str
    ruleset: str
    level: str
    date: dt.date
    skills: dict[str, tuple[int, float]] = field(default_factory=dict)
    undo: bool = False
    result: str | None = None  # "won", "lost", or None while it is played

    @property
    def decisions(self) -> int:
        return sum(n for n, _ in self.skills.values())

    @property
    def lost(self) -> float:
        return sum(s for _, s in self.skills.values())

    @property
    def mean(self) -> float | None:
        """The average loss per decision (None with no decision counted)."""
        n = self.decisions
        return self.lost / n if n else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ruleset": self.ruleset,
            "level": self.level,
            "date": self.date.isoformat(),
            "skills": {k: [n, round(s, 2)] for k, (n, s) in self.skills.items()},
            "undo": self.undo,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, d: object) -> MatchRecord:
        """A record read from the file; ValueError when damaged."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        mid = d.get("id")
        if not isinstance(mid, str) or not 0 < len(mid) <= 64:
            raise ValueError("bad id")
        ruleset = d.get("ruleset")
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            raise ValueError("bad ruleset")
        level = d.get("level")
        if not _is_level(level):
            raise ValueError("bad level")
        date = d.get("date")
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError("bad date")
        day = dt.date.fromisoformat(date)
        raw = d.get("skills")
        if not isinstance(raw, dict):
            raise ValueError("bad skills")
        skills: dict[str, tuple[int, float]] = {}
        for k, v in raw.items():
            if k not in SKILLS or not isinstance(v, list) or len(v) != 2:
                raise ValueError("bad skill")
            n = checked.integer(v[0], "count", 0, MAX_COUNT, says="bad count")
            s = checked.number(v[1], "loss", n * MAX_LOSS_PER_DECISION, lo=0, says="bad loss")
            skills[k] = (n, float(s))
        undo = checked.boolean(d.get("undo"), "undo", says="bad undo")
        result = d.get("result")
        if result is not None and result not in RESULTS:
            raise ValueError("bad result")
        return cls(mid, ruleset, str(level), day, skills, undo, result)


@dataclass
class HandDuplicate:
    """A hand the person played and Expert replayed in the person's seat on the same deal
    against the same computer players (« Show me how »): the margins (the person's team's
    hand score minus the other team's) of the person's line and of Expert's."""

    match: str
    hand: int
    ruleset: str
    date: dt.date
    person: int
    expert: int

    @property
    def key(self) -> str:
        return f"{self.match}#{self.hand}"

    @property
    def difference(self) -> int:
        """The person's margin minus Expert's (above 0: the person did better)."""
        return self.person - self.expert

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match, "hand": self.hand, "ruleset": self.ruleset,
                "date": self.date.isoformat(), "person": self.person, "expert": self.expert}

    @classmethod
    def from_dict(cls, d: object) -> HandDuplicate:
        """A hand read from the file; ValueError when damaged."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        mid = d.get("match")
        if not isinstance(mid, str) or not 0 < len(mid) <= 64:
            raise ValueError("bad match id")
        number = checked.integer(d.get("hand"), "hand", 1, MAX_COUNT, says="bad hand number")
        ruleset = d.get("ruleset")
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            raise ValueError("bad ruleset")
        date = d.get("date")
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError("bad date")
        day = dt.date.fromisoformat(date)
        margins = []
        for name in ("person", "expert"):
            margins.append(checked.integer(d.get(name), name, -MAX_MARGIN, MAX_MARGIN,
                                           says=f"bad {name}"))
        return cls(mid, number, ruleset, day, margins[0], margins[1])


def match_record(match_id: str, ruleset: str, level: str, kept: Iterable[Any],
                 hinted: Mapping[int, Iterable[int]], undo: bool, result: str | None,
                 today: dt.date) -> MatchRecord:
    """A match's record from its kept hands (``HandKept``: ``number``, ``hand``,
    ``review``, ``practice``): the person's (seat 0) counted decisions of every reviewed
    hand of the match, those where a hint was followed (``hinted``: per hand number, the
    decisions' numbers) left out; practice hands ("Play this deal again") stay out."""
    losses: list[Loss] = []
    for k in kept:
        if getattr(k, "practice", False) or k.review is None or k.review.seat != 0:
            continue
        losses += decision_losses(k.hand, k.review, hinted.get(k.number, ()))
    return MatchRecord(match_id, ruleset, level, today, skill_sums(losses), undo, result)


def record_duplicate(hand: HandDuplicate) -> list[str]:
    """Put a hand replayed by Expert in ``progress.json``; messages for the person."""
    progress, messages = load_progress()
    progress.add_hand(hand)
    error = save_progress(progress)
    return messages + ([error] if error else [])


def record_match(record: MatchRecord) -> list[str]:
    """Put a match's record in ``progress.json``; messages for the person (a damaged file
    set aside, a disk that refused)."""
    progress, messages = load_progress()
    progress.update(record)
    error = save_progress(progress)
    return messages + ([error] if error else [])


def skill_sums(losses: Iterable[Loss]) -> dict[str, tuple[int, float]]:
    """Per skill: the decisions and the points lost (in ``SKILLS``' order)."""
    acc: dict[str, list[float]] = {}
    for x in losses:
        a = acc.setdefault(x.skill, [0, 0.0])
        a[0] += 1
        a[1] += x.lost
    return {k: (int(acc[k][0]), acc[k][1]) for k in SKILLS if k in acc}


@dataclass
class Progress:
    """The match records, in the order the matches began."""

    matches: dict[str, MatchRecord] = field(default_factory=dict)
    #: The hands replayed by Expert (``HandDuplicate.key``), in the order recorded.
    hands: dict[str, HandDuplicate] = field(default_factory=dict)

    def update(self, record: MatchRecord) -> None:
        """Put a match's record (replacing the one of the same id, which keeps its place
        and its first day, and its result unless the new one has one)."""
        old = self.matches.get(record.id)
        if old is not None:
            record.date = old.date
            record.result = record.result or old.result
            record.undo = record.undo or old.undo
        elif len(self.matches) >= MAX_MATCHES:
            del self.matches[next(iter(self.matches))]
        self.matches[record.id] = record

    def of(self, ruleset: str, undo: bool = False) -> list[MatchRecord]:
        """The records of a ruleset: the matches played without undo (or, ``undo``, only
        those with it), in the order played."""
        return [m for m in self.matches.values() if m.ruleset == ruleset and m.undo == undo]

    def add_hand(self, hand: HandDuplicate) -> None:
        """Keep a hand replayed by Expert (a hand replayed again replaces the first, in
        its place)."""
        if hand.key not in self.hands and len(self.hands) >= MAX_HANDS:
            del self.hands[next(iter(self.hands))]
        self.hands[hand.key] = hand

    def hands_of(self, ruleset: str) -> list[HandDuplicate]:
        """The hands of a ruleset replayed by Expert, in the order recorded."""
        return [x for x in self.hands.values() if x.ruleset == ruleset]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "matches": [m.to_dict() for m in self.matches.values()],
                "hands": [x.to_dict() for x in self.hands.values()]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Progress, int]:
        """The records of a loaded file, and how many were damaged (left out).  A file of
        schema 1 has no ``hands``."""
        raw = data.get("matches", [])
        if not isinstance(raw, list):
            return cls(), 1
        matches, bad = storage.keyed_items(raw[-MAX_MATCHES:], MatchRecord.from_dict,
                                           lambda m: m.id)
        bad += max(0, len(raw) - MAX_MATCHES)
        raw_hands = data.get("hands", [])
        if not isinstance(raw_hands, list):
            return cls(matches), bad + 1
        hands, bad_hands = storage.keyed_items(raw_hands[-MAX_HANDS:],
                                               HandDuplicate.from_dict, lambda x: x.key)
        return cls(matches, hands), bad + bad_hands + max(0, len(raw_hands) - MAX_HANDS)


# -- what the screen shows ---------------------------------------------------------------


def series(records: Sequence[MatchRecord]) -> list[float]:
    """Each match's average loss per decision, in the order played (matches with no
    decision counted left out)."""
    return [m.mean for m in records if m.mean is not None]


def duplicate_series(hands: Sequence[HandDuplicate]) -> list[int]:
    """Each hand's points against Expert in the person's seat (the person's margin minus
    Expert's), in the order recorded."""
    return [x.difference for x in hands]


def skill_series(records: Sequence[MatchRecord], skill: str) -> list[float]:
    """Each match's average loss per decision of one skill, in the order played (matches
    with no decision of that skill left out)."""
    return [s / n for m in records for n, s in [m.skills.get(skill, (0, 0.0))] if n]


def trend(ys: Sequence[float]) -> tuple[float, float] | None:
    """The least-squares line through ``(i, ys[i])``: (intercept, slope); None for fewer
    than two points."""
    n = len(ys)
    if n < 2:
        return None
    mx = (n - 1) / 2
    my = sum(ys) / n
    sxx = sum((i - mx) ** 2 for i in range(n))
    slope = sum((i - mx) * (y - my) for i, y in enumerate(ys)) / sxx
    return my - slope * mx, slope


def by_skill(records: Iterable[MatchRecord]) -> dict[str, tuple[int, float]]:
    """Per skill (``SKILLS``' order): decisions, and the average loss per decision."""
    acc: dict[str, list[float]] = {}
    for m in records:
        for k, (n, s) in m.skills.items():
            a = acc.setdefault(k, [0, 0.0])
            a[0] += n
            a[1] += s
    return {k: (int(acc[k][0]), acc[k][1] / acc[k][0]) for k in SKILLS
            if k in acc and acc[k][0]}


def overall(records: Sequence[MatchRecord]) -> tuple[float, float, int]:
    """The average loss per decision over the matches, its 95% half-width (each match
    one draw: ``level_scale.ratio_interval``) and the decisions counted."""
    from beloz.practice.level_scale import ratio_interval

    parts = [(m.decisions, m.lost) for m in records]
    mean, half = ratio_interval(parts)
    return mean, half, sum(n for n, _ in parts)


def wins_by_level(records: Iterable[MatchRecord]) -> dict[str, tuple[int, int]]:
    """Per level setting: finished matches, and those won."""
    out: dict[str, tuple[int, int]] = {}
    for m in records:
        if m.result is None:
            continue
        played, won = out.get(m.level, (0, 0))
        out[m.level] = (played + 1, won + (m.result == "won"))
    return out


# -- the file ----------------------------------------------------------------------------


def progress_path() -> Path:
    return storage.data_dir() / FILENAME


def load_progress() -> tuple[Progress, list[str]]:
    """The saved records (none yet: empty) and messages for the person."""
    return storage.load_records(
        progress_path(), schema_version=SCHEMA,
        set_aside_message="files.match_progress_set_aside",
        left_out_message="files.match_progress_left_out",
        empty=Progress, from_dict=Progress.from_dict)


def save_progress(progress: Progress) -> str | None:
    """Save atomically; None, or a message for the person when the disk refused."""
    return storage.write_json(progress_path(), progress.to_dict())
