"""The bid and call concepts of the catalogue (``concepts.versus`` for a bid): the detector
(``_bid_candidates``: a candidate ``Why`` built from the view, most telling first) and the
claims each sentence states (``BID_CLAIMS``: small predicates over (view, best, why), as
``card_claims.CARD_CLAIMS`` for the cards).  Apart from ``concepts.py`` so that each file
holds one family of concepts.  No pygame here; words: ``teach.why.vs.*``."""

from __future__ import annotations

from collections.abc import Iterator

from beloz.reasons import Why
from beloz.rules.announcements import CARRE_POINTS
from beloz.rules.cards import ALL_TRUMPS, NO_TRUMPS, PLAIN_MASKS, card, plain_of
from beloz.rules.ruleset import Bidding
from beloz.rules.state import (
    DOUBLE,
    PASS,
    TAKE,
    SeatView,
    action_contract,
    action_plain,
    auction,
)

from .card_claims import Claim
from .explain_bid import (
    _strong_for,
    _strong_in,
    _would_hold,
    lists_the_turned_card,
    no_card_of_plain,
    round_two_names,
)


def round_one(v: SeatView, a: int, w: Why) -> bool:
    return len(v.bids) < 4


def round_two(v: SeatView, a: int, w: Why) -> bool:
    return len(v.bids) >= 4


def bid_pair_legal(v: SeatView, a: int, w: Why) -> bool:
    """The best and the other (``alt``) are legal, different."""
    legal = v.legal_actions()
    return a in legal and w.alt in legal and w.alt != a


def best_pass_other_take(v: SeatView, a: int, w: Why) -> bool:
    return a == PASS and w.alt == TAKE


def best_take_other_pass(v: SeatView, a: int, w: Why) -> bool:
    return a == TAKE and w.alt == PASS


def best_names_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and action_plain(a) == w.plain


def other_named_plain(v: SeatView, a: int, w: Why) -> bool:
    """``alt_plain`` is the plain the other action names."""
    return (w.alt is not None and w.alt_plain is not None
            and action_plain(w.alt) == w.alt_plain)


def other_is_pass(v: SeatView, a: int, w: Why) -> bool:
    return w.alt == PASS


def best_is_pass(v: SeatView, a: int, w: Why) -> bool:
    return a == PASS


def counts_would_hold(v: SeatView, a: int, w: Why) -> bool:
    return (w.plain is not None
            and w.count == (_would_hold(v) & PLAIN_MASKS[w.plain]).bit_count())


def lists_strong_would_hold(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards, at least one, are the crocodile, water snake and lion of ``plain``
    the seat would hold taking it."""
    return (w.plain is not None and bool(w.cards)
            and list(w.cards) == _strong_in(_would_hold(v), w.plain))


def alt_fewer(v: SeatView, a: int, w: Why) -> bool:
    """Naming ``alt_plain`` would give fewer of its crocodile, water snake and lion than
    ``plain`` gives."""
    cards = _would_hold(v)
    return (w.alt_plain is not None and w.plain is not None
            and len(_strong_in(cards, w.alt_plain)) < len(_strong_in(cards, w.plain)))


def alt_as_strong_shorter(v: SeatView, a: int, w: Why) -> bool:
    """Naming ``alt_plain`` would give as many of its crocodile, water snake and lion as
    ``plain`` gives, and fewer flooded cards."""
    cards = _would_hold(v)
    if w.alt_plain is None or w.plain is None:
        return False
    return (len(_strong_in(cards, w.alt_plain)) == len(_strong_in(cards, w.plain))
            and (cards & PLAIN_MASKS[w.alt_plain]).bit_count()
            < (cards & PLAIN_MASKS[w.plain]).bit_count())


def plain_nameable_later(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` may be named in round 2 (not the turned plain in classique)."""
    return w.plain is not None and (w.plain != plain_of(v.turned)
                                    or not v.ruleset.second_round_excludes_turned)


def turned_is_alt(v: SeatView, a: int, w: Why) -> bool:
    return w.alt_plain == plain_of(v.turned)


def turned_weak(v: SeatView, a: int, w: Why) -> bool:
    """Taking the turned plain would give fewer of its crocodile, water snake and lion than
    naming ``plain`` later."""
    cards = _would_hold(v)
    return w.plain is not None and (len(_strong_in(cards, plain_of(v.turned)))
                                    < len(_strong_in(cards, w.plain)))


def turned_completes_carre(v: SeatView, a: int, w: Why) -> bool:
    """A ruleset with announcements; the turned card, the one card named, is the fourth of
    a carré whose other three cards the seat holds; ``points`` the carré's."""
    if not v.ruleset.announcements or w.cards != (v.turned,):
        return False
    number = (v.turned & 7) + 1
    others = [card(p, number) for p in range(4) if p != plain_of(v.turned)]
    return (number in CARRE_POINTS and w.points == CARRE_POINTS[number]
            and all(v.hand >> c & 1 for c in others))


def plain_is_turned(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and w.plain == plain_of(v.turned)


def plain_is_alt(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` is the plain the other action names (what the seat would hold naming it)."""
    return w.plain is not None and w.alt is not None and action_plain(w.alt) == w.plain


def lists_strong_or_none(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards are exactly the crocodile, water snake and lion of ``plain`` the
    seat would hold taking it (none listed: it would hold none of them)."""
    return w.plain is not None and list(w.cards) == _strong_in(_would_hold(v), w.plain)


def auction_call(v: SeatView, a: int, w: Why) -> bool:
    return v.ruleset.bidding is Bidding.AUCTION


def _called_plain(action: int | None) -> int | None:
    """The plain a call names as a trump contract (None for another call)."""
    if action is None:
        return None
    contract = action_contract(action)
    return None if contract is None or contract.order >= NO_TRUMPS else contract.order


def other_calls_plain(v: SeatView, a: int, w: Why) -> bool:
    """The other call is a contract in ``plain`` (a trump plain)."""
    return w.plain is not None and _called_plain(w.alt) == w.plain


def best_calls_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and _called_plain(a) == w.plain


def counts_held(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards of ``plain`` in hand."""
    return w.plain is not None and w.count == (v.hand & PLAIN_MASKS[w.plain]).bit_count()


def lists_makers_or_none(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards are exactly the crocodile, water snake and lion of ``plain`` in hand
    (none listed: none of them)."""
    return w.plain is not None and list(w.cards) == _strong_for(v.hand, w.plain)


def other_is_double(v: SeatView, a: int, w: Why) -> bool:
    return w.alt == DOUBLE


def lists_against_or_none(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards are those of the hand that make the standing contract's kind, none
    listed when none; ``count`` how many."""
    s = auction(v.ruleset, v.bids, v.dealer)
    if s.contract is None:
        return False
    cards = _strong_for(v.hand, s.contract.order)
    return list(w.cards) == cards and w.count == len(cards)


def other_calls(order: int) -> Claim:
    """The other call is the contract of card order ``order`` (no trumps, all trumps)."""
    def claim(v: SeatView, a: int, w: Why) -> bool:
        contract = None if w.alt is None else action_contract(w.alt)
        return contract is not None and contract.order == order
    claim.__name__ = f"other_calls_{order}"
    return claim


def lists_makers_of(order: int) -> Claim:
    """The listed cards are those of the hand that make a contract of ``order`` (no trumps:
    lions and leopards; all trumps: crocodiles and water snakes), ``count`` of them."""
    def claim(v: SeatView, a: int, w: Why) -> bool:
        cards = _strong_for(v.hand, order)
        return list(w.cards) == cards and w.count == len(cards)
    claim.__name__ = f"lists_makers_of_{order}"
    return claim


def standing_theirs(v: SeatView, a: int, w: Why) -> bool:
    s = auction(v.ruleset, v.bids, v.dealer)
    return s.bidder is not None and (s.bidder - v.seat) % 2 == 1


def best_double_other_pass(v: SeatView, a: int, w: Why) -> bool:
    return a == DOUBLE and w.alt == PASS


def lists_against(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards, at least one, are those of the hand that make the standing
    contract's kind (``explain._strong_for``)."""
    s = auction(v.ruleset, v.bids, v.dealer)
    if s.contract is None:
        return False
    return bool(w.cards) and list(w.cards) == _strong_for(v.hand, s.contract.order)


BID_CLAIMS: dict[str, tuple[Claim, ...]] = {
    "vs.pass_lone": (bid_pair_legal, round_one, best_pass_other_take, plain_is_turned,
                     no_card_of_plain, lists_the_turned_card),
    # the round-2 plan only where the game's round-2 valuation names that plain (the costly
    # claim, last)
    "vs.pass_name": (bid_pair_legal, round_one, best_pass_other_take, turned_is_alt,
                     plain_nameable_later, turned_weak, counts_would_hold,
                     lists_strong_would_hold, round_two_names),
    "vs.take": (bid_pair_legal, round_one, best_take_other_pass, plain_is_turned,
                counts_would_hold, lists_strong_or_none),
    "vs.take_carre": (bid_pair_legal, round_one, best_take_other_pass, plain_is_turned,
                      turned_completes_carre),
    "vs.name_pass": (bid_pair_legal, round_two, best_names_plain, other_is_pass,
                     counts_would_hold, lists_strong_or_none),
    "vs.name_other": (bid_pair_legal, round_two, best_names_plain, other_named_plain,
                      alt_fewer, counts_would_hold, lists_strong_would_hold),
    "vs.name_longer": (bid_pair_legal, round_two, best_names_plain, other_named_plain,
                       alt_as_strong_shorter, counts_would_hold, lists_strong_or_none),
    "vs.double": (bid_pair_legal, standing_theirs, best_double_other_pass, lists_against),
    "vs.pass_call": (bid_pair_legal, auction_call, best_is_pass, other_calls_plain,
                     counts_held, lists_makers_or_none),
    "vs.call_pass": (bid_pair_legal, auction_call, best_calls_plain, other_is_pass,
                     counts_held, lists_makers_or_none),
    "vs.pass_double": (bid_pair_legal, auction_call, best_is_pass, other_is_double,
                       standing_theirs, lists_against_or_none),
    "vs.pass_nt": (bid_pair_legal, auction_call, best_is_pass, other_calls(NO_TRUMPS),
                   lists_makers_of(NO_TRUMPS)),
    "vs.pass_at": (bid_pair_legal, auction_call, best_is_pass, other_calls(ALL_TRUMPS),
                   lists_makers_of(ALL_TRUMPS)),
    "vs.pass_take": (bid_pair_legal, round_one, best_pass_other_take, plain_is_turned,
                     counts_would_hold, lists_strong_or_none),
    "vs.pass_over": (bid_pair_legal, round_two, best_is_pass, other_named_plain,
                     plain_is_alt, counts_would_hold, lists_strong_or_none),
}


def _bid_candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    cards = _would_hold(v)

    def held(key: str, plain: int, alt_plain: int | None = None) -> Why:
        strong = tuple(_strong_in(cards, plain))
        return Why(key, strong, plain, count=(cards & PLAIN_MASKS[plain]).bit_count(),
                   trump=plain, alt_plain=alt_plain, alt=o)

    if v.ruleset.bidding is Bidding.AUCTION:
        s = auction(v.ruleset, v.bids, v.dealer)
        if s.contract is not None:
            order = s.contract.order
            yield Why("vs.double", tuple(_strong_for(v.hand, order)), alt=o,
                      count=len(_strong_for(v.hand, order)),
                      trump=order if order < NO_TRUMPS else None)
        if b == PASS and s.contract is not None:
            strong = tuple(_strong_for(v.hand, s.contract.order))
            yield Why("vs.pass_double", strong, alt=o, count=len(strong))
        if b == PASS:
            for key, order in (("vs.pass_nt", NO_TRUMPS), ("vs.pass_at", ALL_TRUMPS)):
                strong = tuple(_strong_for(v.hand, order))
                yield Why(key, strong, alt=o, count=len(strong), trump=order)
        for key, plain in (("vs.pass_call", _called_plain(o)), ("vs.call_pass",
                                                                _called_plain(b))):
            if plain is not None:
                yield Why(key, tuple(_strong_for(v.hand, plain)), plain, alt=o,
                          count=(v.hand & PLAIN_MASKS[plain]).bit_count(), trump=plain)
        return
    turned = plain_of(v.turned)
    if b == PASS and o == TAKE:
        names = [p for p in range(4) if p != turned or not v.ruleset.second_round_excludes_turned]
        best = max(names, key=lambda q: (len(_strong_in(cards, q)), q == turned))
        # no card of the turned plain: taking gives a lone flooded card, the turned one
        yield Why("vs.pass_lone", (v.turned,), turned, trump=turned, alt=o)
        yield held("vs.pass_name", best, alt_plain=turned)
        yield held("vs.pass_take", turned)
    elif b == PASS and action_plain(o) is not None:
        plain = action_plain(o)
        assert plain is not None
        yield held("vs.pass_over", plain, alt_plain=plain)
    elif b == TAKE and o == PASS:
        # the turned card the fourth of a carré in hand: announcements the contract counts
        # (practice P-beloz-39: "you would hold 2 flooded cards, without its crocodile…"
        # said for taking the leopard that makes a carré of leopards)
        number = (v.turned & 7) + 1
        if v.ruleset.announcements and number in CARRE_POINTS:
            yield Why("vs.take_carre", (v.turned,), turned, points=CARRE_POINTS[number],
                      trump=turned, alt=o)
        yield held("vs.take", turned)
    elif action_plain(b) is not None:
        plain = action_plain(b)
        assert plain is not None
        if o == PASS:
            yield held("vs.name_pass", plain)
        elif action_plain(o) is not None:
            yield held("vs.name_other", plain, alt_plain=action_plain(o))
            yield held("vs.name_longer", plain, alt_plain=action_plain(o))
