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
