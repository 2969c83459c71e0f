"""CPU share of the table waiting for the player (target: ≤ 5 % of one core).

The real ``App`` headless (SDL dummy drivers) at 1280 × 800 with its own frame pacing
(``App.tick``: 60 FPS, fewer while nothing on screen changes), the real ``TableScene``
mid-hand waiting for the person to play a card, nobody touching the mouse or the keys.
The figure is the process's CPU time over the wall time.  The same table is measured with
``always_draw`` (every frame drawn, as the window did before it learnt to be still) in
alternating slices, so that both see the same machine load.

Second, the frames while the table animates must not suffer: four Beginner players
autoplay a match at normal speed, paced by ``App.tick`` as in the game, in the same two
modes in alternating slices; the bench prints the frame interval's median and p95 over the
frames in the middle of a motion (tweens running before and after the frame); ``python -m
bench frame`` measures the frames while an Expert thinks.

Third, every scene of the registry (``beloz.ui.scene_registry``: the menu and its screens,
the lessons, the practice, the table in its named states, the review) at rest at 1280 × 800,
in the same two modes in alternating slices: drawing every frame is what the menu,
Settings, How to play and the other screens of widgets did before they learnt to be still
(their ``needs_redraw`` was True); ``BELOZ_BENCH_IDLE_SCENE_SECONDS`` (default 2) per mode
and scene.  ``python -m bench.bench_idle scenes`` runs this part alone.

``BELOZ_BENCH_IDLE_SECONDS`` (default 20) is the time per mode, for each of the two
parts.  The dummy video driver has no X server behind it: under a software X server each
drawn frame also costs the server's time (another process).  To measure that::

    Xvfb :77 -screen 0 1920x1080x24 & XPID=$!
    DISPLAY=:77 SDL_VIDEODRIVER=x11 BELOZ_BENCH_IDLE_XPID=$XPID python -m bench idle

prints the X server's CPU share beside the game's.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

SECONDS = float(os.environ.get("BELOZ_BENCH_IDLE_SECONDS", "20"))
SCENE_SECONDS = float(os.environ.get("BELOZ_BENCH_IDLE_SCENE_SECONDS", "2"))
SLICES = 2
SIZE = (1280, 800)
SEED = 3
TARGET = 0.05


def waiting_table(seed: int = SEED) -> Any:
    """The App with a table mid-hand, the person to play."""
    from beloz.rules.state import Phase
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.table import TableScene
    from beloz.ui.scenes.table.screenshots import _drive

    settings = Settings(language="en", level="beginner", sound=False)
    app = App(size=SIZE, settings=settings, save=False)
    scene = TableScene(app, new_match=True, seed=seed)
    app.push(scene)
    app.fast = True  # deal and play up to the person's turn at once

    def my_turn() -> bool:
        h = scene.flow.hand
        return (h is not None and h.phase is Phase.PLAY and len(h.tricks) >= 2
                and scene.step is not None and scene.step.kind is StepKind.PLAY
                and scene.step.human and scene.phase == "human")

    _drive(scene, my_turn)
    app.fast = False
    return app


def scene_at_rest(name: str, size: tuple[int, int] = SIZE) -> Any:
    """The App, not fast, with the registry's scene ``name`` on it (set up in fast mode, as
    the screenshots are), no event waiting."""
    import pygame

    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scene_registry import push_scene

    app = App(size=size, fast=True, settings=Settings(language="en", level="beginner",
                                                      sound=False), save=False)
    push_scene(app, name, 1)
    for _ in range(4):  # layouts, fonts and the UI manager settle
        app.step(1 / 60)
    app.fast = False
    pygame.event.clear()
    return app


def scenes() -> float:
    """Every scene at rest, both modes side by side; the highest quiet share."""
    from beloz.ui import game
    from beloz.ui.scene_registry import SHELL_SCENES, TABLE_SCENES

    game.WRITE_FILES = False  # no save, no statistics: the screens only
    print(f"Every scene at rest, {SIZE[0]}x{SIZE[1]}, {SCENE_SECONDS:.0f} s per mode and "
          f"scene in {SLICES} slices: CPU % of one core (frames drawn a second)")
    print(f"  {'scene':<16} {'screen':<18} {'every frame drawn':>20} {'quiet when idle':>18}")
    worst = 0.0
    for name in SHELL_SCENES + TABLE_SCENES:
        app = scene_at_rest(name)
        rs: dict[bool, list[tuple[float, int, int, float]]] = {False: [], True: []}
        try:
            for _ in range(SLICES):
                for always in (True, False):
                    rs[always].append(measure(app, SCENE_SECONDS / SLICES, always))
            screen = type(app.top).__name__
        finally:
            app.close()
        cells = []
        for always in (True, False):
            share = sum(r[0] for r in rs[always]) / SLICES
            drawn = sum(r[2] for r in rs[always]) / SCENE_SECONDS
            cells.append(f"{share * 100:5.1f} % ({drawn:4.1f}/s)")
            if not always:
                worst = max(worst, share)
        print(f"  {name:<16} {screen:<18} {cells[0]:>20} {cells[1]:>18}", flush=True)
    verdict = "ok" if worst <= TARGET else "OVER TARGET"
    print(f"Highest CPU share of a scene at rest: {worst * 100:.1f} % (target ≤ "
          f"{TARGET * 100:.0f} %): {verdict}")
    return worst


def _server_cpu() -> float:
    """CPU seconds of the X server named by ``BELOZ_BENCH_IDLE_XPID`` (0 without one)."""
    pid = os.environ.get("BELOZ_BENCH_IDLE_XPID")
    if not pid:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(app: Any, seconds: float, always_draw: bool) -> tuple[float, int, int, float]:
    """(CPU share, frames, frames drawn, X server's CPU share) of ``app`` running alone for
    ``seconds``."""
    app.always_draw = always_draw
    for _ in range(30):  # the person's turn settles (the hover, the prompt) before timing
        app.step(app.tick())
    frames = drawn = 0
    wall, cpu, server = time.perf_counter(), time.process_time(), _server_cpu()
    while time.perf_counter() - wall < seconds:
        app.step(app.tick())
        frames += 1
        drawn += not app.idle
    elapsed = time.perf_counter() - wall
    share = (time.process_time() - cpu) / elapsed
    return share, frames, drawn, (_server_cpu() - server) / elapsed


def animating(always_draw: bool, seconds: float, seed: int) -> list[float]:
    """Frame intervals (ms) in the middle of the cards' motions, Beginner players
    autoplaying."""
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.table import TableScene

    settings = Settings(language="en", level="beginner", sound=False)
    app = App(size=SIZE, settings=settings, save=False)
    app.always_draw = always_draw
    app.push(TableScene(app, new_match=True, autoplay=True, seed=seed))
    out: list[float] = []
    try:
        for _ in range(10):  # fonts and card images
            app.step(app.tick())
        scene = app.top
        start = last = time.perf_counter()
        while app.running and time.perf_counter() - start < seconds:
            moving = scene.tweens.busy
            app.step(app.tick())
            now = time.perf_counter()
            if moving and scene.tweens.busy:  # a frame in the middle of a card's motion
                out.append((now - last) * 1000)
            last = now
    finally:
        app.close()
    return out


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def run() -> None:
    _setup()
    t0 = time.perf_counter()
    print(f"App ({os.environ['SDL_VIDEODRIVER']} video), {SIZE[0]}x{SIZE[1]}, table waiting "
          f"for the person to play, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {SECONDS:.0f} s "
          f"per mode in {SLICES} slices")
    app = waiting_table()
    results: dict[bool, list[tuple[float, int, int, float]]] = {False: [], True: []}
    try:
        for _ in range(SLICES):
            for always in (True, False):
                results[always].append(measure(app, SECONDS / SLICES, always))
    finally:
        app.close()
    for always, name in ((True, "every frame drawn"), (False, "quiet when idle")):
        rs = results[always]
        share = sum(r[0] for r in rs) / len(rs)
        frames, drawn = sum(r[1] for r in rs), sum(r[2] for r in rs)
        server = (f", X server {sum(r[3] for r in rs) / len(rs) * 100:.1f} %"
                  if os.environ.get("BELOZ_BENCH_IDLE_XPID") else "")
        print(f"  {name:<18} CPU {share * 100:5.1f} % of one core   {frames / SECONDS:5.1f} "
              f"frames/s, {drawn / SECONDS:5.1f} drawn/s{server}")
    print(f"  (set-up and idle part {time.perf_counter() - t0:.0f} s)")
    frames: dict[bool, list[float]] = {False: [], True: []}
    for k in range(SLICES):
        for always in (True, False):
            frames[always] += animating(always, SECONDS / SLICES, SEED + k)
    for always, name in ((True, "every frame drawn"), (False, "quiet when idle")):
        ms = frames[always]
        print(f"  animating, {name:<18} frame interval median "
              f"{statistics.median(ms) if ms else 0:5.1f} ms   p95 {_p95(ms):5.1f} ms   "
              f"({len(ms)} frames)")
    quiet = sum(r[0] for r in results[False]) / SLICES
    loud = sum(r[0] for r in results[True]) / SLICES
    verdict = "ok" if quiet <= TARGET else "OVER TARGET"
    print(f"CPU share waiting for the player: {quiet * 100:.1f} % (target ≤ "
          f"{TARGET * 100:.0f} %): {verdict}; {loud / max(quiet, 1e-9):.0f}x less than "
          f"drawing every frame")
    scenes()


def _setup() -> None:
    # Beginner decisions are quick: a thread runs them without a helper process to start
    # (and wait for) in every slice.
    os.environ.setdefault("BELOZ_AI_WORKER", "thread")
    # SDL_VIDEODRIVER=x11 with DISPLAY set measures under a real (or Xvfb) X server.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("BELOZ_DATA_DIR", tempfile.mkdtemp(prefix="beloz-bench-"))


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["scenes"]:
        _setup()
        scenes()
    else:
        run()
