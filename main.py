"""BeloZ: start the game window.

    python main.py                         play
    python main.py --autoplay --fast --seed 3 --matches 2
                                           four computer players, no window; prints the scores
    python main.py --screenshot menu.png --scene menu --size 1280x800
    python main.py --selftest              load every asset, draw every scene once, exit 0

The command line and its modes live in ``beloz.cli``; this file stays at the top of the
tree for ``python main.py``, PyInstaller's spec and the wheel (``beloz.start.main``).
"""

from __future__ import annotations

import sys

from beloz.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    import multiprocessing

    # The AI helper process is started with "spawn": in a PyInstaller bundle the executable
    # is started again for it, and this turns that start into the helper, not a second game.
    multiprocessing.freeze_support()
    sys.exit(main())
