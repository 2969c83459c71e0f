"""Why a card or a bid: one plain sentence in belote terms, from a seat's view only.

``explain_card(view, card)``, ``explain_bid(view, action)`` and ``explain_call(view,
action)`` name the reason as a ``Why`` (a string key and its arguments: cards, a plain,
points, a count), and ``sentence(why)`` words it in the current language (or the one given)
through ``beloz.i18n``: "Your lion is master in East: it wins this expedition", "Your
partner is master: give him the leopard's 10 points", "Draw the flooded cards: you hold the
crocodile and the water snake", "Keep your water snake: the crocodile is still out".

The explainer does not judge a card (``review`` and the PIMC evaluation do): it says what
the card does in the expedition, with the facts a player at that seat can see — the
expedition so far, its master, the partner, the cards still out (neither held nor played).
No pygame here.  **Every sentence is checked.**  Each key declares the facts its sentence
states as claims (``CLAIMS``: key -> small pure predicates over (view, action, why)): "gives
them the least" is ``cheapest_legal``, "your stronger cards stay in hand" is
``stronger_held``, "it wins this expedition" is ``wins_for_sure``...  The explainer walks the
candidate reasons of the position in order and returns the first whose claims all hold in
the seat's view (``check(view, action, why)`` lists the claims that fail); the last
candidate of every position states only what is always true of it (``play``...).

Each card sentence holds for the contract it is said in (``Contract``'s kinds, RULES.md
§9.3): in a trump contract one plain floods and its cards intercept the others, so drawing
the flooded cards, intercepting and keeping the water snake from the crocodile are spoken
of, and a dry master card wins only if no flooded card is left to intercept it.  In
no-trumps nothing floods and in all-trumps every plain floods with none above another: no
card intercepts, a master card wins, and nothing is said of "the flooded cards"; in
all-trumps each plain's water snake fears its own crocodile, named with its plain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from beloz.reasons import Why
from beloz.rules.announcements import CARRE_POINTS, QUINTE_POINTS, SEQUENCE_POINTS
from beloz.rules.cards import (
    ALL_TRUMPS,
    ANIMALS,
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
    SeatView,
    action_contract,
    action_plain,
    auction,
    name_action,
)
from beloz.rules.tricks import master_index

from . import relevance as rel
from .tables import ABOVE, KEY, PTS

ALL = (1 << 32) - 1


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- the facts of a seat's view ---------------------------------------------------------------


def _out(view: SeatView) -> int:
    """The cards held by the other seats (neither in this hand nor played)."""
    return ALL & ~view.played & ~view.hand


def _beats(c: int, m: int, lead: int, trump: int) -> bool:
    """Card ``c`` beats card ``m`` (the master so far) in an expedition led in ``lead``."""
    p = plain_of(c)
    return (p == trump or p == lead) and KEY[trump][c] > KEY[trump][m]


def _lead(view: SeatView, c: int) -> int:
    return plain_of(view.trick[0]) if view.trick else plain_of(c)


def _master_card(view: SeatView) -> int | None:
    assert view.trump is not None
    return view.trick[master_index(view.trick, view.trump)] if view.trick else None


def _partner_master(view: SeatView) -> bool:
    assert view.trump is not None
    return bool(view.trick) and len(view.trick) - master_index(view.trick, view.trump) == 2


def _flooded(c: int, trump: int) -> bool:
    """``c`` is of the plain flooded above the others (a trump contract only)."""
    return trump < NO_TRUMPS and plain_of(c) == trump


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


# -- claims --------------------------------------------------------------------------------------

Claim = Callable[[SeatView, int, Why], bool]


def _pts(view: SeatView, c: int) -> int:
    assert view.trump is not None
    return PTS[view.trump][c]


def only_legal(v: SeatView, a: int, w: Why) -> bool:
    return v.legal_actions() == [a]


def is_legal(v: SeatView, a: int, w: Why) -> bool:
    return a in v.legal_actions()


def leading(v: SeatView, a: int, w: Why) -> bool:
    return not v.trick


def following(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick)


def names_card(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's card is the card played."""
    return bool(w.cards) and w.cards[0] == a


def names_plain(v: SeatView, a: int, w: Why) -> bool:
    return w.plain == plain_of(a)


def flooded_card(v: SeatView, a: int, w: Why) -> bool:
    assert v.trump is not None
    return _flooded(a, v.trump)


def dry_card(v: SeatView, a: int, w: Why) -> bool:
    """In a trump contract, ``a`` is not of the flooded plain."""
    assert v.trump is not None
    return v.trump < NO_TRUMPS and plain_of(a) != v.trump


def flooded_out(v: SeatView, a: int, w: Why) -> bool:
    """Some card of the flooded plain is still out."""
    assert v.trump is not None
    return v.trump < NO_TRUMPS and bool(_out(v) & PLAIN_MASKS[v.trump])


def lists_unbeaten_flooded(v: SeatView, a: int, w: Why) -> bool:
    """The listed cards (``a`` among them, at least two, ``count`` of them) are flooded cards
    in hand that no card still out beats."""
    assert v.trump is not None
    out = _out(v)
    return (a in w.cards and len(w.cards) > 1 and w.count == len(w.cards)
            and all(v.hand >> c & 1 and _flooded(c, v.trump) and not ABOVE[v.trump][c] & out
                    for c in w.cards))


def strongest_flooded_left(v: SeatView, a: int, w: Why) -> bool:
    """No flooded card still unplayed (held or out) is above ``a``."""
    assert v.trump is not None
    return _flooded(a, v.trump) and not ABOVE[v.trump][a] & ~v.played


def master_after(v: SeatView, a: int, w: Why) -> bool:
    """Played now, ``a`` is the expedition's master card."""
    assert v.trump is not None
    m = _master_card(v)
    return m is None or _beats(a, m, _lead(v, a), v.trump)


def wins_for_sure(v: SeatView, a: int, w: Why) -> bool:
    """``a`` is master and no card still out can beat it (or nobody plays after it)."""
    assert v.trump is not None
    if not master_after(v, a, w):
        return False
    if len(v.trick) == 3:
        return True
    lead = _lead(v, a)
    return not any(_beats(x, a, lead, v.trump) for x in _cards(_out(v)))


def top_of_plain(v: SeatView, a: int, w: Why) -> bool:
    """No card of ``a``'s plain still out is above it."""
    assert v.trump is not None
    return not ABOVE[v.trump][a] & _out(v)


def names_higher_out(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's third card is still out and above ``a`` in its plain."""
    assert v.trump is not None
    return (len(w.cards) > 2 and bool(_out(v) >> w.cards[2] & 1)
            and bool(ABOVE[v.trump][a] >> w.cards[2] & 1))


def names_stronger_out(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's second card is still out and above ``a`` in its plain."""
    assert v.trump is not None
    return (len(w.cards) > 1 and bool(_out(v) >> w.cards[1] & 1)
            and bool(ABOVE[v.trump][a] >> w.cards[1] & 1))


def partner_master(v: SeatView, a: int, w: Why) -> bool:
    return _partner_master(v)


def opponents_master(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick) and not _partner_master(v)


def beats_master(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick) and master_after(v, a, w)


def under_master(v: SeatView, a: int, w: Why) -> bool:
    return bool(v.trick) and not master_after(v, a, w)


def names_master(v: SeatView, a: int, w: Why) -> bool:
    """The sentence's second card is the expedition's master card."""
    return len(w.cards) > 1 and w.cards[1] == _master_card(v)


def led_dry(v: SeatView, a: int, w: Why) -> bool:
    assert v.trump is not None
    return bool(v.trick) and v.trump < NO_TRUMPS and plain_of(v.trick[0]) != v.trump


def master_flooded(v: SeatView, a: int, w: Why) -> bool:
    assert v.trump is not None
    m = _master_card(v)
    return m is not None and _flooded(m, v.trump)


def master_dry(v: SeatView, a: int, w: Why) -> bool:
    assert v.trump is not None
    m = _master_card(v)
    return m is not None and not _flooded(m, v.trump)


def points_on_table(v: SeatView, a: int, w: Why) -> bool:
    """``points``: the expedition's points once ``a`` is played, more than none."""
    total = sum(_pts(v, x) for x in v.trick) + _pts(v, a)
    return w.points == total and total > 0


def nothing_on_table(v: SeatView, a: int, w: Why) -> bool:
    return sum(_pts(v, x) for x in v.trick) + _pts(v, a) == 0


def points_of_card(v: SeatView, a: int, w: Why) -> bool:
    return w.points == _pts(v, a) and _pts(v, a) > 0


def no_points(v: SeatView, a: int, w: Why) -> bool:
    return _pts(v, a) == 0


def cheapest_legal(v: SeatView, a: int, w: Why) -> bool:
    """No legal card is worth fewer points than ``a``."""
    return all(_pts(v, x) >= _pts(v, a) for x in v.legal_actions())


def holds_richer(v: SeatView, a: int, w: Why) -> bool:
    """Another card in hand is worth more points than ``a`` ("keep your strong cards")."""
    return any(_pts(v, x) > _pts(v, a) for x in _cards(v.hand & ~(1 << a)))


def keeps_snake(v: SeatView, a: int, w: Why) -> bool:
    """``cards`` = (a, a water snake in hand, its crocodile still out), of a plain that
    floods (the flooded one, or any in all trumps), ``a`` not that water snake."""
    assert v.trump is not None
    if len(w.cards) != 3:
        return False
    _, snake, croc = w.cards
    plain = plain_of(snake)
    floods = plain == v.trump or v.trump == ALL_TRUMPS
    return (floods and snake == card(plain, WATER_SNAKE) and croc == card(plain, CROCODILE)
            and a != snake and bool(v.hand >> snake & 1) and bool(_out(v) >> croc & 1))


def stronger_held(v: SeatView, a: int, w: Why) -> bool:
    """A card of ``a``'s plain above it is in hand."""
    assert v.trump is not None
    return bool(ABOVE[v.trump][a] & v.hand)


def none_stronger_held(v: SeatView, a: int, w: Why) -> bool:
    assert v.trump is not None
    return not ABOVE[v.trump][a] & v.hand


def single_of_plain(v: SeatView, a: int, w: Why) -> bool:
    return v.hand & PLAIN_MASKS[plain_of(a)] == 1 << a


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


_DRAW: tuple[Claim, ...] = (leading, flooded_card, flooded_out, rel.opponent_may_hold_flooded)
_FOLLOW_PARTNER: tuple[Claim, ...] = (following, partner_master, under_master, names_card)
_FOLLOW_OPP: tuple[Claim, ...] = (following, opponents_master, under_master, names_card)
_INTERCEPT: tuple[Claim, ...] = (following, opponents_master, led_dry, flooded_card,
                                 beats_master, names_card)

# What each sentence states (en.json / fr.json ``teach.why.<key>``), as claims that must all
# hold in the seat's view for the sentence to be said.
CLAIMS: dict[str, tuple[Claim, ...]] = {
    # cards
    "only": (only_legal,),
    "play": (is_legal, names_card),
    "draw": (*_DRAW, lists_unbeaten_flooded),
    "draw_one": (*_DRAW, names_card, strongest_flooded_left),
    "lead_flooded": (*_DRAW, names_card),
    "master": (is_legal, names_card, names_plain, wins_for_sure, rel.no_stronger_held),
    "master_kept": (is_legal, names_card, names_plain, wins_for_sure, rel.names_stronger_held),
    "master_unless": (is_legal, names_card, names_plain, master_after, top_of_plain,
                      rel.opponent_after_may_intercept, rel.no_stronger_held),
    "master_team": (is_legal, names_card, names_plain, rel.no_opponent_beats, top_of_plain,
                    rel.no_stronger_held),
    "climb": (following, is_legal, names_card, beats_master, names_master, names_higher_out,
              rel.opponent_may_hold_third),
    "take_lead": (following, is_legal, names_card, beats_master, names_master),
    "keep_snake": (is_legal, names_card, keeps_snake, dry_card),
    "keep_snake_plain": (is_legal, names_card, keeps_snake),
    "lead": (leading, is_legal, names_card, names_plain, stronger_held),
    "lead_small": (leading, is_legal, names_card, names_plain, no_points),
    "lead_single": (leading, is_legal, names_card, names_plain, single_of_plain),
    "lead_top": (leading, is_legal, names_card, names_plain, none_stronger_held,
                 names_stronger_out),
    "partner_points": (*_FOLLOW_PARTNER, is_legal, points_of_card),
    "partner_small": (*_FOLLOW_PARTNER, is_legal, holds_richer),
    "partner_any": (*_FOLLOW_PARTNER, is_legal),
    "partner_over": (following, is_legal, partner_master, beats_master, names_card,
                     names_master),
    "intercept": (*_INTERCEPT, is_legal, master_dry, points_on_table),
    "intercept_bare": (*_INTERCEPT, is_legal, master_dry, names_master, nothing_on_table),
    "overintercept": (*_INTERCEPT, is_legal, master_flooded, names_master, points_on_table),
    "overintercept_bare": (*_INTERCEPT, is_legal, master_flooded, names_master,
                           nothing_on_table),
    "give_nothing": (*_FOLLOW_OPP, is_legal, no_points, rel.cannot_take_lead),
    "give_least": (*_FOLLOW_OPP, is_legal, points_of_card, cheapest_legal, rel.cannot_take_lead),
    "under": (*_FOLLOW_OPP, is_legal, names_master),
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
                  lists_strong_in_hand),
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


def check(view: SeatView, action: int, why: Why) -> list[str]:
    """The names of ``why``'s claims that do not hold at ``view`` for ``action`` (empty:
    the sentence is true there).  A key without declared claims fails as ``unknown``."""
    claims = CLAIMS.get(why.key)
    if claims is None:
        return ["unknown"]
    return [f.__name__ for f in claims if not f(view, action, why)]


def claims_hold(view: SeatView, action: int, why: Why) -> bool:
    return not check(view, action, why)


def _first_true(view: SeatView, action: int, candidates: Iterator[Why]) -> Why:
    """The first candidate whose claims all hold (the last one always does)."""
    last = None
    for why in candidates:
        if claims_hold(view, action, why):
            return why
        last = why
    assert last is not None
    return last


# -- cards ----------------------------------------------------------------------------------------


def _top_trumps(hand: int, out: int, trump: int) -> list[int]:
    """The flooded cards of ``hand`` that no card still out beats, strongest first."""
    key = KEY[trump]
    mine = sorted(_cards(hand & PLAIN_MASKS[trump]), key=lambda c: -key[c])
    return [c for c in mine if not ABOVE[trump][c] & out]


def _keep_snake(c: int, trump: int) -> Why | None:
    """Playing ``c`` keeps a water snake from its crocodile: in a trump contract the
    flooded one (``c`` another plain's card); in all-trumps the one of ``c``'s own plain.
    No-trumps: the water snake is a small dry card, there is nothing to keep."""
    if trump == ALL_TRUMPS:
        plain, key = plain_of(c), "keep_snake_plain"
    elif trump < NO_TRUMPS and plain_of(c) != trump:
        plain, key = trump, "keep_snake"
    else:
        return None
    return Why(key, (c, card(plain, WATER_SNAKE), card(plain, CROCODILE)), trump=trump)


def _above_out(c: int, out: int, trump: int) -> int:
    """The strongest card of ``c``'s plain still out above it (or ``c``)."""
    above = _cards(ABOVE[trump][c] & out)
    return max(above, key=lambda x: KEY[trump][x]) if above else c


def _card_reasons(view: SeatView, c: int) -> Iterator[Why]:
    """The reasons for card ``c``, the preferred first; ``explain_card`` says the first
    whose claims hold."""
    assert view.trump is not None
    trump = view.trump
    pts = PTS[trump]
    out = _out(view)
    p = plain_of(c)
    higher = _above_out(c, out, trump)
    yield Why("only", (c,), trump=trump)
    trick = view.trick
    if not trick:
        if _flooded(c, trump):
            tops = _top_trumps(view.hand, out, trump)
            yield Why("draw", tuple(tops), trump, count=len(tops), trump=trump)
            yield Why("draw_one", (c,), trump, trump=trump)
            yield from rel.mastery(c, p, view.hand, trump)
            yield Why("lead_flooded", (c,), trump, trump=trump)
        else:
            yield from rel.mastery(c, p, view.hand, trump)
        snake = _keep_snake(c, trump)
        if snake:
            yield snake
        yield Why("lead_small", (c,), p, trump=trump)
        yield Why("lead", (c,), p, trump=trump)
        yield Why("lead_single", (c,), p, trump=trump)
        yield Why("lead_top", (c, higher), p, trump=trump)
        yield Why("play", (c,), trump=trump)
        return
    master = trick[master_index(trick, trump)]
    on_table = sum(pts[x] for x in trick) + pts[c]
    # beating the opponents' card with a flooded one; winning for sure
    if _flooded(c, trump):
        kind = "overintercept" if _flooded(master, trump) else "intercept"
        yield Why(kind + "_bare", (c, master), trump=trump)
        yield Why(kind, (c, master), points=on_table, trump=trump)
    yield from rel.mastery(c, p, view.hand, trump, ("master", "master_kept"))
    # the partner master
    yield Why("partner_over", (c, master), trump=trump)
    if pts[c] >= 3:
        yield Why("partner_points", (c,), points=pts[c], trump=trump)
    yield Why("partner_small", (c,), trump=trump)
    yield Why("partner_any", (c,), trump=trump)
    # the opponents master: beating them for now...
    yield from rel.mastery(c, p, view.hand, trump, ("master_unless", "master_team"))
    yield Why("climb", (c, master, higher), trump=trump)
    yield Why("take_lead", (c, master), trump=trump)
    # ... or not
    snake = _keep_snake(c, trump)
    if snake:
        yield snake
    yield Why("give_nothing", (c,), trump=trump)
    yield Why("give_least", (c,), points=pts[c], trump=trump)
    yield Why("under", (c, master), trump=trump)
    yield Why("play", (c,), trump=trump)


def explain_card(view: SeatView, c: int) -> Why:
    """Why play card ``c`` now (``view`` is the seat's view at its turn to play): the first
    reason whose claims hold; the sentence fits the contract's kind (see the module's
    docstring)."""
    return _first_true(view, c, _card_reasons(view, c))


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
        # still be named in round 2, and an opponent who takes now must face them.
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


# -- wording ---------------------------------------------------------------------------------


def _tr(key: str, language: str | None, **kw: object) -> str:
    from beloz.i18n import tr, tr_in

    return tr(key, **kw) if language is None else tr_in(language, key, **kw)


def animal_word(c: int, form: str, language: str | None = None) -> str:
    """A card's animal as a word: ``name`` ("water snake"), ``the`` ("the water snake"),
    ``of`` ("of the water snake"; French: "du serpent d'eau")."""
    return _tr(f"teach.animal.{ANIMALS[c & 7]}.{form}", language)


def card_word(c: int, form: str, trump: int | None, language: str | None = None) -> str:
    """A card as words (forms as ``animal_word``), its plain named unless it is flooded:
    "the North crocodile" / "le crocodile du Nord", but "the crocodile" when North floods."""
    if plain_of(c) == trump:
        return animal_word(c, form, language)
    return _tr(
        f"teach.card.{form}", language,
        animal=animal_word(c, "name", language), the=animal_word(c, "the", language),
        of=animal_word(c, "of", language), plain=_tr(f"table.plain.{plain_of(c)}", language),
        of_plain=_tr(f"teach.of_plain.{plain_of(c)}", language),
    )


def seat_word(relative: int, language: str | None = None) -> str:
    """A seat as the viewer says it, from its place relative to the viewer (1, 2, 3 in the
    order of the table's names): "your partner" (2), an opponent by the name of its place
    seen from the viewer, who always sits at the bottom."""
    if relative % 4 == 2:
        return _tr("teach.contrast.seat.partner", language)
    return _tr(f"table.seat.{relative % 4}", language)


def sentence(why: Why, language: str | None = None) -> str:
    """The reason as one sentence."""
    cards, trump = why.cards, why.trump
    kw: dict[str, object] = {}
    if cards:
        kw["animal"] = animal_word(cards[0], "name", language)
        kw["card"] = card_word(cards[0], "name", trump, language)
        kw["of_card"] = card_word(cards[0], "of", trump, language)
    if len(cards) > 1:
        kw["other"] = card_word(cards[1], "the", trump, language)
        kw["other_card"] = card_word(cards[1], "name", trump, language)
    if len(cards) > 2:
        kw["third"] = card_word(cards[2], "the", trump, language)
    if why.key.startswith("vs.") and len(cards) > 1:  # comparative: (best, other, ...)
        kw["alt"] = card_word(cards[1], "name", trump, language)
        if len(cards) > 2:
            kw["master"] = card_word(cards[2], "name", trump, language)
        if len(cards) > 3:
            kw["fourth"] = card_word(cards[3], "the", trump, language)
    if why.seat is not None:
        kw["seat"] = seat_word(why.seat, language)
    if why.alt_plain is not None:
        kw["alt_plain"] = _tr(f"table.plain.{why.alt_plain}", language)
    if why.key in ("call.carre", "call.at_carre") and cards:
        kw["carre"] = _tr(f"teach.carre_of.{ANIMALS[cards[0] & 7]}", language)
    if why.plain is not None:
        kw["plain"] = _tr(f"table.plain.{why.plain}", language)
    if why.points is not None:
        kw["points"] = why.points
    if why.count is not None:
        kw["count"] = why.count
    words = [card_word(c, "the", trump, language) for c in cards]
    if len(words) > 1:
        kw["list"] = _tr("teach.list", language, head=", ".join(words[:-1]), last=words[-1])
    elif words:
        kw["list"] = words[0]
    if why.key.startswith("vs."):
        kw["with_list"] = (_tr("teach.with_list", language, list=kw["list"]) if words
                           else _tr("teach.with_none", language))
    return _tr(f"teach.why.{why.key}", language, **kw)


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


def explain_action(view: SeatView, action: int) -> Why:
    """Why any legal action at the seat's turn: a card, a bid or a call."""
    if 0 <= action < 32:
        return explain_card(view, action)
    if view.ruleset.bidding is Bidding.AUCTION:
        return explain_call(view, action)
    return explain_bid(view, action)
