"""The records of the comparison, for every ruleset: random, planted (``generate.py``) and
corrupted (``corrupt.py``).  ``records(ruleset, n, seed)`` yields ``(kind, record)`` pairs,
``kind`` naming how the record was made (for the report)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tests.reference import verdict as V
from tests.reference.corrupt import VARIANTS, corrupt, fault_names
from tests.reference.generate import Record, choose_planter, play, random_record


def records(ruleset: str, n: int, seed: int) -> Iterator[tuple[str, Record]]:
    """``n`` records: first one of each fault on a complete hand, then about 45 % random,
    30 % planted, 25 % corrupted."""
    rng = random.Random(f"{ruleset}/{seed}")
    edges = [(name, v) for name in fault_names(ruleset) for v in range(VARIANTS.get(name, 1))]
    for name, v in edges[:n]:
        base = random_record(rng, ruleset)
        base["plays"] = play(rng, ruleset, base["dealer"], base["hands"],
                             V.check(base)["trump"], 32)
        yield "corrupted", corrupt(rng, base, name, v)[1]
        n -= 1
    for _ in range(n):
        r = rng.random()
        if r < 0.45:
            yield "random", random_record(rng, ruleset)
        elif r < 0.75:
            planter = choose_planter(rng, ruleset)
            yield planter.__name__, planter(rng, ruleset)
        else:
            base = (random_record(rng, ruleset) if rng.random() < 0.7
                    else choose_planter(rng, ruleset)(rng, ruleset))
            yield "corrupted", corrupt(rng, base)[1]
