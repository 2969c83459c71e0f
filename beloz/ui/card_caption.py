"""The card under the pointer, named in words where the boards draw cards too small for
their own writing (the review's deal and « Show me how »: ``face_layout.MINI``, no name and
no points on the face, issue 47): a caption over the card with its plain, animal and points,
in the board's text size.  Only drawn: the mouse does what it did."""

from __future__ import annotations

from typing import Any

import pygame

from beloz.rules.cards import DRY_POINTS, FLOODED_POINTS
from beloz.ui import drawn
from beloz.ui.colours import CREAM, GOLD

Spot = tuple[pygame.Rect, int]  # where a card is drawn, and the card


def unnamed(app: Any, width: int) -> bool:
    """Whether cards ``width`` px wide are drawn without their name (the MINI layout)."""
    art = getattr(app, "art", None)
    return art is not None and art.layout_for(width).name is None


def under(spots: list[Spot], pos: tuple[int, int] | None) -> Spot | None:
    """The card drawn at ``pos`` (the last drawn, the one on top), or None."""
    if pos is None:
        return None
    for rect, c in reversed(spots):
        if rect.collidepoint(pos):
            return rect, c
    return None


def words(app: Any, c: int) -> str:
    """"North lion · points: 11 dry, 11 flooded"."""
    from beloz.ai.explain import card_word

    name = card_word(c, "name", None)
    number = c & 7
    text = app.tr("teach.card_caption", card=name[:1].upper() + name[1:],
                  dry=DRY_POINTS[number], flooded=FLOODED_POINTS[number])
    return str(text)


def place(card: pygame.Rect, size: tuple[int, int], window: pygame.Rect,
          texts: list[pygame.Rect]) -> pygame.Rect:
    """Where a caption box of ``size`` goes for ``card``: above it, else below it, else
    right or left of it (each centred on the card first, then slid along it), the first
    of these inside ``window`` that covers none of ``texts`` (a seat's name, a label) nor
    the card; where each covers one, the one that covers the least."""
    w, h = size
    xs = [card.centerx - w // 2, card.left, card.right - w]
    xs += [card.centerx - w // 2 + k * w // 4 for k in (-1, 1, -2, 2, -3, 3)]
    ys = [card.centery - h // 2, card.top, card.bottom - h]
    spots = [pygame.Rect(x, card.top - 4 - h, w, h) for x in xs]
    spots += [pygame.Rect(x, card.bottom + 4, w, h) for x in xs]
    spots += [pygame.Rect(card.right + 4, y, w, h) for y in ys]
    spots += [pygame.Rect(card.left - 4 - w, y, w, h) for y in ys]
    best: tuple[int, pygame.Rect] | None = None
    for spot in spots:
        inside = window.contains(spot)
        spot = spot.clamp(window)
        covered = sum(c.w * c.h for r in [*texts, card] if (c := spot.clip(r)).w > 0)
        if inside and covered == 0:
            return spot
        if best is None or covered < best[0]:
            best = (covered, spot)
    assert best is not None
    return best[1]


def draw(app: Any, surface: pygame.Surface, spot: Spot | None, size: int,
         texts: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """The caption of ``spot``'s card over it (``place``: below or beside it where that
    covers a text of ``texts`` or leaves the window), at ``size`` px (the board's text);
    where it was drawn."""
    if spot is None:
        return None
    rect, c = spot
    font = app.art.font_px(size, bold=True)
    text = words(app, c)
    img = font.render(text, True, CREAM)
    pad = max(4, size // 3)
    box = place(rect, img.get_rect().inflate(2 * pad, pad).size, surface.get_rect(),
                texts or [])
    pygame.draw.rect(surface, (10, 22, 18), box, border_radius=6)
    pygame.draw.rect(surface, GOLD, box, 1, border_radius=6)
    at = img.get_rect(center=box.center)
    surface.blit(img, at)
    drawn.record(surface, "text", at, text)
    return box


def keyed(scene: Any) -> Spot | None:
    """The card the keys chose, where it is drawn: on the review's page ``scene.key_card``
    (the expedition's card keys 1-4 selected), in « Show me how » the ``scene.key_index``-th
    card drawn (the arrows step through them); None when the keys chose none."""
    spots: list[Spot] = getattr(scene, "card_spots", [])
    if getattr(scene, "showing", False):
        i = getattr(scene, "key_index", None)
        return spots[i] if i is not None and 0 <= i < len(spots) else None
    c = getattr(scene, "key_card", None)
    return next(((r, d) for r, d in spots if d == c), None) if c is not None else None


def hover(scene: Any, surface: pygame.Surface, spots: list[Spot], size: int) -> None:
    """On ``scene``'s board, the caption of the card under the pointer (``scene.pointer``,
    kept from the mouse's motion), else of the card the keys chose (``keyed``), where that
    card is drawn without its name; in « Show me how » the keys' card in the focus ring."""
    chosen = keyed(scene)
    if chosen is not None and getattr(scene, "showing", False):  # « Show me how »'s ring
        from beloz.ui.focus import draw_ring

        draw_ring(surface, chosen[0])
    spot = under(spots, getattr(scene, "pointer", None)) or chosen
    if spot is not None and unnamed(scene.app, spot[0].w):
        scene.caption_rect = draw(scene.app, surface, spot, size,
                                  list(getattr(scene, "text_rects", [])))


def step(scene: Any, d: int) -> None:
    """« Show me how »'s arrows: the key focus ``d`` cards on among those drawn (round
    the end; the first arrow takes the first card, or the last)."""
    n = len(getattr(scene, "card_spots", []))
    if n:
        i = getattr(scene, "key_index", None)
        scene.key_index = (0 if d > 0 else n - 1) if i is None else (i + d) % n


def spoken(scene: Any) -> str:
    """The card the keys chose, as its caption says it (for the spoken table), or ""."""
    spot = keyed(scene)
    return "" if spot is None else words(scene.app, spot[1])
