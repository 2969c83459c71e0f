"""Computer decisions in a separate process, so a search never takes the GIL from the window.

A ``Decision`` is what the table asks a computer player: a player spec and seed, a method
(``bid``, ``declare``, ``play``, or ``declare_play`` for a seat's first card) and the
immutable ``SeatView``.  It is picklable, and callable in-process too: ``decision()`` gives
the same value as the worker process, because a player depends only on its spec, its seed
and the view (``beloz.ai.player``).

``ProcessWorker`` owns one helper process, started lazily with the ``spawn`` start method
(the same on Linux, macOS and Windows, and in a PyInstaller bundle once ``main.py`` calls
``multiprocessing.freeze_support()``).  The helper keeps its players by (spec, seed).  Only
one request is in flight at a time; the frame loop never blocks on the pipe: ``poll()``
reads what has arrived, ``submit`` sends only to an idle helper, which is waiting in
``recv``.  A job cancelled while the helper computes it terminates the helper (the next
decision starts a fresh one), so a stale search never delays the next scene.  A helper that
dies is started again and the decision sent again once; a second failure (or a helper that
cannot start at all) hands the decision, and every later one, to the thread fallback.

Teaching tasks (``TeachTask``: a hint, a hand review, a computer decision explained, Expert
replaying the person's seat) go the same way; a review and a replay send progress notes
before their answer.

Nothing here imports pygame: the helper process stays small.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

#: A decision that has not answered after this long is treated as a hung helper.
HANG_SECONDS = 60.0
#: Scheduling niceness of the helper (POSIX): the window's frames come first on a busy CPU.
HELPER_NICE = 2
METHODS = ("bid", "declare", "play", "declare_play")


def decide(player: Any, method: str, view: Any) -> Any:
    """Ask ``player``: ``declare_play`` is a seat's first card, (card, announce, BeloZ)."""
    if method == "declare_play":
        ann, bel = player.declare(view)
        return (player.play(view), bool(ann), bool(bel))
    if method not in METHODS:
        raise ValueError(f"unknown decision {method!r}")
    return getattr(player, method)(view)


_players: dict[tuple[str, int], Any] = {}


def cached_player(spec: str, seed: int) -> Any:
    """``make_player(spec, seed)``, made once per process."""
    key = (spec, seed)
    player = _players.get(key)
    if player is None:
        from beloz.ai.player import make_player

        player = _players[key] = make_player(spec, seed)
    return player


@dataclass(frozen=True, eq=False)
class Decision:
    """One computer decision; ``player`` (the flow's own object, optional) is never sent."""

    spec: str
    seed: int
    method: str
    view: Any
    player: Any = field(default=None, repr=False)

    def __call__(self) -> Any:
        player = self.player if self.player is not None else cached_player(self.spec,
                                                                           self.seed)
        return decide(player, self.method, self.view)

    def request(self) -> tuple[str, int, str, Any]:
        return (self.spec, self.seed, self.method, self.view)


TEACH = "teach"  # the ``spec`` of a teaching task: no player, the analysis of beloz.ai.review
TEACH_METHODS = ("hint", "review", "watch", "duplicate")


def teach(method: str, payload: Any, progress: Callable[[int, int], None] | None = None) -> Any:
    """A teaching task: ``hint`` of a ``SeatView`` (a ``review.Hint``), or ``review`` of
    ``(start, actions, seat)`` (a ``review.Review``), reporting ``progress(done, total)``;
    ``watch`` of ``(view, chosen)``: a seat's decision explained from its own view
    (``practice.duplicate.Watched``); ``duplicate`` of ``(start, actions, seat, specs,
    seeds)``: Expert in ``seat`` on the same deal against the same computer players
    (``practice.duplicate.Duplicate``)."""
    from beloz.ai import review

    if method == "hint":
        return review.hint(payload)
    if method == "review":
        start, actions, seat = payload
        return review.review_hand(start, actions, seat, progress)
    if method == "watch":
        from beloz.practice.duplicate import watch

        view, chosen = payload
        return watch(view, chosen)
    if method == "duplicate":
        from beloz.practice.duplicate import show_me_how

        start, actions, seat, specs, seeds = payload
        return show_me_how(start, actions, seat, specs, seeds, progress)
    raise ValueError(f"unknown teaching task {method!r}")


@dataclass(frozen=True, eq=False)
class TeachTask:
    """A hint or a review, computed like a decision: in the helper process when it runs
    (so a review never takes the GIL from the window), else on the worker's thread.
    ``job.progress`` holds (done, total) while a review runs."""

    method: str
    payload: Any

    def __call__(self, progress: Callable[[int, int], None] | None = None) -> Any:
        return teach(self.method, self.payload, progress)

    def request(self) -> tuple[str, int, str, Any]:
        return (TEACH, 0, self.method, self.payload)


# ---------------------------------------------------------------------------- the helper


def _watch_parent() -> None:
    """Exit when the game dies, even in the middle of a search."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    from multiprocessing.connection import wait

    wait([parent.sentinel])
    os._exit(0)


def _picklable(err: BaseException) -> BaseException:
    import pickle

    try:
        pickle.loads(pickle.dumps(err))
        return err
    except Exception:  # noqa: BLE001 -- an exception that cannot cross the pipe
        return RuntimeError(f"{type(err).__name__}: {err}")


def serve(conn: Any, nice: int = HELPER_NICE) -> None:
    """The helper process: answer (job id, spec, seed, method, view) until ``None`` or EOF."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the game's business
    except (ValueError, OSError):
        pass
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:
            pass
    threading.Thread(target=_watch_parent, name="beloz-ai-watch", daemon=True).start()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job_id, spec, seed, method, view = message
        start = time.perf_counter()

        def progress(done: int, total: int, job_id: int = job_id, start: float = start) -> None:
            # A progress note: ``ok`` is None; the final answer follows.
            try:
                conn.send((job_id, None, (done, total), time.perf_counter() - start))
            except (OSError, ValueError):
                pass

        try:
            if spec == TEACH:
                reply = (job_id, True, teach(method, view, progress))
            else:
                reply = (job_id, True, decide(cached_player(spec, seed), method, view))
        except BaseException as err:  # noqa: BLE001 -- handed back to the table
            reply = (job_id, False, _picklable(err))
        try:
            conn.send((*reply, time.perf_counter() - start))
        except (OSError, ValueError):
            return


# ---------------------------------------------------------------------------- the parent


class ProcessUnavailable(RuntimeError):
    """The helper cannot run: decisions go to the thread fallback."""


class ProcessWorker:
    """One helper process and its queue of jobs (``beloz.ui.worker.Job``), used from the
    frame loop's thread only.  ``fallback(job)`` runs a job the process gave up on."""

    def __init__(self, fallback: Callable[[Any], None], nice: int | None = None) -> None:
        self.fallback = fallback
        self.nice = HELPER_NICE if nice is None else nice
        self.ctx = multiprocessing.get_context("spawn")
        self.proc: Any = None
        self.conn: Any = None
        self.waiting: deque[Any] = deque()  # jobs not yet sent
        self.inflight: Any = None  # the job the helper is computing
        self.sent_at = 0.0
        self.next_id = 0
        self.broken = False  # gave up: every decision goes to the fallback
        self.starts = 0
        self.restarts = 0
        self._dying: list[Any] = []
        self._starting: threading.Thread | None = None
        self._started: Any = None  # (process, connection), or the error that stopped it

    # -- the helper's life ----------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def _start(self) -> None:
        """Start the helper on a short-lived thread: spawning a process costs the caller
        10-30 ms (more on a big process), a frame's worth; ``poll`` sends once it is up."""
        self._started = None
        thread = threading.Thread(target=self._spawn, name="beloz-ai-start", daemon=True)
        self._starting = thread
        thread.start()

    def _spawn(self) -> None:
        try:
            parent, child = self.ctx.Pipe(duplex=True)
            proc = self.ctx.Process(target=serve, args=(child, self.nice), name="beloz-ai",
                                    daemon=True)
            try:
                proc.start()
            finally:
                child.close()  # the helper's end: its death now reads as EOF here
            self._started = (proc, parent)
        except BaseException as err:  # noqa: BLE001 -- reported by _pump
            self._started = err

    def _start_finished(self) -> bool:
        """True when no start is under way (installs a helper that has just started)."""
        thread = self._starting
        if thread is None:
            return True
        if thread.is_alive():
            return False
        self._starting = None
        started = self._started
        self._started = None
        if isinstance(started, BaseException):
            self._give_up(None, f"cannot start ({type(started).__name__}: {started})")
            return True
        if started is not None:
            self.proc, self.conn = started
            self.starts += 1
            log.info("AI helper process %s started", self.proc.pid)
        return True

    def _stop(self, graceful: bool) -> None:
        """Close the current helper without waiting for it (reaped later)."""
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        if conn is not None:
            if graceful:
                try:
                    conn.send(None)
                except (OSError, ValueError):
                    graceful = False
            conn.close()
        if proc is not None:
            if not graceful and proc.is_alive():
                proc.terminate()
            self._dying.append(proc)
        self._reap()

    def _reap(self) -> None:
        self._dying = [p for p in self._dying if p.is_alive()]

    def _give_up(self, job: Any, why: str) -> None:
        log.warning("AI helper process: %s; computer players think on a thread from now on",
                    why)
        self.broken = True
        self.inflight = None
        self._stop(graceful=False)
        jobs = [job] if job is not None else []
        jobs += list(self.waiting)
        self.waiting.clear()
        for j in jobs:
            j._proc = None
            if not j.cancelled:
                self.fallback(j)

    # -- jobs -------------------------------------------------------------------------------

    def submit(self, job: Any) -> None:
        if self.broken:
            raise ProcessUnavailable("the AI helper process gave up")
        job._proc = self
        job._attempts = 0
        self.waiting.append(job)
        self._pump()

    def _pump(self) -> None:
        """Send the next job when the helper is idle (starting it if needed)."""
        while self.inflight is None and self.waiting:
            if not self._start_finished():
                return
            if self.broken:
                return
            if self.proc is None:
                self._start()
                return
            job = self.waiting.popleft()
            if job.cancelled:
                job._finished.set()
                continue
            job._attempts += 1
            self.next_id += 1
            job._id = self.next_id
            self.inflight = job
            self.sent_at = time.monotonic()
            try:
                self.conn.send((job._id, *job.fn.request()))
            except (OSError, EOFError) as err:  # the helper has died
                self._crashed(job, f"send failed ({type(err).__name__})")
                return
            except Exception:  # noqa: BLE001 -- a view that cannot be pickled: thread
                self.inflight = None
                job._proc = None
                self.fallback(job)
                continue

    def _crashed(self, job: Any, why: str) -> None:
        """The helper died (or hung) with ``job`` pending: start again once, then give up."""
        self._stop(graceful=False)
        if job is not None and job is self.inflight:
            self.inflight = None
            if job._attempts >= 2:
                self._give_up(job, f"died twice on one decision ({why})")
                return
            self.waiting.appendleft(job)
        self.restarts += 1
        log.warning("AI helper process died (%s): starting it again", why)
        self._pump()

    def poll(self) -> None:
        """Take what the helper has answered; notice a dead or hung helper.  Never blocks."""
        if self._dying:
            self._reap()
        job = self.inflight
        if job is None or self.conn is None:
            self._pump()
            return
        try:
            ready = self.conn.poll()
            reply = self.conn.recv() if ready else None
        except (EOFError, OSError):
            self._crashed(job, "no answer: the process ended")
            return
        if reply is None:
            if self.proc is not None and not self.proc.is_alive():
                self._crashed(job, f"exit code {self.proc.exitcode}")
            elif time.monotonic() - self.sent_at > HANG_SECONDS:
                self._crashed(job, f"no answer after {HANG_SECONDS:.0f} s")
            return
        job_id, ok, value, seconds = reply
        if ok is None:  # a progress note from a teaching task
            if job_id == job._id:
                job.progress = value
                self.sent_at = time.monotonic()  # alive: not hung
            self.poll()  # the answer may already be in the pipe
            return
        if job_id == job._id:
            self.inflight = None
            job._proc = None
            job.seconds = seconds
            if ok:
                job._value = value
            else:
                job._error = value
            job._finished.set()
        self._pump()

    def wait(self, job: Any, timeout: float | None) -> bool:
        """Block until ``job`` is finished (tools and tests)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not job._finished.is_set():
            if job._proc is not self:  # handed to the fallback thread
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                return bool(job._finished.wait(left))
            if deadline is not None and time.monotonic() >= deadline:
                return False
            if self.inflight is not None and self.conn is not None:
                try:
                    self.conn.poll(0.02)
                except (EOFError, OSError):
                    pass
            else:
                time.sleep(0.005)
            self.poll()
        return True

    def cancel(self, job: Any) -> None:
        """Forget ``job``; when the helper is computing it, stop the helper (the next
        decision starts a new one) rather than let a stale search delay the next."""
        if job in self.waiting:
            self.waiting.remove(job)
            job._finished.set()
        elif job is self.inflight:
            self.inflight = None
            self._stop(graceful=False)
            job._finished.set()
        job._proc = None

    @property
    def busy(self) -> bool:
        return self.inflight is not None or bool(self.waiting)

    def shutdown(self, timeout: float = 0.3) -> None:
        """Stop the helper now: a running search is terminated, never waited for; an idle
        helper is asked to leave and terminated if it has not within ``timeout``."""
        for job in list(self.waiting) + ([self.inflight] if self.inflight else []):
            job.cancelled = True
            job._finished.set()
        self.waiting.clear()
        graceful = self.inflight is None
        self.inflight = None
        if self._starting is not None:  # a start under way takes a few ms: let it end
            self._starting.join(timeout)
            self._start_finished()
        self._stop(graceful=graceful)
        deadline = time.monotonic() + timeout
        for proc in self._dying:
            proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                proc.terminate()
                proc.join(0.5)
            if proc.is_alive():
                proc.kill()
                proc.join(0.5)
        self._reap()
