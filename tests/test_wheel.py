"""`pip install .`: the wheel holds the whole game (every module, every asset, main.py as
beloz/start/main.py), declares the `beloz` gui-script and the one version, and the installed
game starts from the installed files, not from this tree.

The wheel is built offline from a copy of the tree (the build writes build/ and *.egg-info
where it runs), with the setuptools pinned in requirements-dev.txt, then installed with
``pip --target`` (no dependencies: they are this environment's) and started headless.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import beloz

ROOT = Path(__file__).resolve().parents[1]
#: What the build reads; the rest of the tree (tests, bench, tools, docs) stays out.
BUILD_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "main.py", "beloz", "assets")
MAX_WHEEL_MB = 3  # about 1.6 MB


def source_files(folder: Path, pattern: str = "*") -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(pattern)
            if p.is_file() and "__pycache__" not in p.parts}


def pip(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    out = subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir", str(out),
        str(src), cwd=src)
    (whl,) = out.glob("beloz-*.whl")
    return whl


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    pip("install", "--no-deps", "--no-index", "--target", str(target), str(wheel),
        cwd=target)
    return target


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def dist_info(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as z:
        (path,) = [n for n in z.namelist() if re.fullmatch(rf"beloz-[^/]+\.dist-info/{name}", n)]
        return z.read(path).decode("utf-8")


def test_pyproject_lists_every_package_of_the_tree():
    """The packages are listed by hand (the tree is flat): a new sub-package goes there."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "beloz").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert listed - found == {"beloz.assets", "beloz.start"}


def test_the_wheel_holds_every_module_and_asset_and_nothing_else(wheel):
    names = wheel_names(wheel)
    game = {n for n in names if ".dist-info/" not in n}
    modules = {f"beloz/{n}" for n in source_files(ROOT / "beloz", "*.py")}
    data = {f"beloz/i18n/{n}" for n in source_files(ROOT / "beloz" / "i18n", "*.json")}
    data |= {f"beloz/lessons/{n}" for n in source_files(ROOT / "beloz" / "lessons", "*.json")}
    assets = {f"beloz/assets/{n}" for n in source_files(ROOT / "assets")}
    assert "beloz/assets/theme.json" in assets and "beloz/assets/BeloZ.desktop" in assets
    assert game == modules | data | assets | {"beloz/start/main.py"}
    with zipfile.ZipFile(wheel) as z:
        assert z.read("beloz/start/main.py") == (ROOT / "main.py").read_bytes()
        assert z.read("beloz/assets/icon.png") == (ROOT / "assets" / "icon.png").read_bytes()
    assert wheel.stat().st_size / 2**20 < MAX_WHEEL_MB


def test_the_wheel_declares_the_gui_script_the_version_and_the_dependencies(wheel):
    entry_points = dist_info(wheel, "entry_points.txt")
    assert re.search(r"^\[gui_scripts\]\nbeloz = beloz\.start\.main:main$", entry_points, re.M)
    meta = dist_info(wheel, "METADATA")
    assert re.search(rf"^Version: {re.escape(beloz.__version__)}$", meta, re.M)
    assert wheel.name == f"beloz-{beloz.__version__}-py3-none-any.whl"
    pinned = {normalise(line.split("==")[0])
              for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
              if "==" in line}
    required = {normalise(m) for m in re.findall(r"^Requires-Dist: ([\w.-]+)", meta, re.M)}
    assert required == pinned, "pyproject's dependencies and requirements.txt name the same"


def test_the_version_has_one_source():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "beloz.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", beloz.__version__)
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout == f"BeloZ {beloz.__version__}\n"


def test_the_installed_game_starts_from_its_own_files(installed, tmp_path):
    script = installed / "bin" / "beloz"
    assert script.is_file(), "pip wrote the gui-script"
    env = dict(os.environ, PYTHONPATH=str(installed), BELOZ_DATA_DIR=str(tmp_path / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    where = subprocess.run(
        [sys.executable, "-c",
         "import beloz, beloz.ui.app as a, beloz.ui.assets as s; "
         "print(beloz.__file__); print(a.THEME_PATH); print(s.asset_path('cards', 'back.svg'))"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.splitlines():
        assert Path(line).is_relative_to(installed), line
        assert Path(line).is_file(), line
    # the gui-script itself, as the desktop starts it (its shebang may name another python)
    selftest = subprocess.run([sys.executable, str(script), "--selftest"], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=300)
    assert selftest.returncode == 0, selftest.stdout + selftest.stderr
    assert re.search(r"selftest: \d+ checks, 0 problems", selftest.stdout)
    version = subprocess.run([sys.executable, str(script), "--version"], cwd=tmp_path,
                             env=env, capture_output=True, text=True, timeout=60)
    assert version.stdout == f"BeloZ {beloz.__version__}\n"
