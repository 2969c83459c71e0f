"""The spoken table says the hint (issue 47, point 5: "keys speak ... the hint's
sentence"): when the hint shows, its best card by plain and animal and its first reason,
the sentence drawn on the table; G says it again, whole, on demand."""

from __future__ import annotations

import pygame

from beloz.ai.review import reason_sentences
from beloz.ui import speech
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import spoken

from .test_ui_table import key
from .test_ui_teach import _drive, _my_turn, _table


def test_the_hint_is_said_with_its_reason_and_g_says_it_again(table_app) -> None:
    table_app.speech = speech.Speech("on", make=speech.RecordingSpeaker, detect=None)
    lines = table_app.speech.speaker.lines
    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    key(table_app, pygame.K_g)
    assert lines[-1].startswith("No hint on show")
    del lines[:]
    key(table_app, pygame.K_h)
    hint = scene.hint
    assert hint is not None and hint.kind == "card"
    first = reason_sentences(hint.why, hint.contrast, hint.detail)[0]
    said = f"Hint: {spoken.card_name(hint.best)}."
    news = [ln for ln in lines if ln.startswith("Hint: ")]
    assert len(news) == 1 and news[0].startswith(said) and first in news[0]
    del lines[:]
    key(table_app, pygame.K_g)
    assert lines == news  # the same line again, whole
