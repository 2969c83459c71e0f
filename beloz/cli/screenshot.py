"""``--screenshot FILE --scene NAME``: one scene drawn headless and saved as a PNG.  The
scene registry (``push_scene``: a name to the scene on an empty stack) is also the
self-test's list of scenes and the screenshot sweep's (``beloz.ui.sweep``)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from beloz.cli.window import make_app

#: The scenes around the table: the menu and its dialogs, the lessons, the practice.
SHELL_SCENES = ("menu", "settings", "newgame", "rules", "stats", "pause", "tutorial", "in_use",
                "practice", "practice_answer", "practice_play", "progress")
#: The table in named states (``beloz.ui.scenes.table.screenshots``).
TABLE_SCENES = ("deal", "bid", "auction", "belot", "play", "score", "hint", "bid_hint",
                "review", "review_bids", "over", "history", "review_watch", "review_show")


def push_scene(app: Any, name: str, seed: int) -> None:
    """Show the named scene on an empty stack (screenshots and the self-test)."""
    from beloz.ui.scenes.menu import MenuScene

    if name in TABLE_SCENES:
        from beloz.ui.scenes.table import screenshot_scene

        screenshot_scene(app, name, seed)
        return
    if name == "menu":
        app.push(MenuScene(app))
    elif name == "settings":
        from beloz.ui.scenes.settings import SettingsScene

        app.push(MenuScene(app))
        app.push(SettingsScene(app))
    elif name == "newgame":
        from beloz.ui.scenes.newgame import NewGameScene

        app.push(MenuScene(app))
        app.push(NewGameScene(app))
    elif name == "rules" or name.startswith("rules-"):
        from beloz.ui.scenes.rules import SECTION_NAMES, RulesScene

        section = name.partition("-")[2] or "deck"
        if section not in SECTION_NAMES:
            raise ValueError(app.tr("main.unknown_scene", name=name,
                                    names=", ".join(f"rules-{s}" for s in SECTION_NAMES)))
        app.push(MenuScene(app))
        app.push(RulesScene(app, section))
    elif name == "tutorial":
        from beloz.ui.scenes.tutorial import screenshot_tutorial

        app.push(MenuScene(app))
        screenshot_tutorial(app)
    elif name.startswith("tutorial-"):
        from beloz.ui.scenes.tutorial import screenshot_lesson

        app.push(MenuScene(app))
        screenshot_lesson(app, name.partition("-")[2])
    elif name in ("practice", "practice_answer", "practice_play"):
        from beloz.ui.scenes.practice import screenshot_practice

        app.push(MenuScene(app))
        screenshot_practice(app, answered=name == "practice_answer",
                            play_on=name == "practice_play")
    elif name == "progress":
        from beloz.ui.scenes.progress import screenshot_progress

        app.push(MenuScene(app))
        screenshot_progress(app, seed)
    elif name == "in_use":
        from beloz.ui.scenes.in_use import FolderInUseScene

        app.push(FolderInUseScene(app))
    elif name == "stats":
        from beloz.ui.scenes.stats import StatsScene

        app.push(MenuScene(app))
        app.push(StatsScene(app))
    elif name == "pause":
        from beloz.ui.scenes.pause import PauseScene

        try:
            from beloz.ui.scenes.table import screenshot_scene

            screenshot_scene(app, "play", seed)
        except ImportError:
            app.push(MenuScene(app))
        app.push(PauseScene(app))
    else:
        names = ", ".join(SHELL_SCENES + TABLE_SCENES)
        raise ValueError(app.tr("main.unknown_scene", name=name, names=names))


@contextlib.contextmanager
def no_file_writes() -> Iterator[None]:
    """Screenshots and the self-test leave the player's save and statistics alone."""
    from beloz.ui import game

    before, game.WRITE_FILES = game.WRITE_FILES, False
    try:
        yield
    finally:
        game.WRITE_FILES = before


def run(args: argparse.Namespace) -> int:
    with no_file_writes():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    app = make_app(args, save=False)
    try:
        push_scene(app, args.scene, args.seed if args.seed is not None else 1)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    for _ in range(4):  # let layouts, fonts and the UI manager settle
        app.step(1 / 60)
    import pygame

    path = Path(args.screenshot)
    try:  # checked by parse_args, but the disk may fill up or the folder go meanwhile
        path.parent.mkdir(parents=True, exist_ok=True)
        app.screenshot(path)
    except (OSError, pygame.error) as err:
        print(f"cannot write the screenshot {path}: {err}", file=sys.stderr)
        app.close()
        return 1
    from beloz import storage

    print(app.tr("main.screenshot_saved", path=storage.shown(path)))
    app.close()
    return 0
