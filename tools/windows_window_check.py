"""The Windows BeloZ.exe in a real window, under Wine and Xvfb (`.ci/run`, after
`make exe-windows`): it starts, a match is started from the menu, the computer players play
(their decisions come from the helper process, which the frozen exe starts as itself), the
window goes full screen and back (F11, saved in the settings) and is closed (Alt+F4), and
the data folder under the Wine user's profile holds the settings and the save, where
platformdirs puts them on Windows (%LOCALAPPDATA%\\BeloZ).

    python tools/windows_window_check.py

The menu's buttons answer the mouse only, so the New game button is clicked where the game's
own layout puts it (the menu built once headless at the same size); from there on, keys only,
as a person at the keyboard: Enter starts the match, and the questions' keys and 1..8 answer
the table until an expedition has been played.  Needs Xvfb and xdotool (`.ci/run` installs
them).  Exit 0 when all is well; otherwise says what went wrong.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import windows_build as wb  # noqa: E402

SIZE = (1024, 640)
#: The table's keys, tried in turn (beloz/ui/scenes/table/prompts.py BUTTON_KEYS; a key whose
#: button is not shown does nothing): Enter cuts, 3 deals, T takes, Q keeps quiet, 1..8 play
#: the Nth card (or name a contract in the auction).
KEYS = ["Return", "3", "t", "q", "1", "2", "3", "4", "5", "6", "7", "8"]
CARD = re.compile(r"[NESW][1-8]")  # a card's code in a save's actions (beloz.rules.cards.code)


class CheckFailed(Exception):
    pass


def new_game_button(size: tuple[int, int]) -> tuple[int, int]:
    """The centre of the menu's New game button in a window of ``size``: the menu built by the
    game's own code, headless (a fresh data folder: no Continue button, as in the check)."""
    code = (
        "import sys; sys.path.insert(0, '.')\n"
        "from beloz.settings import Settings\n"
        "from beloz.ui.app import App\n"
        "from beloz.ui.scenes.menu import MenuScene\n"
        f"app = App(size={size!r}, fast=True, settings=Settings(language='en'), save=False)\n"
        "app.push(MenuScene(app)); app.step(1 / 60)\n"
        "print(*app.top.buttons['new_game'].rect.center)\n"
        "app.close()\n"
    )
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   BELOZ_DATA_DIR=data)
        out = subprocess.run([sys.executable, "-c", code], cwd=wb.ROOT, env=env, check=True,
                             capture_output=True, text=True).stdout.split()
    return int(out[-2]), int(out[-1])


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        raise CheckFailed("Xvfb did not start")
    return proc, f":{number}"


def xdotool(*args: str, env: dict[str, str]) -> str:
    return subprocess.run(["xdotool", *args], env=env, check=True, capture_output=True,
                          text=True, timeout=90).stdout.strip()


def find_window(name: str, env: dict[str, str], seconds: float = 90.0) -> str:
    """The first visible window whose title matches ``name``.  Polled rather than
    ``xdotool search --sync``: while Wine creates and destroys its start-up windows a
    search can hit a window already gone (an X error, exit 1), which is no answer."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name],
                               env=env, capture_output=True, text=True, timeout=30)
        if found.returncode == 0 and found.stdout.split():
            return found.stdout.split()[0]
        time.sleep(0.5)
    raise CheckFailed(f"no window named {name!r} after {seconds:.0f} s")


def profile_data_dir(env: dict[str, str]) -> Path:
    """%LOCALAPPDATA%\\BeloZ of the Wine user, as a Linux path."""
    local = subprocess.run(["wine", "cmd", "/c", "echo", "%LOCALAPPDATA%"], env=env,
                           check=True, capture_output=True, text=True).stdout.strip()
    unix = subprocess.run(["winepath", "-u", local], env=env, check=True, capture_output=True,
                          text=True).stdout.strip()
    return Path(unix) / "BeloZ"


def cards_played(save: Path) -> int:
    try:
        hand = json.loads(save.read_text(encoding="utf-8"))["hand"]
    except (OSError, ValueError, KeyError, TypeError):
        return 0
    return sum(1 for a in (hand or {}).get("actions", ()) if CARD.fullmatch(str(a)))


def check() -> None:
    env = wb.wine_env(SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("BELOZ_DATA_DIR", None)  # the Windows default: the Wine user's profile
    data = profile_data_dir(env)
    shutil.rmtree(data, ignore_errors=True)  # only what this run writes
    print(f"window check: data folder {data}")
    click = new_game_button(SIZE)
    xvfb, display = start_xvfb()
    env["DISPLAY"] = display
    game = None
    try:
        game = subprocess.Popen(["wine", wb.windows_path(wb.BUNDLE / "BeloZ.exe"), "--windowed",
                                 "--size", f"{SIZE[0]}x{SIZE[1]}"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        start = time.monotonic()
        wid = find_window("^BeloZ", env)
        print(f"window check: the window is up after {time.monotonic() - start:.1f} s "
              f"({xdotool('getwindowgeometry', wid, env=env).splitlines()[-1].strip()})")
        time.sleep(3)  # the menu's first frames

        def new_game() -> float:
            xdotool("windowfocus", "--sync", wid, env=env)
            xdotool("mousemove", "--window", wid, str(click[0]), str(click[1]), "click", "1",
                    env=env)
            time.sleep(2)
            xdotool("key", "Return", env=env)  # the new-game dialog: start
            print("window check: New game clicked, Enter pressed")
            return time.monotonic()

        clicked, tries = new_game(), 1
        save = data / "savegame.json"
        deadline = time.monotonic() + 240
        k = 0
        while cards_played(save) < 4:
            if game.poll() is not None:
                raise CheckFailed(f"BeloZ.exe exited ({game.returncode}) during the match")
            if time.monotonic() > deadline:
                raise CheckFailed("no expedition was played within 4 minutes")
            if not save.exists() and time.monotonic() - clicked > 45 and tries < 3:
                # A slow machine: the menu may not have been there yet for the click.
                clicked, tries = new_game(), tries + 1
            xdotool("key", KEYS[k % len(KEYS)], env=env)
            k += 1
            time.sleep(0.4)
        print(f"window check: {cards_played(save)} cards played after "
              f"{time.monotonic() - start:.0f} s; F11 twice (full screen and back, each "
              "saved in settings.json), then Alt+F4")
        for _ in range(2):
            xdotool("key", "F11", env=env)
            time.sleep(3)
        xdotool("key", "alt+F4", env=env)
        try:
            game.wait(timeout=60)
        except subprocess.TimeoutExpired:
            raise CheckFailed("BeloZ.exe did not quit on Alt+F4") from None
        if game.returncode != 0:
            raise CheckFailed(f"BeloZ.exe exited with {game.returncode}")
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        if game is not None and game.stdout is not None:
            sys.stdout.write(game.stdout.read().decode(errors="replace"))
        subprocess.run(["wineserver", "-k"], env=env, check=False)
        xvfb.terminate()
        xvfb.wait(timeout=30)
    found = sorted(p.name for p in data.iterdir()) if data.is_dir() else []
    print(f"window check: the data folder holds {', '.join(found)}")
    for name in ("settings.json", "savegame.json"):
        if name not in found:
            raise CheckFailed(f"{name} is not in {data}")
    settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))
    if settings.get("fullscreen") is not False:
        raise CheckFailed(f"settings.json does not say windowed after F11 twice: {settings}")
    # The computer players thought in the helper process (beloz/ui/procworker.py logs its
    # start, and a fallback on a thread when it fails).
    log = (data / "logs" / "beloz.log").read_text(encoding="utf-8", errors="replace")
    if not re.search(r"AI helper process \d+ started", log) or "think on a thread" in log:
        raise CheckFailed(f"the computer players did not think in their helper process:\n{log}")
    crashes = list(data.glob("logs/crash-*.log"))
    if crashes:
        raise CheckFailed("a crash log: " + crashes[0].read_text(encoding="utf-8"))


def main() -> int:
    for tool in ("Xvfb", "xdotool", "wine"):
        if shutil.which(tool) is None:
            print(f"window check: {tool} is missing (apt-get install xvfb xdotool wine64)",
                  file=sys.stderr)
            return 1
    try:
        check()
    except subprocess.TimeoutExpired as err:
        print(f"window check FAILED: no answer in {err.timeout:.0f} s from {err.cmd}",
              file=sys.stderr)
        return 1
    except CheckFailed as err:
        print(f"window check FAILED: {err}", file=sys.stderr)
        return 1
    print("window check: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
