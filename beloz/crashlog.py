"""Crash logs and the application log, both under ``<data dir>/logs``.

A crash log (``logs/crash-YYYYmmdd-HHMMSS.log``) holds the traceback, the versions, and the
hand being played as a ``beloz-hand/1`` record (``savegame.hand_record``), so the crash can
be replayed with ``python -m beloz.rules.record``.  Writing it never raises: a crash while
reporting a crash would hide the first one.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import logging.handlers
import platform
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from . import storage
from .i18n import tr

log = logging.getLogger(__name__)

APP_LOG = "beloz.log"
APP_LOG_BYTES = 1_000_000
APP_LOG_BACKUPS = 3
_HANDLER_NAME = "beloz-app-log"


def version_info() -> dict[str, str]:
    """BeloZ, Python, the platform, and pygame-ce / pygame_gui when already imported."""
    info: dict[str, str] = {}
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            info["beloz"] = version("beloz")
        except PackageNotFoundError:
            info["beloz"] = "source"
    except Exception:  # noqa: BLE001 - version info is best effort
        info["beloz"] = "unknown"
    info["python"] = sys.version.replace("\n", " ")
    info["platform"] = platform.platform()
    for mod in ("pygame", "pygame_gui"):
        m = sys.modules.get(mod)
        if m is not None:
            info[mod] = str(getattr(m, "__version__", getattr(m, "ver", "?")))
    return info


def _crash_path(now: _dt.datetime) -> Path:
    d = storage.logs_dir()
    base = f"crash-{now:%Y%m%d-%H%M%S}"
    path = d / f"{base}.log"
    n = 1
    while path.exists():  # two crashes in one second: keep both
        path = d / f"{base}-{n}.log"
        n += 1
    return path


def format_crash(exc: BaseException, record: dict[str, Any] | None, now: _dt.datetime) -> str:
    lines = [f"BeloZ crash report, {now.isoformat(timespec='seconds')}", ""]
    for k, v in version_info().items():
        lines.append(f"{k}: {v}")
    lines += ["", "Traceback:", ""]
    lines.append("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    lines.append("Hand record (beloz-hand/1):")
    if record is None:
        lines.append("none")
    else:
        try:
            lines.append(json.dumps(record, ensure_ascii=False, indent=1, default=repr))
        except (TypeError, ValueError) as err:
            lines.append(f"(could not be written: {err}) {record!r}")
    return "\n".join(lines) + "\n"


def write_crash_log(exc: BaseException, record: dict[str, Any] | None = None) -> Path | None:
    """Write a crash log; returns its path to show the player, or None when it could not be
    written.  Never raises."""
    try:
        now = _dt.datetime.now()
        text = format_crash(exc, record, now)
        path = _crash_path(now)
        storage.atomic_write_text(path, text)
    except Exception:  # noqa: BLE001 - never raise while reporting a crash
        try:
            log.exception("could not write a crash log")
        except Exception:  # noqa: BLE001
            pass
        return None
    try:
        log.error("crash log written to %s", path)
    except Exception:  # noqa: BLE001
        pass
    return path


def install_excepthook(
    get_record: Callable[[], dict[str, Any] | None] | None = None,
    on_crash: Callable[[Path | None], None] | None = None,
) -> None:
    """Write a crash log for any uncaught exception, then run the previous hook.
    ``get_record`` supplies the current hand record (it may fail: the log is written
    without it); ``on_crash`` receives the log's path (e.g. to print it)."""
    previous = sys.excepthook

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(exc_type, KeyboardInterrupt):
            record = None
            if get_record is not None:
                try:
                    record = get_record()
                except Exception:  # noqa: BLE001
                    record = None
            if exc.__traceback__ is None and tb is not None:
                exc = exc.with_traceback(tb)
            path = write_crash_log(exc, record)
            if on_crash is not None:
                try:
                    on_crash(path)
                except Exception:  # noqa: BLE001
                    pass
        previous(exc_type, exc, tb)

    sys.excepthook = hook


def _print_notice(message: str) -> None:
    try:
        print(message, file=sys.stderr)
    except Exception:  # noqa: BLE001 - no stderr either: nothing more to do
        pass


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The application log's handler.  A record that cannot be written (disk full, the
    folder gone) must not print logging's "--- Logging error ---" traceback on stderr for
    every line, as the standard handler does: the first failure gives one notice to the
    player (``notice``: the window's message when it is open, else a line on stderr) and
    later ones are silent.  Writing is tried again for every record: a disk that has room
    again gets its log back."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.failures = 0
        self.notice: Callable[[str], None] = _print_notice
        #: The first failure's error, to tell it again where the player can see it.
        self.error: BaseException | None = None

    def flush(self) -> None:
        # Closing the log at exit flushes it: a full disk must not raise there either.
        try:
            super().flush()
        except OSError:
            self.handleError(None)

    def handleError(self, record: logging.LogRecord | None) -> None:  # noqa: N802
        self.failures += 1
        if self.failures > 1:
            return
        err = sys.exc_info()[1]
        self.error = err
        why = storage.why_failed(err) if isinstance(err, OSError) else str(err)
        try:
            cause = storage.failure_cause(self.baseFilename, err) if isinstance(
                err, OSError) else None
            if cause is None:
                message = tr("files.log_failed", why=why)
            else:  # the saves fail too: one notice says both (``storage.cause_of``)
                message = storage.note_cause(tr("files.log_failed_disk", why=why,
                                                folder=storage.shown(storage.data_dir())),
                                             cause)
            self.notice(message)
        except Exception:  # noqa: BLE001 - the notice itself must not fail either
            pass


def app_log_handler() -> QuietFileHandler | None:
    """The handler ``setup_logging`` installed, or None."""
    for h in logging.getLogger("beloz").handlers:
        if h.get_name() == _HANDLER_NAME and isinstance(h, QuietFileHandler):
            return h
    return None


def set_log_failure_notice(notice: Callable[[str], None]) -> None:
    """Where the one notice about a log that cannot be written goes (the window's
    ``notify``); a failure already met is told now."""
    handler = app_log_handler()
    if handler is None:
        return
    handler.notice = notice
    if handler.failures:
        handler.failures = 0  # told again, once, where the player can see it
        try:
            raise handler.error or OSError("the log could not be written")
        except BaseException:  # noqa: BLE001 -- raised here only to be told
            handler.handleError(logging.LogRecord("beloz", logging.ERROR, "", 0, "", None, None))


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Send the ``beloz`` loggers to ``logs/beloz.log`` (rotating: 1 MB, 3 old files).
    Returns the log's path, or None when the directory is not writable (then nothing is
    logged to file and nothing is said).  Calling it again does not add a second handler."""
    logger = logging.getLogger("beloz")
    logger.setLevel(level)
    for h in logger.handlers:
        if h.get_name() == _HANDLER_NAME and isinstance(h, logging.FileHandler):
            return Path(h.baseFilename)
    path = storage.logs_dir() / APP_LOG
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # backslashreplace: a path that is not valid UTF-8 (byte 0xff) in a line must not
        # lose that line (it did: the whole log of a data folder with such a name).
        handler = QuietFileHandler(
            path, maxBytes=APP_LOG_BYTES, backupCount=APP_LOG_BACKUPS, encoding="utf-8",
            errors="backslashreplace",
        )
    except OSError:
        # No log: its lines must not go to standard error one by one either (Python's
        # last-resort handler: 16 lines for one match in a read-only folder).  What the
        # person must know is said to them (the window's notices, the autoplay's lines).
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())
        return None
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path
