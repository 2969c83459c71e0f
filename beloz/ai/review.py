"""Hints and the review of a finished hand, like a chess engine's game review.

Every evaluation is Expert's own (``pimc.evaluate_cards`` / ``pimc.evaluate_bids``, the
numbers Expert maximises when it plays): the expected final hand score of the seat's team
minus the other team's, over deals consistent with the seat's view at that moment, so an
option is judged with the information the player had.  The random numbers come from
``decision_rng(SEED, view)``: the same view gives the same values on any machine (as long
as the wall-clock guard of the Expert level does not cut a search short), and Expert with
seed ``SEED`` plays the best option exactly.

- ``hint(view)``: each legal option's expected score, the best one, the ± of the values
  and the options about as good (their shown values within that ± of the best's: one rule
  for every screen, ``beloz.framing``), and the explainer's sentence (``beloz.ai.explain``).
- ``review_hand(start, actions, seat)``: each decision of ``seat`` (its bids and cards)
  rated: expected score of the option chosen and of the best one, the points lost, a label
  (``LABELS``, thresholds ``THRESHOLDS``; a loss within the noise is none), the better
  option and why; and separately the
  double-dummy value of each card with all four hands known (``search.Solver``), marked as
  hindsight, once at most ``HINDSIGHT_TRICKS`` expeditions remain.
- ``review_record(doc, seat)`` for a ``beloz-hand/1`` record (its cards: a record cannot
  say which five cards each seat held while bidding), ``review_kept(kept, seat)`` for a hand
  kept in the game's save (its bids and cards, as the game's own review), and the command
  line: ``python -m beloz.ai.review RECORD --seat S [--json] [--lang en|fr]``, or
  ``python -m beloz.ai.review --save [PATH] [--hand N [--seat S] [--export-record FILE]]``.

Points are points of margin: the seat's team's hand score minus the other team's, what a
team wants to maximise (a card of 10 points given to the opponents instead of won costs 20).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from beloz.framing import about_as_good, shown_gap, shown_points, shown_spread, spread
from beloz.reasons import Contrast, Why
from beloz.review_store import LABELS, Option, Rating, Review, score_scale
from beloz.rules.cards import PLAIN_MASKS, plain_of
from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import PASS, HandState, Phase, SeatView, auction, bare_action

from . import dds
from .base import decision_rng
from .bidsearch import evaluate_bids
from .comparison import SURE_FACTS, explain_bid_or_call, reason
from .concepts import settled_why, versus
from .contrast import sentence as contrast_sentence
from .explain import explain_card, sentence
from .hindsight import hindsight_values
from .levels import ANALYSIS
from .pimc import candidates as distinct_cards
from .pimc import evaluate_cards
from .tables import ABOVE, KEY
from .thresholds import CLOSE_KEYS, is_close, why_better
from .values import BidValues

#: The seed of the evaluations (Expert with this seed plays every best option).
SEED = 0
#: Expert's level as the analysis uses it (``levels.ANALYSIS``: a longer exact search).
LEVEL = ANALYSIS
#: Options framed about as good whose values, as shown, are this many points apart or more
#: (an elephant and a rhinoceros twice over; 2 game points in the Bulgarian score): "the deals
#: tried cannot rank them" rather than "about as good" (``vs.about_wide``).
WIDE = 20.0
#: A bid hint's time on a loaded machine, both of a round-2 bid's evaluations together (the
#: budget in work units decides on an idle one), and the first one's share of it.
BID_HINT_SECONDS = 0.85
SECOND_ROUND_CAP = 0.55
#: Double-dummy values are computed once this many expeditions (or fewer) remain: with the
#: compiled solver (``dds``, built by ``make``) 6 take a few hundredths of a second, 7 up to
#: a second; the pure-Python search takes about 0.1 s with 4 left and seconds with 5 or more
#: (bench ``teach``, docs/teaching.md).
HINDSIGHT_TRICKS = 6 if dds.compiled_available() else 4

#: Points of margin lost below which a decision is labelled good, inaccuracy, mistake;
#: at or above the last one, blunder.  Why these (docs/teaching.md): under 4 is the
#: evaluation's own noise between close cards; 4-10 is a few card points (a rhinoceros or
#: an elephant given or kept); 10-20 is up to a leopard's or a lion's 10-11 points moving
#: from one team to the other; 20 and more is at least a lion given away, or a contract,
#: a capot or an announcement put at risk.
THRESHOLDS = (4.0, 10.0, 20.0)
#: A difference of expected scores counts only beyond this many standard errors of the
#: paired difference (the two options on the same sampled deals): within it the estimate
#: cannot tell them apart, they are "about as good".
NOISE_SE = 2.0
#: The labels of a card whose rating says why the best card rather than the one played.
CONTRASTED = ("mistake", "blunder")


def label_for(loss: float, noise: float = 0.0) -> str:
    """The label of a decision that lost ``loss`` points of margin against the best option,
    with ``noise`` the estimate's own noise on that difference (``NOISE_SE`` standard
    errors): a loss within the noise is no loss."""
    if loss <= noise:
        return LABELS[0]
    for name, limit in zip(LABELS, THRESHOLDS, strict=False):
        if loss < limit:
            return name
    return LABELS[-1]


@dataclass(frozen=True, slots=True)
class Hint:
    """The legal options of a seat at its turn, best first; ``best`` (an option of the top
    value) and why; ``about``: the other options about as good as the best (within the
    noise), best first; ``usual``: among them, the card Expert plays for its convention
    (``pimc.prefer_conventional``), or None."""

    seat: int
    kind: str  # "bid" or "card"
    options: tuple[Option, ...]
    best: int
    why: Why
    about: tuple[int, ...] = ()
    usual: int | None = None
    # Why the best card beats the next option that is not about as good, from the sampled
    # deals (``contrast.contrast``): only when no concept of the view decides (``why`` is
    # then not comparative); None when no reason holds there, or for a bid.
    contrast: Contrast | None = None
    # The option ``why`` compares the best with (the next best outside the "about as good"
    # band), or None; ``detail``: what the best card does, said after "about as good".
    other: int | None = None
    detail: Why | None = None
    # False when the options were not valued (all equivalent: one value, not computed).
    valued: bool = True
    # The ± of the values shown, in points (``framing.spread``), None when none is shown.
    spread: float | None = None

    def expected(self, action: int) -> float:
        return next(o.expected for o in self.options if o.action == action)


def hindsight_verdict(r: Rating) -> tuple[str, int, int] | None:
    """Where the rating (with what the player could see) and the hindsight (the cards as
    they lay) disagree: ``(key, option, points)`` with the key of ``teach.review_sight_*``,
    the option it names and the points of hindsight at stake; None when they agree or there
    is no hindsight.

    - ``no_difference``: a real loss was rated, but as the cards lay the better option would
      have made exactly as much;
    - ``chosen_better``: a real loss was rated, but as the cards lay the chosen option made
      more than the better one;
    - ``unlucky``: no loss was rated, but as the cards lay another option made more."""
    if r.forced or r.hindsight_best is None or r.hindsight_chosen is None:
        return None
    hind = {o.action: o.hindsight for o in r.options}
    if r.lost > 0:
        at_best = hind.get(r.best)
        if at_best is None:
            return None
        if at_best == r.hindsight_chosen:
            return ("no_difference", r.best, 0)
        if at_best < r.hindsight_chosen:
            return ("chosen_better", r.best, r.hindsight_chosen - at_best)
        return None
    if r.hindsight_chosen < r.hindsight_best:
        top = [o.action for o in r.options if o.hindsight == r.hindsight_best]
        return ("unlucky", r.best if r.best in top else top[0],
                r.hindsight_best - r.hindsight_chosen)
    return None


def card_name(c: int, trump: int | None, hand: int, form: str = "name",
              language: str | None = None) -> str:
    """A card as words (``explain.card_word``), its plain named even when it floods if
    ``hand`` (the cards in sight of the decision) holds another card of its animal: "the
    South rhinoceros" beside a West rhinoceros, never a bare "rhinoceros" for two."""
    from .explain import card_word

    animal = c & 7
    twin = any(hand >> (p * 8 + animal) & 1 for p in range(4) if p != plain_of(c))
    return card_word(c, form, None if twin else trump, language)


# -- evaluation --------------------------------------------------------------------------


def _representative(c: int, cards: Sequence[int], trump: int) -> int:
    """The candidate standing for ``c``: candidates keep the strongest card of each class
    of equivalent cards, so it is the weakest candidate of c's plain at or above c."""
    if c in cards:
        return c
    key = KEY[trump]
    same = [x for x in cards if plain_of(x) == plain_of(c) and key[x] >= key[c]]
    return min(same, key=lambda x: key[x])


#: ``noise(a, b)``: ``NOISE_SE`` standard errors of the difference of two options' values.
Noise = Callable[[int, int], float]


def _no_noise(a: int, b: int) -> float:
    return 0.0


def all_equivalent(view: SeatView) -> bool:
    """Every legal card is equivalent to the others (or there is one): the evaluation has
    nothing to compare and values none of them (their 0 is not an expectation)."""
    from .pimc import candidates

    return len(view.legal_actions()) == 1 or len(candidates(view)) == 1


def card_estimates(view: SeatView) -> tuple[dict[int, float], Noise]:
    """Each legal card's expected score from ``view`` (Expert's evaluation) and the noise
    of the difference between two cards (equivalent cards: none).  When every legal card is
    equivalent (``all_equivalent``), or no deal was evaluated in time, each value is 0,
    which is no expectation: ``card_valuation`` says so."""
    return card_valuation(view)[:2]


def card_valuation(view: SeatView) -> tuple[dict[int, float], Noise, bool]:
    """``card_estimates`` and whether the cards were valued: False when their 0s were not
    computed (every legal card equivalent, or not one deal evaluated within the time cap),
    so that no screen shows them as numbers, frames them or blames them on noise."""
    assert view.trump is not None
    legal = view.legal_actions()
    if len(legal) == 1:
        return {legal[0]: 0.0}, _no_noise, False
    values = evaluate_cards(view, decision_rng(SEED, view), LEVEL)
    if len(values.cards) == 1 or not values.means:
        return {c: 0.0 for c in legal}, _no_noise, False
    index = {c: values.cards.index(_representative(c, values.cards, view.trump))
             for c in legal}
    se = values.se_diff

    def noise(a: int, b: int) -> float:
        return NOISE_SE * se[index[a]][index[b]] if se else 0.0

    return {c: values.means[index[c]] for c in legal}, noise, True


def card_values(view: SeatView) -> dict[int, float]:
    """Each legal card's expected score from ``view`` (Expert's evaluation)."""
    return card_estimates(view)[0]


def bid_estimates(view: SeatView, chosen: int | None = None
                  ) -> tuple[dict[int, float], Noise]:
    """The expected score of the bids Expert weighs (in round 2: passing and the two most
    promising plains) from ``view``, and of every other legal bid (and ``chosen``), measured
    with them on other deals, so Expert's own numbers stay exactly its own; in an
    auction every legal call (pass, each contract above the standing one, double,
    redouble), all on the same deals, so that the player sees each one's value.  With the
    noise of the difference between two of them."""
    rng = functools.partial(decision_rng, SEED, view)
    if view.ruleset.bidding is Bidding.AUCTION:
        got = evaluate_bids(view, rng(), LEVEL, view.legal_actions())
        return _exact_pass(view, dict(zip(got.cands, got.means, strict=True))), _bid_noise(
            [got])
    start = time.perf_counter()
    # In round 2 a second evaluation follows (the plains Expert does not weigh): the two
    # share the bid hint's second (``BID_HINT_SECONDS``) on a loaded machine.
    second = len(view.bids) >= 4
    got = evaluate_bids(view, rng(), replace(LEVEL, bid_time_cap=SECOND_ROUND_CAP)
                        if second else LEVEL)
    values = dict(zip(got.cands, got.means, strict=True))
    runs = [got]
    # Every legal bid is valued (a plain Expert does not weigh too, so that the hint, the
    # review and a practice problem list them all): the others with Expert's candidates, on
    # their own deals.
    missing = [a for a in view.legal_actions() if a not in values]
    if chosen is not None and chosen not in values and chosen not in missing:
        missing.append(chosen)
    if missing:
        left = max(0.1, BID_HINT_SECONDS - (time.perf_counter() - start))
        more = evaluate_bids(view, rng(), replace(LEVEL, bid_time_cap=left),
                             [*got.cands, *missing])
        for a in missing:
            values[a] = more.means[more.cands.index(a)]
        runs.append(more)
    return _exact_pass(view, values), _bid_noise(runs)


def pass_ends_deal(view: SeatView) -> bool:
    """Passing now ends the bidding with no contract (the eighth pass of the turned card's
    two rounds, the fourth of an auction where nobody called): the cards are dealt again
    and the hand scores nothing, so the pass is worth exactly 0."""
    bids = [*view.bids, PASS]
    if view.ruleset.bidding is Bidding.AUCTION:
        ended = auction(view.ruleset, bids, view.dealer)
        return ended.over and ended.contract is None
    return len(bids) == 8 and all(b == PASS for b in bids)


def _exact_pass(view: SeatView, values: dict[int, float]) -> dict[int, float]:
    """``values`` with a pass that ends the deal at exactly 0 (no sampling noise)."""
    if PASS in values and pass_ends_deal(view):
        values[PASS] = 0.0
    return values


def _bid_noise(runs: Sequence[BidValues]) -> Noise:
    def noise(a: int, b: int) -> float:
        for run in runs:  # the first evaluation holding both
            if a in run.cands and b in run.cands and run.se_diff:
                return NOISE_SE * run.se_diff[run.cands.index(a)][run.cands.index(b)]
        return 0.0

    return noise


def bid_values(view: SeatView, chosen: int | None = None) -> dict[int, float]:
    """The expected score of each bid ``bid_estimates`` weighs."""
    return bid_estimates(view, chosen)[0]


def _best(values: dict[int, float], order: Sequence[int], prefer: int | None = None) -> int:
    """The best option; ties go to ``prefer`` (the option chosen: a "better" option of the
    same value is not better), else to the first in ``order`` (as Expert breaks them)."""
    top = max(values[a] for a in order)
    if prefer is not None and values.get(prefer) == top:
        return prefer
    return next(a for a in order if values[a] == top)


def _ranked(values: dict[int, float], best: int, noise: Noise,
             hind: dict[int, int] | None = None) -> tuple[Option, ...]:
    """The options best first, each with its noise against ``best``."""
    return tuple(sorted(
        (Option(a, values[a], None if hind is None else hind[a],
                0.0 if a == best else noise(best, a)) for a in values),
        key=lambda o: (-o.expected, o.action != best)))


def is_comparative(why: Why) -> bool:
    """The sentence compares two options, or says they are about as good."""
    return why.key.startswith("vs.")


#: The first sentences that already say what is at stake, or that the options are alike
#: (with their own second sentence): no "the contract is already settled" after them.
QUIET = frozenset({"vs.about", "vs.about_wide", "vs.same", "vs.same_small", "vs.equivalent",
                   "vs.sure_made", "vs.sure_set", "vs.sure_theirs", "vs.sure_failed",
                   "vs.settled_made", "vs.settled_set",
                   "vs.settled_theirs", "vs.settled_failed"})


#: The capot's reasons said after the capot's threshold, which has said that a team has won
#: every expedition so far: the same reason without it.
ONCE = {"vs.keep_master_capot": "vs.keep_master_partner", "vs.keep_master_stop": "vs.keep_master"}


def reason_sentences(why: Why, contrast_: Contrast | None = None, detail: Why | None = None,
                     language: str | None = None, ruleset: Ruleset | None = None) -> list[str]:
    """The sentences of a hint, a review line or a practice answer, the comparative one
    first: the concept (or "about as good", then what the best does), or, when no concept
    of the view decides, the sampled deals' contrast before what the best card does
    (``ruleset``: its words, the valat for the capot)."""
    def said(w: Why) -> str:
        return sentence(w, language, ruleset)

    def told(c: Contrast) -> str:
        return contrast_sentence(c, language, ruleset)

    first = said(why)
    if contrast_ is not None and contrast_.key in CLOSE_KEYS:
        # one sentence with the reason: the reason only tips a call the deals can reverse,
        # and a screen short of room keeps both or neither
        first = f"{told(contrast_)} {first}"
        contrast_ = None
    if contrast_ is not None and contrast_.key == "threshold":  # it carries most of the gain
        if contrast_.threshold == "capot" and why.key in ONCE:
            # "the capot is at stake: your team has won every expedition so far" said once
            first = said(replace(why, key=ONCE[why.key]))
        return [told(contrast_), first] + ([] if detail is None else [said(detail)])
    tail = [] if detail is None else [said(detail)]
    if is_comparative(why):
        return [first] + tail
    if contrast_ is not None:
        return [told(contrast_), first] + tail
    return [first] + tail


def hint(view: SeatView) -> Hint:
    """What Expert would do at this seat's turn, every legal option's expected score, and
    why the best one (the seat's view only): the best is an option of the top value (the
    card Expert plays when it is one), the options within the noise of it are about as
    good, and the card Expert plays by convention among near-equal ones is named."""
    usual: int | None = None
    valued = True
    if view.phase is Phase.BIDDING:
        values, noise = bid_estimates(view)
        best = _best(values, list(values))
        kind = "bid"
    else:
        values, noise, valued = card_valuation(view)
        expert = _expert_card(view, values)
        order = [c for c in values]
        best = _best(values, order, prefer=expert)
        kind = "card"
        usual = expert if expert != best else None
    options = _ranked(values, best, noise)
    about = about_as_good(options, best, score_scale(view.ruleset), valued)
    surer = _surer(view, best, about) if kind == "card" else None
    if surer is not None:
        best = surer
        options = _ranked(values, best, noise)
        about = about_as_good(options, best, score_scale(view.ruleset), valued)
    if usual not in about or usual == best:
        usual = None
    worse = [o.action for o in options if o.action != best and o.action not in about]
    why, other, detail = _reason(view, best, worse, options, values, valued, about)
    why = _wide(view, why, values, valued)
    if detail is None and kind == "card" and why.key not in QUIET:
        # the stake a teacher says with the reason: the contract's result is settled
        # whatever is played, so what the card moves is points (teacher set P, sans-1330:
        # "the contract is made, so only points are at stake")
        detail = settled_why(view, best)
    found = None
    if kind == "card" and worse and valued:
        against = worse[0] if other is None else other
        found = why_better(view, best, against, is_comparative(why),
                           values[best] - values[against])
    elif kind == "card" and valued and other is not None:
        # a fact that holds whatever is played, said against an option about as good (set
        # I, classique-5135: "unblock West" against a crocodile 5 points behind): only what
        # tips a close call, when the deals go both ways
        found = close_call(view, best, other, why, options)
    return Hint(view.seat, kind, options, best, why, about, usual, found, other, detail,
                valued, spread(options, best, score_scale(view.ruleset)) if valued else None)


def _wide(view: SeatView, why: Why, values: dict[int, float], valued: bool) -> Why:
    """``vs.about`` as ``vs.about_wide`` when the values, as shown, are ``WIDE`` apart or
    more: within the ± but in sight, the deals cannot rank them, which is not "about as
    good" (teacher set K, bulgare-4381: 63 points apart under ±152, said "about as good",
    as if the choice did not matter)."""
    if why.key != "vs.about" or not valued or len(values) < 2:
        return why
    gap = shown_gap(max(values.values()), min(values.values()), score_scale(view.ruleset))
    return replace(why, key="vs.about_wide") if gap >= WIDE else why


def close_call(view: SeatView, best: int, other: int, why: Why, options: Sequence[Option]
               ) -> Contrast | None:
    """The close call between ``best`` and ``other`` (``thresholds.close_from``), or None."""
    gap = next(o.expected for o in options if o.action == best) - next(
        o.expected for o in options if o.action == other)
    if not is_close(gap):
        return None
    found = why_better(view, best, other, is_comparative(why), gap)
    return found if found is not None and found.key == "close" else None


def _reason(view: SeatView, best: int, worse: list[int], options: Sequence[Option],
            values: dict[int, float], valued: bool,
            about: Sequence[int] = ()) -> tuple[Why, int | None, Why | None]:
    """``reason``, or for options that were not valued (equivalent cards) what the best
    does: nothing compared, nothing said "about as good", no noise blamed."""
    if not valued and view.phase is Phase.PLAY:
        legal = view.legal_actions()
        if len(legal) > 1 and len(distinct_cards(view)) == 1:
            # every legal card alike (one plain, the same points, no card of another hand
            # between them): the reason is that the choice changes nothing (teacher set F,
            # beloz-3324: "play your water snake and keep your strong cards" of three
            # worthless West cards)
            return Why("vs.equivalent", (best,), plain_of(best), count=len(legal)), None, None
        return explain_card(view, best), None, None
    return reason(view, best, worse, len(options), values, about)


def _surer(view: SeatView, best: int, about: Sequence[int]) -> int | None:
    """An option framed about as good as the best that a fact holding whatever is still to
    play prefers to it, where nothing prefers the best to it: the values cannot separate
    them, the fact can (teacher set O, bulgare-1663: the West rhinoceros 3 above the West
    monkey under a ± of 20, the opponents' lion master: "give them the monkey, 6 points
    fewer, and keep the rhinoceros", never worse in any deal).  None when there is none."""
    for a in about:
        why = versus(view, a, best)
        if why is None or why.key not in SURE_FACTS:
            continue
        back = versus(view, best, a)
        if back is not None and (back.key in SURE_FACTS or back.key not in MAY_ONLY):
            continue
        if why.key in LOADING and _next_master(view, a):
            continue  # its points now against an expedition later: the values weigh both
        return a
    return None


#: Sure facts that put a card's points on the partner's sure expedition.
LOADING = frozenset({"vs.give_sure", "vs.bank", "vs.bank_cut"})
#: Reasons for the best that rest on what the partner may hold ("put in the points of the
#: South elephant: he may still take this expedition"): a fact the other way that holds
#: whatever is still to play stands against them (teacher set C, sans-4841).
MAY_ONLY = frozenset({"vs.load_open"})


def _next_master(view: SeatView, a: int) -> bool:
    """``a`` is the strongest card of its plain left, or the next once the one card of its
    plain still out above it falls, with a smaller card of the seat's own beside it to give
    meanwhile: kept, a card to win an expedition later (teacher set Q, sans-3510 and
    bulgare-2537: "give him the 10 points of the leopard" where the leopard, guarded, is the
    next master and the values put it below the best).  A lone card under one still out
    must fall to it when its plain is led (teacher set L, classique-1503: "your rhinoceros is
    your only South card and can't win: thrown now its 3 points are partner's")."""
    t = view.trump
    assert t is not None
    above = (ABOVE[t][a] & ~view.played).bit_count()  # (the expedition's cards are played)
    guarded = bool(view.hand & PLAIN_MASKS[plain_of(a)] & ~ABOVE[t][a] & ~(1 << a))
    return above == 0 or (above == 1 and guarded)


def _expert_card(view: SeatView, values: dict[int, float]) -> int:
    """The card Expert plays on these values: the first best candidate, or the
    conventional card when it is within ``near_tie`` of it (``pimc.choose_card``)."""
    from .pimc import candidates, prefer_conventional

    cands = [c for c in candidates(view) if c in values]
    if not cands:
        return max(values, key=lambda c: values[c])
    means = [values[c] for c in cands]
    best = max(range(len(cands)), key=lambda i: (means[i], -i))
    return cands[prefer_conventional(view, cands, means, best, LEVEL.near_tie)]


# -- hindsight ---------------------------------------------------------------------------


# -- review ------------------------------------------------------------------------------


def review_hand(
    start: HandState,
    actions: Sequence[int],
    seat: int,
    progress: Callable[[int, int], None] | None = None,
    rate_bids: bool = True,
) -> Review:
    """Rate each decision of ``seat`` in the hand that ``actions`` (bids, then cards) play
    from ``start`` (a hand at the start of bidding).  ``progress(done, total)`` is called
    after each decision.  ``rate_bids=False`` skips the bids (a record does not say which
    five cards each seat held while bidding)."""
    state = start.clone()
    mine = []
    for i, a in enumerate(actions):
        if state.current == seat and (rate_bids or state.phase is Phase.PLAY):
            mine.append(i)
        state.apply(a)
    state = start.clone()
    total = len(mine)
    ratings = []
    for i, a in enumerate(actions):
        if i in mine:
            ratings.append(_rate(state, bare_action(a), i))  # the card, not what it kept quiet
            if progress is not None:
                progress(len(ratings), total)
        state.apply(a)
    return Review(seat, tuple(ratings))


def _rate(state: HandState, chosen: int, number: int) -> Rating:
    view = state.view(state.current)
    legal = view.legal_actions()
    forced = len(legal) == 1
    hind: dict[int, int] | None = None
    valued = not forced
    if state.phase is Phase.BIDDING:
        values, noise = ({chosen: 0.0}, _no_noise) if forced else bid_estimates(view, chosen)
        best = _best(values, list(values), prefer=chosen)  # in the order Expert weighs them
        kind, expedition = "bid", None
    else:
        values, noise, valued = card_valuation(view)
        order = list(values)
        best = _best(values, order, prefer=chosen)
        kind, expedition = "card", len(state.tricks) + 1
        if not forced and 8 - len(state.tricks) <= HINDSIGHT_TRICKS:
            hind = _hindsight_all(state, view, legal)
    loss = 0.0 if forced else max(0.0, values[best] - values[chosen])
    options = _ranked(values, best, noise, hind)
    spread_ = next(o.noise for o in options if o.action == chosen)
    # Framed about as good (within the ± the hint shows): good, as the hint said.
    about = about_as_good(options, best, score_scale(state.ruleset), valued)
    label = "forced" if forced else "good" if chosen in about else label_for(loss, spread_)
    # Why the best rather than the option chosen when it lost points; else (the chosen is
    # the best, or about as good) why the best rather than the next option outside the band.
    if best != chosen and label != "good":
        worse = [chosen]
    else:
        worse = [o.action for o in options if o.action != best and o.action not in about]
    why, _, detail = _reason(view, best, worse, options, values, valued, about)
    why = _wide(view, why, values, valued)
    why_not = None
    if kind == "card" and label in CONTRASTED:
        why_not = why_better(view, best, chosen, is_comparative(why), loss)
    elif kind == "card" and valued and label == "inaccuracy":
        # a small loss: said to be a close call when it is one
        why_not = close_call(view, best, chosen, why, options)
    return Rating(
        number=number,
        kind=kind,
        expedition=expedition,
        chosen=chosen,
        best=best,
        expected_chosen=values[chosen],
        expected_best=values[best],
        loss=loss,
        label=label,
        forced=forced,
        why=why,
        options=options,
        hindsight_chosen=None if hind is None else hind[chosen],
        hindsight_best=None if hind is None else max(hind.values()),
        noise=spread_,
        scale=score_scale(state.ruleset),
        contrast=why_not,
        detail=detail,
        valued=valued,
    )


def _hindsight_all(state: HandState, view: SeatView, legal: list[int]) -> dict[int, int] | None:
    """Double-dummy values of every legal card (equivalent cards share a search)."""
    from .pimc import candidates

    assert state.trump is not None
    cands = candidates(view)
    vals = hindsight_values(state, cands)
    if vals is None:
        return None
    return {c: vals[_representative(c, cands, state.trump)] for c in legal}


#: Why a record's bids are not rated, and where they are (docs/teaching.md, "Command line").
BIDS_NOT_RATED = (
    "bids not rated: a beloz-hand/1 record holds each seat's eight cards after the deal, "
    "not the five it held while bidding (it keeps no deck order, no cut, no first packet); "
    "the game's save keeps the deal of each hand of the match in progress, and its review "
    "rates the bids too: python -m beloz.ai.review --save [PATH] --hand N --seat S"
)


def review_record(
    doc: object, seat: int, progress: Callable[[int, int], None] | None = None
) -> Review:
    """The review of ``seat`` in a ``beloz-hand/1`` record (raises ``RecordError``).  Bids
    are not rated (``BIDS_NOT_RATED``): a record holds the hands after the deal, not the
    five cards each seat held while bidding, and nothing in it says which five they were."""
    from beloz.rules.record import replay_record

    # The record checker's own validation: the review accepts exactly the records it does.
    start, actions = replay_record(doc).history()
    return review_hand(start, actions, seat, progress, rate_bids=False)


__all__ = [
    "HINDSIGHT_TRICKS", "NOISE_SE", "SEED", "THRESHOLDS", "Hint", "bid_estimates",
    "about_as_good", "bid_values", "card_estimates", "card_name", "card_valuation",
    "card_values", "explain_bid_or_call", "hindsight_values", "reason", "shown_gap",
    "shown_spread", "spread",
    "hindsight_verdict", "hint", "label_for", "review_hand", "review_record", "shown_points",
]

if __name__ == "__main__":  # python -m beloz.ai.review: the command line, in review_cli
    from beloz.ai.review_cli import main

    raise SystemExit(main())
