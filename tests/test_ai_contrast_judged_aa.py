"""The change made after teacher set AA was judged (issue 45): the deals' sentence says a card
an opponent surely holds as a fact, on the judged position
(``tests/fixtures/teach/teacher-set-aa.json``), watched failing without it."""

from __future__ import annotations

from pathlib import Path

from beloz.ai import review
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def test_the_last_trump_is_an_opponents_as_a_fact() -> None:
    """AA-sans-4493 (judged "wrong": "In 4 of the 40 deals …, an opponent holds the North
    meerkat", the last trump, which the seat and its partner had shown they lacked: an
    opponent holds it in every deal)."""
    v = view_of(next(p for p in positions(FIXTURES / "teacher-set-aa.json")
                     if p["id"] == "AA-sans-4493"))
    h = review.hint(v)
    assert h.contrast is not None and h.contrast.known
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset)
    assert said[0].startswith("An opponent holds the North meerkat, as you know from the "
                              "play. In ")
    assert "an opponent holds the North meerkat:" not in said[0]
