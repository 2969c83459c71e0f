"""The teaching changes made from teacher set J's judgement (issue 45): each on the judged
position itself (``tests/fixtures/teach/teacher-set-j.json``), its sentence asserted against
the facts recomputed independently (``bench.truth_versus``), and the claim or the rule that
makes it watched failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import card_claims_plain, comparison, concepts
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_explain_truth import facts
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import raw, versus, without

SET_J = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-j.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_J) if p["id"] == pid))


def test_the_capot_kept_alive_by_the_master_when_the_contract_is_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """J-beloz-5869: the team has won the three expeditions and the contract is made, so the
    capot is the stake (the judge: "Don't lead your East meerkat: every other East card is
    out, so it loses, and the capot with it").  The North water snake has no North card out
    above it; the East lion is out above the meerkat."""
    v = _view("J-beloz-5869")
    assert len(v.tricks) == 3 and not v.trick
    assert versus(v, "N3", "E1") == (
        "vs.capot_lead_master",
        "Your team has won every expedition so far: to keep the capot alive, lead your North "
        "water snake: no card of its plain still out is above it, while the East lion is still "
        "out above your East meerkat, which could give the other team an expedition, and the "
        "capot with it.")
    # before four expeditions are over, the stake is the contract's result settled: without
    # it the capot is no lesson yet, and the truth bench says so too
    monkeypatch.setattr(card_claims_plain, "settled_now", lambda view: None)  # (or not settled)
    assert raw(v, "N3", "E1") != ("vs.capot_lead_master",)
    said = Why("vs.capot_lead_master", (parse("N3"), parse("E1"), parse("E8")), parse("N3") >> 3,
               count=1, trump=v.trump)
    assert concepts.check(v, parse("N3"), said)
    without(monkeypatch, "vs.capot_lead_master", card_claims_plain.capot_stake)
    assert raw(v, "N3", "E1") == ("vs.capot_lead_master",)
    # a card of the best's plain out above it: the sentence is false, and the bench sees it
    bogus = Why("vs.capot_lead_master", (parse("E1"), parse("N3"), parse("N5")), parse("E1") >> 3,
                count=1, trump=v.trump)
    assert not all(facts(v, parse("E1"), bogus).values())


def test_the_costly_card_is_named_before_a_plausible_detail() -> None:
    """J-beloz-5869: the North rhinoceros (the strongest card, a plausible lead) costs 5
    points; the East meerkat costs 29.  The hint compared with the rhinoceros, as a close
    call; the costliest option comes first once a plausible one costs under a third of it,
    not while it costs more."""
    v = _view("J-beloz-5869")
    n3, n6, e1 = parse("N3"), parse("N6"), parse("E1")
    assert n6 in comparison.tempting(v, n3, [n6, e1])
    assert comparison.candidates(v, n3, [n6, e1], {n3: 121.0, n6: 116.0, e1: 92.0})[:2] == [
        e1, n6]
    assert comparison.candidates(v, n3, [n6, e1], {n3: 121.0, n6: 100.0, e1: 92.0})[:2] == [
        n6, e1]
    why, other, second = comparison.reason(v, n3, [n6, e1], 7, {n3: 121.0, n6: 116.0, e1: 92.0})
    assert (why.key, other) == ("vs.capot_lead_master", e1)
    assert second is not None and second.key == "vs.both_masters"  # and the detail after


def test_an_expedition_lost_gives_the_least_and_keeps_the_next_master() -> None:
    """J-bulgare-4699: nobody can climb over the North crocodile and the seat must follow;
    the lion, second only to the water snake still out, was kept with no word of the 11
    points it would give (the judge: "give them the monkey, not the lion's 11; the lion also
    may win later").  Both in one sentence."""
    v = _view("J-bulgare-4699")
    key, said = versus(v, "N2", "N8")
    assert key == "vs.give_less_keep"
    assert said.startswith("The opponents win this expedition whatever the cards still to "
                           "play: give them your North monkey, 11 points fewer than your North "
                           "lion, and keep your North lion: only the North water snake")


def test_bank_the_master_an_opponent_cuts_and_keep_the_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """J-classique-2335: partner's flooded meerkat wins whatever; the seat holds the South
    and the West lion, each the master of its plain.  The opponent after the seat cut the
    South elephant with a flooded card in expedition 3, so the South lion kept would be cut:
    it is the one to give (the judge: "Your South lion is enough" says nothing a player can
    use)."""
    from dataclasses import replace

    v = _view("J-classique-2335")
    key, said = versus(v, "S8", "W8")
    assert key == "vs.bank_cut"
    assert said == (
        "Your partner's meerkat wins this expedition whatever the others hold: give him your "
        "South lion, since Juma has shown he has no South card left and may still hold a "
        "flooded card to intercept it later, and keep your West lion, the strongest card of "
        "its plain, to win an expedition of its own.")
    why = concepts.versus(v, parse("S8"), parse("W8"))
    assert why is not None
    # the other opponent has shown no South void: named, the sentence is false
    other_opponent = replace(why, seat=4 - why.seat)
    assert concepts.check(v, parse("S8"), other_opponent) == ["best_cut_later"]
    assert not all(facts(v, parse("S8"), other_opponent).values())
    # the lions the other way round: nobody has shown a West void, nothing to say so
    assert raw(v, "W8", "S8") != ("vs.bank_cut",)
    without(monkeypatch, "vs.bank_cut", card_claims_plain.best_cut_later)
    assert not concepts.check(v, parse("S8"), other_opponent)  # the claim kept it unsaid


def test_a_belot_discarded_on_another_plain_s_lead_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """J-bulgare-4861, all trumps: West is led and the seat holds the East elephant and
    rhinoceros, a belot that counts only if its first card is led or follows East (RULES.md
    §9.3); the judge: "Not the East elephant or rhinoceros: they are a belot, lost if you
    discard one on another plain's lead"."""
    v = _view("J-bulgare-4861")
    assert versus(v, "E2", "E7") == (
        "vs.keep_belot",
        "Keep your East elephant with the East rhinoceros: they make a belot, 20 points if its "
        "first card is led or follows a lead of its plain, and your East elephant discarded on "
        "this lead would lose it. Play your East monkey.")
    # the rhinoceros rather than the elephant loses it just the same: nothing to say
    assert raw(v, "E6", "E7") != ("vs.keep_belot",)
    without(monkeypatch, "vs.keep_belot", card_claims_plain.belot_kept)
    assert raw(v, "E6", "E7") == ("vs.keep_belot",)
    said = Why("vs.keep_belot", (parse("E6"), parse("E7"), parse("E6")), parse("E7") >> 3,
               points=20, trump=v.trump)
    assert not all(facts(v, parse("E6"), said).values())
