"""The AI worker: decisions in the helper process, cancelled with their scene, a prompt
quit, a killed helper started again, the thread fallback.

The slow and crashing players below are made in the helper process from their spec
(``tests.test_worker:SlowPlayer``), like the real ones; their behaviour comes from the
environment the helper inherits when it is spawned.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import time
from pathlib import Path

import pytest

from beloz.ai.player import RandomPlayer, make_player
from beloz.rules.state import TAKE, HandState
from beloz.ui import procworker
from beloz.ui.procworker import Decision
from beloz.ui.worker import Worker

SLOW = "tests.test_worker:SlowPlayer"
CRASH_ONCE = "tests.test_worker:CrashOncePlayer"
CRASH = "tests.test_worker:CrashPlayer"


class SlowPlayer:
    """Thinks for ``BELOZ_TEST_THINK`` seconds, then the first legal move."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def _answer(self, view):
        time.sleep(float(os.environ.get("BELOZ_TEST_THINK", "0")))
        return view.legal_actions()[0]

    bid = play = _answer

    def declare(self, view):
        return (True, True)


class CrashOncePlayer(SlowPlayer):
    """Kills its process the first time (a marker file remembers), then answers."""

    def _answer(self, view):
        marker = Path(os.environ["BELOZ_TEST_MARKER"])
        if not marker.exists():
            marker.write_text("crashed")
            os._exit(3)
        return super()._answer(view)

    bid = play = _answer


class CrashPlayer(SlowPlayer):
    """Kills its process every time."""

    def _answer(self, view):
        os._exit(3)

    bid = play = _answer


def _views(n: int, seed: int = 5, play_from: int = 0):
    """Bidding and play views of random deals (play views after ``play_from`` cards)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        hand = HandState.deal(deck, dealer=i % 4)
        if i % 3 == 0:
            out.append(("bid", hand.view(hand.current)))
            continue
        hand.apply(TAKE)
        for _ in range(play_from + rng.randrange(4)):
            hand.apply(rng.choice(hand.legal_actions()))
        out.append(("declare_play" if not hand.tricks and not hand.trick else "play",
                    hand.view(hand.current)))
    return out


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead too
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.fixture
def worker():
    w = Worker(mode="process")
    yield w
    w.shutdown()


def _wait_started(w: Worker, timeout: float = 15.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        w.process.poll()
        if w.process.inflight is not None and w.process.pid is not None:
            return w.process.pid
        time.sleep(0.01)
    raise AssertionError("the helper process did not start")


def test_process_gives_the_players_own_decisions(worker) -> None:
    """The same (spec, seed, view) in the helper and in this process: the same answer."""
    cases = [(spec, m, v) for spec in ("random", "heuristic", "pimc:beginner")
             for m, v in _views(4)]
    # PIMC itself, late in a hand (exact endgame search: quick and independent of time).
    cases += [("pimc:standard", m, v) for m, v in _views(3, seed=9, play_from=22)]
    jobs = [(worker.submit(Decision(spec, 17, m, v)), spec, m, v) for spec, m, v in cases]
    for job, spec, m, v in jobs:
        assert job.wait(20)
        assert job.result() == procworker.decide(make_player(spec, 17), m, v), (spec, m)
    assert worker.process is not None and worker.process.starts == 1
    assert not worker.busy


def test_decisions_from_the_game_flow_go_to_the_helper(worker) -> None:
    from beloz.ui.game import GameFlow

    flow = GameFlow(4, level="beginner", autoplay=True)
    sent = 0
    for _ in range(120):
        step = flow.next_step()
        value = step.decide() if step.decide is not None else None
        if isinstance(step.decide, Decision):
            job = worker.submit(step.decide, min_delay=0.5)
            assert not job.done()  # min_delay, and never a blocking call
            assert job.wait(20) and job.result() == value
            sent += 1
        flow.apply(step, value)
    assert sent > 20
    assert worker.process.starts == 1


def test_a_cancelled_decision_is_dropped_and_stops_the_helper(worker, monkeypatch) -> None:
    monkeypatch.setenv("BELOZ_TEST_THINK", "30")
    (m, view), = _views(1)
    job = worker.submit(Decision(SLOW, 1, m, view))
    pid = _wait_started(worker)
    assert worker.thinking and not job.done()
    job.cancel()
    assert not worker.busy and not job.done()
    deadline = time.monotonic() + 3
    while _alive(pid) and time.monotonic() < deadline:
        worker.process.poll()
        time.sleep(0.02)
    assert not _alive(pid)  # the stale search does not run on
    # The next decision gets a fresh helper.
    monkeypatch.setenv("BELOZ_TEST_THINK", "0")
    fresh = worker.submit(Decision(SLOW, 1, m, view))
    assert fresh.wait(20) and fresh.result() == view.legal_actions()[0]
    assert worker.process.starts == 2


def test_shutdown_while_deciding_is_prompt(monkeypatch) -> None:
    monkeypatch.setenv("BELOZ_TEST_THINK", "30")
    w = Worker(mode="process")
    (m, view), = _views(1)
    job = w.submit(Decision(SLOW, 1, m, view))
    pid = _wait_started(w)
    start = time.monotonic()
    w.shutdown()
    assert time.monotonic() - start < 1.5
    assert not _alive(pid)
    assert job.cancelled and not job.done()


@pytest.mark.slow
def test_a_killed_helper_is_started_again(worker, monkeypatch) -> None:
    monkeypatch.setenv("BELOZ_TEST_THINK", "0.3")
    (m, view), = _views(1)
    job = worker.submit(Decision(SLOW, 1, m, view))
    pid = _wait_started(worker)
    os.kill(pid, signal.SIGKILL)
    assert job.wait(20)
    assert job.result() == view.legal_actions()[0]
    assert worker.process.restarts == 1 and worker.process.starts == 2
    assert worker.process.pid != pid and not worker.process.broken
    # killed while idle: the next send notices, and the decision still arrives
    os.kill(worker.process.pid, signal.SIGKILL)
    time.sleep(0.1)
    again = worker.submit(Decision(SLOW, 1, m, view))
    assert again.wait(20) and again.result() == view.legal_actions()[0]
    assert worker.process.starts == 3 and worker.on_process


def test_a_crash_is_retried_once(worker, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BELOZ_TEST_MARKER", str(tmp_path / "marker"))
    (m, view), = _views(1)
    job = worker.submit(Decision(CRASH_ONCE, 1, m, view))
    assert job.wait(20) and job.result() == view.legal_actions()[0]
    assert worker.process.restarts == 1 and worker.on_process


def test_a_helper_that_keeps_dying_falls_back_to_the_thread(worker, caplog) -> None:
    views = _views(3)
    local = RandomPlayer(1)  # what the fallback thread asks (the flow's own player)
    caplog.set_level(logging.WARNING)
    jobs = [worker.submit(Decision(CRASH, 1, m, v, local)) for m, v in views]
    for job, (m, v) in zip(jobs, views, strict=True):
        assert job.wait(20)
        assert job.result() == procworker.decide(local, m, v)
    assert worker.process.broken and not worker.on_process
    assert "thread" in caplog.text
    later = worker.submit(Decision(CRASH, 1, views[0][0], views[0][1], local))
    assert later._proc is None and later.wait(5)  # straight to the thread


def test_no_process_at_all_falls_back_to_the_thread(monkeypatch, caplog) -> None:
    monkeypatch.setattr(procworker.ProcessWorker, "_spawn",
                        lambda self: setattr(self, "_started", OSError("no processes here")))
    caplog.set_level(logging.WARNING)
    w = Worker(mode="process")
    try:
        (m, v), = _views(1)
        job = w.submit(Decision("heuristic", 3, m, v))
        assert job.wait(10) and job.result() == make_player("heuristic", 3).bid(v)
        assert w.process.broken and "cannot start" in caplog.text
    finally:
        w.shutdown()


def test_thread_mode_and_fast_mode_skip_the_process(monkeypatch) -> None:
    (m, v), = _views(1)
    threads = Worker(mode="thread")
    job = threads.submit(Decision("heuristic", 3, m, v))
    assert job.wait(10) and threads.process is None
    threads.shutdown()
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    assert Worker().mode == "thread"
    fast = Worker(fast=True)
    assert fast.submit(Decision("heuristic", 3, m, v), min_delay=5).done()
    assert fast.process is None


# ---------------------------------------------------------------------- the real window


@pytest.fixture
def slow_table(tmp_path, monkeypatch):
    """The real App (not fast) at a table where every computer is a slow helper player."""
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_TEST_THINK", "30")
    monkeypatch.setenv("BELOZ_AI_WORKER", "process")
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (SlowPlayer(seed), SLOW))
    app = App(size=(960, 600), settings=Settings(language="en", sound=False,
                                                 animation_speed=4.0), save=False)
    from beloz.ui.scenes.table import TableScene

    app.push(TableScene(app, new_match=True, autoplay=True, seed=2))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # draw, cut and deal, until the first bid is asked
        app.step(0.25)
        proc = app.worker.process
        if proc is not None and proc.inflight is not None:
            break
        time.sleep(0.005)
    assert app.worker.process.inflight is not None, "no decision reached the helper"
    yield app
    app.close()


def test_window_keeps_running_while_a_decision_is_in_flight(slow_table) -> None:
    import pygame

    app = slow_table
    scene = app.top
    for size in ((1100, 700), (960, 600)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                             size=size))
        start = time.perf_counter()
        app.step(1 / 60)
        app.step(1 / 60)
        assert time.perf_counter() - start < 1.0
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.step(1 / 60)
    assert app.top is scene and scene.phase == "decide" and app.worker.thinking


def test_leaving_the_table_cancels_the_decision(slow_table) -> None:
    app = slow_table
    job, pid = app.top.job, app.worker.process.pid
    app.pop()  # the scene exits (e.g. back to the menu)
    assert job.cancelled and not app.worker.busy
    deadline = time.monotonic() + 3
    while _alive(pid) and time.monotonic() < deadline:
        app.worker.process.poll()
        time.sleep(0.02)
    assert not _alive(pid)


def test_closing_the_window_mid_decision_is_prompt(slow_table) -> None:
    import pygame

    app = slow_table
    pid = app.worker.process.pid
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    start = time.monotonic()
    app.run()
    app.close()
    assert time.monotonic() - start < 1.5
    assert not _alive(pid)
