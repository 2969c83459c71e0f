"""Contracts: what a hand is played in (RULES.md §9.3).

Every ruleset plays trump contracts (one flooded plain); ``belot-bulgare`` adds no-trumps
(``NT``: every plain dry, card points doubled) and all-trumps (``AT``: every plain
flooded).  A contract's kind carries what differs between them as values: its card order
(the ``trump`` order index of ``cards``), whether announcements and belots exist, the
dix de der, and the rounding digits of the division by 10.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_TRUMPS, NO_TRUMPS, NO_TRUMPS_POINT_FACTOR, PLAINS


@dataclass(frozen=True, slots=True)
class ContractKind:
    name: str
    announcements: bool  # seed 002: no announcements in no-trumps
    belots_in_every_plain: bool  # all-trumps: the elephant and rhino of any plain
    belots: bool  # no-trumps: no belot
    point_factor: int  # multiplies the card points and the dix de der (no-trumps: 2)
    # Division by 10 (RULES.md §9.3): round up from this last digit ...
    round_up_from: int
    # ... except when both amounts end in this digit (None: no exception).
    rounding_exception: int | None


TRUMP = ContractKind("trump", True, False, True, 1, 6, 6)
NO_TRUMPS_KIND = ContractKind("NT", False, False, False, NO_TRUMPS_POINT_FACTOR, 5, None)
ALL_TRUMPS_KIND = ContractKind("AT", True, True, True, 1, 5, 4)

# The auction's ladder, lowest first: E < W < S < N < NT < AT (plain indices N=0 E=1 S=2 W=3).
LADDER = ("E", "W", "S", "N", "NT", "AT")


@dataclass(frozen=True, slots=True)
class Contract:
    """A trump plain (``plain`` 0..3), no-trumps or all-trumps.  ``order`` is the card order
    index every table of ``cards`` uses (the plain, ``NO_TRUMPS`` or ``ALL_TRUMPS``).  Build
    them with ``trump_contract``, ``NT`` and ``AT``."""

    kind: ContractKind
    order: int
    plain: int | None  # the flooded plain of a trump contract, else None
    code: str  # "N" ... "W", "NT" or "AT"
    belot_plains: tuple[int, ...]  # the plains whose elephant and rhino make a belot

    @property
    def rank(self) -> int:
        """Position on the auction's ladder (0 = E … 5 = AT)."""
        return LADDER.index(self.code)


def _contract(kind: ContractKind, order: int) -> Contract:
    plain = order if order < NO_TRUMPS else None
    code = PLAINS[order] if plain is not None else kind.name
    if not kind.belots:
        belot_plains: tuple[int, ...] = ()
    elif kind.belots_in_every_plain:
        belot_plains = (0, 1, 2, 3)
    else:
        belot_plains = (order,)
    return Contract(kind, order, plain, code, belot_plains)


def trump_contract(plain: int) -> Contract:
    return _TRUMP_CONTRACTS[plain]


_TRUMP_CONTRACTS = tuple(_contract(TRUMP, p) for p in range(4))
NT = _contract(NO_TRUMPS_KIND, NO_TRUMPS)
AT = _contract(ALL_TRUMPS_KIND, ALL_TRUMPS)


def parse_contract(text: str) -> Contract:
    """The contract a code names: a plain letter, ``"NT"`` or ``"AT"``."""
    if text == "NT":
        return NT
    if text == "AT":
        return AT
    if isinstance(text, str) and len(text) == 1 and text in PLAINS:
        return trump_contract(PLAINS.index(text))
    raise ValueError(f"unknown contract {text!r}")
