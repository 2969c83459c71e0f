"""Soak: many headless matches in one process, as a player would play them, and its memory.

The game runs ``main.py --autoplay --fast --memory --save --stats --leave-after-steps S
--matches N``: every match is saved after every bid and expedition (as a person's match
is), is left midway (the table closes and saves, as when the window is closed) and resumed
from its save, and every hand and match is counted in stats.json, seat 0 standing for the
person.  The soak passes when:

- the process exits 0, with no crash log and no traceback;
- every match ends (N final scores) and every match that was left was resumed;
- each resumed match is the same match as the one of the same seed played without leaving
  (a second run, the reference, in a data folder of its own): the same final score, match
  by match, and the same stats.json, every counter and every ruleset's section;
- stats.json counts the N matches and exactly the matches team 0 won, and no save is left
  (each finished match deletes its own);
- memory is flat once warmed up: the least-squares slope of the resident set (RSS) over
  the last half of the matches is at most ``SLOPE_MB`` per match.

Why the last half and that threshold: the resident set grows during the first matches
(pygame_gui's and the font caches, the card images, the allocator's arenas reaching their
working size: 72 → 94-119 MB over the first 50-200 matches in runs on the development machine)
and then stays level, so a comparison with an early match calls warm-up a leak.  The slope
of the last half ignores warm-up.  It still sees the allocator's later one-off steps (up to
5 MB up or 12 MB down were seen after match 100): a single step of h MB in the middle of n
points gives a slope of 1.5·h/n, so 75 kB a match for a 10 MB step over 200 matches.  What
a real leak looks like: one save's dict kept per save is about 14 kB (tracemalloc), 75-115
saves a match, so 1-1.6 MB a match; a table scene never freed keeps its own text and panel
surfaces, two of them a match here (the match is left and resumed).  ``SLOPE_MB`` = 0.1 MB
(100 kB) a match is above a 10 MB step and ten times below the smallest of those leaks; it
adds up to 20 MB over the last 200 matches of a 400-match soak.

The data dir is a fresh temporary directory, in /dev/shm when there is one: every save
ends with an fsync, which on a shared disk costs tens of ms and would make the soak
measure the disk rather than the game.

The computer players are the search-free ``heuristic`` ones by default: the soak tests the
game's plumbing (scenes, sprites, saves, statistics, the worker, pygame_gui), not the AI,
and hundreds of matches of Expert players would take hours.  ``--level standard`` runs the
real default opponents (a few seconds a match).

    python -m bench.bench_soak [--matches 400] [--level heuristic] [--traced]   (make soak)
    python -m bench soak                                     (a 50-match run, no verdict)

Exit status 0 when the soak passes, 1 when memory grows, and a RuntimeError (exit 1, its
message on stderr) for any other failure.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEMORY = re.compile(
    r"memory: match (\d+) rss ([\d.]+) MB peak ([\d.]+) MB traced (-?[\d.]+) MB objects (\d+)"
)
FINAL = re.compile(r"^Final score: \d+ - \d+ \(team (\d) wins\)$", re.M)
FINAL_LINE = re.compile(r"^Final score: .*$", re.M)
RESUMED = re.compile(r"^resumed match (\d+) at hand \d+$", re.M)
#: The largest slope of the resident set over the last half still called flat (module doc).
SLOPE_MB = 0.1
#: Each match is left after this many game steps and resumed from its save: mid-match for
#: heuristic players (a match takes 330-440 steps, 7-10 deals).
LEAVE_AFTER_STEPS = 150
#: Fewer matches than this give no verdict on memory (too few points after warm-up).
MIN_MATCHES_FOR_VERDICT = 40


@dataclass
class Soak:
    matches: int
    level: str
    seconds: float
    cpu_seconds: float  # user + system time of the child (the machine may be shared)
    resumed: int  # matches left midway and resumed from their save
    hands_counted: int  # hands_played in stats.json
    won: int  # matches team 0 won (stats.json agrees)
    peak_mb: float  # the child's own peak RSS (VmHWM; beloz.cli.autoplay.memory_line)
    rss: list[float]  # resident set after each match, MB
    objects: list[int]  # objects the garbage collector tracks, after each match
    traced: list[float]  # tracemalloc's current heap, MB (-1 when not traced)

    @property
    def half(self) -> int:
        """The first match of the last half (1-based)."""
        return self.matches // 2 + 1

    @property
    def slope(self) -> float:
        """MB per match: least-squares slope of the RSS over the last half."""
        return slope(self.rss[self.half - 1:])

    @property
    def flat(self) -> bool:
        return self.slope <= SLOPE_MB


def slope(ys: list[float]) -> float:
    """The least-squares slope of ``ys`` against 0, 1, 2 ... (0 for fewer than 2 points)."""
    n = len(ys)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(ys) / n
    sxy = sum((i - mx) * (y - my) for i, y in enumerate(ys))
    sxx = sum((i - mx) ** 2 for i in range(n))
    return sxy / sxx


def data_root() -> str | None:
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def game_env(data: str) -> dict[str, str]:
    env = dict(os.environ, BELOZ_DATA_DIR=data, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONTRACEMALLOC", None)
    return env


def _counters(stats: dict[str, Any]) -> dict[str, Any]:
    """stats.json without its count-once marks (they name the matches, which each run names
    anew)."""
    return {k: v for k, v in stats.items() if k != "counted"}


def straight(matches: int, level: str, seed: int = 1) -> tuple[list[str], dict[str, Any]]:
    """The reference: the same matches played without leaving, in a data folder of their
    own.  Returns their final score lines, in order, and their stats.json."""
    with tempfile.TemporaryDirectory(prefix="beloz-straight-", dir=data_root()) as data:
        cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--save",
               "--stats", "--matches", str(matches), "--level", level, "--seed", str(seed)]
        proc = subprocess.run(cmd, env=game_env(data), capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            raise RuntimeError(f"the reference run failed ({proc.returncode})\n"
                               + proc.stderr[-3000:])
        stats = json.loads(Path(data, "stats.json").read_text(encoding="utf-8"))
    return FINAL_LINE.findall(proc.stdout), stats


def soak(matches: int, level: str, traced: bool = False, seed: int = 1) -> Soak:
    """Run the soak in a child process, and the same matches without leaving in another;
    returns its figures (RuntimeError on any failure other than memory)."""
    reference, reference_stats = straight(matches, level, seed)
    with tempfile.TemporaryDirectory(prefix="beloz-soak-", dir=data_root()) as data:
        env = game_env(data)
        if traced:
            env["PYTHONTRACEMALLOC"] = "1"
        cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--memory",
               "--save", "--stats", "--leave-after-steps", str(LEAVE_AFTER_STEPS),
               "--matches", str(matches), "--level", level, "--seed", str(seed)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        crash_logs = sorted(p.name for p in Path(data, "logs").glob("crash-*.log"))
        save_left = Path(data, "autoplay-save.json").exists()
        try:
            stats = json.loads(Path(data, "stats.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stats = {}
    winners = [int(w) for w in FINAL.findall(proc.stdout)]
    resumed = [int(k) for k in RESUMED.findall(proc.stdout)]
    mem = {int(m[1]): m for m in MEMORY.finditer(proc.stdout)}
    won = winners.count(0)
    problems = []
    if proc.returncode != 0:
        problems.append(f"exit code {proc.returncode}")
    if len(winners) != matches or sorted(mem) != list(range(1, matches + 1)):
        problems.append(f"{len(winners)} final scores for {matches} matches")
    if len(resumed) != len(set(resumed)) or not resumed:
        problems.append(f"{len(resumed)} matches resumed from their save")
    finals = FINAL_LINE.findall(proc.stdout)
    diverged = [k + 1 for k, (a, b) in enumerate(zip(finals, reference, strict=False)) if a != b]
    if diverged or len(finals) != len(reference):
        problems.append(f"{len(diverged)} matches end otherwise than played without leaving "
                        f"(the first: {diverged[:10]})")
    differ = sorted(k for k in set(_counters(stats)) | set(_counters(reference_stats))
                    if stats.get(k) != reference_stats.get(k))
    if differ:
        problems.append(f"stats.json differs from the matches played without leaving: "
                        f"{differ}")
    if stats.get("matches_played") != matches or stats.get("matches_won") != won:
        problems.append(f"stats.json counts {stats.get('matches_played')} matches, "
                        f"{stats.get('matches_won')} won, for {matches} played, {won} won")
    if save_left:
        problems.append("an autoplay-save.json is left after the last match")
    if crash_logs:
        problems.append(f"crash logs: {crash_logs}")
    if "Traceback" in proc.stderr:
        problems.append("a traceback on stderr")
    if problems:
        raise RuntimeError("soak failed: " + "; ".join(problems) + "\n" + proc.stderr[-3000:])
    ordered = [mem[k] for k in range(1, matches + 1)]
    return Soak(
        matches=matches, level=level, seconds=elapsed, cpu_seconds=cpu, resumed=len(resumed),
        hands_counted=int(stats.get("hands_played", 0)), won=won,
        peak_mb=float(ordered[-1][3]), rss=[float(m[2]) for m in ordered],
        objects=[int(m[5]) for m in ordered], traced=[float(m[4]) for m in ordered],
    )


def report(r: Soak, verdict: bool = True) -> None:
    """Print the soak's figures; ``verdict`` False for a run too short to judge memory."""
    n, h = r.matches, r.half
    print(f"soak: {n} matches, level {r.level}, {r.seconds:.0f} s, {r.cpu_seconds:.0f} s of CPU "
          f"({r.cpu_seconds / n:.2f} s a match), no exception, no crash log")
    print(f"  saved after every bid and expedition; {r.resumed} matches left midway and "
          f"resumed from their save; stats.json: {n} matches, {r.won} won, "
          f"{r.hands_counted} hands")
    print(f"  every match the same as played without leaving: {n} final scores equal, "
          "stats.json equal in every counter and ruleset")
    print(f"  peak RSS (the game's own high-water mark): {r.peak_mb:.1f} MB")
    print(f"  RSS after match 1: {r.rss[0]:.1f} MB, {h}: {r.rss[h - 1]:.1f} MB, "
          f"{n}: {r.rss[-1]:.1f} MB")
    said = "flat" if r.flat else "GROWING"
    if not verdict or n < MIN_MATCHES_FOR_VERDICT:
        said = "no verdict (warm-up lasts about 200 matches: make soak)"
    print(f"  RSS slope over matches {h}-{n}: {r.slope * 1000:+.1f} kB a match "
          f"(limit {SLOPE_MB * 1000:.0f}): {said}")
    print(f"  GC-tracked objects after match 1: {r.objects[0]}, {h}: {r.objects[h - 1]}, "
          f"{n}: {r.objects[-1]}")
    if r.traced[-1] >= 0:
        print(f"  tracemalloc heap after match {h}: {r.traced[h - 1]:.2f} MB, "
              f"{n}: {r.traced[-1]:.2f} MB (slope {slope(r.traced[h - 1:]) * 1000:+.1f} kB "
              "a match)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--matches", type=int, default=400)
    p.add_argument("--level", default="heuristic",
                   choices=("heuristic", "random", "beginner", "standard", "expert"))
    p.add_argument("--traced", action="store_true",
                   help="a second run under tracemalloc, for the Python heap")
    args = p.parse_args(argv)
    if args.matches < MIN_MATCHES_FOR_VERDICT:
        p.error(f"--matches must be at least {MIN_MATCHES_FOR_VERDICT} for a verdict")
    r = soak(args.matches, args.level)
    report(r)
    if args.traced:
        print("under tracemalloc:")
        report(soak(args.matches, args.level, traced=True))
    return 0 if r.flat else 1


def run() -> None:
    """``python -m bench``: a shorter soak, 50 matches of heuristic players.  No verdict on
    memory: it still grows at match 50 (the warm-up of the module doc), which only the last
    half of ``make soak``'s 400 matches leaves behind."""
    report(soak(50, "heuristic"), verdict=False)


if __name__ == "__main__":
    raise SystemExit(main())
