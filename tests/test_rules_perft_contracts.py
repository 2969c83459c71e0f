"""Perft for the Bulgarian contracts (RULES.md §9.3): the number of legal play sequences over
the first expedition (4 plies) and the first two (8 plies) of fixed deals played in
no-trumps, all-trumps and a trump contract (no undertrumping), from
tests/fixtures/perft-contracts.json.

The expected counts come from ``rules_legal`` below, a simple generator written from the
text of §9.3 alone (contracts spelled as in records, cards as codes), not from
``beloz.rules.tricks``.  Regenerate the fixture with ``python -m tests.test_rules_perft_contracts``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from beloz.rules.ruleset import BULGARE
from beloz.rules.state import NO_CARD, HandState, parse_bid

FIXTURE = Path(__file__).parent / "fixtures" / "perft-contracts.json"

# RULES.md §1, strongest first, by number.
DRY = "84765321"
FLOODED = "53847621"


def order(code: str, contract: str) -> str:
    """The order the card's plain follows under ``contract``."""
    if contract == "AT" or contract == code[0]:
        return FLOODED
    return DRY


def beats(a: str, b: str, lead: str, contract: str) -> bool:
    """Whether card ``a`` beats card ``b`` in an expedition led in plain ``lead``."""
    def rank(c: str) -> tuple[int, int]:
        if contract not in ("NT", "AT") and c[0] == contract:
            tier = 2
        elif c[0] == lead:
            tier = 1
        else:
            return (0, 0)
        return (tier, 8 - order(c, contract).index(c[1]))

    return rank(a) > rank(b)


def master(trick: list[str], contract: str) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trick[0][0], contract):
            best = i
    return best


def rules_legal(hand: list[str], trick: list[str], contract: str) -> list[str]:
    """§9.3 "Play": must follow.  Trump contract: on a flooded lead climb if possible (also
    when the partner is master); void: if an opponent is master, intercept (over-intercept
    if the master is flooded and you can, otherwise any card); partner master: any card.
    NT: only follow.  AT: follow and climb if possible (whoever is master); void: any card."""
    if not trick:
        return list(hand)
    lead = trick[0][0]
    m = master(trick, contract)
    top = trick[m]
    same = [c for c in hand if c[0] == lead]
    if contract == "NT":
        return same or list(hand)
    if contract == "AT":
        if not same:
            return list(hand)
        up = [c for c in same if beats(c, top, lead, contract)]
        return up or same
    if same:
        if lead == contract:
            up = [c for c in same if beats(c, top, lead, contract)]
            return up or same
        return same
    partner_is_master = m == len(trick) - 2
    trumps = [c for c in hand if c[0] == contract]
    if partner_is_master or not trumps:
        return list(hand)
    if top[0] == contract:
        over = [c for c in trumps if beats(c, top, lead, contract)]
        return over or list(hand)
    return trumps


def rules_perft(hands: list[list[str]], leader: int, trick: list[str], contract: str,
                depth: int) -> int:
    seat = (leader + len(trick)) % 4  # counter-clockwise
    legal = rules_legal(hands[seat], trick, contract)
    if depth == 1:
        return len(legal)
    total = 0
    for c in legal:
        hands[seat].remove(c)
        trick.append(c)
        if len(trick) == 4:
            winner = (leader + master(trick, contract)) % 4
            total += rules_perft(hands, winner, [], contract, depth - 1)
        else:
            total += rules_perft(hands, leader, trick, contract, depth - 1)
        trick.pop()
        hands[seat].append(c)
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
    """The hand after an auction where the seat after the dealer calls the contract and the
    three others pass."""
    hands = [sum(1 << ("NESW".index(c[0]) * 8 + int(c[1]) - 1) for c in h) for h in deal["hands"]]
    st = HandState(BULGARE, deal["dealer"], hands, NO_CARD, None)
    for call in [deal["contract"], "pass", "pass", "pass"]:
        st.apply(parse_bid(call))
    assert st.contract is not None and st.contract.code == deal["contract"]
    return st


def rules_counts(deal: dict) -> dict[str, int]:
    out = {}
    for depth in (4, 8):
        hands = [list(h) for h in deal["hands"]]
        out[str(depth)] = rules_perft(hands, (deal["dealer"] + 1) % 4, [], deal["contract"], depth)
    return out


def make_deals() -> list[dict]:
    deals = []
    for i, (seed, dealer, contract) in enumerate(
        [(11, 0, "NT"), (12, 1, "NT"), (13, 2, "AT"), (14, 3, "AT"), (15, 0, "S")]
    ):
        deck = [f"{p}{n}" for p in "NESW" for n in range(1, 9)]
        random.Random(seed).shuffle(deck)
        deal = {
            "name": f"random-{contract}-{i}",
            "hands": [sorted(deck[8 * s : 8 * s + 8]) for s in range(4)],
            "dealer": dealer,
            "contract": contract,
        }
        deal["perft"] = rules_counts(deal)
        deals.append(deal)
    # hand-made: two cards of every plain in every hand, climbing forced in all-trumps
    deal = {
        "name": "pairs-AT",
        "hands": [
            "N1 N8 E1 E8 S1 S8 W1 W8".split(),
            "N2 N3 E2 E3 S2 S3 W2 W3".split(),
            "N4 N5 E4 E5 S4 S5 W4 W5".split(),
            "N6 N7 E6 E7 S6 S7 W6 W7".split(),
        ],
        "dealer": 3,
        "contract": "AT",
    }
    deal["perft"] = rules_counts(deal)
    deals.append(deal)
    return deals


def load() -> list[dict]:
    return json.loads(FIXTURE.read_text())["deals"]


@pytest.mark.parametrize("deal", load(), ids=lambda d: d["name"])
def test_fixture_matches_the_independent_generator(deal):
    assert rules_counts(deal) == deal["perft"]


@pytest.mark.parametrize("deal", load(), ids=lambda d: d["name"])
@pytest.mark.parametrize("depth", (4, 8))
def test_engine_perft(deal, depth):
    st = state_for(deal)
    before = (list(st.hands), list(st.trick), list(st.tricks), st.current, st.leader)
    assert engine_perft(st, depth) == deal["perft"][str(depth)]
    assert (list(st.hands), list(st.trick), list(st.tricks), st.current, st.leader) == before


if __name__ == "__main__":
    deals = make_deals()
    FIXTURE.write_text(
        json.dumps(
            {
                "about": "legal play sequences over 4 and 8 plies in the Bulgarian contracts; "
                "see tests/test_rules_perft_contracts.py",
                "deals": deals,
            },
            indent=1,
        )
        + "\n"
    )
    for d in deals:
        print(d["name"], d["perft"])
