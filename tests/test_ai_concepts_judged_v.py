"""The teaching changes made after teacher set V was judged (issue 45), each on the judged
position (``tests/fixtures/teach/teacher-set-v.json``), watched failing with the old code."""

from __future__ import annotations

from pathlib import Path

from beloz.ai import review
from beloz.rules.state import SeatView
from bench.bench_teach_unseen import positions, view_of

FIXTURES = Path(__file__).parent / "fixtures" / "teach"


def _view(pid: str) -> SeatView:
    return view_of(next(p for p in positions(FIXTURES / "teacher-set-v.json")
                        if p["id"] == pid))


def test_a_flooded_card_out_beside_a_dry_plains_cards_is_named_with_its_plain() -> None:
    """V-sans-1471 (judged "misleads" at 9a78979: "the water snake is still out and may beat
    both", read as the West water snake, of the taker's flooded East one): where the dry
    plain's card of that animal is still out too, every card is named with its plain."""
    v = _view("V-sans-1471")
    h = review.hint(v)
    said = review.reason_sentences(h.why, h.contrast, h.detail, "en", v.ruleset)[0]
    assert "but the East water snake is still out and may beat both" in said
    assert "the water snake" not in said.replace("the East water snake", "")


def test_a_lead_into_a_plain_the_partner_has_none_of() -> None:
    """V-beloz-1655 (judged "describes": "Kito holds the East rhinoceros: your East crocodile
    would lose this expedition to it", in 10 of 32 deals, as if it could win in the others):
    the partner has no East and no flooded card, so the East lion and rhinoceros are both
    the opponents'; in West he may hold a card above the crocodile."""
    from beloz.ai import card_claims_lead, concepts
    from beloz.rules.cards import parse

    from .test_ai_concepts import versus

    v = _view("V-beloz-1655")
    assert versus(v, "W5", "E5") == (
        "vs.lead_partner_void",
        "Lead your West crocodile rather than your East crocodile: your partner has no East "
        "card left, so the 2 East cards still out above your East crocodile, up to the East "
        "lion, are all with the opponents, while he may hold a West card above your West "
        "crocodile.")
    assert review.hint(v).why.key == "vs.lead_partner_void"
    # a partner who may cut the plain he has none of: no such sentence (teacher set U,
    # beloz-905, the West elephant led for the partner's cut)
    u = view_of(next(p for p in positions(FIXTURES / "teacher-set-u.json")
                     if p["id"] == "U-beloz-905"))
    assert card_claims_lead.partner_void_above(u, parse("W5")) == []
    assert concepts.versus(u, parse("N1"), parse("W5")) is None or concepts.versus(
        u, parse("N1"), parse("W5")).key != "vs.lead_partner_void"
