"""The watch panel's changes made after watch set L was judged (issue 45): each on the judged
position (``tests/fixtures/teach/watch-set-l.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from beloz.ai import concepts, explain
from beloz.ai.view import infer
from beloz.practice import duplicate
from beloz.rules.cards import parse
from bench.truth_versus_lost import lost_facts

from .test_ai_concepts import versus
from .test_ai_helpers import watched


def test_the_contract_the_other_card_would_give_them_is_said(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set L, bulgare-6161-17 (judged "describes" at 11ff0a2: "keep your South lion",
    where the contract decides): a defender who cannot beat the taker's flooded crocodile;
    the takers have 69 card points and the better tierce.  With the lion (11) they have at
    least 100 against at most 82, with the elephant (4) 93 against 89: made whatever
    happens; with the meerkat, 89 against 93, not yet (made in 44 % of the exact layouts)."""
    v, played = watched("bulgare", 6161, "bulgare-6161-17")
    assert played == parse("S1")
    assert versus(v, "S1", "S8") == (
        "vs.sure_theirs",
        "With your South lion, the takers' contract would be made whatever happens: they "
        "would have at least 100 points, and your team can make at most 82; with your South "
        "meerkat that is not yet sure.")
    assert versus(v, "S1", "S7") == (
        "vs.sure_theirs",
        "With your elephant, the takers' contract would be made whatever happens: they would "
        "have at least 93 points, and your team can make at most 89; with your meerkat that "
        "is not yet sure.")
    w = duplicate.watch(v, played)
    assert w.why is not None and w.why.key == "vs.sure_theirs"
    fr = explain.sentence(w.why, "fr", v.ruleset)
    assert "le contrat des preneurs serait fait quoi qu'il arrive" in fr
    # the independent recount can fail: a count said wrong
    why = concepts.versus(v, parse("S1"), parse("S8"))
    assert why is not None
    k = infer(v)
    assert all(lost_facts(v, parse("S1"), parse("S8"), why, k).values())
    assert not all(lost_facts(v, parse("S1"), parse("S8"), replace(why, points=99), k).values())
    monkeypatch.setitem(concepts.CLAIMS, "vs.sure_theirs", (lambda *a: False,))
    said = duplicate.watch(v, played).why
    assert said is not None and said.key == "vs.keep_master"  # what it said before
