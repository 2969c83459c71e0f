"""Which bids and calls are legal, and where an auction stands (RULES.md §3, §9.3).

Pure functions of the ruleset, the bids so far, the turned card and the dealer: the
turned-card protocol's two rounds, and the Bulgarian auction (a contract above the last,
double and redouble once).  ``state`` re-exports every name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import (
    DOUBLE,
    PASS,
    REDOUBLE,
    TAKE,
    action_contract,
    action_plain,
    contract_action,
    name_action,
)
from .contract import LADDER, Contract, parse_contract
from .ruleset import Bidding, Ruleset


def legal_bids(ruleset: Ruleset, bids: Sequence[int], turned: int, dealer: int) -> list[int]:
    """The bids the next bidder may make (empty once the bidding is over)."""
    if ruleset.bidding is Bidding.AUCTION:
        return _legal_calls(ruleset, bids, dealer)
    if len(bids) >= 8 or TAKE in bids or any(action_plain(b) is not None for b in bids):
        return []
    return _legal_bids(ruleset, bids, turned)


def _legal_bids(ruleset: Ruleset, bids: Sequence[int], turned: int) -> list[int]:
    if len(bids) < 4:
        return [PASS, TAKE]
    excluded = turned >> 3 if ruleset.second_round_excludes_turned else -1
    return [PASS] + [name_action(p) for p in range(4) if p != excluded]


@dataclass(frozen=True, slots=True)
class Auction:
    """Where an auction stands (RULES.md §9.3): the last contract and who called it, its
    multiplier, the passes in a row since the last call, and whether it is over."""

    contract: Contract | None
    bidder: int | None
    multiplier: int
    passes: int
    next_seat: int

    @property
    def over(self) -> bool:
        return self.passes >= (4 if self.contract is None else 3)


def auction(ruleset: Ruleset, bids: Sequence[int], dealer: int) -> Auction:
    """Replay an auction's calls (assumed legal), from the dealer's right."""
    contract: Contract | None = None
    bidder: int | None = None
    multiplier = 1
    passes = 0
    seat = (dealer + ruleset.direction) % 4
    for b in bids:
        if b == PASS:
            passes += 1
        else:
            passes = 0
            if b == DOUBLE:
                multiplier = 2
            elif b == REDOUBLE:
                multiplier = 4
            else:
                contract, bidder, multiplier = action_contract(b), seat, 1
        seat = (seat + ruleset.direction) % 4
    return Auction(contract, bidder, multiplier, passes, seat)


def _legal_calls(ruleset: Ruleset, bids: Sequence[int], dealer: int) -> list[int]:
    """Pass; a contract above the last one; double by an opponent of the contract's team,
    once; redouble by that team after a double, once (a higher contract starts afresh)."""
    a = auction(ruleset, bids, dealer)
    if a.over:
        return []
    calls = [PASS]
    low = a.contract.rank + 1 if a.contract is not None else 0
    calls += [contract_action(parse_contract(c)) for c in LADDER[low:]]
    if a.contract is not None and a.bidder is not None:
        ours = (a.next_seat - a.bidder) % 2 == 0
        if a.multiplier == 1 and not ours:
            calls.append(DOUBLE)
        elif a.multiplier == 2 and ours:
            calls.append(REDOUBLE)
    return calls
