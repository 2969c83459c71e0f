"""What the release workflow builds on Windows and macOS, checked where it can be here: the
.icns icon, the Windows version resource (from the one version), the spec's per-system
parts, and the workflow itself (actionlint, the jobs and the checks each bundle gets).
"""

from __future__ import annotations

import io
import re
import shutil
import struct
import subprocess
import sys
import sysconfig
from pathlib import Path

import pygame
import pytest

import beloz
from beloz.ui import assets

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "tools"))
import version_info  # noqa: E402


def read_icns(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    chunks, i = {}, 8
    while i < len(data):
        kind, length = data[i:i + 4], struct.unpack(">I", data[i + 4:i + 8])[0]
        assert length > 8 and i + length <= len(data), (kind, length)
        chunks[kind] = data[i + 8:i + length]
        i += length
    return chunks


def test_the_icns_holds_every_size_as_png_and_matches_the_png_icon():
    chunks = read_icns((ROOT / "assets" / "icon.icns").read_bytes())
    assert set(chunks) == set(assets.ICNS_TYPES.values())
    for size, kind in assets.ICNS_TYPES.items():
        image = pygame.image.load(io.BytesIO(chunks[kind]), "x.png")
        assert image.get_size() == (size, size), kind
    # drawn from the same SVG by the same code as icon.png: not a stale copy
    assert chunks[b"ic08"] == (ROOT / "assets" / "icon.png").read_bytes()


def test_write_icns_layout(tmp_path):
    path = tmp_path / "a.icns"
    assets.write_icns(path, {16: b"P16", 1024: b"P1024"})
    assert path.read_bytes() == (b"icns" + struct.pack(">I", 8 + 11 + 13)
                                 + b"icp4" + struct.pack(">I", 11) + b"P16"
                                 + b"ic10" + struct.pack(">I", 13) + b"P1024")


class Call:
    """Stands for PyInstaller's version-info classes: records what it was built with."""

    def __init__(self, name: str):
        self.name = name

    def __call__(self, *args, **kwargs):
        return (self.name, args, kwargs)


def evaluate_version_file(text: str):
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    return eval(text, {n: Call(n) for n in names})  # PyInstaller reads the file this way


def test_the_windows_version_resource_carries_the_version():
    assert version_info.read_version() == beloz.__version__
    name, _, info = evaluate_version_file(version_info.windows_version_file("1.2.3"))
    assert name == "VSVersionInfo"
    ffi = info["ffi"][2]
    assert ffi["filevers"] == ffi["prodvers"] == (1, 2, 3, 0)
    table = info["kids"][0][1][0][0][1][1]
    strings = {args[0]: args[1] for _, args, _ in table}
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.3"
    assert strings["OriginalFilename"] == "BeloZ.exe" and strings["ProductName"] == "BeloZ"


def test_version_tuple():
    assert version_info.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert version_info.version_tuple("2.0rc1") == (2, 0, 1, 0)
    assert version_info.version_tuple("1.2.3.4.5") == (1, 2, 3, 4)
    assert version_info.version_tuple("1.0+local.7") == (1, 0, 0, 0)
    for bad in ("", "v1", "x.y", "70000.0"):
        with pytest.raises(ValueError):
            version_info.version_tuple(bad)


def test_the_spec_builds_each_system_its_way():
    spec = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    assert '"win32": "icon.ico", "darwin": "icon.icns"' in spec
    assert "windows_version_file(VERSION)" in spec and "version=str(version_file)" in spec
    assert "BUNDLE(" in spec and 'name="BeloZ.app"' in spec and "version=VERSION" in spec
    assert '"BeloZ.desktop"' in spec and '"beloz.png"' in spec
    for name in ("icon.ico", "icon.icns", "icon.png", "BeloZ.desktop"):
        assert (ROOT / "assets" / name).is_file(), name


def actionlint() -> str:
    found = shutil.which("actionlint", path=sysconfig.get_path("scripts"))
    assert found, "actionlint is installed by requirements-dev.txt"
    return found


def test_actionlint_passes_the_workflow_and_catches_a_broken_one(tmp_path):
    ok = subprocess.run([actionlint(), str(WORKFLOW)], capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    broken = tmp_path / "release.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace(
        "runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.system }}"), encoding="utf-8")
    bad = subprocess.run([actionlint(), str(broken)], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 1 and "matrix.system" in bad.stdout
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test:.*\n(\t.*\n)*\t\$\(BIN\)/actionlint \.github/workflows/", make, re.M)


def test_the_workflow_builds_runs_and_attaches_every_system():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"^on:\n  push:\n    tags: \[\"v\*\"\]", text, re.M)
    for os_name in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert f"- os: {os_name}" in text
    assert "make exe" in text and "python -m PyInstaller --noconfirm" in text
    assert "dist/BeloZ.app/Contents/MacOS/BeloZ" in text and "dist/BeloZ/BeloZ.exe" in text
    # every system's bundle carries the solver's compiled core, or its self-test fails
    assert re.search(r"if: runner\.os != 'Linux'\n        run: \|\n(          .*\n)*"
                     r"          python -m pip install .*-r requirements-setup\.txt\n"
                     r"          python setup\.py build_ext --inplace --force\n"
                     r"(          .*\n)*          python -m PyInstaller", text)
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^exe: .*\$\(DDS_LIB\)", make, re.M)
    assert re.search(r"^\$\(DDS_LIB\): .*\n\t\$\(BIN\)/python setup\.py .*build_ext --inplace",
                     make, re.M)
    assert '"$EXE" --selftest --require-compiled-solver' in text
    for run in ('"$EXE" --selftest', '"$EXE" --autoplay --fast --seed 1',
                '"$EXE" --exit-after-first-frame'):
        assert run in text
    assert "SDL_VIDEODRIVER: dummy" in text and "SDL_AUDIODRIVER: dummy" in text
    assert "gh release upload" in text and "contents: write" in text


def test_the_windows_installer_is_built_checked_and_attached():
    """`make installer-windows` builds dist/BeloZ-Setup-<version>.exe with NSIS, .ci/run checks
    it under Wine after the Windows bundle's checks, and the release workflow builds it from
    the Windows bundle, tries it on a Windows runner and attaches it beside the zips."""
    import windows_installer

    assert windows_installer.installer_name("1.2.3") == "BeloZ-Setup-1.2.3.exe"
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^\.PHONY:.* installer-windows ", make, re.M)
    assert re.search(r"^installer-windows:.*\n(\t.*\n)*\t\$\(BIN\)/python "
                     r"tools/windows_installer\.py\n", make, re.M)
    assert "|| $(MAKE) exe-windows" in make
    assert "install -y -qq --no-install-recommends nsis" in make
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    order = ["tools/windows_window_check.py\n", "\nmake installer-windows\n",
             "\n.venv/bin/python tools/windows_installer_check.py\n", 'step "done"']
    positions = [ci.find(s) for s in order]
    assert -1 not in positions and positions == sorted(positions), positions
    text = WORKFLOW.read_text(encoding="utf-8")
    jobs = text.split("\njobs:\n")[1]
    installer = jobs.split("\n  installer:\n")[1].split("\n  installer-test:\n")[0]
    assert "needs: bundle" in installer and "name: BeloZ-windows" in installer
    assert "apt-get install -y -qq --no-install-recommends nsis" in installer
    assert "python3 tools/windows_installer.py" in installer
    assert "name: BeloZ-Setup\n          path: dist/BeloZ-Setup-*.exe" in installer
    test = jobs.split("\n  installer-test:\n")[1].split("\n  release:\n")[0]
    assert "runs-on: windows-latest" in test and "-ArgumentList '/S'" in test
    assert "'--selftest', '--require-compiled-solver'" in test
    release = jobs.split("\n  release:\n")[1]
    assert "needs: [bundle, installer, installer-test]" in release
    assert re.search(r'gh release upload "\$TAG" zips/BeloZ-\*\.zip zips/BeloZ-Setup-\*\.exe',
                     release)


def test_the_installer_script_installs_per_user_and_keeps_the_players_data():
    nsi = (ROOT / "installer" / "BeloZ.nsi").read_text(encoding="utf-8")
    strings = (ROOT / "installer" / "strings.nsh").read_text(encoding="utf-8")
    assert "RequestExecutionLevel user" in nsi and "Target amd64-unicode" in nsi
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP}"' in nsi
    assert 'UNINST_KEY "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\BeloZ"' in nsi
    for value in ("DisplayName", "DisplayVersion", "Publisher", "DisplayIcon", "EstimatedSize",
                  "UninstallString", "QuietUninstallString", "InstallLocation"):
        assert re.search(rf'WriteReg(Str|DWORD) HKCU "\$\{{UNINST_KEY\}}" "{value}"', nsi), value
    assert 'CreateShortcut "$SMPROGRAMS\\${APP}.lnk"' in nsi
    assert 'CreateShortcut "$DESKTOP\\${APP}.lnk"' in nsi and "MUI_FINISHPAGE_RUN " in nsi
    assert '!insertmacro MUI_LANGUAGE "English"' in nsi
    assert '!insertmacro MUI_LANGUAGE "French"' in nsi
    # Every sentence of the installer's in both languages.
    defined = re.findall(r"^LangString (\w+) \$\{LANG_(ENGLISH|FRENCH)\} ", strings, re.M)
    names = {n for n, _ in defined}
    assert sorted(defined) == sorted((n, lang) for n in names for lang in ("ENGLISH", "FRENCH"))
    assert set(re.findall(r"\$\((\w+)\)", nsi)) <= names
    assert strings.count("$LOCALAPPDATA\\BeloZ") >= 4  # the data folder, named to the player
    # The first and last pages' picture, at the size NSIS's Modern UI wants (164x314).
    bmp = (ROOT / "installer" / "wizard.bmp").read_bytes()
    assert bmp[:2] == b"BM" and struct.unpack_from("<ii", bmp, 18) == (164, 314)
    assert 'MUI_WELCOMEFINISHPAGE_BITMAP "${ROOT}/installer/wizard.bmp"' in nsi
    # Only the files it installs are ever deleted: never a whole folder but _internal, never
    # the data folder (%LOCALAPPDATA%\BeloZ).
    deletes = re.findall(r"^\s*(Delete|RMDir)\b(.*)$", nsi, re.M)
    assert deletes and all("$LOCALAPPDATA" not in args for _, args in deletes)
    assert [args.strip() for kind, args in deletes if "/r" in args] == [
        '/r "$INSTDIR\\_internal"']


def test_the_installer_keeps_one_copy_and_says_what_its_buttons_say():
    """Issue 48: one installed copy (the installed folder offered; another folder uninstalls
    the old copy first, with its own uninstaller), the data folder refused, the folders it
    made removed when empty; sentences that name the buttons on screen, the uninstaller's last
    page saying what was kept, a language page, no one-box components page."""
    import windows_installer

    nsi = (ROOT / "installer" / "BeloZ.nsi").read_text(encoding="utf-8")
    strings = (ROOT / "installer" / "strings.nsh").read_text(encoding="utf-8")
    assert "MUI_PAGE_COMPONENTS" not in nsi and "SpaceTexts none" in nsi
    assert "!define MUI_FINISHPAGE_SHOWREADME_TEXT \"$(DesktopShortcut)\"" in nsi
    assert re.search(r'!define MUI_FINISHPAGE_TEXT "\$\(DataKeptDone\)"\n'
                     r'!insertmacro MUI_UNPAGE_FINISH', nsi)
    assert "!insertmacro MUI_LANGDLL_DISPLAY" in nsi and "GetUserDefaultUILanguage" in nsi
    assert "ExecWait '\"$OldDir\\${UNINSTALLER}\" /S _?=$OldDir' $0" in nsi
    assert 'StrCpy $R1 "$LOCALAPPDATA\\${APP}"' in nsi  # RefuseDataFolder
    assert nsi.count("Call RefuseDataFolder") == 3  # silent .onInit, the folder page, the section
    assert 'WriteRegStr HKCU "${UNINST_KEY}" "${CREATED_VALUE}" "$R6"' in nsi
    # Only the empty ones: RMDir without /r on the parents.
    assert re.search(r"^\s*RMDir \$R3$", nsi, re.M)
    defined = dict(((n, lang), text) for n, lang, text in re.findall(
        r'^LangString (\w+) \$\{LANG_(ENGLISH|FRENCH)\} "(.*)"$', strings, re.M))
    for (name, lang), text in defined.items():
        # Windows' own buttons (the "game running" box) follow Windows' language: not named.
        assert "Retry" not in text and "Réessayer" not in text, name
        clicks = re.findall(r"[Cc]li(?:ck|quez sur) (\w+)", text)
        allowed = {"ENGLISH": {"Next", "Browse", "Install", "Finish"},
                   "FRENCH": {"Suivant", "Parcourir", "Installer", "Fermer"}}[lang]
        assert set(clicks) <= allowed, (name, clicks)
        if lang == "FRENCH":
            assert "${SIZE_MB}" not in text and " MB" not in text, name
        else:
            assert "${SIZE_MB_FR}" not in text and " Mo" not in text, name
    assert '!searchreplace SIZE_MB_FR "${SIZE_MB}" "." ","' in strings
    assert windows_installer.size_mb(35841) == "35.0"
    assert "$LOCALAPPDATA\\BeloZ" in defined["DataKeptDone", "ENGLISH"]
    assert "were kept" in defined["DataKeptDone", "ENGLISH"]
    assert "ont été gardés" in defined["DataKeptDone", "FRENCH"]


def test_the_installer_check_reads_an_nsis_programs_strings(tmp_path):
    """tools/windows_installer_check.py's compiled_strings finds a LangString whole in a
    program makensis compiled as the installer is (amd64-unicode, solid LZMA), with NSIS's
    variable codes standing for the variables; source_strings reads strings.nsh alike."""
    import windows_installer_check as check

    source = check.source_strings()
    for name in check.UNINSTALLER_WORDS:
        assert (name, "ENGLISH") in source and (name, "FRENCH") in source, name
    makensis = shutil.which("makensis")
    if makensis is None:
        pytest.skip("makensis is not installed (make installer-windows installs it)")
    (tmp_path / "t.nsi").write_text(
        "Target amd64-unicode\nSetCompressor /SOLID lzma\nOutFile t.exe\n"
        "!include MUI2.nsh\n!insertmacro MUI_PAGE_INSTFILES\n"
        '!insertmacro MUI_LANGUAGE "English"\n!insertmacro MUI_LANGUAGE "French"\n'
        'LangString Kept ${LANG_ENGLISH} "Kept in $LOCALAPPDATA\\BeloZ, whole."\n'
        'LangString Kept ${LANG_FRENCH} "Gardés dans $LOCALAPPDATA\\BeloZ, en entier."\n'
        'Section\nDetailPrint "$(Kept)"\nSectionEnd\n', encoding="utf-8")
    subprocess.run([makensis, "-V1", "-INPUTCHARSET", "UTF8", "t.nsi"], cwd=tmp_path,
                   check=True, timeout=120)
    strings = check.compiled_strings(tmp_path / "t.exe")
    assert check.has_whole(strings, "Kept in §\\BeloZ, whole.")
    assert check.has_whole(strings, "Gardés dans §\\BeloZ, en entier.")
    assert not check.has_whole(strings, "Kept in §\\BeloZ")
