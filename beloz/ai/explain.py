"""Why a card: one plain sentence in belote terms, from a seat's view only.

``explain_card(view, card)`` (and, for a bid or a call, ``explain_bid``'s ``explain_bid``
and ``explain_call``; ``explain_action`` any of them) name the reason as a ``Why`` (a string
key and its arguments: cards, a plain, points, a count), and ``sentence(why)`` words it, a
card's, a bid's or a call's, in the current language (or the one given)
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

from collections.abc import Iterable, Iterator
from dataclasses import replace

from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    ANIMALS,
    CROCODILE,
    NO_TRUMPS,
    PLAIN_MASKS,
    WATER_SNAKE,
    card,
    plain_of,
)
from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from . import relevance as rel
from .explain_bid import CLAIMS as BID_CLAIMS
from .explain_bid import (
    Claim,
    explain_bid,
    explain_call,
    failing,
    first_true,
    hold,
    is_legal,
)
from .tables import ABOVE, KEY, PTS

ALL = (1 << 32) - 1


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


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


# -- claims --------------------------------------------------------------------------------------


def _pts(view: SeatView, c: int) -> int:
    assert view.trump is not None
    return PTS[view.trump][c]


def only_legal(v: SeatView, a: int, w: Why) -> bool:
    return v.legal_actions() == [a]


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


def counts_above_out(v: SeatView, a: int, w: Why) -> bool:
    """``count``: the cards of ``a``'s plain still out above it, one or more."""
    assert v.trump is not None
    return w.count == (ABOVE[v.trump][a] & _out(v)).bit_count() > 0


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
    """Another card in hand is worth more points than ``a``: its points are what is kept."""
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


_DRAW: tuple[Claim, ...] = (leading, flooded_card, flooded_out, rel.opponent_may_hold_flooded)
_FOLLOW_PARTNER: tuple[Claim, ...] = (following, partner_master, under_master, names_card)
_FOLLOW_OPP: tuple[Claim, ...] = (following, opponents_master, under_master, names_card)
_INTERCEPT: tuple[Claim, ...] = (following, opponents_master, led_dry, flooded_card,
                                 beats_master, names_card)

def takes_third(v: SeatView, a: int, w: Why) -> bool:
    """The third card named is another legal card of the seat's that would be the
    expedition's master played now (the card kept by a duck)."""
    if len(w.cards) < 3 or not v.trick or w.cards[2] == a:
        return False
    assert v.trump is not None
    m = v.trick[master_index(v.trick, v.trump)]
    x = w.cards[2]
    return x in v.legal_actions() and rel.beats(x, m, v.trick[0] >> 3, v.trump)


def partner_may_beat(v: SeatView, a: int, w: Why) -> bool:
    """The partner plays after the seat and may hold a card that beats the expedition's
    master once ``a`` is played."""
    return v.seat ^ 2 in rel.seats_after(v) and not rel.partner_cannot_beat(v, a, w)


# What each sentence states (en.json / fr.json ``teach.why.<key>``), as claims that must all
# hold in the seat's view for the sentence to be said.
CLAIMS: dict[str, tuple[Claim, ...]] = {
    # cards
    "only": (only_legal,),
    "play": (is_legal, names_card),
    "draw": (*_DRAW, lists_unbeaten_flooded),
    "draw_one": (*_DRAW, names_card, strongest_flooded_left),
    "lead_flooded_lone": (*_DRAW, names_card, rel.lone_flooded_under),
    "lead_flooded": (*_DRAW, names_card, rel.counts_opponents_flooded),
    "master": (is_legal, names_card, names_plain, wins_for_sure, rel.no_stronger_held),
    "master_kept": (is_legal, names_card, names_plain, wins_for_sure, rel.names_stronger_held),
    "master_unless": (is_legal, names_card, names_plain, master_after, top_of_plain,
                      rel.opponent_after_may_intercept, rel.no_stronger_held),
    "master_team": (is_legal, names_card, names_plain, rel.no_opponent_beats, top_of_plain,
                    rel.no_stronger_held),
    "climb": (following, is_legal, names_card, beats_master, names_master, names_higher_out,
              rel.opponent_may_hold_third, counts_above_out),
    "take_lead": (following, is_legal, names_card, beats_master, names_master),
    "keep_snake": (is_legal, names_card, keeps_snake, dry_card),
    "keep_snake_plain": (is_legal, names_card, keeps_snake),
    "lead": (leading, is_legal, names_card, names_plain, stronger_held),
    "lead_small": (leading, is_legal, names_card, names_plain, no_points),
    "lead_single": (leading, is_legal, names_card, names_plain, single_of_plain,
                    rel.holds_a_flooded_card),
    "lead_top": (leading, is_legal, names_card, names_plain, none_stronger_held,
                 names_stronger_out, counts_above_out),
    "partner_points": (*_FOLLOW_PARTNER, is_legal, points_of_card, rel.partner_safe,
                       rel.richest_legal),
    "partner_small": (*_FOLLOW_PARTNER, is_legal, holds_richer, rel.partner_safe),
    "partner_small_open": (*_FOLLOW_PARTNER, is_legal, holds_richer, rel.partner_unsafe),
    "partner_any": (*_FOLLOW_PARTNER, is_legal),
    "partner_over": (following, is_legal, partner_master, beats_master, names_card,
                     names_master),
    "intercept": (*_INTERCEPT, is_legal, master_dry, points_on_table),
    "intercept_bare": (*_INTERCEPT, is_legal, master_dry, names_master, nothing_on_table),
    "overintercept": (*_INTERCEPT, is_legal, master_flooded, names_master, points_on_table),
    "overintercept_bare": (*_INTERCEPT, is_legal, master_flooded, names_master,
                           nothing_on_table),
    "give_nothing": (*_FOLLOW_OPP, is_legal, no_points, rel.cannot_take_lead,
                     rel.partner_cannot_beat),
    "give_least": (*_FOLLOW_OPP, is_legal, points_of_card, cheapest_legal, rel.cannot_take_lead,
                   rel.partner_cannot_beat),
    # not "the opponents are master" while the expedition is still open (teacher set H,
    # classique-4937: a duck; beloz-1389: partner plays last)
    "under_open": (*_FOLLOW_OPP, is_legal, names_master, partner_may_beat),
    "under_open_points": (*_FOLLOW_OPP, is_legal, names_master, partner_may_beat,
                          points_of_card),
    "duck": (*_FOLLOW_OPP, is_legal, names_master, takes_third),
    "under": (*_FOLLOW_OPP, is_legal, names_master),
    # bids and calls (``explain_bid``)
    **BID_CLAIMS,
}


def check(view: SeatView, action: int, why: Why) -> list[str]:
    """The names of ``why``'s claims that do not hold at ``view`` for ``action`` (empty:
    the sentence is true there).  A key without declared claims fails as ``unknown``."""
    return failing(CLAIMS, view, action, why)


def claims_hold(view: SeatView, action: int, why: Why) -> bool:
    """All of ``why``'s claims hold, in their order: the first that fails stops the others."""
    return hold(CLAIMS, view, action, why)


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
            k = rel.know(view)
            theirs = (k.may[view.seat ^ 1] | k.may[view.seat ^ 3]) & out & PLAIN_MASKS[trump]
            # a defender's lone flooded card: the takers' reason to draw is not his (teacher
            # set K, beloz-4324: "each one that falls now cannot intercept your other cards
            # later" said to a defender whose lone leopard falls under higher ones anyway)
            above = (ABOVE[trump][c] & out).bit_count()
            yield Why("lead_flooded_lone", (c,), trump, count=above, trump=trump)
            yield Why("lead_flooded", (c,), trump, count=theirs.bit_count(), trump=trump)
        else:
            yield from rel.mastery(c, p, view.hand, trump)
        snake = _keep_snake(c, trump)
        if snake:
            yield snake
        yield Why("lead_small", (c,), p, trump=trump)
        yield Why("lead", (c,), p, trump=trump)
        yield Why("lead_single", (c,), p, trump=trump)
        # how many are out above it, not only the strongest (watch set K, bulgare-4748-9:
        # "though the North lion is still out above it", the leopard, elephant and
        # rhinoceros out above it too)
        yield Why("lead_top", (c, higher), p, count=(ABOVE[trump][c] & out).bit_count(),
                  trump=trump)
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
    yield Why("partner_small_open", (c,), trump=trump)  # an opponent after may beat him
    yield Why("partner_any", (c,), trump=trump)
    # the opponents master: beating them for now...
    yield from rel.mastery(c, p, view.hand, trump, ("master_unless", "master_team"))
    yield Why("climb", (c, master, higher), count=(ABOVE[trump][c] & out).bit_count(),
              trump=trump)
    yield Why("take_lead", (c, master), trump=trump)
    # ... or not
    snake = _keep_snake(c, trump)
    if snake:
        yield snake
    yield Why("give_nothing", (c,), trump=trump)
    yield Why("give_least", (c,), points=pts[c], trump=trump)
    if pts[c] > 0:  # its points the team's if the partner takes it (watch set J,
        # classique-3841-22: the crocodile's 2 points, the sentence said of every card)
        yield Why("under_open_points", (c, master), points=pts[c], trump=trump)
    yield Why("under_open", (c, master), trump=trump)
    takers = [x for x in view.legal_actions()
              if x != c and rel.beats(x, master, trick[0] >> 3, trump)]
    if takers:  # the strongest card that would take it, kept
        yield Why("duck", (c, master, max(takers, key=lambda x: KEY[trump][x])), trump=trump)
    yield Why("under", (c, master), trump=trump)
    yield Why("play", (c,), trump=trump)


def explain_card(view: SeatView, c: int, pointless: bool = False) -> Why:
    """Why play card ``c`` now (``view`` is the seat's view at its turn to play): the first
    reason whose claims hold; the sentence fits the contract's kind (see the module's
    docstring).  ``pointless``: no reason that counts points ("gives them the least (4
    points)"), said where every option scores the same and the points read as a reason
    (watch set D, beloz-7577-27)."""
    reasons = _card_reasons(view, c)
    if pointless:
        reasons = (w for w in reasons if w.points is None)
    return named_plains(view, first_true(CLAIMS, view, c, reasons))


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


def plains_in_sight(view: SeatView, cards: Iterable[int]) -> bool:
    """A flooded card among ``cards`` shares its animal with another card in sight (the
    seat's hand, the expedition on the table, ``cards``, the cards announcements showed that
    are still to play): "your crocodile" would read as the East one the seat holds, so the
    sentence names every card's plain."""
    t = view.trump
    if t is None or not 0 <= t < 4:
        return False
    listed = [c for c in cards if 0 <= c < 32]
    sight = view.hand
    for c in (*view.trick, *listed):
        sight |= 1 << c
    for shown in view.declared:  # an announcement's cards, shown to the table (watch set
        for d in shown:  # I, classique-2626-15: "the leopard" beside a shown North leopard)
            sight |= (d.cards or 0) & ~view.played
    if any(plain_of(c) == t and any(sight >> (p * 8 + (c & 7)) & 1
                                    for p in range(4) if p != t) for c in listed):
        return True
    # beside a dry plain's cards, a flooded card still out whose animal of that plain is
    # still out too reads as that plain's (teacher set V, sans-1471: "the water snake is
    # still out and may beat both" of the taker's flooded one, read as the West water snake;
    # "your water snake" is the seat's own, which it knows)
    dry = {plain_of(c) for c in listed if plain_of(c) != t}
    unseen = ~view.played & ~view.hand
    return any(plain_of(c) == t and unseen >> c & 1
               and any(unseen >> (p * 8 + (c & 7)) & 1 for p in dry) for c in listed)


def named_plains(view: SeatView, why: Why) -> Why:
    """``why`` as said at ``view``: every card with its plain where a flooded card would be
    ambiguous (``plains_in_sight``)."""
    if why.trump is not None and plains_in_sight(view, why.cards):
        return replace(why, trump=None)
    return why


def seat_word(relative: int, language: str | None = None) -> str:
    """A seat as the viewer says it, from its place relative to the viewer (1, 2, 3 in the
    order of the table's names): "your partner" (2), an opponent by the name of its place
    seen from the viewer, who always sits at the bottom."""
    if relative % 4 == 2:
        return _tr("teach.contrast.seat.partner", language)
    return _tr(f"table.seat.{relative % 4}", language)


def capot_word(ruleset: Ruleset | None, language: str | None = None) -> str:
    """What the ruleset's players call winning all eight expeditions ("capot", "valat")."""
    return _tr(f"teach.capot_word.{ruleset.capot_word if ruleset else 'capot'}", language)


def sentence(why: Why, language: str | None = None, ruleset: Ruleset | None = None) -> str:
    """The reason as one sentence (``ruleset``: its words, the valat for the capot)."""
    cards, trump = why.cards, why.trump
    kw: dict[str, object] = {"capot": capot_word(ruleset, language)}
    if cards:
        kw["animal"] = animal_word(cards[0], "name", language)
        kw["card"] = card_word(cards[0], "name", trump, language)
        kw["of_card"] = card_word(cards[0], "of", trump, language)
    if len(cards) > 1:
        kw["other"] = card_word(cards[1], "the", trump, language)
        kw["other_card"] = card_word(cards[1], "name", trump, language)
    if len(cards) > 2:
        kw["third"] = card_word(cards[2], "the", trump, language)
        kw["third_card"] = card_word(cards[2], "name", trump, language)
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
    if why.key in ("call.carre", "call.at_carre", "vs.take_carre") and cards:
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


def explain_action(view: SeatView, action: int) -> Why:
    """Why any legal action at the seat's turn: a card, a bid or a call."""
    if 0 <= action < 32:
        return explain_card(view, action)
    if view.ruleset.bidding is Bidding.AUCTION:
        return explain_call(view, action)
    return explain_bid(view, action)
