"""Perft-style checks: the number of legal play sequences over the first expedition (4 plies)
and the first two (8 plies) of fixed deals, from tests/fixtures/perft.json.

The expected counts come from an independent brute-force generator written from RULES.md §4
(``tests.test_rules_oracle.oracle_legal``, not ``tricks.legal_mask``); HandState's
``legal_actions`` / ``apply`` / ``undo`` must reproduce them and leave the state unchanged.
Regenerate the fixture with ``python -m tests.test_rules_perft``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from beloz.rules.ruleset import BELOZ
from beloz.rules.state import PASS, TAKE, HandState, name_action
from tests.test_rules_oracle import cid, master_pos, name, oracle_legal, plain

FIXTURE = Path(__file__).parent / "fixtures" / "perft.json"


def oracle_perft(hands: list[set[int]], leader: int, trick: list[int], trump: int, depth: int):
    if depth == 0:
        return 1
    seat = (leader + len(trick)) % 4
    legal = oracle_legal(hands[seat], trick, trump)
    if depth == 1:
        return len(legal)
    total = 0
    for c in sorted(legal):
        hands[seat].remove(c)
        trick.append(c)
        if len(trick) == 4:
            winner = (leader + master_pos(trick, trump)) % 4
            total += oracle_perft(hands, winner, [], trump, depth - 1)
        else:
            total += oracle_perft(hands, leader, trick, trump, depth - 1)
        trick.pop()
        hands[seat].add(c)
    return total


def engine_perft(state: HandState, depth: int) -> int:
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        state.apply(a)
        total += engine_perft(state, depth - 1)
        state.undo()
    return total


def state_for(deal: dict) -> HandState:
    """The hand after the bidding: ``taker`` takes with ``trump`` flooded (round 1 when the
    turned card — one of the taker's cards — is of that plain, else round 2)."""
    hands = [sum(1 << cid(c) for c in h) for h in deal["hands"]]
    dealer, taker, trump = deal["dealer"], deal["taker"], "NESW".index(deal["trump"])
    own = sorted(cid(c) for c in deal["hands"][taker])
    flooded = [c for c in own if plain(c) == trump]
    turned = flooded[0] if flooded else own[0]
    st = HandState(BELOZ, dealer, hands, turned, None)
    if not flooded:
        for _ in range(4):
            st.apply(PASS)
    seat = (dealer + 1) % 4
    while seat != taker:
        st.apply(PASS)
        seat = (seat + 1) % 4
    st.apply(TAKE if flooded else name_action(trump))
    assert st.taker == taker and st.trump == trump
    return st


def oracle_counts(deal: dict) -> dict[str, int]:
    trump = "NESW".index(deal["trump"])
    out = {}
    for depth in (4, 8):
        hands = [{cid(c) for c in h} for h in deal["hands"]]
        out[str(depth)] = oracle_perft(hands, (deal["dealer"] + 1) % 4, [], trump, depth)
    return out


def make_deals() -> list[dict]:
    deals = []
    for i, (seed, dealer, taker, trump) in enumerate(
        [(1, 0, 1, "S"), (2, 1, 3, "N"), (3, 2, 2, "E"), (4, 3, 0, "W"), (5, 0, 2, "S")]
    ):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[8 * s : 8 * s + 8]) for s in range(4)]
        deal = {
            "name": f"random-{i}",
            "hands": [[name(c) for c in h] for h in hands],
            "dealer": dealer,
            "taker": taker,
            "trump": trump,
        }
        deal["perft"] = oracle_counts(deal)
        deals.append(deal)
    # a hand-made deal: long flooded plains, many forced intercepts
    deal = {
        "name": "flooded-heavy",
        "hands": [
            "S5 S3 S8 S4 N1 N2 E1 W1".split(),
            "S7 S6 N8 N7 N6 E8 E7 W8".split(),
            "S2 S1 N5 N4 E6 E5 W7 W6".split(),
            "N3 E4 E3 E2 W5 W4 W3 W2".split(),
        ],
        "dealer": 3,
        "taker": 0,
        "trump": "S",
    }
    deal["perft"] = oracle_counts(deal)
    deals.append(deal)
    return deals


def load() -> list[dict]:
    return json.loads(FIXTURE.read_text())["deals"]


@pytest.mark.parametrize("deal", load(), ids=lambda d: d["name"])
def test_fixture_matches_the_independent_generator(deal):
    assert oracle_counts(deal) == deal["perft"]


@pytest.mark.parametrize("deal", load(), ids=lambda d: d["name"])
@pytest.mark.parametrize("depth", (4, 8))
def test_engine_perft(deal, depth):
    st = state_for(deal)
    before = (list(st.hands), list(st.trick), list(st.tricks), st.current, st.leader)
    assert engine_perft(st, depth) == deal["perft"][str(depth)]
    assert (list(st.hands), list(st.trick), list(st.tricks), st.current, st.leader) == before


if __name__ == "__main__":
    deals = make_deals()
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(
        json.dumps(
            {
                "about": "legal play sequences over 4 and 8 plies; see tests/test_rules_perft.py",
                "deals": deals,
            },
            indent=1,
        )
        + "\n"
    )
    for d in deals:
        print(d["name"], d["perft"])
