"""Practice's hand so far on the spoken table (issue 47, point 5): the board's left panel
(the dealer, the turned card, the contract, the bids, each expedition's cards by seat and
who won it, the card points) was drawn but never said, nor the hand the keys 1-8 play
from.  Both are now said with the problem's title, once a problem opens, and not again
when it is answered (``speech.Screens``, a recording voice, synthetic keys); the table's
*Expeditions* overlay says the same hand so far."""

from __future__ import annotations

import pygame

from beloz.rules.cards import sort_key
from beloz.ui.scenes.table.spoken import card_name
from tests.test_ui_spoken_screens import heard, listen  # noqa: F401 - the fixture
from tests.test_ui_table import frame, key


def _said(lines: list[str], start: str) -> str:
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return " ".join(found[0].split())  # the voice's spaces (no non-breaking ones)


def _expeditions(view) -> list[tuple[int, list[str]]]:
    """Each finished expedition: its number and its cards as said."""
    return [(n, [card_name(c) for c in t.cards]) for n, t in enumerate(view.tricks, 1)]


def test_practice_says_the_hand_so_far_and_the_hand_as_a_problem_opens(
        listen) -> None:  # noqa: F811 - the fixture
    app = listen("practice")
    scene = app.top
    v = scene.view
    assert v.tricks, "the first problem has expeditions played"
    line = _said(heard(app), "Practice 1 of ")
    assert "The hand so far." in line and f"Dealer: {scene.seat_name(v.dealer)}." in line
    assert f"Turned card: {card_name(v.turned)}." in line
    assert "Bids: you: Pass;" in line and "Contract: " in line
    for n, cards in _expeditions(v):
        said = line.split(f"Expedition {n}, opened by ")[1].split("Expedition")[0]
        for c in cards:  # every card of the expedition, by plain and animal
            assert c in said, (n, c, said)
        assert "; won by " in said
    assert "Card points taken: us " in line
    held = sorted((c for c in range(32) if v.hand >> c & 1), key=lambda c: sort_key(c, v.trump))
    assert f"Your cards: 1: {card_name(held[0])}" in line  # as key 1 plays them
    assert line.index("The hand so far") < line.index("Your cards") < line.index(
        "Find the best card")
    # Answered (key 1): the verdict is said, not the hand so far again.
    n = len(heard(app))
    key(app, pygame.K_1)
    frame(app, 2)
    assert scene.answer is not None
    new = heard(app)[n:]
    assert new and not any("The hand so far" in s for s in new), new
    # The next problem: its own hand so far, with its title.
    key(app, pygame.K_n)
    frame(app, 2)
    assert "The hand so far." in _said(heard(app), "Practice 2 of ")


def test_the_table_s_expeditions_overlay_says_the_hand_so_far(
        listen) -> None:  # noqa: F811 - the fixture
    app = listen("history")
    overlay = app.top
    v = overlay.view
    assert v.tricks
    line = _said(heard(app), "The hand so far.")
    assert "Dealer: " in line
    for n, cards in _expeditions(v):
        assert f"Expedition {n}, opened by " in line
        for c in cards:
            assert c in line
