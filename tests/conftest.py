"""Headless test set-up: dummy SDL drivers before pygame is ever imported."""

import datetime as dt
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Speed is measured in bench/, never in tests: no per-example deadline, so a busy machine
# cannot fail a property test by slowness alone.
from hypothesis import settings  # noqa: E402

settings.register_profile("beloz", deadline=None)
settings.load_profile("beloz")


@pytest.fixture(autouse=True)
def language_given_back():
    """Every test ends in the language it began in: one that switches the process's
    language (a French window, the self-test's round of both languages) leaves no French to
    the tests after it, whatever order they run in."""
    from beloz import i18n

    before = i18n.get_language()
    yield
    if i18n.get_language() != before:
        i18n.set_language(before)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The game's files in the test's own folder."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def tiny_review(monkeypatch):
    """Hints and reviews on a small search budget (``TINY``), in English: quick tests."""
    from beloz import i18n
    from beloz.ai import review

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    i18n.set_language("en")


@pytest.fixture
def app_size():
    """The window of ``app``: a test module overrides this fixture for another size."""
    return (1280, 800)


@pytest.fixture
def app(data_dir, app_size):
    """A game window in English, fast, its files in ``data_dir``; closed after the test."""
    from beloz import i18n
    from beloz.settings import Settings
    from beloz.ui.app import App

    window = App(size=app_size, fast=True, settings=Settings(language="en"))
    yield window
    window.close()
    i18n.set_language("en")


# -- Fixtures shared by several test modules ------------------------------------------------
# A module that wants one of them as its ``app`` or ``data_dir`` overrides that name with a
# fixture returning it (pytest's override by module).

# The Practice tests' today (tests/test_ui_practice.py's DAY).
PRACTICE_DAY = dt.date(2026, 3, 2)


@pytest.fixture
def random_app(tmp_path, monkeypatch):
    """The App at 960 × 600 with random computer players and its default settings, the
    match saved in ``tmp_path``: the ``app`` of the rulesets' table tests
    (tests/test_ui_rulesets.py, test_ui_table_keys.py, test_ui_table_belot.py,
    test_ui_table_rulesets.py)."""
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game
    from beloz.ui.app import App

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    a = App(size=(960, 600), fast=True, save=True)
    yield a
    a.close()


@pytest.fixture
def english_after():
    """Tests that switch the language: the next ones start in English (the table's
    ruleset tests use it on every test)."""
    from beloz import i18n

    yield
    i18n.set_language("en")


@pytest.fixture
def table_app(tmp_path, monkeypatch):
    """The App at 960 × 600 with random computer players and a small evaluation budget
    (as tests/test_ui_teach.py); the match is saved in ``tmp_path``.  The reviews' UI tests
    (tests/test_ui_reviews.py, test_review_cli_save.py); other modules define their own."""
    from beloz import i18n
    from beloz.ai import review
    from beloz.ai.player import RandomPlayer
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    monkeypatch.setattr(review, "LEVEL", TINY)
    a = App(size=(960, 600), fast=True, save=False, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


@pytest.fixture
def practice_dir(tmp_path, monkeypatch):
    """The Practice tests' files (the ``data_dir`` of tests/test_ui_practice.py and
    test_ui_practice_place.py): today is PRACTICE_DAY, the review's budget small."""
    from beloz.ai import review
    from beloz.practice import queue as queue_mod

    from .test_ai_helpers import TINY

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(queue_mod, "today", lambda: PRACTICE_DAY)
    monkeypatch.setattr(review, "LEVEL", TINY)
    return tmp_path


@pytest.fixture
def practice_app(practice_dir):
    """The Practice tests' ``app``: 960 × 600, English, belote classique."""
    from beloz import i18n
    from beloz.settings import Settings
    from beloz.ui.app import App

    a = App(size=(960, 600), fast=True, settings=Settings(language="en",
                                                          ruleset="belote-classique"))
    yield a
    a.close()
    i18n.set_language("en")


@pytest.fixture
def play_app(practice_dir, monkeypatch):
    """The Practice screen's app with random computer players (the table's plumbing is
    tested here, not their play)."""
    from beloz import i18n
    from beloz.ai.player import RandomPlayer
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App

    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    a = App(size=(960, 600), fast=True, settings=Settings(language="en", level="expert"))
    yield a
    a.close()
    i18n.set_language("en")
