"""Sentences true but beside the point are not said (issue 45, "Relevance"): a danger is an
opponent's still to play, "give them nothing" only to a seat that cannot take the lead, a
card is "master" only without the seat's own stronger card of its plain, "draw them" only by
the holder of the strongest flooded card left.  Each case was said on the code before
(``beloz/ai/relevance.py``'s claims remove it, and the truth bench's facts,
``bench/truth_relevance.py``, find it false there)."""

from __future__ import annotations

import pytest

from beloz.ai import concepts, explain
from beloz.ai import relevance as rel
from beloz.ai.explain import explain_card, sentence
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_explain_truth import facts

from .test_ai_concepts import deal, play


def say(v: SeatView, code: str) -> tuple[str, str]:
    why = explain_card(v, parse(code))
    assert not explain.check(v, parse(code), why)
    assert all(facts(v, parse(code), why).values()), facts(v, parse(code), why)
    sentence(why, "fr")
    return why.key, sentence(why, "en")


def without(monkeypatch: pytest.MonkeyPatch, key: str, claim: object) -> None:
    monkeypatch.setitem(explain.CLAIMS, key, tuple(c for c in explain.CLAIMS[key]
                                                   if c is not claim))


def test_give_them_nothing_is_not_said_to_a_seat_that_can_take_the_lead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # North floods; Amani leads the East meerkat, Kito's East leopard is master; the seat
    # (third) holds the East lion, which takes the lead: its monkey does not "give nothing".
    hands = deal(["E1"], ["E4"], ["E8", "E2", "W1", "W2", "W3", "S1", "S2", "S3"])
    v = play("N", hands, ["E1", "E4"])
    assert say(v, "E2") == ("duck", "Your East monkey leaves this expedition to the East "
                                    "leopard for now and keeps in your hand your East lion, "
                                    "which would take it.")  # not "the opponents are master"
    without(monkeypatch, "give_nothing", rel.cannot_take_lead)
    why = explain_card(v, parse("E2"))
    assert why.key == "give_nothing"  # the code before: said, and the bench finds it false
    assert not facts(v, parse("E2"), why)["no legal card takes the lead"]


def test_a_card_is_not_master_beside_the_seat_s_own_stronger_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # North floods; the seat leads with the East lion and leopard in hand.
    hands = deal(["E8", "E4", "W1", "W2", "S1", "S2", "S3", "S4"])
    v = play("N", hands, [])
    assert say(v, "E4") == ("lead", "Lead East with your leopard: you keep a stronger East "
                                    "card in hand.")
    without(monkeypatch, "master_unless", rel.no_stronger_held)
    why = explain_card(v, parse("E4"))
    assert why.key == "master_unless"
    assert not facts(v, parse("E4"), why)["no stronger card of its plain in hand"]


def test_a_sure_winner_beside_a_stronger_card_says_the_stronger_one_stays() -> None:
    # No trumps: the seat holds every East card; its leopard led wins, and its own lion is
    # said to stay in hand rather than "your leopard is master".
    hands = deal(["E8", "E4", "E7", "E6", "E5", "E3", "E2", "E1"])
    v = play("NT", hands, [])
    assert say(v, "E4") == (
        "master_kept", "Your East leopard wins this expedition whatever the others hold, and "
        "the East lion, stronger still, stays in your hand.")


def test_draw_them_only_with_the_strongest_flooded_card_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # North floods; the seat leads holding the monkey and meerkat of North, the crocodile out.
    hands = deal(["N2", "N1", "E8", "E7", "W8", "W7", "S8", "S7"])
    v = play("N", hands, [])
    why = concepts.versus(v, parse("N2"), parse("E8"))
    assert why is None or why.key not in ("vs.draw", "vs.draw_with")
    monkeypatch.setitem(concepts.CLAIMS, "vs.draw", tuple(
        c for c in concepts.CLAIMS["vs.draw"] if c is not rel.holds_top_flooded))
    why = concepts.versus(v, parse("N2"), parse("E8"))
    assert why is not None and why.key == "vs.draw"
    assert sentence(why, "en") == ("There are still 6 flooded cards out: draw them with your "
                                   "monkey before they can intercept your East lion.")
    assert not facts(v, parse("N2"), why)["the seat holds the strongest flooded card left"]


def test_draw_the_flooded_cards_only_while_an_opponent_may_hold_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # North floods; the seat leads its crocodile and neither opponent follows (both void in
    # North): the flooded cards still out are the partner's, there is nothing to draw.
    hands = [["N5", "N3", "N2", "E8", "E7", "W8", "W7", "S8"],
             ["E1", "E2", "E3", "E4", "E5", "E6", "S4", "S5"],
             ["N1", "N4", "N6", "N7", "N8", "S1", "S2", "S3"],
             ["W1", "W2", "W3", "W4", "W5", "W6", "S6", "S7"]]
    v = play("N", hands, ["N5", "E1", "N1", "W1"])
    assert v.current == 0 and v.leader == 0
    key, _ = say(v, "N3")
    assert key not in ("draw", "draw_one", "lead_flooded")
    for k in ("draw", "draw_one", "lead_flooded"):
        without(monkeypatch, k, rel.opponent_may_hold_flooded)
    why = explain_card(v, parse("N3"))
    assert why.key in ("draw", "draw_one")  # the code before: said, and found irrelevant
    assert not facts(v, parse("N3"), why)["an opponent may hold a flooded card"]


def test_give_them_nothing_is_not_said_while_the_partner_may_still_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # North floods; Amani (before the seat) leads the East lion; the seat holds no card above
    # it, but the partner, last to play, may hold a flooded card (teacher set E, beloz-3328).
    hands = deal(["E8"], ["E2", "E3", "W1", "W2", "W3", "S1", "S2", "S3"])
    v = play("N", hands, ["E8"])
    assert say(v, "E2") == ("under_open", "Your East monkey does not beat the East lion, but "
                                          "your partner plays after you and may still take "
                                          "this expedition.")  # (teacher set H, beloz-1389)
    without(monkeypatch, "give_nothing", rel.partner_cannot_beat)
    why = explain_card(v, parse("E2"))
    assert why.key == "give_nothing"  # the code before: said, and the bench finds it false
    assert not facts(v, parse("E2"), why)["the partner, still to play, cannot beat them"]


def test_lead_a_flooded_card_counts_the_opponents_flooded_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher sets D and F: "Lead a flooded card: flooded cards are still out, and whoever
    holds one must follow with it" was a rule of thumb; the sentence now counts the flooded
    cards an opponent may still hold, which a lead draws.  North floods; the seat leads with
    the flooded meerkat, the crocodile and water snake in its hand."""
    from beloz.reasons import Why

    v = play("N", deal(["N1", "N5", "N3", "E1", "E2", "S1", "S2", "W1"]), [])
    assert say(v, "N1") == (
        "lead_flooded", "Lead your flooded meerkat: the opponents may still hold 5 flooded "
        "cards, and each one that falls now cannot intercept your other cards later.")
    wrong = Why("lead_flooded", (parse("N1"),), 0, count=2, trump=0)
    assert explain.check(v, parse("N1"), wrong)
    without(monkeypatch, "lead_flooded", rel.counts_opponents_flooded)
    assert not explain.check(v, parse("N1"), wrong)
    assert not facts(v, parse("N1"), wrong)[
        "the count: flooded cards out an opponent may hold"]


def test_a_void_is_not_offered_to_a_seat_without_a_flooded_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (beloz-2108, misleads): "Lead North with your crocodile: it is your only
    North card" to a seat holding no flooded card, which can never use the void.  South
    floods; the seat leads, its North crocodile its only North card, no South card."""
    v = play("S", deal(["N5", "E1", "E2", "E3", "W1", "W2", "W3", "W4"]), [])
    assert explain_card(v, parse("N5")).key != "lead_single"
    without(monkeypatch, "lead_single", rel.holds_a_flooded_card)
    assert explain_card(v, parse("N5")).key == "lead_single"


def test_give_him_the_points_only_when_his_card_is_safe_and_the_card_the_richest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (classique-2160): "give him the West rhinoceros's 3 points" when the
    elephant gives 4 and the partner's card may still be beaten.  North floods; the partner
    leads the East elephant, Kito plays the East meerkat; the seat holds the East
    rhinoceros and crocodile, and Amani, after it, may hold the East lion."""
    v = play("N", deal(["E7"], ["E1"], ["E6", "E5", "W1", "W2", "W3", "S1", "S2", "S3"]),
             ["E7", "E1"])
    assert explain_card(v, parse("E6")).key != "partner_points"
    without(monkeypatch, "partner_points", rel.partner_safe)
    assert explain_card(v, parse("E6")).key == "partner_points"
