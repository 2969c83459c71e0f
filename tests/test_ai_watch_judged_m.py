"""The watch panel's changes made after watch set M was judged (issue 45): each on the judged
position (``tests/fixtures/teach/watch-set-m.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from beloz.ai import card_claims, card_claims_keep, concepts, explain
from beloz.ai.view import infer
from beloz.practice import duplicate
from beloz.rules.cards import parse
from bench.truth_versus_keep import keep_facts

from .test_ai_concepts import versus
from .test_ai_helpers import watched


def test_the_richer_card_banked_when_the_one_kept_stands_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set M, bulgare-3537-8 (judged "misleads" at 43acfbc): the seat plays last on
    the partner's West crocodile, the meerkat and water snake down, and keeps the leopard
    with the elephant: "cannot tell your 2 options apart", then "the West leopard, stronger
    still, stays in your hand".  The leopard banked was never worse in 2,000 deals (6.1 a
    hand): either card kept is second only to the lion.  The panel now says so under the
    computer's card, and "your elephant is enough, your leopard stays in your hand for later"
    is no longer said for it."""
    v, played = watched("bulgare", 3535, "bulgare-3537-8")
    assert played == parse("W7")
    assert versus(v, "W4", "W7") == (
        "vs.bank_alike",
        "Your team wins this expedition with either card: your West leopard puts its 10 "
        "points in it, and your West elephant, kept, will stand as your West leopard would: "
        "every West card between them has been played.")
    assert versus(v, "W7", "W4") is None  # "your elephant is enough" no longer
    w = duplicate.watch(v, played)
    assert w.expert_why is not None and w.expert_why.key == "vs.bank_alike"
    fr = explain.sentence(w.expert_why, "fr", v.ruleset)
    assert "toutes les cartes de la plaine Ouest entre eux ont été jouées" in fr
    # the independent recount can fail: the points, or the plain named
    why = concepts.versus(v, parse("W4"), parse("W7"))
    assert why is not None
    k = infer(v)
    assert all(keep_facts(v, parse("W4"), parse("W7"), why, k).values())
    assert not all(keep_facts(v, parse("W4"), parse("W7"), replace(why, points=4), k).values())
    assert not all(keep_facts(v, parse("W4"), parse("W7"), replace(why, plain=0), k).values())
    # an elephant and a leopard with a card still out between them are not alike
    assert not card_claims_keep.alike_kept(v, parse("N4"), replace(why, cards=(27, parse("N1"))))
    monkeypatch.setitem(concepts.CLAIMS, "vs.enough_self", tuple(
        (lambda *a: True) if f is card_claims.kept_not_alike else f
        for f in concepts.CLAIMS["vs.enough_self"]))
    assert versus(v, "W7", "W4")[0] == "vs.enough_self"  # what it said before
    monkeypatch.setitem(concepts.CLAIMS, "vs.bank_alike", (lambda *a: False,))
    assert duplicate.watch(v, played).expert_why is None  # what it said before


def test_take_the_lead_where_the_opponent_after_would_take_it_over_a_duck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set M, beloz-3537-12 (judged "describes" at 43acfbc): second to play on the
    taker's North monkey, the computer ducked with the meerkat ("your partner plays after you
    and may still take this expedition"), and Expert's line said only that the leopard beats
    the monkey.  The opponent after you beats the monkey with the water snake, crocodile or
    rhinoceros, none of which beats the leopard (N7 better than N1 in 610 deals, worse in
    85)."""
    from beloz.ai import card_claims_cover
    from bench.truth_versus_cover import cover_facts

    v, played = watched("beloz", 3535, "beloz-3537-12")
    assert played == parse("N1")
    assert versus(v, "N4", "N1") == (
        "vs.take_next",
        "Take the lead from the North monkey with your North leopard, not your North meerkat: "
        "Kito, who plays after you, may hold 3 cards that would beat the North monkey but not "
        "your North leopard, up to the North rhinoceros.")
    w = duplicate.watch(v, played)
    assert w.differs and w.expert_why is not None and w.expert_why.key == "vs.take_next"
    fr = explain.sentence(w.expert_why, "fr", v.ruleset)
    assert "qui joue après vous, peut tenir 3 cartes qui battraient le singe du Nord" in fr
    # the independent recount can fail: the count, or the card named
    why = concepts.versus(v, parse("N4"), parse("N1"))
    assert why is not None
    k = infer(v)
    assert all(cover_facts(v, parse("N4"), parse("N1"), why, k).values())
    assert not all(cover_facts(v, parse("N4"), parse("N1"), replace(why, count=4), k).values())
    assert not all(cover_facts(v, parse("N4"), parse("N1"),
                               replace(why, cards=(*why.cards[:3], parse("N8"))), k).values())
    monkeypatch.setattr(card_claims_cover, "_next_takes", lambda *a: [])
    said = duplicate.watch(v, played).expert_why
    assert said is not None and said.key == "climb"  # what it said before
