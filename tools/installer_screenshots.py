"""Pictures of the Windows installer under Wine, by hand (not in CI): its first and last
pages, the game started from its last page, Wine's Start menu with the BeloZ entry, the
uninstaller's page.  Run through ``python tools/windows_installer_check.py --screenshots
DIR [INSTALLER]`` (needs Xvfb, xdotool and ImageMagick); split from that check, whose Wine
helpers it uses."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import windows_build as wb
from windows_installer_check import CheckFailed, env, expand, fresh_prefix, say, unix_path


def capture(path: Path, display_env: dict[str, str], window: str | None = None,
            crop: str | None = None) -> None:
    """The window (or the whole screen, or a part: ``crop`` WxH+X+Y) as a PNG, with
    ImageMagick's import."""
    cropping = ["-crop", crop, "+repage"] if crop else []
    subprocess.run(["import", "-window", window or "root", *cropping, str(path)],
                   env=display_env, check=True, timeout=60)
    say(f"screenshot {path}")


def screenshots(out: Path, installer: Path) -> None:
    """The installer's first and last pages, the game started from its last page, Wine's Start
    menu with the BeloZ entry and the desktop shortcut, and the uninstaller's page, under
    Xvfb in a fresh prefix; English, or French with LANG=fr_FR.UTF-8."""
    from windows_window_check import find_window, start_xvfb, xdotool

    out.mkdir(parents=True, exist_ok=True)
    lang = os.environ.get("LANG", "en_US.UTF-8")
    suffix = "-fr" if lang.startswith("fr") else ""
    fresh_prefix()
    xvfb, display = start_xvfb()
    e = env(DISPLAY=display, LANG=lang, LC_ALL=lang)
    e.pop("SDL_VIDEODRIVER", None)  # the game in a window

    def start(*cmd: str) -> None:
        # No pipe nor file for its standard streams: a Windows program started from the shell
        # has none (under Wine 8.0 a file as stdout stops the game's interpreter starting).
        subprocess.Popen(["wine", *cmd], env=e, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    try:
        start(wb.windows_path(installer))
        wid = find_window("BeloZ", e)
        time.sleep(3)
        capture(out / f"installer-welcome{suffix}.png", e, wid)
        for _ in range(3):  # Welcome, Licence, Directory: Next, Next, Install
            xdotool("key", "Return", env=e)
            time.sleep(3)
        deadline = time.monotonic() + 120
        while not (unix_path(f"{expand('LOCALAPPDATA')}\\Programs\\BeloZ") /
                   "Uninstall BeloZ.exe").exists():
            if time.monotonic() > deadline:
                raise CheckFailed("the installer did not finish in 2 minutes")
            time.sleep(1)
        time.sleep(5)
        capture(out / f"installer-finish{suffix}.png", e, wid)
        xdotool("key", "Return", env=e)  # Finish, with "Start BeloZ" ticked
        game_window = find_window("^BeloZ$", e, 120)
        time.sleep(8)
        capture(out / f"installer-started{suffix}.png", e, game_window)
        subprocess.run(["wineserver", "-k"], env=e, check=False)
        start("explorer", "/desktop=shell,800x600")
        find_window("Wine desktop", e)
        time.sleep(5)
        xdotool("mousemove", "28", "590", "click", "1", env=e)  # Start
        time.sleep(2)
        xdotool("mousemove", "50", "525", env=e)  # Programs
        time.sleep(2)
        capture(out / f"start-menu{suffix}.png", e, crop="800x600+0+0")
        xdotool("key", "Escape", env=e)
        subprocess.run(["wineserver", "-k"], env=e, check=False)
        start(f"{expand('LOCALAPPDATA')}\\Programs\\BeloZ\\Uninstall BeloZ.exe")
        wid = find_window("BeloZ", e)
        time.sleep(3)
        capture(out / f"uninstaller{suffix}.png", e, wid)
    finally:
        subprocess.run(["wineserver", "-k"], env=e, check=False)
        xvfb.terminate()
        xvfb.wait(timeout=30)
