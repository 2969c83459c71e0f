"""Statistics: counting hands and matches, robust load, atomic save."""

from __future__ import annotations

import dataclasses
import errno
import json
import random
from pathlib import Path

import pytest

from beloz import stats as S
from beloz import storage
from beloz.rules.announcements import AnnouncementResult
from beloz.rules.match import Match
from beloz.rules.scoring import HandResult, Outcome

# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def result(
    taker_team: int = 0,
    outcome: Outcome = Outcome.MADE,
    capot: int | None = None,
    beloz: tuple[int, int] = (0, 0),
    ann: tuple[int, int] = (0, 0),
) -> HandResult:
    return HandResult(
        taker_team=taker_team,
        card_points=(100, 52),
        dix_de_der=0,
        capot=capot,
        announcements=AnnouncementResult(None, ann, False),
        announcement_points=ann,
        beloz=beloz,
        totals=(110, 52),
        outcome=outcome,
        score=(110, 52),
        escrow_in=0,
        escrow_out=0,
    )


def test_counts_from_results() -> None:
    s = S.Stats()
    S.record_hand(s, result(0, Outcome.MADE))
    S.record_hand(s, result(0, Outcome.DEDANS))
    S.record_hand(s, result(1, Outcome.DEDANS))
    S.record_hand(s, result(1, Outcome.LITIGE))
    S.record_hand(s, result(0, Outcome.MADE, capot=0, beloz=(20, 0)))
    S.record_hand(s, result(1, Outcome.MADE, capot=1))
    assert s.hands_played == 6
    assert (s.team_taken, s.team_made, s.team_dedans) == (3, 2, 1)
    assert s.opponents_dedans == 1 and s.litiges == 1
    assert (s.capots_made, s.capots_suffered) == (1, 1)
    assert s.beloz == 1
    # Without the hand, which seat took is unknown: the seat counters stay.
    assert (s.seat_taken, s.seat_made) == (0, 0)


def test_counts_from_real_hands() -> None:
    """Over many random hands, the counters agree with a direct count."""
    rng = random.Random(5)
    s = S.Stats()
    taken = made = seat_taken = seat_made = beloz = 0
    best = 0
    for _ in range(300):
        match = Match.new(rng)
        hand = match.deal(rng.randint(3, 29))
        while not hand.is_terminal():
            hand.apply(rng.choice(hand.legal_actions()))
        r = match.finish(hand)
        if r is None:
            continue
        S.record_hand(s, r, hand)
        if hand.taker is not None and hand.taker % 2 == 0:
            taken += 1
            made += r.outcome is Outcome.MADE
        if hand.taker == 0:
            seat_taken += 1
            seat_made += r.outcome is Outcome.MADE
        beloz += sum(1 for seat in (0, 2) if hand.beloz_said[seat] >= 2)
        if r.announcement_points[0] > 0:
            best = max([best] + [a.points for seat in (0, 2) for a in hand.declared[seat]])
    assert (s.team_taken, s.team_made) == (taken, made)
    assert (s.seat_taken, s.seat_made) == (seat_taken, seat_made)
    assert s.beloz == beloz
    assert s.best_announcement_points == best
    assert (s.best_announcement_kind is None) == (best == 0)


def test_record_match() -> None:
    s = S.Stats()
    S.record_match(s, True)
    S.record_match(s, False)
    assert (s.matches_played, s.matches_won) == (2, 1)


def test_round_trip(data_dir: Path) -> None:
    s = S.Stats(matches_played=3, matches_won=2, best_announcement_points=100)
    s.best_announcement_kind = "quinte"
    assert S.save_stats(s) is None
    doc = json.loads((data_dir / "stats.json").read_text())
    assert doc["schema"] == S.SCHEMA
    loaded, msgs = S.load_stats()
    assert msgs == [] and loaded == s


def test_missing_file() -> None:
    assert S.load_stats() == (S.Stats(), [])


def test_garbage_file(data_dir: Path) -> None:
    (data_dir / "stats.json").write_text("{{{")
    s, msgs = S.load_stats()
    assert s == S.Stats() and len(msgs) == 1
    assert (data_dir / "stats.json.bak").read_text() == "{{{"


def test_bad_value_resets_that_counter_only(data_dir: Path) -> None:
    doc = dataclasses.asdict(S.Stats(matches_played=7, litiges=2))
    doc.update(schema=1, matches_won=-1, beloz="many", unknown=5)
    (data_dir / "stats.json").write_text(json.dumps(doc))
    s, msgs = S.load_stats()
    assert (s.matches_played, s.litiges, s.matches_won, s.beloz) == (7, 2, 0, 0)
    assert len(msgs) == 2
    # The next hand counted drops the bad values: the file as it was is kept beside it.
    assert "stats.json.bak" in msgs[-1]
    assert json.loads((data_dir / "stats.json.bak").read_text())["beloz"] == "many"


def test_a_counter_beyond_belief_or_an_unknown_kind_is_reset(data_dir: Path) -> None:
    """Damage the stats screen could not show (a rate of 10**400 hands overflows a float, a
    kind without a name on screen) resets that field, with a message.  (A lone surrogate,
    which could not be drawn either, sets the whole file aside: ``test_storage``.)"""
    doc = dataclasses.asdict(S.Stats(matches_played=7, team_taken=3))
    doc.update(schema=1, team_made=10**400, best_announcement_points=50,
               best_announcement_kind="cinquante")
    doc["rulesets"] = {"beloz": {"hands_played": S.MAX_COUNT + 1, "litiges": 2}}
    (data_dir / "stats.json").write_text(json.dumps(doc))
    s, msgs = S.load_stats()
    assert (s.matches_played, s.team_taken, s.team_made) == (7, 3, 0)
    assert (s.best_announcement_points, s.best_announcement_kind) == (50, None)
    assert (s.rulesets["beloz"].hands_played, s.rulesets["beloz"].litiges) == (0, 2)
    assert len(msgs) == 3
    for kind in S.ANNOUNCEMENT_KINDS:
        doc.update(best_announcement_kind=kind)
        assert S.Stats.from_dict(doc)[0].best_announcement_kind == kind


def test_save_failure_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", boom)
    assert isinstance(S.save_stats(S.Stats()), str)


# -- per ruleset -------------------------------------------------------------------------------


def test_per_ruleset_sections_round_trip(data_dir: Path) -> None:
    s = S.Stats(hands_played=5)
    S.record_hand(s.for_ruleset("belot-bulgare"), result())
    S.record_match(s.for_ruleset("belote-classique"), True)
    assert S.save_stats(s) is None
    doc = json.loads((data_dir / "stats.json").read_text())
    assert doc["rulesets"]["belot-bulgare"]["hands_played"] == 1
    assert doc["rulesets"]["belote-classique"]["matches_won"] == 1
    assert "rulesets" not in doc["rulesets"]["belot-bulgare"]  # never nested deeper
    loaded, msgs = S.load_stats()
    assert msgs == [] and loaded == s


def test_a_file_without_rulesets_still_loads(data_dir: Path) -> None:
    doc = {k: v for k, v in S.Stats(hands_played=4, litiges=1).to_dict().items()
           if k != "rulesets"}
    (data_dir / "stats.json").write_text(json.dumps(doc))
    s, msgs = S.load_stats()
    assert msgs == [] and (s.hands_played, s.litiges, s.rulesets) == (4, 1, {})


@pytest.mark.parametrize("section", [[1, 2], "x", {"beloz": 3}, {"beloz": {"litiges": -2}},
                                     {"beloz": {"rulesets": {"beloz": {"litiges": 1}}}}])
def test_a_bad_ruleset_section_resets_only_itself(data_dir: Path, section: object) -> None:
    doc = S.Stats(hands_played=4).to_dict()
    doc["rulesets"] = section
    (data_dir / "stats.json").write_text(json.dumps(doc))
    s, msgs = S.load_stats()
    assert s.hands_played == 4
    assert all(sec.litiges == 0 and sec.rulesets == {} for sec in s.rulesets.values())
    if section != {"beloz": {"rulesets": {"beloz": {"litiges": 1}}}}:
        assert len(msgs) == 1


def test_what_the_game_writes_it_reads_back_however_many_sections(data_dir: Path) -> None:
    """30,000 ruleset sections (400 kB) were written back with every counter spelled out
    (12.6 MB, over the 10 MB a file may have): the next start called it damaged and counting
    began again.  The sections beyond ``MAX_RULESET_SECTIONS`` are dropped at load (one
    message, the file kept as .bak), the rulesets the game plays first."""
    sections: dict[str, dict[str, int]] = {f"r{i}": {} for i in range(30_000)}
    sections["beloz"] = {"hands_played": 9}
    (data_dir / "stats.json").write_text(json.dumps({"schema": 1, "rulesets": sections}))
    s, first = S.load_stats()
    assert S.save_stats(s) is None
    assert (data_dir / "stats.json").stat().st_size < storage.MAX_LOAD_BYTES
    again, msgs = S.load_stats()
    assert msgs == [] and again == s, "read back as written"
    assert len(s.rulesets) == S.MAX_RULESET_SECTIONS
    assert s.rulesets["beloz"].hands_played == 9, "a ruleset the game plays is kept"
    assert len(first) == 1 and "stats.json.bak" in first[0]


def test_the_largest_statistics_loaded_are_written_within_the_limit() -> None:
    """Every field at its largest: the most sections, names as long as allowed and as long
    as JSON can spell them (control characters take six bytes each)."""
    full = {name: S.MAX_COUNT for name in S._COUNTERS}
    full.update(best_announcement_points=S.MAX_COUNT, best_announcement_kind="quarte")
    names = [chr(i + 1) * S.MAX_RULESET_NAME for i in range(S.MAX_RULESET_SECTIONS)]
    s, msgs = S.Stats.from_dict({**full, "rulesets": {n: dict(full) for n in names}})
    assert msgs == [] and len(s.rulesets) == S.MAX_RULESET_SECTIONS
    size = len(storage.dumps(s.to_dict()).encode("utf-8"))
    assert size < storage.MAX_LOAD_BYTES // 100, size
