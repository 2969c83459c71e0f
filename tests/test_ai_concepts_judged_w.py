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


def test_no_cut_feared_for_a_card_that_loses_anyway(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set Y, classique-3550 (judged "describes" at 312a063): "Kito has shown he has
    no East card left and may still hold a flooded card, so he could intercept your East
    meerkat", where four East cards out are above the meerkat, lost in every deal whatever
    he holds.  The cut is said only of a card that at most one card of its plain an
    opponent may hold still beats."""
    from beloz.ai import card_claims_lead, concepts
    from beloz.reasons import Why
    from beloz.rules.cards import parse
    from bench.bench_explain_truth import facts

    from .test_ai_concepts import raw, versus

    v = view_of(next(p for p in positions(FIXTURES / "teacher-set-y.json")
                     if p["id"] == "Y-classique-3550"))
    said = versus(v, "W8", "E1")
    assert said is None or said[0] not in ("vs.cut_other", "vs.cut_other_known")
    why = Why("vs.cut_other", (parse("W8"), parse("E1")), trump=v.trump, seat=3,
              alt_plain=parse("E1") >> 3)
    assert "other_cut_matters" in concepts.check(v, parse("W8"), why)
    assert not facts(v, parse("W8"), why)["one card at most above the other"]
    without(monkeypatch, "vs.cut_other", card_claims_lead.other_cut_matters)
    assert raw(v, "W8", "E1") == ("vs.cut_other",)  # what it said before, the bench finding
    # the cut beside the point
