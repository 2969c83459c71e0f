"""Frame times while an Expert computer player thinks (target: p95 ≤ 33 ms).

Drives the real App headless (SDL dummy drivers) at its normal 60 FPS cap.  With the table
scene present, four Expert players autoplay a match at normal animation speed, their
decisions on ``app.worker``; otherwise a stand-in scene keeps an Expert player deciding on
the worker without pause.  Prints the frame interval the player would see (flip to flip)
and the frame's own work, as median / p95 / max, overall and for the frames drawn while a
decision was being computed.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any

SECONDS = float(os.environ.get("BELOZ_BENCH_FRAME_SECONDS", "20"))
TARGET_P95_MS = 33.0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _strongest_player() -> str:
    from beloz.ai.player import make_player

    for spec in ("pimc:expert", "heuristic", "random"):
        try:
            make_player(spec, 0)
            return spec
        except (ValueError, ImportError):
            continue
    return "random"


class DecidingScene:
    """Stand-in for the table: one Expert decision after another on the worker."""

    transparent = False
    pausable = True

    def __init__(self, app: Any, spec: str) -> None:
        from beloz.ai.player import make_player
        from beloz.rules.state import TAKE, HandState, Phase

        self.app = app
        self.player = make_player(spec, 7)
        self.rng = random.Random(7)
        self.HandState, self.Phase, self.TAKE = HandState, Phase, TAKE
        self.job: Any = None
        self.decisions = 0

    def _new_view(self) -> Any:
        deck = list(range(32))
        self.rng.shuffle(deck)
        hand = self.HandState.deal(deck, dealer=0)
        hand.apply(self.TAKE)  # the first bidder takes: the hand goes to play
        for _ in range(self.rng.randrange(12)):  # then a few cards into the hand
            hand.apply(self.rng.choice(hand.legal_actions()))
        return hand.view(hand.current)

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: Any) -> bool:
        return False

    def update(self, dt: float) -> None:
        if self.job is None or self.job.done():
            if self.job is not None:
                self.decisions += 1
            self.job = self.app.worker.submit(self.player.play, self._new_view())

    def draw(self, surface: Any) -> None:
        surface.blit(self.app.art.table(surface.get_size()), (0, 0))


def _line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:<26} no frames"
    ms = [v * 1000 for v in values]
    return (f"  {name:<26} median {statistics.median(ms):5.1f} ms   p95 "
            f"{_percentile(ms, 0.95):5.1f} ms   max {max(ms):6.1f} ms   ({len(ms)} frames)")


def measure(what: str, make_scene: Any, seconds: float) -> float:
    """Run one scene in a fresh App for ``seconds``; print the figures; return the p95 frame
    interval (ms) over the frames drawn while the AI was thinking (all frames if none)."""
    from beloz.settings import Settings
    from beloz.ui.app import FPS, App

    settings = Settings(language="en", level="expert", sound=False)
    app = App(size=(1280, 800), settings=settings, save=False)
    app.push(make_scene(app))
    intervals: list[float] = []
    busy: list[float] = []
    work: list[float] = []
    start = last = time.perf_counter()
    frame = 0
    while app.running and time.perf_counter() - start < seconds:
        dt = app.clock.tick(FPS) / 1000.0
        thinking = app.worker.busy
        app.step(dt)
        now = time.perf_counter()
        frame += 1
        if frame > 5:  # the first frames build fonts and caches
            intervals.append(now - last)
            work.append(app.frame_times[-1])
            if thinking:
                busy.append(now - last)
        last = now
    decisions = getattr(app.top, "decisions", None)
    app.close()
    extra = f", {decisions} decisions" if decisions is not None else ""
    print(f"{what} ({seconds:.0f} s{extra}):")
    print(_line("frame interval, all", intervals))
    print(_line("frame interval, AI busy", busy))
    print(_line("frame work, all", work))
    return _percentile([v * 1000 for v in (busy or intervals)], 0.95)


def run() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("BELOZ_DATA_DIR", tempfile.mkdtemp(prefix="beloz-bench-"))
    from beloz.ui.app import FPS

    spec = _strongest_player()
    print(f"App headless, 1280x800, {FPS} FPS cap, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}")
    results = []
    try:
        from beloz.ui.scenes.table import TableScene

        def table(app: Any) -> Any:
            return TableScene(app, new_match=True, autoplay=True, seed=11)

        results.append(measure("table scene, four Expert players autoplay", table, SECONDS))
    except ImportError:
        print("(no table scene yet)")
    results.append(measure(f"stand-in scene, {spec} deciding without pause",
                           lambda app: DecidingScene(app, spec), SECONDS / 2))
    p95 = max(results)
    verdict = "ok" if p95 <= TARGET_P95_MS else "OVER TARGET"
    print(f"worst p95 frame interval while thinking: {p95:.1f} ms "
          f"(target ≤ {TARGET_P95_MS:.0f} ms): {verdict}; "
          f"GIL switch interval {sys.getswitchinterval() * 1000:.1f} ms")


if __name__ == "__main__":
    run()
