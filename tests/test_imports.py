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
CORE = [p for p in sorted((ROOT / "beloz").rglob("*.py"))
        if p.relative_to(ROOT / "beloz").parts[0] not in ("ui", "ai")]


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
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
