"""`pip install .`: the wheel holds the whole game (every module, every asset, main.py as
beloz/start/main.py) and the double-dummy solver's compiled core (built by setup.py),
declares the `beloz` gui-script and the one version, and the installed game starts from the
installed files, not from this tree, with the compiled solver giving the Python solver's
values.  Without a C compiler the build still gives a wheel, whose game uses the
pure-Python solver.

The wheel is built offline from a copy of the tree (the build writes build/ and *.egg-info
where it runs), with the setuptools pinned in requirements-setup.txt, then installed with
``pip --target`` (no dependencies: they are this environment's) and started headless.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import beloz

ROOT = Path(__file__).resolve().parents[1]
#: What the build reads; the rest of the tree (tests, bench, tools, docs) stays out.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "main.py", "beloz",
                "assets")
#: The compiled core as setup.py names it, in the wheel and installed.
LIBRARY = "beloz/ai/_dds.dll" if sys.platform == "win32" else "beloz/ai/_dds.so"
#: A compiler that does not exist: the build of a machine without one.
NO_COMPILER = {"CC": "no-such-c-compiler"}
#: The installed game values positions with the pure-Python solver and, when it has one,
#: the compiled core; prints where the core came from, which solver the game takes, and
#: every answer.
SOLVE_BOTH_WAYS = """
import json, random
from beloz.ai import dds
from beloz.rules.ruleset import BELOZ
rng = random.Random(7)
out = {"library": str(dds.LIBRARY_PATH), "compiled": dds.compiled_available(), "values": [],
       "default": dds.new_solver(dds.contract_game(0, BELOZ)).compiled}
for i in range(12):
    game = dds.contract_game(i % 6, BELOZ)
    deck = rng.sample(range(32), 20)
    hands = [sum(1 << c for c in deck[5 * s:5 * s + 5]) for s in range(4)]
    leader = rng.randrange(4)
    cands = [c for c in range(32) if hands[leader] >> c & 1]
    starts = [-dds.CAPOT - 1, *range(0, 200, 5), dds.CAPOT]
    for compiled in (False, True) if dds.compiled_available() else (False,):
        solver = dds.new_solver(game, compiled)
        got = solver.solve(hands, leader, [], i % 2 == 0, i % 2 == 1, cands, starts)
        out["values"].append([compiled, solver.compiled, got, solver.nodes])
print(json.dumps(out))
"""
MAX_WHEEL_MB = 3  # about 1.6 MB


def source_files(folder: Path, pattern: str = "*") -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(pattern)
            if p.is_file() and "__pycache__" not in p.parts}


def pip(*args: str, cwd: Path, env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", **(env or {}))
    out = subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out


def build_wheel(tmp_path_factory, env: dict[str, str] | None = None) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            # not the tree's own compiled core (`make` built it): the wheel builds its own
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "_dds.so", "_dds.dll", "_dds.dylib"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir", str(out),
        str(src), cwd=src, env=env)
    (whl,) = out.glob("beloz-*.whl")
    return whl


def install(wheel: Path, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    pip("install", "--no-deps", "--no-index", "--target", str(target), str(wheel),
        cwd=target)
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory)


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    return install(wheel, tmp_path_factory)


def run_installed(installed: Path, cwd: Path, *args: str,
                  timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with only the installed game on the path (from ``cwd``, not this tree)."""
    env = dict(os.environ, PYTHONPATH=str(installed), BELOZ_DATA_DIR=str(cwd / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("BELOZ_PURE_PYTHON", None)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


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


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_asset_and_nothing_else(wheel):
    names = wheel_names(wheel)
    game = {n for n in names if ".dist-info/" not in n}
    modules = {f"beloz/{n}" for n in source_files(ROOT / "beloz", "*.py")}
    data = {f"beloz/i18n/{n}" for n in source_files(ROOT / "beloz" / "i18n", "*.json")}
    data |= {f"beloz/lessons/{n}" for n in source_files(ROOT / "beloz" / "lessons", "*.json")}
    data |= {f"beloz/practice/builtin/{n}"
             for n in source_files(ROOT / "beloz" / "practice" / "builtin", "*.json")}
    data.add("beloz/practice/level_losses.json")  # the levels' scale (bench.level_losses)
    data |= {"beloz/ai/contract_model.json"}  # the bid model's coefficients
    data |= {"beloz/ai/bid_guide.json"}  # the bidding guide's rules (bench.bid_guide)
    assets = {f"beloz/assets/{n}" for n in source_files(ROOT / "assets")}
    assert "beloz/assets/theme.json" in assets and "beloz/assets/BeloZ.desktop" in assets
    assert game == modules | data | assets | {"beloz/start/main.py", LIBRARY}
    with zipfile.ZipFile(wheel) as z:
        assert z.read("beloz/start/main.py") == (ROOT / "main.py").read_bytes()
        assert z.read("beloz/assets/icon.png") == (ROOT / "assets" / "icon.png").read_bytes()
    assert wheel.stat().st_size / 2**20 < MAX_WHEEL_MB


def test_the_wheel_declares_the_gui_script_the_version_and_the_dependencies(wheel):
    entry_points = dist_info(wheel, "entry_points.txt")
    assert re.search(r"^\[gui_scripts\]\nbeloz = beloz\.start\.main:main$", entry_points, re.M)
    meta = dist_info(wheel, "METADATA")
    assert re.search(rf"^Version: {re.escape(beloz.__version__)}$", meta, re.M)
    # a native library, but no code tied to one Python's ABI
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    assert wheel.name == f"beloz-{beloz.__version__}-py3-none-{platform}.whl"
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


@pytest.mark.slow
def test_the_installed_game_starts_from_its_own_files(installed, tmp_path):
    script = installed / "bin" / "beloz"
    assert script.is_file(), "pip wrote the gui-script"
    where = run_installed(
        installed, tmp_path, "-c",
        "import beloz, beloz.ui.app as a, beloz.ui.assets as s, beloz.ai.dds as d; "
        "print(beloz.__file__); print(a.THEME_PATH); print(s.asset_path('cards', 'back.svg'));"
        "print(d.LIBRARY_PATH)", timeout=120)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.splitlines():
        assert Path(line).is_relative_to(installed), line
        assert Path(line).is_file(), line
    assert where.stdout.splitlines()[-1] == str(installed / LIBRARY)
    # the gui-script itself, as the desktop starts it (its shebang may name another python)
    selftest = run_installed(installed, tmp_path, str(script), "--selftest",
                             "--require-compiled-solver")
    assert selftest.returncode == 0, selftest.stdout + selftest.stderr
    assert re.search(r"selftest: \d+ checks, 0 problems", selftest.stdout)
    assert (f"selftest: double-dummy solver compiled ({installed / LIBRARY}), the same values "
            "as in Python") in selftest.stdout
    version = run_installed(installed, tmp_path, str(script), "--version", timeout=60)
    assert version.stdout == f"BeloZ {beloz.__version__}\n"


def test_the_installed_compiled_solver_gives_the_python_solvers_values(installed, tmp_path):
    run = run_installed(installed, tmp_path, "-c", SOLVE_BOTH_WAYS)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["compiled"] and out["default"] and out["library"] == str(installed / LIBRARY)
    rows = out["values"]
    assert len(rows) == 24
    for (py_asked, py_was, py_values, py_nodes), (c_asked, c_was, c_values, c_nodes) in zip(
            rows[::2], rows[1::2], strict=True):
        assert (py_asked, py_was, c_asked, c_was) == (False, False, True, True)
        assert c_values == py_values and c_nodes == py_nodes
    assert len({str(r[2]) for r in rows}) > 6, "positions with different answers"


@pytest.fixture(scope="module")
def installed_without_compiler(tmp_path_factory) -> tuple[Path, Path]:
    whl = build_wheel(tmp_path_factory, env=NO_COMPILER)
    return whl, install(whl, tmp_path_factory)


@pytest.mark.slow
def test_without_a_c_compiler_the_wheel_still_installs_and_solves_in_pure_python(
        installed_without_compiler, installed, tmp_path):
    whl, bare = installed_without_compiler
    names = wheel_names(whl)
    assert "beloz/ai/dds.py" in names and not [n for n in names if "/_dds." in n]
    run = run_installed(bare, tmp_path, "-c", SOLVE_BOTH_WAYS)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert not out["compiled"] and not out["default"] and out["library"] == "None"
    # the same answers as the wheel built with a compiler, in C and in Python
    with_c = json.loads(run_installed(installed, tmp_path, "-c", SOLVE_BOTH_WAYS).stdout)
    assert out["values"] == with_c["values"][::2]
    selftest = run_installed(bare, tmp_path, "-m", "beloz.start.main", "--selftest")
    assert selftest.returncode == 0, selftest.stdout + selftest.stderr
    assert "selftest: double-dummy solver pure Python (no compiled core)" in selftest.stdout
