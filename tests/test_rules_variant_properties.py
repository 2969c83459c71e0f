"""Property tests for the three other rulesets (RULES.md §9.1-9.3), over random deals, bids and
plays (hypothesis, derandomized): the cards and points in play (162 / 260 / 258 before the
bonuses), a legal action always exists and matches the rules' generator, undo and clone are
exact, a seat's view holds no hidden card, the fast playout agrees with HandState, and the
points each hand records add up (in the state, in its record's verdict, in the match)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beloz.rules import playout, record
from beloz.rules.cards import code
from beloz.rules.match import Match
from beloz.rules.ruleset import BULGARE, CLASSIQUE, SANS_ANNONCES, Ruleset, Scoring
from beloz.rules.scoring import Outcome
from beloz.rules.state import NO_CARD, PASS, HandState, Phase
from tests.test_rules_perft_contracts import rules_legal

RULESETS = (SANS_ANNONCES, CLASSIQUE, BULGARE)
PROFILE = settings(max_examples=60, deadline=None, derandomize=True, database=None)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PER_RULESET = pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)


def new_hand(rules: Ruleset, rng: random.Random) -> HandState:
    deck = list(range(32))
    rng.shuffle(deck)
    return HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), rules)


def random_action(state: HandState, rng: random.Random) -> int:
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING:
        calls = [a for a in legal if a != PASS]
        return rng.choice(calls) if calls and rng.random() < 0.35 else PASS
    return rng.choice(legal)


def snapshot(state: HandState, with_undo: bool = True) -> dict:
    slots = [s for s in HandState.__slots__ if with_undo or s != "_undo"]
    return {slot: copy.deepcopy(getattr(state, slot)) for slot in slots}


def played(state: HandState) -> int:
    m = 0
    for t in state.tricks:
        for c in t.cards:
            m |= 1 << c
    for c in state.trick:
        m |= 1 << c
    return m


def check_conservation(state: HandState) -> None:
    parts = list(state.hands) + [played(state)]
    if state.phase is Phase.BIDDING or state.taker is None:
        if state.turned != NO_CARD:
            parts.append(1 << state.turned)
        parts += [1 << c for c in state.stock or ()]
    total = 0
    for p in parts:
        assert total & p == 0, "a card is in two places"
        total |= p
    assert total == (1 << 32) - 1, "a card went missing"


def check_view(state: HandState, seat: int) -> None:
    """The view shows the seat's own hand and public cards only: played cards, the turned
    card, and announcement cards once they are valid and shown."""
    v = state.view(seat)
    assert v.hand == state.hands[seat] and v.contract == state.contract
    public = played(state) | (0 if state.turned == NO_CARD else 1 << state.turned)
    for c in v.trick:
        assert public >> c & 1
    result = state.announcement_result() if v.announcements_shown else None
    for s in range(4):
        for d, a in zip(v.declared[s], state.declared[s], strict=True):
            if d.cards is not None and s != seat:
                assert result is not None and result.counts(s & 1, a)
    for a in v.own_announcements:
        assert a.mask & ~(state.hands[seat] | played(state)) == 0
    # Nothing in the view changes when the cards it cannot see are dealt differently.
    hidden = [s for s in range(4) if s != seat]
    other = state.clone()
    pool = [c for s in hidden for c in range(32) if other.hands[s] >> c & 1]
    random.Random(seat).shuffle(pool)
    for s in hidden:
        n = other.hands[s].bit_count()
        other.hands[s] = sum(1 << c for c in pool[:n])
        pool = pool[n:]
    w = other.view(seat)
    assert (w.hand, w.trick, w.tricks, w.bids, w.hand_sizes) == (
        v.hand, v.trick, v.tricks, v.bids, v.hand_sizes)


def points_in_play(state: HandState) -> int:
    """§9.3: 162 in a trump contract, 260 in NT, 258 in AT (cards and dix de der)."""
    r = state.result()
    return sum(r.totals) - sum(r.announcement_points) - sum(r.beloz) - (
        90 if r.capot is not None and state.ruleset is BULGARE else 0)


@pytest.mark.slow
@PER_RULESET
@PROFILE
@given(seed=SEEDS)
def test_hand_invariants_undo_and_views(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    steps = 0
    while not state.is_terminal():
        check_conservation(state)
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        if state.phase is Phase.PLAY:
            hand = [code(c) for c in range(32) if state.hands[state.current] >> c & 1]
            assert state.contract is not None
            expected = rules_legal(hand, [code(c) for c in state.trick], state.contract.code)
            if rules is not BULGARE:  # undertrumping is compulsory (§4)
                assert set(legal) <= {c for c in range(32) if code(c) in expected}
            else:
                assert {code(c) for c in legal} == set(expected)
        if steps % 3 == 0:
            before = snapshot(state)
            state.apply(random_action(state, rng))
            state.undo()
            assert snapshot(state) == before, "undo did not restore the state"
        if steps % 7 == 0:
            check_view(state, rng.randrange(4))
        state.apply(random_action(state, rng))
        steps += 1
    check_conservation(state)
    if state.taker is None:
        return
    assert state.hands == [0, 0, 0, 0]
    expected_total = {"NT": 260, "AT": 258}.get(state.contract.code, 162)
    r = state.result()
    if r.dix_de_der is None:  # §9.1: no dix de der on a capot, the 100 instead
        assert points_in_play(state) == 152 + 100
    elif r.capot is not None and rules is not BULGARE:
        assert points_in_play(state) == expected_total + 90
    else:
        assert points_in_play(state) == expected_total
    for seat in range(4):
        check_view(state, seat)


@PER_RULESET
@PROFILE
@given(seed=SEEDS)
def test_clone_and_undo_all_the_way_back(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    snaps = []
    for _ in range(rng.randrange(0, 40)):
        if state.is_terminal():
            break
        snaps.append(snapshot(state, with_undo=False))
        state.apply(random_action(state, rng))
    before = snapshot(state)
    other = state.clone()
    while not other.is_terminal():
        other.apply(random_action(other, rng))
    assert snapshot(state) == before
    while snaps:
        state.undo()
        assert snapshot(state, with_undo=False) == snaps.pop()


@PER_RULESET
@PROFILE
@given(seed=SEEDS)
def test_playout_agrees_with_the_state(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    while state.phase is Phase.BIDDING:
        state.apply(random_action(state, rng))
    if state.taker is None:
        return
    for _ in range(rng.randrange(0, 20)):
        state.apply(rng.choice(state.legal_actions()))
    assert state.trump is not None
    moves: list[int] = []
    reference = state.clone()

    def choose(seat: int, legal: int, trick: list[int], master_pos: int) -> int:
        assert seat == reference.current and legal == reference.legal_mask()
        c = rng.choice([x for x in range(32) if legal >> x & 1])
        moves.append(c)
        reference.apply(c)
        return c

    done = list(state.points)
    p0, p1, last, _ = playout.playout(
        list(state.hands), state.trump, state.leader, list(state.trick), rules, choose)
    assert reference.is_terminal()
    assert [done[0] + p0, done[1] + p1] == reference.points
    assert last == reference.tricks[-1].winner & 1


@PER_RULESET
@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(seed=SEEDS)
def test_recorded_points_add_up(rules: Ruleset, seed: int) -> None:
    """Each hand's score follows from its totals, the record's verdict says the same, and
    the match's scores are the sum of the hands' scores."""
    rng = random.Random(seed)
    m = Match.new(rng, rules)
    total = [0, 0]
    for _ in range(4):
        escrow_in = m.escrow
        hand = m.deal(rng.randrange(3, 30), rng=rng)
        while not hand.is_terminal():
            hand.apply(random_action(hand, rng))
        r = m.finish(hand)
        if r is None:
            assert m.escrow == escrow_in
            continue
        assert r.escrow_in == escrow_in
        total = [total[0] + r.score[0], total[1] + r.score[1]]
        in_play = sum(r.totals)
        if rules.scoring is Scoring.BULGARIAN:
            assert r.raw is not None
            if r.outcome is not Outcome.LITIGE:
                assert sum(r.raw) == in_play * r.multiplier
            else:
                assert r.escrow_out >= escrow_in
        elif r.outcome is Outcome.LITIGE:
            assert sum(r.score) + r.escrow_out == in_play + escrow_in
        elif rules is CLASSIQUE and r.outcome is Outcome.DEDANS:
            lost = r.announcement_points[r.taker_team]
            assert sum(r.score) == in_play - lost + escrow_in
        else:
            assert sum(r.score) == in_play + escrow_in
        v = record.check(copy.deepcopy(record.dump(hand)))
        assert v["ok"] is True and v["score"] == list(r.score)
        assert v["outcome"] == r.outcome.value and v["escrow_out"] == r.escrow_out
        if rules is BULGARE:
            assert v["raw"] == list(r.raw) and v["contract"]["multiplier"] == r.multiplier
        assert m.scores == total
