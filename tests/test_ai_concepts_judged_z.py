"""The teaching changes made after teacher set Z was judged (issue 45), each on the judged
position (``tests/fixtures/teach/teacher-set-z.json``), the code that makes it watched
failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import comparison
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts_judged_t import _said

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-z.json")
                        if p["id"] == pid))


def test_the_belot_led_while_it_counts() -> None:
    """Z-bulgare-2347 (judged "misleads": "cannot tell your 3 options apart", the lion led
    worse in all 177 layouts): the values play the belot out, the hint says why."""
    key, other, said = _said(_view("Z-bulgare-2347"))
    assert (key, other) == ("vs.lead_belot_under", parse("W8"))
    assert said[0] == (
        "Lead your West elephant: it makes a belot with the West rhinoceros, and led, it "
        "makes its 20 points count for sure. Led first, your West lion may lose the lead to "
        "the West water snake, still out, and the belot's first card discarded later on "
        "another plain's lead loses it.")


def test_the_costly_discard_before_the_close_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Z-sans-1813 (judged "misleads": a close call against the East rhinoceros, 4 a hand,
    "6 of 40 deals" where the sampler found 14 of 1000, and the South leopard thrown, 12 a
    hand worse, never named): the leopard's points first, the guard after."""
    key, other, said = _said(_view("Z-sans-1813"))
    assert (key, other) == ("vs.cheaper", parse("S4"))
    assert said == [
        "Neither card beats the North water snake: your South rhinoceros risks 7 points "
        "fewer than your South leopard.",
        "Keep your East rhinoceros as a guard for your East elephant: the East leopard is "
        "still out, and alone your East elephant would have to be played the next time East "
        "is led. Discard your South rhinoceros."]
    # without the costly option's points first, the close call alone, as judged
    monkeypatch.setattr(comparison, "_costly_points", lambda *a: None)
    assert _said(_view("Z-sans-1813"))[:2] == ("vs.guard", parse("E6"))
