"""Asking a computer player for its decision off the frame loop.

``Jobs.submit`` runs the decision inline in fast mode (headless runs and tests), on the
application's worker otherwise (a helper process, see ``beloz.ui.procworker``), or on a
thread of its own when the application has none.  A job answers ``done()`` (polled every
frame, never blocking) and ``result()`` (raises what the player raised: the scene then
plays a legal move instead).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

import pygame

from beloz.ui.app_protocol import App


class Job(Protocol):
    """A decision under way: ``done`` never blocks; ``result`` gives the value or raises
    what the player raised.  Some can also ``cancel`` (the scene checks)."""

    def done(self) -> bool: ...

    def result(self) -> Any: ...


class Done:
    """A decision computed at once (fast mode)."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.value: Any = None
        self.error: BaseException | None = None
        try:
            self.value = fn()
        except Exception as exc:  # noqa: BLE001 - raised again by result()
            self.error = exc

    def done(self) -> bool:
        return True

    def result(self) -> Any:
        if self.error is not None:  # as a worker job does: the scene falls back
            raise self.error
        return self.value


class Delayed:
    """A thread's decision, done no sooner than ``ready_at`` (seconds of pygame ticks): a
    computer player seems to think a moment even when it answers at once."""

    def __init__(self, future: Future, ready_at: float) -> None:
        self.future, self.ready_at = future, ready_at

    def done(self) -> bool:
        return self.future.done() and self.ready_at <= pygame.time.get_ticks() / 1000.0

    def result(self) -> Any:
        return self.future.result()

    def cancel(self) -> bool:
        return self.future.cancel()


class Jobs:
    def __init__(self, app: App) -> None:
        self.app = app
        self._pool: ThreadPoolExecutor | None = None

    def submit(self, fn: Callable[[], Any], min_delay: float, fast: bool) -> Job:
        if fast:
            return Done(fn)
        worker = getattr(self.app, "worker", None)
        if worker is not None and hasattr(worker, "submit"):
            try:
                return worker.submit(fn, min_delay=min_delay)
            except TypeError:
                return worker.submit(fn)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="beloz-ai")
        return Delayed(self._pool.submit(fn), pygame.time.get_ticks() / 1000.0 + min_delay)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
