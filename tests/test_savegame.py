"""Save and resume exactly; damaged saves are set aside; hand records; atomicity under
SIGKILL."""

from __future__ import annotations

import errno
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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from beloz import save_format, savegame, storage
from beloz.rules import ruleset as rsm
from beloz.rules.match import Match
from beloz.rules.state import HandState, Phase

ROOT = Path(__file__).resolve().parent.parent


# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def random_action(rng: random.Random, hand: HandState) -> None:
    """A random legal action; a card declares or keeps quiet its announcements and its
    belot at random."""
    a = rng.choice(hand.legal_actions())
    if hand.phase is Phase.PLAY:
        a = hand.card_action(a, announce=rng.random() < 0.8, belot=rng.random() < 0.8)
    hand.apply(a)


def play_to(seed: int, hands_before: int, stop: float) -> tuple[Match, HandState]:
    """A match after ``hands_before`` complete hands, then a hand played up to a fraction
    ``stop`` of its actions (random legal moves, random declarations)."""
    rng = random.Random(seed)
    match = Match.new(rng, target=5000)
    for _ in range(hands_before):
        hand = match.deal(rng.randint(3, 29), rng.choice((2, 3)))
        while not hand.is_terminal():
            random_action(rng, hand)
        match.finish(hand)
    hand = match.deal(rng.randint(3, 29), rng.choice((2, 3)))
    n = int(stop * 40)
    for _ in range(n):
        if hand.is_terminal():
            break
        random_action(rng, hand)
    return match, hand


HAND_FIELDS = (
    "dealer",
    "hands",
    "turned",
    "stock",
    "escrow_in",
    "phase",
    "bids",
    "taker",
    "trump",
    "current",
    "leader",
    "trick",
    "tricks",
    "points",
    "tricks_won",
    "quiet_announcements",
    "quiet_belot",
    "combos",
    "declared",
    "beloz_said",
    "beloz_holder",
)
MATCH_FIELDS = (
    "ruleset",
    "dealer",
    "pack",
    "scores",
    "escrow",
    "history",
    "hands_dealt",
    "target",
    "deck",
    "first_packet",
)


def assert_same_hand(a: HandState, b: HandState) -> None:
    for name in HAND_FIELDS:
        assert getattr(a, name) == getattr(b, name), name
    assert a.legal_actions() == b.legal_actions()
    for seat in range(4):
        assert a.view(seat) == b.view(seat)


def assert_same_match(a: Match, b: Match) -> None:
    for name in MATCH_FIELDS:
        assert getattr(a, name) == getattr(b, name), name


@pytest.mark.slow
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    hands_before=st.integers(0, 4),
    stop=st.floats(0, 1),
)
# A seat's first card both keeps its announcements quiet and is a belot card kept quiet:
# HandState.actions lost the second flag, and the save refused the hand (found by this test).
@example(seed=1304, hands_before=0, stop=1.0)
def test_round_trip_at_random_points(seed: int, hands_before: int, stop: float) -> None:
    match, hand = play_to(seed, hands_before, stop)
    extra = {"players": ["human", "pimc", "heuristic", "pimc"], "seeds": [0, 11, 12, 13]}
    assert savegame.save_game(match, hand, extra) is None
    assert savegame.has_save()
    saved, msgs = savegame.load_game()
    assert msgs == [] and saved is not None and saved.hand is not None
    assert saved.extra == extra
    assert_same_match(saved.match, match)
    assert_same_hand(saved.hand, hand)
    # The resumed game goes on exactly as the original would.
    rng = random.Random(seed + 1)
    while not hand.is_terminal():
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        saved.hand.apply(action)
    assert_same_hand(saved.hand, hand)
    assert match.finish(hand) == saved.match.finish(saved.hand)
    assert_same_match(saved.match, match)


def test_resumed_hand_undoes_like_the_original() -> None:
    match, hand = play_to(7, 1, 0.6)
    savegame.save_game(match, hand, {})
    saved, _ = savegame.load_game()
    assert saved is not None and saved.hand is not None
    while hand.bids:
        hand.undo()
        saved.hand.undo()
        assert_same_hand(saved.hand, hand)


def test_between_hands() -> None:
    match, hand = play_to(3, 2, 0.0)
    while not hand.is_terminal():
        hand.apply(hand.legal_actions()[0])
    match.finish(hand)
    assert savegame.save_game(match, None, {"level": "expert"}) is None
    saved, msgs = savegame.load_game()
    assert msgs == [] and saved is not None and saved.hand is None
    assert_same_match(saved.match, match)
    assert saved.extra == {"level": "expert"}


def test_finished_hand_saved_after_finish() -> None:
    """Saving the terminal hand after ``Match.finish`` (dealer moved on) still resumes."""
    match, hand = play_to(5, 1, 1.0)
    while not hand.is_terminal():
        hand.apply(hand.legal_actions()[0])
    match.finish(hand)
    assert savegame.save_game(match, hand, {}) is None
    saved, msgs = savegame.load_game()
    assert msgs == [] and saved is not None and saved.hand is not None
    assert_same_hand(saved.hand, hand)


def test_file_format(data_dir: Path) -> None:
    match, hand = play_to(11, 1, 0.5)
    savegame.save_game(match, hand, {"seeds": [1, 2, 3]})
    doc = json.loads((data_dir / "savegame.json").read_text())
    assert doc["schema"] == savegame.SCHEMA
    m = doc["match"]
    assert m["ruleset"] == "beloz" and len(m["pack"]) == 32 and len(m["deck"]) == 32
    assert all(isinstance(c, str) and len(c) == 2 for c in m["deck"])
    h = doc["hand"]
    assert h["actions"][: len(hand.bids)] == [
        {32: "pass", 33: "take"}.get(b, "NESW"[b - 34]) for b in hand.bids
    ]
    assert len(m["history"]) == len(match.history)


def test_results_round_trip() -> None:
    match, _ = play_to(13, 6, 0.0)
    assert match.history
    for r in match.history:
        d = savegame.result_to_dict(r)
        assert save_format.result_from_dict(json.loads(json.dumps(d))) == r


def test_no_save() -> None:
    assert not savegame.has_save()
    assert savegame.load_game() == (None, [])
    assert savegame.delete_save() is None


def test_delete_save() -> None:
    match, hand = play_to(1, 0, 0.3)
    savegame.save_game(match, hand, {})
    assert savegame.has_save()
    assert savegame.delete_save() is None
    assert not savegame.has_save()


def test_a_data_folder_out_of_reach_offers_no_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the player may not enter (or a name too long) makes ``stat`` raise: the
    menu's question "is there a match to continue?" is answered no, not with a traceback."""
    import errno

    def denied(self: Path) -> bool:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    assert savegame.save_game(*play_to(1, 0, 0.3)) is None
    for name in ("is_file", "stat", "lstat"):
        monkeypatch.setattr(Path, name, denied)
    assert not savegame.has_save()


def _saved_doc(data_dir: Path, seed: int = 21, stop: float = 0.7) -> dict[str, Any]:
    match, hand = play_to(seed, 1, stop)
    assert savegame.save_game(match, hand, {"x": 1}) is None
    doc: dict[str, Any] = json.loads((data_dir / "savegame.json").read_text())
    return doc


def _expect_set_aside(data_dir: Path, content: bytes | None = None) -> None:
    saved, msgs = savegame.load_game()
    assert saved is None
    assert len(msgs) == 1 and "savegame.json.bak" in msgs[0]
    assert not (data_dir / "savegame.json").exists()
    assert not savegame.has_save()
    if content is not None:
        assert (data_dir / "savegame.json.bak").read_bytes() == content


@pytest.mark.parametrize("keep", [0, 1, 10, 100, 500, -1])
def test_truncated_save(data_dir: Path, keep: int) -> None:
    _saved_doc(data_dir)
    path = data_dir / "savegame.json"
    raw = path.read_bytes()
    cut = raw[:keep] if keep >= 0 else raw[:-3]
    path.write_bytes(cut)
    _expect_set_aside(data_dir, cut)


def _swap_first_play(doc: dict[str, Any]) -> None:
    acts = doc["hand"]["actions"]
    i = next(i for i, a in enumerate(acts) if len(a) == 2 and a[1].isdigit())
    # A card the playing seat does not hold (one held by the next seat).
    held = doc["hand"]["check"]["hands"]
    other = next(c for h in held for c in h if c != acts[i] and c not in acts)
    acts[i] = other


def _raise_history_and_scores(doc: dict[str, Any]) -> None:
    """A first hand scored 10**40 more, and the match's scores agreeing: a sum that adds up,
    but not a score the hand's points give."""
    entry = doc["match"]["history"][0]
    team = entry["taker_team"]
    entry["score"][team] += 10**40
    entry["totals"][team] += 10**40
    doc["match"]["scores"][team] += 10**40


EDITS = {
    "not a dict": lambda d: d.__setitem__("match", []),
    "no match": lambda d: d.pop("match"),
    "unknown ruleset": lambda d: d["match"].__setitem__("ruleset", "contree"),
    "dealer 4": lambda d: d["match"].__setitem__("dealer", 4),
    "dealer str": lambda d: d["match"].__setitem__("dealer", "2"),
    "duplicate card in deck": lambda d: d["match"]["deck"].__setitem__(0, d["match"]["deck"][1]),
    "bad card code": lambda d: d["match"]["pack"].__setitem__(3, "X9"),
    "short pack": lambda d: d["match"]["pack"].pop(),
    "scores": lambda d: d["match"].__setitem__("scores", [1]),
    "history outcome": lambda d: d["match"]["history"][0].__setitem__("outcome", "won"),
    "history missing": lambda d: d["match"]["history"][0].pop("score"),
    "first packet": lambda d: d["match"].__setitem__("first_packet", 4),
    "hand deck": lambda d: d["hand"]["deck"].reverse(),
    "hand dealer": lambda d: d["hand"].__setitem__("dealer", (d["hand"]["dealer"] + 1) % 4),
    "bad bid": lambda d: d["hand"]["actions"].__setitem__(0, "double"),
    "illegal card": _swap_first_play,
    "extra action": lambda d: d["hand"]["actions"].append("N1"),
    "missing action": lambda d: d["hand"]["actions"].pop(),
    "check hands": lambda d: d["hand"]["check"]["hands"].reverse(),
    "check points": lambda d: d["hand"]["check"].__setitem__("points", [999, 0]),
    "announced": lambda d: d["hand"]["check"].__setitem__("announced", [1, 0, 0, 0]),
    "beloz_said": lambda d: d["hand"]["check"].__setitem__("beloz_said", [3, 0, 0, 0]),
    "extra not a dict": lambda d: d.__setitem__("extra", [1, 2]),
    "extra seed a word": lambda d: d["extra"].__setitem__("seed", "abc"),
    "extra seed Infinity": lambda d: d["extra"].__setitem__("seed", float("inf")),
    "extra seed NaN": lambda d: d["extra"].__setitem__("seed", float("nan")),
    "extra seed 1.5": lambda d: d["extra"].__setitem__("seed", 1.5),
    "extra seed 10**40": lambda d: d["extra"].__setitem__("seed", 10**40),
    "extra level": lambda d: d["extra"].__setitem__("level", "grandmaster"),
    "extra autoplay": lambda d: d["extra"].__setitem__("autoplay", "yes"),
    "extra players": lambda d: d["extra"].__setitem__("players", {"7": "pimc"}),
    "saved_at": lambda d: d.__setitem__("saved_at", 12),
    "escrow 10**40": lambda d: d["match"].__setitem__("escrow", 10**40),
    "escrow the history did not leave": lambda d: d["match"].__setitem__("escrow", 81),
    "scores over the history's total": lambda d: d["match"]["scores"].__setitem__(0, 10**40),
    "scores one point off": lambda d: d["match"]["scores"].__setitem__(
        1, d["match"]["scores"][1] + 1),
    "target 10**40": lambda d: d["match"].__setitem__("target", 10**40),
    "target 0": lambda d: d["match"].__setitem__("target", 0),
    "hands_dealt 10**40": lambda d: d["match"].__setitem__("hands_dealt", 10**40),
    "hands_dealt below the history": lambda d: d["match"].__setitem__("hands_dealt", 0),
    "history score and scores raised together": _raise_history_and_scores,
    "history card points": lambda d: d["match"]["history"][0].__setitem__("card_points",
                                                                          [152, 152]),
    "history escrow_in": lambda d: d["match"]["history"][0].__setitem__("escrow_in", 10),
    "history announcements 10**40": lambda d: d["match"]["history"][0]["announcements"]
    .__setitem__("points", [10**40, 0]),
    "history beloz 30": lambda d: d["match"]["history"][0].__setitem__("beloz", [30, 0]),
    "hand escrow_in": lambda d: d["hand"].__setitem__("escrow_in", 500),
    "hand after the match was won": lambda d: d["match"].__setitem__("target", 100),
    "newer schema": lambda d: d.__setitem__("schema", savegame.SCHEMA + 1),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_edited_save_is_set_aside(data_dir: Path, edit: str) -> None:
    doc = _saved_doc(data_dir)
    assert doc["match"]["history"] and doc["hand"] is not None
    EDITS[edit](doc)
    (data_dir / "savegame.json").write_text(json.dumps(doc))  # NaN, Infinity as JSON allows
    _expect_set_aside(data_dir)


def test_the_saved_doc_itself_loads(data_dir: Path) -> None:
    """The edits above start from a good save: without them it resumes."""
    doc = _saved_doc(data_dir)
    (data_dir / "savegame.json").write_text(json.dumps(doc))
    saved, msgs = savegame.load_game()
    assert saved is not None and msgs == []


@pytest.mark.parametrize("lang, words", [
    ("en", "Your saved match could not be resumed: savegame.json does not hold a match"),
    ("fr", "La partie enregistrée n'a pas pu être reprise\u00a0: savegame.json ne contient pas"),
])
def test_the_player_is_told_in_words_not_in_python(data_dir: Path, lang: str,
                                                   words: str) -> None:
    from beloz import i18n

    doc = _saved_doc(data_dir)
    doc["extra"]["seed"] = "abc"
    (data_dir / "savegame.json").write_text(json.dumps(doc))
    i18n.set_language(lang)
    try:
        saved, msgs = savegame.load_game()
    finally:
        i18n.set_language("en")
    assert saved is None and len(msgs) == 1
    assert msgs[0].startswith(words) and "savegame.json.bak" in msgs[0]
    for python in ("abc", "seed", "extra", "Error", "'abc'", "{"):
        assert python not in msgs[0]


def test_a_rejected_save_that_cannot_be_renamed_is_not_offered(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = _saved_doc(data_dir)
    doc["match"]["escrow"] = 10**40
    (data_dir / "savegame.json").write_text(json.dumps(doc))

    def refuse(*args: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(storage.os, "replace", refuse)
    saved, msgs = savegame.load_game()
    assert saved is None and len(msgs) == 1
    assert (data_dir / "savegame.json").exists() and not savegame.has_save()
    savegame.save_game(*play_to(3, 0, 0.3))  # a new match's save (atomic: os.replace...)
    monkeypatch.undo()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data_dir))
    assert savegame.save_game(*play_to(3, 0, 0.3)) is None
    assert savegame.has_save()


def test_unknown_keys_ignored(data_dir: Path) -> None:
    doc = _saved_doc(data_dir)
    doc["comment"] = "hello"
    doc["match"]["colour"] = "green"
    (data_dir / "savegame.json").write_text(json.dumps(doc))
    saved, msgs = savegame.load_game()
    assert saved is not None and msgs == []


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_save_on_read_only_or_full_disk(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    match, hand = play_to(2, 0, 0.5)
    assert savegame.save_game(match, hand, {"n": 1}) is None

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(storage.os, "replace", boom)
    msg = savegame.save_game(match, hand, {"n": 2})
    assert isinstance(msg, str) and msg
    monkeypatch.undo()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data_dir))
    saved, _ = savegame.load_game()
    assert saved is not None and saved.extra == {"n": 1}


def test_unserialisable_extra_is_a_message() -> None:
    match, hand = play_to(2, 0, 0.5)
    msg = savegame.save_game(match, hand, {"rng": random.Random(1)})
    assert isinstance(msg, str)
    assert not savegame.has_save()


def test_hand_not_from_this_match_is_refused() -> None:
    match, hand = play_to(2, 0, 0.5)
    other, _ = play_to(3, 0, 0.5)
    msg = savegame.save_game(other, hand, {})
    assert isinstance(msg, str)


# -- hand records ---------------------------------------------------------------------------


def _check_record(rec: dict[str, Any], hand: HandState) -> None:
    assert rec["format"] == "beloz-hand/1"
    assert rec["ruleset"] == "beloz" and rec["dealer"] == hand.dealer
    assert len(rec["hands"]) == 4
    cards = [c for h in rec["hands"] for c in h]
    assert len(set(cards)) == len(cards)
    assert isinstance(rec["declare_beloz"], bool)
    assert len(rec["declare_announcements"]) == 4
    json.dumps(rec)
    if hand.taker is None:
        return
    assert all(len(h) == 8 for h in rec["hands"])
    assert rec["turned"] in rec["hands"][hand.taker]
    try:
        from beloz.rules import record
    except ImportError:
        return
    verdict = record.check(rec)
    assert verdict["ok"], verdict
    assert verdict["taker"] == hand.taker
    assert verdict["card_points"] == list(hand.points)
    assert verdict["announcements"]["declared"] == [
        [a.to_json() for a in anns] for anns in hand.declared
    ]
    if hand.is_terminal():
        assert verdict["score"] == list(hand.result().score)
        assert verdict["escrow_out"] == hand.result().escrow_out


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), hands_before=st.integers(0, 3))
def test_hand_record_of_finished_hand(seed: int, hands_before: int) -> None:
    match, hand = play_to(seed, hands_before, 1.0)
    while not hand.is_terminal():
        hand.apply(random.Random(seed).choice(hand.legal_actions()))
    rec = savegame.hand_record(match, hand)
    assert len(rec["plays"]) == (32 if hand.taker is not None else 0)
    _check_record(rec, hand)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.floats(0, 1))
def test_hand_record_of_hand_in_progress(seed: int, stop: float) -> None:
    match, hand = play_to(seed, 1, stop)
    _check_record(savegame.hand_record(match, hand), hand)


# -- atomicity under SIGKILL ----------------------------------------------------------------

WRITER = """
import random, sys
sys.path.insert(0, {root!r})
from beloz import savegame
from beloz.rules.match import Match
rng = random.Random({seed})
first = True
while True:
    match = Match.new(rng)
    hand = match.deal(rng.randint(3, 29), rng.choice((2, 3)))
    while not hand.is_terminal():
        hand.apply(rng.choice(hand.legal_actions()))
        assert savegame.save_game(match, hand, {{"pad": "x" * rng.randint(0, 20000)}}) is None
        if first:
            print("ready", flush=True)
            first = False
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_while_saving_leaves_a_loadable_file(data_dir: Path) -> None:
    env = dict(os.environ, BELOZ_DATA_DIR=str(data_dir))
    rng = random.Random(99)
    for seed in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER.format(root=str(ROOT), seed=seed)],
            env=env,
            stdout=subprocess.PIPE,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        saved, msgs = savegame.load_game()
        assert msgs == [], msgs
        assert saved is not None and saved.hand is not None
        assert not (data_dir / "savegame.json.bak").exists()


@pytest.mark.parametrize("name", ["belote-sans-annonces", "belote-classique", "belot-bulgare"])
def test_hands_and_matches_of_the_other_rulesets_save_and_replay(name: str) -> None:
    """Auctions (more than 8 bids), all-trumps belots, a capot without dix de der and a
    raised Bulgarian target all survive a save."""
    from beloz.rules.ruleset import get
    from beloz.rules.state import PASS

    rules = get(name)
    rng = random.Random(4)
    for _ in range(40):
        m = Match.new(rng, rules)
        for _ in range(2):
            h = m.deal(rng.randrange(3, 30), 3, rng)
            for _ in range(rng.randrange(0, 45)):
                if h.is_terminal():
                    break
                calls = [a for a in h.legal_actions() if a != PASS]
                if h.phase is Phase.BIDDING:
                    h.apply(rng.choice(calls) if calls and rng.random() < 0.4 else PASS)
                else:
                    h.apply(rng.choice(h.legal_actions()))
            again = savegame.hand_from_dict(savegame.hand_to_dict(h, m.deck, m.first_packet), rules)
            assert (again.hands, again.bids, again.contract, again.multiplier) == (
                h.hands, h.bids, h.contract, h.multiplier)
            assert again.declared == h.declared and again.beloz_points() == h.beloz_points()
            if not h.is_terminal():
                break
            m.finish(h)
            m.raised_target = 200 if rules.valat_never_ends_match else None
            back = savegame.match_from_dict(savegame.match_to_dict(m))
            assert (back.scores, back.escrow, back.goal) == (m.scores, m.escrow, m.goal)
            assert [r.dix_de_der for r in back.history] == [r.dix_de_der for r in m.history]


def test_a_long_bulgarian_auction_saves_and_replays() -> None:
    from beloz.rules.ruleset import BULGARE
    from beloz.rules.state import parse_bid

    rng = random.Random(9)
    m = Match.new(rng, BULGARE)
    h = m.deal(12, rng=rng)
    for call in ("E", "double", "redouble", "W", "double", "redouble", "NT", "pass", "pass",
                 "pass"):
        h.apply(parse_bid(call))
    while not h.is_terminal():
        h.apply(rng.choice(h.legal_actions()))
    again = savegame.hand_from_dict(savegame.hand_to_dict(h, m.deck, m.first_packet), BULGARE)
    assert again.result() == h.result() and len(again.bids) == 10


@pytest.mark.slow
@pytest.mark.parametrize("name", ["beloz", "belote-classique", "belot-bulgare"])
def test_belots_answered_card_by_card_are_saved_and_replayed_exactly(name: str) -> None:
    """Each belot card is declared or not as its seat answers at that card (in all-trumps a
    seat may hold two pairs and answer each its own way; a Bulgarian pair whose first card
    is discarded with a yes is lost).  Every save must replay to the same belots: the save
    once kept only a count per seat, and all-trumps hands could not be saved."""

    from beloz.rules.state import PASS, Phase

    rules = rsm.get(name)
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        match = Match.new(random.Random(seed), rules, None)
        hand = match.deal(16, 3, random.Random(seed))
        while hand.phase is Phase.BIDDING:  # the first caller makes the highest call
            legal = hand.legal_actions()
            calls = [a for a in legal if a != PASS]
            hand.apply(max(calls) if calls and not hand.bids else rng.choice(legal))
        if hand.phase is not Phase.PLAY or not hand.belot_pairs:
            continue
        while hand.phase is Phase.PLAY:
            c = rng.choice(hand.legal_actions())
            hand.apply(hand.card_action(c, belot=rng.random() < 0.5))
            if hand.trick:
                continue
            assert savegame.save_game(match, hand, {}) is None, (seed, len(hand.tricks))
            saved, messages = savegame.load_game()
            assert saved is not None and saved.hand is not None, messages
            got = saved.hand
            assert (got.belot_said, got.belot_cards, got.beloz_said) == (
                hand.belot_said, hand.belot_cards, hand.beloz_said), (seed, len(hand.tricks))
            checked += 1
    assert checked >= 40
