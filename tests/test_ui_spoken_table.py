"""The spoken table (issue 47, point 5): a whole hand of each ruleset played knowing only
what the table said (a recording voice), every decision taken from the spoken lines by
keys; the sentences from the seat's view; the keys that say the state; the focus said on a
pygame_gui screen; the setting; and a voice that cannot be had, told once."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from beloz.rules.cards import ANIMALS
from beloz.ui import speech
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import spoken
from tests.test_ui_rulesets import Passer, table
from tests.test_ui_table import frame, key

RULESETS = ["beloz", "belote-sans-annonces", "belote-classique", "belot-bulgare"]


@pytest.fixture
def app(random_app):
    """conftest.random_app: 960 × 600, random computer players; the table speaks to a
    recording voice."""
    random_app.speech = speech.Speech("on", make=speech.RecordingSpeaker, detect=None)
    return random_app


def heard(app) -> list[str]:
    return app.speech.speaker.lines


# -- the player who only listens ------------------------------------------------------------

CHOICE = re.compile(r"\((?:key |touche )?([A-Z0-9]|Enter)\)$")
CARD = re.compile(r"^(\d+): (.+)$")


def choices(line: str) -> list[str]:
    """The keys of a question's answers, in the order said ("Choices: Take South (T);
    Pass (P)." -> ["T", "P"])."""
    _, _, listed = line.partition("Choices: ")
    return [m.group(1) for part in listed.rstrip(".").split("; ")
            if (m := CHOICE.search(part.strip()))]


def playable(line: str) -> list[int]:
    """The keys of the cards said to be playable in "Your cards: 1: South lion; ..."."""
    listed = line.removeprefix("Your cards: ").rstrip(".")
    keys = []
    for part in listed.split("; "):
        m = CARD.match(part)
        if m and not m.group(2).endswith("cannot be played"):
            keys.append(int(m.group(1)))
    return keys


def key_code(shown: str) -> int:
    return pygame.K_RETURN if shown == "Enter" else pygame.key.key_code(shown.lower())


def decide(lines: list[str]) -> str | None:
    """The key to press, from the lines said since the last decision only: the first
    playable card of the last hand said, else the first answer of the last question other
    than Pass (take, the lowest contract, cut, 3-2, declare, BeloZ), else None (nothing
    asked)."""
    for line in reversed(lines):
        if line.startswith("Your cards: "):
            cards = playable(line)
            return str(cards[0]) if cards else None
        if "Choices: " in line:
            keys = choices(line)
            bids = [k for k in keys if k != "P"]  # take, or call: a hand to play
            return (bids or keys or [None])[0]
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hand_played_from_the_spoken_lines_alone(app, ruleset) -> None:
    """Each decision of the person's from the lines heard since their last key, by keys
    only; every card key pressed is a card the engine accepts (the hand said which cannot
    be played); the hand reaches its score, which is said."""
    scene = table(app, ruleset, players={s: Passer(s) for s in (1, 2, 3)})
    played: list[object] = []
    real = scene.human_value
    scene.human_value = lambda value: (played.append(value), real(value))[1]
    lines = heard(app)
    read = 0
    keys = 0
    for _ in range(3000):
        frame(app)
        if scene.step is not None and scene.step.kind is StepKind.SCORE:
            break
        new = lines[read:]
        choice = decide(new)
        if choice is None:
            continue
        read = len(lines)
        before = len(played) + (scene.pending_play is not None)
        key(app, key_code(choice))
        keys += 1
        assert len(played) + (scene.pending_play is not None) > before, (
            f"key {choice} from {new[-2:]} was refused: {scene.message}")
    else:
        raise AssertionError(f"the hand never ended: {lines[-5:]}")
    cards = [v for v in played if isinstance(v, tuple) or (isinstance(v, int) and v < 32)]
    assert keys >= 8 and len(cards) >= 8
    assert any(line.startswith("The hand is over: your team scores") for line in lines)
    # Every card the others played was said, by seat, plain and animal.
    animals = "|".join(a.replace("_", " ") for a in ANIMALS)
    plays = [ln for ln in lines
             if re.fullmatch(rf"(Kito plays|Amani plays|Juma plays|You play) \w+ ({animals})\.",
                             ln, re.I)]
    assert len(plays) == 32
    assert sum(ln.startswith("Expedition ") and " goes to " in ln for ln in lines) == 8


def test_without_the_hand_line_the_listener_cannot_play(app, monkeypatch) -> None:
    """The spoken hand is what the listener plays from: without it no card is chosen."""
    monkeypatch.setattr(spoken, "hand_line", lambda *a, **k: "")
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    lines = heard(app)
    for _ in range(400):
        frame(app)
        if scene.my_play_step():
            break
        choice = decide(lines)
        if choice is not None:
            del lines[:]
            key(app, key_code(choice))
    assert scene.my_play_step() and decide(lines) is None
