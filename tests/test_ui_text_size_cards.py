"""Practice's and the tutorial's cards grow with the text size (issue 47): they kept their
100 % width at 200 % and looked small beside the writing.  They now grow half as fast as
the text where the board has the room, fanned no more than the table fans its hand (nine
tenths of each card showing), Practice's hand so far keeping most of its text size, the
tutorial's expedition as large as the hand's where it fits; 100 % is as it was."""

from __future__ import annotations

import os

import pytest

from beloz.ui import drawn, sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def hand(shot: str, size: tuple[int, int], pct: int
         ) -> tuple[list[object], list[object], list[str]]:
    """The hand's card rectangles (left to right), the expedition's, and the sweep's
    problems of ``shot`` (and any text drawn on one of those cards)."""
    with sweep.quiet_app(size, "en", "beloz", pct) as app:
        sweep.show(app, sweep.Shot(shot))
        items = sweep.capture(app)
        scene = app.scenes[-1]
        cards = [r for r, _ in scene.card_rects]
        trick = list(getattr(scene, "trick_rects", []))
        problems = drawn.problems(items, app.size)
        for d in (d for d in items if d.kind == "text"):  # no text on a card
            for r in cards + trick:
                clip = d.rect.clip(r)
                if clip.w > drawn.SLACK and clip.h > drawn.SLACK:
                    problems.append(f"{d.label!r} on a card at {r}")
        return cards, trick, problems


@pytest.mark.parametrize(("shot", "size", "least"), [
    ("practice", (1920, 1080), 1.25), ("practice", (2560, 1440), 1.25),
    ("tutorial", (1920, 1080), 1.19), ("tutorial", (2560, 1440), 1.19)])
def test_the_hand_grows_at_200_percent_fanned_as_at_the_table(shot: str,
                                                               size: tuple[int, int],
                                                               least: float) -> None:
    normal, normal_trick, _ = hand(shot, size, 100)
    large, large_trick, problems = hand(shot, size, 200)
    assert problems == []
    w0, w1 = normal[0].w, large[0].w  # type: ignore[attr-defined]
    assert w1 >= least * w0, (w0, w1)
    for a, b in zip(large, large[1:], strict=False):  # nine tenths of each card shows
        assert b.left - a.left >= 0.9 * a.w - 1, (a, b)  # type: ignore[attr-defined]
    if normal_trick:  # the expedition never smaller than at 100 %
        assert min(r.w for r in large_trick) >= normal_trick[0].w  # type: ignore[attr-defined]


@pytest.mark.parametrize("shot", ["practice", "tutorial"])
def test_the_hand_grows_at_150_percent_by_a_quarter(shot: str) -> None:
    normal, _, _ = hand(shot, (1920, 1080), 100)
    large, _, problems = hand(shot, (1920, 1080), 150)
    assert problems == []
    assert large[0].w >= 1.24 * normal[0].w  # type: ignore[attr-defined]


@pytest.mark.parametrize(("shot", "size"), [("practice", (1920, 1080)), ("practice", (960, 600)),
                                            ("tutorial", (1280, 800))])
def test_at_100_percent_the_cards_are_as_they_were(shot: str, size: tuple[int, int]) -> None:
    from beloz.ui.scenes import practice_cards, tutorial_board

    cards, _, problems = hand(shot, size, 100)
    assert problems == []
    was = (practice_cards.base_width(size) if shot == "practice"
           else tutorial_board.middle_width(size))
    assert {r.w for r in cards} == {was}  # type: ignore[attr-defined]


def test_a_long_hand_so_far_keeps_its_size_beside_grown_cards() -> None:
    """Belote classique's first problem (the fifth expedition, a tierce): the cards grew to
    the room left at 200 % and the hand so far, four expeditions long, ran its rows into
    each other; it keeps most of its text size (``practice_cards.KEEP``) and nothing
    overlaps."""
    for size in ((1920, 1080), (2560, 1440)):
        with sweep.quiet_app(size, "fr", "belote-classique", 200) as app:
            sweep.show(app, sweep.Shot("practice_answer", "belote-classique"))
            assert sweep.check(app) == []
