"""Run the benchmarks: ``python -m bench [name-filter ...]``.

Every module ``bench/bench_*.py`` exposes ``run() -> None`` that prints its figures.
Figures are medians of repeated runs, measured side by side in one process.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def main(argv: list[str]) -> int:
    modules = pkgutil.iter_modules(bench.__path__)
    names = sorted(m.name for m in modules if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(f in n for f in argv)]
    for name in names:
        print(f"== {name} ==", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").run()
        print(f"({time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
