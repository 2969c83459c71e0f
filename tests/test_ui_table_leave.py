"""The window closed at any moment of a hand's last expedition: Continue scores and counts it.

The table is driven frame by frame (animations on, as in a window) from the last card of a
hand to its score screen.  At every frame the match is left as the window leaves it when it
closes (``GameFlow.leave``, what ``TableScene.exit`` calls), into a copy of the data folder
as it is then; each copy is then resumed as Continue resumes it, and played on to that hand's
score: the hand must be scored, counted in stats.json and kept for its review exactly once,
whatever the frame (the last card flying, the expedition shown, gathered, the score on show).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from beloz import savegame
from beloz.ai.player import RandomPlayer
from beloz.ui import game
from beloz.ui.game import GameFlow, Stage, StepKind
from beloz.ui.scenes.table.jobs import Done

from .test_ui_table import answer  # the person's steps the simple way


@pytest.fixture
def app(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    # Random computer players: fast, and the same decisions in the resumed flow.
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.ui.app import App

    a = App(size=(960, 600), fast=False, save=False)
    yield a
    a.close()


class Inline:
    """Computer decisions made at once (the animations still take their frames)."""

    def submit(self, fn, min_delay: float, fast: bool) -> Done:
        return Done(fn)

    def shutdown(self) -> None:
        pass


def hands_counted(folder: Path) -> int:
    path = folder / "stats.json"
    if not path.exists():
        return 0
    return int(json.loads(path.read_text(encoding="utf-8")).get("hands_played", 0))


@pytest.mark.slow
def test_closing_at_any_frame_of_the_last_expedition_keeps_the_hand(app, tmp_path) -> None:
    from beloz.ui.scenes.table import TableScene

    data = tmp_path / "data"
    scene = TableScene(app, new_match=True, seed=4)
    scene.jobs = Inline()
    app.push(scene)
    flow = scene.flow
    assert flow.persist and flow.record_stats
    # Drive to the first hand played out: seven expeditions gathered, the eighth begun.
    for _ in range(20_000):
        hand = flow.hand
        if hand is not None and len(hand.tricks) == 7 and hand.trick:
            break
        if scene.phase == "human" and scene.step is not None:
            answer(scene, app)
        app.step(1 / 60)
    else:
        raise AssertionError("no hand reached its last expedition")
    number = len(flow.match.history) + 1
    counted_before = hands_counted(data)
    # Every frame from here to the score screen: leave into a copy of the data folder.
    copies: list[tuple[Path, str]] = []
    for k in range(2_000):
        if scene.phase == "human" and scene.step is not None and \
                scene.step.kind is not StepKind.SCORE:
            answer(scene, app)
        app.step(1 / 60)
        copy = tmp_path / f"frame{k}"
        shutil.copytree(data, copy)
        flow.save_file = copy / "savegame.json"
        flow.leave()
        flow.save_file = None
        h = flow.hand
        where = (f"{flow.stage} {len(h.tricks) if h else '-'} tricks, "
                 f"collect {'pending' if flow.pending_collect else 'no'}")
        copies.append((copy, where))
        if flow.stage is Stage.SCORE and scene.step is not None \
                and scene.step.kind is StepKind.SCORE and scene.phase == "human":
            break
    # The hand as played straight: the resumed match must score this very hand.
    scored = flow.match.history[number - 1]
    played = flow.kept[-1].hand.actions()
    moments = {w for _, w in copies}
    # The last card on its way, the expedition on the table before it is gathered, the score.
    assert any("8 tricks, collect pending" in w for w in moments), moments
    assert any(w.startswith("score") for w in moments), moments
    assert len(copies) > 20  # animations ran: many frames, not one step each
    lost = []
    for copy, where in copies:
        saved, messages = savegame.load_game(copy / "savegame.json")
        assert saved is not None, (where, messages)
        resumed = GameFlow.resume((saved, messages))
        resumed.save_file = copy / "savegame.json"
        # Continue: play on until that hand is scored (the score screen left).
        for _ in range(200):
            if len(resumed.match.history) >= number:
                break
            step = resumed.next_step()
            value = step.data["legal"][0] if step.human and "legal" in step.data else (
                step.decide() if step.decide is not None else None)
            # Counted in the copy's own stats.json.
            before = os.environ["BELOZ_DATA_DIR"]
            os.environ["BELOZ_DATA_DIR"] = str(copy)
            try:
                resumed.apply(step, value)
            finally:
                os.environ["BELOZ_DATA_DIR"] = before
        ok = (len(resumed.match.history) == number
              and resumed.match.history[-1] == scored
              and hands_counted(copy) == counted_before + 1
              and [k.number for k in resumed.kept][-1:] == [number]
              and resumed.kept[-1].hand.actions() == played)
        if not ok:
            lost.append(where)
    assert lost == [], f"closed at these moments, the hand was lost: {sorted(set(lost))}"
