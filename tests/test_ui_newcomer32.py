"""What a newcomer stumbled on (issue 32): the French tutorial's skip button is not named
like the bid "Passer"; a doubled or redoubled Bulgarian hand says why a team scored 0; the
auction's prompt after a redouble names ×4; the tutorial's auction says "Contract … · Called
by …" as the table does while the auction is open, and its expedition's cards lie apart; the
score screen's Dealer is the hand's; the Hint button is disabled while there is nothing to
hint (the cut); the new-game dialog keeps its place and size, puts no tip over the target
and opens lists as wide as their fields; the pause menu says what the deal's code is."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

from beloz import i18n
from beloz.ai.player import RandomPlayer
from beloz.rules.ruleset import get
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, HandState, Phase, parse_bid
from beloz.ui import drawn, game, sweep
from beloz.ui.game import Step, StepKind
from beloz.ui.sweep import Shot


@pytest.fixture(autouse=True)
def quick(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))


def texts_of(draw) -> list[str]:
    with drawn.recording() as seen:
        draw()
        return [d.label for d in seen if d.kind == "text"]


def test_the_french_skip_button_is_not_the_bid_pass():
    fr = i18n.load_strings("fr")
    skip, bid = fr["tutorial"]["skip"], fr["table"]["button"]["pass"]
    assert skip == "Sauter la leçon (S)" and not skip.startswith(bid)


def doubled_hand(redouble: bool) -> HandState:
    """A Bulgarian hand: East called by seat 1, doubled by seat 2 (and redoubled by seat
    3), played out at random."""
    rs = get("belot-bulgare")
    pack = list(range(32))
    random.Random(5).shuffle(pack)
    hand = HandState.deal(pack, 0, ruleset=rs)
    calls = ["E", "double"] + (["redouble"] if redouble else []) + ["pass"] * 3
    for c in calls:
        hand.apply(parse_bid(c))
    rng = random.Random(2)
    while hand.phase is not Phase.DONE:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("redouble", [False, True])
def test_a_doubled_hand_says_why_a_team_scored_nothing(lang, redouble):
    from beloz.ui.scenes import score

    hand = doubled_hand(redouble)
    res = hand.result()
    m = 4 if redouble else 2
    assert res.multiplier == m and 0 in res.score
    with sweep.quiet_app((1280, 800), lang, "belot-bulgare") as app:
        sweep.show(app, Shot("score", "belot-bulgare"))
        table = app.scenes[-1]
        step = SimpleNamespace(kind=StepKind.SCORE, data={"result": res})
        said = " ".join(texts_of(lambda: score.draw(table, app.screen, step, hand)))
        w = res.winning_team
        assert res.score[1 - w] == 0
        why = app.tr(f"score.doubled.{m}", who=app.tr("table.score.us" if w == 0 else
                                                         "table.score.them"),
                     other=app.tr("table.score.them" if w == 0 else "table.score.us"))
        assert f"×{m}" in why
        # Wrapped over lines: every word of it, in order.
        assert " ".join(why.split()) in " ".join(said.split())


def test_the_auction_prompt_after_a_redouble_names_times_four():
    from beloz.ui.scenes.table import prompts

    with sweep.quiet_app((1280, 800), "en", "belot-bulgare") as app:
        sweep.show(app, Shot("deal", "belot-bulgare"))
        table = app.scenes[-1]
        rs = get("belot-bulgare")
        hand = HandState.deal(list(range(32)), 0, ruleset=rs)
        first = hand.current
        # The contract called by the seat after the dealer, doubled, redoubled, then the
        # others pass until the person's call.
        hand.apply(parse_bid("E"))
        hand.apply(DOUBLE)
        hand.apply(REDOUBLE)
        while hand.current != 0:
            hand.apply(PASS)
        assert hand.multiplier == 4 and first != 0
        table.flow.hand = hand
        step = Step(StepKind.BID, seat=0, human=True,
                    data={"auction": True, "legal": hand.legal_actions()})
        prompts.ask_auction(table, step)
        assert "East ×4" in table.prompt, table.prompt


def test_the_tutorial_auction_shows_what_the_table_shows():
    from beloz.ui.scenes.tutorial import TutorialScene

    with sweep.quiet_app((1280, 800), "en", "belot-bulgare") as app:
        seen_open = 0
        for lesson in (11, 12, 13, 14, 15):  # the Bulgarian lessons
            scene = TutorialScene(app, lesson=lesson, keep_progress=False)
            app.push(scene)
            scene.play_all()
            st = scene.runner.state
            while scene.runner.task is not None and st.phase is Phase.BIDDING:
                texts = texts_of(lambda s=scene: s.draw(app.screen))
                assert not any("Taker" in t for t in texts), texts
                if st.contract is not None:
                    seen_open += 1
                    line = scene.contract_line()
                    assert line is not None and line in texts
                    assert line.startswith("Contract: ")
                    assert line.endswith(app.tr("table.called_by_you")) if st.taker == 0 \
                        else "Called by" in line
                    assert "Flooded" not in line
                scene.answer(scene.runner.task.expect[0])
                scene.play_all()
            app.pop()
        assert seen_open


def test_the_tutorial_expedition_cards_lie_apart():
    from beloz.lessons import lesson_names
    from beloz.ui.scenes.tutorial import TutorialScene

    full = 0
    for size in ((960, 600), (1920, 1080)):
        with sweep.quiet_app(size, "en", "beloz") as app:
            for lesson in range(len(lesson_names())):
                scene = TutorialScene(app, lesson=lesson, keep_progress=False)
                app.push(scene)
                for _ in range(12):
                    scene.play_all()
                    scene.draw(app.screen)
                    rects = scene.trick_rects
                    full += len(rects) == 4
                    for i, a in enumerate(rects):
                        for b in rects[i + 1:]:
                            assert not a.colliderect(b), (lesson, a, b)
                    task = scene.runner.task
                    if task is None:
                        break
                    scene.answer(task.expect[0])
                app.pop()
    assert full


def test_the_score_screen_shows_this_hands_dealer():
    from beloz.ui.scenes.table.plates import dealer_shown

    with sweep.quiet_app((1280, 800), "en", "beloz") as app:
        sweep.show(app, Shot("score"))
        table = app.scenes[-1]
        flow = table.flow
        assert flow.stage == "score" and len(flow.match.history) == 1  # hand 1
        assert dealer_shown(table) == flow.last_hand.dealer
        assert table.dealer() != flow.last_hand.dealer  # the match is at the next one's


def test_the_hint_button_is_disabled_during_the_cut():
    from beloz.ui.scenes.table.screenshots import _drive

    with sweep.quiet_app((1280, 800), "en", "beloz") as app:
        sweep.show(app, Shot("deal"))
        table = app.scenes[-1]
        app.fast = True
        _drive(table, lambda: table.step is not None and table.step.kind is StepKind.CUT
               and table.step.human and table.phase == "human", limit=20000)
        table.update(0)
        hint = table.fixed_buttons["hint"]
        assert not hint.is_enabled
        table.human_value(16)
        _drive(table, lambda: table.step is not None and table.step.human
               and table.step.kind in (StepKind.BID, StepKind.PLAY)
               and table.phase == "human")
        table.update(0)
        assert hint.is_enabled


def test_the_new_game_dialog_keeps_its_place_and_its_fields_clear():
    from beloz.rules.ruleset import RULESETS

    with sweep.quiet_app((960, 600), "fr", "beloz") as app:
        sweep.show(app, Shot("newgame"))
        dialog = app.scenes[-1]
        where = pygame.Rect(dialog.panel)
        for name in list(RULESETS)[1:] + ["beloz"]:
            dialog.set("ruleset", name)
            app.step(1 / 60)
            assert dialog.panel == where, name  # it does not move under the cursor
        mouse = [(1, 1)]  # the dummy video driver has no pointer: pygame_gui asks this one
        real = pygame.mouse.get_pos
        pygame.mouse.get_pos = lambda: mouse[0]
        try:
            target = dialog.controls["target"].rect
            for i in range(3):
                button = dialog.controls[f"level:{i}"]
                mouse[0] = button.rect.center
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mouse[0],
                                                     rel=(0, 0), buttons=(0, 0, 0)))
                for _ in range(8):  # past the theme's tooltip delay
                    app.step(0.25)
                tip = button.tool_tip
                assert tip is not None  # the seat's name, beside the row
                assert not tip.rect.colliderect(target)  # not over the target's field
                assert not tip.rect.colliderect(dialog.help_rect)
                mouse[0] = (1, 1)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1),
                                                     rel=(0, 0), buttons=(0, 0, 0)))
                for _ in range(2):
                    app.step(1 / 60)
        finally:
            pygame.mouse.get_pos = real
        field = dialog.controls["ruleset"]
        c = field.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c, button=1))
        for _ in range(3):
            app.step(1 / 60)
        listing = field.current_state.options_selection_list
        assert listing is not None and listing.rect.w == field.rect.w


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pause_menu_says_what_the_deal_code_is(lang):
    from beloz.ui.scenes.table import replay

    with sweep.quiet_app((960, 600), lang, "beloz") as app:
        sweep.show(app, Shot("pause"))
        pause = app.scenes[-1]
        code = replay.current_code(app.scenes[-2])
        assert code
        said = " ".join(texts_of(lambda: pause.draw(app.screen)))
        assert said.startswith(code) or f" {code}" in f" {said}"
        assert app.tr("teach.button_again") in said
        assert sweep.check(app) == []
