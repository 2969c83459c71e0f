"""The focus ring leaves the focused control's label readable (issue 47, point 1).  In
Settings and the new-game dialog each label stands just over its control, and the ring,
drawn outside the control as far as the other controls leave room, ran its light band
across the lower half of the label's letters ("Match target" at 960 x 600: its baseline and
the g).  The ring now keeps to the control's edge on the side of a label."""

from __future__ import annotations

import os

import pygame
import pygame_gui
import pytest

from beloz.ui import focus as focus_module
from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _ink(label) -> pygame.Rect:
    return label.image.get_bounding_rect().move(label.rect.topleft)


@pytest.mark.parametrize("shot", ["settings", "newgame"])
@pytest.mark.parametrize(("size", "pct", "lang"), [((960, 600), 100, "en"),
                                                   ((1280, 800), 150, "fr"),
                                                   ((1920, 1080), 200, "en")])
def test_the_ring_leaves_every_label_s_letters_whole(shot, size, pct, lang) -> None:
    light = pygame.Color(*focus_module.LIGHT)
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot(shot))
        scene = app.top
        labels = [e for e in scene.elements
                  if isinstance(e, pygame_gui.elements.UILabel) and e.visible]
        assert labels
        crossed = []
        for name, _ in scene.focus.reachable():
            scene.focus.focus(name)
            app.draw(app.screen)
            for label in labels:
                ink = _ink(label)
                if any(app.screen.get_at((x, y)) == light
                       for x in range(ink.left, ink.right) for y in range(ink.top, ink.bottom)):
                    crossed.append((name, label.text))
        assert not crossed


def test_the_ring_keeps_its_room_where_nothing_is_near(monkeypatch) -> None:
    """Round a control with no label near it the ring is drawn as before: outside it."""
    surface = pygame.Surface((300, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(100, 80, 100, 30)
    focus_module.draw_ring(surface, rect, [], clear=[pygame.Rect(100, 20, 60, 14)])
    light = pygame.Color(*focus_module.LIGHT)
    assert surface.get_at((rect.centerx, rect.top - 4)) == light  # above, in the room
    assert surface.get_at((rect.left - 4, rect.centery)) == light
