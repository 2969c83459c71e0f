"""Headless test set-up: dummy SDL drivers before pygame is ever imported."""

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


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The game's files in the test's own folder."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    return tmp_path


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
