"""The hands the watch sets were drawn from, kept as records (``watch_hands.json``).

``watch_positions.pick`` draws computer-card decisions from the first hand of Standard's
self-play from a seed.  Any change to how the computer players play (an inference added to
what a seat knows, say) deals those matches out differently, and the positions a judge
wrote a teacher's reason for would no longer be found.  So the hands a fixture was drawn
from are kept here: the hand as dealt, the actions played in it, the match's seed and the
seats' players; ``pick`` replays a kept hand with the rules alone and plays live only the
seeds not kept.

    python -m bench.watch_hands RULESET:SEED ...   # keep the hands pick(ruleset, seed) uses

Not a bench script of its own: a helper of ``watch_positions``.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

from beloz.rules.ruleset import RULESETS
from beloz.rules.state import HandState

FILE = Path(__file__).with_name("watch_hands.json")


def _key(ruleset: str, seed: int, level: str) -> str:
    return f"{ruleset}:{seed}:{level}"


@functools.lru_cache(maxsize=1)
def _load() -> dict[str, Any]:
    """The kept hands, read once (``pick`` asks for four a call)."""
    if not FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(FILE.read_text(encoding="utf-8"))
    return data


def kept(ruleset_id: str, seed: int, level: str
         ) -> tuple[HandState, list[int], int, dict[int, str]] | None:
    """The kept hand of ``played_hand(ruleset_id, seed, level)``: (the hand as dealt, its
    actions, the match's seed, the seats' player specs), or None where none is kept."""
    rec = _load().get(_key(ruleset_id, seed, level))
    if rec is None:
        return None
    start = HandState(RULESETS[ruleset_id], rec["dealer"], rec["hands"], rec["turned"],
                      rec["stock"], rec["escrow_in"])
    return (start, list(rec["actions"]), int(rec["seed"]),
            {int(seat): spec for seat, spec in rec["specs"].items()})


def record(ruleset_id: str, seed: int, level: str = "standard") -> dict[str, Any]:
    """Play ``played_hand(ruleset_id, seed, level)``: its first hand as kept."""
    from .bench_watch import played_hand

    flow = played_hand(ruleset_id, seed, level)
    assert flow.last_hand is not None
    start, actions = flow.last_hand.history()
    return {
        "seed": flow.seed, "specs": {str(k): v for k, v in flow.player_specs.items()},
        "dealer": start.dealer,
        "hands": list(start.hands), "turned": start.turned,
        "stock": list(start.stock) if start.stock is not None else None,
        "escrow_in": start.escrow_in, "actions": actions}


def main(argv: list[str]) -> None:
    from .watch_positions import RULESET_IDS

    data = dict(_load())
    for arg in argv:
        name, _, seed = arg.partition(":")
        for s in range(int(seed), int(seed) + 4):  # the matches pick() draws from
            data[_key(RULESET_IDS[name], s, "standard")] = record(RULESET_IDS[name], s)
            print(f"kept {name} {s}", flush=True)
    FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    _load.cache_clear()


if __name__ == "__main__":
    main(sys.argv[1:])
