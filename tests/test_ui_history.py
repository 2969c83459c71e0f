"""The hand so far (``beloz.ui.history_view``): what the Practice screen draws beside a
problem is the seat's public history — every bid or call, each expedition with its leader,
its four cards and its winner, the one being played, the announcements and the cards they
showed, the belots, the card points — for every built-in problem of the four rulesets and
for problems made from reviewed hands; every card the problem's explanation names is
consistent with it; the table (key E, the button) and the review open the same view."""

from __future__ import annotations

import pygame
import pytest

from beloz.ai import explain
from beloz.ai import review as review_mod
from beloz.practice.builtin import builtin_problems
from beloz.practice.problem import Problem, problems_from_kept
from beloz.rules.cards import CARD_POINTS
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import SeatView
from beloz.ui import history_view as hv
from beloz.ui.scenes.table.texts import bid_label

from .test_ai_helpers import TINY


@pytest.fixture
def practice(tmp_path, monkeypatch):
    """A Practice screen at 960 × 600 (the smallest window), drawn off screen."""
    from beloz import i18n
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scenes.practice import PracticeScene

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    app = App(size=(960, 600), fast=True, settings=Settings(language="en"), save=False)
    scene = PracticeScene(app, problems=[])
    app.push(scene)
    yield scene
    app.close()
    i18n.set_language("en")


def drawn_history(scene, problem: Problem) -> hv.Shown:
    scene.problems = [problem]
    scene.start(0)
    scene.draw(scene.app.screen)
    return scene.shown_history


def assert_public_history(shown: hv.Shown, v: SeatView, name, words) -> None:
    """``shown`` (what was drawn) is ``v``'s public history, all of it and nothing else."""
    d = v.ruleset.direction
    tricks = [(t.leader, t.cards, t.winner) for t in v.tricks]
    if v.trick:
        tricks.append((v.leader, v.trick, None))
    want = {n + 1: [((lead + i * d) % 4, c) for i, c in enumerate(cards)]
            for n, (lead, cards, _) in enumerate(tricks)}
    assert shown.rows == want
    assert shown.leaders == {n + 1: lead for n, (lead, _, _) in enumerate(tricks)}
    for n, (_, _, winner) in enumerate(tricks):
        if winner is not None:
            assert shown.masters[n + 1] == winner  # framed, and named at the row's end
    text = " ".join(shown.lines)
    assert words("history.dealer", name=name(v.dealer)) in text
    seat = v.dealer
    for a in v.bids:  # every bid or call, in order, by its seat
        seat = (seat + d) % 4
        said = words("tutorial.call", name=name(seat),
                     call=bid_label(a, v.ruleset, v.turned, words))
        assert said in text, (said, text)
    # The announcements declared, and the cards they showed (revealed, or the seat's own).
    shown_cards = list(shown.other_cards)
    if v.turned >= 0:
        shown_cards.remove(v.turned)
    declared = [c for s in range(4) for dec in v.declared[s]
                for c in range(32) if dec.cards is not None and dec.cards >> c & 1]
    assert sorted(shown_cards) == sorted(declared)
    for s in range(4):
        for dec in v.declared[s]:
            assert f"{name(s)}: {words(f'announcement.{dec.kind}')} ({dec.points})" in text
    word = f"table.belote.{v.ruleset.belote_word}.say"
    for s, n in enumerate(v.beloz_said):
        if n:
            assert f"{name(s)}: {words(word)}" in text
    if v.trump is not None and v.phase.name == "PLAY":
        pts = [0, 0]
        for t in v.tricks:
            pts[t.winner & 1] += sum(CARD_POINTS[v.trump][c] for c in t.cards)
        me = v.seat & 1
        assert words("history.points", us=pts[me], them=pts[1 - me]) in text


def assert_explanation_consistent(shown: hv.Shown, p: Problem) -> None:
    """Every card the best answer's explanation names is, by the history drawn, played, or
    held, or out (neither), as its claims say; the claims hold on the view."""
    v = p.view()
    played = {c for row in shown.rows.values() for _, c in row}
    assert played == {c for c in range(32) if v.played >> c & 1}
    why = explain.explain_card(v, p.best) if p.kind == "card" else \
        review_mod.explain_bid_or_call(v, p.best)
    assert explain.check(v, p.best, why) == []
    # The reasons the answer gives (``review.reason``): for a wrong answer, and for the
    # best one (against the options outside the "about as good" band).
    wrong = [o.action for o in p.options if not p.is_right(o.action)]
    framed = review_mod.about_as_good(p.options, p.best)
    said = [why]
    for worse in ([wrong[0]] if wrong else [], [a for a in wrong if a not in framed]):
        first, _, detail = review_mod.reason(v, p.best, worse, len(p.options))
        said += [first] + ([detail] if detail is not None else [])
    for w in said:
        if w.key in explain.CLAIMS:
            assert explain.check(v, p.best, w) == [], w
        for c in w.cards:
            if not 0 <= c < 32:
                continue
            held = bool(v.hand >> c & 1)
            assert not (held and c in played)
            if c not in played and not held:
                assert explain._out(v) >> c & 1  # out: in another hand, not in the history


def check_problems(scene, problems: list[Problem]) -> None:
    from beloz.ui.scenes.table.texts import bid_label as _  # noqa: F401 - same words

    words = scene.app.tr
    for p in problems:
        shown = drawn_history(scene, p)
        v = p.view()
        assert_public_history(shown, v, scene.seat_name, words)
        assert_explanation_consistent(shown, p)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_built_in_problem_draws_its_public_history(practice, ruleset):
    problems = builtin_problems(ruleset)
    assert len(problems) == 40
    check_problems(practice, problems)
    # The whole history found room at 960 × 600, whatever the hand.
    from beloz.ui.history_view import history_of, measure_with, plan

    for p in problems:
        rect = practice.history_rect(pygame.Rect(8, 42, 640, 550), practice.font_px())
        layout = plan(history_of(p.view()), rect, practice.font_px(), practice.app.tr,
                      measure_with(practice.font), practice.seat_name)
        assert layout.fits, p.id


def test_problems_from_reviewed_hands_draw_their_public_history(practice, monkeypatch):
    from .test_ui_practice import _reviewed_hands

    monkeypatch.setattr(review_mod, "LEVEL", TINY)
    problems = problems_from_kept(_reviewed_hands(3))
    assert problems
    check_problems(practice, problems)


def test_the_history_of_a_bidding_problem_lists_the_bids(practice):
    p = next(p for p in builtin_problems("belot-bulgare") if p.kind == "call")
    shown = drawn_history(practice, p)
    assert shown.rows == {} and p.view().bids
    assert_public_history(shown, p.view(), practice.seat_name, practice.app.tr)


def test_the_partner_is_marked_and_your_turn_leaves_once_answered(practice):
    from beloz.ui import drawn

    p = builtin_problems("beloz")[0]
    practice.problems = [p]
    practice.start(0)
    with drawn.recording() as seen:
        practice.draw(practice.app.screen)
        texts = [d.label for d in seen if d.kind == "text"]
    assert any(t.startswith("Amani (partner)") for t in texts)
    assert "Your turn" in texts
    practice.choose(p.best)
    with drawn.recording() as seen:
        practice.draw(practice.app.screen)
        texts = [d.label for d in seen if d.kind == "text"]
    assert "Your turn" not in texts


# -- the table and the review --------------------------------------------------------------------


def test_the_table_opens_the_hand_so_far_by_key_and_button(tmp_path, monkeypatch):
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game, sweep
    from beloz.ui.sweep import Shot

    from .test_ui_shell import click

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))
    with sweep.quiet_app((960, 600), "en", "beloz") as app:
        sweep.show(app, Shot("play"))
        table = app.scenes[-1]
        app.screen.fill((0, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                             unicode="e"))
        app.step(1 / 60)
        overlay = app.scenes[-1]
        assert isinstance(overlay, hv.HistoryScene)
        app.step(1 / 60)
        assert sweep.check(app) == []
        v = table.flow.hand.view(0)
        assert overlay.view == v and overlay.fits
        assert_public_history(overlay.shown, v, table.seat_name, app.tr)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode=""))
        app.step(1 / 60)
        assert app.scenes[-1] is table
        app.step(1 / 60)
        click(app, table.fixed_buttons["history"])
        assert isinstance(app.scenes[-1], hv.HistoryScene)


def test_the_review_opens_the_hand_so_far_at_its_page(tmp_path, monkeypatch):
    from beloz.ui.game import HandKept
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_sweep import long_auction

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    from beloz.ui import sweep

    hand = long_auction()
    with sweep.quiet_app((960, 600), "en", "belot-bulgare") as app:
        review = ReviewScene(app, [HandKept(1, hand)], 0)
        app.push(review)
        app.step(1 / 60)
        review.go(5)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                             unicode="e"))
        app.step(1 / 60)
        app.step(1 / 60)
        overlay = app.scenes[-1]
        assert isinstance(overlay, hv.HistoryScene)
        state, _ = review.state_at(5)
        assert overlay.view == state.view(0)
        assert len(overlay.shown.rows) == 4  # the four expeditions before the fifth
        assert_public_history(overlay.shown, overlay.view, overlay.seat_name, app.tr)
