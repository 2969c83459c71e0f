"""Where BeloZ keeps its files, and the one way it writes and reads them.

Contracts (DESIGN.md, "Conventions"):

- every file lives in ``data_dir()``: the platformdirs user data dir of
  ``PlatformDirs("BeloZ", appauthor=False)``, or ``$BELOZ_DATA_DIR`` when set (tests);
- every write goes through ``atomic_write_text``: a temp file in the same directory,
  flushed and fsynced, then ``os.replace``d over the target, so a crash or a power cut
  leaves either the old file or the new one, never half of one;
- a file that cannot be parsed is set aside as ``<name>.bak`` (an older ``.bak`` is
  overwritten) and the caller gets ``None`` and a message for the player, never an
  exception;
- a failed write (read-only disk, disk full, no permission) is reported as a message,
  never an exception, so the game goes on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from platformdirs import PlatformDirs

from beloz.i18n import tr

log = logging.getLogger(__name__)

T = TypeVar("T")

APP_NAME = "BeloZ"
ENV_DATA_DIR = "BELOZ_DATA_DIR"


def data_dir() -> Path:
    """The user data dir (not created here: writes create it when needed)."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    return Path(PlatformDirs(APP_NAME, appauthor=False).user_data_dir)


def logs_dir() -> Path:
    return data_dir() / "logs"


def shown(path: Path | str) -> str:
    """``path`` as it may be printed: a name that is not valid UTF-8 (a byte such as 0xff,
    which Python keeps as a lone surrogate) shows that byte as ``\\xff``, so that a strict
    UTF-8 output (``PYTHONIOENCODING=utf-8:strict``) or a log file does not fail on it."""
    return os.fsdecode(path).encode("utf-8", "surrogateescape").decode("utf-8",
                                                                       "backslashreplace")


def backup_path(path: Path) -> Path:
    """``settings.json`` → ``settings.json.bak``."""
    return path.with_name(path.name + ".bak")


# -- writing --------------------------------------------------------------------------------


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where directories cannot be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: Called with each path ``atomic_write_text`` has written, once written: the autoplay's test
#: hook ``--hang-after-write`` (``beloz.cli.autoplay.Hooks``) adds one and removes it.
after_write: list[Callable[[Path], None]] = []


def atomic_write_text(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; creates the directory if needed.

    Raises OSError when the write fails; the old file, if any, is then untouched and no
    temp file is left behind.  Callers that must not fail use ``write_json``.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        # A file where the folder should be: said "a file in the way", not "(File exists)".
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR),
                                 err.filename) from None
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    _reported.discard(str(path))  # written again: a new failure is worth a new line
    for hook in after_write:
        hook(path)


def dumps(obj: Any, *, compact: bool = False) -> str:
    """The JSON spelling of every file BeloZ writes: UTF-8, no NaN; indented for the files a
    player may read, on one line with ``compact``."""
    if compact:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    else:
        text = json.dumps(obj, ensure_ascii=False, indent=1, allow_nan=False)
    return text + "\n"


def atomic_write_json(path: Path | str, obj: Any) -> None:
    """``atomic_write_text`` of ``obj`` as JSON.  Raises OSError (write) or ValueError
    (``obj`` not serialisable)."""
    atomic_write_text(path, dumps(obj))


#: The files whose failure is already logged: a data folder out of reach fails every save
#: and every count the same way, and one line per file says it (until it is written again).
_reported: set[str] = set()


def log_failure(path: Path | str, message: str, *args: object) -> None:
    """Log a failed read or write of ``path`` (``message % args``) once: later failures of
    the same file, until a write of it succeeds, only go to the debug level."""
    key = str(path)
    if key in _reported:
        log.debug(message, *args)
        return
    _reported.add(key)
    log.warning(message, *args)


#: The files whose failure the person was told of in this session (``first_telling``).
_told: set[str] = set()


def first_telling(path: Path | str) -> bool:
    """Whether a failure of ``path`` is the first the person hears of in this session (and
    from now on it is not): a full disk fails every save and every count, said once a file
    (the window's notice stays until dismissed)."""
    key = str(path)
    if key in _told:
        return False
    _told.add(key)
    return True


#: The reasons that stop every write in the folder, not only this file's: a full or
#: read-only disk (one cause for the whole disk), a file where the folder should be.  A
#: window says such a cause once (``cause_of``), not once per file: on a full disk the save,
#: the statistics and the log fail together.  Not "permission denied": on Windows a file
#: another program holds open refuses its own replacement with it, and the others save.
_DISK_WIDE = {errno.ENOSPC: "full", getattr(errno, "EDQUOT", errno.ENOSPC): "full",
              errno.EROFS: "read-only"}
_FOLDER_WIDE = {errno.ENOTDIR, errno.ENAMETOOLONG}
#: The messages about such failures that were given out (``note_cause``), with their cause.
_causes: dict[str, str] = {}


def failure_cause(path: Path | str, err: OSError) -> str | None:
    """The cause wider than ``path`` of its failure ``err``: "full", "read-only", or
    "<errno> <folder>" (a file where the folder should be, a path too long); None for a
    failure of that file alone."""
    code = err.errno
    if code in _DISK_WIDE:
        return _DISK_WIDE[code]
    if code in _FOLDER_WIDE:
        return f"{code} {Path(path).parent}"
    return None


def note_cause(message: str, cause: str | None) -> str:
    """Remember that ``message`` (given out as it is, or inside a longer notice) tells of a
    failure of that cause (``failure_cause``); returns ``message``."""
    if cause is not None:
        _causes[message] = cause
    return message


def cause_of(text: str) -> str | None:
    """The wide cause (``failure_cause``) a notice's ``text`` tells of, when it holds a
    message given out for one (``note_cause``); else None."""
    for message, cause in _causes.items():
        if message in text:
            return cause
    return None


#: The system's reasons in the player's words.  Any other is the system's own text in
#: English and, in another language, its code (ENAMETOOLONG...) in a translated sentence:
#: never the system's English in the middle of a French one.
_WHY = {
    errno.ENOSPC: "files.why_disk_full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "files.why_disk_full",  # a quota used up
    errno.EROFS: "files.why_read_only",
    errno.EACCES: "files.why_denied",
    errno.EPERM: "files.why_denied",
    errno.ENOTDIR: "files.why_not_a_folder",
    errno.EISDIR: "files.why_a_folder",
}


def why_failed(err: OSError) -> str:
    """Why a read or a write failed, in the player's words (disk full, read-only, denied...)."""
    key = _WHY.get(err.errno) if err.errno is not None else None
    if key is not None:
        return tr(key)
    code = errno.errorcode.get(err.errno, str(err.errno)) if err.errno else type(err).__name__
    return tr("files.why_system", code=code, reason=err.strerror or str(err))


def write_error_message(path: Path, err: OSError) -> str:
    """A message for the player about a failed write; for a cause that stops every write
    in the folder (``failure_cause``) it says so, since it is said once for all of them."""
    why = why_failed(err)
    text = tr("files.write_failed", name=path.name, folder=path.parent, why=why)
    cause = failure_cause(path, err)
    if cause is not None:
        text += " " + tr("files.nothing_saved")
    return note_cause(text, cause)


def write_json(path: Path | str, obj: Any) -> str | None:
    """Atomically write ``obj`` as JSON; returns None, or a message for the player when the
    write failed (never raises for a disk problem)."""
    path = Path(path)
    try:
        atomic_write_json(path, obj)
    except OSError as err:
        log_failure(path, "write of %s failed: %s", path, err)
        return write_error_message(path, err)
    return None


# -- reading --------------------------------------------------------------------------------


@dataclass
class LoadResult:
    """``data`` is the file's top-level object (a dict), or None when the file is missing or
    was set aside; ``messages`` are for the player (empty when all went well)."""

    data: dict[str, Any] | None
    messages: list[str] = field(default_factory=list)


#: The files set aside or copied aside in this run (an older ``.bak`` is not their copy).
_kept: set[str] = set()


def set_aside(path: Path, why: str, message: str = "files.set_aside") -> str:
    """Rename a bad file to ``<name>.bak`` (replacing an older one); returns the message
    for the player: the string ``message`` (placeholders ``name``, ``why``, ``bak``)."""
    bak = backup_path(path)
    _kept.discard(str(path))
    try:
        os.replace(path, bak)
    except OSError as err:
        log_failure(path, "could not set %s aside: %s", path, err)
        return tr("files.set_aside_failed", name=path.name, why=why, error=why_failed(err))
    log.warning("%s %s; set aside as %s", path, why, bak)
    _kept.add(str(path))
    return tr(message, name=path.name, why=why, bak=bak.name)


def keep_copy(path: Path, messages: list[str]) -> None:
    """For a file read with some values reset (one message each): copy it as it is to
    ``<name>.bak`` (an older one is replaced), since the next write drops those values, and
    say so at the end of the last message.  Nothing when no value was reset.

    The copy goes to a temp name first and is renamed over the ``.bak`` only when whole: a
    full disk leaves the older ``.bak`` as it was (not truncated), and then nothing says the
    file is kept (the failure is logged)."""
    if not messages:
        return
    bak = backup_path(path)
    _kept.discard(str(path))
    try:
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{bak.name}.", suffix=".tmp")
        os.close(fd)
    except OSError as err:  # once a file: a read-only folder fails it at every read
        log_failure(backup_path(path), "could not copy %s aside: %s", path, err)
        return
    try:
        shutil.copyfile(path, tmp_name)
        with open(tmp_name, "rb+") as f:  # on the disk before it replaces the older copy
            os.fsync(f.fileno())
        os.replace(tmp_name, bak)
    except OSError as err:
        log_failure(backup_path(path), "could not copy %s aside: %s", path, err)
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        return
    _kept.add(str(path))
    messages[-1] += " " + tr("files.kept_as", bak=bak.name)


def kept_note(path: Path) -> str:
    """The sentence saying that the file as it was is kept as ``<name>.bak``, after a
    space, when ``set_aside`` or ``keep_copy`` last made that copy successfully in this run
    and it is still there (to end the start-up notices of reset settings or statistics);
    else "" (an older ``.bak`` is not this file)."""
    bak = backup_path(path)
    try:
        kept = str(path) in _kept and bak.exists()
    except OSError:  # a folder out of reach
        return ""
    return " " + tr("files.kept_as", bak=bak.name) if kept else ""


STALE_TEMP_SECONDS = 3600.0


def _remove_stale_temps(path: Path) -> None:
    """Temp files left by a write that was killed midway (an hour old: not a live write)."""
    try:
        now = time.time()
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
    except OSError:
        pass


def _is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except OSError:  # a folder out of reach
        return False


#: A read that fails so where no file can be: a part of the path is a file, or the path is
#: longer than the system allows.
_NO_FILE_THERE = (errno.ENOTDIR, errno.ENAMETOOLONG)

#: Far more than any file the game writes (a save with its kept reviews: tens of kB); a
#: larger one is not the game's and is not read into memory.
MAX_LOAD_BYTES = 10_000_000


def is_text(obj: Any) -> bool:
    """Whether every string of a loaded JSON value (keys too) is text: a lone surrogate
    (``"\\ud800"``) is valid JSON but not text, and every later write of it would fail
    (UnicodeEncodeError, a ValueError)."""
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):
        return False
    return True


def writable(obj: Any) -> bool:
    """Whether a loaded JSON value can be written again as it is (``dumps``): text only,
    and no NaN or infinity (which Python's JSON reader accepts, and its writer refuses)."""
    try:
        dumps(obj, compact=True).encode("utf-8")
    except (ValueError, RecursionError):
        return False
    return True


def load_json(
    path: Path | str,
    *,
    schema_version: int,
    set_aside_message: str = "files.set_aside",
    check_text: bool = True,
) -> LoadResult:
    """Read a JSON object written by ``write_json``.

    - a missing file: ``LoadResult(None, [])``;
    - unreadable JSON, a top-level value that is not an object, a ``schema`` that is not an
      int or is newer than ``schema_version``: the file is set aside as ``.bak`` and the
      result is ``None`` plus a message;
    - a file that cannot be read at all (permissions; a pipe, a folder, a device, a link to
      nowhere or to itself in its place): set aside too, so that no later write replaces it.

    ``set_aside_message`` is the message's string (``files.set_aside``: "defaults are
    used").  A missing ``schema`` key is accepted (treated as ``schema_version``).  Values
    are not checked here: each module validates its own fields.  ``check_text=False``
    leaves the check that every string is text (``is_text``) to the caller, for a file of
    which a part may be damaged alone (the save's kept reviews).
    """
    path = Path(path)
    _remove_stale_temps(path)
    # A file that cannot be read is set aside like a damaged one: left in place, it would be
    # replaced by the next write (the statistics counted again from zero over it).
    try:
        st = path.stat()
        # A regular file only: a named pipe would wait for a writer and a device (a link to
        # /dev/zero) never end.
        if not stat.S_ISREG(st.st_mode):
            log_failure(path, "could not read %s: not a regular file", path)
            why = tr("files.unreadable", error=tr("files.not_a_file"))
            return LoadResult(None, [set_aside(path, why, set_aside_message)])
        if st.st_size > MAX_LOAD_BYTES:
            return LoadResult(None, [set_aside(path, tr("files.damaged"), set_aside_message)])
        raw = path.read_bytes()
    except FileNotFoundError:
        if _is_link(path):
            # A link to nowhere is not "no file": left in place, the next write would
            # replace the link (a folder the player linked there would be forgotten).
            log.warning("could not read %s: a link to nowhere", path)
            why = tr("files.unreadable", error=tr("files.not_a_file"))
            return LoadResult(None, [set_aside(path, why, set_aside_message)])
        return LoadResult(None)
    except OSError as err:
        log_failure(path, "could not read %s: %s", path, err)
        if err.errno in _NO_FILE_THERE:
            # Nothing was ever there to lose (nor to set aside): "could not be read and was
            # reset" would be false.  Each write says the folder cannot be written.
            return LoadResult(None)
        why = tr("files.unreadable", error=why_failed(err))
        return LoadResult(None, [set_aside(path, why, set_aside_message)])
    try:
        # utf-8-sig: a byte-order mark, as some editors write one, is not damage.
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return LoadResult(None, [set_aside(path, tr("files.damaged"), set_aside_message)])
    if check_text and not is_text(data):
        return LoadResult(None, [set_aside(path, tr("files.damaged"), set_aside_message)])
    if not isinstance(data, dict):
        return LoadResult(None, [set_aside(path, tr("files.damaged"), set_aside_message)])
    schema = data.get("schema", schema_version)
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        return LoadResult(None, [set_aside(path, tr("files.damaged"), set_aside_message)])
    if schema > schema_version:
        return LoadResult(None, [set_aside(path, tr("files.newer"), set_aside_message)])
    return LoadResult(data)


# -- files of records -------------------------------------------------------------------------


def keyed_items(raw: Iterable[object], parse: Callable[[object], T], key: Callable[[T], str]
                ) -> tuple[dict[str, T], int]:
    """A file's list of records, each ``parse``d (``ValueError``: damaged) and kept under its
    ``key`` in the order read (a second one of a key: damaged too); and how many were
    damaged (left out)."""
    out: dict[str, T] = {}
    bad = 0
    for d in raw:
        try:
            item = parse(d)
        except ValueError:
            bad += 1
            continue
        if key(item) in out:
            bad += 1
            continue
        out[key(item)] = item
    return out, bad


def load_records(
    path: Path,
    *,
    schema_version: int,
    set_aside_message: str,
    left_out_message: str,
    empty: Callable[[], T],
    from_dict: Callable[[dict[str, Any]], tuple[T, int]],
) -> tuple[T, list[str]]:
    """A file of records (``from_dict``: what it holds, and how many records were damaged)
    read with ``load_json``: ``empty()`` when there is none or it was set aside; the file as
    it was copied to ``.bak`` when records were left out (they are lost at the next write),
    said by ``left_out_message`` (placeholders ``name``, ``count``).  With the messages for
    the person."""
    loaded = load_json(path, schema_version=schema_version, set_aside_message=set_aside_message)
    if loaded.data is None:
        return empty(), loaded.messages
    value, bad = from_dict(loaded.data)
    messages = [tr(left_out_message, name=path.name, count=bad)] if bad else []
    keep_copy(path, messages)
    return value, loaded.messages + messages
