"""The hands the watch sets were drawn from, kept as records (``bench/watch_hands.json``):
each replays through the rules to its end, and the judged positions are found in them
whatever the computer players now play."""

from __future__ import annotations

import json

import pytest

from bench import watch_hands
from bench.watch_positions import pick

KEYS = sorted(json.loads(watch_hands.FILE.read_text(encoding="utf-8")))


@pytest.mark.parametrize("key", KEYS[::7])
def test_a_kept_hand_replays_to_its_end(key: str) -> None:
    ruleset, seed, level = key.split(":")
    got = watch_hands.kept(ruleset, int(seed), level)
    assert got is not None
    start, actions, match_seed, specs = got
    assert match_seed >= int(seed) and sorted(specs) == [1, 2, 3]
    state = start.clone()
    for a in actions:
        assert not state.is_terminal()
        state.apply(a)
    assert state.is_terminal() and len(state.tricks) == 8


def test_pick_reads_the_kept_hands_not_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player that played otherwise (here: one that never gets asked) leaves
    the positions of a kept seed as they were: watch set K's beloz-4747-9 is found."""
    import bench.watch_positions as wp

    def no_play(*_args: object) -> None:
        raise AssertionError("a kept seed was played again")

    monkeypatch.setattr(wp, "played_hand", no_play)
    tags = [t for t, *_ in pick("beloz", 4747, 4, "standard")]
    assert "beloz-4747-9" in tags
