"""The positions the teaching had never seen (``tests/fixtures/teach/unseen-positions.json``,
each with a teacher's reason written before the hint was read): every one still comes out of
the generator, and every sentence its hint says is true (each claim of the concept and of the
explainer, the facts recomputed from the view, a threshold's counts).  The tally of how many
name the teacher's reason is ``python -m bench.bench_teach_unseen``
(docs/teaching-reasons.md)."""

from __future__ import annotations

import pytest

from beloz.ai import concepts, review, thresholds
from bench.bench_explain_truth import facts
from bench.bench_teach_unseen import positions, view_of

POSITIONS = positions()


def test_the_set_spans_the_four_rulesets() -> None:
    assert len(POSITIONS) >= 8
    assert {p["ruleset"] for p in POSITIONS} == {
        "beloz", "belote-sans-annonces", "belote-classique", "belot-bulgare"}
    assert all(p["reason"] and p["keys"] for p in POSITIONS)


@pytest.mark.parametrize("p", POSITIONS, ids=[str(p["id"]) for p in POSITIONS])
def test_every_sentence_of_the_hint_is_true(p: dict[str, object]) -> None:
    v = view_of(p)
    h = review.hint(v)
    for why in (h.why, h.detail):
        if why is None:
            continue
        assert not concepts.check(v, h.best, why), (why, concepts.check(v, h.best, why))
        assert all(facts(v, h.best, why).values()), facts(v, h.best, why)
    if h.contrast is not None and h.contrast.key == "threshold":
        assert not thresholds.check(v, h.contrast)
    for language in ("en", "fr"):
        said = review.reason_sentences(h.why, h.contrast, h.detail, language)
        assert said and all(text and "%{" not in text for text in said)
