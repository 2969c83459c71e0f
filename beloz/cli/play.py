"""The game in its window (no mode option): the data folder's lock, the start-up checks of
the saved match and the statistics, then the menu; or, when another BeloZ holds the data
folder, the scene that says so, in a window that then writes nothing."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from typing import TYPE_CHECKING

from beloz.cli.window import make_app, process_age

if TYPE_CHECKING:
    from beloz.ui import app_protocol
    from beloz.ui.app import App


def tell(app: app_protocol.App, message: str) -> None:
    """A file damaged or set aside, said at start-up with the notice that stays until
    clicked (as a failed write is), once: a screen that reads the file again later says
    nothing more (``App.notify``)."""
    app.notify(message, seconds=None)


def check_saved_game(app: app_protocol.App) -> None:
    """At start-up, before the menu: a saved match that cannot be resumed is set aside as
    savegame.json.bak (so the menu offers no Continue) and the player is told why."""
    try:
        from beloz import savegame

        if not savegame.has_save():
            return
        _, messages = savegame.load_game()
    except Exception as exc:  # noqa: BLE001 -- the menu still opens
        messages = [str(exc)]
    for m in messages:
        tell(app, m)


def check_stats(app: app_protocol.App) -> None:
    """At start-up: a damaged stats.json is set aside as stats.json.bak now, with a message,
    rather than silently when the first hand is counted."""
    log = logging.getLogger("beloz")
    try:
        from beloz import stats

        # No ``exists()`` first: in a folder the player may not enter it raises; the loader
        # answers every case (none, damaged, unreadable) with messages.
        _, messages = stats.load_stats()
    except Exception as exc:  # noqa: BLE001 -- the menu still opens
        log.warning("stats: %s", exc)
        tell(app, app.tr("notify.stats_unreadable"))
        return
    for m in messages:
        log.warning("stats: %s", m)
    if messages:
        tell(app, stats.reset_notice())


def check_practice_files(app: app_protocol.App) -> None:
    """At start-up: practice.json, progress.json and tutorial.json read now, so that one
    that is damaged is set aside (or its damaged records left out) and said in this
    session's first minute, not only if the person opens its screen (and not at all when
    the menu's count of problems due had set practice.json aside first)."""
    from beloz.lessons import progress as lessons_progress
    from beloz.practice import progress, queue

    def read_practice() -> list[str]:
        queue.load_queue()
        return queue.take_unsaid()  # said here: the Practice screen does not say them again

    for read in (read_practice, lambda: progress.load_progress()[1],
                 lambda: lessons_progress.load_progress()[1]):
        try:
            messages = read()
        except Exception as exc:  # noqa: BLE001 -- the menu still opens
            logging.getLogger("beloz").warning("start-up check: %s", exc)
            continue
        for m in messages:
            tell(app, m)


def without_saving(app: App) -> None:
    """From now on this window writes nothing in the data folder (another BeloZ holds it):
    no saved match (and no Continue: that match is the other window's), no statistics, no
    settings, no tutorial progress."""
    from beloz.ui import game

    app.save = False
    app.read_only = True
    game.WRITE_FILES = False


def first_scene(app: App, folder_held: bool) -> None:
    """The menu, after the start-up checks of the files; or, when another BeloZ holds the
    data folder, the scene that says so (this window then saves nothing)."""
    if not folder_held:
        from beloz import storage
        from beloz.ui.scenes.in_use import FolderInUseScene

        without_saving(app)
        print(app.tr("in_use.console", folder=storage.data_dir()), file=sys.stderr)
        app.push(FolderInUseScene(app))
        return
    from beloz.ui.scenes.menu import MenuScene

    check_saved_game(app)
    check_stats(app)
    check_practice_files(app)
    app.push(MenuScene(app))


def run(args: argparse.Namespace) -> int:
    from beloz.folderlock import FolderLock

    lock = FolderLock()
    held = lock.acquire()
    try:
        return _run(args, held, lock.problem, lock.remedy)
    finally:
        lock.release()


def _run(args: argparse.Namespace, folder_held: bool, problem: str | None = None,
         remedy: str = "") -> int:
    app = make_app(args, save=folder_held and problem is None)
    if folder_held and problem is not None:
        # No lock could be taken: this window must not write unguarded.  It plays, saves
        # nothing (the menu offers no Continue), and says why in one line (on stderr, and a
        # notice that stays).
        without_saving(app)
        app.read_only_why = "in_use.no_lock_footer"  # the menu's footer: not another BeloZ
    first_scene(app, folder_held)
    if folder_held and problem is not None:
        text = app.tr("in_use.no_lock", problem=problem, remedy=remedy)
        from beloz import storage

        print(storage.shown(text), file=sys.stderr)
        app.notify(text, seconds=None)
    if args.exit_after_first_frame:
        app.run(max_frames=1)
        menu_at, age = time.time(), process_age()
        start = menu_at - age
        # The first frame is the splash (app.splash_at), drawn as the window opens; the
        # menu's is the one just drawn.  The wall clocks let bench/bench_launch.py time a
        # start from outside, where process_age cannot see the process start (under Wine).
        print(f"first frame: {(app.splash_at - start) * 1000:.0f} ms after process start "
              f"(the window opened at {(app.opened_at - start) * 1000:.0f} ms); menu: "
              f"{age * 1000:.0f} ms", flush=True)
        print(f"launch clock: opened={app.opened_at:.3f} splash={app.splash_at:.3f} "
              f"menu={menu_at:.3f}", flush=True)
        app.close()
        return 0
    app.run()
    app.close()
    return 0
