"""The person's name plate and the prompt's line (issue 47, point 2): at 960 x 600 and
200 % the line "Your turn: the dimmed cards may not be played" ran over the top of the
"You" plate left of the hand; the plate now keeps clear of the prompt's lines as it does
of the buttons (``plates.aside``: to the window's foot beside the hand), and stays where
it was at 100 %."""

from __future__ import annotations

import os

import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _you(lang: str, pct: int):
    """The "You" text's box, the prompt line's text box, the window's height, the
    problems: the play shot at 960 x 600."""
    with sweep.quiet_app((960, 600), lang, "beloz", pct) as app:
        sweep.show(app, sweep.Shot("play"))
        items = sweep.capture(app)
        problems = sweep.check(app)
        you, prompt = app.tr("table.seat.0"), app.top.prompt
    texts = [d for d in items if d.kind == "text"]
    return (next(d.rect for d in texts if d.label == you),
            next(d.rect for d in texts if d.label == prompt), problems)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_plate_keeps_clear_of_the_prompt_at_200(lang) -> None:
    you, prompt, problems = _you(lang, 200)
    assert problems == []
    assert not you.inflate(8, 8).colliderect(prompt), (you, prompt)
    small, _, _ = _you(lang, 100)
    assert small.bottom < you.top  # 100 %: left of the hand's top, as before
