"""The bid search: the search players' bids and auction calls (``PimcPlayer.bid``).

For a bid: sample the rest of the deal (the other 5-card hands and the 11-card stock,
with rejection of deals where a seat that already passed would have taken by the
heuristic's bid), and compare, on the same deals, taking (each candidate plain in round 2)
with passing (the rest of the bidding then bid by the heuristic), each hand played out by
heuristic rollout (``search.margin``).  In an auction (RULES.md §9.3) the same with the
other 5-card hands and the 12 cards still to deal, the rest of the auction called by the
heuristic.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence

from beloz.rules.announcements import best_combination, compare
from beloz.rules.cards import ELEPHANT, RHINOCEROS, card, plain_of, team_of
from beloz.rules.contract import LADDER, Contract, parse_contract
from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    HandState,
    Phase,
    SeatView,
    action_contract,
    action_plain,
    auction,
    contract_action,
)

from .contract_model import ContractModel, ModelError, default_model
from .heuristic import (
    AUCTION_THRESHOLDS,
    PlayRules,
    auction_call,
    auction_situation,
    contract_strength,
    hand_strength,
    heuristic_bid,
    rollout,
)
from .levels import Level
from .search import Extras, Stakes, margin
from .values import BidValues, paired_se, values_se

# -- bidding -----------------------------------------------------------------------------------


def _bid_candidates(view: SeatView) -> list[int]:
    legal = view.legal_actions()
    if len(view.bids) < 4:
        return legal
    cards = view.hand | (1 << view.turned)
    scored = []
    for a in legal:
        p = action_plain(a)
        if p is not None:
            scored.append((hand_strength(cards, p), a))
    scored.sort(reverse=True)
    return [PASS] + [a for _, a in scored[:2]]


def simulate_bid(view: SeatView, rng: random.Random, level: Level) -> int:
    """The bid with the best mean hand score over sampled completions of the deal."""
    cands, means = evaluate_bids(view, rng, level)
    if len(cands) == 1:
        return cands[0]
    return cands[max(range(len(cands)), key=lambda i: means[i])]


def evaluate_bids(
    view: SeatView, rng: random.Random, level: Level, cands: list[int] | None = None,
    tally: Callable[[int, HandState, int], None] | None = None,
) -> BidValues:
    """The candidate bids (by default ``_bid_candidates``: in round 2 passing and the two
    most promising plains) and each one's mean final hand score, the seat's team minus the
    other, over the same sampled completions of the deal, and the noise of their
    differences (``BidValues.se_diff``).  ``tally(i, state, value)``, if given, sees each
    sampled deal's outcome of candidate ``i`` (for ``bench.bid_offline``)."""
    if view.ruleset.bidding is Bidding.AUCTION:
        return evaluate_calls(view, rng, level, cands)
    start = time.perf_counter()
    model = _contract_model(view) if level.bid_model > 0 else None
    if model is not None and level.bid_model >= 1:
        cands = list(view.legal_actions()) if cands is None else cands
        return BidValues(cands, model.values(view, cands), ())
    if cands is None:
        cands = _bid_candidates(view)
    if len(cands) == 1:
        return BidValues(cands, [0.0], ((0.0,),))
    k = len(cands)
    # With the model blended in, the bid is chosen on the blend: the search stops early when
    # the blend's leader is clear, the model's share (no noise) counted in search units.
    model_values = model.values(view, cands) if model is not None else [0.0] * k
    share = level.bid_model / (1 - level.bid_model) if model is not None else 0.0
    offset = [share * v for v in model_values]
    sums = [0.0] * k
    # Paired differences: sum and sum of squares of candidate i's value minus j's.
    d1 = [[0.0] * k for _ in range(k)]
    d2 = [[0.0] * k for _ in range(k)]
    n = 0
    deals = sampled_bid_values(view, cands, rng, model, tally)
    for n, vals in enumerate(itertools.islice(deals, level.bid_samples), 1):
        for i in range(k):
            sums[i] += vals[i]
            for j in range(k):
                d = vals[i] - vals[j]
                d1[i][j] += d
                d2[i][j] += d * d
        if time.perf_counter() - start > level.bid_time_cap:
            break
        if n >= 24 and n % 8 == 0 and _clear_lead(sums, d1, d2, n, offset):
            break
    means = [x / max(1, n) for x in sums]
    se = paired_se(n, sums, d2)
    if model is not None:
        w = level.bid_model
        means = [(1 - w) * m + w * v for m, v in zip(means, model_values, strict=True)]
        se = tuple(tuple((1 - w) * x for x in row) for row in se)
    return BidValues(cands, means, se)


def sampled_bid_values(
    view: SeatView, cands: list[int], rng: random.Random, model: ContractModel | None = None,
    tally: Callable[[int, HandState, int], None] | None = None,
) -> Iterator[list[float]]:
    """Deal after deal drawn to agree with the view (``_sample_bidding``), each candidate's
    value for the seat's team: the rest of the bidding by the rule of thumb, the hand played
    by rollout, plus the ``model``'s rollout gap if given.  ``tally`` as ``evaluate_bids``'s.
    (``evaluate_bids`` averages them; ``bench.bid_bound`` too, over a fixed number.)"""
    ruleset = view.ruleset
    unknown = [c for c in range(32) if not (view.hand >> c & 1) and c != view.turned]
    excluded = plain_of(view.turned) if ruleset.second_round_excludes_turned else -1
    # Which seats passed in each round before us, to reject deals that contradict them.
    passed_r1: list[int] = []
    passed_r2: list[int] = []
    seat = (view.dealer + ruleset.direction) % 4
    for i, b in enumerate(view.bids):
        if b == PASS:
            (passed_r1 if i < 4 else passed_r2).append(seat)
        seat = (seat + ruleset.direction) % 4
    while True:
        hands5, stock = _sample_bidding(view, unknown, rng, passed_r1, passed_r2, excluded)
        # Candidates that end in the same contract on the same hands (passing, then taking
        # the same plain in round 2) have the same value: the hand is played once.
        seen: dict[tuple[object, ...], int] = {}
        vals: list[float] = []
        for a in cands:
            state = _bid_outcome(view, hands5, stock, a, ruleset, excluded)
            key = (tuple(state.hands), state.taker, state.contract, state.multiplier)
            if key not in seen:
                seen[key] = _played_value(view, state)
            if tally is not None:
                tally(len(vals), state, seen[key])
            value = float(seen[key])
            if model is not None and state.taker is not None:
                # The rollout plays by the rule of thumb; Expert's cards score otherwise.
                value += model.rollout_gap((state.taker - view.seat) % 2 == 0, value)
            vals.append(value)
        yield vals


def _contract_model(view: SeatView) -> ContractModel | None:
    """The shipped contract-value model if it serves the view's ruleset; the search alone
    otherwise (another ruleset, or a model file that cannot be read)."""
    try:
        model = default_model()
    except ModelError:
        return None
    return model if model.serves(view) else None


def _clear_lead(
    sums: Sequence[float], d1: Sequence[Sequence[float]], d2: Sequence[Sequence[float]], n: int,
    offset: Sequence[float] | None = None,
) -> bool:
    """Whether the best candidate leads the second by 2.5 standard errors of their paired
    difference over the ``n`` deals so far (``d1``, ``d2``: sums of the pairwise differences
    and of their squares; ``offset``: a noiseless value added to each candidate's mean, the
    model's share of a blend).  A bid's value swings by a hundred points and more from deal
    to deal: a lead of 40 points a deal over 24 deals, where the search used to stop, is
    still often noise."""
    off = offset if offset is not None else [0.0] * len(sums)
    order = sorted(range(len(sums)), key=lambda i: -(sums[i] / n + off[i]))
    best, second = order[0], order[1]
    raw = d1[best][second] / n
    var = max(0.0, d2[best][second] / n - raw * raw)
    return raw + off[best] - off[second] > 2.5 * (var / n) ** 0.5 + 0.5


def _sample_bidding(
    view: SeatView,
    unknown: list[int],
    rng: random.Random,
    passed_r1: list[int],
    passed_r2: list[int],
    excluded: int,
) -> tuple[list[int], list[int]]:
    """The other 5-card hands and the stock, redrawn while a seat that passed would have
    bid by the heuristic's rule.  After seven passes few deals agree with them all: 12
    draws left 12% of the dealer's deals contradicting a pass (other hands too strong),
    64 leave 1%; a draw costs little next to a deal's rollouts."""
    me = view.seat
    hands5: list[int] = [0, 0, 0, 0]
    stock: list[int] = []
    for _ in range(64):
        pool = list(unknown)
        rng.shuffle(pool)
        hands5 = [0, 0, 0, 0]
        hands5[me] = view.hand
        pos = 0
        for s in range(4):
            if s == me:
                continue
            for c in pool[pos : pos + 5]:
                hands5[s] |= 1 << c
            pos += 5
        stock = pool[pos:]
        ok = True
        for s in passed_r1:
            if s != me and heuristic_bid(hands5[s], view.turned, (), s, view.dealer) != PASS:
                ok = False
                break
        if ok:
            for s in passed_r2:
                if s != me and heuristic_bid(
                    hands5[s], view.turned, (PASS,) * 4, s, view.dealer, excluded
                ) != PASS:
                    ok = False
                    break
        if ok:
            break
    return hands5, stock


def _bid_outcome(
    view: SeatView, hands5: list[int], stock: list[int], action: int, ruleset: Ruleset,
    excluded: int,
) -> HandState:
    """The hand once its bidding is over: the seat's ``action``, then every other bid
    (the seat's own in round 2 included) by the heuristic's rule."""
    state = HandState(ruleset, view.dealer, hands5, view.turned, stock, view.escrow_in)
    for b in view.bids:
        state.apply(b)
    state.apply(action)
    while state.phase is Phase.BIDDING:
        s = state.current
        b = heuristic_bid(state.hands[s], view.turned, state.bids, s, view.dealer, excluded)
        if b not in state.legal_actions():
            b = PASS
        state.apply(b)
    return state


def _played_value(view: SeatView, state: HandState) -> int:
    """The seat's team's hand score minus the other's once the bidding of ``state`` is over:
    the rest played by heuristic rollout, announcements and belots as held."""
    if state.taker is None or state.contract is None:
        return 0
    return _contract_value(view, state.hands, state.taker, state.contract, state.multiplier)


def _contract_value(
    view: SeatView, hands: list[int], taker: int, contract: Contract, multiplier: int
) -> int:
    """The seat's team's hand score minus the other's for the complete deal ``hands`` played
    in ``contract`` by heuristic rollout, announcements and belots as held."""
    ruleset = view.ruleset
    trump = contract.order
    kind = contract.kind
    if ruleset.announcements and kind.announcements:
        declared = [best_combination(h) for h in hands]
    else:
        declared = [()] * 4
    r = compare(declared, trump, ruleset, (view.dealer + ruleset.direction) % 4)
    bel = [0, 0]
    for p in contract.belot_plains:
        pair = (1 << card(p, ELEPHANT)) | (1 << card(p, RHINOCEROS))
        for s in range(4):
            if hands[s] & pair == pair:
                bel[team_of(s)] += ruleset.beloz_points
    leader = (view.dealer + ruleset.direction) % 4
    p0, p1, last, won0 = rollout(PlayRules.of(trump, taker, ruleset), list(hands), leader)
    stakes = Stakes(ruleset, team_of(taker), view.escrow_in, kind, multiplier)
    extras = Extras(r.valid_team, r.points[0], r.points[1], bel[0], bel[1])
    return margin(stakes, team_of(view.seat), extras, p0, p1, last, won0)


# -- the auction (RULES.md §9.3) -----------------------------------------------------------------


def _auction_candidates(view: SeatView) -> list[int]:
    """Passing, the two contracts the hand counts best for, double and redouble."""
    legal = view.legal_actions()
    scored = []
    for a in legal:
        c = action_contract(a)
        if c is not None:
            scored.append((contract_strength(view.hand, c.order) - AUCTION_THRESHOLDS[c.rank], a))
    scored.sort(reverse=True)
    return ([PASS] + [a for _, a in scored[:2]]
            + [a for a in legal if a in (DOUBLE, REDOUBLE)])


# The auction's contracts, lowest first: (call, contract).
_LADDER_CALLS = tuple((contract_action(parse_contract(c)), parse_contract(c)) for c in LADDER)


def _auction_value(view: SeatView, hands5: list[int], stock: list[int], a: Auction) -> int:
    """The value for the seat's team of the auction standing at ``a`` (just after the seat's
    call), the other calls made by the heuristic (``heuristic.auction_call``), the deal
    completed (3 cards each) and the hand played by rollout."""
    ruleset = view.ruleset
    d = ruleset.direction
    while not a.over:
        seat = a.next_seat
        rank = a.contract.rank if a.contract is not None else -1
        legal: list[int] = [PASS]
        contracts = []
        for action, k in _LADDER_CALLS[rank + 1:]:
            legal.append(action)
            contracts.append((action, k.order, k.rank))
        if a.bidder is not None:
            ours = (seat - a.bidder) % 2 == 0
            if a.multiplier == 1 and not ours:
                legal.append(DOUBLE)
            elif a.multiplier == 2 and ours:
                legal.append(REDOUBLE)
        call = auction_call(hands5[seat], (a, tuple(legal), tuple(contracts)))
        nxt = (seat + d) % 4
        if call == PASS:
            a = Auction(a.contract, a.bidder, a.multiplier, a.passes + 1, nxt)
        elif call == DOUBLE:
            a = Auction(a.contract, a.bidder, 2, 0, nxt)
        elif call == REDOUBLE:
            a = Auction(a.contract, a.bidder, 4, 0, nxt)
        else:
            a = Auction(action_contract(call), seat, 1, 0, nxt)
    if a.contract is None or a.bidder is None:
        return 0
    hands = list(hands5)
    seat = view.dealer
    pos = 0
    for _ in range(4):
        seat = (seat + d) % 4
        for c in stock[pos : pos + 3]:
            hands[seat] |= 1 << c
        pos += 3
    return _contract_value(view, hands, a.bidder, a.contract, a.multiplier)


def _sample_auction(
    view: SeatView, unknown: list[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """The other 5-card hands and the 12 cards still to deal; deals where another seat's
    earlier pass or contract is not the heuristic's call are redrawn (a few times)."""
    d = view.ruleset.direction
    checks = [
        ((view.dealer + d * (i + 1)) % 4, b, auction_situation(view.ruleset, view.bids[:i],
                                                               view.dealer))
        for i, b in enumerate(view.bids)
        if (view.dealer + d * (i + 1)) % 4 != view.seat and b not in (DOUBLE, REDOUBLE)
    ]
    hands5: list[int] = []
    stock: list[int] = []
    for _ in range(12):
        pool = list(unknown)
        rng.shuffle(pool)
        hands5 = [0, 0, 0, 0]
        hands5[view.seat] = view.hand
        pos = 0
        for s in range(4):
            if s != view.seat:
                for c in pool[pos : pos + 5]:
                    hands5[s] |= 1 << c
                pos += 5
        stock = pool[pos:]
        if all(auction_call(hands5[s], situation) == b for s, b, situation in checks):
            break
    return hands5, stock


def evaluate_calls(
    view: SeatView, rng: random.Random, level: Level, cands: list[int] | None = None
) -> BidValues:
    """The candidate calls of an auction and each one's mean final hand score (the seat's
    team minus the other; Bulgarian scoring: the points recorded before the division by
    10) over the same sampled completions of the deal (the other 5-card hands and the 12
    cards still to deal), the rest of the auction called by the heuristic."""
    start = time.perf_counter()
    if cands is None:
        cands = _auction_candidates(view)
    if len(cands) == 1:
        return BidValues(cands, [0.0], ((0.0,),))
    ruleset = view.ruleset
    unknown = [c for c in range(32) if not view.hand >> c & 1]
    starts = [auction(ruleset, (*view.bids, a), view.dealer) for a in cands]
    sums = [0.0] * len(cands)
    n = 0
    values: list[list[int]] = [[] for _ in cands]
    # The work of a turned-card bid (two candidates per deal), however many calls compete.
    most = max(24, level.bid_samples * 2 // len(cands))
    for n in range(1, most + 1):
        hands5, stock = _sample_auction(view, unknown, rng)
        for i, a in enumerate(starts):
            v = _auction_value(view, hands5, stock, a)
            sums[i] += v
            values[i].append(v)
        if time.perf_counter() - start > level.bid_time_cap:
            break
        if n >= 24 and n % 8 == 0:
            # Stop once the best call leads the second by 2.5 standard errors of their
            # paired difference (or by 40 points a deal).
            order = sorted(range(len(cands)), key=lambda i: -sums[i])
            diffs = [x - y for x, y in zip(values[order[0]], values[order[1]], strict=True)]
            mean_d = sum(diffs) / n
            var = max(0.0, sum(d * d for d in diffs) / n - mean_d * mean_d)
            if mean_d > 40 or mean_d > 2.5 * (var / n) ** 0.5 + 0.5:
                break
    return BidValues(cands, [x / max(1, n) for x in sums], values_se(values))


__all__ = ["evaluate_bids", "evaluate_calls", "sampled_bid_values", "simulate_bid"]
