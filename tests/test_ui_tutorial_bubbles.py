"""The tutorial's speech bubbles (issue 47, point 2): at 200 % in 1920 x 1080 and
2560 x 1440 West's "Quarté + Tierce! BeloZ!" lay across the expedition's cards (and at
100 % across the top of its rhinoceros): a bubble that would cover a card, of the hand or
of the expedition, goes under its seat's name, where it covers none."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import drawn, sweep
from beloz.ui.scenes.table import hud

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.mark.parametrize(("size", "pct"), [((1920, 1080), 200), ((2560, 1440), 200),
                                           ((960, 600), 100), ((1280, 800), 100)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_bubble_covers_a_card(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                                 pct: int, lang: str) -> None:
    bubbles: list[tuple[int, pygame.Rect]] = []
    table_bubble = hud.draw_bubble

    def spy(host, surface, b):  # the table's own drawing, watched: where it drew
        bubbles.append((b.seat, hud.bubble_rect(host, b)))
        table_bubble(host, surface, b)

    monkeypatch.setattr(hud, "draw_bubble", spy)
    (shot,) = [s for s in sweep.shots() if s.name == "tutorial"]
    with sweep.quiet_app(size, lang, shot.ruleset, pct) as app:
        sweep.show(app, shot)
        bubbles.clear()
        problems = sweep.check(app)
        scene = app.scenes[-1]
        cards = [r for r, _ in scene.card_rects] + scene.trick_rects
    assert problems == []
    assert {seat for seat, _ in bubbles} == {2, 3}  # Amani's quarté, Juma's three words
    assert len(cards) == 8 + 3
    for seat, r in bubbles:
        for c in cards:
            clip = r.clip(c)
            assert clip.w <= drawn.SLACK or clip.h <= drawn.SLACK, (seat, r, c)
