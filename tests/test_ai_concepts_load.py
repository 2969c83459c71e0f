"""Points put in for a partner who may still take the expedition (``vs.load_open``,
``beloz/ai/card_claims_load.py``): teacher set N's classique-4735 ("throw the South elephant:
partner wins this expedition") was told "your South elephant does not beat the leopard, but
your partner plays after you and may still take this expedition", a sentence as true of the
monkey, which chooses nothing (watch sets J and K said it word for word of both cards)."""

from __future__ import annotations

from pathlib import Path

from beloz.ai import concepts, review
from beloz.ai.card_claims_load import candidates
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view() -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-n.json")
                        if p["id"] == "N-classique-4735"))


def test_the_elephant_is_put_in_for_the_partner_who_may_take_it() -> None:
    v = _view()
    h = review.hint(v)
    assert (h.best, h.other) == (parse("S7"), parse("S2"))
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset)
    assert ("Neither card beats the leopard, but your partner plays after you and may still "
            "take this expedition: put in the 4 points of the South elephant rather than your "
            "South monkey, for your team if he does.") in said
    fr = " ".join(review.reason_sentences(h.why, h.contrast, h.detail, "fr", v.ruleset))
    assert "mettez-y les 4 points de l'éléphant du Sud plutôt que votre singe du Sud" in fr


def test_the_claims_hold_and_the_cheaper_card_gets_no_such_reason() -> None:
    v = _view()
    elephant, monkey = parse("S7"), parse("S2")
    (w,) = list(candidates(v, elephant, monkey))
    assert concepts.check(v, elephant, w) == []
    assert not list(candidates(v, monkey, elephant))  # fewer points: nothing to put in
