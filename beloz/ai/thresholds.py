"""When a threshold makes the gap: the contract's result, the capot, the last expedition.

A card's value jumps where a count crosses a threshold: the takers' points against what
they need (made, dedans, litige; doubled or redoubled in the Bulgarian auction), every
expedition won (the capot), the last expedition's points (dix de der).  A teacher leads
with it: "The contract is at stake: your team has 52 card points so far, the other team 64.
In 12 of the 40 deals that fit what you have seen, with your West lion your contract fails;
with your East monkey it is made: these deals account for 81% of what your East monkey gains
over your West lion."

``threshold_from(view, best, other, deals)`` reads the same sampled deals as the contrast
(``contrast.outcomes``: deals drawn as Expert draws them, both cards played out with the
rollout, each hand scored by the engine) and returns a ``Contrast`` of key ``threshold``
when, in the deals where a threshold falls the other way with ``other``, the best card
gains most of what it gains (more than half, in at least ``SHARE`` of the
deals, ``contrast.MIN_POINTS`` a deal on average); else None.  The counts it says (each
team's card points of the finished expeditions, every expedition won so far) are facts of
the view, checked by ``check``; the share is said as the number of deals, never as "most".
No pygame here.  Words: ``teach.contrast.threshold.*``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from beloz.reasons import Contrast
from beloz.rules.cards import team_of
from beloz.rules.scoring import Outcome
from beloz.rules.state import SeatView

from .contrast import (
    MIN_POINTS,
    SAMPLES,
    DealOutcome,
    Line,
    outcomes,
    reason_from,
)
from .contrast import threshold_sentence as sentence
from .explain import plains_in_sight
from .settled import announced_points, counts, result_sure

#: The thresholds, most telling first: the contract's result swings the most points.
KINDS = ("contract", "capot", "last")
#: "The last expedition is at stake" is said from the fifth expedition on: earlier, many
#: expeditions lie between the card and the last one, and a teacher names what happens on
#: the way (teacher set H, classique-3003, at the third; watch set B, classique-8184-5, at
#: the second).
LAST_FROM = 4
#: A threshold is said only when it falls the other way in at least this share of the deals
#: (a quarter: 10 of 40): a contract swings 160 points or more, so a few odd deals of the
#: rollout can make "most of the gain" of almost any choice early in a hand.
SHARE = 0.25
#: ... and a fifth of them where the deals are played out double-dummy (``dd_lines``): no
#: odd play of a rollout there (teacher set K, bulgare-535: the contract made with the West
#: elephant and set with the North water snake in 5 of 23 deals, the stake the judge named).
SHARE_EXACT = 0.2


def share_needed(deals: list[DealOutcome]) -> float:
    """The share of ``deals`` a threshold must fall the other way in to be said."""
    return SHARE_EXACT if deals and all(o.exact for o in deals) else SHARE
#: Below this many points of expected margin between the two cards (Expert's values) no
#: threshold is looked for: one that falls the other way in a quarter of the deals moves 40
#: points or more (a contract), 20 (a capot); a few points are no threshold's story.  It
#: spares the hint the deals' play-outs when a concept already says why (its speed).
MIN_GAP = 10.0
#: When a concept already says why, the deals drawn only to look for a threshold: fewer than
#: the contrast's 40 (a quarter is 6 of them), and only once two expeditions are over, so
#: that the hint keeps its speed (bench ``teach``: card hints' p95 within 0.3 s).
THRESHOLD_SAMPLES = 24
THRESHOLD_FROM = 2
#: A close call (teacher set I: 4579, 5017, 5135, 1793, each explained by one true
#: consideration as if it decided): Expert's values less than this many points of margin
#: apart, about 4 card points moving between the teams (an elephant or a rhinoceros; the
#: labels' "inaccuracy" runs from 4 to 10), said on the values the screen shows ...
CLOSE_GAP = 8.0
#: ... and the other card doing better in at least this share of the sampled deals (and two
#: of them): a small edge the best card keeps in every deal (the 4 points given to a
#: partner's sure winner) is a small edge, not a close call.
CLOSE_SHARE = 0.1
#: The sampled deals' word on a call the values put close: "a close call" (the deals go
#: both ways) or "a small edge" (the best card never worse).
CLOSE_KEYS = frozenset({"close", "edge"})


def is_close(gap: float | None) -> bool:
    """Expert's values put the best card ahead by a few points: a gap the deals may well
    reverse."""
    return gap is not None and 0 < gap < CLOSE_GAP


def close_from(view: SeatView, best: int, other: int,
               deals: list[DealOutcome]) -> Contrast | None:
    """A close call (key ``close``) when ``other`` does better than ``best`` in at least
    ``CLOSE_SHARE`` of ``deals`` (two at least); a small edge (key ``edge``) when it never
    does and ``best`` does better in some; else None: "A close call: on average your
    West crocodile scores more, but in 6 of the 40 deals that fit what you have seen, your
    West water snake does better".  A card that is never worse keeps a small edge, however
    small (the 4 points given to a partner's sure winner): no close call."""
    n = len(deals)
    k = sum(o.gain < 0 for o in deals)
    mean = round(sum(o.gain for o in deals) / n) if n else 0
    if n > 1 and k == 0 and (better := sum(o.gain > 0 for o in deals)):
        # never worse: a small edge, said as such (key ``edge``; teacher set I, sans-4579:
        # the crocodile a point ahead of the water snake, never behind it in a deal played
        # out double-dummy: "it should say the call is close")
        return Contrast("edge", best, other, round(100 * better / n), n, mean, view.seat,
                        view.trump, count=better, basis="points")
    if n == 0 or k < max(2, CLOSE_SHARE * n):
        return None
    return Contrast("close", best, other, round(100 * k / n), n, mean, view.seat, view.trump,
                    count=k, basis="points")


def capot_side(view: SeatView) -> str | None:
    """``ours`` / ``theirs``: the team that has won every finished expedition (one at
    least), so a capot is still possible for it; None."""
    if not view.tricks:
        return None
    teams = {(t.winner - view.seat) % 2 for t in view.tricks}
    if len(teams) != 1:
        return None
    return "ours" if teams == {0} else "theirs"


def _capot(view: SeatView, line: Line) -> int | None:
    """The team (0: the seat's, 1: the other) that wins every expedition in ``line``."""
    teams = {(t.winner - view.seat) % 2 for t in view.tricks}
    teams |= {(e.winner - view.seat) % 2 for e in line.expeditions}
    return teams.pop() if len(teams) == 1 else None


def capot_at_stake(view: SeatView, best: int, other: int) -> bool:
    """The capot still alive (``capot_side``) is won or lost by the choice in at least one
    of the deals drawn (``THRESHOLD_SAMPLES``, both cards played out): the team that has won
    every expedition takes them all with the card the sentence warns against (the other
    team's with ``other``) or keeps them with the card it advises (the seat's with ``best``).
    A capot no deal can reach is no stake (teacher set K, sans-963: "stop their capot" said
    to a seat holding three master cards with one flooded card out)."""
    side = capot_side(view)
    if side is None or view.trump is None or view.taker is None:
        return False
    deals = outcomes(view, best, other, THRESHOLD_SAMPLES)
    if side == "ours":
        return any(_capot(view, o.best) == 0 for o in deals)
    return any(_capot(view, o.other) == 1 for o in deals)


def crossing(view: SeatView, kind: str, o: DealOutcome) -> str | None:
    """How the threshold ``kind`` falls differently with the two cards in deal ``o`` (the
    best card's side better for the seat's team), or None: ``contract`` the outcomes
    "other-best" ("dedans-made"); ``capot`` ``ours`` (made with the best, not the other) or
    ``theirs`` (theirs with the other, not the best); ``last`` ``ours``."""
    if kind == "contract":
        b, x = o.best.outcome, o.other.outcome
        if b is x:
            return None
        ours = view.taker is not None and team_of(view.taker) == team_of(view.seat)
        rank = {Outcome.DEDANS: 0, Outcome.LITIGE: 1, Outcome.MADE: 2}
        better = rank[b] > rank[x] if ours else rank[b] < rank[x]
        return f"{x.value}-{b.value}" if better else None
    if kind == "capot":
        cb, cx = _capot(view, o.best), _capot(view, o.other)
        if cb == 0 and cx != 0:
            return "ours"
        if cx == 1 and cb != 1:
            return "theirs"
        return None
    lb = (o.best.expeditions[-1].winner - view.seat) % 2
    lx = (o.other.expeditions[-1].winner - view.seat) % 2
    return "ours" if lb == 0 and lx == 1 else None


def threshold_from(view: SeatView, best: int, other: int,
                   deals: list[DealOutcome]) -> Contrast | None:
    """The threshold that carries most of what ``best`` gains over ``other`` in ``deals``,
    as a ``Contrast`` (key ``threshold``), or None."""
    n = len(deals)
    if n == 0 or best == other or view.trump is None or not view.tricks:
        return None  # before the first expedition is over no count stands behind it
    total = sum(o.gain for o in deals)
    gains = sum(o.gain for o in deals if o.gain > 0)
    if total < MIN_POINTS * n or gains <= 0:
        return None
    have, theirs = counts(view)
    announced = announced_points(view)
    # a contract whose result is already sure, for either team: neither it nor the last
    # expedition decides anything but points (teacher set K, bulgare-4271: "the last
    # expedition decides it" said with the contract made whatever is played, 142 against
    # at most 116; sans-963, the takers' 89 made)
    decided = result_sure(view)
    for kind in KINDS:
        if decided and kind != "capot":
            continue
        if kind == "capot" and capot_side(view) is None:
            continue  # the capot is said only while it is alive (a fact of the view)
        if kind == "last" and len(view.tricks) < LAST_FROM:
            continue  # "the last expedition is at stake" at the second expedition hides
            # the choice that leads there (teacher set H, classique-3003; watch set B)
        swings = Counter(s for o in deals if o.gain > 0
                         and (s := crossing(view, kind, o)) is not None)
        if not swings:
            continue
        swing = swings.most_common(1)[0][0]
        if kind == "capot" and swing != capot_side(view):
            continue
        held = [o for o in deals if crossing(view, kind, o) == swing]
        gained = sum(o.gain for o in held if o.gain > 0)
        if 2 * gained <= gains or len(held) < share_needed(deals) * n:
            continue
        return Contrast(
            "threshold", best, other, round(100 * len(held) / n), n, round(total / n),
            view.seat, view.trump, count=len(held), basis="points",
            weight=round(100 * gained / gains), direction=view.ruleset.direction,
            contract=_whose(view), threshold=kind, have=have, theirs=theirs, swing=swing,
            have_announced=announced[0], theirs_announced=announced[1],
            multiplier=view.multiplier,
        )
    return None


def why_better(view: SeatView, best: int, other: int, comparative: bool,
               gap: float | None = None) -> Contrast | None:
    """``_why_better`` with every card's plain named where a flooded card would be
    ambiguous (``explain.plains_in_sight``)."""
    found = _why_better(view, best, other, comparative, gap)
    if found is not None and found.trump is not None and plains_in_sight(
            view, [c for c in (found.best, found.other, found.card) if c is not None]):
        return replace(found, trump=None)
    return found


def _why_better(view: SeatView, best: int, other: int, comparative: bool,
                gap: float | None = None) -> Contrast | None:
    """What the sampled deals say of ``best`` rather than ``other``: a close call
    (``is_close``: said first, before the concept), a threshold that carries most of the
    gain (said first too), else, when no concept of the view decides (``comparative``
    False), the contrast (``contrast.reason_from``); all from the same kind of deals
    (``contrast.outcomes``, seeded by the view).  ``gap``: Expert's values' difference, when
    known (below ``MIN_GAP`` no threshold is looked for)."""
    if best == other or view.trump is None or view.taker is None:
        return None
    close = is_close(gap)
    # no threshold below ``MIN_GAP``, before an expedition is over, nor, where a concept
    # already says why, before ``THRESHOLD_FROM`` expeditions (the hint's speed)
    threshold = (bool(view.tricks) and not (gap is not None and gap < MIN_GAP)
                 and not (comparative and len(view.tricks) < THRESHOLD_FROM))
    if comparative and not close and not threshold:
        return None  # the concept alone, without the deals
    legal = view.legal_actions()
    if best not in legal or other not in legal:
        return None
    # one draw of the deals for all three (a close call's gap is under ``MIN_GAP``)
    deals = outcomes(view, best, other,
                     THRESHOLD_SAMPLES if comparative and not close else SAMPLES)
    found = close_from(view, best, other, deals) if close else None
    if found is not None and found.key == "edge" and comparative:
        found = None  # a concept says why the best is never worse (set I, bulgare-108: the
        # partner's sure winner given the crocodile's 4 points): the edge adds nothing
    if found is None and threshold:
        found = threshold_from(view, best, other, deals)
    if found is not None or comparative:
        return found
    return reason_from(view, best, other, deals)


def check(view: SeatView, c: Contrast) -> list[str]:
    """The facts of the view a threshold sentence states that do not hold (empty: all
    hold): the card points so far, and the capot alive for the team it names."""
    wrong = []
    if c.key != "threshold" or c.threshold not in KINDS:
        return ["a threshold"]
    if (c.have, c.theirs) != counts(view):
        wrong.append("the card points so far")
    if c.threshold == "capot" and c.swing != capot_side(view):
        wrong.append("every expedition so far won by the team named")
    if (c.have_announced, c.theirs_announced) != announced_points(view):
        wrong.append("the announcements")
    if c.multiplier != view.multiplier:
        wrong.append("the multiplier")
    if c.contract != _whose(view):
        wrong.append("whose contract")
    return wrong


def _whose(view: SeatView) -> str:
    """``ours`` when the seat's team took the contract, else ``theirs``."""
    return "ours" if view.taker is not None and team_of(view.taker) == team_of(view.seat) \
        else "theirs"


__all__ = ["CLOSE_GAP", "CLOSE_SHARE", "KINDS", "capot_side", "check", "close_from", "counts",
           "crossing", "is_close", "sentence", "threshold_from", "why_better"]
