"""BeloZ on a Linux desktop: the window's class, and the menu entry with its icon.

Desktops match a window to its menu entry by the window's class (X11 ``WM_CLASS``, the
Wayland app id): the entry's ``StartupWMClass`` must equal ``WINDOW_CLASS``, which the game
gives SDL before it opens the window (``name_the_window``).

The entry is ``assets/BeloZ.desktop`` (shipped in the wheel and beside the bundle's
executable).  ``install`` writes it, with ``Exec`` set to the command that started this
process, to ``$XDG_DATA_HOME/applications`` (by default ``~/.local/share/applications``) and
the icon to ``$XDG_DATA_HOME/icons/hicolor``; ``uninstall`` removes both.  Nothing here needs
pygame or root.  ``python main.py --install-desktop`` (``make install-desktop``),
``beloz --install-desktop`` after ``pip install``, ``./BeloZ --install-desktop`` in the bundle.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

WINDOW_CLASS = "BeloZ"
ENTRY_NAME = "BeloZ.desktop"
ICON_NAME = "beloz"  # the entry's Icon=, looked up in the icon theme
# (assets/ file, folder under icons/hicolor/, installed name)
ICON_FILES = (
    ("icon.png", "256x256/apps", f"{ICON_NAME}.png"),
    ("icon.svg", "scalable/apps", f"{ICON_NAME}.svg"),
)


def name_the_window() -> None:
    """Give SDL the window's class before its video starts (it reads it then).  Set over
    the value pygame puts there at import (the script's name, ``main.py``)."""
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = WINDOW_CLASS


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative (the
    XDG base directory specification says to ignore a relative one)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def entry_path(home: Path | None = None) -> Path:
    return (home or data_home()) / "applications" / ENTRY_NAME


def icon_paths(home: Path | None = None) -> list[Path]:
    base = (home or data_home()) / "icons" / "hicolor"
    return [base / folder / name for _, folder, name in ICON_FILES]


def parse_entry(text: str) -> dict[str, str]:
    """The ``[Desktop Entry]`` group's keys (``Name[fr]`` included) -> raw values."""
    keys: dict[str, str] = {}
    group = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1]
            continue
        if group != "Desktop Entry":
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"not a key=value line: {line!r}")
        key = key.strip()
        if key in keys:
            raise ValueError(f"duplicate key {key!r}")
        keys[key] = value.strip()
    return keys


# The characters that oblige an Exec argument to be quoted ("Exec key" in the Desktop Entry
# Specification), and the ones to escape with a backslash inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPE_IN_QUOTES = set('"`$\\')


def quote_exec_arg(arg: str) -> str:
    """One Exec argument, quoted as the specification asks; a literal % is written %%.
    The result is an Exec *value*: ``format_exec`` applies the string-level escaping."""
    arg = arg.replace("%", "%%")
    if arg and not set(arg) & _RESERVED:
        return arg
    return '"' + "".join("\\" + c if c in _ESCAPE_IN_QUOTES else c for c in arg) + '"'


# A desktop file's string values escape these (after the Exec quoting, which may add
# backslashes of its own: hence four for one literal backslash inside quotes).
_STRING_ESCAPES = (("\\", "\\\\"), ("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r"))


def format_exec(argv: Sequence[str]) -> str:
    """The Exec line's value for ``argv``: each argument quoted, then the string escapes."""
    value = " ".join(quote_exec_arg(a) for a in argv)
    for raw, escaped in _STRING_ESCAPES:
        value = value.replace(raw, escaped)
    return value


def launch_command() -> list[str]:
    """The command that starts the game the way this process was started: the bundle's
    executable, ``python main.py`` from a source tree, or the installed ``beloz`` script."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if script.endswith(".py"):
        # sys.executable as given, not resolved: a venv's python is a link to the base one
        return [os.path.abspath(sys.executable), script]
    return [script] if script else [os.path.abspath(sys.executable), "-m", "beloz.start.main"]


def render_entry(template: str, exec_argv: Sequence[str]) -> str:
    """The shipped entry with its Exec set to ``exec_argv``."""
    out = []
    for line in template.splitlines():
        if line.partition("=")[0].strip() == "Exec":
            line = f"Exec={format_exec(exec_argv)}"
        out.append(line)
    return "\n".join(out) + "\n"


def _assets() -> Path:
    # beloz.ui.assets imports pygame; its folder lookup is all that is needed here.
    from beloz.ui.assets import assets_dir

    return assets_dir()


def install(exec_argv: Sequence[str] | None = None, home: Path | None = None) -> list[Path]:
    """Write the menu entry and the icons for the current user; the paths written."""
    assets = _assets()
    home = home or data_home()
    template = (assets / ENTRY_NAME).read_text(encoding="utf-8")
    entry = entry_path(home)
    written = []
    for (source, _, _), target in zip(ICON_FILES, icon_paths(home), strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(assets / source, target)
        written.append(target)
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(entry.name + ".tmp")
    tmp.write_text(render_entry(template, exec_argv or launch_command()), encoding="utf-8")
    tmp.chmod(0o755)  # some desktops only trust an executable entry in the user's folder
    os.replace(tmp, entry)
    written.append(entry)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote; the paths removed (none when nothing was there)."""
    removed = []
    for path in [entry_path(home), *icon_paths(home)]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def main(action: str) -> int:
    """``--install-desktop`` / ``--uninstall-desktop``: do it and say what was done."""
    try:
        if action == "install":
            paths = install()
            print(f"BeloZ is in the desktop menu: {paths[-1]}")
            print(f"  Exec={format_exec(launch_command())}")
        else:
            paths = uninstall()
            print("removed: " + ", ".join(map(str, paths)) if paths else "nothing to remove")
    except OSError as err:
        print(f"could not {action} the desktop entry: {err}", file=sys.stderr)
        return 1
    return 0
