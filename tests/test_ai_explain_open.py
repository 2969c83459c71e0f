""""The opponents are master" is not said while the expedition is still open (teacher set
H): the partner plays after and may still take it ("under_open"), or the seat keeps the card
that would take it ("duck"); "under" only when neither holds."""

from __future__ import annotations

import pytest

from beloz.ai import explain
from beloz.ai.explain import explain_card, sentence
from beloz.rules.cards import parse
from bench.bench_explain_truth import facts

from .test_ai_concepts import deal, play


def said(v, c: str) -> tuple[str, str]:
    why = explain_card(v, parse(c))
    assert not explain.check(v, parse(c), why)
    assert all(facts(v, parse(c), why).values()), facts(v, parse(c), why)
    sentence(why, "fr")
    return why.key, sentence(why, "en")


def test_the_partner_still_to_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """North floods; seat 0 leads the East rhinoceros; the seat (second) holds only small
    East cards; its partner plays after it and may hold the East lion."""
    v = play("N", deal(["E6"], ["E1", "E2", "W1", "W2", "W3", "S1", "S2", "S3"]), ["E6"])
    assert said(v, "E1") == (
        "under_open", "Your East meerkat does not beat the East rhinoceros, but your partner "
        "plays after you and may still take this expedition.")
    monkeypatch.setitem(explain.CLAIMS, "under_open",
                        tuple(c for c in explain.CLAIMS["under_open"]
                              if c is not explain.partner_may_beat))
    last = play("N", deal(["E6"], ["E1"], ["E2"], ["E3", "E4", "W1", "W2", "S1", "S2", "S3",
                                                     "W3"]), ["E6", "E1", "E2"])
    why = explain_card(last, parse("E3"))  # playing last: nobody after
    assert why.key == "under_open"
    assert not facts(last, parse("E3"), why)["the partner after, and he may beat it"]


def test_a_duck_keeps_the_card_that_would_take_it() -> None:
    """The seat plays last, its partner's card beaten; its East leopard would take the
    expedition, its East monkey leaves it."""
    v = play("N", deal(["E6"], ["E1"], ["E7"], ["E4", "E2", "W1", "W2", "S1", "S2", "S3",
                                                 "W3"]), ["E6", "E1", "E7"])
    assert v.seat == 3
    assert said(v, "E2") == (
        "duck", "Your East monkey leaves this expedition to the East elephant for now and "
        "keeps in your hand your East leopard, which would take it.")
    # nothing of the seat's would take it: "under" (or give nothing / the least)
    none = play("N", deal(["E8"], ["E1"], ["E7"], ["E4", "E2", "W1", "W2", "S1", "S2", "S3",
                                                    "W3"]), ["E8", "E1", "E7"])
    assert explain_card(none, parse("E2")).key in ("give_nothing", "give_least", "under")
