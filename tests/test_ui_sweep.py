"""The screens laid out: nothing drawn on top of anything else, no text out of its box
(``beloz.ui.drawn``'s checks through ``beloz.ui.sweep``).  ``make sweep`` runs every screen
at every size in both languages; here the screens the layout fixes are about, and a share of
the rest, in seconds."""

from __future__ import annotations

import random

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.ruleset import get
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, HandState, Phase
from beloz.ui import drawn, game, sweep
from beloz.ui.game import HandKept
from beloz.ui.sweep import Shot

SIZES = [(960, 600), (1280, 800), (1920, 1080)]
COMPUTER_PLAYER = game.computer_player


@pytest.fixture(autouse=True)
def quick(tmp_path, monkeypatch):
    """A data folder of the test's own; quick computer players (the layout, not the AI)."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player",
                        lambda level, seed: (RandomPlayer(seed), "random"))


def problems_of(shot: Shot, size: tuple[int, int], lang: str = "en", before=None) -> list[str]:
    with sweep.quiet_app(size, lang, shot.ruleset) as app:
        sweep.show(app, shot)
        if before is not None:
            before(app)
        return sweep.check(app)


# -- the checks themselves ------------------------------------------------------------------


def test_the_checks_see_overlaps_overflows_and_the_window_edge() -> None:
    R = pygame.Rect
    panel = drawn.Drawn("panel", R(100, 100, 200, 100))
    inside = drawn.Drawn("text", R(110, 110, 50, 16), "in")
    assert drawn.problems([panel, inside], (800, 600)) == []
    crossing = drawn.Drawn("text", R(250, 110, 80, 16), "across")
    assert any("crosses the edge" in p for p in drawn.problems([panel, crossing], (800, 600)))
    other = drawn.Drawn("text", R(120, 112, 50, 16), "over")
    assert any("on top of each other" in p for p in drawn.problems([inside, other], (800, 600)))
    out = drawn.Drawn("text", R(-20, 10, 80, 16), "cut")
    assert any("out of the window" in p for p in drawn.problems([out], (800, 600)))
    wide = drawn.Drawn("text", R(10, 10, 80, 16), "long", room=60)
    assert any("wider than its box" in p for p in drawn.problems([wide], (800, 600)))
    button = drawn.Drawn("widget", R(90, 180, 60, 30), "Hint")
    assert any("crosses the edge" in p for p in drawn.problems([panel, button], (800, 600)))
    # Lines set close (a pixel or two of their boxes shared) are not an overlap.
    below = drawn.Drawn("text", R(110, 124, 50, 16), "next line")
    assert drawn.problems([panel, inside, below], (800, 600)) == []


def test_the_sweep_fails_when_a_text_overflows(monkeypatch) -> None:
    """A label made too long for its button, a score line too long for its panel: both
    reported (the sweep would let no such change through)."""
    from beloz import i18n

    real = i18n.tr

    def long(key, **kw):
        text = real(key, **kw)
        if key in ("table.button.menu", "score.card_points"):
            return text + " and a great many words more than any box has room for" * 3
        return text

    monkeypatch.setattr(i18n, "tr", long)
    found = problems_of(Shot("score"), (1280, 800))
    # The table widens its buttons to their labels: this one then runs under the panel.
    assert any("Menu (Esc) and a great" in p for p in found), found
    assert any("crosses the edge" in p and "Card points" in p for p in found), found


def test_a_widget_label_wider_than_its_widget_is_seen() -> None:
    import pygame_gui

    with sweep.quiet_app((960, 600), "en", "beloz") as app:
        pygame_gui.elements.UIButton(pygame.Rect(10, 10, 80, 30), "A label far too long",
                                     manager=app.ui)
        pygame_gui.elements.UIButton(pygame.Rect(10, 50, 160, 30), "Fits", manager=app.ui)
        found = drawn.problems(drawn.widgets(app.ui), app.size)
    assert len(found) == 1 and "wider than its box" in found[0], found


# -- 6: the hint's values and the prompt lines ------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_a_card_hint_values_clear_the_prompt_and_the_refusal(size, monkeypatch) -> None:
    """The values over the cards, the question ("Your turn...") and the red "You must
    follow..." line, and the hint's own lines: none on another.  The game's own players
    (the screenshot's state: three cards to choose from under the lines)."""
    monkeypatch.setattr(game, "computer_player", COMPUTER_PLAYER)

    def refused(app) -> None:
        scene = app.scenes[-1]
        assert scene.hint is not None and scene.hint.kind == "card"
        assert len(scene.hint.options) >= 3
        scene.words.tell(scene.t("table.reason.must_follow", plain=scene.plain_name(0)))

    assert problems_of(Shot("hint"), size, before=refused) == []


# -- 7: the review's line of calls ----------------------------------------------------------


def long_auction() -> HandState:
    """A Bulgarian hand whose auction climbs every contract, each doubled and redoubled:
    21 calls, the longest line of calls there is."""
    rs = get("belot-bulgare")
    pack = list(range(32))
    random.Random(3).shuffle(pack)
    hand = HandState.deal(pack, 0, ruleset=rs)
    while hand.phase is Phase.BIDDING:
        legal = hand.legal_actions()
        pick = next((a for a in (DOUBLE, REDOUBLE) if a in legal), None)
        hand.apply(pick if pick is not None else next((a for a in legal if a != PASS), PASS))
    rng = random.Random(1)
    while hand.phase is not Phase.DONE:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_review_calls_fit_the_board(size, lang) -> None:
    from beloz.ui.scenes.review import ReviewScene

    hand = long_auction()
    assert len(hand.bids) == 21
    with sweep.quiet_app(size, lang, "belot-bulgare") as app:
        app.push(ReviewScene(app, [HandKept(1, hand)], 0))
        for _ in range(3):
            app.step(1 / 60)
        items = sweep.capture(app)
        assert drawn.problems(items, app.size) == []
        review = app.scenes[-1]
        said = [review._bid_text(i, b) for i, b in enumerate(hand.bids)]
        calls = [d for d in items if d.kind == "text" and d.label.split(" · ")[0] in said]
        assert len(calls) >= 2  # wrapped
        # Every call, once, in order (none cut off).
        assert " · ".join(d.label for d in calls) == " · ".join(said)
        # Left of the ratings panel, inside the window.
        panel = next(d.rect for d in items if d.kind == "panel")
        assert all(0 <= d.rect.left and d.rect.right < panel.left for d in calls)
        # "Seat: call" through the translations (French: a non-breaking space before ":").
        assert ("\u00a0:" in said[0]) == (lang == "fr")


@pytest.mark.parametrize(("scene", "size", "lang", "ruleset"), [
    ("review_watch", (960, 600), "fr", "beloz"), ("review_watch", (1920, 1080), "en",
                                                  "belot-bulgare"),
    ("review_show", (960, 600), "en", "belot-bulgare"), ("review_show", (1920, 1080), "fr",
                                                         "beloz")])
def test_a_computer_card_explained_and_show_me_how_fit(scene, size, lang, ruleset,
                                                       monkeypatch) -> None:
    """The review with another seat's card explained, and Expert's line beside the
    person's: nothing out of its box (a small evaluation and a quick player in the person's
    seat: the layout is what is tested)."""
    from beloz.ai import review
    from beloz.practice import duplicate

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    monkeypatch.setattr(duplicate, "EXPERT_SPEC", "heuristic")
    assert problems_of(Shot(scene, ruleset), size, lang) == []


# -- 9: the score screen and the match over at every size ------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", ["score", "over"])
def test_the_score_panels_leave_the_buttons_clear(scene, size) -> None:
    assert problems_of(Shot(scene), size) == []


def test_nothing_on_the_table_shows_through_the_score_panel() -> None:
    """The score panel is opaque: what lies under it (a card) does not change a pixel of it,
    the history's darker box included."""
    from beloz.ui.scenes import score

    with sweep.quiet_app((1920, 1080), "en", "beloz") as app:
        sweep.show(app, Shot("score"))
        scene = app.scenes[-1]
        shots = []
        for under in ((255, 255, 255), (0, 0, 0)):
            surface = pygame.Surface(app.size)
            surface.fill(under)
            score.draw(scene, surface, scene.score_shown, scene.flow.last_hand)
            shots.append(surface)
        r = score.panel_rect(app.size).inflate(-40, -40)
        for x in range(r.left, r.right, 37):
            for y in range(r.top, r.bottom, 29):
                assert shots[0].get_at((x, y)) == shots[1].get_at((x, y)), (x, y)


# -- 10: the largest window the sweep draws ---------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_practice_at_2560_keeps_the_partner_clear_of_the_contract(lang) -> None:
    """At 2560 x 1440 "Amani (partner)" was drawn over "Flooded plain: North"."""
    assert (2560, 1440) in sweep.SIZES
    assert problems_of(Shot("practice"), (2560, 1440), lang) == []


# -- a share of the sweep -----------------------------------------------------------------------


@pytest.mark.slow
def test_a_share_of_the_sweep() -> None:
    """Each screen of the sweep once, at a size and in a language in turn (``make sweep``
    draws them all at every size in both)."""
    found = {}
    for i, shot in enumerate(sweep.shots()):
        if shot.scene in ("review", "review_bids", "review_watch", "review_show"):
            continue  # the review's page of calls above, its watch and « Show me how »
            # below (a quick evaluation); the rest in ``make sweep``
        size, lang = SIZES[i % 3], sweep.LANGUAGES[i // 3 % 2]
        problems = problems_of(shot, size, lang)
        if problems:
            found[f"{shot.name} {size} {lang}"] = problems
    assert found == {}
