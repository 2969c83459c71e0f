"""Headless test set-up: dummy SDL drivers before pygame is ever imported."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Speed is measured in bench/, never in tests: no per-example deadline, so a busy machine
# cannot fail a property test by slowness alone.
from hypothesis import settings  # noqa: E402

settings.register_profile("beloz", deadline=None)
settings.load_profile("beloz")
