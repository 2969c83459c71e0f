"""The watch panel's changes made after watch set N was judged (issue 45): each on the judged
position (``tests/fixtures/teach/watch-set-n.json``), the code that makes it watched
failing."""

from __future__ import annotations

import pytest

from beloz.ai import explain, relevance
from beloz.ai.explain import explain_card
from beloz.practice import duplicate
from beloz.reasons import Why
from beloz.rules.cards import parse
from bench.bench_explain_truth import _card_facts

from .test_ai_helpers import watched


def test_a_partner_master_for_now_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set N, beloz-9293-19 (judged "misleads" at 312a063): the computer's discard
    "leaves him the expedition", read as the partner's for sure, where the opponent who
    plays last beats the partner's South water snake in all 50 layouts.  Said "for now",
    with the opponent still to play."""
    v, played = watched("beloz", 9292, "beloz-9293-19", 2)
    assert played == parse("W3")
    why = explain_card(v, played)
    assert explain.sentence(why, "en", v.ruleset) == (
        "Your partner is master for now: your West water snake leaves him the expedition, "
        "though an opponent still to play may beat him.")
    w = duplicate.watch(v, played)
    assert w.why is not None and w.why.key == "partner_small_open"
    assert "pour l'instant" in explain.sentence(w.why, "fr", v.ruleset)
    assert all(_card_facts(v, played, why).values())
    # the independent recount can fail: the sentence that says he keeps it
    sure = Why("partner_small", (played,), trump=v.trump)
    assert not all(_card_facts(v, played, sure).values())
    monkeypatch.setitem(explain.CLAIMS, "partner_small", tuple(
        f for f in explain.CLAIMS["partner_small"] if f is not relevance.partner_safe))
    assert explain_card(v, played).key == "partner_small"  # what it said before


def test_the_top_flooded_card_kept_where_a_smaller_one_wins_for_sure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set N, classique-9294-12 (judged "describes" at 312a063: "cannot tell your 4
    options apart", where the crocodile and the water snake are 2.1 worse, worse in 83 deals
    and better in 4): the seat cuts last, so its rhinoceros wins for sure, and the crocodile
    kept, the strongest flooded card left, wins a later expedition for sure.  A fact that
    holds whatever is still to play, said where the values cannot separate the cards."""
    from beloz.ai import card_claims, card_claims_keep, concepts
    from beloz.ai.view import infer
    from bench.truth_versus_keep import keep_facts

    from .test_ai_concepts import versus

    v, played = watched("classique", 9292, "classique-9294-12", 2)
    assert played == parse("N6")
    assert versus(v, "N6", "N5") == (
        "vs.keep_top_flooded_sure",
        "Take this expedition with your North rhinoceros: it wins it whatever the others hold; "
        "keep your North crocodile, the strongest flooded card left: no card can ever beat it, "
        "so it wins a later expedition for sure.")
    w = duplicate.watch(v, played)
    assert w.why is not None and w.why.key == "vs.keep_top_flooded_sure"
    assert "elle remportera donc à coup sûr" in explain.sentence(w.why, "fr", v.ruleset)
    why = concepts.versus(v, parse("N6"), parse("N5"))
    assert why is not None
    assert all(keep_facts(v, parse("N6"), parse("N5"), why, infer(v)).values())
    # the independent recount can fail: the other card not the strongest flooded card left
    assert not all(keep_facts(v, parse("N6"), parse("N4"), why, infer(v)).values())
    # the rhinoceros not sure to win (an opponent after it who may overcut): not said
    assert card_claims.best_self_sure in card_claims_keep.CLAIMS["vs.keep_top_flooded_sure"]
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_top_flooded_sure", (lambda *a: False,))
    said = duplicate.watch(v, played).why
    assert said is not None and said.key == "vs.about"  # what it said before
