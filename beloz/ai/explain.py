"""Why a card or a bid: one plain sentence in belote terms, from a seat's view only.

``explain_card(view, card)`` and ``explain_bid(view, action)`` name the reason as a
``Why`` (a string key and its arguments: cards, a plain, points), and ``sentence(why)``
words it in the current language (or the one given) through ``beloz.i18n``: "Your lion is
master in East: it wins this expedition", "Your partner is master: give him the
leopard's 10 points", "Draw the flooded cards: you hold the crocodile and the water snake",
"Keep your water snake: the crocodile is still out".

The explainer does not judge a card (``review`` and the PIMC evaluation do): it says what
the card does in the expedition, with the facts a player at that seat can see — the
expedition so far, its master, the partner, the cards still out (neither held nor played).
No pygame here.

Each card sentence holds for the contract it is said in (``Contract``'s kinds, RULES.md
§9.3): in a trump contract one plain floods and its cards intercept the others, so drawing
the flooded cards, intercepting and keeping the water snake from the crocodile are spoken
of, and a dry master card wins only if no flooded card is left to intercept it.  In
no-trumps nothing floods and in all-trumps every plain floods with none above another: no
card intercepts, a master card wins, and nothing is said of "the flooded cards"; in
all-trumps each plain's water snake fears its own crocodile, named with its plain.
"""

from __future__ import annotations

from dataclasses import dataclass

from beloz.rules.cards import (
    ALL_TRUMPS,
    ANIMALS,
    CROCODILE,
    LION,
    NO_TRUMPS,
    PLAIN_MASKS,
    WATER_SNAKE,
    card,
)
from beloz.rules.state import PASS, TAKE, SeatView, action_plain

from .tables import ABOVE, KEY, PTS

ALL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class Why:
    """A reason: ``key`` names the sentence (``teach.why.<key>``); ``cards`` are the cards
    it speaks of (the first one is the card played), ``plain`` a plain, ``points`` a number
    of points, ``count`` a number of cards."""

    key: str
    cards: tuple[int, ...] = ()
    plain: int | None = None
    points: int | None = None
    count: int | None = None
    trump: int | None = None  # the flooded plain: its cards need no plain in a sentence


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _master_pos(trick: tuple[int, ...], trump: int) -> int:
    key = KEY[trump]
    lead = trick[0] >> 3
    m = 0
    for i in range(1, len(trick)):
        p = trick[i] >> 3
        if (p == trump or p == lead) and key[trick[i]] > key[trick[m]]:
            m = i
    return m


def _top_trumps(hand: int, out: int, trump: int) -> list[int]:
    """The flooded cards of ``hand`` that no card still out beats, strongest first."""
    key = KEY[trump]
    mine = sorted(_cards(hand & PLAIN_MASKS[trump]), key=lambda c: -key[c])
    return [c for c in mine if not ABOVE[trump][c] & out]


def _keep_snake(c: int, legal: list[int], out: int, trump: int) -> Why | None:
    """Playing ``c`` keeps a water snake that its crocodile, still out, would take: in a
    trump contract the flooded one (``c`` another plain's card); in all-trumps the one of
    ``c``'s own plain (``c`` a smaller card of it).  No-trumps: the water snake is a small
    dry card, there is nothing to keep."""
    if trump == NO_TRUMPS:
        return None
    if trump == ALL_TRUMPS:
        plain, key = c >> 3, "keep_snake_plain"
    elif c >> 3 != trump:
        plain, key = trump, "keep_snake"
    else:
        return None
    snake, croc = card(plain, WATER_SNAKE), card(plain, CROCODILE)
    if c != snake and snake in legal and out >> croc & 1:
        return Why(key, (c, snake, croc), trump=trump)
    return None


def _master(c: int, out: int, trump: int, certain: bool) -> Why:
    """``c`` beats every card of its plain still out: it wins the expedition, unless (in a
    trump contract, ``c`` dry and not ``certain``) a flooded card still out intercepts it."""
    p = c >> 3
    if trump < NO_TRUMPS and p != trump and not certain and out & PLAIN_MASKS[trump]:
        return Why("master_unless", (c,), p, trump=trump)
    return Why("master", (c,), p, trump=trump)


def explain_card(view: SeatView, c: int) -> Why:
    """Why play card ``c`` now (``view`` is the seat's view at its turn to play); the
    sentence fits the contract's kind (see the module's docstring)."""
    assert view.trump is not None
    trump = view.trump  # a flooded plain 0..3, NO_TRUMPS or ALL_TRUMPS
    key, pts = KEY[trump], PTS[trump]
    legal = view.legal_actions()
    if len(legal) == 1:
        return Why("only", (c,), trump=trump)
    out = ALL & ~view.played & ~view.hand  # held by the other seats
    keep_snake = _keep_snake(c, legal, out, trump)
    trick = view.trick
    if not trick:
        if c >> 3 == trump:  # only in a trump contract: one plain floods
            tops = _top_trumps(view.hand, out, trump)
            if c in tops and out & PLAIN_MASKS[trump]:
                if len(tops) > 1:
                    return Why("draw", tuple(tops), trump, count=len(tops), trump=trump)
                return Why("draw_one", (c,), trump, trump=trump)
            return Why("lead_flooded", (c,), trump, trump=trump)
        if not ABOVE[trump][c] & out:
            return _master(c, out, trump, certain=False)
        if keep_snake:
            return keep_snake
        if pts[c] == 0:
            return Why("lead_small", (c,), c >> 3, trump=trump)
        return Why("lead", (c,), c >> 3, trump=trump)
    lead = trick[0] >> 3
    m = _master_pos(trick, trump)
    master = trick[m]
    partner_master = len(trick) - m == 2
    on_table = sum(pts[x] for x in trick) + pts[c]
    p = c >> 3
    beats = (p == trump or p == lead) and key[c] > key[master]
    last = len(trick) == 3
    if partner_master and not beats:
        if pts[c] >= 3:
            return Why("partner_points", (c,), points=pts[c], trump=trump)
        return Why("partner_small", (c,), trump=trump)
    if beats:
        if p == trump and lead != trump:  # only in a trump contract
            kind = "overintercept" if master >> 3 == trump else "intercept"
            if not on_table:  # nothing to win yet: the card takes the lead
                return Why(kind + "_bare", (c, master), trump=trump)
            return Why(kind, (c, master), points=on_table, trump=trump)
        if last or not ABOVE[trump][c] & out:
            return _master(c, out, trump, certain=last)
        return Why("climb", (c, master), trump=trump)
    if keep_snake:
        return keep_snake
    if pts[c] == 0:
        return Why("give_nothing", (c,), trump=trump)
    return Why("give_least", (c,), points=pts[c], trump=trump)


def explain_bid(view: SeatView, action: int) -> Why:
    """Why take, name a plain or pass (``view`` at the seat's turn to bid): the flooded
    cards the seat would hold, counting the turned card when it would receive it."""
    plain = action_plain(action)
    if action == TAKE or (action == PASS and len(view.bids) < 4):
        target = view.turned >> 3
    elif plain is not None:
        target = plain
    else:  # passing in round 2: speak of the seat's longest plain
        target = max(range(4), key=lambda q: ((view.hand & PLAIN_MASKS[q]).bit_count(), -q))
    cards = view.hand
    if target == view.turned >> 3 and (action == TAKE or len(view.bids) < 4):
        cards |= 1 << view.turned
    trumps = cards & PLAIN_MASKS[target]
    key = KEY[target]
    strong = [c for c in sorted(_cards(trumps), key=lambda c: -key[c])
              if c & 7 in (CROCODILE - 1, WATER_SNAKE - 1, LION - 1)]
    n = trumps.bit_count()
    if action == PASS:
        return Why("pass" if strong else "pass_none", tuple(strong), target, count=n,
                   trump=target)
    return Why("take" if strong else "take_none", tuple(strong), target, count=n, trump=target)


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
    if c >> 3 == trump:
        return animal_word(c, form, language)
    return _tr(
        f"teach.card.{form}", language,
        animal=animal_word(c, "name", language), the=animal_word(c, "the", language),
        of=animal_word(c, "of", language), plain=_tr(f"table.plain.{c >> 3}", language),
        of_plain=_tr(f"teach.of_plain.{c >> 3}", language),
    )


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
    return _tr(f"teach.why.{why.key}", language, **kw)


# -- the auction's calls (RULES.md §9.3) -------------------------------------------------------


def _strong_for(hand: int, order: int) -> list[int]:
    """The cards of ``hand`` that make a contract of card order ``order``: in a trump plain
    its crocodile, water snake and lion; in no trumps the lions and leopards; in all trumps
    the crocodiles and water snakes."""
    from beloz.rules.cards import ALL_TRUMPS, LEOPARD, NO_TRUMPS

    numbers: tuple[int, ...]
    plains: tuple[int, ...] = (0, 1, 2, 3)
    if order == NO_TRUMPS:
        numbers = (LION, LEOPARD)
    elif order == ALL_TRUMPS:
        numbers = (CROCODILE, WATER_SNAKE)
    else:
        numbers, plains = (CROCODILE, WATER_SNAKE, LION), (order,)
    return [card(p, n) for n in numbers for p in plains if hand >> card(p, n) & 1]


def explain_call(view: SeatView, action: int) -> Why:
    """Why a call of the auction (``view`` at the seat's turn to call, its five cards): a
    contract by the cards that make it, double and redouble by the cards against or for the
    standing contract, a pass by the standing contract (the partner's, or too high) or, when
    nobody has called yet, by the seat's longest plain.  Keys ``call.*``."""
    from beloz.rules.cards import ALL_TRUMPS, NO_TRUMPS
    from beloz.rules.state import DOUBLE, REDOUBLE, action_contract, auction

    hand = view.hand
    standing = auction(view.ruleset, view.bids, view.dealer)
    contract = action_contract(action)
    if contract is not None:
        order = contract.order
        strong = _strong_for(hand, order)
        if order == NO_TRUMPS:
            return Why("call.nt" if strong else "call.nt_none", tuple(strong),
                       count=len(strong), trump=NO_TRUMPS)
        if order == ALL_TRUMPS:
            return Why("call.at" if strong else "call.at_none", tuple(strong),
                       count=len(strong), trump=ALL_TRUMPS)
        n = (hand & PLAIN_MASKS[order]).bit_count()
        return Why("call.plain" if strong else "call.plain_none", tuple(strong), order,
                   count=n, trump=order)
    if action in (DOUBLE, REDOUBLE) and standing.contract is not None:
        order = standing.contract.order
        strong = _strong_for(hand, order)
        key = "call.double" if action == DOUBLE else "call.redouble"
        return Why(key if strong else key + "_none", tuple(strong), count=len(strong),
                   trump=order if order < 4 else None)
    if standing.contract is not None and standing.bidder is not None:
        if (standing.bidder - view.seat) % 2 == 0:
            return Why("call.pass_partner")
        return Why("call.pass_high")
    longest = max(range(4), key=lambda q: ((hand & PLAIN_MASKS[q]).bit_count(), -q))
    return Why("call.pass_open", plain=longest, count=(hand & PLAIN_MASKS[longest]).bit_count())
