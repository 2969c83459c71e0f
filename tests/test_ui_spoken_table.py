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
from beloz.ui.scenes.table import narrate, spoken
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


# -- the keys that say the state ------------------------------------------------------------


def at_my_card(app):
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    lines = heard(app)
    for _ in range(400):
        frame(app)
        if scene.my_play_step() and len(scene.hands[0]) < 8:
            return scene, lines
        choice = decide(lines)
        if choice is not None:
            del lines[:]
            key(app, key_code(choice))
    raise AssertionError("never at the person's second card")


def test_keys_say_the_hand_the_expedition_the_bids_the_score_and_the_last_line(app) -> None:
    scene, lines = at_my_card(app)
    said = {}
    for k in (pygame.K_c, pygame.K_x, pygame.K_v, pygame.K_s, pygame.K_g, pygame.K_z):
        del lines[:]
        key(app, k)
        assert len(lines) == 1, pygame.key.name(k)
        said[pygame.key.name(k)] = lines[0]
    view = scene.view()
    legal = set(scene.step.data["legal"])
    assert said["c"].startswith("Your cards: 1: ") and said["c"].count(":") == 1 + len(
        scene.hands[0])
    assert said["c"].count("cannot be played") == len(scene.hands[0]) - len(legal)
    assert said["x"].startswith(f"Expedition {len(view.tricks) + 1}")
    assert said["v"].startswith("Bids: ") and "Contract: " in said["v"] and "taken by" in said["v"]
    m = scene.flow.match
    assert said["s"].startswith(f"Score: your team {m.scores[0]}, the opponents {m.scores[1]}")
    assert f"you need {m.goal - m.scores[0]}" in said["s"]
    assert said["g"].startswith("No hint on show")
    assert said["z"] == app.speech.last and said["z"] != said["s"]  # the table's news again


def test_the_keys_do_nothing_while_the_table_is_silent(app) -> None:
    scene, lines = at_my_card(app)
    app.speech.set_mode("off")
    del lines[:]
    for k in (pygame.K_c, pygame.K_x, pygame.K_v, pygame.K_s, pygame.K_g, pygame.K_z):
        assert narrate.of(scene).on_key(k) is False
    key(app, pygame.K_c)
    frame(app, 3)
    assert lines == []


def test_the_arrows_say_the_selected_card_and_why_it_cannot_be_played(app) -> None:
    scene, lines = at_my_card(app)
    del lines[:]
    key(app, pygame.K_RIGHT)
    first = scene.hands[0][0]
    assert lines and lines[0].startswith(spoken.card_name(first))
    if first not in scene.step.data["legal"]:
        assert lines[0] == f"{spoken.card_name(first)}. {scene.message}" and scene.message


# -- the sentences, from the view -----------------------------------------------------------


def test_the_trick_line_says_who_opened_and_who_wins_so_far(app) -> None:
    scene = table(app, "beloz", players={s: Passer(s) for s in (1, 2, 3)})
    lines = heard(app)
    for _ in range(400):
        frame(app)
        v = scene.view()
        if scene.my_play_step() and v is not None and len(v.trick) >= 2:
            break
        choice = decide(lines)
        if choice is not None:
            del lines[:]
            key(app, key_code(choice))
    v = scene.view()
    line = spoken.trick_line(scene.t, v)
    seats = spoken.trick_seats(v)
    from beloz.rules.tricks import master_index

    master = seats[master_index(v.trick, v.trump)]
    assert line.startswith(f"Expedition {len(v.tricks) + 1}, opened by "
                           f"{spoken.seat_name(scene.t, v.leader)}: ")
    assert line.endswith(f"So far it goes to {spoken.seat_name(scene.t, master)}.")
    for c in v.trick:
        assert spoken.card_name(c) in line


def test_french_words(app) -> None:
    from beloz import i18n

    i18n.set_language("fr")
    try:
        t = lambda key, **kw: i18n.tr(key, **kw)  # noqa: E731
        line = spoken.hand_line(t, [7, 12], legal={7})
        assert line.startswith("Vos cartes") and "ne peut pas être jouée" in line
        assert "du Nord" in line or "de l'Est" in line
    finally:
        i18n.set_language("en")


# -- the voice ------------------------------------------------------------------------------


def test_no_voice_is_told_once_and_nothing_raises(app) -> None:
    told: list[str] = []

    def broken() -> speech.Speaker:
        raise OSError("no libespeak-ng")

    voice = speech.Speech("on", make=broken, detect=None, tell=told.append)
    voice.say("one")
    voice.say("two")
    voice.poll()
    assert len(told) == 1 and "no libespeak-ng" in told[0]
    silent = speech.Speech("off", make=broken, detect=None, tell=told.append)
    silent.say("three")
    assert len(told) == 1  # a silent table asks for no voice


def test_a_voice_that_fails_on_its_thread_is_told_once_in_the_window(app) -> None:
    """pyttsx3 with a driver that does not exist: loaded on its thread, it fails there; the
    window shows the notice once, from its own frame loop, in the person's language."""
    app.speech = speech.Speech("on", make=lambda: speech.PyttsxSpeaker("no_such_driver"),
                               detect=None, tell=lambda text: app.notify(text, seconds=None),
                               unavailable=lambda why, where: speech.unavailable_notice(
                                   app.tr, why, where))
    started = time.perf_counter()
    app.speech.say("hello")
    assert time.perf_counter() - started < 0.5  # said on the voice's own thread
    for _ in range(200):
        frame(app)
        if any("no speech is available" in t.text for t in app.toasts):
            break
        time.sleep(0.01)
    notices = [t.text for t in app.toasts if "no speech is available" in t.text]
    assert len(notices) == 1 and notices[0].startswith("Spoken table:")
    app.speech.say("again")
    frame(app, 3)
    assert len([t for t in app.toasts if "no speech is available" in t.text]) == 1


def test_the_notice_says_this_platform_s_remedy(app) -> None:
    """"On Linux, install espeak-ng" was said on Windows too: each platform its own remedy,
    in both languages, and no parameter left unfilled."""
    for where, word in (("linux", "espeak-ng"), ("windows", "Windows"), ("macos", "System")):
        text = speech.unavailable_notice(app.tr, "no voice", where)
        assert word in text and "%{" not in text
        assert ("espeak" in text) == (where == "linux")
    assert speech.speech_platform() in ("linux", "windows", "macos", "other")


def test_auto_speaks_only_with_a_screen_reader() -> None:
    voice = speech.Speech("auto", make=speech.RecordingSpeaker, detect=lambda: True)
    for _ in range(100):
        if voice.screen_reader is not None:
            break
        time.sleep(0.01)
    assert voice.on
    assert not speech.Speech("auto", make=speech.RecordingSpeaker, detect=lambda: False).on


# -- the setting and the focus --------------------------------------------------------------


def test_the_setting_and_the_focus_said_on_the_settings_screen(app) -> None:
    from beloz.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    lines = heard(app)
    del lines[:]
    key(app, pygame.K_TAB)  # from Language (the first) to Ruleset
    assert lines[-1] == "Rules: BeloZ"  # the row's label and the control's value
    scene.focus.focus("spoken_table")
    del lines[:]
    key(app, pygame.K_RETURN)  # opens the list
    frame(app, 2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert lines and lines[-1].startswith("Spoken table: ")
    choices_ = scene.choices("spoken_table")
    assert [v for _, v in choices_] == ["auto", "on", "off"]
    values = scene.controls["spoken_table"].beloz_values
    scene.set("spoken_table", values[choices_[2][0]])
    assert app.settings.spoken_table == "off" and not app.speech.on
