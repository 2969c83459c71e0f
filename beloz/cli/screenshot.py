"""``--screenshot FILE --scene NAME``: one scene drawn headless and saved as a PNG.  The
scene comes from the scene registry (``beloz.ui.scene_registry``: a name to the scene on an
empty stack), which the self-test and the screenshot sweep (``beloz.ui.sweep``) use too."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

from beloz.cli.window import make_app
from beloz.ui.scene_registry import push_scene


@contextlib.contextmanager
def no_file_writes() -> Iterator[None]:
    """Screenshots and the self-test leave the player's save and statistics alone."""
    from beloz.ui import game

    before, game.WRITE_FILES = game.WRITE_FILES, False
    try:
        yield
    finally:
        game.WRITE_FILES = before


@contextlib.contextmanager
def language_kept() -> Iterator[None]:
    """The language in use before, in use again after: ``--lang`` and the self-test switch
    it for the whole process, and a caller in the same process (a test) goes on in its own."""
    from beloz import i18n

    before = i18n.get_language()
    try:
        yield
    finally:
        i18n.set_language(before)


def run(args: argparse.Namespace) -> int:
    with no_file_writes(), language_kept():
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
