"""The score screen's ruleset lines: the dix de der and capot rows as each ruleset scores
them, sans annonces' "more than half", and Bulgarian's division by 10 per team with its
rounding and hanging points (RULES.md §9.1-9.3)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from beloz import i18n
from beloz.rules import ruleset as rulesets
from beloz.rules.announcements import AnnouncementResult
from beloz.rules.contract import ALL_TRUMPS_KIND, AT, NO_TRUMPS_KIND, NT, TRUMP, trump_contract
from beloz.rules.scoring import Outcome, score_hand
from beloz.ui.scenes import score

NONE = AnnouncementResult(None, (0, 0), False)


class Scene:
    """The little a score line needs from the table scene: translations."""

    hand = None

    def t(self, key, **kw):
        return i18n.tr(key, **kw)


def bulgarian(cards, last=0, tricks=(4, 4), kind=TRUMP, multiplier=1, escrow=0):
    rs = rulesets.get("belot-bulgare")
    contract = SimpleNamespace(kind=kind)
    real = {TRUMP: trump_contract(0), NO_TRUMPS_KIND: NT, ALL_TRUMPS_KIND: AT}[kind]
    res = score_hand(rs, 0, cards, last, tricks, NONE, (0, 0), escrow, real, multiplier)
    return rs, res, SimpleNamespace(contract=contract)


def test_no_trumps_doubles_the_dix_de_der_row() -> None:
    rs, res, hand = bulgarian((150, 90), kind=NO_TRUMPS_KIND)
    dix, _ = score.bonus_rows(res, rs, hand.contract.kind)
    assert dix == (20, 0)
    assert res.card_points[0] + dix[0] == res.totals[0]


def test_bulgarian_valat_row_is_90() -> None:
    rs, res, hand = bulgarian((152, 0), tricks=(8, 0))
    dix, cap = score.bonus_rows(res, rs, TRUMP)
    assert cap == (90, 0) and dix == (10, 0)
    assert sum(dix) + sum(cap) + 152 == res.totals[0]


def test_sans_annonces_capot_is_100_without_dix_de_der() -> None:
    rs = rulesets.get("belote-sans-annonces")
    res = score_hand(rs, 1, (0, 152), 1, (0, 8), NONE, (0, 0))
    dix, cap = score.bonus_rows(res, rs, TRUMP)
    assert dix == (0, 0) and cap == (0, 100)
    assert res.totals[1] == 152 + sum(dix) + sum(cap)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_sans_annonces_says_more_than_half(lang) -> None:
    i18n.set_language(lang)
    rs = rulesets.get("belote-sans-annonces")
    res = score_hand(rs, 0, (80, 72), 0, (5, 3), NONE, (0, 0))
    m = SimpleNamespace(ruleset=rs, goal=500)
    notes = [t for t, _ in score.ruleset_notes(Scene(), res, m)]
    wanted = i18n.tr("score.rule.more_than_half", a=90, n=162, h="81")
    assert wanted in notes and "90" in wanted and "162" in wanted and "81" in wanted
    beloz = [t for t, _ in score.ruleset_notes(Scene(), res, SimpleNamespace(
        ruleset=rulesets.get("beloz"), goal=1000))]
    assert not any(n.split(":")[0] == wanted.split(":")[0] for n in beloz)


def test_both_ending_in_6_the_other_team_rounds_up() -> None:
    # Takers 106 (card 96 + dix de der 10), defenders 56: both end in 6 in a trump contract.
    rs, res, hand = bulgarian((96, 56))
    assert res.totals == (106, 56)
    lines = score.division_lines(res, TRUMP)
    assert [(k, v["team"], v["p"], v["q"]) for k, v in lines] == [
        ("score.div.more", 0, 106, 10), ("score.div.fewer", 1, 56, 6)]
    assert res.score == (10, 6)


def test_plain_rounding_per_team() -> None:
    rs, res, hand = bulgarian((117, 35))  # 127 - 35: 7 rounds up, 5 down (trump: from 6)
    lines = score.division_lines(res, TRUMP)
    assert [(k, v["p"], v["q"]) for k, v in lines] == [
        ("score.div.up", 127, 13), ("score.div.down", 35, 3)]
    assert (lines[0][1]["q"], lines[1][1]["q"]) == res.score


def test_equal_points_hang_and_the_hanging_round_up() -> None:
    rs = rulesets.get("belot-bulgare")
    res = score_hand(rs, 0, (96, 106), 0, (4, 4), NONE, (0, 0), 0, trump_contract(0))
    assert res.totals == (106, 106) and res.outcome is Outcome.LITIGE
    lines = score.division_lines(res, TRUMP)
    assert [(k, v["team"], v["q"]) for k, v in lines] == [
        ("score.div.equal_recorded", 1, 10), ("score.div.equal_hanging", None, 11)]
    assert res.escrow_out == 11


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bulgarian_notes_show_rounding_and_hanging(lang) -> None:
    i18n.set_language(lang)
    rs = rulesets.get("belot-bulgare")
    res = score_hand(rs, 0, (96, 106), 0, (4, 4), NONE, (0, 0), 3, trump_contract(0))
    m = SimpleNamespace(ruleset=rs, goal=151)
    notes = [t for t, _ in score.ruleset_notes(Scene(), res, m)]
    text = "\n".join(notes)
    assert "106 → 10" in text and "106 → 11" in text
    assert i18n.tr("score.div.hang", n=11, total=14) in notes
    assert "%{" not in text and "score." not in text
    made = score_hand(rs, 0, (96, 56), 0, (4, 4), NONE, (0, 0), 0, trump_contract(0))
    notes = [t for t, _ in score.ruleset_notes(Scene(), made, m)]
    text = "\n".join(notes)
    assert "106 → 10" in text and "56 → 6" in text
    assert len(notes) == 3  # raw points, two divisions: nothing hangs, no valat
