"""AI strength: short duplicate runs (a few minutes); the full runs' commands are printed.

Run: ``python -m bench ai_strength``.  Full figures (1,000 deals each, tens of minutes on
two cores) are in docs/ai.md with their commands.
"""

from __future__ import annotations

from beloz.ai import arena

# The ladder (docs/ai.md), then the other reference runs.
FULL = [
    ("heuristic", "beginner"),
    ("pimc:standard", "beginner"),
    ("pimc:expert", "pimc:standard"),
    ("pimc:expert", "heuristic"),
    ("heuristic", "random"),
    ("pimc:standard", "heuristic"),
    ("pimc:expert,near_tie=0", "pimc:expert,pool=1,near_tie=0"),  # what the weighting brings
]


def run_bench() -> None:
    for a, b, deals in (
        ("heuristic", "beginner", 300), ("heuristic", "random", 300),
        ("pimc:standard", "heuristic", 60),
    ):
        print(arena.report(arena.run(a, b, deals, 1, 2)))
        print()
    print("full runs:")
    for a, b in FULL:
        print(f"  python -m beloz.ai.arena --a '{a}' --b '{b}' --deals 1000 --seed 1 --jobs 2")


def run() -> None:
    run_bench()
