"""What the window says of the data folder's files, and how (issue 44, 2 and 3): a file
damaged or set aside is said at start-up, once, with the notice that stays until clicked
(not a four-second toast, not only on its own screen); one cause, one notice (a full disk
fails the log, the save and the statistics together); an autoplay prints the log's notice
on standard error.  The wording of the data folder's odd cases: tests/test_folder_words.py."""

from __future__ import annotations

import errno
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from beloz import crashlog, storage
from tests.test_crashlog import FullDisk, clean_beloz_logger  # noqa: F401 -- a fixture
from tests.test_ui_files import a_persons_saved_match, drive, new_table, refuse_writes

DAMAGED = b"{damaged"


def frames(app, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step(dt)


def start(app) -> None:
    """The window's start-up, as ``beloz.cli.play`` runs it: the checks, then the menu."""
    from beloz.cli import play

    play.first_scene(app, True)
    frames(app)


def notices(app, word: str) -> list:
    return [t for t in app.toasts if word in t.text]


def click(app, toast) -> None:
    assert toast.rect is not None, "drawn"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=toast.rect.center,
                                         button=1))
    frames(app, 1)


def open_screen(app, name: str) -> None:
    from beloz.ui.scenes.practice import PracticeScene
    from beloz.ui.scenes.progress import ProgressScene
    from beloz.ui.scenes.stats import StatsScene
    from beloz.ui.scenes.tutorial import TutorialScene

    scene = {"practice.json": PracticeScene, "progress.json": ProgressScene,
             "tutorial.json": TutorialScene, "stats.json": StatsScene}[name]
    app.push(scene(app))
    frames(app)


@pytest.mark.parametrize("name", ["practice.json", "progress.json", "tutorial.json",
                                  "stats.json"])
def test_a_damaged_file_is_said_at_start_up_once_and_stays_until_clicked(app, data_dir, name):
    """practice.json was set aside by the menu's count of problems due and said only if
    Practice was opened in that session; progress.json and tutorial.json only on their
    screens; stats.json in a four-second toast."""
    (data_dir / name).write_bytes(DAMAGED)
    start(app)
    [told] = notices(app, f"{name}.bak")
    assert told.sticky
    assert (data_dir / f"{name}.bak").read_bytes() == DAMAGED, "kept for a bug report"
    frames(app, 40, 0.25)  # ten seconds: it stays
    assert told in app.toasts
    click(app, told)
    assert told not in app.toasts
    open_screen(app, name)
    assert not app.toasts, "said once: its screen does not say it again"


def test_a_damaged_record_said_at_start_up_is_not_said_again_by_its_screen(app, data_dir):
    """A file whose damaged records are left out keeps them until its next write: every
    read finds them again.  Said once all the same."""
    from beloz.practice.builtin import builtin_problems
    from beloz.practice.queue import Queue, practice_path, save_queue, today

    queue = Queue()
    queue.add(builtin_problems("beloz")[0], today())
    assert save_queue(queue) is None
    doc = json.loads(practice_path().read_text(encoding="utf-8"))
    doc["problems"].append({"problem": "not one"})
    practice_path().write_text(json.dumps(doc), encoding="utf-8")
    start(app)
    [told] = [t.text for t in app.toasts]
    assert "could not be read: it was left out" in told and "practice.json.bak" in told
    app.toasts.clear()  # read and clicked away
    open_screen(app, "practice.json")
    assert not app.toasts


@pytest.mark.parametrize("content", [b"{not json", b'{"schema": 1, "match": {"dealer": 9}}'])
def test_a_save_set_aside_at_start_up_is_said_until_clicked(app, data_dir, content):
    """"Your saved match could not be resumed…" was a four-second toast: a player who
    looked away never learnt where the match went."""
    (data_dir / "savegame.json").write_bytes(content)
    start(app)
    [told] = notices(app, "savegame.json.bak")
    assert told.sticky and told.text.startswith("Your saved match could not be resumed")
    frames(app, 40, 0.25)
    assert told in app.toasts


def test_settings_reset_at_start_up_stay_until_clicked(data_dir):
    from beloz.ui.app import App

    (data_dir / "settings.json").write_text('{"schema": 1, "language": "en", "volume": "loud"}',
                                            encoding="utf-8")
    a = App(size=(960, 600), fast=True)
    try:
        [told] = notices(a, "settings.json.bak")
        assert told.sticky
    finally:
        a.close()


def test_a_good_folder_says_nothing_at_start_up(app, data_dir):
    a_persons_saved_match(data_dir)
    start(app)
    assert not app.toasts


# -- one cause, one notice ------------------------------------------------------------------


@pytest.fixture
def full_log(clean_beloz_logger: logging.Logger, data_dir: Path) -> Iterator[None]:  # noqa: F811
    """The game's log on a full disk (before the window opens, as ``main`` sets it up)."""
    crashlog.setup_logging()
    handler = crashlog.app_log_handler()
    assert handler is not None
    handler.stream.close()
    handler.stream = FullDisk()  # type: ignore[assignment]
    yield


@pytest.fixture
def random_players(monkeypatch):
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game

    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))


def test_a_full_disk_is_one_notice_for_the_log_the_save_and_the_statistics(
        full_log, app, random_players, monkeypatch):
    """The window showed a notice for the log, then one for the save and one for the
    statistics, each hiding the one before: one cause, the disk, and one notice that says
    what it stops."""
    refuse_writes(monkeypatch, errno.ENOSPC)
    logging.getLogger("beloz.test").warning("a line the log cannot take")
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.match.hands_dealt >= 2)
    assert scene.flow.write_failures >= 2, "the save and the count failed"
    [told] = app.toasts
    assert told.sticky and told.text.startswith("The game's log could not be written (the "
                                                "disk is full): nothing can be saved in")
    assert "neither the match nor the statistics" in told.text


def test_a_full_disk_first_met_by_a_save_is_one_notice_too(app, random_players, monkeypatch):
    refuse_writes(monkeypatch, errno.ENOSPC)
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.match.hands_dealt >= 2)
    app.apply_settings(app.settings.replace(volume=0.5))  # settings.json: the same disk
    [told] = app.toasts
    assert "Could not save savegame.json" in told.text
    assert "Nothing can be saved there until that changes." in told.text


def test_two_causes_are_two_notices(app, random_players, monkeypatch):
    """A full disk and then a read-only one are two causes: each is said."""
    refuse_writes(monkeypatch, errno.ENOSPC)
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.saves == 0 and scene.flow.write_failures > 0)
    refuse_writes(monkeypatch, errno.EROFS)
    app.apply_settings(app.settings.replace(volume=0.5))
    assert [("full" in t.text, "read-only" in t.text) for t in app.toasts] == [
        (True, False), (False, True)]


def test_an_autoplay_prints_the_logs_notice_on_standard_error(
        clean_beloz_logger, data_dir, monkeypatch, capsys):  # noqa: F811
    """docs/files.md promised it; the autoplay's window took it, and said nothing."""
    import main

    monkeypatch.setattr(crashlog.QuietFileHandler, "_open", lambda self: FullDisk())
    refuse_writes(monkeypatch, errno.ENOSPC)
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic",
                      "--save"]) == 1
    err = capsys.readouterr().err.splitlines()
    # The failed save's line is logged first: the log's failure comes first.
    assert err[0] == ("The game's log could not be written (the disk is full): nothing can "
                      f"be saved in {storage.data_dir()} until that changes, neither the match "
                      "nor the statistics; the game goes on."), err
    assert len(err) == 2 and err[1].startswith("Could not save autoplay-save.json"), err
