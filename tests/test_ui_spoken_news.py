"""The spoken table's leftovers (issue 47, point 5): the person's seat said in its own
words ("You deal", "Expedition 2 goes to you."), in English and French; the news kept
when a key asks for the state; a missing aplay told once on Linux; where the table stands
said when it comes back on top (a review, the pause menu)."""

from __future__ import annotations

import dataclasses
import re
import shutil
import sys
import threading
import time
import types

import pygame
import pytest

from beloz import i18n
from beloz.rules.state import Phase
from beloz.ui import speech
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import spoken
from beloz.ui.scenes.table.words import Words
from tests.test_ui_rulesets import Passer, table
from tests.test_ui_spoken_table import at_my_card, heard, key_code
from tests.test_ui_table import frame, key


@pytest.fixture
def app(random_app):
    random_app.speech = speech.Speech("on", make=speech.RecordingSpeaker, detect=None)
    yield random_app
    i18n.set_language("en")


CHOICE = re.compile(r"\((?:key |touche )?([A-Z0-9]|Enter)\)$")
CARD = re.compile(r"^(\d+) ?: (.+)$")


def decide(lines: list[str]) -> str | None:
    """As the listener of tests/test_ui_spoken_table.py decides, in English or French:
    the first playable card of the hand said, else the first answer other than Pass."""
    for line in reversed(lines):
        for head in ("Your cards: ", "Vos cartes : "):
            if line.startswith(head):
                cards = [int(m.group(1)) for part in line[len(head):].rstrip(".").split(";")
                         if (m := CARD.match(part.strip())) and not m.group(2).endswith(
                             ("cannot be played", "ne peut pas être jouée"))]
                return str(cards[0]) if cards else None
        for head in ("Choices: ", "Choix : "):
            if head in line:
                keys = [m.group(1) for part in line.partition(head)[2].rstrip(".").split(";")
                        if (m := CHOICE.search(part.strip()))]
                return ([k for k in keys if k != "P"] or keys or [None])[0]
    return None


def play_hand(app, seed: int) -> tuple[object, list[str]]:
    """A hand played from the spoken lines to its score, C, X and V asked before each
    card; the lines heard."""
    scene = table(app, "beloz", seed=seed, players={s: Passer(s) for s in (1, 2, 3)})
    lines = heard(app)
    read = 0
    for _ in range(3000):
        frame(app)
        if scene.step is not None and scene.step.kind is StepKind.SCORE:
            return scene, lines
        choice = decide(lines[read:])
        if choice is not None:
            read = len(lines)
            if choice.isdigit() and scene.my_play_step():
                for k in (pygame.K_x, pygame.K_v, pygame.K_s):
                    key(app, k)
            key(app, key_code(choice))
    raise AssertionError(f"the hand never ended: {lines[-5:]}")


# -- "You deal", not "You deals" ------------------------------------------------------------

YOU = {
    # "You" then a verb in the third person; "You" inside a sentence; "You:" as a label
    "en": (re.compile(r"\bYou (deals|plays|wins|takes|cuts|says|draws|passes|goes|has|is|"
                      r"opens|calls|doubles|leads)\b"),
           re.compile(r"[^.!?\s]\s+You\b"), re.compile(r"(^|[.!?]\s+)You:")),
    "fr": (re.compile(r"\bVous (donne|joue|gagne|prend|passe|coupe|tire|tirent|va|a|est|"
                      r"dit|ouvre|annonce|contre)\b"),
           re.compile(r"[^.!?\s]\s+Vous\b"), re.compile(r"(^|[.!?]\s+)Vous :")),
}


def wrong(lang: str, lines: list[str]) -> list[str]:
    return [ln for ln in lines if any(p.search(ln) for p in YOU[lang])]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_person_s_seat_is_said_in_its_own_words(app, monkeypatch, lang) -> None:
    """Seed 35: the person ties in the draw for the first dealer, deals, takes and wins
    expeditions.  Every line said (and every banner the draw shows) that names the
    person's seat says it as "you": no "You deals", no "You: 5 cards each", no "goes to
    You."; the bids, the expedition and the state said by keys too."""
    i18n.set_language(lang)
    banners: list[str] = []
    real = Words.announce
    monkeypatch.setattr(Words, "announce",
                        lambda self, text, *a, **k: (banners.append(text),
                                                     real(self, text, *a, **k))[1])
    scene, lines = play_hand(app, seed=35)
    t = scene.t
    view = scene.view_of(scene.flow.last_hand)
    # the expeditions as the person would have opened them, the first card theirs
    opened = [dataclasses.replace(view, phase=Phase.PLAY, tricks=view.tricks[:k], leader=0,
                                  current=n % 4, trick=view.tricks[k].cards[:n])
              for k in range(8) for n in range(3)]
    said = [*lines, *banners, spoken.bids_line(t, view),
            spoken.said_line(t, 0, t("table.say.deal_one", a=5)),
            *(spoken.collected_line(t, view, k) for k in range(8)),
            *(spoken.trick_line(t, v) for v in opened)]
    assert wrong(lang, said) == []
    you = t("speech.you")
    assert any(t("table.draw.deals_you") == b for b in banners)  # the person deals
    names = t("teach.list", head=t("table.draw.you"), last=t("table.seat.3"))  # the tie
    redraw = t("table.draw.redraw_you", names=names)
    assert t("table.draw.again_you", names=names) in banners
    assert redraw[:1].upper() + redraw[1:] in banners
    said_you = " ".join(t("speech.said_you", text="-").split())[:-1]  # as the voice says it
    assert any(ln.startswith(said_you) for ln in lines)
    assert any(f" {you}." in ln for ln in said)  # "goes to you.", "taken by you."
    assert any(f"{you}, " in ln for ln in said)  # "opened by you: you, North lion"


def test_the_old_words_are_caught() -> None:
    """The check above finds the lines the table said before."""
    old = ["You deals", "You: 5 cards each", "Expedition 2 goes to You.",
           "Bids: Juma: Pass; You: I take!", "Contract: South, taken by You."]
    assert wrong("en", old) == old
    assert wrong("fr", ["Vous donne", "Vous : 5 cartes chacun", "L'expédition 2 va à Vous."]
                 ) == ["Vous donne", "Vous : 5 cartes chacun", "L'expédition 2 va à Vous."]


# -- the news kept when a key asks ----------------------------------------------------------


class Engine:
    """pyttsx3's engine as the speech thread sees it: ``runAndWait`` blocks on its first
    line until ``go`` is set (a line being said while others come)."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.go = threading.Event()
        self.busy = threading.Event()
        self._text = ""

    def say(self, text: str) -> None:
        self._text = text

    def runAndWait(self) -> None:  # noqa: N802 - pyttsx3's name
        self.busy.set()
        self.go.wait(5)
        self.said.append(self._text)


def fake_pyttsx3(monkeypatch, engine: Engine) -> None:
    module = types.ModuleType("pyttsx3")
    module.init = lambda driver=None: engine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyttsx3", module)
    monkeypatch.delenv("BELOZ_SPEECH_DRIVER", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")


def wait_for(test, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not test() and time.monotonic() < end:
        time.sleep(0.005)


def test_a_key_s_answer_goes_first_and_the_news_is_still_said(monkeypatch) -> None:
    """C pressed as the hand ended lost "The hand is over": a key's answer drops only the
    answers still waiting (the person asked again), and the table's news follows it."""
    engine = Engine()
    fake_pyttsx3(monkeypatch, engine)
    voice = speech.PyttsxSpeaker()
    voice.speak("Juma plays South lion.")
    wait_for(engine.busy.is_set)  # said now, the others wait
    voice.speak("Expedition 8 goes to Juma.")
    voice.speak("The hand is over.")
    voice.speak("Your cards: none.", interrupt=True)  # C, then X at once
    voice.speak("No expedition is being played.", interrupt=True)
    engine.go.set()
    wait_for(lambda: len(engine.said) >= 4)
    time.sleep(0.05)
    voice.close()
    assert engine.said == ["Juma plays South lion.", "No expedition is being played.",
                           "Expedition 8 goes to Juma.", "The hand is over."]


def test_lines_are_said_in_order_and_closing_drops_what_waits() -> None:
    lines = speech.Lines()
    for text, asked in (("a", False), ("b", True), ("c", False), ("d", True), ("e", True)):
        lines.put(text, asked)
    assert [lines.get() for _ in range(3)] == ["e", "a", "c"]
    lines.put("f")
    lines.close()
    assert lines.get() is None


# -- aplay ----------------------------------------------------------------------------------


def test_a_missing_aplay_is_told_once_with_its_remedy(app, monkeypatch) -> None:
    """pyttsx3's espeak driver plays each line with aplay: without it nothing is heard and
    nothing fails.  Missing where the driver needs it, the window says once that no speech
    is available and how to mend it (alsa-utils), in the person's language."""
    engine = Engine()
    engine.go.set()
    fake_pyttsx3(monkeypatch, engine)
    monkeypatch.setattr(speech.sys, "platform", "linux")
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no aplay on the PATH
    for lang, word in (("en", "no speech is available"), ("fr", "aucune voix")):
        i18n.set_language(lang)
        app.toasts.clear()
        app.speech = speech.Speech(
            "on", make=speech.PyttsxSpeaker, detect=None,
            tell=lambda text: app.notify(text, seconds=None),
            unavailable=lambda why, where: speech.unavailable_notice(app.tr, why, where))
        app.speech.say("hello")
        wait_for(lambda: app.speech.speaker.failed is not None)
        frame(app, 2)
        app.speech.say("again")
        frame(app, 2)
        notices = [n.text for n in app.toasts if word in n.text]
        assert len(notices) == 1 and "alsa-utils" in notices[0] and "aplay" in notices[0]
        assert "%{" not in notices[0] and engine.said == []


def test_a_packaged_game_missing_its_voice_says_so(app, monkeypatch) -> None:
    """A packaged game whose speech driver module is missing (a broken bundle) would have
    told the person to install espeak-ng, which mends nothing: it says to install the game
    again.  From source the platform's remedy stays."""
    module = types.ModuleType("pyttsx3")

    def init(driver=None):
        raise ModuleNotFoundError("No module named 'pyttsx3.drivers.espeak'")

    module.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyttsx3", module)
    monkeypatch.setattr(speech.sys, "platform", "linux")
    for frozen, word in ((True, "install the game again"), (False, "espeak-ng")):
        monkeypatch.setattr(speech.sys, "frozen", frozen, raising=False)
        voice = speech.PyttsxSpeaker()
        wait_for(lambda v=voice: v.failed is not None)
        assert voice.remedy == ("bundle" if frozen else None)
        notice = speech.unavailable_notice(app.tr, voice.failed, voice.remedy)
        assert word in notice and "No module named" in notice, notice
        voice.close()


def test_aplay_is_looked_for_only_where_the_driver_needs_it(monkeypatch) -> None:
    monkeypatch.setattr(speech.sys, "platform", "linux")
    assert speech.needs_aplay(None) and speech.needs_aplay("espeak")
    assert not speech.needs_aplay("dummy")
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(speech.sys, "platform", platform)
        assert not speech.needs_aplay(None) and not speech.needs_aplay("espeak")
    # with aplay there, the voice speaks
    engine = Engine()
    engine.go.set()
    fake_pyttsx3(monkeypatch, engine)
    monkeypatch.setattr(speech.sys, "platform", "linux")
    voice = speech.PyttsxSpeaker()
    voice.speak("hello")
    wait_for(lambda: engine.said == ["hello"])
    voice.close()
    assert engine.said == ["hello"] and voice.failed is None


# -- back on top ----------------------------------------------------------------------------


def test_back_from_the_pause_the_table_says_where_it_stands(app) -> None:
    scene, lines = at_my_card(app)
    view = scene.view()
    app.open_pause()
    frame(app, 2)
    del lines[:]
    key(app, pygame.K_ESCAPE)  # the pause menu closes
    frame(app, 2)
    assert app.top is scene and lines, lines
    line = lines[0]
    assert line.startswith(f"Back at the table. Expedition {len(view.tricks) + 1}")
    assert line.endswith(scene.prompt.rstrip())  # the person's turn: "Your turn: ..."
    assert len(lines) == 1  # nothing else on the way back


def test_back_from_the_review_the_score_and_its_choices(app) -> None:
    scene, lines = play_hand(app, seed=3)
    frame(app, 2)
    key(app, pygame.K_r)  # the hand's review
    frame(app, 2)
    assert app.top is not scene
    del lines[:]
    key(app, pygame.K_ESCAPE)
    frame(app, 2)
    assert app.top is scene
    m = scene.flow.match
    assert lines[0].startswith(f"Back at the table. Score: your team {m.scores[0]}")
    assert "Choices: " in lines[0] and "Review (R)" in lines[0]


def test_back_in_french_and_not_while_silent(app) -> None:
    scene, lines = at_my_card(app)
    i18n.set_language("fr")
    app.open_pause()
    frame(app, 2)
    del lines[:]
    key(app, pygame.K_ESCAPE)
    assert lines and lines[0].startswith("Retour à la table. Expédition ")
    app.speech.set_mode("off")
    app.open_pause()
    frame(app, 2)
    key(app, pygame.K_ESCAPE)
    frame(app, 2)
    assert app.top is scene and len(lines) == 1
