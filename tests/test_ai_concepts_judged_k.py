"""The teaching changes made from teacher set K's judgement (issue 45): each on the judged
position itself (``tests/fixtures/teach/teacher-set-k.json``), its sentence asserted against
the facts recomputed independently (``bench.truth_versus``), and the claim or the rule that
makes it watched failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import card_claims, concepts, contrast, review, thresholds
from beloz.ai.settled import settled_now
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_explain_truth import facts
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import raw, versus, without

SET_K = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-k.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_K) if p["id"] == pid))


def test_the_next_master_kept_before_the_points_risked(monkeypatch: pytest.MonkeyPatch) -> None:
    """K-sans-3170: partner's West lion is master, Kito may still cut it; the hint said only
    "your West rhinoceros risks 7 points fewer than your West leopard".  The judge: the
    leopard, master of West once the lion has fallen, is three quarters of the cost ("Keep
    your leopard ... Give the rhinoceros. (And if Kito cuts, the leopard's 10 would be
    theirs.)")."""
    v = _view("K-sans-3170")
    assert versus(v, "W6", "W4") == (
        "vs.keep_master_risk",
        "Keep your West leopard, the strongest card left in its plain, for a later expedition: "
        "play your West rhinoceros under your partner's West lion (Kito plays after you and "
        "may still beat it; your West rhinoceros would then give the other team 7 points "
        "fewer).")
    # the bench's own facts hold, and a sentence naming the wrong card kept fails them
    w6, w4, w8 = parse("W6"), parse("W4"), parse("W8")
    said = Why("vs.keep_master_risk", (w6, w4, w8), w4 >> 3, points=7, count=7, seat=1,
               trump=v.trump)
    assert v.trick and v.trick[-2] == w8 and all(facts(v, w6, said).values())
    bogus = Why("vs.keep_master_risk", (w4, w6, w8), w6 >> 3, points=-7, count=-7, seat=1,
                trump=v.trump)
    assert not all(facts(v, w4, bogus).values())
    # without the concept, the risk alone was said
    monkeypatch.setitem(concepts.CLAIMS, "vs.keep_master_risk", (lambda view, a, w: False,))
    assert raw(v, "W6", "W4") == ("vs.risk_less",)


def test_a_lead_is_not_argued_by_keeping_a_card_as_exposed_as_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """K-classique-4247: "Keep your East leopard: only the East lion is still out above it"
    was the reason to lead the South leopard, whose lion is out above it just the same (the
    judge: by its own sentence, the South leopard should be kept too).  A cheaper card led
    under the lion to keep the leopard stays a reason (K-beloz-3982: the rhinoceros led, the
    South leopard kept)."""
    v = _view("K-classique-4247")
    assert not v.trick
    assert raw(v, "S4", "E4") is None
    without(monkeypatch, "vs.keep_next", card_claims.lead_not_alike)
    assert raw(v, "S4", "E4") == ("vs.keep_next",)
    monkeypatch.undo()
    assert raw(_view("K-beloz-3982"), "S6", "S4") == ("vs.keep_next",)


def test_no_last_expedition_threshold_once_the_contract_is_settled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """K-bulgare-4271: "The last expedition decides it: your team has 142 card points, the
    other team 37" was said with the contract made whatever is played (the judge: only
    points are at stake).  A settled contract has no threshold but the capot."""
    v = _view("K-bulgare-4271")
    best, other = parse("S3"), parse("S1")
    deals = contrast.outcomes(v, best, other, thresholds.THRESHOLD_SAMPLES)
    settled = settled_now(v)
    assert settled is not None and settled.kind == "made" and thresholds.result_sure(v)
    assert thresholds.threshold_from(v, best, other, deals) is None
    monkeypatch.setattr(thresholds, "result_sure", lambda view: False)
    found = thresholds.threshold_from(v, best, other, deals)
    assert found is not None and found.threshold == "last"
    # the mirror, the other team's contract made whatever is played (sans-963: the takers'
    # 89 card points, the defenders able to reach 73 at most)
    monkeypatch.undo()
    other_team = _view("K-sans-963")
    assert settled_now(other_team) is not None and settled_now(other_team).kind is None
    assert thresholds.result_sure(other_team)


def test_the_deals_counted_tell_the_story_of_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Expert's values are exact, the deals a hint counts are played out double-dummy
    too (``dd_lines``): their mean gain is the values' gap, where the heuristic's play-outs
    told another story (K-beloz-1504: the elephant kept 25 points ahead in the values, 4.6
    behind in the heuristic's lines; K-bulgare-3947: 427 ahead, 25 behind)."""
    monkeypatch.setattr(contrast, "DD_SECONDS", 60.0)  # the node budget alone decides
    for pid, best, other, gap in (("K-beloz-1504", "S2", "W7", 25.0),
                                  ("K-classique-3316", "N3", "N2", 43.0),
                                  ("K-sans-963", "S6", "S1", 25.0)):
        v = _view(pid)
        b, o = parse(best), parse(other)
        dd = contrast.outcomes(v, b, o, 40)
        assert len(dd) >= contrast.MIN_DD_DEALS
        mean = sum(d.gain for d in dd) / len(dd)
        assert abs(mean - gap) < 0.25 * gap, (pid, mean)
        with monkeypatch.context() as m:  # the node budget spent at once: the heuristic's
            m.setattr(contrast, "DD_NODES", 0)
            heuristic = contrast.outcomes(v, b, o, 40)
        assert [d.hands for d in heuristic][:len(dd)] == [d.hands for d in dd]  # same deals
        if pid == "K-beloz-1504":
            assert sum(d.gain for d in heuristic) / len(heuristic) < 0.5 * gap


def test_no_capot_named_where_no_deal_reaches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """K-sans-963: "your South rhinoceros can still win this one and stop their capot" to a
    seat holding three master cards with one flooded card out (the judge: no capot is
    possible after either card, in any of the 1,120 layouts).  The expedition won is said,
    not the capot."""
    v = _view("K-sans-963")
    s6, s1 = parse("S6"), parse("S1")
    assert card_claims.capot_theirs(v, s6, Why("vs.capot_stop", (s6, s1), trump=v.trump))
    assert not thresholds.capot_at_stake(v, s6, s1)
    assert versus(v, "S6", "S1") == (
        "vs.win_points_lost",
        "Your South rhinoceros wins this expedition and its 3 points whatever the others "
        "hold; with your South meerkat the other team wins it.")
    monkeypatch.setattr(thresholds, "capot_at_stake", lambda view, b, o: True)
    assert raw(v, "S6", "S1") == ("vs.capot_stop",)


def test_the_contract_counted_with_the_announcements() -> None:
    """K-bulgare-535: the judge's count, "your side has 28 and your quarte (50) against 134:
    you need 77 of the 96 left", was unsaid, and the estimate left the quarte out (fixed in
    1c5193a).  The deals now put the contract at stake with the elephant given, and the
    count says the quarte."""
    v = _view("K-bulgare-535")
    h = review.hint(v)
    assert h.contrast is not None and h.contrast.key == "threshold"
    assert h.contrast.threshold == "contract" and h.contrast.other == parse("N3")
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en")
    assert said[0].startswith("The contract is at stake: your team has 28 card points and 50 "
                              "in announcements, the other team 134.")
    assert said[1].startswith("Keep your North water snake")


def test_a_defender_s_lone_flooded_lead_is_not_the_taker_s_draw() -> None:
    """K-beloz-4324: "Lead your flooded leopard: the opponents may still hold 7 flooded
    cards, and each one that falls now cannot intercept your other cards later" is the
    taker's reason to draw, said to a defender (the judge: "the defender's reason for leading
    the lone leopard is that it falls under the taker's higher trumps anyway")."""
    from beloz.ai import explain

    v = _view("K-beloz-4324")
    n4 = parse("N4")
    why = explain.explain_card(v, n4)
    assert why.key == "lead_flooded_lone" and why.count == 3
    assert explain.sentence(why, "en") == (
        "Lead your lone flooded leopard: 3 flooded cards above it are still out, and kept "
        "alone your leopard can fall under one of them when the flooded cards are drawn.")
    assert all(facts(v, n4, why).values())
    # a count that is not the flooded cards above it fails the bench's own recount, and
    # the claim refuses it
    wrong = Why("lead_flooded_lone", (n4,), n4 >> 3, count=7, trump=v.trump)
    assert not all(facts(v, n4, wrong).values())
    assert explain.check(v, n4, wrong)


def test_values_in_sight_within_the_noise_are_not_about_as_good(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """K-bulgare-4381: "Your 5 options are about as good here: the estimate cannot tell them
    apart" under values 63 points apart (±152, a doubled contract's swings): the judge read
    it as "the choice does not matter".  Values that differ in sight (``review.WIDE``) but
    within the ± are said as the deals failing to rank them; close ones stay "about as
    good"."""
    v = _view("K-bulgare-4381")
    legal = v.legal_actions()
    a = legal[0]

    def valued(gap: float, noise: float) -> None:
        monkeypatch.setattr(review, "card_valuation", lambda view: (
            {c: (100.0 if c == a else 100.0 - gap) for c in legal},
            lambda x, y: noise, True))

    valued(133.0, 152.0)
    h = review.hint(v)
    assert set(h.about) == set(legal) - {h.best}
    assert h.why.key == "vs.about_wide" and h.why.count == len(legal)
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en")[0]
    # one line at 1280×800, so that what the best card does still finds room below the trick
    assert said == (f"Your {len(legal)} options differ by less than the ±: the deals tried "
                    "cannot rank them.")
    assert concepts.check(v, h.best, h.why) == []
    valued(10.0, 152.0)  # 1 game point apart as shown: about as good
    assert review.hint(v).why.key == "vs.about"
