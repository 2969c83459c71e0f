"""The Practice screen and how the queue is fed: a kept review's mistakes join
practice.json (never in a window that saves nothing); the menu says how many problems are
due; a problem is shown, a right card said right, a wrong one wrong with every option's
value; an own problem answered is scheduled again (the clock set by the test)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from beloz.ai import review
from beloz.practice import queue as queue_mod
from beloz.practice.problem import problems_from_kept
from beloz.savegame import KeptHand
from beloz.ui.game import HandKept
from beloz.ui.scenes.table.hints import keep_mistakes

from .conftest import PRACTICE_DAY
from .test_ai_helpers import TINY
from .test_practice_problem import _careless_hand

DAY = PRACTICE_DAY  # today in conftest.practice_dir


@pytest.fixture
def data_dir(practice_dir):
    """conftest.practice_dir: today is DAY, the review's budget small."""
    return practice_dir


def _reviewed_hands(want: int = 1) -> list[HandKept]:
    """Hands of a careless person (random cards), reviewed, with at least ``want``
    mistakes or blunders in all."""
    out: list[HandKept] = []
    for seed in range(20):
        final = _careless_hand(seed)
        if final.taker is None:
            continue
        start, actions = final.history()
        rv = review.review_hand(start, actions, 0, rate_bids=False)
        out.append(HandKept(len(out) + 1, final, rv))
        if len(problems_from_kept(out)) >= want:
            return out
    raise AssertionError("no mistakes")


def _app(read_only: bool = False) -> SimpleNamespace:
    notes: list[str] = []
    return SimpleNamespace(read_only=read_only, notify=notes.append, notes=notes)


def test_a_kept_reviews_mistakes_join_the_queue_with_the_matchs_level(data_dir):
    kept = _reviewed_hands()
    practice = HandKept(99, kept[0].hand, kept[0].review, practice=True)
    flow = SimpleNamespace(kept=[*kept, practice], persist=True, level="expert")
    wanted = problems_from_kept([KeptHand(k.number, k.hand, k.review) for k in kept])
    assert keep_mistakes(_app(), flow) == len(wanted) > 0
    queue, messages = queue_mod.load_queue()
    assert messages == []
    assert set(queue.entries) == {p.id for p in wanted}
    assert all(e.problem.level == "expert" and e.due == DAY for e in queue.entries.values())
    # The same reviews again add nothing (a problem is its decision).
    assert keep_mistakes(_app(), flow) == 0


def test_a_window_that_saves_nothing_keeps_no_problem(data_dir):
    flow = SimpleNamespace(kept=_reviewed_hands(), persist=True, level="expert")
    assert keep_mistakes(_app(read_only=True), flow) == 0
    assert not (data_dir / "practice.json").exists()
    flow.persist = False  # a match not being saved (autoplay, screenshots)
    assert keep_mistakes(_app(), flow) == 0
    assert not (data_dir / "practice.json").exists()


# -- the Practice screen ---------------------------------------------------------------------


@pytest.fixture
def app(practice_app):
    """conftest.practice_app: 960 × 600, English, belote classique."""
    return practice_app


def _seed_queue(n: int = 2) -> list:
    """Own problems in practice.json, added on DAY (so due on DAY)."""
    kept = _reviewed_hands(n)
    problems = problems_from_kept(kept, "standard")[:n]
    queue = queue_mod.Queue()
    queue.add_all(problems, DAY)
    assert queue_mod.save_queue(queue) is None
    return problems


def _open_practice(app):
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.practice import PracticeScene

    from .test_ui_shell import click, frames

    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    label = menu.buttons["practice"].text
    click(app, menu.buttons["practice"])
    scene = app.scenes[-1]
    assert isinstance(scene, PracticeScene)
    return label, scene


def _click_card(app, scene, c: int) -> None:
    import pygame

    from .test_ui_shell import frames

    frames(app)
    rect = next(r for r, card in scene.card_rects if card == c)
    pos = (rect.left + 6, rect.centery)  # the part no other card covers
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def _texts(app, scene) -> list[str]:
    from beloz.ui import drawn

    from .test_ui_shell import frames

    scene._redraw = True
    with drawn.recording() as seen:
        frames(app, 1)
        return [d.label for d in seen if d.kind == "text"]


def test_the_menu_says_how_many_problems_are_due(app, data_dir):
    _seed_queue(2)
    label, scene = _open_practice(app)
    assert label == "Practice (2 due)"
    assert [p.source for p in scene.problems[:2]] == ["own", "own"]
    assert scene.problems[2].source == "builtin"


def test_a_built_in_problem_said_right_or_wrong_with_every_options_value(app, data_dir):
    from beloz.practice.builtin import builtin_problems

    label, scene = _open_practice(app)
    assert label == "Practice"  # nothing due: no count
    p = scene.problem
    assert p is not None and p.source == "builtin" and p.ruleset == "belote-classique"
    assert p.kind == "card" and scene.problems == sorted(
        builtin_problems("belote-classique"),
        key=lambda q: ("leading", "following", "intercepting", "drawing", "partner_master",
                       "last_expeditions", "bidding").index(q.skill))
    # Only the seat's view is drawn: its hand, no other seat's card.
    held = {c for _, c in scene.card_rects}
    assert held == {c for c in range(32) if p.view().hand >> c & 1}
    from beloz.ai import review

    wrong = next(a for a in p.legal() if not p.is_right(a))
    _click_card(app, scene, wrong)
    assert scene.answer == wrong
    texts = _texts(app, scene)
    # The card with its article, as a sentence says it: "the South leopard was better".
    best = review.card_name(p.best, p.view().trump, p.view().hand, "the")
    assert best.startswith("the ")
    assert f"Not the best: {best} was better." in " ".join(texts)
    for o in p.options:  # every option's value
        assert any(t.startswith(f"{scene.action_name(o.action)}   {scene.points(o.expected)}")
                   for t in texts)
    said = " ".join(texts)  # the panel's wrapped lines, one after the other
    # Why the best card rather than the one played: the comparative sentence first.

    reasons = scene.why_best()
    why, other, _ = review.reason(p.view(), p.best, [wrong], len(p.options))
    # (a threshold that carries most of the gain is said before it)
    assert review.reason_sentences(why)[0] in reasons[:2] or not review.is_comparative(why)
    if review.is_comparative(why):
        assert why.cards[:2] == (p.best, wrong) and other == wrong
    assert all(text in said for text in reasons) and "next" in scene.buttons
    # A built-in problem is not queued; its answer is counted (Progress says it).
    import json

    doc = json.loads((data_dir / "practice.json").read_text())
    assert doc["problems"] == [] and sum(doc["builtin"][p.ruleset]) == 1
    from .test_ui_shell import click

    click(app, scene.buttons["next"])
    assert scene.index == 1 and scene.answer is None
    # The same problem again, the best card: said right.
    scene.start(0)
    _click_card(app, scene, p.best)
    assert f"Right! T{best[1:]} is the best." in " ".join(_texts(app, scene))


def test_an_own_problem_answered_is_scheduled_again(app, data_dir):
    import json

    first, second = _seed_queue(2)
    _, scene = _open_practice(app)
    assert scene.problem == first
    if first.kind == "card":
        _click_card(app, scene, first.best)
    else:
        scene.choose(first.best)
    saved = {e["problem"]["id"]: e for e in
             json.loads((data_dir / "practice.json").read_text())["problems"]}
    assert saved[first.id]["due"] == "2026-03-03" and saved[first.id]["solved"] == 1
    assert saved[second.id]["due"] == DAY.isoformat()
    scene.next_problem()
    assert scene.problem == second
    wrong = next(a for a in second.legal() if not second.is_right(a))
    scene.choose(wrong)
    saved = {e["problem"]["id"]: e for e in
             json.loads((data_dir / "practice.json").read_text())["problems"]}
    assert saved[second.id]["failed"] == 1 and saved[second.id]["due"] == "2026-03-03"
    assert not scene.choose(second.best)  # answered: final
    assert saved == {e["problem"]["id"]: e for e in json.loads(
        (data_dir / "practice.json").read_text())["problems"]}


def test_a_window_that_saves_nothing_practises_without_writing(app, data_dir):
    import json

    first, _ = _seed_queue(2)
    before = (data_dir / "practice.json").read_text()
    app.read_only = True
    _, scene = _open_practice(app)
    scene.choose(first.best)
    assert (data_dir / "practice.json").read_text() == before
    assert json.loads(before)["problems"][0]["solved"] == 0



@pytest.fixture
def table_app(tmp_path, monkeypatch):
    """The table with random computer players and a small review budget, the match saved
    in ``tmp_path`` (as tests/test_ui_reviews.py)."""
    from beloz import i18n
    from beloz.ai.player import RandomPlayer
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(queue_mod, "today", lambda: DAY)
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


def test_a_review_opened_from_the_score_feeds_the_queue(table_app, tmp_path):
    """Through the real table: the score screen's Review computes the review, and its
    mistakes are in practice.json at once."""
    import json

    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_reviews import _at_score
    from .test_ui_shell import click as ui_click
    from .test_ui_teach import _drive, _table

    scene = _table(table_app, seed=4)
    _drive(scene, table_app, lambda: _at_score(scene))
    ui_click(table_app, scene.buttons["review"])
    assert isinstance(table_app.top, ReviewScene)
    wanted = {p.id for p in problems_from_kept(scene.flow.kept, scene.flow.level)}
    assert wanted  # the person plays at random here: mistakes
    doc = json.loads((tmp_path / "practice.json").read_text(encoding="utf-8"))
    assert {e["problem"]["id"] for e in doc["problems"]} == wanted
    assert all(e["problem"]["level"] == scene.flow.level for e in doc["problems"])


def test_back_on_the_menu_the_count_follows_the_answers(app, data_dir):
    import pygame

    from .test_ui_shell import frames, key

    first, _ = _seed_queue(2)
    label, scene = _open_practice(app)
    assert label == "Practice (2 due)"
    scene.choose(first.best)  # solved: due again in a day
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert app.scenes[-1].buttons["practice"].text == "Practice (1 due)"


# -- Play on: the rest of the hand at the table ----------------------------------------------


def _files(data_dir) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in data_dir.iterdir() if p.is_file()}


def _answered(app, problems, wrong: bool = True):
    """The Practice screen on ``problems``, the first answered (wrong when it can be)."""
    from beloz.ui.scenes.practice import PracticeScene

    from .test_ui_shell import frames

    scene = PracticeScene(app, problems=problems)
    app.push(scene)
    p = scene.problem
    assert scene.choose(next((a for a in p.legal() if not p.is_right(a)), p.best) if wrong
                        else p.best)
    frames(app)
    return scene


def _to_the_end(app, table, practice) -> None:
    """Play the hand on (the person: the first legal card, Pass) to its score screen, or
    until everybody passed took the table back to Practice by itself."""
    from beloz.ui.game import StepKind

    from .test_ui_table import answer, frame

    for _ in range(3000):
        if app.top is practice:
            return
        s = table.step
        if s is not None and s.kind is StepKind.SCORE and table.phase == "human":
            return
        if table.phase == "human" and s is not None:
            answer(table, app)
        frame(app)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("ruleset", ["beloz", "belote-classique", "belote-sans-annonces",
                                     "belot-bulgare"])
@pytest.mark.parametrize("kind", ["card", "bid"])
def test_play_on_plays_the_hand_from_the_decision_and_comes_back(play_app, data_dir, ruleset,
                                                                 kind):
    """P on the answer: the table at the decision, the person in the problem's seat (its
    hand, its turn, the same cards on the table), the settings' level at the other seats;
    the hand played to its end, back at Practice as it was, no file written."""
    import pygame

    from beloz.practice.builtin import builtin_problems
    from beloz.ui.game import StepKind
    from beloz.ui.scenes.table import TableScene

    from .test_ui_shell import key

    wanted = ("card",) if kind == "card" else ("bid", "call")
    # A problem of another seat than 0 where there is one: the seat turned to the person's.
    pool = [p for p in builtin_problems(ruleset) if p.kind in wanted]
    problems = sorted(pool, key=lambda p: p.seat == 0)[:2]
    practice = _answered(play_app, problems)
    p, answer = problems[0], practice.answer
    before = _files(data_dir)
    key(play_app, pygame.K_p)
    table = play_app.top
    assert isinstance(table, TableScene) and table.replay_of is practice
    flow = table.flow
    assert not flow.persist and not flow.record_stats and flow.level == "expert"
    view, seen = flow.hand.view(0), p.view()
    assert flow.hand.current == 0 and view.hand == seen.hand
    assert view.legal_actions() == seen.legal_actions() and list(view.trick) == list(seen.trick)
    assert list(view.bids) == list(seen.bids)
    assert [len(h) for h in table.hands] == [seen.hand_sizes[(p.seat + s) % 4] for s in range(4)]
    assert sorted(table.hands[0]) == [c for c in range(32) if seen.hand >> c & 1]
    step = table.step
    assert step is not None and step.human and step.kind is (
        StepKind.PLAY if kind == "card" else StepKind.BID)
    _to_the_end(play_app, table, practice)
    if play_app.top is table:  # its score screen: its first button leads back to Practice
        assert table.buttons["back_to_match"].text == "Back to Practice (Enter)"
        assert "next" not in table.buttons
        key(play_app, pygame.K_RETURN)
    else:
        assert table.banner == "Everybody passed: this deal is over, back to Practice"
    assert play_app.top is practice
    assert practice.index == 0 and practice.problem == p and practice.answer == answer
    assert "play_on" in practice.buttons and practice.buttons["play_on"].visible
    assert _files(data_dir) == before  # no statistics, no save, the queue as it was


def test_play_on_leaves_by_the_pause_back_to_practice(play_app, data_dir):
    """Esc at the table, then the pause's "Back to Practice" (its Menu): the hand is left,
    the Practice screen is back at the same problem; an own problem answered stays as
    answering scheduled it, and the hand played on adds nothing to the queue."""
    import pygame

    from beloz.ui.scenes.pause import PauseScene

    from .test_ui_shell import click, frames, key

    first, second = _seed_queue(2)
    queued = (data_dir / "practice.json").read_bytes()
    practice = _answered(play_app, [first, second], wrong=False)
    answered = _files(data_dir)
    assert answered["practice.json"] != queued  # answering scheduled it again
    click(play_app, practice.buttons["play_on"])
    table = play_app.top
    assert table.replay_of is practice
    key(play_app, pygame.K_ESCAPE)
    pause = play_app.top
    assert isinstance(pause, PauseScene)
    assert pause.buttons["menu"].text == "Back to Practice"
    click(play_app, pause.buttons["menu"])
    frames(play_app)
    assert play_app.top is practice and practice.problem == first
    assert _files(data_dir) == answered


def test_the_pause_over_a_match_still_leads_to_the_main_menu(play_app):
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.pause import PauseScene
    from beloz.ui.scenes.table import TableScene

    from .test_ui_shell import click

    play_app.push(MenuScene(play_app))
    play_app.push(TableScene(play_app, new_match=True, seed=3))
    play_app.push(PauseScene(play_app))
    assert play_app.top.buttons["menu"].text == "Main menu"
    click(play_app, play_app.top.buttons["menu"])
    assert isinstance(play_app.top, MenuScene)


def test_a_problem_that_cannot_be_played_on_says_so(play_app, monkeypatch):
    from beloz.practice.builtin import builtin_problems
    from beloz.practice.problem import Problem
    from beloz.savegame import BadSave

    def broken(self):
        raise BadSave("action 3 does not replay")

    monkeypatch.setattr(Problem, "table_state", broken)
    notes: list[str] = []
    monkeypatch.setattr(play_app, "notify", notes.append)
    practice = _answered(play_app, builtin_problems("beloz")[:1])
    assert not practice.play_on()
    assert play_app.top is practice
    assert notes == ["This problem cannot be played on: action 3 does not replay"]


def test_play_this_deal_again_after_a_problem_played_on_starts_at_its_decision(play_app,
                                                                               data_dir):
    """"Play this deal again" on the score screen of a problem played on: the same
    decision again (not the deal from its first bid), still a practice hand over the
    Practice screen."""
    from beloz.practice.builtin import builtin_problems
    from beloz.ui.game import StepKind

    from .test_ui_shell import click

    problems = [p for p in builtin_problems("beloz") if p.kind == "card"][:1]
    practice = _answered(play_app, problems)
    assert practice.play_on()
    table = play_app.top
    _to_the_end(play_app, table, practice)
    assert play_app.top is table  # a card problem's hand has a contract: its score screen
    click(play_app, table.buttons["again"])
    again = play_app.top
    assert again is not table and again.replay_of is practice and again.problem == problems[0]
    assert play_app.scenes[-2] is practice  # in place of the hand's table
    step = again.step
    assert step is not None and step.kind is StepKind.PLAY and step.human
    assert again.flow.hand.view(0).hand == problems[0].view().hand
    assert not again.flow.persist and not again.flow.record_stats


def test_a_problem_played_on_reviewed_adds_nothing_to_the_queue(play_app, data_dir):
    """The score screen's Review of a problem played on: reviewed in the session, its
    mistakes never join practice.json (nor anything the save)."""
    from beloz.practice.builtin import builtin_problems
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_shell import click, frames

    first, second = _seed_queue(2)
    practice = _answered(play_app, [first, second])
    written = _files(data_dir)
    practice.play_on()
    table = play_app.top
    _to_the_end(play_app, table, practice)
    if play_app.top is practice:  # everybody passed: a built-in card problem then
        practice = _answered(play_app, [p for p in builtin_problems("beloz")
                                         if p.kind == "card"][:1])
        practice.play_on()
        table = play_app.top
        _to_the_end(play_app, table, practice)
    click(play_app, table.buttons["review"])
    assert isinstance(play_app.top, ReviewScene)
    for _ in range(200):
        frames(play_app, 1)
        if table.kept_hands[-1].review is not None:
            break
    assert table.kept_hands[-1].review is not None and table.kept_hands[-1].practice
    assert _files(data_dir) == written


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pause_over_a_problem_played_on_fits_the_smallest_window(lang):
    """Its "Back to Practice" fits the pause's buttons at 960 × 600 in both languages (the
    French "Retour à l'entraînement" did not)."""
    from beloz.ui import sweep
    from beloz.ui.scenes.pause import PauseScene
    from beloz.ui.sweep import Shot

    from .test_ui_shell import frames

    with sweep.quiet_app((960, 600), lang, "beloz") as app:
        sweep.show(app, Shot("practice_play"))
        app.push(PauseScene(app))
        frames(app, 3)
        assert app.top.buttons["menu"].text == app.tr("pause.practice")
        assert sweep.check(app) == []


@pytest.mark.parametrize("ruleset", ["beloz", "belot-bulgare"])
def test_a_bid_answer_names_the_guides_rule(play_app, ruleset):
    """Issue 41: a practice bid problem's answer names the bidding guide's rule for that
    hand, agreeing with the best bid or calling the hand an exception to it."""
    from beloz.ai import bid_guide
    from beloz.practice.builtin import builtin_problems

    problems = [p for p in builtin_problems(ruleset) if p.kind in ("bid", "call")][:1]
    practice = _answered(play_app, problems)
    rule = bid_guide.applies(problems[0].view())
    assert rule is not None
    text = " ".join(t for t, _c, _b in practice.result_lines())
    assert bid_guide.wording(rule, "en") in text
    assert ("says so too" in text) == (
        bid_guide.guide_bid(problems[0].view(), rule) == problems[0].best)
