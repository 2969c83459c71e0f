"""Synthesise BeloZ's sound effects into assets/sounds/*.wav, with the standard library only.

Mono, 16-bit, 22 050 Hz: small files (all of them together well under 1 MB).  The noise comes
from a seeded ``random.Random``, so running this again writes the same bytes.

    python tools/make_sounds.py
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from pathlib import Path

RATE = 22050
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix_into(buf: list[float], part: list[float], at: float) -> None:
    start = int(RATE * at)
    if len(buf) < start + len(part):
        buf.extend([0.0] * (start + len(part) - len(buf)))
    for i, v in enumerate(part):
        buf[start + i] += v


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack then exponential decay (seconds), n samples."""
    a = max(1, int(RATE * attack))
    return [i / a if i < a else math.exp(-(i - a) / (RATE * decay)) for i in range(n)]


def noise_burst(
    rng: random.Random, seconds: float, attack: float, decay: float, lowpass: float, gain: float
) -> list[float]:
    """Filtered noise: the rustle and snap of card stock."""
    n = int(RATE * seconds)
    env = envelope(n, attack, decay)
    out, y = [], 0.0
    k = 1 - math.exp(-2 * math.pi * lowpass / RATE)  # one-pole low-pass
    prev = 0.0
    for i in range(n):
        y += k * (rng.uniform(-1, 1) - y)
        hp = y - prev  # and a touch of high-pass, so it hisses rather than rumbles
        prev = y
        out.append(gain * env[i] * (0.6 * y + 2.5 * hp))
    return out


def tone(
    freq: float, seconds: float, attack: float, decay: float, gain: float, bright: float = 0.3
) -> list[float]:
    """A soft mallet note: a sine with a little second and third harmonic."""
    n = int(RATE * seconds)
    env = envelope(n, attack, decay)
    w = 2 * math.pi * freq / RATE
    return [
        gain
        * env[i]
        * (
            math.sin(w * i)
            + bright * math.sin(2 * w * i) * math.exp(-i / (RATE * decay * 0.5))
            + bright * 0.4 * math.sin(3 * w * i) * math.exp(-i / (RATE * decay * 0.3))
        )
        for i in range(n)
    ]


def thump(seconds: float, freq: float, gain: float) -> list[float]:
    """A low, falling knock: a card landing on the cloth."""
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        f = freq * (1 + 1.5 * math.exp(-i / (RATE * 0.01)))
        phase += 2 * math.pi * f / RATE
        out.append(gain * math.exp(-i / (RATE * 0.03)) * math.sin(phase))
    return out


def note(name: str) -> float:
    """Frequency of a note such as "C5" or "F#4"."""
    names = {"C": 0, "C#": 1, "D": 2, "D#": 3, "E": 4, "F": 5, "F#": 6, "G": 7, "G#": 8,
             "A": 9, "A#": 10, "B": 11}
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names[pitch] + 12 * (octave + 1) - 69) / 12)


def deal(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    mix_into(buf, noise_burst(rng, 0.11, 0.004, 0.03, 3500, 0.5), 0)
    mix_into(buf, thump(0.06, 140, 0.15), 0.06)
    return buf


def play(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    mix_into(buf, noise_burst(rng, 0.05, 0.001, 0.012, 6000, 0.55), 0)
    mix_into(buf, thump(0.12, 110, 0.45), 0.005)
    return buf


def collect(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    for k in range(4):
        mix_into(buf, noise_burst(rng, 0.09, 0.01, 0.025, 2500 + 400 * k, 0.35), 0.05 * k)
    mix_into(buf, thump(0.1, 120, 0.3), 0.2)
    return buf


def cut(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    mix_into(buf, noise_burst(rng, 0.08, 0.002, 0.02, 4500, 0.5), 0)
    mix_into(buf, thump(0.08, 160, 0.25), 0.02)
    mix_into(buf, noise_burst(rng, 0.1, 0.002, 0.025, 3500, 0.45), 0.16)
    mix_into(buf, thump(0.1, 120, 0.3), 0.18)
    return buf


def beloz(rng: random.Random) -> list[float]:
    """"BeloZ!": a bright two-note call, like a marimba."""
    buf = silence(0.0)
    mix_into(buf, tone(note("G5"), 0.25, 0.004, 0.08, 0.35, 0.4), 0)
    mix_into(buf, tone(note("C6"), 0.5, 0.004, 0.16, 0.35, 0.4), 0.12)
    mix_into(buf, tone(note("E6"), 0.5, 0.004, 0.16, 0.18, 0.4), 0.12)
    return buf


def won(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    for k, n in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(buf, tone(note(n), 0.35, 0.005, 0.12, 0.28), 0.11 * k)
    for n in ("C5", "E5", "G5", "C6"):
        mix_into(buf, tone(note(n), 1.0, 0.01, 0.35, 0.14), 0.48)
    return buf


def lost(rng: random.Random) -> list[float]:
    buf = silence(0.0)
    for k, n in enumerate(("G4", "D#4", "C4")):
        mix_into(buf, tone(note(n), 0.6, 0.01, 0.2 + 0.1 * k, 0.3, 0.15), 0.22 * k)
    return buf


SOUNDS = {
    "deal": deal, "play": play, "collect": collect, "cut": cut,
    "beloz": beloz, "won": won, "lost": lost,
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = 0.85 * 32767 / max(peak, 0.85)  # never clip; leave quiet sounds quiet
    fade = min(len(samples), int(RATE * 0.005))
    for i in range(fade):  # no click at the end
        samples[-1 - i] *= i / fade
    data = array.array("h", (int(max(-32767, min(32767, v * scale))) for v in samples))
    if sys.byteorder == "big":  # WAV samples are little-endian
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, make) in enumerate(SOUNDS.items()):
        path = OUT_DIR / f"{name}.wav"
        write(path, make(random.Random(1000 + i)))
        total += path.stat().st_size
        print(f"{path.name}: {path.stat().st_size} bytes")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    main()
