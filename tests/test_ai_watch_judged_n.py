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
