"""Leaving at a random moment: SIGTERM to an autoplay mid-match, then ``--resume``.

SIGTERM is what a desktop sends a window it closes (and what the window does with it: the
match is left and saved as when the person closes it).  Each run starts
``main.py --autoplay --fast --save --stats --level heuristic --seed S`` in a data folder of
its own, waits for its first save, sends SIGTERM after a random delay within the match, then
plays the match on with ``--resume --stats``.  The reference is the same match played
straight, in this process (``GameFlow``, the autoplay's own settings, counted in a folder of
its own): the resumed match must end with the same final score and the same stats.json
(every counter and ruleset section).  The sweep counts the runs that diverged (the target:
none), and how many signals left a complete hand in the save (its last expedition not yet
gathered: the moment the resume once lost).

    python -m bench leave [--runs 50]       (make bench runs it with 50)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.bench_soak import data_root, game_env

ROOT = Path(__file__).resolve().parents[1]
LEVEL = "heuristic"  # the search-free players: this measures leaving, not the AI
FIRST_SEED = 1000
#: A --fast match of heuristic players lasts 0.2-0.5 s once its first save is written.
MAX_DELAY = 0.25


def _counters(path: Path) -> dict[str, Any]:
    stats: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in stats.items() if k != "counted"}


def reference(seed: int) -> tuple[str, dict[str, Any]]:
    """The match played straight: its final line and its stats.json counters."""
    from beloz.rules.ruleset import get as get_ruleset
    from beloz.settings import Settings
    from beloz.ui.game import GameFlow

    with tempfile.TemporaryDirectory(prefix="beloz-straight-", dir=data_root()) as data:
        before = os.environ.get("BELOZ_DATA_DIR")
        os.environ["BELOZ_DATA_DIR"] = data
        try:
            s = Settings()
            flow = GameFlow(seed, level=s.level, autoplay=True, ruleset=get_ruleset(s.ruleset),
                            target=s.target)
            flow.set_level(LEVEL)
            flow.record_stats = True
            flow.run()
            counters = _counters(Path(data, "stats.json"))
        finally:
            if before is None:
                os.environ.pop("BELOZ_DATA_DIR", None)
            else:
                os.environ["BELOZ_DATA_DIR"] = before
    a, b = flow.match.scores
    return f"Final score: {a} - {b} (team {flow.match.winner()} wins)", counters


@dataclass
class Run:
    seed: int
    delay: float
    left: bool  # the signal came mid-match (else the match had ended)
    complete_hand: bool  # the save held a complete hand not yet scored
    same: bool


def one(seed: int, delay: float) -> Run:
    final, counters = reference(seed)
    with tempfile.TemporaryDirectory(prefix="beloz-leave-", dir=data_root()) as data:
        env = game_env(data)
        save = Path(data, "autoplay-save.json")
        cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--save",
               "--stats", "--level", LEVEL, "--seed", str(seed)]
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while not save.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(delay)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
        ended = [ln for ln in out.splitlines() if ln.startswith("Final score")]
        left = proc.returncode == 128 + signal.SIGTERM and not ended
        if not left:
            # Ended before the signal: it may still come as the game closes (after the
            # handler is put back: -SIGTERM).
            if not ended or proc.returncode not in (0, 128 + signal.SIGTERM, -signal.SIGTERM):
                raise RuntimeError(f"seed {seed}: exit {proc.returncode}\n{err[-2000:]}")
            same = ended == [final] and _counters(Path(data, "stats.json")) == counters
            return Run(seed, delay, False, False, same)
        if not save.exists():  # left mid-match with nothing to resume: the match is lost
            return Run(seed, delay, True, False, False)
        saved = json.loads(save.read_text(encoding="utf-8"))
        hand = saved.get("hand")
        complete = bool(hand) and len(hand.get("actions", ())) >= 32 and sum(
            hand["check"]["tricks_won"]) == 8
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--resume",
             "--stats"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or "Traceback" in done.stderr:
            raise RuntimeError(f"seed {seed}: --resume exit {done.returncode}\n"
                               + done.stderr[-2000:])
        got = [ln for ln in done.stdout.splitlines() if ln.startswith("Final score")]
        same = got == [final] and _counters(Path(data, "stats.json")) == counters
        return Run(seed, delay, True, complete, same)


def sweep(runs: int, seed: int = 1) -> list[Run]:
    rng = random.Random(seed)
    return [one(FIRST_SEED + i, rng.uniform(0.0, MAX_DELAY)) for i in range(runs)]


def report(results: list[Run]) -> int:
    left = [r for r in results if r.left]
    diverged = [r for r in results if not r.same]
    print(f"leave: {len(results)} autoplay matches (seeds {FIRST_SEED}-"
          f"{FIRST_SEED + len(results) - 1}, heuristic players), SIGTERM at a random moment")
    print(f"  {len(left)} left mid-match and resumed with --resume "
          f"({sum(r.complete_hand for r in left)} with a complete hand not yet scored in "
          f"the save), {len(results) - len(left)} had ended before the signal")
    print(f"  diverging from the same match played straight (final score or stats.json): "
          f"{len(diverged)} of {len(results)}"
          + (f" (seeds {[r.seed for r in diverged]})" if diverged else ""))
    return 1 if diverged else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--runs", type=int, default=50)
    args = p.parse_args(argv)
    return report(sweep(args.runs))


def run() -> None:
    """``python -m bench``: the sweep of 50 runs."""
    if report(sweep(50)):
        raise SystemExit("leave: a resumed match diverged")


if __name__ == "__main__":
    raise SystemExit(main())
