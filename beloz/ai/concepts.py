"""Why this card and not that one: the belote concepts that decide between two options.

A learner asks "why the lion and not the rhinoceros?".  ``versus(view, best, other)``
answers with the first *concept* of the catalogue that separates the two options in the
seat's view, as a ``Why`` whose key starts with ``vs.`` and whose cards are ``(best,
other, ...)``; None when no concept of the catalogue holds (the hint then says why the
best card from the sampled deals, ``contrast.py``, or describes it, ``explain.py``).

Each concept is a detector (a candidate ``Why`` built from the view) and the claims its
sentence states (``CLAIMS``: small predicates over (view, best, why), as in
``explain.CLAIMS``); a candidate is said only when all its claims hold.  The claims use
the view's inferences (``view.infer``: voids, no flooded card left, cards known held), so
"neither opponent can hold a flooded card" or "Kito plays after you and may still hold a
card that beats it" are facts of the view, never guesses.  The catalogue, most telling
first (``_card_candidates``):

- keep a master card rather than give its points (``keep_master_*``), keep the water snake
  behind a crocodile still out (``keep_snake``);
- win for sure now (``win``, ``team_wins``), and the last expedition behind it (``last``);
- the opponents have no flooded card left: do not draw your partner's (``no_flooded``);
- both opponents are void in a plain and cannot intercept (``opp_void``);
- draw the flooded cards still out, with their count and where they can be (``draw*``);
- give points to a partner who cannot be beaten (``give_sure``), risk fewer when he
  still can be (``risk_less``), do not spend a winner on his expedition (``save``);
- unblock a short plain on the partner's lead (``unblock``);
- discard from the plain you can afford to lose, keep a guard (``guard``), take the lead
  (``take``/``intercept``), give fewer points (``cheaper``).
- Bids: the plain you would name in round 2 (``pass_name``/``pass_keep``), what naming
  or taking gives (``name``/``take``), doubling their contract (``double``).

A points reason is said only when the best option gives *more* points than the other (to a
partner who cannot be beaten) or risks fewer; when the other gives more points and is worse
for another reason (it is the strongest card of its plain left), the catalogue says that
reason first.  No pygame here; words: ``teach.why.vs.*`` in both languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CROCODILE,
    NO_TRUMPS,
    PLAIN_MASKS,
    card,
    plain_of,
)
from beloz.rules.questions import belot_mate
from beloz.rules.state import (
    Phase,
    SeatView,
)
from beloz.rules.tricks import master_index

from . import explain
from . import relevance as rel
from .bid_claims import BID_CLAIMS, _bid_candidates
from .card_claims import CARD_CLAIMS, Claim
from .card_claims_belot import CLAIMS as BELOT_CLAIMS
from .card_claims_belot import candidates as belot_candidates
from .card_claims_cover import CLAIMS as COVER_CLAIMS
from .card_claims_cover import candidates as cover_candidates
from .card_claims_cover import take_candidates
from .card_claims_keep import CLAIMS as KEEP_CLAIMS
from .card_claims_keep import candidates as keep_candidates
from .card_claims_lead import (
    between_theirs,
    drive_cards,
    flooded_theirs,
    own_master,
    partner_void_above,
    shown_above,
)
from .card_claims_load import CLAIMS as LOAD_CLAIMS
from .card_claims_load import candidates as load_candidates
from .card_claims_lost import CLAIMS as LOST_CLAIMS
from .card_claims_lost import candidates as lost_candidates
from .card_facts import (
    _after_seats,
    _beaters,
    _flooded_out,
    _holders,
    _know,
    _on_table,
    _opponents,
    _out,
    _partner_winners,
    _pts,
    _rel,
    _their_may,
    _top_left,
    _trump,
    _void_cutter,
    last_points,
    shown_cards,
    shown_flooded,
)
from .explain import _beats, _cards, _lead
from .settled import settled_against, settled_now, sure_after
from .tables import ABOVE, CLIMB, KEY, PTS, TRUMPS
from .view import Knowledge

ALL = (1 << 32) - 1


def _risks(v: SeatView, k: Knowledge, b: int, o: int, master: int | None,
           with_master: tuple[int, ...], fewer: int, keep: Why | None = None
           ) -> Iterator[Why]:
    """The points reasons: the best card risks ``fewer`` points than the other; ``keep``
    (the other kept as the next master) after the danger named, before the points alone."""
    t = _trump(v)
    for s in _after_seats(v):
        if (s - v.seat) % 2 and _beaters(v, k, b, [s]):
            yield Why("vs.risk_less", with_master, points=fewer, count=fewer, seat=_rel(v, s),
                      trump=t)
            break
    if keep is not None:
        yield keep
    if master is not None:
        lead = _lead(v, b)
        both = [x for x in _cards(_out(v) & _their_may(v, still_to_play=True))
                if _beats(x, b, lead, t) and _beats(x, o, lead, t)]
        if both:
            top = max(both, key=lambda x: KEY[t][x])
            # the two cards win or lose alike: a fact whatever is still to play
            yield Why("vs.climb_cheap_same", (b, o, master, top), points=fewer, count=fewer,
                      trump=t)
            yield Why("vs.climb_cheap", (b, o, master, top), points=fewer, count=fewer, trump=t)
            yield Why("vs.climb_partner", (b, o, master, top), points=fewer, count=fewer,
                      trump=t)
        yield Why("vs.cheaper", with_master, points=fewer, count=fewer, trump=t)
    if not v.trick:  # the card that would take the other, led: the danger a learner can see
        above = [x for x in _cards(_out(v)) if plain_of(x) == plain_of(o)
                 and _beats(x, o, plain_of(o), t)
                 and any(k.may[s] >> x & 1 for s in _opponents(v))]
        if above:
            top = max(above, key=lambda x: KEY[t][x])
            yield Why("vs.lead_under", (b, o, top), points=fewer, count=fewer, trump=t)
    yield Why("vs.lead_cheap", (b, o), points=fewer, count=fewer, trump=t)


def _guard(v: SeatView, b: int, o: int) -> Why | None:
    """A guard: the other card and a higher card with points are the seat's only ones of
    their plain, a card above that one still out."""
    t = _trump(v)
    p = plain_of(o)
    mine = _cards(v.hand & PLAIN_MASKS[p] & ~(1 << o))
    if len(mine) != 1:
        return None
    g = mine[0]
    higher = _cards(ABOVE[t][g] & _out(v))
    if not higher:
        return None
    return Why("vs.guard", (b, o, g, max(higher, key=lambda x: KEY[t][x])), p, trump=t)


def _card_candidates(v: SeatView, b: int, o: int) -> Iterator[Why]:
    """The card concepts for ``b`` rather than ``o``, most telling first."""
    t = _trump(v)
    k = _know(v)
    master = v.trick[master_index(v.trick, t)] if v.trick else None
    with_master = (b, o, master) if master is not None else (b, o)
    pb, po = _pts(v, b), _pts(v, o)
    yield Why("vs.last", (b, o), points=last_points(v), trump=t)
    if not v.trick:
        # the master kept for the last expedition, a card that may lose led now (teacher set
        # O, bulgare-1720: "your leopard is the master and no flooded card is left: lead the
        # crocodile; led first, the leopard leaves your crocodile to the elephant")
        beats_b = [x for x in _cards(ABOVE[t][b] & _their_may(v)) if plain_of(x) == plain_of(b)]
        if beats_b:
            yield Why("vs.last_keep", (b, o, max(beats_b, key=lambda x: KEY[t][x])),
                      points=last_points(v), trump=t)
    sure = sure_after(v, b)
    if sure is not None and sure.kind is not None:  # what the points buy (teacher set G,
        # bulgare-1611): the contract settled with the best, not with the other
        yield Why(f"vs.sure_{sure.kind}", (b, o), points=sure.least, count=sure.most, trump=t)
    yield from lost_candidates(v, b, o)  # or settled against the team by the other's points
    if v.trick:  # the capot still alive: only the best keeps this expedition for the team,
        # or takes the first one from the other team
        yield Why("vs.capot", (b, o), count=1, trump=t)
        yield Why("vs.capot_stop", (b, o), trump=t)
    else:  # leading: the sure winner that keeps the capot alive (teacher set H, beloz-2733)
        yield Why("vs.capot_lead", (b, o), count=1, trump=t)
        # the same when only the partner may beat it (practice, beloz: the partner holds
        # the last flooded card, the turned one)
        yield Why("vs.capot_lead_team", (b, o), count=1, trump=t)
    if v.trick:  # a belot the other card would lose, discarded on another plain's lead
        # (teacher set J, bulgare-4861: "not the East elephant or rhinoceros: they are a
        # belot, lost if you discard one on another plain's lead")
        yield Why("vs.keep_belot", (b, o, belot_mate(o)), plain_of(o), points=20, trump=t)
    else:  # the belot led while it counts for sure (teacher set Z, bulgare-2347)
        yield from belot_candidates(v, b, o)
    if t < NO_TRUMPS and not v.trick and plain_of(b) != t:
        # a master card cashed while its plain still goes round: few of its cards are out
        # (teacher set G, beloz-1426 and 2108: "later an opponent will have none and cut it")
        # (counted as the opponents may hold them: watch set C, bulgare-6263-17, partner's
        # shown tierce leaves them only three West cards)
        theirs = (_their_may(v) & PLAIN_MASKS[plain_of(b)]).bit_count()
        yield Why("vs.cash", (b, o), plain_of(b), count=theirs, trump=t)
        # its first round, with up to four of its cards out, rather than another plain's
        # card that is not master (teacher set H, beloz-5896: "with your South quarte only
        # four South cards are out: the first round is the likeliest to go round uncut")
        yield Why("vs.cash_first", (b, o), plain_of(b), count=theirs, trump=t)
    if t < NO_TRUMPS and not v.trick and plain_of(b) != t:
        # the plain the partner showed he has none of, for his cut (watch set B,
        # classique-8184-5: "partner has no East: lead East for his cut")
        # said as a fact where the table knows a flooded card in his hand (teacher set N,
        # beloz-4569: "may still hold a flooded card" of a taker holding the turned lion)
        known = _cards(shown_flooded(v, v.seat ^ 2))
        if known:
            yield Why("vs.partner_cut_known", (b, o, max(known, key=lambda x: KEY[t][x])),
                      plain_of(b), trump=t)
        yield Why("vs.partner_cut", (b, o), plain_of(b), trump=t)
    if not v.trick and po > pb:
        # a card an opponent has shown (his announcement, the turned card he took) would take
        # the other card led (teacher set L, classique-4467: "the opponent before you showed
        # his carré of crocodiles: the lion led falls to it")
        shown = shown_above(v, o)
        if shown is not None:
            x, s, how = shown
            yield Why(f"vs.lead_{how}", (b, o, x), plain_of(o), seat=_rel(v, s), trump=t)
    # the same, the capot alive: every master kept is an expedition the team may still need
    # (teacher set L, sans-198 and classique-3508: "the capot is in view; each lion thrown
    # is an expedition that may go to the opponents")
    yield Why("vs.keep_master_capot", with_master, plain_of(o), count=1, trump=t)
    yield Why("vs.keep_master_partner", with_master, plain_of(o), trump=t)
    if v.trick and po > pb:
        # the partner master but beatable: the other card kept as its plain's master weighs
        # more than the points it would risk (teacher set K, sans-3170: the leopard, master
        # once partner's lion has fallen, 4 points of its cost; Kito's cut, 1)
        for s in _after_seats(v):
            if (s - v.seat) % 2:
                yield Why("vs.keep_master_risk", with_master, plain_of(o), points=po - pb,
                          count=po - pb, seat=_rel(v, s), trump=t)
    if not v.trick and CLIMB[t] >> plain_of(b) & 1:
        # a low lead where everyone must climb draws the cards above the seat's own high
        # card of the plain (teacher set H, bulgare-743 and 5552: "everyone must climb, so
        # the rhinoceros draws the crocodile or the lion, and your water snake is master")
        p = plain_of(b)
        mine = _cards(v.hand & PLAIN_MASKS[p] & ABOVE[t][b])
        if mine:
            h = max(mine, key=lambda x: KEY[t][x])
            above = _cards(ABOVE[t][h] & _out(v))
            if above:
                x = max(above, key=lambda y: KEY[t][y])
                yield Why("vs.climb_draw", (b, o, x, h), p, count=len(above), trump=t)
    # the last card of a plain, the master kept as the way back in, the big flooded card
    # kept by cutting with a small one (teacher set T)
    yield from keep_candidates(v, b, o)
    if t < NO_TRUMPS or t == ALL_TRUMPS:
        p = plain_of(o)
        yield Why("vs.keep_snake", (b, o, card(p, CROCODILE)), trump=t)
    # their capot in view: the master kept is the team's chance of an expedition (teacher
    # sets O and P, sans-2183, sans-178: "what is at stake is the capot; your lion is your
    # best chance of an expedition")
    yield Why("vs.keep_master_stop", with_master, plain_of(o), trump=t)
    yield Why("vs.keep_master", with_master, plain_of(o), trump=t)
    yield Why("vs.keep_master_open", (b, o), plain_of(o), trump=t)
    winners = _partner_winners(v, b)
    if winners:  # his strongest such card
        yield Why("vs.partner_holds", (b, o, max(winners, key=lambda x: KEY[t][x])), trump=t)
    yield Why("vs.no_flooded", (b, o), trump=t)
    yield Why("vs.no_flooded_left", (b, o), trump=t)
    if t < NO_TRUMPS and not v.trick:
        # the lead that makes an opponent void in its plain spend one of his few flooded
        # cards, the seat's own kept (practice P-sans-27)
        cutter = _void_cutter(v, plain_of(b))
        if cutter is not None:
            yield Why("vs.force_keep", (b, o), plain_of(b),
                      count=(_out(v) & TRUMPS[t]).bit_count(), seat=_rel(v, cutter), trump=t)
    if t < NO_TRUMPS:
        # the plain a flooded card kept would intercept: the seat's lone card of it, the
        # plain with the most cards still out
        lone = [p for p in range(4) if p not in (t, plain_of(b))
                and (v.hand & PLAIN_MASKS[p]).bit_count() == 1]
        if lone:
            p = max(lone, key=lambda q: ((_out(v) & PLAIN_MASKS[q]).bit_count(), -q))
            yield Why("vs.keep_cut", (b, o), plain_of(b), alt_plain=p, trump=t)
    yield Why("vs.defend_no_flooded", (b, o), trump=t)
    capot = 1 if v.tricks and all((x.winner - v.seat) % 2 == 0 for x in v.tricks) else 0
    if t < NO_TRUMPS and plain_of(b) == t:
        yield Why("vs.opp_void_flooded", (b, o), plain_of(b), trump=t)
    void = "vs.opp_void_dry" if t < NO_TRUMPS else "vs.opp_void"
    yield Why(void, (b, o), plain_of(b), count=capot, trump=t)
    guard = _guard(v, b, o)
    if guard is not None and master is not None:
        # the partner's expedition sure, a guard kept is what the choice of discard decides,
        # before the points given: "give him the 3 points of the South rhinoceros rather than
        # your West water snake" where the water snake guards the West elephant (teacher set
        # L, classique-1503; "enough, and your West water snake stays in your hand for later"
        # did not say what for either)
        yield guard
    if pb > po:
        yield Why("vs.give_sure", with_master, points=pb, trump=t)
        yield Why("vs.bank", (b, o), points=pb, trump=t)
    yield Why("vs.save", with_master, trump=t)
    if master is not None and t < NO_TRUMPS:
        # two masters, the best's plain one an opponent cuts: bank it on the partner's sure
        # expedition, keep the other for an expedition of its own (teacher set J,
        # classique-2335: "your South lion would be cut; the West lion should win")
        cutter = _void_cutter(v, plain_of(b))
        if cutter is not None:
            yield Why("vs.bank_cut", with_master, plain_of(b), seat=_rel(v, cutter), trump=t)
    yield Why("vs.enough", with_master, trump=t)
    yield Why("vs.no_overtake", with_master, trump=t)
    if master is not None and plain_of(b) == plain_of(v.trick[0]):
        # the strongest card of the led plain an opponent still to play may hold that beats
        # the partner's card: the danger the best card covers
        lead = plain_of(v.trick[0])
        threats = [x for x in _cards(_their_may(v, still_to_play=True) & PLAIN_MASKS[lead])
                   if _beats(x, master, lead, t)]
        if threats:
            top = max(threats, key=lambda x: KEY[t][x])
            yield Why("vs.cover", (b, o, master, top), lead, trump=t)
        # the same with a card that leaves one of them above it (watch set K, beloz-4747-9)
        yield from cover_candidates(v, b, o)
    m = own_master(v, o) if not v.trick else None
    if m is not None:
        # the other card led from under the seat's own master of its plain, a card an
        # opponent may hold between them (teacher set L, beloz-2692 and 4763: "the crocodile
        # led loses to any South leopard, elephant or rhinoceros still out"); before the
        # plan to draw, which the other card's own loss does not need (teacher set O,
        # classique-3681: "draw them before they can intercept your North water snake" of
        # a water snake under three North cards still out)
        between = between_theirs(v, o, m)
        if between:
            yield Why("vs.lead_away", (b, o, m, between[0]), plain_of(o), count=len(between),
                      trump=t)
    drive = drive_cards(v, b) if not v.trick else None
    if drive is not None:
        # the one card out above the best, drawn by it, and the seat's own card between them
        # master after it (watch set H, classique-8282-10: "only the South lion is above your
        # elephant: it wins or drives the lion out, and then your leopard is the best South
        # card"), against a card that many still out beat
        n_above = (ABOVE[t][o] & _out(v) & PLAIN_MASKS[plain_of(o)]).bit_count()
        key = "vs.lead_drive" if t < NO_TRUMPS else "vs.lead_drive_nt"
        yield Why(key, (b, o, *drive), plain_of(b), alt_plain=plain_of(o), count=n_above,
                  trump=t)
    if (t < NO_TRUMPS and not v.trick and plain_of(b) == t != plain_of(o)
            and flooded_theirs(v)):
        # the takers' flooded lead that the partner's shown card makes theirs, or that
        # protects his shown master of another plain (teacher sets O and P, beloz-1224:
        # "partner's tierce showed the East elephant and rhinoceros, now the masters of East:
        # draw the last flooded cards so they cannot be intercepted"; classique-2532:
        # "partner holds the water snake he took, now the master flooded card")
        n = flooded_theirs(v).bit_count()
        seen = [c for c in _cards(shown_cards(v, v.seat ^ 2)) if _top_left(v, c)]
        tops = [c for c in seen if plain_of(c) == t]
        if tops:
            yield Why("vs.draw_partner_top", (b, o, tops[0]), t, count=n, trump=t)
        side = [c for c in seen if plain_of(c) != t]
        if side and (v.hand & TRUMPS[t]).bit_count() >= n:  # a draw it can carry out
            top = max(side, key=lambda c: (PTS[t][c], KEY[t][c]))
            yield Why("vs.draw_for_partner", (b, o, top), plain_of(top), count=n, trump=t)
    # Leading a flooded card against a dry one, drawing them is the plan even when the card
    # also wins: said before winning.
    flooded_out = _flooded_out(v)
    if flooded_out:
        holders = _holders(v, flooded_out)
        n = flooded_out.bit_count()
        if len(holders) == 1:
            yield Why("vs.draw_with", (b, o), count=n, seat=_rel(v, holders[0]), trump=t)
        yield Why("vs.draw", (b, o), count=n, trump=t)
    if not v.trick and t < NO_TRUMPS:
        # the takers draw the flooded cards before they cash a master of another plain, which
        # any flooded card left could intercept (classique, seed 1212: "neither card is sure
        # to win: your North monkey risks 11 points fewer than your South lion")
        yield Why("vs.draw_first", (b, o), plain_of(o),
                  count=flooded_theirs(v).bit_count(), trump=t)
    if not v.trick and t < NO_TRUMPS and plain_of(o) == t != plain_of(b):
        # a small flooded card led by a seat too short to draw them: the flooded cards an
        # opponent may hold above it take it and the lead (teacher set T, classique-1692:
        # "with two trumps against five, don't lead the small trump")
        above = _cards(ABOVE[t][o] & flooded_theirs(v))
        if above:
            yield Why("vs.short_draw", (b, o, max(above, key=lambda x: KEY[t][x])), t,
                      count=len(above), trump=t)
    # the other card surely lost: "wins it", not "could win it" (watch set I, 2627-9)
    yield Why("vs.win_points_lost", (b, o), points=_on_table(v, b), trump=t)
    yield Why("vs.win_points", (b, o), points=_on_table(v, b), trump=t)
    yield Why("vs.win_lost", (b, o), trump=t)
    yield Why("vs.win", (b, o), trump=t)
    if pb > po:
        yield Why("vs.win_more", (b, o), points=pb - po, count=pb - po, trump=t)
    yield Why("vs.enough_self", (b, o), trump=t)
    if t < NO_TRUMPS:
        # on a flooded lead the seat climbs; on a dry one it intercepts (teacher set P,
        # beloz-1423: "intercept with your lion" of a climb on the taker's flooded meerkat)
        climb = bool(v.trick) and plain_of(v.trick[0]) == t
        yield Why("vs.keep_top_flooded_climb" if climb else "vs.keep_top_flooded", (b, o), t,
                  trump=t)
    yield Why("vs.unblock", (b, o), plain_of(b), trump=t)
    if guard is not None and master is None:  # (following, said before "enough")
        yield guard
    climb_next: Why | None = None  # (second to play: the next opponent's cards between)
    if master is not None:
        led = plain_of(v.trick[0])
        if t < NO_TRUMPS and led == plain_of(b) == plain_of(o) != t:
            # following, both take the lead now: a card an opponent still to play may hold
            # would beat the other but not the best (teacher set R, classique-698: "play low
            # and the taker, last, takes it cheaply with the South leopard or elephant")
            between = [x for x in _cards(_their_may(v, still_to_play=True))
                       if plain_of(x) == led and ABOVE[t][o] >> x & 1
                       and ABOVE[t][x] >> b & 1]
            # the other the master of the plain, above a card an opponent showed that the
            # best does not beat: kept, it takes that card (watch set I, classique-2626-15)
            for s in _opponents(v):
                for x in _cards(shown_cards(v, s) & ABOVE[t][b] & PLAIN_MASKS[led]):
                    if ABOVE[t][x] >> o & 1:
                        yield Why("vs.keep_over_shown", (b, o, x), led, seat=_rel(v, s),
                                  trump=t)
            after = _after_seats(v)  # he plays last: no partner after him to help
            if between and len(after) == 1 and (after[0] - v.seat) % 2:
                yield Why("vs.climb_over", (b, o, max(between, key=lambda x: KEY[t][x])),
                          plain_of(b), count=len(between), seat=_rel(v, after[0]), trump=t)
            # second to play: the opponent right after (teacher set S, classique-2867: "on
            # your water snake the opponent after you takes it with the elephant or crocodile")
            nxt = [x for x in between if k.may[after[0]] >> x & 1] if len(after) == 2 else []
            if nxt:
                climb_next = Why("vs.climb_over_next", (b, o, max(nxt, key=lambda x: KEY[t][x])),
                               plain_of(b), count=len(nxt), seat=_rel(v, after[0]), trump=t)
        if t < NO_TRUMPS and v.trick and plain_of(v.trick[0]) == plain_of(b) != t:
            # following, both cards take the lead now: the master spent now rather than kept
            # for a round it may not survive (watch set B, beloz-8183-18: "kept, the lion
            # meets a taker who will soon have none"); after the card the next opponent may
            # beat the other with where at most one flooded card is left to intercept later
            # (teacher set S, classique-2867: "the later round rests on that single trump")
            if climb_next is not None and (_flooded_out(v) & _their_may(v)).bit_count() <= 1:
                yield climb_next
                climb_next = None
            yield Why("vs.cash_now", (b, o), plain_of(b),
                      count=(_their_may(v) & PLAIN_MASKS[plain_of(b)]).bit_count(), trump=t)
        if climb_next is not None:
            yield climb_next
        yield Why("vs.climb_high", with_master, count=rel.opponent_beaters(v, b).bit_count(),
                  trump=t)
        yield Why("vs.intercept", with_master, points=_on_table(v, b), trump=t)
        yield Why("vs.beat", with_master, trump=t)
        yield Why("vs.take_top", with_master, plain_of(v.trick[0]), trump=t)
        # the opponent right after would take it over the other (after "nothing beats it",
        # which says more where it holds: practice, BeloZ 10)
        yield from take_candidates(v, b, o, master)
        if po > pb:
            # the expedition lost and the other card second only to one card still out:
            # both reasons in one sentence, the points given first (teacher set J,
            # bulgare-4699: "give them the monkey, not the lion's 11; the lion may win
            # later"), where the points alone fall short of the gap the values show
            above = _cards(ABOVE[t][o] & ~v.played & ~(1 << o))
            if len(above) == 1:
                yield Why("vs.give_less_keep", (*with_master, above[0]), plain_of(o),
                          points=po - pb, count=po - pb, trump=t)
            yield Why("vs.give_less", with_master, points=po - pb, count=po - pb, trump=t)
    yield Why("vs.both_masters", (b, o), plain_of(b), points=pb, count=po, trump=t)
    # the seat holds both masters of the plain, the best no cheaper: either wins the same
    # way, and the other is master after it (teacher set G, beloz-3547 and sans-969)
    yield Why("vs.both_masters_kept", (b, o), plain_of(b), trump=t)
    higher_o = _cards(ABOVE[t][o] & _out(v))
    if higher_o and t < NO_TRUMPS and not v.trick:
        # an opponent void in the best card's plain who may hold a flooded card: leading the
        # plain's strongest card, only a flooded card takes it (spending one of the few left)
        takers = [x for x in higher_o if _their_may(v) >> x & 1]
        top_o = max(takers, key=lambda x: KEY[t][x]) if takers else higher_o[0]
        cutter = _void_cutter(v, plain_of(b))
        if cutter is not None:
            yield Why("vs.force", (b, o, top_o), plain_of(b),
                      count=(_out(v) & TRUMPS[t]).bit_count(), seat=_rel(v, cutter), trump=t)
    theirs_above = _cards(ABOVE[t][o] & _their_may(v))
    if not v.trick and theirs_above:
        # neither sure: the master of its plain rather than a card an opponent may beat,
        # where the capot is the stake (teacher set J, beloz-5869: the contract made, the
        # East meerkat under the East lion still out); after the lead that makes an
        # opponent spend a flooded card (practice P-sans-27)
        yield Why("vs.capot_lead_master", (b, o, max(theirs_above, key=lambda x: KEY[t][x])),
                  plain_of(b), count=1, trump=t)
    if t < NO_TRUMPS and not v.trick:
        # the other card's plain an opponent showed he has none of: led, it may be cut;
        # after the plain led for an opponent to spend a flooded card ("vs.force")
        # (teacher set I, sans-1516: "the opponent after you has no South and cuts it")
        for s in (v.seat + v.ruleset.direction) % 4, (v.seat - v.ruleset.direction) % 4:
            # said as a fact where the table saw him keep a flooded card (teacher set O,
            # classique-1377: "may still hold a flooded card" of the taker and his turned card)
            seen = _cards(shown_flooded(v, s))
            if seen:
                yield Why("vs.cut_other_known", (b, o, max(seen, key=lambda x: KEY[t][x])),
                          alt_plain=plain_of(o), seat=_rel(v, s), trump=t)
            yield Why("vs.cut_other", (b, o), alt_plain=plain_of(o), seat=_rel(v, s), trump=t)
    if not v.trick and t >= NO_TRUMPS and plain_of(b) != plain_of(o):
        # nothing cuts: the opponent right after the seat, who has shown he has none of the
        # best card's plain, cannot take its lead, where he may beat the other (teacher set
        # R, bulgare-2068: "the taker, after you, has no West; South is where he is strong")
        s = _after_seats(v)[0]
        above = _cards(k.may[s] & PLAIN_MASKS[plain_of(o)] & ABOVE[t][o])
        if above:
            yield Why("vs.lead_next_void", (b, o, max(above, key=lambda x: KEY[t][x])),
                      plain_of(b), alt_plain=plain_of(o), count=len(above), seat=_rel(v, s),
                      trump=t)
    if not v.trick and plain_of(b) != plain_of(o):
        # the other's plain one the partner has none of: every card out above it is the
        # opponents' (teacher set V, beloz-1655)
        void_above = partner_void_above(v, o)
        if void_above:
            yield Why("vs.lead_partner_void", (b, o, void_above[0]), plain_of(b),
                      alt_plain=plain_of(o), count=len(void_above), trump=t)
    if theirs_above:  # the strongest an opponent may hold: the other hands him the lead
        # (practice classique and watch set C: the lead kept said, the lead lost not)
        out_above = _cards(ABOVE[t][o] & _out(v))
        yield Why("vs.lead_master", (b, o, max(out_above, key=lambda x: KEY[t][x])),
                  plain_of(b), count=len(out_above), trump=t)
    yield Why("vs.lead_single", (b, o), plain_of(b), trump=t)
    yield Why("vs.no_single", (b, o), plain_of(o), alt_plain=plain_of(b),
              count=(v.hand & PLAIN_MASKS[plain_of(b)]).bit_count(), trump=t)
    # the other card second only to one card still out: kept, it is the master once that
    # card has fallen (watch set B, sans-8182-6: the lion and leopard behind the crocodile);
    # after every reason about this expedition and the danger named ("vs.risk_less"),
    # before the points alone
    above_o = _cards(ABOVE[t][o] & ~v.played & ~(1 << o))
    keep = (Why("vs.keep_next", (b, o, above_o[0]), plain_of(o), trump=t)
            if len(above_o) == 1 else None)
    if keep is not None and master is not None and po > pb:
        # neither card takes the expedition now: the cheaper one given, the other kept as
        # the next master, a fact whatever is still to play (teacher set Q, classique-1732:
        # "give the 2-point crocodile, not the 4-point elephant, which wins a South
        # expedition once the lion and the leopard have gone"; said "about as good")
        yield replace(keep, key="vs.keep_next_lost", points=po - pb, count=po - pb)
    if po > pb:  # "risks N points fewer": a last resort, after every structural reason
        yield from _risks(v, k, b, o, master, with_master, po - pb, keep)
    elif keep is not None:
        yield keep
    if pb > po:
        yield Why("vs.give", with_master, points=pb, trump=t)
    yield from load_candidates(v, b, o)


def options_counted(v: SeatView, a: int, w: Why) -> bool:
    """``count``: at least two options, none more than the legal ones; the best legal."""
    return a in v.legal_actions() and w.count is not None and 2 <= w.count <= len(
        v.legal_actions())


def all_alike(v: SeatView, a: int, w: Why) -> bool:
    """Every legal card is of one plain (``plain``), worth the same points, with no card of
    another hand or of the expedition between any two of them: whichever is played, the
    hand goes the same way; ``count`` is all of them."""
    legal = v.legal_actions()
    if w.count != len(legal) or any(plain_of(c) != w.plain for c in legal):
        return False
    t = _trump(v)
    others = ~v.hand & ~v.played | sum(1 << c for c in v.trick)
    return all(PTS[t][c] == PTS[t][a] for c in legal) and not any(
        ABOVE[t][x] & ~ABOVE[t][y] & ~(1 << y) & others
        for x in legal for y in legal if KEY[t][x] < KEY[t][y])


#: "Your options are about as good": said when every option valued is within the estimate's
#: noise of the best (``review``), so its only facts of the view are the count and the best.
ABOUT: dict[str, tuple[Claim, ...]] = {"vs.about": (options_counted,),
                                       "vs.about_wide": (options_counted,),
                                       "vs.same": (options_counted,),
                                       "vs.same_small": (options_counted,),
                                       "vs.equivalent": (options_counted, all_alike)}

CLAIMS: dict[str, tuple[Claim, ...]] = {**CARD_CLAIMS, **KEEP_CLAIMS, **COVER_CLAIMS,
                                       **LOAD_CLAIMS, **LOST_CLAIMS, **BELOT_CLAIMS,
                                       **BID_CLAIMS, **ABOUT}


# -- the catalogue's entry points ------------------------------------------------------------


def check(view: SeatView, action: int, why: Why) -> list[str]:
    """The claims of ``why`` that fail at ``view`` for ``action`` (a ``vs.`` key here, any
    other the explainer's own ``explain.check``)."""
    claims = CLAIMS.get(why.key)
    if claims is None:
        return explain.check(view, action, why)
    return [f.__name__ for f in claims if not f(view, action, why)]


def claims_hold(view: SeatView, action: int, why: Why) -> bool:
    """Every claim of ``why`` holds: stops at the first that fails (in their order, the
    cheap ones first), where ``check`` lists them all (a round-2 valuation, seconds of
    search, is asked only when the claims before it hold)."""
    claims = CLAIMS.get(why.key)
    if claims is None:
        return explain.claims_hold(view, action, why)
    return all(f(view, action, why) for f in claims)


def _candidates(view: SeatView, best: int, other: int) -> Iterator[Why]:
    """The catalogue's concepts for ``best`` rather than ``other`` (both legal at the
    seat's turn), unchecked; none when they cannot be compared."""
    legal = view.legal_actions()
    if best == other or best not in legal or other not in legal:
        return iter(())
    if 0 <= best < 32:
        return iter(()) if view.trump is None else _card_candidates(view, best, other)
    return _bid_candidates(view, best, other)


def versus(view: SeatView, best: int, other: int,
           skip: frozenset[str] = frozenset()) -> Why | None:
    """The concept that decides ``best`` rather than ``other`` at ``view`` (the seat's turn,
    both legal), or None when none of the catalogue holds; concepts keyed in ``skip`` are
    passed over (a points count the values contradict)."""
    for why in _candidates(view, best, other):
        if why.key not in skip and claims_hold(view, best, why):
            return explain.named_plains(view, why)
    return None


def also_against(view: SeatView, best: int, other: int, key: str) -> bool:
    """The concept ``key`` holds for ``best`` rather than ``other`` too: said against
    another option, its reason would tell the two apart just as well."""
    return any(why.key == key and claims_hold(view, best, why)
               for why in _candidates(view, best, other))


def settled_why(view: SeatView, best: int) -> Why | None:
    """"The takers' contract has already failed, whatever is played" (or "your contract is
    already made", "their contract is already made", "your contract has already failed"),
    with the counts: why the options score alike, said after "about as
    good" (teacher set G, bulgare-2768: "the takers have failed already"); None when the
    contract's result is not settled, or ``best`` is not a card."""
    if not 0 <= best < 32 or view.phase is not Phase.PLAY:
        return None
    sure = settled_now(view)
    if sure is not None and sure.kind is None:
        # the other way: their contract made, or the seat's failed (teacher set P,
        # sans-1330: "the contract is made, so only points are at stake")
        sure = settled_against(view)
    if sure is None or sure.kind is None:
        return None
    why = Why(f"vs.settled_{sure.kind}", (best,), points=sure.least, count=sure.most,
              trump=view.trump)
    return why if claims_hold(view, best, why) else None


def natural_other(view: SeatView, best: int, options: list[int]) -> int | None:
    """The card a learner would most naturally play instead of ``best`` when every option is
    about as good: the one that gives most points, else the highest."""
    others = [o for o in options if o != best]
    if not others:
        return None
    if 0 <= best < 32 and view.trump is not None:
        t = view.trump
        return max(others, key=lambda c: (PTS[t][c], ABOVE[t][c] == 0, -c))
    return others[0]


__all__ = ["CLAIMS", "check", "claims_hold", "natural_other", "settled_why", "versus"]
