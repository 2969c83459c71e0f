"""Who may write in the data folder: an autoplay never touches the person's saved match;
one running BeloZ at a time holds the folder, a second one is told (docs/files.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from beloz import savegame, storage
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ui.game import GameFlow, StepKind
from tests.test_resume_kill import LEVEL, ROOT, game_env

AUTOPLAY_SAVE = "autoplay-save.json"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    return tmp_path


def a_persons_match(data: Path) -> bytes:
    """A person's match left in the middle of its second hand: savegame.json's bytes."""
    flow = GameFlow(3, players={s: HeuristicPlayer(s) for s in (1, 2, 3)})
    while flow.match.hands_dealt < 2 or flow.hand is None or len(flow.hand.tricks) < 3:
        step = flow.next_step()
        value = step.decide() if step.decide is not None else None
        if step.human:
            legal = step.data.get("legal")
            value = legal[0] if legal else 16 if step.kind is StepKind.CUT else 3
        flow.apply(step, value)
    return (data / savegame.FILENAME).read_bytes()


def test_an_autoplay_saves_its_match_in_its_own_file(data_dir, monkeypatch) -> None:
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)  # a hundred saves, no disk wait
    before = a_persons_match(data_dir)
    flow = GameFlow(4, autoplay=True)
    flow.set_level(LEVEL)
    flow.persist = True  # main.py --autoplay --save
    while flow.match.hands_dealt < 2:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    assert (data_dir / AUTOPLAY_SAVE).is_file()
    assert (data_dir / savegame.FILENAME).read_bytes() == before
    flow.run()
    assert not (data_dir / AUTOPLAY_SAVE).exists(), "its match over, its save goes"
    assert (data_dir / savegame.FILENAME).read_bytes() == before, "the person's match is kept"


def test_autoplay_save_and_resume_leave_the_persons_match_alone(data_dir) -> None:
    """The real game: ``--autoplay --save`` played to its end, then ``--resume`` (which finds
    no autoplay match: the person's is not one)."""
    before = a_persons_match(data_dir)
    run = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--level", LEVEL]
    done = subprocess.run([*run, "--save", "--seed", "2"], env=game_env(data_dir), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Final score" in done.stdout
    again = subprocess.run([*run, "--resume"], env=game_env(data_dir), cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 2 and "no saved autoplay match" in again.stderr
    assert (data_dir / savegame.FILENAME).read_bytes() == before
    assert not (data_dir / AUTOPLAY_SAVE).exists()
    assert not list(data_dir.glob("*.bak"))
