"""Fuzz of the player's files (hypothesis, derandomized: CI sees the same cases every run).

Loading any damaged or mutated ``savegame.json`` (its kept reviews too), ``settings.json``,
``stats.json`` or ``tutorial.json`` gives no traceback, only sentences for the player; what
is loaded is written back, and read again without a word.  The cases are small mutations of
a real file (a value replaced, nudged by one, removed, added, a list reordered) and of its
bytes, so that most of them reach the checks deep inside it."""

from __future__ import annotations

import functools
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beloz import savegame, storage
from beloz import settings as settings_mod
from beloz import stats as stats_mod
from beloz.ai import review
from beloz.lessons import progress as progress_mod
from beloz.rules.ruleset import RULESETS

from .test_ai_helpers import TINY


def fuzz(examples: int) -> Callable[[Any], Any]:
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    # What is fuzzed is what the game reads and writes, not the disk: in memory (where the
    # system has a folder there) and without a sync to the disk for every write, thousands
    # of cases take seconds, not minutes.
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) \
        else tmp_path
    monkeypatch.setenv("BELOZ_DATA_DIR", str(folder))
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    yield folder
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)


def _empty(folder: Path) -> None:
    """Each case starts from an empty data folder (the last one's .bak gone)."""
    for p in folder.iterdir():
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


# -- mutations of a JSON document -------------------------------------------------------------

#: Words the files hold, so that a replaced value is often almost right.
WORDS = ("N8", "N1", "E3", "S5", "W2", "pass", "take", "double", "N", "beloz", "forced",
         "best", "good", "inaccuracy", "mistake", "blunder", "call", "trump_high", "tierce",
         "carre", "expert", "beginner,expert,standard", "en", "fr", "01-cards", *RULESETS)
SURROGATES = st.sampled_from(["\ud800", "\udfff", "N8\udc80"])
#: Values JSON as Python reads it allows and a file of the game never holds.
NASTY = st.sampled_from([float("nan"), float("inf"), -float("inf"), 2**63, 10**400])
LEAVES = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats()
    | st.sampled_from([0, 1, -1, 2, 3, 8, 31, 32, 152, 10**9, 10**9 + 1])
    | st.text(max_size=6) | SURROGATES | NASTY | st.sampled_from(WORDS)
)
KEYS = st.text(max_size=4) | SURROGATES | st.sampled_from(
    ("schema", "number", "hand", "review", "ratings", "seat", "label", "why", "key", "options",
     "done", "skipped", "rulesets", "volume", "level", "beloz", "actions"))
VALUES = NASTY | SURROGATES | st.recursive(  # the values that slip past checks, often
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=6,
)


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document, the root first."""
    out = [at]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*at, i))
    return out


def _nudge(v: Any, draw: Callable[..., Any]) -> Any:
    """A value almost right: a number off by one, a word changed by a letter."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + draw(st.sampled_from([-1, 1]))
    if isinstance(v, float):
        return v + draw(st.sampled_from([-1, 1, 0.5]))
    if isinstance(v, str):
        return draw(st.sampled_from([v[:-1], v + "x", v.upper(), v + "\ud800", ""]))
    return draw(VALUES)


def _mutate(doc: Any, at: tuple[Any, ...], draw: Callable[..., Any]) -> Any:
    """``doc`` with one change at ``at`` (a place an earlier change removed: unchanged)."""
    if not at:
        return draw(VALUES) if draw(st.booleans()) else doc
    parent = doc
    try:
        for key in at[:-1]:
            parent = parent[key]
        if not isinstance(parent, dict | list):
            return doc
        node = parent[at[-1]]
    except (KeyError, IndexError, TypeError):
        return doc
    how = draw(st.sampled_from(["replace", "nudge", "remove", "add", "reorder"]))
    if how == "replace":
        parent[at[-1]] = draw(VALUES)
    elif how == "nudge":
        parent[at[-1]] = _nudge(node, draw)
    elif how == "remove":
        del parent[at[-1]]
    elif how == "add" and isinstance(node, dict):
        node[draw(KEYS)] = draw(VALUES)
    elif how == "add" and isinstance(node, list):
        extra = draw(st.sampled_from(node)) if node and draw(st.booleans()) else draw(VALUES)
        node.insert(draw(st.integers(0, len(node))), json.loads(json.dumps(extra)))
    elif how == "reorder" and isinstance(node, list):
        node.reverse()
    return doc


def mutations(base: Any, under: tuple[Any, ...] = ()) -> st.SearchStrategy[Any]:
    """``base`` (a JSON document) changed in one to three places below ``under``."""
    text = json.dumps(base)
    # Grouped by the part of the file they are in (a save's few ``extra`` values as likely
    # to be damaged as its hundreds of kept ratings).
    groups: dict[Any, list[tuple[Any, ...]]] = {}
    for p in _paths(base):
        if p[:len(under)] == under:
            groups.setdefault(p[len(under)] if len(p) > len(under) else None, []).append(p)
    places = [st.sampled_from(g) for g in groups.values()]

    @st.composite
    def mutated(draw: Callable[..., Any]) -> Any:
        doc = json.loads(text)
        for _ in range(draw(st.integers(1, 3))):
            doc = _mutate(doc, draw(st.one_of(places)), draw)
        return doc

    return mutated()


def damaged_bytes(base: Any) -> st.SearchStrategy[bytes]:
    """The file's bytes cut short, or with a few bytes changed, removed or added."""
    raw = json.dumps(base, indent=1).encode("utf-8")

    @st.composite
    def damaged(draw: Callable[..., Any]) -> bytes:
        data = bytearray(raw)
        if draw(st.booleans()):
            return bytes(data[: draw(st.integers(0, len(data)))])
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(data)))
            byte = draw(st.integers(0, 255) | st.sampled_from(list(b'{}[]",:0\\')))
            how = draw(st.sampled_from(["set", "remove", "add"]))
            if how == "add" or i == len(data):
                data.insert(i, byte)
            elif how == "set":
                data[i] = byte
            else:
                del data[i]
        return bytes(data)

    return damaged()


def _write(path: Path, doc: Any) -> None:
    # json.dumps spells a lone surrogate "\ud800" and a float NaN, as a hand may have.
    path.write_text(json.dumps(doc), encoding="utf-8")


def _said(messages: list[str]) -> None:
    """Messages are sentences the game can show and log (no lone surrogate in them)."""
    assert all(isinstance(m, str) and m for m in messages)
    assert storage.is_text(messages), messages


# -- savegame.json --------------------------------------------------------------------------


@functools.cache
def _base_save() -> dict[str, Any]:
    """A real save: a match with two finished hands kept, both reviewed (ratings of bids
    and cards), and a hand in progress."""
    from .test_savegame_reviews import a_match

    level = review.LEVEL
    review.LEVEL = TINY  # a small budget: the reviews are computed in a second
    try:
        match, hand, kept = a_match()
        start, actions = kept[1].hand.history()
        kept[1] = savegame.KeptHand(kept[1].number, kept[1].hand,
                                    review.review_hand(start, actions, 0))
    finally:
        review.LEVEL = level
    extra = {"seed": 7, "level": "expert", "players": {str(s): "expert" for s in (1, 2, 3)},
             "undo": True}  # as the table saves it (``GameFlow.extra``)
    doc = savegame.game_to_dict(match, hand, extra, kept)
    assert all(k["review"]["ratings"] for k in doc["kept"])
    return doc


def _reads_back(data_dir: Path) -> savegame.SavedGame | None:
    """Load the save; when it resumes, it is written back and read again without a word."""
    saved, messages = savegame.load_game()
    _said(messages)
    if saved is None:
        assert messages, "a save refused is said"
        assert not savegame.has_save(), "and Continue is not offered"
        return None
    again, more = savegame.load_game()  # what load_game rewrote (without the bad entries)
    assert more == [] and again is not None
    assert [k.number for k in again.kept] == [k.number for k in saved.kept]
    assert [k.review is None for k in again.kept] == [k.review is None for k in saved.kept]
    # The game's next save (itself checked to read back) goes through.
    assert savegame.save_game(again.match, again.hand, again.extra, again.kept) is None
    return saved


@pytest.mark.slow
@fuzz(1000)
@given(doc=st.deferred(lambda: mutations(_base_save(), ("kept",))))  # built when run
def test_any_damage_to_the_kept_reviews_costs_them_only(data_dir: Path, doc: Any) -> None:
    _empty(data_dir)
    base = _base_save()
    _write(data_dir / "savegame.json", doc)
    saved = _reads_back(data_dir)
    assert saved is not None, "the match resumes"
    assert savegame.match_to_dict(saved.match) == base["match"]
    assert saved.hand is not None and saved.extra == base["extra"]


@pytest.mark.slow
@fuzz(1000)
@given(doc=st.deferred(lambda: mutations(_base_save())))
def test_any_damage_to_a_save_is_a_message_at_most(data_dir: Path, doc: Any) -> None:
    _empty(data_dir)
    _write(data_dir / "savegame.json", doc)
    _reads_back(data_dir)


@pytest.mark.slow
@fuzz(1000)
@given(raw=st.deferred(lambda: damaged_bytes(_base_save())))
def test_any_damaged_bytes_of_a_save_are_a_message_at_most(data_dir: Path, raw: bytes) -> None:
    _empty(data_dir)
    (data_dir / "savegame.json").write_bytes(raw)
    _reads_back(data_dir)


# -- settings.json, stats.json, tutorial.json ------------------------------------------------


def _full_settings() -> dict[str, Any]:
    return settings_mod.Settings(language="fr", level="beginner,expert,standard",
                                 volume=0.5, window_size=(1600, 900)).to_dict()


def _full_stats() -> dict[str, Any]:
    s = stats_mod.Stats(matches_played=12, matches_won=7, hands_played=90, beloz=3,
                        best_announcement_points=100, best_announcement_kind="quarte")
    s.for_ruleset("beloz").hands_played = 60
    s.for_ruleset("belot-bulgare").litiges = 2
    return s.to_dict()


def _full_progress() -> dict[str, Any]:
    return progress_mod.Progress(["01-cards", "02-following"], ["03-trumps"]).to_dict()


FILES: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[], tuple[Any, list[str]]],
                       Callable[[Any], str | None]]] = {
    "settings.json": (_full_settings, settings_mod.load_settings, settings_mod.save_settings),
    "stats.json": (_full_stats, stats_mod.load_stats, stats_mod.save_stats),
    "tutorial.json": (_full_progress, progress_mod.load_progress, progress_mod.save_progress),
}


def _loads_and_writes_back(data_dir: Path, name: str) -> None:
    _, load, save = FILES[name]
    value, messages = load()
    _said(messages)
    assert save(value) is None, "what is loaded can be written"
    size = (data_dir / name).stat().st_size
    assert size < storage.MAX_LOAD_BYTES
    again, messages = load()
    assert messages == [] and again == value, "and read again as it was"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FILES))
def test_any_damage_to_a_players_file_is_a_message_at_most(data_dir: Path, name: str) -> None:
    @fuzz(2000)
    @given(doc=mutations(FILES[name][0]()))
    def case(doc: Any) -> None:
        _empty(data_dir)
        _write(data_dir / name, doc)
        _loads_and_writes_back(data_dir, name)

    case()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FILES))
def test_any_damaged_bytes_of_a_players_file_are_a_message_at_most(
    data_dir: Path, name: str
) -> None:
    @fuzz(1000)
    @given(raw=damaged_bytes(FILES[name][0]()))
    def case(raw: bytes) -> None:
        _empty(data_dir)
        (data_dir / name).write_bytes(raw)
        _loads_and_writes_back(data_dir, name)

    case()
