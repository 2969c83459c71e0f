"""The announcement verdict becomes public with the valid announcements (RULES.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

from beloz.rules import record

RECORD = Path(__file__).parent / "fixtures" / "records" / "seed-example-made.json"


def _state_after(n_plays: int, declare: list[bool] | None = None):  # type: ignore[no-untyped-def]
    doc = json.loads(RECORD.read_text())
    doc["plays"] = doc["plays"][:n_plays]
    if declare is not None:
        doc["declare_announcements"] = declare
    return record.replay(record.validate(doc))


def test_verdict_hidden_during_the_first_expedition_and_shown_in_the_second() -> None:
    for n in (0, 3, 4):
        view = _state_after(n).view(1)
        assert not view.announcements_shown and view.valid_team is None
    view = _state_after(5).view(1)
    assert view.announcements_shown and view.valid_team == 0
    assert not view.announcements_cancelled
    # The valid tierce's cards are now public for the other team.
    assert view.declared[0][0].cards is not None


def test_no_declared_announcement_gives_no_valid_team() -> None:
    view = _state_after(5, declare=[False] * 4).view(2)
    assert view.announcements_shown and view.valid_team is None
    assert not view.announcements_cancelled
