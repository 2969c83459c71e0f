"""bench/README.md indexes the measuring tools: every ``bench/*.py`` is named there, and
nothing it names is missing from bench/."""

from __future__ import annotations

import re
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_every_bench_script_is_in_the_index() -> None:
    index = (BENCH / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w]+\.py)`", index))
    scripts = {p.name for p in BENCH.glob("*.py")}
    assert scripts - named == set(), "add these to bench/README.md"
    assert named - scripts == set(), "bench/README.md names scripts that are not in bench/"
