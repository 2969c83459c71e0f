"""Every question at the table has keys, shown on its buttons: take / pass, the round-2
plain, the deal's 3-2 / 2-3, declare / keep quiet and BeloZ / keep quiet on a chosen card.
Synthetic key events through the real App."""

from __future__ import annotations

import pygame
import pytest

from beloz.rules.questions import Ask, CardQuestions
from beloz.rules.state import PASS, TAKE, name_action
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import card_play, hud, prompts
from tests.test_ui_rulesets import Passer, person, play_on, table
from tests.test_ui_table import frame, key


@pytest.fixture
def app(random_app):
    """conftest.random_app: 960 × 600, random computer players, the match saved."""
    return random_app


def recorder(scene):
    """The values the person's answers give, kept as they go to the real scene."""
    got: list[object] = []
    real = scene.human_value
    scene.human_value = lambda value: (got.append(value), real(value))[1]
    return got


def labels(scene):
    return {n: b.text for n, b in scene.buttons.items()}


def test_round_one_take_and_pass_keys(app) -> None:
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID) and scene.step.data["round"] == 1)
    shown = labels(scene)
    assert shown["take"].endswith("(T)") and shown["pass"].endswith("(P)")
    got = recorder(scene)
    key(app, pygame.K_t)
    assert got == [TAKE]


def test_round_two_plain_keys_and_pass(app) -> None:
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID) and scene.step.data["round"] == 1)
    got = recorder(scene)
    key(app, pygame.K_p)
    assert got == [PASS]
    play_on(scene, app, lambda: person(scene, StepKind.BID) and scene.step.data["round"] == 2)
    shown = labels(scene)
    names = sorted(n for n in shown if n.startswith("name"))
    assert len(names) >= 3 and shown["pass"].endswith("(P)")
    # Each plain by its place on the ladder (East 1, West 2, South 3, North 4), said to be
    # a key: "North (4)" read as four of something.
    for n in names:
        assert shown[n].endswith(f"(key {prompts.BUTTON_KEYS[n]})")
    assert {prompts.BUTTON_KEYS[f"name{p}"] for p in range(4)} == {"1", "2", "3", "4"}
    plain = int(names[-1][4:])
    key(app, getattr(pygame, f"K_{prompts.BUTTON_KEYS[names[-1]]}"))
    assert got[-1] == name_action(plain)


@pytest.mark.parametrize("k, first", [(pygame.K_3, 3), (pygame.K_KP2, 2)])
def test_deal_keys(app, k, first) -> None:
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.DEAL))
    shown = labels(scene)
    assert shown["deal3"] == "Deal 3 then 2 (key 3)" and shown["deal2"] == "Deal 2 then 3 (key 2)"
    got = recorder(scene)
    key(app, k)
    assert got == [first]


def at_my_card(app):
    """The person to play, with a card the engine accepts; the play kept from the engine."""
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})

    def take(step):
        if step.data.get("round") == 1:
            scene.press("take")
            return True
        return False

    play_on(scene, app, lambda: person(scene, StepKind.PLAY), take)
    played: list[tuple[int, bool, bool]] = []
    scene.human_value = played.append
    return scene, scene.step.data["legal"][0], played


def ask(scene, card, question):
    """Put ``question`` to the person as a chosen card raising it would."""
    scene.auto_declare = False
    scene.chosen.choose(card, CardQuestions(card, (question,)))
    card_play.ask_next(scene)


@pytest.mark.parametrize("k, declared", [(pygame.K_d, True), (pygame.K_q, False)])
def test_declare_keys(app, k, declared) -> None:
    scene, card, played = at_my_card(app)
    ask(scene, card, Ask.ANNOUNCE)
    frame(app)
    shown = labels(scene)
    assert shown["declare"].endswith("(D)") and shown["quiet"].endswith("(Q)")
    key(app, k)
    assert played == [(card, declared, True)]


@pytest.mark.parametrize("k, said", [(pygame.K_b, True), (pygame.K_q, False)])
def test_beloz_keys(app, k, said) -> None:
    scene, card, played = at_my_card(app)
    ask(scene, card, Ask.BELOT)
    frame(app)
    shown = labels(scene)
    assert shown["beloz_yes"].endswith("(B)") and shown["beloz_no"].endswith("(Q)")
    key(app, pygame.K_t)  # not a key of this question: nothing happens
    assert played == [] and scene.pending_play == card
    key(app, k)
    assert played == [(card, True, said)]


def test_cut_shows_enter(app) -> None:
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.CUT))
    assert labels(scene)["cut"].endswith("(Enter)")
    got = recorder(scene)
    key(app, pygame.K_KP_ENTER)
    assert len(got) == 1


def test_digit_keys_said_as_keys_in_french(app) -> None:
    """A digit on a button is a key, in French too: "Nord (touche 4)", never "Nord (4)";
    letters stay as they were: "Passer (P)"."""
    app.apply_settings(app.settings.replace(language="fr"))
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.DEAL))
    assert labels(scene)["deal3"] == "Donner 3 puis 2 (touche 3)"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_row_too_wide_says_the_digit_keys_once_on_the_question(lang) -> None:
    """The open auction at 960 wide: "Tout atout (touche 6)" and five more do not fit, so
    the contracts' keys are said once under the question, each with its button ("(touches
    1 à 6 pour les contrats)" left the plains' order to be guessed); in English they fit."""
    from beloz.rules.contract import LADDER, parse_contract
    from beloz.ui import sweep

    with sweep.quiet_app((960, 600), lang, "belot-bulgare") as app:
        sweep.show(app, sweep.Shot("auction", "belot-bulgare"))
        scene = app.scenes[-1]
        scene.words.ask("Q")
        items = [("pass", scene.t("table.button.pass"))] + [
            (f"call{c}", prompts.contract_label(scene, parse_contract(c))) for c in LADDER]
        prompts.button_row(scene, items)
        prompts.button_row(scene, items)  # made again (a resize): the keys said once
        shown = labels(scene)
        rects = [b.relative_rect for b in scene.buttons.values()]
        assert min(r.left for r in rects) >= 0 and max(r.right for r in rects) <= 960
        if lang == "en":
            assert shown["callAT"] == "All trumps (key 6)" and scene.prompt == "Q"
        else:
            assert shown["callAT"] == "Tout atout" and shown["pass"] == "Passer (P)"
            # Each digit with its button's label, as the tutorial and Practice say them,
            # on a line of its own under the question (one line where both fit).
            question, keys = scene.prompt.split("\n")
            assert question == "Q" and keys.replace("\xa0", " ") == (
                "Touches : 1 Est · 2 Ouest · 3 Sud · 4 Nord · 5 Sans atout · 6 Tout atout")
            assert [text for text, *_ in hud.text_lines(scene)] == [
                "Q   —   " + keys]
            # The real question is too long for both on one line: the keys go under it.
            asked = scene.t("table.prompt.auction_open")
            scene.words.ask(f"{asked}\n{keys}")
            assert [text for text, *_ in hud.text_lines(scene)] == [keys, asked]
