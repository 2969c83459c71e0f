"""The teaching changes made while teacher set O was judged (issue 45): each on a set O
position (``tests/fixtures/teach/teacher-set-o.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims_plain, concepts, review
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus, without

SET_O = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-o.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_O) if p["id"] == pid))


def test_a_sure_fact_picks_between_options_the_values_cannot_separate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """O-bulgare-1663: the West rhinoceros valued 3 above the West monkey under a ± of 20,
    the opponents' West lion master; the hint named the rhinoceros and "your 2 options are
    about as good". The monkey gives 6 points fewer and keeps the rhinoceros, second only to
    the leopard: never worse in any deal (the teacher's card)."""
    v = _view("O-bulgare-1663")
    h = review.hint(v)
    assert h.best == parse("W2") and parse("W6") in h.about
    assert review.reason_sentences(h.why, h.contrast, h.detail, "en")[0] == (
        "The opponents win this expedition whatever the cards still to play: give them your "
        "West monkey, 6 points fewer than your West rhinoceros, and keep your West "
        "rhinoceros: only the West leopard is still out above it, so once it has fallen, "
        "your West rhinoceros is the strongest card of its plain.")
    monkeypatch.setattr(review, "_surer", lambda *a: None)
    assert review.hint(v).best == parse("W6")


def test_an_opponents_known_flooded_card_is_said_as_a_fact(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """O-classique-1377: "Juma has shown he has no North card left and may still hold a
    flooded card" of the taker, who took the turned meerkat (the teacher: "the taker still
    holds at least the turned meerkat")."""
    v = _view("O-classique-1377")
    key, text = versus(v, "W8", "N6")
    assert key == "vs.cut_other_known"
    assert "Juma has shown he has no North card left, and he holds a flooded card, the " \
        "meerkat, so he can intercept your North rhinoceros" in text
    why = concepts.versus(v, parse("W8"), parse("N6"))
    assert why is not None
    unseen = replace(why, cards=(*why.cards[:2], parse("S5")))  # not a card he showed
    assert concepts.check(v, parse("W8"), unseen)
    without(monkeypatch, "vs.cut_other_known", card_claims_plain.seat_holds_third_flooded)
    assert not concepts.check(v, parse("W8"), unseen)


def test_a_card_led_from_under_the_master_is_answered_before_the_plan_to_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """O-classique-3681 (the judge: misleads): "6 flooded cards are still out: draw them with
    your crocodile before they can intercept your North water snake", a water snake under
    three North cards still out: led, it loses this expedition whatever the flooded cards
    do. Now the costly lead first, then the draw, for the North lion."""
    from beloz.ai import card_claims_lead

    v = _view("O-classique-3681")
    h = review.hint(v)
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en")
    assert said[0].startswith("Don't lead your North water snake from under your North lion")
    assert said[1] == ("There are still 6 flooded cards out: draw them with your crocodile "
                       "before they can intercept your North lion.")
    # a flooded best no longer excluded: with the old claim, the draw comes back first
    monkeypatch.setattr(card_claims_lead, "other_dry_or_no_trumps",
                        lambda v, a, w: not (v.trump is not None and a >> 3 == v.trump)
                        and not (v.trump is not None and w.cards[1] >> 3 == v.trump))
    monkeypatch.setitem(concepts.CLAIMS, "vs.lead_away", (
        *concepts.CLAIMS["vs.lead_away"][:-4], card_claims_lead.other_dry_or_no_trumps,
        *concepts.CLAIMS["vs.lead_away"][-3:]))
    assert concepts.versus(v, parse("S5"), parse("N3")).key == "vs.draw"


def test_keep_is_not_said_of_a_card_the_best_would_replace_alike() -> None:
    """O-classique-3981 (the judge: describes): "keep your elephant: only the water snake is
    still out above it", as true of the rhinoceros kept instead (the two next to each other,
    every trump between played). The reason is the point the rhinoceros saves."""
    v = _view("O-classique-3981")
    h = review.hint(v)
    assert review.reason_sentences(h.why, h.contrast, h.detail, "en")[0] == (
        "Neither card beats the leopard: your rhinoceros risks one point fewer than your "
        "elephant.")
    keep = next(w for w in concepts._card_candidates(v, parse("E6"), parse("E7"))
                if w.key == "vs.keep_next")
    assert concepts.check(v, parse("E6"), keep) == ["kept_not_alike"]


def test_the_master_kept_for_the_last_expedition(monkeypatch: pytest.MonkeyPatch) -> None:
    """O-bulgare-1720 (the judge: describes): "In 69% of the deals … your South crocodile
    scores more", then "you keep a stronger South card in hand". The teacher's reason: the
    leopard is the master and no flooded card is left, so kept it wins the last expedition
    and its points; led first, it leaves the crocodile to the South elephant."""
    from beloz.ai import card_claims_plain

    from .test_ai_concepts import facts

    v = _view("O-bulgare-1720")
    key, text = versus(v, "S5", "S4")
    assert key == "vs.last_keep"
    assert text == (
        "Keep your South leopard for the last expedition: it wins it whatever the others "
        "hold, with the 10 points the last expedition adds. Lead your South crocodile now: "
        "led after your South leopard, it would be left for the last expedition, where the "
        "South elephant could take it.")
    why = concepts.versus(v, parse("S5"), parse("S4"))
    assert why is not None
    wrong = replace(why, points=20)  # the dix de der is 10 outside the no-trumps
    assert concepts.check(v, parse("S5"), wrong) and not all(
        facts(v, parse("S5"), wrong).values())
    without(monkeypatch, "vs.last_keep", card_claims_plain.last_points_said)
    assert not concepts.check(v, parse("S5"), wrong)
