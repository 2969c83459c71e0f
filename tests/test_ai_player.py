"""The player interface: determinism (same seed + same view) and honesty (only the view
matters: swapping other seats' hidden cards consistently with the view changes nothing)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from beloz.ai.beginner import BeginnerPlayer
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.levels import LEVELS
from beloz.ai.pimc import PimcPlayer
from beloz.ai.player import RandomPlayer, make_player
from beloz.rules.state import HandState

from .test_ai_helpers import TINY, TINY_WEIGHTED, played_state, swapped


def _players() -> list[object]:
    return [
        RandomPlayer(5), HeuristicPlayer(5), BeginnerPlayer(5), PimcPlayer(5, TINY),
        PimcPlayer(5, TINY_WEIGHTED),
    ]


@pytest.mark.parametrize("cards", [0, 5, 13, 22])
def test_swapping_hidden_cards_changes_no_decision(cards: int) -> None:
    rng = random.Random(cards)
    checked = 0
    for seed in range(40):
        st = played_state(seed, cards)
        got = swapped(st, rng)
        if got is None:
            continue
        _, v1, v2 = got
        for p in _players():
            assert p.play(v1) == p.play(v2)  # type: ignore[attr-defined]
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_same_seed_same_view_same_decision_in_bidding() -> None:
    # Two deals giving seat 1 (first to bid) the same five cards and turned card.
    rng = random.Random(3)
    deck = list(range(32))
    rng.shuffle(deck)
    st1 = HandState.deal(deck, 0, 3)
    own = st1.hands[1]
    rest = [c for c in range(32) if not own >> c & 1 and c != st1.turned]
    rng.shuffle(rest)
    hands = [0, own, 0, 0]
    for i, s in enumerate((0, 2, 3)):
        for c in rest[5 * i : 5 * i + 5]:
            hands[s] |= 1 << c
    st2 = HandState(st1.ruleset, 0, hands, st1.turned, rest[15:])
    v1, v2 = st1.view(1), st2.view(1)
    assert v1 == v2
    for spec in ("random", "heuristic", "beginner"):
        assert make_player(spec, 9).bid(v1) == make_player(spec, 9).bid(v2)
    # With the contract-value model alone and blended with the search (``bid_model``).
    for level in (TINY, TINY_WEIGHTED, dataclasses.replace(TINY, bid_model=1.0),
                  dataclasses.replace(TINY, bid_model=0.5)):
        assert PimcPlayer(9, level).bid(v1) == PimcPlayer(9, level).bid(v2)


def test_same_seed_repeats_and_decisions_are_legal() -> None:
    makers = [
        lambda: PimcPlayer(11, TINY), lambda: PimcPlayer(11, TINY_WEIGHTED),
        lambda: BeginnerPlayer(11), lambda: HeuristicPlayer(11),
    ]
    for seed in range(6):
        st = played_state(seed, 9)
        v = st.view(st.current)
        for make in makers:
            a = make().play(v)
            assert a == make().play(v)
            assert a in v.legal_actions()


def test_make_player_specs() -> None:
    for spec in ("random", "heuristic", "pimc:beginner", "pimc:standard", "pimc:expert"):
        assert hasattr(make_player(spec, 1), "play")
    assert isinstance(make_player("beloz.ai.heuristic:HeuristicPlayer", 2), HeuristicPlayer)
    assert isinstance(make_player("beginner", 1), BeginnerPlayer)
    assert isinstance(make_player("pimc:beginner", 1), BeginnerPlayer)
    tweaked = make_player("pimc:expert,pool=1,near_tie=0,early_stop=false", 1)
    assert isinstance(tweaked, PimcPlayer)
    assert (tweaked.level.model.pool, tweaked.level.near_tie) == (1, 0.0)
    assert tweaked.level.early_stop is False and tweaked.level.samples == 160
    with pytest.raises(ValueError):
        make_player("pimc:expert,colour=blue")
    with pytest.raises(ValueError):
        make_player("pimc:grandmaster")
    with pytest.raises(ValueError):
        make_player("nobody")


def test_players_in_threads_decide_as_alone() -> None:
    from concurrent.futures import ThreadPoolExecutor

    views = [played_state(seed, 6).view(played_state(seed, 6).current) for seed in range(4)]
    alone = [PimcPlayer(1, TINY).play(v) for v in views]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda v: PimcPlayer(1, TINY).play(v), views))
    assert threaded == alone


# Every level as played, without its wall-clock caps (the one thing that may make a decision
# depend on the machine rather than on the seed and the view).
UNCAPPED = {
    name: dataclasses.replace(level, time_cap=1e9, bid_time_cap=1e9)
    for name, level in LEVELS.items()
}


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_every_level_decides_from_its_view_alone(name: str) -> None:
    # Play: early (rollouts), middle (exact with the compiled solver for Expert) and late;
    # Expert's policy-weighted deals and near-tie rule included.  Bids: the same five cards
    # and turned card with different hidden hands.
    level = UNCAPPED[name]
    rng = random.Random(7)
    checked = 0
    for cards in (2, 9, 17):
        for seed in range(40):
            st = played_state(seed, cards)
            got = swapped(st, rng)
            if got is None:
                continue
            _, v1, v2 = got
            assert PimcPlayer(21, level).play(v1) == PimcPlayer(21, level).play(v2)
            checked += 1
            break
    assert checked == 3
    for seed in range(3):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        st1 = HandState.deal(deck, 0, 3)
        rest = [c for c in range(32) if not st1.hands[1] >> c & 1 and c != st1.turned]
        random.Random(seed + 100).shuffle(rest)
        hands = [0, st1.hands[1], 0, 0]
        for i, s in enumerate((0, 2, 3)):
            for c in rest[5 * i : 5 * i + 5]:
                hands[s] |= 1 << c
        st2 = HandState(st1.ruleset, 0, hands, st1.turned, rest[15:])
        v1, v2 = st1.view(1), st2.view(1)
        assert v1 == v2
        assert PimcPlayer(9, level).bid(v1) == PimcPlayer(9, level).bid(v2)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_every_level_repeats_its_decision_for_the_same_seed_and_view(name: str) -> None:
    level = UNCAPPED[name]
    for seed, cards in ((1, 3), (2, 10), (3, 19)):
        st = played_state(seed, cards)
        v = st.view(st.current)
        a = PimcPlayer(seed, level).play(v)
        assert a == PimcPlayer(seed, level).play(v)
        assert a in v.legal_actions()
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        b = HandState.deal(deck, seed % 4, 2).view((seed + 1) % 4)
        assert PimcPlayer(seed, level).bid(b) == PimcPlayer(seed, level).bid(b)
