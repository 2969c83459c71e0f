"""Whether the contract's result is already sure, counted from the seat's view.

A teacher says what the points buy: "with your leopard your team has 134 points, and the
takers can make at most 124: their contract fails whatever happens" (teacher set G,
bulgare-1611).  ``sure_after(view, card)`` counts it for a card that the seat's team wins
this expedition with whatever the others hold: the team's least count once the expedition is
theirs, the other team's most, and whether the contract is then settled for the seat's team
(``set``: the other team took and fails whatever happens; ``made``: the seat's team took and
makes it).

The counts bound every way the hand can end, so "whatever happens" is a fact of the view:
- the seat's team's least: the card points of the expeditions it has won, this expedition's
  cards once the card is played (the cards still to come in it are its too, counted as
  none), the points of the seat's own flooded cards that no card still out can beat (each
  wins the expedition it is played to), its valid announcements and a belot it has already
  scored (``belots_scored``); never a belot it may still score;
- the other team's most: the card points of the expeditions it has won, every card point
  not yet in a won expedition nor on the table, the last expedition's points, its valid
  announcements, and a belot for every belot plain whose two cards it may still score
  (``_belots_they_may_score``);
- no capot for the other team (the seat's team wins this expedition, or holds such a card);
- in a contract that counts the expeditions' points only (``HALF_OF_TRICK_POINTS``: more
  than half, 81 of 162 fails), announcements and belots are left out of both counts.
Nothing is said before the announcements are known.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from beloz.rules.cards import ELEPHANT, NO_TRUMPS, RHINOCEROS, card
from beloz.rules.ruleset import BelotCondition, TakersMustBeat
from beloz.rules.state import SeatView

from .card_facts import _ours_after, _sure, _team_sure
from .explain import _cards
from .inference import _played_by
from .tables import KEY, PTS, TRUMPS


@dataclass(frozen=True)
class Sure:
    """``least``: the seat's team's least count once the card is played and the expedition
    theirs; ``most``: the other team's most; ``kind``: ``set`` / ``made`` / None (not
    settled)."""

    least: int
    most: int
    kind: str | None


def announced_points(view: SeatView) -> tuple[int, int]:
    """The seat's team's and the other team's announcements that count for the contract
    (shown and valid; none where the contract counts the expeditions' points only):
    "your team has 28 card points and 50 in announcements" (teacher set K, bulgare-535)."""
    res = view.announcement_result
    if res is None or view.ruleset.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        return 0, 0
    mine = view.seat & 1
    return res.points[mine], res.points[1 - mine]


def counts(view: SeatView) -> tuple[int, int]:
    """The card points of the finished expeditions won by the seat's team and by the other
    team (doubled in no trumps, as the score counts them)."""
    assert view.trump is not None
    pts = PTS[view.trump]
    ours = theirs = 0
    for t in view.tricks:
        p = sum(pts[c] for c in t.cards)
        if (t.winner - view.seat) % 2 == 0:
            ours += p
        else:
            theirs += p
    return ours, theirs


def _belots_they_may_score(view: SeatView) -> int:
    """The belot plains whose elephant and rhinoceros the other team may still score: no
    card of the pair in the seat's hand or played by the seat's team, not played by two
    seats, and a card of it played by an opponent only if he has declared a belot (the
    belot is declared with the first card of the pair, or never)."""
    plains = view.contract.belot_plains if view.contract is not None else (view.trump,)
    played = [_played_by(view, s) for s in range(4)]  # each seat's cards played
    n = 0
    for p in plains:
        if p is None or not 0 <= p < 4:
            continue
        pair = (card(p, ELEPHANT), card(p, RHINOCEROS))
        if any(view.hand >> c & 1 for c in pair):
            continue
        seats = {s for s in range(4) for c in pair if played[s] >> c & 1}
        if (len(seats) > 1 or any((s - view.seat) % 2 == 0 for s in seats)
                or any(view.beloz_said[s] == 0 for s in seats)):
            continue
        n += 1
    return n


def belots_scored(view: SeatView, team: int) -> int:
    """The belots ``team`` has already scored, counted where the contract has one belot plain
    (a trump contract): a seat of the team has said as many of its cards as the ruleset
    scores it on (both, or the first in seed 002).  With several belot plains (all trumps)
    the said cards do not tell which pair they belong to: none counted, a lower bound (watch
    set G, bulgare-6465-20: "at least 128 points" of a team whose belot already made 148)."""
    plains = view.contract.belot_plains if view.contract is not None else (view.trump,)
    if len(plains) != 1:
        return 0
    need = 2 if view.ruleset.belot_condition is BelotCondition.BOTH_SAID else 1
    return int(any(view.beloz_said[s] >= need for s in range(4) if s & 1 == team))


def _belots_we_may_score(view: SeatView) -> int:
    """The belot plains whose elephant and rhinoceros the seat's team may still score (the
    mirror of ``_belots_they_may_score``): no card of the pair played by an opponent, the
    pair not split between two seats (the seat holding one, the other elsewhere), and a card
    of it played by the seat's team only with a belot declared."""
    plains = view.contract.belot_plains if view.contract is not None else (view.trump,)
    played = [_played_by(view, s) for s in range(4)]
    n = 0
    for p in plains:
        if p is None or not 0 <= p < 4:
            continue
        pair = (card(p, ELEPHANT), card(p, RHINOCEROS))
        seats = {s for s in range(4) for c in pair if played[s] >> c & 1}
        seats |= {view.seat for c in pair if view.hand >> c & 1}
        held = sum(view.hand >> c & 1 for c in pair)
        if (len(seats) > 1 or any((s - view.seat) % 2 for s in seats)
                or any(view.beloz_said[s] == 0 for s in seats
                       if any(played[s] >> c & 1 for c in pair))
                or (held == 1 and not any(played[view.seat] >> c & 1 for c in pair))):
            continue
        n += 1
    return n


def sure_after(view: SeatView, c: int) -> Sure | None:
    """The counts once ``c`` is played, when the seat's team wins this expedition with it
    whatever the others hold and the announcements are known; else None."""
    if not _team_sure(view, c):
        return None
    return _count(view, c)


def settled_now(view: SeatView) -> Sure | None:
    """The counts whatever is played from now on (this expedition too), the announcements
    known: whether the contract's result is already settled for the seat's team.  When
    every legal card leaves this expedition to the seat's team whatever the others hold (a
    partner's sure master; watch set C, beloz-6265-20: 61 card points and the quarte, 111,
    against at most 98), it is counted the team's, with the legal card of fewest points on
    it."""
    t = view.trump
    if t is not None and view.taker is not None:
        legal = view.legal_actions()
        if legal and all(0 <= c < 32 and _team_sure(view, c) for c in legal):
            return _count(view, min(legal, key=lambda c: PTS[t][c]))
    return _count(view, None)


def _known(view: SeatView) -> bool:
    """A contract taken and, where the ruleset has them, its announcements known: what the
    counts need."""
    return view.trump is not None and view.taker is not None and not (
        view.ruleset.announcements and view.announcement_result is None)


def _count(view: SeatView, c: int | None) -> Sure | None:
    """``c``: the card that wins this expedition for the seat's team; None: this expedition
    may go either way (its cards counted among the other team's most, and the other team's
    capot while it has won every expedition)."""
    if not _known(view):
        return None
    t, r = view.trump, view.ruleset
    assert t is not None and view.taker is not None
    pts = PTS[t]
    ours, theirs = counts(view)
    table = sum(pts[y] for y in view.trick) + pts[c] if c is not None else 0
    later = _sure_later(view, c)
    free = sum(pts) - ours - theirs - table - sum(pts[y] for y in later)  # still to win
    factor = view.contract.kind.point_factor if view.contract is not None else 1
    least = ours + table + sum(pts[y] for y in later)
    most = theirs + free + r.dix_de_der * factor
    their_capot = (c is None and not later
                   and all((x.winner - view.seat) % 2 == 1 for x in view.tricks))
    if their_capot:
        most += r.capot_bonus  # their capot: every expedition so far is theirs
    if r.takers_must_beat is not TakersMustBeat.HALF_OF_TRICK_POINTS:
        mine, yours = announced_points(view)
        if not (their_capot and r.capot_loser_loses_announcements):
            least += mine  # (a capot's loser scores none)
        least += r.beloz_points * belots_scored(view, view.seat & 1)  # kept in a capot
        most += yours
        most += r.beloz_points * _belots_they_may_score(view)
    taking = (view.taker - view.seat) % 2 == 0
    if r.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        total = sum(pts) + r.dix_de_der * factor  # their capot: in their most, never set
        settled = 2 * least > total if taking else 2 * most <= total
    else:
        settled = least > most
    return Sure(least, most, ("made" if taking else "set") if settled else None)


def settled_against(view: SeatView, card_given: int | None = None) -> Sure | None:
    """The mirror of ``settled_now``: the other team's least count against the most the seat's
    team can still reach (every card point not yet won, this expedition's too, the last
    expedition, its capot while alive, its announcements and every belot it may still
    score), ``kind`` ``theirs`` (the other team took and makes it whatever is played) or
    ``failed`` (the seat's team took and fails whatever is played), else None; ``least``
    theirs, ``most`` the seat's team's.  None before the announcements are known.
    ``card_given``: the seat's card played now into an expedition the other team wins
    whatever the others hold, counted theirs (watch set L, bulgare-6161-17: the South
    elephant's 4 points make the takers' contract, the meerkat's do not); None where that
    expedition is not surely theirs."""
    if not _known(view):
        return None
    t, r = view.trump, view.ruleset
    assert t is not None and view.taker is not None
    pts = PTS[t]
    ours, theirs = counts(view)
    legal = view.legal_actions()
    # this expedition theirs whatever the seat's team plays (teacher set P, sans-1330: the
    # taker's flooded lion led, the seat with no flooded card): its cards on the table and
    # the seat's cheapest legal card counted theirs, and the last expedition too if it is
    given = legal if card_given is None else [card_given]
    lost = bool(view.trick) and all(
        0 <= c < 32 and c in legal and not _ours_after(view, c) and _sure(view, c)
        for c in given)
    if card_given is not None and not lost:
        return None
    table = sum(pts[y] for y in view.trick) + min(pts[c] for c in given) if lost else 0
    free = sum(pts) - ours - theirs - table  # may go either way
    factor = view.contract.kind.point_factor if view.contract is not None else 1
    last = lost and len(view.tricks) == 7
    most = ours + free + (0 if last else r.dix_de_der * factor)
    if not lost and all((x.winner - view.seat) % 2 == 0 for x in view.tricks):
        most += r.capot_bonus
    least = theirs + table + (r.dix_de_der * factor if last else 0)
    if r.takers_must_beat is not TakersMustBeat.HALF_OF_TRICK_POINTS:
        mine, yours = announced_points(view)
        most += mine + r.beloz_points * _belots_we_may_score(view)
        least += yours + r.beloz_points * belots_scored(view, 1 - (view.seat & 1))
    taking = (view.taker - view.seat) % 2 == 0
    if r.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        total = sum(pts) + r.dix_de_der * factor
        settled = 2 * most <= total if taking else 2 * least > total
    else:
        settled = least > most
    return Sure(least, most, ("failed" if taking else "theirs") if settled else None)


def _sure_later(view: SeatView, c: int | None) -> list[int]:
    """The seat's own flooded cards that no card still out can beat, ``c`` played: the top
    of the flooded cards left, held, each sure to win the expedition it is played to (every
    card is played, and the strongest flooded card beats any) — its points the team's
    (teacher set Q, classique-1366: "you hold the trump lion, the master trump: sure of an
    expedition and its 11 points").  None in no trumps or all trumps."""
    t = view.trump
    if t is None or t >= NO_TRUMPS:
        return []
    gone = view.played | (1 << c if c is not None else 0)  # (the expedition's cards too)
    out = []
    for y in sorted(_cards(TRUMPS[t] & ~gone), key=lambda x: -KEY[t][x]):
        if not view.hand >> y & 1:
            break
        out.append(y)
    return out


def result_sure(view: SeatView) -> bool:
    """The contract's result is the same whatever is played from now on, for either team:
    ``settled_now`` (the seat's team's least against the other's most), or the mirror,
    ``settled_against``.  Then neither the result nor the last expedition decides a choice,
    only points (teacher set K, sans-963: "the last expedition decides it" with the takers'
    89 card points made whatever is played)."""
    now = settled_now(view)
    if now is None:
        return False  # (the announcements not yet known: nothing is sure)
    if now.kind is not None:
        return True
    against = settled_against(view)
    return against is not None and against.kind is not None


__all__ = ["Sure", "announced_points", "counts", "result_sure", "settled_against", "settled_now",
           "sure_after"]
