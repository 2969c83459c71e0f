"""The table scene under SDL's dummy drivers, driven by synthetic events like a player."""

from __future__ import annotations

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.state import TAKE, Phase
from beloz.ui import game
from beloz.ui.game import StepKind


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    # Random computer players keep the tests fast whatever level the settings ask for.
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.ui.app import App

    a = App(size=(960, 600), fast=True, save=False)
    yield a
    a.close()


def table(app, seed=1, **kw):
    from beloz.ui.scenes.table import TableScene

    scene = TableScene(app, new_match=True, seed=seed, **kw)
    app.push(scene)
    return scene


def frame(app, n=1):
    for _ in range(n):
        app.step(1 / 60)


def click(app, pos):
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app, 2)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frame(app)


def waiting(scene, kind):
    s = scene.step
    return s is not None and s.kind is kind and scene.phase == "human"


def answer(scene, app):
    """Answer the person's current step the simple way (not the one under test)."""
    s = scene.step
    if s.kind is StepKind.CUT:
        scene.press("cut")
    elif s.kind is StepKind.DEAL:
        scene.press("deal3")
    elif s.kind is StepKind.BID:
        scene.press("pass")
    elif s.kind is StepKind.PLAY:
        scene.try_play(s.data["legal"][0])
    elif s.kind is StepKind.SCORE:
        scene.press("next")


def drive(scene, app, until, limit=3000):
    for _ in range(limit):
        if until():
            return
        if scene.phase == "human" and scene.step is not None:
            answer(scene, app)
        frame(app)
    raise AssertionError("the table never reached the expected state")


def play_point(scene, card):
    """A point on the visible part of a card of the person's hand."""
    r = scene.sprites[card].rect()
    return (r.x + 6, r.centery)


def first_round_seed(app):
    """A seed whose first hand asks the person to bid in round 1 (search is deterministic)."""
    for seed in range(1, 40):
        scene = table(app, seed)

        def bid_or_taken(scene=scene):
            s = scene.step
            return s is not None and (
                s.kind is StepKind.COMPLETE or (s.kind is StepKind.BID and s.human)
            )

        drive(scene, app, bid_or_taken)
        if waiting(scene, StepKind.BID) and scene.step.data["round"] == 1:
            return scene
        app.pop()
    raise AssertionError("no seed found")


def test_take_then_play_a_legal_card(app) -> None:
    scene = first_round_seed(app)
    take = scene.buttons["take"]
    click(app, take.rect.center)
    hand = scene.flow.hand
    assert hand.taker == 0 and hand.bids[-1] == TAKE
    drive(scene, app, lambda: waiting(scene, StepKind.PLAY))
    hand = scene.flow.hand
    assert hand.phase is Phase.PLAY and len(scene.hands[0]) == hand.hands[0].bit_count()
    legal = scene.step.data["legal"]
    card = legal[0]
    before = hand.hands[0].bit_count()
    click(app, play_point(scene, card))
    frame(app, 3)
    assert not hand.hands[0] >> card & 1
    assert hand.hands[0].bit_count() == before - 1


def test_illegal_card_is_explained_and_refused(app) -> None:
    scene = table(app, seed=2)

    def illegal_moment():
        return waiting(scene, StepKind.PLAY) and len(scene.step.data["legal"]) < len(
            scene.hands[0])

    drive(scene, app, illegal_moment)
    hand = scene.flow.hand
    legal = set(scene.step.data["legal"])
    bad = next(c for c in scene.hands[0] if c not in legal)
    reason = hand.why_illegal(bad, 0)
    assert reason is not None
    click(app, play_point(scene, bad))
    assert hand.hands[0] >> bad & 1  # not played
    assert scene.message.startswith("You must")
    if reason.value == "must_follow":
        lead = hand.trick[0] >> 3
        assert scene.message == f"You must follow {scene.plain_name(lead)}"
    # Hovering says it too; the dimmed look marks it.
    scene.words.tell("")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frame(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=play_point(scene, bad),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    assert scene.message.startswith("You must")
    assert scene.sprites[bad].dim


def test_keyboard_plays_the_nth_card(app) -> None:
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.PLAY)
          and scene.hands[0][0] in scene.step.data["legal"])
    hand = scene.flow.hand
    card = scene.hands[0][0]
    key(app, pygame.K_1)
    frame(app, 2)
    assert not hand.hands[0] >> card & 1


def test_hand_reaches_the_score_screen_then_next_hand(app) -> None:
    scene = table(app, seed=4)
    drive(scene, app, lambda: waiting(scene, StepKind.SCORE))
    assert scene.score_shown is not None
    res = scene.step.data["result"]
    assert sum(res.card_points) + 10 == 162 or res.capot is not None
    app.draw(app.screen)  # the overlay draws
    dealt = scene.flow.match.hands_dealt
    click(app, scene.buttons["next"].rect.center)
    drive(scene, app, lambda: scene.flow.match.hands_dealt > dealt)
    assert scene.score_shown is None


def test_last_expedition_toggles(app) -> None:
    scene = table(app, seed=5)
    drive(scene, app, lambda: scene.flow.hand is not None and len(scene.flow.hand.tricks) >= 1
          and scene.phase == "human")
    key(app, pygame.K_l)
    assert scene.show_last
    app.draw(app.screen)
    key(app, pygame.K_l)
    assert not scene.show_last


def test_autoplay_plays_a_match_and_quits(app, capsys) -> None:
    table(app, seed=6, autoplay=True)
    for _ in range(2000):
        if not app.running:
            break
        frame(app)
    assert not app.running
    out = capsys.readouterr().out
    assert "Final score: " in out and "wins)" in out


@pytest.mark.parametrize("name", ["deal", "bid", "play", "score"])
def test_screenshot_states(app, name) -> None:
    from beloz.ui.scenes.table import screenshot_scene

    screenshot_scene(app, name, 7)
    scene = app.top
    frame(app)
    app.draw(app.screen)
    if name == "play":
        assert scene.flow.hand.trick and len(scene.flow.hand.tricks) >= 3
    if name == "score":
        assert scene.score_shown is not None


def test_draw_tie_is_said_over_the_tied_cards(app):
    """The first-dealer draw says "a tie" while the tied lowest numbers are on the table,
    naming the tied seats; the redraw's own cards are announced as a redraw, not a tie
    (they may well differ: a 4 and a 5)."""
    seed = 10  # two seats tie for the lowest number in the first round
    said: list[tuple[str, dict, dict]] = []
    from beloz.ui.scenes.table import TableScene

    real_t = TableScene.t

    def spy(self, key, **kw):
        if key.startswith("table.draw."):
            said.append((key, kw, dict(self.draw_cards)))
        return real_t(self, key, **kw)

    TableScene.t = spy  # type: ignore[method-assign]
    try:
        scene = table(app, seed=seed)
        frame(app, 30)
    finally:
        TableScene.t = real_t  # type: ignore[method-assign]
    rounds = scene.flow.draw_rounds
    assert len(rounds) >= 2
    ties = [(kw, shown) for key, kw, shown in said  # the person among them: "you"'s words
            if key in ("table.draw.again", "table.draw.again_you")]
    assert len(ties) == len(rounds) - 1
    for (kw, shown), nxt in zip(ties, rounds[1:], strict=True):
        low = min(c & 7 for c in shown.values())
        tied = sorted(s for s, c in shown.items() if c & 7 == low)
        assert len(tied) >= 2 and tied == sorted(nxt.cards)
        for s in tied:
            assert (scene.t("table.draw.you") if s == 0 else scene.seat_name(s)) in kw["names"]
    redraws = [kw for key, kw, _ in said if key in ("table.draw.redraw", "table.draw.redraw_you")]
    assert len(redraws) == len(rounds) - 1


def test_last_hand_score_screen_leads_to_the_result(app) -> None:
    """When the hand just scored decides the match, the score screen's first button says
    so ("See the result") instead of offering a next hand that will not be dealt."""
    scene = table(app, seed=4)
    scene.flow.match.scores = [995, 995]  # whoever scores more in this hand wins
    drive(scene, app, lambda: waiting(scene, StepKind.SCORE))
    assert scene.step.data["winner"] is not None
    button = scene.buttons["next"]
    assert button.text == scene.t("common.confirm_enter",
                                  action=scene.t("table.button.see_result"))
    click(app, button.rect.center)
    drive(scene, app, lambda: scene.step is not None and scene.step.kind is StepKind.MATCH_END)


def test_a_hand_that_does_not_decide_says_next_hand(app) -> None:
    scene = table(app, seed=4)
    drive(scene, app, lambda: waiting(scene, StepKind.SCORE))
    assert scene.step.data["winner"] is None
    assert scene.buttons["next"].text == scene.t("common.confirm_enter",
                                                 action=scene.t("table.button.next_hand"))
