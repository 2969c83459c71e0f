"""The double-dummy solver's compiled core as the game finds it: loaded or not, and why; the
self-test that compares it with the pure-Python solver and, for the release builds
(``--require-compiled-solver``), fails without it.  How it is built: setup.py
(tests/test_wheel.py builds and installs it, with and without a C compiler)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import main
from beloz import i18n
from beloz.ai import dds
from beloz.cli import selftest

ROOT = Path(__file__).resolve().parents[1]


def test_the_game_loads_the_core_that_setup_py_builds():
    assert dds.compiled_available(), "`make` builds beloz/ai/_dds.so with setup.py"
    assert dds.LIBRARY_PATH is not None and dds.LIBRARY_PATH.parent == ROOT / "beloz" / "ai"
    assert dds.LOAD_ERROR == ""


def test_the_selftest_finds_the_compiled_core_equal_to_the_python_solver():
    text, problems = selftest.check_solver(require_compiled=True)
    assert problems == []
    assert text == (f"compiled ({dds.LIBRARY_PATH}), the same values as in Python on 7 "
                    "positions")


def test_a_compiled_core_that_differs_from_the_python_solver_is_a_problem(monkeypatch):
    solve = dds.CSolver.solve

    def off_by_one(self, hands, leader, trick, f0, f1, cands, starts):
        values = solve(self, hands, leader, trick, f0, f1, cands, starts)
        return [values[0] + 1, *values[1:]] if len(values) > 2 else values

    monkeypatch.setattr(dds.CSolver, "solve", off_by_one)
    _, problems = selftest.check_solver(require_compiled=False)
    assert len(problems) == 1
    assert re.fullmatch(r"the compiled solver differs from the Python one on position \d: "
                        r"values \[.*\] and \[.*\], nodes \d+ and \d+", problems[0])


def test_without_the_core_the_game_says_so_and_the_release_check_fails(monkeypatch):
    monkeypatch.setattr(dds, "_LIB", None)
    assert selftest.check_solver(require_compiled=False) == ("pure Python (no compiled core)", [])
    text, problems = selftest.check_solver(require_compiled=True)
    assert problems == ["the double-dummy solver is not compiled (no compiled core)"]
    monkeypatch.setattr(dds, "LOAD_ERROR", "_dds.dll: [WinError 193] %1 is not a valid app")
    why = "the compiled core did not load: _dds.dll: [WinError 193] %1 is not a valid app"
    assert selftest.check_solver(require_compiled=True) == (
        f"pure Python ({why})", [f"the double-dummy solver is not compiled ({why})"])


@pytest.mark.slow
def test_the_selftest_exits_1_without_the_core_only_when_asked(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(dds, "_LIB", None)
    i18n.set_language("en")
    assert main.main(["--selftest", "--require-compiled-solver"]) == 1
    # It draws every scene in French too, then gives the language back (the tests after
    # this one once ran in French: tests/test_crashlog.py's full-disk notices).
    assert i18n.get_language() == "en"
    out, err = capsys.readouterr()
    assert "selftest: double-dummy solver pure Python (no compiled core)" in out
    assert re.search(r"selftest: \d+ checks, 1 problems", out)
    assert "selftest: the double-dummy solver is not compiled (no compiled core)" in err


def test_a_library_that_will_not_load_leaves_the_python_solver_and_the_reason(
        monkeypatch, tmp_path):
    broken = tmp_path / "_dds.so"
    broken.write_bytes(b"not a library")
    monkeypatch.setattr(dds, "_library_path", lambda: broken)
    monkeypatch.setattr(dds, "LIBRARY_PATH", None)
    monkeypatch.setattr(dds, "LOAD_ERROR", "")
    monkeypatch.delenv("BELOZ_PURE_PYTHON", raising=False)
    assert dds._load() is None
    assert dds.LIBRARY_PATH is None
    assert dds.LOAD_ERROR.startswith(f"{broken}: ")
