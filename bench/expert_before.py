"""Expert as it was before the double-dummy solver (``dds``): exact search (``search.Solver``)
over the last 4 expeditions only, heuristic rollouts before.  For strength comparisons:

    python -m beloz.ai.arena --a pimc:expert --b bench.expert_before:ExpertBefore --deals 300
"""

from __future__ import annotations

import dataclasses

from beloz.ai.pimc import LEVELS, PimcPlayer


class ExpertBefore(PimcPlayer):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, dataclasses.replace(LEVELS["expert"], solve_tricks=0,
                                                   solve_budget=0))
