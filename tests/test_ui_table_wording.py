"""What the table says, in words a newcomer reads one way (issue 40, point 7): a plain
contract doubled against the person's team names the player who doubled and the contract
("Juma doubled your South contract"), not "South doubled", which reads as the player South
(the plains have compass names, as the seats' places do)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from beloz import i18n
from beloz.rules.contract import parse_contract
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, contract_action
from beloz.ui.scenes.table.prompts import auction_head, doubler


def _scene():
    return SimpleNamespace(t=i18n.tr, plain_name=lambda p: i18n.tr(f"table.plain.{p}"),
                           seat_name=lambda s: i18n.tr(f"table.seat.{s}"))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_a_double_against_the_persons_team_names_who_doubled_and_the_contract(lang, dealer):
    rules = RULESETS["belot-bulgare"]
    # The seat after the dealer calls; find the seats by replaying who calls when.
    seats = [(dealer + rules.direction * (k + 1)) % 4 for k in range(8)]
    # The person's team (seats 0 and 2) calls South; the next opponent doubles.
    first = next(k for k, s in enumerate(seats) if s % 2 == 0)
    bids = [PASS] * first + [contract_action(parse_contract("S")), DOUBLE]
    h = SimpleNamespace(bids=tuple(bids), dealer=dealer, ruleset=rules,
                        contract=parse_contract("S"), taker=seats[first], multiplier=2)
    assert doubler(h) == seats[first + 1] and doubler(h) % 2 == 1
    i18n.set_language(lang)
    try:
        said = auction_head(_scene(), h, [PASS, REDOUBLE])
        name = i18n.tr(f"table.seat.{doubler(h)}")
        south = i18n.tr("table.plain.2")
        assert said == {"en": f"{name} doubled your {south} contract.",
                        "fr": f"{name} a contré votre contrat {south}."}[lang]
        assert not said.startswith(south)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("lang", "one", "three"), [("en", "1 card", "3 cards"),
                                                    ("fr", "1 carte", "3 cartes")])
def test_a_hand_of_one_card_is_one_card_not_1_cards(lang, one, three):
    """The tutorial's and the practice's hand sizes: "1 carte", not "1 cartes"."""
    i18n.set_language(lang)
    try:
        assert i18n.tr("tutorial.cards_left", count=1) == one
        assert i18n.tr("tutorial.cards_left", count=3) == three
    finally:
        i18n.set_language("en")



def test_the_bids_stay_on_show_until_the_first_card():
    """A bid's bubble went in about a second; it is held until the first card (released
    by the play's animation), and a held bubble asks for no drawing at rest."""
    from beloz.rules.state import TAKE
    from beloz.ui.game import Step, StepKind
    from beloz.ui.scenes.table import animations
    from beloz.ui.scenes.table.words import Bubbles

    said: list[dict] = []
    scene = SimpleNamespace(t=i18n.tr, dur=lambda s: s, bubbles=Bubbles(),
                            say=lambda seat, text, **kw: said.append(dict(seat=seat, **kw)),
                            turn=SimpleNamespace(hold=lambda s: None))
    animations.bid(scene, Step(StepKind.BID, 1, False, {}), TAKE)
    assert said == [{"seat": 1, "gold": True, "held": True}]
    bubbles = Bubbles()
    bubbles.say(1, "Take!", None, True)
    bubbles.say(2, "Tierce!", 1.0, True)
    bubbles.count_down(60.0)
    assert [b.seat for b in bubbles] == [1] and not bubbles.counting
    bubbles.release()
    assert len(bubbles) == 0
