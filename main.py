"""BeloZ: start the game window.

    python main.py                         play
    python main.py --autoplay --fast --seed 3 --matches 2
                                           four computer players, no window; prints the scores
    python main.py --screenshot menu.png --scene menu --size 1280x800
    python main.py --selftest              load every asset, draw every scene once, exit 0

The headless modes (--fast, --screenshot, --selftest, --headless) use SDL's dummy video and
audio drivers, so they run on a machine without a screen or a sound card.  An unexpected
error never shows a traceback to the player: it is written to a crash log
(beloz.crashlog) and a short message says where.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import logging
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_T0 = time.perf_counter()  # the earliest moment this module can see (see process_age)

SHELL_SCENES = ("menu", "settings", "newgame", "rules", "stats", "pause", "tutorial", "in_use",
                "practice", "practice_answer", "practice_play", "progress")
TABLE_SCENES = ("deal", "bid", "auction", "belot", "play", "score", "hint", "bid_hint",
                "review", "review_bids", "over", "history", "review_watch", "review_show")
_app: Any = None  # the running App, for the crash log's hand record
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


def headless_requested(args: argparse.Namespace) -> bool:
    return bool(args.fast or args.screenshot or args.selftest or args.headless)


def make_app(args: argparse.Namespace, *, save: bool = True) -> Any:
    global _app
    from beloz.ui.app import App

    fullscreen = True if args.fullscreen else False if (args.windowed or args.size) else None
    if headless_requested(args):
        fullscreen = False
    app = App(size=args.size, fullscreen=fullscreen, fast=args.fast, save=save)
    if args.lang and args.lang != app.settings.language:
        from beloz import i18n

        app.settings = app.settings.replace(language=args.lang)
        i18n.set_language(args.lang)
        app.ui.set_locale(args.lang)
    if args.ruleset:
        app.settings = app.settings.replace(ruleset=args.ruleset)
    app.seed = args.seed
    _app = app
    return app


def table_scene(app: Any, **kw: Any) -> Any:
    """The table scene with the keywords its constructor accepts (it is another module)."""
    from beloz.ui.scenes.table import TableScene

    accepted = inspect.signature(TableScene).parameters
    return TableScene(app, **{k: v for k, v in kw.items() if k in accepted})


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


def run_screenshot(args: argparse.Namespace) -> int:
    with no_file_writes():
        return _run_screenshot(args)


def _run_screenshot(args: argparse.Namespace) -> int:
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


def run_selftest(args: argparse.Namespace) -> int:
    with no_file_writes():
        return _run_selftest(args)


def _run_selftest(args: argparse.Namespace) -> int:
    import pygame

    from beloz import i18n
    from beloz.ui.assets import Sounds

    app = make_app(args, save=False)
    problems: list[str] = []
    checked = 0
    # every asset: faces (plain / flooded / classic), backs, table, icon, fonts, sounds
    for width in (64, 120):
        for c in range(32):
            for flooded in (False, True):
                app.art.face(c, width, name=f"card {c}", flooded=flooded, classic=flooded)
                checked += 1
        app.art.back(width)
    for plain in (None, 0, 1, 2, 3):
        app.art.table((1280, 800), plain)
    app.art.icon()
    for bold in (False, True):
        app.art.font(18, bold)
    Sounds(True, 0.5)
    # every string in both languages
    keys = {lang: i18n.flat_keys(i18n.load_strings(lang)) for lang in i18n.LANGUAGES}
    if keys["en"] != keys["fr"]:
        problems.append(f"i18n keys differ: {sorted(keys['en'] ^ keys['fr'])[:10]}")
    # every scene, drawn once in each language
    from beloz.ui.scenes.rules import SECTION_NAMES

    names = [*SHELL_SCENES, *(f"rules-{s}" for s in SECTION_NAMES)]
    try:
        import beloz.ui.scenes.table  # noqa: F401

        names += list(TABLE_SCENES)
    except ImportError:
        problems.append("the table scene is missing")
    seed = args.seed if args.seed is not None else 1
    for lang in i18n.LANGUAGES:
        app.apply_settings(app.settings.replace(language=lang))
        for name in names:
            try:
                push_scene(app, name, seed)
                app.step(1 / 60)
                app.step(1 / 60)
            except Exception as err:  # noqa: BLE001 -- report every broken scene
                problems.append(f"{name} ({lang}): {type(err).__name__}: {err}")
            while app.scenes:
                app.pop()
            checked += 1
    pygame.event.clear()
    app.close()
    solver, solver_problems = check_solver(args.require_compiled_solver)
    problems += solver_problems
    checked += 1
    for problem in problems:
        print("selftest:", problem, file=sys.stderr)
    print(f"selftest: double-dummy solver {solver}")
    print(f"selftest: {checked} checks, {len(problems)} problems")
    return 1 if problems else 0


def check_solver(require_compiled: bool, positions: int = 6) -> tuple[str, list[str]]:
    """Which double-dummy solver the game uses, and the problems: a compiled core that
    values a few positions (4 expeditions left, fixed seeds) differently from its
    pure-Python twin, or none loaded when ``require_compiled`` (the release builds)."""
    import random

    from beloz.ai import dds
    from beloz.rules.ruleset import BELOZ

    if not dds.compiled_available():
        why = f"the compiled core did not load: {dds.LOAD_ERROR}" if dds.LOAD_ERROR else (
            "no compiled core")
        problems = [f"the double-dummy solver is not compiled ({why})"] if require_compiled else []
        return f"pure Python ({why})", problems
    rng = random.Random(13)
    starts = [-dds.CAPOT - 1, *range(0, 200, 8), dds.CAPOT]  # u from a capot lost to one made
    for i in range(positions):
        game = dds.contract_game(i % 6, BELOZ)  # the four flooded plains, no and all trumps
        deck = rng.sample(range(32), 16)
        hands = [sum(1 << c for c in deck[4 * s:4 * s + 4]) for s in range(4)]
        leader = rng.randrange(4)
        py, cc = dds.PySolver(game), dds.CSolver(game)
        cands = [c for c in range(32) if hands[leader] >> c & 1]
        f0 = i % 2 == 0  # which team may still take every expedition
        a = py.solve(hands, leader, [], f0, not f0, cands, starts)
        b = cc.solve(hands, leader, [], f0, not f0, cands, starts)
        if a != b or py.nodes != cc.nodes:
            return f"compiled ({dds.LIBRARY_PATH})", [
                f"the compiled solver differs from the Python one on position {i}: values "
                f"{a} and {b}, nodes {py.nodes} and {cc.nodes}"]
    same = f"the same values as in Python on {positions} positions"
    return f"compiled ({dds.LIBRARY_PATH}), {same}", []


def process_age() -> float:
    """Seconds since the process started: from /proc on Linux (10 ms steps, and it counts
    a bundle's bootloader), else since this module was first imported."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rpartition(")")[2].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _T0


def memory_line(match: int) -> str:
    """Peak and current RSS, the traced Python heap (when tracemalloc runs), GC objects."""
    import gc
    import tracemalloc

    rss = peak = 0.0
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        pass
    # The peak of this program's own memory: Linux's VmHWM.  Not ru_maxrss, which Linux
    # carries over from the parent at fork and exec (a soak started by a 300 MB bench process
    # reported a 300 MB peak for a game that never passed 125 MB).
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            peak = next(int(line.split()[1]) / 2**10 for line in f if line.startswith("VmHWM:"))
    except (OSError, ValueError, IndexError, StopIteration):
        try:
            import resource

            scale = 2**20 if sys.platform == "darwin" else 2**10
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale
        except ImportError:
            pass
    traced = tracemalloc.get_traced_memory()[0] / 2**20 if tracemalloc.is_tracing() else -1.0
    return (f"memory: match {match} rss {rss:.1f} MB peak {peak:.1f} MB "
            f"traced {traced:.2f} MB objects {len(gc.get_objects())}")


def _hang_after(flow: Any, steps: int) -> None:
    """Tests only: after ``steps`` game steps, stop answering (the test then kills us)."""
    apply = flow.apply
    count = [0]

    def counted(step: Any, value: Any = None) -> None:
        apply(step, value)
        count[0] += 1
        if count[0] >= steps:
            print(f"hanging after {count[0]} steps", flush=True)
            while True:
                time.sleep(3600)

    flow.apply = counted


def _hang_after_write(spec: str) -> None:
    """Tests only: after the K-th write of the data folder's file NAME ("stats.json:3"),
    stop (the test then kills us between that write and the next)."""
    from beloz import storage

    name, _, k = spec.rpartition(":")
    write = storage.atomic_write_text
    count = [0]

    def counted(path: Path | str, text: str) -> None:
        write(path, text)
        if Path(path).name == name:
            count[0] += 1
            if count[0] == int(k):
                print(f"hanging after write {k} of {name}", flush=True)
                while True:
                    time.sleep(3600)

    storage.atomic_write_text = counted  # type: ignore[assignment]


def autoplay_scene(app: Any, args: argparse.Namespace, seed: int, resume: bool) -> Any:
    scene = table_scene(app, new_match=not resume, resume=resume, autoplay=True, seed=seed)
    flow = getattr(scene, "flow", None)
    if flow is not None:
        if args.level and not resume:
            flow.set_level(args.level)
        if args.save:
            flow.persist = True
        if args.stats:
            from beloz.ui import game

            flow.record_stats = game.WRITE_FILES
        flow.on_save_error = _autoplay_failure  # once a file (GameFlow._tell): on stderr
        if args.hang_after_steps:
            _hang_after(flow, args.hang_after_steps)
        if args.leave_after_steps and not resume:
            _leave_after(app, flow, args.leave_after_steps)
    return scene


#: The autoplay's failed writes (said on stderr): it ends after its match, non-zero.
_failures: list[str] = []
#: SIGTERM came: the autoplay ends once its match is left (and saved).
_terminated: list[int] = []


def _note_failures(scene: Any) -> None:
    """A failed save or count not said again (said once a file) still ends the autoplay."""
    if getattr(getattr(scene, "flow", None), "write_failures", 0) and not _failures:
        _failures.append("")


def _autoplay_failure(message: str) -> None:
    from beloz import storage

    _failures.append(message)
    print(storage.shown(message), file=sys.stderr, flush=True)


def _leave_after(app: Any, flow: Any, steps: int) -> None:
    """After ``steps`` game steps, stop the loop as a player closing the window would."""
    apply = flow.apply
    count = [0]

    def counted(step: Any, value: Any = None) -> None:
        apply(step, value)
        count[0] += 1
        if count[0] == steps:
            app.quit()

    flow.apply = counted


def _match_over(scene: Any) -> bool:
    return getattr(scene, "final_line", None) is not None


def run_autoplay(args: argparse.Namespace) -> int:
    # One that saves (a resumed match goes on being saved) or counts holds the data folder
    # as the game does; one that writes nothing needs no lock.
    if not (args.save or args.resume or args.stats):
        return _run_autoplay(args)
    from beloz import storage
    from beloz.folderlock import FolderLock
    from beloz.i18n import tr

    lock = FolderLock()
    if not lock.acquire():
        print(tr("in_use.autoplay", folder=storage.shown(storage.data_dir())), file=sys.stderr)
        return 2
    if lock.problem is not None:  # it would write unguarded
        print(tr("in_use.no_lock_autoplay", problem=lock.problem), file=sys.stderr)
        return 2
    try:
        return _run_autoplay(args)
    finally:
        lock.release()


def _run_autoplay(args: argparse.Namespace) -> int:
    import signal

    if args.hang_after_write:
        _hang_after_write(args.hang_after_write)
    _failures.clear()
    _terminated.clear()
    app = make_app(args)

    def terminate(signum: int, frame: Any) -> None:
        # As the window does on SIGTERM: the match is left as a person leaves it (saved),
        # and no other match starts.
        _terminated.append(signum)
        app.quit()

    before = signal.signal(signal.SIGTERM, terminate)
    try:
        return _autoplay_matches(app, args)
    finally:
        signal.signal(signal.SIGTERM, before)


def _autoplay_matches(app: Any, args: argparse.Namespace) -> int:
    from beloz import storage
    from beloz.i18n import tr

    seed = args.seed if args.seed is not None else 1
    if args.stats:  # a damaged stats.json is set aside now, and said here, not only logged
        from beloz import stats

        _, messages = stats.load_stats()
        if messages:  # in the words of the window's notice (check_stats)
            print(storage.shown(tr("notify.stats_reset") + storage.kept_note(
                stats.stats_path())), file=sys.stderr)
    if args.resume:
        from beloz.savegame import autoplay_save_path, load_game

        saved, messages = load_game(autoplay_save_path())
        for m in messages:
            print(storage.shown(m), file=sys.stderr)
        if saved is None or saved.extra.get("autoplay") is not True:
            print(tr("main.no_autoplay_save"), file=sys.stderr)
            app.close()
            return 2
    elif args.save:
        _say_replaced_save()
    for k in range(args.matches):
        while app.scenes:
            app.pop()
        scene = autoplay_scene(app, args, seed + k, resume=args.resume and k == 0)
        app.push(scene)
        app.run()
        _note_failures(scene)
        if _terminated or _failures:
            break
        if args.leave_after_steps and not _match_over(scene):
            while app.scenes:  # the table saves the match as it closes
                app.pop()
            scene = autoplay_scene(app, args, seed + k, resume=True)
            if getattr(scene, "flow", None) is None or scene.flow.stage == "draw":
                print(f"match {k + 1} could not be resumed from its save", file=sys.stderr)
                app.close()
                return 1
            print(f"resumed match {k + 1} at hand {scene.flow.match.hands_dealt}", flush=True)
            app.push(scene)
            app.run()
            _note_failures(scene)
        if args.memory:
            print(memory_line(k + 1), flush=True)
        if _terminated or _failures:
            break
    app.close()
    if _terminated:
        return 128 + _terminated[0]
    return 1 if _failures else 0


def _say_replaced_save() -> None:
    """``--save`` without ``--resume`` starts a new match, which replaces an unfinished one
    in autoplay-save.json: say so (on stderr) rather than lose it without a word."""
    from beloz import savegame, storage
    from beloz.i18n import tr

    path = savegame.autoplay_save_path()
    try:
        hand = json.loads(path.read_bytes().decode("utf-8-sig"))["match"]["hands_dealt"]
    except (OSError, ValueError, RecursionError, KeyError, TypeError):
        return  # none, or not one to resume (the new match's save replaces it all the same)
    print(tr("main.replacing_autoplay_save", path=storage.shown(path), hand=hand),
          file=sys.stderr)


def check_saved_game(app: Any) -> None:
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


def check_stats(app: Any) -> None:
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


def without_saving(app: Any) -> None:
    """From now on this window writes nothing in the data folder (another BeloZ holds it):
    no saved match (and no Continue: that match is the other window's), no statistics, no
    settings, no tutorial progress."""
    from beloz.ui import game

    app.save = False
    app.read_only = True
    game.WRITE_FILES = False


def first_scene(app: Any, folder_held: bool) -> None:
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


def run_game(args: argparse.Namespace) -> int:
    from beloz.folderlock import FolderLock

    lock = FolderLock()
    held = lock.acquire()
    try:
        return _run_game(args, held, lock.problem)
    finally:
        lock.release()


def _run_game(args: argparse.Namespace, folder_held: bool, problem: str | None = None) -> int:
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
        print(f"first frame: {process_age() * 1000:.0f} ms after process start", flush=True)
        app.close()
        return 0
    app.run()
    app.close()
    return 0


def run(args: argparse.Namespace) -> int:
    if args.desktop:
        from beloz import desktop

        return desktop.main(args.desktop)
    if args.selftest:
        return run_selftest(args)
    if args.screenshot:
        return run_screenshot(args)
    if args.autoplay:
        return run_autoplay(args)
    return run_game(args)


def _crash_record() -> dict[str, Any] | None:
    """The hand being played, from the topmost scene that has one (the table may be under
    the pause overlay): its ``crash_record()`` or its game flow's."""
    try:
        for scene in reversed(list(getattr(_app, "scenes", None) or [])):
            for owner in (scene, getattr(scene, "flow", None)):
                fn = getattr(owner, "crash_record", None)
                if fn is not None:
                    record = fn()
                    if record is not None:
                        return dict(record)
    except Exception:  # noqa: BLE001 -- the log is written without it
        pass
    return None


def report_crash(exc: BaseException, headless: bool) -> None:
    """A crash log and a short message: on stderr, and in a message box when there is a
    window."""
    path = None
    try:
        from beloz.crashlog import write_crash_log

        path = write_crash_log(exc, _crash_record())
    except Exception:  # noqa: BLE001 -- no crash log module: the message still goes out
        pass
    try:
        from beloz.i18n import tr

        text = tr("main.crash", path=path) if path else tr("main.crash_nolog")
    except Exception:  # noqa: BLE001
        text = f"BeloZ met an unexpected problem and has to stop. {path or ''}"
    print(text, file=sys.stderr)
    if not headless:
        try:
            import pygame

            pygame.display.message_box("BeloZ", text, "error")
        except Exception:  # noqa: BLE001 -- no display: stderr is all we have
            pass


def _no_console_streams() -> None:
    """A windowed (console=False) executable on Windows has no stdout / stderr: writes to
    them must go nowhere rather than raise.  (On Linux and macOS they still work.)"""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def _tolerant_output() -> None:
    """A name that is not valid UTF-8 (a path with byte 0xff) printed to a strict UTF-8
    standard output (``PYTHONIOENCODING=utf-8:strict``) shows as ``\\xff``, not a crash
    after the work is done (standard error always does so)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


class OutputLost(Exception):
    """Standard output failed: a pipe closed by ``head``, a full disk, ``> /dev/full``."""


class _Output:
    """Standard output, whose failures are told apart from any other ``OSError``: the run
    then ends quietly, its status non-zero, with no crash report (as the record and review
    tools do)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except OSError as err:
            raise OutputLost(err) from err

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise OutputLost(err) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _quiet_output() -> None:
    """Point standard output at the null device, so that the interpreter's own flush at
    exit does not fail again (and print a traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


#: The status of a run whose output could not be written (as ``beloz.rules.record``'s).
EXIT_OUTPUT = 3


def main(argv: list[str] | None = None) -> int:
    _no_console_streams()
    _tolerant_output()
    stdout = sys.stdout
    sys.stdout = _Output(stdout)  # type: ignore[assignment]
    try:
        return _main(argv)
    except OutputLost:  # the usage or the version could not be printed
        sys.stdout = stdout
        _quiet_output()
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
        report_crash(exc, headless)
        return 1


if __name__ == "__main__":
    import multiprocessing

    # The AI helper process is started with "spawn": in a PyInstaller bundle the executable
    # is started again for it, and this turns that start into the helper, not a second game.
    multiprocessing.freeze_support()
    sys.exit(main())
