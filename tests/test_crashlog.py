"""Crash logs and the application log."""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from beloz import crashlog, savegame, storage
from beloz.rules.match import Match

# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def _boom_in_a_function() -> None:
    raise RuntimeError("the trump went missing")


def _exception() -> RuntimeError:
    try:
        _boom_in_a_function()
    except RuntimeError as e:
        return e
    raise AssertionError("unreachable")


def _record() -> dict[str, object]:
    import random

    rng = random.Random(3)
    match = Match.new(rng)
    hand = match.deal(10)
    for _ in range(12):
        hand.apply(rng.choice(hand.legal_actions()))
    return savegame.hand_record(match, hand)


def test_crash_log_has_traceback_versions_and_record(data_dir: Path) -> None:
    rec = _record()
    path = crashlog.write_crash_log(_exception(), rec)
    assert path is not None and path.parent == data_dir / "logs"
    assert re.fullmatch(r"crash-\d{8}-\d{6}\.log", path.name)
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "_boom_in_a_function" in text and "RuntimeError: the trump went missing" in text
    assert "python:" in text and "beloz:" in text
    tail = text.split("Hand record (beloz-hand/1):\n", 1)[1]
    assert json.loads(tail) == rec


def test_two_crashes_in_one_second_keep_both() -> None:
    a = crashlog.write_crash_log(_exception(), None)
    b = crashlog.write_crash_log(_exception(), None)
    assert a is not None and b is not None and a != b
    assert "Hand record (beloz-hand/1):\nnone" in b.read_text()


def test_unserialisable_record_still_logs() -> None:
    path = crashlog.write_crash_log(_exception(), {"odd": {1, 2}})
    assert path is not None and "odd" in path.read_text()


def test_unwritable_dir_returns_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BELOZ_DATA_DIR", str(blocker / "BeloZ"))
    assert crashlog.write_crash_log(_exception(), {"a": 1}) is None


def test_never_raises_even_if_formatting_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> dict[str, str]:
        raise RuntimeError("no versions")

    monkeypatch.setattr(crashlog, "version_info", broken)
    assert crashlog.write_crash_log(_exception(), None) is None


def test_excepthook(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    seen: list[object] = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: seen.append(a))
    paths: list[Path | None] = []
    crashlog.install_excepthook(lambda: {"format": "beloz-hand/1"}, paths.append)
    exc = _exception()
    sys.excepthook(type(exc), exc, exc.__traceback__)
    assert len(seen) == 1  # the previous hook still runs
    assert len(paths) == 1 and paths[0] is not None
    assert '"format": "beloz-hand/1"' in paths[0].read_text()


def test_excepthook_survives_a_failing_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "excepthook", lambda *a: None)

    def bad_record() -> dict[str, object]:
        raise ValueError("no hand")

    paths: list[Path | None] = []
    crashlog.install_excepthook(bad_record, paths.append)
    exc = _exception()
    sys.excepthook(type(exc), exc, exc.__traceback__)
    assert paths[0] is not None


@pytest.fixture
def clean_beloz_logger() -> Iterator[logging.Logger]:
    """The "beloz" logger without any app-log handler during the test, as it was after."""
    logger = logging.getLogger("beloz")
    before = list(logger.handlers)
    level = logger.level
    for h in before:
        if h.get_name() == "beloz-app-log":
            logger.removeHandler(h)
    yield logger
    for h in list(logger.handlers):
        if h not in before:
            logger.removeHandler(h)
            h.close()
    for h in before:
        if h not in logger.handlers:
            logger.addHandler(h)
    logger.setLevel(level)


def test_setup_logging(data_dir: Path, clean_beloz_logger: logging.Logger) -> None:
    path = crashlog.setup_logging()
    assert path == data_dir / "logs" / "beloz.log"
    assert crashlog.setup_logging() == path
    n = sum(1 for h in clean_beloz_logger.handlers if h.get_name() == "beloz-app-log")
    assert n == 1
    logging.getLogger("beloz.test").info("hello from the test")
    for h in clean_beloz_logger.handlers:
        h.flush()
    assert "hello from the test" in path.read_text()


def test_setup_logging_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_beloz_logger: logging.Logger
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BELOZ_DATA_DIR", str(blocker / "BeloZ"))
    assert crashlog.setup_logging() is None


class FullDisk:
    """A log file's stream on a full disk: every write and flush raises ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def tell(self) -> int:
        return 0

    def seek(self, *args: object) -> int:
        return 0

    def close(self) -> None:
        pass


def test_a_full_disk_gives_one_notice_and_no_logging_tracebacks(
    clean_beloz_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    crashlog.setup_logging()
    handler = crashlog.app_log_handler()
    assert handler is not None
    handler.stream.close()
    handler.stream = FullDisk()  # type: ignore[assignment]
    told: list[str] = []
    crashlog.set_log_failure_notice(told.append)
    assert logging.raiseExceptions  # the standard handler would print a traceback a line
    for i in range(150):
        logging.getLogger("beloz.game").warning("hand %d", i)
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err and err == ""
    # The saves fail on that disk too: the one notice says so (and stands for theirs in a
    # window: tests/test_ui_files.py).
    assert told == ["The game's log could not be written (the disk is full): nothing can be "
                    f"saved in {storage.data_dir()} until that changes, neither the match nor "
                    "the statistics; the game goes on."]


def test_a_full_disk_before_the_window_is_one_line_on_stderr(
    clean_beloz_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    crashlog.setup_logging()
    handler = crashlog.app_log_handler()
    assert handler is not None
    handler.stream.close()
    handler.stream = FullDisk()  # type: ignore[assignment]
    for i in range(20):
        logging.getLogger("beloz.game").warning("hand %d", i)
    err = capsys.readouterr().err
    said = ("The game's log could not be written (the disk is full): nothing can be saved "
            f"in {storage.data_dir()} until that changes, neither the match nor the "
            "statistics; the game goes on.")
    assert err.splitlines() == [said]
    # The window that opens then tells it again, where the player sees it, with its reason
    # (it was "(the log could not be written)").
    told: list[str] = []
    crashlog.set_log_failure_notice(told.append)
    assert told == [said]
