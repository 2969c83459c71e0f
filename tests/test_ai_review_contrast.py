"""A card rated a mistake or a blunder says why the best card rather than the one played
(``contrast``): computed with the review, kept with it in the save, shown in its text."""

from __future__ import annotations

import json
import random

import pytest

from beloz import review_store
from beloz.ai import review, review_cli
from beloz.ai.contrast import sentence
from beloz.ai.thresholds import why_better
from beloz.rules.state import TAKE, HandState, Phase

from .test_ai_helpers import TINY


@pytest.fixture(autouse=True)
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "LEVEL", TINY)  # a small budget: the test stays quick


def _hand(seed: int) -> tuple[HandState, list[int]]:
    """A hand where seat 0 takes and every seat plays random legal cards."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st = HandState.deal(deck, 3, 3)
    start = st.clone()
    actions = [TAKE]
    st.apply(TAKE)
    while st.phase is Phase.PLAY:
        a = rng.choice(st.legal_actions())
        actions.append(a)
        st.apply(a)
    return start, actions


def test_mistakes_say_why_and_the_reason_is_kept_with_the_review() -> None:
    said = 0
    for seed in range(16):
        start, actions = _hand(seed)
        rv = review.review_hand(start, actions, 0, rate_bids=False)
        state = start.clone()
        by_number = {r.number: r for r in rv.ratings}
        for i, a in enumerate(actions):
            r = by_number.get(i)
            if r is not None:
                if r.kind == "card" and r.label in ("mistake", "blunder"):
                    # a threshold that carries most of the gain, else (no concept of the view
                    # decides) the contrast of the seat's view: the best card against the one played
                    assert r.contrast == why_better(state.view(0), r.best, r.chosen,
                                                    review.is_comparative(r.why), r.loss)
                    said += r.contrast is not None
                elif r.kind == "card" and r.label == "inaccuracy":
                    # a small loss says a close call when it is one (``review.close_call``)
                    assert r.contrast == review.close_call(state.view(0), r.best, r.chosen,
                                                           r.why, r.options)
                else:
                    assert r.contrast is None
            state.apply(a)
        text = review_cli.review_text(rv, "en")
        for r in rv.ratings:
            if r.contrast is not None:
                assert sentence(r.contrast, "en") in text
                assert review_cli.rating_json(r, "fr")["contrast"] == sentence(r.contrast, "fr")
        # Kept in the save and read back exactly (the expected scores are kept rounded);
        # a review saved before contrasts existed (no such field) still loads, without them.
        kept = json.loads(json.dumps(review_store.review_to_dict(rv)))
        read = review_store.review_from_dict(kept, start, actions)
        assert [r.contrast for r in read.ratings] == [r.contrast for r in rv.ratings]
        for d in kept["ratings"]:
            d.pop("contrast", None)
        old = review_store.review_from_dict(kept, start, actions)
        assert all(r.contrast is None for r in old.ratings)
        assert [r.label for r in old.ratings] == [r.label for r in rv.ratings]
        if said >= 2:
            break
    assert said >= 2


def test_a_bad_kept_contrast_is_a_bad_review() -> None:
    for seed in range(40):
        start, actions = _hand(seed)
        rv = review.review_hand(start, actions, 0, rate_bids=False)
        kept = review_store.review_to_dict(rv)
        rated = [d for d in kept["ratings"] if "contrast" in d]
        if rated:
            rated[0]["contrast"]["holder"] = 9
            with pytest.raises(review_store.BadReview, match="contrast holder"):
                review_store.review_from_dict(kept, start, actions)
            return
    raise AssertionError("no contrast in the reviews")


def test_the_hint_says_why_its_card_beats_the_next_one_that_is_not_as_good() -> None:
    """The hint's contrast: the best card against the best option outside its "about as
    good" band, on the sampled deals of the seat's view (None for a bid)."""
    said = 0
    for seed in range(8):
        start, actions = _hand(seed)
        state = start.clone()
        for a in actions:
            if state.phase is Phase.PLAY and state.current == 0 and len(state.legal_actions()) > 1:
                view = state.view(0)
                h = review.hint(view)
                worse = [o.action for o in h.options
                         if o.action != h.best and o.action not in h.about]
                comparative = review.is_comparative(h.why)
                # against the option the reason names: a threshold first, else the contrast
                other = h.other if h.other is not None else worse[0] if worse else None
                wanted = (why_better(view, h.best, other, comparative,
                                     h.expected(h.best) - h.expected(other))
                          if worse and other is not None
                          # against an option about as good: a close call only
                          else review.close_call(view, h.best, other, h.why, h.options)
                          if other is not None else None)
                assert h.contrast == wanted
                if comparative and h.why.key not in ("vs.about", "vs.about_wide", "vs.same",
                                                      "vs.equivalent"):
                    # the concept's two cards are the best and an option outside the band,
                    # or, when every option is about as good, one of those
                    assert h.why.cards[:2] == (h.best, h.other)
                    assert h.other in (worse or h.about)
                said += h.contrast is not None
            state.apply(a)
        if said >= 2:
            break
    assert said >= 2
