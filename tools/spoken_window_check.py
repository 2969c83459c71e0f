"""The spoken table in a real window (issue 47, point 5): a hand played by ear and by keys.

Run it under a display of its own (it starts the game and drives it like a person would)::

    xvfb-run -s "-screen 0 1400x900x24" .venv/bin/python tools/spoken_window_check.py OUT

It starts ``main.py`` in a window (its data folder ``OUT/data``, the spoken table on,
pyttsx3's espeak driver, the computer players at Beginner), and listens: each line the
voice speaks is read from the game's log (``speak: ...``, written by the voice's thread as
it says the line), and keys are sent to the window with xdotool (real X key events) from
what was heard alone: the first playable card of the hand said, else the first answer of
the question said other than Pass, Enter where an answer has no key; C asks for the hand
when nothing was said.  From the menu: New game, Start, the cut, the bids, every card of
the hand, the score, that hand's review and back, the pause, Quit.

It leaves in ``OUT``: ``spoken.txt`` (the lines spoken, in order), ``wav/`` (each line as
espeak-ng made it: pyttsx3 hands its sound to ``aplay``, here a stand-in that keeps the
file), and ``shots/`` (the window at each stage, PNG).  ``--driver NAME`` gives pyttsx3
another driver (a missing one: the window must say once that no speech is available).
Needs xdotool, xwd and, for a voice, libespeak-ng.

``--game dist/BeloZ/BeloZ`` starts that executable (the Linux bundle) instead of main.py.
``--aplay``: ``keep`` (the stand-in above), ``alsa`` (the system's aplay, alsa-utils, with
ALSA's default device a file: every line played is appended to ``OUT/capture.raw``, through
``OUT/home/.asoundrc``, the game's HOME; a machine without a sound card hears through it),
or ``none`` (no aplay on the game's PATH: the window must say once that no speech is
available and how to get it).  The game's standard error is kept in ``OUT/stderr.txt``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHOICE = re.compile(r"\((?:key |touche )?([A-Z0-9]|Enter)\)$")
CARD = re.compile(r"^(\d+): (.+)$")
ASOUNDRC = """pcm.!default {{
    type file
    slave.pcm "null"
    file "|cat >> {capture}"
    format "raw"
}}
"""
APLAY = """#!/bin/sh
# pyttsx3's espeak driver plays each line with "aplay FILE -q": keep FILE instead.
n=$(ls "{wav}" | wc -l)
cp "$1" "{wav}/$(printf %04d $n).wav"
"""


def choices(line: str) -> list[str]:
    """The keys of a question's answers in the order said; "Enter" for one said without a
    key ("Choices: Next hand; Review (R)" -> ["Enter", "R"])."""
    _, _, listed = line.partition("Choices: ")
    keys = []
    for part in listed.rstrip(".").split("; "):
        m = CHOICE.search(part.strip())
        keys.append(m.group(1) if m else "Enter")
    return keys


def playable(line: str) -> list[int]:
    listed = line.removeprefix("Your cards: ").rstrip(".")
    return [int(m.group(1)) for part in listed.split("; ")
            if (m := CARD.match(part)) and not m.group(2).endswith("cannot be played")]


def decide(lines: list[str]) -> str | None:
    """The key to press from the lines heard since the last one (as the spoken table's
    test plays: tests/test_ui_spoken_table.py)."""
    turn = any(line.startswith("Your turn") for line in lines)
    for line in reversed(lines):
        if line.startswith("Your cards: ") and turn:  # C's answer, at another's turn: wait
            cards = playable(line)
            return str(cards[0]) if cards else None
        if "Choices: " in line:
            keys = choices(line)
            return ([k for k in keys if k != "P"] or keys or [None])[0]
    return None


class Window:
    """The game in its window, its voice's lines, and X keys sent to it."""

    def __init__(self, out: Path, driver: str, game: Path | None, aplay: str) -> None:
        self.out = out
        self.log = out / "data" / "logs" / "beloz.log"
        self.heard: list[str] = []
        self.read = 0
        self.shots = 0
        env = dict(os.environ, BELOZ_DATA_DIR=str(out / "data"), BELOZ_SPEECH_DRIVER=driver,
                   SDL_AUDIODRIVER="dummy", PATH=f"{out / 'bin'}:{os.environ['PATH']}")
        if aplay == "alsa":  # the system's aplay, ALSA's default device a file
            env.update(HOME=str(out / "home"), PATH=os.environ["PATH"])
        elif aplay == "none":  # nothing on the PATH (the bundle and Python need nothing there)
            env["PATH"] = str(out / "bin")
        command = [str(game)] if game else [sys.executable, str(ROOT / "main.py")]
        self.stderr = open(out / "stderr.txt", "wb")  # noqa: SIM115 - open while it runs
        self.game = subprocess.Popen(command, env=env, cwd=ROOT, stderr=self.stderr)
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class",
                                "BeloZ"], capture_output=True, text=True, timeout=60)
        self.wid = found.stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", self.wid], check=False)

    def listen(self, quiet: float = 1.2, limit: float = 30.0) -> list[str]:
        """The lines spoken since the last call, once the voice has been quiet ``quiet``
        seconds (or ``limit`` passed)."""
        start = last = time.monotonic()
        got: list[str] = []
        while time.monotonic() - start < limit:
            text = self.log.read_text(encoding="utf-8") if self.log.exists() else ""
            new = [line.partition(" beloz.ui.speech: speak: ")[2] for line in text.splitlines()
                   if " beloz.ui.speech: speak: " in line][self.read:]
            if new:
                self.read += len(new)
                got += new
                self.heard += new
                last = time.monotonic()
                for line in new:
                    print("  said:", line[:150], flush=True)
            elif got and time.monotonic() - last > quiet:
                break
            elif not got and time.monotonic() - start > quiet * 3:
                break
            time.sleep(0.15)
        return got

    def key(self, name: str) -> None:
        keysym = {"Enter": "Return", "Esc": "Escape"}.get(name, name)
        keysym = keysym.lower() if len(keysym) == 1 else keysym
        print("key:", keysym, flush=True)
        subprocess.run(["xdotool", "key", "--window", self.wid, "--clearmodifiers", keysym],
                       check=True)
        subprocess.run(["xdotool", "windowfocus", self.wid], check=False)

    def shot(self, name: str) -> Path:
        self.shots += 1
        path = self.out / "shots" / f"{self.shots:02d}-{name}.png"
        xwd = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True)
        save_xwd(xwd.stdout, path)
        return path


def save_xwd(data: bytes, path: Path) -> None:
    """An X window dump of a 24-bit screen saved as PNG with pygame (no image converter
    needed): its pixels of 24 or 32 bits, in the byte order the dump says."""
    import struct

    import pygame

    head = struct.unpack(">25I", data[:100])
    size, width, height = head[0], head[4], head[5]
    lsb, bits, line = head[7] == 0, head[11], head[12]
    formats = {24: "BGR" if lsb else "RGB", 32: "BGRA" if lsb else "ARGB"}
    if bits not in formats:
        raise SystemExit(f"xwd: {bits} bits a pixel; run Xvfb with -screen WxHx24")
    start = size + head[19] * 12  # the header with the window's name, then the colours
    pixels = data[start:start + line * height]
    pygame.image.save(pygame.image.frombuffer(pixels, (width, height), formats[bits], line),
                      str(path))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--driver", default="espeak")
    parser.add_argument("--game", type=Path, help="an executable to start instead of main.py")
    parser.add_argument("--aplay", choices=("keep", "alsa", "none"), default="keep")
    args = parser.parse_args()
    out: Path = args.out.resolve()
    for sub in ("data", "wav", "shots", "bin", "home"):
        shutil.rmtree(out / sub, ignore_errors=True)
        (out / sub).mkdir(parents=True)
    capture = out / "capture.raw"
    capture.unlink(missing_ok=True)
    if args.aplay == "keep":
        aplay = out / "bin" / "aplay"
        aplay.write_text(APLAY.format(wav=out / "wav"), encoding="utf-8")
        aplay.chmod(0o755)
    elif args.aplay == "alsa":
        (out / "home" / ".asoundrc").write_text(ASOUNDRC.format(capture=capture),
                                                encoding="utf-8")
    os.environ["BELOZ_DATA_DIR"] = str(out / "data")
    from beloz.settings import Settings, save_settings

    save_settings(Settings(language="en", ruleset="belote-classique", level="beginner",
                           spoken_table="on", sound=False, window_size=(1280, 800)))
    w = Window(out, args.driver, args.game.resolve() if args.game else None, args.aplay)
    try:
        if w.listen(limit=20):
            play(w)
        else:
            silent(w)
    finally:
        (out / "spoken.txt").write_text("\n".join(w.heard) + "\n", encoding="utf-8")
        try:
            w.game.wait(timeout=20)
        except subprocess.TimeoutExpired:
            w.game.terminate()
        w.stderr.close()
    captured = capture.stat().st_size if capture.exists() else 0
    print(f"{len(w.heard)} lines spoken; {len(list((out / 'wav').iterdir()))} wav files; "
          f"ALSA capture {captured} bytes; exit status {w.game.returncode}")
    errors = (out / "stderr.txt").read_text(encoding="utf-8", errors="replace")
    if "Traceback" in errors or "Traceback" in w.log.read_text(encoding="utf-8"):
        print("a traceback: see stderr.txt and data/logs/beloz.log")
        return 1
    return 0


def play(w: Window) -> None:
    """From the menu to the end of the first hand, its review, the pause and Quit."""
    w.shot("menu")
    w.key("Tab")  # the focus moves: said
    w.listen()
    w.key("shift+Tab")
    w.listen()
    w.key("Enter")  # New game
    w.listen()
    w.shot("newgame")
    w.key("Enter")  # Start, where the focus opens
    since: list[str] = []
    scored = asked = False
    quiet = 0
    for _ in range(300):
        new = w.listen()
        since += new
        quiet = 0 if new else quiet + 1
        if quiet == 4:  # long silent: the last line again (Z)
            w.key("z")
        if any(line.startswith("The hand is over") for line in since):
            scored = True
            break
        choice = decide(since)
        if choice is None:
            continue  # nothing asked of me yet: listen on
        if any(line.startswith("Your turn") for line in since) and not asked:
            asked = True  # my first card: the state asked for, key by key
            w.shot("play")
            for k in ("c", "x", "v", "s", "z"):
                w.key(k)
                w.listen()
        elif w.shots < 3:
            w.shot("bid")
        w.key(choice)
        since = []
    assert scored, "the hand never ended by ear"
    w.shot("score")
    for k in ("s", "x", "z"):  # the score, the expedition, the last line, on demand
        w.key(k)
        w.listen()
    w.key("r")  # the hand's review
    w.listen(limit=60)
    w.shot("review")
    w.key("Right")
    w.listen()
    w.key("Esc")
    w.listen()
    w.key("Esc")  # the pause
    w.listen()
    w.shot("pause")
    for _ in range(6):  # down to Quit
        w.key("Down")
        if w.listen()[-1:] == ["Quit"]:
            break
    w.key("Enter")


def silent(w: Window) -> None:
    """No voice (a driver that cannot load): the window must say so once, in a notice that
    stays, and play on; the log tells why, once."""
    time.sleep(3)
    w.shot("no-voice-menu")
    for k in ("Tab", "Tab", "Enter"):  # the focus said (to nobody), then the tutorial
        w.key(k)
        time.sleep(1)
    w.shot("no-voice-tutorial")
    log = w.log.read_text(encoding="utf-8")
    told = log.count("speech: no voice")
    print(f"'no voice' in the log {told} time(s)")
    for line in log.splitlines():
        if " notify: " in line:  # what the window's notices said
            print("notice:", line.partition(" notify: ")[2])
    (w.out / "spoken.txt").parent.mkdir(exist_ok=True)
    w.heard.append(f"(no voice: the log says 'speech: no voice' {told} time(s))")
    w.key("Esc")
    time.sleep(1)
    w.key("Esc")  # the menu: Esc asks whether to quit
    time.sleep(1)
    w.key("Enter")


if __name__ == "__main__":
    raise SystemExit(main())
