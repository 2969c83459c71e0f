"""How to play for every ruleset of RULES.md §9, through the real App and synthetic events:
each ruleset's section opens and renders in English and French, the pause menu opens it
over a match and gives the match back untouched, and the figures its text states are the
engine's own (beloz.rules.ruleset, the card tables, the division by 10)."""

from __future__ import annotations

import re

import pygame
import pytest

from beloz import i18n
from beloz.rules import cards as C
from beloz.rules.contract import ALL_TRUMPS_KIND, LADDER, NO_TRUMPS_KIND, TRUMP, parse_contract
from beloz.rules.ruleset import BULGARE, CLASSIQUE, RULESETS, SANS_ANNONCES
from beloz.rules.scoring import divide_by_ten, divide_pair
from beloz.settings import Settings
from beloz.ui.app import App
from beloz.ui.scenes.menu import MenuScene
from beloz.ui.scenes.pause import PauseScene
from beloz.ui.scenes.rules import (
    BELOZ_SECTIONS,
    FIRST_RULESET_SECTION,
    LADDER_LIONS,
    RULESET_SECTIONS,
    SECTION_NAMES,
    SECTIONS,
    RulesScene,
    section_for,
)
from beloz.ui.scenes.rules_guide import with_guide

from .test_ui_shell import click, frames, key

LANGS = ("en", "fr")
OTHER_RULESETS = ("belote-sans-annonces", "belote-classique", "belot-bulgare")
# The card points of a plain: 152 in all, 162 with the dix de der.
CARD_POINTS = sum(C.CARD_POINTS[C.N][c] for c in range(32))


def numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


def text(lang: str, section: str, key: str) -> str:
    return i18n.tr_in(lang, f"rules.{section}.{key}")


def keys_of(blocks: tuple) -> list[str]:
    out = []
    for block in blocks:
        if block[0] in ("h", "p"):
            out.append(block[1])
        elif block[0] == "cards" and block[3]:
            out.append(block[3])
    return out


# ---------------------------------------------------------------------------- the scene
def test_every_ruleset_has_its_section_after_beloz() -> None:
    assert tuple(name for name, _ in RULESET_SECTIONS) == tuple(
        n for n in RULESETS if n != "beloz")
    assert SECTION_NAMES[FIRST_RULESET_SECTION:] == OTHER_RULESETS
    assert FIRST_RULESET_SECTION == len(BELOZ_SECTIONS)
    for name in RULESETS:
        assert section_for(name) == (name if name in OTHER_RULESETS else "deck")
    assert section_for("no-such-ruleset") == "deck"


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGS)
def test_each_ruleset_section_opens_from_its_tab_and_renders(data_dir, lang, size) -> None:
    app = App(size=size, fast=True, settings=Settings(language=lang))
    try:
        app.push(MenuScene(app))
        app.push(RulesScene(app))
        frames(app)
        scene = app.top
        assert scene.section == 0
        faces: list[int] = []
        real = app.art.face
        app.art.face = lambda c, width, **kw: (faces.append(c), real(c, width, **kw))[1]
        tabs = scene._tab_rects()
        column, _, _ = scene._layout()
        # The tabs fit their column, one under the other, with room for the label.
        assert all(column.top <= r.top and r.bottom <= column.bottom for r in tabs)
        assert all(a.bottom < b.top for a, b in zip(tabs, tabs[1:], strict=False))
        label_h = scene._label_font().get_linesize()
        gap = tabs[FIRST_RULESET_SECTION].top - tabs[FIRST_RULESET_SECTION - 1].bottom
        assert gap >= label_h
        for name in OTHER_RULESETS:
            index = SECTION_NAMES.index(name)
            faces.clear()
            click(app, scene.tabs[index])
            assert scene.section == index and scene.scroll == 0
            assert scene.tabs[index].text == i18n.tr_in(lang, f"rules.{name}.title")
            page = scene.page()
            assert page.get_height() > scene._inner().height // 2
            # The page holds its card pictures, drawn by the game's card renderer (the
            # bidding guide's example among them, ``rules_guide``).
            rows = [b[1] for b in with_guide(name, dict(SECTIONS)[name], lang)
                    if b[0] == "cards"]
            assert rows and faces == [c for row in rows for c in row]
            # Every text of the section exists in this language (no key shown raw) ...
            for k in keys_of(dict(SECTIONS)[name]):
                assert i18n.tr_in(lang, k) != k, k
            key(app, pygame.K_END)
            assert scene.scroll == scene.max_scroll()
            frames(app, 1)
    finally:
        app.close()
        i18n.set_language("en")


def test_the_menu_opens_how_to_play_at_the_chosen_ruleset(data_dir) -> None:
    app = App(size=(1280, 800), fast=True,
              settings=Settings(language="en", ruleset="belote-classique"))
    try:
        app.push(MenuScene(app))
        frames(app)
        click(app, app.top.buttons["rules"])
        assert isinstance(app.top, RulesScene)
        assert SECTION_NAMES[app.top.section] == "belote-classique"
        # A section named like a ruleset (BeloZ's) opens as a section; the ruleset BeloZ
        # opens at its first section.
        assert SECTION_NAMES[RulesScene(app, "beloz").section] == "beloz"
        assert RulesScene(app, ruleset="beloz").section == 0
    finally:
        app.close()


def test_every_rules_scene_name_makes_a_screenshot(data_dir, tmp_path) -> None:
    import main

    try:
        for name in OTHER_RULESETS:
            out = tmp_path / f"{name}.png"
            assert main.main(["--screenshot", str(out), "--scene", f"rules-{name}",
                              "--lang", "fr", "--size", "960x600"]) == 0
            assert pygame.image.load(str(out)).get_size() == (960, 600)
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------------- pause
@pytest.fixture
def table_app(data_dir, monkeypatch):
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game

    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    app = App(size=(960, 600), fast=True, save=True)
    yield app
    app.close()


def snapshot(scene) -> tuple:
    from beloz.savegame import hand_record

    flow = scene.flow
    m = flow.match
    return (
        hand_record(m, flow.hand), list(m.scores), m.escrow, m.dealer, m.hands_dealt,
        scene.step.kind, list(scene.step.data["legal"]), [list(h) for h in scene.hands],
        flow.saves,
    )


@pytest.mark.parametrize("name", list(RULESETS))
def test_pause_how_to_play_and_back_keeps_the_match(table_app, name) -> None:
    from beloz.ui.game import StepKind
    from tests.test_ui_rulesets import person, play_on, table

    app = table_app
    scene = table(app, name, seed=4)
    play_on(scene, app, lambda: person(scene, StepKind.PLAY)
            and len(scene.flow.hand.tricks) >= 1)
    # The settings now name another ruleset: the pause follows the match, not the settings.
    app.settings = app.settings.replace(ruleset="beloz" if name != "beloz" else "belot-bulgare")
    before = snapshot(scene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.buttons["rules"])
    rules = app.top
    assert isinstance(rules, RulesScene)
    assert SECTION_NAMES[rules.section] == section_for(name)
    assert app.scenes[-3] is scene  # the match waits under the pause
    frames(app, 30)
    key(app, pygame.K_RIGHT)  # read on, then come back
    click(app, rules.back)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.buttons["resume"])
    assert app.top is scene
    frames(app, 3)
    assert snapshot(scene) == before
    assert all(b.visible for b in scene.buttons.values())
    # The match goes on: the person plays a legal card.
    count = len(scene.flow.hand.trick) + 8 * len(scene.flow.hand.tricks)
    scene.try_play(scene.step.data["legal"][0])
    frames(app, 3)
    assert len(scene.flow.hand.trick) + 8 * len(scene.flow.hand.tricks) > count


def test_pause_without_a_match_opens_the_settings_ruleset(data_dir) -> None:
    from beloz.ui.scene import Scene

    app = App(size=(960, 600), fast=True,
              settings=Settings(language="en", ruleset="belot-bulgare"))
    try:
        app.push(Scene(app))
        app.open_pause()
        frames(app)
        click(app, app.top.buttons["rules"])
        assert SECTION_NAMES[app.top.section] == "belot-bulgare"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
    finally:
        app.close()


# ---------------------------------------------------------------------------- the figures
def plain_positions(lang: str, words: str, plains: list[int]) -> list[int]:
    return [words.index(i18n.tr_in(lang, f"table.plain.{p}")) for p in plains]


@pytest.mark.parametrize("lang", LANGS)
def test_sans_annonces_text_states_the_ruleset(lang) -> None:
    r, sec = SANS_ANNONCES, "belote-sans-annonces"
    total = CARD_POINTS + r.dix_de_der
    with_belote = total + r.beloz_points
    assert numbers(text(lang, sec, "match")) == [r.target]
    assert numbers(text(lang, sec, "deal")) == [*r.deal_packets, 4 * sum(r.deal_packets) + 1]
    assert not r.packet_choice and not r.announcements and r.shuffle_each_hand
    assert numbers(text(lang, sec, "belote")) == [r.beloz_points]
    assert numbers(text(lang, sec, "belote_caption")) == [r.beloz_points]
    capot = CARD_POINTS + r.capot_bonus  # also the defenders' score on a failed capot
    assert numbers(text(lang, sec, "score")) == [
        r.dix_de_der, total // 2, total, with_belote // 2, with_belote, total, capot]
    assert not r.capot_keeps_dix_de_der
    assert numbers(text(lang, sec, "capot")) == [CARD_POINTS, r.capot_bonus, capot, capot]
    words = {"en": ("no dix de der", "same dealer", "undertrumping is compulsory"),
             "fr": ("pas de dix de der", "même donneur", "pisser est obligatoire")}[lang]
    assert words[0] in text(lang, sec, "capot") and words[1] in text(lang, sec, "deal")
    assert r.undertrump_required and words[2] in text(lang, sec, "intro")


@pytest.mark.parametrize("lang", LANGS)
def test_classique_text_states_the_ruleset(lang) -> None:
    r, sec = CLASSIQUE, "belote-classique"
    total = CARD_POINTS + r.dix_de_der
    assert numbers(text(lang, sec, "match")) == [*r.target_choices, r.target]
    assert numbers(text(lang, sec, "deal")) == [*r.deal_packets, 4 * sum(r.deal_packets) + 1,
                                                8 - sum(r.deal_packets) - 1,
                                                8 - sum(r.deal_packets)]
    # At least 82 of 162: more than half of the trick points; 81-81 fails.
    assert numbers(text(lang, sec, "contract")) == [total // 2 + 1, total, total // 2,
                                                    total // 2, total]
    assert r.capot_keeps_dix_de_der
    assert numbers(text(lang, sec, "capot")) == [total + r.capot_bonus, CARD_POINTS,
                                                 r.capot_bonus]
    # Clockwise: after seat 0 (you, at the bottom) comes seat 3, on your left.
    assert (0 + r.direction) % 4 == 3
    left = {"en": "after you comes the player on your left", "fr": "après vous vient le "
            "joueur à votre gauche"}[lang]
    assert left in text(lang, sec, "direction")
    # Round 2: the picture shows the turned card, then the plains that may be named.
    (row,) = [b for b in dict(SECTIONS)[sec] if b[0] == "cards"]
    turned, *others = row[1]
    assert r.second_round_excludes_turned
    assert sorted(C.plain_of(c) for c in others) == sorted(
        set(range(4)) - {C.plain_of(turned)})
    caption = text(lang, sec, "round2_caption")
    assert plain_positions(lang, caption, [C.plain_of(c) for c in others]) == sorted(
        plain_positions(lang, caption, [C.plain_of(c) for c in others]))
    assert numbers(text(lang, sec, "announce")) == [r.beloz_points]


@pytest.mark.parametrize("lang", LANGS)
def test_bulgarian_text_states_the_ruleset(lang) -> None:
    r, sec = BULGARE, "belot-bulgare"
    at, nt = C.CARD_POINTS[C.ALL_TRUMPS], C.CARD_POINTS[C.NO_TRUMPS]
    dix_nt = r.dix_de_der * NO_TRUMPS_KIND.point_factor
    trump_total = CARD_POINTS + r.dix_de_der
    at_total, nt_total = sum(at) + r.dix_de_der, sum(nt) + dix_nt
    assert numbers(text(lang, sec, "match")) == [r.target, 1] and r.valat_never_ends_match
    rest = 8 - sum(r.deal_packets)
    assert numbers(text(lang, sec, "deal")) == [*r.deal_packets, rest, 8]
    # The ladder: the picture and the text name the plains lowest first, with their suits.
    ladder = [parse_contract(code).plain for code in LADDER[:4]]
    assert [C.plain_of(c) for c in LADDER_LIONS] == ladder
    auction = text(lang, sec, "auction")
    assert plain_positions(lang, auction, ladder) == sorted(plain_positions(lang, auction, ladder))
    for p in ladder:
        assert f"{i18n.tr_in(lang, f'table.plain.{p}')} ({C.CLASSIC_SUITS[p]})" in auction
    assert numbers(text(lang, sec, "calls")) == [2, 4]
    assert numbers(text(lang, sec, "trump")) == [trump_total]
    # All trumps: the flooded order's points in every plain; no trumps: the dry ones, doubled.
    flooded = [at[C.card(C.E, n)] for n in (C.CROCODILE, C.WATER_SNAKE, C.LION, C.LEOPARD,
                                            C.ELEPHANT, C.RHINOCEROS)]
    assert numbers(text(lang, sec, "all_trumps")) == [*flooded, 0, at_total]
    assert at[C.card(C.E, C.MONKEY)] == at[C.card(C.E, C.MEERKAT)] == 0
    dry = [nt[C.card(C.W, n)] for n in (C.LION, C.LEOPARD, C.ELEPHANT, C.RHINOCEROS,
                                        C.CROCODILE)]
    assert numbers(text(lang, sec, "no_trumps")) == [*dry, 0, dix_nt, nt_total]
    assert numbers(text(lang, sec, "points")) == [
        r.dix_de_der, dix_nt, r.capot_bonus, trump_total, nt_total, at_total]
    assert numbers(text(lang, sec, "outcome")) == [2, 4]
    not_required = {"en": "undertrumping is not required",
                    "fr": "pisser n'est pas obligatoire"}[lang]
    assert not r.undertrump_required and not_required in text(lang, sec, "play")
    # The division by 10 and its two exceptions, as the engine rounds.
    assert ALL_TRUMPS_KIND.round_up_from == NO_TRUMPS_KIND.round_up_from
    assert numbers(text(lang, sec, "divide")) == [10, TRUMP.round_up_from,
                                                  NO_TRUMPS_KIND.round_up_from]
    a, b, q_a, q_b = numbers(text(lang, sec, "divide_fewer"))[2:]
    assert numbers(text(lang, sec, "divide_fewer"))[:2] == [TRUMP.rounding_exception,
                                                            ALL_TRUMPS_KIND.rounding_exception]
    assert divide_pair(a, b, TRUMP) == (q_a, q_b)
    assert (divide_by_ten(a, TRUMP.round_up_from), divide_by_ten(b, TRUMP.round_up_from)) != (
        q_a, q_b), "the example shows the exception, not the plain rule"
    t1, t2, a1, a2, e1, e2, recorded, hanging = numbers(text(lang, sec, "divide_equal"))
    assert t1 == t2 == e1 == e2 and a1 == a2
    assert divide_pair(t1, t2, TRUMP) == (recorded, hanging)
    assert t1 % 10 == TRUMP.rounding_exception and a1 % 10 == ALL_TRUMPS_KIND.rounding_exception
    assert numbers(text(lang, sec, "belot")) == [r.beloz_points, r.beloz_points]


def test_the_ruleset_texts_differ_between_languages() -> None:
    for _, blocks in RULESET_SECTIONS:
        for k in keys_of(blocks):
            if k.endswith(".title"):
                continue
            en, fr = i18n.tr_in("en", k), i18n.tr_in("fr", k)
            assert en != fr or k.endswith("h_capot"), k

