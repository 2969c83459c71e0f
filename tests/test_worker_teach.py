"""Hints and hand reviews in the worker: computed in the helper process like a computer
decision (the same answer as in this process), a review reporting its progress, the
thread fallback doing the same."""

from __future__ import annotations

import random
import time

import pytest

from beloz import review_store
from beloz.ai import review
from beloz.ai.player import make_player
from beloz.rules.state import HandState, Phase
from beloz.ui.procworker import TeachTask
from beloz.ui.worker import Worker


def _finished_hand(seed: int) -> HandState:
    rng = random.Random(seed)
    players = [make_player("heuristic", s) for s in range(4)]
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4)
        while not st.is_terminal():
            v = st.view(st.current)
            p = players[st.current]
            st.apply(p.bid(v) if st.phase is Phase.BIDDING else p.play(v))
        if st.taker is not None:
            return st


def _late_views(final: HandState) -> list:
    """Views of the seat to play once 6 expeditions are done: Expert's exact endgame
    search, quick and independent of the clock."""
    start, actions = final.history()
    st = start.clone()
    views = []
    for a in actions:
        if st.phase is Phase.PLAY and len(st.tricks) >= 6 and len(st.legal_actions()) > 1:
            views.append(st.view(st.current))
        st.apply(a)
    return views


def _poll_until_done(job, timeout: float = 60.0) -> list:
    """Poll as the frame loop does (never blocking), noting each progress seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while not job.done():
        assert time.monotonic() < deadline, "the job never finished"
        if job.progress is not None and (not seen or seen[-1] != job.progress):
            seen.append(job.progress)
        time.sleep(0.005)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["process", "thread"])
def test_hints_and_reviews_in_the_worker(mode: str) -> None:
    w = Worker(mode=mode)
    try:
        final = _finished_hand(3)
        views = _late_views(final)
        assert views
        jobs = [(w.submit(TeachTask("hint", v)), v) for v in views]
        for job, v in jobs:
            _poll_until_done(job)
            assert job.result() == review.hint(v)
        start, actions = final.history()
        job = w.submit(TeachTask("review", (start, actions, 0)))
        assert not job.done()  # submitted, never computed on the caller's frame
        seen = _poll_until_done(job)
        got = job.result()
        assert isinstance(got, review_store.Review) and got.seat == 0
        total = len(got.ratings)
        assert seen and job.progress == (total, total)  # seen while computing, then done
        assert all(a <= b for (a, _), (b, _) in zip(seen, seen[1:], strict=False))
        if mode == "process":
            assert w.process is not None and w.process.starts == 1
        here = review.review_hand(start, actions, 0)
        assert [(r.number, r.chosen) for r in got.ratings] == [
            (r.number, r.chosen) for r in here.ratings]
        for a, b in zip(got.ratings, here.ratings, strict=True):
            if a.expedition is not None and a.expedition >= 7:  # exact search: same numbers
                assert a == b
    finally:
        w.shutdown()


def test_fast_mode_runs_a_review_inline_with_progress() -> None:
    w = Worker(fast=True)
    final = _finished_hand(5)
    start, actions = final.history()
    job = w.submit(TeachTask("review", (start, actions, 1)))
    assert job.done()
    rv = job.result()
    assert job.progress == (len(rv.ratings), len(rv.ratings))


def test_unknown_teaching_task_is_an_error_not_a_crash() -> None:
    w = Worker(fast=True)
    job = w.submit(TeachTask("tutor", None))
    with pytest.raises(ValueError, match="unknown teaching task"):
        job.result()


def test_a_computer_decision_and_show_me_how_in_the_helper_process() -> None:
    """``watch`` and ``duplicate`` go to the helper process like a hint (the same answers
    as in this process); the replay sends its progress.  Late decisions (Expert's exact
    endgame search) and a quick player in the person's seat keep it short."""
    from beloz.practice import duplicate

    w = Worker(mode="process")
    try:
        final = _finished_hand(5)
        start, actions = final.history()
        st = start.clone()
        for a in actions:
            if (st.phase is Phase.PLAY and len(st.tricks) >= 6 and st.current != 0
                    and len(st.legal_actions()) > 1):
                view, chosen = st.view(st.current), a
                break
            st.apply(a)
        job = w.submit(TeachTask("watch", (view, chosen)))
        _poll_until_done(job)
        assert job.result() == duplicate.watch(view, chosen)
        specs = {s: "heuristic" for s in range(4)}
        seeds = dict.fromkeys(range(4), 0)
        job = w.submit(TeachTask("duplicate", (start, actions, 0, specs, seeds)))
        seen = _poll_until_done(job)
        got = job.result()
        assert isinstance(got, duplicate.Duplicate) and got.expert.is_terminal()
        assert seen and job.progress[0] == job.progress[1]
        assert w.process is not None and w.process.starts == 1
    finally:
        w.shutdown()
