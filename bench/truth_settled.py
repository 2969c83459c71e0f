"""Who wins the expedition as the seat sees it and the contract's count in the other team's
best case, recomputed from the view for ``truth_versus`` (the engine's own score,
``scoring.score_hand``; the inferences of ``view.infer``).  Not a bench script of its own.
"""

from __future__ import annotations

from beloz.ai.view import infer
from beloz.reasons import Why
from beloz.rules.announcements import AnnouncementResult
from beloz.rules.cards import CARD_POINTS, ELEPHANT, RHINOCEROS, card
from beloz.rules.ruleset import TakersMustBeat
from beloz.rules.scoring import Outcome, score_hand
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from .truth_facts import _bits, _first_beats, _flooded, _unplayed, _wins


def _to_play_after(v: SeatView) -> list[int]:
    d = v.ruleset.direction
    first = v.leader if v.trick else v.seat
    return [(first + d * i) % 4 for i in range(len(v.trick) + 1, 4)]


def _winner_after(v: SeatView, a: int) -> int:
    """The seat whose card is master once ``a`` is played."""
    assert v.trump is not None
    trick = [*v.trick, a]
    first = v.leader if v.trick else v.seat
    return (first + v.ruleset.direction * master_index(trick, v.trump)) % 4


def _can_be_beaten(v: SeatView, a: int, seats: list[int]) -> bool:
    """Once ``a`` is played, one of ``seats`` may hold a card that would be master after it."""
    assert v.trump is not None
    may = infer(v).may
    trick = [*v.trick, a]
    return any(_wins([*trick, y], v.trump, len(trick)) for s in seats for y in _bits(may[s]))


def _so_far(v: SeatView) -> tuple[list[int], list[int], dict[int, int]]:
    """Each team's card points and expeditions won so far (by team 0 and 1), and the seat
    that played each card played (the expedition on the table too)."""
    assert v.trump is not None
    pts, r = CARD_POINTS[v.trump], v.ruleset
    won = [0, 0]
    tricks = [0, 0]
    played_by: dict[int, int] = {}
    for x in v.tricks:
        won[x.winner & 1] += sum(pts[y] for y in x.cards)
        tricks[x.winner & 1] += 1
        for i, y in enumerate(x.cards):
            played_by[y] = (x.leader + r.direction * i) % 4
    for i, y in enumerate(v.trick):
        played_by[y] = (v.leader + r.direction * i) % 4
    return won, tricks, played_by


def _scored(v: SeatView, team: int, played_by: dict[int, int]) -> int:
    """The belots ``team`` has already scored (RULES.md: the belot counts once said with
    both its cards, in seed 002 once said with the first): one belot plain (a trump
    contract), and its pair's cards played by a seat of the team who said belot as many
    times as needed; 0 with several plains (which pair a said card was is not public)."""
    plains = v.contract.belot_plains if v.contract is not None else (v.trump,)
    if len(plains) != 1 or plains[0] is None or not 0 <= plains[0] < 4:
        return 0
    need = 1 if v.ruleset.belot_condition.name == "FIRST_CARD" else 2
    pair = [card(plains[0], ELEPHANT), card(plains[0], RHINOCEROS)]
    return int(any(sum(played_by.get(y) == s for y in pair) >= need
                   and v.beloz_said[s] >= need for s in (team, team + 2)))


def _masters_held(v: SeatView, c: int | None) -> list[int]:
    """The seat's flooded cards, ``c`` played, that beat every flooded card not yet played
    (RULES.md: the strongest flooded card wins any expedition it is played to): taken from
    the top while the seat holds it."""
    t = v.trump
    assert t is not None
    if t >= 4:  # no trumps, all trumps: no single flooded plain
        return []
    left = [y for y in _unplayed(v) if _flooded(y, t) and y != c]
    out = []
    while left:
        top = next(y for y in left if not any(_first_beats(y, z, t) for z in left if z != y))
        if not v.hand >> top & 1:
            break
        out.append(top)
        left.remove(top)
    return out


def _their_best_case(v: SeatView, c: int | None) -> tuple[int, int, str | None]:
    """The hand scored by the engine (``scoring.score_hand``) in the other team's best case
    once ``c`` is played and this expedition is the seat's team's (None: whatever is played,
    this expedition theirs too, and every one left: their capot where they have won them
    all): every card point not yet won nor on the table theirs, the last expedition theirs,
    a belot theirs in every belot plain whose pair the seat's team neither holds nor has
    played, the announcements as known.  Returns (the seat's team's count, the other team's
    count, the outcome for the seat's team: ``set`` when the other team took and fails,
    ``made`` when the seat's team took and makes it, else None), the counts as the
    threshold reads them."""
    assert v.trump is not None and v.taker is not None
    r, t, me = v.ruleset, v.trump, v.seat & 1
    pts = CARD_POINTS[t]
    won, tricks, played_by = _so_far(v)
    on_table = sum(pts[y] for y in v.trick) + pts[c] if c is not None else 0
    mine = _masters_held(v, c)  # each wins the expedition it is played to
    rest = sum(pts[y] for y in range(32)) - won[0] - won[1] - on_table - sum(
        pts[y] for y in mine)
    cards = [0, 0]
    cards[me] = won[me] + on_table + sum(pts[y] for y in mine)
    cards[1 - me] = won[1 - me] + rest
    tricks[me] += (1 if c is not None else 0) + len(mine)
    tricks[1 - me] = 8 - tricks[me]
    plains = v.contract.belot_plains if v.contract is not None else (t,)
    belots = 0
    for p in plains:
        pair = [card(p, ELEPHANT), card(p, RHINOCEROS)] if 0 <= p < 4 else []
        by = [played_by[y] for y in pair if y in played_by]
        # theirs only if neither card is the seat's or its partner's, one seat plays both,
        # and a seat that played one of them declared a belot with it
        if pair and not any(v.hand >> y & 1 for y in pair) and len(set(by)) <= 1 and all(
                s & 1 != me and v.beloz_said[s] > 0 for s in by):
            belots += 1
    beloz = [0, 0]
    beloz[1 - me] = r.beloz_points * belots
    beloz[me] = r.beloz_points * _scored(v, me, played_by)  # kept whatever happens
    res = v.announcement_result or AnnouncementResult(None, (0, 0), False)
    kind = v.contract.kind if v.contract is not None else None
    hand = score_hand(r, v.taker & 1, (cards[0], cards[1]), 1 - me, (tricks[0], tricks[1]),
                      res, (beloz[0], beloz[1]), 0, v.contract, v.multiplier)
    taking = v.taker & 1 == me
    outcome = hand.outcome
    settled = (outcome is Outcome.MADE) if taking else (outcome is Outcome.DEDANS)
    factor = kind.point_factor if kind is not None else 1
    capot = r.capot_bonus if tricks[me] == 0 else 0
    if r.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        ours, theirs = cards[me], cards[1 - me] + r.dix_de_der * factor + capot
    else:
        lost = capot and r.capot_loser_loses_announcements  # a capot's loser scores none
        ours = cards[me] + (0 if lost else res.points[me]) + beloz[me]
        theirs = (cards[1 - me] + r.dix_de_der * factor + capot + res.points[1 - me]
                  + beloz[1 - me])
    return ours, theirs, ("made" if taking else "set") if settled else None


def _our_best_case(v: SeatView, given: int | None = None) -> tuple[int, int, str | None]:
    """The mirror of ``_their_best_case``, whatever is played: every card point not yet won
    the seat's team's (this expedition's too, unless every legal card leaves it to the other
    team whatever the others hold: then its cards on the table and the seat's cheapest are
    theirs, and the last expedition if it is), every expedition left and the last one, its
    capot where it has won every expedition so far, a belot in every belot plain it may
    still score (no card of the pair played by an opponent; a card played by the team only
    by a seat that said belot, the other card where that seat can hold it; neither played:
    the seat holds both or neither), the announcements as known.  Returns (the other team's
    count, the seat's team's count, ``theirs`` when the other team took and makes it even
    so, ``failed`` when the seat's team took and fails even so, else None).  ``given``: the
    seat's card played now into an expedition the other team wins whatever the others hold
    (its points theirs); the counts as if every legal card were lost otherwise."""
    assert v.trump is not None and v.taker is not None
    r, t, me = v.ruleset, v.trump, v.seat & 1
    pts = CARD_POINTS[t]
    won, tricks, played_by = _so_far(v)
    # this expedition theirs when every legal card leaves it to them whatever the others
    # hold (the seat's cheapest card on it), else ours like every one left
    legal = v.legal_actions()
    after = _to_play_after(v)
    lost = bool(v.trick) and all((_winner_after(v, c) - v.seat) % 2 == 1
                                 and not _can_be_beaten(v, c, after)
                                 for c in (legal if given is None else [given]))
    given_pts = min(pts[c] for c in legal) if given is None else pts[given]
    on_table = sum(pts[y] for y in v.trick) + given_pts if lost else 0
    rest = sum(pts[y] for y in range(32)) - won[0] - won[1] - on_table
    cards = [0, 0]
    cards[me], cards[1 - me] = won[me] + rest, won[1 - me] + on_table
    tricks[1 - me] += 1 if lost else 0
    tricks[me] = 8 - tricks[1 - me]
    last_theirs = lost and len(v.tricks) == 7
    plains = v.contract.belot_plains if v.contract is not None else (t,)
    belots = 0
    for p in plains:
        pair = [card(p, ELEPHANT), card(p, RHINOCEROS)] if 0 <= p < 4 else []
        if not pair or any(played_by.get(y, me) & 1 != me for y in pair):
            continue  # (an opponent played one)
        by = {played_by[y] for y in pair if y in played_by}
        held = [y for y in pair if v.hand >> y & 1]
        if by:
            s = by.pop()
            ok = not by and v.beloz_said[s] > 0 and (
                s == v.seat or not held)  # the other card with the partner, not the seat
        else:
            ok = len(held) != 1
        belots += ok
    beloz = [0, 0]
    beloz[me] = r.beloz_points * belots
    beloz[1 - me] = r.beloz_points * _scored(v, 1 - me, played_by)
    res = v.announcement_result or AnnouncementResult(None, (0, 0), False)
    kind = v.contract.kind if v.contract is not None else None
    hand = score_hand(r, v.taker & 1, (cards[0], cards[1]), 1 - me if last_theirs else me,
                      (tricks[0], tricks[1]), res, (beloz[0], beloz[1]), 0, v.contract,
                      v.multiplier)
    taking = v.taker & 1 == me
    if taking:
        settled = "failed" if hand.outcome is Outcome.DEDANS else None
    else:
        settled = "theirs" if hand.outcome is Outcome.MADE else None
    factor = kind.point_factor if kind is not None else 1
    capot = r.capot_bonus if tricks[1 - me] == 0 else 0
    ours = cards[me] + (0 if last_theirs else r.dix_de_der * factor) + capot
    theirs = cards[1 - me] + (r.dix_de_der * factor if last_theirs else 0)
    if r.takers_must_beat is not TakersMustBeat.HALF_OF_TRICK_POINTS:
        ours += res.points[me] + beloz[me]
        theirs += res.points[1 - me] + beloz[1 - me]
    return theirs, ours, settled


def _settled_now(v: SeatView) -> tuple[int, int, str | None]:
    """``_their_best_case`` before the seat plays: this expedition the team's when every legal
    card leaves it to the team whatever the others hold (the cheapest card on it), else
    theirs too."""
    after, t = _to_play_after(v), v.trump
    assert t is not None
    legal = v.legal_actions()
    sure = all((_winner_after(v, c) - v.seat) % 2 == 0 and not _can_be_beaten(v, c, after)
               for c in legal)
    return _their_best_case(v, min(legal, key=lambda c: CARD_POINTS[t][c]) if sure else None)


def _capot_stake(v: SeatView, w: Why) -> bool:
    """Leading, the team has won every expedition so far, and four or more are over or the
    contract's result is settled (announcements known) whatever is played."""
    me = v.seat
    alive = bool(v.tricks) and all((x.winner - me) % 2 == 0 for x in v.tricks)
    known = not v.ruleset.announcements or v.announcement_result is not None
    return (not v.trick and alive and w.count == 1
            and (len(v.tricks) >= 4 or (known and _settled_now(v)[2] is not None)))
