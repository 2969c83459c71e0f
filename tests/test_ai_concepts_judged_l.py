"""The teaching changes made from teacher set L's judgement (issue 45): each on the judged
position itself (``tests/fixtures/teach/teacher-set-l.json``), its sentence asserted against
the facts recomputed independently (``bench.truth_versus_lead``), and the claim that makes it
watched failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims_lead as lead
from beloz.ai import concepts, review
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_explain_truth import facts
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import raw, versus, without

SET_L = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-l.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_L) if p["id"] == pid))


def test_a_lead_into_a_card_an_opponent_showed(monkeypatch: pytest.MonkeyPatch) -> None:
    """L-classique-4467: "Lead your monkey in South: it gives nothing away", where the
    judge's reason is that the opponent before you showed his carré of crocodiles: the
    flooded lion led falls to the East crocodile, the master flooded card, in his hand."""
    v = _view("L-classique-4467")
    assert versus(v, "S2", "E8") == (
        "vs.lead_shown",
        "Don't lead your East lion: Kito showed the East crocodile in his announcement, and it "
        "can take your East lion. Lead your South monkey.")  # (his carré of crocodiles shown)
    h = review.hint(v)
    assert (h.why.key, h.other) == ("vs.lead_shown", parse("E8"))
    # the bench's facts: the same sentence naming a card nobody showed, or the partner,
    # fails them
    said = concepts.versus(v, parse("S2"), parse("E8"))
    assert said is not None and all(facts(v, parse("S2"), said).values())
    for bogus in (replace(said, cards=(*said.cards[:2], parse("E3"))), replace(said, seat=2),
                  replace(said, key="vs.lead_turned")):
        assert not all(facts(v, parse("S2"), bogus).values())
        assert concepts.check(v, parse("S2"), bogus)
    # without knowing what the announcement showed, nothing is said against the lion
    monkeypatch.setattr(lead, "shown_by", lambda view, seat, x: None)
    assert raw(v, "S2", "E8") != ("vs.lead_shown",)


def test_the_turned_card_is_the_takers() -> None:
    """The turned card is the taker's until he plays it: a card led under it may fall to it
    (``vs.lead_turned``); a declaration or the turned card with the partner is no danger."""
    v = _view("L-sans-4170")  # the South water snake, the turned card, is the taker's
    assert v.taker is not None and (v.taker - v.seat) % 2 == 1
    assert lead.shown_by(v, v.taker, v.turned) == lead.TURNED
    assert lead.shown_by(v, v.seat ^ 2, v.turned) is None


def test_a_card_led_from_under_the_seats_own_master(monkeypatch: pytest.MonkeyPatch) -> None:
    """L-beloz-2692: the hint argued a close call against the West rhinoceros and described
    its card ("your strongest North card"); the judge's costly lead is the South crocodile,
    which any South leopard, elephant or rhinoceros still out takes, the lion left alone.
    L-beloz-4763: "Lead South with your crocodile: you keep a stronger South card in hand",
    where the judge's reason is not to lead the West water snake or rhinoceros, which the West
    leopard beats cheaply under the West lion."""
    v = _view("L-beloz-2692")
    assert versus(v, "N6", "S5") == (
        "vs.lead_away",
        "Don't lead your South crocodile from under your South lion, the strongest South card "
        "left: 3 South cards are still out between them, up to the South leopard, and an "
        "opponent holding one could win this expedition with it. Lead your North rhinoceros.")
    h = review.hint(v)
    assert (h.why.key, h.other) == ("vs.lead_away", parse("S5"))
    v2 = _view("L-beloz-4763")
    assert versus(v2, "S5", "W3") == (
        "vs.lead_away",
        "Don't lead your West water snake from under your West lion, the strongest West card "
        "left: the West leopard is still out, and an opponent holding it could win this "
        "expedition with it. Lead your South crocodile.")
    # the count and the card named are the bench's facts: a wrong count fails them
    said = concepts.versus(v, parse("N6"), parse("S5"))
    assert said is not None and all(facts(v, parse("N6"), said).values())
    bogus = replace(said, count=2)
    assert not all(facts(v, parse("N6"), bogus).values()) and concepts.check(
        v, parse("N6"), bogus)
    # a best card led from under its own master (the West rhinoceros under the West lion,
    # the leopard between) is no answer to the same danger: the claim refuses it
    w6, w3, w8, w4 = parse("W6"), parse("W3"), parse("W8"), parse("W4")
    same = Why("vs.lead_away", (w6, parse("S5"), parse("S7"), w4), parse("S5") >> 3, count=1,
               trump=v2.trump)
    assert not lead.best_not_led_away(v2, w6, same)
    assert lead.best_not_led_away(v2, parse("S5"), same)
    # the master's own plain is "vs.lead_master"'s: lead_away names another plain's card
    assert concepts.check(v2, w8, Why("vs.lead_away", (w8, w3, w8, w4), w3 >> 3, count=1,
                                      trump=v2.trump))
    # without its count claim the concept says a false count where the cards between differ
    without(monkeypatch, "vs.lead_away", lead.counts_between)
    assert concepts.claims_hold(v, parse("N6"), bogus)


def test_a_guard_kept_before_enough_on_partners_sure_expedition() -> None:
    """L-classique-1503: "your East water snake is enough, and your West water snake stays
    in your hand for later" did not say what for; the judge: it guards the West elephant
    (the West lion and leopard are out)."""
    v = _view("L-classique-1503")
    assert versus(v, "E3", "W3") == (
        "vs.guard",
        "Keep your West water snake as a guard for your West elephant: the West lion is still "
        "out, and alone your West elephant would have to be played the next time West is "
        "led. Discard your East water snake.")
    h = review.hint(v)
    # the South rhinoceros, the teacher's card, valued within the noise of the East water
    # snake: its 3 points are the partner's (``review._surer``), the guard said against the
    # costly West water snake before them
    assert h.why.key == "vs.guard" and h.best == parse("S6")


def test_the_takers_draw_before_cashing_a_master(monkeypatch: pytest.MonkeyPatch) -> None:
    """A taker after one round of flooded cards, the South lion the master of South: the hint
    said "Neither card is sure to win this expedition if you lead it: your North monkey risks
    11 points fewer than your South lion", a points count for the textbook reason (a fresh
    classique decision, seed 1212, the 43rd of ``bench_explain_truth.decisions``)."""
    from beloz.rules.ruleset import RULESETS
    from bench.bench_explain_truth import decisions

    v = next(x for i, x in enumerate(decisions(RULESETS["belote-classique"], 3000, 1212))
             if i == 42)
    assert v.taker == v.seat and not v.trick
    assert versus(v, "N2", "S8") == (
        "vs.draw_first",
        "Draw the flooded cards before you cash your South lion: the opponents may still hold "
        "2, and any of them could intercept your South lion; once they have fallen, your South "
        "lion, the strongest South card left, can no longer be intercepted. Lead your North "
        "monkey.")
    said = concepts.versus(v, parse("N2"), parse("S8"))
    assert said is not None
    for bogus in (replace(said, count=3), replace(said, cards=(parse("N2"), parse("S4")))):
        assert not all(facts(v, parse("N2"), bogus).values())
        assert concepts.check(v, parse("N2"), bogus)
    # a defender's flooded lead is not the takers' plan: the claim refuses it
    assert not lead.team_took(replace(v, taker=v.seat ^ 1), parse("N2"), said)
    without(monkeypatch, "vs.draw_first", lead.counts_flooded_theirs)
    assert concepts.claims_hold(v, parse("N2"), replace(said, count=3))
