"""The spaced-repetition queue of problems: ``practice.json`` in the user data dir.

Schedule (docs/practice.md):

- a problem added is due the day it is added;
- solved: it comes back after ``INTERVALS`` days, 1 then 3, 7 and 21 (the step is the
  number of times it was solved in all, so a problem failed once does not start over from
  a day);
- failed: it comes back the next day (``AGAIN_AFTER``), not the same day: the answer has
  just been shown, and seeing it again at once would test memory, not play;
- solved ``RETIRE_STREAK`` (3) times in a row: retired (kept, no longer due; counted).

Time is always passed in (``today``, a ``datetime.date``): the tests control it.

The file: ``storage.write_json`` (atomic), ``storage.load_json`` (a file that cannot be
read is set aside as ``practice.json.bak`` with a message, and the queue starts empty); a
damaged entry is left out, the others kept, and the file as it was copied to ``.bak``
(``storage.keep_copy``) with a message.  Never an exception at the person.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from beloz import storage
from beloz.practice.problem import Problem
from beloz.rules import checked

FILENAME = "practice.json"
SCHEMA = 1
INTERVALS = (1, 3, 7, 21)
AGAIN_AFTER = 1
RETIRE_STREAK = 3
#: Problems kept at most: past it, adding one drops a retired one (the oldest added), or
#: else the oldest added (a problem is about 2 kB: the file stays far under
#: ``storage.MAX_LOAD_BYTES``).
MAX_PROBLEMS = 1000
#: A count read from the file is at most this.
MAX_COUNT = 10**6


@dataclass
class Entry:
    """A problem in the queue and where it stands."""

    problem: Problem
    added: dt.date
    due: dt.date
    streak: int = 0  # solved in a row (0 after a failure)
    solved: int = 0  # solved in all (the step on INTERVALS)
    failed: int = 0
    retired: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "problem": self.problem.to_dict(),
            "added": self.added.isoformat(),
            "due": self.due.isoformat(),
            "streak": self.streak,
            "solved": self.solved,
            "failed": self.failed,
            "retired": self.retired,
        }

    @classmethod
    def from_dict(cls, d: object) -> Entry:
        """An entry read from the file; ValueError (``BadProblem`` too) when damaged."""
        d = checked.mapping(d, "entry", says="not an object")
        counts = [checked.integer(d.get(key), key, 0, MAX_COUNT, says=f"bad {key}")
                  for key in ("streak", "solved", "failed")]
        retired = checked.boolean(d.get("retired"), "retired", says="bad retired")
        added, due = _date(d.get("added")), _date(d.get("due"))
        problem = Problem.from_dict(d.get("problem"))
        return cls(problem, added, due, counts[0], counts[1], counts[2], retired)


def _later(today: dt.date, days: int) -> dt.date:
    """``days`` after ``today``, or the last day a date can hold (a clock set near the
    year 9999 must not end the game with an OverflowError)."""
    try:
        return today + dt.timedelta(days=days)
    except OverflowError:
        return dt.date.max


def _date(v: object) -> dt.date:
    if not isinstance(v, str) or len(v) != 10:
        raise ValueError("bad date")
    return dt.date.fromisoformat(v)


@dataclass(frozen=True)
class Counts:
    """What the Practice screen shows: due today, waiting for a later day, retired."""

    due: int
    waiting: int
    retired: int


@dataclass
class Queue:
    """The problems to practise, by id (in the order added), and the answers to the
    built-in problems per ruleset (solved, failed): those are not in the queue, but an
    answer is an answer, and Progress counts them all."""

    entries: dict[str, Entry] = field(default_factory=dict)
    builtin: dict[str, tuple[int, int]] = field(default_factory=dict)

    def add(self, problem: Problem, today: dt.date) -> bool:
        """Add a problem, due today; False when it is already there (its schedule kept)."""
        if problem.id in self.entries:
            return False
        if len(self.entries) >= MAX_PROBLEMS:
            old = [k for k, e in self.entries.items() if e.retired] or list(self.entries)
            del self.entries[min(old, key=lambda k: self.entries[k].added)]
        self.entries[problem.id] = Entry(problem, today, today)
        return True

    def add_all(self, problems: Iterable[Problem], today: dt.date) -> int:
        """Add each problem (the mistakes of a reviewed match); how many were new."""
        return sum(self.add(p, today) for p in problems)

    def due(self, today: dt.date, ruleset: str | None = None) -> list[Problem]:
        """The problems due on ``today`` (or before), the longest waiting first."""
        ready = [e for e in self.entries.values() if not e.retired and e.due <= today
                 and (ruleset is None or e.problem.ruleset == ruleset)]
        ready.sort(key=lambda e: (e.due, e.added))
        return [e.problem for e in ready]

    def record(self, problem_id: str, solved: bool, today: dt.date) -> Entry:
        """Record an answer to a problem (KeyError for an unknown id) and schedule it."""
        e = self.entries[problem_id]
        if solved:
            e.streak += 1
            e.solved = min(e.solved + 1, MAX_COUNT)
            e.retired = e.streak >= RETIRE_STREAK
            e.due = _later(today, INTERVALS[min(e.solved, len(INTERVALS)) - 1])
        else:
            e.streak = 0
            e.failed = min(e.failed + 1, MAX_COUNT)
            e.due = _later(today, AGAIN_AFTER)
        return e

    def record_builtin(self, ruleset: str, solved: bool) -> None:
        """Count an answer to a built-in problem of ``ruleset`` (nothing is scheduled)."""
        right, wrong = self.builtin.get(ruleset, (0, 0))
        self.builtin[ruleset] = (min(right + solved, MAX_COUNT),
                                 min(wrong + (not solved), MAX_COUNT))

    def counts(self, today: dt.date, ruleset: str | None = None) -> Counts:
        mine = [e for e in self.entries.values()
                if ruleset is None or e.problem.ruleset == ruleset]
        due = sum(not e.retired and e.due <= today for e in mine)
        retired = sum(e.retired for e in mine)
        return Counts(due, len(mine) - due - retired, retired)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "problems": [e.to_dict() for e in self.entries.values()],
                "builtin": {k: list(v) for k, v in sorted(self.builtin.items())}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Queue, int]:
        """The queue of a loaded file, and how many entries were damaged (left out)."""
        raw = data.get("problems", [])
        if not isinstance(raw, list):
            return cls(), 1
        entries, bad = storage.keyed_items(raw[:MAX_PROBLEMS], Entry.from_dict,
                                           lambda e: e.problem.id)
        builtin, bad_counts = _builtin_counts(data.get("builtin", {}))
        return cls(entries, builtin), bad + bad_counts + max(0, len(raw) - MAX_PROBLEMS)


def _builtin_counts(raw: object) -> tuple[dict[str, tuple[int, int]], int]:
    """The built-in answers read from the file (a file from before they were kept has
    none), and how many were damaged (left out)."""
    if not isinstance(raw, dict):
        return {}, 1
    out: dict[str, tuple[int, int]] = {}
    bad = 0
    for name, pair in raw.items():
        try:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError("bad counts")
            out[str(name)] = (checked.integer(pair[0], "solved", 0, MAX_COUNT),
                              checked.integer(pair[1], "failed", 0, MAX_COUNT))
        except ValueError:
            bad += 1
    return out, bad


def today() -> dt.date:
    """The day of the person's clock (one place, so that tests can set it)."""
    return dt.date.today()


def practice_path() -> Path:
    return storage.data_dir() / FILENAME


#: The messages of loads whose caller did not show them (the menu's due count loads the
#: queue first, and sets a damaged file aside): the Practice screen says them when it opens
#: (``take_unsaid``), else the file would be gone without a word.
_unsaid: list[tuple[str, str]] = []  # (the file, the message)


def load_queue() -> tuple[Queue, list[str]]:
    """The saved queue (none yet: empty) and messages for the person.  The messages are
    also kept until ``take_unsaid`` (for a caller that shows none)."""
    queue, messages = storage.load_records(
        practice_path(), schema_version=SCHEMA, set_aside_message="files.practice_set_aside",
        left_out_message="files.practice_reset", empty=Queue, from_dict=Queue.from_dict)
    path = str(practice_path())
    _unsaid.extend((path, m) for m in messages if (path, m) not in _unsaid)
    return queue, messages


def take_unsaid() -> list[str]:
    """The messages of the loads of ``practice.json`` not yet taken (each once), in order;
    then none."""
    path = str(practice_path())
    out = [m for p, m in _unsaid if p == path]
    _unsaid[:] = [(p, m) for p, m in _unsaid if p != path]
    return out


def save_queue(queue: Queue) -> str | None:
    """Save atomically; None, or a message for the person when the disk refused."""
    return storage.write_json(practice_path(), queue.to_dict())
