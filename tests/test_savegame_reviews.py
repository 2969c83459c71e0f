"""The hands of the match kept for their reviews, in the save file: written with the match,
read back exactly (the ratings, not the search), checked as strictly as the rest; a bad entry
costs only itself (a message, the file copied aside, the match resumes)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from beloz import review_store, savegame
from beloz.ai import review
from beloz.reasons import Why
from beloz.rules import ruleset as ruleset_mod
from beloz.rules.match import Match
from beloz.rules.state import QUIET_ANNOUNCEMENTS, QUIET_BELOT, HandState, Phase

from .test_ai_helpers import TINY


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(review, "LEVEL", TINY)  # a small budget: the tests stay quick
    return tmp_path


def a_match(seed: int = 2, rules: str = "beloz", finished: int = 2
            ) -> tuple[Match, HandState, list[savegame.KeptHand]]:
    """A match with ``finished`` hands played (random legal moves, each with a taker), the
    first one reviewed, and a hand in progress."""
    rng = random.Random(seed)
    match = Match.new(rng, ruleset_mod.get(rules), target=5000)
    kept = []
    while len(kept) < finished:
        hand = match.deal(rng.randint(3, 29), rng.choice((2, 3)), rng)
        while not hand.is_terminal():
            legal = hand.legal_actions()
            # Somebody takes sooner or later (an all-pass deal is not a hand of the history).
            a = (legal[-1] if len(hand.bids) >= 3 and hand.taker is None
                 and len(legal) > 1 else rng.choice(legal))
            if hand.phase is Phase.PLAY:  # now and then a card keeps something quiet
                a = hand.card_action(a, announce=rng.random() < 0.7, belot=rng.random() < 0.7)
            hand.apply(a)
        match.finish(hand)
        if hand.taker is not None:
            kept.append(savegame.KeptHand(len(match.history), hand))
    start, actions = kept[0].hand.history()
    kept[0] = savegame.KeptHand(kept[0].number, kept[0].hand,
                                review.review_hand(start, actions, 0))
    hand = match.deal(rng.randint(3, 29), 3, rng)
    for _ in range(6):
        hand.apply(rng.choice(hand.legal_actions()))
    return match, hand, kept


def _ratings(rv: review_store.Review) -> list[tuple]:
    return [(r.number, r.kind, r.expedition, r.chosen, r.best, round(r.expected_chosen, 2),
             round(r.expected_best, 2), r.label, r.forced, r.why, r.hindsight_chosen,
             r.hindsight_best, [(o.action, round(o.expected, 2), o.hindsight) for o in r.options])
            for r in rv.ratings]


@pytest.mark.parametrize("rules", ["beloz", "belot-bulgare", "belote-classique"])
def test_kept_hands_and_their_reviews_come_back_from_the_save(rules):
    match, hand, kept = a_match(rules=rules)
    assert savegame.save_game(match, hand, {"seed": 1}, kept) is None
    saved, messages = savegame.load_game()
    assert messages == [] and saved is not None
    assert [k.number for k in saved.kept] == [k.number for k in kept]
    for before, after in zip(kept, saved.kept, strict=True):
        assert after.hand.actions() == before.hand.actions()
        assert after.hand.history()[0].hands == before.hand.history()[0].hands
        assert after.hand.result() == before.hand.result()
    assert saved.kept[1].review is None
    rv = saved.kept[0].review
    assert rv is not None and rv.seat == 0
    assert _ratings(rv) == _ratings(kept[0].review)
    h = kept[0].hand  # seat 0's bids are rated too
    mine = sum((h.dealer + h.ruleset.direction * (i + 1)) % 4 == 0 for i in range(len(h.bids)))
    assert sum(r.kind == "bid" for r in rv.ratings) == mine
    assert rv.points_lost == pytest.approx(kept[0].review.points_lost, abs=0.05)


def test_the_save_stays_small():
    match, hand, kept = a_match()
    savegame.save_game(match, hand, {}, kept)
    doc = json.loads(savegame.save_path().read_text(encoding="utf-8"))
    entry = json.dumps(doc["kept"][0], separators=(",", ":"))
    # The ratings of about ten decisions and the hand's deal and actions, not the search.
    assert len(entry) < 4000, len(entry)


def _corrupt_rating(doc, change):
    ratings = doc["kept"][0]["review"]["ratings"]
    change(ratings)


def _other_seats_decision(ratings):
    ratings[-1]["number"] = ratings[-1]["number"] + 1  # the next card is seat 1's


def _illegal_option(ratings):
    r = next(r for r in ratings if r["number"] > 10 and len(r["options"]) > 1)
    held = {o[0] for o in r["options"]}
    r["options"][1][0] = next(c for c in ("N1", "N2", "E1", "E2", "S1", "W1") if c not in held)


CORRUPTIONS = {
    "a label that does not exist": lambda rs: rs[0].update(label="brilliant"),
    "another seat's decision": _other_seats_decision,
    "an option that was not legal": _illegal_option,
    "a reason that does not exist": lambda rs: rs[-1].update(why={"key": "magic"}),
    # "call" names a group of sentences, "pass" one with plural forms: drawing either
    # without a count raised a TypeError in the review scene.
    "a group of reasons": lambda rs: rs[-1].update(why={"key": "call"}),
    "a plural reason without its count": lambda rs: rs[-1].update(why={"key": "pass"}),
    "a score that is text": lambda rs: rs[-1]["options"][0].__setitem__(1, "12"),
    "the best option not rated": lambda rs: rs[-1].update(best="redouble"),
    "ratings out of order": lambda rs: rs.reverse(),
}


@pytest.mark.parametrize("what", sorted(CORRUPTIONS))
def test_a_bad_review_is_left_out_and_nothing_else_is_lost(what, data_dir):
    match, hand, kept = a_match()
    assert savegame.save_game(match, hand, {"seed": 7}, kept) is None
    path = savegame.save_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    _corrupt_rating(doc, CORRUPTIONS[what])
    path.write_text(json.dumps(doc), encoding="utf-8")
    original = path.read_bytes()
    saved, messages = savegame.load_game()
    assert saved is not None, "the match resumes"
    assert len(messages) == 1 and "could not be read" in messages[0]
    assert "savegame.json.bak" in messages[0]
    assert (data_dir / "savegame.json.bak").read_bytes() == original, "kept as it was"
    # Nothing else is lost: the match, the hand in progress, both kept hands (the first
    # one without its review, to be computed again).
    assert saved.match.scores == match.scores and saved.match.history == match.history
    assert saved.hand is not None and saved.hand.bids == hand.bids
    assert saved.extra["seed"] == 7
    assert [k.number for k in saved.kept] == [k.number for k in kept]
    assert saved.kept[0].review is None and saved.kept[0].hand.result() == kept[0].hand.result()
    # The save now reads clean: Continue says nothing more.
    again, messages = savegame.load_game()
    assert messages == [] and again is not None and len(again.kept) == 2


@pytest.mark.parametrize("what", ["the hand does not replay", "not this history's hand",
                                  "a number past the history", "kept is not a list"])
def test_a_bad_kept_hand_is_left_out_and_the_match_resumes(what, data_dir):
    match, hand, kept = a_match()
    savegame.save_game(match, hand, {}, kept)
    path = savegame.save_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    second = doc["kept"][1]
    if what == "the hand does not replay":
        second["hand"]["actions"][-1] = second["hand"]["actions"][-2]
    elif what == "not this history's hand":
        second["number"] = 1
        doc["kept"].reverse()
    elif what == "a number past the history":
        second["number"] = len(match.history) + 1
    else:
        doc["kept"] = {"1": doc["kept"][0]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    saved, messages = savegame.load_game()
    assert saved is not None and len(messages) == 1
    assert saved.match.history == match.history and saved.hand is not None
    left = [k.number for k in saved.kept]
    assert left == ([] if what == "kept is not a list" else [1])
    if left:
        assert _ratings(saved.kept[0].review) == _ratings(kept[0].review)


def test_a_save_without_kept_hands_still_reads():
    """Saves written before reviews were kept have no ``kept``."""
    match, hand, _ = a_match()
    savegame.save_game(match, hand, {})
    doc = json.loads(savegame.save_path().read_text(encoding="utf-8"))
    assert "kept" not in doc
    saved, messages = savegame.load_game()
    assert saved is not None and saved.kept == [] and messages == []


def test_deck_of_deals_the_same_hands():
    rng = random.Random(5)
    for name in ruleset_mod.RULESETS:
        rules = ruleset_mod.get(name)
        for _ in range(20):
            deck = list(range(32))
            rng.shuffle(deck)
            start = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), rules)
            again = HandState.deal(savegame.deck_of(start), start.dealer, 3, rules)
            assert (again.hands, again.turned, again.stock) == (
                start.hands, start.turned, start.stock)


def test_a_review_that_would_not_read_back_does_not_stop_the_save(monkeypatch, caplog):
    """A programming error in a review (here, a reason the strings do not know) is logged;
    the match is saved, that hand with no review (computed again on demand)."""
    match, hand, kept = a_match()
    rv = kept[0].review
    bad = review_store.Review(rv.seat, (replace(rv.ratings[0], why=Why("magic")), *rv.ratings[1:]))
    kept[0] = savegame.KeptHand(kept[0].number, kept[0].hand, bad)
    assert savegame.save_game(match, hand, {}, kept) is None
    assert "does not read back" in caplog.text
    saved, messages = savegame.load_game()
    assert messages == [] and saved is not None
    assert [k.number for k in saved.kept] == [1, 2] and saved.kept[0].review is None
    assert saved.hand is not None and saved.match.history == match.history


@pytest.mark.parametrize("where", ["review label", "review reason", "review unknown key",
                                   "hand action", "kept entry key"])
def test_a_lone_surrogate_in_a_kept_entry_costs_only_that_entry(where, data_dir):
    """A lone surrogate ("\\ud800": valid JSON, not text) in a kept review set the whole save
    aside: the match could not be continued.  It is damage like any other: it costs the
    review (or the kept hand it is in), the match resumes, the file is kept as .bak."""
    match, hand, kept = a_match()
    assert savegame.save_game(match, hand, {"seed": 7}, kept) is None
    path = savegame.save_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    rating = doc["kept"][0]["review"]["ratings"][0]
    bad = "\ud800"
    if where == "review label":
        rating["label"] = bad
    elif where == "review reason":
        rating["why"]["key"] = "pass" + bad
    elif where == "review unknown key":
        rating[bad] = 1
    elif where == "hand action":
        doc["kept"][1]["hand"]["actions"][-1] += bad
    else:
        doc["kept"][1][bad] = bad
    path.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: "\\ud800" escaped
    original = path.read_bytes()
    saved, messages = savegame.load_game()
    assert saved is not None, "the match resumes"
    assert saved.match.history == match.history and saved.hand is not None
    assert saved.extra["seed"] == 7
    if where in ("review label", "review reason"):
        assert [k.number for k in saved.kept] == [1, 2] and saved.kept[0].review is None
    elif where == "hand action":
        assert [k.number for k in saved.kept] == [1] and saved.kept[0].review is not None
    else:  # a key the game does not read: ignored, as any unknown key
        assert [k.number for k in saved.kept] == [1, 2] and saved.kept[0].review is not None
    if where in ("review label", "review reason", "hand action"):
        assert len(messages) == 1 and "savegame.json.bak" in messages[0]
        assert (data_dir / "savegame.json.bak").read_bytes() == original
    again, messages = savegame.load_game()  # written back as text
    assert messages == [] and again is not None
    assert savegame.save_game(again.match, again.hand, again.extra, again.kept) is None


@pytest.mark.parametrize("value", ["\udc80", float("nan"), float("inf")])
def test_what_the_game_writes_back_as_it_is_must_be_writable(data_dir, value):
    """``extra`` is written back as it was read: a lone surrogate, a NaN or an infinity
    there (JSON as Python reads it) could not be written again, and every later save of the
    match would fail; the save is set aside as damaged instead."""
    match, hand, kept = a_match()
    assert savegame.save_game(match, hand, {"seed": 7, "note": "x"}, kept) is None
    path = savegame.save_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["extra"]["note"] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    saved, messages = savegame.load_game()
    assert saved is None and len(messages) == 1 and "savegame.json.bak" in messages[0]
    assert not path.exists()


@pytest.mark.parametrize("where", ["review", "hand"])
def test_an_unforeseen_error_reading_a_kept_entry_costs_only_that_entry(
        where, data_dir, monkeypatch):
    """Damage no check foresaw (here an error raised inside the reader) costs the review,
    or the kept hand, it is in: never the match."""
    match, hand, kept = a_match()
    assert savegame.save_game(match, hand, {"seed": 7}, kept) is None

    def unforeseen(*args, **kwargs):
        raise TypeError("unforeseen")

    if where == "review":
        monkeypatch.setattr(savegame, "review_from_dict", unforeseen)
    else:
        real = savegame.hand_from_dict
        monkeypatch.setattr(savegame, "hand_from_dict", lambda d, rules: (
            unforeseen() if d is not None and d.get("deck") != savegame.match_to_dict(
                match)["deck"] else real(d, rules)))
    saved, messages = savegame.load_game()
    assert saved is not None and len(messages) == 1 and "savegame.json.bak" in messages[0]
    assert saved.match.history == match.history and saved.hand is not None
    if where == "review":
        assert [k.number for k in saved.kept] == [1, 2] and saved.kept[0].review is None
    else:
        assert saved.kept == []


def test_a_review_of_cards_that_kept_something_quiet_comes_back_from_the_save() -> None:
    """Seat 0 keeps its announcements and its belot quiet: its actions carry the flags, its
    ratings the cards; the kept hand and its review come back from the save."""
    rng = random.Random(5)
    for _ in range(200):
        match = Match.new(rng, ruleset_mod.get("beloz"), target=5000)
        hand = match.deal(rng.randint(3, 29), 3, rng)
        while not hand.is_terminal():
            a = rng.choice(hand.legal_actions())
            if hand.phase is Phase.BIDDING and hand.taker is None and len(hand.bids) == 3:
                a = hand.legal_actions()[-1]  # somebody takes
            if hand.phase is Phase.PLAY and hand.current == 0:
                a = hand.card_action(a, announce=False, belot=False)
            hand.apply(a)
        if hand.taker is None:
            continue
        start, actions = hand.history()
        if any(a & (QUIET_ANNOUNCEMENTS | QUIET_BELOT) for a in actions):
            break
    else:
        raise AssertionError("no hand where seat 0 keeps something quiet")
    match.finish(hand)
    rv = review.review_hand(start, actions, 0, rate_bids=False)
    quiet = [r for r in rv.ratings if actions[r.number] != r.chosen]
    assert quiet and all(r.chosen < 32 for r in quiet)  # rated as the card it is
    d = json.loads(json.dumps(savegame.kept_to_dict(savegame.KeptHand(1, hand, rv))))
    kept, note = savegame.kept_from_dict(d, match)
    assert note is None and kept.review is not None
    assert _ratings(kept.review) == _ratings(rv)
    assert kept.hand.actions() == actions
