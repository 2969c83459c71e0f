"""Standard output and error as the command line uses them: present in a windowed
executable (which has none on Windows), tolerant of names that are not UTF-8, and a failed
write to standard output (``| head``, ``> /dev/full``) told apart from any other error."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any


def no_console_streams() -> None:
    """A windowed (console=False) executable on Windows has no stdout / stderr: writes to
    them must go nowhere rather than raise.  (On Linux and macOS they still work.)"""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def tolerant_output() -> None:
    """A name that is not valid UTF-8 (a path with byte 0xff) printed to a strict UTF-8
    standard output (``PYTHONIOENCODING=utf-8:strict``) shows as ``\\xff``, not a crash
    after the work is done (standard error always does so)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


class OutputLost(Exception):
    """Standard output failed: a pipe closed by ``head``, a full disk, ``> /dev/full``."""


class Output:
    """Standard output, whose failures are told apart from any other ``OSError``: the run
    then ends quietly, its status non-zero, with no crash report (as the record and review
    tools do)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except OSError as err:
            raise OutputLost(err) from err

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise OutputLost(err) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def quiet_output() -> None:
    """Point standard output at the null device, so that the interpreter's own flush at
    exit does not fail again (and print a traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
