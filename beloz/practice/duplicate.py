"""Watching the computer players think, and « Could I have done better? Show me how ».

Two analyses of a finished hand for the review (docs/teaching.md, "Watch the computer
players think"), computed in the worker like a hint.  No pygame: only the rules and the
AI.

- ``watch(view, chosen)``: any seat's decision explained from **that seat's view at the
  time** — ``review.hint(view)`` (the best option, each legal option's value: Expert's
  evaluation from the seat's view only), the option the seat chose with its value, and its
  rating by the person's own rules (``review.label_for`` with the estimate's noise,
  ``Option.noise``).  The reasons speak of the option the seat chose first: why it chose
  it (the hint's own sentence when it is Expert's option, a comparison with the options
  outside the band when it is about as good, else the explainer's sentence for it), then,
  only where Expert differs, why Expert's option rather than the one played.  The function
  receives a ``SeatView`` and nothing else, so it cannot see another seat's cards.
- ``level_rule(view, chosen, spec, seed)``: the rule of the seat's own level that chose it,
  when one can be named (a Beginner's learner mistake, Standard's few deals, a random
  card), from its view and the seed the match gave it.
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

from beloz.ai import bid_guide, review
from beloz.ai.base import Player, card_action
from beloz.ai.beginner import BeginnerPlayer
from beloz.ai.comparison import GIVE_LESS, explain_bid_or_call, reason, sure_fact
from beloz.ai.explain import explain_card
from beloz.ai.heuristic import HeuristicPlayer, view_card
from beloz.ai.levels import LEVELS
from beloz.ai.player import make_player
from beloz.ai.tables import TRUMPS
from beloz.ai.thresholds import why_better
from beloz.reasons import Contrast, Why
from beloz.review_store import Option, score_scale
from beloz.rules.cards import team_of
from beloz.rules.state import HandState, Phase, SeatView
from beloz.rules.tricks import master_index

#: The player in the person's seat for « Show me how ».
EXPERT_SPEC = "pimc:expert"


# -- a computer decision explained ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Watched:
    """A decision of a seat explained from its own view: ``hint`` (``review.hint`` of that
    view, untouched), ``options`` (every option valued, best first: the hint's, and the
    option chosen when the hint did not weigh it), the option ``chosen``, ``best`` (Expert's
    option: the hint's, or the option chosen when it has the very same value, as the
    review rates the person's own), the ``loss`` against it, the ``noise`` on that loss and
    the ``label`` ("forced", or ``review_store.LABELS``: "good" within the noise).

    The reasons, each true in the seat's view (``concepts.claims_hold``): ``why`` says why
    the seat's option, the one it played (and ``detail`` what it does, after "about as
    good"); where Expert differs (``differs``: another option, not about as good),
    ``expert_why`` says why Expert's option rather than the one played (``expert_detail``,
    ``expert_contrast``: the sampled deals' threshold, when one carries the gain), and, where
    Expert's option is about as good in value, the fact that holds whatever is still to play
    and prefers it, if one does;
    ``contrast`` is the hint's threshold when the option played is the hint's own (the
    contract, the capot or the last expedition at stake, said first as the hint says it).
    ``valued`` is False when every legal card is equivalent (nothing was valued)."""

    seat: int
    kind: str  # "bid" or "card"
    chosen: int
    hint: review.Hint
    options: tuple[Option, ...]
    loss: float
    noise: float
    label: str
    best: int = -1
    why: Why | None = None
    detail: Why | None = None
    expert_why: Why | None = None
    expert_detail: Why | None = None
    expert_contrast: Contrast | None = None
    valued: bool = True
    alike: bool = False  # the chosen option's value and the best's are shown alike
    contrast: Contrast | None = None

    @property
    def forced(self) -> bool:
        return self.label == "forced"

    @property
    def about_as_good(self) -> bool:
        """Not the option rated best, but within the estimate's noise of it, or shown with
        the same value (``review.shown_gap``: a difference the screen cannot show is
        none)."""
        return (not self.forced and self.valued and self.chosen != self.best
                and (self.loss <= self.noise or self.alike))

    @property
    def differs(self) -> bool:
        """Expert would choose another option, and not one about as good."""
        return (not self.forced and self.valued and self.chosen != self.best
                and not self.about_as_good)

    def expected(self, action: int) -> float:
        return next(o.expected for o in self.options if o.action == action)


def _describe(view: SeatView, action: int) -> Why:
    """The explainer's sentence for ``action`` (a card, a bid or a call) at ``view``."""
    if view.phase is Phase.BIDDING:
        return explain_bid_or_call(view, action)
    return explain_card(view, action)


def watch(view: SeatView, chosen: int) -> Watched:
    """The decision ``chosen`` of ``view.seat`` at ``view``, explained and rated from that
    view only (``review.hint``, Expert's evaluation): first why that seat chose it, then,
    where Expert differs, why Expert's option rather than it."""
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
        return Watched(view.seat, h.kind, chosen, h, options, 0.0, 0.0, "forced", chosen,
                       _describe(view, chosen))
    if not h.valued:  # every legal card equivalent: no value, no rating against another;
        # the hint's "your cards are alike" where it says so, true of the card played too
        # (watch set E, sans-8486-2: "your East monkey does not beat the East elephant", as
        # true of the meerkat, the equivalence unsaid)
        said = (replace(h.why, cards=(chosen,)) if h.why.key == "vs.equivalent"
                else _describe(view, chosen))
        return Watched(view.seat, h.kind, chosen, h, options, 0.0, 0.0, "good", chosen,
                       said, valued=False)
    values = {o.action: o.expected for o in options}
    # The very same value as Expert's option: as good (equivalent cards), the review's rule.
    best = chosen if values[chosen] == values[h.best] else h.best
    mine = next(o for o in options if o.action == chosen)
    loss = 0.0 if chosen == best else max(0.0, values[best] - mine.expected)
    noise = 0.0 if chosen == best else mine.noise
    label = review.label_for(loss, noise)
    alike = review.shown_gap(values[best], values[chosen], score_scale(view.ruleset)) == 0
    got = Watched(view.seat, h.kind, chosen, h, options, loss, noise, label, best,
                  alike=alike)
    if chosen == h.best:  # the hint explains the very option played, a threshold first
        # (watch set D: "none of the 18 panels states a count, a threshold or the valat")
        staked = h.contrast if h.contrast is not None and h.contrast.key == "threshold" \
            else None
        return replace(got, why=h.why, detail=h.detail, contrast=staked)
    if not got.differs:
        # Expert's option or about as good: why this one, against the options outside the
        # band (never a sentence about another option).
        band = set(h.about) | {h.best, chosen}
        worse = [o.action for o in options if o.action not in band]
        why, other, detail = reason(view, chosen, worse, len(options), values,
                                    sorted(band - {chosen}))
        staked = None
        if h.kind == "card" and worse:
            # the threshold the card played carries against the option it is explained
            # against, as for Expert's own card (watch set E, beloz-8487-27: the water snake
            # led, as good as Expert's meerkat, "gives nothing away", where the last
            # expedition decides 98% of the gap with the crocodile)
            against = other if other in worse else worse[0]
            found = why_better(view, chosen, against, review.is_comparative(why),
                               values[chosen] - values[against])
            staked = found if found is not None and found.key == "threshold" else None
        # Expert's option about as good in value, but the expedition lost whatever is played
        # and Expert's option gives fewer points and keeps as much (watch set J, sans-3839-11:
        # the West elephant thrown on the taker's sure expedition, "keep your North leopard",
        # where the East monkey gives 4 points fewer and keeps the elephant, next master of
        # West; 11 a hand in the deals)
        fact = sure_fact(view, best, chosen, values) if chosen != best else None
        if fact is not None and fact.key not in GIVE_LESS:
            fact = None
        return replace(got, why=why, detail=detail, contrast=staked, expert_why=fact)
    # Expert differs: what the seat's option does, from its view; then why Expert's option
    # rather than it, as a review says it of the person's own mistakes.
    expert_why, _, expert_detail = reason(view, best, [chosen], len(options), values,
                                          h.about)
    contrast = None
    if h.kind == "card" and label in review.CONTRASTED:
        contrast = why_better(view, best, chosen, review.is_comparative(expert_why), loss)
        if contrast is not None and contrast.key != "threshold":
            contrast = None  # a contrast names seats from the viewer: only the threshold
    return replace(got, why=_describe(view, chosen), expert_why=expert_why,
                   expert_detail=expert_detail, expert_contrast=contrast)


# -- the level's own rule -----------------------------------------------------------------------


def level_of(spec: str | None) -> str | None:
    """The level a computer seat's spec plays at: "beginner", "standard", "expert",
    "heuristic" or "random" (None: unknown)."""
    if spec is None:
        return None
    if spec in ("beginner", "pimc:beginner"):
        return "beginner"
    name, _, arg = spec.partition(":")
    if name == "pimc":
        level = arg.split(",")[0]
        return level if level in LEVELS else None
    return name if name in ("heuristic", "random") else None


def level_rule(view: SeatView, chosen: int, spec: str | None, seed: int | None) -> str | None:
    """The rule of the seat's own level that chose ``chosen`` at ``view``, when one can be
    named (the key of ``watch.rule.*``), from the seat's view and seed only: the Beginner's
    learner mistakes (``beginner.py``: drawing the flooded cards forgotten, points played
    early, the partner missed, points thrown; a weak hand taken) when its decision is one
    and not the rule of thumb's; Standard's few imagined deals; a random card.  None when
    the level is Expert's, unknown, or the player made again does not choose ``chosen``
    (its level changed since)."""
    level = level_of(spec)
    if level is None or seed is None or len(view.legal_actions()) == 1:
        return None
    if level == "random":
        return "random"
    if level == "standard":
        if view.phase is not Phase.BIDDING:
            return "standard"
        rule = bid_guide.applies(view) if LEVELS["standard"].guide_bids else None
        if rule is None:  # no rule of the guide here: its few imagined deals
            return "standard_bid"
        return "standard_guide" if bid_guide.guide_bid(view, rule) == chosen else None
    if level != "beginner":
        return None
    beginner = BeginnerPlayer(seed)
    if view.phase is Phase.BIDDING:
        if beginner.bid(view) != chosen or HeuristicPlayer(seed).bid(view) == chosen:
            return None
        return "beginner_bid"
    if beginner.play(view) != chosen:
        return None
    if view_card(view) == chosen:
        return None  # the rule of thumb's own card: the explainer says it
    assert view.trump is not None and view.taker is not None
    if not view.trick:
        takers = team_of(view.taker) == team_of(view.seat)
        out = ~view.played & ~view.hand
        if takers and view.hand & TRUMPS[view.trump] and out & TRUMPS[view.trump]:
            return "beginner_trumps"
        return "beginner_early"
    if len(view.trick) - master_index(view.trick, view.trump) == 2:
        return "beginner_partner"
    return "beginner_points"


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
