"""The watch panel's changes made after watch set J was judged (issue 45): each on the judged
position (``tests/fixtures/teach/watch-set-j.json``), the code that makes it watched
failing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from beloz.ai import comparison, explain, review
from beloz.practice import duplicate
from beloz.rules.cards import parse
from beloz.rules.state import SeatView

from .test_ai_helpers import watched


def _watched(ruleset: str, seed: int, tag: str) -> tuple[SeatView, int]:
    return watched(ruleset, seed, tag, 2)


def test_a_card_about_as_good_that_gives_more_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set J, sans-3839-11 (judged "misleads" at ca3404b: "play your West elephant and
    keep your North leopard", about as good as Expert's East monkey in value, where the
    deals have the elephant 11 a hand worse): the taker's rhinoceros wins whatever is
    played; the monkey gives 4 points fewer and keeps the elephant, next master of West.
    Said under the card played, as what still favours Expert's choice; and since the
    analysis's exact search goes on to 24 deals (it stopped at a few), the values bear the
    deals out: a mistake, with the same reason as Expert's."""
    v, played = _watched("sans", 3838, "sans-3839-11")
    assert played == parse("W7")
    said = (
        "The opponents win this expedition whatever the cards still to play: give them your "
        "East monkey, 4 points fewer than your West elephant, and keep your West elephant: "
        "only the West leopard is still out above it, so once it has fallen, your West "
        "elephant is the strongest card of its plain.")
    w = duplicate.watch(v, played)
    assert w.differs and w.label == "mistake" and w.best == parse("E2")
    assert w.expert_why is not None and w.expert_why.key == "vs.give_less_keep"
    assert explain.sentence(w.expert_why, "en") == said
    # with Expert's own budget (a few deals) the card is about as good in value ...
    monkeypatch.setattr(review, "LEVEL", replace(review.LEVEL, solve_budget=1_500_000,
                                                 min_deals=0))
    w = duplicate.watch(v, played)
    assert w.about_as_good and not w.differs and w.best == parse("E2")
    assert w.expert_why is not None and explain.sentence(w.expert_why, "en") == said
    monkeypatch.setattr(duplicate, "GIVE_LESS", frozenset())
    assert duplicate.watch(v, played).expert_why is None  # ... and said nothing more before


def test_no_such_line_for_a_sure_winner_that_a_draw_may_forgo() -> None:
    """Watch set H, sans-8285-10 (judged "decides"): the trump elephant led to draw, about as
    good as Expert's crocodile, which "wins this expedition whatever the others hold": a
    fact, but the deals have the elephant 3 a hand ahead; not said as Expert's edge."""
    v, played = _watched("sans", 8282, "sans-8285-10")
    assert played == parse("E7")
    w = duplicate.watch(v, played)
    assert w.about_as_good and w.best == parse("E5")
    assert comparison.sure_fact(v, w.best, played) is not None  # a sure fact exists ...
    assert w.expert_why is None  # ... but not one of the points given


def test_the_points_put_in_for_the_partner_are_said() -> None:
    """Watch set J, classique-3841-22 (judged "describes": "your partner plays after you and
    may still take this expedition", Expert's sentence for the North crocodile word for
    word the computer's for the South water snake): the crocodile's 2 points are the
    team's when the partner, playing last, takes it; the water snake, worth nothing, keeps
    the plain sentence."""
    v, played = _watched("classique", 3838, "classique-3841-22")
    assert played == parse("S3")
    w = duplicate.watch(v, played)
    assert w.best == parse("N5") and w.expert_why is not None
    assert explain.sentence(w.expert_why, "en", v.ruleset) == (
        "Your North crocodile does not beat the West monkey, but your partner plays after you "
        "and may still take this expedition: the 2 points of the North crocodile are your "
        "team's if he does.")
    assert w.why is not None and w.why.key == "under_open"
