"""Watching the computer players think, and « Could I have done better? Show me how ».

Two analyses of a finished hand for the review (docs/teaching.md, "Watch the computer
players think"), computed in the worker like a hint.  No pygame: only the rules and the
AI.

- ``watch(view, chosen)``: any seat's decision explained from **that seat's view at the
  time** — ``review.hint(view)`` (the best option, why, each legal option's value: Expert's
  evaluation from the seat's view only), the option the seat chose with its value, and its
  rating by the person's own rules (``review.label_for`` with the estimate's noise,
  ``Option.noise``).  The function receives a ``SeatView`` and nothing else, so it cannot
  see another seat's cards.
- ``show_me_how(start, actions, seat, specs, seeds)``: Expert plays ``seat`` on the same
  deal against the same computer players — each made again from its spec and seed
  (``make_player(spec, seed)``, the seed the match gave it, ``GameFlow`` / ``seat_seed``),
  and a player's decision depends only on its seed and the view (``base.decision_rng``),
  so wherever the two lines reach the same position the computer seats decide as they did.
  ``Duplicate.faithful`` checks it on the way: where the line is still the hand as played,
  each computer decision must be the one made at the table (False: the players changed
  since, e.g. the levels in the settings).  Expert plays with the review's seed
  (``review.SEED``): its bids and cards are the hints' best options.  The result: both
  lines' expeditions and the difference of the two hand scores (duplicate: the person's
  result against Expert's on the same cards).

Scores are the hand's points as the score sheet records them (``HandState.returns``:
game points in Bulgarian belot; 0 to 0 when everybody passes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from beloz.ai import review
from beloz.ai.base import Player, card_action
from beloz.ai.player import make_player
from beloz.review_store import Option
from beloz.rules.state import HandState, Phase, SeatView

#: The player in the person's seat for « Show me how ».
EXPERT_SPEC = "pimc:expert"


# -- a computer decision explained ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Watched:
    """A decision of a seat explained from its own view: ``hint`` (``review.hint`` of that
    view: the best option and why), ``options`` (every option valued, best first: the
    hint's, and the option chosen when the hint did not weigh it), the option ``chosen``,
    its ``loss`` against the best, the ``noise`` on that loss and its ``label``
    ("forced", or ``review_store.LABELS``: "good" within the noise)."""

    seat: int
    kind: str  # "bid" or "card"
    chosen: int
    hint: review.Hint
    options: tuple[Option, ...]
    loss: float
    noise: float
    label: str

    @property
    def best(self) -> int:
        return self.hint.best

    @property
    def forced(self) -> bool:
        return self.label == "forced"

    @property
    def about_as_good(self) -> bool:
        """Not the option rated best, but within the estimate's noise of it."""
        return not self.forced and self.chosen != self.best and self.loss <= self.noise

    def expected(self, action: int) -> float:
        return next(o.expected for o in self.options if o.action == action)


def watch(view: SeatView, chosen: int) -> Watched:
    """The decision ``chosen`` of ``view.seat`` at ``view``, explained and rated from that
    view only (``review.hint``, Expert's evaluation)."""
    legal = view.legal_actions()
    if chosen not in legal:
        raise ValueError("the option chosen is not legal at this view")
    h = review.hint(view)
    options = h.options
    if not any(o.action == chosen for o in options):
        # A bid Expert does not weigh (round 2: a third plain): valued on the same deals.
        values, noise_of = review.bid_estimates(view, chosen)
        extra = Option(chosen, values[chosen], None, noise_of(h.best, chosen))
        options = tuple(sorted((*options, extra), key=lambda o: -o.expected))
    if len(legal) == 1:
        return Watched(view.seat, h.kind, chosen, h, options, 0.0, 0.0, "forced")
    best = next(o for o in options if o.action == h.best)
    mine = next(o for o in options if o.action == chosen)
    loss = 0.0 if chosen == h.best else max(0.0, best.expected - mine.expected)
    noise = 0.0 if chosen == h.best else mine.noise
    label = review.label_for(loss, noise)
    if label != "good":
        # Why Expert's choice rather than the card this seat played (``review.reason``), as
        # a review says it of the person's own mistakes.
        why, other, detail = review.reason(view, h.best, [chosen], len(options))
        h = replace(h, why=why, other=other, detail=detail, contrast=None)
    return Watched(view.seat, h.kind, chosen, h, options, loss, noise, label)


# -- Expert in the person's seat ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duplicate:
    """The hand as played and Expert's line in ``seat`` on the same deal (both finished
    hands), and whether the computer seats were seen to decide as at the table."""

    seat: int
    played: HandState
    expert: HandState
    faithful: bool

    @staticmethod
    def margin(hand: HandState, seat: int) -> int:
        """The hand's score of ``seat``'s team minus the other team's."""
        score = hand.returns()
        team = seat & 1
        return score[team] - score[1 - team]

    @property
    def person_margin(self) -> int:
        return self.margin(self.played, self.seat)

    @property
    def expert_margin(self) -> int:
        return self.margin(self.expert, self.seat)

    @property
    def difference(self) -> int:
        """The person's margin minus Expert's on the same cards (negative: Expert did
        better)."""
        return self.person_margin - self.expert_margin


def replay_players(specs: Mapping[int, str], seeds: Mapping[int, int], seat: int,
                   expert: str | None = None) -> dict[int, Player]:
    """The four players of the Expert line: the computer seats made again from their spec
    and seed, Expert in ``seat`` (seed ``review.SEED``)."""
    players: dict[int, Player] = {}
    for s in range(4):
        if s == seat:
            players[s] = make_player(expert or EXPERT_SPEC, review.SEED)
        else:
            players[s] = make_player(specs[s], seeds[s])
    return players


def show_me_how(start: HandState, actions: Sequence[int], seat: int,
                specs: Mapping[int, str], seeds: Mapping[int, int],
                progress: Callable[[int, int], None] | None = None,
                expert: str | None = None) -> Duplicate:
    """Expert plays ``seat`` from ``start`` (the hand at the start of its bidding, as
    ``HandState.history`` gives it) against the computer seats' players (``specs``,
    ``seeds``: every other seat's); ``actions`` are the hand's actions as played (bids,
    then cards).  ``progress(done, total)`` after each decision."""
    players = replay_players(specs, seeds, seat, expert)
    played = start.clone()
    for a in actions:
        played.apply(a)
    state = start.clone()
    belot_choice: dict[int, bool] = {}  # each seat's answer with its first card
    same = True  # the line so far is the hand as played
    faithful = True
    total = len(actions)
    n = 0
    while not state.is_terminal():
        s = state.current
        view = state.view(s)
        player = players[s]
        if state.phase is Phase.BIDDING:
            a = int(player.bid(view))
        else:
            a = card_action(state, player, view, belot_choice)
        if same:
            # An action holds what its seat declared: equal actions, equal decisions.
            real = actions[n] if n < len(actions) else None
            if s != seat and a != real:
                faithful = False
            if a != real:
                same = False
        state.apply(a)
        n += 1
        total = max(total, n + 1)
        if progress is not None:
            progress(n, total)
    if progress is not None:
        progress(total, total)
    return Duplicate(seat, played, state, faithful)
