"""BeloZ's command line: ``main()`` reads the options and runs one mode, each in its own
module: the game in its window (``play``), ``--autoplay``, ``--screenshot``, ``--selftest``,
and ``--install-desktop`` / ``--uninstall-desktop`` (``beloz.desktop``).  ``main.py`` at the
top of the tree, the installed ``beloz`` command and the bundles all call ``main()``.

The headless modes (--fast, --screenshot, --selftest, --headless) use SDL's dummy video and
audio drivers, so they run on a machine without a screen or a sound card.  An unexpected
error never shows a traceback to the player: it is written to a crash log (``crash``) and a
short message says where; a standard output that fails ends the run quietly, status 3
(``output``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from beloz.cli import window
from beloz.cli.crash import report_crash
from beloz.cli.output import (
    Output,
    OutputLost,
    no_console_streams,
    quiet_output,
    tolerant_output,
)
from beloz.cli.window import headless_requested

#: The largest window the command line asks for: a side of 8K (7680) and no more pixels
#: than 7680x4320.  Larger was one screenshot of 99 s and 5.7 GB (16384x16384).
MAX_SIDE = 7680
MAX_PIXELS = 7680 * 4320
#: The options that only mean something with --autoplay (without it they would be ignored).
AUTOPLAY_ONLY = ("--save", "--resume", "--stats", "--level", "--leave-after-steps", "--memory")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError("the size must be positive")
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        raise argparse.ArgumentTypeError(
            f"at most 7680x4320 (or 4320x7680), got {text!r}")
    return w, h


def screenshot_file(text: str) -> str:
    """A path the screenshot can be written to, checked before anything is drawn: not a
    folder, and a file this process may create or replace (its folder is created)."""
    path = Path(text)
    if not text or text.endswith(("/", os.sep)) or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder: give a file name, such as "
                                         f"{os.path.join(text or '.', 'menu.png')}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        with open(path, "ab"):  # opened to append: an existing file is left as it is
            pass
        if not existed:
            path.unlink()
    except (FileExistsError, NotADirectoryError):  # a file where a folder should be
        raise argparse.ArgumentTypeError(
            f"cannot write {text!r}: a part of its folder is a file, not a folder") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise argparse.ArgumentTypeError(
            f"cannot write {text!r}: {getattr(e, 'strerror', None) or e}") from None
    return text


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from beloz import __version__
    from beloz.rules.ruleset import RULESETS
    from beloz.ui.scene_registry import SHELL_SCENES, TABLE_SCENES

    p = argparse.ArgumentParser(prog="beloz", description="BeloZ: belote in the savanna.")
    p.add_argument("--version", action="version", version=f"BeloZ {__version__}")
    p.add_argument("--autoplay", action="store_true", help="four computer players play a match")
    p.add_argument("--matches", type=int, default=1, metavar="K", help="autoplay K matches")
    p.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the deals")
    p.add_argument("--fast", action="store_true",
                   help="headless and as fast as possible (no window, no waiting)")
    p.add_argument("--screenshot", metavar="FILE", type=screenshot_file,
                   help="save a PNG of --scene and exit")
    p.add_argument("--scene", default="menu",
                   help=f"scene to capture: {', '.join(SHELL_SCENES + TABLE_SCENES)}, "
                        "rules-SECTION (e.g. rules-play), or tutorial-L[-T|-end] (lesson L at its "
                        "task T or its end, e.g. tutorial-9-3)")
    p.add_argument("--size", type=parse_size, metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--lang", choices=("en", "fr"), help="language (overrides the settings)")
    p.add_argument("--ruleset", choices=tuple(RULESETS),
                   help="ruleset of a new match (overrides the settings)")
    p.add_argument("--selftest", action="store_true",
                   help="load every asset, draw every scene once, exit 0 when all is well")
    p.add_argument("--require-compiled-solver", action="store_true",
                   help="with --selftest: a problem when the double-dummy solver's compiled "
                        "core is not loaded (the release builds ask for it)")
    p.add_argument("--headless", action="store_true", help="no window, no sound")
    p.add_argument("--level", choices=("beginner", "standard", "expert", "heuristic", "random"),
                   help="autoplay: the computer players (heuristic / random: no search, for "
                        "soak tests of the game's plumbing)")
    p.add_argument("--save", action="store_true",
                   help="autoplay: save the match after every bid and expedition, as for a "
                        "person")
    p.add_argument("--resume", action="store_true",
                   help="autoplay: continue the saved autoplay match (--autoplay --save)")
    p.add_argument("--stats", action="store_true",
                   help="autoplay: count the hands and matches in stats.json, seat 0 as the "
                        "person")
    p.add_argument("--leave-after-steps", type=int, metavar="N",
                   help="autoplay: leave each match after N steps and resume it from its save, "
                        "as a player who quits and comes back (with --save)")
    p.add_argument("--memory", action="store_true",
                   help="autoplay: print the memory in use after every match")
    p.add_argument("--exit-after-first-frame", action="store_true",
                   help="start as usual, print the ms from process start to the first frame "
                        "presented, and exit")
    p.add_argument("--install-desktop", action="store_const", const="install", dest="desktop",
                   help="Linux: add BeloZ and its icon to your desktop's menu (for you only)")
    p.add_argument("--uninstall-desktop", action="store_const", const="uninstall",
                   dest="desktop", help="Linux: remove what --install-desktop added")
    p.add_argument("--hang-after-steps", type=int, metavar="N", help=argparse.SUPPRESS)
    p.add_argument("--hang-after-write", metavar="NAME:K", help=argparse.SUPPRESS)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    mode.add_argument("--fullscreen", action="store_true", help="start in full screen")
    args = p.parse_args(argv)
    if args.matches < 1:
        p.error("--matches must be at least 1")
    if args.leave_after_steps is not None and (args.leave_after_steps < 1 or not args.save):
        p.error("--leave-after-steps needs a positive N and --save")
    if not args.autoplay:
        given = [o for o in AUTOPLAY_ONLY if getattr(args, o[2:].replace("-", "_")) not in
                 (None, False)]
        if args.matches != 1:
            given.append("--matches")
        if given:
            p.error(f"{', '.join(given)}: only with --autoplay")
    return args


def run(args: argparse.Namespace) -> int:
    """The mode the options ask for, its exit status."""
    if args.desktop:
        from beloz import desktop

        return desktop.main(args.desktop)
    if args.selftest:
        from beloz.cli import selftest

        return selftest.run(args)
    if args.screenshot:
        from beloz.cli import screenshot

        return screenshot.run(args)
    if args.autoplay:
        from beloz.cli import autoplay

        return autoplay.run(args)
    from beloz.cli import play

    return play.run(args)


#: The status of a run whose output could not be written (as ``beloz.rules.record``'s).
EXIT_OUTPUT = 3


def main(argv: list[str] | None = None) -> int:
    no_console_streams()
    tolerant_output()
    stdout = sys.stdout
    sys.stdout = Output(stdout)
    try:
        return _main(argv)
    except OutputLost:  # the usage or the version could not be printed
        sys.stdout = stdout
        quiet_output()
        return EXIT_OUTPUT
    finally:
        sys.stdout = stdout


def _main(argv: list[str] | None) -> int:
    args = parse_args(argv)
    headless = headless_requested(args)
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from beloz.crashlog import setup_logging

        setup_logging()
    except Exception:  # noqa: BLE001 -- no log file: play on
        pass
    try:
        status = run(args)
        sys.stdout.flush()  # a full standard output fails here, not at the exit
        return status
    except KeyboardInterrupt:
        return 130
    except OutputLost:
        raise
    except Exception as exc:  # noqa: BLE001 -- never a traceback at a player
        report_crash(exc, headless, window.running)
        return 1
