"""RULES.md §4: playing an expedition — every branch, every illegal-card reason, the winners,
and seed 000's worked examples "Fournir" and "Défausser et intercepter"."""

from __future__ import annotations

import random

import pytest

from beloz.rules import tricks
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import PASS, TAKE, HandState
from tests.test_rules_oracle import (
    cid,
    cids,
    mask,
    mask_cards,
    master_pos,
    name,
    oracle_legal,
    oracle_reason,
)

N, E, S, W = range(4)


def reason_of(hand: str, trick: str, trump: int, card: str) -> str | None:
    r = tricks.illegal_reason(mask(hand), cids(trick), trump, cid(card), BELOZ)
    return None if r is None else r.value


def legal_of(hand: str, trick: str, trump: int) -> set[str]:
    return {name(c) for c in mask_cards(tricks.legal_mask(mask(hand), cids(trick), trump, BELOZ))}


# (what it shows, hand, trick so far, flooded plain, expected legal cards, {illegal: reason})
BRANCHES = [
    (
        "fournir: holding the led dry plain, any card of it (no need to beat)",
        "N1 N8 S5 E1",
        "N5",
        S,
        {"N1", "N8"},
        {"E1": "must_follow", "S5": "must_follow", "W1": "not_in_hand"},
    ),
    (
        "fournir on a dry lead already intercepted: any card of the led plain",
        "N2 N8 S8",
        "N1 S5",
        S,
        {"N2", "N8"},
        {"S8": "must_follow"},
    ),
    (
        "monter: flooded lead, must play a stronger flooded card",
        "S3 S1 S8 N1",
        "S4",
        S,
        {"S3", "S8"},
        {"S1": "must_raise", "N1": "must_follow"},
    ),
    (
        "monter even when the partner (who led) is master",
        "S5 S2 N1",
        "S8 S1",
        S,
        {"S5"},
        {"S2": "must_raise", "N1": "must_follow"},
    ),
    (
        "monter even when the partner (second seat) is master, fourth seat",
        "S5 S4",
        "S1 S3 S2",
        S,
        {"S5"},
        {"S4": "must_raise"},
    ),
    (
        "flooded lead, no stronger flooded card: any card of the led plain",
        "S3 S1 N1",
        "S5",
        S,
        {"S3", "S1"},
        {"N1": "must_follow"},
    ),
    (
        "flooded lead, no flooded card: any card",
        "N1 E1",
        "S1",
        S,
        {"N1", "E1"},
        {},
    ),
    (
        "défausser: no card of the led plain, partner master with a dry card",
        "S1 E1 W1",
        "N8 N1",
        S,
        {"S1", "E1", "W1"},
        {},
    ),
    (
        "défausser: partner master with a flooded card (no need to overtrump him)",
        "S5 E1",
        "N1 S1 N2",
        S,
        {"S5", "E1"},
        {},
    ),
    (
        "défausser: fourth seat, partner (second seat) master",
        "S1 E1",
        "N1 N8 N2",
        S,
        {"S1", "E1"},
        {},
    ),
    (
        "intercepter: opponent master with a dry card",
        "S1 E1 W1",
        "N1 N8",
        S,
        {"S1"},
        {"E1": "must_trump", "W1": "must_trump"},
    ),
    (
        "intercepter: fourth seat, the master is the third seat (an opponent)",
        "S1 E1",
        "N1 N2 N8",
        S,
        {"S1"},
        {"E1": "must_trump"},
    ),
    (
        "sur-intercepter: opponent master with a flooded card, stronger ones held",
        "S3 S8 S1 E1",
        "N1 S4",
        S,
        {"S3", "S8"},
        {"S1": "must_overtrump", "E1": "must_overtrump"},
    ),
    (
        "sur-intercepter: the partner's trump was overtrumped by an opponent",
        "S5 S1",
        "N1 S8 S3",
        S,
        {"S5"},
        {"S1": "must_overtrump"},
    ),
    (
        "pisser: opponent master with a flooded card, only weaker ones held (compulsory)",
        "S3 S1 E1",
        "N1 S5",
        S,
        {"S3", "S1"},
        {"E1": "must_undertrump"},
    ),
    (
        "no card of the led plain and no flooded card: any card",
        "E1 W1",
        "N1 N8",
        S,
        {"E1", "W1"},
        {},
    ),
    (
        "the leader plays any card",
        "N1 S5 E8",
        "",
        S,
        {"N1", "S5", "E8"},
        {},
    ),
    (
        "another trump: North flooded, the led dry South is followed",
        "S4 S5 N1",
        "S8",
        N,
        {"S4", "S5"},
        {"N1": "must_follow"},
    ),
]


@pytest.mark.parametrize(
    "hand, trick, trump, legal, illegal", [b[1:] for b in BRANCHES], ids=[b[0] for b in BRANCHES]
)
def test_section4_branch(hand, trick, trump, legal, illegal):
    # the oracle agrees with the fixture (the fixture is written from RULES.md)
    assert {name(c) for c in oracle_legal(set(cids(hand)), cids(trick), trump)} == legal
    assert legal_of(hand, trick, trump) == legal
    for c in hand.split():
        if c in legal:
            assert reason_of(hand, trick, trump, c) is None
    for c, why in illegal.items():
        assert oracle_reason(set(cids(hand)), cids(trick), trump, cid(c)) == why
        assert reason_of(hand, trick, trump, c) == why, c


def test_every_reason_is_reached_by_the_branches():
    reasons = {why for b in BRANCHES for why in b[5].values()}
    assert reasons == {
        "not_in_hand",
        "must_follow",
        "must_raise",
        "must_trump",
        "must_overtrump",
        "must_undertrump",
    }


def test_legal_mask_and_reasons_agree_with_oracle_on_random_positions():
    rng = random.Random(4)
    for _ in range(3000):
        deck = list(range(32))
        rng.shuffle(deck)
        trump = rng.randrange(4)
        k = rng.randrange(4)
        trick = deck[:k]
        hand = set(deck[k : k + rng.randint(1, 8)])
        hmask = sum(1 << c for c in hand)
        assert mask_cards(tricks.legal_mask(hmask, trick, trump, BELOZ)) == oracle_legal(
            hand, trick, trump
        )
        for c in range(32):
            r = tricks.illegal_reason(hmask, trick, trump, c, BELOZ)
            assert (None if r is None else r.value) == oracle_reason(hand, trick, trump, c)


# -------------------------------------------------------------------------------------------
# Expedition winners


@pytest.mark.parametrize(
    "trick, trump, winner",
    [
        ("N8 N4 N7 N6", S, 0),  # dry: lion beats all
        ("N4 N7 N6 N5", S, 0),  # leopard > elephant > rhino > crocodile
        ("N3 N5 N2 N1", S, 1),  # crocodile > water snake when dry
        ("N1 E8 W8 N2", S, 3),  # other dry plains never win
        ("N8 S1 N4 N7", S, 1),  # the smallest flooded card intercepts
        ("S8 S3 S5 S4", S, 2),  # flooded: crocodile > water snake > lion > leopard
        ("S8 S4 S7 S6", S, 0),  # lion > leopard > elephant > rhino
        ("S6 S2 S1 S7", S, 3),  # elephant > rhino > monkey > meerkat
        ("N1 S1 S2 E8", S, 2),  # overtrump
        ("E4 E8 E5 E3", E, 2),  # East flooded: crocodile
        ("W3 W5 W4 W8", N, 3),  # West dry: lion
    ],
)
def test_expedition_master(trick, trump, winner):
    assert master_pos(cids(trick), trump) == winner
    assert tricks.master_index(cids(trick), trump) == winner


# -------------------------------------------------------------------------------------------
# Whole-hand scenarios through HandState


def state_from(hands: list[str], dealer: int, turned: str, bids: list[int]) -> HandState:
    """A hand from four complete 8-card hands (as in a record) and the bids."""
    ms = [mask(h) for h in hands]
    assert sum(ms) == (1 << 32) - 1 and all(bin(m).count("1") == 8 for m in ms)
    st = HandState(BELOZ, dealer, ms, cid(turned), None)
    for b in bids:
        st.apply(b)
    return st


def play_checked(st: HandState, card: str, legal: set[str], illegal: dict[str, str]) -> None:
    seat = st.current
    assert {name(c) for c in st.legal_actions()} == legal
    hand = mask_cards(st.hands[seat])
    trick = list(st.trick)
    assert {name(c) for c in oracle_legal(hand, trick, st.trump)} == legal
    for c, why in illegal.items():
        assert st.why_illegal(cid(c)).value == why, c
        with pytest.raises(ValueError):
            st.apply(cid(c))
    assert st.why_illegal(cid(card)) is None
    st.apply(cid(card))


def test_seed_example_fournir():
    """Seed 000 "Fournir": flooded South; Player1 leads the North lion, the three others hold
    North and must follow; Player1 wins and leads next."""
    st = state_from(
        [
            "N6 N5 N3 W8 S5 S6 S7 S8",  # seat 0 (dealer, taker)
            "N8 E1 E2 E3 W1 W2 W3 S1",  # seat 1 = Player1, leads
            "N4 N1 E4 E5 E6 W4 W5 S2",
            "N7 N2 E7 E8 W6 W7 S3 S4",
        ],
        dealer=0,
        turned="S5",
        bids=[PASS, PASS, PASS, TAKE],
    )
    assert st.trump == S and st.taker == 0
    assert st.current == 1
    play_checked(st, "N8", set("N8 E1 E2 E3 W1 W2 W3 S1".split()), {})
    play_checked(st, "N4", {"N4", "N1"}, {"E4": "must_follow", "S2": "must_follow"})
    play_checked(st, "N7", {"N7", "N2"}, {"S3": "must_follow", "E7": "must_follow"})
    play_checked(st, "N3", {"N6", "N5", "N3"}, {"S8": "must_follow", "W8": "must_follow"})
    assert st.tricks[-1].winner == 1
    assert st.current == 1 and st.leader == 1
    assert st.points == [0, 11 + 10 + 4 + 0]


def test_seed_example_defausser_et_intercepter():
    """Seed 000: Player1 leads the North leopard, Player2 follows, Player3 has no North and
    need not intercept (partner master), Player4 has no North and must intercept, and wins."""
    st = state_from(
        [
            "E7 E8 W7 W8 S5 S6 S7 S8",  # seat 0 = Player4 (dealer, taker)
            "N4 N8 E1 E2 W1 W2 S1 S2",  # seat 1 = Player1
            "N1 N2 N3 N5 N6 N7 E3 W3",  # seat 2 = Player2
            "E4 E5 E6 W4 W5 W6 S3 S4",  # seat 3 = Player3
        ],
        dealer=0,
        turned="S5",
        bids=[PASS, PASS, PASS, TAKE],
    )
    play_checked(st, "N4", set("N4 N8 E1 E2 W1 W2 S1 S2".split()), {})
    play_checked(st, "N1", set("N1 N2 N3 N5 N6 N7".split()), {"E3": "must_follow"})
    assert st.master() == 1
    # Player3: partner master, may discard although holding flooded cards
    play_checked(st, "E4", set("E4 E5 E6 W4 W5 W6 S3 S4".split()), {})
    # Player4: must intercept
    play_checked(st, "S7", {"S5", "S6", "S7", "S8"}, {"E7": "must_trump", "W8": "must_trump"})
    assert st.tricks[-1].winner == 0
    assert st.current == 0


def test_every_reason_through_handstate():
    st = state_from(
        [
            "S5 S8 E1 E2 E3 E4 E5 E6",  # seat 0, dealer, takes
            "S4 S7 N1 N2 N3 W1 W2 W3",
            "S1 S3 N4 N5 N6 N7 N8 W4",
            "S2 S6 E7 E8 W5 W6 W7 W8",
        ],
        dealer=0,
        turned="S5",
        bids=[PASS, PASS, PASS, TAKE],
    )
    # expedition 1: flooded lead, everyone must climb
    play_checked(st, "S4", set("S4 S7 N1 N2 N3 W1 W2 W3".split()), {"E1": "not_in_hand"})
    play_checked(st, "S3", {"S3"}, {"S1": "must_raise", "N4": "must_follow"})
    play_checked(st, "S2", {"S2", "S6"}, {"E7": "must_follow"})
    play_checked(st, "S5", {"S5"}, {"S8": "must_raise", "E1": "must_follow"})
    assert st.tricks[-1].winner == 0
    # expedition 2: intercept, undertrump (compulsory), follow
    play_checked(st, "E1", set("S8 E1 E2 E3 E4 E5 E6".split()), {})
    play_checked(st, "S7", {"S7"}, {"N1": "must_trump", "W1": "must_trump"})
    play_checked(st, "S1", {"S1"}, {"N4": "must_undertrump", "W4": "must_undertrump"})
    play_checked(st, "E8", {"E7", "E8"}, {"S6": "must_follow"})
    assert st.tricks[-1].winner == 1
    # expedition 3: intercept, overtrump
    play_checked(st, "N1", set("N1 N2 N3 W1 W2 W3".split()), {})
    play_checked(st, "N8", set("N4 N5 N6 N7 N8".split()), {"W4": "must_follow"})
    play_checked(st, "S6", {"S6"}, {"W5": "must_trump"})
    play_checked(st, "S8", {"S8"}, {"E2": "must_overtrump"})
    assert st.tricks[-1].winner == 0
    assert st.current == 0


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("taker_offset", range(4))
def test_first_lead_is_dealer_plus_one(dealer, taker_offset):
    deck = list(range(32))
    random.Random(dealer * 10 + taker_offset).shuffle(deck)
    st = HandState.deal(deck, dealer, 3)
    for _ in range(taker_offset):
        st.apply(PASS)
    st.apply(TAKE)
    assert st.taker == (dealer + 1 + taker_offset) % 4
    assert st.current == (dealer + 1) % 4


def test_winner_leads_next_and_play_goes_counter_clockwise():
    rng = random.Random(11)
    for _ in range(50):
        deck = list(range(32))
        rng.shuffle(deck)
        dealer = rng.randrange(4)
        st = HandState.deal(deck, dealer, 3)
        st.apply(TAKE)
        expected = (dealer + 1) % 4
        while not st.is_terminal():
            if not st.trick:
                leader = expected
            assert st.current == expected
            st.apply(rng.choice(st.legal_actions()))
            if st.trick:
                expected = (expected + 1) % 4
            else:
                t = st.tricks[-1]
                assert t.leader == leader
                assert t.winner == (leader + master_pos(list(t.cards), st.trump)) % 4
                expected = t.winner
