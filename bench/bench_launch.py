"""Bundle size and launch time: from starting the process to the window, its first frame
(the splash: the table's green and the name, beloz/ui/splash.py) and the menu.

The game is started as a player starts it (the main menu), under SDL's dummy video and audio
drivers, with ``--exit-after-first-frame``: it prints the wall clock (``time.time()``) at
which its window opened, its splash was shown and its menu was drawn, and exits.  Those are
measured here against the wall clock just before the process was started, so the figures
include everything a player waits through: the bootloader, the interpreter, the imports
(and, for the Windows bundle, Wine starting the program).  Medians of ``RUNS`` runs after one
warm-up run (the OS file cache), for the Linux bundle (``dist/BeloZ``, ``make exe``), the
Windows bundle under Wine (``dist/BeloZ-windows``, ``make exe-windows``; when Wine is here)
and from source (``python main.py``).

    python -m bench launch        python bench/bench_launch.py
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
RUNS = 7
WINE_RUNS = 3  # each start under Wine takes seconds
CLOCK = re.compile(r"launch clock: opened=([\d.]+) splash=([\d.]+) menu=([\d.]+)")


def executable() -> Path:
    return DIST / "BeloZ" / ("BeloZ.exe" if sys.platform == "win32" else "BeloZ")


def folder_mb(path: Path) -> float:
    """Bytes of the files under ``path`` (a symlink counts for its own few bytes), in MB."""
    total = 0
    for dirpath, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(dirpath, name)).st_size
    return total / 2**20


def launch(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """One launch: ms from the start to the window opening, to its first frame, to the
    menu's frame."""
    start = time.time()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    m = CLOCK.search(proc.stdout)
    if proc.returncode != 0 or m is None:
        raise RuntimeError(f"{cmd[0]} failed ({proc.returncode}): {proc.stdout}{proc.stderr}")
    opened, splash, menu = (float(v) for v in m.groups())
    return (opened - start) * 1000, (splash - start) * 1000, (menu - start) * 1000


def measure(name: str, cmd: list[str], env: dict[str, str] | None = None,
            runs: int = RUNS) -> dict[str, float]:
    """Prints and returns the medians (ms): window, first frame, menu, first frame after
    the window."""
    with tempfile.TemporaryDirectory(prefix="beloz-launch-") as data:
        env = dict(env or os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        env["BELOZ_DATA_DIR"] = data if not cmd[0] == "wine" else windows_path(Path(data))
        launch(cmd, env)  # warm-up: file cache, the settings file
        times = [launch(cmd, env) for _ in range(runs)]
    window, first, menu = (statistics.median(t[i] for t in times) for i in range(3))
    gap = statistics.median(t[1] - t[0] for t in times)
    print(f"{name:15s} start to window {window:5.0f} ms, to first frame {first:5.0f} ms "
          f"(window to first frame {gap:3.0f} ms), to menu {menu:5.0f} ms "
          f"(medians of {runs}; menu min {min(t[2] for t in times):.0f}, "
          f"max {max(t[2] for t in times):.0f})")
    return {"window": window, "first": first, "menu": menu, "gap": gap}


def windows_path(path: Path) -> str:
    return "Z:" + str(path.resolve()).replace("/", "\\")


def windows_bundle() -> None:
    exe = DIST / "BeloZ-windows" / "BeloZ.exe"
    if not exe.is_file() or shutil.which("wine") is None or sys.platform == "win32":
        print("windows bundle: dist/BeloZ-windows is not built (or no Wine here): run "
              "`make exe-windows` to measure it under Wine")
        return
    sys.path.insert(0, str(ROOT / "tools"))
    import windows_build  # noqa: E402 (tools/: the clone's Wine prefix and environment)

    print(f"windows bundle: dist/BeloZ-windows {folder_mb(exe.parent):.1f} MB")
    measure("windows (Wine)", ["wine", windows_path(exe), "--exit-after-first-frame"],
            windows_build.wine_env(), runs=WINE_RUNS)


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
    windows_bundle()
    measure("source", [sys.executable, str(ROOT / "main.py"), "--exit-after-first-frame"])


if __name__ == "__main__":
    run()
