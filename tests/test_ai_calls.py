"""The Bulgarian auction taught: every legal call valued from the seat's view only, the
explainer's call sentences, the calls rated in a review; the record command's word on bids."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from beloz.ai import review, review_cli
from beloz.ai.explain import sentence
from beloz.ai.explain_bid import explain_call
from beloz.rules import ruleset as ruleset_mod
from beloz.rules.cards import N, S, W, card, parse
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_TRUMPS_CALL,
    PASS,
    REDOUBLE,
    HandState,
    Phase,
    name_action,
)

from .test_ai_helpers import TINY

BULGARIAN = ruleset_mod.get("belot-bulgare")
FIXTURES = Path(__file__).parent / "fixtures"

#: "About as good" said in either form (values close, or in sight within the noise).
ABOUT = ("vs.about", "vs.about_wide")


@pytest.fixture(autouse=True)
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "LEVEL", TINY)


def _dealt(seed: int, dealer: int = 3) -> HandState:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    return HandState.deal(deck, dealer, 3, BULGARIAN)


def _with_hand(cards: str, dealer: int = 3, bids: tuple[int, ...] = ()) -> HandState:
    """Seat ``dealer + 1 + len(bids)`` to call with the five ``cards`` (codes)."""
    mine = [parse(c) for c in cards.split()]
    rest = [c for c in range(32) if c not in mine]
    random.Random(0).shuffle(rest)
    seat = (dealer + 1 + len(bids)) % 4
    hands5 = [0, 0, 0, 0]
    pos = 0
    for s in range(4):
        if s == seat:
            hands5[s] = sum(1 << c for c in mine)
        else:
            hands5[s] = sum(1 << c for c in rest[pos:pos + 5])
            pos += 5
    st = HandState(BULGARIAN, dealer, hands5, -1, rest[pos:])
    for b in bids:
        st.apply(b)
    assert st.current == seat
    return st


def test_every_legal_call_is_valued() -> None:
    st = _dealt(1)
    view = st.view(st.current)
    legal = view.legal_actions()
    assert len(legal) == 7  # the opening: pass and the six contracts
    values = review.bid_values(view)
    assert sorted(values) == sorted(legal)
    hint = review.hint(view)
    assert sorted(o.action for o in hint.options) == sorted(legal)
    assert hint.best == max(legal, key=lambda a: (values[a], -list(values).index(a)))
    # After a contract of the other team: the contracts above it, double, pass.
    st.apply(name_action(S))
    view = st.view(st.current)
    values = review.bid_values(view)
    assert sorted(values) == sorted(view.legal_actions())
    assert DOUBLE in values and name_action(N) in values and name_action(W) not in values


def test_call_values_use_only_the_seats_view() -> None:
    """Swapping cards between two other seats' hands (or the stock) changes nothing."""
    for seed in range(3):
        st = _dealt(seed, dealer=seed % 4)
        st.apply(PASS)
        seat = st.current
        a, b = [s for s in range(4) if s != seat][:2]
        ca = st.hands[a] & -st.hands[a]
        cb = st.hands[b] & -st.hands[b]
        other = st.clone()
        other.hands[a] ^= ca | cb
        other.hands[b] ^= ca | cb
        assert st.view(seat) == other.view(seat)
        assert review.hint(st.view(seat)) == review.hint(other.view(seat))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_call_sentences(lang: str) -> None:
    # The opening: a plain by its length and its strong cards.
    st = _with_hand("N5 N3 N8 E1 W2")
    view = st.view(st.current)
    why = explain_call(view, name_action(N))
    assert why.key == "call.plain" and why.count == 3 and why.plain == N
    assert set(why.cards) == {card(N, 5), card(N, 3), card(N, 8)}
    words = sentence(why, lang)
    assert ("North" if lang == "en" else "Nord") in words and "3" in words
    assert explain_call(view, PASS).key == "call.pass_open"
    nt = explain_call(view, NO_TRUMPS_CALL)
    assert nt.key == "call.nt" and nt.cards == (card(N, 8),)  # the lion
    at = explain_call(view, ALL_TRUMPS_CALL)
    assert at.key == "call.at" and set(at.cards) == {card(N, 5), card(N, 3)}
    # Against the other team's South: double by the South cards that beat it.
    st = _with_hand("S5 S3 E1 E2 W2", bids=(name_action(S),))
    view = st.view(st.current)
    d = explain_call(view, DOUBLE)
    assert d.key == "call.double" and set(d.cards) == {card(S, 5), card(S, 3)}
    assert explain_call(view, PASS).key == "call.pass_high"
    # The partner's contract, doubled: redouble, or let it stand.
    st = _with_hand("S8 E1 E2 W2 W3", bids=(name_action(S), DOUBLE))
    view = st.view(st.current)
    assert REDOUBLE in view.legal_actions()
    assert explain_call(view, REDOUBLE).key == "call.redouble"
    assert explain_call(view, PASS).key == "call.pass_partner"
    for w in (d, nt, at, explain_call(view, PASS), explain_call(view, REDOUBLE)):
        text = sentence(w, lang)
        assert text and not text.startswith("teach.") and "%{" not in text


def test_a_review_rates_the_calls() -> None:
    for seed in range(20):
        st = _dealt(seed, dealer=3)  # seat 0 calls first
        rng = random.Random(seed)
        start = st.clone()
        actions = []
        while not st.is_terminal():
            legal = st.legal_actions()
            a = (legal[1] if st.phase is Phase.BIDDING and not st.bids else
                 PASS if st.phase is Phase.BIDDING else rng.choice(legal))
            st.apply(a)
            actions.append(a)
        if st.taker is not None:
            break
    rv = review.review_hand(start, actions, 0)
    calls = [r for r in rv.ratings if r.kind == "bid"]
    assert calls and calls[0].number == 0 and calls[0].chosen == actions[0]
    why = calls[0].why
    # why the best call rather than the one made (a loss), or what the best call does
    assert why.key.startswith(("call.", "vs."))
    if why.key.startswith("vs.") and why.key not in ABOUT and calls[0].lost > 0:
        assert why.alt == calls[0].chosen
    assert {o.action for o in calls[0].options} == set(start.legal_actions())


def test_the_record_command_says_why_bids_are_not_rated(capsys: pytest.CaptureFixture
                                                         ) -> None:
    record = FIXTURES / "review" / "lion-thrown.json"
    assert review_cli.main([str(record), "--seat", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bids"].startswith("bids not rated") and "five" in out["bids"]
    assert all(d["kind"] == "card" for d in out["decisions"])
    assert review_cli.main([str(record), "--seat", "0"]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert "(it keeps no deck order, no cut, no first packet)" in last
    assert last.endswith("the game's save keeps the deal of each hand of the match in "
                         "progress, and its review rates the bids too: python -m "
                         "beloz.ai.review --save [PATH] --hand N --seat S.")
