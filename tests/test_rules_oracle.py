"""An independent reference for RULES.md §1 and §4, written from the rules text only, and the
§1 tests (deck, orders, card points) that check the engine against it.

Other ``test_rules_*`` files import the helpers below (never the ``test_`` functions).
Card ids follow the documented encoding: ``plain * 8 + number - 1``, plains N, E, S, W.
"""

from __future__ import annotations

import itertools

import pytest

from beloz.rules import cards, tricks
from beloz.rules.ruleset import BELOZ

PLAIN_LETTERS = "NESW"

# RULES.md §1 table, strongest first, by number.
DRY_ORDER = (8, 4, 7, 6, 5, 3, 2, 1)
FLOODED_ORDER = (5, 3, 8, 4, 7, 6, 2, 1)
DRY_POINTS = {8: 11, 7: 4, 6: 3, 5: 2, 4: 10, 3: 0, 2: 0, 1: 0}
FLOODED_POINTS = {8: 11, 7: 4, 6: 3, 5: 20, 4: 10, 3: 14, 2: 0, 1: 0}


def cid(text: str) -> int:
    """Card id of a code such as ``"S5"`` (independent of cards.parse)."""
    return PLAIN_LETTERS.index(text[0]) * 8 + int(text[1]) - 1


def cids(text: str) -> list[int]:
    return [cid(t) for t in text.split()]


def mask(text: str) -> int:
    m = 0
    for c in cids(text):
        m |= 1 << c
    return m


def plain(c: int) -> int:
    return c // 8


def number(c: int) -> int:
    return c % 8 + 1


def name(c: int) -> str:
    return f"{PLAIN_LETTERS[plain(c)]}{number(c)}"


def card_points(c: int, trump: int) -> int:
    return (FLOODED_POINTS if plain(c) == trump else DRY_POINTS)[number(c)]


def strength(c: int, trump: int) -> int:
    """Higher is stronger, within the card's plain."""
    order = FLOODED_ORDER if plain(c) == trump else DRY_ORDER
    return 8 - order.index(number(c))


def trick_key(c: int, lead: int, trump: int) -> int:
    if plain(c) == trump:
        return 100 + strength(c, trump)
    if plain(c) == lead:
        return strength(c, trump)
    return -1


def master_pos(trick: list[int], trump: int) -> int:
    """§4: the strongest flooded card if any, else the strongest card of the led plain."""
    lead = plain(trick[0])
    keys = [trick_key(c, lead, trump) for c in trick]
    return keys.index(max(keys))


def legal_and_reasons(hand: set[int], trick: list[int], trump: int) -> tuple[set[int], str]:
    """The legal cards of ``hand`` on ``trick`` by RULES.md §4, and the reason that every
    other card of the hand breaks (``""`` when everything is legal)."""
    if not trick:
        return set(hand), ""
    lead = plain(trick[0])
    m = master_pos(trick, trump)
    master = trick[m]
    partner_master = m == len(trick) - 2
    of_lead = {c for c in hand if plain(c) == lead}
    if of_lead:
        if lead == trump:
            higher = {c for c in of_lead if strength(c, trump) > strength(master, trump)}
            if higher:
                return higher, "must_raise"  # (or must_follow for a card of another plain)
        return of_lead, "must_follow"
    if partner_master:
        return set(hand), ""
    trumps = {c for c in hand if plain(c) == trump}
    if not trumps:
        return set(hand), ""
    if plain(master) == trump:
        higher = {c for c in trumps if strength(c, trump) > strength(master, trump)}
        if higher:
            return higher, "must_overtrump"
        return trumps, "must_undertrump"
    return trumps, "must_trump"


def oracle_reason(hand: set[int], trick: list[int], trump: int, c: int) -> str | None:
    if c not in hand:
        return "not_in_hand"
    legal, reason = legal_and_reasons(hand, trick, trump)
    if c in legal:
        return None
    if reason == "must_raise" and plain(c) != plain(trick[0]):
        return "must_follow"
    return reason


def oracle_legal(hand: set[int], trick: list[int], trump: int) -> set[int]:
    return legal_and_reasons(hand, trick, trump)[0]


def mask_cards(m: int) -> set[int]:
    return {c for c in range(32) if m >> c & 1}


# --------------------------------------------------------------------------------------------
# §1 the deck


def test_card_ids_and_codes():
    assert cards.parse("N8") == 7
    assert cards.parse("S5") == 2 * 8 + 4
    for c in range(32):
        code = cards.code(c)
        assert code == name(c)
        assert cards.parse(code) == c == cid(code)
        assert cards.plain_of(c) == plain(c)
        assert cards.number_of(c) == number(c)
    assert len({cards.code(c) for c in range(32)}) == 32
    for bad in ("N0", "N9", "X1", "n1", "", "N10"):
        with pytest.raises(ValueError):
            cards.parse(bad)


def test_masks():
    assert cards.ALL_CARDS == (1 << 32) - 1
    for p in range(4):
        assert cards.PLAIN_MASKS[p] == sum(1 << (p * 8 + n) for n in range(8))
    m = mask("N8 S5 W1")
    assert sorted(cards.cards_of(m)) == sorted(cids("N8 S5 W1"))
    assert cards.count(m) == 3


@pytest.mark.parametrize("trump", range(4))
def test_orders_in_every_plain(trump):
    """Dry: lion > leopard > elephant > rhino > crocodile > water snake > monkey > meerkat;
    flooded: crocodile > water snake > lion > leopard > elephant > rhino > monkey > meerkat."""
    for p in range(4):
        order = FLOODED_ORDER if p == trump else DRY_ORDER
        ids = [p * 8 + n - 1 for n in order]
        engine = [cards.strength(c, trump) for c in ids]
        assert engine == sorted(engine, reverse=True)
        assert len(set(engine)) == 8


def test_card_points_table():
    for trump in range(4):
        for c in range(32):
            assert cards.points(c, trump) == card_points(c, trump), name(c)
            assert cards.mask_points(1 << c, trump) == card_points(c, trump)


@pytest.mark.parametrize("trump", range(4))
def test_plain_totals_152(trump):
    """A dry plain holds 30, the flooded plain 62, 152 in all (water snake flooded = 14)."""
    for p in range(4):
        total = cards.mask_points(cards.PLAIN_MASKS[p], trump)
        assert total == (62 if p == trump else 30)
    assert cards.mask_points(cards.ALL_CARDS, trump) == 152
    assert cards.points(cid(PLAIN_LETTERS[trump] + "3"), trump) == 14


def test_oracle_matches_rules_totals():
    for trump in range(4):
        assert sum(card_points(c, trump) for c in range(32)) == 152


@pytest.mark.parametrize("trump", range(4))
def test_trick_master_engine_vs_oracle_exhaustive_pairs(trump):
    """A flooded card beats any dry card; a card of another dry plain never masters."""
    for lead_card, other in itertools.permutations(range(32), 2):
        trick = [lead_card, other]
        assert tricks.master_index(trick, trump) == master_pos(trick, trump), (
            name(lead_card),
            name(other),
        )


def test_ruleset_beloz_options():
    assert BELOZ.name == "beloz"
    assert BELOZ.target == 1000
    assert BELOZ.undertrump_required is True
    assert BELOZ.must_overtrump_partner_on_trump_lead is True
    assert BELOZ.shuffle_each_hand is False
    assert BELOZ.second_round_excludes_turned is False
    assert BELOZ.capot_bonus == 90
