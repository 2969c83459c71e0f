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


# -- the wording fixed against RULES.md --------------------------------------------------------


def _lesson_text(name: str, lang: str) -> str:
    """Every text of a lesson in one language (intro, tasks, coach, learned)."""
    from beloz import lessons

    lesson = lessons.load(name)
    parts = [lesson.intro[lang], lesson.learned[lang]]
    for item in lesson.script:
        if isinstance(item, lessons.Task):
            parts += [t[lang] for t in (item.text, item.why, item.say, item.also_say) if t]
        elif isinstance(item, dict):
            parts.append(item[lang])
    return " ".join(parts)


def test_the_redeal_banner_follows_the_rulesets_all_pass_option() -> None:
    """RULES.md §9: in sans annonces and classique the same dealer shuffles and deals again;
    in BeloZ and Bulgarian belot the next dealer deals."""
    from beloz.rules.ruleset import RULESETS, AllPass
    from beloz.ui.scenes.table.animations import redeal_key

    words = {"en": ("same dealer", "next dealer"), "fr": ("même donneur", "donneur suivant")}
    for rs in RULESETS.values():
        same = rs.all_pass is AllPass.SAME_DEALER
        for lang, (same_words, next_words) in words.items():
            text = i18n.tr_in(lang, redeal_key(rs, practice=False))
            assert (same_words in text, next_words in text) == (same, not same), (rs.name, lang)
    assert redeal_key(RULESETS["beloz"], practice=True) == "table.redeal_practice"


def test_classique_needs_82_trick_points_not_card_points() -> None:
    """§9.2: 82 of 162 trick points, the cards and the dix de der (card points are 152)."""
    from beloz.rules.ruleset import CLASSIQUE

    res = score_hand(CLASSIQUE, 0, (72, 80), 0, (4, 4), AnnouncementResult(None, (0, 0), False),
                     (0, 0))
    assert res.outcome is Outcome.MADE  # 72 card points + 10 = 82 trick points
    en, fr = i18n.tr_in("en", "score.rule.half"), i18n.tr_in("fr", "score.rule.half")
    assert "162 trick points" in en and "dix de der" in en and "card points" not in en
    assert "162 points de plis" in fr and "dix de der" in fr and "les preneurs doivent" in fr


def test_meerkats_and_monkeys_make_no_carre_in_the_lessons() -> None:
    """§5: monkeys and meerkats make no carré; lesson 8's person holds the four meerkats."""
    from beloz import lessons
    from beloz.rules.cards import MEERKAT

    lesson = lessons.load("08-scoring")
    meerkats = mask_of([card(p, MEERKAT) for p in range(4)])
    assert lesson.hands[0] & meerkats == meerkats and best_combination(lesson.hands[0]) == ()
    assert "no carré" in lesson.learned["en"] and "counts for nothing" not in lesson.learned["en"]
    assert "pas de carré" in lesson.learned["fr"]
    six = lessons.load("06-announcements").intro
    assert "monkeys and meerkats make no carré" in six["en"]
    assert "singes et les suricates ne font pas de carré" in six["fr"]
    assert "any carré beats any sequence" in six["en"] and "tout carré bat toute suite" in six["fr"]
    # The carrés' values in the lesson are the engine's.
    for animal, value in ((CROCODILE, 200), (WATER_SNAKE, 150), (LION, 100)):
        (c,) = best_combination(mask_of([card(p, animal) for p in range(4)]))
        assert c.points == value and str(value) in six["en"] and str(value) in six["fr"]
    learned = lessons.load("06-announcements").learned["en"]
    assert "best announcement" in learned and "best sequence" not in learned


def test_lesson_texts_say_only_what_the_person_can_see() -> None:
    """Lesson 5 does not say what Kito holds; lesson 2 does not say the lion wins while two
    players are still to play."""
    for lang in LANGS:
        five = _lesson_text("05-partner", lang)
        assert "Kito must still follow" not in five and "Kito doit encore fournir" not in five
        two = _lesson_text("02-following", lang)
        assert "wins the expedition" not in two and "gagne l'expédition" not in two


def test_quarte_is_spelt_as_the_game_says_it() -> None:
    """One spelling, the one of seed 000 the table's bubbles use: « Quarté »."""
    from beloz import lessons

    for lang in LANGS:
        assert i18n.tr_in(lang, "announcement.quarte") == "Quarté"
        for name in lessons.lesson_names():
            assert not re.search(r"\bquarte\b", _lesson_text(name, lang), re.I), (name, lang)


def test_french_says_un_belot_and_les_preneurs() -> None:
    import json
    from pathlib import Path

    fr = (Path(i18n.__file__).parent / "fr.json").read_text(encoding="utf-8")
    for wrong in ("une belot", "belot est perdue", "belote bulgare", "la belot"):
        assert not re.search(wrong + r"\b", fr, re.I), wrong
    flat = json.loads(fr)
    assert "Les preneurs doivent" in flat["score"]["rule"]["more_than_half"]
    assert "les preneurs doivent" in flat["newgame"]["about"]["belote-classique"]


def test_a_capot_on_the_best_announcement_leaves_nobody_scoring_announcements() -> None:
    """§7.2 and §10: the team without an expedition scores no announcement; if it held the
    best one, nobody scores announcements.  How to play says so."""
    from beloz.rules.ruleset import CLASSIQUE

    best_is_losers = AnnouncementResult(1, (0, 50), False)
    for rules, key in ((BELOZ, "rules.score.intro"),
                       (CLASSIQUE, "rules.belote-classique.capot")):
        res = score_hand(rules, 0, (152, 0), 0, (8, 0), best_is_losers, (0, 0))
        assert res.capot == 0 and res.score == (252, 0), rules.name
        assert "nobody scores announcements" in i18n.tr_in("en", key)
        assert "personne ne marque d'annonces" in i18n.tr_in("fr", key)


def test_sans_annonces_a_defenders_capot_is_252() -> None:
    """§9.1: a failed contract with the defenders' capot gives them 252 (no dix de der)."""
    from beloz.rules.ruleset import SANS_ANNONCES

    res = score_hand(SANS_ANNONCES, 0, (0, 152), 1, (0, 8), AnnouncementResult(None, (0, 0),
                     False), (0, 0))
    assert res.outcome is Outcome.DEDANS and res.score == (0, 252)
    for lang in LANGS:
        text = i18n.tr_in(lang, "rules.belote-sans-annonces.score")
        assert "162 (252" in text, lang
