"""The side seats' won expeditions at large text (issue 47, point 2): the bottom-left
column of buttons (Hint, Expeditions, Menu) grows with the text size, and at 200 % from
1920 x 1080 it covered West's pile of won expeditions (26 px of it at 1920 x 1080, 32 px at
2560 x 1440), which the sweep's rectangles do not see (a card is not a text).  The pile now
stays above the column, clear of a full West hand; at 100 % nothing moves."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import sweep, textsize
from beloz.ui.scenes.table.layout import Layout, card_places
from beloz.ui.scenes.table.zones import Zones
from beloz.ui.sprites import card_h

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = [(960, 600), (1280, 800), (1920, 1080), (2560, 1440)]


def _rect(place) -> pygame.Rect:
    """A card's rectangle on screen from its place (x, y, angle, face up, width)."""
    x, y, angle, _, w = place
    h = card_h(w)
    if round(angle) % 180:
        w, h = h, w
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(x), round(y))
    return r


@pytest.fixture
def text_size():
    def use(pct: int, size: tuple[int, int]) -> None:
        textsize.use(pct, size)
    yield use
    textsize.use(100, (1280, 800))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("pct", [100, 125, 150, 200])
def test_the_side_piles_clear_the_button_column_and_the_hands(size, pct, text_size) -> None:
    text_size(pct, size)
    L = Layout(size)
    zones = Zones()
    # A full West (and East) hand of eight, and every other card in the side piles.
    zones.hands[3] = list(range(0, 8))
    zones.hands[1] = list(range(8, 16))
    zones.piles[3] = list(range(16, 24))
    zones.piles[1] = list(range(24, 32))
    places = card_places(L, zones, dealer=2)
    column = pygame.Rect(0, round(L.column_top()), L.W, L.H)
    for seat in (1, 3):
        pile = [_rect(places[c]) for c in zones.piles[seat]]
        hand = [_rect(places[c]) for c in zones.hands[seat]]
        pile_box = pile[0].unionall(pile[1:])
        hand_box = hand[0].unionall(hand[1:])
        assert not pile_box.colliderect(column), (seat, pile_box, column.top)
        assert not pile_box.colliderect(hand_box), (seat, pile_box, hand_box)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_west_s_pile_is_not_under_the_hint_button_at_200_percent(size) -> None:
    """On the screen itself: the score shot (both side piles hold expeditions), the
    column's buttons as the table built them."""
    with sweep.quiet_app(size, "en", "beloz", 200) as app:
        sweep.show(app, sweep.Shot("score"))
        scene = app.top
        column = [b.rect for b in scene.fixed_buttons.values() if b is not None]
        assert round(Layout(size).column_top()) == min(r.top for r in column)
        for seat in (1, 3):
            cards = [scene.sprites[c].rect() for c in scene.zones.piles[seat]]
            assert cards
            assert not any(r.colliderect(b) for r in cards for b in column)


def test_at_100_percent_the_piles_stay_where_they_were(text_size) -> None:
    for size in SIZES:
        text_size(100, size)
        L = Layout(size)
        for seat in (1, 3):
            assert L.pile_slot(seat)[1] == L.cy + L.small * 2.9
