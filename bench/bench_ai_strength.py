"""AI strength: short duplicate runs (a few minutes); the full runs' commands are printed.

Run: ``python -m bench ai_strength``.  Full figures (1,000 deals each, tens of minutes on
two cores) are in docs/ai.md with their commands.
"""

from __future__ import annotations

from beloz.ai import arena

FULL = [
    ("heuristic", "random"),
    ("pimc:standard", "heuristic"),
    ("pimc:expert", "heuristic"),
    ("pimc:expert", "pimc:standard"),
]


def run_bench() -> None:
    for a, b, deals in (("heuristic", "random", 300), ("pimc:standard", "heuristic", 60)):
        print(arena.report(arena.run(a, b, deals, 1, 2)))
        print()
    print("full runs:")
    for a, b in FULL:
        print(f"  python -m beloz.ai.arena --a {a} --b {b} --deals 1000 --seed 1 --jobs 2")


def run() -> None:
    run_bench()
