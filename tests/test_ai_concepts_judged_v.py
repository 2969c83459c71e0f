"""The teaching changes made after teacher set V was judged (issue 45), each on the judged
position (``tests/fixtures/teach/teacher-set-v.json``), watched failing with the old code."""

from __future__ import annotations

from pathlib import Path

from beloz.ai import review
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-v.json")
                        if p["id"] == pid))


def test_a_flooded_card_out_beside_a_dry_plains_cards_is_named_with_its_plain() -> None:
    """V-sans-1471 (judged "misleads" at 9a78979: "the water snake is still out and may beat
    both", read as the West water snake, of the taker's flooded East one): where the dry
    plain's card of that animal is still out too, every card is named with its plain."""
    v = _view("V-sans-1471")
    h = review.hint(v)
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset)[0]
    assert "but the East water snake is still out and may beat both" in said
    assert "the water snake" not in said.replace("the East water snake", "")
