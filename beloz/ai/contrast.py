"""Why the best card is better than another one: a reason grounded in sampled deals.

``contrast(view, best, other)`` draws deals of the hidden cards consistent with the seat's
view exactly as Expert's evaluation does (``pimc.evaluate_cards``: ``infer``,
``sampler_for``, ``weighted_sampler`` with Expert's model, ``accept_declarations``,
``HandModel`` for announcements and BeloZ), plays each of the two cards out in every deal
with the heuristic's rollout (the play-out Expert's search uses until the last expeditions;
``play_out`` records it expedition by expedition and is tested equal to ``rollout``), and
compares the two lines deal by deal:

- which expedition changes hands: the first one whose winning team differs;
- which card wins it against the seat's team with the other card, in which seat;
- whether the partner wins it by intercepting (the partner has no card of the led plain);
- whether the contract's outcome changes (made / dedans);
- how many points of margin move on average (the team's hand score minus the other's).

A reason is stated only when it holds in most of the sampled deals (more than half), and
its sentence says in which share of them ("In 72% of the deals that fit what you have
seen, Kito holds the crocodile: your lion would be intercepted; your meerkat keeps your
lion for a later expedition, which your team wins").  ``share`` counts the deals where
*every* fact of the sentence holds together, so a hidden card's holder is only ever said
as a proportion of deals; cards are named as the seat sees them (``explain.card_word``).
A large loss often comes from a few deals only (a contract that fails): when no reason
holds in most deals, one is said if the deals where it holds make up most of the points
gained, with their number, never as "most" ("In 9 of the 40 deals that fit what you have
seen, with your West elephant your contract fails; ...").

No pygame here.  Wording: keys ``teach.contrast.*`` (``contrast_words.sentence``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from beloz.reasons import SPECIFIC, Contrast
from beloz.rules.announcements import AnnouncementResult
from beloz.rules.cards import plain_of, team_of
from beloz.rules.scoring import Outcome, score_hand
from beloz.rules.state import SeatView
from beloz.rules.tricks import master_index

from . import dds
from .base import decision_rng
from .contrast_words import seat_word, sentence, threshold_sentence
from .dd_lines import DoubleDummy, NotExact, Scoring
from .heuristic import choose_card
from .inference import weighted_sampler
from .levels import LEVELS, Level
from .pimc import HandModel, accept_declarations
from .sampler import sampler_for
from .search import Extras, SearchTimeout, Solver
from .tables import PTS
from .view import infer

#: Deals drawn per contrast: enough for a share to be within about ±8% (one standard
#: error at 50%), a fraction of a second of rollouts.
SAMPLES = 40
#: The seed of the deals (as ``review.SEED``): the same view gives the same reason.
SEED = 0
#: The double-dummy play-outs' budget, all deals together, in the solver's nodes (the same
#: count on every machine, so the same deals are counted: about a tenth of a second), and a
#: cap in seconds on a loaded machine; past either no more deals are drawn (the hint's
#: speed, bench ``teach``).
DD_NODES = 600_000
DD_SECONDS = 0.3
#: Fewer double-dummy deals than this within them: the heuristic's play-outs, every deal
#: (early in a hand, where a deal's lines take the most nodes).
MIN_DD_DEALS = 16
#: Double-dummy lines once this many expeditions or fewer are left: with six, a deal's two
#: lines take some 50,000 nodes, and ``DD_NODES`` would not reach ``MIN_DD_DEALS``; with
#: five, 10,000 to 30,000, a hint's p95 past 0.3 s and a Bulgarian review's median past 1 s
#: on a loaded machine (bench ``teach``); with four, 1,000 to 5,000.
DD_TRICKS = 4


@dataclass(frozen=True, slots=True)
class Expedition:
    """One expedition of a play-out: who led, the four cards in order, who won it and
    with which card, and its card points."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    winning_card: int
    points: int


@dataclass(frozen=True, slots=True)
class Line:
    """One card played out in one deal: the expeditions from the current one on, the
    seat's team's margin (its hand score minus the other's) and the contract's outcome."""

    expeditions: tuple[Expedition, ...]
    value: int
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One sampled deal (the four current hands, hidden cards included) and the two cards'
    play-outs in it."""

    hands: tuple[int, int, int, int]
    best: Line
    other: Line
    exact: bool = False  # both lines played out double-dummy (``dd_lines``)

    @property
    def gain(self) -> int:
        """Points of margin the best card scores more than the other in this deal."""
        return self.best.value - self.other.value


# -- play-out ---------------------------------------------------------------------------------


#: A seat's card chosen in a play-out: (hands, leader, trick, seat, the heuristic's card, the
#: legal cards' mask, the points each team won in the play-out so far, the expeditions team
#: 0 won in it) -> the card played (``dd_lines.DoubleDummy``).
Pick = Callable[[list[int], int, list[int], int, int, int, list[int], int], int]


def play_out(
    view: SeatView, hands: list[int], first: int, pick: Pick | None = None
) -> tuple[list[Expedition], int, int, int, int]:
    """Play ``first`` for the seat in the deal ``hands`` (the current hands), then the rest
    of the hand with the heuristic on every seat — ``heuristic.rollout``'s play, card by
    card, each expedition kept — or, with ``pick``, the card it chooses (the heuristic's
    card offered first).  Returns the expeditions from the current one on and, as
    ``rollout`` does, (points team 0, points team 1, team of the last expedition,
    expeditions won by team 0) for them."""
    assert view.trump is not None and view.taker is not None
    trump = view.trump
    d = view.ruleset.direction
    legal_of = Solver(trump, view.ruleset, 0, lambda a, b, c, e: 0).legal
    pts = PTS[trump]
    taker_team = team_of(view.taker)
    hands = list(hands)
    hands[view.seat] &= ~(1 << first)
    played = view.played | (1 << first)
    leader = view.leader
    trick = [*view.trick, first]
    out: list[Expedition] = []
    p = [0, 0]
    won0 = last = 0
    while True:
        while len(trick) < 4:
            seat = (leader + d * len(trick)) % 4
            hand = hands[seat]
            legal = legal_of(hand, trick)
            m = master_index(trick, trump) if trick else 0
            c = choose_card(hand, legal, trick, m, trump, played, taker_team, team_of(seat),
                            seat == view.taker)
            if pick is not None and legal & (legal - 1):
                c = pick(hands, leader, trick, seat, c, legal, p, won0)
            hands[seat] = hand & ~(1 << c)
            played |= 1 << c
            trick.append(c)
        m = master_index(trick, trump)
        winner = (leader + d * m) % 4
        tp = sum(pts[c] for c in trick)
        out.append(Expedition(leader, tuple(trick), winner, trick[m], tp))
        p[team_of(winner)] += tp
        won0 += team_of(winner) == 0
        last = team_of(winner)
        leader, trick = winner, []
        if not hands[leader]:
            return out, p[0], p[1], last, won0


class _NoLine(Exception):
    """A double-dummy line could not be had (past the time, or a score the solver cannot
    bisect): the deals are played out by the heuristic instead, all of them."""


def _line(view: SeatView, model: HandModel, extras: Extras, hands: list[int], c: int,
          solver: dds.DDSolver | None = None, scoring: Scoring | None = None) -> Line:
    """``c`` played out in the deal ``hands``: double-dummy when ``solver`` is given
    (``dd_lines``; ``_NoLine`` when it cannot), else by the heuristic."""
    if solver is not None:
        if scoring is None:
            scoring = Scoring(model, extras)
        pick = DoubleDummy(view, solver, scoring.leaf, (model.p0, model.p1, model.won0),
                           scoring.runs)
        try:
            exps, r0, r1, last, w0 = play_out(view, hands, c, pick)
        except (SearchTimeout, NotExact):
            raise _NoLine from None
    else:
        exps, r0, r1, last, w0 = play_out(view, hands, c)
    p0, p1, won0 = model.p0 + r0, model.p1 + r1, model.won0 + w0
    va, a0, a1, b0, b1 = extras
    assert view.contract is not None
    result = score_hand(
        view.ruleset, model.taker_team, (p0, p1), last, (won0, 8 - won0),
        AnnouncementResult(va, (a0, a1), False), (b0, b1), view.escrow_in, view.contract,
        view.multiplier,
    )
    return Line(tuple(exps), model.value(extras, p0, p1, last, won0), result.outcome)


def outcomes(
    view: SeatView, best: int, other: int, samples: int = SAMPLES,
    rng: random.Random | None = None, level: Level = LEVELS["expert"],
) -> list[DealOutcome]:
    """The distinct deals among ``samples`` drawn consistent with the seat's view, as Expert
    draws them (its model of the other seats' bids and cards), and the two cards played out
    in each.  A deal drawn twice counts once: "in 19 of the 40 deals that fit" must not
    count one layout nineteen times where only six fit (teacher set I, bulgare-4202).

    Where Expert's values are exact (``Level.solve_tricks`` expeditions or fewer left, the
    compiled solver at hand), both cards are played out double-dummy (``dd_lines``), so that
    the deals counted and the values shown tell one story; fewer deals once ``DD_NODES``
    (or ``DD_SECONDS``) is spent, ``MIN_DD_DEALS`` at least, else every deal by the
    heuristic."""
    assert view.trump is not None and view.taker is not None
    if rng is None:
        rng = decision_rng(SEED, view)
    state = rng.getstate()
    if level.solve_tricks > 0 and 8 - len(view.tricks) <= min(DD_TRICKS, level.solve_tricks) and (
            dds.compiled_available()):
        solver = dds.new_solver(dds.contract_game(view.trump, view.ruleset))
        solver.max_nodes = DD_NODES
        solver.deadline = time.perf_counter() + DD_SECONDS
        got = _draw(view, best, other, samples, rng, level, solver)
        if got is not None:
            return got
        rng.setstate(state)  # the same deals, played out by the heuristic
    got = _draw(view, best, other, samples, rng, level, None)
    assert got is not None
    return got


def _draw(view: SeatView, best: int, other: int, samples: int, rng: random.Random,
          level: Level, solver: dds.DDSolver | None) -> list[DealOutcome] | None:
    """``outcomes``' deals, double-dummy with ``solver`` (None: fewer than
    ``MIN_DD_DEALS`` could be), else by the heuristic."""
    sampler = weighted_sampler(view, sampler_for(infer(view)), level.model)
    model = HandModel(view)
    accept = accept_declarations(view, model)
    scorings: dict[Extras, Scoring] = {}
    out: list[DealOutcome] = []
    seen = set()
    for _ in range(samples):
        hands = sampler.sample_accepted(rng, accept)
        deal = (hands[0], hands[1], hands[2], hands[3])
        if deal in seen:
            continue
        seen.add(deal)
        extras = model.extras(hands)
        scoring = scorings.setdefault(extras, Scoring(model, extras))
        try:
            out.append(DealOutcome(
                deal,
                _line(view, model, extras, hands, best, solver, scoring),
                _line(view, model, extras, hands, other, solver, scoring),
                solver is not None,
            ))
        except _NoLine:
            break
        if solver is not None and time.perf_counter() > solver.deadline:
            break
    if solver is not None and len(out) < min(MIN_DD_DEALS, len(seen)):
        return None
    return out


# -- the facts of a deal ------------------------------------------------------------------------


def changes_hands(o: DealOutcome) -> int | None:
    """The index (0: the current expedition) of the first expedition whose winning team
    differs between the two lines, or None."""
    for i, (a, b) in enumerate(zip(o.best.expeditions, o.other.expeditions, strict=True)):
        if team_of(a.winner) != team_of(b.winner):
            return i
    return None


Fact = Callable[[DealOutcome], Hashable | None]


class Facts:
    """The facts a reason may state about one deal, for the seat of ``view`` comparing
    ``best`` with ``other``.  Each returns its parameters (the seat, card, expedition it
    speaks of) when it holds in the deal, else None; a reason is the most frequent value."""

    def __init__(self, view: SeatView, best: int, other: int, need_gain: bool = True) -> None:
        assert view.trump is not None and view.taker is not None
        self.view, self.best, self.other = view, best, other
        # False: a fact holds whether or not the best card scores more in the deal (the
        # share a sentence gives is that of the deals where what it states holds).
        self.need_gain = need_gain
        self.team = team_of(view.seat)
        self.partner = view.seat ^ 2
        self.trump = view.trump

    def _now(self, o: DealOutcome, keep: bool | None) -> tuple[int, int] | None:
        """The other card loses the current expedition to the other team's (seat, card),
        and the best card scores more: it wins the expedition (``keep`` False), or loses it
        too but keeps the other card for a later expedition that the seat's team wins
        (``keep`` True), or either or neither (``keep`` None)."""
        now_o, now_b = o.other.expeditions[0], o.best.expeditions[0]
        if (self.need_gain and o.gain <= 0) or team_of(now_o.winner) == self.team:
            return None
        if keep is None:
            pass
        elif keep:
            if team_of(now_b.winner) == self.team:
                return None
            later = next(e for e in o.best.expeditions if self.other in e.cards)
            if team_of(later.winner) != self.team:
                return None
        elif team_of(now_b.winner) != self.team:
            return None
        return now_o.winner, now_o.winning_card

    def now_win(self, o: DealOutcome) -> tuple[int, int] | None:
        return self._now(o, keep=False)

    def now_keep(self, o: DealOutcome) -> tuple[int, int] | None:
        return self._now(o, keep=True)

    def now_lose(self, o: DealOutcome) -> tuple[int, int] | None:
        return self._now(o, keep=None)

    def now_lose_card(self, o: DealOutcome) -> int | None:
        got = self._now(o, keep=None)
        return None if got is None else got[1]

    def now_win_card(self, o: DealOutcome) -> int | None:
        got = self._now(o, keep=False)
        return None if got is None else got[1]

    def now_keep_card(self, o: DealOutcome) -> int | None:
        got = self._now(o, keep=True)
        return None if got is None else got[1]

    def _later(self, o: DealOutcome) -> tuple[int, Expedition, Expedition] | None:
        """The first expedition changing hands, lost by the seat's team with the other
        card and won with the best one: (its index, the best line's, the other's)."""
        i = changes_hands(o)
        if i is None or (self.need_gain and o.gain <= 0):
            return None
        b, x = o.best.expeditions[i], o.other.expeditions[i]
        if team_of(b.winner) != self.team:
            return None
        return i, b, x

    def partner_void(self, o: DealOutcome) -> tuple[int, int, int] | None:
        """With the best card, the expedition that changes hands is the partner's: it
        intercepts, having no card of the led plain (index, its card, the led plain)."""
        got = self._later(o)
        if got is None:
            return None
        i, b, _ = got
        lead = plain_of(b.cards[0])
        y = b.winning_card
        if b.winner != self.partner or plain_of(y) != self.trump or lead == self.trump:
            return None
        return i, y, lead

    def later(self, o: DealOutcome) -> tuple[int, int, int] | None:
        got = self._later(o)
        return None if got is None else (got[0], got[2].winner, got[2].winning_card)

    def later_card(self, o: DealOutcome) -> tuple[int, int] | None:
        got = self._later(o)
        return None if got is None else (got[0], got[2].winning_card)

    def later_any(self, o: DealOutcome) -> int | None:
        got = self._later(o)
        return None if got is None else got[0]

    def intercepted(self, line: Line) -> int:
        """How many expeditions of ``line`` the other team wins by intercepting: with a
        flooded card, another plain led."""
        return sum(1 for e in line.expeditions
                   if team_of(e.winner) != self.team and plain_of(e.winning_card) == self.trump
                   and plain_of(e.cards[0]) != self.trump)

    def trumps(self, o: DealOutcome) -> int | None:
        """With the other card, the other team intercepts this many more expeditions than
        with the best one (a trump contract: one plain floods)."""
        if (self.need_gain and o.gain <= 0) or self.trump >= 4:
            return None
        more = self.intercepted(o.other) - self.intercepted(o.best)
        return more if more > 0 else None

    def more_points(self, o: DealOutcome) -> bool | None:
        return True if o.gain > 0 else None

    def contract(self, o: DealOutcome) -> str | None:
        """The contract's outcome changes against the seat's team with the other card:
        ``ours`` (its team took: made with the best card, dedans with the other), ``theirs``
        (the other team took: dedans with the best card, made with the other)."""
        ours = self.view.taker is not None and team_of(self.view.taker) == self.team
        b, x = o.best.outcome, o.other.outcome
        if ours and b is Outcome.MADE and x is Outcome.DEDANS:
            return "ours"
        if not ours and b is Outcome.DEDANS and x is Outcome.MADE:
            return "theirs"
        return None


#: A reason of the points needs at least this share of the deals (a single odd deal is no
#: reason), and the best card to gain at least this many points on average (below, the
#: difference is within the evaluation's noise: ``review.THRESHOLDS``).
MIN_SHARE = 0.1
MIN_POINTS = 4.0


def _mode(values: list[Hashable | None]) -> tuple[Hashable, int] | None:
    counts = Counter(v for v in values if v is not None)
    if not counts:
        return None
    # Ties go to the value seen first (Counter keeps insertion order).
    return counts.most_common(1)[0]


def reason_from(view: SeatView, best: int, other: int,
                deals: list[DealOutcome]) -> Contrast | None:
    """The reason why ``best`` rather than ``other`` in ``deals`` (``SPECIFIC``: one that
    holds in most of them, else one whose deals make up most of the points gained, else
    ``more_points`` when the best card scores more in most of them); None when the best
    card does not score more on average, or when no reason exists."""
    n = len(deals)
    if n == 0 or best == other:
        return None
    total = sum(o.gain for o in deals)
    if total <= 0:
        return None
    facts = Facts(view, best, other)
    loose = Facts(view, best, other, need_gain=False)
    first = len(view.tricks) + 1
    gains = sum(o.gain for o in deals if o.gain > 0)  # what the best card gains, where it does

    def most_deals(held: list[DealOutcome]) -> bool:
        return 2 * len(held) > n

    def most_points(held: list[DealOutcome]) -> bool:
        return (2 * sum(o.gain for o in held if o.gain > 0) > gains
                and len(held) >= MIN_SHARE * n and total >= MIN_POINTS * n)

    for basis, keys, enough in (("deals", SPECIFIC, most_deals),
                                ("points", SPECIFIC, most_points),
                                ("deals", ("more_points",), most_deals)):
        for key in keys:
            fact: Fact = getattr(facts, key)
            values = [fact(o) for o in deals]
            top = _mode(values)
            if top is None:
                continue
            param = top[0]
            held = [o for o, v in zip(deals, values, strict=True) if v == param]
            if not enough(held):
                continue
            # The contract's outcome is said too when it changes in enough of these deals.
            contract = None
            if key != "contract":
                side = _mode([facts.contract(o) for o in held])
                if side is not None:
                    both = [o for o in held if facts.contract(o) == side[0]]
                    if enough(both):
                        contract, held = str(side[0]), both
            gained = sum(o.gain for o in held if o.gain > 0)
            # The share said is that of the deals where the sentence's facts hold, whether
            # or not the best card scores more in them (the gain is the sentence's end).
            plain_fact: Fact = getattr(loose, key)
            stated = [o for o in deals if plain_fact(o) == param
                      and (contract is None or facts.contract(o) == contract)]
            if key == "more_points":
                stated = held
            base = Contrast(
                key, best, other, round(100 * len(stated) / n), n, round(total / n),
                view.seat, view.trump, contract=contract, count=len(stated), basis=basis,
                weight=round(100 * gained / gains), direction=view.ruleset.direction,
            )
            return _with(base, key, param, first, view, other)
    return None


def _with(base: Contrast, key: str, param: Hashable, first: int, view: SeatView,
          other: int) -> Contrast:
    """``base`` with the fact's parameters in their fields."""
    from dataclasses import replace

    assert isinstance(param, (tuple, int, bool, str))
    if key in ("now_win", "now_keep", "now_lose"):
        assert isinstance(param, tuple)
        seat, card = param
        # A card the view knows the seat holds (a revealed announcement, the turned card
        # with the taker, a belot said) is said as a fact, never as a share of the deals.
        known = card not in view.trick and bool(infer(view).must[seat] >> card & 1)
        return replace(base, holder=seat, card=card, expedition=first,
                       fate=_fate(view, other, card), visible=card in view.trick,
                       known=known)
    if key in ("now_win_card", "now_keep_card", "now_lose_card"):
        assert isinstance(param, int)
        know = infer(view)
        # "an opponent holds it" is a fact, not a share of the deals, where one of them is
        # known to hold it, or where neither the seat nor its partner can (teacher set AA,
        # sans-4493, judged "wrong": "in 4 of the 40 deals …, an opponent holds the North
        # meerkat" of the last trump, which the seat and its partner had shown they lacked)
        known = param not in view.trick and (
            any(know.must[s] >> param & 1 for s in range(4) if (s - view.seat) % 2)
            or not (view.hand | view.played | know.may[view.seat ^ 2]) >> param & 1)
        return replace(base, card=param, expedition=first, fate=_fate(view, other, param),
                       visible=param in view.trick, known=known)
    if key == "partner_void":
        assert isinstance(param, tuple)
        i, card, plain = param
        return replace(base, expedition=first + i, card=card, plain=plain,
                       holder=view.seat ^ 2)
    if key == "later":
        assert isinstance(param, tuple)
        i, seat, card = param
        return replace(base, expedition=first + i, holder=seat, card=card)
    if key == "later_card":
        assert isinstance(param, tuple)
        i, card = param
        return replace(base, expedition=first + i, card=card)
    if key == "later_any":
        assert isinstance(param, int)
        return replace(base, expedition=first + param)
    if key == "contract":
        assert isinstance(param, str)
        return replace(base, contract=param)
    if key == "trumps":
        assert isinstance(param, int)
        return replace(base, intercepts=param)
    return base


def _fate(view: SeatView, other: int, winning: int) -> str:
    """``intercepted`` when a flooded card takes ``other``, a card of another plain led
    (or led on) in the current expedition; else ``beaten``."""
    trump = view.trump
    lead = plain_of(view.trick[0]) if view.trick else plain_of(other)
    if plain_of(winning) == trump and plain_of(other) != trump and lead != trump:
        return "intercepted"
    return "beaten"


def contrast(
    view: SeatView, best: int, other: int, samples: int = SAMPLES,
    rng: random.Random | None = None, level: Level = LEVELS["expert"],
) -> Contrast | None:
    """Why ``best`` rather than ``other`` for the seat of ``view`` (its turn to play, both
    cards legal), from ``samples`` deals consistent with its view; None when no reason
    holds in most of them (or the best card does not score more in them)."""
    if best == other or view.trump is None or view.taker is None:
        return None
    legal = view.legal_actions()
    if best not in legal or other not in legal:
        return None
    return reason_from(view, best, other, outcomes(view, best, other, samples, rng, level))


__all__ = [
    "MIN_POINTS", "MIN_SHARE", "SAMPLES", "SEED", "DealOutcome", "Expedition", "Facts", "Line",
    "changes_hands", "contrast", "outcomes", "play_out", "reason_from", "seat_word",
    "sentence", "threshold_sentence",
]
