"""Cards and contracts of the reference checker (RULES.md §1, §2, §5, §9.3), written from
RULES.md only: the codes, the orders and points, which card is master.  Split from
``verdict.py`` (the reference checker), which imports every name here."""

from __future__ import annotations

PLAINS = "NESW"  # §1: North, East, South, West
CODES = [f"{p}{n}" for p in PLAINS for n in range(1, 9)]

# §1 table, by animal number, strongest first.
DRY_ORDER = (8, 4, 7, 6, 5, 3, 2, 1)
FLOODED_ORDER = (5, 3, 8, 4, 7, 6, 2, 1)
DRY_POINTS = {8: 11, 7: 4, 6: 3, 5: 2, 4: 10, 3: 0, 2: 0, 1: 0}
FLOODED_POINTS = {8: 11, 7: 4, 6: 3, 5: 20, 4: 10, 3: 14, 2: 0, 1: 0}  # water snake 14 (§1)

ELEPHANT, RHINO = 7, 6  # §6: BeloZ / belote / belot are the elephant and the rhino

# §5 / §9.3: carré values by animal; monkeys (2) and meerkats (1) form no carré.
CARRE_POINTS = {5: 200, 3: 150, 8: 100, 4: 100, 7: 100, 6: 100}

# §9.3: the Bulgarian contract ladder, lowest first.
LADDER = ("E", "W", "S", "N", "NT", "AT")

# ---------------------------------------------------------------------------------------------
# Cards and contracts (§1, §9.3)
#
# A contract is the plain letter of the flooded plain ("N", "E", "S", "W") — every contract of
# the three turned-card rulesets and the Bulgarian trump contracts — or "NT" / "AT" (§9.3).


def plain(code: str) -> str:
    return code[0]


def number(code: str) -> int:
    return int(code[1])


def team(seat: int) -> int:
    """§2 / §10: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return seat % 2


def is_flooded(code: str, contract: str) -> bool:
    """§1: the flooded plain uses the flooded order and points; §9.3: in AT every plain does,
    in NT none does."""
    if contract == "AT":
        return True
    if contract == "NT":
        return False
    return plain(code) == contract


def strength(code: str, contract: str) -> int:
    """Higher is stronger, comparing cards of one plain (§1 orders)."""
    order = FLOODED_ORDER if is_flooded(code, contract) else DRY_ORDER
    return 8 - order.index(number(code))


def card_points(code: str, contract: str) -> int:
    """§1 points; §9.3: in NT card points are doubled."""
    pts = (FLOODED_POINTS if is_flooded(code, contract) else DRY_POINTS)[number(code)]
    return 2 * pts if contract == "NT" else pts


def trump_plain(contract: str) -> str | None:
    """The plain that can intercept another plain's lead: none in NT and AT (§9.3: in AT and NT
    a card of another plain never wins the trick)."""
    return contract if contract in PLAINS else None


def master(played: list[tuple[int, str]], contract: str) -> tuple[int, str]:
    """§4: the strongest flooded card if any was played, else the strongest card of the led
    plain.  Returns (seat, card)."""
    led = plain(played[0][1])
    t = trump_plain(contract)
    trumps = [(s, c) for s, c in played if t is not None and plain(c) == t]
    pool = trumps if trumps else [(s, c) for s, c in played if plain(c) == led]
    return max(pool, key=lambda sc: strength(sc[1], contract))


def beats(card: str, other: str, contract: str) -> bool:
    """Same plain and stronger (used for climbing and over-intercepting)."""
    return plain(card) == plain(other) and strength(card, contract) > strength(other, contract)
