"""Which lessons the person finished or skipped: ``tutorial.json`` in the user data dir.

Written with ``storage.write_json`` (atomic); a file that cannot be read is set aside as
``tutorial.json.bak`` by ``storage.load_json`` with a message for the person, and the
tutorial starts again from the first lesson: never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from beloz import storage

FILENAME = "tutorial.json"
SCHEMA = 1


@dataclass
class Progress:
    done: list[str] = field(default_factory=list)  # lessons finished, in the order finished
    skipped: list[str] = field(default_factory=list)

    def finish(self, lesson: str) -> None:
        if lesson not in self.done:
            self.done.append(lesson)
        if lesson in self.skipped:
            self.skipped.remove(lesson)

    def skip(self, lesson: str) -> None:
        if lesson not in self.done and lesson not in self.skipped:
            self.skipped.append(lesson)

    def next_lesson(self, names: list[str]) -> int:
        """The first lesson neither finished nor skipped (0 when all are)."""
        for i, name in enumerate(names):
            if name not in self.done and name not in self.skipped:
                return i
        return 0

    def to_dict(self) -> dict[str, object]:
        return {"schema": SCHEMA, "done": list(self.done), "skipped": list(self.skipped)}


def progress_path() -> Path:
    return storage.data_dir() / FILENAME


def _names(value: object) -> list[str]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, str) and len(v) <= 80][:100]


def load_progress() -> tuple[Progress, list[str]]:
    """The saved progress (none yet: empty) and messages for the person."""
    loaded = storage.load_json(progress_path(), schema_version=SCHEMA)
    if loaded.data is None:
        return Progress(), loaded.messages
    return Progress(_names(loaded.data.get("done")), _names(loaded.data.get("skipped"))), \
        loaded.messages


def save_progress(progress: Progress) -> str | None:
    """Save atomically; None, or a message for the person when the disk refused."""
    return storage.write_json(progress_path(), progress.to_dict())
