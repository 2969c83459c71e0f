"""A data folder the game cannot write to: one line per file in the log (not one per save
or per hand), and the player's messages in the player's language, the system's reason
translated or set apart (its code), never the system's English inside a French sentence."""

from __future__ import annotations

import errno
import logging
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from beloz import i18n, storage

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def french() -> object:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def refuse(code: int) -> object:
    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    return boom


def failures(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name.startswith("beloz") and r.levelno >= logging.WARNING]


def test_a_file_that_keeps_failing_is_logged_once_until_it_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.json"
    with monkeypatch.context() as mp:
        mp.setattr(storage.tempfile, "mkstemp", refuse(errno.EROFS))
        for n in range(5):
            assert storage.write_json(path, {"n": n}) is not None  # the player is told each time
            assert storage.write_json(tmp_path / "other.json", {"n": n}) is not None
    assert [m.split(" failed")[0] for m in failures(caplog)] == [
        f"write of {path}", f"write of {tmp_path / 'other.json'}"]
    caplog.clear()
    assert storage.write_json(path, {"n": 5}) is None  # the disk is back
    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse(errno.ENOSPC))
    storage.write_json(path, {"n": 6})
    storage.write_json(path, {"n": 7})
    assert len(failures(caplog)) == 1 and "No space left" in failures(caplog)[0]


def test_one_autoplay_match_on_a_read_only_folder_logs_one_line_per_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    """It was 77 lines of "write of …stats.json failed" and "save failed" for one match;
    and the failed count was said nowhere, the status 0 (issue 33, 3 and 5): each file's
    failure is one line on standard error, and the status is 1."""
    import main

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse(errno.EROFS))
    caplog.set_level(logging.WARNING)
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic", "--save",
                      "--stats"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert sorted(line.split()[3] for line in said) == ["autoplay-save.json", "stats.json"], said
    assert all("read-only" in line for line in said)
    lines = failures(caplog)
    assert lines, "the failures are logged"
    per_file = Counter(name for line in lines
                       for name in ("savegame.json", "stats.json", "settings.json")
                       if name in line or (name == "savegame.json" and "save failed" in line))
    assert set(per_file.values()) == {1} and len(lines) == len(per_file), lines


def test_a_data_path_that_is_a_file_is_one_line_per_file_on_standard_error(
        tmp_path: Path) -> None:
    """It was 142 lines (read, set aside, count again: for every hand); the status is 1,
    since nothing was saved nor counted (issue 33, 3)."""
    data = tmp_path / "data"
    data.write_text("not a folder")
    env = {**os.environ, "BELOZ_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    p = subprocess.run([sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--seed",
                        "1", "--level", "heuristic", "--save", "--stats"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    lines = p.stderr.splitlines()
    assert 1 <= len(lines) <= 3, lines  # settings.json, savegame.json, stats.json
    assert data.read_text() == "not a folder"


def test_the_reason_in_a_french_message_is_french(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, french: object) -> None:
    """"…impossible de le renommer : Read-only file system": the system's English in a
    French sentence."""
    damaged = tmp_path / "stats.json"
    damaged.write_text("{not json")
    monkeypatch.setattr(storage.os, "replace", refuse(errno.EROFS))
    [message] = storage.load_json(damaged, schema_version=1).messages
    assert "impossible de le renommer" in message
    assert message.endswith(": le disque est en lecture seule).")
    assert os.strerror(errno.EROFS) not in message
    # A reason without a French sentence of its own: its code, set apart.
    for code, says in ((errno.ENOTDIR, "un élément de son chemin est un fichier"),
                       (errno.ENAMETOOLONG, "erreur du système ENAMETOOLONG")):
        message = storage.write_error_message(damaged, OSError(code, os.strerror(code)))
        assert says in message and os.strerror(code) not in message
    i18n.set_language("en")  # in English, the system's own words
    message = storage.write_error_message(damaged, OSError(errno.ENAMETOOLONG,
                                                           "File name too long"))
    assert "(File name too long)" in message


def test_a_read_only_folder_says_each_file_once_and_the_failed_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only folder whose stats.json has a value to reset: 14 "could not copy
    …/stats.json aside" lines for one match (every count read it again), and the failed
    write of the statistics said nowhere (issue 33, 5).  Now: the reset is said, the copy's
    failure is logged once, the failed count is said once, and the status is 1."""
    import main
    from beloz import crashlog

    data = tmp_path / "data"
    data.mkdir()
    (data / "stats.json").write_text('{"hands_played": -1, "matches_played": 2}')
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse(errno.EROFS))
    monkeypatch.setattr(crashlog, "setup_logging", lambda: None)  # no log file: stderr only
    logged: list[str] = []
    monkeypatch.setattr(storage.log, "warning", lambda msg, *a: logged.append(msg % a))
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic",
                      "--stats"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith("Some statistics could not be read"), said
    assert len(said) == 2 and said[1].startswith("Could not save stats.json in"), said
    assert "read-only" in said[1]
    copies = [line for line in logged if "could not copy" in line]
    assert len(copies) == 1, logged
    assert (data / "stats.json").read_text().startswith('{"hands_played": -1')


def test_an_autoplay_says_a_damaged_stats_file_on_standard_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--autoplay --stats`` with a damaged stats.json said so only in the log file
    (issue 33, 4)."""
    import main

    data = tmp_path / "data"
    data.mkdir()
    (data / "stats.json").write_text("{damaged")
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic",
                      "--stats"]) == 0
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "stats.json.bak" in said[0], said
    assert (data / "stats.json.bak").read_text() == "{damaged"
