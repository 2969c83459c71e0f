"""Who may write in the data folder: an autoplay never touches the person's saved match;
one running BeloZ at a time holds the folder, a second one is told (docs/files.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from beloz import savegame, storage
from beloz import stats as S
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ui.game import GameFlow, StepKind
from tests.test_resume_kill import LEVEL, ROOT, game_env

AUTOPLAY_SAVE = "autoplay-save.json"


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


@pytest.mark.slow
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


# -- one running BeloZ at a time -------------------------------------------------------------

HOLD = ("from beloz.folderlock import FolderLock; import time; lock = FolderLock(); "
        "print('held' if lock.acquire() else 'busy', flush=True); time.sleep(120)")


def hold_the_folder(data: Path) -> subprocess.Popen[str]:
    """Another process that takes the data folder's lock and keeps it (until killed)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD], env=game_env(data), cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "held\n", proc.stderr
    return proc


def folder_state(data: Path) -> dict[str, bytes]:
    """Every file of the folder but the logs (both copies may log) and the lock itself."""
    return {str(p.relative_to(data)): p.read_bytes() for p in sorted(data.rglob("*"))
            if p.is_file() and "logs" not in p.parts and p.name != "beloz.lock"}


@pytest.mark.slow
def test_a_second_window_is_told_and_saves_nothing(data_dir, monkeypatch) -> None:
    """The game's own window, while another process holds the folder: the themed message,
    then Play without saving (a menu without Continue, a match neither saved nor counted,
    settings applied but not written, statistics that cannot be erased, no tutorial
    progress) or Quit.  Once the other process is gone (killed), its
    lock is taken."""
    from beloz import i18n
    from beloz.cli import play as main
    from beloz.folderlock import FolderLock
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App
    from beloz.ui.scenes.in_use import FolderInUseScene
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.stats import StatsScene
    from beloz.ui.scenes.table import TableScene
    from beloz.ui.scenes.tutorial import TutorialScene
    from tests.test_ui_shell import click, frames

    monkeypatch.setattr(game, "WRITE_FILES", True)  # restored after the test
    a_persons_match(data_dir)
    before = folder_state(data_dir)
    other = hold_the_folder(data_dir)
    lock = FolderLock()
    try:
        assert not lock.acquire(), "the other process holds the folder"
        app = App(size=(1280, 800), fast=True, settings=Settings(language="fr"))
        try:
            main.first_scene(app, folder_held=False)
            frames(app)
            scene = app.top
            assert isinstance(scene, FolderInUseScene)
            assert set(scene.buttons) == {"play", "quit"}
            assert scene.buttons["play"].text == "Jouer sans sauvegarder"
            click(app, scene.buttons["play"])
            assert isinstance(app.top, MenuScene)
            assert "continue" not in app.top.buttons, "the saved match is the other window's"
            assert app.tr("in_use.toast") in [t.text for t in app.toasts]
            app.apply_settings(app.settings.replace(sound=False))
            app.push(StatsScene(app))
            frames(app)
            assert not app.top.reset.is_enabled, "the statistics are the other window's"
            app.pop()
            lesson = TutorialScene(app)
            lesson.progress.finish(lesson.names[0])
            lesson.save()
            table = TableScene(app, new_match=True, seed=4)
            assert not table.flow.persist and not table.flow.record_stats
            app.push(table)
            frames(app, 30)
            app.to_menu()
            app.replace(FolderInUseScene(app))
            frames(app)
            click(app, app.top.buttons["quit"])
            assert not app.running
        finally:
            app.close()
            i18n.set_language("en")
        assert folder_state(data_dir) == before, "nothing written, renamed or deleted"
    finally:
        os.killpg(other.pid, signal.SIGKILL)
        other.communicate(timeout=30)
    assert lock.acquire(), "the lock of a process that is gone is taken"
    lock.release()


@pytest.mark.slow
def test_two_copies_on_one_folder_lose_nothing(tmp_path, monkeypatch) -> None:
    """Real processes: an autoplay that saves and counts holds the folder (stopped in the
    middle of its match); a second autoplay that would count is refused with a message, a
    second game window says it plays without saving; neither writes.  The first, killed and
    resumed, ends with every hand of its match counted once."""
    from tests.test_count_once import SEED, counters, new_flow, play

    ref, data = tmp_path / "ref", tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(ref))
    play(new_flow(SEED), monkeypatch)
    expected = counters(ref)
    run = [sys.executable, str(ROOT / "main.py")]
    first = subprocess.Popen(
        [*run, "--autoplay", "--fast", "--save", "--stats", "--level", LEVEL, "--seed",
         str(SEED), "--hang-after-steps", "150"],
        env=game_env(data), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    try:
        assert first.stdout is not None
        assert first.stdout.readline().startswith("hanging after"), first.stderr
        before = folder_state(data)
        assert S.FILENAME in before, "the first copy has counted hands"
        second = subprocess.run(
            [*run, "--autoplay", "--fast", "--stats", "--level", LEVEL, "--seed", "9"],
            env=game_env(data), cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert second.returncode == 2, second.stdout
        assert second.stderr.startswith("Another BeloZ is using the data folder"), second.stderr
        window = subprocess.run(
            [*run, "--headless", "--exit-after-first-frame"],
            env=game_env(data), cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert window.returncode == 0, window.stderr
        assert "Another BeloZ is already using the data folder" in window.stderr
        assert folder_state(data) == before, "the second copies wrote nothing"
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.communicate(timeout=30)
    done = subprocess.run([*run, "--autoplay", "--fast", "--resume", "--stats"],
                          env=game_env(data), cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert counters(data) == expected, "every hand counted once, none lost"


# -- a beloz.lock that cannot be locked --------------------------------------------------------

SECOND_LOCK = "beloz-2.lock"  # folderlock.SECOND_LOCK_NAME


def test_a_lock_file_that_cannot_be_locked_still_keeps_two_copies_apart(tmp_path) -> None:
    """``beloz.lock`` a folder (EISDIR) or a link (ELOOP: filelock opens with O_NOFOLLOW):
    ``acquire`` said True to every copy, and two autoplays on one folder counted 53 to 57
    hands of 58 (issue 33, 1).  The lock is taken on beloz-2.lock instead: a second copy
    is refused, and one that finds beloz.lock usable again still is."""
    from beloz.folderlock import FolderLock

    for kind in ("folder", "link"):
        data = tmp_path / kind
        data.mkdir()
        if kind == "folder":
            (data / "beloz.lock").mkdir()
        else:
            (data / "beloz.lock").symlink_to(data / "elsewhere")
        first, second = FolderLock(data), FolderLock(data)
        assert first.acquire() and getattr(first, "problem", None) is None
        assert not second.acquire(), "the second copy is told the folder is in use"
        assert (data / SECOND_LOCK).exists()
        # beloz.lock usable again (the person removed it) while the first copy plays on.
        if kind == "folder":
            (data / "beloz.lock").rmdir()
        else:
            (data / "beloz.lock").unlink()
        assert not FolderLock(data).acquire(), "beloz-2.lock is still held"
        first.release()
        third = FolderLock(data)
        assert third.acquire() and third.problem is None
        third.release()


def test_another_users_lock_file_still_keeps_two_copies_apart(tmp_path, monkeypatch) -> None:
    """``beloz.lock`` left by a run with sudo: opening it is refused (EACCES) in a folder
    that can be written; the lock is taken on beloz-2.lock (issue 33, 1)."""
    import errno

    from beloz.folderlock import FolderLock

    (tmp_path / "beloz.lock").write_text("")
    real_open = os.open

    def as_another_user(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fsdecode(path).endswith(os.sep + "beloz.lock"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", as_another_user)
    first, second = FolderLock(tmp_path), FolderLock(tmp_path)
    assert first.acquire() and getattr(first, "problem", None) is None
    assert not second.acquire(), "the second copy is told the folder is in use"
    first.release()
    assert second.acquire()
    second.release()


def test_no_lock_at_all_means_no_write(tmp_path, monkeypatch, capsys) -> None:
    """Neither beloz.lock nor beloz-2.lock can be locked: an autoplay that would write
    refuses (status 2, the path and the reason), a window plays without saving and says
    why in one line (issue 33, 1)."""
    import main
    from beloz.cli import window
    from beloz.folderlock import FolderLock
    from beloz.ui import game

    monkeypatch.setattr(game, "WRITE_FILES", True)  # restored after the test
    data = tmp_path / "data"
    (data / "beloz.lock").mkdir(parents=True)
    (data / SECOND_LOCK).mkdir()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    before = folder_state(data)
    for options in (["--save"], ["--stats"], ["--resume"]):
        assert main.main(["--autoplay", "--fast", "--level", LEVEL, *options]) == 2
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].startswith("BeloZ cannot lock its data folder"), err
        assert str(data / "beloz.lock") in err[0] and "does not start" in err[0]
    assert main.main(["--autoplay", "--fast", "--level", LEVEL]) == 0, "writes nothing: runs"
    capsys.readouterr()
    assert main.main(["--headless", "--exit-after-first-frame"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "This window saves nothing" in err[0], err
    assert window.running.read_only and not game.WRITE_FILES
    assert window.running.read_only_why == "in_use.no_lock_footer"  # the menu's footer says why
    assert [t.text for t in window.running.toasts if t.sticky] == [err[0]]
    assert folder_state(data) == before, "nothing written"
    lock = FolderLock()
    assert lock.acquire() and lock.problem is not None
    assert str(data / "beloz.lock") in lock.problem and "a folder has that name" in lock.problem
