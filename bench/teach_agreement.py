"""How often the hint's card is the teacher's, over the judged teacher sets.

Each teacher set (``tests/fixtures/teach/teacher-set-*.json``) names a strong player's best
card per position, checked with an independent double-dummy sampler.  This prints, per
ruleset, in how many positions ``review.hint`` names that very card, and the mean of the
hint's value for its card minus its value for the teacher's (how far Expert's numbers lean
away from the teacher where they differ).  A measure of Expert's values, not of the words:
used to weigh a change to what the seat infers (the declared-nothing inference measured
neutral: 224 against 225 of 320).

    python -m bench.teach_agreement [SETS]    # e.g. c d h (all by default; a few minutes)
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from beloz.ai import review
from beloz.rules.cards import parse

from .bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "teach"


def main(argv: list[str]) -> None:
    sets = argv or sorted(p.stem.removeprefix("teacher-set-")
                          for p in FIXTURES.glob("teacher-set-?.json"))
    by: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for s in sets:
        for p in positions(FIXTURES / f"teacher-set-{s}.json"):
            if not p.get("best"):
                continue
            v = view_of(p)
            h = review.hint(v)
            values = {o.action: o.expected for o in h.options}
            best = parse(str(p["best"]))
            row = by[str(p["ruleset"])]
            row[0] += h.best == best
            row[1] += 1
            row[2] += values.get(h.best, 0.0) - values.get(best, 0.0)
    total = [0, 0]
    for ruleset, (same, n, gap) in sorted(by.items()):
        total[0] += int(same)
        total[1] += int(n)
        print(f"{ruleset}: the teacher's card in {int(same)} of {int(n)}; "
              f"mean lean of the values {gap / n:.1f}")
    print(f"all: {total[0]} of {total[1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
