"""The text size (issue 47): a setting saved with the others, every text drawn through one
conversion (``beloz.ui.textsize``), and no text under 8 px of capital height at 960 x 600."""

from __future__ import annotations

import os

import pygame
import pytest

from beloz.settings import Settings
from beloz.ui import sweep, textsize

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def test_setting_defaults_and_a_bad_value_gives_one_message() -> None:
    old, messages = Settings.from_dict({"language": "en"})
    assert old.text_size == 100 and messages == []
    bad, messages = Settings.from_dict({"language": "en", "text_size": 175})
    assert bad.text_size == 100 and len(messages) == 1 and "text_size" in messages[0]
    good, messages = Settings.from_dict({"language": "en", "text_size": 150})
    assert good.text_size == 150 and messages == []
    assert Settings.from_dict(good.to_dict())[0].text_size == 150  # saved and read back


def test_the_window_limits_the_size() -> None:
    assert textsize.factor_for(200, (1920, 1080)) == 2.0
    assert textsize.factor_for(150, (1280, 800)) == 1.5
    assert textsize.factor_for(200, (1280, 800)) == 1.5
    assert 1.0 < textsize.factor_for(125, (960, 600)) < 1.25
    assert textsize.factor_for(100, (2560, 1440)) == 1.0


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The least capital height of the texts rendered, by text: every text, the card
    faces' writing too (their names, points and classic index are read like any other)."""
    seen: dict[str, int] = {}

    class Spy(pygame.font.Font):
        def render(self, text: object, *a: object, **k: object) -> pygame.Surface:
            if str(text).strip():
                cap = self.metrics("H")[0][3]
                seen[str(text)] = min(cap, seen.get(str(text), cap))
            return super().render(text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.font, "Font", Spy)
    return seen


#: Every board that draws card faces: the table (the hand, the expedition, the turned card),
#: the review's deal and « Show me how », Practice, the tutorial.
BOARDS = ["review", "hint", "play", "bid", "review_show", "practice", "practice_play",
          "tutorial-7-1", "tutorial-12-1"]


@pytest.mark.parametrize("shot", BOARDS)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("classic", [False, True])
def test_no_text_under_8px_capitals_at_960x600(spy: dict[str, int], shot: str, lang: str,
                                                classic: bool,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """No text of the screen, the card faces' own writing included (the cards' names were
    5-6 px high at 79 px, their points 5, far less on the review's cards), has capitals
    under 8 px in the smallest window; with the classic index too."""
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)  # « Show me how »: a quick Expert
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    (which,) = [s for s in sweep.shots() if s.name == shot]
    with sweep.quiet_app((960, 600), lang, which.ruleset) as app:
        sweep.show(app, which)
        for scene in app.scenes:  # the cards drawn afresh (with the classic index)
            images = getattr(scene, "images", None)
            if images is not None:
                images.clear()
                images.classic = classic
            scene._redraw = True
        app.art._by_width.clear()
        sweep.capture(app)
        widgets = {el.text: el.font.get_point_size() for el in app.ui.get_sprite_group().sprites()
                   if getattr(el, "text", "") and getattr(el, "font", None) is not None}
    assert spy, "nothing measured"
    small = {t: cap for t, cap in spy.items() if cap < 8}
    assert not small, f"capitals under 8 px: {small}"
    if widgets:
        assert min(widgets.values()) >= textsize.MIN_PX, widgets


def test_fonts_and_the_buttons_around_them_grow_with_the_setting() -> None:
    seen = {}
    for pct in (100, 200):
        with sweep.quiet_app((1920, 1080), "en", "beloz", pct) as app:
            sweep.show(app, sweep.Shot("menu"))
            buttons = [el for el in app.ui.get_sprite_group().sprites()
                       if type(el).__name__ == "UIButton"]
            for el in buttons:  # the label whole inside its button
                tw, th = el.font.size(el.text)
                assert tw + 8 <= el.rect.w and th + 8 <= el.rect.h, (pct, el.text)
            seen[pct] = (app.art.font(16).get_height(), max(el.rect.h for el in buttons),
                         max(el.font.size(el.text)[1] for el in buttons))
    assert seen[200][0] >= 1.9 * seen[100][0]  # the game's own text
    assert seen[200][2] >= 1.9 * seen[100][2]  # the widgets' text
    assert seen[200][1] > seen[100][1]  # and the buttons around it


@pytest.mark.parametrize(("scene", "lang"), [("review_show", "en"), ("review", "fr")])
def test_show_me_how_and_the_review_fit_at_200_percent(scene: str, lang: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 200 % in 1920 x 1080 « Show me how » drew its seats' names on top of each other
    and of the numbers, its keys' line off the window, and the review's buttons cut their
    labels: the sweep's own checks find nothing (a small evaluation and a quick Expert:
    the layout is what is tested)."""
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    with sweep.quiet_app((1920, 1080), lang, "beloz", 200) as app:
        sweep.show(app, sweep.Shot(scene))
        assert textsize.factor() == 2.0
        assert sweep.check(app) == []


@pytest.mark.parametrize(("scene", "lang"), [("practice_answer", "en"), ("score", "fr"),
                                             ("hint", "en")])
def test_practice_the_score_and_the_table_fit_at_200_percent(scene: str, lang: str) -> None:
    """At 200 % in 1920 x 1080 Practice's answer drew the seats' names over the contract,
    the hand so far past its panel and the side panel's text under its buttons; the score
    screen squeezed its lines and put the match's row under the buttons; the table put the
    side name plates under the taller top panels: the sweep's own checks find nothing."""
    with sweep.quiet_app((1920, 1080), lang, "beloz", 200) as app:
        sweep.show(app, sweep.Shot(scene))
        assert textsize.factor() == 2.0
        assert sweep.check(app) == []
