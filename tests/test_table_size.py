"""The table package stays in files small enough to read in one sitting (DESIGN.md): none of
``beloz/ui/scenes/table/`` over 600 lines.  A file that grows past it is split into parts
whose names say what they hold, as ``scene.py`` was (``steps``, ``card_play``, ...)."""

from __future__ import annotations

from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "beloz" / "ui" / "scenes" / "table"
LIMIT = 600


def too_long(folder: Path, limit: int = LIMIT) -> dict[str, int]:
    """The Python files of ``folder`` (and below) over ``limit`` lines, with their length."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > limit:
            out[str(path.relative_to(folder))] = n
    return out


def test_no_table_file_over_600_lines() -> None:
    assert (TABLE / "scene.py").is_file()  # the package is where the test looks
    assert too_long(TABLE) == {}


def test_a_long_file_is_found(tmp_path) -> None:
    (tmp_path / "short.py").write_text("x = 1\n" * LIMIT)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "long.py").write_text("x = 1\n" * (LIMIT + 1))
    assert too_long(tmp_path) == {str(Path("sub") / "long.py"): LIMIT + 1}
