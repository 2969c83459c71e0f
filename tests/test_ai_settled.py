"""What the points buy (issue 45, point 2): "With your East leopard your team wins this
expedition and has at least 134 points, and the takers can make at most 124: their contract
fails whatever happens" (teacher set G, bulgare-1611), counted from the seat's view
(``settled.sure_after``) and checked against the engine's own score in the other team's best
case (``bench.truth_versus``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims, concepts, settled
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase
from bench.bench_explain_truth import decisions, facts
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import versus, without

SET_G = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-g.json"


def g1611():
    return view_of(next(p for p in positions(SET_G) if p["id"] == "G-bulgare-1611"))


def test_the_leopard_sets_the_contract_the_elephant_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """All trumps, the takers need more than half: partner's East water snake wins; with the
    leopard the team has 134 and the takers at most 124 (the North belot may still be
    theirs); with the elephant 128 against 130."""
    v = g1611()
    assert settled.sure_after(v, parse("E4")) == settled.Sure(134, 124, "set")
    assert settled.sure_after(v, parse("E7")) == settled.Sure(128, 130, None)
    assert versus(v, "E4", "E7") == (
        "vs.sure_set",
        "With your East leopard your team wins this expedition and has at least 134 points, "
        "and the takers can make at most 124: their contract fails whatever happens; with "
        "your East elephant that is not yet sure.")
    bogus = Why("vs.sure_set", (parse("E4"), parse("E7")), points=140, count=124, trump=5)
    assert concepts.check(v, parse("E4"), bogus) == ["best_settles"]
    without(monkeypatch, "vs.sure_set", card_claims.best_settles)
    assert concepts.check(v, parse("E4"), bogus) == []
    assert not facts(v, parse("E4"), bogus)["the counts said"]


def test_a_belot_they_may_still_score_is_counted() -> None:
    """The West elephant was played by the opponent before the seat: once he has declared a
    belot, the West rhinoceros may still make it his team's 20 points, and nothing is sure."""
    v = g1611()
    declared = replace(v, beloz_said=(0, 0, 0, 1))
    assert settled.sure_after(declared, parse("E4")) == settled.Sure(134, 144, None)
    assert concepts.versus(declared, parse("E4"), parse("E7")).key != "vs.sure_set"


def test_nothing_is_sure_before_the_announcements_are_known() -> None:
    v = replace(g1611(), announcement_result=None)
    assert settled.sure_after(v, parse("E4")) is None


@pytest.mark.parametrize("name", list(RULESETS))
def test_what_is_said_sure_the_engine_scores_so(name: str) -> None:
    """Seeded self-play: every "whatever happens" said for a card pair is what the engine's
    score gives in the other team's best case, the counts as said; some are said in every
    ruleset (the classique counts the expeditions' points only)."""
    said = 0
    for v in decisions(RULESETS[name], 1500, 23):
        if v.phase is not Phase.PLAY or len(v.trick) < 2:
            continue
        legal = v.legal_actions()
        for b in legal:
            for o in legal:
                why = concepts.versus(v, b, o) if b != o else None
                if why is not None and why.key.startswith("vs.sure_"):
                    said += 1
                    assert all(facts(v, b, why).values()), facts(v, b, why)
    assert said > 0
