"""A practice problem: one decision of a seat, the table as it was, and its answer.

A problem keeps the deal as a deck of card codes and the actions before the decision, so
that ``Problem.state()`` rebuilds the ``HandState`` exactly (``savegame.hand_from_dict``,
with its replay check).  The hidden cards (the other seats' hands, the stock) are in that
deck only because a hand cannot be rebuilt, nor continued after the answer, without them:
what is shown to the person is ``Problem.view()``, the seat's own ``SeatView``, and never
anything else of the state.

The answer is Expert's: the best action, and every option's expected score and noise as
the review or the hint gives them (``beloz.review_store.Option``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from beloz.framing import about_as_good, shown_spread, spread
from beloz.review_store import Option, Rating, Review, score_scale
from beloz.rules import checked
from beloz.rules.ruleset import RULESETS, Bidding
from beloz.rules.state import HandState, Phase, SeatView, action_code, bare_action, parse_bid
from beloz.rules.tricks import master_index

#: The skills a problem trains (the order the Practice screen lists them in).
SKILLS = (
    "leading",
    "following",
    "intercepting",
    "drawing",  # leading a flooded card to draw the opponents' flooded cards
    "partner_master",
    "last_expeditions",
    "bidding",
)
KINDS = ("card", "bid", "call")  # a call: an action of an auction (Bulgarian) bidding
SOURCES = ("own", "builtin")
#: The labels of the person's decisions that become problems (``review_store.LABELS``); the
#: review gives them only to a loss beyond the estimate's noise.
PROBLEM_LABELS = ("mistake", "blunder")
#: From this expedition on, a card decision trains "the last expeditions" (three left).
LAST_EXPEDITIONS = 6
#: An expected score read from a file is a number of points within this bound.
MAX_POINTS = 100_000.0


class BadProblem(ValueError):
    """A problem's dict that is not a valid problem (the message says what is wrong)."""


@dataclass(frozen=True)
class Problem:
    """One decision to find again.

    - ``hand``: the deal and the actions before the decision, in the save file's form
      (``savegame.hand_to_dict``: dealer, deck, actions, check);
    - ``seat``: whose decision (0 is the person's seat at the table);
    - ``best`` and ``options``: the answer, best first (``Option``: action, expected,
      hindsight, noise against the best);
    - ``chosen``: what the person played (own problems), else None;
    - ``source``: "own" (then ``level`` is the match's ``level`` setting: "expert", or one
      level per seat, "beginner,expert,beginner") or "builtin" (``level`` None);
    - ``rule``: for a bidding drill, the guide's rule the person's bid broke.

    Build one with ``Problem.at`` (from a state) or ``Problem.from_dict`` (from a file):
    both keep the rebuilt state that ``state()`` and ``view()`` copy.
    """

    ruleset: str
    hand: dict[str, Any]
    seat: int
    kind: str
    skill: str
    best: int
    options: tuple[Option, ...]
    source: str
    level: str | None = None
    chosen: int | None = None
    #: A bidding drill (``practice.drills``): the number of the guide's rule ``chosen``
    #: broke, where the analysis agrees with the rule; None for any other problem.
    rule: int | None = None
    #: The state this problem rebuilds, checked once (not part of equality).
    _state: HandState | None = field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        """Stable: the same decision of the same deal is the same problem."""
        key = json.dumps([self.ruleset, self.hand["deck"], self.hand["dealer"],
                          self.hand["actions"], self.seat])
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def state(self) -> HandState:
        """A fresh copy of the hand at the decision (the person's to continue it after the
        answer: the hidden cards are used for that, never shown)."""
        assert self._state is not None
        return self._state.clone()

    def view(self) -> SeatView:
        """What the seat saw at the decision: all that a screen may show of the problem."""
        assert self._state is not None
        return self._state.view(self.seat)

    def table_state(self) -> HandState:
        """A fresh copy of the hand at the decision as the table plays it on ("Play on"):
        the problem's seat turned to seat 0, the table's person (``seat_zero_hand``); the
        others keep their places around it, as the Practice screen shows them."""
        from beloz.savegame import hand_from_dict

        if self.seat == 0:
            return self.state()
        return hand_from_dict(seat_zero_hand(self.hand, self.seat), RULESETS[self.ruleset])

    def legal(self) -> list[int]:
        return self.view().legal_actions()

    def value(self, action: int) -> float | None:
        return next((o.expected for o in self.options if o.action == action), None)

    @property
    def scale(self) -> int:
        """How the problem's values are shown (``review_store.score_scale``)."""
        return score_scale(RULESETS[self.ruleset])

    def framed(self) -> tuple[int, ...]:
        """The options about as good as the best: their shown values within the shown ±
        of the best's (``framing.about_as_good``, the hint's and the review's rule)."""
        return about_as_good(self.options, self.best, self.scale)

    def spread(self) -> str | None:
        """The ± of the values as the answer writes it ("±5"), None when none is shown."""
        return shown_spread(spread(self.options, self.best, self.scale), self.scale)

    def is_right(self, action: int) -> bool:
        """Whether ``action`` solves the problem: the best, or an option framed about as
        good as it (``framed``).  A legal action that is not among the options (a bid Expert
        does not weigh) does not."""
        return action == self.best or action in self.framed()

    # -- files ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "seat": self.seat,
            "kind": self.kind,
            "skill": self.skill,
            "best": action_code(self.best),
            "options": [[action_code(o.action), round(o.expected, 2),
                         o.hindsight, None if o.noise == float("inf") else round(o.noise, 2)]
                        for o in self.options],
            "source": self.source,
            "level": self.level,
            "chosen": None if self.chosen is None else action_code(self.chosen),
            **({} if self.rule is None else {"rule": self.rule}),
        }

    @classmethod
    def from_dict(cls, d: object) -> Problem:
        """A problem read from a file; ``BadProblem`` for anything that does not rebuild to
        a decision of ``seat`` with the answer among its legal options."""
        from beloz.savegame import BadSave, hand_from_dict

        d = checked.mapping(d, "problem", error=BadProblem, says="not an object")
        ruleset = d.get("ruleset")
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            raise BadProblem("unknown ruleset")
        seat = checked.integer(d.get("seat"), "seat", 0, 3, error=BadProblem, says="bad seat")
        for key, allowed in (("kind", KINDS), ("skill", SKILLS), ("source", SOURCES)):
            if d.get(key) not in allowed:
                raise BadProblem(f"bad {key}")
        level = d.get("level")
        if level is not None and not _is_level(level):
            raise BadProblem("bad level")
        try:
            state = hand_from_dict(d.get("hand"), RULESETS[ruleset])
        except (BadSave, ValueError, TypeError, KeyError, IndexError) as err:
            raise BadProblem(f"hand: {err}") from None
        if state.phase is Phase.DONE or state.current != seat:
            raise BadProblem("not this seat's decision")
        legal = state.legal_actions()
        best = _action(d.get("best"), state)
        chosen = None if d.get("chosen") is None else _action(d.get("chosen"), state)
        raw = d.get("options")
        if not isinstance(raw, list) or not raw or len(raw) > 64:
            raise BadProblem("bad options")
        options = tuple(_option(o, state) for o in raw)
        actions = [o.action for o in options]
        if (len(set(actions)) != len(actions) or not set(actions) <= set(legal)
                or best not in actions or (chosen is not None and chosen not in legal)):
            raise BadProblem("options are not legal actions")
        if d.get("rule") is not None:
            checked.integer(d["rule"], "rule", 1, 99, error=BadProblem, says="bad rule")
        problem = cls(ruleset, d["hand"], seat, d["kind"], d["skill"], best, options,
                      d["source"], level, chosen, _drill(d.get("rule"), state, chosen, best,
                                                        options), _state=state)
        if problem.kind != kind_of(state):
            raise BadProblem("bad kind")
        return problem

    @classmethod
    def at(cls, state: HandState, best: int, options: Sequence[Option], *, source: str,
           level: str | None = None, chosen: int | None = None,
           rule: int | None = None) -> Problem:
        """The problem of the decision of ``state.current`` in ``state`` (a hand dealt from a
        pack), with its answer (``rule``: a bidding drill's)."""
        from beloz.savegame import deck_of, hand_to_dict

        start = state.at_deal()
        hand = hand_to_dict(state, deck_of(start), 3)
        seat = state.current
        view = state.view(seat)
        # Rounded as the file keeps them: a problem read back equals the one written.
        kept = tuple(Option(o.action, round(o.expected, 2), o.hindsight,
                            o.noise if o.noise == float("inf") else round(o.noise, 2))
                     for o in options)
        return cls(state.ruleset.name, hand, seat, kind_of(state), skill_of(view, best), best,
                   kept, source, level, chosen, rule, _state=state.clone())


def _drill(rule: object, state: HandState, chosen: int | None, best: int,
           options: Sequence[Option]) -> int | None:
    """A drill's rule read from a file, kept while the guide still says it was broken there
    with the analysis agreeing (``drills.broken_rule``); a guide derived again since, where
    it no longer is, leaves an own problem as any other (its answer the analysis's)."""
    from beloz.practice.drills import broken_rule

    if rule is None or chosen is None:
        return None
    found = broken_rule(state.view(state.current), chosen, best, options,
                        score_scale(state.ruleset))
    return rule if found is not None and found.number == rule else None


def seat_zero_hand(hand: dict[str, Any], seat: int) -> dict[str, Any]:
    """A hand's dict (``savegame.hand_to_dict``) with ``seat`` turned to seat 0 and every
    other seat turned with it: the same deck dealt by the seat ``seat`` places before the
    dealer gives each seat's cards to the seat ``seat`` places before it, the same actions
    follow, and the hands and the check turn alike (a team's points go with it:
    an odd turn swaps the teams).  ``savegame.hand_from_dict`` replays it against its check.
    """
    def turn(per_seat: list[Any]) -> list[Any]:
        return [per_seat[(i + seat) % 4] for i in range(4)]

    def swap(per_team: list[Any]) -> list[Any]:
        return per_team[::-1] if seat % 2 else list(per_team)

    out = dict(hand)
    out["dealer"] = (hand["dealer"] - seat) % 4
    # A hand saved before the cards held their declarations has them per seat beside it.
    for key in ("declare_announcements", "declare_beloz", "announced", "beloz_said"):
        if key in hand:
            out[key] = turn(hand[key])
    check = hand["check"]
    out["check"] = {**check, "current": (check["current"] - seat) % 4,
                    "hands": turn(check["hands"]), "points": swap(check["points"]),
                    "tricks_won": swap(check["tricks_won"])}
    for key in ("announced", "beloz_said"):
        if key in check:
            out["check"][key] = turn(check[key])
    return out


def _is_level(v: object) -> bool:
    """A match's level setting: one level, or three separated by commas (``settings``)."""
    from beloz.settings import seat_levels

    try:
        return isinstance(v, str) and len(v) <= 40 and bool(seat_levels(v))
    except ValueError:
        return False


def _action(v: object, state: HandState) -> int:
    if not isinstance(v, str) or len(v) > 8:
        raise BadProblem("bad action")
    try:
        if state.phase is Phase.BIDDING:
            return parse_bid(v)
        from beloz.rules.cards import parse

        return parse(v)
    except ValueError:
        raise BadProblem(f"bad action {v[:8]!r}") from None


def _number(v: object, what: str) -> float:
    return float(checked.number(v, what, MAX_POINTS, error=BadProblem, says=f"bad {what}"))


def _option(v: object, state: HandState) -> Option:
    v = checked.list_of(v, "option", 4, error=BadProblem, says="bad option")
    action = _action(v[0], state)
    expected = _number(v[1], "expected")
    hindsight = None if v[2] is None else int(_number(v[2], "hindsight"))
    noise = float("inf") if v[3] is None else _number(v[3], "noise")
    if noise < 0:
        raise BadProblem("bad noise")
    return Option(action, expected, hindsight, noise)


# -- what a decision is ---------------------------------------------------------------------


def kind_of(state: HandState) -> str:
    if state.phase is Phase.PLAY:
        return "card"
    return "call" if state.ruleset.bidding is Bidding.AUCTION else "bid"


def skill_of(view: SeatView, best: int) -> str:
    """The skill a decision trains, from the seat's view and the best action:

    - bidding: any bid or call;
    - the last expeditions: a card from the sixth expedition on;
    - drawing: leading, when the best card is flooded (in a contract with one flooded plain);
    - leading: leading otherwise;
    - the partner master: the partner holds the expedition so far;
    - intercepting: an opponent is master, the seat has no card of the plain led, and the
      best card is flooded;
    - following: anything else."""
    if view.phase is Phase.BIDDING:
        return "bidding"
    if len(view.tricks) + 1 >= LAST_EXPEDITIONS:
        return "last_expeditions"
    flooded = view.contract.plain if view.contract is not None else None
    if not view.trick:
        return "drawing" if flooded is not None and best >> 3 == flooded else "leading"
    assert view.trump is not None
    master = (view.leader + view.ruleset.direction * master_index(view.trick, view.trump)) % 4
    if master == (view.seat + 2) % 4:
        return "partner_master"
    lead = view.trick[0] >> 3
    has_lead = view.hand >> (lead * 8) & 0xFF
    if flooded is not None and not has_lead and best >> 3 == flooded:
        return "intercepting"
    return "following"


# -- from a reviewed hand -------------------------------------------------------------------


def problems_from_review(final: HandState, review: Review, level: str | None = None
                         ) -> list[Problem]:
    """The problems of a reviewed hand: each decision of the reviewed seat rated a mistake
    or a blunder (the review's labels count a loss only beyond its noise), and each bid
    that broke a rule of the bidding guide where the analysis agrees with the rule (a
    drill, ``practice.drills``: its ``rule`` set).  ``final`` is the hand played to its end
    (``KeptHand.hand``), ``level`` the match's computer level."""
    from beloz.practice.drills import broken_rule

    if final.stock is None:
        return []  # a hand from a record: no deck to rebuild it from
    actions = final.actions()
    scale = score_scale(final.ruleset)
    wanted: dict[int, Rating] = {r.number: r for r in review.ratings if not r.forced and (
        r.label in PROBLEM_LABELS or r.kind == "bid")}
    out = []
    state = final.clone()
    # Undo back to each decision, last first: ``undo`` restores the state exactly.
    for number in sorted(wanted, reverse=True):
        while len(state.bids) + sum(len(t.cards) for t in state.tricks) + len(state.trick) \
                > number:
            state.undo()
        r = wanted[number]
        if state.current != review.seat or bare_action(actions[number]) != r.chosen:
            continue  # a review that does not belong to this hand: nothing to learn from it
        rule = (broken_rule(state.view(review.seat), r.chosen, r.best, r.options, scale)
                if r.kind == "bid" else None)
        if rule is None and r.label not in PROBLEM_LABELS:
            continue
        out.append(Problem.at(state, r.best, r.options, source="own", level=level,
                              chosen=r.chosen, rule=None if rule is None else rule.number))
    return out[::-1]


def problems_from_kept(kept: Sequence[Any], level: str | None = None) -> list[Problem]:
    """The problems of every kept hand with a review (``savegame.KeptHand``)."""
    out: list[Problem] = []
    for k in kept:
        if k.review is not None:
            out += problems_from_review(k.hand, k.review, level)
    return out
