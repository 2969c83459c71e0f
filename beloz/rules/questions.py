"""The questions a card raises before it is played (RULES.md §5, §6, §9.3).

A seat declares with the card it plays (``HandState.card_action``): its announcements with
its first card, its belot (BeloZ, Belote, seed 002's Belot) with the elephant and rhino of
a belot plain.  ``card_questions`` says, for the card a seat is about to play, which of
these the card may decide (the questions to ask, in order), and the answer of every choice
it does not ask about.  A table asks the questions in turn (or answers yes to all when it
declares automatically) and plays ``CardQuestions.value(answers)``, which
``HandState.card_action`` turns into the action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from .cards import ELEPHANT, RHINOCEROS, card
from .ruleset import BelotCondition
from .seat_view import SeatView
from .state import HandState


class Ask(Enum):
    """A question a card raises."""

    ANNOUNCE = "announce"  # declare the seat's announcements with its first card?
    BELOT = "belot"  # say the belot with this card (BeloZ, Belote, seed 002's Belot)?
    BELOT_AGAIN = "belot_again"  # say Re-BeloZ (Rebelote) with the pair's second card?


#: Why a belot card says nothing without being asked (the table explains it to the person):
#: seed 002's first card of the pair discarded on another plain's lead (all trumps), or an
#: elephant and rhino held together in no trumps, where there is no belot.
LOST, NONE = "lost", "none"


@dataclass(frozen=True, slots=True)
class CardQuestions:
    """What playing ``card`` asks: ``asks`` in order; ``announce`` and ``belot`` the seat's
    choices where the card asks nothing about them; ``silent`` (``LOST``, ``NONE`` or "")
    why a belot card announces nothing."""

    card: int
    asks: tuple[Ask, ...] = ()
    announce: bool = True
    belot: bool = True
    silent: str = ""

    def value(self, answers: Mapping[Ask, bool]) -> tuple[int, bool, bool]:
        """The play once ``answers`` are given: (card, declare its announcements, declare
        its belot), the value a card with the seat's choices is played with."""
        announce = answers.get(Ask.ANNOUNCE, self.announce)
        belot = answers.get(Ask.BELOT, answers.get(Ask.BELOT_AGAIN, self.belot))
        return (self.card, bool(announce), bool(belot))


def belot_mate(c: int) -> int:
    """The other card of the elephant and rhino pair ``c`` belongs to (``c`` itself when it
    is neither)."""
    number = (c & 7) + 1
    if number not in (ELEPHANT, RHINOCEROS):
        return c
    return card(c >> 3, RHINOCEROS if number == ELEPHANT else ELEPHANT)


def belot_lost_by(view: SeatView, c: int) -> int:
    """The belot pair (a mask) that ``view``'s seat would lose by playing ``c`` now, else 0:
    seed 002's first card of a pair the seat holds both cards of (so its own, unsaid),
    discarded on another plain's lead that is not a trump (RULES.md §9.3, §10.1; the
    engine's ``HandState.belot_discard``, read from the seat's view)."""
    mate = belot_mate(c)
    pair = (1 << c) | (1 << mate)
    contract = view.contract
    if (mate == c or view.ruleset.belot_condition is not BelotCondition.FIRST_CARD
            or contract is None or c >> 3 not in contract.belot_plains
            or view.hand & pair != pair or not view.trick
            or c >> 3 in (view.trick[0] >> 3, view.trump)):
        return 0
    return pair


def belot_chance(hand: HandState, seat: int, c: int) -> str:
    """What seed 002's belot makes of ``seat``'s card ``c`` (RULES.md §9.3, §10.1):

    - ``ask``: the first card of a belot pair, led, following the led plain or a trump: it
      may announce the belot;
    - ``LOST``: that first card discarded on another plain's lead (all trumps): it cannot;
    - ``NONE``: the first of an elephant and rhino held together in no trumps (no belot);
    - ``second``: the second card of a pair, which says what the first said;
    - ``""``: no belot card.
    """
    mate = belot_mate(c)
    held = hand.hands[seat]
    if mate == c or not held >> c & 1:
        return ""
    pair = (1 << c) | (1 << mate)
    contract = hand.contract
    if contract is not None and not contract.kind.belots:
        return NONE if held & pair == pair else ""
    if not any(s == seat and m == pair for s, m in hand.belot_pairs):
        return ""
    if held & pair != pair:
        return "second"
    if hand.trick and c >> 3 not in (hand.trick[0] >> 3, hand.trump):
        return LOST
    return "ask"


def is_beloz_card(hand: HandState, seat: int, c: int) -> bool:
    """``c`` is the elephant or the rhino of the flooded plain and ``seat`` held both at the
    start of play (a trump contract's BeloZ)."""
    return (
        hand.beloz_holder == seat
        and hand.trump == c >> 3
        and (c & 7) + 1 in (ELEPHANT, RHINOCEROS)
    )


def _belot(hand: HandState, seat: int, c: int) -> CardQuestions:
    """The belot part of the questions: ``asks`` empty or one belot question."""
    if hand.ruleset.belot_condition is BelotCondition.FIRST_CARD:
        chance = belot_chance(hand, seat, c)
        if chance == "second":  # it carries what the first card said
            return CardQuestions(c, belot=bool(hand.belot_said >> belot_mate(c) & 1))
        if chance in (LOST, NONE):
            return CardQuestions(c, belot=False, silent=chance)
        if chance == "ask":
            return CardQuestions(c, (Ask.BELOT,))
    if is_beloz_card(hand, seat, c):
        said = hand.beloz_said[seat]
        if said == 0 and any(is_beloz_card(hand, seat, x) for t in hand.tricks for x in t.cards):
            # Kept quiet on the first card: the second cannot score any more.
            return CardQuestions(c, belot=False)
        return CardQuestions(c, (Ask.BELOT if said == 0 else Ask.BELOT_AGAIN,))
    return CardQuestions(c)  # no belot card: nothing to say


def card_questions(hand: HandState, seat: int, c: int) -> CardQuestions:
    """The questions ``seat``'s card ``c`` raises before it is played, in the order asked:
    declare the announcements (its first card, when it has any), then say the belot or
    Re-BeloZ (a belot card that may still announce it).  ``seat`` is the seat to play."""
    first = not hand.tricks and hand.hands[seat].bit_count() == 8
    belot = _belot(hand, seat, c)
    if first and hand.combos[seat]:
        return CardQuestions(c, (Ask.ANNOUNCE, *belot.asks), True, belot.belot, belot.silent)
    # Not the seat's first card, or nothing to announce: the card decides nothing there.
    return CardQuestions(c, belot.asks, True, belot.belot, belot.silent)
