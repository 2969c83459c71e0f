"""The Windows installer under Wine, as a player and an administrator use it (`.ci/run`, after
`make installer-windows`), in a fresh Wine prefix with its own home (build/installer-check/):

 1. a silent install (``/S``) into the default folder, %LOCALAPPDATA%\\Programs\\BeloZ: the
    licences beside BeloZ.exe (tools/notices.py: every component of the folder listed); the
    Start-menu and desktop shortcuts (.lnk) point at the installed BeloZ.exe, with its icon;
    the uninstall key in HKCU has the display name, version, publisher, icon, size and the
    uninstall commands;
 2. the installed game: ``--selftest --require-compiled-solver`` and one autoplay match;
 3. the player's data, in the Windows default data folder (%LOCALAPPDATA%\\BeloZ): settings
    (French, written by the game's own code) and a match saved mid-way by the installed game
    (``--autoplay --save --stats``, stopped after some steps and killed); while it runs, a
    silent upgrade and a silent uninstall give up (exit code 2) and change nothing;
 4. an upgrade: a newer installer (the same bundle stamped with a higher version) installed
    silently over the first, into the same folder; a file only the old version had is gone;
    the data folder is byte for byte as it was; then the new build loads the settings (it
    speaks French) and resumes the saved match to the same final score as the uninterrupted
    one;
 5. the data folder (%LOCALAPPDATA%\\BeloZ) and a folder inside it given with ``/D=``: refused
    (exit code 2), nothing changed; then the same version installed into another folder,
    ``C:\\Jeux de cartes\\Bélote``: one copy left (the old folder gone, and %LOCALAPPDATA%\\Programs
    when the first install made it), one uninstall key, naming the new folder, the shortcuts
    pointing at it, the data folder as it was;
 6. a silent uninstall with the registry's QuietUninstallString: the program files, the
    folder, the empty parent the installer made (``C:\\Jeux de cartes``), both shortcuts and the
    registry key are gone; the data folder is as it was;
 7. a silent install into a folder given with ``/D=`` (with spaces), a file of the player's
    put beside the game, and an uninstall: the game is gone, the player's file and its folder
    stay;
 8. ``/D=C:\\Cartes\\Belote\\BeloZ`` (two parents made by the installer), a file of the player's
    put in the first, and an uninstall: the empty folders go, the one holding the file stays.

The installed uninstaller's own sentences (its first and last pages: the data kept and where;
the "game running" box and the line it stops on) are read from the program itself, each whole
in English and French (``compiled_strings``); none names a Retry button.

    python tools/windows_installer_check.py [INSTALLER]
    python tools/windows_installer_check.py --screenshots DIR [INSTALLER]

INSTALLER defaults to dist/BeloZ-Setup-<version>.exe.  ``--screenshots`` (by hand, not in CI;
needs Xvfb, xdotool and ImageMagick) takes pictures of the installer's pages, the game started
from its last page, Wine's Start menu and the uninstaller's page instead of checking.
Exit 0 when all is well; otherwise says what went wrong.  Needs wine and makensis (for the
newer installer).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

sys.path.insert(0, str(Path(__file__).resolve().parent))
import version_info  # noqa: E402
import windows_build as wb  # noqa: E402
import windows_installer as wi  # noqa: E402

WORK = wb.ROOT / "build" / "installer-check"
PREFIX = WORK / "prefix"
HOME = WORK / "home"  # Wine links the profile's Desktop, Documents... to $HOME: kept in here
UNINST_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\BeloZ"
RUN_TIMEOUT = wb.RUN_TIMEOUT
FINAL = re.compile(r"^Final score: \d+ - \d+ \(team [01] wins\)$", re.M)
#: The autoplay that saves stops after this many game steps (the deal, bids and cards: a hand
#: or two), so the save holds a match in its middle.
SAVE_STEPS = 60
#: A folder with spaces, given with /D=.
CUSTOM_DIR = r"C:\Jeux de cartes\BeloZ"
#: Another folder for the installed copy, its parent made by the installer.
MOVED_DIR = r"C:\Jeux de cartes\Bélote"
#: Two parents made by the installer: the player then puts a file in the first.
DEEP_DIR = r"C:\Cartes\Belote\BeloZ"


class CheckFailed(Exception):
    pass


def say(msg: str) -> None:
    print(f"installer check: {msg}", flush=True)


def env(**extra: str) -> dict[str, str]:
    e = wb.wine_env(WINEPREFIX=str(PREFIX), HOME=str(HOME), SDL_VIDEODRIVER="dummy",
                    SDL_AUDIODRIVER="dummy", LANG="en_US.UTF-8")
    for var in ("BELOZ_DATA_DIR", "DISPLAY", "WAYLAND_DISPLAY", "LC_ALL", "LC_MESSAGES",
                "LANGUAGE"):
        e.pop(var, None)  # the Windows defaults: the data folder in the Wine user's profile
    # UTF-8 command lines (C:\Jeux de cartes\Bélote) even where en_US.UTF-8 is not
    # generated: Wine then falls back on ASCII ("BC)lote")
    e["LC_CTYPE"] = "C.UTF-8"
    e.update(extra)
    return e


def wine(*args: str, timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """A Windows program, to its end; its output piped (Wine needs pipes, windows_build.py)."""
    try:
        return subprocess.run(["wine", *args], env=env(), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace",
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        subprocess.run(["wineserver", "-k"], env=env(), check=False)
        raise CheckFailed(f"wine {' '.join(args[:2])} ... still running after {timeout:.0f} s"
                          ) from None


def wait_wine() -> None:
    """Every Windows process of the prefix ended (an uninstaller runs on from a copy of itself
    in %TEMP%, so its own process ends at once)."""
    subprocess.run(["wineserver", "-w"], env=env(), check=True, timeout=RUN_TIMEOUT)


def unix_path(windows: str) -> Path:
    return Path(subprocess.run(["winepath", "-u", windows], env=env(), check=True,
                               capture_output=True, text=True).stdout.strip())


def expand(variable: str) -> str:
    """%VARIABLE% of the Wine user, as Windows sees it."""
    out = subprocess.run(["wine", "cmd", "/c", "echo", f"%{variable}%"], env=env(), check=True,
                         capture_output=True, text=True).stdout.strip()
    if not out or "%" in out:
        raise CheckFailed(f"%{variable}% is not set in the Wine prefix")
    return out


def fresh_prefix() -> None:
    subprocess.run(["wineserver", "-k"], env=env(), check=False, capture_output=True)
    shutil.rmtree(WORK, ignore_errors=True)
    HOME.mkdir(parents=True)
    subprocess.run(["wineboot", "--init"], env=env(), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=RUN_TIMEOUT)
    wait_wine()


# -- the registry ------------------------------------------------------------------------

def registry(key: str) -> dict[str, dict[str, str]]:
    """A registry key and its subkeys, each with its values (REG_DWORDs as decimal text), by
    ``reg export`` (a UTF-16 file: ``reg query`` writes through the console's code page, which
    loses "Bélote"'s é under Wine)."""
    out = WORK / "export.reg"
    out.unlink(missing_ok=True)
    proc = subprocess.run(["wine", "reg", "export", key, wb.windows_path(out), "/y"],
                          env=env(), capture_output=True, check=False)
    if proc.returncode != 0 or not out.is_file():
        return {}
    keys: dict[str, dict[str, str]] = {}
    values: dict[str, str] = {}
    for line in out.read_text(encoding="utf-16").splitlines():
        if line.startswith("[") and line.endswith("]"):
            values = keys.setdefault(line[1:-1], {})
        elif m := re.match(r'^"((?:[^"\\]|\\.)*)"=(?:"((?:[^"\\]|\\.)*)"|dword:([0-9a-f]{8}))$',
                           line):
            name = re.sub(r"\\(.)", r"\1", m[1])
            values[name] = (re.sub(r"\\(.)", r"\1", m[2]) if m[3] is None
                            else str(int(m[3], 16)))
    return keys


def uninstall_key() -> dict[str, str] | None:
    """The values of the uninstall key (REG_DWORDs as decimal text), or None without it."""
    want = UNINST_KEY.replace("HKCU", "HKEY_CURRENT_USER", 1).lower()
    return next((values for name, values in registry(UNINST_KEY).items()
                 if name.lower() == want), None)


def check_key(key: dict[str, str] | None, version: str, folder: str) -> None:
    if key is None:
        raise CheckFailed(f"no uninstall key {UNINST_KEY}")
    exe = f"{folder}\\BeloZ.exe"
    uninstaller = f'"{folder}\\Uninstall BeloZ.exe"'
    want = {"DisplayName": "BeloZ", "DisplayVersion": version, "Publisher": "The BeloZ authors",
            "DisplayIcon": f"{exe},0", "InstallLocation": folder,
            "UninstallString": uninstaller, "QuietUninstallString": f"{uninstaller} /S"}
    for name, value in want.items():
        if key.get(name, "").lower() != value.lower():
            raise CheckFailed(f"{name} is {key.get(name)!r}, not {value!r}")
    size = int(key.get("EstimatedSize", "0"))
    bundle_kb = sum(p.stat().st_size for p in wb.BUNDLE.rglob("*") if p.is_file()) // 1024
    if not bundle_kb <= size <= bundle_kb + 1024:
        raise CheckFailed(f"EstimatedSize is {size} KiB for a {bundle_kb} KiB bundle")


# -- shortcuts ------------------------------------------------------------------------------

@dataclass
class Shortcut:
    target: str
    working_dir: str
    icon: str
    icon_index: int
    comment: str


def read_lnk(path: Path) -> Shortcut:
    """A Shell Link (.lnk, [MS-SHLLINK]): the target from its LinkInfo's local base path, and
    its string data (comment, working folder, icon)."""
    data = path.read_bytes()
    if len(data) < 76 or struct.unpack_from("<I", data, 0)[0] != 76:
        raise CheckFailed(f"{path.name} is not a shell link")
    flags, = struct.unpack_from("<I", data, 20)
    icon_index, = struct.unpack_from("<i", data, 56)
    pos = 76
    if flags & 0x1:  # HasLinkTargetIDList
        pos += 2 + struct.unpack_from("<H", data, pos)[0]
    target = ""
    if flags & 0x2:  # HasLinkInfo
        size, _, info_flags, _, base = struct.unpack_from("<IIIII", data, pos)
        if info_flags & 0x1:  # VolumeIDAndLocalBasePath
            end = data.index(b"\0", pos + base)
            target = data[pos + base:end].decode("mbcs" if os.name == "nt" else "latin-1")
        pos += size
    strings = {}
    unicode = bool(flags & 0x80)
    for bit, name in ((0x4, "name"), (0x8, "relative"), (0x10, "workdir"), (0x20, "args"),
                      (0x40, "icon")):
        if flags & bit:
            count, = struct.unpack_from("<H", data, pos)
            pos += 2
            width = 2 if unicode else 1
            raw = data[pos:pos + count * width]
            # (Wine counts the terminating NUL in; Windows does not)
            strings[name] = raw.decode("utf-16-le" if unicode else "latin-1").rstrip("\0")
            pos += count * width
    return Shortcut(target, strings.get("workdir", ""), strings.get("icon", ""), icon_index,
                    strings.get("name", ""))


def check_shortcut(path: Path, folder: str) -> Shortcut:
    if not path.is_file():
        raise CheckFailed(f"no shortcut {path}")
    link = read_lnk(path)
    exe = f"{folder}\\BeloZ.exe"
    if link.target.lower() != exe.lower():
        raise CheckFailed(f"{path.name} points at {link.target!r}, not {exe!r}")
    if link.icon.lower() != exe.lower() or link.icon_index != 0:
        raise CheckFailed(f"{path.name}'s icon is {link.icon!r},{link.icon_index}")
    if link.working_dir.lower() != folder.lower():
        raise CheckFailed(f"{path.name} starts in {link.working_dir!r}, not {folder!r}")
    return link


# -- the data folder ------------------------------------------------------------------------

def snapshot(folder: Path) -> dict[str, str]:
    """Every file of the data folder and its SHA-256."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def same_data(folder: Path, before: dict[str, str], when: str) -> None:
    after = snapshot(folder)
    if after != before:
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        raise CheckFailed(f"{when} changed {folder}: {changed}")


def french_settings() -> str:
    """settings.json as the game writes it, with the language set to French (the Wine user's
    system language is English), so that a build that loads it speaks French."""
    sys.path.insert(0, str(wb.ROOT))
    from beloz.settings import Settings

    return json.dumps(Settings(language="fr").to_dict(), indent=2) + "\n"


# -- the game -------------------------------------------------------------------------------

def game(exe: str, *args: str) -> str:
    proc = wine(exe, *args)
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        raise CheckFailed(f"BeloZ.exe {' '.join(args)} exited {proc.returncode}")
    return proc.stdout.replace("\r\n", "\n")


def final_score(out: str) -> str:
    m = FINAL.search(out)
    if m is None:
        raise CheckFailed("no final score line")
    return m[0]


def save_a_match(exe: str, data: Path, while_running: Callable[[], None]) -> None:
    """The installed game plays and saves until it stops after SAVE_STEPS steps; then
    ``while_running`` is called, and the game killed, as a player's machine turned off
    mid-match."""
    proc = subprocess.Popen(["wine", exe, "--autoplay", "--fast", "--seed", "1", "--save",
                             "--stats", "--hang-after-steps", str(SAVE_STEPS)], env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace")
    assert proc.stdout is not None
    # A game that neither stops nor ends is killed, and fails the check, after RUN_TIMEOUT.
    watchdog = threading.Timer(RUN_TIMEOUT, subprocess.run, (["wineserver", "-k"],),
                               {"env": env(), "check": False})
    watchdog.start()
    try:
        for line in proc.stdout:
            print(line, end="")
            if line.startswith("hanging after"):
                break
        else:
            raise CheckFailed(f"the saving autoplay ended ({proc.wait()}) without stopping")
        while_running()
    finally:
        watchdog.cancel()
        subprocess.run(["wineserver", "-k"], env=env(), check=False)
        proc.kill()
        proc.wait()
    save = data / "autoplay-save.json"
    if not save.is_file():
        raise CheckFailed(f"no {save.name} in {data}")
    hand = json.loads(save.read_text(encoding="utf-8")).get("hand") or {}
    say(f"a match saved mid-way: {save.name}, {len(hand.get('actions', []))} actions in "
        f"the hand being played")


# -- install, uninstall ---------------------------------------------------------------------

def refused_while_running(newer: Path, folder: str, install_dir: Path) -> None:
    """With the installed BeloZ running, a silent upgrade and a silent uninstall both give up
    (exit code 2) and change nothing: the program files and the key stay as they were."""
    files, key = snapshot(install_dir), uninstall_key()
    upgrade = wine(wb.windows_path(newer), "/S")
    # _?= runs the uninstaller in place, so that its exit code is the uninstall's.
    remove = wine(f"{folder}\\Uninstall BeloZ.exe", "/S", f"_?={folder}")
    if (upgrade.returncode, remove.returncode) != (2, 2):
        raise CheckFailed(f"with BeloZ running, the upgrade exited {upgrade.returncode} and the "
                          f"uninstall {remove.returncode}, not 2 and 2")
    same_data(install_dir, files, "an upgrade or uninstall while BeloZ runs")
    if uninstall_key() != key:
        raise CheckFailed("an upgrade or uninstall while BeloZ runs changed the uninstall key")
    say("with BeloZ running, a silent upgrade and a silent uninstall gave up (exit 2) and "
        "changed nothing")


def run_setup(installer: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installer run silently (``/S``) with ``args``, to its end."""
    if args:
        # /D= takes the rest of the command line, spaces and all, unquoted; Wine would quote
        # an argument with spaces, so the command line goes through cmd as one string.
        proc = wine("cmd", "/c", " ".join([wb.windows_path(installer), "/S", *args]))
    else:
        proc = wine(wb.windows_path(installer), "/S")
    wait_wine()
    return proc


def install(installer: Path, *args: str) -> None:
    start = time.monotonic()
    proc = run_setup(installer, *args)
    if proc.returncode != 0:
        raise CheckFailed(f"{installer.name} /S {' '.join(args)} exited {proc.returncode}:\n"
                          + proc.stdout)
    say(f"{installer.name} /S {' '.join(args)}: {time.monotonic() - start:.1f} s")


def uninstall(key: dict[str, str]) -> None:
    """The uninstaller as Apps & features' administrators run it: QuietUninstallString."""
    m = re.fullmatch(r'"([^"]+)" (.*)', key["QuietUninstallString"])
    if m is None:
        raise CheckFailed(f"QuietUninstallString {key['QuietUninstallString']!r}")
    start = time.monotonic()
    proc = wine(m[1], *m[2].split())
    wait_wine()
    if proc.returncode != 0:
        raise CheckFailed(f"the uninstaller exited {proc.returncode}:\n{proc.stdout}")
    say(f"uninstalled ({key['QuietUninstallString']}): {time.monotonic() - start:.1f} s")


def check_gone(folder: Path, links: list[Path]) -> None:
    if uninstall_key() is not None:
        raise CheckFailed(f"the uninstall key {UNINST_KEY} is still there")
    for link in links:
        if link.exists():
            raise CheckFailed(f"the shortcut {link} is still there")


def check_licences(install_dir: Path) -> None:
    """The licences beside BeloZ.exe, as in the bundle (tools/notices.py), and the notices
    naming what the installed folder holds."""
    import notices

    for name in wi.LICENCES:
        installed = install_dir / name
        if not installed.is_file() or installed.read_bytes() != (wb.BUNDLE / name).read_bytes():
            raise CheckFailed(f"{name} is not in {install_dir} as in the bundle")
    found = notices.problems(install_dir, ignore=("Uninstall BeloZ.exe",))
    if found:
        raise CheckFailed(f"the installed notices: {found}")
    listed = notices.listed((install_dir / notices.NOTICES).read_text(encoding="utf-8"))
    say(f"LICENSE.txt and THIRD-PARTY-NOTICES.txt installed ({len(listed)} components, each "
        "in the installed folder)")


# -- one copy, the data folder, the folders the installer made --------------------------------

def beloz_keys() -> list[str]:
    """The uninstall keys of the Wine user whose DisplayName is BeloZ."""
    keys = registry(UNINST_KEY.rsplit("\\", 1)[0])
    return [name for name, values in keys.items() if values.get("DisplayName") == "BeloZ"]


def data_folder_refused(installer: Path, local: str, data: Path) -> None:
    """The player's data folder, and a folder inside it, given as the install folder: the
    setup gives up (exit code 2) before doing anything; the data folder and the installed
    copy's key stay as they were."""
    before, key = snapshot(data), uninstall_key()
    for folder in (f"{local}\\BeloZ", f"{local}\\BeloZ\\Game"):
        proc = run_setup(installer, f"/D={folder}")
        if (unix_path(folder) / "BeloZ.exe").exists():
            raise CheckFailed(f"/D={folder} installed the game into the data folder (exit code "
                              f"{proc.returncode})")
        if proc.returncode != 2:
            raise CheckFailed(f"/D={folder} exited {proc.returncode}, not 2")
        same_data(data, before, f"/D={folder}")
        if uninstall_key() != key:
            raise CheckFailed(f"/D={folder} changed the uninstall key")
    say(f"/D={local}\\BeloZ and a folder inside it: refused (exit 2), the data folder and the "
        "key as they were")


def moved(installer: Path, version: str, old: str, new: str, links: list[Path],
          data: Path) -> None:
    """An install into another folder than the installed copy's: one copy left, in the new
    folder (the old folder gone, with the parent its installer made when empty), one uninstall
    key, naming it, and the shortcuts pointing at it."""
    before = snapshot(data)
    install(installer, f"/D={new}")
    old_dir = unix_path(old)
    if old_dir.exists():
        left = sorted(p.name for p in old_dir.iterdir())
        raise CheckFailed(f"installing into {new} left the copy in {old}: {left}")
    keys = beloz_keys()
    if len(keys) != 1:
        raise CheckFailed(f"{len(keys)} uninstall keys name BeloZ: {keys}")
    check_key(uninstall_key(), version, new)
    for link in links:
        check_shortcut(link, new)
    same_data(data, before, f"the install into {new}")
    say(f"installed into {new} over the copy in {old}: that copy gone (and its parent the "
        f"installer made), one uninstall key ({keys[0]}), the shortcuts point at {new}")


# -- the words of the installer and the uninstaller, as compiled -----------------------------

STRINGS = wb.ROOT / "installer" / "strings.nsh"
#: The uninstaller's own sentences, each to be found whole in it, in English and French: its
#: first page, its last page (what was kept, and where), the "game running" box and the line
#: of the page it stops on.
UNINSTALLER_WORDS = ("DataKept", "DataKeptDone", "UninstallFrom", "GameRunning",
                     "UnStoppedRunning")


def source_strings() -> dict[tuple[str, str], str]:
    """installer/strings.nsh's sentences by (name, ENGLISH|FRENCH), as comparable text: NSIS's
    escapes written out, ${VERSION} and the like left to the caller, every run-time variable
    ($LOCALAPPDATA, $INSTDIR, $OldDir...) as one character, §."""
    out = {}
    for m in re.finditer(r'^LangString (\w+) \$\{LANG_(ENGLISH|FRENCH)\} "(.*)"$',
                         STRINGS.read_text(encoding="utf-8"), re.M):
        text = m[3].replace("$\\r", "\r").replace("$\\n", "\n").replace('$\\"', '"')
        text = re.sub(r"\$\{\w+\}", "\x00", text)  # compile-time defines: matched loosely
        out[m[1], m[2]] = re.sub(r"\$\w+", "§", text)
    return out


def compiled_strings(exe: Path) -> list[str]:
    """The strings an NSIS program holds (its header's string table, UTF-16), decompressed
    from the program itself (``SetCompressor /SOLID lzma``: the data after NSIS's first header
    is one LZMA stream, its 5-byte properties first); NSIS's codes for variables, shell folders
    and language strings each as §."""
    data = exe.read_bytes()
    at = data.find(b"\xef\xbe\xad\xdeNullsoftInst")
    if at < 0:
        raise CheckFailed(f"{exe.name} is not an NSIS program")
    # flags, 0xDEADBEEF, "NullsoftInst", the header's length, the length of all from the flags
    # to the end (the data's CRC32 last)
    total, = struct.unpack_from("<i", data, at + 20)
    body = data[at + 24:at - 4 + total - 4]
    props, dict_size = body[0], struct.unpack_from("<I", body, 1)[0]
    import lzma

    lzma_filter = {"id": lzma.FILTER_LZMA1, "dict_size": dict_size, "lc": props % 9,
                   "lp": props // 9 % 5, "pb": props // 45}
    raw = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=[lzma_filter]).decompress(
        body[5:])
    text = raw[:len(raw) // 2 * 2].decode("utf-16-le", errors="replace")
    return [re.sub(r"[\x01-\x04].", "§", part, flags=re.S) for part in text.split("\0")]


def has_whole(strings: list[str], sentence: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in sentence.split("\x00"))
    return any(re.fullmatch(pattern, s, re.S) for s in strings)


def uninstaller_words(install_dir: Path) -> None:
    """The installed uninstaller holds each of its sentences whole in both languages (its last
    page's says what was kept and where), and no word of a Retry button."""
    strings = compiled_strings(install_dir / "Uninstall BeloZ.exe")
    source = source_strings()
    for name in UNINSTALLER_WORDS:
        for lang in ("ENGLISH", "FRENCH"):
            sentence = source.get((name, lang))
            if sentence is None or not has_whole(strings, sentence):
                raise CheckFailed(f"the uninstaller lacks {name} ({lang.lower()}) whole: "
                                  f"{sentence!r}")
    retry = [s for s in strings if re.search(r"click Retry|sur Réessayer", s)]
    if retry:
        raise CheckFailed(f"the uninstaller names a Retry button: {retry}")
    say(f"the uninstaller holds {', '.join(UNINSTALLER_WORDS)} whole, in English and French")


def check(installer: Path) -> None:
    version = version_info.read_version()
    newer_version = f"{version}.1"
    newer = WORK / "newer" / wi.installer_name(newer_version)
    fresh_prefix()
    wi.build(newer_version, newer)  # after fresh_prefix, which empties WORK

    local = expand("LOCALAPPDATA")
    folder = f"{local}\\Programs\\BeloZ"
    exe = f"{folder}\\BeloZ.exe"
    programs = unix_path(f"{expand('APPDATA')}\\Microsoft\\Windows\\Start Menu\\Programs")
    desktop = unix_path(f"{expand('USERPROFILE')}\\Desktop")
    links = [programs / "BeloZ.lnk", desktop / "BeloZ.lnk"]
    data = unix_path(f"{local}\\BeloZ")  # platformdirs' user data dir on Windows
    install_dir = unix_path(folder)
    programs_there = install_dir.parent.exists()  # %LOCALAPPDATA%\Programs, before
    say(f"a fresh Wine prefix {PREFIX.relative_to(wb.ROOT)}; data folder {local}\\BeloZ")

    # 1. install
    install(installer)
    if not (install_dir / "BeloZ.exe").is_file():
        raise CheckFailed(f"BeloZ.exe is not in {folder}")
    check_licences(install_dir)
    uninstaller_words(install_dir)
    for link in links:
        shortcut = check_shortcut(link, folder)
        say(f"{link.name} in {link.parent.name}: -> {shortcut.target} (icon "
            f"{shortcut.icon},{shortcut.icon_index}; in {shortcut.working_dir})")
    key = uninstall_key()
    check_key(key, version, folder)
    say(f"uninstall key: {json.dumps(key, ensure_ascii=False)}")
    if data.exists():
        raise CheckFailed(f"the installer made the data folder {data}")

    # 2. the installed game
    game(exe, "--selftest", "--require-compiled-solver")
    uninterrupted = final_score(game(exe, "--autoplay", "--fast", "--seed", "1"))

    # 3. the player's data
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(french_settings(), encoding="utf-8")
    save_a_match(exe, data, lambda: refused_while_running(newer, folder, install_dir))
    # A copy in the name of the player's own save (the menu's Continue), kept through the
    # upgrade and the uninstall below (the autoplay's save is used up when it is resumed).
    shutil.copyfile(data / "autoplay-save.json", data / "savegame.json")
    (install_dir / "_internal" / "only-in-the-old-version.txt").write_text("old\n")
    before = snapshot(data)
    say(f"the data folder holds {', '.join(before)}")

    # 4. upgrade
    install(newer)
    check_key(uninstall_key(), newer_version, folder)
    if (install_dir / "_internal" / "only-in-the-old-version.txt").exists():
        raise CheckFailed("the upgrade left a file of the old version")
    same_data(data, before, "the upgrade")
    say(f"upgraded in place to {newer_version}; the data folder is as it was")
    shot = WORK / "menu.png"
    out = game(exe, "--screenshot", wb.windows_path(shot))
    # "Capture enregistrée dans ..." (the frozen game writes its pipe in the ANSI code page)
    if not out.startswith("Capture enregistr") or not shot.is_file():
        raise CheckFailed("the new build did not load settings.json (it should speak French)")
    if (data / "settings.json.bak").exists():
        raise CheckFailed("the new build set settings.json aside")
    resumed = final_score(game(exe, "--autoplay", "--fast", "--resume", "--stats"))
    if resumed != uninterrupted:
        raise CheckFailed(f"the resumed match ended {resumed!r}, the uninterrupted one "
                          f"{uninterrupted!r}")
    say(f"the new build loaded the settings (French) and resumed the save: {resumed}")
    crashes = sorted(data.glob("logs/crash-*.log"))
    if crashes:
        raise CheckFailed("a crash log: " + crashes[0].read_text(encoding="utf-8"))

    # 5. the data folder refused; the same version installed into another folder (a parent
    # the installer makes): one copy
    data_folder_refused(newer, local, data)
    moved(newer, newer_version, folder, MOVED_DIR, links, data)
    moved_dir = unix_path(MOVED_DIR)
    made = unix_path(str(PureWindowsPath(MOVED_DIR).parent))
    if not programs_there and install_dir.parent.exists():
        raise CheckFailed(f"{install_dir.parent.name}, made by the first install, is still there "
                          "empty")

    # 6. uninstall
    key = uninstall_key()
    assert key is not None
    before = snapshot(data)
    uninstall(key)
    check_gone(moved_dir, links)
    if moved_dir.exists():
        raise CheckFailed(f"{MOVED_DIR} is still there: {sorted(os.listdir(moved_dir))}")
    if made.exists():
        raise CheckFailed(f"{made}, made by the installer and now empty, is still there")
    same_data(data, before, "the uninstall")
    say(f"uninstalled: program files, shortcuts, key and the empty parent the installer made "
        f"gone; the data folder kept as it was ({', '.join(before)})")

    # 7. /D= a folder of the player's choice
    custom = unix_path(CUSTOM_DIR)
    custom.mkdir(parents=True)
    (custom / "my notes.txt").write_text("the player's own file\n")
    install(installer, f"/D={CUSTOM_DIR}")
    check_key(uninstall_key(), version, CUSTOM_DIR)
    check_shortcut(links[0], CUSTOM_DIR)
    key = uninstall_key()
    assert key is not None
    uninstall(key)
    check_gone(custom, links)
    left = sorted(os.listdir(custom))
    if left != ["my notes.txt"]:
        raise CheckFailed(f"after uninstalling from {CUSTOM_DIR}, it holds {left}")
    same_data(data, before, "the second install and uninstall")
    say(f"/D={CUSTOM_DIR}: installed there and uninstalled; the player's file stays")

    # 8. folders the installer made, one of which the player then used: kept
    install(installer, f"/D={DEEP_DIR}")
    top = unix_path(str(PureWindowsPath(DEEP_DIR).parents[1]))
    (top / "scores.txt").write_text("the player's own file\n")
    key = uninstall_key()
    assert key is not None
    uninstall(key)
    left = sorted(os.listdir(top)) if top.exists() else None
    if left != ["scores.txt"]:
        raise CheckFailed(f"after uninstalling from {DEEP_DIR}, {top.name} holds {left}")
    say(f"/D={DEEP_DIR}: uninstalled; the empty folders the installer made gone, the one "
        "holding the player's file kept")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    shots = None
    if argv[:1] == ["--screenshots"]:
        shots, argv = Path(argv[1]), argv[2:]
    installer = Path(argv[0]) if argv else wi.default_output(version_info.read_version())
    for tool in ("wine", "wineboot", "wineserver", "winepath", "makensis"):
        if shutil.which(tool) is None:
            print(f"installer check: {tool} is missing (apt-get install wine64 wine nsis)",
                  file=sys.stderr)
            return 1
    if not installer.is_file():
        print(f"installer check: no {installer} (make installer-windows)", file=sys.stderr)
        return 1
    start = time.monotonic()
    try:
        if shots is not None:
            from installer_screenshots import screenshots

            screenshots(shots, installer.resolve())
            return 0
        check(installer.resolve())
    except (CheckFailed, subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        print(f"installer check FAILED: {err}", file=sys.stderr)
        return 1
    finally:
        subprocess.run(["wineserver", "-k"], env=env(), check=False, capture_output=True)
    say(f"passed in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
