"""Soak: ``main.py --autoplay --fast --matches N`` headless, one process, and its memory.

Passes when every match ends (N final scores), the process exits 0 and writes no crash
log, and memory stays flat: the resident set after match 10 and after match N, the peak
(``ru_maxrss``), and optionally (``--traced``) the Python heap that tracemalloc sees.

The computer players are the search-free ``heuristic`` ones by default: the soak tests the
game's plumbing (scenes, sprites, saves, statistics, the worker, pygame_gui), not the AI,
and 200 matches of Expert players would take hours.  ``--level standard`` runs the real
default opponents (about 3 s a match on the development machine).

    python -m bench.bench_soak --matches 200 [--level heuristic] [--traced]   (make soak)
    python -m bench soak                                     (a 50-match run)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = re.compile(
    r"memory: match (\d+) rss ([\d.]+) MB peak ([\d.]+) MB traced (-?[\d.]+) MB objects (\d+)"
)
#: Growth of the resident set between match 10 and the last match still called "flat".
FLAT_MB = 8.0


@dataclass
class Soak:
    matches: int
    level: str
    seconds: float
    peak_mb: float  # ru_maxrss of the child
    rss_10: float  # resident set after match 10 (or the last, for shorter runs), MB
    rss_last: float
    objects_10: int  # objects the garbage collector tracks
    objects_last: int
    traced_10: float  # tracemalloc's current heap, MB (-1 when not traced)
    traced_last: float

    @property
    def growth(self) -> float:
        return self.rss_last - self.rss_10


def soak(matches: int, level: str, traced: bool = False, seed: int = 1) -> Soak:
    """Run the soak in a child process; returns its figures (RuntimeError on any failure)."""
    with tempfile.TemporaryDirectory(prefix="beloz-soak-") as data:
        env = dict(os.environ, BELOZ_DATA_DIR=data, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("PYTHONTRACEMALLOC", None)
        if traced:
            env["PYTHONTRACEMALLOC"] = "1"
        cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--memory",
               "--matches", str(matches), "--level", level, "--seed", str(seed)]
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
        elapsed = time.perf_counter() - start
        crash_logs = sorted(p.name for p in Path(data, "logs").glob("crash-*.log"))
    finals = [line for line in proc.stdout.splitlines() if line.startswith("Final score")]
    mem = {int(m[1]): m for m in MEMORY.finditer(proc.stdout)}
    problems = []
    if proc.returncode != 0:
        problems.append(f"exit code {proc.returncode}")
    if len(finals) != matches or len(mem) != matches:
        problems.append(f"{len(finals)} final scores for {matches} matches")
    if crash_logs:
        problems.append(f"crash logs: {crash_logs}")
    if "Traceback" in proc.stderr:
        problems.append("a traceback on stderr")
    if problems:
        raise RuntimeError("soak failed: " + "; ".join(problems) + "\n" + proc.stderr[-3000:])
    first, last = mem[min(10, matches)], mem[matches]
    return Soak(
        matches=matches, level=level, seconds=elapsed, peak_mb=float(last[3]),
        rss_10=float(first[2]), rss_last=float(last[2]),
        objects_10=int(first[5]), objects_last=int(last[5]),
        traced_10=float(first[4]), traced_last=float(last[4]),
    )


def report(r: Soak) -> None:
    n = r.matches
    print(f"soak: {n} matches, level {r.level}, {r.seconds:.0f} s "
          f"({r.seconds / n:.2f} s a match), no exception, no crash log")
    print(f"  peak RSS (ru_maxrss): {r.peak_mb:.1f} MB")
    verdict = "flat" if r.growth <= FLAT_MB else "GROWING"
    print(f"  RSS after match {min(10, n)}: {r.rss_10:.1f} MB, after match {n}: "
          f"{r.rss_last:.1f} MB ({r.growth:+.1f} MB: {verdict})")
    print(f"  GC-tracked objects after match {min(10, n)}: {r.objects_10}, after match {n}: "
          f"{r.objects_last}")
    if r.traced_last >= 0:
        print(f"  tracemalloc heap after match {min(10, n)}: {r.traced_10:.2f} MB, "
              f"after match {n}: {r.traced_last:.2f} MB")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--level", default="heuristic",
                   choices=("heuristic", "random", "beginner", "standard", "expert"))
    p.add_argument("--traced", action="store_true",
                   help="a second run under tracemalloc, for the Python heap")
    args = p.parse_args(argv)
    r = soak(args.matches, args.level)
    report(r)
    if args.traced:
        print("under tracemalloc:")
        report(soak(args.matches, args.level, traced=True))
    return 0 if r.growth <= FLAT_MB else 1


def run() -> None:
    """``python -m bench``: a shorter soak, 50 matches of heuristic players."""
    report(soak(50, "heuristic"))


if __name__ == "__main__":
    raise SystemExit(main())
