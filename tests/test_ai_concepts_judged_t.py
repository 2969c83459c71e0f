"""The teaching changes made after teacher set T was judged (issue 45): a card kept for
later rather than spent now, each on the judged position
(``tests/fixtures/teach/teacher-set-t.json``), the code that makes it watched failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims_keep, comparison, concepts, review
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-t.json")
                        if p["id"] == pid))


def _said(v: SeatView) -> tuple[str, int | None, list[str]]:
    h = review.hint(v)
    return h.why.key, h.other, review.reason_sentences(h.why, h.contrast, h.detail, "en",
                                                       v.ruleset)


def test_keep_the_last_card_of_a_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """T-beloz-4385 (judged "describes" at aec3c35: "A small edge…", then "the opponents are
    master", true of every card): the taker's trump crocodile wins; the East leopard is the
    last East card, which nobody can follow when led, 10 points if thrown now."""
    v = _view("T-beloz-4385")
    assert versus(v, "S5", "E4") == (
        "vs.keep_last",
        "The opponents win this expedition whatever the cards still to play: play your South "
        "crocodile and keep your East leopard, the last East card still in play: when you "
        "lead it, nobody can follow, so only a flooded card can take it, while played now it "
        "gives them its 10 points.")
    key, other, said = _said(v)
    assert (key, other) == ("vs.keep_last", parse("E4"))
    # not of a plain with a card still out: the West elephant has the West cards out
    assert versus(v, "S5", "W7") is None or versus(v, "S5", "W7")[0] != "vs.keep_last"
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_last", (lambda *a: False,))
    # without it, the points only (before the band's cards were allowed to be cheaper:
    # "under", what the best does)
    assert review.hint(v).why.key == "vs.give_less"


def test_keep_the_master_as_the_way_back_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """T-sans-1491 (judged "describes" at aec3c35: against the East meerkat led from under
    the lion, a reason as true of the North rhinoceros; the teacher's costly card, the East
    lion, never named): the last trump is with the opponent after; the lion, master of East,
    is an expedition kept in hand that only he can cut, once he has no East card left."""
    v = _view("T-sans-1491")
    assert versus(v, "N6", "E8") == (
        "vs.keep_entry",
        "Lead your North rhinoceros and keep your East lion, the strongest East card left, "
        "as your way back in: only Kito may still hold a flooded card, so only he can take "
        "it, and only once he has no East card left.")
    key, other, _ = _said(v)
    assert (key, other) == ("vs.keep_entry", parse("E8"))
    # the other opponent named: his partner holds no flooded card, the claim fails
    why = concepts.versus(v, parse("N6"), parse("E8"))
    assert why is not None
    wrong = replace(why, seat=4 - why.seat if why.seat else None)
    assert not card_claims_keep.lone_cutter_named(v, parse("N6"), wrong)
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_entry", (lambda *a: False,))
    assert review.hint(v).why.key == "vs.lead_away"  # what it said before


def test_no_way_back_in_on_the_last_but_one_expedition(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice, sans annonces 24: two cards left, both masters; the South leopard kept is
    no "way back in" (one expedition follows), so the answer says what the crocodile does."""
    from beloz.practice.builtin import builtin_problems

    p = builtin_problems("belote-sans-annonces")[24]
    v = p.view()
    worse = [o.action for o in p.options if o.action != p.best]
    values = {o.action: o.expected for o in p.options}

    def key() -> str:
        return review.reason(v, p.best, worse, len(p.options), values, p.framed())[0].key

    assert key() != "vs.keep_entry"
    monkeypatch.setattr(card_claims_keep, "rounds_left", lambda *a: True)
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_entry", tuple(
        card_claims_keep.rounds_left if f.__name__ == "rounds_left" else f
        for f in card_claims_keep.CLAIMS["vs.keep_entry"]))
    assert key() == "vs.keep_entry"


def test_cut_with_the_small_flooded_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """T-sans-1723 (judged "describes" at aec3c35: "the card you play does not change the
    result", where the trumps differ in up to 182 deals of 1000): only the opponent after
    can overcut, and then the monkey loses nothing; the water snake stays for the trumps
    still out.  The water snake is the harder to overcut, a reason for now only, which the
    values, alike in every deal drawn, contradict: the sure fact stands."""
    v = _view("T-sans-1723")
    assert versus(v, "W2", "W3") == (
        "vs.cut_low",
        "Cut with your West monkey, a flooded card worth nothing, rather than your West "
        "water snake: only Kito, who plays after you, may overcut, and then you lose only a "
        "card worth nothing, not your West water snake and its 14 points; your West water "
        "snake stays in your hand for the 3 flooded cards still out.")
    assert concepts.versus(v, parse("W3"), parse("W2")).key == "vs.climb_high"
    key, other, said = _said(v)
    assert (key, other) == ("vs.cut_low", parse("W3"))
    assert said[1] == ("The difference is small: your 5 options scored the same in every "
                       "deal the estimate tried.")
    # not with the meerkat against the monkey: both worth nothing
    assert concepts.versus(v, parse("W1"), parse("W2")) is None
    monkeypatch.setattr(comparison, "SURE_FACTS", comparison.SURE_FACTS - {"vs.cut_low"})
    assert review.hint(v).why.key == "vs.same"  # what it said before


def test_no_cut_low_where_the_other_is_worth_little(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set P, beloz-1302: the meerkat and the elephant level (the trump monkey out
    overcuts only the meerkat); the elephant's 4 points are no reason to cut low, and the
    hint says the contract is made, as judged "decides"."""
    path = FIXTURES / "teacher-set-p.json"
    v = view_of(next(p for p in positions(path) if p["id"] == "P-beloz-1302"))
    assert review.hint(v).why.key == "vs.about"
    monkeypatch.setattr(card_claims_keep, "other_big", lambda *a: True)
    monkeypatch.setitem(concepts.CLAIMS, "vs.cut_low", tuple(
        card_claims_keep.other_big if f.__name__ == "other_big" else f
        for f in card_claims_keep.CLAIMS["vs.cut_low"]))
    assert review.hint(v).why.key == "vs.cut_low"
