"""The teaching changes made after teacher set U was judged (issue 45): its words, each on
the judged position (``tests/fixtures/teach/teacher-set-u.json``), watched failing with the
old words or code."""

from __future__ import annotations

from pathlib import Path

from beloz.ai import review
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-u.json")
                        if p["id"] == pid))


def _said(v: SeatView, language: str) -> list[str]:
    h = review.hint(v)
    return review.reason_sentences(h.why, h.contrast, h.detail, language, v.ruleset)


def test_a_redoubled_contract_is_said_redoubled() -> None:
    """U-bulgare-2127 (judged at 4abf57e: "the contract doubled: ×4" of a redoubled
    contract, "contré" in French; and "0 points de cartes"): the threshold's words."""
    v = _view("U-bulgare-2127")
    assert v.multiplier == 4
    en, fr = _said(v, "en")[0], _said(v, "fr")[0]
    assert "(the contract redoubled: ×4)" in en and "doubled: ×4" not in en.replace(
        "redoubled", "")
    assert "(le contrat surcontré\u00a0: ×4)" in fr
    assert "votre équipe a 0 point de cartes et 20 d'annonces" in fr
    assert "your team has 0 card points and 20 in announcements" in en


def test_a_lead_worth_nothing_says_what_it_does_not_risk() -> None:
    """U-sans-981 (judged "misleads": "Lead your meerkat in South: it gives nothing away",
    read as not giving the lead away, where three South cards out beat it): it is worth no
    points, and that is all the sentence says."""
    said = _said(_view("U-sans-981"), "en")
    assert said[1] == "Lead your meerkat in South: it is worth no points, so it puts none at risk."


def test_french_only_card_still_out_above_it() -> None:
    """Sets S, T and U's French note: "seul le léopard de l'Ouest est encore en jeu
    au-dessus" (a calque), now "seul le léopard de l'Ouest, encore en jeu, est au-dessus de
    lui"."""
    from beloz.i18n import tr_in

    text = tr_in("fr", "teach.why.vs.keep_next", alt="lion", third="le léopard")
    assert "seul le léopard, encore en jeu, est au-dessus de lui" in text
