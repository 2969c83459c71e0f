"""The player's files seen from the game: a bad save at start-up, a disk that refuses a save
or the statistics during play, statistics counted from a match at the table, and a crash
log written with the hand being played.  The storage layer itself is tested in
tests/test_storage.py, test_savegame.py, test_stats.py and test_crashlog.py."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from beloz import savegame, storage
from beloz import stats as stats_mod
from beloz.ai.player import RandomPlayer
from beloz.rules.state import PASS, TAKE
from beloz.settings import Settings
from beloz.ui import game
from beloz.ui.game import StepKind


@pytest.fixture
def app(data_dir, monkeypatch):
    # Random computer players: these tests are about files, not play.
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz import i18n
    from beloz.ui.app import App

    a = App(size=(960, 600), fast=True, settings=Settings(language="en"))
    yield a
    a.close()
    i18n.set_language("en")


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def human_answer(scene) -> None:
    """The person's step, answered simply: take in round 1, the first legal card."""
    step = scene.step
    if step.kind is StepKind.BID:
        legal = step.data["legal"]
        scene.human_value(TAKE if TAKE in legal else (legal[1] if len(legal) > 1 else PASS))
    elif step.kind is StepKind.CUT:
        scene.human_value(16)
    elif step.kind is StepKind.DEAL:
        scene.human_value(3)
    elif step.kind is StepKind.PLAY:
        scene.human_value((step.data["legal"][0], True, True))
    elif step.kind is StepKind.SCORE:
        scene.press("next")


def drive(app, scene, until, limit: int = 20_000) -> None:
    for _ in range(limit):
        if until():
            return
        if scene.phase == "human" and scene.step is not None:
            if scene.step.kind is StepKind.MATCH_END:
                raise AssertionError("the match ended first")
            human_answer(scene)
        frames(app, 1)
    raise AssertionError("the table never reached the expected state")


def new_table(app, seed: int = 3):
    from beloz.ui.scenes.table import TableScene

    scene = TableScene(app, new_match=True, seed=seed)
    app.push(scene)
    return scene


def toasts(app) -> str:
    return "\n".join(t.text for t in app.toasts)


# -- a damaged save at start-up -------------------------------------------------------------


@pytest.mark.parametrize("content", [b"{not json", b'{"schema": 1, "match": {"dealer": 9}}',
                                     b"\xff\xfe\x00garbage", b"[1, 2, 3]"])
def test_a_damaged_save_is_set_aside_and_the_menu_offers_no_continue(app, data_dir, content):
    from beloz.cli import play as main
    from beloz.ui.scenes.menu import MenuScene

    (data_dir / "savegame.json").write_bytes(content)
    main.check_saved_game(app)
    app.push(MenuScene(app))
    frames(app)
    assert "continue" not in app.top.buttons
    assert "new_game" in app.top.buttons
    assert "savegame.json" in toasts(app), "the player is told"
    assert (data_dir / "savegame.json.bak").read_bytes() == content, "kept for a bug report"
    assert not (data_dir / "savegame.json").exists()


@pytest.mark.parametrize("seed", ['"abc"', "Infinity", "1e400"])
def test_a_save_with_a_bad_seed_is_set_aside_in_words(app, data_dir, seed):
    from beloz.cli import play as main
    from beloz.ui.scenes.menu import MenuScene

    a_persons_saved_match(data_dir)
    path = data_dir / "savegame.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(doc["extra"]["seed"], int)
    text = json.dumps(doc).replace(f'"seed": {doc["extra"]["seed"]}', f'"seed": {seed}')
    path.write_text(text, encoding="utf-8")
    main.check_saved_game(app)
    app.push(MenuScene(app))
    frames(app)
    assert "continue" not in app.top.buttons
    said = toasts(app)
    assert said.startswith("Your saved match could not be resumed: savegame.json does not "
                           "hold a match the game could have played")
    assert "seed" not in said and "abc" not in said
    assert (data_dir / "savegame.json.bak").read_text(encoding="utf-8") == text
    assert not path.exists()


def test_a_good_save_keeps_continue_and_says_nothing(app, data_dir):
    from beloz.cli import play as main
    from beloz.ui.scenes.menu import MenuScene

    flow = game.GameFlow(4, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    while flow.saves < 3:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide else
                   (16 if step.kind is StepKind.CUT else 3 if step.kind is StepKind.DEAL
                    else step.data.get("legal", [None])[0]))
    main.check_saved_game(app)
    app.push(MenuScene(app))
    frames(app)
    assert "continue" in app.top.buttons
    assert not app.toasts


def test_the_real_start_up_path_checks_the_save(data_dir, monkeypatch, capsys):
    """main.py itself (not only the helper) sets a bad save aside before the first frame."""
    import main

    (data_dir / "savegame.json").write_text("{oops", encoding="utf-8")
    assert main.main(["--headless", "--exit-after-first-frame"]) == 0
    assert "first frame:" in capsys.readouterr().out
    assert (data_dir / "savegame.json.bak").exists()


# -- a disk that refuses during play ---------------------------------------------------------


def refuse_writes(monkeypatch, err: int = errno.ENOSPC) -> list[Path]:
    tried: list[Path] = []

    def full(path, text):
        tried.append(Path(path))
        raise OSError(err, "No space left on device" if err == errno.ENOSPC else "Read-only")

    monkeypatch.setattr(storage, "atomic_write_text", full)
    return tried


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EROFS])
def test_a_failing_save_during_play_is_reported_and_the_game_goes_on(app, data_dir,
                                                                     monkeypatch, err):
    tried = refuse_writes(monkeypatch, err)
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.hand is not None and len(scene.flow.hand.tricks) >= 2)
    assert any(p.name == "savegame.json" for p in tried), "the game tried to save"
    text = toasts(app)
    assert "could not be saved" in text.lower() and "savegame.json" in text
    assert ("disk is full" if err == errno.ENOSPC else "read-only") in text
    # ... and goes on: the hand is played out and the next one dealt.
    dealt = scene.flow.match.hands_dealt
    drive(app, scene, lambda: scene.flow.match.hands_dealt > dealt)
    assert not (data_dir / "savegame.json").exists()


def test_a_failing_statistics_write_is_reported_and_the_game_goes_on(app, data_dir,
                                                                      monkeypatch):
    real = storage.atomic_write_text

    def stats_refused(path, text):
        if Path(path).name == stats_mod.FILENAME:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(storage, "atomic_write_text", stats_refused)
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.stage == "score")
    assert "stats.json" in toasts(app)
    assert (data_dir / "savegame.json").exists(), "the match itself is still saved"
    scene.press("next")
    drive(app, scene, lambda: scene.flow.hand is not None)


# -- statistics from a match at the table ----------------------------------------------------


@pytest.mark.slow
def test_a_match_at_the_table_is_counted_in_stats_json(app, data_dir):
    from beloz.ui.scenes.stats import StatsScene

    scene = new_table(app, seed=5)
    drive(app, scene, lambda: scene.step is not None and scene.step.kind is StepKind.MATCH_END)
    m = scene.flow.match
    data = json.loads((data_dir / "stats.json").read_text(encoding="utf-8"))
    assert data["schema"] == stats_mod.SCHEMA
    assert data["matches_played"] == 1
    assert data["matches_won"] == (1 if m.winner() == 0 else 0)
    assert data["hands_played"] == len(m.history), "every hand with a taker, once"
    assert data["team_taken"] == sum(r.taker_team == 0 for r in m.history)
    assert data["team_made"] + data["team_dedans"] <= data["team_taken"]
    assert data["seat_taken"] >= 1, "the person takes in round 1 in this test"
    assert not (data_dir / "savegame.json").exists(), "a finished match leaves no save"
    section = data["rulesets"]["beloz"]  # the same counts in the ruleset's section
    assert {k: section[k] for k in ("matches_played", "hands_played", "team_taken")} == {
        k: data[k] for k in ("matches_played", "hands_played", "team_taken")}
    # The Statistics scene shows what was counted.
    app.push(StatsScene(app))
    frames(app)
    assert app.top.stats.matches_played == 1
    assert app.top.stats.hands_played == len(m.history)


def a_persons_saved_match(data_dir: Path) -> dict[Path, bytes]:
    """A person's match saved mid-hand and its statistics, as the game leaves them: the
    files' bytes, to compare after an autoplay run."""
    flow = game.GameFlow(5, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    stats_file = data_dir / "stats.json"
    while not (stats_file.exists() and flow.stage == "hand" and flow.hand is not None
               and flow.hand.bids):
        step = flow.next_step()
        if step.kind is StepKind.BID and step.human and TAKE in step.data["legal"]:
            value = TAKE
        elif step.kind in (StepKind.PLAY, StepKind.BID):
            value = step.data["legal"][0]
        else:
            value = step.decide() if step.decide else None
        flow.apply(step, value)
    files = [data_dir / "savegame.json", data_dir / "stats.json"]
    assert all(f.is_file() for f in files)
    saved, messages = savegame.load_game()
    assert saved is not None and saved.hand is not None, messages
    return {f: f.read_bytes() for f in files}


def test_autoplay_leaves_the_players_save_and_statistics_alone(app, data_dir):
    from beloz.ui.scenes.table import TableScene

    before = a_persons_saved_match(data_dir)
    scene = TableScene(app, new_match=True, autoplay=True, seed=2)
    app.push(scene)
    drive(app, scene, lambda: scene.final_line is not None)
    app.pop()
    assert {f: f.read_bytes() for f in before} == before
    assert sorted(p.name for p in data_dir.iterdir() if p.is_file()) == [
        "savegame.json", "stats.json"]


def test_main_autoplay_without_save_keeps_the_players_save(data_dir):
    import subprocess
    import sys

    before = a_persons_saved_match(data_dir)
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run(
        [sys.executable, str(root / "main.py"), "--autoplay", "--fast", "--level", "heuristic",
         "--seed", "3"], capture_output=True, text=True, timeout=120, cwd=root)
    assert p.returncode == 0, p.stderr
    assert "Final score" in p.stdout
    assert {f: f.read_bytes() for f in before} == before
    saved, messages = savegame.load_game()
    assert saved is not None and messages == []


def test_a_resumed_match_counts_each_hand_once(data_dir):
    flow = game.GameFlow(8, players={s: RandomPlayer(s) for s in (1, 2, 3)})

    def person(step):
        return step.data["legal"][0] if step.kind in (StepKind.PLAY, StepKind.BID) else (
            step.decide() if step.decide else None)

    while flow.match.hands_dealt < 3 or flow.stage != "hand":
        step = flow.next_step()
        flow.apply(step, person(step) if step.human else (step.decide() if step.decide else None))
    counted = stats_mod.load_stats()[0].hands_played
    assert counted == len(flow.match.history)
    saved, messages = savegame.load_game()
    assert saved is not None, messages
    resumed = game.GameFlow.resume(saved)
    resumed.players = {s: RandomPlayer(s) for s in (1, 2, 3)}
    resumed.run(person)
    st = stats_mod.load_stats()[0]
    assert st.hands_played == len(resumed.match.history)
    assert st.matches_played == 1


# -- a crash log with the hand being played --------------------------------------------------


def test_an_unexpected_error_mid_hand_writes_a_crash_log_with_the_hand(data_dir, monkeypatch,
                                                                       capsys):
    import main
    from beloz.rules import record as record_mod

    real_apply = game.GameFlow.apply
    calls = [0]

    def apply(self, step, value=None):
        calls[0] += 1
        if calls[0] == 40:  # mid-hand: the bids are done and cards are on the table
            raise RuntimeError("injected failure")
        real_apply(self, step, value)

    monkeypatch.setattr(game.GameFlow, "apply", apply)
    assert main.main(["--autoplay", "--fast", "--seed", "1", "--level", "heuristic"]) == 1
    err = capsys.readouterr().err
    logs = sorted((data_dir / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert str(logs[0]) in err, "the player is shown where the report is"
    assert "Traceback" not in err
    text = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError: injected failure" in text and "Traceback" in text
    rec_text = text.split("Hand record (beloz-hand/1):", 1)[1].strip()
    rec = json.loads(rec_text)
    assert rec["format"] == "beloz-hand/1"
    assert rec["plays"], "cards had been played"
    # The record is the hand so far: it validates and replays through the rules engine.
    state = record_mod.replay(record_mod.validate(rec))
    assert len(rec["plays"]) == sum(len(t.cards) for t in state.tricks) + len(state.trick)


def test_damaged_statistics_are_set_aside_at_start_up_with_a_message(app, data_dir):
    from beloz.cli import play as main

    (data_dir / "stats.json").write_text('{"matches_played": ', encoding="utf-8")
    main.check_stats(app)
    assert app.tr("notify.stats_reset") in toasts(app)
    assert "kept as stats.json.bak" in toasts(app)
    assert (data_dir / "stats.json.bak").exists() and not (data_dir / "stats.json").exists()
    app.toasts.clear()
    (data_dir / "stats.json").write_text('{"schema": 1, "matches_played": 4, "extra": 1}',
                                         encoding="utf-8")
    main.check_stats(app)
    assert not app.toasts, "unknown keys are ignored without a word"


def test_a_data_folder_out_of_reach_gives_sentences_at_start_up(
    app, data_dir, monkeypatch
):
    """A data folder the player may not enter: ``exists``, ``is_file`` and ``stat`` raise.
    The menu opens with sentences, not with "[Errno 13] Permission denied: ..."."""
    import errno

    from beloz.cli import play as main

    def denied(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "exists", denied)
    monkeypatch.setattr(Path, "stat", denied)
    monkeypatch.setattr(Path, "is_file", denied)
    main.check_saved_game(app)
    main.check_stats(app)
    said = toasts(app)
    assert app.tr("notify.stats_reset") in said
    assert "Errno" not in said, said


def test_a_save_from_after_the_last_expedition_resumes_to_the_final_score(data_dir):
    flow = game.GameFlow(12, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    while not (flow.stage == "score" and flow.match.winner() is not None):
        step = flow.next_step()
        value = step.decide() if step.decide else None
        if step.human:
            value = step.data["legal"][0] if step.kind in (StepKind.PLAY, StepKind.BID) else (
                16 if step.kind is StepKind.CUT else 3)
        flow.apply(step, value)
    saved, messages = savegame.load_game()  # killed before the score screen was dismissed
    assert saved is not None and saved.hand is None, messages
    resumed = game.GameFlow.resume(saved)
    end = resumed.next_step()
    assert end.kind is StepKind.MATCH_END
    assert end.data["scores"] == tuple(flow.match.scores)
    assert not (data_dir / "savegame.json").exists()
    assert stats_mod.load_stats()[0].matches_played == 1, "counted once, before the stop"


def test_a_setting_reset_at_start_up_says_where_the_file_is_kept(data_dir):
    from beloz.ui.app import App

    (data_dir / "settings.json").write_text('{"schema": 1, "language": "en", "volume": "loud"}',
                                            encoding="utf-8")
    a = App(size=(960, 600), fast=True)
    try:
        said = toasts(a)
        assert a.tr("notify.settings_reset") in said
        assert "The file as it was is kept as settings.json.bak." in said
        assert '"loud"' in (data_dir / "settings.json.bak").read_text(encoding="utf-8")
    finally:
        a.close()


def test_a_full_disk_is_one_notice_that_stays_until_clicked(app, data_dir, monkeypatch):
    """About 20 "could not be saved" toasts a match, one after every bid and expedition
    (issue 33, 3), then one notice per file, the save's and the statistics' (issue 44, 3):
    one notice for the one cause, which says that nothing can be saved, and stays until it
    is clicked.  (With the log: tests/test_start_notices.py.)"""
    import pygame

    refuse_writes(monkeypatch)
    scene = new_table(app)
    drive(app, scene, lambda: scene.flow.match.hands_dealt >= 2)
    notices = [t for t in app.toasts if "could not be saved" in t.text.lower()]
    assert [getattr(t, "sticky", False) for t in notices] == [True], toasts(app)
    assert notices[0].text.split()[9] == "savegame.json"
    assert "Nothing can be saved there until that changes." in notices[0].text
    assert "This is not said again while BeloZ stays open." in notices[0].text
    for _ in range(40):  # ten seconds: it stays
        app.step(0.25)
    assert all(t in app.toasts for t in notices)
    assert scene.flow.write_failures > 3, "said once, failed more"
    for t in notices:
        assert t.rect is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=t.rect.center,
                                             button=1))
        frames(app, 1)
    assert not any("could not be saved" in t.text.lower() for t in app.toasts)
