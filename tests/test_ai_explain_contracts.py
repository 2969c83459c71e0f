"""The explainer's card sentences hold for the contract they are said in (RULES.md §9.3,
belot bulgare): in a trump contract the flooded plain is drawn, intercepts and guards its
water snake, and a dry master card wins only if no flooded card is left; in no-trumps
nothing floods; in all-trumps every plain floods and none intercepts another.  English and
French."""

from __future__ import annotations

import random

import pytest

from beloz.ai.explain import explain_card, sentence
from beloz.rules.cards import ALL_TRUMPS, NO_TRUMPS, PLAIN_MASKS, parse
from beloz.rules.record import replay, validate
from beloz.rules.ruleset import BULGARE
from beloz.rules.state import PASS, HandState, SeatView, parse_bid

# Seat 0 leads (dealer 3): the North lion; the East water snake and meerkat (the East
# crocodile is out); the South crocodile, water snake and lion; two small West cards.
HANDS = [["N8", "E3", "E1", "S5", "S3", "S8", "W1", "W2"],
         ["N5", "N3", "E5", "E8", "S1", "S2", "W8", "W7"],
         ["N7", "N6", "E7", "E6", "S4", "S6", "W6", "W5"],
         ["N4", "N2", "N1", "E4", "E2", "S7", "W4", "W3"]]
FLOODED_WORDS = ("flooded", "inond", "ntercept", "Draw", "tomber")


def view(contract: str, plays: list[str] = (), hands: list[list[str]] = HANDS) -> SeatView:
    doc = {"format": "beloz-hand/1", "ruleset": "belot-bulgare", "dealer": 3, "hands": hands,
           "turned": None, "bids": [contract, "pass", "pass", "pass"], "plays": list(plays)}
    st = replay(validate(doc))
    return st.view(st.current)


def say(v: SeatView, card: str) -> tuple[str, str, str]:
    why = explain_card(v, parse(card))
    return why.key, sentence(why, "en"), sentence(why, "fr")


def assert_no_flooded_words(v: SeatView) -> None:
    """No card of ``v`` is explained with drawing, intercepting or flooded cards."""
    for c in v.legal_actions():
        why = explain_card(v, c)
        for text in (sentence(why, "en"), sentence(why, "fr")):
            assert not any(w in text for w in FLOODED_WORDS), text


def test_no_trumps_speaks_of_no_flooded_plain() -> None:
    v = view("NT")
    assert v.trump == NO_TRUMPS and v.contract is not None and v.contract.code == "NT"
    assert say(v, "N8") == (
        "master", "Your lion is master in North: it wins this expedition.",
        "Votre lion est maître dans la plaine Nord\xa0: il remporte cette expédition.")
    # The South crocodile is a small dry card here: led, it keeps the lion in hand.
    assert say(v, "S5") == (
        "lead", "Lead South with your crocodile: you keep a stronger South card in hand.",
        "Entamez la plaine Sud avec votre crocodile\xa0: vous gardez en main une carte plus "
        "forte de cette plaine.")
    # The East water snake is not guarded against the East crocodile: a dry card.
    assert say(v, "E1")[0] == "lead_small"
    assert_no_flooded_words(v)


def test_all_trumps_every_plain_floods_and_none_intercepts() -> None:
    v = view("AT")
    assert v.trump == ALL_TRUMPS
    # The crocodile rules its own plain: master, and nothing can intercept it.
    assert say(v, "S5") == (
        "master", "Your crocodile is master in South: it wins this expedition.",
        "Votre crocodile est maître dans la plaine Sud\xa0: il remporte cette expédition.")
    # Each plain's water snake fears its own crocodile, named with its plain.
    assert say(v, "E1") == (
        "keep_snake_plain", "Keep your East water snake: the East crocodile is still out.",
        "Gardez votre serpent d'eau de l'Est\xa0: le crocodile de l'Est n'est pas encore tombé.")
    # The North lion is below the North crocodile and water snake still out, and the seat
    # holds no other North card: no "stronger card stays in hand"; and no "your only North
    # card" either: in all trumps nothing intercepts, so a void gains nothing (set G).
    assert say(v, "N8") == (
        "lead_top", "Lead North with your lion, your strongest North card, though 2 North "
        "cards still out are above it, up to the North crocodile.",
        "Entamez la plaine Nord avec votre lion, votre carte la plus forte de cette plaine, "
        "bien que 2 cartes de cette plaine encore en jeu soient au-dessus de lui, jusqu'au "
        "crocodile du Nord.")
    assert_no_flooded_words(v)


def test_a_trump_contract_draws_intercepts_and_warns_of_interception() -> None:
    v = view("S")
    assert v.trump == 2
    # the seat holds the North lion too: every card of the sentence is named with its plain
    assert say(v, "S5") == (
        "draw", "Draw the flooded cards: you hold the South crocodile, the South water snake "
        "and the South lion.",
        "Faites tomber les cartes inondées\xa0: vous avez le crocodile du Sud, le serpent "
        "d'eau du Sud et le lion du Sud.")
    # The North lion is master in North, but South cards are still out.
    assert say(v, "N8") == (
        "master_unless",
        "Your lion is master in North: only a flooded card can intercept it.",
        "Votre lion est maître dans la plaine Nord\xa0: seule une carte inondée peut "
        "l'intercepter.")
    assert say(v, "E1")[0] == "lead_small"


def test_a_dry_master_card_following_says_what_each_contract_allows() -> None:
    # Seat 0 leads the West monkey; Kito (seat 1) can play his West lion.
    said = {contract: say(view(contract, ["W2"]), "W8") for contract in ("S", "NT", "AT")}
    # South floods: Amani or Juma, without West, could still intercept the lion.
    assert said["S"][0] == "master_unless"
    assert said["S"][1:] == (
        "Your lion is master in West: only a flooded card can intercept it.",
        "Votre lion est maître dans la plaine Ouest\xa0: seule une carte inondée peut "
        "l'intercepter.")
    # No trumps: nothing can take it.
    assert said["NT"][1:] == (
        "Your lion is master in West: it wins this expedition.",
        "Votre lion est maître dans la plaine Ouest\xa0: il remporte cette expédition.")
    # All trumps: the West crocodile and water snake are above the lion, still out.
    assert said["AT"] == (
        "climb", "Your West lion beats the West monkey: it is master for now, but 2 cards "
        "still out are above it, up to the West crocodile.",
        "Votre lion de l'Ouest bat le singe de l'Ouest\xa0: il est maître pour l'instant, mais 2 "
        "cartes encore en jeu sont au-dessus de lui, jusqu'au crocodile de l'Ouest.")
    # Last to play, the West leopard beats the elephant and the rhinoceros: it wins.  (In
    # all-trumps Amani would have to raise with his West crocodile.)
    for contract in ("S", "NT"):
        v = view(contract, ["W2", "W7", "W6"])
        assert v.seat == 3
        assert say(v, "W4") == (
            "master", "Your leopard is master in West: it wins this expedition.",
            "Votre léopard est maître dans la plaine Ouest\xa0: il remporte cette expédition.")


def _positions(contract: str, seeds: range) -> list[HandState]:
    call = parse_bid(contract)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, 3, 3, BULGARE)
        st.apply(call)
        for _ in range(3):
            st.apply(PASS)
        while not st.is_terminal():
            out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("contract", ["NT", "AT", "N", "E", "S", "W"])
def test_every_card_sentence_fits_its_contract(contract: str) -> None:
    """Over played positions: no flooded words where nothing floods above the rest; in a
    trump contract a dry card is said to win outright only when it is the last card or no
    flooded card is left out; in all-trumps a water snake is guarded against its own
    plain's crocodile."""
    keys = set()
    for st in _positions(contract, range(12)):
        v = st.view(st.current)
        out = ((1 << 32) - 1) & ~v.played & ~v.hand
        for c in v.legal_actions():
            why = explain_card(v, c)
            keys.add(why.key)
            en, fr = sentence(why, "en"), sentence(why, "fr")
            assert "%{" not in en + fr
            if contract in ("NT", "AT"):
                assert not any(w in en + fr for w in FLOODED_WORDS), (contract, en)
                assert why.key not in ("keep_snake", "master_unless")
            else:
                trump = v.trump
                if why.key == "master" and c >> 3 != trump and len(v.trick) < 3:
                    assert not out & PLAIN_MASKS[trump], en
            if why.key == "keep_snake_plain":
                assert contract == "AT" and why.cards[1] >> 3 == why.cards[2] >> 3 == c >> 3
    # The positions reach the contract's own reasons.
    if contract == "AT":
        assert {"master", "keep_snake_plain", "climb"} <= keys
    elif contract == "NT":
        assert {"master", "climb", "lead"} <= keys
    else:
        assert {"master_unless", "draw", "intercept"} <= keys
