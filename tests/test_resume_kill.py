"""Kill the game with SIGKILL in the middle of a hand, then resume: everything but the move in
flight is there (scores, dealer, escrow, hands, the expeditions so far, whose turn, the
computer players' seeds) and the resumed match ends exactly as the uninterrupted one.

The game is ``main.py --autoplay --save`` (four computer players, saved after every bid and
every expedition as for a person), headless, in its own data dir.  The reference is the
same match played in this process by ``GameFlow``: a seed replays the same match, and the
computer players keep no state between decisions, so the real process must have passed
through exactly the state its save file holds.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from beloz import savegame, storage
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import Phase
from beloz.settings import Settings
from beloz.ui.game import GameFlow, StepKind

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")

ROOT = Path(__file__).resolve().parents[1]
LEVEL = "heuristic"  # the search-free players: this tests saving, not the AI
AUTOPLAY_SAVE = savegame.AUTOPLAY_FILENAME  # an autoplay's own save, never savegame.json


def reference_flow(seed: int) -> GameFlow:
    """The flow the autoplay table builds (default settings), with ``--level``."""
    s = Settings()
    flow = GameFlow(seed, level=s.level, autoplay=True, ruleset=get_ruleset(s.ruleset),
                    target=s.target)
    flow.set_level(LEVEL)
    return flow


def snapshot(flow: GameFlow) -> dict[str, Any]:
    """What ``save_game`` writes for the flow now, as read back from JSON."""
    d = savegame.game_to_dict(flow.match, flow.hand, flow.extra(), flow.kept_to_save(savegame))
    d.pop("saved_at")
    d["extra"].pop("match_id")  # a new name for every match: the real game's is its own
    loaded: dict[str, Any] = json.loads(storage.dumps(d))
    return loaded


def play_reference(seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str]:
    """Play the match in-process.  Returns the save after every saving step (with the number
    of steps applied so far, ``_steps``), a light trace of every step, and the final line."""
    flow = reference_flow(seed)
    saves: list[dict[str, Any]] = []
    trace: list[dict[str, Any]] = []
    steps = 0
    while True:
        step = flow.next_step()
        if step.kind is StepKind.MATCH_END:
            break
        flow.apply(step, step.decide() if step.decide is not None else None)
        steps += 1
        h = flow.hand
        trace.append({
            "steps": steps, "hands_dealt": flow.match.hands_dealt,
            "phase": h.phase if h is not None else None,
            "tricks": len(h.tricks) if h is not None else 0,
            "trick": len(h.trick) if h is not None else 0,
            "pending": flow.pending_collect is not None,
        })
        if step.kind in (StepKind.BID, StepKind.COLLECT, StepKind.REDEAL):
            snap = snapshot(flow)
            snap["_steps"] = steps
            saves.append(snap)
    a, b = flow.match.scores
    w = flow.match.winner()
    return saves, trace, f"Final score: {a} - {b} (team {w} wins)"


def game_env(data: Path) -> dict[str, str]:
    env = dict(os.environ, BELOZ_DATA_DIR=str(data), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONTRACEMALLOC", None)
    return env


def start_game(data: Path, *args: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--save", "--level", LEVEL,
           *args]
    # Its own process group: the kill reaches the AI helper process too, if it has one.
    return subprocess.Popen(cmd, env=game_env(data), cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def kill_or_reap(proc: subprocess.Popen[str]) -> None:
    """SIGKILL the game's process group (the game and its AI helper, if any)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate(timeout=30)


def kill(proc: subprocess.Popen[str]) -> None:
    kill_or_reap(proc)
    assert proc.returncode == -signal.SIGKILL


def read_save(data: Path) -> dict[str, Any]:
    d: dict[str, Any] = json.loads((data / AUTOPLAY_SAVE).read_text(encoding="utf-8"))
    d.pop("saved_at")
    assert isinstance(d["extra"].pop("match_id"), str)
    return d


def resume_to_the_end(data: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--resume"],
        env=game_env(data), cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert not (data / AUTOPLAY_SAVE).exists(), "a finished match leaves no save"
    assert not list((data / "logs").glob("crash-*.log"))
    finals = [ln for ln in done.stdout.splitlines() if ln.startswith("Final score")]
    assert len(finals) == 1, done.stdout
    return finals[0]


def check_resumed_state(data: Path, expected: dict[str, Any]) -> None:
    """load_game() + GameFlow.resume give back exactly the saved position."""
    saved, messages = savegame.load_game(data / AUTOPLAY_SAVE)
    assert saved is not None, messages
    flow = GameFlow.resume(saved)
    assert flow.match_id == saved.extra["match_id"], "the match keeps its name"
    assert flow.autoplay and flow.seed == expected["extra"]["seed"]
    assert flow.level == LEVEL and flow.player_specs == {s: LEVEL for s in range(4)}
    got = snapshot(flow)
    m, want = got["match"], expected["match"]
    for key in ("scores", "dealer", "escrow", "hands_dealt", "pack", "deck", "history"):
        assert m[key] == want[key], key
    assert got["hand"] is not None and expected["hand"] is not None
    h, want_h = got["hand"], expected["hand"]
    assert h["actions"] == want_h["actions"], "the bids and the cards of every expedition"
    assert h["check"]["hands"] == want_h["check"]["hands"], "each seat's cards"
    assert h["check"]["current"] == want_h["check"]["current"], "whose turn it is"
    assert h["check"]["points"] == want_h["check"]["points"]
    assert got == {k: v for k, v in expected.items() if k != "_steps"}


@pytest.mark.slow
def test_sigkill_mid_hand_then_resume(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    seed = 5
    saves, trace, final = play_reference(seed)
    # Stop the real game in the middle of a hand of the second deal or later: expeditions
    # already collected and cards of the next one on the table (the move in flight).
    at = next(t for t in trace if t["hands_dealt"] >= 2 and t["phase"] is Phase.PLAY
              and t["tricks"] >= 2 and t["trick"] >= 2 and not t["pending"])
    proc = start_game(tmp_path, "--fast", "--seed", str(seed),
                      "--hang-after-steps", str(at["steps"]))
    assert proc.stdout is not None
    line = proc.stdout.readline()  # blocks until the game stops answering (or exits)
    alive = proc.poll() is None
    kill_or_reap(proc)
    assert alive and line.startswith("hanging after"), (line, proc.returncode)
    on_disk = read_save(tmp_path)
    expected = [s for s in saves if s["_steps"] <= at["steps"]][-1]
    assert on_disk == {k: v for k, v in expected.items() if k != "_steps"}
    # Lost: only the cards played since the last expedition was collected.
    lost = at["steps"] - expected["_steps"]
    assert 1 <= lost <= 4, "only the expedition in flight is lost"
    check_resumed_state(tmp_path, expected)
    assert resume_to_the_end(tmp_path) == final, "the resumed match ends as the uninterrupted one"


@pytest.mark.slow
def test_sigkill_at_a_random_moment_of_a_real_game_then_resume(tmp_path, monkeypatch) -> None:
    """A real (animated, headless) game, killed while it runs, between or during writes."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    seed = 7
    # Fastest animations, no sound: the game reaches the middle of a hand in a few seconds.
    storage.atomic_write_json(tmp_path / "settings.json",
                              {"schema": 1, "animation_speed": 4.0, "sound": False})
    saves, _, final = play_reference(seed)
    proc = start_game(tmp_path, "--headless", "--seed", str(seed))
    rng = random.Random()
    deadline = time.monotonic() + 120
    try:
        while True:
            assert time.monotonic() < deadline, "the game never got to the middle of a hand"
            assert proc.poll() is None, proc.communicate()
            try:
                d = read_save(tmp_path)
            except (FileNotFoundError, json.JSONDecodeError):
                d = {}
            h = d.get("hand")
            if h and h["check"]["phase"] == int(Phase.PLAY) and sum(h["check"]["tricks_won"]) >= 1:
                break
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.8))  # somewhere in the next expedition, or a write
    finally:
        kill(proc)
    on_disk = read_save(tmp_path)
    matches = [s for s in saves if {k: v for k, v in s.items() if k != "_steps"} == on_disk]
    assert matches, "the save holds a position the game went through"
    check_resumed_state(tmp_path, matches[0])
    assert resume_to_the_end(tmp_path) == final
