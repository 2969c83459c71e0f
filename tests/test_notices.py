"""The licences shipped with the bundles (tools/notices.py): every file and module of a bundle
belongs to a component with a licence text, and one that does not is caught; one name for the
authors everywhere.  The real bundles are checked by tests/test_package.py (BELOZ_BUNDLE)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import notices  # noqa: E402
import version_info  # noqa: E402

#: Components only the Windows bundle holds (pyttsx3's SAPI 5 driver): not installed here.
WINDOWS_ONLY = ("comtypes", "pywin32")
DISTS = {"pygame": ["pygame-ce"], "pygame_gui": ["pygame-gui"], "i18n": ["python-i18n"],
         "filelock": ["filelock"], "newpkg": ["newpkg"]}


def test_each_file_and_module_goes_to_its_component():
    inv = notices.attribute(
        ["BeloZ.exe", "pygame/SDL2.dll", "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10",
         "pygame/base.cp313-win_amd64.pyd", "pygame/freesansbold.ttf", "_ctypes.pyd",
         "python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", "beloz/ai/_dds.so",
         "assets/fonts/DejaVuSans.ttf", "pygame_gui/data/NotoSans-Regular.ttf"],
        ["pygame", "json", "beloz", "i18n", "filelock", "pyimod02_importers"], DISTS)
    assert inv.unknown_files == [] and inv.unknown_modules == []
    assert inv.files["SDL2"] == ["pygame/SDL2.dll",
                                 "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10"]
    # a library in pygame's folder is SDL's, not pygame-ce's (which keeps its own modules)
    assert inv.files["pygame-ce"] == ["pygame/base.cp313-win_amd64.pyd"]
    assert inv.files["CPython"] == ["_ctypes.pyd", "python3.11/lib-dynload/"
                                    "_json.cpython-311-x86_64-linux-gnu.so"]
    assert inv.modules["CPython"] == ["json"]
    assert inv.modules["python-i18n"] == ["i18n"]
    assert inv.files["Noto Sans (pygame_gui's font)"] and inv.files["DejaVu fonts"]
    assert "BeloZ" not in inv.names(), "the game is not a third party"
    assert {"PyInstaller bootloader", "SDL2", "GNU FreeFont (FreeSansBold)",
            "filelock"} <= set(inv.names())


def test_a_new_dependency_without_a_component_is_caught():
    inv = notices.attribute(["pygame/SDL2.dll", "newpkg.libs/libnew.so.1", "libnew.so.1"],
                            ["pygame", "newpkg", "unheard_of"], DISTS)
    assert inv.unknown_files == ["newpkg.libs/libnew.so.1", "libnew.so.1"]
    assert inv.unknown_modules == ["newpkg", "unheard_of"]
    text = notices.render(inv, "9.9")
    assert f"{notices.UNIDENTIFIED}:" in text and "(module) newpkg" in text
    assert notices.listed(text) == inv.names() == ["pygame-ce", "SDL2"]


def test_the_windows_voice_is_attributed_without_its_distributions_installed():
    """The Windows bundle is checked by this Linux Python, which has neither comtypes nor
    pywin32: their modules and files are named in the table."""
    inv = notices.attribute(
        ["pywin32_system32/pythoncom313.dll", "pywin32_system32/pywintypes313.dll",
         "win32/win32api.pyd", "win32/_win32sysloader.pyd", "_ctypes.pyd"],
        ["comtypes", "pythoncom", "pywintypes", "win32con", "win32evtlogutil", "winerror",
         "pywin32_system32", "winreg"], {})
    assert inv.unknown_files == [] and inv.unknown_modules == []
    assert inv.modules["comtypes"] == ["comtypes"]
    assert "winreg" in inv.modules["CPython"] and "_ctypes.pyd" in inv.files["CPython"]
    assert len(inv.files["pywin32"]) == 4 and "win32/win32api.pyd" not in inv.files["CPython"]
    assert set(WINDOWS_ONLY) <= set(inv.names())


def test_a_licence_from_a_dist_infos_licenses_folder():
    c = notices.Component("x", "y", "MPL-2.0", dist="pyttsx3", texts=("licenses:LICENSE",))
    ((where, text),) = notices.licence_texts(c)
    assert where.startswith("pyttsx3 2.99, pyttsx3-2.99.dist-info/licenses/LICENSE")
    assert "Mozilla Public License" in text
    with pytest.raises(FileNotFoundError):
        notices.licence_texts(notices.Component("x", "y", "z", dist="pyttsx3",
                                                texts=("licenses:NOPE.txt",)))


def test_every_component_has_its_licence_text():
    """Every text a component names is found (the repository's licenses/, the installed
    distributions, this Python's LICENSE.txt) and is a licence, not a stub."""
    for c in notices.COMPONENTS:
        if c.dist and importlib.util.find_spec("PyInstaller") is None and \
                c.dist == "pyinstaller":
            continue  # PyInstaller is installed by `make exe` only
        if not c.third_party:
            continue
        if c.name in WINDOWS_ONLY and notices._dist(str(c.dist)) is None:
            continue  # the Windows build's own Python has them (and stops on a text missing)
        texts = notices.licence_texts(c)
        assert texts, c.name
        assert all(text.strip() for _, text in texts), c.name
        assert any(len(text) > 300 and any(w in text.lower() for w in (
            "permission", "licen", "public domain")) for _, text in texts), c.name
        if "LGPL" in c.licence or c.name in ("pygame-ce", "SDL2"):
            assert c.source.startswith("http"), f"{c.name}: where to get its source"


def test_pygame_ce_says_where_its_source_and_sdls_are():
    inv = notices.attribute(["pygame/SDL2.dll", "pygame/base.pyd"], ["pygame"], DISTS)
    text = notices.render(inv, "9.9")
    pygame_version = notices.version_of(next(c for c in notices.COMPONENTS
                                             if c.name == "pygame-ce"))
    assert f"https://github.com/pygame-community/pygame-ce/tree/{pygame_version}" in text
    assert "https://github.com/libsdl-org/SDL/releases" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1" in text


def test_the_authors_have_one_name():
    name = notices.AUTHORS
    assert f"Copyright (c) 2026 {name}" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    nsi = (ROOT / "installer" / "BeloZ.nsi").read_text(encoding="utf-8")
    assert f'!define PUBLISHER "{name}"' in nsi
    assert name.lower() in version_info.COPYRIGHT.lower()
    for path in ("LICENSE", "installer/BeloZ.nsi", "tools/version_info.py", "pyproject.toml",
                 "README.md", "docs/packaging.md", "docs/windows.md",
                 "tools/windows_installer_check.py"):
        assert "beloz developers" not in (ROOT / path).read_text(encoding="utf-8").lower(), path
    for doc in ("docs/packaging.md", "docs/windows.md"):  # the licences; the installer's publisher
        assert name in (ROOT / doc).read_text(encoding="utf-8"), doc


def test_the_spec_and_the_installer_ship_the_licences():
    spec = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    assert "notices.write(FOLDER, VERSION)" in spec
    nsi = (ROOT / "installer" / "BeloZ.nsi").read_text(encoding="utf-8")
    assert 'MUI_PAGE_LICENSE "${BUNDLE}/LICENSE.txt"' in nsi
    for name in (notices.LICENSE, notices.NOTICES):
        assert f'File "${{BUNDLE}}/{name}"' in nsi and f'Delete "$INSTDIR\\{name}"' in nsi


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_to_play_says_where_the_notices_are(lang):
    import json

    strings = json.loads((ROOT / "beloz" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    text = json.dumps(strings, ensure_ascii=False)
    assert notices.NOTICES in text and notices.LICENSE in text
