"""The watch panel's changes made after watch set K was judged (issue 45): each on the judged
position (``tests/fixtures/teach/watch-set-k.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from beloz.ai import concepts, explain
from beloz.ai.view import infer
from beloz.practice import duplicate
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.truth_versus_cover import cover_facts

from .test_ai_concepts import versus
from .test_ai_helpers import watched


def _watched(ruleset: str, seed: int, tag: str) -> tuple[SeatView, int]:
    return watched(ruleset, seed, tag, 4)


def test_cover_the_partner_with_the_card_that_leaves_one_above_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set K, beloz-4747-9 (judged "describes" at 53fdc4b: "your partner is master"
    of both cards): third to play on the partner's North rhinoceros, the opponent after may
    hold the North elephant or lion; the leopard takes it over and only the lion (or a cut)
    beats it, where the meerkat leaves it to either."""
    v, played = _watched("beloz", 4747, "beloz-4747-9")
    assert played == parse("N1")
    assert versus(v, "N4", "N1") == (
        "vs.cover_most_cut",
        "An opponent after you may still hold 2 cards that beat your partner's North "
        "rhinoceros, up to the North lion: your North leopard takes the expedition over from "
        "him and only the North lion or a flooded card can beat it, where your North meerkat "
        "leaves it to any of them.")
    w = duplicate.watch(v, played)
    assert w.differs and w.expert_why is not None
    assert w.expert_why.key == "vs.cover_most_cut"
    # the independent facts can fail: the count or the cut said wrong
    why = concepts.versus(v, parse("N4"), parse("N1"))
    assert why is not None
    k = infer(v)
    assert not all(cover_facts(v, parse("N4"), parse("N1"), replace(why, count=3), k).values())
    assert not all(cover_facts(v, parse("N4"), parse("N1"),
                               replace(why, key="vs.cover_most"), k).values())
    monkeypatch.setitem(concepts.CLAIMS, "vs.cover_most_cut", (lambda *a: False,))
    said = duplicate.watch(v, played).expert_why
    assert said is not None and said.key != "vs.cover_most_cut"
    assert "your team stays master" in explain.sentence(said, "en")  # what it said before
