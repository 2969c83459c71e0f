"""The game's and the arena's command lines check their arguments first: a wrong one is a
usage message and exit status 2 (argparse's), never a crash report, a traceback, an
option silently ignored or a meaningless run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from beloz.ai import arena


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where a crash report would go (there must be none)."""
    data = tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
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
