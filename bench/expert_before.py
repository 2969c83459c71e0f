"""Expert as it was before the double-dummy solver (``dds``): exact search (``search.Solver``)
over the last 4 expeditions only, heuristic rollouts before.  For strength comparisons:

    python -m beloz.ai.arena --a pimc:expert --b bench.expert_before:ExpertBefore --deals 300

The ``...Uncapped`` players drop the wall-clock caps (cards and bids): their decisions then
depend only on the work budgets, so a comparison gives the same result on a busy machine
as on an idle one (where the caps hardly ever trigger).
"""

from __future__ import annotations

import dataclasses
import math

from beloz.ai.levels import LEVELS, Level
from beloz.ai.pimc import PimcPlayer

BEFORE = dataclasses.replace(LEVELS["expert"], solve_tricks=0, solve_budget=0)


def _uncapped(level: Level) -> Level:
    return dataclasses.replace(level, time_cap=math.inf, bid_time_cap=math.inf)


class ExpertBefore(PimcPlayer):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, BEFORE)


class ExpertBeforeUncapped(PimcPlayer):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, _uncapped(BEFORE))


class ExpertUncapped(PimcPlayer):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, _uncapped(LEVELS["expert"]))
