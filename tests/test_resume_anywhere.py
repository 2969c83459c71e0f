"""A match left at any step and resumed is the same match as the one played without leaving.

The reference is the match played straight, in this process, with the same players: the
computer players decide from their seat's view and their seed only, and the person (seat 0,
played here by the heuristic player on seat 0's view, following a hint now and then) the
same way, so a match resumed from its save must go on exactly as the straight one.  Leaving
is what the table does when the window closes (``GameFlow.leave``); resuming is what
Continue does (``savegame.load_game`` then ``GameFlow.resume``).

For each step N of the match (the whole range) the match is left after step N and resumed
in a fresh data folder holding the files as they were at step N; the resumed match is played
on to the next hand boundary (a hand scored, or a deal all passed, or the match's end), where
everything that outlives the session is compared with the straight match's at the same
boundary: the match (scores, dealer, escrow, history, the next deal's pack), the hands kept
for their reviews, the hints followed, the save file, stats.json field by field and
progress.json.  From a boundary on, the flow holds nothing but what is compared, so equal
there means equal to the end: the slow test checks that too, playing each resumed match to
its end.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from beloz import savegame
from beloz.ai.player import make_player
from beloz.rules.ruleset import RULESETS
from beloz.ui.game import GameFlow, Stage, Step, StepKind, seat_seed
from beloz.ui.procworker import decide

FILES = ("savegame.json", "stats.json", "progress.json")
#: Every fifth decision of the person follows a hint (kept in the save's ``hinted``).
HINT_EVERY = 5


class KeepsBelotQuiet:
    """A heuristic player that keeps its belot quiet: it says so with its first card, and
    the flow plays its later cards, the belot's among them, by that answer."""

    def __init__(self, seed: int) -> None:
        self.inner = make_player("heuristic", seed)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def declare(self, view: Any) -> tuple[bool, bool]:
        return (True, False)


def players(flow: GameFlow) -> None:
    """The search-free heuristic players in the computer seats, seeded as the flow seeds
    its own: the same decisions in the straight match and in every resumed one.  In a
    match named "quiet", players that keep their belot quiet."""
    kind = KeepsBelotQuiet if flow.match_id.startswith("quiet") else (
        lambda seed: make_player("heuristic", seed))
    flow.players = {s: kind(seat_seed(flow.seed, s)) for s in (1, 2, 3)}


def person(flow: GameFlow, step: Step) -> Any:
    """Seat 0's answer: the heuristic player's on seat 0's view; a cut and a deal of its
    own, from the hand's number.  Every fifth decision as a hint advised."""
    if step.kind is StepKind.CUT:
        return step.data["min"] + flow.match.hands_dealt % (step.data["max"] - step.data["min"])
    if step.kind is StepKind.DEAL:
        return 2 if flow.match.hands_dealt % 2 else 3
    hand = flow.current_hand()
    if (len(hand.bids) + len(hand.plays())) % HINT_EVERY == 0:
        flow.note_hint_followed()
    what = ("bid" if step.kind is StepKind.BID
            else "declare_play" if step.data.get("first") else "play")
    return decide(make_player("heuristic", 77), what, hand.view(0))


def advance(flow: GameFlow) -> Step:
    """Apply the next step; return it."""
    step = flow.next_step()
    if step.human:
        value = person(flow, step)
    else:
        value = step.decide() if step.decide is not None else None
    flow.apply(step, value)
    return step


def at_boundary(flow: GameFlow) -> bool:
    """Between two hands (a hand scored and its score screen left, a deal all passed), or the
    match over: the flow then holds only what the save, stats.json and progress.json hold."""
    return flow.hand is None and flow.stage in (Stage.CUT, Stage.OVER)


def files(folder: Path) -> dict[str, Any]:
    """The data files, read back; the save without its time of writing."""
    out: dict[str, Any] = {}
    for name in FILES:
        path = folder / name
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            if name == "savegame.json":
                data.pop("saved_at", None)
            out[name] = data
    return out


def state(flow: GameFlow, folder: Path) -> dict[str, Any]:
    """What outlives the session, at a boundary: what the flow saves, and the files.  The
    save file itself only at the match's end (where there must be none): between hands, a
    match that was left has one where the straight match may not have written one yet."""
    d = savegame.game_to_dict(flow.match, flow.hand, flow.extra(), flow.kept_to_save(savegame))
    d.pop("saved_at")
    found = files(folder)
    if flow.stage is not Stage.OVER:
        found.pop("savegame.json", None)
    return {"flow": d, "stage": str(flow.stage), "files": found}


@dataclass
class Straight:
    """The match played without leaving: after every step N, a copy of the data folder
    holding what leaving then would have saved (``folders[N - 1]``) and the stage; the state
    at every boundary (by the number of deals so far and the stage), the final state."""

    steps: int = 0
    folders: list[Path] = field(default_factory=list)
    stages: list[Stage] = field(default_factory=list)
    boundaries: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    final: dict[str, Any] = field(default_factory=dict)


def new_flow(seed: int, ruleset: str, name: str = "match") -> GameFlow:
    flow = GameFlow(seed, level="standard", ruleset=RULESETS[ruleset])
    # A new name for every flow: one for both matches (it also says who plays, above).
    flow.match_id = f"{name}-{ruleset}-{seed}"
    players(flow)
    return flow


def play_straight(seed: int, ruleset: str, root: Path, data: Path, name: str) -> Straight:
    """Play the match in ``data`` (the game's data folder).  After every step the folder is
    copied to ``root``/N and the match left there: its save written into the copy (the
    straight match's own files untouched, so it goes on as if never left)."""
    flow = new_flow(seed, ruleset, name)
    out = Straight()
    while flow.next_step().kind is not StepKind.MATCH_END:
        advance(flow)
        out.steps += 1
        copy = root / str(out.steps)
        shutil.copytree(data, copy)
        flow.save_file = copy / "savegame.json"
        flow.leave()
        flow.save_file = None
        out.folders.append(copy)
        out.stages.append(flow.stage)
        if at_boundary(flow):
            out.boundaries[(flow.match.hands_dealt, str(flow.stage))] = state(flow, data)
    out.final = state(flow, data)
    return out


def leave_and_resume(n: int, straight: Straight, data: Path,
                     to_the_end: bool) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Resume the match left after step ``n`` (the data folder as it was then, with the
    save leaving wrote) and play on to the next boundary (or the end).  Returns (resumed,
    straight) states there; None when nothing was left to resume (the match was over)."""
    shutil.rmtree(data)
    shutil.copytree(straight.folders[n - 1], data)
    saved, messages = savegame.load_game()
    if saved is None:
        assert straight.stages[n - 1] is Stage.OVER, (n, straight.stages[n - 1], messages)
        return None
    assert messages == [], messages
    resumed = GameFlow.resume((saved, messages))
    players(resumed)
    while True:
        if not to_the_end and at_boundary(resumed):
            key = (resumed.match.hands_dealt, str(resumed.stage))
            # A boundary the straight match never reached: diverged.
            return state(resumed, data), straight.boundaries.get(key, {})
        if resumed.next_step().kind is StepKind.MATCH_END:
            return state(resumed, data), straight.final
        advance(resumed)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory where there is one (/dev/shm): every save ends with an fsync,
    which on a disk costs milliseconds, and this test writes thousands of saves."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(prefix="beloz-resume-", dir=shm) as d:
        yield Path(d)


def check_every_step(seed: int, ruleset: str, tmp_path: Path, monkeypatch: Any,
                     to_the_end: bool, stride: int = 1, name: str = "match") -> int:
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    straight = play_straight(seed, ruleset, tmp_path / "after", data, name)
    assert straight.final["files"].get("stats.json", {}).get("matches_played") == 1
    assert "savegame.json" not in straight.final["files"]  # a finished match leaves no save
    diverged = []
    for n in range(1, straight.steps + 1, stride):
        got = leave_and_resume(n, straight, data, to_the_end)
        if got is not None and got[0] != got[1]:
            diverged.append(n)
    assert diverged == [], f"left after these steps, the match diverged: {diverged}"
    return straight.steps


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("seed", [1007])  # seed 11 below, every ruleset; 1007 quiet, below
def test_a_match_left_after_any_step_resumes_as_the_same_match(
        seed: int, ruleset: str, folder: Path, monkeypatch: Any) -> None:
    steps = check_every_step(seed, ruleset, folder, monkeypatch, to_the_end=False)
    assert steps > 150  # a whole match of several hands was covered


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_match_left_and_resumed_ends_as_the_same_match(
        ruleset: str, folder: Path, monkeypatch: Any) -> None:
    """Each resumed match played to its end: the same final state, files included."""
    check_every_step(11, ruleset, folder, monkeypatch, to_the_end=True, stride=11)


@pytest.mark.slow
def test_a_belot_kept_quiet_stays_quiet_in_a_resumed_match(folder: Path, monkeypatch: Any,
                                                           ) -> None:
    """A computer seat says with its first card that it keeps its belot quiet; its belot
    card comes later.  Left in between, the resumed match must still keep it quiet (the
    answer is not in the hand's cards when the first card was not a belot card)."""
    check_every_step(1007, "beloz", folder, monkeypatch, to_the_end=False, name="quiet")


def play_until(flow: GameFlow, done: Any) -> None:
    for _ in range(5000):
        if done(flow):
            return
        advance(flow)
    raise AssertionError("never reached")


def test_left_on_a_score_screen_continue_shows_that_score(data_dir: Path) -> None:
    flow = new_flow(5, "beloz")
    play_until(flow, lambda f: f.stage is Stage.SCORE and len(f.match.history) >= 2)
    flow.leave()
    saved, messages = savegame.load_game()
    resumed = GameFlow.resume((saved, messages))
    assert resumed.stage is Stage.SCORE
    assert resumed.result == flow.result == resumed.match.history[-1]
    assert resumed.last_hand is not None and flow.last_hand is not None
    assert resumed.last_hand.actions() == flow.last_hand.actions()
    assert resumed.next_step().kind is StepKind.SCORE
    # Without the hand kept for its review (a damaged entry left out), the match goes on.
    saved.kept.pop()
    assert GameFlow.resume((saved, messages)).stage is Stage.CUT


def test_left_once_the_pack_is_cut_continue_deals_that_cut(data_dir: Path) -> None:
    flow = new_flow(6, "beloz")
    play_until(flow, lambda f: f.stage is Stage.DEAL and f.match.hands_dealt >= 1)
    flow.leave()
    saved, messages = savegame.load_game()
    assert saved is not None
    resumed = GameFlow.resume((saved, messages))
    assert (resumed.stage, resumed.cut_at) == (Stage.DEAL, flow.cut_at)
    # A cut the ruleset does not allow (an edited file): the pack is cut again.
    saved.extra["cut_at"] = 40
    assert GameFlow.resume((saved, messages)).stage is Stage.CUT
