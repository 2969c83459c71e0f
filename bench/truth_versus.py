"""The facts a comparative sentence (``concepts.py``, keys ``vs.*``) states, recomputed from
the view for ``bench_explain_truth``: the best card and the other, who wins the expedition
with each, what is still out.  Not a bench script of its own.
"""

from __future__ import annotations

from beloz.ai.view import Knowledge, infer
from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    CROCODILE,
    ELEPHANT,
    NO_TRUMPS,
    RHINOCEROS,
    WATER_SNAKE,
    card,
)
from beloz.rules.ruleset import BelotCondition
from beloz.rules.state import (
    SeatView,
)
from beloz.rules.tricks import master_index

from .truth_facts import (
    _bits,
    _first_beats,
    _flooded,
    _floods,
    _out,
    _same_plain,
    _unplayed,
    _wins,
)
from .truth_settled import (
    _can_be_beaten,
    _capot_stake,
    _our_best_case,
    _settled_now,
    _their_best_case,
    _to_play_after,
    _winner_after,
)
from .truth_versus_bids import _versus_bid_facts
from .truth_versus_lead import KEYS as LEAD_KEYS
from .truth_versus_lead import lead_facts

# -- the comparative sentences (``concepts.py``, keys ``vs.*``) ---------------------------------
# Recomputed from the view with the rules' own tables; what the other hands may hold comes
# from the view's inferences (``view.infer``: voids, no flooded card, cards known held),
# tested on their own in tests/test_rules_view.py and tests/test_ai_sampler.py.


def _cash_common(v: SeatView, w: Why, o: int, opponents: tuple[int, int],
                 k: Knowledge) -> dict[str, bool]:
    """The facts a master cashed shares with its first-round form: each opponent may still
    follow its plain, one may hold a flooded card, and the other card is no master."""
    assert v.trump is not None
    t = v.trump
    return {"each opponent may still hold one": all(
                any(y >> 3 == w.plain for y in _bits(k.may[s])) for s in opponents),
            "an opponent may hold a flooded card": any(
                _flooded(y, t) for s in opponents for y in _bits(k.may[s])),
            "a card out above the other, of its plain": any(
                y >> 3 == o >> 3 and _first_beats(o, y, t) for y in _out(v))}


def _partner_sure_cards(v: SeatView, a: int, after: list[int]) -> list[int]:
    """The cards the partner, still to play, surely holds and may play that would be master
    after ``a`` and that no opponent still to play (before him or after) may beat."""
    assert v.trump is not None
    partner = v.seat ^ 2
    if partner not in after:
        return []
    k = infer(v)
    trick = [*v.trick, a]
    lead = trick[0] >> 3
    follow = any(y >> 3 == lead for y in _bits(k.may[partner]))
    opponents = [s for s in after if s != partner]  # before him too
    return [x for x in _bits(k.must[partner])
            if not (follow and x >> 3 != lead) and _wins([*trick, x], v.trump, len(trick))
            and not any(_wins([*trick, x, y], v.trump, len(trick) + 1)
                        for s in opponents for y in _bits(k.may[s]))]


def _partner_known_to_win(v: SeatView, a: int, after: list[int]) -> bool:
    return bool(_partner_sure_cards(v, a, after))


def _strongest_left(v: SeatView, c: int) -> bool:
    """No unplayed card of c's plain (any hand) would beat it, c led."""
    assert v.trump is not None
    return not any(_first_beats(c, y, v.trump) for y in _unplayed(v) if y >> 3 == c >> 3
                   and y != c)


def _last_points(v: SeatView) -> int:
    """The dix de der: 10, doubled in the Bulgarian no-trumps with the card points."""
    return v.ruleset.dix_de_der * (2 if v.trump == NO_TRUMPS else 1)


def _shown_holds(v: SeatView, s: int, w: Why, t: int, out: list[int]) -> bool:
    """The named flooded card is still out and the table saw ``s`` keep it: the turned card
    he took, a card of an announcement he showed, the other card of a belot he said."""
    shown = {y for d in v.declared[s] for y in _bits(d.cards or 0)}
    if s == v.taker:
        shown.add(v.turned)
    if v.beloz_said[s] == 1 and t < NO_TRUMPS:
        shown |= {card(t, ELEPHANT), card(t, RHINOCEROS)}
    x = w.cards[2] if len(w.cards) > 2 else -1
    return x in out and _flooded(x, t) and x in shown


def _versus_facts(v: SeatView, b: int, w: Why) -> dict[str, bool]:
    """What a comparative sentence states about the best card ``b`` and the other one."""
    legal = v.legal_actions()
    key = w.key.removeprefix("vs.")
    if key in ("about", "about_wide", "same", "same_small"):
        return {"the best legal": b in legal,
                "two options or more, no more than the legal ones":
                    w.count is not None and 2 <= w.count <= len(legal)}
    if key == "equivalent":
        assert v.trump is not None
        t = v.trump
        between = [y for y in range(32) if not v.hand >> y & 1
                   and (y in v.trick or not v.played >> y & 1)]
        return {"the best legal, every legal card counted": b in legal
                and w.count == len(legal) >= 2,
                "one plain, named": all(c >> 3 == w.plain for c in legal),
                "the same points": len({CARD_POINTS[t][c] for c in legal}) == 1,
                "no card of another hand or the expedition between them": not any(
                    y >> 3 == w.plain and _first_beats(x, y, t) and _first_beats(y, z, t)
                    for x in legal for z in legal for y in between)}
    if not 0 <= b < 32:
        return _versus_bid_facts(v, b, w)
    if key in ("settled_set", "settled_made"):  # said of the best alone
        known = not v.ruleset.announcements or v.announcement_result is not None
        f = {"the best legal, alone in the sentence": b in legal and w.cards == (b,),
             "the announcements known": known}
        if known:
            ours, theirs, settled = _settled_now(v)
            f["settled as said in the other team's best case, by the engine's score"] = (
                settled == key.removeprefix("settled_"))
            f["the counts said"] = w.points == ours and w.count == theirs
        return f
    if key in ("settled_theirs", "settled_failed"):  # the mirror: the seat's team's best case
        f = {"the best legal, alone in the sentence": b in legal and w.cards == (b,),
             "the announcements known": not v.ruleset.announcements
             or v.announcement_result is not None}
        theirs, ours, settled = _our_best_case(v)
        f["not settled the other way"] = _settled_now(v)[2] is None
        f["settled as said in the seat's team's best case, by the engine's score"] = (
            settled == key.removeprefix("settled_"))
        f["the counts said"] = w.points == theirs and w.count == ours
        return f
    assert v.trump is not None
    t, trick = v.trump, list(v.trick)
    o = w.cards[1] if len(w.cards) > 1 else -1
    me, partner = v.seat, v.seat ^ 2
    k = infer(v)
    after = _to_play_after(v)
    out = _out(v)
    flooded_out = [y for y in out if _flooded(y, t)]
    opponents = (me ^ 1, me ^ 3)
    wb, wo = _winner_after(v, b), _winner_after(v, o)
    ours_b = (wb - me) % 2 == 0
    team_sure_o = (wo - me) % 2 == 0 and not _can_be_beaten(v, o, after)
    f = {"the best card first, another legal card second":
         w.cards[0] == b and b in legal and o in legal and o != b}
    master = trick[master_index(trick, t)] if trick else None
    partner_master = bool(trick) and master_index(trick, t) == len(trick) - 2
    names_master = len(w.cards) > 2 and w.cards[2] == master
    pts = CARD_POINTS[t]
    if key in ("keep_master_partner", "keep_master_capot", "keep_master", "keep_master_open",
               "keep_master_risk", "keep_master_stop"):
        # keeping one rather than the other changes which card is master
        f["another plain, or a card out above the best"] = o >> 3 != b >> 3 or any(
            y >> 3 == b >> 3 and _first_beats(b, y, t) for y in out)
        f["cards of the other's plain still out"] = any(y >> 3 == o >> 3 for y in out)
    if key == "keep_master_stop":  # the other team's capot: every expedition theirs so far
        f["the other team has won every expedition so far"] = bool(v.tricks) and all(
            (x.winner - me) % 2 == 1 for x in v.tricks)
    if key == "keep_master_capot":  # the capot at play in the deals: the claim's own count
        f["the team has won every expedition so far"] = bool(v.tricks) and all(
            (x.winner - me) % 2 == 0 for x in v.tricks) and w.count == 1
    if key in ("keep_master_partner", "keep_master_capot"):
        f.update({"the partner master, unbeatable after the best": partner_master
                  and wb == partner and not _can_be_beaten(v, b, after),
                  "the other the strongest of its plain left": _strongest_left(v, o)
                  and w.plain == o >> 3,
                  "the best not": not _strongest_left(v, b), "names the master": names_master})
    elif key in ("keep_master", "keep_master_stop"):
        f.update({"following": bool(trick), "neither card master": wb != me and wo != me,
                  "the team cannot win": bool(trick) and not ours_b
                  and not _can_be_beaten(v, b, [s for s in after if s == me ^ 2]),
                  "names the master": names_master,
                  "the other the strongest of its plain left": _strongest_left(v, o)
                  and w.plain == o >> 3,
                  "the best not": not _strongest_left(v, b),
                  "the other team may win with the other": not team_sure_o})
    elif key == "keep_master_open":
        f.update({"following": bool(trick), "neither card master": wb != me and wo != me,
                  "the opponents master": bool(trick) and not partner_master,
                  "the other the strongest of its plain left": _strongest_left(v, o)
                  and w.plain == o >> 3,
                  "the best not": not _strongest_left(v, b),
                  "the other team may win with the other": not team_sure_o,
                  "the partner not known to win it": not _partner_known_to_win(v, b, after)})
    elif key == "cover":
        x = w.cards[3] if len(w.cards) > 3 else -1
        lead = trick[0] >> 3 if trick else -1
        theirs = {y for s in after if (s - me) % 2 for y in _bits(k.may[s])}
        f.update({"following, the partner master": partner_master and names_master,
                  "the threat of the led plain, an opponent after may hold it": x >> 3 == lead
                  and x in theirs,
                  "the threat beats the master after the other": _wins([*trick, o, x], t,
                                                                        len(trick) + 1),
                  "the best of the led plain, the strongest left, master": b >> 3 == lead
                  and _strongest_left(v, b) and wb == me,
                  "names the led plain": w.plain == lead})
    elif key in ("force", "force_keep"):
        s = (me + w.seat) % 4 if w.seat is not None else -1
        x = w.cards[2] if len(w.cards) > 2 else -1
        flooded = [y for y in out if _flooded(y, t)]
        f.update({"leading, a trump contract, the best dry": not trick and t < NO_TRUMPS
                  and not _flooded(b, t),
                  "the other flooded only when the sentence keeps it": _flooded(o, t) == (
                      key == "force_keep"),
                  "the seat an opponent, no card of the best's plain, may hold a flooded one":
                  s in opponents and w.plain == b >> 3
                  and not any(y >> 3 == w.plain for y in _bits(k.may[s]))
                  and any(_flooded(y, t) for y in _bits(k.may[s])),
                  "the best the strongest of its plain left": _strongest_left(v, b),
                  "the flooded cards still out, two at most": w.count == len(flooded) <= 2,
                  "the third above the other, an opponent may hold it": key == "force_keep"
                  or x >> 3 == o >> 3 and _first_beats(o, x, t)
                  and any(k.may[q] >> x & 1 for q in opponents)})
    elif key in ("keep_top_flooded", "keep_top_flooded_climb"):
        f.update({"following": bool(trick), "both flooded": _flooded(b, t) and _flooded(o, t),
                  "the plain led floods (climb) or not (intercept)": bool(trick) and (
                      _flooded(trick[0], t) == (key == "keep_top_flooded_climb")),
                  "the best master now, the other would be too": wb == me,
                  "the other the strongest flooded card left, the best not":
                  _strongest_left(v, o) and not _strongest_left(v, b)})
    elif key == "both_masters":
        f.update({"leading, a trump contract, one dry plain": not trick and t < NO_TRUMPS
                  and b >> 3 == o >> 3 == w.plain and not _floods(w.plain, t),
                  "no card of their plain out above either": not any(
                      y >> 3 == w.plain and (_first_beats(b, y, t) or _first_beats(o, y, t))
                      for y in out),
                  "an opponent may hold a flooded card": any(
                      _flooded(y, t) for s in opponents for y in _bits(k.may[s])),
                  "their points, the best's fewer": w.points == pts[b] < pts[o] == w.count})
    elif key == "both_masters_kept":
        f.update({"a trump contract, one dry plain": t < NO_TRUMPS
                  and b >> 3 == o >> 3 == w.plain and not _floods(w.plain, t),
                  "leading, or following that plain with either card master": not trick
                  or trick[0] >> 3 == w.plain and wb == me and wo == me,
                  "no card of their plain out above either": not any(
                      y >> 3 == w.plain and (_first_beats(b, y, t) or _first_beats(o, y, t))
                      for y in out),
                  "the best worth as much as the other": pts[b] >= pts[o]})
    elif key in ("cash", "cash_now"):
        plain_out = [y for y in out if y >> 3 == w.plain]
        theirs = [y for y in plain_out if any(k.may[s] >> y & 1 for s in opponents)]
        f.update({"leading (following its plain, master now), a trump contract, the best dry":
                  (not trick if key == "cash" else bool(trick) and trick[0] >> 3 == w.plain
                   and wb == me) and t < NO_TRUMPS and not _flooded(b, t)
                  and w.plain == b >> 3,
                  "the other dry": not _flooded(o, t),
                  "no card of its plain out above the best": not any(
                      _first_beats(b, y, t) for y in plain_out),
                  "the count of its plain's cards an opponent may hold, one to three (four "
                  "following)": w.count == len(theirs) and 1 <= len(theirs) <= (4 if trick else 3),
                  **_cash_common(v, w, o, opponents, k)})
    elif key == "climb_draw":
        x, h = w.cards[2], w.cards[3]
        over_h = [y for y in out if y >> 3 == h >> 3 and _first_beats(h, y, t)]
        f.update({"leading where every follower must climb (all-trumps, or the flooded plain)":
                  not trick and (t == ALL_TRUMPS or t < NO_TRUMPS and b >> 3 == t)
                  and w.plain == b >> 3,
                  "the kept card the seat's, of the plain, above the best":
                  v.hand >> h & 1 == 1 and h >> 3 == b >> 3 and _first_beats(b, h, t),
                  "the drawn card out, the strongest of the plain out, above the kept one":
                  x in over_h and not any(_first_beats(x, y, t) for y in out
                                          if y >> 3 == x >> 3),
                  "one or two cards out above the kept one": w.count == len(over_h) in (1, 2),
                  "no card out between the best and the kept one": not any(
                      _first_beats(b, y, t) and _first_beats(y, h, t) for y in out
                      if y >> 3 == b >> 3),
                  "an opponent may hold the drawn card": any(k.may[s] >> x & 1
                                                            for s in opponents),
                  "a card out above the other, of its plain": any(
                      y >> 3 == o >> 3 and _first_beats(o, y, t) for y in out)})
    elif key in ("cut_other", "cut_other_known"):
        named = (me + (w.seat or 0)) % 4

        def failed(plain: int) -> bool:  # the seat named did not follow ``plain`` once
            return any(x.cards[0] >> 3 == plain and any(
                (x.leader + v.ruleset.direction * i) % 4 == named and c >> 3 != plain
                for i, c in enumerate(x.cards)) for x in v.tricks)

        f.update({"leading, a trump contract, the other's plain dry and not the best's":
                  not trick and t < NO_TRUMPS and w.alt_plain == o >> 3 != t
                  and o >> 3 != b >> 3,
                  "the seat named an opponent who did not follow the other's plain":
                  w.seat in (1, 3) and failed(o >> 3),
                  "he may hold a flooded card": any(_flooded(y, t) for y in _bits(k.may[named])),
                  "the best flooded, or he followed its plain so far":
                  _flooded(b, t) or not failed(b >> 3), "one card at most above the other": sum(
                      any(y in _bits(k.may[s]) for s in opponents) for y in _out(v)
                      if y >> 3 == o >> 3 and _first_beats(o, y, t)) <= 1})
        if key == "cut_other_known":
            f["he surely holds the named flooded card"] = _shown_holds(v, named, w, t, out)
    elif key in ("partner_cut", "partner_cut_known"):
        showed = any(
            x.cards[0] >> 3 == w.plain and any(
                (x.leader + v.ruleset.direction * i) % 4 == partner and c >> 3 != w.plain
                for i, c in enumerate(x.cards))
            for x in v.tricks)
        f.update({"leading, a trump contract, the best's plain dry, the other's another":
                  not trick and t < NO_TRUMPS and w.plain == b >> 3 != t and o >> 3 != b >> 3,
                  "the partner did not follow that plain in an expedition": showed,
                  "the partner may hold a flooded card, and still has cards": any(
                      _flooded(y, t) for y in _bits(k.may[partner])),
                  "a card of that plain out above the best": any(
                      y >> 3 == w.plain and _first_beats(b, y, t) for y in out)})
        if key == "partner_cut_known":
            f["the partner surely holds the named flooded card"] = _shown_holds(
                v, partner, w, t, out)
    elif key == "cash_first":
        plain_out = [y for y in out if y >> 3 == w.plain]
        theirs = [y for y in plain_out if any(k.may[s] >> y & 1 for s in opponents)]
        f.update({"leading, a trump contract, the best dry, the other of another plain":
                  not trick and t < NO_TRUMPS and not _flooded(b, t) and w.plain == b >> 3
                  and o >> 3 != b >> 3,
                  "no card of its plain played yet": not any(
                      y >> 3 == w.plain for y in _bits(v.played)),
                  "no card of its plain out above the best": not any(
                      _first_beats(b, y, t) for y in plain_out),
                  "the count of its plain's cards an opponent may hold, one to four":
                  w.count == len(theirs) and 1 <= len(theirs) <= 4,
                  **_cash_common(v, w, o, opponents, k)})
    elif key in ("sure_set", "sure_made"):
        known = not v.ruleset.announcements or v.announcement_result is not None
        f["the team wins this expedition with the best whatever the others hold"] = (
            ours_b and not _can_be_beaten(v, b, after))
        f["the announcements known"] = known
        if known and ours_b and not _can_be_beaten(v, b, after):
            ours, theirs, settled = _their_best_case(v, b)
            f["settled as said in the other team's best case, by the engine's score"] = (
                settled == key.removeprefix("sure_"))
            f["the counts said"] = w.points == ours and w.count == theirs
        if (wo - me) % 2 == 0 and not _can_be_beaten(v, o, after) and known:
            f["not settled with the other"] = _their_best_case(v, o)[2] is None
        if known:  # "not yet sure": nor settled already, whatever is played
            f["not settled already"] = _their_best_case(v, None)[2] is None
    elif key == "capot_stop":
        partner_after = [s for s in after if s == partner]
        f.update({"following": bool(trick),
                  "the other team has won every expedition so far": bool(v.tricks) and all(
                      (x.winner - me) % 2 == 1 for x in v.tricks),
                  "the team master with the best": ours_b,
                  "the opponents master with the other, the partner cannot beat them":
                  (wo - me) % 2 == 1 and not _can_be_beaten(v, o, partner_after)})
    elif key == "capot":
        partner_after = [s for s in after if s == partner]
        f.update({"following": bool(trick),
                  "the team has won every expedition so far": bool(v.tricks) and all(
                      (x.winner - me) % 2 == 0 for x in v.tricks) and w.count == 1,
                  "the team master with the best": ours_b,
                  "the opponents master with the other, the partner cannot beat them":
                  (wo - me) % 2 == 1 and not _can_be_beaten(v, o, partner_after)})
    elif key == "keep_cut":
        p = w.alt_plain if w.alt_plain is not None else -1
        theirs = {y for s in opponents for y in _bits(k.may[s])}
        f.update({"leading": not trick, "the other flooded": _flooded(o, t),
                  "the best dry, the strongest of its plain left": t < NO_TRUMPS
                  and not _flooded(b, t) and _strongest_left(v, b) and w.plain == b >> 3,
                  "a lone card of a plain that does not flood, an opponent may hold one":
                  0 <= p < 4 and not _floods(p, t) and p != b >> 3
                  and sum(1 for y in _bits(v.hand) if y >> 3 == p) == 1
                  and any(y >> 3 == p for y in theirs)})
    elif key == "take_top":
        lead = trick[0] >> 3 if trick else -1
        f.update({"the opponents master, named": bool(trick) and not partner_master
                  and names_master,
                  "the best master, not the other": wb == me and wo != me,
                  "the best of the led plain, the strongest left": b >> 3 == lead
                  and _strongest_left(v, b) and w.plain == lead})
    elif key == "partner_holds":
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({"following": bool(trick), "neither card master": wb != me and wo != me,
                  "the partner surely holds the named card, and it wins after either card":
                  x in _partner_sure_cards(v, b, after) and x in _partner_sure_cards(v, o, after)})
    elif key == "keep_snake":
        p = o >> 3
        f.update({"the other a water snake of a plain that floods, its crocodile out":
                  len(w.cards) == 3 and o == card(p, WATER_SNAKE) and _floods(p, t)
                  and w.cards[2] == card(p, CROCODILE) and w.cards[2] in out,
                  "the other team may win with the other": not team_sure_o})
    elif key in ("keep_next", "keep_next_lost"):
        x = w.cards[2] if len(w.cards) > 2 else -1
        above = [y for y in _unplayed(v) if y != o and y >> 3 == o >> 3
                 and _first_beats(o, y, t)]
        f.update({"the one unplayed card of the other's plain above it, still out":
                  above == [x] and x in out and w.plain == o >> 3,
                  "the best not above the other in its plain": not (
                      b >> 3 == o >> 3 and _first_beats(o, b, t)),
                  "the other team may win with the other": not team_sure_o})
        if key == "keep_next_lost":  # following, an opponent's card master, neither beats it
            f["neither takes it now, an opponent's card master"] = bool(trick) and not (
                partner_master) and wb != me and wo != me
            f["the points fewer said"] = w.points == pts[o] - pts[b] > 0
    elif key == "capot_lead_master":
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({"leading, the capot alive, four expeditions over or the result settled":
                  _capot_stake(v, w),
                  "no card of the best's plain out above it, the plain named":
                  w.plain == b >> 3 and not any(
                      y >> 3 == b >> 3 and _first_beats(b, y, t) for y in out),
                  "the named card above the other, an opponent may hold it":
                  x >> 3 == o >> 3 and _first_beats(o, x, t)
                  and any(x in _bits(k.may[s]) for s in opponents),
                  "the other team may win with the other": not team_sure_o})
    elif key == "capot_lead_team":
        last = after[after.index(partner) + 1:] if partner in after else []
        cuts = [y for y in _bits(k.may[partner]) if _first_beats(b, y, t)]
        f.update({"leading, the capot alive, four expeditions over or the result settled":
                  _capot_stake(v, w),
                  "no opponent may beat the best": not _can_be_beaten(
                      v, b, [s for s in after if s != partner]),
                  "the partner may take it over, no opponent after him beats his card":
                  bool(cuts) and not any(_wins([b, y, z], t, 2) for y in cuts for s in last
                                         for z in _bits(k.may[s])),
                  "an opponent may beat the other": any(
                      _first_beats(o, z, t) for s in opponents for z in _bits(k.may[s]))})
    elif key in ("win", "win_points", "last", "capot_lead"):
        if key == "capot_lead":
            f["leading, the capot alive, four expeditions over or the result settled"] = (
                _capot_stake(v, w))
        f.update({"the best wins whatever the others hold": wb == me
                  and not _can_be_beaten(v, b, after),
                  "the other team may win with the other": not team_sure_o})
        if key == "win_points":
            f["the expedition's points"] = w.points == sum(pts[x] for x in trick) + pts[b] > 0
        if key == "last":
            f["the seventh expedition, the last two cards"] = (
                len(v.tricks) == 6 and sorted(_bits(v.hand)) == sorted((b, o)))
            f["the other then wins the last"] = not any(
                _first_beats(o, y, t) for y in out)
            f["the points of the last"] = w.points == _last_points(v)
    elif key == "last_keep":
        x = w.cards[2] if len(w.cards) > 2 else -1
        f.update({"leading, the seventh expedition, the last two cards": not trick
                  and len(v.tricks) == 6 and sorted(_bits(v.hand)) == sorted((b, o)),
                  "the other then wins the last": not any(_first_beats(o, y, t) for y in out),
                  "the named card out, above the best, an opponent may hold it":
                  x in out and x >> 3 == b >> 3 and _first_beats(b, x, t)
                  and any(x in _bits(k.may[s]) for s in opponents),
                  "the points of the last": w.points == _last_points(v)})
    elif key == "bank":
        f.update({"following": bool(trick),
                  "the best wins whatever the others hold": wb == me
                  and not _can_be_beaten(v, b, after),
                  "the team wins with the other too": (wo - me) % 2 == 0
                  and not _can_be_beaten(v, o, after),
                  "the best's points, more than the other's": w.points == pts[b] > pts[o]})
    elif key == "win_more":
        f.update({"both win whatever the others hold": wb == me and wo == me
                  and not _can_be_beaten(v, b, after) and not _can_be_beaten(v, o, after),
                  "points more": w.points == w.count == pts[b] - pts[o] > 0})
    elif key == "no_overtake":
        f.update({"the partner master": partner_master and names_master,
                  "the other would beat the partner, the best not": wo == me
                  and wb == partner})
    elif key in ("no_flooded", "no_flooded_left"):
        f.update({"leading": not trick, "the other flooded": _flooded(o, t),
                  "the best dry": t < NO_TRUMPS and not _flooded(b, t)})
        if key == "no_flooded":
            f["no flooded card with the opponents"] = not any(
                _flooded(y, t) for s in opponents for y in _bits(k.may[s]))
            f["flooded cards out, only with the partner"] = bool(flooded_out) and all(
                (s == partner) == any(y in flooded_out for y in _bits(k.may[s]))
                for s in range(4) if s != me)
        else:
            f["no flooded card out"] = not flooded_out
    elif key.startswith("opp_void"):
        p = b >> 3
        void = {y for y in range(32) if y >> 3 == p}
        if key == "opp_void_dry":
            void |= {y for y in range(32) if _flooded(y, t)}
        f.update({"leading": not trick, "the best card's plain": w.plain == p,
                  "neither opponent may hold one": not any(
                      y in void for s in opponents for y in _bits(k.may[s])),
                  "the other of another plain": o >> 3 != p,
                  "the other team may win with the other": not team_sure_o})
        if key == "opp_void":
            f["nothing intercepts"] = t >= NO_TRUMPS
        elif key == "opp_void_dry":
            f["a dry plain of a trump contract"] = t < NO_TRUMPS and p != t
        else:
            f["the flooded plain"] = t < NO_TRUMPS and p == t
        if key != "opp_void_flooded":
            alive = bool(v.tricks) and all((x.winner - me) % 2 == 0 for x in v.tricks)
            f["the capot said as it is"] = w.count == (1 if alive else 0)
    elif key in ("draw", "draw_with"):
        f.update({"leading": not trick, "the best flooded": _flooded(b, t),
                  "the other dry": t < NO_TRUMPS and not _flooded(o, t),
                  "the count of flooded cards out": w.count == len(flooded_out) > 0})
        holders = [s for s in range(4) if s != me
                   and any(y in flooded_out for y in _bits(k.may[s]))]
        if key == "draw":
            f["an opponent may hold one"] = any(s in opponents for s in holders)
        else:
            f["all with the named opponent"] = (w.seat is not None and w.seat % 2 == 1
                                                and holders == [(me + w.seat) % 4])
    elif key in ("give_sure", "save"):
        f.update({"the partner master, unbeatable after the best": partner_master
                  and wb == partner and not _can_be_beaten(v, b, after),
                  "names the master": names_master})
        if key == "give_sure":
            f["the best's points, more than the other's"] = w.points == pts[b] > pts[o]
        else:
            f["the other would beat the partner"] = wo == me
    elif key == "keep_belot":
        def loses(c: int) -> bool:  # discarded now, c loses the belot it makes in the hand
            pair = [card(c >> 3, ELEPHANT), card(c >> 3, RHINOCEROS)]
            return (v.ruleset.belot_condition is BelotCondition.FIRST_CARD
                    and v.contract is not None and c in pair and all(v.hand >> y & 1 for y in pair)
                    and c >> 3 in v.contract.belot_plains and bool(trick)
                    and c >> 3 != trick[0] >> 3 and c >> 3 != t)
        f.update({"the other would lose its belot, its mate named": loses(o)
                  and len(w.cards) == 3 and w.cards[2] != o and w.cards[2] >> 3 == o >> 3
                  and loses(w.cards[2]) and w.plain == o >> 3,
                  "the best loses none": not loses(b)})
    elif key == "bank_cut":
        s = (me + w.seat) % 4 if w.seat is not None else -1
        void = [y for y in range(32) if y >> 3 == b >> 3]
        f.update({"following, the partner master, unbeatable after the best": bool(trick)
                  and partner_master and wb == partner and not _can_be_beaten(v, b, after),
                  "names the master": names_master,
                  "two dry cards of two plains, each the strongest of its plain left":
                  t < NO_TRUMPS and b >> 3 != o >> 3 and t not in (b >> 3, o >> 3)
                  and _strongest_left(v, b) and _strongest_left(v, o) and w.plain == b >> 3,
                  "the seat named, an opponent, has no card of the best's plain, may cut":
                  s in opponents and v.hand_sizes[s] > 0
                  and not any(y in _bits(k.may[s]) for y in void)
                  and any(_flooded(y, t) for y in _bits(k.may[s])),
                  "no opponent shown void in the other's plain, which they may still hold":
                  all(any(y >> 3 == o >> 3 for y in _bits(k.may[x])) for x in opponents)})
    elif key == "give":
        f.update({"the partner master": partner_master, "names the master": names_master,
                  "the best's points, more than the other's": w.points == pts[b] > pts[o],
                  "neither card master": wb != me and wo != me})
    elif key == "enough":
        f.update({"the partner master, unbeatable after the best": partner_master
                  and wb == partner and not _can_be_beaten(v, b, after),
                  "names the master": names_master, "the other worth as much or more":
                  pts[o] >= pts[b], "the other not master": wo != me,
                  "the other kept can win later: it floods, or nothing unplayed is above it":
                  _flooded(o, t) or not any(_first_beats(o, y, t) for y in _unplayed(v)
                                            if y >> 3 == o >> 3)})
    elif key in ("lead_cheap", "lead_under"):
        if key == "lead_under":
            x = w.cards[2] if len(w.cards) > 2 else -1
            f["the third card out, above the other led, an opponent may hold it"] = (
                x in out and x >> 3 == o >> 3 and _first_beats(o, x, t)
                and any(x in _bits(k.may[s]) for s in (v.seat ^ 1, v.seat ^ 3)))
        f.update({"leading": not trick,
                  "neither sure to win": _can_be_beaten(v, b, after)
                  and (wo != me or _can_be_beaten(v, o, after)),
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0})
    elif key == "enough_self":
        f.update({"the best wins for sure": wb == me and not _can_be_beaten(v, b, after),
                  "the other would win for sure too": wo == me
                  and not _can_be_beaten(v, o, after),
                  "the other of the best's plain, above it": o >> 3 == b >> 3
                  and _first_beats(b, o, t)})
    elif key == "defend_no_flooded":
        f.update({"leading": not trick, "the other flooded": _flooded(o, t),
                  "the best dry": t < NO_TRUMPS and not _flooded(b, t),
                  "the other team took": v.taker is not None and (v.taker - me) % 2 == 1,
                  "the partner may hold a flooded card still out": any(
                      y in flooded_out for y in _bits(k.may[partner]))})
    elif key == "no_single":
        hand = _bits(v.hand)
        f.update({"leading": not trick,
                  "the other the only card of its plain": not _same_plain(o, hand)
                  and w.plain == o >> 3,
                  "no flooded card in hand": t < NO_TRUMPS
                  and not any(_flooded(x, t) for x in hand),
                  "the best's plain and its count, three or more": w.alt_plain == b >> 3
                  and w.count == 1 + len(_same_plain(b, hand)) >= 3})
    elif key == "lead_single":
        hand = _bits(v.hand)
        f.update({"leading": not trick, "the best's plain": w.plain == b >> 3,
                  "the best the only card of its plain": not _same_plain(b, hand),
                  "the other not the only one of its plain": bool(_same_plain(o, hand)),
                  "a flooded card in hand, the best dry": t < NO_TRUMPS
                  and any(_flooded(x, t) for x in hand) and not _flooded(b, t)})
    elif key in ("risk_less", "keep_master_risk"):
        seat = None if w.seat is None else (me + w.seat) % 4
        f.update({"the partner master": partner_master, "names the master": names_master,
                  "the named opponent plays after and may beat it": seat in after
                  and seat in opponents and _can_be_beaten(v, b, [seat]),
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0,
                  "neither card master": wb != me and wo != me})
        if key == "keep_master_risk":  # and the other kept as its plain's master
            f.update({"the other the strongest of its plain left": _strongest_left(v, o)
                      and w.plain == o >> 3, "the best not": not _strongest_left(v, b)})
    elif key == "unblock":
        p = w.plain
        f.update({"the partner led the plain, master": partner_master and len(trick) == 2
                  and p is not None and trick[0] >> 3 == p and p != t and t != ALL_TRUMPS,
                  "the best and the other the only two of it, the best higher":
                  p is not None and sorted(y for y in _bits(v.hand) if y >> 3 == p)
                  == sorted((b, o)) and _first_beats(o, b, t),
                  "the best not master": wb != me,
                  "a card of the partner's shown run that only the best would stop": any(
                      _first_beats(y, b, t) and not any(
                          _first_beats(y, z, t) for z in _unplayed(v) if z >> 3 == y >> 3
                          and z != b and z not in _bits(k.must[partner]))
                      for y in _bits(k.must[partner]) if p is not None and y >> 3 == p
                      and y not in trick)})
    elif key == "guard":
        f["four cards"] = len(w.cards) == 4
        if len(w.cards) == 4:
            g, h = w.cards[2], w.cards[3]
            p = o >> 3
            f.update({
                "neither card master": bool(trick) and wb != me and wo != me,
                "the other and the guarded the only two of their plain":
                    sorted(y for y in _bits(v.hand) if y >> 3 == p) == sorted((o, g)),
                "the guarded above the other, dry, 4 points or more":
                    g >> 3 == p and _first_beats(o, g, t) and pts[g] >= 4
                    and not _flooded(g, t) and t != ALL_TRUMPS,
                "a card above the guarded still out": h in out and h >> 3 == p
                    and _first_beats(g, h, t),
                "the best of another plain": b >> 3 != p, "names the plain": w.plain == p})
    elif key in ("intercept", "beat"):
        f.update({"the opponents master": bool(trick) and not partner_master,
                  "the best master, not the other": wb == me and wo != me,
                  "names the master": names_master})
        if key == "beat":
            f["no opponent after can beat the best"] = not _can_be_beaten(
                v, b, [s for s in after if (s - v.seat) % 2])
        if key == "intercept":
            f["a flooded card on a dry lead"] = _flooded(b, t) and trick[0] >> 3 != t
            f["the expedition's points"] = w.points == sum(pts[x] for x in trick) + pts[b] > 0
    elif key in ("cheaper", "give_less", "give_less_keep"):
        f.update({"the opponents master": bool(trick) and not partner_master,
                  "neither card master": wb != me and wo != me, "names the master": names_master,
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0})
        if key == "give_less_keep":  # and the other kept, one card out above it
            x = w.cards[3] if len(w.cards) > 3 else -1
            above = [y for y in _unplayed(v) if y != o and y >> 3 == o >> 3
                     and _first_beats(o, y, t)]
            f["the one unplayed card of the other's plain above it, still out"] = (
                above == [x] and x in out and w.plain == o >> 3)
            f["the best not above the other in its plain"] = not (
                b >> 3 == o >> 3 and _first_beats(o, b, t))
        if key in ("give_less", "give_less_keep"):
            f["nobody after can beat the opponents"] = (not ours_b
                                                       and not _can_be_beaten(v, b, after))
    elif key == "climb_high":  # the count: truth_relevance (the opponents still to play)
        f.update({"the opponents master": bool(trick) and not partner_master,
                  "both cards master": wb == me and wo == me, "names the master": names_master})
    elif key in ("climb_cheap", "climb_partner"):
        x = w.cards[3] if len(w.cards) > 3 else -1
        f.update({"whose card is master": bool(trick) and partner_master == (
                      key == "climb_partner"),
                  "both cards master": wb == me and wo == me, "names the master": names_master,
                  "the fourth card out beats both, a seat after may hold it":
                      x in out and _wins([*trick, b, x], t, len(trick) + 1)
                      and _wins([*trick, o, x], t, len(trick) + 1)
                      and any(x in _bits(k.may[s]) for s in after),
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0})
    elif key == "lead_master":
        f.update({"leading": not trick, "neither flooded": not _flooded(b, t)
                  and not _flooded(o, t), "the best's plain": w.plain == b >> 3,
                  "no card out of its plain above the best": not any(
                      _first_beats(b, y, t) for y in out if y >> 3 == b >> 3),
                  "the named card out, above the other": len(w.cards) > 2
                  and w.cards[2] in out and w.cards[2] >> 3 == o >> 3
                  and _first_beats(o, w.cards[2], t),
                  "an opponent may hold the named card": len(w.cards) > 2
                  and any(w.cards[2] in _bits(k.may[s]) for s in opponents),
                  "the count of the other's plain still out above it, the named the top":
                  len(w.cards) > 2 and w.count == len(above_o := [
                      y for y in out if y >> 3 == o >> 3 and _first_beats(o, y, t)])
                  and all(_first_beats(y, w.cards[2], t) or y == w.cards[2]
                          for y in above_o)})
    elif key in LEAD_KEYS:
        f.update(lead_facts(v, b, o, w, k))
    else:
        f["known key"] = False
    return f
