"""The boards' cards grow with the text size, never shrink (issue 47): at 200 % the
review's page writing took its board's height and its cards fell from 103 px to 53 at
1920 x 1080 (no name, no points on them), « Show me how »'s from 91 to 25."""

from __future__ import annotations

import os

import pytest

from beloz.ui import sprites, sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def widths(shot: str, pct: int, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The widths the card faces of ``shot`` are drawn at (1920 x 1080, ``pct`` %)."""
    seen: list[int] = []
    real = sprites.CardImages.face

    def face(self: sprites.CardImages, c: int, width: int, flooded: bool):  # type: ignore[no-untyped-def]
        seen.append(width)
        return real(self, c, width, flooded)

    monkeypatch.setattr(sprites.CardImages, "face", face)
    (which,) = [s for s in sweep.shots() if s.name == shot]
    with sweep.quiet_app((1920, 1080), "en", which.ruleset, pct) as app:
        sweep.show(app, which)
        seen.clear()
        for scene in app.scenes:
            images = getattr(scene, "images", None)
            if images is not None:
                images.clear()
            scene._redraw = True
        assert sweep.check(app) == []
    return seen


@pytest.mark.parametrize("shot", ["review", "review_show", "practice"])
def test_cards_at_200_percent_at_least_as_wide_as_at_100(shot: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)  # « Show me how »: a quick Expert
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    normal, large = widths(shot, 100, monkeypatch), widths(shot, 200, monkeypatch)
    assert normal and large
    assert min(large) >= max(normal), (shot, sorted(set(normal)), sorted(set(large)))
