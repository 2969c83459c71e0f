"""The caption that names a card under the pointer (the review's deal, « Show me how »)
never covers a text of the page (issue 47): it was always drawn over the card, on the
seat's name above a hand's row or the expedition's labels; it now goes above, below or
beside the card, where it covers no text."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import card_caption, sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def test_place_prefers_above_then_the_first_free_side() -> None:
    window = pygame.Rect(0, 0, 800, 600)
    card = pygame.Rect(300, 200, 60, 90)
    assert card_caption.place(card, (120, 30), window, []).bottom == card.top - 4
    name = pygame.Rect(280, 160, 100, 30)  # a seat's name over the card
    box = card_caption.place(card, (120, 30), window, [name])
    assert box.top == card.bottom + 4 and not box.colliderect(name)
    below = pygame.Rect(280, 300, 100, 30)  # and a label under it: beside
    box = card_caption.place(card, (120, 30), window, [name, below])
    assert box.left == card.right + 4 and not box.collidelist([name, below]) >= 0


@pytest.mark.parametrize(("shot", "size", "lang"), [
    ("review", (960, 600), "en"), ("review", (960, 600), "fr"),
    ("review_show", (960, 600), "en"),
    ("review_show", (1280, 800), "fr")])
def test_the_caption_of_every_card_covers_no_text(shot: str, size: tuple[int, int],
                                                  lang: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    with sweep.quiet_app(size, lang, "beloz", 100) as app:
        sweep.show(app, sweep.Shot(shot))
        scene = app.scenes[-1]
        scene.draw(app.screen)
        spots = list(scene.card_spots)
        assert spots and card_caption.unnamed(app, spots[0][0].w)
        for rect, c in spots:
            scene.pointer = rect.center
            scene.caption_rect = None
            scene.draw(app.screen)
            box = scene.caption_rect
            assert box is not None, c
            assert app.screen.get_rect().contains(box)
            covered = [t for t in scene.text_rects if box.colliderect(t)]
            assert not covered, (c, rect, box, covered)
