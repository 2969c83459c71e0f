"""Random-playout throughput: BeloZ's public API and rollout path against belote-cli.

Each hand: a fresh shuffle and deal, a random number of passes then a player takes the
turned card, 32 uniformly random legal cards, the hand scored.  The three engines run in
turn, five rounds, so the machine's noise hits them alike; we print medians and the
median of the per-round ratios.  Then the same for Bulgarian belot hands played in
no-trumps (NT) and all-trumps (AT): the public API through an auction (a random number of
passes, the contract, three passes), and the rollout path.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from beloz.rules.cards import ALL_CARDS, ALL_TRUMPS, NO_TRUMPS, mask_points
from beloz.rules.playout import playout, random_policy
from beloz.rules.ruleset import BELOZ, BULGARE
from beloz.rules.state import ALL_TRUMPS_CALL, NO_TRUMPS_CALL, PASS, TAKE, HandState
from bench.belote_cli_playout import play_random_hands as belote_cli_hands

ROUNDS = 5


def public_api_hands(n: int, seed: int) -> int:
    """Hands through HandState: legal_actions / apply / result."""
    rng = random.Random(seed)
    cards = 0
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        state = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)))
        for _ in range(rng.randrange(4)):
            state.apply(PASS)
        state.apply(TAKE)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            cards += 1
        state.result()
    return cards


def rollout_hands(n: int, seed: int) -> int:
    """Hands through the rollout path: masks dealt from a shuffle, ``playout`` to the end."""
    rng = random.Random(seed)
    choose = random_policy(rng)
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i & 3] |= 1 << c
        trump = deck[20] >> 3
        p0, p1, last, _ = playout(hands, trump, rng.randrange(4), (), BELOZ, choose)
        assert p0 + p1 == mask_points(ALL_CARDS, trump)
    return 32 * n


def contract_api_hands(call: int, n: int, seed: int) -> int:
    """Bulgarian hands through HandState: the auction, 32 random legal cards, the score."""
    rng = random.Random(seed)
    cards = 0
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        state = HandState.deal(deck, rng.randrange(4), 3, BULGARE)
        for _ in range(rng.randrange(4)):
            state.apply(PASS)
        state.apply(call)
        for _ in range(3):
            state.apply(PASS)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            cards += 1
        state.result()
    return cards


def contract_rollout_hands(order: int, n: int, seed: int) -> int:
    rng = random.Random(seed)
    choose = random_policy(rng)
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i & 3] |= 1 << c
        p0, p1, last, _ = playout(hands, order, rng.randrange(4), (), BULGARE, choose)
        assert p0 + p1 == mask_points(ALL_CARDS, order)
    return 32 * n


def _rate(fn: Callable[[int, int], int], n: int, seed: int) -> float:
    start = time.perf_counter()
    fn(n, seed)
    return n / (time.perf_counter() - start)


def run() -> None:
    rates: dict[str, list[float]] = {"belote-cli": [], "public API": [], "rollout path": []}
    contracts = (("NT", NO_TRUMPS_CALL, NO_TRUMPS), ("AT", ALL_TRUMPS_CALL, ALL_TRUMPS))
    for name, _, _ in contracts:
        rates[f"{name} public API"] = []
        rates[f"{name} rollout"] = []
    for r in range(ROUNDS):
        rates["belote-cli"].append(_rate(belote_cli_hands, 200, r))
        rates["public API"].append(_rate(public_api_hands, 1000, r))
        rates["rollout path"].append(_rate(rollout_hands, 3000, r))
        for name, call, order in contracts:
            rates[f"{name} public API"].append(
                _rate(lambda n, s, c=call: contract_api_hands(c, n, s), 1000, r)
            )
            rates[f"{name} rollout"].append(
                _rate(lambda n, s, o=order: contract_rollout_hands(o, n, s), 3000, r)
            )
    base = rates["belote-cli"]
    print(f"complete random hands per second, median of {ROUNDS} interleaved rounds")
    print("(NT / AT: Bulgarian belot hands played in no-trumps / all-trumps):")
    for name, values in rates.items():
        line = f"  {name:15s} {statistics.median(values):9.0f} hands/s"
        if name != "belote-cli":
            ratio = statistics.median(v / b for v, b in zip(values, base, strict=True))
            line += f"   {ratio:5.1f}x belote-cli"
        print(line)
