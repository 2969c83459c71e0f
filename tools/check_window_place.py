"""Check, under a real X server, where the game's window goes when Settings makes it
bigger, and the size it opens at on the next start.

    xvfb-run -a -s "-screen 0 1920x1200x24" python tools/check_window_place.py

Prints the desktop, the window before and after choosing the biggest size Settings offers
(its place and size, as pygame and as ``xwininfo`` see them when installed), and the size
of the next start.  Uses a fresh data folder: the player's settings are never touched.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["BELOZ_DATA_DIR"] = tempfile.mkdtemp(prefix="beloz-window-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from beloz.ui.app import App  # noqa: E402
from beloz.ui.scenes.menu import MenuScene  # noqa: E402
from beloz.ui.scenes.settings import SettingsScene  # noqa: E402


def window() -> pygame.Window:
    with warnings.catch_warnings():  # asked afresh: set_mode may make a new window
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def seen_by_x() -> str:
    try:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True,
                              check=False).stdout
    except OSError:
        return "(xwininfo not installed)"
    for line in tree.splitlines():
        if "BeloZ" in line:
            info = subprocess.run(["xwininfo", "-id", line.split()[0]], capture_output=True,
                                  text=True, check=False).stdout
            return " ".join(part.strip() for part in info.splitlines()
                            if "Absolute" in part or "Width" in part or "Height" in part)
    return "(no BeloZ window)"


def frames(app: App, n: int = 20) -> None:
    for _ in range(n):
        app.step(1 / 60)
        time.sleep(0.01)


def main() -> int:
    app = App()
    print("desktop", pygame.display.get_desktop_sizes(), "opened at", app.size)
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    window().position = (500, 300)
    frames(app)
    print("before", window().position, window().size, "| X:", seen_by_x())
    control = scene.controls["window_size"]
    text, size = max(control.beloz_values.items(), key=lambda item: item[1])
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=control, text=text))
    frames(app, 40)
    print("chose", size, "->", window().position, window().size, "| X:", seen_by_x())
    app.close()
    pygame.quit()
    app = App()
    frames(app)
    print("next start", app.size, "| X:", seen_by_x())
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
