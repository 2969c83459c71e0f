"""Saving and resuming the match in progress, exactly; and hand records for crash logs.

savegame.json (schema 2)::

    {"schema": 2, "saved_at": "2025-01-31T20:15:02",
     "match": {"ruleset": "beloz", "dealer": 2, "pack": ["N8", ...32], "scores": [312, 270],
               "escrow": 0, "hands_dealt": 5, "target": 1000, "deck": ["W3", ...32],
               "first_packet": 3, "history": [{HandResult as a dict}, ...]},
     "hand": {"dealer": 2, "first_packet": 3, "escrow_in": 0,
              "actions": ["pass", "take", "N8/no-announcements", "N3", ...],
              "check": {"current": 1, "hands": [["N1", ...], ...], "points": [12, 0],
                        "announced": [false, true, false, false], ...}},
     "extra": {...whatever the UI passes: player specs, seeds, level...},
     "kept": [{"number": 3, "hand": {a finished hand, as "hand" above},
               "review": {"seat": 0, "ratings": [...]} or null}, ...]}

``hand`` is null between hands.  The hand is not stored as a state: it is re-dealt from
``match.deck`` and its actions (each card with what it kept quiet: its announcements, its
belot) are applied again, so a resumed hand is the same object the
engine would have built, and a save that does not replay (an edited or damaged file) is
caught: it is set aside as savegame.json.bak and the player gets a message.

``kept`` (optional) holds the match's finished hands that were kept for their review, each
with its number in ``match.history`` and its review once computed (the ratings only,
``beloz.review_store.review_to_dict``), so a review reopens after Continue without being
computed again.  Each is checked as strictly as the rest (it replays to the saved check,
its result is the history's entry, its ratings fit its decisions), but a bad entry costs
only itself: it is left out with a message (``notes``), the file is copied to
savegame.json.bak, and the match resumes.

The computer players are stateless (decisions derive from their seed and the seat's view),
so their seeds in ``extra`` are all the random state a match needs.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import logging
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import storage
from .i18n import tr
from .review_store import BadReview, Review, review_from_dict, review_to_dict
from .rules import checked
from .rules.cards import code
from .rules.match import Match
from .rules.record import declare_choices
from .rules.state import (
    NO_CARD,
    HandState,
    action_code,
    deal_packets,
)
from .save_format import (  # the match and hand as JSON, checked; BadSave is raised there
    BadSave,
    _bool,
    _codes,
    _dict,
    _int,
    _mask_codes,
    hand_from_dict,
    hand_to_dict,
    match_from_dict,
    match_to_dict,
    result_to_dict,
)

log = logging.getLogger(__name__)

#: 2: a card holds what it declared (``N8/no-belot``); schema 1's standing declare flags
#: still load (``_OldDeclarations``).
SCHEMA = 2
FILENAME = "savegame.json"
#: An autoplay's own save (``main.py --autoplay --save``): an autoplay never writes, reads or
#: deletes the match the person left in savegame.json.
AUTOPLAY_FILENAME = "autoplay-save.json"
RECORD_FORMAT = "beloz-hand/1"
@dataclass(frozen=True)
class KeptHand:
    """A finished hand of the match kept for its review: its number in the history (1 is
    the first hand), the hand played to its end, its review (``beloz.review_store.Review``)
    or None."""

    number: int
    hand: HandState
    review: Review | None = None


@dataclass
class SavedGame:
    match: Match
    hand: HandState | None
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: str | None = None
    kept: list[KeptHand] = field(default_factory=list)
    #: Why kept entries were left out (for the player; the reasons are in the log).
    notes: list[str] = field(default_factory=list)


def save_path() -> Path:
    return storage.data_dir() / FILENAME


def autoplay_save_path() -> Path:
    return storage.data_dir() / AUTOPLAY_FILENAME


# -- kept hands and their reviews -----------------------------------------------------------


def deck_of(start: HandState) -> list[int]:
    """A deck that ``HandState.deal(deck, dealer, 3, ruleset, escrow)`` deals into ``start``
    (a hand dealt from a pack, before any bid): each seat's first cards in its packets, then
    the turned card and the stock.  (The cards within one seat's packets may be in another
    order than the real deck's: the hands are the same.)"""
    if start.stock is None:
        raise ValueError("only a hand dealt from a pack has a deck")
    rules = start.ruleset
    left = [[c for c in range(32) if h >> c & 1] for h in start.hands]
    deck: list[int] = []
    for packet in deal_packets(rules, 3):
        seat = start.dealer
        for _ in range(4):
            seat = (seat + rules.direction) % 4
            deck += left[seat][:packet]
            del left[seat][:packet]
    if start.turned != NO_CARD:
        deck.append(start.turned)
    return deck + list(start.stock)


def kept_to_dict(kept: KeptHand) -> dict[str, Any]:
    key = (kept.number, id(kept.hand), id(kept.review))
    cached = _KEPT_DICTS.get(key)
    if cached is not None and cached[0] is kept.hand and cached[1] is kept.review:
        return cached[2]
    start = kept.hand.at_deal()
    out = {
        "number": kept.number,
        "hand": hand_to_dict(kept.hand, deck_of(start), 3),
        "review": None if kept.review is None else review_to_dict(kept.review),
    }
    if len(_KEPT_DICTS) > 512:
        _KEPT_DICTS.clear()
    _KEPT_DICTS[key] = (kept.hand, kept.review, out)  # the objects keep their ids
    return out


#: A finished hand and its review do not change: each is turned into its dict, and that
#: dict checked to read back, once (a save after every bid and expedition stays cheap).
_KEPT_DICTS: dict[tuple[int, int, int], tuple[HandState, Any, dict[str, Any]]] = {}
_KEPT_CHECKED: set[str] = set()


def kept_from_dict(d: object, match: Match) -> tuple[KeptHand, str | None]:
    """A kept hand and its review; BadSave when the hand is unusable, and the reason when
    only its review is (the hand is kept: its review can be computed again)."""
    d = _dict(d, "kept hand")
    number = _int(d.get("number"), "kept hand number", 1, len(match.history))
    what = f"kept hand {number}"
    try:
        hand = hand_from_dict(d.get("hand"), match.ruleset)
    except BadSave as err:
        raise BadSave(f"{what}: {err}") from None
    if not hand.is_terminal() or hand.taker is None:
        raise BadSave(f"{what}: not a finished hand")
    # Compared as saved (a history entry read back keeps the fields the save holds).
    if result_to_dict(hand.result()) != result_to_dict(match.history[number - 1]):
        raise BadSave(f"{what}: its result is not the history's hand {number}")
    review_d = d.get("review")
    if review_d is None:
        return KeptHand(number, hand), None
    start, actions = hand.history()
    try:
        review = review_from_dict(review_d, start, actions)
    except BadReview as err:
        return KeptHand(number, hand), f"{what}: {err}"
    except Exception as err:  # noqa: BLE001 - damage no check foresaw costs the review only
        return KeptHand(number, hand), f"{what}: {err!r}"
    return KeptHand(number, hand, review), None


def kept_from_list(v: object, match: Match) -> tuple[list[KeptHand], list[str]]:
    """The kept hands that read well, in the history's order, and the reasons of those
    (or of the reviews) left out."""
    if v is None:
        return [], []
    if not isinstance(v, list):
        return [], ["kept: expected a list"]
    kept: list[KeptHand] = []
    reasons: list[str] = []
    for i, entry in enumerate(v):
        try:
            k, why = kept_from_dict(entry, match)
        except BadSave as err:
            reasons.append(f"kept entry {i + 1}: {err}")
            continue
        except Exception as err:  # noqa: BLE001 - damage no check foresaw costs this entry
            reasons.append(f"kept entry {i + 1}: {err!r}")
            continue
        if kept and k.number <= kept[-1].number:
            reasons.append(f"kept entry {i + 1}: hand {k.number} out of order")
            continue
        if why is not None:
            reasons.append(why)
        kept.append(k)
    return kept, reasons


# -- the save file --------------------------------------------------------------------------


def game_to_dict(
    match: Match,
    hand: HandState | None,
    extra: dict[str, Any] | None,
    kept: list[KeptHand] | tuple[KeptHand, ...] = (),
) -> dict[str, Any]:
    out = {
        "schema": SCHEMA,
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "match": match_to_dict(match),
        "hand": None if hand is None else hand_to_dict(hand, match.deck, match.first_packet),
        "extra": dict(extra or {}),
    }
    if kept:
        out["kept"] = [kept_to_dict(k) for k in kept]
    return out


#: The computer players' levels a save may name (``beloz.ui.game``: LEVELS and
#: PLUMBING_LEVELS).
SAVED_LEVELS = ("beginner", "standard", "expert", "heuristic", "random")
#: Seeds are whole numbers that fit in 64 bits (the game draws them below 2**30; a player
#: may give any with ``--seed``).
SEED_RANGE = (-(2**63), 2**63 - 1)


def _is_level(level: object) -> bool:
    """One level for the three computer seats, or one for each of seats 1, 2 and 3 separated
    by commas, as the settings give them (``beloz.settings.seat_levels``)."""
    if not isinstance(level, str):
        return False
    parts = level.split(",")
    return len(parts) in (1, 3) and all(p in SAVED_LEVELS for p in parts)


def check_extra(extra: object) -> dict[str, Any]:
    """The UI's part of the save: an object; the keys the game reads to resume (``seed``,
    ``level``, ``autoplay``, ``players``) must have their types, others are kept as they
    are.  BadSave otherwise."""
    extra = _dict(extra, "extra")
    if "seed" in extra:
        _int(extra["seed"], "extra seed", *SEED_RANGE)
    if "level" in extra and not _is_level(extra["level"]):
        raise BadSave(f"extra level: {extra['level']!r} is not a level")
    if "autoplay" in extra:
        _bool(extra["autoplay"], "extra autoplay")
    players = extra.get("players")
    if isinstance(players, dict) and not all(
        str(k) in ("0", "1", "2", "3") and isinstance(v, str)  # int keys before JSON
        for k, v in players.items()
    ):
        raise BadSave("extra players: expected seats 0-3 and player names")
    return extra


def game_from_dict(data: dict[str, Any]) -> SavedGame:
    """BadSave (a ValueError) for anything inconsistent."""
    match = match_from_dict(data.get("match"))
    hand_d = data.get("hand")
    hand = None if hand_d is None else hand_from_dict(hand_d, match.ruleset)
    if hand is not None and (not hand.is_terminal() or match.is_current(hand)):
        # The hand in progress (or complete but not yet scored: the table was left before
        # its last expedition was gathered) was dealt by this match, from its deck, with its
        # escrow.  (A finished hand may be saved after ``Match.finish``: the dealer has moved
        # on.)
        if match.winner() is not None:
            raise BadSave("hand: a hand in progress after the match was won")
        if (hand.dealer, hand.escrow_in) != (match.dealer, match.escrow):
            raise BadSave("hand: not dealt by this match (dealer or escrow differ)")
        dealt = _dict(hand_d, "hand")
        if _codes(match.deck) != dealt["deck"] or dealt["first_packet"] != match.first_packet:
            raise BadSave("hand: not dealt from this match's deck")
        if match.hands_dealt < len(match.history) + 1:
            raise BadSave("hands_dealt: fewer than the hands played")
    extra = check_extra(data.get("extra", {}))
    saved_at = data.get("saved_at")
    if saved_at is not None and not isinstance(saved_at, str):
        raise BadSave("saved_at: not a date")
    kept, reasons = kept_from_list(data.get("kept"), match)
    return SavedGame(match, hand, extra, saved_at, kept, reasons)


def save_game(
    match: Match,
    hand: HandState | None,
    extra: dict[str, Any] | None = None,
    kept: list[KeptHand] | tuple[KeptHand, ...] = (),
    path: Path | None = None,
) -> str | None:
    """Save the match, the hand in progress (None between hands) and the hands kept for
    their reviews atomically, in ``path`` (the person's savegame.json by default).
    ``extra`` must be JSON-serialisable (the UI's own state: player specs, seeds, level,
    the match's name...).  Returns None, or a message for the player when the
    disk refused (the game goes on).  Call it after every bid and every expedition: it is
    cheap (a few kB, and about 1 kB more for each kept hand and its review)."""
    try:
        data = game_to_dict(match, hand, extra, kept)
    except (ValueError, TypeError) as err:  # a programming error: log it, keep playing
        log.exception("could not build the save")
        return tr("files.save_game_failed", error=err)
    try:
        # Check now that the save replays: a save that cannot be resumed is worth nothing,
        # and the replay costs well under a millisecond.
        kept_d = data.pop("kept", None)
        checked = game_from_dict(data)
        if kept_d is not None:
            data["kept"] = _checked_kept(kept_d, checked.match)
    except BadSave as err:
        log.error("the save does not replay: %s", err)
        return tr("files.save_game_failed", error=err)
    try:
        text = storage.dumps(data, compact=True)
    except (ValueError, TypeError) as err:
        log.exception("could not serialise the save")
        return tr("files.save_game_failed", error=err)
    path = path or save_path()
    try:
        storage.atomic_write_text(path, text)
    except OSError as err:
        storage.log_failure(path, "save failed: %s", err)
        return storage.write_error_message(path, err)
    return None


def _checked_kept(kept_d: list[dict[str, Any]], match: Match) -> list[dict[str, Any]]:
    """The kept entries that read back (each checked once): one that does not is a
    programming error, logged; it must not stop the match from being saved, so its review
    is saved as null (computed again on demand), or a bad hand left out."""
    out: list[dict[str, Any]] = []
    for e in kept_d:
        text = storage.dumps(e, compact=True)
        if text not in _KEPT_CHECKED:
            try:
                _, why = kept_from_dict(e, match)
            except Exception as err:  # noqa: BLE001 - BadSave, or damage no check foresaw
                log.error("a kept hand does not read back, left out of the save: %s", err)
                continue
            if why is not None:
                log.error("a review does not read back, saved without it: %s", why)
                e = {**e, "review": None}
                text = storage.dumps(e, compact=True)
            if len(_KEPT_CHECKED) > 512:
                _KEPT_CHECKED.clear()
            _KEPT_CHECKED.add(text)
        if out and e["number"] <= out[-1]["number"]:
            log.error("kept hand %s out of order, left out of the save", e["number"])
            continue
        out.append(e)
    return out


def load_game(path: Path | None = None) -> tuple[SavedGame | None, list[str]]:
    """The saved game in ``path`` (the person's savegame.json by default), or None when
    there is none or it is unusable (then it is kept as savegame.json.bak and the messages
    say so).  Never raises."""
    path = path or save_path()
    loaded = storage.load_json(path, schema_version=SCHEMA, set_aside_message=SET_ASIDE,
                               check_text=False)
    if loaded.data is None:
        _remember_rejected(path, loaded.messages)
        return None, loaded.messages
    try:
        saved = game_from_dict(loaded.data)
    except Exception as err:  # noqa: BLE001 - a bad save must never crash the game
        # The reason is for the log (it names fields); the player gets a sentence.
        log.warning("savegame rejected: %s", err)
        messages = [storage.set_aside(path, tr("files.save_not_playable"), SET_ASIDE)]
        _remember_rejected(path, messages)
        return None, loaded.messages + messages
    if not storage.writable({k: v for k, v in loaded.data.items() if k != "kept"}):
        # A lone surrogate or a NaN outside the kept hands: ``extra``, written back as read,
        # could not be (every later save of the match would fail).  In a kept hand it is
        # damage that costs that hand or its review only: everything there is checked and
        # rebuilt.
        log.warning("savegame rejected: a value that cannot be written again")
        messages = [storage.set_aside(path, tr("files.damaged"), SET_ASIDE)]
        _remember_rejected(path, messages)
        return None, messages
    if saved.notes:
        # A kept hand or review that does not read is left out; the rest resumes.  The
        # file as it was is copied aside, as any bad save is, so nothing is lost.
        for note in saved.notes:
            log.warning("savegame: %s", note)
        bak = storage.backup_path(path)
        try:
            shutil.copyfile(path, bak)
            # The save without them, so that the next load (Continue) reads it clean.
            data = game_to_dict(saved.match, saved.hand, saved.extra, saved.kept)
            data["saved_at"] = saved.saved_at
            storage.atomic_write_text(path, storage.dumps(data, compact=True))
        except OSError as err:
            log.warning("could not copy %s aside: %s", path, err)
        saved.notes = [tr("files.review_left_out", count=len(saved.notes), name=path.name,
                          bak=bak.name)]
    return saved, loaded.messages + saved.notes


def read_game(path: Path | str) -> SavedGame:
    """The save at ``path`` read and checked as ``load_game`` checks it, but only read:
    nothing is set aside, copied or rewritten (for tools that look at a save, such as the
    review's command line, while the game may be using it).  OSError when it cannot be
    read (FileNotFoundError when there is none), BadSave with a one-line reason for
    anything else; kept hands that do not read are left out, their reasons in ``notes``."""
    path = Path(path)
    # A regular file only: opening a named pipe would wait for a writer.
    if not stat.S_ISREG(path.stat().st_mode):
        raise BadSave(f"{path.name} is not a file")
    if path.stat().st_size > MAX_SAVE_BYTES:
        raise BadSave(f"{path.name} is too large to be a saved game")
    try:  # utf-8-sig: a byte-order mark is not damage, as for storage.load_json
        data = json.loads(path.read_bytes().decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadSave(f"{path.name} is damaged (not JSON)") from None
    if not isinstance(data, dict) or "match" not in data:
        raise BadSave(f"{path.name} is not a saved game")
    schema = data.get("schema", SCHEMA)
    checked.integer(schema, "schema", 1, error=BadSave,
                    says=f"{path.name}: schema {schema!r} is not a version")
    if schema > SCHEMA:
        raise BadSave(f"{path.name} was saved by a newer version of BeloZ")
    try:
        saved = game_from_dict(data)
    except BadSave:
        raise
    except Exception as err:  # noqa: BLE001 - as load_game: a bad save is said, not raised
        raise BadSave(f"{path.name} does not describe a match ({err})") from None
    if not storage.writable({k: v for k, v in data.items() if k != "kept"}):
        # As load_game, which sets such a save aside: one verdict for the game and the tools.
        raise BadSave(f"{path.name} is damaged (a value that cannot be written again)")
    return saved


#: Far more than any save (a few kB, about 1 kB more for each kept hand).
MAX_SAVE_BYTES = 10_000_000


#: The message for a save set aside (it says the match cannot be resumed).
SET_ASIDE = "files.save_set_aside"
#: A save that was rejected but could not be renamed (a read-only folder): its size and
#: time, so that ``has_save`` does not offer to continue it.
_rejected: tuple[str, int, int, int] | None = None


def _stamp(path: Path) -> tuple[str, int, int, int] | None:
    """What is at ``path`` (a link's target when it has one, else the link itself), to tell
    a rejected save from a new one; None when nothing is there or it is out of reach."""
    try:
        st = path.lstat()
    except OSError:
        return None
    with contextlib.suppress(OSError):  # a link to nowhere, or to itself: the link
        st = path.stat()
    return (str(path), st.st_mode, st.st_size, st.st_mtime_ns)


def _remember_rejected(path: Path, messages: list[str]) -> None:
    global _rejected
    if messages:
        _rejected = _stamp(path)  # None when the file is gone (set aside) or out of reach


def saved_match_ids() -> set[str]:
    """The names (``extra.match_id``) of the matches that can be resumed: the person's save
    and the autoplay's, when there (stats.json keeps their count-once marks).  Only read,
    never checked nor set aside; a file that does not read names nothing."""
    ids: set[str] = set()
    for path in (save_path(), autoplay_save_path()):
        try:
            if not stat.S_ISREG(path.stat().st_mode) or path.stat().st_size > MAX_SAVE_BYTES:
                continue
            match_id = json.loads(path.read_bytes().decode("utf-8-sig"))["extra"]["match_id"]
        except (OSError, ValueError, RecursionError, KeyError, TypeError):
            continue
        if isinstance(match_id, str):
            ids.add(match_id)
    return ids


def has_save() -> bool:
    """Whether the menu may offer to continue: something is in the save's place and it has
    not been rejected.  Something that is not a file (a pipe, a folder, a link to a device or
    to nowhere) counts: start-up loads what this finds (``beloz.cli.play.check_saved_game``),
    which sets such a thing aside as savegame.json.bak and tells the player, as for settings
    and statistics, rather than the save's vanishing without a word."""
    stamp = _stamp(save_path())  # never raises: a folder out of reach has no save
    return stamp is not None and stamp != _rejected


def delete_save(path: Path | None = None) -> str | None:
    """Remove the save in ``path`` (the person's savegame.json by default): a finished or
    abandoned match.  Returns a message on failure."""
    path = path or save_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as err:
        storage.log_failure(path, "could not delete %s: %s", path, err)
        return tr("files.delete_failed", name=path.name, error=storage.why_failed(err))
    return None


# -- hand records (RULES.md §10) ------------------------------------------------------------


def hand_record(match: Match | None, hand: HandState) -> dict[str, Any]:
    """The hand so far as a ``beloz-hand/1`` record (RULES.md §10).

    ``hands`` are the four hands after the deal: each seat's current cards plus the cards it
    has played.  Before anyone has taken the deal is not complete, so ``hands`` hold the
    five dealt cards (such a record is incomplete: it has no taker).  ``match`` may be None
    (``ruleset`` is then the hand's own).
    """
    hands = list(hand.hands)
    for seat, c in hand.plays():
        hands[seat] |= 1 << c
    rules = match.ruleset if match is not None else hand.ruleset
    announce, belot = declare_choices(hand)
    return {
        "format": RECORD_FORMAT,
        "ruleset": rules.name,
        "dealer": hand.dealer,
        "hands": [_mask_codes(h) for h in hands],
        "turned": None if hand.turned == NO_CARD else code(hand.turned),  # none in an auction
        "bids": [action_code(b) for b in hand.bids],
        "declare_announcements": announce,
        "declare_beloz": belot,
        "plays": [code(c) for _, c in hand.plays()],
        "escrow_in": hand.escrow_in,
    }
