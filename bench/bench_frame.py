"""Frame times while Expert computer players think (target: p95 ≤ 33 ms).

The real thing: the real ``App`` headless (SDL dummy drivers) at 1280 × 800 and its 60 FPS
cap, the real ``TableScene`` with four Expert players autoplaying a match at normal
animation speed, their decisions on ``app.worker``.  The same matches are run with the
worker's helper process (how the game runs) and with the thread fallback, in alternating
slices so that both see the same machine load (slice k: match seed 11 + k, from its first
deal).  A frame counts as a *decision frame* when an Expert decision was pending at its
start or at its end; for those frames and for all frames the bench prints the frame
interval the player sees (flip to flip) as median / p95 / max and the number of frames,
and the frame's own work (events, update, draw, flip).

``BELOZ_BENCH_FRAME_SECONDS`` (default 60) is the time per worker mode;
``BELOZ_BENCH_FRAME_PROFILE=1`` adds a cProfile of the table scene's own drawing.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

SECONDS = float(os.environ.get("BELOZ_BENCH_FRAME_SECONDS", "60"))
SLICES = 2  # alternating slices per mode
SIZE = (1280, 800)
SEED = 11
TARGET_P95_MS = 33.0
WARMUP_FRAMES = 5  # the first frames build fonts and caches


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Figures:
    intervals: list[float] = field(default_factory=list)  # every frame, ms
    busy: list[float] = field(default_factory=list)  # decision frames, ms
    work: list[float] = field(default_factory=list)  # a frame's own work, ms
    busy_work: list[float] = field(default_factory=list)
    draw: list[float] = field(default_factory=list)  # the scenes' drawing, ms
    decisions: list[float] = field(default_factory=list)  # seconds each decision took
    helper_starts: int = 0  # summed over the slices

    def line(self, name: str, values: list[float]) -> str:
        if not values:
            return f"  {name:<28} no frames"
        return (f"  {name:<28} median {statistics.median(values):5.1f} ms   p95 "
                f"{_percentile(values, 0.95):5.1f} ms   max {max(values):6.1f} ms   "
                f"({len(values)} frames)")


def _table_app(mode: str, seed: int = SEED) -> Any:
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.table import TableScene
    from beloz.ui.worker import Worker

    settings = Settings(language="en", level="expert", sound=False)
    app = App(size=SIZE, settings=settings, save=False)
    app.worker = Worker(mode=mode)
    app.push(TableScene(app, new_match=True, autoplay=True, seed=seed))
    return app


def measure(app: Any, figures: Figures, seconds: float) -> None:
    """Run ``app`` for ``seconds`` more, adding to ``figures``."""
    from beloz.ui.app import FPS
    from beloz.ui.procworker import Decision

    worker = app.worker
    submit = worker.submit
    jobs: list[Any] = []

    def counting_submit(fn: Any, *args: Any, **kw: Any) -> Any:
        job = submit(fn, *args, **kw)
        if isinstance(fn, Decision):
            jobs.append(job)
        return job

    worker.submit = counting_submit
    scene_draw = app.draw
    draw_ms: list[float] = []

    def timed_draw(surface: Any) -> None:
        t = time.perf_counter()
        scene_draw(surface)
        draw_ms.append((time.perf_counter() - t) * 1000)

    app.draw = timed_draw
    start = last = time.perf_counter()
    frames = 0
    while app.running and time.perf_counter() - start < seconds:
        before = worker.thinking
        dt = app.clock.tick(FPS) / 1000.0
        app.step(dt)
        now = time.perf_counter()
        frames += 1
        if frames > WARMUP_FRAMES:
            ms = (now - last) * 1000
            work = app.frame_times[-1] * 1000
            figures.intervals.append(ms)
            figures.work.append(work)
            figures.draw.append(draw_ms[-1])
            if before or worker.thinking:
                figures.busy.append(ms)
                figures.busy_work.append(work)
        last = now
    del worker.submit, app.draw
    figures.decisions += [j.seconds for j in jobs if j._finished.is_set() and not j.cancelled]
    if worker.process is not None:
        figures.helper_starts += worker.process.starts


def profile_draw(seconds: float = 30.0) -> None:
    """Where the table scene's own drawing goes (cProfile, cumulative)."""
    import cProfile
    import pstats

    from beloz.ui.app import FPS

    app = _table_app("process")
    prof = cProfile.Profile()
    scene = app.top
    draw = scene.draw

    def profiled(surface: Any) -> None:
        prof.enable()
        draw(surface)
        prof.disable()

    scene.draw = profiled
    start = time.perf_counter()
    frames = 0
    while app.running and time.perf_counter() - start < seconds:
        app.step(app.clock.tick(FPS) / 1000.0)
        frames += 1
    app.close()
    print(f"table scene draw, cProfile over {frames} frames (top 18 by cumulative time):")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(18)


def run() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("BELOZ_DATA_DIR", tempfile.mkdtemp(prefix="beloz-bench-"))
    from beloz.ui.app import FPS

    print(f"App headless, {SIZE[0]}x{SIZE[1]}, {FPS} FPS cap, table scene, four Expert "
          f"players autoplay; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}; {SECONDS:.0f} s per worker mode in {SLICES} slices")
    modes = ("process", "thread")
    figures = {m: Figures() for m in modes}
    for k in range(SLICES):  # slice k: match seed SEED + k, from its start, in both modes
        for mode in modes:
            app = _table_app(mode, SEED + k)
            try:
                measure(app, figures[mode], SECONDS / SLICES)
            finally:
                app.close()
    for mode in modes:
        f = figures[mode]
        ds = f.decisions
        extra = f", helper process started {f.helper_starts}x" if mode == "process" else ""
        print(f"{mode} worker: {len(ds)} Expert decisions, median "
              f"{statistics.median(ds) * 1000 if ds else 0:.0f} ms, max "
              f"{max(ds, default=0) * 1000:.0f} ms{extra}")
        print(f.line("frame interval, decision", f.busy))
        print(f.line("frame interval, all", f.intervals))
        print(f.line("frame work, decision", f.busy_work))
        print(f.line("scene drawing, all", f.draw))
    busy = figures["process"].busy
    if busy:
        p95 = _percentile(busy, 0.95)
        verdict = "ok" if p95 <= TARGET_P95_MS else "OVER TARGET"
        print(f"p95 frame interval while an Expert decides (process worker): {p95:.1f} ms "
              f"(target ≤ {TARGET_P95_MS:.0f} ms): {verdict}")
    else:
        print("no decision frames: run longer (BELOZ_BENCH_FRAME_SECONDS)")
    if os.environ.get("BELOZ_BENCH_FRAME_PROFILE"):
        profile_draw()


if __name__ == "__main__":
    run()
