"""Property tests over random hands (hypothesis, derandomized): conservation of the 32 cards,
152 + 10 card points, a legal move always exists, undo restores exactly, clone is independent,
seat views hide other seats' cards, and the fast playout agrees with HandState."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beloz.rules import playout
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import PASS, HandState, Phase
from tests.test_rules_oracle import mask_cards, oracle_legal

PROFILE = settings(max_examples=300, deadline=None, derandomize=True, database=None)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def new_hand(rng: random.Random) -> HandState:
    deck = list(range(32))
    rng.shuffle(deck)
    return HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)))


def random_action(state: HandState, rng: random.Random) -> int:
    legal = state.legal_actions()
    if state.phase is Phase.BIDDING:
        bids = [a for a in legal if a != PASS]
        return rng.choice(bids) if rng.random() < 0.35 else PASS
    return rng.choice(legal)


def snapshot(state: HandState, with_undo: bool = True) -> dict:
    slots = [s for s in HandState.__slots__ if with_undo or s != "_undo"]
    return {slot: copy.deepcopy(getattr(state, slot)) for slot in slots}


def played_mask(state: HandState) -> int:
    m = 0
    for t in state.tricks:
        for c in t.cards:
            m |= 1 << c
    for c in state.trick:
        m |= 1 << c
    return m


def check_conservation(state: HandState) -> None:
    parts = list(state.hands) + [played_mask(state)]
    if state.phase is Phase.BIDDING or state.taker is None:
        parts += [1 << state.turned] + [1 << c for c in state.stock]
    total = 0
    for p in parts:
        assert total & p == 0, "a card is in two places"
        total |= p
    assert total == (1 << 32) - 1, "a card went missing"


def check_view(state: HandState, seat: int) -> None:
    v = state.view(seat)
    assert v.hand == state.hands[seat]
    assert v.seat == seat
    assert list(v.hand_sizes) == [h.bit_count() for h in state.hands]
    public = played_mask(state) | (1 << state.turned)
    for c in v.trick:
        assert public >> c & 1
    for t in v.tricks:
        for c in t.cards:
            assert public >> c & 1
    revealed_team = None
    if state.phase is not Phase.BIDDING and (
        len(state.tricks) >= 2 or (len(state.tricks) == 1 and state.trick)
    ):
        revealed_team = state.announcement_result().valid_team
    for s in range(4):
        for d in v.declared[s]:
            if d.cards is None:
                continue
            assert s == seat or s % 2 == revealed_team, "another seat's hidden cards shown"
    for a in v.own_announcements:
        assert a.mask & ~(state.hands[seat] | played_mask(state)) == 0


@pytest.mark.slow
@PROFILE
@given(SEEDS)
def test_hand_invariants_and_undo(seed):
    rng = random.Random(seed)
    state = new_hand(rng)
    steps = 0
    while not state.is_terminal():
        check_conservation(state)
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        if state.phase is Phase.PLAY:
            hand = mask_cards(state.hands[state.current])
            assert set(legal) == oracle_legal(hand, list(state.trick), state.trump)
        if steps % 3 == 0:
            before = snapshot(state)
            state.apply(random_action(state, rng))
            state.undo()
            assert snapshot(state) == before, "undo did not restore the state"
        if steps % 5 == 0:
            check_view(state, rng.randrange(4))
        state.apply(random_action(state, rng))
        steps += 1
    check_conservation(state)
    if state.taker is not None:
        assert sum(state.points) == 152
        assert state.hands == [0, 0, 0, 0]
        r = state.result()
        assert sum(r.card_points) == 152
        bonus = sum(r.totals) - sum(r.announcement_points) - sum(r.beloz) - 152
        assert bonus == (100 if r.capot is not None else 10)
        for seat in range(4):
            check_view(state, seat)


@pytest.mark.slow
@PROFILE
@given(SEEDS)
def test_undo_all_the_way_back(seed):
    rng = random.Random(seed)
    state = new_hand(rng)
    snaps = []
    while not state.is_terminal():
        snaps.append(snapshot(state, with_undo=False))
        state.apply(random_action(state, rng))
    while snaps:
        state.undo()
        assert snapshot(state, with_undo=False) == snaps.pop()


@PROFILE
@given(SEEDS)
def test_clone_is_independent(seed):
    rng = random.Random(seed)
    state = new_hand(rng)
    for _ in range(rng.randrange(0, 30)):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    while not other.is_terminal():
        other.apply(random_action(other, rng))
    assert snapshot(state) == before
    other.undo()
    assert snapshot(state) == before


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(SEEDS)
def test_clone_is_independent_after_undo(seed):
    """Undo on a clone and on its original must not leave them sharing mutable state."""
    rng = random.Random(seed)
    state = new_hand(rng)
    while state.phase is Phase.BIDDING or (state.phase is Phase.PLAY and rng.random() < 0.9):
        state.apply(random_action(state, rng))
    if state.is_terminal():
        return
    state.apply(random_action(state, rng))
    other = state.clone()
    state.undo()
    other.undo()
    before = snapshot(other)
    while not state.is_terminal():
        state.apply(random_action(state, rng))
    assert snapshot(other) == before


def test_clone_is_independent_after_undo_minimal():
    """Minimal reproduction: play one card, clone, undo both, play on the original."""
    rng = random.Random(1)
    state = new_hand(rng)
    while state.phase is Phase.BIDDING:
        state.apply(state.legal_actions()[1])  # take
    state.apply(state.legal_actions()[0])
    other = state.clone()
    state.undo()
    other.undo()
    state.apply(state.legal_actions()[-1])
    assert other.trick == []


@PROFILE
@given(SEEDS)
def test_view_during_bidding_independent_of_hidden_cards(seed):
    """Permuting the cards a seat cannot see (other hands, the stock) leaves its view alone."""
    rng = random.Random(seed)
    state = new_hand(rng)
    for _ in range(rng.randrange(0, 8)):
        if state.phase is not Phase.BIDDING:
            break
        state.apply(PASS)
    if state.phase is not Phase.BIDDING:
        return
    seat = rng.randrange(4)
    hidden = []
    for s in range(4):
        if s != seat:
            hidden += sorted(mask_cards(state.hands[s]))
    hidden += list(state.stock)
    perm = list(hidden)
    rng.shuffle(perm)
    other = state.clone()
    pos = 0
    for s in range(4):
        if s != seat:
            n = state.hands[s].bit_count()
            other.hands[s] = sum(1 << c for c in perm[pos : pos + n])
            pos += n
    other.stock = tuple(perm[pos:])
    assert state.view(seat) == other.view(seat)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(SEEDS)
def test_playout_agrees_with_handstate(seed):
    rng = random.Random(seed)
    state = new_hand(rng)
    while state.phase is Phase.BIDDING:
        state.apply(random_action(state, rng))
    if state.is_terminal():
        return
    # start somewhere in the hand
    for _ in range(rng.randrange(0, 20)):
        state.apply(random_action(state, rng))
    mirror = state.clone()
    points_before = list(mirror.points)
    won0_before = mirror.tricks_won[0]
    pick = random.Random(seed ^ 0x5A5A)

    def choose(seat, legal, trick, master_pos):
        assert seat == mirror.current
        assert list(trick) == list(mirror.trick)
        assert legal == mirror.legal_mask()
        cards = sorted(mask_cards(legal))
        c = cards[pick.randrange(len(cards))]
        mirror.apply(c)
        return c

    p0, p1, last, won0 = playout.playout(
        list(state.hands), state.trump, state.leader, list(state.trick), BELOZ, choose
    )
    assert mirror.is_terminal()
    assert p0 == mirror.points[0] - points_before[0]
    assert p1 == mirror.points[1] - points_before[1]
    assert last == mirror.tricks[-1].winner % 2
    assert won0 == mirror.tricks_won[0] - won0_before


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(SEEDS)
def test_playout_random_policy_plays_legal_cards(seed):
    rng = random.Random(seed)
    state = new_hand(rng)
    while state.phase is Phase.BIDDING:
        state.apply(random_action(state, rng))
    if state.is_terminal():
        return
    policy = playout.random_policy(random.Random(seed))
    mirror = state.clone()

    def choose(seat, legal, trick, master_pos):
        c = policy(seat, legal, trick, master_pos)
        assert legal >> c & 1
        assert mirror.why_illegal(c) is None
        mirror.apply(c)
        return c

    p0, p1, last, won0 = playout.playout(
        list(state.hands), state.trump, state.leader, [], BELOZ, choose
    )
    assert p0 + p1 == 152
    assert (p0, p1) == tuple(mirror.points)
    assert won0 == mirror.tricks_won[0]
