"""The review, through the real App and synthetic events: a click on a card another seat
played (or its bid) explains it from that seat's own view at the time; the other seats'
hidden cards swapped (consistently with that view) change nothing of it; « Show me how »
puts Expert's line beside the person's and its difference joins progress.json and the
Progress screen; the deal view's hands are readable (no card over another)."""

from __future__ import annotations

import random

import pygame
import pytest

from beloz.ai import review
from beloz.practice import duplicate
from beloz.rules.state import Phase
from beloz.ui import drawn
from beloz.ui.game import HandKept, StepKind

from .test_ui_shell import click as ui_click
from .test_ui_table import frame, key
from .test_ui_teach import _drive, _table


@pytest.fixture
def table_app(tmp_path, monkeypatch):
    """The App at 960 × 600 with random computer players (their spec "random", seeded by
    the match), a small evaluation budget and a quick player for « Show me how »."""
    from beloz import i18n
    from beloz.ai.player import RandomPlayer
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App
    from beloz.ui.scenes import review as review_scene

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    monkeypatch.setattr(review_scene, "_WATCHED", {})
    monkeypatch.setattr(review_scene, "_DUPLICATES", {})
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


def _review(app, seed=4):
    from beloz.ui.scenes.review import ReviewScene

    scene = _table(app, seed=seed)
    _drive(scene, app, lambda: scene.step is not None and scene.step.kind is StepKind.SCORE
           and scene.phase == "human")
    ui_click(app, scene.buttons["review"])
    rv = app.top
    assert isinstance(rv, ReviewScene) and rv.entry.review is not None
    return scene, rv


def _click_at(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app, 2)


@pytest.fixture
def seen(monkeypatch):
    """The views the watch was computed from, and the options chosen."""
    got: list[tuple[object, int]] = []
    real = duplicate.watch

    def watch(view, chosen):
        got.append((view, chosen))
        return real(view, chosen)

    monkeypatch.setattr(duplicate, "watch", watch)
    return got


def test_a_click_on_a_computer_card_explains_it_from_that_seats_view(table_app, seen):
    _scene, rv = _review(table_app)
    key(table_app, pygame.K_RIGHT)  # expedition 1
    table_app.draw(table_app.screen)
    hand = rv.entry.hand
    start, actions = hand.history()
    assert rv.hits and len(rv.hits) == 3  # the three other seats' cards, not the person's
    rect, number = rv.hits[0]
    _click_at(table_app, rect.center)
    assert rv.selected == number
    # Computed from the view of the seat that played it, at that moment, and nothing else.
    state = start.clone()
    for a in actions[:number]:
        state.apply(a)
    seat = state.current
    assert seat != 0
    assert seen == [(state.view(seat), actions[number])]
    assert seen[0][0].seat == seat and seen[0][0].hand == state.hands[seat]
    got = rv.watched(number)
    assert got is not None and got.seat == seat and got.chosen == actions[number]
    table_app.draw(table_app.screen)
    lines = " ".join(t for t, _ in rv.panel_lines())
    name = table_app.tr(f"table.seat.{seat}")
    assert f"{name} played" in lines and table_app.tr(f"teach.label.{got.label}") in lines
    # Why that seat chose its card first; Expert's reason only where Expert differs.
    assert table_app.tr("watch.why_chosen", seat=name) in lines
    assert (table_app.tr("watch.why", seat=name) in lines) == got.differs
    # The keys line says whose numbers these are (not the person's view).
    with drawn.recording() as items:
        table_app.draw(table_app.screen)
    said = [d.label for d in items if d.kind == "text"]
    assert table_app.tr("watch.keys", seat=name) in said
    assert table_app.tr("teach.review_keys") not in said
    # Cached per decision: clicked again later, not computed again.
    key(table_app, pygame.K_ESCAPE)
    assert rv.selected is None and table_app.top is rv
    table_app.draw(table_app.screen)
    _click_at(table_app, rect.center)
    assert rv.selected == number and len(seen) == 1
    # A click elsewhere goes back to the person's ratings.
    _click_at(table_app, (5, 5))
    assert rv.selected is None


def test_a_click_on_a_computer_bid_explains_it(table_app, seen):
    _scene, rv = _review(table_app)
    table_app.draw(table_app.screen)  # the deal: the bids
    hand = rv.entry.hand
    assert rv.hits, "another seat's bid can be clicked"
    rect, number = rv.hits[0]
    assert number < len(hand.bids)
    _click_at(table_app, rect.center)
    view, chosen = seen[-1]
    assert view.phase is Phase.BIDDING and view.seat != 0 and chosen == hand.bids[number]
    assert len(view.bids) == number  # the auction as it stood then
    got = rv.watched(number)
    assert got is not None and got.kind == "bid"
    assert chosen in {o.action for o in got.options}  # the bid made is valued, even one
    table_app.draw(table_app.screen)                   # Expert would not weigh


def _swapped(hand, number: int, seat: int, rng: random.Random):
    """``hand``'s deal with two cards of two other seats swapped, played to its decision
    ``number`` (its actions up to and with it), when the seat's view there is unchanged;
    None when that swap does not fit (a past card made illegal, a view that changes)."""
    start, actions = hand.history()
    others = [s for s in range(4) if s != seat]
    x, y = rng.sample(others, 2)
    state = start.clone()
    for a in actions[:number]:
        state.apply(a)
    cx = rng.choice([c for c in range(32) if state.hands[x] >> c & 1])
    cy = rng.choice([c for c in range(32) if state.hands[y] >> c & 1])

    def swap(c: int) -> int:
        return cy if c == cx else cx if c == cy else c

    other = start.clone()
    other.hands = [sum(1 << swap(c) for c in range(32) if h >> c & 1) for h in start.hands]
    other.stock = None if start.stock is None else tuple(swap(c) for c in start.stock)
    try:
        for a in actions[: number + 1]:
            other.apply(a)
    except (ValueError, AssertionError):
        return None
    mine = start.clone()
    for a in actions[: number + 1]:
        mine.apply(a)
    a_view, b_view = mine.clone(), other.clone()
    a_view.undo()
    b_view.undo()
    if a_view.view(seat) != b_view.view(seat) or a_view.hands == b_view.hands:
        return None
    return mine, other


def test_the_other_seats_hidden_cards_swapped_change_nothing(table_app, seen):
    """The same decision in two deals that differ only in cards the seat cannot see:
    the same explanation, word for word (it is computed from that seat's view only)."""
    from beloz.ui.scenes.review import ReviewScene

    _scene, rv = _review(table_app)
    hand = rv.entry.hand
    n_bids = len(hand.bids)
    rng = random.Random(3)
    pair = None
    for _ in range(400):
        number = n_bids + rng.randrange(4, 12)  # a card of expedition 2 or 3
        start, actions = hand.history()
        state = start.clone()
        for a in actions[:number]:
            state.apply(a)
        seat = state.current
        if seat == 0:
            continue
        pair = _swapped(hand, number, seat, rng)
        if pair is not None:
            break
    assert pair is not None
    said = []
    for partial in pair:
        kept = [HandKept(1, partial)]
        scene = ReviewScene(table_app, kept, 0)
        table_app.push(scene)
        scene.go((number - n_bids) // 4 + 1)
        scene.select(number)
        assert seen[-1][0].seat == seat
        said.append([t for t, _ in scene.panel_lines()])
        table_app.pop()
    assert seen[-1][0] == seen[-2][0]  # the same view
    assert said[0] == said[1]
    assert any(seat_name in t for t in said[0] for seat_name in ("played", "forced"))


def test_show_me_how_side_by_side_then_on_the_progress_screen(table_app, tmp_path):
    from beloz.practice import progress
    from beloz.ui.scenes.progress import ProgressScene

    scene, rv = _review(table_app)
    ui_click(table_app, rv.buttons["show"])
    assert rv.showing
    found = review_found(rv)
    assert found is not None and found.faithful
    assert [t.cards for t in found.played.tricks] == [t.cards for t in rv.entry.hand.tricks]
    table_app.draw(table_app.screen)
    # Kept in progress.json, the person's margin and Expert's.
    loaded, _ = progress.load_progress()
    hands = loaded.hands_of("beloz")
    assert [(h.match, h.hand, h.person, h.expert) for h in hands] == [
        (scene.flow.match_id, rv.entry.number, found.person_margin, found.expert_margin)]
    # S (or Esc) goes back to the hand, the step buttons with it.
    key(table_app, pygame.K_s)
    assert not rv.showing and rv.buttons["next"].visible
    key(table_app, pygame.K_ESCAPE)
    key(table_app, pygame.K_ESCAPE)
    # The Progress screen draws the hand against Expert.
    ps = ProgressScene(table_app, progress=loaded, answers={})
    table_app.push(ps)
    with drawn.recording() as items:
        table_app.draw(table_app.screen)
    labels = " ".join(d.label for d in items if d.kind == "text")
    assert table_app.tr("watch.progress.chart") in labels
    assert "Your hands (1)" in labels


def review_found(rv):
    from beloz.ui.scenes.review import _DUPLICATES

    return _DUPLICATES.get(rv.deal_key())


def test_a_practice_hand_is_not_counted_and_unknown_players_are_said(table_app):
    from beloz.practice import progress

    scene, rv = _review(table_app)
    rv.entry.practice = True
    rv.toggle_show()
    assert review_found(rv) is not None
    assert progress.load_progress()[0].hands == {}
    rv.toggle_show()
    scene.flow.player_specs[1] = "custom"
    rv.other_hand(0)
    from beloz.ui.scenes import review as review_scene

    review_scene._DUPLICATES.clear()
    rv.toggle_show()
    assert rv.dup_errors[rv.deal_key()] == table_app.tr("watch.dup.unknown")
    table_app.draw(table_app.screen)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_deal_view_lays_the_hands_out_without_overlap(table_app, size):
    """Every card of the four hands and the expedition's cross drawn whole, none over
    another, inside the board left of the panel, and at least 48 pixels wide at 960 × 600."""
    _scene, rv = _review(table_app)
    w, h = size
    fp = max(12, round(min(w / 1280, h / 800) * 17))
    board = pygame.Rect(round(w * 0.015), round(fp * 2.7), round(w * 0.69) - 2 * round(
        w * 0.015), h - round(fp * 6.4) - round(fp * 2.7))
    lay = rv.board_layout(board, fp)
    assert lay.cw >= 48
    rects = [lay.hand_card(seat, i) for seat in range(4) for i in range(8)]
    rects += list(lay.trick.values())  # the expedition's cross, one card a seat
    for i, a in enumerate(rects):
        assert board.contains(a), (a, board)
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_a_reason_said_to_another_seat_names_the_seats_as_the_review_does(table_app,
                                                                          monkeypatch):
    """The explainer names a seat as the viewer would (the table's names, as if the viewer
    sat at the bottom): said to Kito, the seat after him (his "Kito") is Amani and the seat
    before him (his "Juma") is the person; the review shows the names it uses, the person
    in the third person."""
    from beloz.reasons import Why
    from beloz.ui.scenes import review as review_scene

    _scene, rv = _review(table_app)
    tr = table_app.tr
    monkeypatch.setattr(review_scene, "sentence",
                        lambda why, **kw: f"only {tr(f'table.seat.{why.seat}')} can hold it")
    kito, amani, juma = 1, 2, 3
    assert rv.watch_sentence(Why("x", seat=3), kito) == f"only {tr('watch.you')} can hold it"
    assert rv.watch_sentence(Why("x", seat=1), kito) == f"only {tr('table.seat.2')} can hold it"
    assert rv.watch_sentence(Why("x", seat=1), juma) == f"only {tr('watch.you')} can hold it"
    assert rv.watch_sentence(Why("x", seat=3), amani) == f"only {tr('table.seat.1')} can hold it"
    assert rv.watch_sentence(Why("x", seat=1), amani) == f"only {tr('table.seat.3')} can hold it"


def test_keys_1_to_4_explain_the_expeditions_cards_of_the_other_seats(table_app, seen):
    _scene, rv = _review(table_app)
    key(table_app, pygame.K_RIGHT)
    key(table_app, pygame.K_RIGHT)  # expedition 2
    state, cards = rv.state_at(2)
    first = len(rv.entry.hand.bids) + 4
    for i in range(4):
        seat = (state.leader + state.ruleset.direction * i) % 4
        key(table_app, pygame.K_1 + i)
        if seat == 0:
            assert rv.selected is None  # the person's own card: the rating is on show
        else:
            assert rv.selected == first + i and seen[-1][0].seat == seat
            key(table_app, pygame.K_ESCAPE)
    assert table_app.top is rv


def test_a_fact_for_experts_choice_about_as_good_gets_its_own_heading(table_app, seen,
                                                                      monkeypatch):
    """A card about as good as Expert's, where the expedition is lost whatever is played and
    Expert's card gives fewer points (``Watched.expert_why`` without ``differs``): the panel
    says it under its own heading, not "What Expert would choose instead"."""
    from dataclasses import replace

    real = duplicate.watch

    def watch(view, chosen):
        got = real(view, chosen)
        other = next(o.action for o in got.options if o.action != chosen)
        return replace(got, best=other, loss=0.0, noise=1.0, label="good",
                       expert_why=got.why)

    monkeypatch.setattr(duplicate, "watch", watch)
    _scene, rv = _review(table_app)
    key(table_app, pygame.K_RIGHT)
    table_app.draw(table_app.screen)
    rect, number = rv.hits[0]
    _click_at(table_app, rect.center)
    got = rv.watched(number)
    assert got is not None and not got.differs and got.expert_why is not None
    lines = " ".join(t for t, _ in rv.panel_lines())
    name = table_app.tr(f"table.seat.{got.seat}")
    assert table_app.tr("watch.why_fact", seat=name) in lines
    assert table_app.tr("watch.why", seat=name) not in lines
