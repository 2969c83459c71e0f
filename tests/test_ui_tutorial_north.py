"""The tutorial's North count (issue 47, point 2): at 200 % North's name and count go under
the contract line, and its count ("7 cards") lay behind North's card of the expedition at
1920 x 1080 and 2560 x 1440; the expedition now goes down by as much as North's count needs
(never onto the person's line above the hand)."""

from __future__ import annotations

import os

import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.mark.parametrize(("size", "lang", "pct"), [((2560, 1440), "en", 200),
                                                   ((1920, 1080), "fr", 200),
                                                   ((960, 600), "en", 100)])
def test_north_s_count_is_clear_of_the_expedition(size, lang, pct) -> None:
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot("tutorial"))
        scene = app.top
        items = sweep.capture(app)
        problems = sweep.check(app)
        counts = [d.rect for d in items if d.kind == "text"
                  and d.label == app.tr("tutorial.cards_left", count=7)]
        you = next(d.rect for d in items if d.kind == "text"
                   and d.label.startswith(app.tr("table.seat.0")))
        cards = list(scene.trick_rects)
    assert problems == [] and len(counts) == 3 and len(cards) == 3
    north = min(counts, key=lambda r: r.y)
    assert not any(north.colliderect(c) for c in cards), (north, cards)
    assert all(c.bottom < you.top for c in cards)  # the person's line stays clear too
