"""Nothing at the table drawn over something else a player reads (issue 40, point 6), on the
rectangles drawn at 960×600, 1280×720, 1280×800 and 1920×1080, in English and French:

- the hint's lines stop below the trick's cards (they rose over them and their points);
- a round-2 bid hint's values line stays between the side hands (it ran across both);
- the question's line ("Your turn: …") and the hint's lines stay clear of the person's
  announcement shown in the second expedition (they covered it).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from beloz.rules.state import PASS, TAKE, Phase
from beloz.ui import drawn, sweep
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import hints, hud
from beloz.ui.scenes.table.scene import TableScene, set_scene
from beloz.ui.scenes.table.turn import TurnPhase

SIZES = [(960, 600), (1280, 720), (1280, 800), (1920, 1080)]


def _drive(scene: TableScene, until: Callable[[], bool], take: bool) -> None:
    """Play on in fast mode, the person passing (or taking in round 1, ``take``) and playing
    their first legal card, until ``until()``."""
    for _ in range(4000):
        if until():
            return
        step = scene.step
        if step is not None and scene.phase == TurnPhase.HUMAN:
            if step.kind is StepKind.SCORE:
                scene.press("next")
            elif step.kind is StepKind.BID:
                first = take and not step.data.get("auction") and step.data["round"] == 1
                scene.human_value(TAKE if first else PASS)
            elif step.kind is StepKind.CUT:
                scene.human_value(16)
            elif step.kind is StepKind.DEAL:
                scene.human_value(3)
            elif step.kind is StepKind.PLAY:
                scene.human_value((step.data["legal"][0], True, True))
        scene.update(1 / 60)
    raise AssertionError("the state was never reached")


def _drawn_by(app, draw: Callable[[pygame.Surface], None]) -> list[pygame.Rect]:
    """The rectangles of the texts and panels ``draw`` puts on the window."""
    with drawn.recording() as items:
        draw(app.screen)
        return [pygame.Rect(d.rect) for d in items]


def _hit(a: list[pygame.Rect], b: list[pygame.Rect], slack: int = drawn.SLACK) -> list[tuple]:
    """The pairs of rectangles sharing more than ``slack`` pixels each way (a card has no
    line box taller than its ink: no slack for cards)."""
    return [(tuple(r), tuple(s)) for r in a for s in b
            if r.clip(s).w > slack and r.clip(s).h > slack]


@pytest.mark.parametrize("seed", [1, 4])  # 4: a long reason, over the cards by 29 px at 1280×720
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_hint_stops_below_the_tricks_cards(size, lang, seed):
    with sweep.quiet_app(size, lang, "beloz") as app:
        sweep.show(app, sweep.Shot("hint"), seed)
        scene = app.top
        assert isinstance(scene, TableScene) and scene.hinting.hint is not None
        cards = [scene.sprites[c].rect() for _s, c in scene.trick]
        assert cards, "no card on the table to keep clear"
        lines = _drawn_by(app, lambda s: hints.draw(scene, s))
        assert lines and not _hit(lines, cards, 0)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_a_round_2_bid_hint_stays_between_the_side_hands(size, lang):
    with sweep.quiet_app(size, lang, "beloz") as app:
        scene = TableScene(app, new_match=True, seed=1)
        set_scene(app, scene)
        _drive(scene, lambda: scene.step is not None and scene.step.human
               and scene.step.kind is StepKind.BID and scene.phase == TurnPhase.HUMAN
               and scene.step.data.get("round") == 2, take=False)
        hints.request(scene)
        assert scene.hinting.hint is not None
        sides = [scene.sprites[c].rect() for seat in (1, 3) for c in scene.hands[seat]]
        lines = _drawn_by(app, lambda s: hints.draw(scene, s))
        assert lines and not _hit(lines, sides, 0)
        # ... nor over the turned card and the pack above them
        middle = [scene.sprites[c].rect() for c in [*scene.deck, scene.turned]
                  if c is not None]
        assert not _hit(lines, middle, 0)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_question_and_the_hint_stay_clear_of_the_persons_announcement(size, lang):
    with sweep.quiet_app(size, lang, "beloz") as app:
        scene = TableScene(app, new_match=True, seed=2)  # seed 1 no longer reaches it
        scene.auto_declare = True
        set_scene(app, scene)

        def shown() -> bool:  # the person to play in the second expedition, a carré shown
            h, step = scene.flow.hand, scene.step
            return (h is not None and h.phase is Phase.PLAY and len(h.tricks) == 1
                    and step is not None and step.human and step.kind is StepKind.PLAY
                    and scene.phase == TurnPhase.HUMAN and bool(hud.revealed(scene.view(), 0)))

        _drive(scene, shown, take=True)
        hints.request(scene)
        assert scene.prompt and scene.hinting.hint is not None
        panel = _drawn_by(app, lambda s: hud.draw_revealed(scene, s))
        assert panel
        said = _drawn_by(app, lambda s: (hud.draw_texts(scene, s), hints.draw(scene, s)))
        assert not _hit(said, panel)
