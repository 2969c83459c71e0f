"""A round-1 bid reason that names a round-2 plan holds it only where the game's round-2
hint at the same seat would then name that plain (issue 45: "in the second round you may
name North", then "pass rather than name North" at the same seat, 138 of 249 round-2
promises contradicted); a hand with no card of the turned plain passes because taking would
give it a lone flooded card, the turned one (the built-in practice problems included).
``python -m bench.bid_promises`` counts the promises and the contradictions on fresh deals."""

from __future__ import annotations

import dataclasses

from beloz.ai import review
from beloz.ai.concepts import versus
from beloz.ai.explain import sentence
from beloz.practice.builtin import builtin_problems
from beloz.reasons import Why
from beloz.rules.cards import PLAIN_MASKS, parse, plain_of
from beloz.rules.ruleset import BELOZ, CLASSIQUE, RULESETS, Bidding, Ruleset
from beloz.rules.state import PASS, TAKE, HandState, SeatView, name_action


def _first_turn(ruleset: Ruleset, hand: str, turned: str) -> HandState:
    """Seat 0, first to bid in round 1, with ``hand`` and ``turned``."""
    mine = [parse(c) for c in hand.split()]
    shown = parse(turned)
    rest = [c for c in range(32) if c not in mine and c != shown]
    hands = [sum(1 << c for c in mine)] + [sum(1 << c for c in rest[5 * i:5 * i + 5])
                                           for i in range(3)]
    st = HandState(ruleset, (0 - ruleset.direction) % 4, hands, shown, rest[15:])
    assert st.current == 0
    return st


def _round_two(st: HandState) -> SeatView:
    """Seat 0's view at its turn of round 2, every seat passing until then."""
    later = st.clone()
    for _ in range(4):
        later.apply(PASS)
    assert later.current == 0
    return later.view(0)


def _round_two_best(st: HandState) -> int:
    """The round-2 hint's best bid at seat 0 (every legal bid valued, as the hint does)."""
    values, _ = review.bid_estimates(_round_two(st))
    return max(values, key=values.__getitem__)


def test_a_round_two_plan_the_round_two_hint_would_refuse_is_not_promised() -> None:
    # The West elephant turned; the seat holds the West meerkat, the North crocodile, the
    # East lion and meerkat: "in the second round you may name North, where you would hold
    # one flooded card, the crocodile" was said, and the round-2 hint at the same seat then
    # passes.
    st = _first_turn(BELOZ, "W1 N5 E8 S2 E1", "W7")
    assert _round_two_best(st) == PASS
    why = versus(st.view(0), PASS, TAKE)
    assert why is not None
    assert why.key == "vs.pass_take"
    assert sentence(why, "en") == (
        "Pass rather than take West: you would hold only 2 flooded cards, without its "
        "crocodile, water snake or lion.")


def test_a_round_two_plan_the_round_two_hint_confirms_is_said() -> None:
    st = _first_turn(BELOZ, "W2 W3 S3 E8 W8", "E7")
    why = versus(st.view(0), PASS, TAKE)
    assert why is not None and why.key == "vs.pass_name"
    assert sentence(why, "en") == (
        "Pass rather than take East: in the second round you may name West, where you would "
        "hold 3 flooded cards, with the water snake and the lion.")
    assert why.plain is not None and _round_two_best(st) == name_action(why.plain)


def test_no_card_of_the_turned_plain_says_the_lone_turned_card() -> None:
    st = _first_turn(BELOZ, "S5 S8 W2 W4 N1", "E2")
    why = versus(st.view(0), PASS, TAKE)
    assert why is not None and why.key == "vs.pass_lone"
    assert sentence(why, "en") == (
        "Pass rather than take East: you hold no East card, so the turned card, the monkey, "
        "would be your only flooded card.")
    assert sentence(why, "fr") == (
        "Passez plutôt que de prendre à Est\u00a0: vous n'avez aucune carte de cette plaine, "
        "et la carte retournée, le singe, serait votre seule carte inondée.")


def _answer(p: object) -> Why:
    """A built-in bid problem's answer, as Practice words it for a wrong answer: why the
    best rather than the other option."""
    from beloz.practice.problem import Problem

    assert isinstance(p, Problem)
    values = {o.action: o.expected for o in p.options}
    other = next(o.action for o in p.options if o.action != p.best)
    why, _, _ = review.reason(p.view(), p.best, [other], len(p.options), values)
    return why


def test_built_in_bid_problems_name_the_lone_turned_card() -> None:
    """Every built-in round-1 pass with no card of the turned plain is answered by the lone
    turned card, never by a round-2 plan; and no built-in answer promises a plan the
    round-2 hint refuses (checked where one is said)."""
    lone = 0
    for name, ruleset in RULESETS.items():
        if ruleset.bidding is Bidding.AUCTION:
            continue
        for p in builtin_problems(name):
            v = p.view()
            if p.kind != "bid" or len(v.bids) >= 4 or p.best != PASS:
                continue
            why = _answer(p)
            if not v.hand & PLAIN_MASKS[plain_of(v.turned)]:
                lone += 1
                assert why.key == "vs.pass_lone", (p.id, why)
                assert "only flooded card" in sentence(why, "en")
            if why.key == "vs.pass_name":
                assert why.plain is not None
                later = dataclasses.replace(v, bids=(*v.bids, PASS, PASS, PASS, PASS))
                values, _ = review.bid_estimates(later)
                assert max(values, key=values.__getitem__) == name_action(why.plain), p.id
    assert lone >= 8  # the template the issue saw: "... you may name West, where ..."


def test_the_round_two_view_is_the_one_the_game_reaches() -> None:
    from beloz.ai import explain_bid

    for ruleset in (BELOZ, CLASSIQUE):
        st = _first_turn(ruleset, "W2 W3 S3 E8 W8", "E7")
        assert explain_bid.round_two_view(st.view(0)) == _round_two(st)
        st.apply(PASS)
        assert explain_bid.round_two_view(st.view(0)) is None  # not seat 0's turn


def test_the_round_two_valuation_is_the_hint_s() -> None:
    """The same evaluation as the round-2 hint's (its level and its seed, so the same deals
    in the same order), only stopped after fewer deals."""
    from beloz.ai import explain_bid

    assert explain_bid.ROUND_TWO_SEED == review.SEED
    assert explain_bid.ROUND_TWO_LEVEL == dataclasses.replace(
        review.LEVEL, bid_samples=explain_bid.ROUND_TWO_DEALS, bid_time_cap=2.0)


def test_no_flooded_card_is_not_only_zero() -> None:
    # Classique: East may be named in round 2 with no East card (West turned).
    from beloz.ai import bid_claims

    st = _first_turn(CLASSIQUE, "N5 N8 S8 S3 W6", "W3")
    later = _round_two(st)
    why = next(w for w in bid_claims._bid_candidates(later, PASS, name_action(1))
               if w.key == "vs.pass_over")
    assert why.count == 0
    assert sentence(why, "en") == "Pass rather than name East: you would hold no flooded card."


def test_the_round_two_plan_is_weighed_against_every_plain_the_hint_lists() -> None:
    """The truth bench, 3,000 BeloZ decisions of seed 7, the 111th: "in the second round you
    may name South", where the round-2 hint, valuing every legal bid, put West 1.5 ahead;
    the check weighed only the plains Expert's search weighs, without West."""
    from itertools import islice

    from beloz.ai.explain_bid import round_two_choice, round_two_view
    from bench.bench_explain_truth import decisions

    view = next(islice(decisions(RULESETS["beloz"], 111, 7), 110, None))
    later = round_two_view(view)
    assert later is not None
    values, _ = review.bid_estimates(later)
    assert round_two_choice(view) == max(values, key=values.__getitem__) == name_action(1)
