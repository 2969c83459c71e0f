"""The table and the score screen in every ruleset, through the real App: the Bulgarian
auction's contract only proposed until three passes end it; each ruleset's own word for
the belote; no Announcements row without announcements; the Bulgarian announcements per
category; a sans annonces belote held, declared and scored; and a whole hand of each
ruleset played to the score screen in English and French, its score lines checked."""

from __future__ import annotations

import re

import pygame
import pytest

from beloz import i18n
from beloz.ai.player import RandomPlayer
from beloz.rules import ruleset as rulesets
from beloz.rules.announcements import AnnouncementResult, best_combination
from beloz.rules.cards import parse
from beloz.rules.contract import AT, NT, trump_contract
from beloz.rules.scoring import score_hand
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, TAKE, HandState, Phase, parse_bid
from beloz.ui.game import StepKind
from beloz.ui.scenes import score
from beloz.ui.scenes.table import scene as scene_mod
from tests.test_ui_rulesets import Caller, Passer, person, play_on, table
from tests.test_ui_table import frame, key

# These tests switch the language: the next ones start in English.
pytestmark = pytest.mark.usefixtures("english_after")


@pytest.fixture
def app(random_app):
    """conftest.random_app: 960 × 600, random computer players, the match saved."""
    return random_app

LANGS = ["en", "fr"]


class Lowest(RandomPlayer):
    """Passes; plays its lowest legal card (the same game every run)."""

    def bid(self, view):  # type: ignore[no-untyped-def]
        return PASS

    def play(self, view):  # type: ignore[no-untyped-def]
        return min(view.legal_actions())


def mask(codes: str) -> int:
    return sum(1 << parse(c) for c in codes.split())


def dealt_table(app, name, hands, dealer, bids, turned=None, lang="en", players=None):
    """The table with this deal (four 8-card hands, the turned card in the taker's), the
    ``bids`` made, the person to play; computer seats play their lowest card."""
    i18n.set_language(lang)
    app.settings = app.settings.replace(auto_declare=False)
    rs = rulesets.get(name)
    scene = table(app, name, players=players or {s: Lowest(s) for s in (1, 2, 3)})
    hand = HandState(rs, dealer, [mask(h) for h in hands],
                     parse(turned) if turned else -1, None)
    for bid in bids.split():
        hand.apply({"take": TAKE}.get(bid) or parse_bid(bid))
    flow = scene.flow
    flow.persist = flow.record_stats = False  # a hand the match never dealt
    flow.match.dealer = dealer
    flow.match.hands_dealt = 1
    flow.hand, flow.stage, flow.completed, flow.declared_asked = hand, "hand", True, set()
    scene.zones_from_state()
    scene.place_all(0)
    play_on(scene, app, lambda: person(scene, StepKind.PLAY))
    return scene


def drawn_texts(scene, app):
    """Every text the scene draws in the next frames."""
    shown: list[str] = []
    real = scene.text
    scene.text = lambda surf, text, *a, **kw: (shown.append(text), real(surf, text, *a, **kw))
    frame(app, 2)
    scene.text = real
    return shown


def row(shown, label):
    """A score row as drawn: its label, then our points and theirs."""
    i = shown.index(label)
    return shown[i + 1], shown[i + 2]


# -- a. the auction's contract is only proposed until it ends ----------------------------------


def test_the_auction_floods_nothing_and_names_no_taker_until_it_ends(app, monkeypatch) -> None:
    scene = table(app, "belot-bulgare", players={1: Caller(1), 2: Passer(2), 3: Caller(3)})
    floods: list[int | None] = []
    real = scene_mod.draw_card
    monkeypatch.setattr(scene_mod, "draw_card", lambda surf, images, sp, trump, w: (
        floods.append(trump), real(surf, images, sp, trump, w)))

    def on_bid(step):
        if scene.flow.hand.contract is None:
            key(app, pygame.K_4)  # North
            return True
        return False

    play_on(scene, app, lambda: person(scene, StepKind.BID) and REDOUBLE in scene.step.data[
        "legal"], on_bid)
    h = scene.flow.hand
    assert h.phase is Phase.BIDDING and h.contract.code == "N" and h.taker == 0
    floods.clear()
    shown = drawn_texts(scene, app)
    assert floods and set(floods) == {None}  # no card drawn flooded
    assert app.tr("table.taker") not in shown
    assert app.tr("table.contract_title") in shown and app.tr("table.flooded") not in shown
    assert app.tr("table.called_by_you") in shown  # the chip: the contract proposed
    key(app, pygame.K_p)  # three passes after the double end the auction
    play_on(scene, app, lambda: person(scene, StepKind.PLAY))
    floods.clear()
    shown = drawn_texts(scene, app)
    assert set(floods) == {0}  # North floods now
    assert app.tr("table.taker") in shown and app.tr("table.flooded") in shown


# -- b, c, e. the belote's word, the Announcements row, a sans annonces belote -----------------


# Sans annonces, the dealer seat 3: the person takes South (the turned card, the South
# elephant), holding its rhino too.
SOUTH = ["S7 S6 N1 N3 E5 E8 W2 W4", "S1 S2 N2 N4 E1 E3 W1 W3",
         "S3 S4 N5 N6 E2 E4 W5 W6", "S5 S8 N7 N8 E6 E7 W7 W8"]


@pytest.mark.parametrize("lang, ask, again, word", [
    ("en", "Say Belote?", "Say Rebelote?", "Belote"),
    ("fr", "Dire belote\u00a0?", "Dire rebelote\u00a0?", "Belote")])
def test_sans_annonces_belote_held_declared_and_scored(app, lang, ask, again, word) -> None:
    scene = dealt_table(app, "belote-sans-annonces", SOUTH, 3, "take", turned="S7", lang=lang)
    assert scene.flow.hand.trump == 2
    said = []
    for _ in range(3000):
        if person(scene, StepKind.SCORE):
            break
        if person(scene, StepKind.PLAY) and scene.pending_play is None:
            legal = scene.step.data["legal"]
            mine = [c for c in legal if c in (parse("S7"), parse("S6"))]
            scene.try_play(mine[0] if mine else legal[0])
            if mine:
                said.append((scene.prompt, scene.buttons["beloz_yes"].text))
                key(app, pygame.K_b)
                continue
        frame(app)
    assert said == [(ask, f"{word}\u00a0! (B)" if lang == "fr" else f"{word}! (B)"),
                    (again, "Rebelote\u00a0! (B)" if lang == "fr" else "Rebelote! (B)")]
    res = scene.step.data["result"]
    assert res.beloz == (20, 0)
    shown = drawn_texts(scene, app)
    assert row(shown, word) == ("20", "0")
    assert not any("BeloZ" in t for t in shown)
    assert app.tr("score.announcements") not in shown  # no announcements: no row,
    assert app.tr("score.ann.none") not in " ".join(shown)  # nor a note on them
    assert (str(res.score[0]), str(res.score[1])) == row(shown, app.tr("score.hand_score"))
    check_score_lines(app, scene, res, shown)


@pytest.mark.parametrize("name, word", [("beloz", "BeloZ"), ("belote-sans-annonces", "Belote"),
                                        ("belote-classique", "Belote"),
                                        ("belot-bulgare", "Belot")])
def test_the_score_row_and_the_dedans_note_use_the_rulesets_word(name, word) -> None:
    class Scene:
        def t(self, key, **kw):
            return i18n.tr(key, **kw)

    i18n.set_language("en")
    rs = rulesets.get(name)
    assert i18n.tr(f"score.belote.{rs.belote_word}") == word
    res = score_hand(rs, 0, (40, 112), 1, (2, 6), AnnouncementResult(None, (0, 0), False),
                     (20, 0), 0, trump_contract(0))
    note = score.dedans_note(Scene(), res, rs)
    words = set(re.findall(r"\b(BeloZ|belote|belot)\b", note))
    if res.raw is None:  # the takers keep their belote, named in the ruleset's word
        assert words == {word if name == "beloz" else word.lower()}
    else:  # seed 002: the defenders record both teams' points, the belot included
        assert words == set()
        assert str(res.totals[0] + res.totals[1]) in note


# -- d. the Bulgarian announcements per category ----------------------------------------------


def ann(codes):
    """The one announcement these cards make."""
    (a,) = best_combination(mask(codes))
    return a


def test_bulgarian_announcements_are_said_per_category() -> None:
    from types import SimpleNamespace

    class Scene:
        def t(self, key, **kw):
            return i18n.tr(key, **kw)

        def ann_name(self, kind):
            return i18n.tr(f"announcement.{kind}")

    from beloz.rules.announcements import compare

    rs = rulesets.get("belot-bulgare")
    declared = ((ann("N1 N2 N3"),), (ann("N8 E8 S8 W8"),), (), (ann("E1 E2 E3 E4"),))
    result = compare(declared, 0, rs, 0)
    assert (result.sequences_team, result.carres_team) == (1, 1)
    res = score_hand(rs, 0, (80, 72), 0, (4, 4), result, (0, 0), 0, trump_contract(0))
    hand = SimpleNamespace(declared=declared, contract=trump_contract(0), trump=0)
    for lang in LANGS:
        i18n.set_language(lang)
        sc = Scene()
        notes = score.category_notes(sc, res, hand)
        seq, carres = (i18n.tr(f"score.ann.category.{c}") for c in ("sequences", "carres"))
        quarte, carre = sc.ann_name("quarte"), sc.ann_name("carre")
        assert notes == [
            i18n.tr("score.ann.cat_beaten_1", cat=seq, n=50, list=f"{quarte} 50",
                    beaten=sc.ann_name("tierce"), best=quarte),
            i18n.tr("score.ann.cat_won_1", cat=carres, n=100, list=f"{carre} 100")]
        # Why the tierce did not count: the other team's quarté beats it.
        assert notes[0].replace("\xa0", " ") == {
            "en": "Sequences: theirs score 50 (Quarté 50); ours do not count (Tierce): "
                  "their Quarté beats them",
            "fr": "Suites : les leurs marquent 50 (Quarté 50) ; les nôtres ne comptent pas "
                  "(Tierce) : leur Quarté les bat"}[lang]
        assert score._ann_note(Scene(), res, hand) == ""  # not "No announcement declared"
        nt = SimpleNamespace(declared=((), (), (), ()), contract=NT, trump=NT.order)
        assert score._ann_note(Scene(), res, nt) == i18n.tr("score.ann.no_trumps")
    i18n.set_language("en")
    equal = ((ann("N1 N2 N3"),), (ann("E1 E2 E3"),), (), ())
    res = score_hand(rs, 0, (80, 72), 0, (4, 4), compare(equal, AT.order, rs, 0), (0, 0),
                     0, AT)
    hand = SimpleNamespace(declared=equal, contract=AT, trump=AT.order)
    assert score.category_notes(Scene(), res, hand) == [
        "Sequences: equal on both sides (Tierce, Tierce), nobody scores them"]


# -- 3. a whole hand of each ruleset to the score screen, in both languages --------------------


def play_a_hand(app, name, lang, players, on_bid=None):
    i18n.set_language(lang)
    scene = table(app, name, seed=4, players=players)
    play_on(scene, app, lambda: person(scene, StepKind.SCORE), on_bid)
    return scene, scene.step.data["result"], drawn_texts(scene, app)


def check_score_lines(app, scene, res, shown):
    """What every score screen shows: its rows with the points of the result, the hand
    score and the match, and nothing left untranslated."""
    m = scene.flow.match
    rs = m.ruleset
    assert row(shown, app.tr("score.card_points")) == tuple(map(str, res.card_points))
    assert row(shown, app.tr(f"score.belote.{rs.belote_word}")) == tuple(map(str, res.beloz))
    assert (app.tr("score.announcements") in shown) is rs.announcements
    if rs.announcements:
        assert row(shown, app.tr("score.announcements")) == tuple(
            map(str, res.announcement_points))
    assert row(shown, app.tr("score.total")) == tuple(map(str, res.totals))
    assert row(shown, app.tr("score.hand_score")) == tuple(map(str, res.score))
    assert row(shown, app.tr("score.match")) == tuple(map(str, m.scores))
    if rs.belote_word != "beloz":
        assert not any("BeloZ" in t for t in shown)
    assert not any(t.startswith(("score.", "table.")) or "%{" in t for t in shown)
    text = "\n".join(shown)
    for note, _ in score.ruleset_notes(scene, res, m, scene.flow.last_hand):
        assert " ".join(note.split(" ")[:4]) in text  # plain spaces: NBSP binds


@pytest.mark.parametrize("lang", LANGS)
def test_a_bulgarian_hand_with_a_double_and_a_redouble_to_the_score(app, lang) -> None:
    def on_bid(step):
        if REDOUBLE in step.data["legal"]:
            key(app, pygame.K_r)
            return True
        if app.scenes[-1].flow.hand.contract is None:
            key(app, pygame.K_1)
            return True
        return False

    scene, res, shown = play_a_hand(app, "belot-bulgare", lang,
                                    {1: Caller(1), 2: Passer(2), 3: Caller(3)}, on_bid)
    assert res.multiplier == 4 and res.raw is not None
    check_score_lines(app, scene, res, shown)
    text = "\n".join(shown)
    assert "×4" in text  # the contract's multiplier, in the title line
    assert app.tr("score.rule.divided", a=res.raw[0], b=res.raw[1], m=4, x=res.score[0],
                  y=res.score[1]).split(":")[0] in text
    assert "Belot" in shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_clockwise_classique_hand_to_the_score(app, lang) -> None:
    def on_bid(step):
        if step.data["round"] == 1:
            scene = app.scenes[-1]
            scene.press("take")
            return True
        return False

    scene, res, shown = play_a_hand(app, "belote-classique", lang,
                                    {s: Passer(s) for s in (1, 2, 3)}, on_bid)
    hand = scene.flow.last_hand
    assert hand.tricks[0].leader == (hand.dealer - 1) % 4  # clockwise: the dealer's left
    check_score_lines(app, scene, res, shown)
    assert app.tr("score.rule.half") in " ".join(shown)  # maybe wrapped on two lines
    assert "Belote" in shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_sans_annonces_hand_to_the_score(app, lang) -> None:
    scene, res, shown = play_a_hand(app, "belote-sans-annonces", lang, None)
    check_score_lines(app, scene, res, shown)
    total = sum(res.totals)
    half = f"{total // 2}" if total % 2 == 0 else f"{total / 2:.1f}"
    assert app.tr("score.rule.more_than_half", a=res.totals[res.taker_team], n=total,
                  h=half) in " ".join(shown)


@pytest.mark.parametrize("lang", LANGS)
def test_a_beloz_hand_to_the_score(app, lang) -> None:
    scene, res, shown = play_a_hand(app, "beloz", lang, None)
    check_score_lines(app, scene, res, shown)
    assert "BeloZ" in shown


def test_no_double_without_a_contract_to_double(app) -> None:
    scene = table(app, "belot-bulgare", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID))
    assert DOUBLE not in scene.step.data["legal"] and "double" not in scene.buttons


@pytest.mark.parametrize("change", ["resize", "language"])
def test_classique_stays_clockwise_after_a_resize_or_a_new_language(app, change) -> None:
    scene = table(app, "belote-classique", players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID))
    right = scene.layout.seat_anchor(1)
    if change == "resize":
        scene.resize((1280, 800))
    else:
        app.apply_settings(app.settings.replace(language="fr"))
        frame(app)
    assert scene.layout.direction == -1
    # Seat 1 is still on the person's left (clockwise: the next player is on the left).
    assert (scene.layout.seat_anchor(1)[0] < scene.layout.cx) is (right[0] < 480)


def test_a_bulgarian_match_saved_during_the_auction_resumes(app) -> None:
    from beloz.ui.scenes.table import TableScene

    scene = table(app, "belot-bulgare", seed=2, players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID))
    assert scene.flow.hand.phase is Phase.BIDDING
    app.pop()  # leaving the table saves the match, the auction under way
    again = TableScene(app, resume=True)
    app.push(again)
    assert again.turned is None and again.flow.hand.phase is Phase.BIDDING
    frame(app, 2)
    assert person(again, StepKind.BID)
    key(app, pygame.K_1)  # East, then the others pass
    play_on(again, app, lambda: person(again, StepKind.SCORE))
    assert again.flow.last_hand.contract is not None


@pytest.mark.parametrize("name", ["belote-sans-annonces", "belote-classique", "belot-bulgare"])
def test_the_cards_shown_are_the_cards_held_after_each_shuffle(app, name) -> None:
    from beloz.rules.cards import cards_of

    scene = table(app, name, seed=5)
    seen = 0
    for _ in range(3):  # three hands: the second and third are shuffled before the cut
        play_on(scene, app, lambda: person(scene, StepKind.PLAY))
        h = scene.flow.hand
        for seat in range(4):
            shown = scene.hands[seat] + [c for s, c in scene.trick if s == seat]
            held = h.hands[seat] | sum(1 << c for s, c in scene.trick if s == seat)
            assert sorted(shown) == cards_of(held), (seat, scene.flow.match.hands_dealt)
        seen += 1
        play_on(scene, app, lambda: person(scene, StepKind.SCORE))
        scene.press("next")
        frame(app)
    assert seen == 3 and scene.flow.match.hands_dealt >= 3


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["beloz", "belote-sans-annonces", "belote-classique",
                                  "belot-bulgare"])
@pytest.mark.parametrize("bel", [(0, 0), (20, 0)])
def test_the_dedans_line_adds_up_to_what_the_defenders_record(lang, name, bel) -> None:
    """The takers (team 0) fail with a tierce and maybe a belote: the line's sum is what the
    defenders record in every ruleset (classique: the takers' announcements are lost;
    Bulgarian: both teams' points, before the division)."""

    class Scene:
        def t(self, key, **kw):
            return i18n.tr(key, **kw)

    i18n.set_language(lang)
    rs = rulesets.get(name)
    tierce = AnnouncementResult(0, (20, 0), False) if rs.announcements else AnnouncementResult(
        None, (0, 0), False)
    res = score_hand(rs, 0, (30, 122), 1, (2, 6), tierce, bel, 0, trump_contract(0))
    assert res.outcome.value == "dedans"
    line = score.dedans_note(Scene(), res, rs)
    total = int(re.findall(r"= (\d+)", line)[0])
    recorded = res.raw[1] if res.raw is not None else res.score[1]
    assert total == recorded, line
    assert "%{" not in line


def test_bulgarian_announcements_are_shown_in_the_second_expedition(app) -> None:
    # Kito holds two tierces, Juma a quinte: their team wins the sequences (seed 002 compares
    # them apart from carrés); the person leads the meerkat, Juma's lion wins and leads the second.
    hands = ["N7 N6 N1 E8 E4 S8 S4 W8", "N2 N3 E1 E2 E3 S1 S2 S3",
             "N4 N5 E5 E6 S5 S6 W1 W2", "N8 E7 S7 W3 W4 W5 W6 W7"]
    scene = dealt_table(app, "belot-bulgare", hands, 3, "N pass pass pass")
    assert scene.try_play(parse("N1"))
    play_on(scene, app, lambda: person(scene, StepKind.PLAY))
    h = scene.flow.hand
    assert len(h.tricks) == 1 and h.trick  # Juma has led the second expedition
    assert h.announcement_result().sequences_team == 1
    shown = drawn_texts(scene, app)
    tierce, quinte = app.tr("announcement.tierce"), app.tr("announcement.quinte")
    assert app.tr("table.shown_by", name=app.tr("table.seat.1"), what=f"{tierce} + {tierce}"
                  ) in shown
    assert app.tr("table.shown_by", name=app.tr("table.seat.3"), what=quinte) in shown


@pytest.mark.parametrize("lang, nt, at", [("en", "NT", "AT"), ("fr", "SA", "TA")])
def test_contract_chips_use_the_language_s_abbreviations(lang, nt, at) -> None:
    """French players say SA / TA (sans atout, tout atout), not NT / AT."""
    from types import SimpleNamespace

    from beloz.rules.cards import ALL_TRUMPS, NO_TRUMPS
    from beloz.ui.scenes.table.paint import Painter

    pygame.font.init()
    before = i18n.get_language()
    i18n.set_language(lang)
    painter = Painter(SimpleNamespace())
    rendered: list[str] = []
    real_font = painter.font

    def font(size, bold=False):
        f = real_font(size, bold)
        def render(text, *a):
            rendered.append(text)
            return f.render(text, *a)

        return SimpleNamespace(render=render)

    painter.font = font  # type: ignore[method-assign]
    surface = pygame.Surface((80, 80))
    painter.contract_chip(surface, NO_TRUMPS, (40, 40), 20)
    painter.contract_chip(surface, ALL_TRUMPS, (40, 40), 20)
    i18n.set_language(before)
    assert rendered == [nt, at]
