"""The game's core modules import each other without a circle: storage, i18n, settings,
savegame, stats, crashlog and the rules.  (A circle works by luck of import order: the
first module of the circle to be imported sees the others half-initialised.)"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The core and the analysis (``beloz.ai``: the review's command line reads the save, which
# keeps reviews in their stored form below the AI, ``beloz.review_store``).
CORE = [p for p in sorted((ROOT / "beloz").rglob("*.py"))
        if p.relative_to(ROOT / "beloz").parts[0] != "ui"]


def _guarded(node: ast.AST) -> bool:
    """``if __name__ == "__main__":`` (run as a script only) or ``if TYPE_CHECKING:`` (read
    by the type checker only): imports there are not made when the module is imported."""
    if not isinstance(node, ast.If):
        return False
    test = ast.unparse(node.test)
    return test in ("TYPE_CHECKING", "typing.TYPE_CHECKING") or "__name__" in test


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every ``beloz`` module ``path`` imports, at the top or inside a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    nodes: list[ast.AST] = []
    while todo:
        node = todo.pop()
        if not _guarded(node):
            nodes.append(node)
            todo.extend(ast.iter_child_nodes(node))
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            mod = node.module or ""
            full = (f"{base}.{mod}" if mod else base) if node.level else mod
            found.add(full)
            found |= {f"{full}.{a.name}" for a in node.names}  # "from . import storage"
    return found


def core_graph() -> dict[str, set[str]]:
    names = {module_name(p) for p in CORE}
    return {module_name(p): {m for m in imports(p) if m in names} - {module_name(p)}
            for p in CORE}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_graph_is_read() -> None:
    g = core_graph()
    assert "beloz.i18n" in g["beloz.storage"] and "beloz.storage" in g["beloz.settings"]


def test_no_import_circle_in_the_core() -> None:
    assert find_cycle(core_graph()) is None


@pytest.mark.slow
def test_a_circle_would_be_found() -> None:
    g = core_graph()
    g["beloz.i18n"] = g["beloz.i18n"] | {"beloz.settings"}
    cycle = find_cycle(g)
    assert cycle is not None and {"beloz.i18n", "beloz.settings"} <= set(cycle)


@pytest.mark.parametrize("first", ["beloz.storage", "beloz.i18n", "beloz.settings"])
def test_each_module_imports_first_in_a_fresh_interpreter(first: str) -> None:
    code = f"import {first}, beloz.storage, beloz.settings, beloz.i18n; print('ok')"
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and p.stdout == "ok\n", p.stderr


def _ui_graph() -> dict[str, set[str]]:
    paths = sorted((ROOT / "beloz" / "ui").rglob("*.py"))
    names = {module_name(p) for p in paths}
    return {module_name(p): {m for m in imports(p) if m in names} - {module_name(p)}
            for p in paths}


def test_the_menu_and_the_new_game_dialog_do_not_import_each_other() -> None:
    g = _ui_graph()
    menu, newgame = "beloz.ui.scenes.menu", "beloz.ui.scenes.newgame"
    assert not (newgame in g[menu] and menu in g[newgame])
    assert menu not in g[newgame]


def test_the_save_and_the_review_are_no_circle() -> None:
    g = core_graph()
    assert "beloz.savegame" not in g["beloz.ai.review"]
    assert find_cycle(g) is None


def _all_imports(path: Path) -> set[str]:
    """Every module ``path`` imports, guarded or not (a ``TYPE_CHECKING`` import still says
    the module knows the other)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            name = module_name(path)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            mod = node.module or ""
            full = (f"{base}.{mod}" if mod else base) if node.level else mod
            found |= {full} | {f"{full}.{a.name}" for a in node.names}
    return found


def _under(found: set[str], package: str) -> list[str]:
    return sorted(m for m in found if m == package or m.startswith(package + "."))


@pytest.mark.parametrize("path", ["beloz/savegame.py", "beloz/save_format.py",
                                  "beloz/review_store.py", "beloz/reasons.py"])
def test_the_stored_forms_import_nothing_of_the_ai(path: str) -> None:
    """The save and the stored form of a review live below the AI (DESIGN.md: persistence
    below ``beloz.ai``): they import nothing of it, not even inside a function."""
    assert _under(_all_imports(ROOT / path), "beloz.ai") == []


def test_the_ui_imports_nothing_of_the_command_lines() -> None:
    """``beloz.cli`` drives the window: the UI never imports it (what both need, such as the
    scene registry, lives in ``beloz/ui``)."""
    bad = {module_name(p): _under(_all_imports(p), "beloz.cli")
           for p in sorted((ROOT / "beloz" / "ui").rglob("*.py"))}
    assert {m: found for m, found in bad.items() if found} == {}
