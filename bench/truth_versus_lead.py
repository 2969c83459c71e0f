"""The facts of the lead sentences that read what the seat has been shown (``vs.lead_shown``,
``vs.lead_turned``), the card led from under the seat's own master (``vs.lead_away``) and the
flooded cards drawn before a master is cashed (``vs.draw_first``) or for the partner's card the
table has seen (``vs.draw_partner_top``, ``vs.draw_for_partner``), and, following, the card
an opponent still to play may hold between the two (``vs.climb_over``), and the lead the
opponent after the seat has shown he cannot take (``vs.lead_next_void``), and two cards
that win or lose this expedition alike, the cheaper risked (``vs.climb_cheap_same``), and
the lead that draws the one card out above it (``vs.lead_drive``, ``vs.lead_drive_nt``), and
the best sure to win where the other surely loses (``vs.win_lost``, ``vs.win_points_lost``),
the master kept above a card an opponent showed (``vs.keep_over_shown``), and the small
flooded card a seat short of flooded cards leads into theirs (``vs.short_draw``),
recomputed from the view with the rules' own tables for ``bench_explain_truth``: which
announcement showed which card, the turned card and its taker, the order of the cards of a
plain.  Not a bench script of its own; split from ``truth_versus``.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge
from beloz.reasons import Why
from beloz.rules.cards import CARD_POINTS
from beloz.rules.state import SeatView

from .truth_facts import _bits, _first_beats, _flooded, _out, _unplayed, _wins
from .truth_settled import _can_be_beaten, _to_play_after, _winner_after
from .truth_versus_belot import KEYS as BELOT_KEYS
from .truth_versus_belot import belot_facts
from .truth_versus_cover import KEYS as COVER_KEYS
from .truth_versus_cover import cover_facts
from .truth_versus_keep import KEYS as KEEP_KEYS
from .truth_versus_keep import keep_facts
from .truth_versus_lost import KEYS as LOST_KEYS
from .truth_versus_lost import lost_facts

KEYS = ("lead_shown", "lead_turned", "lead_away", "draw_first", "draw_partner_top",
        "draw_for_partner", "climb_over", "climb_over_next", "lead_next_void", "lead_drive",
        "lead_drive_nt", "climb_cheap_same", "win_lost", "win_points_lost",
        "keep_over_shown", "short_draw", "lead_partner_void", *KEEP_KEYS, *COVER_KEYS,
        *LOST_KEYS, *BELOT_KEYS)


def _known_above(v: SeatView, c: int) -> list[tuple[int, int, str]]:
    """(card, seat, how) for every unplayed card above ``c`` in its plain that an opponent
    showed in an announcement or took as the turned card."""
    assert v.trump is not None
    out = []
    for s in (v.seat ^ 1, v.seat ^ 3):
        for d in v.declared[s]:
            for y in _bits(d.cards or 0):
                if y in _out(v) and y >> 3 == c >> 3 and _first_beats(c, y, v.trump):
                    out.append((y, s, "shown"))
        if s == v.taker and v.turned in _out(v) and v.turned >> 3 == c >> 3 and _first_beats(
                c, v.turned, v.trump):
            out.append((v.turned, s, "turned"))
    return out


def _partner_shown(v: SeatView) -> list[int]:
    """The cards still out the table saw the partner keep: his announcements, the turned
    card if he took, the other card of a belot he said (RULES.md: the belot is the
    flooded elephant and rhinoceros)."""
    assert v.trump is not None
    p = v.seat ^ 2
    seen = [y for d in v.declared[p] for y in _bits(d.cards or 0)]
    if v.taker == p and v.turned >= 0:
        seen.append(v.turned)
    if v.trump < 4 and v.beloz_said[p] == 1:
        seen += [v.trump * 8 + 5, v.trump * 8 + 6]
    return [y for y in set(seen) if y in _out(v)]


def _top_mine(v: SeatView, c: int) -> int | None:
    """The seat's card that no unplayed card of ``c``'s plain beats, above ``c``."""
    assert v.trump is not None
    t = v.trump
    for m in _bits(v.hand):
        if m >> 3 == c >> 3 and _first_beats(c, m, t) and not any(
                _first_beats(m, y, t) for y in _unplayed(v) if y >> 3 == c >> 3):
            return m
    return None


def _between(v: SeatView, k: Knowledge, c: int, m: int) -> list[int]:
    """The cards out between ``c`` and ``m`` of their plain that an opponent may hold."""
    assert v.trump is not None
    t = v.trump
    return [y for y in _out(v) if y >> 3 == c >> 3 and _first_beats(c, y, t)
            and _first_beats(y, m, t)
            and any(y in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3))]


def lead_facts(v: SeatView, b: int, o: int, w: Why, k: Knowledge) -> dict[str, bool]:
    """What a lead sentence of ``KEYS`` states about the best card ``b`` and the other."""
    assert v.trump is not None
    t = v.trump
    key = w.key.removeprefix("vs.")
    if key in KEEP_KEYS:
        return keep_facts(v, b, o, w, k)
    if key in COVER_KEYS:
        return cover_facts(v, b, o, w, k)
    if key in LOST_KEYS:
        return lost_facts(v, b, o, w, k)
    if key in BELOT_KEYS:
        return belot_facts(v, b, o, w, k)
    f = {"leading": not v.trick}
    if key in ("lead_shown", "lead_turned"):
        x = w.cards[2] if len(w.cards) > 2 else -1
        seat = (v.seat + (w.seat or 0)) % 4
        f.update({
            "the other worth more points": CARD_POINTS[t][o] > CARD_POINTS[t][b],
            "an opponent holds the named card, known as said, above the other":
                w.seat in (1, 3) and (x, seat, key.removeprefix("lead_")) in _known_above(v, o),
            "the partner can hold nothing above it": not any(
                y >> 3 == x >> 3 and _first_beats(x, y, t) for y in _bits(k.may[v.seat ^ 2])),
            "no card known with an opponent above the best": not _known_above(v, b)})
    elif key == "draw_first":
        theirs = [y for y in _out(v) if _flooded(y, t)
                  and any(y in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3))]
        f.update({
            "the seat's team took": v.taker is not None and (v.taker - v.seat) % 2 == 0,
            "the best floods, the other is dry": _flooded(b, t) and not _flooded(o, t),
            "no unplayed card of the other's plain above it, the plain named":
                w.plain == o >> 3 and not any(
                    _first_beats(o, y, t) for y in _unplayed(v) if y >> 3 == o >> 3),
            "the flooded cards an opponent may hold counted": len(theirs) >= 1
                and w.count == len(theirs)})
    elif key in ("climb_over", "climb_over_next"):  # following, not leading
        del f["leading"]
        trick = list(v.trick)
        after = _to_play_after(v) if trick else []
        n = 1 if key == "climb_over" else 2  # he plays last / next, the partner last
        seat = after[0] if len(after) == n and (after[0] - v.seat) % 2 else -1
        between = [y for y in _bits(k.may[seat]) if y >> 3 == o >> 3
                   and _first_beats(o, y, t) and not _first_beats(b, y, t)] if seat >= 0 else []
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({
            "following, either card master played now": bool(trick)
                and _wins([*trick, b], t, len(trick)) and _wins([*trick, o], t, len(trick)),
            "an opponent plays last (next, the partner last), named": seat >= 0
                and (v.seat + (w.seat or 0)) % 4 == seat,
            "the cards he may hold between the two counted, the strongest named":
                x in between and w.count == len(between)
                and not any(_first_beats(x, y, t) for y in between)})
    elif key in ("lead_drive", "lead_drive_nt"):
        h, x = (w.cards[2], w.cards[3]) if len(w.cards) > 3 else (-1, -1)
        above_b = [y for y in _out(v) if y >> 3 == b >> 3 and _first_beats(b, y, t)]
        f.update({
            "no trumps or all trumps for the _nt key, else a trump contract and the best dry":
                (t >= 4) if key == "lead_drive_nt" else (t < 4 and not _flooded(b, t)),
            "the named card the only one out above the best, an opponent may hold it":
                above_b == [x] and any(x in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3)),
            "the seat holds the card named between them, the best's plain named":
                h in _bits(v.hand) and h >> 3 == b >> 3 == w.plain and _first_beats(b, h, t)
                and _first_beats(h, x, t),
            "the cards out above the other, of its plain, counted": w.alt_plain == o >> 3
                and (w.count or 0) >= 2 and w.count == sum(
                    1 for y in _out(v) if y >> 3 == o >> 3 and _first_beats(o, y, t))})
    elif key in ("win_lost", "win_points_lost"):  # following, not leading
        del f["leading"]
        after = _to_play_after(v)
        partner = [s for s in after if s == v.seat ^ 2]
        f.update({
            "the best wins whatever the others hold": bool(v.trick)
                and _winner_after(v, b) == v.seat and not _can_be_beaten(v, b, after),
            "with the other an opponent is master and the partner cannot beat him":
                bool(v.trick) and (_winner_after(v, o) - v.seat) % 2 == 1
                and not _can_be_beaten(v, o, partner)})
        if key == "win_points_lost":
            f["the expedition's points"] = w.points == sum(
                CARD_POINTS[t][x] for x in (*v.trick, b)) > 0
    elif key == "lead_partner_void":
        partner = v.seat ^ 2
        above = [y for y in _out(v) if y >> 3 == o >> 3 and _first_beats(o, y, t)]
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({
            "the other dry, of another plain than the best, the plains named":
                not _flooded(o, t) and o >> 3 != b >> 3 == w.plain and w.alt_plain == o >> 3,
            "the partner can hold no card of the other's plain": not any(
                y >> 3 == o >> 3 for y in _bits(k.may[partner])),
            "nor a flooded card to cut it with": t >= 4 or o >> 3 == t or not any(
                _flooded(y, t) for y in _bits(k.may[partner])),
            "the cards out above the other counted, the strongest named": bool(above)
                and w.count == len(above) and x in above
                and not any(_first_beats(x, y, t) for y in above),
            "the partner may hold a card of the best's plain above it": any(
                y >> 3 == b >> 3 and _first_beats(b, y, t) and y in _out(v)
                for y in _bits(k.may[partner]))})
    elif key == "short_draw":
        theirs = [y for y in _out(v) if _flooded(y, t)
                  and any(y in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3))]
        above = [y for y in theirs if _first_beats(o, y, t)]
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({
            "a trump contract, the best dry, the other flooded": t < 4 and not _flooded(b, t)
                and _flooded(o, t) and w.plain == t,
            "the seat holds fewer flooded cards than the opponents may":
                sum(1 for y in _bits(v.hand) if _flooded(y, t)) < len(theirs),
            "the flooded cards they may hold above the other counted, the strongest named":
                x in above and w.count == len(above)
                and not any(_first_beats(x, y, t) for y in above)})
    elif key == "keep_over_shown":  # following, not leading
        del f["leading"]
        x = w.cards[2] if len(w.cards) > 2 else -1
        seat = (v.seat + (w.seat or 0)) % 4
        trick, n = list(v.trick), len(v.trick)
        f.update({
            "following, either card master played now": bool(trick)
                and _wins([*trick, b], t, n) and _wins([*trick, o], t, n),
            "an opponent named showed the named card in an announcement, still unplayed":
                w.seat in (1, 3) and x in _out(v) and any(
                    x in _bits(d.cards or 0) for d in v.declared[seat]),
            "the named card of the plain named, above the best, below the other":
                x >> 3 == b >> 3 == o >> 3 == w.plain and _first_beats(b, x, t)
                and _first_beats(x, o, t),
            "no unplayed card above the other": not any(
                _first_beats(o, y, t) for y in _unplayed(v) if y >> 3 == o >> 3),
            "the other the seat's only card above the named one": [
                y for y in _bits(v.hand) if y >> 3 == x >> 3 and _first_beats(x, y, t)] == [o]})
    elif key == "climb_cheap_same":  # following, not leading
        del f["leading"]
        trick = list(v.trick)
        after = _to_play_after(v) if trick else []
        n = len(trick)
        x = w.cards[3] if len(w.cards) > 3 else -1
        pts = CARD_POINTS[t]
        f.update({
            "following, either card master played now": bool(trick)
                and _wins([*trick, b], t, n) and _wins([*trick, o], t, n),
            "the fourth card out beats both, a seat after may hold it": x in _out(v)
                and _wins([*trick, b, x], t, n + 1) and _wins([*trick, o, x], t, n + 1)
                and any(x in _bits(k.may[s]) for s in after),
            "no card out beats one and not the other": trick != [] and all(
                _wins([*trick, b, y], t, n + 1) == _wins([*trick, o, y], t, n + 1)
                for y in _out(v)),
            "points fewer": w.points == w.count == pts[o] - pts[b] > 0})
    elif key == "lead_next_void":
        nxt = (v.seat + v.ruleset.direction) % 4

        def failed(plain: int) -> bool:  # he did not follow ``plain`` once
            return any(x.cards[0] >> 3 == plain and any(
                (x.leader + v.ruleset.direction * i) % 4 == nxt and c >> 3 != plain
                for i, c in enumerate(x.cards)) for x in v.tricks)

        above = [y for y in _bits(k.may[nxt]) if y >> 3 == o >> 3 and _first_beats(o, y, t)]
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({
            "no card can cut (no trumps or all trumps), the plains differ":
                t >= 4 and b >> 3 != o >> 3 and w.plain == b >> 3 and w.alt_plain == o >> 3,
            "the seat named plays next and did not follow the best's plain":
                (v.seat + (w.seat or 0)) % 4 == nxt and failed(b >> 3),
            "the cards above the other he may hold counted, the strongest named":
                x in above and w.count == len(above)
                and not any(_first_beats(x, y, t) for y in above)})
    elif key in ("draw_partner_top", "draw_for_partner"):
        x = w.cards[2] if len(w.cards) > 2 else -1
        theirs = [y for y in _out(v) if _flooded(y, t)
                  and any(y in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3))]
        f.update({
            "the seat's team took": v.taker is not None and (v.taker - v.seat) % 2 == 0,
            "the best floods, the other is dry": _flooded(b, t) and not _flooded(o, t),
            "the table saw the partner keep the named card": x in _partner_shown(v),
            "no unplayed card of its plain above the named card": 0 <= x < 32 and not any(
                _first_beats(x, y, t) for y in _unplayed(v) if y >> 3 == x >> 3),
            "the named card floods (its plain named when dry)": _flooded(x, t)
                if key == "draw_partner_top" else not _flooded(x, t) and w.plain == x >> 3,
            "the flooded cards an opponent may hold counted": len(theirs) >= 1
                and w.count == len(theirs)})
        if key == "draw_for_partner":
            f["the seat holds as many flooded cards"] = sum(
                _flooded(y, t) for y in _bits(v.hand)) >= len(theirs)
    else:
        m = w.cards[2] if len(w.cards) > 2 else -1
        between = _between(v, k, o, m) if 0 <= m < 32 else []
        mb = _top_mine(v, b)
        f.update({
            "the other dry": not _flooded(o, t),
            "the seat holds the master of the other's plain, above it, the plain named":
                _top_mine(v, o) == m and w.plain == o >> 3 != b >> 3,
            "the cards between counted, the strongest named": bool(between)
                and w.count == len(between) and len(w.cards) > 3
                and not any(_first_beats(w.cards[3], y, t) for y in between)
                and w.cards[3] in between,
            "the best not led from under a master of its own":
                mb is None or not _between(v, k, b, mb)})
    return f
