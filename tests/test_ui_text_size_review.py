"""The review's deal page grows with the text size (issue 47): it kept its cards at their
100 % width by drawing its own writing (title, seats' names, keys' line, the expedition's
labels) back at its 100 % size, so that at 200 % the setting did nothing there.  At a large
text size the title now goes over the panel and North's and South's names beside their
rows: the writing grows, the cards keep their width, and no text lies on a card."""

from __future__ import annotations

import os

import pytest

from beloz.ui import drawn, sweep, textsize

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small evaluation: the layout is what is tested."""
    from beloz.ai import review

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)


def page(shot: str, size: tuple[int, int], pct: int, lang: str = "en"
         ) -> tuple[list[drawn.Drawn], list[tuple[object, int]], list[str]]:
    """What ``shot``'s page draws (its texts and panels), its cards, and the sweep's
    problems."""
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot(shot))
        assert textsize.factor() == min(pct / 100, textsize.allowed(size))
        items = sweep.capture(app)
        cards = list(app.scenes[-1].card_spots)
        return items, cards, drawn.problems(items, app.size)


def height(items: list[drawn.Drawn], start: str) -> int:
    """The height of the first text drawn that begins with ``start``."""
    return next(d.rect.h for d in items if d.kind == "text" and d.label.startswith(start))


def test_the_title_and_keys_grow_at_200_percent_and_the_cards_keep_their_width() -> None:
    normal, normal_cards, _ = page("review", (1920, 1080), 100)
    large, large_cards, problems = page("review", (1920, 1080), 200)
    assert problems == []
    for start in ("Review of hand", "← → expeditions", "Amani", "Kito"):
        assert height(large, start) >= 1.6 * height(normal, start), start
    assert min(r.w for r, _ in large_cards) >= max(r.w for r, _ in normal_cards)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("shot", "size", "pct", "lang"), [
    ("review", (1920, 1080), 200, "en"), ("review", (1920, 1080), 200, "fr"),
    ("review_watch", (1920, 1080), 200, "fr"), ("review", (1280, 800), 150, "fr"),
    ("review_bids", (2560, 1440), 200, "en"), ("review", (1920, 1080), 100, "en")])
def test_no_text_of_the_page_on_a_card(shot: str, size: tuple[int, int], pct: int,
                                       lang: str) -> None:
    """The expedition's side labels ("4. Juma"), too wide over their card at a large text
    size, were drawn beside it, on the side hand's cards: they now come down to the size
    that fits over their card.  No text lies on a card, and the sweep finds nothing."""
    items, cards, problems = page(shot, size, pct, lang)
    assert problems == []
    texts = [d for d in items if d.kind == "text"]
    assert cards and texts
    for rect, c in cards:
        for d in texts:
            clip = d.rect.clip(rect)  # type: ignore[arg-type]
            assert clip.w <= drawn.SLACK or clip.h <= drawn.SLACK, (d.label, c, rect)
