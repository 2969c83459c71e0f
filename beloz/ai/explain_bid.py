"""Why a bid or a call: the turned card's two rounds of bidding and the auction's calls.

``explain_bid(view, action)`` (take, name a plain, pass) and ``explain_call(view, action)``
(a contract of the auction, double, redouble, pass) name the reason as a ``Why``, worded by
``explain.sentence`` like the card sentences ("Take North: you would hold 3 flooded cards,
with the crocodile and the lion", "Call no trumps: you hold ...").  As for the cards
(``explain``), every sentence declares the facts it states as claims (``CLAIMS``: key ->
small predicates over (view, action, why)), and the first candidate whose claims all hold is
said.

A round-1 pass that names a plan for round 2 ("you may still name North in the second
round") is said only when round 2 would indeed bring it: ``round_two_names`` values the
seat's round-2 turn (every seat passing until then, the only way round 2 comes to it) as the
game's round-2 hint does, on the deals that fit that view, and the plain must be the bid it
clearly prefers; otherwise the reason that holds in round 1 is said (issue 45: "in the
second round you may name North", then "pass rather than name North" at the same seat).
No pygame here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping

from beloz.reasons import Why
from beloz.rules.announcements import CARRE_POINTS, QUINTE_POINTS, SEQUENCE_POINTS
from beloz.rules.cards import (
    ALL_TRUMPS,
    CROCODILE,
    ELEPHANT,
    LEOPARD,
    LION,
    NO_TRUMPS,
    PLAIN_MASKS,
    RHINOCEROS,
    WATER_SNAKE,
    card,
    plain_of,
)
from beloz.rules.ruleset import Bidding
from beloz.rules.state import (
    DOUBLE,
    NO_CARD,
    PASS,
    REDOUBLE,
    TAKE,
    Phase,
    SeatView,
    action_contract,
    action_plain,
    auction,
    name_action,
)

from .base import decision_rng, view_key
from .bidsearch import evaluate_bids
from .levels import ANALYSIS
from .tables import PTS

Claim = Callable[[SeatView, int, Why], bool]


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- the facts of a seat's view ---------------------------------------------------------------


def _would_hold(view: SeatView) -> int:
    """The cards the seat would hold if it took: the taker receives the turned card, in
    either round of bidding (RULES.md §3.8)."""
    return view.hand | (1 << view.turned if view.turned != NO_CARD else 0)


_STRONG = (CROCODILE, WATER_SNAKE, LION)


def _strong_in(cards: int, plain: int) -> list[int]:
    """The crocodile, water snake and lion of ``plain`` among ``cards``, strongest first."""
    return [card(plain, n) for n in _STRONG if cards >> card(plain, n) & 1]


def _nameable(view: SeatView) -> list[int]:
    """The plains the seat may name now (round 2)."""
    return [p for p in range(4) if name_action(p) in view.legal_actions()]


def _plain_strength(cards: int, plain: int) -> tuple[int, int]:
    """How good ``plain`` would be flooded: its crocodile, water snake and lion, then the
    flooded points of its cards."""
    return (len(_strong_in(cards, plain)),
            sum(PTS[plain][c] for c in _cards(cards & PLAIN_MASKS[plain])))


# -- round 2, as the game would then value it ---------------------------------------------------

#: The round-2 valuation a round-1 promise is checked against: Expert's, as the round-2 hint
#: makes it (``review.LEVEL`` and ``review.SEED``, the same deals drawn in the same order for
#: the same candidates: passing and the two most promising plains), stopped after
#: ``ROUND_TWO_DEALS`` deals (about a tenth of a second) instead of 0.8 s.  Where the hint's
#: own search stops before that many deals (a clear lead), both see the same values.
ROUND_TWO_SEED = 0
ROUND_TWO_DEALS = 256
ROUND_TWO_LEVEL = dataclasses.replace(ANALYSIS, bid_samples=ROUND_TWO_DEALS, bid_time_cap=2.0)
#: A round-2 choice is clear when it leads each other candidate by this many standard errors
#: of their paired difference and this many points more (at least the lead at which Expert's
#: own bid search stops, ``bidsearch._clear_lead``).
CLEAR_SE = 2.5
CLEAR_POINTS = 1.0

_round_two_cache: dict[tuple[str, str], int | None] = {}


def round_two_view(view: SeatView) -> SeatView | None:
    """The seat's view at its turn of round 2 if every seat passes until then (the only way
    round 2 comes back to it), from its view at its turn of round 1; None elsewhere (round 2
    already, an auction, another seat's turn, a bid already made)."""
    if (view.phase is not Phase.BIDDING or view.ruleset.bidding is Bidding.AUCTION
            or view.current != view.seat or len(view.bids) >= 4
            or any(b != PASS for b in view.bids)):
        return None
    return dataclasses.replace(view, bids=(*view.bids, PASS, PASS, PASS, PASS))


def round_two_choice(view: SeatView) -> int | None:
    """The bid the game's round-2 valuation clearly prefers at this seat's turn of round 2
    (``round_two_view``), on the deals that fit that view (the seats that passed would not
    have taken): the candidate whose mean leads each other one by ``CLEAR_SE`` standard
    errors and ``CLEAR_POINTS``; None when none leads so clearly, or outside a round-1
    turn.  Kept per view: a hint, its review line and its practice answer ask it once."""
    later = round_two_view(view)
    if later is None:
        return None
    key = (later.ruleset.name, view_key(later))
    if key not in _round_two_cache:
        if len(_round_two_cache) > 4096:
            _round_two_cache.clear()
        _round_two_cache[key] = _clear_choice(later)
    return _round_two_cache[key]


def _clear_choice(view: SeatView) -> int | None:
    # every legal bid, as the round-2 hint lists them all: a plain Expert's search does not
    # weigh may be the one the hint puts first (the truth bench, 3,000 BeloZ decisions of
    # seed 7: "in the second round you may name South", where the hint put West 1.5 ahead)
    got = evaluate_bids(view, decision_rng(ROUND_TWO_SEED, view), ROUND_TWO_LEVEL,
                        view.legal_actions())
    cands, means, se = got.cands, got.means, got.se_diff
    if len(cands) < 2:
        return cands[0] if cands else None
    best = max(range(len(cands)), key=lambda i: (means[i], -i))
    if not se:
        return None
    clear = all(means[best] - means[j] > CLEAR_SE * se[best][j] + CLEAR_POINTS
                for j in range(len(cands)) if j != best)
    return cands[best] if clear else None


def round_two_names(v: SeatView, a: int, w: Why) -> bool:
    """A round-1 pass whose plan is to name ``plain`` in round 2: the game's round-2
    valuation at this seat (``round_two_choice``) clearly names it."""
    if a != PASS or w.plain is None or len(v.bids) >= 4:
        return False
    return round_two_choice(v) == name_action(w.plain)


# -- claims ------------------------------------------------------------------------------------


def is_legal(v: SeatView, a: int, w: Why) -> bool:
    return a in v.legal_actions()


# bids (the turned card)


def round_one(v: SeatView, a: int, w: Why) -> bool:
    return len(v.bids) < 4


def round_two(v: SeatView, a: int, w: Why) -> bool:
    return len(v.bids) >= 4


def plain_turned(v: SeatView, a: int, w: Why) -> bool:
    return w.plain == plain_of(v.turned)


def plain_named(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and w.plain == action_plain(a)


def counts_would_hold(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards of ``plain`` the seat would hold taking (turned card included)."""
    return (w.plain is not None
            and w.count == (_would_hold(v) & PLAIN_MASKS[w.plain]).bit_count())


def lists_strong_would_hold(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards are exactly the crocodile, water snake and lion of ``plain`` the
    seat would hold taking (none when the list is empty)."""
    return w.plain is not None and list(w.cards) == _strong_in(_would_hold(v), w.plain)


def turned_nameable_later(v: SeatView, a: int, w: Why) -> bool:
    """Round 2 may name the turned plain again (not in classique, RULES.md §3.6)."""
    return not v.ruleset.second_round_excludes_turned


def lists_strong_in_hand(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards, at least two, are exactly the crocodile, water snake and lion of
    ``plain`` in the seat's hand (an opponent who takes receives the turned card, not
    these)."""
    return (w.plain is not None and len(w.cards) >= 2
            and list(w.cards) == _strong_in(v.hand, w.plain))


def strongest_nameable(v: SeatView, a: int, w: Why) -> bool:
    """``plain`` may be named, and no plain that may be named is stronger (its crocodile,
    water snake and lion, then its flooded points, with the turned card)."""
    names = _nameable(v)
    if w.plain not in names:
        return False
    cards = _would_hold(v)
    return all(_plain_strength(cards, p) <= _plain_strength(cards, w.plain) for p in names)


def none_nameable_strong(v: SeatView, a: int, w: Why) -> bool:
    cards = _would_hold(v)
    return all(not _strong_in(cards, p) for p in _nameable(v))


def no_card_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """The hand holds no card of ``plain``."""
    return w.plain is not None and not v.hand & PLAIN_MASKS[w.plain]


def lists_the_turned_card(v: SeatView, a: int, w: Why) -> bool:
    """The one card listed is the turned card."""
    return v.turned != NO_CARD and w.cards == (v.turned,)


# calls (the auction)


def _contract_order(a: int) -> int | None:
    contract = action_contract(a)
    return None if contract is None else contract.order


def call_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and _contract_order(a) == w.plain


def counts_held_in_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain is not None and w.count == (v.hand & PLAIN_MASKS[w.plain]).bit_count()


def lists_strong_held(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards are exactly the cards in hand that make the contract of ``order``
    (a trump plain: its crocodile, water snake and lion; no trumps: lions and leopards; all
    trumps: crocodiles and water snakes), at least one."""
    order = _standing_or_called(v, a)
    return order is not None and bool(w.cards) and list(w.cards) == _strong_for(v.hand, order)


def holds_carre(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` are a carré in hand worth ``points``, and the called contract has
    announcements (not no trumps)."""
    if len(w.cards) != 4 or _contract_order(a) in (None, NO_TRUMPS):
        return False
    number = (w.cards[0] & 7) + 1
    return (sorted(w.cards) == [card(p, number) for p in range(4)]
            and v.hand & _mask(w.cards) == _mask(w.cards)
            and w.points == CARRE_POINTS.get(number))


def holds_belot(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` are the elephant and rhinoceros of the called plain, in hand, worth
    ``points``."""
    p = _contract_order(a)
    return (p is not None and p < NO_TRUMPS
            and sorted(w.cards) == sorted((card(p, ELEPHANT), card(p, RHINOCEROS)))
            and v.hand & _mask(w.cards) == _mask(w.cards)
            and w.points == v.ruleset.beloz_points)


def holds_sequence(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` are a run of three or more numbers of one plain in hand, worth ``points``,
    and the called contract has announcements (not no trumps)."""
    cards = sorted(w.cards)
    return (len(cards) >= 3 and _contract_order(a) not in (None, NO_TRUMPS)
            and all(plain_of(c) == plain_of(cards[0]) for c in cards)
            and cards == list(range(cards[0], cards[0] + len(cards)))
            and v.hand & _mask(w.cards) == _mask(w.cards)
            and w.points == SEQUENCE_POINTS.get(len(cards), QUINTE_POINTS))


def no_crocodile_or_snake(v: SeatView, a: int, w: Why) -> bool:
    return not any(v.hand >> card(p, n) & 1 for p in range(4) for n in (CROCODILE, WATER_SNAKE))


def calls_nt(v: SeatView, a: int, w: Why) -> bool:
    return _contract_order(a) == NO_TRUMPS


def calls_at(v: SeatView, a: int, w: Why) -> bool:
    return _contract_order(a) == ALL_TRUMPS


def standing_ours(v: SeatView, a: int, w: Why) -> bool:
    s = auction(v.ruleset, v.bids, v.dealer)
    return s.bidder is not None and (s.bidder - v.seat) % 2 == 0


def standing_theirs(v: SeatView, a: int, w: Why) -> bool:
    s = auction(v.ruleset, v.bids, v.dealer)
    return s.bidder is not None and (s.bidder - v.seat) % 2 == 1


def nothing_called(v: SeatView, a: int, w: Why) -> bool:
    return auction(v.ruleset, v.bids, v.dealer).contract is None


def longest_plain(v: SeatView, a: int, w: Why) -> bool:
    if w.plain is None:
        return False
    n = (v.hand & PLAIN_MASKS[w.plain]).bit_count()
    return w.count == n and all((v.hand & m).bit_count() <= n for m in PLAIN_MASKS)


def is_pass(v: SeatView, a: int, w: Why) -> bool:
    return a == PASS


def is_take(v: SeatView, a: int, w: Why) -> bool:
    return a == TAKE


# What each sentence states (en.json / fr.json ``teach.why.<key>``), as claims that must all
# hold in the seat's view for the sentence to be said.
CLAIMS: dict[str, tuple[Claim, ...]] = {
    # bids (the turned card)
    "take": (is_legal, is_take, round_one, plain_turned, counts_would_hold,
             lists_strong_would_hold),
    "take_none": (is_legal, is_take, round_one, plain_turned, counts_would_hold,
                  lists_strong_would_hold),
    "name": (is_legal, plain_named, counts_would_hold, lists_strong_would_hold),
    "name_none": (is_legal, plain_named, counts_would_hold, lists_strong_would_hold),
    "pass": (is_legal, is_pass, round_one, plain_turned, counts_would_hold,
             lists_strong_would_hold),
    "pass_none": (is_legal, is_pass, round_one, plain_turned, counts_would_hold,
                  lists_strong_would_hold),
    "pass_keep": (is_legal, is_pass, round_one, plain_turned, turned_nameable_later,
                  lists_strong_in_hand, round_two_names),
    "pass_name": (is_legal, is_pass, round_two, strongest_nameable, counts_would_hold,
                  lists_strong_would_hold),
    "pass_name_none": (is_legal, is_pass, round_two, none_nameable_strong),
    # calls (the auction)
    "call.carre": (is_legal, call_plain, holds_carre),
    "call.at_carre": (is_legal, calls_at, holds_carre),
    "call.belot": (is_legal, call_plain, holds_belot),
    "call.sequence": (is_legal, call_plain, holds_sequence),
    "call.at_sequence": (is_legal, calls_at, holds_sequence),
    "call.plain": (is_legal, call_plain, counts_held_in_plain, lists_strong_held),
    "call.plain_none": (is_legal, call_plain, counts_held_in_plain),
    "call.nt": (is_legal, calls_nt, lists_strong_held),
    "call.nt_dry": (is_legal, calls_nt, no_crocodile_or_snake),
    "call.nt_plain": (is_legal, calls_nt),
    "call.at": (is_legal, calls_at, lists_strong_held),
    "call.at_plain": (is_legal, calls_at),
    "call.double": (is_legal, standing_theirs, lists_strong_held),
    "call.double_none": (is_legal, standing_theirs),
    "call.redouble": (is_legal, standing_ours, lists_strong_held),
    "call.redouble_none": (is_legal, standing_ours),
    "call.pass_partner": (is_legal, is_pass, standing_ours),
    "call.pass_high": (is_legal, is_pass, standing_theirs),
    "call.pass_open": (is_legal, is_pass, nothing_called, longest_plain),
}


Claims = Mapping[str, tuple[Claim, ...]]


def failing(table: Claims, view: SeatView, action: int, why: Why) -> list[str]:
    """The names of ``why``'s claims in ``table`` that do not hold at ``view`` for
    ``action`` (empty: the sentence is true there).  A key without declared claims fails
    as ``unknown``."""
    claims = table.get(why.key)
    if claims is None:
        return ["unknown"]
    return [f.__name__ for f in claims if not f(view, action, why)]


def hold(table: Claims, view: SeatView, action: int, why: Why) -> bool:
    """All of ``why``'s claims in ``table`` hold, in their order: the first that fails stops
    the others (the round-2 valuation, the costly one, comes last)."""
    claims = table.get(why.key)
    return claims is not None and all(f(view, action, why) for f in claims)


def first_true(table: Claims, view: SeatView, action: int, candidates: Iterator[Why]) -> Why:
    """The first candidate whose claims in ``table`` all hold (the last one always does)."""
    last = None
    for why in candidates:
        if hold(table, view, action, why):
            return why
        last = why
    assert last is not None
    return last


def check(view: SeatView, action: int, why: Why) -> list[str]:
    """The bid claims of ``why`` that fail (``failing`` on ``CLAIMS``)."""
    return failing(CLAIMS, view, action, why)


def claims_hold(view: SeatView, action: int, why: Why) -> bool:
    return hold(CLAIMS, view, action, why)


def _first_true(view: SeatView, action: int, candidates: Iterator[Why]) -> Why:
    return first_true(CLAIMS, view, action, candidates)


# -- bids (the turned card) -----------------------------------------------------------------


def _bid_reasons(view: SeatView, action: int) -> Iterator[Why]:
    cards = _would_hold(view)

    def held(key: str, plain: int) -> Why:
        strong = _strong_in(cards, plain)
        return Why(key if strong else key + "_none", tuple(strong), plain,
                   count=(cards & PLAIN_MASKS[plain]).bit_count(), trump=plain)

    turned = plain_of(view.turned)
    plain = action_plain(action)
    if action == TAKE:
        yield held("take", turned)
    elif plain is not None:
        yield held("name", plain)
    elif len(view.bids) < 4:
        # With the turned plain's best cards, passing is a plan, not a lack: the plain may
        # still be named in round 2, and an opponent who takes now must face them; said
        # only where the game's round-2 valuation would then name it (``round_two_names``).
        yield Why("pass_keep", tuple(_strong_in(view.hand, turned)), turned, trump=turned)
        yield held("pass", turned)
    else:  # round 2: speak of the strongest plain the seat may name
        names = _nameable(view) or [turned]
        best = max(names, key=lambda q: (_plain_strength(cards, q), -q))
        if _strong_in(cards, best):
            yield held("pass_name", best)
        yield Why("pass_name_none")


def explain_bid(view: SeatView, action: int) -> Why:
    """Why take, name a plain or pass (``view`` at the seat's turn to bid): the flooded
    cards the seat would hold, the turned card included (the taker receives it in either
    round, RULES.md §3.8); passing in round 2 speaks of the strongest plain it may name."""
    return _first_true(view, action, _bid_reasons(view, action))


# -- the auction's calls (RULES.md §9.3) -------------------------------------------------------


def _strong_for(hand: int, order: int) -> list[int]:
    """The cards of ``hand`` that make a contract of card order ``order``: in a trump plain
    its crocodile, water snake and lion; in no trumps the lions and leopards; in all trumps
    the crocodiles and water snakes."""
    numbers: tuple[int, ...]
    plains: tuple[int, ...] = (0, 1, 2, 3)
    if order == NO_TRUMPS:
        numbers = (LION, LEOPARD)
    elif order == ALL_TRUMPS:
        numbers = (CROCODILE, WATER_SNAKE)
    else:
        numbers, plains = (CROCODILE, WATER_SNAKE, LION), (order,)
    return [card(p, n) for n in numbers for p in plains if hand >> card(p, n) & 1]


def _standing_or_called(view: SeatView, action: int) -> int | None:
    """The card order a call speaks of: the contract it calls, or (double, redouble) the
    standing one."""
    order = _contract_order(action)
    if order is None and action in (DOUBLE, REDOUBLE):
        standing = auction(view.ruleset, view.bids, view.dealer).contract
        order = None if standing is None else standing.order
    return order


def _carre(hand: int) -> tuple[int, ...]:
    """The strongest carré in ``hand`` (the most points), or ()."""
    held = [n for n in CARRE_POINTS if all(hand >> card(p, n) & 1 for p in range(4))]
    if not held:
        return ()
    n = max(held, key=lambda x: CARRE_POINTS[x])
    return tuple(card(p, n) for p in range(4))


def _sequence(hand: int) -> tuple[int, ...]:
    """The longest run of three or more numbers of one plain in ``hand`` (the highest on
    equal length), or ()."""
    best: tuple[int, ...] = ()
    for p in range(4):
        run: list[int] = []
        for n in range(1, 9):
            if hand >> card(p, n) & 1:
                run.append(card(p, n))
                if len(run) >= max(3, len(best)):
                    best = tuple(run)
            else:
                run = []
    return best


def _call_reasons(view: SeatView, action: int) -> Iterator[Why]:
    hand = view.hand
    order = _standing_or_called(view, action)
    carre = _carre(hand)
    if action not in (PASS, DOUBLE, REDOUBLE) and order is not None:
        strong = tuple(_strong_for(hand, order))
        if carre and order != NO_TRUMPS:  # a carré counts in a trump or all-trumps contract
            key = "call.carre" if order < NO_TRUMPS else "call.at_carre"
            yield Why(key, carre, order if order < NO_TRUMPS else None,
                      points=CARRE_POINTS[(carre[0] & 7) + 1])
        run = _sequence(hand)
        seq_key = "call.sequence" if order < NO_TRUMPS else "call.at_sequence"
        sequence = Why(seq_key, run, order if order < NO_TRUMPS else None,
                       points=SEQUENCE_POINTS.get(len(run), QUINTE_POINTS),
                       trump=order if order < NO_TRUMPS else None)
        if order == NO_TRUMPS:
            yield Why("call.nt", strong, count=len(strong), trump=NO_TRUMPS)
            yield Why("call.nt_dry")
            yield Why("call.nt_plain")
            return
        if order == ALL_TRUMPS:
            yield Why("call.at", strong, count=len(strong), trump=ALL_TRUMPS)
            yield sequence
            yield Why("call.at_plain")
            return
        n = (hand & PLAIN_MASKS[order]).bit_count()
        yield Why("call.plain", strong, order, count=n, trump=order)
        yield Why("call.belot", (card(order, ELEPHANT), card(order, RHINOCEROS)), order,
                  points=view.ruleset.beloz_points, trump=order)
        yield sequence
        yield Why("call.plain_none", (), order, count=n, trump=order)
        return
    if action in (DOUBLE, REDOUBLE) and order is not None:
        strong = tuple(_strong_for(hand, order))
        key = "call.double" if action == DOUBLE else "call.redouble"
        trump = order if order < NO_TRUMPS else None
        yield Why(key, strong, count=len(strong), trump=trump)
        yield Why(key + "_none")
        return
    yield Why("call.pass_partner")
    yield Why("call.pass_high")
    longest = max(range(4), key=lambda q: ((hand & PLAIN_MASKS[q]).bit_count(), -q))
    yield Why("call.pass_open", plain=longest, count=(hand & PLAIN_MASKS[longest]).bit_count())


def explain_call(view: SeatView, action: int) -> Why:
    """Why a call of the auction (``view`` at the seat's turn to call, its five cards): a
    contract by what decides it — a carré it holds (worth its points in a trump or
    all-trumps contract, nothing in no trumps), the cards that make it, a belot —; double
    and redouble by the cards against or for the standing contract; a pass by the standing
    contract (the partner's, or the opponents') or, when nobody has called yet, by the
    seat's longest plain.  Keys ``call.*``."""
    return _first_true(view, action, _call_reasons(view, action))
