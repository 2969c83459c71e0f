"""The facts a comparative sentence about a bid or a call states (``concepts.py``, keys
``vs.*`` of the bidding), recomputed from the view for ``bench_explain_truth`` (the cards'
sentences: ``truth_versus``).  Not a bench script of its own.
"""

from __future__ import annotations

from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    NO_TRUMPS,
    card,
)
from beloz.rules.ruleset import Bidding
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_TRUMPS_CALL,
    PASS,
    TAKE,
    SeatView,
    auction,
    name_action,
)

from .truth_facts import (
    _STRONG,
    _bits,
    _makers,
    _plain_facts,
    round_two_best,
)


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
    if key == "take_carre":  # the carré's points as RULES.md's table gives them
        number = (v.turned & 7) + 1
        worth = {5: 200, 3: 150, 8: 100, 4: 100, 7: 100, 6: 100}.get(number)
        f.update({"round 1, take rather than pass": round_one and b == TAKE and w.alt == PASS,
                  "a ruleset with announcements": v.ruleset.announcements,
                  "the turned card the fourth of the carré in hand": worth is not None and all(
                      c in _bits(v.hand) for c in range(32)
                      if (c & 7) + 1 == number and c != v.turned),
                  "the carré's points": w.points == worth and w.plain == v.turned >> 3})
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
