"""Bundle size and launch time: from starting the process to the first frame presented.

The game is started as a player starts it (the main menu), under SDL's dummy video and audio
drivers, with ``--exit-after-first-frame``: it prints the ms from its process start to the
first ``display.flip`` and exits.  Measured here from outside too: ``time.perf_counter``
around ``subprocess.run`` (that includes closing the window and the interpreter's exit).
Medians of ``RUNS`` runs after one warm-up run (the OS file cache), for the PyInstaller
bundle (``dist/BeloZ``, built by ``make exe``) and from source (``python main.py``).

    python -m bench launch        python bench/bench_launch.py
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
RUNS = 7
FIRST_FRAME = re.compile(r"first frame: (\d+) ms")


def executable() -> Path:
    return DIST / "BeloZ" / ("BeloZ.exe" if sys.platform == "win32" else "BeloZ")


def folder_mb(path: Path) -> float:
    """Bytes of the files under ``path`` (a symlink counts for its own few bytes), in MB."""
    total = 0
    for dirpath, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(dirpath, name)).st_size
    return total / 2**20


def launch(cmd: list[str], data_dir: str) -> tuple[float, float]:
    """One launch: (outside wall time, inside ms to the first frame), both in ms."""
    env = dict(os.environ, BELOZ_DATA_DIR=data_dir, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    wall = (time.perf_counter() - start) * 1000
    m = FIRST_FRAME.search(proc.stdout)
    if proc.returncode != 0 or m is None:
        raise RuntimeError(f"{cmd[0]} failed ({proc.returncode}): {proc.stdout}{proc.stderr}")
    return wall, float(m[1])


def measure(name: str, cmd: list[str], runs: int = RUNS) -> None:
    with tempfile.TemporaryDirectory(prefix="beloz-launch-") as data:
        launch(cmd, data)  # warm-up: file cache, the settings file
        walls, firsts = zip(*(launch(cmd, data) for _ in range(runs)), strict=True)
    print(f"{name:7s} launch to first frame: median {statistics.median(firsts):4.0f} ms "
          f"(min {min(firsts):.0f}, max {max(firsts):.0f}); whole run, start to exit, "
          f"measured outside: median {statistics.median(walls):4.0f} ms ({runs} runs)")


def run() -> None:
    exe = executable()
    if exe.is_file():
        size = folder_mb(exe.parent)
        zipped = DIST / "BeloZ.zip"
        zip_text = f", BeloZ.zip {zipped.stat().st_size / 2**20:.1f} MB" if zipped.is_file() else ""
        print(f"bundle: dist/BeloZ {size:.1f} MB{zip_text}")
        measure("bundle", [str(exe), "--exit-after-first-frame"])
    else:
        print("bundle: dist/BeloZ is not built: run `make exe` (PyInstaller, about a minute) "
              "to measure it")
    measure("source", [sys.executable, str(ROOT / "main.py"), "--exit-after-first-frame"])


if __name__ == "__main__":
    run()
