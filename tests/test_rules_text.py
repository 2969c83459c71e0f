"""How to play teaches the rules exactly: each worked example of the rules scene is played
through the engine and checked against what the text claims, in English and French; the
score panel's dedans line shows arithmetic that adds up to the hand's score."""

from __future__ import annotations

import re

import pytest

from beloz import i18n
from beloz.rules.announcements import AnnouncementResult, best_combination
from beloz.rules.cards import (
    CROCODILE,
    LEOPARD,
    LION,
    WATER_SNAKE,
    E,
    N,
    S,
    W,
    card,
    mask_of,
    points,
)
from beloz.rules.ruleset import BELOZ
from beloz.rules.scoring import Outcome, score_hand
from beloz.rules.state import TAKE, HandState
from beloz.rules.tricks import Reason
from beloz.ui.scenes import score as score_panel
from beloz.ui.scenes.rules import EXAMPLE_EXPEDITION, SECTIONS

LANGS = ("en", "fr")


def _numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


def _blocks(section: str) -> tuple:
    return dict(SECTIONS)[section]


def test_the_play_example_is_what_the_engine_does() -> None:
    lead, snake, croc, leopard = EXAMPLE_EXPEDITION
    assert (lead, snake, croc, leopard) == (
        card(W, LION), card(S, WATER_SNAKE), card(S, CROCODILE), card(W, LEOPARD))
    # Seat 1 leads; seat 2 (an opponent of the leader) and seat 3 (the leader's partner)
    # have no West card; seat 0 has West cards.  South floods, taken by seat 0.
    hands = [
        [leopard, card(W, 1), card(W, 2), card(N, 1), card(N, 2), card(N, 3), card(S, 4),
         card(E, 1)],
        [lead, card(W, 7), card(W, 6), card(W, 5), card(W, 3), card(N, 4), card(N, 5),
         card(E, 3)],
        [snake, card(S, 1), card(S, 2), card(N, 6), card(N, 7), card(N, 8), card(E, 5),
         card(E, 6)],
        [croc, card(S, 8), card(S, 6), card(S, 7), card(E, 7), card(E, 8), card(E, 2),
         card(E, 4)],
    ]
    st = HandState(BELOZ, 0, [mask_of(h) for h in hands], card(S, 4), None)
    st.apply(TAKE)
    assert st.trump == S and st.current == 1
    st.apply(lead)
    # The second player, void in West with an opponent master: must intercept.
    assert set(st.legal_actions()) == {snake, card(S, 1), card(S, 2)}
    assert st.why_illegal(card(N, 6)) is Reason.MUST_TRUMP
    st.apply(snake)
    # The third, the leader's partner, void in West, an opponent master with a flooded
    # card: must over-intercept, and only the crocodile beats the water snake.
    assert st.legal_actions() == [croc]
    assert st.why_illegal(card(S, 8)) is Reason.MUST_OVERTRUMP
    st.apply(croc)
    # The fourth has West cards: must follow.
    assert set(st.legal_actions()) == {leopard, card(W, 1), card(W, 2)}
    st.apply(leopard)
    trick = st.tricks[0]
    assert trick.cards == EXAMPLE_EXPEDITION
    assert trick.winner == 3 and trick.winner & 1 == trick.leader & 1  # first and third
    card_pts = [points(c, S) for c in trick.cards]
    assert st.points[1] == sum(card_pts) == 55
    for lang in LANGS:
        end = i18n.tr_in(lang, "rules.play.example_end")
        assert _numbers(end) == [*card_pts, 55], lang
        assert i18n.tr_in(lang, "animal.crocodile").lower() in end.lower()
    # The pictures under the text show the expedition in play order, flooded cards marked.
    rows = [b for b in _blocks("play") if b[0] == "cards"]
    assert rows[-1][1] == EXAMPLE_EXPEDITION and set(rows[-1][2]) == {snake, croc}


def test_the_play_example_text_names_the_rules_in_order() -> None:
    en = i18n.tr_in("en", "rules.play.example")
    assert [w for w in ("must intercept", "must over-intercept", "must follow") if w in en] == [
        "must intercept", "must over-intercept", "must follow"]
    assert en.index("intercept") < en.index("over-intercept") < en.index("follow")
    fr = i18n.tr_in("fr", "rules.play.example")
    assert fr.index("doit intercepter") < fr.index("doit donc sur-intercepter") < fr.index(
        "doit fournir")


def test_the_score_example_is_what_the_engine_scores() -> None:
    tierce = AnnouncementResult(0, (20, 0), False)
    none = AnnouncementResult(None, (0, 0), False)
    made = score_hand(BELOZ, 0, (78, 74), 0, (5, 3), tierce, (0, 20))
    dedans = score_hand(BELOZ, 0, (78, 74), 0, (5, 3), none, (0, 20))
    assert made.outcome is Outcome.MADE and dedans.outcome is Outcome.DEDANS
    for lang in LANGS:
        text = i18n.tr_in(lang, "rules.score.example")
        assert _numbers(text) == [
            78, 10, 20, made.totals[0],  # the takers: cards, dix de der, Tierce, total
            74, 20, made.totals[1],  # the defenders: cards, BeloZ, total
            *made.score,  # made: 108 to 94
            dedans.totals[0], dedans.totals[1],  # without the Tierce: 88 against 94
            dedans.totals[1], dedans.totals[0], dedans.score[1], dedans.score[0],
        ], lang


def test_the_announcement_pictures_are_what_the_engine_counts() -> None:
    rows = [b for b in _blocks("announce") if b[0] == "cards"]
    (tierce_cards, _, tierce_caption, _), (carre_cards, _, carre_caption, _) = (
        r[1:] for r in rows)
    (a,) = best_combination(mask_of(tierce_cards) | mask_of([card(E, 8), card(W, 1)]))
    assert (a.kind, a.points) == ("tierce", 20)
    (c,) = best_combination(mask_of(carre_cards))
    assert (c.kind, c.points) == ("carre", 200)
    for lang in LANGS:
        assert _numbers(i18n.tr_in(lang, tierce_caption))[-1] == 20
        assert _numbers(i18n.tr_in(lang, carre_caption))[-1] == 200


class _Scene:
    def t(self, key: str, **kw: object) -> str:
        return i18n.tr_in(self.lang, key, **kw)

    def __init__(self, lang: str) -> None:
        self.lang = lang


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("beloz_team", [None, 0, 1])
def test_the_dedans_line_shows_arithmetic_that_adds_up(lang: str, beloz_team: int | None) -> None:
    bel = (0, 0) if beloz_team is None else ((20, 0) if beloz_team == 0 else (0, 20))
    for taker in (0, 1):
        cp = (60, 92) if taker == 0 else (92, 60)
        res = score_hand(BELOZ, taker, cp, 1 - taker, (3, 5) if taker == 0 else (5, 3),
                         AnnouncementResult(None, (0, 0), False), bel)
        assert res.outcome is Outcome.DEDANS
        line = score_panel.dedans_note(_Scene(lang), res)
        nums = _numbers(line)
        t_tot, d_tot = res.totals[taker], res.totals[1 - taker]
        assert nums[:2] == [t_tot, d_tot]
        if res.beloz[taker]:
            b, a, kept, total, kept2 = nums[2:]
            assert b + a - kept == total and kept == kept2 == res.beloz[taker]
        else:
            b, a, total = nums[2:]
            assert b + a == total
        assert (b, a) == (d_tot, t_tot)
        assert total == res.score[1 - taker]  # what the defenders really score
        assert res.score[taker] == res.beloz[taker]


class _ScoreScene(_Scene):
    def ann_name(self, kind: str) -> str:
        return i18n.tr_in(self.lang, f"announcement.{kind}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_says_which_announcements_were_beaten(lang: str) -> None:
    import random

    from beloz.ai.heuristic import HeuristicPlayer

    p = HeuristicPlayer()
    for seed in range(400):
        deck = list(range(32))
        random.Random(seed).shuffle(deck)
        st = HandState.deal(deck, seed % 4)
        st.apply(TAKE)
        while not st.is_terminal():
            st.apply(p.play(st.view(st.current)))
        res = st.result()
        valid = res.announcements.valid_team
        if valid is None or res.capot is not None:
            continue
        beaten = [a for s in range(4) if s & 1 != valid for a in st.declared[s]]
        if not beaten:
            continue
        note = score_panel._ann_note(_ScoreScene(lang), res, st)
        for a in beaten:  # each beaten announcement is named
            assert i18n.tr_in(lang, f"announcement.{a.kind}") in note
        assert ("(" in note) == (len(beaten) > 1 or lang == "fr")
        return
    raise AssertionError("no hand with a beaten announcement")
