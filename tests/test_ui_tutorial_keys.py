"""The tutorial's bid and call buttons (issue 47, point 1): they had no key.  They now take
the table's, as Practice's do (T take, P pass, D double, R redouble, the digits for the
contracts and the plains named in round 2), written on the buttons as the table writes them
("Pass (P)", "North (key 4)"), or, where the keys would need more rows than the board has
room for, in a key line under the task that names each key with its button ("Keys: 4 Take
North · 1 Take East · ...": "keys 1 to 4 for the contracts" left the round-two plains'
digits to be guessed, and at 200 % no letter was shown at all); a key press answers as the
button's click does.  While a redouble is offered R redoubles, and Replay's button no
longer says R."""

from __future__ import annotations

import pygame
import pytest

from beloz.ui import sweep
from beloz.ui.scenes.table import prompts

#: Lessons at a bid or call task: take/pass, plains named in round 2, the auction's calls,
#: a double, a redouble.
BIDS = ["7-1", "10-2", "12-1", "12-2", "16-1", "21-2"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))


def _open(app, spec: str):
    sweep.show(app, sweep.Shot(f"tutorial-{spec}"))
    scene = app.scenes[-1]
    assert scene.runner.task is not None and scene.bid_keys()
    return scene


def _code(key: str) -> int:
    return pygame.K_0 + int(key) if key.isdigit() else getattr(pygame, f"K_{key.lower()}")


@pytest.mark.parametrize("spec", BIDS)
@pytest.mark.parametrize(("size", "pct"), [((960, 600), 100), ((2560, 1440), 200)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_bid_button_says_its_key(spec: str, size, pct: int, lang: str) -> None:
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        scene = _open(app, spec)
        tr = app.tr
        if pct == 100:
            assert sweep.check(app) == []
        said = [text for text, *_ in scene.panel_items()]
        line = scene.key_line()
        assert bool(line) == bool(scene.unwritten) and (not line or line in said)
        for a, button in scene.bid_keys().items():
            key = prompts.BUTTON_KEYS[button]
            text = scene.buttons[f"bid:{a}"].text
            if key in scene.unwritten:  # no room: the key and its button in the key line
                assert text == scene.bid_text(a)
                assert f"{key} {text}".replace(" ", "\u00a0") in line, line
            else:
                assert text == prompts.with_key(tr, scene.bid_text(a), key), text
        redouble = "redouble" in scene.bid_keys().values()
        assert scene.buttons["replay"].text == tr(
            "tutorial.replay_unkeyed" if redouble else "tutorial.replay")
        unwritten = scene.unwritten
    if size == (960, 600):
        assert unwritten == ()  # the smallest window has the room for every key


@pytest.mark.parametrize("spec", BIDS)
def test_a_bid_s_key_answers_the_task(spec: str) -> None:
    with sweep.quiet_app((960, 600), "en", "beloz") as app:
        scene = _open(app, spec)
        lesson, done = scene.index, scene.runner.done_tasks
        expected = scene.runner.task.expect[0]
        key = prompts.BUTTON_KEYS[scene.bid_keys()[expected]]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=_code(key), mod=0,
                                             unicode="", scancode=0))
        for _ in range(2):
            app.step(1 / 60)
        assert app.scenes[-1] is scene and scene.index == lesson  # R did not replay
        assert scene.runner.done_tasks == done + 1, (spec, key)
