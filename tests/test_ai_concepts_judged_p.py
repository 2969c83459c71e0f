"""The teaching changes made while teacher set P was judged (issue 45): each on a set P
position (``tests/fixtures/teach/teacher-set-p.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims_plain, concepts, explain
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus, without

SET_P = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-p.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_P) if p["id"] == pid))


def test_a_flooded_card_on_a_flooded_lead_climbs(monkeypatch: pytest.MonkeyPatch) -> None:
    """P-beloz-1423: the taker leads the flooded meerkat; the hint said "Intercept with your
    West lion", the word for a flooded card played on another plain's lead. On a flooded
    lead the seat climbs (the teacher: "Climb with the trump lion and keep the
    crocodile")."""
    v = _view("P-beloz-1423")
    key, text = versus(v, "W8", "W5")
    assert key == "vs.keep_top_flooded_climb"
    assert text.startswith("Climb with your West lion, master for now, and keep your West "
                           "crocodile")
    said = concepts.versus(v, parse("W8"), parse("W5"))
    assert said is not None
    intercept = replace(said, key="vs.keep_top_flooded")
    assert concepts.check(v, parse("W8"), intercept) == ["led_dry"]
    without(monkeypatch, "vs.keep_top_flooded", explain.led_dry)
    assert concepts.check(v, parse("W8"), intercept) == []


def test_their_capot_in_view_keeps_the_master(monkeypatch: pytest.MonkeyPatch) -> None:
    """P-sans-178 (and O-sans-2183): "your team cannot beat the West lion: keep your South
    lion … for a later expedition", where the teacher's stake is the capot: the other team
    has won every expedition and the lion is the team's best chance of one."""
    from beloz.ai import review

    v = _view("P-sans-178")
    key, text = versus(v, "S1", "S8")
    assert key == "vs.keep_master_stop"
    assert text == ("The other team has won every expedition so far: keep your South lion, "
                    "the strongest card left in its plain, to stop their capot. Your team "
                    "cannot beat the West lion: play your South meerkat.")
    h = review.hint(v)
    assert h.why.key == "vs.keep_master_stop"
    # where the seat's team has won an expedition, their capot is out of reach: not said
    said = concepts.versus(v, parse("S1"), parse("S8"))
    assert said is not None and card_claims_plain.capot_theirs(v, parse("S1"), said)
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_master_stop",
                        (*concepts.CLAIMS["vs.keep_master_stop"], lambda *a: False))
    assert concepts.versus(v, parse("S1"), parse("S8")).key == "vs.keep_master"
    from bench.bench_teach_unseen import positions as load

    won = view_of(next(p for p in load(SET_P.with_name("teacher-set-n.json"))
                       if p["id"] == "N-beloz-5044"))
    assert any((x.winner - won.seat) % 2 == 0 for x in won.tricks)
    assert not card_claims_plain.capot_theirs(won, parse("N6"), said)



def test_a_master_both_opponents_cut_is_not_kept_for_later(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set E, bulgare-8485-27: "keep your North leopard … for a later expedition",
    where both opponents have shown no North card and one may still cut it: kept, it is cut
    whenever it is led (the same in all 22 layouts)."""
    from beloz.reasons import Why
    from bench.watch_positions import pick

    got = {t: v for t, v, _c, _spec, _seed in pick("bulgare", 8484, 6, "standard")}
    v = got["bulgare-8485-27"]
    keep = Why("vs.keep_master", (parse("N6"), parse("N4"), parse("N5")), 0)
    assert not card_claims_plain.keeping_matters(v, parse("N6"), keep)
    assert concepts.versus(v, parse("N6"), parse("N4")).key != "vs.keep_master"
    monkeypatch.setattr(card_claims_plain, "_can_intercept", lambda *a: False)
    assert card_claims_plain.keeping_matters(v, parse("N6"), keep)


def test_taking_the_turned_card_that_completes_a_carre(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice P-beloz-39 (re-judged at af23e78: misleads): "Take West rather than pass:
    you would hold 2 flooded cards, without its crocodile, water snake or lion", every word
    against taking; the teacher: the turned West leopard gives you the carré of leopards
    (100 points), which counts toward the contract."""
    from beloz.ai import bid_claims, review
    from beloz.practice.builtin import builtin_problems
    from beloz.rules.state import PASS, TAKE

    from .test_ai_concepts import facts

    p = builtin_problems("beloz")[39]
    v = p.view()
    values = {o.action: o.expected for o in p.options}
    assert p.best == TAKE
    why, _other, detail = review.reason(v, TAKE, [PASS], len(p.options), values, p.framed())
    assert review.reason_sentences(why, None, detail, "en", v.ruleset)[0] == (
        "Take West rather than pass: with the turned leopard you hold a carré of leopards, "
        "100 points of announcements.")
    assert all(facts(v, TAKE, why).values())
    wrong = replace(why, points=150)  # a carré of water snakes' worth
    assert concepts.check(v, TAKE, wrong) and not all(facts(v, TAKE, wrong).values())
    without(monkeypatch, "vs.take_carre", bid_claims.turned_completes_carre)
    assert not concepts.check(v, TAKE, wrong)


def test_a_sure_fact_where_the_deals_drawn_score_alike(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """P-sans-2132: the taker's flooded crocodile wins; the elephant (4) and the leopard
    (10) scored the same in every deal Expert drew, and the hint said "here the card you
    play does not change the result", where the teacher gives the elephant and keeps the
    higher leopard (never worse, better in 56 of 1000 deals): the sure fact first, then how
    small the difference is.  Where the deals that fit are about all drawn, the card does
    not change the result (teacher set C, classique-5133: the taker holds the last three
    flooded cards)."""
    from beloz.ai import comparison, review

    h = review.hint(_view("P-sans-2132"))
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en")
    assert said == [
        "The opponents win this expedition whatever the cards still to play: your East "
        "elephant gives them 6 points fewer than your East leopard.",
        "The difference is small: your 2 options scored the same in every deal the estimate "
        "tried."]
    c = view_of(next(p for p in positions(SET_P.with_name("teacher-set-c.json"))
                     if p["id"] == "C-classique-5133"))
    assert review.hint(c).why.key == "vs.same"
    monkeypatch.setattr(comparison, "_sampled", lambda view: True)
    assert review.hint(c).why.key != "vs.same"


def test_the_flooded_lead_the_partners_shown_card_makes_good(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """P-classique-2532: partner took the turned East water snake, now the strongest flooded
    card left; the hint said "each flooded card that falls now cannot intercept your other
    cards", of three South cards that lose anyway. O-beloz-1224: partner's tierce showed the
    East elephant, now the master of East; the hint argued against the flooded elephant, not
    the South elephant the teacher names. Both say the partner's card the table has seen."""
    from beloz.ai import card_claims_lead

    v = _view("P-classique-2532")
    key, text = versus(v, "E2", "S5")
    assert key == "vs.draw_partner_top"
    assert text.startswith("Lead your East monkey rather than your South crocodile: your "
                           "partner holds the East water snake, the strongest flooded card "
                           "left, so he can win this expedition whatever the others hold")
    o = view_of(next(p for p in positions(SET_P.with_name("teacher-set-o.json"))
                     if p["id"] == "O-beloz-1224"))
    key, text = versus(o, "N1", "S7")
    assert key == "vs.draw_for_partner"
    assert text == ("Draw the flooded cards with your North meerkat rather than lead your "
                    "South elephant: your partner holds the East elephant, the strongest East "
                    "card left, and any of the 2 flooded cards the opponents may still hold "
                    "could intercept it.")
    # the claims that the partner was seen to keep the card, and that it is the master
    said = concepts.versus(v, parse("E2"), parse("S5"))
    assert said is not None
    water_snake_below = replace(said, cards=(*said.cards[:2], parse("E1")))
    assert concepts.check(v, parse("E2"), water_snake_below)
    without(monkeypatch, "vs.draw_partner_top", card_claims_lead.partner_shown_third)
    without(monkeypatch, "vs.draw_partner_top", card_claims_lead.third_top_flooded)
    assert not concepts.check(v, parse("E2"), water_snake_below)


def test_the_watch_panel_says_when_the_cards_are_alike() -> None:
    """Watch set E, sans-8486-2 (and bulgare-8486-5): the computer's East monkey among the
    two lowest East cards, both worth 0; the panel said "your East monkey does not beat the
    East elephant, but your partner … may still take this expedition", as true of the
    meerkat, the equivalence unsaid. It says the hint's "your cards are alike"."""
    from beloz.practice import duplicate
    from bench.watch_positions import pick

    got = {t: (v, c) for t, v, c, _spec, _seed in pick("sans", 8484, 6, "standard")}
    v, played = got["sans-8486-2"]
    w = duplicate.watch(v, played)
    assert not w.valued and w.why.key == "vs.equivalent"
    assert explain.sentence(w.why, "en") == (
        "Your 2 East cards are alike here: the same points, and no card of another hand "
        "between them, so whichever you play, the hand goes the same way.")


def test_the_hint_says_when_the_contract_is_settled_whatever_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """P-sans-1330: the taker's flooded lion wins this expedition (the seat has no flooded
    card); the judge: "unsaid: the contract is made, only points". The takers have 78 and
    this expedition's 15 whatever is played: 93, more than half of 162. The hint says it
    after its reason (settled.settled_against, the mirror of settled_now)."""
    from beloz.ai import review, settled

    v = _view("P-sans-1330")
    h = review.hint(v)
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en")
    assert said[-1] == ("The takers' contract is already made, whatever is played: they have "
                        "at least 93 points and your team can make at most 69.")
    assert settled.result_sure(v)
    # the expedition counted theirs only because nothing of the seat's team can beat the lion
    monkeypatch.setattr(settled, "_sure", lambda view, c: False)
    assert settled.settled_against(v).least == 78


def test_the_watch_panel_stakes_a_card_as_good_as_experts() -> None:
    """Watch set E, beloz-8487-27: the computer led its West water snake, as good as
    Expert's West meerkat; the panel said only "Lead your water snake in West: it gives
    nothing away", where the last expedition decides the gap with the crocodile (the
    judge: "a lot rides on it"). The threshold is said for the card played too."""
    from beloz.practice import duplicate
    from bench.watch_positions import pick

    got = {t: (v, c) for t, v, c, _spec, _seed in pick("beloz", 8484, 6, "standard")}
    v, played = got["beloz-8487-27"]
    w = duplicate.watch(v, played)
    assert not w.differs and w.contrast is not None and w.contrast.key == "threshold"
    assert (w.contrast.best, w.contrast.threshold) == (played, "last")
