"""Every computer player bids and plays every ruleset (RULES.md §9): its contracts (no-trumps
and all-trumps included), auction, scoring and options."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from beloz.ai.arena import play_hand
from beloz.ai.heuristic import HeuristicPlayer, auction_bid
from beloz.ai.pimc import HandModel, PimcPlayer, evaluate_bids, evaluate_cards
from beloz.ai.player import RandomPlayer, make_player
from beloz.ai.search import fast_score
from beloz.rules.announcements import best_combination
from beloz.rules.ruleset import BULGARE, RULESETS, SANS_ANNONCES, Ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    NO_TRUMPS_CALL,
    PASS,
    TAKE,
    HandState,
    Phase,
)

from .test_ai_helpers import TINY, TINY_WEIGHTED

RULESET_NAMES = sorted(RULESETS)


@pytest.mark.parametrize("name", RULESET_NAMES)
@pytest.mark.parametrize(
    ("spec", "hands"),
    [("random", 16), ("heuristic", 16), ("pimc:beginner", 16), ("pimc:standard", 2)],
)
def test_players_bid_and_play_every_ruleset(name: str, spec: str, hands: int) -> None:
    """Whole hands through the real bidding; the engine rejects any illegal decision."""
    ruleset = RULESETS[name]
    taken = 0
    for i in range(hands):
        rec = play_hand((spec, "heuristic"), i & 1, 11, i, ruleset)
        taken += rec.taker_is_a is not None
    assert taken >= 1


def _forced(ruleset: Ruleset, call: int, seed: int) -> HandState:
    """A Bulgarian deal where the first bidder calls ``call`` and everyone else passes."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, seed % 4, 3, ruleset)
    for b in (call, PASS, PASS, PASS):
        st.apply(b)
    assert st.phase is Phase.PLAY
    return st


@pytest.mark.parametrize("call", [NO_TRUMPS_CALL, ALL_TRUMPS_CALL])
@pytest.mark.parametrize("spec", ["heuristic", "pimc:beginner", "pimc:standard", "pimc:expert"])
def test_players_play_no_trumps_and_all_trumps(call: int, spec: str) -> None:
    for seed in range(2 if spec.startswith("pimc:") and spec != "pimc:beginner" else 6):
        st = _forced(BULGARE, call, seed)
        players = [make_player(spec, seed * 4 + s) for s in range(4)]
        while not st.is_terminal():
            st.apply(players[st.current].play(st.view(st.current)))
        assert sum(st.result().totals) >= 258  # every card played and scored


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_fast_score_is_the_engines_score(name: str) -> None:
    """The AI's scorer gives the table's score (Bulgarian: the points recorded before the
    division by 10) on random finished hands of every contract and multiplier."""
    ruleset = RULESETS[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(120):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, ruleset)
        p = RandomPlayer(seed)
        while not st.is_terminal():
            st.apply(p.bid(st.view(st.current)) if st.phase is Phase.BIDDING
                     else p.play(st.view(st.current)))
        if st.taker is None:
            continue
        r = st.result()
        assert st.contract is not None
        got = fast_score(
            ruleset, st.taker & 1, st.points[0], st.points[1], st.tricks[-1].winner & 1,
            st.tricks_won[0], r.announcements.points[0], r.announcements.points[1],
            r.announcements.valid_team, r.beloz[0], r.beloz[1], 0, st.contract.kind,
            st.multiplier,
        )
        assert got == (r.raw if r.raw is not None else r.score), (seed, r)
        checked += 1
    assert checked > 50


def test_no_announcements_in_the_hand_model_of_a_game_without_them() -> None:
    """Sans annonces: during the first expedition, the seats still to play are credited
    with no announcement, whatever their (sampled) hands hold."""
    rng = random.Random(4)
    checked = 0
    for seed in range(60):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, SANS_ANNONCES)
        st.apply(TAKE)
        v = st.view(st.current)
        if not any(best_combination(st.hands[s]) for s in range(4) if s != v.seat):
            continue  # nobody else holds an announcement: nothing to credit wrongly
        _, a0, a1, _, _ = HandModel(v).extras(list(st.hands))
        assert (a0, a1) == (0, 0)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_swapping_hidden_cards_changes_no_decision_in_every_ruleset(name: str) -> None:
    from .test_ai_player import _swap_hidden

    ruleset = RULESETS[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(30):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, ruleset)
        h = HeuristicPlayer(seed)
        while st.phase is Phase.BIDDING:
            st.apply(h.bid(st.view(st.current)))
        for _ in range(rng.randrange(1, 14)):
            if st.phase is not Phase.PLAY:
                break
            st.apply(h.play(st.view(st.current)))
        if st.phase is not Phase.PLAY:
            continue
        seat = st.current
        other = _swap_hidden(st, seat, rng)
        if other is None or other.hands == st.hands:
            continue
        v1, v2 = st.view(seat), other.view(seat)
        assert v1 == v2
        for p in (HeuristicPlayer(5), PimcPlayer(5, TINY), PimcPlayer(5, TINY_WEIGHTED)):
            assert p.play(v1) == p.play(v2)
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_auction_calls_are_legal_and_the_simulation_bidder_weighs_them() -> None:
    rng = random.Random(9)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, 0, 3, BULGARE)
    v = st.view(st.current)
    assert auction_bid(v.hand, BULGARE, v.bids, v.dealer) in v.legal_actions()
    cands, means = evaluate_bids(v, random.Random(1), TINY)
    assert cands[0] == PASS and len(cands) == len(means) >= 2
    assert set(cands) <= set(v.legal_actions())


def test_evaluate_cards_in_all_trumps() -> None:
    st = _forced(BULGARE, ALL_TRUMPS_CALL, 3)
    values = evaluate_cards(st.view(st.current), random.Random(2), TINY)
    assert len(values.cards) == len(values.means) >= 2


def test_arena_names_its_ruleset() -> None:
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "beloz.ai.arena", "--a", "heuristic", "--b", "random",
         "--deals", "3", "--seed", "2", "--ruleset", "belot-bulgare", "--json"],
        cwd=root, capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    assert data["ruleset"] == "belot-bulgare" and data["hands"] == 6
    assert "ruleset belot-bulgare" in out
