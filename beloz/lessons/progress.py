"""Which lessons the person finished or skipped: ``tutorial.json`` in the user data dir.

Written with ``storage.write_json`` (atomic); a file that cannot be read is set aside as
``tutorial.json.bak`` by ``storage.load_json`` with a message for the person, and the
tutorial starts again from the first lesson: never a crash.  A damaged value (a list that is
not one, a name that is not text) is dropped, the others kept, and the file as it was copied
to ``tutorial.json.bak`` (``storage.keep_copy``) with a message, as settings and statistics do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from beloz import storage
from beloz.i18n import tr

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


#: Far more lessons than the tutorial has, and far longer names.
MAX_NAMES = 100
MAX_NAME_LENGTH = 80


def _names(value: object) -> tuple[list[str], bool]:
    """The lesson names of a list, and whether anything else was dropped (damage)."""
    if value is None:
        return [], False
    if not isinstance(value, list):
        return [], True
    names = [v for v in value if isinstance(v, str) and len(v) <= MAX_NAME_LENGTH]
    return names[:MAX_NAMES], len(names) != len(value) or len(names) > MAX_NAMES


def load_progress() -> tuple[Progress, list[str]]:
    """The saved progress (none yet: empty) and messages for the person."""
    path = progress_path()
    loaded = storage.load_json(path, schema_version=SCHEMA,
                               set_aside_message="files.tutorial_set_aside")
    if loaded.data is None:
        return Progress(), loaded.messages
    done, bad_done = _names(loaded.data.get("done"))
    skipped, bad_skipped = _names(loaded.data.get("skipped"))
    messages = [tr("files.progress_reset", name=path.name)] if bad_done or bad_skipped else []
    storage.keep_copy(path, messages)  # the lessons dropped are lost at the next write
    return Progress(done, skipped), loaded.messages + messages


def save_progress(progress: Progress) -> str | None:
    """Save atomically; None, or a message for the person when the disk refused."""
    return storage.write_json(progress_path(), progress.to_dict())
