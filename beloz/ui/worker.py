"""Computer players think off the frame loop.

``Worker.submit(fn, *args)`` returns a ``Job`` at once; the scene polls ``job.done()`` in
``update`` and takes ``job.result()`` when it is ready, so the window keeps drawing while an
Expert player searches.

A computer decision (``beloz.ui.procworker.Decision``, what ``GameFlow`` hands the table)
runs in a separate helper process (``ProcessWorker``): a search in pure Python on a thread
of the window's own process would take the GIL from the frame loop.  Any other callable,
and every decision once the helper process cannot run, goes to one daemon thread that runs
the jobs in order (a daemon thread never keeps a closing window alive).
Hints and hand reviews (``procworker.TeachTask``) run there too; a review's
``job.progress`` (done, total) moves while it computes.
``BELOZ_AI_WORKER=thread`` in the environment (or ``Worker(mode="thread")``) skips the
process.

``min_delay`` keeps a job "not done" until that many seconds have passed since it was
submitted, so a fast decision still reads as a player taking a moment.  In fast mode (the
headless autoplay and the tests) a job runs inline inside ``submit`` and ``min_delay`` is
ignored: no thread, no process, no waiting, the same result.
"""

from __future__ import annotations

import gc
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from beloz.ui.procworker import Decision, ProcessUnavailable, ProcessWorker, TeachTask

log = logging.getLogger(__name__)
MODES = ("process", "thread")

# The frame loop competes with the search thread for the GIL; a shorter switch interval
# than CPython's 5 ms lets the loop get it back sooner (measured by bench/bench_frame.py).
GIL_SWITCH_INTERVAL = 0.001


class Job:
    """One submitted call: poll ``done()``, then ``result()`` (re-raises its exception)."""

    def __init__(self, fn: Callable[..., Any], args: tuple, kw: dict, min_delay: float) -> None:
        self.fn, self.args, self.kw = fn, args, kw
        self.ready_at = time.monotonic() + max(0.0, min_delay)
        self._finished = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        self.cancelled = False
        self.seconds = 0.0  # how long the call itself took
        self._proc: ProcessWorker | None = None  # the process computing it, if any
        self.progress: tuple[int, int] | None = None  # (done, total) of a teaching task
        self._id = 0
        self._attempts = 0

    def _run(self) -> None:
        if self.cancelled:
            self._finished.set()
            return
        start = time.perf_counter()
        try:
            if isinstance(self.fn, TeachTask):
                self._value = self.fn(progress=self._progress)
            else:
                self._value = self.fn(*self.args, **self.kw)
        except BaseException as err:  # noqa: BLE001 -- handed to the scene by result()
            self._error = err
        self.seconds = time.perf_counter() - start
        self._finished.set()

    def _progress(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def done(self) -> bool:
        """Finished, and ``min_delay`` elapsed (never True for a cancelled job)."""
        if self._proc is not None:
            self._proc.poll()
        return (
            not self.cancelled
            and self._finished.is_set()
            and time.monotonic() >= self.ready_at
        )

    def result(self) -> Any:
        if not self._finished.is_set():
            raise RuntimeError("the job is not finished")
        if self._error is not None:
            raise self._error
        return self._value

    def wait(self, timeout: float | None = None) -> bool:
        """Block until finished (tools and tests; never from the frame loop)."""
        if self._proc is not None:
            return self._proc.wait(self, timeout)
        return self._finished.wait(timeout)

    def cancel(self) -> None:
        """Forget the job: its result is dropped.  A call on the thread finishes in the
        background; a decision in the helper process stops the helper."""
        self.cancelled = True
        if self._proc is not None:
            self._proc.cancel(self)


class Worker:
    """Runs decisions in a helper process, other jobs (and the fallback) on one thread."""

    def __init__(self, fast: bool = False, mode: str | None = None) -> None:
        self.fast = fast
        mode = mode or os.environ.get("BELOZ_AI_WORKER") or "process"
        self.mode = mode if mode in MODES else "process"
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._current: Job | None = None
        self._process: ProcessWorker | None = None

    def submit(self, fn: Callable[..., Any], *args: Any, min_delay: float = 0.0,
               **kw: Any) -> Job:
        job = Job(fn, args, kw, 0.0 if self.fast else min_delay)
        if self.fast:
            job._run()
            return job
        if isinstance(fn, Decision | TeachTask) and not args and not kw and self.mode == "process":
            if self._process is None:
                self._process = ProcessWorker(self._on_thread)
            try:
                self._process.submit(job)
                return job
            except ProcessUnavailable:
                pass
        self._on_thread(job)
        return job

    def _on_thread(self, job: Job) -> None:
        if self._thread is None or not self._thread.is_alive():
            if sys.getswitchinterval() > GIL_SWITCH_INTERVAL:
                sys.setswitchinterval(GIL_SWITCH_INTERVAL)
            # A full collection triggered by the search's allocations holds the GIL for
            # tens of ms; freezing what exists (assets, scenes, the UI) makes those shorter.
            gc.freeze()
            self._thread = threading.Thread(target=self._loop, name="beloz-ai", daemon=True)
            self._thread.start()
        self._queue.put(job)

    @property
    def process(self) -> ProcessWorker | None:
        """The helper process's manager (None until the first decision)."""
        return self._process

    @property
    def on_process(self) -> bool:
        """Decisions go to the helper process (not given up on)."""
        return self.mode == "process" and not (self._process is not None
                                               and self._process.broken)

    @property
    def busy(self) -> bool:
        """A job is running or waiting."""
        if self._process is not None and self._process.busy:
            return True
        return self._current is not None or not self._queue.empty()

    @property
    def thinking(self) -> bool:
        """A computer decision is pending right now: being computed (process or thread),
        or waiting for the helper process to start."""
        if self._process is not None and self._process.busy:
            return True
        current = self._current
        return current is not None and isinstance(current.fn, Decision)

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            self._current = job
            job._run()
            self._current = None

    def cancel_all(self) -> None:
        """Drop every waiting job and the running one's result."""
        if self._process is not None:
            for job in list(self._process.waiting):
                job.cancel()
            if self._process.inflight is not None:
                self._process.inflight.cancel()
        try:
            while True:
                job = self._queue.get_nowait()
                if job is not None:
                    job.cancel()
                    job._finished.set()
        except queue.Empty:
            pass
        if self._current is not None:
            self._current.cancel()

    def shutdown(self) -> None:
        """Stop at once: the helper process is terminated if it is searching (never waited
        for), the thread is told to stop after its current call."""
        self.cancel_all()
        if self._process is not None:
            self._process.shutdown()
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
