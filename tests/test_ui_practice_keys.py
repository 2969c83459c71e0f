"""Practice's bid and call buttons (issue 47, point 1): they had no key.  They now take the
table's (T take, P pass, D double, R redouble, the digits for the contracts and the plains
named in round 2), written on the buttons as the table writes them ("Pass (P)", "North
(key 4)"), or, where the digits would need more rows than the board has room for, said
once under the task as the tutorial says them, each key with its button ("Keys: 4 Take
North · 1 Take East · ..."; "keys 1 to 4 for the contracts" left the round-two plains'
digits, 4 1 3 2, to be guessed); a key press answers as the button's click does."""

from __future__ import annotations

import pygame
import pytest

from beloz.ui import sweep
from beloz.ui.scenes.table import prompts

CALLS = ["practice_calls", "practice_calls-belote-classique", "practice_calls-belot-bulgare"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))


def _press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    for _ in range(2):
        app.step(1 / 60)


def _open(app, name: str):
    (shot,) = [s for s in sweep.shots() if s.name == name]
    sweep.show(app, shot)
    scene = app.scenes[-1]
    assert scene.answer is None and scene.bid_keys()
    return scene


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize(("size", "pct"), [((960, 600), 100), ((1920, 1080), 200),
                                           ((2560, 1440), 200)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_bid_button_says_its_key(name: str, size, pct: int, lang: str) -> None:
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app(size, lang, shot.ruleset, pct) as app:
        scene = _open(app, name)
        assert sweep.check(app) == []
        tr = app.tr
        said = " ".join(text for text, *_ in scene.panel_items())
        for a, button in scene.bid_keys().items():
            key = prompts.BUTTON_KEYS[button]
            text = scene.buttons[f"bid:{a}"].text
            if key in scene.unwritten:  # said once, under the task, with its button's label
                assert text == scene.action_name(a)
                assert tr("table.button.key_digit", label="", digit="") not in text
                assert f"{key} {text}".replace(" ", "\xa0") in said, (key, said)
            else:
                assert text == prompts.with_key(tr, scene.action_name(a), key), text
    if size == (960, 600) and pct == 100:
        assert scene.unwritten == ()  # the smallest window has the room for every key


@pytest.mark.parametrize("name", CALLS)
def test_each_key_answers_as_its_button(name: str) -> None:
    (shot,) = [s for s in sweep.shots() if s.name == name]
    for a, button in _keys(name).items():
        with sweep.quiet_app((1280, 800), "en", shot.ruleset) as app:
            scene = _open(app, name)
            key = prompts.BUTTON_KEYS[button]
            _press(app, pygame.key.key_code(key.lower()))
            assert scene.answer == a, (button, key)
            assert "next" in scene.buttons and not scene.bid_keys()  # answered


def _keys(name: str) -> dict[int, str]:
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app((1280, 800), "en", shot.ruleset) as app:
        return dict(_open(app, name).bid_keys())


def test_a_letter_that_is_no_button_s_does_nothing_and_p_plays_on_once_answered() -> None:
    (shot,) = [s for s in sweep.shots() if s.name == "practice_calls"]
    with sweep.quiet_app((1280, 800), "en", shot.ruleset) as app:
        scene = _open(app, "practice_calls")
        _press(app, pygame.K_d)  # no Double in a take-or-pass bidding
        _press(app, pygame.K_7)
        assert scene.answer is None
        _press(app, pygame.K_p)  # Pass
        assert scene.answer is not None and scene.view is not None
        played_on = []
        scene.play_on = lambda: played_on.append(True)
        _press(app, pygame.K_p)  # now: Play on, as before
        assert played_on == [True]
