"""The teaching changes made from teacher set M's judgement (issue 45): each on the judged
position itself (``tests/fixtures/teach/teacher-set-m.json``), the claim that makes it
watched failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from beloz.ai import card_claims, card_claims_plain, review
from beloz.ai.tables import ABOVE
from beloz.reasons import Why
from beloz.rules.cards import parse
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import raw, versus, without

SET_M = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-m.json"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(SET_M) if p["id"] == pid))


@pytest.mark.parametrize("pid, best, other, instead", [
    ("M-classique-3993", "N7", "N2",
     "Your partner is master for now: give him the 4 points of the North elephant rather than "
     "your North monkey."),
    # (M-sans-5350: the West leopard, the master of West once partner's lion has gone, is no
    # longer "given him" either: nothing is said against the crocodile, a close call, the
    # teacher's; tests/test_ai_concepts_judged_q.py)
    ("M-sans-5350", "W4", "W5", None),
])
def test_no_unblock_without_a_run_of_the_partners_to_block(
        monkeypatch: pytest.MonkeyPatch, pid: str, best: str, other: str,
        instead: str | None) -> None:
    """"Unblock West: … play the higher one now, so that it does not win one of his West
    expeditions later" where the partner has no run of masters to block: a later expedition
    the high card wins is the team's (the judge: "unblocking is a lesson for a long run of
    partner's masters, not for two cards")."""
    v = _view(pid)
    assert versus(v, best, other) == (None if instead is None else ("vs.give", instead))
    without(monkeypatch, "vs.unblock", card_claims_plain.partner_run_blocked)
    assert raw(v, best, other) == ("vs.unblock",)


def test_a_loser_is_not_kept_for_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """M-sans-1812: "your East crocodile is enough, and your North leopard stays in your hand
    for later", the North lion still out above the leopard: it has no later, and given now its
    10 points are the partner's (the teacher's card)."""
    v = _view("M-sans-1812")
    assert raw(v, "E5", "N4") is None
    h = review.hint(v)
    assert all("stays in your hand for later" not in s
               for s in review.reason_sentences(h.why, h.contrast, h.detail))
    without(monkeypatch, "vs.enough", card_claims.other_has_later)
    assert raw(v, "E5", "N4") == ("vs.enough",)


def test_a_climb_draws_only_over_a_card_with_none_between(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """M-bulgare-4280, all trumps: "your West rhinoceros may draw out the West crocodile, the
    only West card still out above the West water snake", where over the rhinoceros the
    crocodile's holder may climb with the elephant or the leopard instead (the judge: over the
    lion only the crocodile beats it)."""
    v = _view("M-bulgare-4280")
    assert raw(v, "W6", "W3") != ("vs.climb_draw",)
    w6, w3, w5 = parse("W6"), parse("W3"), parse("W5")
    said = Why("vs.climb_draw", (w6, w3, w5, w3), w6 >> 3, count=1, trump=v.trump)
    assert not card_claims_plain.climb_draws(v, w6, said)
    # what refuses it: West cards out between the rhinoceros and the water snake
    assert v.trump is not None
    between = ABOVE[v.trump][w6] & ~ABOVE[v.trump][w3] & ~(1 << w3) & card_claims_plain._out(v)
    assert between
    # where nothing lies between, the climb is still said (set F, classique-4263: the flooded
    # elephant led under the leopard kept)
    f = view_of(next(p for p in positions(SET_M.parent / "teacher-set-f.json")
                     if p["id"] == "F-classique-4263"))
    assert review.hint(f).why.key == "vs.climb_draw"
