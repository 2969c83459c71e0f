"""Every computer player bids and plays every ruleset (RULES.md §9): its contracts (no-trumps
and all-trumps included), auction, scoring and options."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from beloz.ai.arena import play_hand
from beloz.ai.bidsearch import evaluate_bids
from beloz.ai.heuristic import HeuristicPlayer, auction_bid
from beloz.ai.pimc import HandModel, PimcPlayer, evaluate_cards
from beloz.ai.player import RandomPlayer, make_player
from beloz.ai.search import Extras, Stakes, fast_score, margin
from beloz.rules.announcements import best_combination
from beloz.rules.contract import ContractKind
from beloz.rules.ruleset import BULGARE, RULESETS, SANS_ANNONCES, Ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    NO_TRUMPS_CALL,
    PASS,
    TAKE,
    HandState,
    Phase,
)

from .test_ai_helpers import TINY, TINY_WEIGHTED, swapped

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


@pytest.mark.slow
@pytest.mark.parametrize("call", [NO_TRUMPS_CALL, ALL_TRUMPS_CALL])
@pytest.mark.parametrize("spec", ["heuristic", "pimc:beginner", "pimc:standard", "pimc:expert"])
def test_players_play_no_trumps_and_all_trumps(call: int, spec: str) -> None:
    hands = {"pimc:standard": 2, "pimc:expert": 1}.get(spec, 6)
    for seed in range(hands):
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
            Stakes(ruleset, st.taker & 1, 0, st.contract.kind, st.multiplier),
            Extras(r.announcements.valid_team, r.announcements.points[0],
                   r.announcements.points[1], r.beloz[0], r.beloz[1]),
            st.points[0], st.points[1], st.tricks[-1].winner & 1, st.tricks_won[0],
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
        got = swapped(st, rng)
        if got is None:
            continue
        _, v1, v2 = got
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


def test_simulated_auction_is_the_engines() -> None:
    """The simulation bidder's fast auction and deal completion give what the engine's
    ``HandState`` gives with the heuristic's calls."""
    from beloz.ai import bidsearch
    from beloz.rules.state import NO_CARD, auction

    rng = random.Random(12)
    for seed in range(40):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, BULGARE)
        v = st.view(st.current)
        assert st.stock is not None
        for a in v.legal_actions():
            ref = HandState(BULGARE, v.dealer, st.hands, NO_CARD, st.stock)
            ref.apply(a)
            while ref.phase is Phase.BIDDING:
                ref.apply(auction_bid(ref.hands[ref.current], BULGARE, ref.bids, v.dealer))
            want = bidsearch._played_value(v, ref)
            got = bidsearch._auction_value(v, list(st.hands), list(st.stock),
                                      auction(BULGARE, (a,), v.dealer))
            assert got == want


def test_auction_calls_depend_on_the_view_only() -> None:
    """Honesty in the auction: the other seats' hidden cards and the cards still to deal
    change no call (the view is the same)."""
    rng = random.Random(21)
    for seed in range(6):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, BULGARE)
        seat = st.current
        assert st.stock is not None
        hidden = [c for s in range(4) if s != seat for c in range(32) if st.hands[s] >> c & 1]
        hidden += list(st.stock)
        rng.shuffle(hidden)
        hands = list(st.hands)
        pos = 0
        for s in range(4):
            if s != seat:
                hands[s] = sum(1 << c for c in hidden[pos : pos + 5])
                pos += 5
        other = HandState(BULGARE, st.dealer, hands, st.turned, hidden[pos:])
        v1, v2 = st.view(seat), other.view(seat)
        assert v1 == v2 and st.hands != other.hands
        for p in (HeuristicPlayer(3), PimcPlayer(3, TINY), PimcPlayer(3, TINY_WEIGHTED)):
            assert p.bid(v1) == p.bid(v2)


@pytest.mark.parametrize("call", [NO_TRUMPS_CALL, ALL_TRUMPS_CALL])
def test_endgame_solvers_agree_in_no_trumps_and_all_trumps(call: int) -> None:
    """The double-dummy solver (``dds.contract_game``) and the alpha-beta search give the
    exact values of plain minimax over the engine's legal cards in NT and AT endgames."""
    from beloz.ai import dds
    from beloz.ai.search import Solver

    h = HeuristicPlayer(0)
    for seed in range(12):
        st = _forced(BULGARE, call, seed)
        while len(st.tricks) < 5 or st.trick:
            st.apply(h.play(st.view(st.current)))
        assert st.trump is not None and st.taker is not None and st.contract is not None
        team = st.current & 1
        kind, mult, taker = st.contract.kind, st.multiplier, st.taker & 1

        def leaf(p0: int, p1: int, last: int, won0: int, taker: int = taker,
                 kind: ContractKind = kind, mult: int = mult, team: int = team) -> int:
            return margin(Stakes(BULGARE, taker, 0, kind, mult), team, Extras(None, 0, 0, 0, 0),
                          p0, p1, last, won0)

        cands = st.legal_actions()

        def minimax(state: HandState, team: int = team) -> int:
            """The engine's own rules: every legal card, to the end."""
            if state.is_terminal():
                return leaf(state.points[0], state.points[1], state.tricks[-1].winner & 1,
                            state.tricks_won[0])
            vals = []
            for c in state.legal_actions():
                state.apply(c)
                vals.append(minimax(state, team))
                state.undo()
            return max(vals) if state.current & 1 == team else min(vals)

        want = []
        for c in cands:
            st.apply(c)
            want.append(minimax(st))
            st.undo()
        solver = Solver(st.trump, BULGARE, team, leaf)
        assert want == solver.root_values(
            list(st.hands), st.leader, [], st.points[0], st.points[1], st.tricks_won[0],
            st.tricks[-1].winner & 1, cands)
        for compiled in (False, True) if dds.compiled_available() else (False,):
            # the leaf scores the card points only: no belot for the solver to lose
            game = dataclasses.replace(dds.contract_game(st.trump, BULGARE), losable=(),
                                       belot_shift=0)
            dd = dds.new_solver(game, compiled)
            got = dds.root_values(dd, list(st.hands), st.leader, [], st.points[0],
                                  st.points[1], st.tricks_won[0], cands, leaf, team)
            assert got == want


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_search_legality_is_the_engines_in_every_contract(name: str) -> None:
    """The search's and the solver's legal cards are the engine's (``tricks.legal_mask``)
    in every contract of the ruleset, on random hands and expeditions."""
    from beloz.ai import dds
    from beloz.ai.search import Solver
    from beloz.rules.tricks import legal_mask

    ruleset = RULESETS[name]
    orders = range(6) if ruleset is BULGARE else range(4)
    rng = random.Random(name)
    for order in orders:
        solver = Solver(order, ruleset, 0, lambda a, b, c, d: 0)
        dd = dds.PySolver(dds.contract_game(order, ruleset))
        for _ in range(400):
            cards = rng.sample(range(32), 12)
            trick = cards[: rng.randrange(1, 4)]
            hand = sum(1 << c for c in cards[4:12])
            want = legal_mask(hand, trick, order, ruleset)
            assert solver.legal(hand, list(trick)) == want
            assert dd.legal(hand, list(trick)) == want


@pytest.mark.parametrize(
    ("name", "call"),
    [(n, None) for n in RULESET_NAMES]
    + [("belot-bulgare", NO_TRUMPS_CALL), ("belot-bulgare", ALL_TRUMPS_CALL)],
)
def test_rollout_is_the_heuristic_through_the_engine(name: str, call: int | None) -> None:
    """The mask rollout plays what the heuristic player plays through the engine (which
    checks every card) in every ruleset and contract, its direction included."""
    from beloz.ai.heuristic import PlayRules, rollout

    ruleset = RULESETS[name]
    hp = HeuristicPlayer()
    for seed in range(25):
        if call is not None:
            st = _forced(ruleset, call, seed)
        else:
            rng = random.Random(seed)
            deck = list(range(32))
            rng.shuffle(deck)
            st = HandState.deal(deck, seed % 4, 3, ruleset)
            while st.phase is Phase.BIDDING:
                st.apply(hp.bid(st.view(st.current)))
            if st.phase is not Phase.PLAY:
                continue
        assert st.trump is not None and st.taker is not None
        r = rollout(PlayRules.of(st.trump, st.taker, ruleset), list(st.hands), st.leader)
        while st.phase is Phase.PLAY:
            st.apply(hp.play(st.view(st.current)))
        assert (st.points[0], st.points[1], st.tricks[-1].winner & 1, st.tricks_won[0]) == r
