"""The spoken table's voice (issue 47, point 5): one ``Speech`` per window (``app.speech``),
a ``Speaker`` behind it.

- ``PyttsxSpeaker`` speaks through the system's speech with pyttsx3 (SAPI 5 on Windows,
  NSSpeechSynthesizer on macOS, libespeak-ng on Linux).  pyttsx3 is imported on its own
  thread, the first time something is to be said: a window that never speaks never loads
  it, and a line is queued, never waited for (pyttsx3's ``runAndWait`` blocks while the
  voice speaks).
- ``NoSpeech``: no voice could be had (pyttsx3 missing, no espeak-ng on Linux, a broken
  driver); ``Speech`` tells the person so once, in a notice that stays.  On Linux pyttsx3's
  espeak driver (2.99) plays each line with ``aplay``: without it nothing is heard and
  nothing fails, so a missing aplay is told the same way (``needs_aplay``).
- ``RecordingSpeaker`` keeps the lines (tests).

``Speech`` decides whether to speak at all (the ``spoken_table`` setting: on, off, or auto,
which speaks when a screen reader runs where the system tells: ``screen_reader_running``)
and keeps the last line said, for the key that says it again.  Nothing here raises at the
player: a voice that fails falls silent and is told once.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
import types
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from beloz import storage

log = logging.getLogger(__name__)


class Speaker(Protocol):
    """Says lines.  ``speak`` returns at once.  ``interrupt``: a line asked for (a key's
    answer, a screen's title or focus), said before the table's news still waiting and in
    place of the asked lines still waiting; the news is never dropped ("The hand is over"
    is still said after the hand a key asked for).  ``failed`` holds why the voice is gone,
    once it is (None while it works); ``remedy``, where its remedy is not the platform's
    (``speech.remedy.*``: "aplay"; "bundle", a module of the voice missing from the
    packaged game)."""

    failed: str | None
    remedy: str | None

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def close(self) -> None: ...


class RecordingSpeaker:
    """Keeps every line in ``lines`` (the tests' ears)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.failed: str | None = None
        self.remedy: str | None = None

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.lines.append(text)

    def close(self) -> None:
        pass


class NoSpeech:
    """No voice: nothing is said; ``failed`` says why."""

    def __init__(self, why: str, remedy: str | None = None) -> None:
        self.failed: str | None = why
        self.remedy = remedy

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def close(self) -> None:
        pass


class Lines:
    """The lines waiting to be said: the asked ones (``interrupt``) first, then the news,
    each in its order.  A line asked for drops the asked lines still waiting (the person
    asked again, or the focus moved on), never the news."""

    def __init__(self) -> None:
        self._asked: deque[str] = deque()
        self._news: deque[str] = deque()
        self._closed = False
        self._ready = threading.Condition()

    def put(self, text: str, asked: bool = False) -> None:
        with self._ready:
            if asked:
                self._asked.clear()
                self._asked.append(text)
            else:
                self._news.append(text)
            self._ready.notify()

    def get(self) -> str | None:
        """The next line to say, waiting for one; None once closed."""
        with self._ready:
            while not (self._closed or self._asked or self._news):
                self._ready.wait()
            if self._closed:
                return None
            return (self._asked or self._news).popleft()

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._asked.clear()
            self._news.clear()
            self._ready.notify()


class PyttsxSpeaker:
    """pyttsx3 on a thread of its own: the lines wait (``Lines``) and are said one by one.
    ``driver``: pyttsx3's driver name (None: the system's own)."""

    def __init__(self, driver: str | None = None) -> None:
        self.failed: str | None = None
        self.remedy: str | None = None
        # BELOZ_SPEECH_DRIVER: another of pyttsx3's drivers than the system's (a trial with
        # espeak on a machine whose default would be another).
        self._driver = driver or os.environ.get("BELOZ_SPEECH_DRIVER") or None
        self._lines = Lines()
        self._thread = threading.Thread(target=self._run, name="beloz-speech", daemon=True)
        self._thread.start()

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._lines.put(text, interrupt)

    def close(self) -> None:
        self._lines.close()

    def _run(self) -> None:
        try:
            if sys.platform == "win32":
                comtypes_cache(storage.data_dir() / COMTYPES_CACHE)
            import pyttsx3

            engine: Any = pyttsx3.init(self._driver)
        except Exception as exc:  # noqa: BLE001 - any failure: no voice, told once
            self.failed = f"{type(exc).__name__}: {exc}"
            if isinstance(exc, ModuleNotFoundError) and getattr(sys, "frozen", False):
                # a module of the voice missing from the packaged game: the system is not to
                # blame, "install espeak-ng" would mend nothing (Linux bundle check, 488be79)
                self.remedy = "bundle"
            # the traceback in the log only: where a driver stopped (Windows: comtypes,
            # pythoncom, SAPI's type library) is what a report of a silent table needs
            log.warning("speech: no voice: %s", self.failed, exc_info=True)
            return
        if needs_aplay(self._driver) and shutil.which("aplay") is None:
            self.failed, self.remedy = NO_APLAY, "aplay"
            log.warning("speech: no voice: %s", self.failed)
            return
        while True:
            text = self._lines.get()
            if text is None:
                return
            log.info("speak: %s", text)
            try:
                engine.say(text)
                engine.runAndWait()
            except Exception as exc:  # noqa: BLE001 - a voice that breaks falls silent
                self.failed = f"{type(exc).__name__}: {exc}"
                log.warning("speech: the voice failed: %s", self.failed)
                return


NO_APLAY = "aplay not found: pyttsx3's espeak voice plays through it"


def needs_aplay(driver: str | None) -> bool:
    """Whether pyttsx3's driver plays its lines with ``aplay``: its espeak driver (the
    default on Linux) does on Linux, starting ``aplay FILE`` for each line and hearing
    nothing of it when aplay is missing (pyttsx3 2.99, ``drivers/espeak.py``)."""
    return sys.platform.startswith("linux") and driver in (None, "espeak")


COMTYPES_CACHE = "comtypes-cache"


def comtypes_cache(folder: Path) -> bool:
    """Windows: have comtypes write the modules it generates from SAPI 5's type library (the
    sapi5 driver imports comtypes.gen.SpeechLib, made on first use from the player's own
    Windows) in ``folder``, the data folder's, where the game writes all its files.  Left to
    itself, comtypes writes them beside its own code (site-packages, from source; inside the
    bundle were its folder there) or else in %TEMP%.  Must run before comtypes makes its
    ``comtypes.gen`` (on the speech thread, before pyttsx3 is imported).  False, and comtypes
    chooses, when the folder cannot be made."""
    if "comtypes.gen" in sys.modules:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        import comtypes  # CoInitializeEx on this thread, the one that will speak
    except (OSError, ImportError):
        return False
    gen = types.ModuleType("comtypes.gen")
    gen.__path__ = [str(folder)]
    sys.modules["comtypes.gen"] = gen
    comtypes.gen = gen
    return True


#: What pyttsx3's sapi5 driver imports, pyttsx3.drivers.sapi5 last: the Windows bundle must
#: carry them all (comtypes' code generator writes SpeechLib on first use; pythoncom needs
#: pywin32's DLLs).
SAPI5_MODULES = ("pyttsx3", "comtypes.client", "comtypes.tools.codegenerator", "pythoncom",
                 "pywintypes", "pyttsx3.drivers.sapi5")


def check_sapi5() -> tuple[str, list[str]]:
    """``--selftest`` on Windows: whether the modules of the SAPI 5 voice load (a problem
    of the bundle when not), then whether this Windows gives a voice (``pyttsx3.init``;
    none is no problem of the game's: the spoken table then says so once)."""
    import importlib

    comtypes_cache(storage.data_dir() / COMTYPES_CACHE)
    loaded = []
    for name in SAPI5_MODULES[:-1]:
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - a module the bundle lacks, told
            return "none", [f"the spoken table's voice cannot load {name}: "
                            f"{type(exc).__name__}: {exc}"]
        loaded.append(name)
    try:
        import pyttsx3

        engine: Any = pyttsx3.init("sapi5")
        voices = engine.getProperty("voices")
    except Exception as exc:  # noqa: BLE001 - no voice on this machine: not the game's
        return (f"sapi5 ({', '.join(loaded)} loaded), but no voice here: "
                f"{type(exc).__name__}: {exc}"), []
    return f"sapi5, voices: {', '.join(v.name for v in voices) or 'none'}", []


def speech_platform() -> str:
    """Where a missing voice is fixed: ``windows``, ``macos``, ``linux`` or ``other`` (the
    notice's remedy, ``speech.remedy.*``: "install espeak-ng" said on Windows helps nobody)."""
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux" if sys.platform.startswith("linux") else "other"


def unavailable_notice(tr: Callable[..., str], why: str, where: str | None = None) -> str:
    """The notice told once when no voice can be had, with this platform's remedy (or
    ``where``'s: a platform, or "aplay")."""
    remedy = tr(f"speech.remedy.{where or speech_platform()}")
    return tr("speech.unavailable", why=why, remedy=remedy)


def screen_reader_running() -> bool:
    """Whether a screen reader runs, where the system tells: Windows's screen-reader flag
    (NVDA, JAWS and Narrator set it), VoiceOver's switch on macOS, an Orca process on
    Linux.  False when it cannot tell."""
    try:
        if sys.platform == "win32":
            import ctypes

            flag = ctypes.c_int(0)
            spi_getscreenreader = 0x0046
            ctypes.windll.user32.SystemParametersInfoW(  # type: ignore[attr-defined]
                spi_getscreenreader, 0, ctypes.byref(flag), 0)
            return bool(flag.value)
        if sys.platform == "darwin":
            out = subprocess.run(
                ["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"],
                capture_output=True, text=True, timeout=3, check=False)
            return out.stdout.strip() == "1"
        return any(_comm(p) == "orca" for p in Path("/proc").iterdir() if p.name.isdigit())
    except Exception:  # noqa: BLE001 - cannot tell: a sighted default
        return False


def _comm(proc: Path) -> str:
    try:
        return (proc / "comm").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""


class Speech:
    """Whether the table speaks, and its voice.

    ``mode``: the ``spoken_table`` setting.  ``make``: builds the speaker the first time a
    line is said (pyttsx3's by default).  ``detect``: asked once, on a thread, in auto mode
    (None until it answers: silent meanwhile).  ``tell``: shows the person a notice that
    stays (the window's), given the sentence that no speech is available.  ``unavailable``
    makes that sentence from why and the remedy's kind (None: this platform's)."""

    def __init__(self, mode: str = "auto", *, make: Callable[[], Speaker] | None = None,
                 detect: Callable[[], bool] | None = screen_reader_running,
                 tell: Callable[[str], None] | None = None,
                 unavailable: Callable[[str, str | None], str] | None = None) -> None:
        self.mode = mode
        self.screen_reader: bool | None = None
        self._make = make or PyttsxSpeaker
        self._speaker: Speaker | None = None
        self._tell = tell
        self._unavailable = unavailable or (lambda why, _: f"No speech is available ({why}).")
        self._told = False
        self.last = ""  # the last line the table said (a key says it again)
        if detect is not None:
            threading.Thread(target=self._detect, args=(detect,), name="beloz-reader",
                             daemon=True).start()

    def _detect(self, detect: Callable[[], bool]) -> None:
        self.screen_reader = bool(detect())
        if self.screen_reader:
            log.info("speech: a screen reader runs")

    @property
    def on(self) -> bool:
        return self.mode == "on" or (self.mode == "auto" and self.screen_reader is True)

    def set_mode(self, mode: str) -> None:
        self.mode = mode

    @property
    def speaker(self) -> Speaker:
        if self._speaker is None:
            try:
                self._speaker = self._make()
            except Exception as exc:  # noqa: BLE001 - no voice: told once
                self._speaker = NoSpeech(f"{type(exc).__name__}: {exc}")
        return self._speaker

    def say(self, text: str, interrupt: bool = False, repeat: bool = False) -> None:
        """Say ``text`` if the table speaks; ``repeat``: the line said again, not news (it
        does not become the last line)."""
        text = " ".join(text.split())
        if not self.on or not text:
            return
        if not repeat:
            self.last = text
        self.speaker.speak(text, interrupt)
        self.poll()

    def poll(self) -> None:
        """Tell the person, once, that the voice is gone (its thread cannot show a notice
        itself: the window's notices belong to the frame loop's thread)."""
        speaker = self._speaker
        if self._told or speaker is None or speaker.failed is None or not self.on:
            return
        self._told = True
        if self._tell is not None:
            self._tell(self._unavailable(speaker.failed, getattr(speaker, "remedy", None)))

    def close(self) -> None:
        if self._speaker is not None:
            self._speaker.close()


class Screens:
    """The spoken table on the window's screens: when a screen comes on top (opened, or back
    when the one over it closed) its title, its news and then what has the keys' focus are
    said, once (``Scene.spoken_title``, ``spoken_news``, ``spoken_focus``); afterwards what
    of them changes: the focus when it moves or says something new (a list's choice, a
    slider's value), the news when it changes (a lesson's verdict), all three when the
    title changes under them (the next lesson, another hand reviewed).  Asked once a frame,
    after the scene and pygame_gui moved on, whatever changed them (a key, a click, the
    scene itself).  Nothing is followed while the table is silent: turning the voice on
    says the screen it is on."""

    def __init__(self) -> None:
        self.scene: Any = None
        self.said: tuple[str, str, str] = ("", "", "")  # the title, news and focus said

    def update(self, voice: Speech, scene: Any) -> None:
        if scene is None or not voice.on:
            self.scene, self.said = None, ("", "", "")
            return
        now = (scene.spoken_title(), scene.spoken_news(), scene.spoken_focus())
        if scene is self.scene and now == self.said:
            return
        if scene is not self.scene or now[0] != self.said[0]:
            parts = [sentence(now[0]), now[1], now[2]]
        else:
            parts = [part for part, was in zip(now[1:], self.said[1:], strict=True)
                     if part != was]
        self.scene, self.said = scene, now
        text = " ".join(p for p in parts if p)
        if text:
            voice.say(text, interrupt=True)


def sentence(text: str) -> str:
    """``text`` ended as a sentence is (a title before what follows it)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?…:" else text + "."


def of(owner: Any) -> Speech | None:
    """The window's ``Speech`` from a scene or the window, or None (test doubles)."""
    app = getattr(owner, "app", owner)
    speech = getattr(app, "speech", None)
    return speech if isinstance(speech, Speech) else None


def say(owner: Any, text: str, interrupt: bool = False) -> None:
    """Say ``text`` through ``owner``'s window, if it has a voice and the table speaks."""
    speech = of(owner)
    if speech is not None:
        speech.say(text, interrupt)

