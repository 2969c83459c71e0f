"""The practice queue: its schedule under a clock the test controls, and practice.json
(validated, set aside or copied as .bak with a message when damaged, never a traceback)."""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from beloz.i18n import set_language
from beloz.practice import queue as Q
from beloz.practice.problem import Problem
from beloz.review_store import Option

from .test_ai_helpers import played_state

DAY = dt.timedelta(days=1)
TODAY = dt.date(2026, 3, 2)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    set_language("en")
    return tmp_path


def _problems(n: int) -> list[Problem]:
    """Problems of ``n`` different hands (their answers made up: the queue does not look)."""
    out = []
    for seed in range(n):
        st = played_state(seed, 5)
        legal = st.legal_actions()
        out.append(Problem.at(st, legal[0], [Option(a, -i, None, 1.0)
                                             for i, a in enumerate(legal)], source="builtin"))
    return out


def test_a_problem_solved_comes_back_after_1_3_then_retires() -> None:
    (p,) = _problems(1)
    q = Q.Queue()
    assert q.add(p, TODAY) and not q.add(p, TODAY)
    assert q.due(TODAY) == [p] and q.counts(TODAY) == Q.Counts(1, 0, 0)
    day = TODAY
    for gap in (1, 3):
        q.record(p.id, True, day)
        assert q.due(day) == [] and q.counts(day) == Q.Counts(0, 1, 0)
        assert q.due(day + (gap - 1) * DAY) == []  # not a day early
        day += gap * DAY
        assert q.due(day) == [p]
    e = q.record(p.id, True, day)  # three in a row
    assert e.retired and e.streak == 3
    assert q.due(day + 1000 * DAY) == [] and q.counts(day) == Q.Counts(0, 0, 1)


def test_a_failure_brings_it_back_tomorrow_and_resets_the_streak_not_the_step() -> None:
    (p,) = _problems(1)
    q = Q.Queue()
    q.add(p, TODAY)
    q.record(p.id, True, TODAY)
    q.record(p.id, True, TODAY + DAY)  # due again on day 4
    e = q.record(p.id, False, TODAY + 4 * DAY)
    assert e.streak == 0 and e.failed == 1 and not e.retired
    assert q.due(TODAY + 4 * DAY) == [] and q.due(TODAY + 5 * DAY) == [p]
    # Solved again: the third solve in all waits 7 days, the fourth 21.
    assert q.record(p.id, True, TODAY + 5 * DAY).due == TODAY + 12 * DAY
    assert q.record(p.id, True, TODAY + 12 * DAY).due == TODAY + 33 * DAY
    assert not q.entries[p.id].retired
    assert q.record(p.id, True, TODAY + 33 * DAY).retired


def test_due_is_the_longest_waiting_first_and_per_ruleset() -> None:
    a, b, c = _problems(3)
    q = Q.Queue()
    q.add(a, TODAY)
    q.add(b, TODAY - 3 * DAY)
    q.add(c, TODAY + DAY)
    assert q.due(TODAY) == [b, a]
    assert q.due(TODAY, ruleset="beloz") == [b, a] and q.due(TODAY, ruleset="bulgare") == []
    assert q.counts(TODAY) == Q.Counts(2, 1, 0)
    with pytest.raises(KeyError):
        q.record("nope", True, TODAY)


def test_saved_and_loaded_the_same(data_dir: Path) -> None:
    ps = _problems(3)
    q = Q.Queue()
    q.add_all(ps, TODAY)
    q.record(ps[0].id, True, TODAY)
    q.record(ps[1].id, False, TODAY)
    assert Q.save_queue(q) is None
    again, messages = Q.load_queue()
    assert messages == []
    assert list(again.entries) == list(q.entries)
    for k, e in q.entries.items():
        assert again.entries[k].to_dict() == e.to_dict()
        assert again.entries[k].problem.view() == e.problem.view()


def test_garbage_is_set_aside_with_a_message(data_dir: Path) -> None:
    (data_dir / "practice.json").write_bytes(b"\x00{{{ not json")
    q, messages = Q.load_queue()
    assert q.entries == {} and len(messages) == 1
    assert "practice.json.bak" in messages[0] and "could not be read" in messages[0]
    assert (data_dir / "practice.json.bak").read_bytes() == b"\x00{{{ not json"
    assert not (data_dir / "practice.json").exists()


def test_a_damaged_entry_is_left_out_the_others_kept(data_dir: Path) -> None:
    ps = _problems(3)
    q = Q.Queue()
    q.add_all(ps, TODAY)
    d = q.to_dict()
    d["problems"][1]["due"] = "someday"
    text = json.dumps(d)
    (data_dir / "practice.json").write_text(text)
    again, messages = Q.load_queue()
    assert list(again.entries) == [ps[0].id, ps[2].id]
    assert len(messages) == 1 and "left out" in messages[0] and "practice.json.bak" in messages[0]
    assert (data_dir / "practice.json.bak").read_text() == text


def _mutate(obj: object, rng: random.Random) -> object:
    """``obj`` with one value somewhere replaced by something else."""
    junk = [None, True, -1, 10**12, 1.5e308, "", "x" * 20, [], {}, "2026-13-40", "N9"]
    if isinstance(obj, dict) and obj and rng.random() < 0.8:
        k = rng.choice(list(obj))
        return {**obj, k: _mutate(obj[k], rng)}
    if isinstance(obj, list) and obj and rng.random() < 0.8:
        i = rng.randrange(len(obj))
        out = list(obj)
        if rng.random() < 0.1:
            del out[i]
        else:
            out[i] = _mutate(obj[i], rng)
        return out
    return rng.choice(junk)


def fuzz_damaged_file(path: Path, good: dict[str, Any], load: Callable[[], tuple[Any, list[str]]],
                      save: Callable[[Any], str | None]) -> Iterator[Any]:
    """300 seeded damaged copies of ``good`` written to ``path`` and read by ``load``:
    whatever was read is valid (it saves and loads back the same, silently) and every
    message is a sentence.  Yields each thing read, for the caller's own checks."""
    rng = random.Random(25)
    for _ in range(300):
        path.write_text(json.dumps(_mutate(good, rng)))
        loaded, messages = load()
        assert save(loaded) is None
        back, again = load()
        assert again == [] and back.to_dict() == loaded.to_dict()
        assert all(isinstance(m, str) and m for m in messages)
        yield loaded


@pytest.mark.slow
def test_fuzz_damaged_files_never_raise(data_dir: Path) -> None:
    ps = _problems(2)
    q = Q.Queue()
    q.add_all(ps, TODAY)
    q.record(ps[0].id, True, TODAY)
    for loaded in fuzz_damaged_file(data_dir / "practice.json", q.to_dict(), Q.load_queue,
                                    Q.save_queue):
        for e in loaded.entries.values():
            assert e.problem.best in e.problem.legal()


def test_past_the_cap_a_retired_problem_goes_first_then_the_oldest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Q, "MAX_PROBLEMS", 2)
    a, b, c, d = _problems(4)
    q = Q.Queue()
    q.add(a, TODAY - DAY)
    q.add(b, TODAY)
    for day in (1, 2, 5):
        q.record(b.id, True, TODAY + day * DAY)
    assert q.entries[b.id].retired
    q.add(c, TODAY)  # b retired: it goes, not the older a
    assert list(q.entries) == [a.id, c.id]
    q.add(d, TODAY)  # none retired: the oldest goes
    assert list(q.entries) == [c.id, d.id]


def test_a_clock_near_the_year_9999_schedules_on_the_last_day(data_dir: Path) -> None:
    """Within 21 days of 9999-12-31, ``today + timedelta`` raised OverflowError and wrote a
    crash log (issue 33, 10): the problem comes back on the last day a date holds."""
    (p,) = _problems(1)
    q = Q.Queue()
    last = dt.date.max
    q.add(p, last - 2 * DAY)
    for solved, today in ((True, last - 2 * DAY), (True, last - DAY), (False, last)):
        e = q.record(p.id, solved, today)
        assert e.due == last if not solved else e.due <= last
    assert Q.save_queue(q) is None
    back, messages = Q.load_queue()
    assert not messages and back.entries[p.id].due == last


def test_a_file_set_aside_by_the_menus_count_is_said_when_practice_opens(
        data_dir: Path) -> None:
    """The menu's due count loads the queue first: a damaged practice.json was set aside
    there and its message dropped, and Practice then opened on nothing said (issue 33, 4)."""
    from beloz.settings import Settings
    from beloz.ui.app import App

    from .test_ui_practice import _open_practice

    (data_dir / "practice.json").write_text('{"problems": 7')
    app = App(size=(960, 600), fast=True, settings=Settings(language="en"))
    try:
        _open_practice(app)
        said = [t.text for t in app.toasts if "practice.json" in t.text]
        assert len(said) == 1 and "practice.json.bak" in said[0], said
        assert (data_dir / "practice.json.bak").exists()
        assert Q.take_unsaid() == [], "said once"
    finally:
        app.close()
