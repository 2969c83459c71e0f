"""Every sentence the explainer says is true in the seat's view: a property check over
decisions of fast heuristic self-play (with random bids and some random cards, so that
round 2, no trumps, all trumps, doubles and odd cards come up).

Run: ``python -m bench.bench_explain_truth [decisions per ruleset] [seed]`` (10,000 by
default, every ruleset; ``python -m bench explain_truth`` runs the same).  At each decision
every legal card, bid or call is explained (``explain.explain_action``: the review and a
contrastive reason may show any of them), and each sentence's facts are recomputed here,
from the view, without the explainer's helpers (the cards still out, the master card by
``rules.tricks.master_index``, points by ``rules.cards.CARD_POINTS``...), in both languages.
``tests/test_ai_explain_truth.py`` runs a smaller count with a fixed seed.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from beloz.ai import concepts, review
from beloz.ai.base import view_key
from beloz.ai.explain import explain_action, sentence
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.view import infer
from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    CROCODILE,
    ELEPHANT,
    LEOPARD,
    LION,
    NO_TRUMPS,
    RHINOCEROS,
    WATER_SNAKE,
    card,
)
from beloz.rules.ruleset import RULESETS, Bidding, Ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_TRUMPS_CALL,
    PASS,
    REDOUBLE,
    TAKE,
    HandState,
    Phase,
    SeatView,
    auction,
    name_action,
)
from beloz.rules.tricks import master_index
from bench.truth_relevance import relevance_facts

DECISIONS = 10_000


def decisions(ruleset: Ruleset, n: int, seed: int) -> Iterator[SeatView]:
    """``n`` views of the seat to act, from hands of heuristic self-play: a third of the
    bids and a fifth of the cards chosen at random among the legal ones."""
    rng = random.Random(seed)
    player = HeuristicPlayer()
    done = 0
    while done < n:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), ruleset)
        while not st.is_terminal() and done < n:
            v = st.view(st.current)
            yield v
            done += 1
            legal = v.legal_actions()
            bidding = st.phase is Phase.BIDDING
            if rng.random() < (0.35 if bidding else 0.2):
                a = rng.choice(legal)
            else:
                a = player.bid(v) if bidding else player.play(v)
            st.apply(a)


# -- the facts, recomputed from the view --------------------------------------------------------


def _bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _out(v: SeatView) -> list[int]:
    played = {c for t in v.tricks for c in t.cards} | set(v.trick)
    return [c for c in range(32) if c not in played and not v.hand >> c & 1]


def _unplayed(v: SeatView) -> list[int]:
    played = {c for t in v.tricks for c in t.cards} | set(v.trick)
    return [c for c in range(32) if c not in played]


def _pts(v: SeatView, c: int) -> int:
    assert v.trump is not None
    return CARD_POINTS[v.trump][c]


def _wins(trick: list[int], trump: int, pos: int) -> bool:
    return master_index(trick, trump) == pos


def _first_beats(a: int, b: int, trump: int) -> bool:
    """Led ``a`` and followed by ``b``: ``b`` is master."""
    return _wins([a, b], trump, 1)


def _flooded(c: int, trump: int) -> bool:
    return trump < NO_TRUMPS and c >> 3 == trump


def _floods(plain: int, trump: int) -> bool:
    return trump == plain or trump == ALL_TRUMPS


def _after(v: SeatView, a: int) -> bool:
    """``a`` played now is the master card."""
    assert v.trump is not None
    return _wins([*v.trick, a], v.trump, len(v.trick))


def _master(v: SeatView) -> int:
    assert v.trump is not None
    return v.trick[master_index(v.trick, v.trump)]


def _partner_master(v: SeatView) -> bool:
    assert v.trump is not None
    return bool(v.trick) and master_index(v.trick, v.trump) == len(v.trick) - 2


def _opponents_master(v: SeatView) -> bool:
    return bool(v.trick) and not _partner_master(v)


def _same_plain(c: int, cards: list[int]) -> list[int]:
    return [x for x in cards if x >> 3 == c >> 3 and x != c]


def _card_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    """What the sentence of ``w.key`` states about card ``a``, each fact checked."""
    assert v.trump is not None
    t, trick, legal, out = v.trump, list(v.trick), v.legal_actions(), _out(v)
    hand = _bits(v.hand)
    first = bool(w.cards) and w.cards[0] == a
    key = w.key
    on_table = sum(_pts(v, x) for x in trick) + _pts(v, a)
    beaten_by_out = [y for y in out if _wins([*trick, a, y], t, len(trick) + 1)]
    stronger_of_plain_held = [x for x in _same_plain(a, hand) if _first_beats(a, x, t)]
    stronger_of_plain_out = [x for x in _same_plain(a, out) if _first_beats(a, x, t)]
    flooded_out = [y for y in out if _flooded(y, t)]
    if key == "only":
        return {"one legal card": legal == [a]}
    if key == "play":
        return {"legal": a in legal, "its card": first}
    if key in ("draw", "draw_one", "lead_flooded"):
        f = {"leading": not trick, "a flooded card": _flooded(a, t),
             "flooded cards out": bool(flooded_out)}
        if key == "draw":
            f["listed: held flooded cards no card out beats, the card among them"] = (
                a in w.cards and len(w.cards) > 1 and w.count == len(w.cards) and all(
                    x in hand and _flooded(x, t)
                    and not any(_first_beats(x, y, t) for y in flooded_out) for x in w.cards))
        if key == "draw_one":
            f["the strongest flooded card left"] = first and not any(
                _first_beats(a, y, t) for y in _unplayed(v) if _flooded(y, t) and y != a)
        if key == "lead_flooded":
            f["its card"] = first
        return f
    if key == "master":
        return {"its card and plain": first and w.plain == a >> 3, "legal": a in legal,
                "master now": _after(v, a),
                "nothing still to play can beat it": len(trick) == 3 or not beaten_by_out}
    if key == "master_unless":
        return {"its card and plain": first and w.plain == a >> 3, "legal": a in legal,
                "master now": _after(v, a), "a dry card": t < NO_TRUMPS and a >> 3 != t,
                "no card of its plain out above it": not stronger_of_plain_out,
                "a flooded card out, a seat still to play": bool(flooded_out) and len(trick) < 3}
    if key == "climb":
        return {"following": bool(trick), "its card": first, "legal": a in legal,
                "beats the master card": _after(v, a) and w.cards[1] == _master(v),
                "the named card is out and above it": len(w.cards) > 2
                and w.cards[2] in stronger_of_plain_out}
    if key in ("keep_snake", "keep_snake_plain"):
        ok = len(w.cards) == 3
        if ok:
            snake, croc = w.cards[1], w.cards[2]
            p = snake >> 3
            ok = (snake == card(p, WATER_SNAKE) and croc == card(p, CROCODILE) and snake != a
                  and snake in hand and croc in out and _floods(p, t))
        return {"its card": first, "legal": a in legal,
                "a flooded water snake kept, its crocodile out": ok,
                "the plain named or not as it should": (key == "keep_snake") == (t < NO_TRUMPS)}
    if key.startswith("lead"):
        f = {"leading": not trick, "its card and plain": first and w.plain == a >> 3,
             "legal": a in legal}
        if key == "lead":
            f["a stronger card of its plain in hand"] = bool(stronger_of_plain_held)
        elif key == "lead_small":
            f["no points"] = _pts(v, a) == 0
        elif key == "lead_single":
            f["its only card of the plain"] = not _same_plain(a, hand)
        elif key == "lead_top":
            f["no stronger card of its plain in hand"] = not stronger_of_plain_held
            f["the named card is out and above it"] = (len(w.cards) > 1
                                                      and w.cards[1] in stronger_of_plain_out)
        else:
            f["known key"] = False
        return f
    if key.startswith("partner_"):
        f = {"the partner master": _partner_master(v), "its card": first, "legal": a in legal}
        if key == "partner_over":
            f["beats the partner's card"] = _after(v, a) and w.cards[1] == _master(v)
        else:
            f["the partner stays master"] = not _after(v, a)
        if key == "partner_points":
            f["its points"] = w.points == _pts(v, a) > 0
        if key == "partner_small":
            f["a card worth more in hand"] = any(_pts(v, x) > _pts(v, a) for x in hand if x != a)
        return f
    if "intercept" in key:
        over = key.startswith("over")
        f = {"the opponents master": _opponents_master(v), "its card": first,
             "legal": a in legal, "a dry plain led": t < NO_TRUMPS and trick[0] >> 3 != t,
             "a flooded card": _flooded(a, t), "beats the master card": _after(v, a),
             "the master card flooded or not": _flooded(_master(v), t) == over}
        if key.endswith("_bare"):
            f["names the master card"] = w.cards[1] == _master(v)
            f["no points in the expedition"] = on_table == 0
        else:
            f["the expedition's points"] = w.points == on_table > 0
        return f
    if key in ("give_nothing", "give_least", "under"):
        f = {"the opponents master": _opponents_master(v), "its card": first,
             "legal": a in legal, "does not beat it": not _after(v, a)}
        if key == "give_nothing":
            f["no points"] = _pts(v, a) == 0
        if key == "give_least":
            f["its points"] = w.points == _pts(v, a) > 0
            f["no legal card worth less"] = _pts(v, a) == min(_pts(v, x) for x in legal)
        if key == "under":
            f["names the master card"] = w.cards[1] == _master(v)
        return f
    return {"known key": False}


_STRONG = (CROCODILE, WATER_SNAKE, LION)

_round_two: dict[str, int] = {}


def round_two_best(v: SeatView) -> int:
    """The best bid of the round-2 hint (``review.bid_estimates``, every legal bid valued as
    the hint values them) at the seat's turn of round 2, every seat passing until then, from
    its view at its turn of round 1."""
    later = dataclasses.replace(v, bids=(*v.bids, PASS, PASS, PASS, PASS))
    key = view_key(later)
    if key not in _round_two:
        values, _ = review.bid_estimates(later)
        _round_two[key] = max(values, key=values.__getitem__)
    return _round_two[key]


def _plain_facts(cards: list[int], plain: int, w: Why) -> dict[str, bool]:
    mine = [c for c in cards if c >> 3 == plain]
    strong = {card(plain, n) for n in _STRONG} & set(mine)
    return {"the count": w.count == len(mine),
            "the listed crocodile, water snake and lion": set(w.cards) == strong
            and len(w.cards) == len(strong)}


def _bid_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    legal = v.legal_actions()
    would = _bits(v.hand) + [v.turned]  # the taker receives the turned card (§3.8)
    round_one = len(v.bids) < 4
    names = [p for p in range(4) if name_action(p) in legal]
    f = {"legal": a in legal}
    key = w.key
    if key in ("take", "take_none", "pass", "pass_none"):
        f["round 1, the turned plain"] = round_one and w.plain == v.turned >> 3
        f["the action"] = a == (TAKE if key.startswith("take") else PASS)
    elif key in ("name", "name_none"):
        f["the named plain"] = w.plain is not None and a == name_action(w.plain)
    elif key == "pass_name":
        f["round 2, a pass"] = not round_one and a == PASS

        def strength(p: int) -> tuple[int, int]:
            mine = [c for c in would if c >> 3 == p]
            n = len({card(p, x) for x in _STRONG} & set(mine))
            return n, sum(CARD_POINTS[p][c] for c in mine)

        f["the strongest plain that may be named"] = w.plain in names and all(
            strength(p) <= strength(w.plain) for p in names)
    elif key == "pass_keep":
        # "You may still name it in round 2, and a taker now must face these in your hand":
        # the turned plain may be named again (RULES.md §3.6: not in classique); the cards
        # listed are the hand's own, at least two (the turned card goes to the taker).
        hand = _bits(v.hand)
        strong = {card(v.turned >> 3, n) for n in _STRONG} & set(hand)
        return {**f, "round 1, a pass": round_one and a == PASS,
                "the turned plain": w.plain == v.turned >> 3,
                "round 2 may name the turned plain": not v.ruleset.second_round_excludes_turned,
                "the round-2 hint names the turned plain":
                    round_two_best(v) == name_action(v.turned >> 3),
                "the listed cards are the hand's crocodile, water snake and lion, two or more":
                    set(w.cards) == strong and len(w.cards) == len(strong) >= 2}
    elif key == "pass_name_none":
        return {**f, "round 2, a pass": not round_one and a == PASS,
                "no plain that may be named has a crocodile, water snake or lion": not any(
                    c >> 3 in names and c & 7 in (n - 1 for n in _STRONG) for c in would)}
    else:
        return {"known key": False}
    assert w.plain is not None
    return {**f, **_plain_facts(would, w.plain, w)}


_CARRE = {CROCODILE: 200, WATER_SNAKE: 150, LION: 100, LEOPARD: 100, ELEPHANT: 100,
          RHINOCEROS: 100}


_SEQUENCE = {3: 20, 4: 50}


def _makers(hand: list[int], order: int) -> set[int]:
    if order == NO_TRUMPS:
        return {c for c in hand if (c & 7) + 1 in (LION, LEOPARD)}
    if order == ALL_TRUMPS:
        return {c for c in hand if (c & 7) + 1 in (CROCODILE, WATER_SNAKE)}
    return {c for c in hand if c >> 3 == order and (c & 7) + 1 in _STRONG}


def _call_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    legal, hand = v.legal_actions(), _bits(v.hand)
    standing = auction(v.ruleset, v.bids, v.dealer)
    ours = standing.bidder is not None and (standing.bidder - v.seat) % 2 == 0
    theirs = standing.bidder is not None and not ours
    f = {"legal": a in legal}
    key = w.key.removeprefix("call.")
    plain_call = w.plain is not None and a == name_action(w.plain)
    if key in ("carre", "at_carre"):
        n = (w.cards[0] & 7) + 1 if w.cards else 0
        f["the call"] = plain_call if key == "carre" else a == ALL_TRUMPS_CALL
        f["a carré in hand, its points"] = (
            sorted(w.cards) == [card(p, n) for p in range(4)] and set(w.cards) <= set(hand)
            and w.points == _CARRE.get(n))
    elif key == "belot":
        f["the call"] = plain_call
        f["its elephant and rhinoceros in hand, their points"] = w.plain is not None and (
            {card(w.plain, ELEPHANT), card(w.plain, RHINOCEROS)} == set(w.cards)
            and set(w.cards) <= set(hand) and w.points == v.ruleset.beloz_points)
    elif key in ("sequence", "at_sequence"):
        cards = sorted(w.cards)
        f["the call"] = plain_call if key == "sequence" else a == ALL_TRUMPS_CALL
        f["a run of one plain in hand, its points"] = (
            len(cards) >= 3 and set(cards) <= set(hand)
            and all(c >> 3 == cards[0] >> 3 for c in cards)
            and all(y - x == 1 for x, y in zip(cards, cards[1:], strict=False))
            and w.points == _SEQUENCE.get(len(cards), 100))
    elif key in ("plain", "plain_none"):
        f["the call"] = plain_call
        assert w.plain is not None
        f["the count"] = w.count == len([c for c in hand if c >> 3 == w.plain])
        if key == "plain":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, w.plain)
    elif key in ("nt", "nt_dry", "nt_plain"):
        f["the call"] = a == NO_TRUMPS_CALL
        if key == "nt":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, NO_TRUMPS)
        if key == "nt_dry":
            f["no crocodile or water snake"] = not _makers(hand, ALL_TRUMPS)
    elif key in ("at", "at_plain"):
        f["the call"] = a == ALL_TRUMPS_CALL
        if key == "at":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, ALL_TRUMPS)
    elif key in ("double", "double_none", "redouble", "redouble_none"):
        f["the call"] = a == (DOUBLE if key.startswith("double") else REDOUBLE)
        f["whose contract"] = theirs if key.startswith("double") else ours
        if not key.endswith("_none"):
            assert standing.contract is not None
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(
                hand, standing.contract.order)
    elif key in ("pass_partner", "pass_high"):
        f["a pass"] = a == PASS
        f["whose contract"] = ours if key == "pass_partner" else theirs
    elif key == "pass_open":
        f["a pass"] = a == PASS
        f["nothing called"] = standing.contract is None
        counts = [len([c for c in hand if c >> 3 == p]) for p in range(4)]
        f["the longest plain, its count"] = w.plain is not None and w.count == counts[
            w.plain] == max(counts)
    else:
        f["known key"] = False
    return f



# -- the comparative sentences (``concepts.py``, keys ``vs.*``) ---------------------------------
# Recomputed from the view with the rules' own tables; what the other hands may hold comes
# from the view's inferences (``view.infer``: voids, no flooded card, cards known held),
# tested on their own in tests/test_rules_view.py and tests/test_ai_sampler.py.


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


def _strongest_left(v: SeatView, c: int) -> bool:
    """No unplayed card of c's plain (any hand) would beat it, c led."""
    assert v.trump is not None
    return not any(_first_beats(c, y, v.trump) for y in _unplayed(v) if y >> 3 == c >> 3
                   and y != c)


def _versus_facts(v: SeatView, b: int, w: Why) -> dict[str, bool]:
    """What a comparative sentence states about the best card ``b`` and the other one."""
    legal = v.legal_actions()
    key = w.key.removeprefix("vs.")
    if key in ("about", "same"):
        return {"the best legal": b in legal,
                "two options or more, no more than the legal ones":
                    w.count is not None and 2 <= w.count <= len(legal)}
    if not 0 <= b < 32:
        return _versus_bid_facts(v, b, w)
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
    if key in ("keep_master_partner", "keep_master"):
        # keeping one rather than the other changes which card is master
        f["another plain, or a card out above the best"] = o >> 3 != b >> 3 or any(
            y >> 3 == b >> 3 and _first_beats(b, y, t) for y in out)
        f["cards of the other's plain still out"] = any(y >> 3 == o >> 3 for y in out)
    if key == "keep_master_partner":
        f.update({"the partner master, unbeatable after the best": partner_master
                  and wb == partner and not _can_be_beaten(v, b, after),
                  "the other the strongest of its plain left": _strongest_left(v, o)
                  and w.plain == o >> 3,
                  "the best not": not _strongest_left(v, b), "names the master": names_master})
    elif key == "keep_master":
        f.update({"following": bool(trick), "neither card master": wb != me and wo != me,
                  "the opponents master": bool(trick) and not partner_master,
                  "the other the strongest of its plain left": _strongest_left(v, o)
                  and w.plain == o >> 3,
                  "the best not": not _strongest_left(v, b),
                  "the other team may win with the other": not team_sure_o})
    elif key == "keep_snake":
        p = o >> 3
        f.update({"the other a water snake of a plain that floods, its crocodile out":
                  len(w.cards) == 3 and o == card(p, WATER_SNAKE) and _floods(p, t)
                  and w.cards[2] == card(p, CROCODILE) and w.cards[2] in out,
                  "the other team may win with the other": not team_sure_o})
    elif key in ("win", "win_points", "last"):
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
            f["the points of the last"] = w.points == 10
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
    elif key == "give":
        f.update({"the partner master": partner_master, "names the master": names_master,
                  "the best's points, more than the other's": w.points == pts[b] > pts[o],
                  "neither card master": wb != me and wo != me})
    elif key == "enough":
        f.update({"the partner master, unbeatable after the best": partner_master
                  and wb == partner and not _can_be_beaten(v, b, after),
                  "names the master": names_master, "the other worth as much or more":
                  pts[o] >= pts[b], "the other not master": wo != me})
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
    elif key == "risk_less":
        seat = None if w.seat is None else (me + w.seat) % 4
        f.update({"the partner master": partner_master, "names the master": names_master,
                  "the named opponent plays after and may beat it": seat in after
                  and seat in opponents and _can_be_beaten(v, b, [seat]),
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0,
                  "neither card master": wb != me and wo != me})
    elif key == "unblock":
        p = w.plain
        f.update({"the partner led the plain, master": partner_master and len(trick) == 2
                  and p is not None and trick[0] >> 3 == p and p != t and t != ALL_TRUMPS,
                  "the best and the other the only two of it, the best higher":
                  p is not None and sorted(y for y in _bits(v.hand) if y >> 3 == p)
                  == sorted((b, o)) and _first_beats(o, b, t),
                  "the best not master": wb != me})
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
    elif key in ("cheaper", "give_less"):
        f.update({"the opponents master": bool(trick) and not partner_master,
                  "neither card master": wb != me and wo != me, "names the master": names_master,
                  "points fewer": w.points == w.count == pts[o] - pts[b] > 0})
        if key == "give_less":
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
                  and _first_beats(o, w.cards[2], t)})
    else:
        f["known key"] = False
    return f


def _versus_bid_facts(v: SeatView, b: int, w: Why) -> dict[str, bool]:
    legal = v.legal_actions()
    key = w.key.removeprefix("vs.")
    f = {"both legal, different": b in legal and w.alt in legal and w.alt != b}
    would = _bits(v.hand) + ([v.turned] if v.turned >= 0 else [])
    round_one = len(v.bids) < 4

    def strong(p: int) -> int:
        return len({card(p, x) for x in _STRONG} & set(would))

    if key in ("pass_double", "pass_nt", "pass_at"):
        hand = _bits(v.hand)
        standing = auction(v.ruleset, v.bids, v.dealer)
        if key == "pass_double":
            theirs = standing.bidder is not None and (standing.bidder - v.seat) % 2 == 1
            order = None if standing.contract is None else standing.contract.order
            f["a pass rather than double their contract"] = b == PASS and w.alt == DOUBLE \
                and theirs
        else:
            order = NO_TRUMPS if key == "pass_nt" else ALL_TRUMPS
            f["a pass rather than the call"] = b == PASS and w.alt == (
                NO_TRUMPS_CALL if key == "pass_nt" else ALL_TRUMPS_CALL)
        made = _makers(hand, order) if order is not None else set()
        f["the listed cards, their count"] = (order is not None and set(w.cards) == made
                                              and w.count == len(made) == len(w.cards))
        return f
    if key in ("pass_call", "call_pass"):
        hand = _bits(v.hand)
        plain = w.plain
        called = {name_action(q): q for q in range(4)}  # a trump contract's call
        f.update({
            "an auction": v.ruleset.bidding is Bidding.AUCTION,
            "a pass against a call of the plain": (b == PASS and called.get(w.alt) == plain)
            if key == "pass_call" else (w.alt == PASS and called.get(b) == plain),
            "the plain's cards in hand": plain is not None
            and w.count == len([c for c in hand if c >> 3 == plain]),
            "the listed cards": plain is not None and set(w.cards) == _makers(hand, plain)
            and len(w.cards) == len(_makers(hand, plain))})
        return f
    if key == "double":
        standing = auction(v.ruleset, v.bids, v.dealer)
        theirs = standing.bidder is not None and (standing.bidder - v.seat) % 2 == 1
        f.update({"a double rather than a pass": b == DOUBLE and w.alt == PASS,
                  "their contract": theirs,
                  "the listed cards": standing.contract is not None and bool(w.cards)
                  and set(w.cards) == _makers(_bits(v.hand), standing.contract.order)})
        return f
    if key == "pass_lone":
        turned = v.turned >> 3
        f.update({"round 1, a pass rather than take the turned plain": round_one and b == PASS
                  and w.alt == TAKE and w.plain == turned,
                  "no card of the turned plain in hand": not any(
                      c >> 3 == turned for c in _bits(v.hand)),
                  "the turned card listed": list(w.cards) == [v.turned]})
        return f
    assert w.plain is not None
    f.update(_plain_facts(would, w.plain, w))
    if key not in ("pass_take", "pass_over", "take", "name_pass", "name_longer"):  # may list none
        f["some strong cards listed"] = bool(w.cards)
    if key == "pass_take":
        f["round 1, a pass rather than take the turned plain"] = (
            round_one and b == PASS and w.alt == TAKE and w.plain == v.turned >> 3)
    elif key == "pass_over":
        f["round 2, a pass rather than name the plain"] = (
            not round_one and b == PASS and w.alt == name_action(w.plain)
            and w.alt_plain == w.plain)
    elif key == "pass_name":
        turned = v.turned >> 3
        f.update({"round 1, a pass rather than take": round_one and b == PASS and w.alt == TAKE,
                  "the turned plain the other": w.alt_plain == turned,
                  "the plain may be named in round 2": w.plain != turned
                  or not v.ruleset.second_round_excludes_turned,
                  "taking gives fewer strong cards": strong(turned) < strong(w.plain),
                  "the round-2 hint names the plain": round_two_best(v) == name_action(w.plain)})
    elif key == "take":
        f["round 1, take rather than pass"] = round_one and b == TAKE and w.alt == PASS
    elif key == "name_pass":
        f["round 2, name the plain rather than pass"] = (not round_one
                                                        and b == name_action(w.plain)
                                                        and w.alt == PASS)
    elif key == "name_longer":
        def longer(p: int) -> int:
            return len([c for c in would if c >> 3 == p])
        f["round 2, name the plain rather than the other"] = (
            not round_one and b == name_action(w.plain) and w.alt_plain is not None
            and w.alt == name_action(w.alt_plain) and strong(w.alt_plain) == strong(w.plain)
            and longer(w.alt_plain) < longer(w.plain))
    elif key == "name_other":
        f["round 2, name the plain rather than the other"] = (
            not round_one and b == name_action(w.plain) and w.alt_plain is not None
            and w.alt == name_action(w.alt_plain) and strong(w.alt_plain) < strong(w.plain))
    else:
        f["known key"] = False
    return f

def facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    """Each fact the sentence of ``w`` states about action ``a``, recomputed from ``v``."""
    if w.key.startswith("vs."):
        return {**_versus_facts(v, a, w), **relevance_facts(v, a, w)}
    if 0 <= a < 32:
        return {**_card_facts(v, a, w), **relevance_facts(v, a, w)}
    if v.ruleset.bidding is Bidding.AUCTION:
        return _call_facts(v, a, w)
    return _bid_facts(v, a, w)


@dataclass
class Tally:
    decisions: int = 0
    sentences: int = 0
    comparisons: int = 0  # comparative sentences checked (``concepts.versus``)
    keys: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    false: list[str] = field(default_factory=list)


def verify(ruleset: Ruleset, n: int, seed: int,
           explain: Callable[[SeatView, int], Why] = explain_action,
           pairs: int | None = None) -> Tally:
    """Explain every legal action of ``n`` decisions, and (the first ``pairs`` of them, all
    when None) compare every legal option with every other (``concepts.versus``); each false
    fact is a line of ``Tally.false`` (the explainer's own ``check`` is asked too)."""
    tally = Tally()
    for v in decisions(ruleset, n, seed):
        tally.decisions += 1
        kind = "bid" if v.phase is Phase.BIDDING else (v.contract.kind.name if v.contract else "?")
        tally.kinds[kind] += 1
        for a in v.legal_actions():
            w = explain(v, a)
            tally.sentences += 1
            tally.keys[w.key] += 1
            wrong = [name for name, ok in facts(v, a, w).items() if not ok]
            wrong += [f"explainer's claim {name}" for name in concepts.check(v, a, w)]
            for language in ("en", "fr"):
                text = sentence(w, language)
                if not text or "%{" in text or text.startswith("teach."):
                    wrong.append(f"{language} rendering: {text!r}")
            _note(tally, ruleset, kind, v, a, w, wrong)
        if pairs is not None and tally.decisions > pairs:
            continue
        # Every comparative sentence: each legal option as the best against each other one.
        legal = v.legal_actions()
        for a in legal:
            for other in legal:
                if other == a:
                    continue
                w = concepts.versus(v, a, other)
                if w is None:
                    continue
                tally.comparisons += 1
                tally.keys[w.key] += 1
                wrong = [name for name, ok in facts(v, a, w).items() if not ok]
                wrong += [f"concept's claim {name}" for name in concepts.check(v, a, w)]
                compared = w.cards[1:2] == (other,) if a < 32 else w.alt == other
                if not compared:
                    wrong.append("not the option compared")
                for language in ("en", "fr"):
                    text = sentence(w, language)
                    if not text or "%{" in text or text.startswith("teach."):
                        wrong.append(f"{language} rendering: {text!r}")
                _note(tally, ruleset, kind, v, a, w, wrong)
    return tally


def _note(tally: Tally, ruleset: Ruleset, kind: str, v: SeatView, a: int, w: Why,
          wrong: list[str]) -> None:
    if wrong and len(tally.false) < 50:
        tally.false.append(f"{ruleset.name} {kind} seat {v.seat} action {a} "
                           f"{w}: {', '.join(wrong)}: {sentence(w, 'en')}")
    elif wrong:
        tally.false.append("")


def run(n: int = DECISIONS, seed: int = 1) -> int:
    bad = 0
    for name, rules in RULESETS.items():
        start = time.perf_counter()
        t = verify(rules, n, seed)
        took = time.perf_counter() - start
        print(f"{name}: {t.decisions} decisions ({dict(sorted(t.kinds.items()))}), "
              f"{t.sentences} sentences and {t.comparisons} comparative ones checked in en "
              f"and fr, {len(t.false)} false, "
              f"{took:.1f} s")
        print("   keys:", ", ".join(f"{k} {c}" for k, c in sorted(t.keys.items())))
        for line in t.false[:10]:
            print("   FALSE", line)
        bad += len(t.false)
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    raise SystemExit(run(int(args[0]) if args else DECISIONS, int(args[1]) if len(args) > 1
                         else 1))
