"""The screenshot sweep: every main screen, in every ruleset, at the four window sizes, in
English and French, at 100 % and 200 % text, drawn headless and checked by rectangles
(``beloz.ui.drawn``): no text wider than its box or across a panel's edge, no two texts,
panels or widgets on top of each other.  ``make sweep`` runs all of it and writes the PNGs
under build/sweep/; tests/test_ui_sweep.py runs a share of it in every ``make test``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from beloz.rules.ruleset import RULESETS, Bidding
from beloz.settings import TEXT_SIZES as SETTINGS_TEXT_SIZES
from beloz.ui import drawn

if TYPE_CHECKING:
    from beloz.ui.app import App  # the window itself: a sweep steps and closes it

SIZES = ((960, 600), (1280, 800), (1920, 1080), (2560, 1440))
LANGUAGES = ("en", "fr")
#: The shell's screens (the ruleset matters only to the new game and How to play).
SHELL = ("menu", "newgame", "settings", "stats", "tutorial", "practice", "practice_answer",
         "practice_play", "practice_calls", "progress", "progress_few")
#: The tutorial's bid and call tasks (lesson-task), where the bid buttons' rows share the
#: board with the other seats' names and the middle: take or pass on the turned card, the
#: plains named in round two, the open auction's seven calls (before anyone spoke, after
#: three passes), a redouble under a doubled contract, a standing contract, the keys' line
#: beside a long task, the longest lesson's intro, a double after five calls.
TUTORIAL = ("tutorial-7-1", "tutorial-10-2", "tutorial-12-1", "tutorial-13-1", "tutorial-12-2",
            "tutorial-16-1", "tutorial-19-2", "tutorial-20-1", "tutorial-21-2")
#: The text sizes ``make sweep`` draws: every one the settings offer, each window drawing
#: the most it has room for (``textsize.allowed``: 112.5 % at 960 x 600, 150 % at 1280 x 800,
#: 200 % from 1920 x 1080).
TEXT_SIZES = SETTINGS_TEXT_SIZES
#: The table's states, in every ruleset (``bid`` is the auction's call where there is one).
TABLE = ("deal", "bid", "play", "hint", "bid_hint", "score", "over", "review", "review_bids",
         "history", "review_watch", "review_show")
#: The Practice screen's problem with its history, in the other rulesets too (and its bid or
#: call problem with the most buttons: an auction's calls beside the hand so far).
PRACTICE = ("practice", "practice_answer", "practice_calls")


@dataclass(frozen=True)
class Shot:
    scene: str
    ruleset: str = "beloz"

    @property
    def name(self) -> str:
        plain = self.ruleset == "beloz" or self.scene.endswith(self.ruleset)  # rules-RULESET
        return self.scene if plain else f"{self.scene}-{self.ruleset}"


def shots() -> list[Shot]:
    """Every screen the sweep draws (at each size, in each language)."""
    out = [Shot(s) for s in SHELL + TUTORIAL]
    for name, rs in RULESETS.items():
        out.append(Shot("rules-" + (name if name != "beloz" else "deck"), name))
        for state in TABLE:
            auction = rs.bidding is Bidding.AUCTION
            out.append(Shot("auction" if state == "bid" and auction else state, name))
        if name != "beloz":
            out += [Shot(s, name) for s in PRACTICE]
        if rs.bidding is Bidding.AUCTION:  # the belot question (all trumps)
            out.append(Shot("belot", name))
    return out


@contextlib.contextmanager
def quiet_app(size: tuple[int, int], lang: str, ruleset: str, text_size: int = 100
              ) -> Iterator[App]:
    """A headless app that writes nothing (settings, saves, statistics), its text at
    ``text_size`` percent."""
    from beloz import i18n
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App

    before, game.WRITE_FILES = game.WRITE_FILES, False
    language = i18n.get_language()  # the app switches it: given back afterwards
    settings = Settings(language=lang, sound=False, window_size=size, ruleset=ruleset,
                        text_size=text_size)
    app = App(size=size, fast=True, settings=settings, save=False)
    app.seed = 1
    try:
        yield app
    finally:
        app.close()
        game.WRITE_FILES = before
        i18n.set_language(language)


def show(app: App, shot: Shot, seed: int = 1) -> None:
    """Put ``shot``'s screen on the app (``main.py --screenshot``'s scenes) and let it settle."""
    from beloz.ui.scene_registry import push_scene

    push_scene(app, shot.scene, seed)
    for _ in range(4):  # layouts, fonts and the UI manager settle
        app.step(1 / 60)


def capture(app: App) -> list[drawn.Drawn]:
    """Draw a frame and say what the top screen drew where (a screen drawn under another,
    the table under the pause menu, is not its business)."""
    scenes = app.scenes
    first = len(scenes) - 1
    while first > 0 and scenes[first].transparent:
        first -= 1
    for scene in scenes[max(first, 0):-1]:
        scene.draw(app.screen)
    with drawn.recording() as items:
        if scenes:
            scenes[-1].draw(app.screen)
        app.ui.draw_ui(app.screen)
        found = list(items)
    return found + drawn.widgets(app.ui)


def check(app: App, png: Path | None = None) -> list[str]:
    """The layout problems of the frame on screen (and its PNG written to ``png``)."""
    items = capture(app)
    if png is not None:
        png.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(png))
    return drawn.problems(items, app.size)


def sweep(out: Path | None, sizes: tuple[tuple[int, int], ...] = SIZES,
          languages: tuple[str, ...] = LANGUAGES, only: list[Shot] | None = None,
          text_sizes: tuple[int, ...] = (100,)) -> dict[str, list[str]]:
    """Every shot at every size in every language and text size: ``{"menu 960x600 en":
    [problem, ...]}`` for the shots with problems (a text size other than 100 % is in the
    key, "menu 960x600 en 150%", and in the PNG's name)."""
    found: dict[str, list[str]] = {}
    for shot in only if only is not None else shots():
        for size in sizes:
            for lang in languages:
                for pct in text_sizes:
                    tail = "" if pct == 100 else f" {pct}%"
                    key = f"{shot.name} {size[0]}x{size[1]} {lang}{tail}"
                    name = f"{shot.name}-{size[0]}x{size[1]}-{lang}{tail.replace(' ', '-')}"
                    png = None if out is None else out / f"{name}.png"
                    with quiet_app(size, lang, shot.ruleset, pct) as app:
                        try:
                            show(app, shot)
                            problems = check(app, png)
                        except Exception as exc:  # noqa: BLE001 - a failing screen is told
                            problems = [f"{type(exc).__name__}: {exc}"]
                    if problems:
                        found[key] = problems
    return found
