"""What a seat that kept quiet does not hold: every computer player says « BeloZ » with
the first card of the pair (``declare`` is always yes), so a seat that played the flooded
elephant or rhinoceros without saying it does not hold the other.  Judged on teacher set
V's classique-1435, where deals giving the partner the flooded elephant after his silent
rhinoceros made the hint tell of an expedition 8 the exact layouts never see."""

from __future__ import annotations

import random
from pathlib import Path

from beloz.ai import contrast, review
from beloz.ai.sampler import sampler_for
from beloz.ai.view import infer
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view() -> SeatView:
    # East is the flooded plain; seat 1 (us) holds E8 W2 W6; the taker (seat 2) led the
    # flooded crocodile E5 and our partner (seat 3) played the flooded rhinoceros E6
    # under it without saying « BeloZ ».
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-v.json")
                        if p["id"] == "V-classique-1435"))


def test_a_silent_rhinoceros_means_no_flooded_elephant() -> None:
    v = _view()
    assert v.beloz_said[3] == 0
    k = infer(v)
    assert k.no[3] >> parse("E7") & 1
    assert not k.may[3] >> parse("E7") & 1
    sampler = sampler_for(k)
    rng = random.Random(5)
    for _ in range(200):
        assert not sampler.sample(rng)[3] >> parse("E7") & 1


def test_the_hint_counts_only_the_deals_that_fit() -> None:
    """The exact layouts (teacher set V's sampler, all 22): the rhinoceros does at least as
    well as the monkey in every one, 2.2 points a hand better; the taker wins the last
    expedition with either card.  The hint told of 5 deals where "Kito wins expedition 8
    with the West leopard" with the monkey kept, all with the partner's flooded elephant."""
    v = _view()
    outs = contrast.outcomes(v, parse("W6"), parse("W2"))
    assert outs and all(not o.hands[3] >> parse("E7") & 1 for o in outs)
    assert all(o.gain >= 0 for o in outs)
    h = review.hint(v)
    said = " ".join(review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset))
    assert "expedition 8" not in said
    best, other = (next(o.expected for o in h.options if o.action == parse(c))
                   for c in ("W6", "W2"))
    assert 0 <= best - other < 6
