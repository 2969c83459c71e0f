"""Options' values measured on the same sampled deals, and the noise of their differences.

Both searches (``pimc``: cards, ``bidsearch``: bids and calls) play every option on the
*same* deals (common random numbers), so "is A better than B" is measured by the standard
error of their paired difference (``paired_se``); the hint and the review read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardValues:
    """The candidate cards (``candidates``: one per class of equivalent cards) and each
    one's mean final hand score, the seat's team minus the other, over the same sampled
    deals; ``means`` is empty when no deal could be finished in time.  ``se_diff[i][j]``:
    the standard error of ``means[i] - means[j]`` from the paired differences on those
    deals (the noise of "is i better than j"; inf with a single deal, 0 on the diagonal)."""

    cards: tuple[int, ...]
    means: tuple[float, ...]
    stats: dict[str, float]
    se_diff: tuple[tuple[float, ...], ...] = ()


def paired_se(n: int, sums: Sequence[float], sq_diff: Sequence[Sequence[float]]
              ) -> tuple[tuple[float, ...], ...]:
    """The standard error of each pairwise difference of means over the same ``n`` deals,
    from the sums of the values and the sums of squared differences (``sq_diff[i][j]``
    for i < j): sqrt(var(d) / n) with the sample variance of the differences."""
    k = len(sums)
    out = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            if n < 2:
                se = float("inf")
            else:
                mean_d = (sums[i] - sums[j]) / n
                var = max(0.0, (sq_diff[i][j] - n * mean_d * mean_d) / (n - 1))
                se = (var / n) ** 0.5
            out[i][j] = out[j][i] = se
    return tuple(tuple(row) for row in out)


def values_se(values: Sequence[Sequence[float]]) -> tuple[tuple[float, ...], ...]:
    """``paired_se`` from each option's values on the same deals."""
    k = len(values)
    n = len(values[0]) if values else 0
    sq = [[sum((x - y) ** 2 for x, y in zip(values[i], values[j], strict=True))
           for j in range(k)] for i in range(k)]
    return paired_se(n, [sum(v) for v in values], sq)


class BidValues(tuple[list[int], list[float]]):
    """``(cands, means)``: the candidate bids (or calls) and each one's mean hand score over
    the same sampled deals, with ``se_diff`` as ``CardValues``' (unpacked as a pair, as
    before the noise was kept)."""

    se_diff: tuple[tuple[float, ...], ...]

    def __new__(cls, cands: list[int], means: list[float],
                se_diff: tuple[tuple[float, ...], ...] = ()) -> BidValues:
        self = super().__new__(cls, (cands, means))
        self.se_diff = se_diff
        return self

    @property
    def cands(self) -> list[int]:
        return self[0]

    @property
    def means(self) -> list[float]:
        return self[1]
