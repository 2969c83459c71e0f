"""The save's parts as JSON, each checked as it is read: a scored hand (``HandResult``),
the match (its history replayed through the scoring rules), and a hand as its deal and its
actions, replayed through the rules engine to the check saved with it.  Anything that does
not fit raises ``BadSave``.  The save file itself, its kept hands and hand records are
``beloz.savegame``'s.
"""

from __future__ import annotations

import functools
from typing import Any

from .rules import checked
from .rules import ruleset as ruleset_mod
from .rules.announcements import AnnouncementResult
from .rules.cards import CARD_POINTS, code, mask_of, parse
from .rules.match import Match
from .rules.questions import is_beloz_card
from .rules.record import (
    MAX_ESCROW,  # the record checker's bound: one bound for both
    )
from .rules.ruleset import Bidding, Ruleset
from .rules.scoring import HandResult, Outcome, match_winner, score_hand
from .rules.state import (
    QUIET_ANNOUNCEMENTS,
    QUIET_BELOT,
    HandState,
    Phase,
    action_code,
    bare_action,
    parse_bid,
    parse_play,
)

# The longest bidding: 8 in two rounds; an auction (seed 002) climbs 6 contracts, each
# possibly doubled and redoubled, with at most two passes between calls, then three passes.
MAX_BIDS = 6 * 3 * 3 + 3


class BadSave(ValueError):
    """The save file does not describe a consistent match."""


# -- small checked readers (``beloz.rules.checked``), raising BadSave -------------------------

_int = functools.partial(checked.integer, error=BadSave)
_bool = functools.partial(checked.boolean, error=BadSave)
_list = functools.partial(checked.list_of, error=BadSave)
_dict = functools.partial(checked.mapping, error=BadSave)
_pair = functools.partial(checked.pair, error=BadSave)
_cards = functools.partial(checked.cards, error=BadSave)
_pack = functools.partial(checked.pack, error=BadSave)


def _codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [code(c) for c in cards]


def _mask_codes(mask: int) -> list[str]:
    return [code(c) for c in range(32) if mask >> c & 1]


# -- HandResult <-> dict --------------------------------------------------------------------


def result_to_dict(r: HandResult) -> dict[str, Any]:
    a = r.announcements
    return {
        "taker_team": r.taker_team,
        "card_points": list(r.card_points),
        "dix_de_der": r.dix_de_der,
        "capot": r.capot,
        "announcements": {
            "valid_team": a.valid_team,
            "points": list(a.points),
            "cancelled": a.cancelled,
        },
        "announcement_points": list(r.announcement_points),
        "beloz": list(r.beloz),
        "totals": list(r.totals),
        "outcome": r.outcome.value,
        "score": list(r.score),
        "escrow_in": r.escrow_in,
        "escrow_out": r.escrow_out,
    }


def result_from_dict(d: object) -> HandResult:
    """The inverse of ``result_to_dict``; BadSave for anything malformed."""
    d = _dict(d, "history entry")
    a = _dict(d.get("announcements"), "history announcements")
    valid = a.get("valid_team")
    capot = d.get("capot")
    ddd = d.get("dix_de_der")  # None: no dix de der on a sans-annonces capot
    try:
        outcome = Outcome(d.get("outcome"))
    except ValueError:
        raise BadSave(f"history outcome: {d.get('outcome')!r}") from None
    return HandResult(
        taker_team=_int(d.get("taker_team"), "taker_team", 0, 1),
        card_points=_pair(d.get("card_points"), "card_points"),
        dix_de_der=None if ddd is None else _int(ddd, "dix_de_der", 0, 1),
        capot=None if capot is None else _int(capot, "capot", 0, 1),
        announcements=AnnouncementResult(
            valid_team=None if valid is None else _int(valid, "valid_team", 0, 1),
            points=_pair(a.get("points"), "announcement points"),
            cancelled=_bool(a.get("cancelled"), "cancelled"),
        ),
        announcement_points=_pair(d.get("announcement_points"), "announcement_points"),
        beloz=_pair(d.get("beloz"), "beloz"),
        totals=_pair(d.get("totals"), "totals"),
        outcome=outcome,
        score=_pair(d.get("score"), "score"),
        escrow_in=_int(d.get("escrow_in"), "escrow_in", 0, MAX_ESCROW),
        escrow_out=_int(d.get("escrow_out"), "escrow_out", 0, MAX_ESCROW),
    )


# -- Match <-> dict -------------------------------------------------------------------------


def match_to_dict(m: Match) -> dict[str, Any]:
    return {
        "ruleset": m.ruleset.name,
        "dealer": m.dealer,
        "pack": _codes(m.pack),
        "scores": list(m.scores),
        "escrow": m.escrow,
        "hands_dealt": m.hands_dealt,
        "target": m.target,
        "deck": _codes(m.deck),
        "first_packet": m.first_packet,
        "raised_target": m.raised_target,
        "history": [result_to_dict(r) for r in m.history],
    }


def match_from_dict(d: object) -> Match:
    d = _dict(d, "match")
    try:
        rules = ruleset_mod.get(d.get("ruleset"))  # type: ignore[arg-type]
    except (ValueError, TypeError):
        raise BadSave(f"unknown ruleset {d.get('ruleset')!r}") from None
    target = d.get("target")
    raised = d.get("raised_target")  # absent in older saves
    deck = d.get("deck")
    history = [result_from_dict(r) for r in _list(d.get("history"), "history")]
    scores = _pair(d.get("scores"), "scores")
    match = Match(
        ruleset=rules,
        dealer=_int(d.get("dealer"), "dealer", 0, 3),
        pack=_pack(d.get("pack"), "pack"),
        scores=[scores[0], scores[1]],
        escrow=_int(d.get("escrow"), "escrow", 0, MAX_ESCROW),
        history=history,
        hands_dealt=_int(d.get("hands_dealt"), "hands_dealt", len(history), MAX_HANDS),
        target=None if target is None else _int(target, "target", *TARGET_RANGE),
        deck=[] if deck == [] else _pack(deck, "deck"),
        first_packet=_int(d.get("first_packet"), "first_packet", 2, 3),
        raised_target=None if raised is None else _int(raised, "raised_target", 1),
    )
    check_history(match)
    return match


#: The targets a match can have: the settings' range (``beloz.settings.TARGET_RANGE``, not
#: imported: settings is a UI concern) widened to any ruleset's own target.
TARGET_RANGE = (100, 10_000)
#: More deals than any match can take (a match to 5000 is a few dozen hands; all-passed
#: deals count too).
MAX_HANDS = 100_000
#: Announcement points a team can score in one hand: two players, each at most two
#: announcements (eight cards), none worth more than 200.
MAX_ANNOUNCEMENT_POINTS = 800


def _tricks_won(r: HandResult) -> tuple[int, int]:
    """Tricks won as ``score_hand`` reads them: only a capot (8 - 0) matters."""
    if r.capot is None:
        return (4, 4)
    return (8, 0) if r.capot == 0 else (0, 8)


def _last_trick_team(r: HandResult) -> int:
    """The team that won the last expedition: the dix de der's, or on a capot without dix
    de der (sans annonces) the capot's."""
    team = r.dix_de_der if r.dix_de_der is not None else r.capot
    if team is None:
        raise BadSave("a hand with neither dix de der nor capot")
    return team


def check_history(match: Match) -> None:
    """BadSave unless the match's scores, escrow and history are what play could produce:
    every hand's result follows from its points by the rules (``score_hand``), the escrow
    passes from each hand to the next, the scores are the sum of the hands, and no hand was
    played after the match was won."""
    rules = match.ruleset
    card_total = sum(CARD_POINTS[0])
    # A hand of an auction ruleset is scored by its contract (no-trumps doubles the card
    # points, a double multiplies), which the history does not keep: there the checks are
    # the sums and the escrow's chain.
    recomputable = rules.bidding is Bidding.TURNED_CARD
    scores = [0, 0]
    escrow = 0
    for i, r in enumerate(match.history):
        what = f"history entry {i + 1}"
        if match_winner((scores[0], scores[1]), match.goal) is not None:
            raise BadSave(f"{what}: played after the match was won")
        if r.escrow_in != escrow:
            raise BadSave(f"{what}: escrow_in {r.escrow_in}, the previous hand left {escrow}")
        if recomputable:
            _check_hand(rules, r, what, card_total)
        scores = [scores[0] + r.score[0], scores[1] + r.score[1]]
        escrow = r.escrow_out
    if match.scores != scores:
        raise BadSave(f"scores {match.scores}: the hands played make {scores}")
    if match.escrow != escrow:
        raise BadSave(f"escrow {match.escrow}: the hands played leave {escrow}")


def _check_hand(rules: Ruleset, r: HandResult, what: str, card_total: int) -> None:
    """BadSave unless a trump-contract hand's result follows from its points by the rules."""
    if min(r.card_points) < 0 or sum(r.card_points) != card_total:
        raise BadSave(f"{what}: card points {r.card_points} do not add up to {card_total}")
    last = r.capot if rules.capot_keeps_dix_de_der or r.capot is None else None
    if r.capot is not None and (r.card_points[1 - r.capot] or r.dix_de_der != last):
        raise BadSave(f"{what}: a capot where the other team won points")
    a = r.announcements
    if not all(0 <= p <= MAX_ANNOUNCEMENT_POINTS for p in a.points) or (
        any(a.points) and (a.valid_team is None or a.points[1 - a.valid_team])
    ):
        raise BadSave(f"{what}: announcement points {a.points}")
    if any(b not in (0, rules.beloz_points) for b in r.beloz):
        raise BadSave(f"{what}: BeloZ points {r.beloz}")
    expected = score_hand(rules, r.taker_team, r.card_points, _last_trick_team(r),
                          _tricks_won(r), a, r.beloz, r.escrow_in)
    if expected != r:
        raise BadSave(f"{what}: its score does not follow from its points")


# -- HandState <-> dict ---------------------------------------------------------------------


def _check_of(hand: HandState) -> dict[str, Any]:
    """What a saved hand must replay to: a damaged or edited file that still replays is
    caught by these."""
    return {
        "phase": int(hand.phase),
        "current": hand.current,
        "hands": [_mask_codes(h) for h in hand.hands],
        "points": list(hand.points),
        "tricks_won": list(hand.tricks_won),
        "announced": [bool(d) for d in hand.declared],
        "beloz_said": list(hand.beloz_said),
    }


def hand_to_dict(hand: HandState, deck: list[int], first_packet: int) -> dict[str, Any]:
    """The hand as its deal (deck, dealer, first packet, escrow) and its actions, each card
    with what it kept quiet (``state.action_code``), and the check it replays to."""
    return {
        "dealer": hand.dealer,
        "first_packet": first_packet,
        "escrow_in": hand.escrow_in,
        "deck": _codes(deck),
        "actions": [action_code(a) for a in hand.actions()],
        "check": _check_of(hand),
    }


def hand_from_dict(d: object, rules: ruleset_mod.Ruleset) -> HandState:
    """Re-deal and replay a saved hand; BadSave when it does not replay to the saved check.
    A hand saved before the cards held their declarations (``declare_announcements`` beside
    the actions) replays through ``_OldDeclarations``."""
    d = _dict(d, "hand")
    deck = _pack(d.get("deck"), "hand deck")
    dealer = _int(d.get("dealer"), "hand dealer", 0, 3)
    first_packet = _int(d.get("first_packet"), "hand first_packet", 2, 3)
    escrow_in = _int(d.get("escrow_in"), "hand escrow_in", 0, MAX_ESCROW)
    old = _OldDeclarations(d) if "declare_announcements" in d else None
    actions = _list(d.get("actions"), "actions")
    if len(actions) > MAX_BIDS + 32:
        raise BadSave("actions: too many")
    hand = HandState.deal(deck, dealer, first_packet, rules, escrow_in)
    for i, text in enumerate(actions):
        try:
            if hand.phase is Phase.BIDDING:
                action = parse_bid(text)
            elif old is not None:
                action = old.action(hand, parse(text))
            else:
                action = parse_play(text)
                c = bare_action(action)
                if action != hand.card_action(c, announce=not action & QUIET_ANNOUNCEMENTS,
                                              belot=not action & QUIET_BELOT):
                    raise ValueError(f"{code(c)} has nothing of that to keep quiet")
            hand.apply(action)
        except ValueError as err:
            raise BadSave(f"action {i} ({text!r}) does not replay: {err}") from None
    check = _dict(d.get("check"), "check")
    for key, value in _check_of(hand).items():
        if (key in check or old is None) and check.get(key) != value:
            raise BadSave(f"the replayed hand differs from the saved one ({key})")
    if old is not None:
        old.verify(hand)
    return hand


class _OldDeclarations:
    """A hand saved with the seats' standing declare flags beside bare cards (before the
    cards held their declarations): which flag each card was played with, as that version
    replayed it, so old saves and problems resume exactly."""

    def __init__(self, d: dict[str, Any]) -> None:
        self.announce = [
            _bool(x, "declare_announcements")
            for x in _list(d.get("declare_announcements"), "declare_announcements", 4)
        ]
        self.belot = [
            _bool(x, "declare_beloz")
            for x in _list(d.get("declare_beloz"), "declare_beloz", 4)
        ]
        self.announced = [_bool(x, "announced") for x in _list(d.get("announced"), "announced", 4)]
        # Up to 2 cards said per seat; in all-trumps (seed 002) a seat may hold several pairs.
        self.beloz_said = [
            _int(x, "beloz_said", 0, 8) for x in _list(d.get("beloz_said"), "beloz_said", 4)
        ]
        # Saves written before these two keys replay each seat's belot cards by count.
        self.said_mask = self.kept_mask = None
        if "belot_said" in d or "belot_cards" in d:
            self.said_mask = mask_of(_cards(d.get("belot_said"), "belot_said", None))
            self.kept_mask = mask_of(_cards(d.get("belot_cards"), "belot_cards", None))
        self.beloz_seen = [0, 0, 0, 0]

    def action(self, hand: HandState, c: int) -> int:
        seat = hand.current
        announce = self.announce[seat]
        if not hand.tricks and hand.combos[seat]:
            announce = self.announced[seat]
        if self.said_mask is not None and self.kept_mask is not None:
            if hand.belot_cards >> c & 1:
                # Said; or this discard, answered yes, lost the pair.
                pair = next(m for _, m in hand.belot_pairs if m >> c & 1)
                self.belot[seat] = bool(self.said_mask >> c & 1) or (
                    not self.kept_mask & pair and hand.belot_discard(c))
        elif is_beloz_card(hand, seat, c):
            self.belot[seat] = self.beloz_seen[seat] < self.beloz_said[seat]
            self.beloz_seen[seat] += 1
        return hand.card_action(c, announce=announce, belot=self.belot[seat])

    def verify(self, hand: HandState) -> None:
        if ([bool(x) for x in hand.declared] != self.announced
                or list(hand.beloz_said) != self.beloz_said):
            raise BadSave("the replayed hand differs from the saved one (declarations)")
        if self.said_mask is not None and (
                (hand.belot_said, hand.belot_cards) != (self.said_mask, self.kept_mask)):
            raise BadSave("the replayed hand differs from the saved one (belots)")
