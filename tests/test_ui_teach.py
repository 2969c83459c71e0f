"""Teaching and newcomer screens, driven by synthetic events: resetting the statistics, the
level's description in the settings."""

from __future__ import annotations

import json

import pygame
import pytest

from beloz import i18n
from beloz.settings import Settings
from beloz.ui.app import App
from beloz.ui.scenes.confirm import ConfirmScene
from beloz.ui.scenes.settings import SettingsScene
from beloz.ui.scenes.stats import StatsScene

from .test_ui_shell import click, frames


def test_statistics_reset_asks_then_zeroes_and_saves(app, data_dir):
    from beloz.stats import Stats, save_stats

    save_stats(Stats(hands_played=12, matches_played=2, matches_won=1))
    scene = StatsScene(app)
    app.push(scene)
    frames(app)
    assert scene.stats.hands_played == 12
    click(app, scene.reset)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)  # asked first: nothing erased yet
    saved = json.loads((data_dir / "stats.json").read_text(encoding="utf-8"))
    assert saved["hands_played"] == 12
    # Cancel keeps everything.
    click(app, dialog.cancel)
    assert app.top is scene and scene.stats.hands_played == 12
    click(app, scene.reset)
    click(app, app.top.confirm)
    assert app.top is scene
    assert scene.stats.hands_played == 0
    saved = json.loads((data_dir / "stats.json").read_text(encoding="utf-8"))
    assert saved["hands_played"] == 0 and saved["matches_played"] == 0


def test_settings_describe_the_chosen_level(app):
    scene = SettingsScene(app)
    app.push(scene)
    frames(app)
    assert scene.help_rect.h > 0
    assert scene.help_rect.bottom <= scene.back.rect.top
    for level in ("beginner", "standard", "expert"):
        text = app.tr(f"settings.level_help.{level}")
        assert text != f"settings.level_help.{level}" and text.startswith(app.tr(f"level.{level}"))


# -- hints and reviews at the table ----------------------------------------------------------

@pytest.fixture
def table_app(tmp_path, monkeypatch):
    from beloz.ai import review
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)  # a small budget: the tests stay quick
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


def _table(app, seed=1):
    from beloz.ui.scenes.table import TableScene

    scene = TableScene(app, new_match=True, seed=seed)
    app.push(scene)
    return scene


def _drive(scene, app, until, limit=3000):
    from .test_ui_table import answer, frame

    for _ in range(limit):
        if until():
            return
        if scene.phase == "human" and scene.step is not None:
            answer(scene, app)
        frame(app)
    raise AssertionError("the table never reached the expected state")


def _my_turn(scene, kind, choices=2):
    s = scene.step
    return (s is not None and s.kind is kind and s.human and scene.phase == "human"
            and len(s.data.get("legal", ())) >= choices)


def _to_my_bid(app):
    """The table of the first seed (1 to 29) where the person bids with a choice."""
    from beloz.ui.game import StepKind

    for seed in range(1, 30):
        scene = _table(app, seed)
        _drive(scene, app, lambda scene=scene: _my_turn(scene, StepKind.BID) or (
            scene.step is not None and scene.step.kind is StepKind.PLAY))
        if _my_turn(scene, StepKind.BID):
            return scene
        app.pop()
    return scene


def test_key_h_shows_each_legal_cards_value_and_the_best(table_app):
    from beloz.ui.game import StepKind

    from .test_ui_table import frame, key

    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    assert scene.hint is None
    key(table_app, pygame.K_h)
    hint = scene.hint
    assert hint is not None and hint.kind == "card"
    legal = set(scene.step.data["legal"])
    assert {o.action for o in hint.options} == legal and hint.best in legal
    assert hint.expected(hint.best) == max(o.expected for o in hint.options)
    table_app.draw(table_app.screen)  # values over the cards, the sentence
    scene.try_play(hint.best)
    frame(table_app, 3)
    assert scene.hint is None and scene.hint_step is None  # gone with its question


def test_hint_button_during_the_bidding(table_app):
    from .test_ui_shell import click as ui_click

    scene = _to_my_bid(table_app)
    ui_click(table_app, scene.fixed_buttons["hint"])
    hint = scene.hint
    assert hint is not None and hint.kind == "bid"
    assert hint.best in scene.step.data["legal"]
    table_app.draw(table_app.screen)


def test_hints_on_every_turn_with_the_setting(table_app):
    from beloz.ui.game import StepKind

    table_app.settings = table_app.settings.replace(auto_hint=True)
    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY) and scene.hint is not None)
    assert scene.hint_step is scene.step


def test_review_from_the_score_screen_step_by_step_and_reopened(table_app):
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_shell import click as ui_click
    from .test_ui_table import frame, key

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: scene.step is not None
           and scene.step.kind is StepKind.SCORE and scene.phase == "human")
    ui_click(table_app, scene.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene)
    entry = rv.entry
    assert entry.review is not None and entry.hand is scene.flow.last_hand
    cards = [r for r in entry.review.ratings if r.kind == "card"]
    assert len(cards) == 8
    assert rv.page == 0
    for n in range(1, 4):
        key(table_app, pygame.K_RIGHT)
        assert rv.page == n
        state, trick = rv.state_at(n)
        assert len(trick) == 4 and len(state.tricks) == n - 1
        assert [r.expedition for r in rv.ratings_on(n)] == [n]
        table_app.draw(table_app.screen)
    key(table_app, pygame.K_LEFT)
    assert rv.page == 2
    assert rv.summary().startswith("Points lost in the hand")
    key(table_app, pygame.K_ESCAPE)
    assert table_app.top is scene
    frame(table_app)
    review = entry.review
    scene.press("review")  # reopened: the same ratings, not computed again
    assert table_app.top.entry is entry and entry.review is review
    assert len(scene.kept_hands) == 1


def test_review_shows_progress_while_computing(table_app):
    from beloz.ui.game import StepKind

    class Pending:
        progress = (3, 9)

        def done(self):
            return False

        def cancel(self):
            pass

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: scene.step is not None
           and scene.step.kind is StepKind.SCORE and scene.phase == "human")
    from beloz.ui.scenes.table import hints

    kept = hints.keep_hand(scene)
    kept.job = Pending()
    from beloz.ui.scenes.review import ReviewScene

    rv = ReviewScene(table_app, scene.kept_hands, 0)
    table_app.push(rv)
    assert rv.progress == (3, 9) and kept.review is None
    table_app.draw(table_app.screen)  # the bar
    table_app.step(1 / 60)
    assert kept.review is None  # still waiting, the window goes on


@pytest.mark.parametrize("name", ["hint", "review"])
def test_screenshot_states_hint_and_review(table_app, name):
    from beloz.ui.scenes.review import ReviewScene
    from beloz.ui.scenes.table import screenshot_scene

    screenshot_scene(table_app, name, 7)
    top = table_app.top
    table_app.draw(table_app.screen)
    if name == "hint":
        assert top.hint is not None
    else:
        assert isinstance(top, ReviewScene) and top.entry.review is not None


# -- undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_my_card_and_what_followed(table_app):
    from beloz.ui.game import StepKind

    from .test_ui_table import frame, key

    table_app.settings = table_app.settings.replace(allow_undo=True)
    scene = _table(table_app, seed=3)
    scene.resume()  # the Undo button follows the setting
    assert "undo" in scene.fixed_buttons
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY)
           and len(scene.flow.hand.tricks) >= 2)
    hand = scene.flow.hand
    before = (hand.hands[:], len(hand.tricks), hand.trick[:], hand.points[:])
    view = hand.view(0)
    card = scene.step.data["legal"][-1]
    scene.try_play(card)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY, choices=1)
           or scene.step is not None and scene.step.kind is StepKind.SCORE)
    assert not hand.hands[0] >> card & 1  # played, and the computers went on
    key(table_app, pygame.K_u)
    frame(table_app, 3)
    assert (hand.hands, len(hand.tricks), hand.trick, hand.points) == (
        before[0], before[1], before[2], before[3])
    assert hand.view(0) == view
    assert _my_turn(scene, StepKind.PLAY, choices=1)  # my turn again, the same question
    assert card in scene.hands[0]  # the card is back in my hand on the table
    assert scene.flow.used_undo and scene.flow.extra()["undo"] is True
    # Playing on from there works as ever.
    scene.try_play(scene.step.data["legal"][0])
    frame(table_app, 3)


def test_undo_is_off_by_default_and_needs_a_decision(table_app):
    from beloz.ui.game import StepKind

    scene = _table(table_app, seed=3)
    assert "undo" not in scene.fixed_buttons
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    assert not scene.press("undo")  # the setting is off
    table_app.settings = table_app.settings.replace(allow_undo=True)
    hand = scene.flow.hand
    actors = scene.flow._actors(hand)
    assert scene.press("undo") == (0 in actors)


def test_a_match_with_undo_is_counted_apart(tmp_path, monkeypatch):
    from beloz import stats as stats_mod
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game
    from beloz.ui.game import GameFlow, StepKind

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    flow = GameFlow(5)  # seat 0 is the person
    flow.record_stats = True
    undone = False
    for _ in range(5000):
        step = flow.next_step()
        if step.kind is StepKind.SCORE:
            break
        if step.kind is StepKind.PLAY and step.human and not undone and flow.hand.tricks:
            flow.apply(step, step.data["legal"][0])
            assert flow.undo(0)
            undone = True
            continue
        if step.human:
            legal = step.data.get("legal")
            value = legal[0] if legal else {StepKind.CUT: 16, StepKind.DEAL: 3}.get(step.kind)
            if step.kind is StepKind.BID:
                value = 33 if step.data["round"] == 1 else legal[1]
        else:
            value = step.decide() if step.decide is not None else None
        flow.apply(step, value)
    assert undone
    st, _ = stats_mod.load_stats()
    assert st.undo_hands == 1 and st.hands_played == 0 and st.team_taken == 0


# -- replayable deals ---------------------------------------------------------------------------


def test_play_this_deal_again_then_back_to_the_match(table_app):
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.table import TableScene, replay

    from .test_ui_shell import click as ui_click

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: scene.step is not None
           and scene.step.kind is StepKind.SCORE and scene.phase == "human")
    played = scene.flow.last_hand
    code = replay.current_code(scene)
    assert code is not None and len(code) == 5
    scores = list(scene.flow.match.scores)
    ui_click(table_app, scene.buttons["again"])
    again = table_app.top
    assert isinstance(again, TableScene) and again is not scene and again.replay_of is scene
    first = played.at_deal()
    replayed = again.flow.hand.at_deal()  # the replay may have begun: back to its deal
    assert replayed.hands == first.hands and replayed.turned == first.turned
    assert replayed.stock == first.stock and replayed.dealer == played.dealer
    assert replay.current_code(again) == code  # the same deal, the same code
    assert not again.flow.persist and not again.flow.record_stats
    # Play it (another way: the person passes) to its score, then back to the match.
    _drive(again, table_app, lambda: again.step is not None
           and again.step.kind in (StepKind.SCORE, StepKind.CUT) and again.phase == "human"
           or again.flow.stage == "cut")
    if again.step is not None and again.step.kind is StepKind.SCORE:
        assert "back_to_match" in again.buttons and "next" not in again.buttons
        ui_click(table_app, again.buttons["back_to_match"])
    else:
        _back_by_itself(table_app, scene)  # everybody passed on the replay
    assert table_app.top is scene
    assert list(scene.flow.match.scores) == scores  # the match is untouched


def test_enter_on_a_replayed_deals_score_leads_back_to_the_match(table_app):
    """Enter (or Space) on a score screen presses its first button: on a replay that is
    "Back to the match", not "Next hand" (which played the practice copy on as a match)."""
    import pygame

    from beloz.ui.game import StepKind

    from .test_ui_shell import click as ui_click
    from .test_ui_shell import key as ui_key

    for seed in range(4, 12):
        scene = _table(table_app, seed=seed)
        _drive(scene, table_app, lambda s=scene: s.step is not None
               and s.step.kind is StepKind.SCORE and s.phase == "human")
        scores = list(scene.flow.match.scores)
        ui_click(table_app, scene.buttons["again"])
        again = table_app.top
        _drive(again, table_app, lambda a=again: a.step is not None
               and a.step.kind in (StepKind.SCORE, StepKind.CUT) and a.phase == "human"
               or a.flow.stage == "cut")
        if again.step is not None and again.step.kind is StepKind.SCORE:
            hands = len(again.flow.match.history)
            ui_key(table_app, pygame.K_RETURN)
            assert table_app.top is scene, "back to the match"
            assert len(again.flow.match.history) == hands, "the practice copy did not go on"
            assert list(scene.flow.match.scores) == scores
            return
        _back_by_itself(table_app, scene)  # everybody passed on the replay
        table_app.pop()  # try another deal
    raise AssertionError("no replay reached its score")


def _back_by_itself(app, scene):
    """A replayed deal that everybody passes ends there: the banner says so and the table
    goes back to the match by itself (it used to deal the practice copy on)."""
    replayed = app.top
    for _ in range(600):
        if app.top is scene:
            break
        app.step(1 / 60)
    assert app.top is scene, "back to the match"
    assert replayed.banner == replayed.t("table.redeal_practice")


@pytest.mark.slow
def test_a_replayed_deal_everybody_passes_goes_back_to_the_match(table_app):
    """The redeal of a replay (everybody passed) is the end of that practice: the table goes
    back to the match; a match's own redeal deals on."""
    from beloz.ui.game import Step, StepKind
    from beloz.ui.scenes.table import animations, replay

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: scene.step is not None
           and scene.step.kind is StepKind.SCORE and scene.phase == "human")
    replay.play_again(scene)
    again = table_app.top
    animations.redeal(again, Step(StepKind.REDEAL, seat=again.flow.match.dealer), None)
    _back_by_itself(table_app, scene)
    animations.redeal(scene, Step(StepKind.REDEAL, seat=scene.flow.match.dealer), None)
    frames(table_app, 300)
    assert table_app.top is scene and scene.banner == ""


def test_settings_show_the_windows_real_size(data_dir, monkeypatch):
    """On a 1280 × 800 desktop the window asked for 1280 × 800 leaves room for the task bar
    and the title bar (1280 × 720): the settings show the window's real size."""
    monkeypatch.setattr(App, "_desktop", lambda self: (1280, 800))
    app = App(fast=True, settings=Settings(language="en", window_size=(1280, 800)))
    try:
        assert app.size == (1280, 720)
        scene = SettingsScene(app)
        app.push(scene)
        frames(app)
        shown = scene.controls["window_size"].selected_option
        text = shown[0] if isinstance(shown, tuple) else shown
        assert text == "1280 × 720"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_bid_hint_leaves_the_turned_card_in_sight_when_the_person_deals(size, data_dir):
    """The hint's two lines above the bid question never cover the turned card, even when
    the pack and the turned card lie in front of the person (the person deals)."""
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.table import hints

    app = App(size=size, fast=True, settings=Settings(language="en"))
    try:
        for seed in range(1, 60):
            scene = _table(app, seed)
            _drive(scene, app, lambda scene=scene: _my_turn(scene, StepKind.BID) or (
                scene.step is not None and scene.step.kind is StepKind.PLAY))
            if _my_turn(scene, StepKind.BID) and scene.flow.hand.dealer == 0:
                break
            app.pop()
        else:
            raise AssertionError("no seed where the person deals and bids")
        hints.request(scene)
        assert scene.hint is not None and scene.hint.kind == "bid"
        boxes: list[pygame.Rect] = []
        panel = scene.panel

        def spy(surface, rect, *args, **kwargs):
            boxes.append(pygame.Rect(rect))
            return panel(surface, rect, *args, **kwargs)

        scene.panel = spy
        app.draw(app.screen)
        turned = scene.sprites[scene.flow.hand.turned].rect()
        lines = [b for b in boxes if b.centerx == app.screen.get_width() // 2]
        assert len(lines) >= 3  # the values, the reason, the question
        assert not any(b.colliderect(turned) for b in lines), (turned, lines)
    finally:
        app.close()


def _spy_text(scene) -> list[str]:
    """The texts the scene draws from now on, in order (its ``text`` wrapped)."""
    drawn: list[str] = []
    real = scene.text

    def spy(surface, text, *args, **kw):
        drawn.append(text)
        return real(surface, text, *args, **kw)

    scene.text = spy
    return drawn


def test_the_hint_says_the_deciding_reason_first_and_what_its_numbers_are(table_app,
                                                                        monkeypatch):
    """The gold line is the comparative reason (``review.reason_sentences``' first); the
    numbers' meaning is said once; equivalent cards that were not valued show "=", never a
    made-up 0 and no ±; the ± of the values is drawn beside them, and the line naming the
    cards about as good says they are within it."""
    from dataclasses import replace

    from beloz.ai.review import reason_sentences
    from beloz.review_store import Option
    from beloz.ui.game import StepKind

    from .test_ui_table import key

    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    key(table_app, pygame.K_h)
    hint = scene.hint
    assert hint is not None and hint.kind == "card"
    drawn = _spy_text(scene)
    # What the hint says when it has the room (at 960×600 the lines that find no room below
    # the trick are left out: tests/test_ui_table_overlaps.py).
    from beloz.ui.scenes.table import hints as table_hints

    monkeypatch.setattr(table_hints, "room_top", lambda scene, bottom: None)
    table_app.draw(table_app.screen)
    said = " ".join(drawn)
    first = reason_sentences(hint.why, hint.contrast, hint.detail)[0]
    assert " ".join(f"Hint: {first}".split()) in " ".join(said.split())
    assert scene.t("teach.numbers") in said
    # not valued (every card equivalent): "=" over each card, no number, no card framed
    drawn.clear()
    scene.hinting.hint = replace(hint, valued=False)
    frames: list[object] = []
    real_rect = pygame.draw.rect

    def rect(surface, colour, r, *args, **kw):
        if tuple(colour)[:3] == table_hints.GOLD and args and args[0] == 4:
            frames.append(r)
        return real_rect(surface, colour, r, *args, **kw)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    table_app.draw(table_app.screen)
    assert frames == []
    monkeypatch.setattr(pygame.draw, "rect", real_rect)
    from beloz.ui.scenes.table.hints import value_text

    assert drawn.count("=") == len(hint.options)
    assert not any(t == value_text(o.expected) for o in hint.options for t in drawn
                   if t.startswith(("+", "-")))
    assert not any("±" in t for t in drawn)  # nor blamed on noise
    # a band of about-as-good values 30 points wide: their ± shown beside the values, and
    # the line naming them says they are within it
    others = [o.action for o in hint.options if o.action != hint.best]
    if others:
        wide = tuple(Option(o.action, 50.0 if o.action == hint.best else 20.0, None, 99.0)
                     for o in hint.options)
        drawn.clear()
        scene.hinting.hint = replace(hint, options=wide, about=tuple(others), spread=99.0,
                                     why=replace(hint.why, key="play"))
        table_app.draw(table_app.screen)
        assert "±99" in drawn  # the box beside the values
        assert " ".join(scene.t("teach.within_noise", noise="±99").split()) in " ".join(
            " ".join(drawn).split())


def test_a_threshold_hint_says_the_reason_too(table_app):
    """Teacher set K, bulgare-535: after "The contract is at stake: ..." the reason ("Keep
    your North water snake ...") found no room and was left out, even at 1280×800.  The
    reason after a threshold is drawn too, smaller if it must."""
    from dataclasses import replace

    from beloz.reasons import Contrast, Why
    from beloz.ui.game import StepKind

    from .test_ui_table import key

    scene = _table(table_app, seed=3)
    _drive(scene, table_app, lambda: _my_turn(scene, StepKind.PLAY))
    key(table_app, pygame.K_h)
    hint = scene.hint
    assert hint is not None and hint.kind == "card"
    v = scene.view()
    others = [o.action for o in hint.options if o.action != hint.best] or [hint.best]
    reason = Why("vs.keep_master_risk", (hint.best, others[0], others[-1]), others[0] >> 3,
                 points=7, count=7, trump=v.trump, seat=1)
    stake = Contrast("threshold", hint.best, others[0], 22, 23, 50, v.seat, v.trump, count=5,
                     basis="points", weight=96, contract="ours", threshold="contract",
                     have=28, theirs=134, swing="dedans-made", have_announced=50)
    drawn = _spy_text(scene)
    scene.hinting.hint = replace(hint, why=reason, contrast=stake, detail=None)
    table_app.draw(table_app.screen)
    said = " ".join(" ".join(drawn).split())
    assert "The contract is at stake: your team has 28 card points and 50 in" in said
    assert "Keep your" in said and "for a later expedition" in said
