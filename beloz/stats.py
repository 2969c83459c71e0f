"""The player's statistics, kept in stats.json in the user data dir.

The top-level counters add up every ruleset; ``rulesets`` holds the same counters for each
ruleset played (files written before it existed load with no section).

The human plays seat 0; "team" is seats 0 and 2 (team 0).  Loading never fails: a damaged
file is set aside as stats.json.bak and counting starts again, with a message; a bad value
resets that counter only, and ruleset sections beyond ``MAX_RULESET_SECTIONS`` are dropped
(so that whatever is read is written back within the size a file may have).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import storage
from .i18n import tr
from .rules.ruleset import RULESETS
from .rules.scoring import HandResult, Outcome
from .rules.state import HandState

SCHEMA = 1
FILENAME = "stats.json"
HUMAN_SEAT = 0
HUMAN_TEAM = HUMAN_SEAT & 1
#: No counter gets near this (a hand a minute for two thousand years); a larger one is
#: damage, and the stats screen's rates would overflow a float on it.
MAX_COUNT = 10**9
#: Sections a file may hold, and the length of their names: far more than the rulesets the
#: game plays (those are kept first), and so few that any file read is written back well
#: within ``storage.MAX_LOAD_BYTES`` (every counter of a section is written, even a zero:
#: 30,000 empty sections, 400 kB, came back as 12.6 MB and were refused at the next start).
MAX_RULESET_SECTIONS = 32
MAX_RULESET_NAME = 40
#: The kinds ``record_hand`` writes (``Announcement.kind``), each with its name on screen.
ANNOUNCEMENT_KINDS = ("tierce", "quarte", "quinte", "carre")

_COUNTERS = (
    "matches_played",
    "matches_won",
    "hands_played",  # hands with a taker (all-passed deals are not hands played)
    "team_taken",  # the human's team took
    "team_made",
    "team_dedans",  # the human's team took and went dedans
    "seat_taken",  # the human took
    "seat_made",
    "seat_dedans",
    "opponents_dedans",  # the opponents took and the human's team put them dedans
    "capots_made",  # by the human's team
    "capots_suffered",
    "litiges",  # any hand ending in a litige, whoever took
    "beloz",  # BeloZ scored by the human's team
    "undo_hands",  # hands played with undo (counted apart: in no other counter)
    "undo_matches",  # matches finished after an undo (counted apart)
)


@dataclass
class Stats:
    """Counters (all ints ≥ 0) and the best announcement the human's team scored."""

    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    team_taken: int = 0
    team_made: int = 0
    team_dedans: int = 0
    seat_taken: int = 0
    seat_made: int = 0
    seat_dedans: int = 0
    opponents_dedans: int = 0
    capots_made: int = 0
    capots_suffered: int = 0
    litiges: int = 0
    beloz: int = 0
    undo_hands: int = 0
    undo_matches: int = 0
    best_announcement_points: int = 0
    best_announcement_kind: str | None = None  # "tierce", "quarte", "quinte", "carre"
    # The same counters per ruleset name (never nested deeper).
    rulesets: dict[str, Stats] = field(default_factory=dict)
    #: The last deal counted of each recent match (``mark_counted``), top level only.
    counted: dict[str, int] = field(default_factory=dict)

    def for_ruleset(self, name: str) -> Stats:
        """The section of ruleset ``name`` (created empty when it is first played)."""
        return self.rulesets.setdefault(name, Stats())

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"schema": SCHEMA}
        d.update(dataclasses.asdict(self))
        d["rulesets"] = {
            name: {k: v for k, v in dataclasses.asdict(section).items()
                   if k not in ("rulesets", "counted")}
            for name, section in self.rulesets.items()
        }
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Stats, list[str]]:
        """Unknown keys ignored; a bad value resets that field (one message per field)."""
        s = cls()
        bad: list[str] = []
        for name in (*_COUNTERS, "best_announcement_points"):
            if name not in data:
                continue
            v = data[name]
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT:
                setattr(s, name, v)
            else:
                bad.append(name)
        kind = data.get("best_announcement_kind")
        if kind is None or kind in ANNOUNCEMENT_KINDS:
            s.best_announcement_kind = kind
        else:
            bad.append("best_announcement_kind")
        # Bookkeeping, not a statistic: an entry that is not a match's name and a deal
        # number is dropped without a word (at worst one hand may be counted twice).
        counted = data.get("counted", {})
        if isinstance(counted, dict):
            s.counted = {k: v for k, v in counted.items()
                         if isinstance(k, str) and len(k) <= 64 and isinstance(v, int)
                         and not isinstance(v, bool) and 0 <= v <= MAX_COUNT}
        sections = data.get("rulesets", {})
        if not isinstance(sections, dict):
            bad.append("rulesets")
            sections = {}
        msgs: list[str] = []
        dropped = seen = 0
        # The rulesets the game plays first, then the others (a newer version's) in order.
        for name in sorted(sections, key=lambda n: n not in RULESETS):
            section = sections[name]
            seen += 1
            if seen > MAX_RULESET_SECTIONS:
                dropped += 1
            elif len(name) <= MAX_RULESET_NAME and isinstance(section, dict):
                section = {k: v for k, v in section.items() if k not in ("rulesets", "counted")}
                s.rulesets[name], more = cls.from_dict(section)
                msgs += [f"{m[:-1]} (ruleset {name!r})." for m in more]
            else:
                bad.append(f"rulesets/{name[:MAX_RULESET_NAME]}")
        msgs = [f"Statistic {name!r} in {FILENAME} was invalid and was reset."
                for name in bad] + msgs
        if dropped:
            msgs.append(f"{dropped} ruleset sections of {FILENAME} beyond the first "
                        f"{MAX_RULESET_SECTIONS} were dropped.")
        return s, msgs


def stats_path() -> Path:
    return storage.data_dir() / FILENAME


def load_stats() -> tuple[Stats, list[str]]:
    """The saved statistics (zeros when there are none), and messages for the player."""
    path = stats_path()
    loaded = storage.load_json(path, schema_version=SCHEMA)
    if loaded.data is None:
        return Stats(), loaded.messages
    stats, msgs = Stats.from_dict(loaded.data)
    storage.keep_copy(path, msgs)  # the values reset are lost at the next write
    return stats, loaded.messages + msgs


def reset_notice() -> str:
    """What the person is told of statistics that could not be read (set aside, or values
    reset): one sentence, the same at start-up, on the Statistics screen and from an
    autoplay, ending with where the file as it was is kept."""
    return tr("notify.stats_reset") + storage.kept_note(stats_path())


def save_stats(stats: Stats) -> str | None:
    """Save atomically; returns None, or a message for the player when the disk refused."""
    return storage.write_json(stats_path(), stats.to_dict())


def record_hand(
    stats: Stats, result: HandResult, hand: HandState | None = None, *, seat: int = HUMAN_SEAT
) -> Stats:
    """Count a finished hand with a taker (``Match.finish`` returned ``result``).  ``hand``
    gives what the result does not hold: which seat took, BeloZ per seat, the kind of the
    announcements; without it those counters are estimated from the result (BeloZ) or left
    alone (the human as taker, the best announcement's kind).  Updates ``stats`` in place and
    returns it."""
    if not isinstance(hand, HandState):  # e.g. a Match passed by mistake: count what we can
        hand = None
    team = seat & 1
    stats.hands_played += 1
    made = result.outcome is Outcome.MADE
    dedans = result.outcome is Outcome.DEDANS
    if result.taker_team == team:
        stats.team_taken += 1
        stats.team_made += made
        stats.team_dedans += dedans
        if hand is not None and hand.taker == seat:
            stats.seat_taken += 1
            stats.seat_made += made
            stats.seat_dedans += dedans
    else:
        stats.opponents_dedans += dedans
    if result.outcome is Outcome.LITIGE:
        stats.litiges += 1
    if result.capot is not None:
        if result.capot == team:
            stats.capots_made += 1
        else:
            stats.capots_suffered += 1
    if hand is not None:
        stats.beloz += sum(1 for s in (team, team + 2) if hand.beloz_said[s] >= 2)
        if result.announcement_points[team] > 0:
            for s in (team, team + 2):
                for a in hand.declared[s]:
                    if a.points > stats.best_announcement_points:
                        stats.best_announcement_points = a.points
                        stats.best_announcement_kind = a.kind
    else:
        stats.beloz += 1 if result.beloz[team] > 0 else 0
    return stats


#: How many recent matches ``counted`` remembers, besides every match that can still be
#: resumed (``mark_counted``'s ``resumable``: the matches whose save is there).
COUNTED_MATCHES = 16


def mark_counted(stats: Stats, match_id: str, deal: int,
                 resumable: Callable[[], Collection[str]] = frozenset) -> bool:
    """Record that deal ``deal`` (``Match.hands_dealt``) of match ``match_id`` is counted,
    and say whether it was not yet: False means this hand (and the match's end, which is
    counted with its last hand) is already in ``stats``.  Deals only go forward within a
    match, so one number per match is enough.  Past ``COUNTED_MATCHES`` the oldest marks
    are dropped, never those of ``resumable()`` (asked only then): a match resumed after
    any number of others must still know what it counted.  Updates in place."""
    if stats.counted.get(match_id, 0) >= deal:
        return False
    stats.counted.pop(match_id, None)  # the most recent last, for the trimming below
    stats.counted[match_id] = deal
    old = list(stats.counted)[:-COUNTED_MATCHES]
    if old:
        keep = resumable()
        for name in old:
            if name not in keep:
                del stats.counted[name]
    return True


def record_undo(stats: Stats, hand: bool, match: bool) -> Stats:
    """Count apart a hand (and a finished match) played with undo: a taken-back card is
    not a result, so none of the other counters moves.  Updates in place and returns it."""
    stats.undo_hands += bool(hand)
    stats.undo_matches += bool(match)
    return stats


def record_match(stats: Stats, won: bool) -> Stats:
    """Count a finished match (not an abandoned one).  Updates in place and returns it."""
    stats.matches_played += 1
    stats.matches_won += bool(won)
    return stats
