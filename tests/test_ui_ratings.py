"""The words of the ratings at the table and in the review (beloz/ui/scenes/table/hints.py,
beloz/ui/scenes/review.py): the options about as good framed and said, points on the
score's scale and never "-0", the rating and the hindsight disagreeing said in words, a
flooded card's plain named beside another card of its animal."""

from __future__ import annotations

import random

import pytest

from beloz import review_store
from beloz.ai import review
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.contract import parse_contract
from beloz.rules.ruleset import RULESETS, Bidding
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, TAKE, HandState, Phase, contract_action
from beloz.ui.game import HandKept, StepKind


@pytest.fixture
def app(tmp_path, monkeypatch):
    from beloz import i18n
    from beloz.settings import Settings
    from beloz.ui.app import App

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


def test_a_value_is_never_shown_as_minus_zero() -> None:
    from beloz.ui.scenes.table import hints

    assert hints.value_text(-0.3) == "0"  # "Pass -0" seen at the table
    assert hints.value_text(-0.6) == "-1" and hints.value_text(2.4) == "+2"
    assert hints.value_text(-4.0, 10) == "-0.4" and hints.value_text(-0.4, 10) == "0.0"


def test_the_hint_frames_the_cards_about_as_good_and_says_so(app, monkeypatch):
    """Two cards about as good: both framed alike, and a line naming the other one and
    saying that the difference is within the estimate's noise."""
    import pygame

    from beloz.ui.scenes.table import hints

    from .test_ai_helpers import TINY
    from .test_ui_teach import _drive, _my_turn, _table

    monkeypatch.setattr(review, "LEVEL", TINY)
    scene = _table(app, seed=2)
    _drive(scene, app, lambda: _my_turn(scene, StepKind.PLAY, 2))
    legal = scene.step.data["legal"]
    a, b = legal[0], legal[1]
    hints.request(scene)
    scene.hinting.hint = review.Hint(
        0, "card", (review_store.Option(a, 10.0), review_store.Option(b, 7.0, None, 9.0)),
        a, Why("small_lead"), about=(b,), spread=9.0)
    frames: list[pygame.Rect] = []
    lines: list[str] = []
    real_frame, real_line = hints.frame, hints._wrapped

    def frame(surface, r, card, *args, **kw):  # the two-tone frame of a card (highlight.py)
        frames.append(pygame.Rect(r))
        return real_frame(surface, r, card, *args, **kw)

    def line(scene_, surface, text, *args, **kw):
        lines.append(text)
        return real_line(scene_, surface, text, *args, **kw)

    monkeypatch.setattr(hints, "frame", frame)
    monkeypatch.setattr(hints, "_wrapped", line)
    # Room for every line (where the room below the trick is short, the lines that find
    # none are left out: tests/test_ui_table_overlaps.py).
    monkeypatch.setattr(hints, "room_top", lambda scene, bottom: None)
    hints.draw(scene, app.screen)
    assert len(frames) == 2
    about = [t for t in lines if t.startswith("About as good")]
    assert len(about) == 1 and "noise, ±9" in about[0]
    assert review.card_name(b, scene.flow.hand.trump, scene.flow.hand.hands[0], "the") \
        in about[0]
    # The card Expert plays by convention, below the top value: said to be the usual card.
    scene.hinting.hint = review.Hint(0, "card", scene.hint.options, a, Why("small_lead"),
                                     about=(b,), usual=b)
    assert "the usual card" in hints.about_line(scene, scene.hint)


def test_the_hint_says_why_its_card_beats_the_next_one(app, monkeypatch):
    """When no concept of the view decides, the hint's contrast (why its card and not the
    next one, from the sampled deals) is its first sentence, on the gold line, drawn whole;
    what the card does follows, above it."""
    from beloz.ai.contrast import contrast, sentence
    from beloz.ui import drawn
    from beloz.ui.scenes.table import hints

    from .test_ai_helpers import TINY
    from .test_ui_teach import _drive, _my_turn, _table

    monkeypatch.setattr(review, "LEVEL", TINY)
    for seed in range(2, 30):
        scene = _table(app, seed=seed)
        _drive(scene, app, lambda s=scene: _my_turn(s, StepKind.PLAY, 2))
        view = scene.flow.hand.view(0)
        legal = view.legal_actions()
        found = next(((a, b, c) for a in legal for b in legal if a != b
                      and (c := contrast(view, a, b, samples=12)) is not None), None)
        if found:
            break
        app.pop()
    assert found is not None
    a, b, why_better = found
    hints.request(scene)
    scene.hinting.hint = review.Hint(
        0, "card", (review_store.Option(a, 10.0), review_store.Option(b, -20.0)),
        a, Why("small_lead"), contrast=why_better)
    texts: list[str] = []
    real_text = scene.text
    monkeypatch.setattr(scene, "text", lambda surface, text, *a_, **kw: (
        texts.append(text), real_text(surface, text, *a_, **kw))[1])
    with drawn.recording() as items:
        hints.draw(scene, app.screen)
    words = f"Hint: {sentence(why_better)}".split()
    said = " ".join(texts).split()
    start = said.index("Hint:")
    assert said[start:start + len(words)] == words  # every word, in order, first
    assert not drawn.problems(items, app.size)


# -- the review scene ------------------------------------------------------------------------


def _finished(rules: str, contract: str, seed: int, double: bool = False) -> HandState:
    """A hand of ``rules`` in ``contract`` (the first bidder's; with a turned card, the
    turned plain whatever ``contract`` says), played out at random."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, seed % 4, 3, ruleset=RULESETS[rules])
    if st.ruleset.bidding is Bidding.AUCTION:
        st.apply(contract_action(parse_contract(contract)))
    else:
        st.apply(TAKE)
    if double:
        st.apply(DOUBLE)
        st.apply(REDOUBLE)
    while st.phase is Phase.BIDDING:
        st.apply(PASS)
    while st.phase is Phase.PLAY:
        st.apply(rng.choice(st.legal_actions()))
    return st


def _card_rating(hand: HandState, number: int, best: int, loss: float, noise: float,
                 hind: tuple[int, int] | None = None) -> review_store.Rating:
    _, actions = hand.history()
    chosen = actions[number]
    options = (review_store.Option(best, 0.0, None if hind is None else hind[1]),
               review_store.Option(chosen, -loss, None if hind is None else hind[0], noise))
    return review_store.Rating(
        number=number, kind="card", expedition=(number - len(hand.bids)) // 4 + 1,
        chosen=chosen, best=best, expected_chosen=-loss, expected_best=0.0, loss=loss,
        label=review.label_for(loss, noise), forced=False, why=Why("small_lead"),
        options=options, hindsight_chosen=None if hind is None else hind[0],
        hindsight_best=None if hind is None else max(hind), noise=noise,
        scale=review_store.score_scale(hand.ruleset))


def _my_card(hand: HandState, seat: int = 0) -> tuple[int, int]:
    """The index of seat's first card in the hand's actions, and another legal card."""
    start, actions = hand.history()
    st = start.clone()
    for i, a in enumerate(actions):
        if st.phase is Phase.PLAY and st.current == seat and len(st.legal_actions()) > 1:
            return i, next(c for c in st.legal_actions() if c != a)
        st.apply(a)
    raise AssertionError("no choice of seat 0")


def _scene(app, hand: HandState, ratings: tuple[review_store.Rating, ...]):
    from beloz.ui.scenes.review import ReviewScene

    kept = HandKept(1, hand, review_store.Review(0, ratings))
    scene = ReviewScene(app, [kept], 0)
    app.push(scene)
    return scene


def test_a_bulgarian_review_shows_game_points(app):
    """After a redoubled Bulgarian contract the points lost are shown as the score shows
    them (divided by 10), not in raw points."""
    hand = None
    for seed in range(40):
        hand = _finished("belot-bulgare", "AT", seed, double=True)
        if hand.taker is not None and hand.multiplier == 4:
            break
    assert hand is not None and hand.multiplier == 4
    number, other = _my_card(hand)
    r = _card_rating(hand, number, other, loss=456.0, noise=30.0)
    scene = _scene(app, hand, (r,))
    text = " ".join(t for t, _ in scene.rating_lines(r))
    assert "45.6 points lost" in text and "456" not in text
    assert "45.6" in scene.summary()
    app.draw(app.screen)


def test_about_as_good_in_the_review_and_the_hindsight_disagreeing(app):
    hand = _finished("beloz", "", 3)
    number, other = _my_card(hand)
    r = _card_rating(hand, number, other, loss=6.0, noise=9.0)
    scene = _scene(app, hand, (r,))
    text = " ".join(t for t, _ in scene.rating_lines(r))
    assert "About as good" in text and "Better" not in text and r.label == "good"
    assert "No mistake" in scene.summary()
    # A blunder by what could be seen, no difference as the cards lay.
    r = _card_rating(hand, number, other, loss=58.0, noise=9.0, hind=(-212, -212))
    text = " ".join(t for t, _ in scene.rating_lines(r))
    assert r.label == "blunder" and "58 points lost" in text
    assert "as the cards lay, it made no difference" in text


def test_the_biggest_mistake_names_the_plain_of_a_flooded_card_beside_its_twin(app):
    """The flooded rhinoceros played with another rhinoceros in hand: "South rhinoceros"."""
    for seed in range(400):
        hand = _finished("beloz", "", seed)
        trump = hand.trump
        start, actions = hand.history()
        st = start.clone()
        found = None
        for i, a in enumerate(actions):
            if (st.phase is Phase.PLAY and st.current == 0 and a & 7 == parse("S6") & 7
                    and a >> 3 == trump and len(st.legal_actions()) > 1
                    and any(st.hands[0] >> (p * 8 + (a & 7)) & 1 for p in range(4)
                            if p != trump)):
                found = i, next(c for c in st.legal_actions() if c != a)
                break
            st.apply(a)
        if found:
            break
    assert found is not None
    number, other = found
    r = _card_rating(hand, number, other, loss=30.0, noise=5.0)
    scene = _scene(app, hand, (r,))
    plain = app.tr(f"table.plain.{trump}")
    assert f"{plain} rhinoceros" in scene.summary()
    assert f"{plain} rhinoceros" in scene.rating_lines(r)[0][0]


def test_the_review_page_says_why_the_better_card_beats_the_one_played(app):
    """A mistake's page shows the contrast (from the sampled deals) under the reason."""
    import dataclasses

    from beloz.ai.contrast import contrast, sentence

    for seed in range(30):
        hand = _finished("beloz", "", seed)
        start, actions = hand.history()
        number, other = _my_card(hand)
        st = start.clone()
        for a in actions[:number]:
            st.apply(a)
        why_not = contrast(st.view(0), other, actions[number])
        if why_not is not None:
            break
    assert why_not is not None
    r = dataclasses.replace(_card_rating(hand, number, other, loss=30.0, noise=3.0),
                            contrast=why_not)
    scene = _scene(app, hand, (r,))
    lines = [t for t, _ in scene.rating_lines(r)]
    assert sentence(why_not) in lines
    app.draw(app.screen)


def test_the_review_of_a_bid_names_the_guides_rule_or_the_exception(app):
    """Issue 41: the review of a bid names the bidding guide's rule that applies at that
    seat, agreeing with the best bid or calling the hand an exception to it."""
    from beloz.ai import bid_guide

    for seed in range(8):  # a hand where seat 0 bids (the first bidder took)
        hand = _finished("beloz", "", seed)
        start, actions = hand.history()
        st = start.clone()
        if st.current == 0:
            break
    number = 0
    rule = bid_guide.applies(st.view(0))
    assert rule is not None
    said = bid_guide.guide_bid(st.view(0), rule)
    other = next(b for b in st.legal_actions() if b != said)
    for best, key in ((said, "says so too"), (other, "an exception")):
        options = (review_store.Option(best, 0.0), review_store.Option(actions[number], -1.0))
        r = review_store.Rating(
            number=number, kind="bid", expedition=0, chosen=actions[number], best=best,
            expected_chosen=-1.0, expected_best=0.0, loss=1.0, label="inaccuracy",
            forced=False, why=review.reason(st.view(0), best, [actions[number]], 2)[0],
            options=options, noise=0.5,
            scale=review_store.score_scale(hand.ruleset))
        scene = _scene(app, hand, (r,))
        text = " ".join(t for t, _ in scene.rating_lines(r))
        assert key in text and bid_guide.wording(rule, "en") in text
        app.pop()


def test_the_bid_hint_names_the_guides_rule(app, monkeypatch):
    """Issue 41: the bid hint at the table names the bidding guide's rule that applies at
    the seat ("Guide — Rule 1 (round 1): ..."), or calls the hand an exception to it."""
    from beloz.ai import bid_guide
    from beloz.ui.scenes.table import hints

    from .test_ui_teach import _to_my_bid

    scene = _to_my_bid(app)
    view = scene.view()
    rule = bid_guide.applies(view)
    assert rule is not None
    said = bid_guide.guide_bid(view, rule)
    other = next(b for b in view.legal_actions() if b != said)
    lines: list[str] = []
    real_line = hints._wrapped

    def line(scene_, surface, text, *args, **kw):
        lines.append(text)
        return real_line(scene_, surface, text, *args, **kw)

    monkeypatch.setattr(hints, "_wrapped", line)
    hints.request(scene)
    for best, start in ((said, "Guide — "), (other, "An exception to the guide — ")):
        lines.clear()
        scene.hinting.hint = review.Hint(
            0, "bid", (review_store.Option(best, 5.0), review_store.Option(
                next(b for b in view.legal_actions() if b != best), -5.0, None, 2.0)),
            best, review.reason(view, best, [b for b in view.legal_actions() if b != best],
                                2)[0], spread=2.0)
        hints.draw(scene, app.screen)
        assert any(start + bid_guide.wording(rule, "en") in t for t in lines), lines
