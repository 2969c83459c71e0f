"""The hand so far's column headings (issue 47, point 2): each seat's name was shrunk
alone to fit its column, so at 200 % in 2560 x 1440 Practice drew "Amani" smaller than
"You", "Kito" and "Juma"; the four now share one size, the largest at which each fits."""

from __future__ import annotations

import os

import pytest

from beloz.ui import history_view as hv
from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _heads(size: tuple[int, int], lang: str, pct: int) -> tuple[list[int], list[str]]:
    """The sizes of the grid's four headings as Practice lays them out, and the problems."""
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot("practice"))
        scene = app.top
        problems = sweep.check(app)
        fp = scene.font_px()
        rect = scene.history_rect(scene.board_rect(), fp)
        history, measure = hv.history_of(scene.view), hv.measure_with(scene.font)
        for unit in range(fp, scene.least_px(fp) - 1, -1):  # as draw_history does
            layout = hv.plan(history, rect, unit, app.tr, measure, scene.seat_name)
            if layout.fits:
                break
        names = [scene.seat_name(s) for s in hv.seat_columns(history)]
    rows: dict[int, list[hv.Line]] = {}
    for line in layout.lines:
        if line.bold and line.text in names:
            rows.setdefault(line.rect.y, []).append(line)
    (heads,) = [row for row in rows.values() if len(row) == 4]
    assert [line.text for line in heads] == names
    return [line.size for line in heads], problems


@pytest.mark.parametrize(("size", "lang", "pct"), [((2560, 1440), "en", 200),
                                                   ((2560, 1440), "fr", 200),
                                                   ((960, 600), "en", 100)])
def test_the_four_headings_share_one_size(size, lang, pct) -> None:
    sizes, problems = _heads(size, lang, pct)
    assert problems == []
    assert len(set(sizes)) == 1, sizes
