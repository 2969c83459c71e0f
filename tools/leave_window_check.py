"""The window closed a moment after a hand's last card, then Continue: the hand is scored,
counted and kept, once (docs/files.md, "Leaving at any step").

For each delay (0.3 to 3.0 s by default) a fresh data folder, and two processes:

1. a person's match in a real window (the person's seat answers the simplest way, the
   settings' computer players at Beginner); DELAY seconds after the last card of its first
   hand, the window gets the event a window manager sends when it is closed (QUIT), and
   closes as it does for a person (the table saves the match where it stands);
2. the game started again on its menu, Continue clicked (a mouse click on the button), a few
   seconds of play, a PNG of the window, the window closed.

Then stats.json must count exactly one hand, and the save must hold that hand in the
match's history and kept for its review.  Run under Xvfb for a real window:

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python tools/leave_window_check.py

(without a display it runs on SDL's dummy driver and says so).  PNGs in build/leave-check/.
Exit 0 when every delay kept its hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the game's package, run as a script from tools/
DELAYS = (0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3.0)
OUT = ROOT / "build" / "leave-check"


def close_after_last_card(delay: float, seed: int) -> str:
    """Phase 1, in this process: returns where the match stood when the window closed."""
    import pygame

    from beloz.ui.app import App
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.table import TableScene

    app = App(size=(1280, 800))
    scene = TableScene(app, new_match=True, seed=seed)
    app.push(scene)
    flow = scene.flow
    last: list[float] = []

    def hook(step: object) -> None:
        hand = flow.hand
        if getattr(step, "kind", None) is StepKind.PLAY and hand is not None \
                and hand.is_terminal() and not last:
            last.append(time.monotonic())

    flow.after_apply.append(hook)
    where = "the match never reached a last card"
    app.running = True
    app.clock.tick()
    while app.running:
        app.step(app.tick())
        step = scene.step
        if scene.phase == "human" and step is not None and not last:
            if step.kind is StepKind.CUT:
                scene.press("cut")
            elif step.kind is StepKind.DEAL:
                scene.press("deal3")
            elif step.kind is StepKind.BID:
                scene.press("take" if "take" in scene.buttons else "pass")
            elif step.kind is StepKind.PLAY:
                scene.try_play(step.data["legal"][0])
        if last and time.monotonic() - last[0] >= delay:
            pending = "on the table" if flow.pending_collect is not None else "gathered"
            where = (f"{flow.stage}, the last expedition {pending}, "
                     f"{len(flow.match.history)} hand(s) scored")
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            last.append(float("inf"))  # posted once
    app.close()
    return where


def continue_and_look(png: Path, seconds: float = 5.0) -> None:
    """Phase 2, in this process: the menu, Continue clicked, a few seconds, a PNG."""
    import pygame

    from beloz.ui.app import App
    from beloz.ui.scenes.menu import MenuScene

    app = App(size=(1280, 800))
    menu = MenuScene(app)
    app.push(menu)
    for _ in range(5):
        app.step(app.tick())
    button = menu.buttons["continue"]
    pos = button.rect.center  # the pointer comes over the button, then clicks it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(app.tick())
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(app.tick())
    png.parent.mkdir(parents=True, exist_ok=True)
    app.screenshot(png)
    app.close()


def check(delay: float, seed: int) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="beloz-leave-") as data:
        Path(data, "settings.json").write_text(
            json.dumps({"schema": 1, "level": "beginner", "language": "en"}), encoding="utf-8")
        env = dict(os.environ, BELOZ_DATA_DIR=data)
        me = [sys.executable, str(Path(__file__).resolve())]
        first = subprocess.run(me + ["--close", str(delay), str(seed)], env=env, cwd=ROOT,
                               capture_output=True, text=True, timeout=600)
        where = (first.stdout.strip().splitlines() or ["?"])[-1]
        png = OUT / f"continue-after-{delay:.1f}s.png"
        second = subprocess.run(me + ["--continue", str(png)], env=env, cwd=ROOT,
                                capture_output=True, text=True, timeout=600)
        if first.returncode or second.returncode:
            return False, f"exit {first.returncode}/{second.returncode}: {second.stderr[-500:]}"
        stats = json.loads(Path(data, "stats.json").read_text(encoding="utf-8"))
        save = json.loads(Path(data, "savegame.json").read_text(encoding="utf-8"))
        kept = [k["number"] for k in save.get("kept", [])]
        ok = stats.get("hands_played") == 1 and len(save["match"]["history"]) == 1 \
            and kept == [1]
        return ok, (f"closed {delay:.1f} s after the last card ({where}); after Continue: "
                    f"{stats.get('hands_played')} hand counted, {len(save['match']['history'])}"
                    f" in the history, kept {kept}; {png.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--close"]:
        print(close_after_last_card(float(argv[1]), int(argv[2])))
        return 0
    if argv[:1] == ["--continue"]:
        continue_and_look(Path(argv[1]))
        return 0
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        print("no display: SDL's dummy driver, not a real window (run under xvfb-run)")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    lost = 0
    for i, delay in enumerate(DELAYS):
        ok, said = check(delay, 10 + i)
        lost += not ok
        print(("kept " if ok else "LOST ") + said, flush=True)
    print(f"{len(DELAYS) - lost} of {len(DELAYS)} hands scored, counted and kept once")
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
