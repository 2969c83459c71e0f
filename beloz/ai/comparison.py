"""Which comparison a teacher makes: the best option against the mistake that costs.

A learner asks "why this card?", and a teacher answers against the card the learner played
or, before a card is played, against the costliest *plausible* mistake: the strongest card,
cutting or overtaking the partner, releasing a master card or keeping one, the lead that
hands over the lead; not merely the next option in value, whose difference is often a point
or two of a discard (issue 45: "following with the flooded lion cost 67 points; the hint
explained a 3-point choice of discard").

``reason(view, best, worse, valued, values)`` is the first sentence of a hint, a review line
and a practice answer (``review.reason`` is this function): it tries the plausible mistakes,
costliest first, then the next option outside the "about as good" band, and says the first
*structural* concept (``concepts.versus``) that separates the best from one of them; a
points-only concept ("risks N points fewer", ``POINTS_ONLY``) is a last resort, said only
when no structural one separates the best from any of them.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from beloz.reasons import Why
from beloz.rules.cards import plain_of
from beloz.rules.ruleset import Bidding
from beloz.rules.state import Phase, SeatView
from beloz.rules.tricks import master_index

from . import relevance as rel
from .concepts import also_against, natural_other, settled_why, versus
from .explain import explain_card
from .explain_bid import explain_bid, explain_call
from .levels import LEVELS
from .sampler import sampler_for
from .tables import ABOVE, KEY, PTS, TRUMPS
from .view import infer

#: The concepts that only count points ("your card risks N points fewer"): said only when no
#: structural reason (a master card, a void, the lead, a threshold) separates the two.  Not
#: "vs.risk_less": "your partner is master for now, but Juma plays after you and may still
#: hold a card that beats his East lion" names the danger, and it answers the costly
#: "partner is master: give him points" reflex (teacher set F, classique-4372), where a
#: structural reason against a cheaper card ("your rhinoceros would take it from him") invited
#: that reflex.
POINTS_ONLY = frozenset({"vs.climb_cheap", "vs.climb_partner", "vs.cheaper",
                         "vs.lead_cheap", "vs.lead_under"})


def _wins_sure(v: SeatView, c: int) -> bool:
    """Played now, ``c`` is master and no seat still to play may beat it (inferences)."""
    assert v.trump is not None
    if rel.master_with(v, c) != c:
        return False
    m, lead, k = c, (v.trick[0] if v.trick else c) >> 3, rel.know(v)
    return not any(rel.beats(x, m, lead, v.trump) for s in rel.seats_after(v)
                   for x in range(32) if k.may[s] >> x & 1)


def _top_left(v: SeatView, c: int) -> bool:
    """``c`` is the strongest unplayed card of its plain (a master card)."""
    assert v.trump is not None
    return not ABOVE[v.trump][c] & ~v.played & ~(1 << c)


#: The concepts whose reason is "your card gives (or risks) N points fewer": said only when
#: the best card is the cheapest of the legal cards (else the sentence argues for another
#: card) and the values agree that points are the story (``_points_story``).
FEWER = POINTS_ONLY | {"vs.give_less"}
#: A plausible mistake costing under 1/MINOR of the costliest option is named after it
#: (teacher set K, beloz-5114: the flooded rhinoceros, 11 points, named before the South
#: crocodile led from under the lion, 29, with MINOR at 3).
MINOR = 2
#: "Gives them N points fewer, and keep your X": the points and the card kept together, so a
#: gap larger than the points is the sentence's story too (teacher set J, bulgare-4699).
KEEP_TOO = frozenset({"vs.give_less_keep"})
#: The concepts said when every option is about as good in value: facts that hold whatever
#: the cards still to play (a master card kept, the partner's or the opponents' expedition
#: sure, a sure winner, a void), never a lead taken only for now ("takes the lead from",
#: "the harder to beat"), which the values, by calling the options alike, contradict.
SURE_FACTS = frozenset({
    "vs.keep_master_partner", "vs.keep_master_capot", "vs.keep_master", "vs.keep_master_open",
    "vs.keep_master_risk",
    "vs.keep_snake", "vs.keep_next_lost",
    "vs.last", "vs.win", "vs.bank", "vs.bank_cut", "vs.keep_belot", "vs.win_more",
    "vs.partner_holds", "vs.win_points", "vs.give_sure", "vs.save", "vs.enough",
    "vs.no_overtake",
    "vs.no_flooded", "vs.no_flooded_left", "vs.opp_void", "vs.opp_void_flooded",
    "vs.opp_void_dry", "vs.give_less", "vs.give_less_keep", "vs.unblock", "vs.guard",
    "vs.both_masters_kept", "vs.capot", "vs.capot_stop", "vs.capot_lead",
    "vs.capot_lead_master", "vs.sure_set", "vs.sure_made", "vs.sure_theirs", "vs.sure_failed",
    "vs.climb_cheap_same",
    "vs.keep_last", "vs.keep_entry", "vs.cut_low", "vs.bank_alike",
    "vs.keep_top_flooded_sure"})


def _points_story(view: SeatView, best: int, other: int, why: Why,
                  values: Mapping[int, float] | None, about: Sequence[int] = ()) -> bool:
    """A "fewer points" sentence tells the story of ``best`` against ``other``: no legal
    card gives fewer points than the best (a learner would ask "then why not that one?"),
    but one the screen frames about as good as the best (``about``: the answer to that
    question is on the screen; teacher set Z, sans-1813: the South water snake level with
    the rhinoceros, and the master leopard thrown, 12 a hand worse, never named), and,
    where the values are known, the best is worth more than the other by about what the
    points say: not nothing (when the cards are worth the same, the points go the same
    way whatever is played), and not several times more (a 40-point gap is no 1-point
    story: something else decides, and the sampled deals say what)."""
    if why.key not in FEWER | KEEP_TOO or view.trump is None or not 0 <= best < 32:
        return True
    pts = PTS[view.trump]
    if any(pts[c] < pts[best] for c in view.legal_actions() if 0 <= c < 32 and c not in about):
        return False
    if why.key in KEEP_TOO:  # the card kept carries the rest of the gap
        return values is None or best not in values or other not in values or (
            values[best] - values[other] > 0.5)
    if values is None or best not in values or other not in values:
        return True
    gap = values[best] - values[other]
    said = why.count if why.count is not None else why.points or 0
    return 0.5 < gap <= 3 * said + 15


def _versus_told(view: SeatView, best: int, other: int,
                 values: Mapping[int, float] | None, about: Sequence[int] = ()) -> Why | None:
    """``versus``, where a points count the values contradict (``_points_story``: a 50-point
    gap is no 8-point story) gives way to the next concept that holds (the lion kept behind
    the water snake, practice classique: "your rhinoceros gives them the least")."""
    why = versus(view, best, other)
    if why is None or _points_story(view, best, other, why, values, about):
        return why
    return versus(view, best, other, skip=FEWER)


def tempting(v: SeatView, best: int, options: Sequence[int]) -> list[int]:
    """The options among ``options`` that a learner would plausibly play instead of
    ``best`` (a card): the strongest card (most points, then highest), a card that takes
    the expedition from the partner (cutting or overtaking him), a master card released
    while the best keeps it, a flooded card spent where the best spends none, and a card
    that leaves the expedition (leading: hands over the lead) where the best wins it."""
    t = v.trump
    if t is None or not 0 <= best < 32:
        return []
    legal = v.legal_actions()
    strongest = max(legal, key=lambda c: (PTS[t][c], KEY[t][c] if ABOVE[t][c] == 0 else -1,
                                          KEY[t][c]))
    partner_master = bool(v.trick) and len(v.trick) - master_index(v.trick, t) == 2
    out = []
    for o in options:
        if o == best:
            continue
        took_from_partner = partner_master and rel.master_with(v, o) == o
        releases = _top_left(v, o) and not _top_left(v, best) and not _wins_sure(v, o)
        spends = bool(TRUMPS[t] >> o & 1) and not TRUMPS[t] >> best & 1
        # the master card kept where the best cashes it: the expedition (leading: the
        # lead) left to be lost
        keeps = _wins_sure(v, best) and not _wins_sure(v, o)
        if o == strongest or took_from_partner or releases or spends or keeps:
            out.append(o)
    return out


def explain_bid_or_call(view: SeatView, action: int) -> Why:
    """The explainer's sentence for a bid: a turned-card bid, or a call of the auction."""
    if view.ruleset.bidding is Bidding.AUCTION:
        return explain_call(view, action)
    return explain_bid(view, action)


def _describe(view: SeatView, best: int, pointless: bool = False) -> Why:
    if view.phase is Phase.BIDDING:
        return explain_bid_or_call(view, best)
    return explain_card(view, best, pointless)


def candidates(view: SeatView, best: int, worse: Sequence[int],
               values: Mapping[int, float] | None = None) -> list[int]:
    """The options to explain ``best`` against, in the order a teacher tries them: the
    plausible mistakes (``tempting``) costliest first, the costliest option of all by the
    values (when known), the next option outside the band (``worse[0]``), the one a
    learner would most naturally play instead."""
    def cost(o: int) -> float:
        if values is not None and o in values and best in values:
            return values[best] - values[o]
        return float(list(worse).index(o))  # ``worse`` is best first: later costs more

    order = sorted(tempting(view, best, worse), key=lambda o: -cost(o))
    if values is not None:  # the costliest mistake, plausible or not: what the values say
        costliest = max(worse, key=cost)
        # ahead of a plausible mistake that costs under a third of it: that one is a detail
        # beside the card that costs (teacher set J, beloz-5869: the North rhinoceros led
        # for 5 points said, the East meerkat that loses the capot for 29 never named)
        minor = [o for o in order if MINOR * cost(o) < cost(costliest)]
        order = [o for o in order if o not in minor] + [costliest] + minor
    order.append(worse[0])
    natural = natural_other(view, best, list(worse))
    if natural is not None:
        order.append(natural)
    return list(dict.fromkeys(order))  # each once, in that order


def _close_second(view: SeatView, best: int, other: int, why: Why, worse: Sequence[int],
                  values: Mapping[int, float] | None) -> Why | None:
    """The second sentence when the first answers the costly mistake but the real choice
    is closer: the reason against the next option outside the band (``worse[0]``), when
    the first alternative costs several times more than it and a structural reason (not a
    bare points count) separates the best from it.  A teacher who said "keep your master
    crocodile" goes on "and keep your North monkey: it guards your water snake" when that
    is the choice the learner is actually weighing."""
    if not 0 <= best < 32 or values is None or not worse or best not in values:
        return None
    close = worse[0]
    if close == other or close not in values or other not in values:
        return None
    near, far = values[best] - values[close], values[best] - values[other]
    if far < 3 * near:
        return None
    second = versus(view, best, close)
    if (second is None or second.key in POINTS_ONLY or second.key == why.key
            or not _points_story(view, best, close, second, values)):
        return None
    return second


def _costly_points(view: SeatView, best: int, found: Sequence[tuple[int, Why | None]],
                   values: Mapping[int, float] | None) -> tuple[int, Why] | None:
    """The costliest of the options tried whose only reason is the points the best card
    risks fewer (``POINTS_ONLY``, the values agreeing: ``_points_story``), with that reason:
    against a structural reason about an option that costs under 1/MINOR of it, the points
    of the costly mistake are the story (teacher set Z, sans-1813: the South leopard thrown,
    13 a hand worse, never named beside "keep your East rhinoceros as a guard", 4)."""
    if values is None or best not in values:
        return None
    said = [(o, w) for o, w in found if w is not None and w.key in POINTS_ONLY and o in values]
    return max(said, key=lambda ow: values[best] - values[ow[0]], default=None)


def _sampled(view: SeatView) -> bool:
    """More deals fit the seat's view than Expert evaluates for a card: values alike in
    every deal drawn may still differ in a deal not drawn.  With fewer, the deals drawn
    are about all there are, and "the card does not change the result" is exact (teacher
    set C, classique-5133: the taker's quinte holds the last three flooded cards, 70 deals
    fit, all four cards go to him whatever the order)."""
    return sampler_for(infer(view)).total > LEVELS["expert"].samples


#: The sure facts of an expedition already lost whatever is played, where the two cards
#: differ only by the points they give and the card they keep: the preferred card gives
#: fewer and keeps as much; and of one won whatever is played, where the card kept stands
#: as the other would: the preferred card banks more (``vs.bank_alike``, watch set M,
#: bulgare-3537-8).  Said of Expert's card about as good in value as the card played
#: (``duplicate.watch``); not "your crocodile wins it whatever the others hold", which a
#: card that draws the opponents' flooded cards may rightly forgo (watch set H,
#: sans-8285-10: the elephant led, 3 a hand better than Expert's crocodile in the deals).
GIVE_LESS = frozenset({"vs.give_less", "vs.give_less_keep", "vs.keep_next_lost",
                       "vs.keep_last", "vs.bank_alike"})


def sure_fact(view: SeatView, a: int, b: int,
              values: Mapping[int, float] | None = None) -> Why | None:
    """A fact that holds whatever is still to play (``SURE_FACTS``) preferring ``a`` to
    ``b``, where no such fact prefers ``b`` to ``a`` (a reason the other way that holds only
    for now, "the harder to beat", is what values alike contradict: teacher set T,
    sans-1723, the monkey cuts and the water snake stays, though the water snake is the
    harder to overcut); None."""
    why = _versus_told(view, a, b, values)
    if why is None or why.key not in SURE_FACTS:
        return None
    back = versus(view, b, a)
    return why if back is None or back.key not in SURE_FACTS else None


def _sure_versus(view: SeatView, best: int) -> tuple[Why, int] | None:
    """The first fact that holds whatever is still to play preferring ``best`` to another
    legal card, with that card (``sure_fact``)."""
    for other in view.legal_actions():
        if other != best and (why := sure_fact(view, best, other)) is not None:
            return why, other
    return None


def _blind(view: SeatView, best: int, other: int, why: Why, about: Sequence[int]) -> bool:
    """The reason holds just the same against an option of the other card's plain that is
    framed about as good as the best: it condemns a kind of card the values do not, and
    the screen would contradict it (teacher set N, sans-5132: "a flooded lead would draw
    your partner's flooded cards" against the trump leopard, the trump elephant level with
    the best).  A fact that holds whatever is still to play (``SURE_FACTS``) stands: the
    values round it off, the fact does not change."""
    if why.key in SURE_FACTS or not 0 <= other < 32:
        return False
    return any(also_against(view, best, a, why.key) for a in about
               if a != best and 0 <= a < 32 and plain_of(a) == plain_of(other))


def reason(view: SeatView, best: int, worse: Sequence[int], valued: int,
           values: Mapping[int, float] | None = None,
           about: Sequence[int] = ()) -> tuple[Why, int | None, Why | None]:
    """The first sentence of a hint, a review line or a practice answer: why ``best``
    rather than the alternative a teacher would name.  ``worse``: the options outside the
    "about as good" band, best first (in a review the option chosen alone when it lost
    points, in practice the answer given when wrong); ``valued``: how many options were
    valued; ``values``: their expected scores, to find the costliest mistake.  Returns (the
    reason, the option it compares with, what the best does when the reason is "about as
    good"); ``about``: the options framed about as good as the best.

    - one legal option: the explainer's "only";
    - no option outside the band: "your options score the same" (``vs.same``) when every
      value is equal, else a reason that holds whatever is still to play (``SURE_FACTS``)
      against one of them, else "your options are about as good" (``vs.about``), then
      what the best does (``explain``);
    - else the first structural concept that separates the best from one of
      ``candidates`` (tried in their order), else a points-only one (``POINTS_ONLY``);
    - else what the best does (``explain``), against the first candidate (the hint adds
      the sampled deals' contrast with it)."""
    if len(view.legal_actions()) == 1:
        return _describe(view, best), None, None
    if not worse:
        if 0 <= best < 32:
            if values is not None and max(values.values()) - min(values.values()) < 1e-9:
                # Every option scores exactly the same in every deal drawn: no reason to
                # give one (the taker wins every expedition left, the contract is set
                # whatever is played) ...
                settled = settled_why(view, best)
                sure = None if settled is not None or not _sampled(view) else _sure_versus(
                    view, best)
                if sure is not None:
                    # ... unless a fact that holds whatever is still to play prefers the
                    # best, the contract undecided and the deals that fit too many to have
                    # all been tried: the deals drawn missed what it is worth
                    # (teacher set P, sans-2132: "give the elephant, 4, not the leopard, 10,
                    # and keep the higher", never worse, better in 56 of 1000 deals), said
                    # with how small the difference is
                    return sure[0], sure[1], Why("vs.same_small", (best,), count=valued)
                return (Why("vs.same", (best,), count=valued), None,
                        settled or _describe(view, best, pointless=True))
            # About as good in value: a teacher still says a reason that holds whatever is
            # still to play against a plausible mistake among them (a master card kept,
            # the partner's expedition), when one does; the values' line says how close.
            others = [a for a in view.legal_actions() if a != best]
            for other in candidates(view, best, others, values):
                why = _versus_told(view, best, other, values)
                if why is not None and why.key in SURE_FACTS:
                    return why, other, None
        return (Why("vs.about", (best,) if 0 <= best < 32 else (), count=valued), None,
                settled_why(view, best) or _describe(view, best))
    tried = candidates(view, best, worse, values)
    found = [(other, _versus_told(view, best, other, values, about)) for other in tried]
    costly = _costly_points(view, best, found, values)
    for other, why in found:
        if (why is not None and why.key not in POINTS_ONLY
                and not _blind(view, best, other, why, about)):
            if costly is not None and values is not None and other in values and (
                    values[best] - values[costly[0]] >= MINOR * (values[best] - values[other])):
                # the points of the costly mistake first, the closer choice's reason after
                return costly[1], costly[0], why
            return why, other, _close_second(view, best, other, why, worse, values)
    for other, why in found:
        if why is not None and (why.key in POINTS_ONLY
                                or not _blind(view, best, other, why, about)):
            return why, other, None
    return _describe(view, best), tried[0], None


__all__ = ["FEWER", "POINTS_ONLY", "SURE_FACTS", "candidates", "explain_bid_or_call", "reason",
           "GIVE_LESS", "sure_fact", "tempting"]
