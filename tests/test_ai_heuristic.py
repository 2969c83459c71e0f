"""The heuristic player and its mask rollout."""

from __future__ import annotations

import random

from beloz.ai.heuristic import HeuristicPlayer, PlayRules, choose_card, rollout
from beloz.rules.cards import PLAIN_MASKS, card, mask_of, parse
from beloz.rules.state import TAKE, HandState, Phase


def _m(*codes: str) -> int:
    return mask_of(parse(c) for c in codes)


def test_does_not_intercept_partner_winning_trick() -> None:
    # Flooded plain S.  Our partner led the East lion, the opponent followed low; we are
    # void in East and may discard: no trump.
    trump = 2
    hand = _m("S5", "S3", "N1", "N7", "W1")
    trick = [parse("E8"), parse("E1")]  # partner's lion is master, opponent played low
    legal = hand  # void in East, partner master: any card
    played = mask_of(trick) | _m("E4")  # the East leopard is gone: the lion is safe
    c = choose_card(hand, legal, trick, 0, trump, played, 0, 0, False)
    assert c >> 3 != trump


def test_does_not_overtrump_partner_when_not_forced() -> None:
    # Partner cut a West lead with a trump; we are void in West: discarding is allowed.
    trump = 0
    hand = _m("N5", "N8", "E1", "S7")
    # Opponent led, partner (second) trumped with the leopard, opponent followed.
    trick = [parse("W8"), parse("N4"), parse("W1")]
    played = mask_of(trick) | _m("N3")
    c = choose_card(hand, hand, trick, 1, trump, played, 1, 1, False)
    assert c >> 3 != trump


def test_gives_points_to_a_safe_partner() -> None:
    trump = 0
    hand = _m("E4", "E1", "S1")
    trick = [parse("E2"), parse("E8"), parse("E3")]  # partner (second) master with the lion
    legal = hand & PLAIN_MASKS[1]
    c = choose_card(hand, legal, trick, 1, trump, mask_of(trick), 0, 1, False)
    assert c == parse("E4")  # the leopard: 10 points to the partner


def test_last_player_wins_cheaply() -> None:
    trump = 0
    hand = _m("E8", "E4", "E1")
    trick = [parse("E7"), parse("E6"), parse("E2")]  # opponent's elephant is master
    c = choose_card(hand, hand, trick, 0, trump, mask_of(trick), 1, 1, False)
    assert c == parse("E4")


def test_rollout_equals_the_heuristic_player_through_the_engine() -> None:
    # The mask rollout plays exactly what the player plays from views, and only legal cards
    # (the engine checks every card).
    hp = HeuristicPlayer()
    for seed in range(40):
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3)
        st.apply(TAKE)
        assert st.trump is not None and st.taker is not None
        hands = list(st.hands)
        r = rollout(PlayRules.of(st.trump, st.taker, st.ruleset), hands, st.leader)
        while st.phase is Phase.PLAY:
            st.apply(hp.play(st.view(st.current)))
        assert (st.points[0], st.points[1], st.tricks[-1].winner & 1, st.tricks_won[0]) == r


def test_bidding_takes_a_strong_hand_and_passes_a_weak_one() -> None:
    hp = HeuristicPlayer()
    strong = [card(0, 5), card(0, 3), card(0, 8), card(1, 8), card(2, 8)]
    weak = [card(1, 1), card(1, 2), card(2, 1), card(3, 2), card(3, 6)]
    rest = [c for c in range(32) if c not in strong and c not in weak and c != card(0, 4)]
    for hand, expected in ((strong, TAKE), (weak, 32)):
        others = [c for c in rest if c not in hand]
        hands = [mask_of(others[:5]), mask_of(hand), mask_of(others[5:10]),
                 mask_of(others[10:15])]
        pool = [c for c in range(32) if not any(h >> c & 1 for h in hands) and c != card(0, 4)]
        st = HandState(__import__("beloz.rules.ruleset").rules.ruleset.BELOZ, 0, hands,
                       card(0, 4), pool[:11])
        assert hp.bid(st.view(1)) == expected


def test_rollout_after_a_forced_first_card_equals_the_engine() -> None:
    # ``first_done``: the candidate card is already in the trick (the PIMC path).
    hp = HeuristicPlayer()
    for seed in range(30):
        rng = random.Random(100 + seed)
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3)
        st.apply(TAKE)
        for _ in range(rng.randrange(0, 20)):
            st.apply(hp.play(st.view(st.current)))
        assert st.trump is not None and st.taker is not None
        v = st.view(st.current)
        c = rng.choice(v.legal_actions())
        before = (st.points[0], st.points[1], st.tricks_won[0])
        hands = list(st.hands)
        hands[st.current] &= ~(1 << c)
        r = rollout(PlayRules.of(st.trump, st.taker, st.ruleset), hands, st.leader,
                    list(st.trick) + [c], v.played | (1 << c), first_done=True)
        st.apply(c)
        while st.phase is Phase.PLAY:
            st.apply(hp.play(st.view(st.current)))
        assert (
            before[0] + r[0], before[1] + r[1], r[2], before[2] + r[3]
        ) == (st.points[0], st.points[1], st.tricks[-1].winner & 1, st.tricks_won[0])
