"""The engine owns its history (``HandState.history``, as python-chess's move stack): the
hand at the deal and the actions since; replaying them gives the hand back, in every
ruleset, at any point of a hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from beloz.rules.ruleset import RULESETS
from beloz.rules.state import HandState, Phase


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(RULESETS)), deck=st.permutations(list(range(32))),
       dealer=st.integers(0, 3), picks=st.lists(st.integers(0, 40), max_size=45))
def test_replaying_the_history_gives_the_hand_back(name: str, deck: list[int], dealer: int,
                                                   picks: list[int]) -> None:
    hand = HandState.deal(deck, dealer, 3, RULESETS[name])
    done: list[int] = []
    for k in picks:
        legal = hand.legal_actions()
        if hand.phase is Phase.DONE or not legal:
            break
        a = legal[k % len(legal)]
        hand.apply(a)
        done.append(a)
    start, actions = hand.history()
    assert actions == done == hand.actions()
    assert start.actions() == [] and start.phase is Phase.BIDDING
    again = start.clone()
    for a in actions:
        again.apply(a)
    assert again.view(0) == hand.view(0) and again.hands == hand.hands
    assert again.plays() == hand.plays() and hand.at_deal().hands == start.hands
    assert len(hand.plays()) == sum(len(t.cards) for t in hand.tricks) + len(hand.trick)
