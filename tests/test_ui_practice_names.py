"""Practice's right-hand column at the largest text size (issue 47, point 2): the others'
names ("Amani (partner)", "Juma · Taker") were drawn smaller and smaller until they fitted
half the column, at 2560 x 1440 and 200 % under their 100 % size; they now go on two lines
("Amani" over "(partner)") and keep at least that size, clear of the contract's line."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _column_names(name: str, size: tuple[int, int], lang: str, pct: int
                  ) -> tuple[list[tuple[str, pygame.Rect]], int, list[str]]:
    """The column's seat-name lines drawn (text, where), the height of a line at their
    100 % size, and the sweep's problems."""
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app(size, lang, shot.ruleset, pct) as app:
        sweep.show(app, shot)
        scene = app.scenes[-1]
        tr = app.tr
        items = sweep.capture(app)
        problems = sweep.check(app)
        least = scene.least_px(scene.font_px())
        floor = scene.font(least - 1, True).get_height()
        seats = [tr(f"table.seat.{rel}") for rel in (1, 2, 3)]
        pieces = {*seats, tr("practice.partner"), tr("table.taker")}
        heading = tr("history.title")
    title = next(d.rect for d in items if d.label == heading)
    history = min((d.rect for d in items if d.kind == "panel" and d.rect.contains(title)),
                  key=lambda r: r.w * r.h)  # the hand so far's, inside the board's
    names = []
    for d in items:
        if d.kind != "text" or d.rect.colliderect(history):
            continue
        words = {w for w in d.label.replace(" · ", " ").split(" ") if w}
        if d.label in pieces or any(d.label.startswith(s + " ") for s in seats) \
                or words <= pieces:
            names.append((d.label, d.rect))
    return names, floor, problems


@pytest.mark.parametrize(("name", "lang"), [
    ("practice", "en"), ("practice", "fr"), ("practice_calls", "fr"),
    ("practice_answer", "en")])
def test_the_side_names_keep_their_size(name: str, lang: str) -> None:
    names, floor, problems = _column_names(name, (2560, 1440), lang, 200)
    assert problems == []
    labels = [label for label, _ in names]
    assert any("(" in label for label in labels), labels  # the partner's line is there
    for label, rect in names:
        assert rect.h >= floor, (label, rect.h, floor)


def test_the_names_stay_one_line_at_100() -> None:
    """At 100 % nothing changes: "Amani (partner)" on one line."""
    names, _, problems = _column_names("practice", (960, 600), "en", 100)
    assert problems == []
    assert "Amani (partner)" in [label for label, _ in names]
