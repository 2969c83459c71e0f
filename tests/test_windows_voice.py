"""The spoken table's voice on Windows (pyttsx3's SAPI 5 driver), checked from Linux: the
Windows wheels pin what pyttsx3 requires there, the spec ships comtypes without wrappers
generated on the build machine, comtypes writes its wrappers in the data folder, and
``--selftest``'s voice check tells a module the bundle lacks from a machine without a voice.
The Windows bundle itself is checked under Wine by `.ci/run` (its ``--selftest``)."""

from __future__ import annotations

import importlib.metadata as md
import re
import sys
import types
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement

from beloz.ui import speech

ROOT = Path(__file__).resolve().parents[1]
#: What pip's markers see on the Windows the bundle is built for (CPython 3.13, 64-bit).
WINDOWS = {"platform_system": "Windows", "sys_platform": "win32", "os_name": "nt",
           "python_version": "3.13", "python_full_version": "3.13.2",
           "platform_machine": "AMD64", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "extra": ""}
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+) --hash=sha256:[0-9a-f]{64}$")


def pins(path: Path) -> dict[str, str]:
    """name -> version of a requirements file whose every line is pinned with its hash."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            m = PIN.match(line)
            assert m, f"{path.name}: not a pin with its hash: {line}"
            out[re.sub(r"[-_.]+", "-", m[1]).lower()] = m[2]
    return out


def windows_requirements(dist: str) -> list[Requirement]:
    reqs = [Requirement(r) for r in md.requires(dist) or ()]
    return [r for r in reqs if r.marker is None or Marker(str(r.marker)).evaluate(WINDOWS)]


def test_the_windows_wheels_pin_pyttsx3_and_what_it_requires_on_windows():
    windows = pins(ROOT / "requirements-windows.txt") | pins(
        ROOT / "requirements-windows-sdist.txt")
    runtime = dict(line.split("==") for line in (ROOT / "requirements.txt").read_text(
        encoding="utf-8").splitlines() if "==" in line and not line.startswith("#"))
    for name, version in runtime.items():
        assert windows.get(name.lower()) == version, f"{name}=={version} for Windows"
    required = windows_requirements("pyttsx3")
    # pyttsx3 2.99: comtypes, pypiwin32 and pywin32 (markers platform_system == "Windows")
    assert {r.name for r in required} >= {"comtypes", "pywin32", "pypiwin32"}
    for req in required:
        assert req.name in windows, f"requirements-windows.txt lacks {req}"
        assert req.specifier.contains(windows[req.name]), f"{req} vs {windows[req.name]}"


def test_the_pin_check_catches_a_missing_windows_requirement(tmp_path):
    path = tmp_path / "requirements-windows.txt"
    text = (ROOT / "requirements-windows.txt").read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^comtypes==.*\n", "", text), encoding="utf-8")
    assert "comtypes" not in pins(path)
    assert "comtypes" in {r.name for r in windows_requirements("pyttsx3")}


def test_the_spec_ships_comtypes_for_sapi5_without_generated_wrappers():
    spec = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    assert '"win32": ["pyttsx3.drivers.sapi5"]' in spec
    assert 'SPEECH_EXCLUDES = ["comtypes.gen", "comtypes.test"]' in spec
    assert 'collect_submodules(\n        "comtypes"' in spec and "*SPEECH_EXCLUDES" in spec
    # Linux keeps its espeak driver
    assert '["pyttsx3.drivers.espeak", "pyttsx3.drivers._espeak"]' in spec


@pytest.fixture
def fake_comtypes(monkeypatch):
    """comtypes as far as ``comtypes_cache`` sees it (the real one needs Windows)."""
    fake = types.ModuleType("comtypes")
    monkeypatch.setitem(sys.modules, "comtypes", fake)
    monkeypatch.delitem(sys.modules, "comtypes.gen", raising=False)
    return fake


def test_comtypes_writes_its_wrappers_in_the_data_folder(fake_comtypes, tmp_path):
    folder = tmp_path / "data" / speech.COMTYPES_CACHE
    assert speech.comtypes_cache(folder)
    assert folder.is_dir()
    assert sys.modules["comtypes.gen"].__path__ == [str(folder)]
    assert fake_comtypes.gen is sys.modules["comtypes.gen"]
    assert not speech.comtypes_cache(tmp_path / "other")  # comtypes.gen made: left alone
    assert sys.modules["comtypes.gen"].__path__ == [str(folder)]


def test_comtypes_chooses_when_the_data_folder_cannot_be_made(fake_comtypes, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert not speech.comtypes_cache(blocker / "cache")
    assert "comtypes.gen" not in sys.modules


def fake_sapi5_modules(monkeypatch, missing: str = "") -> None:
    for name in speech.SAPI5_MODULES[1:-1]:
        if name != missing:
            monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
        else:
            monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError


def test_the_selftest_tells_a_module_the_bundle_lacks(monkeypatch, tmp_path):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(speech, "comtypes_cache", lambda folder: False)
    fake_sapi5_modules(monkeypatch, missing="pythoncom")
    voice, problems = speech.check_sapi5()
    assert voice == "none"
    assert problems and "cannot load pythoncom" in problems[0]


def test_the_selftest_tells_a_voice_or_its_absence_without_a_problem(monkeypatch, tmp_path):
    import pyttsx3

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(speech, "comtypes_cache", lambda folder: False)
    fake_sapi5_modules(monkeypatch)

    def no_voice(driver):
        raise ImportError("cannot import name 'SpeechLib' from 'comtypes.gen'")

    monkeypatch.setattr(pyttsx3, "init", no_voice)
    voice, problems = speech.check_sapi5()
    assert problems == [] and "no voice here: ImportError" in voice and "pythoncom" in voice

    class Engine:
        def getProperty(self, name):  # noqa: N802 - pyttsx3's name
            return [types.SimpleNamespace(name="Microsoft Zira Desktop")]

    monkeypatch.setattr(pyttsx3, "init", lambda driver: Engine())
    assert speech.check_sapi5() == ("sapi5, voices: Microsoft Zira Desktop", [])
