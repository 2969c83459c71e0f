"""The game's and the arena's command lines check their arguments first: a wrong one is a
usage message and exit status 2 (argparse's), never a crash report, a traceback, an
option silently ignored or a meaningless run."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from beloz import cli as main
from beloz.ai import arena
from beloz.cli import selftest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where a crash report would go (there must be none)."""
    from beloz import storage

    data = tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)  # many saves, no disk wait
    return data


def usage_error(capsys: pytest.CaptureFixture[str], run: object, argv: list[str]) -> str:
    """``run(argv)`` stops with argparse's usage error: its message (standard error)."""
    with pytest.raises(SystemExit) as stop:
        run(argv)  # type: ignore[operator]
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "usage:" in err
    assert "unexpected problem" not in err and "Traceback" not in err
    return err.strip().splitlines()[-1]


def test_a_window_larger_than_settings_allow_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    """``--size 100000x100000`` was a crash report (settings refuse more than 16384), and
    ``--size 16384x16384`` a screenshot of 99 s and 5.7 GB: at most 8K (issue 33)."""
    for size in ("100000x100000", "16384x16384", "7681x600", "7680x4321", "7680x7680"):
        err = usage_error(capsys, main.main, ["--screenshot", "shot.png", "--size", size])
        assert "at most 7680x4320" in err, size
    assert not (data_dir / "logs").exists()
    assert main.parse_args(["--size", "7680x4320"]).size == (7680, 4320)
    assert main.parse_args(["--size", "4320x7680"]).size == (4320, 7680)


def test_a_screenshot_to_a_folder_or_an_unwritable_path_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, data_dir: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for target, says in ((tmp_path, "is a folder"), (f"{tmp_path}/new/", "is a folder"),
                         (blocker / "shot.png", "a part of its folder is a file"),
                         ("nul\0.png", "cannot write")):
        err = usage_error(capsys, main.main, ["--screenshot", str(target)])
        assert says in err
    assert not (data_dir / "logs").exists() and not (tmp_path / "new").exists()
    assert blocker.read_text() == "x"
    # A file that can be written: checked without a trace (created, then removed).
    fine = tmp_path / "shots" / "menu.png"
    assert main.parse_args(["--screenshot", str(fine)]).screenshot == str(fine)
    assert not fine.exists()


@pytest.mark.parametrize("argv, option", [
    (["--save"], "--save"), (["--resume"], "--resume"), (["--stats"], "--stats"),
    (["--level", "expert"], "--level"), (["--memory"], "--memory"),
    (["--matches", "3"], "--matches"), (["--fast", "--stats"], "--stats"),
])
def test_autoplay_options_without_autoplay_are_a_usage_error(
        capsys: pytest.CaptureFixture[str], argv: list[str], option: str) -> None:
    """They were ignored without a word."""
    assert usage_error(capsys, main.parse_args, argv).endswith(f"{option}: only with --autoplay")
    assert main.parse_args(["--autoplay", *argv]).autoplay


@pytest.mark.parametrize("argv, says", [
    (["--a", "nope"], "unknown player 'nope'"),
    (["--a", "pimc:nope"], "unknown level 'nope'"),
    (["--a", "pimc:expert,pool=x"], "pimc:expert,pool=x"),
    (["--a", "no.such.module:Player"], "No module named 'no'"),
    (["--a", "heuristic", "--deals", "0"], "--deals: must be at least 1"),
    (["--a", "heuristic", "--jobs", "0"], "--jobs: must be at least 1"),
])
def test_the_arena_refuses_a_player_it_cannot_build_or_no_deals(
        capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    """A player it cannot build was a traceback; no deals, a report of nothing."""
    deals = [] if "--deals" in argv else ["--deals", "1"]
    assert says in usage_error(capsys, arena.main, [*argv, "--b", "random", *deals])


def test_the_arena_still_runs_a_good_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--a", "heuristic", "--b", "pimc:beginner", "--deals", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["deals"] == 1


# -- standard output that fails, SIGTERM, names that are not UTF-8 (issue 33) ------------------

ROOT = Path(__file__).resolve().parent.parent
HEURISTIC = ["--level", "heuristic"]


class FullOutput(io.StringIO):
    """A standard output that refuses every write: ``> /dev/full``, or a closed pipe."""

    def __init__(self, code: int) -> None:
        super().__init__()
        self.code = code

    def write(self, text: str) -> int:
        raise OSError(self.code, os.strerror(self.code))


@pytest.mark.slow
@pytest.mark.parametrize("argv, code", [
    (["--autoplay", "--fast", *HEURISTIC], errno.EPIPE),
    (["--autoplay", "--fast", *HEURISTIC], errno.ENOSPC),
    (["--headless", "--exit-after-first-frame"], errno.ENOSPC),
    (["--selftest"], errno.EPIPE), (["--version"], errno.ENOSPC)])
def test_standard_output_that_fails_ends_quietly(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, data_dir: Path,
        argv: list[str], code: int) -> None:
    """``| head -1`` and ``> /dev/full`` gave "BeloZ met an unexpected problem" and a crash
    log (issue 33, 6): the run ends quietly, status 3, as the record and review tools."""
    if argv == ["--selftest"]:  # its printing, not its minutes of drawing every scene
        monkeypatch.setattr(selftest, "_run", lambda args: print("selftest: 1 checks") or 0)
    monkeypatch.setattr(sys, "stdout", FullOutput(code))
    assert main.main(argv) == 3  # main.EXIT_OUTPUT
    err = capsys.readouterr().err
    assert "unexpected problem" not in err and "Traceback" not in err, err
    assert not list(data_dir.glob("logs/crash-*"))


def test_a_closed_pipe_ends_the_real_game_quietly(tmp_path: Path) -> None:
    """The process itself, its standard output a pipe closed at once (``| head -0``): no
    crash log, no "Exception ignored" at the exit."""
    env = {**os.environ, "BELOZ_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast",
                               *HEURISTIC], stdout=write, stderr=subprocess.PIPE, env=env,
                              cwd=ROOT, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 3 and done.stderr == b"", done.stderr  # main.EXIT_OUTPUT
    assert not list(tmp_path.glob("logs/crash-*"))


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX")
def test_sigterm_stops_the_autoplay_after_the_current_save(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        data_dir: Path) -> None:
    """SIGTERM in the first of three matches: it went on to the next match, whose save
    replaced the interrupted one (``hands_dealt`` 5 -> 1; issue 33, 7).  Now the match is
    saved as it stands, and no other starts."""
    from beloz.ui.game import GameFlow

    apply = GameFlow.apply
    at: list[int] = []

    def apply_then_term(flow: GameFlow, step: object, value: object = None) -> None:
        apply(flow, step, value)  # type: ignore[arg-type]
        if not at and flow.match.hands_dealt == 3 and flow.hand is not None and len(
                flow.hand.tricks) == 2:
            at.append(flow.match.hands_dealt)
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(GameFlow, "apply", apply_then_term)
    before = signal.getsignal(signal.SIGTERM)
    status = main.main(["--autoplay", "--fast", *HEURISTIC, "--save", "--matches", "3"])
    assert status == 128 + signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before, "the handler is put back"
    assert "Final score" not in capsys.readouterr().out, "no match ended, none started"
    saved = json.loads((data_dir / "autoplay-save.json").read_text(encoding="utf-8"))
    assert saved["extra"]["seed"] == 1, "the first match's save (the second's seed is 2)"
    assert saved["match"]["hands_dealt"] >= at[0] == 3, "saved where it stopped"


def strict_output(monkeypatch: pytest.MonkeyPatch) -> io.BytesIO:
    """A standard output in strict UTF-8 (``PYTHONIOENCODING=utf-8:strict``)."""
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="utf-8",
                                                        errors="strict", write_through=True))
    return raw


def test_a_screenshot_name_that_is_not_utf8_is_written_and_printed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_dir: Path) -> None:
    """A screenshot path with byte 0xff, on a strict UTF-8 output: the PNG was written (under
    another name) and then came a crash report (issue 33, 9)."""
    raw = strict_output(monkeypatch)
    shot = os.fsdecode(bytes(tmp_path) + b"/shot\xff.png")
    assert main.main(["--screenshot", shot, "--size", "320x200"]) == 0
    assert os.path.getsize(os.fsencode(shot)) > 0 and os.listdir(tmp_path) != []
    assert [p for p in os.listdir(bytes(tmp_path)) if p.startswith(b"shot")] == [b"shot\xff.png"]
    assert b"shot\\xff.png" in raw.getvalue()
    assert not list(data_dir.glob("logs/crash-*"))


def test_the_review_of_a_save_in_a_folder_not_utf8_prints(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_dir: Path) -> None:
    """``review --save`` in a data folder with byte 0xff, strict UTF-8 output: status 3 and
    its output lost (issue 33, 9)."""
    from beloz.ai import review_cli
    from beloz.ui.game import GameFlow

    data = os.fsdecode(bytes(tmp_path) + b"/data\xff")
    monkeypatch.setenv("BELOZ_DATA_DIR", data)
    flow = GameFlow(3, autoplay=True)
    flow.set_level("heuristic")
    flow.persist = True
    flow.save_file = Path(data) / "savegame.json"
    while flow.match.hands_dealt < 2:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    raw = strict_output(monkeypatch)
    assert review_cli.main(["--save"]) == 0
    assert b"data\\udcff/savegame.json" in raw.getvalue()


def test_the_log_of_a_data_folder_not_utf8_keeps_its_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder with byte 0xff lost the game's log: every line naming a file failed to
    be written (issue 33, 9)."""
    import logging

    from beloz import crashlog

    data = os.fsdecode(bytes(tmp_path) + b"/data\xff")
    monkeypatch.setenv("BELOZ_DATA_DIR", data)
    logger = logging.getLogger("beloz")
    monkeypatch.setattr(logger, "handlers", [])  # this process's log is not the game's
    # nor pytest's: a record naming the folder, captured, cannot be sent from a worker of
    # `pytest -n` (pytest-xdist: its report must encode as UTF-8)
    monkeypatch.setattr(logger, "propagate", False)
    path = crashlog.setup_logging()
    assert path is not None
    logging.getLogger("beloz.storage").warning("%s/stats.json was damaged", data)
    for handler in logger.handlers:
        handler.close()
    with open(os.fsencode(path), "rb") as f:
        log = f.read()
    assert b"data\\udcff/stats.json was damaged" in log, log


# -- the smaller points of issue 33 --------------------------------------------------------------


def test_a_refused_resume_in_a_french_folder_is_said_in_french(
        capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    """French (the save set aside), then an English line: "no saved autoplay match to
    resume"."""
    from beloz import i18n
    from beloz.settings import Settings, save_settings

    assert save_settings(Settings(language="fr")) is None
    (data_dir / "autoplay-save.json").write_text("{damaged")
    try:
        assert main.main(["--autoplay", "--fast", "--resume"]) == 2
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "autoplay-save.json.bak" in err[0]
    assert err[1] == "Il n'y a pas de partie automatique sauvegardée à reprendre."


def test_a_new_autoplay_match_says_it_replaces_an_unfinished_one(
        capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    """``--autoplay --save`` without ``--resume`` replaced an unfinished autoplay-save.json
    without a word."""
    from beloz.ui.game import GameFlow

    flow = GameFlow(3, autoplay=True)
    flow.set_level("heuristic")
    flow.persist = True
    while flow.match.hands_dealt < 2:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    hand = json.loads((data_dir / "autoplay-save.json").read_text())["match"]["hands_dealt"]
    assert main.main(["--autoplay", "--fast", *HEURISTIC, "--save"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and f"held an unfinished autoplay match (hand {hand})" in err[0], err
    assert "--resume" in err[0]
