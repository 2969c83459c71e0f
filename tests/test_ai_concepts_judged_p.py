"""The teaching changes made while teacher set P was judged (issue 45): each on a set P
position (``tests/fixtures/teach/teacher-set-p.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims_plain, concepts
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus, without

SET_P = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-p.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_P) if p["id"] == pid))


def test_a_flooded_card_on_a_flooded_lead_climbs(monkeypatch: pytest.MonkeyPatch) -> None:
    """P-beloz-1423: the taker leads the flooded meerkat; the hint said "Intercept with your
    West lion", the word for a flooded card played on another plain's lead. On a flooded
    lead the seat climbs (the teacher: "Climb with the trump lion and keep the
    crocodile")."""
    v = _view("P-beloz-1423")
    key, text = versus(v, "W8", "W5")
    assert key == "vs.keep_top_flooded_climb"
    assert text.startswith("Climb with your West lion, master for now, and keep your West "
                           "crocodile")
    said = concepts.versus(v, parse("W8"), parse("W5"))
    assert said is not None
    intercept = replace(said, key="vs.keep_top_flooded")
    assert concepts.check(v, parse("W8"), intercept) == ["led_dry"]
    without(monkeypatch, "vs.keep_top_flooded", card_claims_plain.led_dry)
    assert concepts.check(v, parse("W8"), intercept) == []
