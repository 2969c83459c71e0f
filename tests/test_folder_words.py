"""What the game says of a data folder's odd cases is true (issue 44, 4): no statistics
"reset" where none ever were, no "(File exists)" for a file in the way, no "remove that
file" about a folder, no "a new match replaces it" where nothing is replaced, no "Another
BeloZ window" when the other copy may be an autoplay, and no date axis that runs backwards
after the clock was set back.  In English and French."""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
from pathlib import Path

import pytest

from beloz import i18n, storage
from beloz import stats as stats_mod
from tests.test_ui_files import refuse_writes


@pytest.fixture(params=["en", "fr"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("where", ["under a file", "too long"])
def test_statistics_that_never_existed_are_not_said_to_be_reset(tmp_path, monkeypatch, lang,
                                                                where):
    """A data folder that is a file, or a path longer than the system allows: the start-up
    said "Some statistics could not be read and were reset"."""
    if where == "under a file":
        (tmp_path / "data").write_text("not a folder")
        data = tmp_path / "data" / "BeloZ"
    else:
        data = tmp_path / ("x" * 300)
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    _, messages = stats_mod.load_stats()
    assert messages == []
    said: list[str] = []

    class App:
        def tr(self, key: str, **kw: object) -> str:
            return i18n.tr(key, **kw)

        def notify(self, text: str, seconds: float | None = None) -> None:
            said.append(text)

    from beloz.cli import play

    play.check_stats(App())  # type: ignore[arg-type]
    play.check_practice_files(App())  # type: ignore[arg-type]
    assert said == []
    # What is said is the write that fails, in the player's words.
    message = storage.write_json(data / "stats.json", {"schema": 1})
    assert message is not None
    if where == "under a file":
        assert i18n.tr("files.why_not_a_folder") in message
        assert "File exists" not in message and "EEXIST" not in message
    assert i18n.tr("files.nothing_saved") in message


def test_a_data_folder_that_is_a_file_is_a_file_in_the_way(tmp_path, lang):
    """mkdir on a file where the folder should be says EEXIST: it was "(File exists)", and
    in French "erreur du système EEXIST"; the docs promise "a file in the way"."""
    data = tmp_path / "data"
    data.write_text("not a folder")
    message = storage.write_json(data / "settings.json", {"schema": 1})
    assert message is not None
    assert f"({i18n.tr('files.why_not_a_folder')})" in message, message
    assert data.read_text() == "not a folder"


# -- the lock --------------------------------------------------------------------------------


def no_lock(data: Path) -> tuple[str, str]:
    from beloz.folderlock import FolderLock

    lock = FolderLock(data)
    assert lock.acquire() and lock.problem is not None
    return lock.problem, i18n.tr("in_use.no_lock", problem=lock.problem, remedy=lock.remedy)


def test_a_folder_named_beloz_lock_is_not_called_a_file(tmp_path, lang):
    (tmp_path / "beloz.lock").mkdir()
    (tmp_path / "beloz-2.lock").mkdir()
    problem, text = no_lock(tmp_path)
    assert i18n.tr("files.why_a_folder") in problem
    assert text.endswith(i18n.tr("in_use.remedy_folder"))
    assert ("file" not in text.replace("beloz.lock", "")) if lang == "en" else (
        "fichier" not in text)
    # Removing it mends it, as the remedy says: the next copy locks the folder.
    (tmp_path / "beloz.lock").rmdir()
    from beloz.folderlock import FolderLock

    lock = FolderLock(tmp_path)
    assert lock.acquire() and lock.problem is None
    lock.release()


def test_a_link_named_beloz_lock_is_called_a_link(tmp_path, lang):
    (tmp_path / "beloz.lock").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "beloz-2.lock").mkdir()
    problem, text = no_lock(tmp_path)
    assert i18n.tr("in_use.why_link") in problem
    assert text.endswith(i18n.tr("in_use.remedy_link"))


def test_a_file_system_without_locks_is_offered_no_remedy(tmp_path, monkeypatch, lang):
    from beloz import folderlock

    class NoLocks:
        def __init__(self, path: object, **kw: object) -> None:
            self.lock_file = str(path)

        def acquire(self, blocking: bool = True) -> None:
            raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(folderlock, "FileLock", NoLocks)
    _, text = no_lock(tmp_path)
    for remedy in ("folder", "link", "file"):
        assert i18n.tr(f"in_use.remedy_{remedy}").strip() not in text
    assert text.endswith(".")


def test_the_folder_in_use_scene_does_not_say_a_window_holds_it(data_dir, lang):
    """The other copy may be an autoplay with --save or --stats."""
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.in_use import FolderInUseScene

    app = App(size=(960, 600), fast=True, settings=Settings(language=lang))
    try:
        scene = FolderInUseScene(app)
        app.push(scene)
        app.step(1 / 60)
        text = " ".join(line for line, _, _ in scene._lines(2000))
        if lang == "en":
            assert "a window or an autoplay" in text and "Another BeloZ window" not in text
            assert "the other window" not in text
        else:
            assert "une fenêtre ou une partie automatique" in text
            assert "autre fenêtre" not in text
    finally:
        app.close()


# -- the autoplay ----------------------------------------------------------------------------


def an_unfinished_autoplay_match(data: Path) -> bytes:
    from beloz.ui.game import GameFlow

    flow = GameFlow(3, autoplay=True)
    flow.set_level("heuristic")
    flow.persist = True
    while flow.match.hands_dealt < 2:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    return (data / "autoplay-save.json").read_bytes()


def test_nothing_is_said_replaced_on_a_folder_that_cannot_be_written(data_dir, monkeypatch,
                                                                     capsys):
    import main

    before = an_unfinished_autoplay_match(data_dir)
    refuse_writes(monkeypatch, errno.EROFS)

    def read_only(self: Path, missing_ok: bool = False) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "unlink", read_only)  # the match's end deletes its save
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic",
                      "--save"]) == 1
    err = capsys.readouterr().err
    assert "held an unfinished autoplay match" not in err, err
    assert "Could not save autoplay-save.json" in err
    assert (data_dir / "autoplay-save.json").read_bytes() == before, "nothing replaced"


def test_a_replaced_autoplay_match_is_said_once_replaced(data_dir, capsys):
    import main

    hand = json.loads(an_unfinished_autoplay_match(data_dir))["match"]["hands_dealt"]
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic",
                      "--save"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [i18n.tr("main.replacing_autoplay_save",
                           path=data_dir / "autoplay-save.json", hand=hand)], err
    from beloz import storage as st

    assert not any(getattr(h, "__name__", "") == "replaced" for h in st.after_write)


# -- the progress chart ----------------------------------------------------------------------


def chart_ends(lang: str, days: list[dt.date]) -> list[str]:
    """The texts drawn on the Progress screen of matches begun on ``days``."""
    from beloz.ui import drawn, sweep
    from beloz.ui.scenes.progress import ProgressScene, fake_progress

    progress = fake_progress("beloz", 1, matches=len(days))
    for record, day in zip(progress.matches.values(), days, strict=True):
        record.date = day
    with sweep.quiet_app((1280, 800), lang, "beloz") as app:
        scene = ProgressScene(app, progress=progress, answers={"beloz": (0, 0)})
        app.push(scene)
        app.step(1 / 60)
        with drawn.recording() as seen:
            scene.draw(app.screen)
        return [d.label for d in seen if d.kind == "text"]


def test_the_charts_ends_never_run_backwards(data_dir, lang):
    """The clock set back between two matches: the chart, in the order played, ran from
    the 9th of March to the 2nd."""
    from beloz.ui.scenes.progress import ProgressScene

    day = ProgressScene.day
    forward = [dt.date(2026, 3, 2), dt.date(2026, 3, 5), dt.date(2026, 3, 9)]
    texts = chart_ends(lang, forward)

    class Tr:
        class app:  # noqa: N801 -- what ``day`` reads
            tr = staticmethod(i18n.tr)

    assert day(Tr, forward[0]) in texts and day(Tr, forward[-1]) in texts  # type: ignore[arg-type]
    back = [dt.date(2026, 3, 9), dt.date(2026, 3, 2), dt.date(2026, 3, 5)]
    texts = chart_ends(lang, back)
    assert not any(day(Tr, d) in texts for d in back), texts  # type: ignore[arg-type]
    assert i18n.tr("progress.match_n", n=1) in texts
    assert i18n.tr("progress.match_n", n=3) in texts


def test_a_damaged_autoplay_save_is_not_told_of_a_menu(data_dir, capsys, lang):
    """``--autoplay --resume`` read "start a new match from the menu": it has none."""
    import main

    (data_dir / "autoplay-save.json").write_text("{damaged")
    assert main.main(["--autoplay", "--fast", "--resume", "--lang", lang]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "autoplay-save.json.bak" in err[0], err
    assert "menu" not in err[0]
    assert err[0].endswith(i18n.tr("files.save_set_aside", name="", why="", bak="")
                           .rpartition(",")[2])
