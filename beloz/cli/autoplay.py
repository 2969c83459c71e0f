"""``--autoplay``: four computer players play K matches headless, each as a person's would
be played (saved after every bid and expedition with ``--save``, counted with ``--stats``,
left and resumed from its save with ``--leave-after-steps``); the scores on standard output,
a failed write on standard error and in the status.  The soak and the kill-and-resume tests
run it."""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from beloz.cli.window import make_app

if TYPE_CHECKING:
    from beloz.ui import app_protocol
    from beloz.ui.app import App


def table_scene(app: app_protocol.App, **kw: Any) -> Any:
    """The table scene with the keywords its constructor accepts (it is another module)."""
    from beloz.ui.scenes.table import TableScene

    accepted = inspect.signature(TableScene).parameters
    return TableScene(app, **{k: v for k, v in kw.items() if k in accepted})


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


@dataclass(frozen=True)
class Hooks:
    """The autoplay's test hooks, for the tests that kill the game mid-match and resume it
    (tests/test_resume_kill.py, tests/test_count_once.py): stop answering, as a hung game
    the test then kills, after ``hang_after_steps`` game steps, or after the K-th write of
    the data folder's file NAME (``hang_after_write``: "NAME:K", e.g. "stats.json:3").  The
    hidden options ``--hang-after-steps N`` and ``--hang-after-write NAME:K`` give them."""

    hang_after_steps: int | None = None
    hang_after_write: str | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Hooks:
        return cls(args.hang_after_steps, args.hang_after_write)


def _hang_after(steps: int) -> Callable[[Any], None]:
    """Tests only: after ``steps`` game steps, stop answering (the test then kills us)."""
    count = [0]

    def counted(step: Any) -> None:
        count[0] += 1
        if count[0] >= steps:
            print(f"hanging after {count[0]} steps", flush=True)
            while True:
                time.sleep(3600)

    return counted


def _hang_after_write(spec: str) -> Callable[[Path], None]:
    """Tests only: after the K-th write of the data folder's file NAME ("stats.json:3"),
    stop (the test then kills us between that write and the next)."""
    name, _, k = spec.rpartition(":")
    count = [0]

    def counted(path: Path) -> None:
        if path.name == name:
            count[0] += 1
            if count[0] == int(k):
                print(f"hanging after write {k} of {name}", flush=True)
                while True:
                    time.sleep(3600)

    return counted


def autoplay_scene(app: app_protocol.App, args: argparse.Namespace, seed: int, resume: bool,
                   hooks: Hooks | None = None) -> Any:
    """The table of an autoplay match (a new one, or the saved one with ``resume``), its
    flow set as the options and ``hooks`` ask."""
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
        if hooks is not None and hooks.hang_after_steps:
            flow.after_apply.append(_hang_after(hooks.hang_after_steps))
        if args.leave_after_steps and not resume:
            flow.after_apply.append(_leave_after(app, args.leave_after_steps))
    return scene


#: The autoplay's failed writes (said on stderr): it ends after its match, non-zero.
_failures: list[str] = []
#: SIGTERM came: the autoplay ends once its match is left (and saved).
_terminated: list[int] = []


def _note_failures(scene: Any) -> None:
    """A failed save or count not said again (said once a file) still ends the autoplay."""
    if getattr(getattr(scene, "flow", None), "write_failures", 0) and not _failures:
        _failures.append("")


def _say(message: str) -> None:
    """One line on standard error (a path that is not valid UTF-8 shown as ``\xff``)."""
    from beloz import storage

    print(storage.shown(message), file=sys.stderr, flush=True)


def _autoplay_failure(message: str) -> None:
    _failures.append(message)
    _say(message)


def _leave_after(app: app_protocol.App, steps: int) -> Callable[[Any], None]:
    """After ``steps`` game steps, stop the loop as a player closing the window would."""
    count = [0]

    def counted(step: Any) -> None:
        count[0] += 1
        if count[0] == steps:
            app.quit()

    return counted


def _match_over(scene: Any) -> bool:
    return getattr(scene, "final_line", None) is not None


def run(args: argparse.Namespace, hooks: Hooks | None = None) -> int:
    """Play the matches the options ask for; ``hooks``: the test hooks, by default those of
    the options (``Hooks.from_args``).  Status 0, 1 after a failed write (or a match that
    could not be resumed), 2 when the data folder is held or no save is there to resume,
    128 + the signal after SIGTERM."""
    if hooks is None:
        hooks = Hooks.from_args(args)
    # One that saves (a resumed match goes on being saved) or counts holds the data folder
    # as the game does; one that writes nothing needs no lock.
    if not (args.save or args.resume or args.stats):
        return _run(args, hooks)
    from beloz import storage
    from beloz.folderlock import FolderLock
    from beloz.i18n import tr

    lock = FolderLock()
    if not lock.acquire():
        print(tr("in_use.autoplay", folder=storage.shown(storage.data_dir())), file=sys.stderr)
        return 2
    if lock.problem is not None:  # it would write unguarded
        print(tr("in_use.no_lock_autoplay", problem=lock.problem, remedy=lock.remedy),
              file=sys.stderr)
        return 2
    try:
        return _run(args, hooks)
    finally:
        lock.release()


def _run(args: argparse.Namespace, hooks: Hooks) -> int:
    if not hooks.hang_after_write:
        return _run_matches(args, hooks)
    from beloz import storage

    hook = _hang_after_write(hooks.hang_after_write)
    storage.after_write.append(hook)
    try:
        return _run_matches(args, hooks)
    finally:
        storage.after_write.remove(hook)


def _run_matches(args: argparse.Namespace, hooks: Hooks) -> int:
    import signal

    _failures.clear()
    _terminated.clear()
    app = make_app(args)
    from beloz.crashlog import set_log_failure_notice

    # The window's notices are never seen here: a log that cannot be written is said on
    # stderr, as every failure of an autoplay is (docs/files.md).
    set_log_failure_notice(_say)

    def terminate(signum: int, frame: Any) -> None:
        # As the window does on SIGTERM: the match is left as a person leaves it (saved),
        # and no other match starts.
        _terminated.append(signum)
        app.quit()

    before = signal.signal(signal.SIGTERM, terminate)
    try:
        return _autoplay_matches(app, args, hooks)
    finally:
        signal.signal(signal.SIGTERM, before)
        from beloz import storage

        for hook in _listening:  # a match that never saved: nothing was replaced
            if hook in storage.after_write:
                storage.after_write.remove(hook)
        _listening.clear()


def _autoplay_matches(app: App, args: argparse.Namespace, hooks: Hooks) -> int:
    from beloz import storage
    from beloz.i18n import tr

    seed = args.seed if args.seed is not None else 1
    if args.stats:  # a damaged stats.json is set aside now, and said here, not only logged
        from beloz import stats

        _, messages = stats.load_stats()
        if messages:  # in the words of the window's notice (check_stats)
            _say(stats.reset_notice())
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
        scene = autoplay_scene(app, args, seed + k, resume=args.resume and k == 0, hooks=hooks)
        app.push(scene)
        app.run()
        _note_failures(scene)
        if _terminated or _failures:
            break
        if args.leave_after_steps and not _match_over(scene):
            while app.scenes:  # the table saves the match as it closes
                app.pop()
            scene = autoplay_scene(app, args, seed + k, resume=True, hooks=hooks)
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
    """``--save`` without ``--resume`` starts a new match, whose first save replaces an
    unfinished one in autoplay-save.json: say so (on stderr) when it does, rather than lose
    it without a word; on a folder where nothing can be written nothing is replaced, and
    nothing is said of it (the failed save is)."""
    from beloz import savegame, storage
    from beloz.i18n import tr

    path = savegame.autoplay_save_path()
    try:
        hand = json.loads(path.read_bytes().decode("utf-8-sig"))["match"]["hands_dealt"]
    except (OSError, ValueError, RecursionError, KeyError, TypeError):
        return  # none, or not one to resume (the new match's save replaces it all the same)

    def replaced(written: Path) -> None:
        if written == path:
            storage.after_write.remove(replaced)
            _say(tr("main.replacing_autoplay_save", path=path, hand=hand))

    storage.after_write.append(replaced)
    _listening.append(replaced)


#: The write hooks the autoplay added (``_say_replaced_save``), removed when it ends.
_listening: list[Callable[[Path], None]] = []
