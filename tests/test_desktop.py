"""BeloZ on a Linux desktop: the shipped menu entry (the keys that matter, its window class
the one the game gives its window), Exec quoting by the Desktop Entry Specification,
install / uninstall for one user under XDG_DATA_HOME, from a source tree and from a bundle.

desktop-file-validate is not on every machine, so the entry is parsed here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
from hypothesis import given
from hypothesis import strategies as st

from beloz import desktop
from beloz.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
ENTRY = ROOT / "assets" / "BeloZ.desktop"
#: Keys of the Desktop Entry Specification 1.5 (a localised key is KEY[locale]).
KNOWN_KEYS = {
    "Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden",
    "OnlyShowIn", "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal",
    "Actions", "MimeType", "Categories", "Implements", "Keywords", "StartupNotify",
    "StartupWMClass", "URL", "PrefersNonDefaultGPU", "SingleMainWindow",
}


def unescape_string(value: str) -> str:
    """A desktop file's string escapes: \\s \\n \\t \\r \\\\."""
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_exec(value: str) -> list[str]:
    """How a desktop reads Exec: string escapes, then arguments split on spaces, double
    quotes with \\" \\` \\$ \\\\ inside them, and %% for a literal %."""
    text = unescape_string(value)
    args: list[str] = []
    arg: list[str] | None = None
    i = 0
    while i < len(text):
        c = text[i]
        if c == " ":
            if arg is not None:
                args.append("".join(arg))
            arg = None
            i += 1
            continue
        arg = arg if arg is not None else []
        if c == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', f"bad escape in {value!r}"
                    i += 1
                arg.append(text[i])
                i += 1
            i += 1
        else:
            assert c not in "\"'\\><~|&;$*?#()`\t\n", f"unquoted reserved {c!r} in {value!r}"
            arg.append(c)
            i += 1
    if arg is not None:
        args.append("".join(arg))
    return [a.replace("%%", "%") for a in args]


def test_the_shipped_entry_has_the_keys_that_matter():
    keys = desktop.parse_entry(ENTRY.read_text(encoding="utf-8"))
    assert {k.split("[")[0] for k in keys} <= KNOWN_KEYS, set(keys) - KNOWN_KEYS
    assert keys["Type"] == "Application"
    assert keys["Name"] == "BeloZ"
    assert keys["Terminal"] == "false"
    assert keys["Icon"] == desktop.ICON_NAME
    categories = keys["Categories"]
    assert categories.endswith(";")
    assert "Game" in categories.split(";") and "CardGame" in categories.split(";")
    # the window the game opens is matched to this entry by its class
    assert keys["StartupWMClass"] == desktop.WINDOW_CLASS == "BeloZ"
    # Exec starts the command that pip installs
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["gui-scripts"]
    assert split_exec(keys["Exec"]) == ["beloz"] and "beloz" in scripts
    for key in ("Comment", "GenericName", "Keywords"):
        assert f"{key}[fr]" in keys, key


def test_parse_entry_reads_only_the_desktop_entry_group():
    text = "# c\n[Desktop Entry]\nName=A\nName[fr]=B\n[Desktop Action x]\nName=C\n"
    assert desktop.parse_entry(text) == {"Name": "A", "Name[fr]": "B"}
    for bad in ("[Desktop Entry]\nName\n", "[Desktop Entry]\nName=A\nName=B\n"):
        try:
            desktop.parse_entry(bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad!r}")


def test_the_app_names_its_window_before_the_display_starts(tmp_path, monkeypatch):
    from beloz.ui import app as app_mod

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    # what pygame puts there at import under X11: the script's name
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "main.py")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    seen = []
    real_init = pygame.init

    def init():
        seen.append((os.environ.get("SDL_VIDEO_X11_WMCLASS"),
                     os.environ.get("SDL_VIDEO_WAYLAND_WMCLASS")))
        return real_init()

    monkeypatch.setattr(app_mod.pygame, "init", init)
    app = app_mod.App(size=(960, 600), fast=True, settings=Settings(language="en"))
    try:
        assert pygame.display.get_caption()[0] == "BeloZ"
    finally:
        app.close()
    assert seen and seen[0] == ("BeloZ", "BeloZ")


@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                                blacklist_characters="\x00"), min_size=1),
                min_size=1, max_size=4))
def test_exec_quoting_round_trips(argv):
    value = desktop.format_exec(argv)
    assert "\n" not in value and "\r" not in value, "one line in the file"
    assert split_exec(value) == argv


def test_exec_quoting_examples():
    assert desktop.format_exec(["/usr/bin/beloz"]) == "/usr/bin/beloz"
    assert desktop.format_exec(["/home/a b/BeloZ", "100%"]) == '"/home/a b/BeloZ" 100%%'
    # a backslash inside quotes: escaped for Exec, then again for the string
    assert desktop.format_exec(["a\\b"]) == '"a\\\\\\\\b"'
    assert desktop.format_exec(['$"x']) == '"\\\\$\\\\"x"'


def test_install_and_uninstall_for_one_user(tmp_path, monkeypatch):
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    argv = ["/opt/Belo Z/BeloZ"]
    written = desktop.install(argv)
    entry = home / "applications" / "BeloZ.desktop"
    png = home / "icons" / "hicolor" / "256x256" / "apps" / "beloz.png"
    svg = home / "icons" / "hicolor" / "scalable" / "apps" / "beloz.svg"
    assert set(written) == {entry, png, svg}
    keys = desktop.parse_entry(entry.read_text(encoding="utf-8"))
    shipped = desktop.parse_entry(ENTRY.read_text(encoding="utf-8"))
    assert split_exec(keys["Exec"]) == argv
    assert {k: v for k, v in keys.items() if k != "Exec"} == {
        k: v for k, v in shipped.items() if k != "Exec"}
    assert png.read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()
    assert svg.read_bytes() == (ROOT / "assets" / "icon.svg").read_bytes()
    assert not list(entry.parent.glob("*.tmp"))
    desktop.install(argv)  # again: replaces, does not fail
    assert set(desktop.uninstall()) == {entry, png, svg}
    assert not entry.exists() and not png.exists() and not svg.exists()
    assert desktop.uninstall() == []


def test_data_home_follows_xdg_and_ignores_a_relative_one(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "x"))
    assert desktop.data_home() == tmp_path / "x"
    for value in ("", "relative/share"):
        monkeypatch.setenv("XDG_DATA_HOME", value)
        assert desktop.data_home() == tmp_path / ".local" / "share"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert desktop.entry_path() == tmp_path / ".local/share/applications/BeloZ.desktop"


def test_the_launch_command_is_how_the_game_was_started(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "main.py"), "--install-desktop"])
    assert desktop.launch_command() == [os.path.abspath(sys.executable),
                                        str(tmp_path / "main.py")]
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "bin" / "beloz")])
    assert desktop.launch_command() == [str(tmp_path / "bin" / "beloz")]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert desktop.launch_command() == [os.path.abspath(sys.executable)]


def test_main_py_install_desktop_from_the_source_tree(tmp_path):
    """What `make install-desktop` runs: the entry starts this tree's main.py."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"),
               BELOZ_DATA_DIR=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "main.py", "--install-desktop"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    entry = tmp_path / "share" / "applications" / "BeloZ.desktop"
    keys = desktop.parse_entry(entry.read_text(encoding="utf-8"))
    assert split_exec(keys["Exec"]) == [os.path.abspath(sys.executable), str(ROOT / "main.py")]
    out = subprocess.run([sys.executable, "main.py", "--uninstall-desktop"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and not entry.exists()
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "main.py --install-desktop" in make and "main.py --uninstall-desktop" in make


def test_an_unwritable_data_home_is_a_message(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    # a path under a file: the write fails for root too
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "share"))
    assert desktop.main("install") == 1
    assert "could not install the desktop entry" in capsys.readouterr().err
