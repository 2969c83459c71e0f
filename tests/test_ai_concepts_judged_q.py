"""The teaching changes made after teacher set Q was judged (issue 45): each on a set Q
position (``tests/fixtures/teach/teacher-set-q.json``) or an older one it must not undo, the
code that makes it watched failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import review
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    path = FIXTURES / f"teacher-set-{pid[0].lower()}.json"
    return view_of(next(p for p in positions(path) if p["id"] == pid))


def test_points_on_the_partners_expedition_do_not_outweigh_the_next_master(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Q-sans-3510 and Q-bulgare-2537: "give him the 10 points of the leopard", the leopard
    named best over the card the values put first, where the leopard, guarded, is the next
    master of its plain (the judge: misleads, 12.8 a hand behind; the valat lost). A lone
    card under a card still out is no such card: L-classique-1503 still throws the South
    rhinoceros on partner's sure expedition, the teacher's card."""
    assert review.hint(_view("Q-sans-3510")).best == parse("N7")
    assert review.hint(_view("Q-bulgare-2537")).best != parse("W4")
    assert review.hint(_view("L-classique-1503")).best == parse("S6")
    assert review.hint(_view("F-bulgare-951")).best == parse("W6")
    monkeypatch.setattr(review, "_next_master", lambda view, a: False)
    assert review.hint(_view("Q-sans-3510")).best == parse("S4")
