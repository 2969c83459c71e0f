"""Make the built-in practice problems of each ruleset (beloz/practice/builtin/*.json).

    python tools/make_problems.py --seed 1 --count 40 [--rulesets beloz,bulgare] [--minutes M]

Hands are dealt from a seeded shuffle and played by the heuristic player at every seat;
some decisions along the way are candidates.  A candidate becomes a problem only when one
option is clearly best from the seat's view:

1. Expert's analysis (``review.card_estimates`` / ``bid_estimates``, the hint's own numbers)
   says the best beats every other option by more than the estimate's noise on that
   difference plus ``MARGIN`` points;
2. the same search on ``RECHECKS`` other seeds (other sampled deals) names the same best,
   and so does it on as many seeds with every deal that fits the seat's view taken as
   equally likely (``UNIFORM``: not weighed by what the bids and cards so far suggest);
3. for a card with few expeditions left (``review.HINDSIGHT_TRICKS``), the double-dummy
   value of the best (``review.hindsight_values``, the cards as they lie) is the top one.

Each skill gets at most an even share of a ruleset's problems plus ``SPARE``, so that
every skill has some.
The file is written again after each problem found, with the command and the seed: the
run can be stopped at any time and what it found is kept.  Deterministic for a seed, except
where the search's wall-clock cap cuts an evaluation short on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from beloz import storage  # noqa: E402
from beloz.ai import review  # noqa: E402
from beloz.ai.base import decision_rng  # noqa: E402
from beloz.ai.bidsearch import evaluate_bids  # noqa: E402
from beloz.ai.heuristic import HeuristicPlayer  # noqa: E402
from beloz.ai.inference import Model  # noqa: E402
from beloz.ai.levels import Level  # noqa: E402
from beloz.ai.pimc import evaluate_cards  # noqa: E402
from beloz.practice.builtin import BUILTIN_DIR, SCHEMA  # noqa: E402
from beloz.practice.problem import SKILLS, Problem, skill_of  # noqa: E402
from beloz.rules.ruleset import RULESETS  # noqa: E402
from beloz.rules.state import HandState, Phase, SeatView  # noqa: E402

#: Points by which the best option must beat every other, beyond the estimate's noise (a
#: mistake's threshold: below it the difference is a matter of style).
MARGIN = review.THRESHOLDS[1]
#: Independent searches (other seeds: other sampled deals) that must name the same best.
RECHECKS = 3
#: Expert weighs the sampled deals by how likely the bids and cards so far make them; the
#: uniform model (a pool of one) takes every deal that fits the seat's view alike: a
#: problem's answer must not hang on what the other players' style suggests.
UNIFORM = Model(pool=1)
#: Candidates searched per hand (each costs an Expert evaluation): a few, so that the
#: problems come from many deals.
PER_HAND = 3
#: Problems a skill may have beyond an even share of a ruleset's (a rare skill, leading
#: above all, where one card is seldom clearly best, leaves room to the others).
SPARE = 3
#: Problems every skill gets at least (when the deadline allows): the rare ones (leading,
#: drawing the flooded cards) keep this many of the ruleset's places for themselves.
MIN_PER_SKILL = 3


def possible_skills(view: SeatView) -> set[str]:
    """The skills ``skill_of`` may give this decision, whatever the best option."""
    return {skill_of(view, c) for c in view.legal_actions()}


def _clear(values: dict[int, float], noise: Any) -> int | None:
    """The best option when it beats every other by more than noise + MARGIN, else None."""
    best = max(values, key=lambda a: values[a])
    for a, v in values.items():
        if a != best and values[best] - v <= noise(best, a) + MARGIN:
            return None
    return best


def _same_best_card(state: HandState, best: int, seed: int, level: Level) -> bool:
    view = state.view(state.current)
    got = evaluate_cards(view, decision_rng(seed, view), level)
    if not got.means:
        return False
    assert view.trump is not None
    rep = review._representative(best, got.cards, view.trump)
    top = max(range(len(got.cards)), key=lambda i: got.means[i])
    return got.cards[top] == rep


def _same_best_bid(state: HandState, best: int, options: list[int], seed: int,
                   level: Level) -> bool:
    view = state.view(state.current)
    got = evaluate_bids(view, decision_rng(seed, view), level, options)
    cands, means = got
    return bool(means) and cands[max(range(len(cands)), key=lambda i: means[i])] == best


def _rechecks() -> list[tuple[int, Level]]:
    """The other searches that must agree: Expert's on ``RECHECKS`` other seeds, then as
    many with every deal that fits the seat's view equally likely (``UNIFORM``)."""
    uniform = replace(review.LEVEL, model=UNIFORM)
    return ([(1 + k, review.LEVEL) for k in range(RECHECKS)]
            + [(101 + k, uniform) for k in range(RECHECKS)])


#: The last search a problem must pass, the one ``tests/test_practice_builtin.py`` repeats
#: on every shipped problem: every fitting deal alike, 64 deals a card and 600 a bid, on a
#: fixed seed (problems that pass six searches of 24 or more deals may still hang on a
#: few deals: 4 of 160 failed a 24-deal check, 1 a 64-deal one).
FINAL = replace(review.LEVEL, name="final check", samples=64, min_samples=64, time_cap=30.0,
                bid_samples=600, bid_time_cap=30.0, model=UNIFORM)
FINAL_SEED = 7


def final_agrees(state: HandState, best: int, options: list[int]) -> bool:
    """Whether the ``FINAL`` search names ``best`` too (for a card: the candidate standing
    for it among equivalent cards)."""
    view = state.view(state.current)
    rng = random.Random(FINAL_SEED)
    if state.phase is Phase.BIDDING:
        cands, means = evaluate_bids(view, rng, FINAL, options)
        want = best
    else:
        got = evaluate_cards(view, rng, FINAL)
        cands, means = got.cards, got.means
        assert view.trump is not None
        want = review._representative(best, cands, view.trump) if cands else best
    return bool(means) and cands[max(range(len(cands)), key=lambda i: means[i])] == want


def judge(state: HandState) -> Problem | None:
    """The problem of ``state.current``'s decision, or None when no option is clearly best."""
    view = state.view(state.current)
    legal = view.legal_actions()
    if len(legal) < 2:
        return None
    hind = None
    if state.phase is Phase.BIDDING:
        values, noise = review.bid_estimates(view)
        if len(values) < 2:
            return None
        best = _clear(values, noise)
        if best is None:
            return None
        if not all(_same_best_bid(state, best, list(values), seed, level)
                   for seed, level in _rechecks()):
            return None
        if not final_agrees(state, best, list(values)):
            return None
    else:
        values, noise = review.card_estimates(view)
        if len({v for v in values.values()}) < 2:
            return None
        best = _clear(values, noise)
        if best is None:
            return None
        if not all(_same_best_card(state, best, seed, level) for seed, level in _rechecks()):
            return None
        if not final_agrees(state, best, legal):
            return None
        if 8 - len(state.tricks) <= review.HINDSIGHT_TRICKS:
            hind = review._hindsight_all(state, view, legal)
            if hind is None or hind[best] < max(hind.values()):
                return None
    options = review._ranked(values, best, noise, hind)
    return Problem.at(state, best, options, source="builtin")


def has_room(problems: list[Problem], skill: str, share: dict[str, int], count: int) -> bool:
    """Whether a problem of ``skill`` may still join: below its share, and either below
    ``MIN_PER_SKILL`` or leaving enough places for the skills still below it."""
    have = {s: sum(p.skill == s for p in problems) for s in SKILLS}
    if have[skill] >= share[skill]:
        return False
    if have[skill] < MIN_PER_SKILL:
        return True
    missing = sum(max(0, MIN_PER_SKILL - n) for n in have.values())
    return count - len(problems) > missing


def _candidates(rng: random.Random, ruleset: str) -> list[HandState]:
    """A hand played by the heuristic player; the decisions worth looking at, shuffled."""
    deck = list(range(32))
    rng.shuffle(deck)
    state = HandState.deal(deck, rng.randrange(4), 3, RULESETS[ruleset])
    player = HeuristicPlayer(rng.randrange(1 << 30))
    seen = []
    while state.phase is not Phase.DONE:
        view = state.view(state.current)
        if len(view.legal_actions()) > 1:
            seen.append(state.clone())
        state.apply(player.bid(view) if state.phase is Phase.BIDDING else player.play(view))
    if state.taker is None:  # all passed: no play to learn from, the bids only
        seen = [s for s in seen if s.phase is Phase.BIDDING]
    rng.shuffle(seen)
    return seen


def write(path: Path, ruleset: str, seed: int, command: str, problems: list[Problem],
          looked: int, seconds: float) -> None:
    storage.atomic_write_text(path, storage.dumps({
        "schema": SCHEMA,
        "ruleset": ruleset,
        "made_by": command,
        "seed": seed,
        "candidates_looked_at": looked,
        "seconds": round(seconds),
        "problems": [p.to_dict() for p in problems],
    }, compact=True).replace('{"id"', '\n{"id"'))  # one problem a line: readable diffs
    path.chmod(0o644)  # shipped data: a temp file's 0600 would not do


def make(ruleset: str, seed: int, count: int, deadline: float, command: str,
         out: Path = BUILTIN_DIR) -> None:
    rng = random.Random(f"{seed}:{ruleset}")
    share = {s: math.ceil(count / len(SKILLS)) + SPARE for s in SKILLS}
    problems: list[Problem] = []
    ids: set[str] = set()
    looked = 0
    start = time.monotonic()
    path = out / f"{ruleset}.json"
    while len(problems) < count and time.monotonic() < deadline:
        taken = 0
        for state in _candidates(rng, ruleset):
            if taken >= PER_HAND or len(problems) >= count:
                break
            view = state.view(state.current)
            # A decision whose every possible skill is full is not searched.
            if not any(has_room(problems, s, share, count) for s in possible_skills(view)):
                continue
            taken += 1
            looked += 1
            problem = judge(state)
            if problem is None or problem.id in ids:
                continue
            if not has_room(problems, problem.skill, share, count):
                continue
            problems.append(problem)
            ids.add(problem.id)
            write(path, ruleset, seed, command, problems, looked, time.monotonic() - start)
            print(f"{ruleset}: {len(problems)}/{count} ({problem.skill}) after {looked} "
                  f"candidates, {time.monotonic() - start:.0f} s", flush=True)
    write(path, ruleset, seed, command, problems, looked, time.monotonic() - start)


def complete(ruleset: str, out: Path = BUILTIN_DIR, count: int = 40,
             deadline: float = float("inf")) -> None:
    """Value every legal option of the problems that leave one out (a bid Expert does not
    weigh, from files made before every legal bid was valued): each such problem is judged
    again (``judge``, every recheck); kept with its options complete when the same answer
    is still clearly best, else dropped.  The file keeps its command and seed."""
    path = out / f"{ruleset}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    kept: list[Problem] = []
    for d in data["problems"]:
        p = Problem.from_dict(d)
        missing = set(p.legal()) - {o.action for o in p.options}
        if not missing:
            kept.append(p)
            continue
        again = judge(p.state())
        if again is not None and again.best == p.best:
            kept.append(replace(again, skill=p.skill))
            print(f"{ruleset}: {p.id} completed ({len(missing)} option(s) valued)")
        else:
            print(f"{ruleset}: {p.id} dropped (no longer clearly best with every option)")
    # Dropped problems are replaced from more hands of the same seed (another stream).
    rng = random.Random(f"{data['seed']}:{ruleset}:more")
    share = {s: math.ceil(count / len(SKILLS)) + SPARE for s in SKILLS}
    ids = {p.id for p in kept}
    looked = data["candidates_looked_at"]
    while len(kept) < count and time.monotonic() < deadline:
        for state in _candidates(rng, ruleset):
            if len(kept) >= count:
                break
            looked += 1
            problem = judge(state)
            if problem is None or problem.id in ids or not has_room(
                    kept, problem.skill, share, count):
                continue
            kept.append(problem)
            ids.add(problem.id)
            print(f"{ruleset}: {problem.id} added ({problem.skill})", flush=True)
    write(path, ruleset, data["seed"], data["made_by"], kept, looked, data["seconds"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=40, help="problems per ruleset")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--minutes", type=float, default=600.0,
                        help="stop each ruleset after this long (what was found is kept)")
    parser.add_argument("--out", type=Path, default=BUILTIN_DIR,
                        help="the folder of the files (default: the shipped ones)")
    parser.add_argument("--complete", action="store_true",
                        help="value every legal option of the problems already made")
    args = parser.parse_args(argv)
    names = args.rulesets.split(",")
    for name in names:
        if name not in RULESETS:
            parser.error(f"unknown ruleset {name!r}")
    if args.complete:
        for name in names:
            complete(name, args.out, args.count, time.monotonic() + args.minutes * 60)
        return 0
    for name in names:
        command = (f"python tools/make_problems.py --seed {args.seed} --count {args.count} "
                   f"--rulesets {name}")
        make(name, args.seed, args.count, time.monotonic() + args.minutes * 60, command,
             args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
