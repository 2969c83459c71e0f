"""``tricks.master_index``, the one master-card function the engine and the players share."""

from __future__ import annotations

import itertools
import random

from beloz.rules.tricks import card_key, master_index


def _by_definition(trick: tuple[int, ...], trump: int) -> int:
    """The first card of the highest ``card_key`` (cards that cannot win count -1)."""
    lead = trick[0] >> 3
    keys = [card_key(c, lead, trump) for c in trick]
    return keys.index(max(keys))


def test_master_index_every_short_trick_and_sampled_full_ones() -> None:
    rng = random.Random(35)
    for trump in range(6):  # the four plains, no-trumps, all-trumps
        for n in (1, 2, 3):
            for t in itertools.permutations(range(32), n):
                assert master_index(t, trump) == _by_definition(t, trump)
        for _ in range(5000):
            t = tuple(rng.sample(range(32), 4))
            assert master_index(t, trump) == _by_definition(t, trump)
