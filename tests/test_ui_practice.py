"""The Practice screen and how the queue is fed: a kept review's mistakes join
practice.json (never in a window that saves nothing); the menu says how many problems are
due; a problem is shown, a right card said right, a wrong one wrong with every option's
value; an own problem answered is scheduled again (the clock set by the test)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest

from beloz.ai import review
from beloz.practice import queue as queue_mod
from beloz.practice.problem import problems_from_kept
from beloz.savegame import KeptHand
from beloz.ui.game import HandKept
from beloz.ui.scenes.table.hints import keep_mistakes

from .test_ai_helpers import TINY
from .test_practice_problem import _careless_hand

DAY = dt.date(2026, 3, 2)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(queue_mod, "today", lambda: DAY)
    monkeypatch.setattr(review, "LEVEL", TINY)
    return tmp_path


def _reviewed_hands(want: int = 1) -> list[HandKept]:
    """Hands of a careless person (random cards), reviewed, with at least ``want``
    mistakes or blunders in all."""
    out: list[HandKept] = []
    for seed in range(20):
        final = _careless_hand(seed)
        if final.taker is None:
            continue
        start, actions = review.start_of(final)
        rv = review.review_hand(start, actions, 0, rate_bids=False)
        out.append(HandKept(len(out) + 1, final, rv))
        if len(problems_from_kept(out)) >= want:
            return out
    raise AssertionError("no mistakes")


def _app(read_only: bool = False) -> SimpleNamespace:
    notes: list[str] = []
    return SimpleNamespace(read_only=read_only, notify=notes.append, notes=notes)


def test_a_kept_reviews_mistakes_join_the_queue_with_the_matchs_level(data_dir):
    kept = _reviewed_hands()
    practice = HandKept(99, kept[0].hand, kept[0].review, practice=True)
    flow = SimpleNamespace(kept=[*kept, practice], persist=True, level="expert")
    wanted = problems_from_kept([KeptHand(k.number, k.hand, k.review) for k in kept])
    assert keep_mistakes(_app(), flow) == len(wanted) > 0
    queue, messages = queue_mod.load_queue()
    assert messages == []
    assert set(queue.entries) == {p.id for p in wanted}
    assert all(e.problem.level == "expert" and e.due == DAY for e in queue.entries.values())
    # The same reviews again add nothing (a problem is its decision).
    assert keep_mistakes(_app(), flow) == 0


def test_a_window_that_saves_nothing_keeps_no_problem(data_dir):
    flow = SimpleNamespace(kept=_reviewed_hands(), persist=True, level="expert")
    assert keep_mistakes(_app(read_only=True), flow) == 0
    assert not (data_dir / "practice.json").exists()
    flow.persist = False  # a match not being saved (autoplay, screenshots)
    assert keep_mistakes(_app(), flow) == 0
    assert not (data_dir / "practice.json").exists()
