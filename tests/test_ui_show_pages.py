"""« Show me how » grows its writing with the text size (issue 47): its sixteen columns of
cards held it at about 100 % at every size.  Where the eight expeditions leave the larger
writing no room with cards at least as wide as at 100 %, it shows them a page at a time
(``review_show_pages``): the arrows step through the page's cards and on to the next
page, Home / End go to the first / last page, the step buttons turn the pages; at 100 %
all eight are shown and the step buttons stay hidden, as before."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.ui import drawn, sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small evaluation and a quick Expert: the layout is what is tested."""
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")


def height(items: list[drawn.Drawn], start: str) -> int:
    return next(d.rect.h for d in items if d.kind == "text" and d.label.startswith(start))


def shown(size: tuple[int, int], pct: int) -> tuple[list[drawn.Drawn], object, list[str]]:
    with sweep.quiet_app(size, "en", "beloz", pct) as app:
        sweep.show(app, sweep.Shot("review_show"))
        items = sweep.capture(app)
        return items, app.scenes[-1], drawn.problems(items, app.size)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_writing_grows_half_as_much_again_at_200_percent(size: tuple[int, int]) -> None:
    normal, n_scene, _ = shown(size, 100)
    large, l_scene, problems = shown(size, 200)
    assert problems == []
    for start in ("Your line", "Expert's line", "Kito", "Amani: Pass", "74 to 158"):
        assert height(large, start) >= 1.5 * height(normal, start), start
    # the cards at least as wide as at 100 %, no text on one
    assert min(s.rect.w for s in l_scene.shown) >= max(s.rect.w for s in n_scene.shown)
    texts = [d for d in large if d.kind == "text"]
    for s in l_scene.shown:
        for d in texts:
            clip = d.rect.clip(s.rect)
            assert clip.w <= drawn.SLACK or clip.h <= drawn.SLACK, (d.label, s)
    assert n_scene.show_pages == 1 and l_scene.show_pages > 1
    # the keys line says the pages' keys only where there are pages
    said = " ".join(d.label for d in large if d.kind == "text")
    assert "Home / End: the first or last page" in said
    assert "Home / End" not in " ".join(d.label for d in normal if d.kind == "text")


def test_pages_turn_with_the_arrows_home_end_and_the_step_buttons() -> None:
    import pygame_gui

    with sweep.quiet_app((1920, 1080), "en", "beloz", 200) as app:
        sweep.show(app, sweep.Shot("review_show"))
        rv = app.scenes[-1]
        pages = rv.show_pages
        assert pages > 1 and rv.buttons["next"].visible and rv.buttons["prev"].visible

        def seen() -> set[int]:
            rv._redraw = True
            sweep.capture(app)
            return {s.expedition for s in rv.shown}

        first = seen()
        per = len(first)
        assert first == set(range(1, per + 1))
        def key(k: int) -> None:
            rv.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))

        for _ in range(len(rv.card_spots) + 1):  # through the page's cards, then on
            key(pygame.K_RIGHT)
            seen()
        assert seen() == set(range(per + 1, 2 * per + 1)) and rv.key_index == 0
        key(pygame.K_LEFT)  # before the page's first card: the previous page's last
        assert seen() == first and rv.key_index == len(rv.card_spots) - 1
        key(pygame.K_END)
        assert max(seen()) == 8
        key(pygame.K_HOME)
        assert seen() == first
        rv.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                           ui_element=rv.buttons["next"]))
        assert seen() == set(range(per + 1, 2 * per + 1))
        rv.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                           ui_element=rv.buttons["prev"]))
        assert seen() == first
        assert rv.showing  # the step buttons turned pages, not the review's steps


def test_at_100_percent_all_eight_and_no_step_buttons() -> None:
    with sweep.quiet_app((1280, 800), "en", "beloz", 100) as app:
        sweep.show(app, sweep.Shot("review_show"))
        rv = app.scenes[-1]
        sweep.capture(app)
        assert {s.expedition for s in rv.shown} == set(range(1, 9))
        assert rv.show_pages == 1
        assert not rv.buttons["next"].visible and not rv.buttons["prev"].visible
