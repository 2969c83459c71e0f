"""Made-up progress for the screenshots and the sweep (``--scene progress``,
``progress_few``): the person's own files are never read."""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from beloz.practice.level_scale import LEVEL_ORDER
from beloz.practice.problem import SKILLS
from beloz.practice.progress import HandDuplicate, MatchRecord, Progress
from beloz.ui.app_protocol import App

if TYPE_CHECKING:
    from beloz.ui.scenes.progress import ProgressScene


def fake_progress(ruleset: str, seed: int = 1, matches: int = 14) -> Progress:
    """A made-up history for screenshots: matches over a few weeks, losing a little less
    as they go, against each level; one with undo."""
    from beloz.review_store import score_scale
    from beloz.rules.ruleset import RULESETS

    rng = random.Random(seed)
    out = Progress()
    day = dt.date(2026, 3, 2)
    scale = score_scale(RULESETS[ruleset])  # the score's points (Bulgarian: game points)
    for i in range(matches):
        skills: dict[str, tuple[int, float]] = {}
        for j, k in enumerate(SKILLS):
            n = rng.randint(2, 12) if k != "drawing" else rng.randint(0, 4)
            if n:  # some skills harder than others
                base = 5.0 + (j % 3 - 1) * 1.5 - 0.22 * i
                skills[k] = (n, n * max(0.0, rng.gauss(base, 1.6)))
        level = LEVEL_ORDER[i % 3]
        result = "won" if rng.random() < (0.7, 0.5, 0.3)[i % 3] else "lost"
        out.update(MatchRecord(f"shot{i}", ruleset, level, day, skills, i == 5, result))
        for hand in range(1, 3):  # two hands of each replayed by Expert, a little better
            person = rng.gauss(0, 60)
            expert = person - rng.gauss(-30 + 2.5 * i, 35)
            out.add_hand(HandDuplicate(f"shot{i}", hand, ruleset, day,
                                       round(person / scale), round(expert / scale)))
        day += dt.timedelta(days=rng.randint(1, 4))
    return out


def screenshot_progress(app: App, seed: int = 1, few: bool = False) -> ProgressScene:
    """``--scene progress``: a seeded made-up history of the chosen ruleset (the person's
    own files are not read); ``progress_few``: a beginner's first match, played mostly by
    the hints (three decisions of their own), one hand replayed by Expert, a few answers."""
    from beloz.ui.scenes.progress import ProgressScene

    ruleset = getattr(getattr(app, "settings", None), "ruleset", "beloz")
    if few:
        day = dt.date(2026, 3, 2)
        first = Progress()
        first.update(MatchRecord("shot0", ruleset, "beginner", day,
                                 {SKILLS[0]: (1, 137.7), SKILLS[1]: (2, 4.0)}))
        first.add_hand(HandDuplicate("shot0", 1, ruleset, day, 3, 5))
        scene = ProgressScene(app, progress=first, answers={ruleset: (1, 1)},
                              builtin={ruleset: (2, 3)})
        app.push(scene)
        return scene
    scene = ProgressScene(app, progress=fake_progress(ruleset, seed),
                          answers={ruleset: (17, 26)})
    app.push(scene)
    return scene
