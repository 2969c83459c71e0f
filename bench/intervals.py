"""The 95% interval of a mean, as the measuring tools of ``bench`` print it."""

from __future__ import annotations

import math
import statistics


def mean_half(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% interval (normal approximation;
    infinite with fewer than two values)."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, half


def interval(xs: list[float], digits: int = 1) -> str:
    """``+m [+lo, +hi]`` with ``digits`` decimals."""
    mean, half = mean_half(xs)
    return f"{mean:+.{digits}f} [{mean - half:+.{digits}f}, {mean + half:+.{digits}f}]"
