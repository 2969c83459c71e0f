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
        app.notify(m)


def check_stats(app: app_protocol.App) -> None:
    """At start-up: a damaged stats.json is set aside as stats.json.bak now, with a message,
    rather than silently when the first hand is counted."""
    log = logging.getLogger("beloz")
    try:
        from beloz import stats, storage

        # No ``exists()`` first: in a folder the player may not enter it raises; the loader
        # answers every case (none, damaged, unreadable) with messages.
        _, messages = stats.load_stats()
    except Exception as exc:  # noqa: BLE001 -- the menu still opens
        log.warning("stats: %s", exc)
        app.notify(app.tr("notify.stats_unreadable"))
        return
    for m in messages:
        log.warning("stats: %s", m)
    if messages:
        app.notify(app.tr("notify.stats_reset") + storage.kept_note(stats.stats_path()))


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
    app.push(MenuScene(app))


def run(args: argparse.Namespace) -> int:
    from beloz.folderlock import FolderLock

    lock = FolderLock()
    held = lock.acquire()
    try:
        return _run(args, held, lock.problem)
    finally:
        lock.release()


def _run(args: argparse.Namespace, folder_held: bool, problem: str | None = None) -> int:
    app = make_app(args, save=folder_held and problem is None)
    if folder_held and problem is not None:
        # No lock could be taken: this window must not write unguarded.  It plays, saves
        # nothing (the menu offers no Continue), and says why in one line (on stderr, and a
        # notice that stays).
        without_saving(app)
        app.read_only_why = "in_use.no_lock_footer"  # the menu's footer: not another BeloZ
    first_scene(app, folder_held)
    if folder_held and problem is not None:
        text = app.tr("in_use.no_lock", problem=problem)
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
