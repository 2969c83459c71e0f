"""A Bulgarian call problem in Practice: its call buttons (Pass, the six contracts, Double,
Redouble: seven of them at the first call) stand clear of the "hand so far" panel, of each
other and of the hand, at every size, in English and French, at 100 % and 150 % text; every
call is still reached by the keys, in the order of the calls."""

from __future__ import annotations

import random

import pygame
import pytest

from beloz.practice.builtin import builtin_problems
from beloz.practice.problem import Problem
from beloz.practice.queue import Queue
from beloz.review_store import Option
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import HandState
from beloz.ui import sweep

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))


def first_call() -> Problem:
    """The first seat to call: Pass and the six contracts (the values made up: the layout,
    not the answer)."""
    deck = list(range(32))
    random.Random(3).shuffle(deck)
    state = HandState.deal(deck, 0, ruleset=RULESETS["belot-bulgare"])
    legal = state.legal_actions()
    assert len(legal) == 7
    return Problem.at(state, legal[0], [Option(a, -i, None, 1.0) for i, a in enumerate(legal)],
                      source="builtin")


def most_calls() -> Problem:
    """The built-in call problem with the most calls to choose from."""
    calls = [p for p in builtin_problems("belot-bulgare") if p.kind == "call"]
    return max(calls, key=lambda p: len(p.legal()))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("pct", [100, 150])
def test_the_calls_stand_clear_of_the_hand_so_far(size, lang, pct) -> None:
    from beloz.ui.scenes.practice import PracticeScene

    with sweep.quiet_app(size, lang, "belot-bulgare", pct) as app:
        problems = [first_call(), most_calls()]
        scene = PracticeScene(app, problems=problems)
        scene.queue = Queue()
        app.push(scene)
        history: list[pygame.Rect] = []
        real = scene.draw_history

        def draw_history(surface, rect, fp, v):
            history.append(pygame.Rect(rect))
            real(surface, rect, fp, v)

        scene.draw_history = draw_history
        for p in problems:
            assert scene.problem is p
            for _ in range(4):
                app.step(1 / 60)
            found = sweep.check(app)
            names = [n for n in scene.buttons if n.startswith("bid:")]
            assert names == [f"bid:{a}" for a in p.legal()]  # in the order of the calls
            rects = [pygame.Rect(scene.buttons[n].rect) for n in names]
            where = f"{len(names)} calls, {size}, {lang}, {pct} %"
            hist = history[-1]
            assert [r for r in rects if r.colliderect(hist)] == [], f"over the history: {where}"
            for i, r in enumerate(rects):
                assert r.collidelist(rects[i + 1:]) == -1, f"calls on each other: {where}"
            top = min(c.top for c, _ in scene.card_rects)
            assert all(r.bottom <= top for r in rects), f"calls over the hand: {where}"
            assert all(r.right <= round(size[0] * scene.split()) for r in rects), where
            assert found == [], where
            # Every call reached by Tab, in the order of the calls, before Menu.
            order = [n for n, _ in scene.focus.reachable() if n != "ruleset"]
            assert order == [*names, "back"]
            scene.next_problem()
