"""The teaching changes made after teacher set W was judged (issue 45), each on the judged
position (``tests/fixtures/teach/teacher-set-w.json``), watched failing with the old code."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import card_claims_plain, review
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import without

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-w.json")
                        if p["id"] == pid))


def _said(v: SeatView) -> str:
    h = review.hint(v)
    return " ".join(review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset))


def test_no_master_of_a_plain_the_taker_cuts_for_sure(monkeypatch: pytest.MonkeyPatch) -> None:
    """W-sans-3883 (judged "misleads" at cfdb783: "Lead your East monkey: no card of its
    plain still out is above it", where every East card is accounted for and the taker, who
    turned the flooded lion, has none: he cuts it in every deal)."""
    v = _view("W-sans-3883")
    assert "no card of its plain still out is above it" not in _said(v)
    without(monkeypatch, "vs.lead_master", card_claims_plain.best_not_cut_known)
    assert "no card of its plain still out is above it" in _said(v)


def test_no_interception_feared_for_a_card_an_opponent_beats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """W-beloz-551 (judged "misleads": "draw them with your North crocodile before they can
    intercept your East monkey", where the opponent after you declared a quarte that can
    only be East, above the monkey: he beats it by following)."""
    v = _view("W-beloz-551")
    said = _said(v)
    assert "before they can intercept your East monkey" not in said
    assert said.startswith("Your North crocodile wins this expedition and its 20 points")
    without(monkeypatch, "vs.draw", card_claims_plain.other_not_beaten_known)
    assert "before they can intercept your East monkey" in _said(v)
