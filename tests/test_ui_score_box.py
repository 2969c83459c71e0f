"""The score box's first line (issue 47, point 2): the hand's number ("Hand 1", "Donne 1")
beside the target ("Target 1000") was squeezed into the room the target left it, 9-22 px
high beside a target of 60 px at 200 % (1280 x 800 and up); the two now share one size,
smaller together where they have not the room, never under their 100 % size."""

from __future__ import annotations

import os

import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _line(size: tuple[int, int], lang: str, pct: int) -> tuple[int, int, list[str]]:
    """The heights of the hand's number and of the target as drawn, and the problems."""
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot("play"))
        items = sweep.capture(app)
        problems = sweep.check(app)
        hand, target = app.tr("table.hand_no", n=1), app.tr("table.score.target", n=1000)
    texts = [d for d in items if d.kind == "text"]
    label = next(d.rect for d in texts if d.label.startswith(hand))
    goal = next(d.rect for d in texts if d.label == target)
    assert label.right < goal.left and abs(label.centery - goal.centery) <= 1
    return label.h, goal.h, problems


@pytest.mark.parametrize(("size", "lang"), [((2560, 1440), "fr"), ((2560, 1440), "en"),
                                            ((1280, 800), "fr")])
def test_the_hand_s_number_is_drawn_as_large_as_the_target(size, lang) -> None:
    small, _, _ = _line(size, lang, 100)
    label, goal, problems = _line(size, lang, 200)
    assert problems == []
    assert label == goal, (label, goal)
    assert label >= small, (label, small)  # never under its 100 % size
