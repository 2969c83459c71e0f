"""The main menu's title at large text (issue 47, point 2): the BeloZ title, its subtitle and
the fan of cards are pictures the menu blits (the sweep's rectangles see only texts,
panels and widgets).  At 200 % from 1920 x 1080 the subtitle was drawn across the title's
letters, and the title's Z and the fan's last card ran under the wider buttons (at 150 % in
1280 x 800 the fan too).  Each part's inked pixels now stay clear of the others and of every
button; at 100 % nothing moves."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = [(960, 600), (1280, 800), (1920, 1080), (2560, 1440)]


def _inked(image: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Where ``image`` blitted at ``rect`` has pixels that show."""
    r = image.get_bounding_rect()
    return r.move(rect.topleft)


def _menu_parts(size: tuple[int, int], pct: int, lang: str = "en"):
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot("menu"))
        menu = app.top
        parts = [_inked(image, rect) for image, rect in menu._title_art(app.size)]
        buttons = [b.rect for b in menu.buttons.values()]
        return parts, buttons


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("pct", [100, 150, 200])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_title_subtitle_and_fan_clear_each_other_and_the_buttons(size, pct, lang) -> None:
    parts, buttons = _menu_parts(size, pct, lang)
    title, sub, fan = parts[0], parts[1], parts[2:]
    assert not title.colliderect(sub), (title, sub)
    for part in parts:
        hit = [b for b in buttons if part.colliderect(b)]
        assert not hit, (part, hit)
    assert all(not sub.colliderect(card) for card in fan)
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(part) for part in parts)
