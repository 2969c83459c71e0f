"""The caption that names a card too small for its own writing (the review's, « Show me
how »'s) follows the keys too (issue 47): it followed only the mouse, so a keyboard player
selecting another seat's card with keys 1-4, or stepping through « Show me how » with the
arrows, never read which card it was.  The spoken table says the same words first."""

from __future__ import annotations

import pygame

from beloz.ui import card_caption, drawn
from tests.test_ui_spoken_screens import heard, listen, reviewed  # noqa: F401 - the fixture
from tests.test_ui_table import frame, key


def texts(app) -> list[str]:
    """The texts the top screen draws."""
    with drawn.recording() as items:
        app.top.draw(app.screen)
        return [d.label for d in items if d.kind == "text"]


def test_a_card_selected_with_its_number_key_is_named(listen) -> None:  # noqa: F811
    app = listen("review")
    scene = reviewed(app, 2)
    scene.pointer = None  # no mouse over the board
    state, cards = scene.state_at(scene.page)
    i = next(i for i in range(len(cards))
             if (state.leader + state.ruleset.direction * i) % 4 != scene.reviewed_seat)
    words = card_caption.words(app, cards[i])
    assert words not in texts(app)  # nothing chosen: no caption
    lines = heard(app)
    n = len(lines)
    key(app, pygame.K_1 + i)
    frame(app)
    assert scene.selected is not None
    assert scene.trick_rects[(state.leader + state.ruleset.direction * i) % 4].w < 64
    assert words in texts(app)  # the card the keys chose, named on the board
    assert lines[n:] and lines[-1].startswith(words + ". Expedition"), lines[n:]
    key(app, pygame.K_1 + i)  # the same key again: back to the ratings, no caption
    assert scene.selected is None and words not in texts(app)


def test_the_arrows_name_show_me_how_s_cards(listen) -> None:  # noqa: F811
    app = listen("review")
    scene = reviewed(app, 2)
    scene.pointer = None
    key(app, pygame.K_s)
    for _ in range(600):
        frame(app)
        if scene.shown:
            break
    assert scene.shown, "Show me how drew no card"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    second = scene.shown[1].card
    words = card_caption.words(app, second)
    assert words in texts(app)
    assert heard(app)[-1].startswith(words + ". "), heard(app)[-1]
    key(app, pygame.K_LEFT)
    assert card_caption.words(app, scene.shown[0].card) in texts(app)
