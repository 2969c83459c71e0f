"""Reviews kept with the match and the auction's hint, through the real App and synthetic
events: a review is saved with its hand and reopens after Continue without being computed
again; a damaged review in the save is said and left out, the match resumes; the Bulgarian
auction's hint values every legal call and says why; the review rates the calls."""

from __future__ import annotations

import json

import pygame
import pytest

from beloz.ai import review
from beloz.ui.game import StepKind

from .test_ui_shell import click as ui_click
from .test_ui_table import frame, key
from .test_ui_teach import _drive, _my_turn, _table, _to_my_bid


def _at_score(scene) -> bool:
    return (scene.step is not None and scene.step.kind is StepKind.SCORE
            and scene.phase == "human")


@pytest.fixture
def counted(monkeypatch):
    """The hands reviewed (``review_hand`` is the whole computation of a review)."""
    calls: list[int] = []
    real = review.review_hand

    def review_hand(start, actions, seat, *a, **kw):
        calls.append(len(actions))
        return real(start, actions, seat, *a, **kw)

    monkeypatch.setattr(review, "review_hand", review_hand)
    return calls


def _continue(app):
    """Back to the menu (the match saves itself), then Continue: a new table from the file."""
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.table import TableScene

    app.to_menu()
    frame(app, 2)
    menu = app.top
    assert isinstance(menu, MenuScene) and "continue" in menu.buttons
    ui_click(app, menu.buttons["continue"])
    scene = app.top
    assert isinstance(scene, TableScene)
    return scene


def test_a_review_is_saved_and_reopens_after_continue_without_being_computed_again(
        table_app, tmp_path, counted):
    from beloz.ui.scenes.review import ReviewScene

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    ui_click(table_app, scene.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene) and rv.entry.review is not None
    assert len(counted) == 1
    first = rv.entry.review
    # Saved with the match at once (a window closed now loses nothing).
    doc = json.loads((tmp_path / "savegame.json").read_text(encoding="utf-8"))
    assert [k["number"] for k in doc["kept"]] == [1]
    assert len(doc["kept"][0]["review"]["ratings"]) == len(first.ratings)
    key(table_app, pygame.K_ESCAPE)

    again = _continue(table_app)
    assert again is not scene
    kept = again.kept_hands
    assert [k.number for k in kept] == [1] and kept[0].review is not None
    assert kept[0].review is not first  # read from the file
    assert [(r.number, r.chosen, r.best, r.label) for r in kept[0].review.ratings] == [
        (r.number, r.chosen, r.best, r.label) for r in first.ratings]
    # Left on the first hand's score screen, Continue shows it again; then the next hand's
    # score screen: its review, then ↑ to the first hand's, not computed again.
    assert _at_score(again) and again.flow.result == again.flow.match.history[0]
    again.press("next")
    _drive(again, table_app, lambda: _at_score(again))
    ui_click(table_app, again.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene) and rv.entry.number == 2
    assert len(counted) == 2
    key(table_app, pygame.K_UP)
    assert rv.entry.number == 1 and rv.entry.review is kept[0].review
    assert rv.entry.job is None and len(counted) == 2
    table_app.draw(table_app.screen)
    assert rv.summary().startswith("Points lost in the hand")
    # Both reviews are in the save now.
    doc = json.loads((tmp_path / "savegame.json").read_text(encoding="utf-8"))
    assert [k["review"] is not None for k in doc["kept"]] == [True, True]


def test_a_damaged_review_in_the_save_is_said_left_out_and_the_match_resumes(
        table_app, tmp_path, counted):
    from beloz.cli import play as main
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.review import ReviewScene

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    scores = list(scene.flow.match.scores)
    ui_click(table_app, scene.buttons["review"])
    key(table_app, pygame.K_ESCAPE)
    table_app.to_menu()
    frame(table_app, 2)
    path = tmp_path / "savegame.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["kept"][0]["review"]["ratings"][0]["label"] = "brilliant"
    path.write_text(json.dumps(doc), encoding="utf-8")
    damaged = path.read_bytes()
    table_app.toasts.clear()
    main.check_saved_game(table_app)  # start-up: the player is told, Continue stays
    said = "\n".join(t.text for t in table_app.toasts)
    assert "could not be read" in said and "savegame.json.bak" in said
    assert "brilliant" not in said  # the field is for the log
    assert (tmp_path / "savegame.json.bak").read_bytes() == damaged
    table_app.push(MenuScene(table_app))
    frame(table_app, 2)
    # The notice stays until clicked (issue 44, 3): read, then clicked away.
    [notice] = table_app.toasts
    assert notice.sticky and notice.rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=notice.rect.center,
                                         button=1))
    frame(table_app, 1)
    assert not table_app.toasts
    again = _continue(table_app)
    assert list(again.flow.match.scores) == scores  # nothing else lost
    assert [k.number for k in again.kept_hands] == [1]
    assert again.kept_hands[0].review is None  # left out: computed again on demand
    assert _at_score(again)  # the first hand's score screen, where the match was left
    again.press("next")
    _drive(again, table_app, lambda: _at_score(again))
    ui_click(table_app, again.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene)
    key(table_app, pygame.K_UP)
    assert rv.entry.number == 1 and rv.entry.review is not None
    assert len(counted) == 3  # hand 1, hand 2, hand 1 again (its review was lost)


def _bulgarian(app, seed):
    app.settings = app.settings.replace(ruleset="belot-bulgare")
    return _table(app, seed)


def test_the_auction_hint_values_every_legal_call_and_says_why(table_app):
    from beloz.ai.explain import sentence
    from beloz.ui.scenes.table import hints

    from .test_ui_shell import click as ui_click

    for seed in range(1, 40):
        scene = _bulgarian(table_app, seed)
        # A call with more choices than Expert weighs (pass, two contracts, double).
        _drive(scene, table_app, lambda scene=scene: _my_turn(scene, StepKind.BID, 5) or (
            scene.step is not None and scene.step.kind is StepKind.PLAY))
        if _my_turn(scene, StepKind.BID, 5):
            break
        table_app.pop()
    assert scene.flow.hand.ruleset.name == "belot-bulgare"
    legal = scene.step.data["legal"]
    ui_click(table_app, scene.fixed_buttons["hint"])
    hint = scene.hint
    assert hint is not None and hint.kind == "bid"
    assert sorted(o.action for o in hint.options) == sorted(legal)  # every legal call
    assert hint.expected(hint.best) == max(o.expected for o in hint.options)
    assert hint.why.key.startswith("call.")
    words = sentence(hint.why)
    assert words and not words.startswith("teach.")
    names = [hints.bid_name(scene, a) for a in legal]
    assert len(set(names)) == len(names) and not any(n.startswith("table.") for n in names)
    table_app.draw(table_app.screen)


def test_the_review_rates_the_bulgarian_calls(table_app):
    from beloz.ui.scenes.review import ReviewScene

    for seed in range(1, 40):
        scene = _bulgarian(table_app, seed)
        _drive(scene, table_app, lambda scene=scene: _at_score(scene))
        hand = scene.flow.last_hand
        d = hand.ruleset.direction
        mine = [i for i in range(len(hand.bids)) if (hand.dealer + d * (i + 1)) % 4 == 0]
        if mine:
            break
        table_app.pop()
    ui_click(table_app, scene.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene)
    bids = rv.ratings_on(0)
    assert [r.number for r in bids] == mine
    for r in bids:
        assert r.kind == "bid" and r.chosen == hand.bids[r.number]
        if not r.forced:
            assert r.why.key.startswith(("call.", "vs.")) and len(r.options) >= 2
        names = [rv.option_name(o.action, None) for o in r.options]
        assert len(set(names)) == len(names), names  # each call named as on its button
        lines = rv.rating_lines(r)
        assert not any(text.startswith(("table.", "teach.")) for text, _ in lines)
    table_app.draw(table_app.screen)


def test_a_hand_left_unreviewed_can_still_be_reviewed_after_continue(table_app, counted,
                                                                      tmp_path):
    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    played = scene.flow.last_hand.result()
    # Saved with the last expedition: a game killed on the score screen keeps it too.
    doc = json.loads((tmp_path / "savegame.json").read_text(encoding="utf-8"))
    assert [(k["number"], k["review"]) for k in doc["kept"]] == [(1, None)]
    again = _continue(table_app)  # quit on the score screen, without a review
    assert [k.number for k in again.kept_hands] == [1] and again.kept_hands[0].review is None
    assert again.kept_hands[0].hand.result() == played
    assert counted == []


@pytest.mark.parametrize("rules", ["belote-classique", "belote-sans-annonces"])
def test_the_bid_hint_in_the_turned_card_rulesets(table_app, rules):
    from beloz.ui.scenes.table import hints

    table_app.settings = table_app.settings.replace(ruleset=rules)
    scene = _to_my_bid(table_app)
    assert scene.flow.hand.ruleset.name == rules
    key(table_app, pygame.K_h)
    hint = scene.hint
    legal = scene.step.data["legal"]
    assert hint is not None and hint.kind == "bid" and hint.best in legal
    assert {o.action for o in hint.options} <= set(legal) and len(hint.options) >= 2
    names = [hints.bid_name(scene, o.action) for o in hint.options]
    assert len(set(names)) == len(names)
    assert hint.why.key.split(".")[0] in ("pass", "pass_none", "take", "take_none", "vs")
    table_app.draw(table_app.screen)


def test_a_review_from_the_worker_is_saved_when_it_arrives(table_app, tmp_path):
    """Not in fast mode the review comes from the worker's job: once it is done the review
    scene takes it and the match is saved with it."""
    from beloz.ui.scenes.review import ReviewScene

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    kept = scene.kept_hands[0]
    start, actions = kept.hand.history()
    computed = review.review_hand(start, actions, 0)

    class Job:
        progress = (3, 9)
        finished = False

        def done(self):
            return self.finished

        def result(self):
            return computed

        def cancel(self):
            pass

    job = kept.job = Job()
    rv = ReviewScene(table_app, scene.kept_hands, 0, on_review=scene.flow.save_reviews)
    table_app.push(rv)
    frame(table_app, 2)
    assert kept.review is None  # still computing: nothing saved yet
    doc = json.loads((tmp_path / "savegame.json").read_text(encoding="utf-8"))
    assert doc["kept"][0]["review"] is None
    job.finished = True
    frame(table_app, 2)
    assert kept.review is computed and kept.job is None
    doc = json.loads((tmp_path / "savegame.json").read_text(encoding="utf-8"))
    assert len(doc["kept"][0]["review"]["ratings"]) == len(computed.ratings)



def test_the_review_numbers_add_up_and_a_forced_card_has_none(table_app):
    """What the review's lines say about values: the points lost are the difference of the
    values as shown (+30 and -18 lose 48, not 49); a forced decision, or equivalent cards
    the evaluation did not value, shows no number, only its label."""
    from dataclasses import replace

    from beloz.ai import review as review_mod
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_teach import _table

    assert review_mod.shown_gap(30.4, -18.4) == 48
    assert review_mod.shown_gap(304.4, -184.4, 10) == 488.0  # 30.4 and -18.4 game points
    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    ui_click(table_app, scene.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene)
    card = next(r for page in range(1, 9) for r in rv.ratings_on(page))
    other = next(o.action for o in card.options if o.action != card.chosen) \
        if len(card.options) > 1 else card.chosen
    lost = replace(card, best=other, expected_best=30.4, expected_chosen=-18.4, loss=48.8,
                   noise=0.0, label="blunder", forced=False, valued=True)
    said = " ".join(t for t, _ in rv.rating_lines(lost))
    assert "(48 points lost)" in said and "-18" in said and "+30" in said
    forced = replace(lost, forced=True, label="forced")
    first = rv.rating_lines(forced)
    assert len(first) == 1 and "-18" not in first[0][0] and "forced" in first[0][0]
    equal = replace(lost, best=lost.chosen, valued=False, label="good", loss=0.0)
    text = rv.rating_lines(equal)[0][0]
    assert "-18" not in text and "equivalent" in text
