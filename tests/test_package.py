"""Packaging: resource paths from source and from a PyInstaller bundle, nothing written in the
bundle, and (when ``BELOZ_BUNDLE`` names a built ``dist/BeloZ``, as .ci/run does after
``make exe``) the real bundle: its contents, its size, and the executable run headless.
With ``BELOZ_BUNDLE=dist/BeloZ-windows`` (after ``make exe-windows``) the same tests check the
Windows bundle, run under Wine on Linux (tools/windows_build.py): its icon and version
resource too.

In a bundle, PyInstaller's bootloader sets ``sys._MEIPASS`` to the bundle's ``_internal``
folder before anything is imported; ``beloz.ui.assets.asset_path`` looks there, and
``beloz.i18n`` finds its JSON beside its own module, which the bundle puts in the same tree.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import beloz
from beloz import i18n, savegame, storage
from beloz.ui import assets

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = os.environ.get("BELOZ_BUNDLE")
#: A Windows bundle (BeloZ.exe), and whether it runs under Wine (on Linux).
WINDOWS = bool(BUNDLE) and (Path(BUNDLE) / "BeloZ.exe").is_file()
UNDER_WINE = WINDOWS and sys.platform != "win32"
#: Names that must never be in the bundle: test, lint, type-check and benchmark tools.
DEV_JUNK = ("pytest", "_pytest", "hypothesis", "mypy", "belote", "belote_cli", "ruff",
            "PyInstaller", "pip", "setuptools", "tkinter", "numpy")
MAX_BUNDLE_MB = 60  # dist/BeloZ is about 36 MB on Linux
MAX_ZIP_MB = 30  # dist/BeloZ.zip about 16 MB, dist/BeloZ-windows.zip about 18 MB


def tree_state(path: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``path``: (size, mtime_ns), to see that nothing changed."""
    out = {}
    for p in sorted(path.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(path))] = (st.st_size if p.is_file() else 0, st.st_mtime_ns)
    return out


@pytest.fixture
def fake_bundle(tmp_path, monkeypatch):
    """A bundle's _internal layout (assets/, beloz/i18n/) and sys._MEIPASS pointing at it."""
    internal = tmp_path / "BeloZ" / "_internal"
    shutil.copytree(ROOT / "assets", internal / "assets")
    shutil.copytree(ROOT / "beloz" / "i18n", internal / "beloz" / "i18n",
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    return internal


# -- from source ----------------------------------------------------------------------------


def test_resources_from_source_are_in_the_repository(monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert assets.asset_path("theme.json") == ROOT / "assets" / "theme.json"
    for parts in (("theme.json",), ("fonts", "DejaVuSans.ttf"), ("fonts", "DejaVuSans-Bold.ttf"),
                  ("cards", "back.svg"), ("table.svg",), ("icon.png",), ("sounds", "deal.wav")):
        assert assets.asset_path(*parts).is_file(), parts
    for lang in i18n.LANGUAGES:
        assert i18n.strings_path(lang).is_file()


def test_every_file_named_in_the_code_is_shipped(monkeypatch):
    """Whatever asset_path is asked for in beloz/ lives under assets/, which the spec ships."""
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    names = set()
    for py in (ROOT / "beloz").rglob("*.py"):
        for m in re.finditer(r"asset_path\(([^)]*)\)", py.read_text(encoding="utf-8")):
            args = re.findall(r"\"([\w.\-]+)\"", m[1])
            if args and "{" not in m[1]:
                names.add(tuple(args))
    assert ("theme.json",) in names
    for parts in names:
        assert assets.asset_path(*parts).exists(), parts


def test_the_spec_ships_what_the_game_reads_and_no_dev_tools():
    spec = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    assert 'name="BeloZ"' in spec and "console=False" in spec
    assert '"assets"' in spec and '"beloz/i18n"' in spec and '"beloz/lessons"' in spec
    assert 'collect_data_files("pygame_gui")' in spec
    for name in ("pytest", "hypothesis", "mypy", "belote"):
        assert f'"{name}"' in spec, name
    assert "COLLECT(" in spec, "one-folder build"


# -- from a (fake) bundle -------------------------------------------------------------------


def test_asset_path_looks_in_the_bundle(fake_bundle):
    assert assets.asset_path("theme.json") == fake_bundle / "assets" / "theme.json"
    assert assets.asset_path("cards", "animals", "lion.svg").is_file()


@pytest.mark.slow
def test_the_game_runs_from_a_bundle_layout_and_writes_only_in_the_data_dir(
        fake_bundle, tmp_path, monkeypatch, capsys):
    import main
    from beloz.ui import app as app_mod

    data = tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    # app.THEME_PATH is computed at import, which in a bundle comes after _MEIPASS is set.
    monkeypatch.setattr(app_mod, "THEME_PATH", assets.asset_path("theme.json"))
    assert str(app_mod.THEME_PATH).startswith(str(fake_bundle))
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)  # nothing written relative to the working directory either
    before = tree_state(fake_bundle.parent)
    assert main.main(["--selftest"]) == 0
    assert main.main(["--autoplay", "--fast", "--seed", "2", "--level", "heuristic",
                      "--save"]) == 0
    assert "Final score" in capsys.readouterr().out
    assert tree_state(fake_bundle.parent) == before, "nothing is written inside the bundle"
    assert list(cwd.iterdir()) == []
    assert data.is_dir(), "the saves went to the data dir (the last one is gone: match over)"


def test_the_data_dir_is_never_inside_the_bundle(fake_bundle, monkeypatch):
    monkeypatch.delenv("BELOZ_DATA_DIR", raising=False)
    d = storage.data_dir().resolve()
    assert not d.is_relative_to(fake_bundle.parent.resolve())
    assert d.name == "BeloZ"


# -- the real bundle (BELOZ_BUNDLE=dist/BeloZ, after `make exe`) ----------------------------

bundle_only = pytest.mark.skipif(not BUNDLE, reason="set BELOZ_BUNDLE=dist/BeloZ after make exe")


def bundle_dir() -> Path:
    return Path(BUNDLE or "").resolve()


def bundle_exe() -> Path:
    return bundle_dir() / ("BeloZ.exe" if WINDOWS else "BeloZ")


def core_name() -> str:
    return "_dds.dll" if WINDOWS else "_dds.so"


def shown_path(path: Path) -> str:
    """A path as the bundle names it (under Wine, the Z: drive that maps the Linux root)."""
    return "Z:" + str(path).replace("/", "\\") if UNDER_WINE else str(path)


def tool(name: str) -> Any:
    """A module of tools/ (not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bundle_command(*args: str, data: Path) -> tuple[list[str], dict[str, str]]:
    """The command line and environment that start the bundle headless (under Wine for a
    Windows bundle on Linux: the clone's Wine prefix, tools/windows_build.py)."""
    env = dict(os.environ)
    if UNDER_WINE:
        env = tool("windows_build").wine_env()
    env.update(BELOZ_DATA_DIR=shown_path(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONTRACEMALLOC"):
        env.pop(var, None)
    if not UNDER_WINE:
        return [str(bundle_exe()), *args], env
    return ["wine", shown_path(bundle_exe()), *args], env


def run_bundle(*args: str, data: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    # Piped output (capture_output): under Wine a file as stdout stays empty.
    cmd, env = bundle_command(*args, data=data)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout,
                          cwd=data.parent)


@bundle_only
def test_bundle_contents_and_size():
    b = bundle_dir()
    internal = b / "_internal"
    assert bundle_exe().is_file() and os.access(bundle_exe(), os.X_OK)
    for rel in ("assets/theme.json", "assets/fonts/DejaVuSans.ttf", "assets/cards/back.svg",
                "assets/sounds/deal.wav", "assets/icon.png", "beloz/i18n/en.json",
                "beloz/i18n/fr.json", "beloz/lessons/01-cards.json",
                "beloz/practice/builtin/beloz.json", "beloz/ai/contract_model.json",
                "pygame_gui/data/default_theme.json",
                "pygame_gui/data/NotoSans-Regular.ttf",
                "pygame_gui/data/translations/pygame-gui.fr.json"):
        assert (internal / rel).is_file(), rel
    if sys.platform.startswith("linux") and not WINDOWS:  # the menu entry and its icon
        for shipped, source in (("BeloZ.desktop", "BeloZ.desktop"), ("beloz.png", "icon.png")):
            assert (b / shipped).read_bytes() == (ROOT / "assets" / source).read_bytes()
    names = {p.name.split(".")[0] for p in internal.iterdir()}
    assert not names & set(DEV_JUNK), names & set(DEV_JUNK)
    assert not list(internal.rglob("NotoSansJP*")), "CJK fonts are left out"
    assert (internal / "beloz" / "ai" / core_name()).is_file(), "the compiled solver is shipped"
    assert not (set(internal.glob("beloz/ai/_dds.*")) - {internal / "beloz" / "ai" / core_name()}
                ), "only this system's compiled solver"
    size = sum(p.lstat().st_size for p in b.rglob("*") if not p.is_dir()) / 2**20
    assert size < MAX_BUNDLE_MB, f"{size:.1f} MB"
    zipped = b.parent / ("BeloZ-windows.zip" if WINDOWS else "BeloZ.zip")
    if zipped.is_file():
        assert zipped.stat().st_size / 2**20 < MAX_ZIP_MB
        with zipfile.ZipFile(zipped) as z:
            info = z.getinfo(f"BeloZ/{bundle_exe().name}")
            z.getinfo(f"BeloZ/_internal/beloz/ai/{core_name()}")
            if not WINDOWS:
                assert (info.external_attr >> 16) & 0o111, "the executable keeps its x bit"
    if WINDOWS:
        assert_icon_and_version_resource(bundle_exe())


def assert_icon_and_version_resource(exe_path: Path) -> None:
    """pyinstaller.spec gives BeloZ.exe assets/icon.ico and tools/version_info.py's resource:
    PyInstaller copies each image of the .ico into the exe as it is, and the resource's
    strings are UTF-16."""
    version_info = tool("version_info")
    exe = exe_path.read_bytes()
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    count = struct.unpack_from("<H", ico, 4)[0]
    assert count >= 4
    for k in range(count):
        size, offset = struct.unpack_from("<II", ico, 6 + 16 * k + 8)
        assert ico[offset:offset + size] in exe, f"icon image {k} is not in BeloZ.exe"
    for text in (version_info.DESCRIPTION, f"{version_info.PRODUCT}.exe", beloz.__version__):
        assert text.encode("utf-16-le") in exe, text


@bundle_only
def test_bundle_carries_its_licences():
    """LICENSE.txt and THIRD-PARTY-NOTICES.txt beside the executable and in the zip, and the
    notices give a section to each component the bundle holds, and to no other: every file
    and Python module of the bundle belongs to a component (tools/notices.py), so a new
    dependency without its notice fails here."""
    # imported, not loaded as tool() does: its dataclasses need it in sys.modules
    sys.path.insert(0, str(ROOT / "tools"))
    notices = importlib.import_module("notices")
    b = bundle_dir()
    assert notices.problems(b) == []
    text = (b / notices.NOTICES).read_text(encoding="utf-8")
    held = set(notices.listed(text))
    assert {"CPython", "pygame-ce", "SDL2", "SDL2_image", "SDL2_ttf", "SDL2_mixer", "FreeType",
            "pygame_gui", "python-i18n", "platformdirs", "filelock", "pytweening",
            "DejaVu fonts", "PyInstaller bootloader"} <= held, held
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text  # pygame-ce's, with its source:
    assert "https://github.com/pygame-community/pygame-ce/tree/" in text
    assert "https://github.com/libsdl-org/SDL/releases" in text
    assert notices.AUTHORS in (b / notices.LICENSE).read_text(encoding="utf-8")
    zipped = b.parent / ("BeloZ-windows.zip" if WINDOWS else "BeloZ.zip")
    if zipped.is_file():
        with zipfile.ZipFile(zipped) as z:
            for name in (notices.LICENSE, notices.NOTICES):
                assert z.read(f"BeloZ/{name}") == (b / name).read_bytes(), name


@bundle_only
def test_bundle_python_modules_hold_no_dev_tools():
    readers = pytest.importorskip("PyInstaller.archive.readers")
    pkg = readers.CArchiveReader(str(bundle_exe()))
    pyz_name = next(n for n in pkg.toc if n.endswith(".pyz"))
    pyz = pkg.open_embedded_archive(pyz_name)
    modules = set(pyz.toc)
    tops = {m.split(".")[0] for m in modules}
    assert {"beloz", "pygame_gui", "platformdirs", "i18n", "pytweening", "filelock"} <= tops
    assert "beloz.ui.scenes.table" in modules and "beloz.ui.procworker" in modules
    assert not tops & set(DEV_JUNK), tops & set(DEV_JUNK)


@bundle_only
def test_bundle_runs_headless_and_writes_only_in_the_data_dir(tmp_path):
    before = tree_state(bundle_dir())
    data = tmp_path / "data"
    version = run_bundle("--version", data=data)
    assert version.stdout == f"BeloZ {beloz.__version__}\n"
    selftest = run_bundle("--selftest", "--require-compiled-solver", data=data)
    assert selftest.returncode == 0, selftest.stdout + selftest.stderr
    assert re.search(r"selftest: \d+ checks, 0 problems", selftest.stdout)
    # the bundle loads its own copy of the C solver, which gives the Python solver's values
    core = bundle_dir() / "_internal" / "beloz" / "ai" / core_name()
    assert (f"selftest: double-dummy solver compiled ({shown_path(core)}), the same values "
            "as in Python") in selftest.stdout
    game = run_bundle("--autoplay", "--fast", "--seed", "1", data=data)
    assert game.returncode == 0, game.stdout + game.stderr
    assert re.search(r"^Final score: \d+ - \d+ \(team [01] wins\)$", game.stdout, re.M)
    first = run_bundle("--exit-after-first-frame", data=data)
    assert first.returncode == 0 and "first frame:" in first.stdout
    assert tree_state(bundle_dir()) == before, "nothing is written inside the bundle"
    assert not list(data.glob("logs/crash-*.log"))
    assert (data / "logs" / "beloz.log").is_file()


@bundle_only
def test_bundle_thinks_in_its_helper_process(tmp_path):
    """A real (animated) game: the computer players' decisions go to the AI helper process,
    which a frozen executable starts as itself (multiprocessing.freeze_support in main.py),
    so a broken freeze would start a second game or never answer."""
    import json
    import signal
    import time

    data = tmp_path / "data"
    storage.atomic_write_json(data / "settings.json",
                              {"schema": 1, "animation_speed": 4.0, "sound": False})
    cmd, env = bundle_command("--autoplay", "--headless", "--save", "--level", "heuristic",
                              "--seed", "3", data=data)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    # Under Wine the helper is a Windows process that /proc does not show as a child.
    see_helpers = sys.platform.startswith("linux") and not UNDER_WINE
    helpers: set[str] = set()
    try:
        deadline = time.monotonic() + 90
        actions = 0
        while actions < 8:
            assert time.monotonic() < deadline, "the bundled game did not get through a deal"
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.2)
            try:
                # An autoplay saves in its own file, never in the person's savegame.json.
                save = data / savegame.AUTOPLAY_FILENAME
                hand = json.loads(save.read_text(encoding="utf-8"))["hand"]
            except (OSError, ValueError, KeyError):
                continue
            actions = len(hand["actions"]) if hand else actions
            if see_helpers:
                for child in Path("/proc").glob("[0-9]*"):
                    try:
                        stat = (child / "stat").read_text().rpartition(")")[2].split()
                        cmdline = (child / "cmdline").read_bytes().replace(b"\0", b" ")
                    except OSError:
                        continue
                    if int(stat[1]) == proc.pid:
                        helpers.add(cmdline.decode(errors="replace"))
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate(timeout=30)
        if UNDER_WINE:  # the game's helper process too, and nothing else of this prefix
            subprocess.run(["wineserver", "-k"], env=env, check=False)
    if see_helpers:
        assert any("--multiprocessing-fork" in c for c in helpers), helpers
        assert not any("--autoplay" in c for c in helpers), "a helper must not be a 2nd game"
    assert not list(data.glob("logs/crash-*.log"))


# The spoken table in the Linux bundle (issue 47): pyttsx3's espeak driver, which PyInstaller
# cannot see (pyttsx3 imports it by name: the spec's hiddenimports), synthesises through the
# system's libespeak-ng (ctypes) and plays each line with the system's `aplay`, started from
# the bundle (its LD_LIBRARY_PATH is _internal/).  ALSA's default device is a file here: no
# sound card needed.  tools/spoken_window_check.py plays a whole hand by ear the same way.
LINUX_BUNDLE = bool(BUNDLE) and not WINDOWS and sys.platform.startswith("linux")
ASOUNDRC = 'pcm.!default {{ type file; slave.pcm null; file "|cat >> {capture}"; format raw }}\n'


def speaking_bundle(tmp_path: Path, path: str, done: str, sound: bool) -> tuple[str, str, int]:
    """The bundle started with the spoken table on (its menu says its title and focus), the
    given PATH and ALSA's default device the file ``capture.raw``, until its log says
    ``done`` (and, with ``sound``, the capture has grown and stopped growing) or 60 s pass.
    Its log, its standard error and the capture's size."""
    import signal
    import time

    data, home, capture = tmp_path / "data", tmp_path / "home", tmp_path / "capture.raw"
    home.mkdir()
    (home / ".asoundrc").write_text(ASOUNDRC.format(capture=capture), encoding="utf-8")
    storage.atomic_write_json(data / "settings.json", {"schema": 1, "language": "en",
                                                       "spoken_table": "on", "sound": False})
    cmd, env = bundle_command(data=data)
    env.update(HOME=str(home), PATH=path)
    env.pop("BELOZ_SPEECH_DRIVER", None)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    log = data / "logs" / "beloz.log"
    try:
        deadline, size = time.monotonic() + 60, -1
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(1)
            now = capture.stat().st_size if capture.exists() else 0
            heard = not sound or 0 < now == size
            if heard and log.exists() and done in log.read_text(encoding="utf-8"):
                break
            size = now
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stderr = proc.communicate(timeout=30)[1].decode(errors="replace")
    assert not list(data.glob("logs/crash-*.log"))
    text = log.read_text(encoding="utf-8") if log.exists() else ""
    return text, stderr, capture.stat().st_size if capture.exists() else 0


def needs_linux_voice() -> None:
    import ctypes.util

    if not LINUX_BUNDLE:
        pytest.skip("set BELOZ_BUNDLE=dist/BeloZ after make exe, on Linux")
    if ctypes.util.find_library("espeak-ng") is None or shutil.which("aplay") is None:
        pytest.skip("the Linux voice needs espeak-ng and aplay (alsa-utils): install them")


def test_linux_bundle_speaks_through_aplay(tmp_path):
    needs_linux_voice()
    log, stderr, captured = speaking_bundle(tmp_path, os.environ["PATH"], " speak: ", sound=True)
    assert " speak: BeloZ." in log, log + stderr
    assert "speech: no voice" not in log and "Traceback" not in log + stderr, log + stderr
    # 16-bit samples at 22050 Hz: the menu's first line is more than half a second of sound
    assert captured > 22050, f"aplay played {captured} bytes"


def test_linux_bundle_without_aplay_says_so_once(tmp_path):
    needs_linux_voice()
    (tmp_path / "bin").mkdir()  # a PATH without aplay: the bundle needs nothing on it
    bare = str(tmp_path / "bin")
    log, stderr, captured = speaking_bundle(tmp_path, bare, " notify: ", sound=False)
    told = [line for line in log.splitlines() if " notify: " in line]
    assert len(told) == 1 and "no speech is available" in told[0], log + stderr
    assert "alsa-utils" in told[0] and "aplay" in told[0]
    assert log.count("speech: no voice") == 1
    assert "Traceback" not in log + stderr and captured == 0
