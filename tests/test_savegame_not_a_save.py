"""What stands in a save's place and is not a save the game can trust: something else than
a file (a pipe, a device, a folder, a link to nowhere), a Bulgarian escrow out of bounds, a
value the game cannot write again; and saves of an older schema that replay as they did.
(Split from ``test_savegame.py``, which keeps saving and resuming exactly.)"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from beloz import savegame, storage
from beloz.rules import ruleset as rsm
from beloz.rules.state import QUIET_ANNOUNCEMENTS

from .test_savegame import ROOT, _expect_set_aside, _saved_doc, play_to

# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def _not_a_file(data_dir: Path, kind: str) -> Path:
    path = data_dir / "savegame.json"
    if kind == "a named pipe":
        os.mkfifo(path)
    elif kind == "a link to a device":
        path.symlink_to("/dev/zero")
    elif kind == "a link to nowhere":
        path.symlink_to(data_dir / "gone.json")
    elif kind == "a link to itself":
        path.symlink_to(path)
    else:
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    return path


class _App:
    def __init__(self) -> None:
        self.said: list[str] = []

    def notify(self, message: str, seconds: float | None = 4.0) -> None:
        self.said.append(message)


NOT_A_FILE = ["a named pipe", "a link to a device", "a link to nowhere", "a link to itself",
              "a folder"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX (CI has them)")
@pytest.mark.parametrize("kind", NOT_A_FILE)
def test_something_else_than_a_file_in_place_of_the_save_is_set_aside_and_said(
    data_dir: Path, kind: str
) -> None:
    """As settings, statistics and the tutorial's progress: whatever is in the save's place
    is kept as savegame.json.bak (renamed, never read: a pipe would block, a device never
    end) and the player is told at start-up; the menu then offers no Continue."""
    from beloz.cli import play as main

    path = _not_a_file(data_dir, kind)
    app = _App()
    main.check_saved_game(app)
    assert len(app.said) == 1, app.said
    assert app.said[0].startswith("Your saved match could not be resumed: savegame.json ")
    assert "savegame.json.bak" in app.said[0]
    assert not os.path.lexists(path) and os.path.lexists(data_dir / "savegame.json.bak")
    assert not savegame.has_save()
    if kind == "a folder":
        assert (data_dir / "savegame.json.bak" / "inside.txt").read_text() == "kept"
    assert savegame.save_game(*play_to(3, 0, 0.3)) is None, "a new match saves"
    assert savegame.has_save() and savegame.load_game()[1] == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX (CI has them)")
@pytest.mark.parametrize("kind", NOT_A_FILE)
def test_something_else_than_a_file_that_cannot_be_set_aside_offers_no_continue(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    _not_a_file(data_dir, kind)

    def refuse(*args: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(storage.os, "replace", refuse)
    saved, messages = savegame.load_game()
    assert saved is None and len(messages) == 1 and "savegame.json" in messages[0]
    assert not savegame.has_save()


def _bulgarian_doc(data_dir: Path) -> dict[str, Any]:
    """A Bulgarian match saved in its second hand (an auction: its scores are not
    recomputed from its points, the escrow's chain is what is checked)."""
    from beloz.rules.ruleset import BULGARE
    from beloz.ui.game import GameFlow

    flow = GameFlow(4, autoplay=True, ruleset=BULGARE)
    flow.set_level("heuristic")
    flow.persist = True
    flow.save_file = data_dir / "savegame.json"
    while not flow.match.history or flow.hand is None or not flow.hand.tricks:
        step = flow.next_step()
        flow.apply(step, step.decide() if step.decide is not None else None)
    doc: dict[str, Any] = json.loads((data_dir / "savegame.json").read_text())
    return doc


def test_a_bulgarian_saves_escrow_is_bounded_as_a_records(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand-edited escrow of 10**400 loaded and was played to a 400-digit score (issue 33):
    bounded as the record checker bounds it (``record.MAX_ESCROW``), by the game and by the
    review's command line alike."""
    from beloz.rules.record import MAX_ESCROW

    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)  # its saves: no disk wait
    doc = _bulgarian_doc(data_dir)
    for escrow, loads in ((MAX_ESCROW, True), (10**400, False)):
        edited = json.loads(json.dumps(doc))
        edited["match"]["history"][-1]["escrow_out"] = escrow
        edited["match"]["escrow"] = escrow
        edited["hand"]["escrow_in"] = escrow
        text = json.dumps(edited)
        (data_dir / "savegame.json").write_text(text)
        if loads:
            assert savegame.read_game(data_dir / "savegame.json").match.escrow == escrow
            saved, msgs = savegame.load_game()
            assert saved is not None and saved.match.escrow == escrow, msgs
        else:
            with pytest.raises(savegame.BadSave):
                savegame.read_game(data_dir / "savegame.json")
            _expect_set_aside(data_dir, text.encode())


def test_the_game_and_the_review_give_one_verdict_on_a_save(data_dir: Path) -> None:
    """An unknown top-level key holding Infinity: the game set the save aside, ``review
    --save`` read it (issue 33).  A byte-order mark: both read it."""
    doc = _saved_doc(data_dir)
    path = data_dir / "savegame.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(doc).encode())
    assert savegame.read_game(path).match is not None
    assert savegame.load_game()[0] is not None
    doc["comment"] = float("inf")
    text = json.dumps(doc)
    assert "Infinity" in text
    path.write_text(text)
    with pytest.raises(savegame.BadSave, match="cannot be written again"):
        savegame.read_game(path)
    _expect_set_aside(data_dir, text.encode())


def test_schema_1_hands_with_standing_declare_flags_replay_as_they_did() -> None:
    """Hands saved before the cards held their declarations (schema 1: each seat's standing
    declare flags beside bare cards; written by that version's own ``hand_to_dict``, with
    random flags changed during the play) replay to the state that version built, and are
    saved again in the new form with the same result."""
    cases = json.loads((ROOT / "tests" / "fixtures" / "saves" / "schema1-hands.json")
                       .read_text(encoding="utf-8"))
    quiet = 0
    for case in cases:
        rules = rsm.get(case["ruleset"])
        hand = savegame.hand_from_dict(case["hand"], rules)
        expect = case["expect"]
        for got in (hand, savegame.hand_from_dict(
                savegame.hand_to_dict(hand, savegame.deck_of(hand.at_deal()), 3), rules)):
            assert [[a.kind.value if hasattr(a.kind, "value") else str(a.kind) for a in d]
                    for d in got.declared] == expect["declared"]
            assert list(got.beloz_said) == expect["beloz_said"]
            assert (got.belot_said, got.belot_cards) == (expect["belot_said"],
                                                         expect["belot_cards"])
            assert list(got.points) == expect["points"]
            if expect["returns"] is not None:
                assert list(got.returns()) == expect["returns"]
        quiet += any(a >= QUIET_ANNOUNCEMENTS for a in hand.actions())
    assert quiet >= 20  # the flags kept something quiet in many of them
