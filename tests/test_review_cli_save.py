"""The review's command line on the game's own save (``python -m beloz.ai.review --save``):
a save written by playing through GameFlow; the bids (turned-card bids and Bulgarian calls)
and the cards rated exactly as the game's review rates them; the kept hands listed; a kept
hand exported as a valid record; a bad or missing save, a hand that is not kept, a wrong
seat: one clear line and the record checker's exit codes, never a traceback, and the save
never written."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from beloz import review_store, savegame
from beloz.ai import review, review_cli
from beloz.ai.player import RandomPlayer
from beloz.rules import ruleset as ruleset_mod
from beloz.rules.record import check
from beloz.rules.state import action_code
from beloz.ui import game
from beloz.ui.game import GameFlow, StepKind

from .test_ai_helpers import TINY

ROOT = Path(__file__).resolve().parent.parent


# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small evaluation budget, in the game's review and in the command alike."""
    monkeypatch.setattr(review, "LEVEL", TINY)


def seat_bids(hand: Any, seat: int = 0) -> list[int]:
    """The numbers (among the hand's actions) of ``seat``'s bids."""
    d = hand.ruleset.direction
    return [i for i in range(len(hand.bids)) if (hand.dealer + d * (i + 1)) % 4 == seat]


def play(rules: str, first_seed: int = 1, hands: int = 1) -> GameFlow:
    """A match played through the game's flow, seat 0 the person (random legal answers),
    saved by the game as it goes, until ``hands`` hands are kept for review and in the
    first one seat 0 made a bid with a choice."""
    for seed in range(first_seed, first_seed + 40):
        flow = GameFlow(seed, ruleset=ruleset_mod.get(rules),
                        players={s: RandomPlayer(game.seat_seed(seed, s)) for s in (1, 2, 3)})
        rng = random.Random(seed)
        while len(flow.kept) < hands:
            step = flow.next_step()
            assert step.kind is not StepKind.MATCH_END
            if step.human and "legal" in step.data:
                value = rng.choice(step.data["legal"])
            else:
                value = step.decide() if step.decide is not None else None
            flow.apply(step, value)
        start, actions = flow.kept[0].hand.history()
        state = start.clone()
        chose = False
        for a in actions[:len(flow.kept[0].hand.bids)]:
            chose |= state.current == 0 and len(state.legal_actions()) > 1
            state.apply(a)
        if chose:
            return flow
    raise AssertionError("no match where seat 0 bids")


def in_game_review(kept: Any, seat: int = 0) -> review_store.Review:
    """The review the game computes for a kept hand (``ReviewScene.start_review``)."""
    from beloz.ui.procworker import TeachTask

    start, actions = kept.hand.history()
    return TeachTask("review", (start, actions, seat))()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = review_cli.main(list(args))
    return status, capsys.readouterr().out


def files(directory: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of ``directory``: its bytes and its modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in directory.iterdir()
            if p.is_file()}


# -- the ratings -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["beloz", "belote-classique", "belot-bulgare"])
def test_the_command_rates_the_bids_and_cards_as_the_game_review(
        rules: str, tiny: None, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flow = play(rules)
    kept = flow.kept[0]
    before = files(data_dir)
    assert "savegame.json" in before
    # Not reviewed in the game yet: the command computes the review as the game would.
    game_review = in_game_review(kept)
    status, out = cli(capsys, "--save", "--hand", str(kept.number), "--seat", "0", "--json")
    assert status == 0
    got = json.loads(out)
    assert got["source"] == "computed" and got["hand"] == kept.number
    assert got["ruleset"] == rules
    assert "bids" not in got  # the bids are rated: no explanation why not
    want = review_cli.review_json(game_review)
    assert got["decisions"] == want["decisions"]
    assert (got["points_lost"], got["worst"]) == (want["points_lost"], want["worst"])
    bids = [d for d in got["decisions"] if d["kind"] == "bid"]
    assert [d["number"] for d in bids] == seat_bids(kept.hand)
    assert any(len(d["options"]) > 1 for d in bids)  # a bid with a choice, valued
    if rules == "belot-bulgare":
        calls = [r for r in game_review.ratings if r.kind == "bid" and not r.forced]
        assert calls and all(r.why.key.startswith(("call.", "vs.")) for r in calls)
    # Another seat: its bids too, as the game would rate them.
    status, out = cli(capsys, "--save", "--hand", str(kept.number), "--seat", "2", "--json")
    assert status == 0
    assert json.loads(out)["decisions"] == review_cli.review_json(
        in_game_review(kept, 2))["decisions"]
    assert files(data_dir) == before, "the save is only read"


def test_a_review_the_game_saved_is_printed_as_the_game_shows_it(
        tiny: None, data_dir: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    flow = play("beloz")
    kept = flow.kept[0]
    kept.review = in_game_review(kept)
    flow.save_reviews()  # as the review scene does once the review arrives
    shown = savegame.read_game(data_dir / "savegame.json").kept[0].review  # after Continue
    assert shown is not None
    computed: list[int] = []
    monkeypatch.setattr(review, "review_hand", lambda *a, **kw: computed.append(1))
    status, out = cli(capsys, "--save", "--hand", "1", "--json")  # seat 0 by default
    assert status == 0 and computed == []
    got = json.loads(out)
    assert got["source"] == "saved" and got["seat"] == 0
    assert got["decisions"] == review_cli.review_json(shown)["decisions"]
    assert [(d["number"], d["chosen"], d["best"], d["label"]) for d in got["decisions"]] == [
        (r.number, action_code(r.chosen), action_code(r.best), r.label)
        for r in kept.review.ratings]
    assert any(d["kind"] == "bid" for d in got["decisions"])
    # The text: the same ratings, the bids included.
    status, out = cli(capsys, "--save", "--hand", "1")
    assert status == 0
    assert out.startswith("Hand 1 of the saved match (beloz), seat 0: the review the game saved")
    assert "#" in out and " bid " in out and "Points lost in the hand" in out
    assert "bids not rated" not in out.lower()


def test_the_review_of_the_real_game_rates_the_bulgarian_calls_the_same(
        table_app: Any, tmp_path: Path,  # conftest.table_app, as the reviews' UI tests
        capsys: pytest.CaptureFixture[str]) -> None:
    """Through the real App: the review scene's ratings of the person's calls are the
    command's, read from the save the game wrote."""
    from beloz.ui.scenes.review import ReviewScene

    from .test_ui_reviews import _at_score, _bulgarian
    from .test_ui_shell import click as ui_click

    for seed in range(1, 40):
        scene = _bulgarian(table_app, seed)
        _drive(scene, table_app, lambda scene=scene: _at_score(scene))
        if seat_bids(scene.flow.last_hand):
            break
        table_app.pop()
    ui_click(table_app, scene.buttons["review"])
    rv = table_app.top
    assert isinstance(rv, ReviewScene) and rv.entry.review is not None
    shown = rv.ratings_on(0)
    assert shown and all(r.kind == "bid" for r in shown)
    status, out = cli(capsys, "--save", str(tmp_path / "savegame.json"), "--hand",
                      str(rv.entry.number), "--json")
    assert status == 0
    got = json.loads(out)
    assert got["ruleset"] == "belot-bulgare"
    calls = [d for d in got["decisions"] if d["kind"] == "bid"]
    assert [(d["number"], d["chosen"], d["best"], d["label"], d["why"]) for d in calls] == [
        (r.number, action_code(r.chosen), action_code(r.best), r.label,
         review.sentence(r.why)) for r in shown]
    # The values as the game keeps them (two decimals) and shows them after Continue.
    saved = savegame.read_game(tmp_path / "savegame.json").kept[rv.index].review
    assert calls == [review_cli.rating_json(r) for r in saved.ratings if r.kind == "bid"]
    for d, r in zip(calls, shown, strict=True):
        assert d["expected_chosen"] == pytest.approx(r.expected_chosen, abs=0.051)
        assert d["expected_best"] == pytest.approx(r.expected_best, abs=0.051)


def _drive(scene: Any, app: Any, until: Any) -> None:
    from .test_ui_teach import _drive as drive

    drive(scene, app, until)


def test_the_kept_hands_are_listed(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    flow = play("belote-classique", hands=2)
    flow.kept[0].review = in_game_review(flow.kept[0])
    flow.save_reviews()
    status, out = cli(capsys, "--save", "--json")
    assert status == 0
    got = json.loads(out)
    history = flow.match.history
    assert got["ruleset"] == "belote-classique" and got["hands_played"] == len(history)
    assert [k["hand"] for k in got["kept"]] == [k.number for k in flow.kept]
    first = got["kept"][0]
    hand = flow.kept[0].hand
    assert (first["taker"], first["contract"], first["score"], first["reviewed_seat"]) == (
        hand.taker, hand.contract.code, list(history[0].score), 0)
    assert got["kept"][1]["reviewed_seat"] is None
    status, out = cli(capsys, "--save")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Saved match (belote-classique)")
    assert any(line.startswith("  hand 1:") and "reviewed for seat 0" in line for line in lines)
    assert any(line.startswith("  hand 2:") and "not reviewed yet" in line for line in lines)


# -- the record ------------------------------------------------------------------------------


def test_a_kept_hand_exports_as_a_valid_record_of_the_same_hand(
        tiny: None, data_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    flow = play("beloz")
    kept = flow.kept[0]
    before = files(data_dir)
    out_path = tmp_path / "shared" / "hand1.json"
    status, out = cli(capsys, "--save", "--hand", "1", "--export-record", str(out_path))
    assert status == 0 and str(out_path) in out
    doc = json.loads(out_path.read_text(encoding="utf-8"))
    verdict = check(doc)
    assert verdict["ok"] and verdict["score"] == list(kept.hand.result().score)
    # The same hand: its cards rated as the game rates them.
    game_cards = [r for r in in_game_review(kept).ratings if r.kind == "card"]
    from_record = review.review_record(doc, 0).ratings
    assert [review_cli.rating_json(r) for r in from_record] == [
        review_cli.rating_json(r) for r in game_cards]
    # Never over the save.
    save = data_dir / "savegame.json"
    status, out = cli(capsys, "--save", "--hand", "1", "--export-record", str(save))
    assert status == 2 and "only read" in out
    for bad in ("nul\0.json", str(save / "record.json")):  # a NUL; under a file
        status, out = cli(capsys, "--save", "--hand", "1", "--export-record", bad)
        assert status == 1 and out.startswith("cannot write ") and out.count("\n") == 1
    assert files(data_dir) == before


def test_an_existing_file_is_not_replaced_by_an_export_without_force(
        data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An export once replaced another data folder's savegame.json: a file already there
    (or a link, even a dangling one) is left as it is unless --force."""
    play("beloz")
    other = tmp_path / "other-data"
    other.mkdir()
    theirs = other / "savegame.json"
    theirs.write_text('{"theirs": true}', encoding="utf-8")
    link = other / "link.json"
    link.symlink_to(other / "nowhere.json")
    before = files(data_dir)
    for target in (theirs, link):
        status, out = cli(capsys, "--save", "--hand", "1", "--export-record", str(target))
        assert status == 2 and out == (f"{target} already exists: it is left as it is "
                                       "(--force replaces it)\n")
    assert theirs.read_text(encoding="utf-8") == '{"theirs": true}'
    assert link.is_symlink() and not link.exists()
    status, out = cli(capsys, "--save", "--hand", "1", "--export-record", str(theirs), "--json",
                      "--force")
    assert status == 0 and json.loads(out)["record"] == str(theirs)
    assert check(json.loads(theirs.read_text(encoding="utf-8")))["ok"]
    # --force alone means nothing: a usage error, not silently ignored.
    for args in (["--save", "--hand", "1", "--force"], ["--save", "--hand", "1",
                                                         "--export-record", "-", "--force"]):
        assert cli(capsys, *args)[0] == 2
    assert files(data_dir) == before


def test_a_record_still_says_why_its_bids_are_not_rated_and_where_they_are(
        tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    lion = Path(__file__).parent / "fixtures" / "review" / "lion-thrown.json"
    status, out = cli(capsys, str(lion), "--seat", "0")
    assert status == 0
    last = out.splitlines()[-1]
    assert last.startswith("Bids not rated: a beloz-hand/1 record holds")
    assert "--save" in last and "--hand N" in last
    status, out = cli(capsys, str(lion), "--seat", "0", "--json")
    got = json.loads(out)
    assert "--save" in got["bids"] and not any(d["kind"] == "bid" for d in got["decisions"])


# -- bad input -------------------------------------------------------------------------------


def _not_json(doc: dict[str, Any]) -> str:
    return json.dumps(doc)[:-20]


def _scores_changed(doc: dict[str, Any]) -> str:
    doc["match"]["scores"][0] += 10
    return json.dumps(doc)


def _newer(doc: dict[str, Any]) -> str:
    doc["schema"] = 99
    return json.dumps(doc)


def _a_record(doc: dict[str, Any]) -> str:
    return (Path(__file__).parent / "fixtures" / "review" / "lion-thrown.json").read_text()


BAD_SAVES = {
    "not JSON": (_not_json, "damaged"),
    "not a match": (lambda doc: "[1, 2, 3]", "not a saved game"),
    "a record, not a save": (_a_record, "not a saved game"),
    "a newer version": (_newer, "newer version"),
    "scores that do not add up": (_scores_changed, "scores"),
    "not UTF-8": (lambda doc: "\udcff", "damaged"),
}


@pytest.mark.parametrize("what", sorted(BAD_SAVES))
def test_a_bad_save_is_one_clear_line_and_stays_as_it_was(
        what: str, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flow = play("beloz")
    path = data_dir / "savegame.json"
    spoil, said = BAD_SAVES[what]
    path.write_bytes(spoil(json.loads(path.read_text(encoding="utf-8"))).encode(
        "utf-8", "surrogateescape"))
    before = files(data_dir)
    for args in (["--save"], ["--save", "--hand", "1"], ["--save", str(path), "--hand", "1"]):
        status, out = cli(capsys, *args)
        assert status == 1, args
        assert out.count("\n") == 1 and said in out and str(path) in out
        status, out = cli(capsys, *args, "--json")
        got = json.loads(out)
        assert status == 1 and got["ok"] is False and said in got["error"]
    assert files(data_dir) == before, "nothing set aside, nothing rewritten"
    assert flow.kept  # (the match was real)


def test_no_save_a_folder_a_hand_not_kept_a_wrong_seat(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = cli(capsys, "--save")
    assert status == 1 and out.startswith("no saved game at ") and out.count("\n") == 1
    status, out = cli(capsys, "--save", str(data_dir))
    assert status == 1 and "is not a file" in out
    status, out = cli(capsys, "--save", "save\0.json", "--hand", "1")
    assert status == 1 and "embedded null byte" in out and out.count("\n") == 1
    play("beloz", hands=2)
    # A damaged kept hand: the others are still reviewed; asked for, it says why it is not.
    path = data_dir / "savegame.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["kept"][1]["hand"]["actions"][-1] = doc["kept"][1]["hand"]["actions"][0]
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = files(data_dir)
    status, out = cli(capsys, "--save", "--hand", "2")
    assert status == 1 and out.count("\n") == 1
    assert out.startswith("hand 2 is not kept in ") and "kept hand 2:" in out
    assert out.rstrip().endswith("the hands kept: 1")
    status, out = cli(capsys, "--save", "--hand", "7", "--json")
    assert status == 1 and json.loads(out)["error"].endswith("the hands kept: 1")
    status, out = cli(capsys, "--save")
    assert status == 0 and "Left out (it does not read): kept entry 2: kept hand 2" in out
    # Usage: exit 2, and nothing computed.
    for args in (["--save", "--hand", "1", "--seat", "4"],
                 ["--save", "--hand", "1", "--seat", "south"],
                 ["--save", "--hand", "one"],
                 ["--save", "--seat", "1"],
                 ["--save", "--export-record", "x.json"],
                 [str(path), "--save", "--hand", "1"],
                 ["--hand", "1", "--seat", "0"],
                 [str(path), "--seat", "0", "--export-record", "x.json"]):
        assert review_cli.main(args) == 2, args
    assert files(data_dir) == before


# -- the real command ------------------------------------------------------------------------


def run(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BELOZ_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "beloz.ai.review", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_the_command_in_a_shell(tiny: None, data_dir: Path, tmp_path: Path) -> None:
    flow = play("belot-bulgare")
    kept = flow.kept[0]
    kept.review = in_game_review(kept)
    flow.save_reviews()
    shown = savegame.read_game(data_dir / "savegame.json").kept[0].review
    before = files(data_dir)
    p = run("--save", "--json", data=data_dir)
    assert p.returncode == 0 and p.stderr == ""
    assert [k["hand"] for k in json.loads(p.stdout)["kept"]] == [1]
    # The review the game saved, calls included, exactly as the game shows it.
    p = run("--save", "--hand", "1", "--seat", "0", "--json", data=data_dir)
    assert p.returncode == 0 and p.stderr == ""
    got = json.loads(p.stdout)
    assert got["source"] == "saved"
    assert got["decisions"] == review_cli.review_json(shown)["decisions"]
    assert [d["number"] for d in got["decisions"] if d["kind"] == "bid"] == seat_bids(kept.hand)
    # Another seat is reviewed now, by the real evaluation: its calls are rated too.
    p = run("--save", "--hand", "1", "--seat", "1", data=data_dir)
    assert p.returncode == 0 and p.stderr == ""
    assert "reviewed now, as the game reviews it" in p.stdout
    assert p.stdout.count(" bid ") == len(seat_bids(kept.hand, 1))
    # Exported, the hand is a record the record checker accepts.
    record = tmp_path / "shared" / "hand.json"
    p = run("--save", str(data_dir / "savegame.json"), "--hand", "1", "--export-record",
            str(record), data=data_dir)
    assert p.returncode == 0 and record.is_file()
    p = subprocess.run([sys.executable, "-m", "beloz.rules.record", str(record)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout)["ok"] is True
    assert files(data_dir) == before
    # Bad input: one line, the exit code, no traceback.
    for args, status in ((["--save", "--hand", "3"], 1),
                         (["--save", str(tmp_path / "nothing.json")], 1),
                         (["--save", str(record), "--hand", "1"], 1),
                         (["--save", "--hand", "1", "--seat", "9"], 2)):
        p = run(*args, data=data_dir)
        assert p.returncode == status, (args, p.stdout, p.stderr)
        assert "Traceback" not in p.stdout + p.stderr
        assert len((p.stdout + p.stderr).strip().splitlines()) <= 3  # usage: 2 lines + error
    assert files(data_dir) == before
