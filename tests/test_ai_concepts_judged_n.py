"""The teaching changes made from teacher set N's judgement (issue 45): each on the judged
position itself (``tests/fixtures/teach/teacher-set-n.json``), the code that makes it
watched failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import comparison, concepts, review
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus

SET_N = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-n.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_N) if p["id"] == pid))


def _said(v: SeatView) -> list[str]:
    h = review.hint(v)
    return review.reason_sentences(h.why, h.contrast, h.detail, "en")


def test_a_rule_the_values_do_not_bear_out_for_its_kind_of_card_is_not_said(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """N-sans-5132: "a flooded lead would draw your partner's flooded cards", said against
    the trump leopard while the trump elephant is framed about as good as the West lion: the
    rule condemns a kind of card the values do not (the judge: "the reason does not
    discriminate"). The hint now answers the costly lead, a small South card led from under
    the South lion, the leopard still out (the teacher's); since the exact search goes on to
    24 deals (``review.LEVEL``), with the teacher's card, the South lion, cashed."""
    v = _view("N-sans-5132")
    said = _said(v)
    assert said[0] == (
        "Lead your South lion: no card of its plain still out is above it, while 3 cards still "
        "out are above your South water snake, up to the South leopard: your South water snake "
        "could lose this expedition to the other team.")
    # on the few deals Expert's own budget allows, the West lion first: the rule still not
    # said against the trump leopard ...
    monkeypatch.setattr(review, "LEVEL", replace(review.LEVEL, solve_budget=1_500_000,
                                                 min_deals=0))
    assert _said(v)[0] == (
        "Don't lead your South water snake from under your South lion, the strongest South "
        "card left: 3 South cards are still out between them, up to the South leopard, and "
        "an opponent holding one could win this expedition with it. Lead your West lion.")
    monkeypatch.setattr(comparison, "also_against", lambda *a: False)
    assert "a flooded lead would draw your partner's flooded cards" in _said(v)[0]  # ... as
    # it was before


def test_a_fact_that_holds_whatever_is_played_stands_against_the_values() -> None:
    """The same check leaves a sure fact alone: N-bulgare-5866's "your partner's North
    crocodile cannot be beaten: give him the 11 points of the North lion rather than your
    North elephant" (the values within the noise)."""
    said = _said(_view("N-bulgare-5866"))
    assert said[0].startswith("Your partner's North crocodile cannot be beaten")


def test_the_cards_above_the_other_are_counted_not_one_named_as_if_alone() -> None:
    """N-classique-1776: "the West leopard is still out above your West crocodile" where
    three West cards still out are above it (the judge: "one of three")."""
    v = _view("N-classique-1776")
    key, text = versus(v, "W8", "W5")
    assert key == "vs.lead_master"
    assert "3 cards still out are above your West crocodile, up to the West leopard" in text
    why = concepts.versus(v, parse("W8"), parse("W5"))
    assert why is not None
    assert concepts.check(v, parse("W8"), replace(why, count=1))
    assert concepts.check(v, parse("W8"), replace(why, cards=(*why.cards[:2], parse("W6"))))


def test_the_partners_known_flooded_card_is_said_as_a_fact(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """N-beloz-4569: "your partner … may still hold a flooded card" of the taker, who holds
    the turned West lion (the judge: "he holds the turned lion")."""
    from beloz.ai import card_claims_plain

    from .test_ai_concepts import without

    v = _view("N-beloz-4569")
    key, text = versus(v, "E2", "W3")
    assert key == "vs.partner_cut_known"
    assert "and he holds a flooded card, the West lion, so he can intercept" in text
    why = concepts.versus(v, parse("E2"), parse("W3"))
    assert why is not None
    unknown = replace(why, cards=(*why.cards[:2], parse("W5")))  # the crocodile: not known his
    assert concepts.check(v, parse("E2"), unknown)
    without(monkeypatch, "vs.partner_cut_known", card_claims_plain.partner_holds_third_flooded)
    assert not concepts.check(v, parse("E2"), unknown)


def test_the_watch_panel_says_the_threshold_of_the_card_played() -> None:
    """Watch set D: "none of the 18 panels states a count, a threshold or the valat". Where a
    computer seat plays the hint's own card, the panel now says the hint's threshold first
    (N-classique-16 seen as a computer seat's decision: the contract at stake, 35 to 16)."""
    from beloz.practice import duplicate

    v = _view("N-classique-16")
    h = review.hint(v)
    got = duplicate.watch(v, h.best)
    assert h.contrast is not None and h.contrast.key == "threshold"
    assert got.contrast == h.contrast and got.why == h.why


def test_the_bulgarian_says_valat() -> None:
    """N-bulgare-4715 (the judge: "in bulgare the word is valat, not capot"): the ruleset's
    word, in both languages, and "capot" elsewhere."""
    from beloz.rules.ruleset import BULGARE, CLASSIQUE

    v = _view("N-bulgare-4715")
    h = review.hint(v)
    en = review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset)
    fr = review.reason_sentences(h.why, h.contrast, h.detail, "fr", v.ruleset)
    assert v.ruleset is BULGARE
    assert en[0].startswith("The valat is at stake") and "capot" not in " ".join(en)
    assert fr[0].startswith("Le valat est en jeu") and "capot" not in " ".join(fr)
    other = review.reason_sentences(h.why, h.contrast, h.detail, "en", CLASSIQUE)
    assert other[0].startswith("The capot is at stake")
