"""The text size (issue 47, point 2) on the screens the sweep found short of room at 150 %
in 1280 x 800 and at 200 % in 1920 x 1080: each is laid out again by its measured texts,
drawn smaller where a panel has not the room (never under its 100 % size), and the sweep's
own checks find nothing there, in English and in French."""

from __future__ import annotations

import os

import pytest

from beloz.rules.ruleset import RULESETS
from beloz.ui import sweep, textsize

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

#: (window, text size): the largest each window offers.
SIZES = [((1280, 800), 150), ((1920, 1080), 200)]


def _fits(name: str, size: tuple[int, int], pct: int, lang: str) -> list[str]:
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app(size, lang, shot.ruleset, pct) as app:
        sweep.show(app, shot)
        assert textsize.factor() == pct / 100
        return sweep.check(app)


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["settings", "newgame"])
def test_the_settings_and_the_new_game_fit(name: str, size: tuple[int, int], pct: int,
                                           lang: str) -> None:
    """The settings' seventeen rows ran off the window (Back under its bottom edge) and the
    new game's levels' label and Start were cut: the rows now take the theme's smaller
    ids where the window is short of room, the labels stand over their controls where
    they are too wide beside them, the dialog as wide as Start and Cancel."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["stats", "progress", "progress_few"])
def test_the_statistics_and_the_progress_fit(name: str, size: tuple[int, int], pct: int,
                                             lang: str) -> None:
    """The statistics drew their panels' text over the headings and out of the panels (the
    sweep saw none of it: the screen said nothing of what it drew) and cut "Remettre à
    zéro"; the progress drew its panels' titles across the next panel, its skills' rows on
    top of each other, its title over the selector: each panel now draws its text as large
    as it fits there, the buttons as wide as their labels."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["rules-deck", "rules-belot-bulgare"])
def test_how_to_play_fits(name: str, size: tuple[int, int], pct: int, lang: str) -> None:
    """How to play cut its rulesets' tabs and « ‹  Précédent », and drew the page's line
    under Previous and Next (the sweep did not see it): the tabs and the buttons as wide
    as their labels, the line smaller between the buttons, the title above the tabs."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["play-belote-classique", "bid-belote-classique",
                                  "auction-belot-bulgare"])
def test_the_table_s_plate_and_questions_fit(name: str, size: tuple[int, int], pct: int,
                                             lang: str) -> None:
    """The person's name plate lay under the Hint button (a full hand reaches left) or
    under a question's buttons, the Bulgarian auction's row ran under the Hint column and
    its question off the window: the plate goes right of the hand (or to the window's
    foot) where it would meet a button, the contracts' keys are said once on the question's
    line when the row would reach the column, the line drawn smaller within the window."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("size", "pct"), [*SIZES, ((1280, 800), 125)])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["score-belote-classique", "score-belot-bulgare"])
def test_the_score_screen_fits(name: str, size: tuple[int, int], pct: int, lang: str) -> None:
    """The history's « 1  dedans » ran into its first score, and at 125 % the Bulgarian
    breakdown's match row lay under the buttons: the scores' column goes right (the mark
    smaller, never under 100 %), and at 125 % the overlay takes the height between the side
    columns; Next hand says its key, Enter, as Review (R) and Play again (A) say theirs."""
    assert _fits(name, size, pct, lang) == []
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app(size, lang, shot.ruleset, pct) as app:
        sweep.show(app, shot)
        scene = app.scenes[-1]
        assert scene.buttons["next"].text == scene.t(
            "common.confirm_enter", action=scene.t("table.button.next_hand"))


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["practice_answer-belote-classique",
                                  "practice_calls-belote-classique",
                                  "practice_calls-belot-bulgare"])
def test_practice_fits(name: str, size: tuple[int, int], pct: int, lang: str) -> None:
    """The teacher's answer ran under Play on (Menu and Next, measured in the board's font,
    stood in rows of their own), the bids' list beside the turned card ran into the side
    seats' names and under the calls, the title under the ruleset's button: the buttons are
    measured in their own font, the right-hand column is drawn at the largest text that
    fits it (never under 100 %), else its bids stand under the names (the latest that fit),
    the hand so far shorter above the calls, the title smaller."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("name", "lang"), [
    ("practice", "en"), ("practice_calls", "fr"), ("practice_answer-belot-bulgare", "en"),
    ("review_show", "en"), ("tutorial", "fr"), ("score-belote-sans-annonces", "fr")])
def test_the_largest_window_fits(name: str, lang: str) -> None:
    """At 2560 x 1440 and 200 %: Practice's contract line ran across the hand so far, Show
    me how's first note into the difference, the tutorial's North count under North's
    bubble, the score's « Score de la donne » into its first score."""
    assert _fits(name, (2560, 1440), 200, lang) == []


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["review_show-belote-classique", "review_show-belot-bulgare"])
def test_show_me_how_fits_its_passed_line_and_its_notes(name: str, size: tuple[int, int],
                                                        pct: int, lang: str) -> None:
    """« Everybody passed: no hand was played (0 to 0). » in Expert's panel ran out of the
    panel and the window, and where the expeditions made the text smaller the notes'
    last line ran under Back (the buttons keep their size): the line is wrapped, the notes'
    room counted in the buttons' own unit."""
    assert _fits(name, size, pct, lang) == []


@pytest.mark.parametrize(("size", "pct"), SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_match_over_and_the_belot_question_fit(size: tuple[int, int], pct: int,
                                                   lang: str) -> None:
    """« Nous gagnons la partie ! » at 200 % was wider than the overlay (over the score's
    and the plain's panels), and the person's plate « Vous  Donneur » beside a full hand
    lay under Hint (Conseil): the title is drawn smaller to the overlay's width (never
    under 100 %), the plate goes right of the hand at half a margin from it, else above
    the Hint column."""
    assert _fits("over-belot-bulgare", size, pct, lang) == []
    assert _fits("belot-belot-bulgare", size, pct, lang) == []


def test_the_bulgarian_score_fits_at_960x600_in_french() -> None:
    """At 100 % the French notes of a Bulgarian hand put the match row under Next hand:
    the notes run on towards the history's box, then the box is narrower."""
    assert _fits("score-belot-bulgare", (960, 600), 100, "fr") == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_practice_s_ruleset_button_holds_its_longest_name(lang: str) -> None:
    """« ◀  Belote sans annonces  ▶ » was 8 px wider than its button at 960 x 600 with the
    text enlarged: the button grows to the left, as wide as its longest name, whichever
    ruleset is on show, and the title stays clear of it."""
    (shot,) = [s for s in sweep.shots() if s.name == "practice-belote-sans-annonces"]
    with sweep.quiet_app((960, 600), lang, shot.ruleset, 200) as app:
        sweep.show(app, shot)
        assert textsize.factor() > 1
        assert sweep.check(app) == []
        scene = app.scenes[-1]
        button = scene.buttons["ruleset"]
        for name in RULESETS:  # the same button, whichever is chosen with ← →
            label = f"◀  {scene.app.tr(f'ruleset.{name}')}  ▶"
            assert button.font.size(label)[0] <= button.rect.w - 8, label


@pytest.mark.parametrize(("name", "lang"), [("score", "fr"), ("belot-belot-bulgare", "fr")])
def test_the_person_s_plate_lies_on_no_card(name: str, lang: str) -> None:
    """Moved above the Hint column where it has no room beside the hand, the plate clears
    every card on the table: on the score screen at 200 % it had come to lie on a pile of
    expeditions won (the sweep does not see cards)."""
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app((1920, 1080), lang, shot.ruleset, 200) as app:
        sweep.show(app, shot)
        scene = app.scenes[-1]
        you = scene.seat_name(0)
        plates = [d.rect for d in sweep.capture(app) if d.kind == "text" and d.label == you]
        cards = [sp.rect() for sp in scene.sprites.values() if sp.visible and sp.alpha > 1]
        assert all(r.collidelist(cards) < 0 for r in plates), plates
