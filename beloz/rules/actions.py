"""Actions as small ints, and their codes (RULES.md §3, §9.3; the record format).

A card id 0..31 during play (with ``QUIET_ANNOUNCEMENTS`` / ``QUIET_BELOT`` added when the
card keeps quiet what it could declare); during bidding ``PASS``, ``TAKE`` or
``name_action(plain)`` (the turned-card protocol), or ``PASS``, ``contract_action(c)``,
``DOUBLE`` and ``REDOUBLE`` (the auction).  ``action_code`` spells any of them as a record
does and ``parse_bid`` / ``parse_play`` read them back.  ``state`` re-exports every name.
"""

from __future__ import annotations

from .cards import code, parse
from .contract import AT, NT, Contract, parse_contract, trump_contract

PASS = 32
TAKE = 33
_NAME0 = 34  # 34..37: name plain 0..3 in round 2, or call a trump contract in the auction
NO_TRUMPS_CALL = 38
ALL_TRUMPS_CALL = 39
DOUBLE = 40
REDOUBLE = 41
NO_CARD = -1  # ``turned`` when no card is turned (the auction)
#: Flags added to a card (0..31) to play it keeping quiet what it could declare: the seat's
#: announcements (its first card) or its belot (a card of a belot pair).  A bare card
#: declares, as a seat does unless it chooses otherwise; ``card_action`` keeps a flag only
#: where the card decides it, so equal plays are equal actions.
QUIET_ANNOUNCEMENTS = 64
QUIET_BELOT = 128
_CARD = 31
_QUIET_CODES = ((QUIET_ANNOUNCEMENTS, "/no-announcements"), (QUIET_BELOT, "/no-belot"))


def name_action(plain: int) -> int:
    return _NAME0 + plain


def action_plain(action: int) -> int | None:
    """The plain a round-2 bid (or an auction's trump contract) names, else None."""
    return action - _NAME0 if _NAME0 <= action < _NAME0 + 4 else None


def contract_action(contract: Contract) -> int:
    """The auction call of a contract."""
    if contract == NT:
        return NO_TRUMPS_CALL
    if contract == AT:
        return ALL_TRUMPS_CALL
    assert contract.plain is not None
    return name_action(contract.plain)


def action_contract(action: int) -> Contract | None:
    """The contract an auction call names, else None."""
    if action == NO_TRUMPS_CALL:
        return NT
    if action == ALL_TRUMPS_CALL:
        return AT
    p = action_plain(action)
    return trump_contract(p) if p is not None else None


_CALL_CODES = {PASS: "pass", TAKE: "take", DOUBLE: "double", REDOUBLE: "redouble"}


def bid_code(action: int) -> str:
    """Record spelling of a bid: "pass", "take", a plain letter, "NT", "AT", "double",
    "redouble"."""
    if action in _CALL_CODES:
        return _CALL_CODES[action]
    contract = action_contract(action)
    if contract is None:
        raise ValueError(f"not a bid: {action}")
    return contract.code


def parse_bid(text: object) -> int:
    for action, spelled in _CALL_CODES.items():
        if text == spelled:
            return action
    try:
        return contract_action(parse_contract(text))  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"unknown bid {text!r}") from None


def bare_action(action: int) -> int:
    """The decision an action makes without what it keeps quiet: a bid as it is, a card
    alone (what a review rates and a problem asks)."""
    return action & ~(QUIET_ANNOUNCEMENTS | QUIET_BELOT)


def action_code(action: int) -> str:
    """A record's spelling of an action: a bid's code, or a card's (``N8``) followed by
    ``/no-announcements`` and ``/no-belot`` for what it keeps quiet."""
    if 0 <= action < 32 or action >= QUIET_ANNOUNCEMENTS:
        return code(action & _CARD) + "".join(t for f, t in _QUIET_CODES if action & f)
    return bid_code(action)


def parse_play(text: object) -> int:
    """The play action ``action_code`` spells; ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"unknown card code {text!r}")
    head, *tails = text.split("/")
    action = parse(head)
    for tail in tails:
        flag = next((f for f, t in _QUIET_CODES if t == "/" + tail), None)
        if flag is None or action & flag:
            raise ValueError(f"unknown card code {text!r}")
        action |= flag
    return action
