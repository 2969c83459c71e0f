"""Benchmarks: `make bench` runs every `bench/bench_*.py` module's `run()` in name order."""
