"""Seed 002's belot at the table (RULES.md §9.3), on chosen deals through the real App: the
question on the first card of the pair when that card leads, follows the led plain or is a
trump; the belot then scored; the reason said when the card cannot announce it (discarded
in all trumps) or when there is no belot (no trumps); the key shown on the button."""

from __future__ import annotations

import pygame
import pytest

from beloz import savegame
from beloz.rules import record
from beloz.rules.cards import parse
from beloz.rules.state import QUIET_BELOT
from beloz.ui.game import StepKind

# The deals of the belot's questions (tests/test_rules_questions.py), at the table. No deal
# gives the person an announcement (no declare question before the belot's). NORTH: the
# person (seat 0) holds the North elephant and rhino; the dealer is seat 3, so the person
# calls first and leads the first expedition. ALL_EAST: all trumps, the dealer seat 0:
# seat 1 leads, and holds every East card; the person holds the South elephant and rhino
# and no East card, so they come on an East lead. FOLLOW: all trumps again, the person
# holds the East elephant and rhino: they follow an East lead.
from tests.test_rules_questions import ALL_EAST, FOLLOW, NORTH
from tests.test_ui_rulesets import person, play_on
from tests.test_ui_table import frame, key
from tests.test_ui_table_rulesets import dealt_table

# These tests switch the language: the next ones start in English.
pytestmark = pytest.mark.usefixtures("english_after")


@pytest.fixture
def app(random_app):
    """conftest.random_app: 960 × 600, random computer players, the match saved."""
    return random_app


def at_table(app, hands, dealer, calls, lang="en"):
    """The Bulgarian table with this deal, the auction ``calls`` made, the person to play."""
    return dealt_table(app, "belot-bulgare", hands, dealer, calls, lang=lang)


def played_cards(scene):
    """The cards the person's answers give the flow, kept as they go to the real scene."""
    got: list[object] = []
    real = scene.human_value
    scene.human_value = lambda value: (got.append(value), real(value))[1]
    return got


def to_the_score(scene, app):
    play_on(scene, app, lambda: person(scene, StepKind.SCORE))
    return scene.step.data["result"]


@pytest.mark.parametrize("lang, asked, said", [("en", "Announce your belot with this card?",
                                                "Belot! (B)"),
                                               ("fr", "Annoncer votre belot avec cette "
                                                "carte\u00a0?",
                                                "Belot\u00a0! (B)")])
def test_the_belot_is_asked_on_the_led_first_card_and_scores(app, lang, asked, said) -> None:
    scene = at_table(app, NORTH, 3, "N pass pass pass", lang)
    got = played_cards(scene)
    assert scene.try_play(parse("N7"))
    frame(app)
    assert scene.prompt == asked and got == []
    assert scene.buttons["beloz_yes"].text == said
    assert scene.buttons["beloz_no"].text.endswith("(Q)")
    bubbles = []
    real_say = scene.say
    scene.say = lambda seat, text, gold=False: (bubbles.append((seat, text)),
                                                real_say(seat, text, gold))
    key(app, pygame.K_b)
    assert got == [(parse("N7"), True, True)]
    res = to_the_score(scene, app)
    # Said once, with the first card: the rhino later says nothing more.
    assert [b for b in bubbles if b[1].startswith("Belot")] == [(0, said[:-4])]
    assert res.beloz == (20, 0)
    assert scene.flow.last_hand.beloz_points() == (20, 0)
    # The score screen's row is the belot's, in the ruleset's own word.
    shown: list[str] = []
    real = scene.text
    scene.text = lambda surf, text, *a, **kw: (shown.append(text), real(surf, text, *a, **kw))
    frame(app, 2)
    row = shown.index("Belot")
    assert shown[row + 1:row + 3] == ["20", "0"]
    assert "BeloZ" not in shown


def test_kept_quiet_the_belot_scores_nothing_and_the_second_card_asks_nothing(app) -> None:
    scene = at_table(app, NORTH, 3, "N pass pass pass")
    scene.try_play(parse("N7"))
    frame(app)
    key(app, pygame.K_q)
    # The answer is part of the card played: its action keeps the belot quiet.
    assert parse("N7") | QUIET_BELOT in scene.flow.hand.actions()
    prompts = []
    for _ in range(3000):
        if person(scene, StepKind.SCORE):
            break
        if person(scene, StepKind.PLAY):
            legal = scene.step.data["legal"]
            card = parse("N6") if parse("N6") in legal else legal[0]
            scene.try_play(card)
            prompts.append(scene.prompt)
        frame(app)
    assert scene.step.data["result"].beloz == (0, 0)
    assert "Announce your belot with this card?" not in prompts
    # Its record (a crash log's) keeps it: replayed, the belot is not said either.
    doc = savegame.hand_record(None, scene.flow.last_hand)
    assert doc["declare_beloz"] is False
    assert record.replay(record.validate(doc)).beloz_points() == (0, 0)


@pytest.mark.parametrize("lang, reason", [
    ("en", "Your belot is lost: its first card must lead or follow the led plain (East)"),
    ("fr", "Votre belot est perdu\u00a0: sa première carte doit entamer ou fournir à la plaine "
           "demandée (Est)")])
def test_all_trumps_belot_discarded_is_not_asked_and_says_why(app, lang, reason) -> None:
    scene = at_table(app, ALL_EAST, 0, "AT pass pass pass", lang)
    assert scene.flow.hand.trick and scene.flow.hand.trick[0] >> 3 == 1  # an East lead
    got = played_cards(scene)
    assert scene.try_play(parse("S7"))
    assert got == [(parse("S7"), True, False)]  # played at once, not declared
    assert "beloz_yes" not in scene.buttons
    assert scene.message == reason
    play_on(scene, app, lambda: person(scene, StepKind.PLAY))
    assert scene.message == reason  # it stays until the person's next card
    scene.try_play(scene.step.data["legal"][0])
    assert scene.message == ""
    assert to_the_score(scene, app).beloz[0] == 0  # (seat 1 leads its East belot: theirs)


def test_all_trumps_belot_following_the_lead_is_asked(app) -> None:
    scene = at_table(app, FOLLOW, 0, "AT pass pass pass")
    assert scene.flow.hand.trick[0] >> 3 == 1
    scene.try_play(parse("E7"))
    frame(app)
    assert scene.prompt == "Announce your belot with this card?" and scene.message == ""
    key(app, pygame.K_b)
    assert to_the_score(scene, app).beloz == (20, 0)


@pytest.mark.parametrize("lang, reason", [("en", "No belot in no trumps"),
                                          ("fr", "Pas de belot en sans atout")])
def test_no_belot_in_no_trumps_and_the_table_says_so(app, lang, reason) -> None:
    scene = at_table(app, NORTH, 3, "NT pass pass pass", lang)
    got = played_cards(scene)
    scene.try_play(parse("N7"))
    assert got == [(parse("N7"), True, False)] and "beloz_yes" not in scene.buttons
    assert scene.message == reason


def test_a_pair_outside_the_trump_plain_is_no_belot(app) -> None:
    scene = at_table(app, NORTH, 3, "S pass pass pass")  # South trumps: North is no belot
    got = played_cards(scene)
    scene.try_play(parse("N7"))
    assert [c for c, _, _ in got] == [parse("N7")]
    assert "beloz_yes" not in scene.buttons and scene.message == ""
    assert to_the_score(scene, app).beloz == (0, 0)


def test_with_auto_declare_the_belot_is_declared_without_a_question(app) -> None:
    scene = at_table(app, NORTH, 3, "N pass pass pass")
    scene.auto_declare = True  # the settings' "declare automatically"
    got = played_cards(scene)
    scene.try_play(parse("N7"))
    assert got == [(parse("N7"), True, True)] and "beloz_yes" not in scene.buttons
    assert to_the_score(scene, app).beloz == (20, 0)


# The person holds a tierce (N1 N2 N3) and the North elephant and rhino.
TIERCE = ["N7 N6 N1 N2 N3 E8 S8 W8", "N4 N5 E1 E3 E5 S1 S3 S5",
          "N8 E2 E4 E6 S2 S4 S6 W1", "E7 S7 W2 W3 W4 W5 W6 W7"]


@pytest.mark.parametrize("name, bids, turned", [("beloz", "take", "N1"),
                                                ("belote-classique", "take", "N1"),
                                                ("belot-bulgare", "N pass pass pass", None)])
def test_a_first_card_asks_its_questions_in_turn(app, name, bids, turned) -> None:
    dealer = 1 if name == "belote-classique" else 3  # the person bids first and leads
    scene = dealt_table(app, name, TIERCE, dealer, bids, turned)
    got = played_cards(scene)
    assert scene.try_play(parse("N7"))
    frame(app)
    assert set(scene.buttons) == {"declare", "quiet"} and got == []
    key(app, pygame.K_q)  # the tierce kept quiet
    frame(app)
    assert set(scene.buttons) == {"beloz_yes", "beloz_no"} and got == []
    assert scene.pending_play == parse("N7")
    key(app, pygame.K_b)
    assert got == [(parse("N7"), False, True)] and not scene.buttons
