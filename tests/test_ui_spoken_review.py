"""The review's right panel on the spoken table (issue 47, point 5): its ratings, and
another seat's decision explained, were drawn but never said.  The page on show and what
its panel says are now said together, again when either changes: the arrows turn the page,
the keys 1-4 open another seat's reasons (``speech.Screens``, a recording voice)."""

from __future__ import annotations

import pygame

from beloz.ui import card_caption, speech
from beloz.ui.scenes import review_panel
from tests.test_ui_spoken_screens import heard, listen, reviewed  # noqa: F401 - the fixture
from tests.test_ui_table import frame, key


def _panel(scene) -> str:
    """The panel's lines as said (the voice's spaces: no non-breaking ones)."""
    return " ".join(" ".join(speech.sentence(t) for t, _ in review_panel.panel_lines(scene))
                    .split())


def test_the_review_s_panel_is_said_with_its_page_and_again_when_it_changes(
        listen) -> None:  # noqa: F811 - the fixture
    app = listen("review")
    scene = reviewed(app, 2)
    lines = heard(app)
    panel = _panel(scene)
    assert panel and lines[-1].endswith(panel), lines[-1]  # said once computed
    page = scene.page  # it opens on the worst decision's page
    assert page > 0 and f"Expedition {page}. {panel}" in lines[-1]
    n = len(lines)
    key(app, pygame.K_RIGHT if page < 8 else pygame.K_LEFT)
    frame(app)
    page, new = scene.page, _panel(scene)
    assert new != panel and lines[n:] == [f"Expedition {page}. {new}"], lines[n:]
    # Another seat's card of this expedition: its reasons, said.
    n = len(lines)
    state, cards = scene.state_at(scene.page)
    i = next(i for i in range(len(cards))
             if (state.leader + state.ruleset.direction * i) % 4 != scene.reviewed_seat)
    key(app, pygame.K_1 + i)
    frame(app)
    assert scene.selected is not None
    reasons = _panel(scene)
    named = card_caption.words(app, cards[i])  # the card the key chose, first (its caption)
    assert reasons != new and lines[n:] == [f"{named}. Expedition {page}. {reasons}"], lines[n:]
    frame(app, 3)
    assert len(lines) == n + 1  # not said again while nothing moves
