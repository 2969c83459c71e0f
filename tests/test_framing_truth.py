"""One story for the numbers (issue 45, point 6): the hint and the practice answer show
the ± of their values, frame "about as good" only within it (monotone in the value
shown), never value, frame or blame on noise cards that were not valued, and their gold
line names the cards the frames show (``bench.bench_framing_truth`` checks each decision;
``python -m bench.bench_framing_truth`` runs 10,000 decisions per ruleset)."""

from __future__ import annotations

import dataclasses

import pytest

from beloz.ai import review
from beloz.ai.pimc import candidates
from beloz.review_store import Option
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase
from bench.bench_framing_truth import check_hint, check_practice, decisions, verify

from .test_ai_helpers import TINY

# Decisions per ruleset in the fast suite (a small evaluation: the framing rules are the
# same, the values rougher, so that "about as good" and the ± come up often).
DECISIONS = 60
SEED = 20261206


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "LEVEL", dataclasses.replace(TINY, name="analysis"))


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_numbers_tell_one_story_at_every_decision(name: str, tiny: None) -> None:
    t = verify(RULESETS[name], DECISIONS, SEED)
    assert t.decisions == DECISIONS and t.kinds["card"] > 0 and t.kinds["bid"] > 0
    assert t.wrong == [], "\n".join(t.wrong[:10])
    assert t.spread > DECISIONS // 2 and t.framed > 0  # the checks had something to check


def _first(pred, name: str = "beloz"):  # noqa: ANN001, ANN202
    return next(st for st in decisions(RULESETS[name], 400, SEED)
                if pred(st.view(st.current)))


def test_equivalent_cards_are_neither_framed_nor_blamed_on_noise(tiny: None) -> None:
    """Every legal card equivalent (nothing valued): no frame, no ±, no "about as good"
    said, no contrast; the sentence says what the best card does."""
    st = _first(lambda v: v.phase is Phase.PLAY and review.all_equivalent(v))
    h = review.hint(st.view(st.current))
    assert not h.valued and h.about == () and h.spread is None
    assert h.why.key not in ("vs.about", "vs.about_wide") and h.contrast is None
    assert check_hint(st, h) == []


def test_no_made_up_zeros_when_no_deal_was_evaluated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The evaluation ran out of time before its first deal: its 0s are no expectation, so
    the cards are not valued (the table then shows "=", no number), not framed."""
    from beloz.ai.values import CardValues

    st = _first(lambda v: v.phase is Phase.PLAY and not review.all_equivalent(v))
    monkeypatch.setattr(review, "evaluate_cards", lambda view, rng, level, sampler=None:
                        CardValues(tuple(candidates(view)), (), {"samples": 0}))
    h = review.hint(st.view(st.current))
    assert not h.valued and h.about == () and h.why.key not in ("vs.about", "vs.about_wide")
    assert check_hint(st, h) == []


def test_the_check_finds_a_framing_beyond_the_spread(tiny: None) -> None:
    """The property check itself: a hint framing an option beyond its ±, or leaving out one
    shown higher than an option framed, or written without its ±, is caught."""
    st = _first(lambda v: v.phase is Phase.PLAY and len(candidates(v)) >= 3)
    view = st.view(st.current)
    h = review.hint(view)
    a, b, c = (o.action for o in h.options[:3])
    options = (Option(a, 30.0), Option(b, 20.0, None, 5.0), Option(c, 10.0, None, 25.0))
    bad = dataclasses.replace(h, options=options, best=a, about=(c,), spread=25.0)
    assert any("not monotone" in w for w in check_hint(st, bad))
    bad = dataclasses.replace(h, options=options, best=a, about=(b,), spread=None)
    found = check_hint(st, bad)
    assert any("without their ±" in w for w in found)
    assert any("beyond the ± shown" in w for w in found)
    good = dataclasses.replace(h, options=options, best=a, about=(), spread=5.0)
    assert not any("framed" in w or "±" in w for w in check_hint(st, good))
    assert check_practice(st, good) == []


def test_the_practice_answer_shows_the_spread_and_frames_what_is_right(app, data_dir) -> None:
    """A practice answer: the values' line says their ±, an option within it of the best
    is right and drawn in gold like the best, one beyond it is neither."""
    from beloz.ui.colours import GOLD

    from .test_ui_practice import _open_practice

    _, scene = _open_practice(app)
    p = scene.problem
    assert p is not None and len(p.options) >= 3
    a, b, c = (o.action for o in p.options[:3])
    close = dataclasses.replace(p, best=a, options=(
        Option(a, 30.0), Option(b, 26.0, None, 6.0), Option(c, 10.0, None, 30.0),
        *p.options[3:]))
    scene.problems[scene.index] = close
    scene.start(scene.index)
    assert scene.choose(b)
    lines = scene.result_lines()
    said = " ".join(text for text, _c, _b in lines)
    assert "±6" in said and "About as good as the best" in said
    colour = {text.split("   ")[0]: col for text, col, _b in lines}
    assert colour[scene.action_name(b)] == GOLD and colour[scene.action_name(c)] != GOLD
    assert close.is_right(b) and not close.is_right(c)
