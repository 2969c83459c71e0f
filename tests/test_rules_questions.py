"""The questions a card raises before it is played (``beloz.rules.questions``, RULES.md §5,
§6, §9.3): declare the announcements with the first card, then say the belot (BeloZ,
Belote, seed 002's Belot) or Re-BeloZ; in every ruleset, on chosen deals."""

from __future__ import annotations

import pytest

from beloz.rules.cards import parse
from beloz.rules.questions import LOST, NONE, Ask, CardQuestions, belot_mate, card_questions
from beloz.rules.ruleset import Bidding, get
from beloz.rules.state import QUIET_ANNOUNCEMENTS, HandState, parse_bid
from tests.test_rules_oracle import mask

ANNOUNCE, BELOT, AGAIN = Ask.ANNOUNCE, Ask.BELOT, Ask.BELOT_AGAIN

# Seat 0 holds a tierce (N1 N2 N3) and the North elephant and rhino (N7 N6); seat 3 a
# sequence of six West cards.
TIERCE = ["N7 N6 N1 N2 N3 E8 S8 W8", "N4 N5 E1 E3 E5 S1 S3 S5",
          "N8 E2 E4 E6 S2 S4 S6 W1", "E7 S7 W2 W3 W4 W5 W6 W7"]
# No announcement anywhere; seat 0 holds the North elephant and rhino.
NORTH = ["N7 N6 N1 E8 E4 S8 S4 W8", "N2 N3 E1 E2 E3 S1 S2 S3",
         "N4 N5 E5 E6 S5 S6 W1 W2", "N8 E7 S7 W3 W4 W5 W6 W7"]
# Seat 1 holds every East card; seat 0 the South elephant and rhino and no East card.
ALL_EAST = ["S7 S6 N1 N3 N5 S1 W1 W3", "E1 E2 E3 E4 E5 E6 E7 E8",
            "N2 N4 N6 S2 S4 W2 W4 W6", "N7 N8 S3 S5 S8 W5 W7 W8"]
# Seat 0 holds the East elephant and rhino; seat 1 leads East.
FOLLOW = ["E7 E6 N1 N3 N5 S1 W1 W3", "E1 E2 E3 E4 E5 E8 S2 S3",
          "N2 N4 N6 S4 S6 W2 W4 W6", "N7 N8 S5 S7 S8 W5 W7 W8"]

# North trumps in each ruleset, seat 0 the taker and first to play.
NORTH_TRUMPS = {"beloz": (3, "take"), "belote-sans-annonces": (3, "take"),
                "belote-classique": (1, "take"), "belot-bulgare": (3, "N pass pass pass")}


def hand_at(name: str, hands: list[str], dealer: int, bids: str) -> HandState:
    """The hand of ``name`` dealt ``hands`` (the turned card N1, in the taker's hand), after
    ``bids``, at the start of play."""
    rs = get(name)
    turned = -1 if rs.bidding is Bidding.AUCTION else parse("N1")
    hand = HandState(rs, dealer, [mask(h) for h in hands], turned, None)
    for bid in bids.split():
        hand.apply(parse_bid(bid))
    return hand


def north_trumps(name: str, hands: list[str] = TIERCE) -> HandState:
    dealer, bids = NORTH_TRUMPS[name]
    hand = hand_at(name, hands, dealer, bids)
    assert hand.trump == 0 and hand.current == 0
    return hand


def play_until(hand: HandState, seat: int) -> None:
    """Every other seat plays its lowest legal card until ``seat`` is to play."""
    while hand.current != seat:
        hand.apply(min(hand.legal_actions()))


def play(hand: HandState, text: str, belot: bool = True) -> None:
    """The seat to play plays ``text``, with ``belot`` as its choice to declare its belot."""
    hand.apply(hand.card_action(parse(text), belot=belot))


def asks(hand: HandState, text: str, seat: int = 0) -> tuple[Ask, ...]:
    return card_questions(hand, seat, parse(text)).asks


# -- the first card: the announcements, then the belot -----------------------------------------


@pytest.mark.parametrize("name, first, other", [
    ("beloz", (ANNOUNCE, BELOT), (ANNOUNCE,)),
    ("belote-classique", (ANNOUNCE, BELOT), (ANNOUNCE,)),
    # No announcements in this ruleset: the belote alone.
    ("belote-sans-annonces", (BELOT,), ()),
    # A trump contract of the auction: announcements, and the belot led.
    ("belot-bulgare", (ANNOUNCE, BELOT), (ANNOUNCE,)),
])
def test_the_first_card_asks_the_announcements_then_the_belot(name, first, other) -> None:
    hand = north_trumps(name)
    assert asks(hand, "N7") == first and asks(hand, "N6") == first
    assert asks(hand, "E8") == other  # no belot card: the announcements only
    q = card_questions(hand, 0, parse("E8"))
    assert q.announce and q.belot and q.silent == ""


@pytest.mark.parametrize("name", ["beloz", "belote-classique", "belote-sans-annonces",
                                  "belot-bulgare"])
def test_nothing_to_announce_asks_nothing_on_a_plain_card(name) -> None:
    hand = north_trumps(name, NORTH)
    assert card_questions(hand, 0, parse("E8")) == CardQuestions(parse("E8"), (), True, True)
    assert asks(hand, "N7") == (BELOT,)


def test_another_seat_is_asked_its_own_announcements() -> None:
    hand = north_trumps("beloz")
    play(hand, "E8")
    assert ANNOUNCE not in asks(hand, "N1")  # seat 0 has played its first card
    play_until(hand, 3)
    assert asks(hand, "E7", seat=3) == (ANNOUNCE,)  # W2..W7, with its first card
    play(hand, "E7")
    play_until(hand, 0)
    # Seat 0 has played: its next card asks nothing about announcements any more.
    assert ANNOUNCE not in asks(hand, "N1")


def test_the_first_card_keeps_the_announcements_quiet_and_later_cards_ask_nothing() -> None:
    hand = north_trumps("beloz")
    assert ANNOUNCE in asks(hand, "E8")
    q = card_questions(hand, 0, parse("E8"))
    c, announce, _ = q.value({ANNOUNCE: False})
    action = hand.card_action(c, announce=announce)
    assert action == parse("E8") | QUIET_ANNOUNCEMENTS
    hand.apply(action)
    assert hand.declared[0] == ()
    play_until(hand, 0)
    q = card_questions(hand, 0, parse("N1"))
    assert q.asks == () and q.announce is True  # decides nothing now
    assert hand.card_action(parse("N1"), announce=False) == parse("N1")  # nor does its flag
    assert hand.actions()[len(hand.bids)] == action  # the history keeps what it did


# -- BeloZ and Re-BeloZ (both said) ---------------------------------------------------------


@pytest.mark.parametrize("name", ["beloz", "belote-classique", "belote-sans-annonces"])
def test_beloz_then_rebeloz(name) -> None:
    hand = north_trumps(name)
    play(hand, "E8")
    play_until(hand, 0)
    assert asks(hand, "N6") == (BELOT,)
    play(hand, "N6")
    play_until(hand, 0)
    assert hand.beloz_said[0] == 1
    assert asks(hand, "N7") == (AGAIN,)
    assert card_questions(hand, 0, parse("N7")).value({AGAIN: True}) == (parse("N7"), True,
                                                                         True)


@pytest.mark.parametrize("name", ["beloz", "belote-classique", "belote-sans-annonces"])
def test_kept_quiet_on_the_first_the_second_asks_nothing_and_says_nothing(name) -> None:
    hand = north_trumps(name)
    play(hand, "E8")
    play_until(hand, 0)
    play(hand, "N6", belot=False)
    play_until(hand, 0)
    q = card_questions(hand, 0, parse("N7"))
    assert q.asks == () and q.belot is False and q.silent == ""


def test_an_elephant_outside_the_flooded_plain_asks_nothing() -> None:
    hand = north_trumps("beloz", NORTH)
    # E8 and E4: no pair; nothing to say, and a quiet flag on it means nothing.
    q = card_questions(hand, 0, parse("E4"))
    assert q.asks == ()
    assert hand.card_action(parse("E4"), belot=False) == parse("E4")


# -- seed 002's belot (first card) -------------------------------------------------------------


def test_bulgarian_second_card_carries_what_the_first_said() -> None:
    for said in (True, False):
        hand = north_trumps("belot-bulgare", NORTH)
        play(hand, "N7", belot=said)
        play_until(hand, 0)
        q = card_questions(hand, 0, parse("N6"))
        assert q.asks == () and q.belot is said


def test_bulgarian_all_trumps_discarded_first_card_is_lost() -> None:
    hand = hand_at("belot-bulgare", ALL_EAST, 0, "AT pass pass pass")
    play_until(hand, 0)
    assert hand.trick[0] >> 3 == 1  # an East lead
    q = card_questions(hand, 0, parse("S7"))
    assert q.asks == () and q.belot is False and q.silent == LOST


def test_bulgarian_all_trumps_following_the_lead_is_asked() -> None:
    hand = hand_at("belot-bulgare", FOLLOW, 0, "AT pass pass pass")
    play_until(hand, 0)
    assert hand.trick[0] >> 3 == 1
    assert asks(hand, "E7") == (BELOT,)


def test_bulgarian_no_trumps_has_no_belot_and_says_so() -> None:
    hand = hand_at("belot-bulgare", TIERCE, 3, "NT pass pass pass")
    # No announcements in no trumps either.
    q = card_questions(hand, 0, parse("N7"))
    assert q.asks == () and q.belot is False and q.silent == NONE
    assert asks(hand, "N1") == ()


def test_bulgarian_pair_outside_the_trump_plain_is_no_belot() -> None:
    hand = hand_at("belot-bulgare", NORTH, 3, "S pass pass pass")
    q = card_questions(hand, 0, parse("N7"))
    assert q.asks == () and q.belot is True and q.silent == ""


# -- the play's value ------------------------------------------------------------------------


def test_the_answers_make_the_play() -> None:
    q = CardQuestions(parse("N7"), (ANNOUNCE, BELOT))
    assert q.value({ANNOUNCE: False, BELOT: True}) == (parse("N7"), False, True)
    assert q.value({ANNOUNCE: True, BELOT: False}) == (parse("N7"), True, False)
    assert CardQuestions(parse("N6"), (), False, False).value({}) == (parse("N6"), False, False)


def test_belot_mate() -> None:
    assert belot_mate(parse("N7")) == parse("N6") and belot_mate(parse("W6")) == parse("W7")
    assert belot_mate(parse("E8")) == parse("E8")
