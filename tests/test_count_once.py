"""A hand's end (and a match's end) is counted in stats.json once, whatever the moment the
game is killed: stats.json is written before the save, and a hand replayed from the save
after a kill between the two writes must not be counted again (docs/files.md).

In-process, the data folder is copied as a kill after every write of every hand's end of a
whole match leaves it, and the match is resumed from each copy as a new process would; the
statistics must equal those of the uninterrupted match.  Then the same with the real game
(``main.py --autoplay --save --stats``) killed with SIGKILL just after it counted the hand
that ends the match.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from beloz import savegame, storage
from beloz import stats as S
from beloz.rules.ruleset import get as get_ruleset
from beloz.settings import Settings
from beloz.ui.game import GameFlow, StepKind
from tests.test_resume_kill import LEVEL, ROOT, game_env, kill_or_reap

SEED = 5  # 9 deals with the default settings, one of them passed by all, 8 scored hands


def new_flow(seed: int) -> GameFlow:
    """An autoplay match as ``main.py --autoplay --save --stats --level heuristic`` plays it
    with the default settings."""
    s = Settings()
    flow = GameFlow(seed, level=s.level, autoplay=True, ruleset=get_ruleset(s.ruleset),
                    target=s.target)
    flow.set_level(LEVEL)
    flow.persist = flow.record_stats = True
    return flow


def counters(data: Path) -> dict[str, Any]:
    """stats.json without its bookkeeping (which names the matches counted)."""
    d: dict[str, Any] = json.loads((data / S.FILENAME).read_text(encoding="utf-8"))
    d.pop("counted", None)
    return d


def is_an_end(flow: GameFlow, kind: StepKind) -> bool:
    """The step about to be applied ends a hand (its last expedition is collected) or the
    match (the final score is dismissed: the save is deleted)."""
    if kind is StepKind.COLLECT:
        return flow.hand is not None and len(flow.hand.tricks) == 8 and not flow.hand.trick
    return kind is StepKind.SCORE and flow.match.winner() is not None


def play(flow: GameFlow, monkeypatch: pytest.MonkeyPatch,
         after_end_write: Callable[[], None] | None = None) -> int:
    """Play to the end; ``after_end_write`` is called after every write (or delete) done
    while a hand or the match ends: the moments a kill would leave the folder as it is
    then.  Returns how many such writes were done."""
    writes = [0]
    ending = [False]
    write = storage.atomic_write_text
    unlink = Path.unlink

    def one_more() -> None:
        if ending[0]:
            writes[0] += 1
            if after_end_write is not None:
                after_end_write()

    def counted_write(path: Path | str, text: str) -> None:
        write(path, text)
        one_more()

    def counted_unlink(path: Path, missing_ok: bool = False) -> None:
        unlink(path, missing_ok=missing_ok)
        one_more()

    monkeypatch.setattr(storage, "atomic_write_text", counted_write)
    monkeypatch.setattr(Path, "unlink", counted_unlink)
    try:
        while True:
            step = flow.next_step()
            if step.kind is StepKind.MATCH_END:
                return writes[0]
            value = step.decide() if step.decide is not None else None
            ending[0] = is_an_end(flow, step.kind)
            flow.apply(step, value)
            ending[0] = False
    finally:
        monkeypatch.setattr(storage, "atomic_write_text", write)
        monkeypatch.setattr(Path, "unlink", unlink)


def resume(data: Path) -> GameFlow | None:
    """What the next ``main.py --autoplay --resume --stats`` does: the match from its save,
    or None when the save is gone (the match was over)."""
    saved, messages = savegame.load_game(data / savegame.AUTOPLAY_FILENAME)
    assert not messages
    if saved is None:
        return None
    flow = GameFlow.resume(saved)
    flow.record_stats = True
    return flow


@pytest.mark.slow
def test_a_kill_at_any_write_of_a_hands_end_counts_it_once(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    # What is killed here is the process, not the machine: the files are in place as soon
    # as they are renamed, and 18 matches of saves need not wait for the disk.
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    # The folder as a kill just after each write of a hand's end leaves it.
    killed: list[Path] = []

    def kill_here() -> None:
        killed.append(tmp_path / f"killed-{len(killed) + 1}")
        shutil.copytree(data, killed[-1])

    ends = play(new_flow(SEED), monkeypatch, kill_here)
    expected = counters(data)
    assert expected["hands_played"] == 8 and expected["matches_played"] == 1
    assert ends == len(killed) == 2 * 8 + 1, (
        "each scored hand: stats.json then the save; then the save is deleted")
    for k, folder in enumerate(killed, 1):
        monkeypatch.setenv("BELOZ_DATA_DIR", str(folder))
        flow = resume(folder)
        if flow is not None:
            play(flow, monkeypatch)
        assert counters(folder) == expected, f"killed after write {k} of a hand's end"
        assert not (folder / savegame.AUTOPLAY_FILENAME).exists()


def test_a_deal_is_counted_once_per_match() -> None:
    st = S.Stats()
    assert S.mark_counted(st, "a", 1) and S.mark_counted(st, "a", 2)
    assert not S.mark_counted(st, "a", 2) and not S.mark_counted(st, "a", 1)
    assert S.mark_counted(st, "b", 1), "another match has its own deals"
    for i in range(S.COUNTED_MATCHES + 3):
        S.mark_counted(st, f"m{i}", 1)
    assert len(st.counted) == S.COUNTED_MATCHES, "only the recent matches are remembered"
    assert not S.mark_counted(st, f"m{S.COUNTED_MATCHES + 2}", 1)
    back, messages = S.Stats.from_dict(json.loads(json.dumps(st.to_dict())))
    assert back.counted == st.counted and not messages
    bad, messages = S.Stats.from_dict({"counted": {"x": "two", "y": 3, "z": True}})
    assert bad.counted == {"y": 3} and not messages


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_sigkill_after_counting_the_last_hand_counts_the_match_once(tmp_path,
                                                                   monkeypatch) -> None:
    """The real game, killed between the write of stats.json that counts the match's last
    hand (and the match) and the save's write; resumed, it ends with the same statistics as
    the uninterrupted match."""
    ref, data = tmp_path / "ref", tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(ref))
    play(new_flow(SEED), monkeypatch)
    expected = counters(ref)
    last = expected["hands_played"]
    cmd = [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--save", "--stats",
           "--level", LEVEL, "--seed", str(SEED), "--hang-after-write", f"stats.json:{last}"]
    proc = subprocess.Popen(cmd, env=game_env(data), cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    kill_or_reap(proc)
    assert line.startswith(f"hanging after write {last} of stats.json"), proc.stderr
    assert counters(data) == expected, "counted just before the kill"
    saved = json.loads((data / savegame.AUTOPLAY_FILENAME).read_text(encoding="utf-8"))
    assert saved["hand"] is not None, "the save is still in the last hand"
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--fast", "--resume", "--stats"],
        env=game_env(data), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert counters(data) == expected, "the resumed last hand and the match are not recounted"


def other_matches(n: int) -> None:
    """``n`` short autoplay matches counted in stats.json and not saved (as an autoplay
    with --stats alone, or the person's matches, between a crash and its resume)."""
    for i in range(n):
        flow = GameFlow(100 + i, autoplay=True, ruleset=get_ruleset("beloz"), target=100)
        flow.set_level(LEVEL)
        flow.record_stats = True
        flow.run()


def test_a_resumable_matchs_mark_outlives_any_number_of_other_matches(tmp_path,
                                                                     monkeypatch) -> None:
    """A crash between a hand's count and its save, then 17 other counted matches, then the
    resume: stats.json kept the marks of 16 matches only and the hand was counted again
    (``hands_played`` 162 instead of 161; issue 33, 2).  The mark of a match whose save is
    there is kept, whatever the number of matches since."""
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    others, data = tmp_path / "others", tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(others))
    other_matches(S.COUNTED_MATCHES + 1)
    from_others = counters(others)
    killed = tmp_path / "killed"

    def kill_after_the_third_count() -> None:
        if not killed.exists() and json.loads((data / S.FILENAME).read_text())[
                "hands_played"] == 3:
            shutil.copytree(data, killed)  # hand 3 counted, its save not yet written

    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    play(new_flow(SEED), monkeypatch, kill_after_the_third_count)
    expected = counters(data)
    monkeypatch.setenv("BELOZ_DATA_DIR", str(killed))
    other_matches(S.COUNTED_MATCHES + 1)
    flow = resume(killed)
    assert flow is not None and flow.hand is not None, "resumed in the counted hand"
    play(flow, monkeypatch)
    got = counters(killed)
    assert got["hands_played"] == expected["hands_played"] + from_others["hands_played"]
    assert got["matches_played"] == 1 + S.COUNTED_MATCHES + 1


# -- a full disk ---------------------------------------------------------------------------


def a_disk_that_fills(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """``storage.atomic_write_text`` refusing with ENOSPC while ``state["full"]``."""
    import errno

    state = {"full": False}
    write = storage.atomic_write_text

    def maybe(path: Path | str, text: str) -> None:
        if state["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, text)

    monkeypatch.setattr(storage, "atomic_write_text", maybe)
    return state


def test_a_full_disk_is_said_once_keeps_the_last_good_save_and_counts_later(
        tmp_path, monkeypatch) -> None:
    """With no room left, nothing was counted, nothing said, and the save was deleted at the
    match's end (issue 33, 3).  Now each file's failure is said once; the hands that could
    not be counted wait, and the save is not written past them (nor deleted): resumed once
    the disk has room, the match ends with every hand counted once."""
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    ref, data = tmp_path / "ref", tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(ref))
    play(new_flow(SEED), monkeypatch)
    expected = counters(ref)
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    disk = a_disk_that_fills(monkeypatch)
    flow = new_flow(SEED)
    said: list[str] = []
    flow.on_save_error = said.append
    good: list[bytes] = []

    def fill_after_the_second_count() -> None:
        if not disk["full"] and counters(data)["hands_played"] == 2 and (
                data / savegame.AUTOPLAY_FILENAME).exists():
            good.append((data / savegame.AUTOPLAY_FILENAME).read_bytes())
            if len(good) == 2:  # the second hand's count and its save written: then full
                disk["full"] = True

    play(flow, monkeypatch, fill_after_the_second_count)
    assert disk["full"] and counters(data)["hands_played"] == 2
    assert sorted(m.split()[3] for m in said) == ["autoplay-save.json", "stats.json"], said
    assert all("the disk is full" in m for m in said)
    assert flow.write_failures > 2, "failed again and again, said once a file"
    assert (data / savegame.AUTOPLAY_FILENAME).read_bytes() == good[-1], "the last good save"
    disk["full"] = False  # room again: resumed, the match counts what it could not
    resumed = resume(data)
    assert resumed is not None
    play(resumed, monkeypatch)
    assert counters(data) == expected
    assert not (data / savegame.AUTOPLAY_FILENAME).exists()


def test_hands_not_counted_on_a_full_disk_are_counted_when_it_has_room(
        tmp_path, monkeypatch) -> None:
    """Room comes back in the middle of the match: the hands that waited are counted with
    the next one, and the saves go on."""
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    ref, data = tmp_path / "ref", tmp_path / "data"
    monkeypatch.setenv("BELOZ_DATA_DIR", str(ref))
    play(new_flow(SEED), monkeypatch)
    expected = counters(ref)
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data))
    disk = a_disk_that_fills(monkeypatch)
    flow = new_flow(SEED)
    flow.on_save_error = lambda m: None
    while flow.match.hands_dealt < 5:
        disk["full"] = flow.match.hands_dealt >= 2
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    assert counters(data)["hands_played"] == 1, "hands 2 to 4 not counted: the disk is full"
    disk["full"] = False
    play(flow, monkeypatch)
    assert counters(data) == expected, "counted with the next hand, once there was room"
    assert not flow.uncounted
