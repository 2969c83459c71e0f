"""A hand's review as values (``Option``, ``Rating``, ``Review``) and as the save keeps it
(``review_to_dict``; ``review_from_dict`` reads it back strictly, checked against the hand,
``BadReview`` naming the first field that does not fit).

The analysis that makes the ratings is ``beloz.ai.review``; the command line's text and
JSON output, ``beloz.ai.review_cli``.  This module stays below the AI (it imports the rules,
``beloz.reasons`` and ``beloz.i18n``): the save (``beloz.savegame``) reads and writes
reviews through it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from beloz.reasons import Contrast, Why, contrast_from_dict, contrast_to_dict
from beloz.rules import checked
from beloz.rules.ruleset import Ruleset, Scoring
from beloz.rules.state import HandState, Phase, action_code, bare_action

#: The labels of a rated decision, best first (``beloz.ai.review.label_for``).
LABELS = ("good", "inaccuracy", "mistake", "blunder")


def score_scale(ruleset: Ruleset) -> int:
    """What the score the player sees divides the hand's points by: 10 with the Bulgarian
    scoring (game points), else 1.  The evaluations stay in points (RULES.md §9.3)."""
    return 10 if ruleset.scoring is Scoring.BULGARIAN else 1


@dataclass(frozen=True, slots=True)
class Option:
    """One legal option: its expected score (Expert's estimate from the seat's view), for a
    card its double-dummy value (None when not computed), and ``noise``: ``NOISE_SE``
    standard errors of the difference between this option's expected score and the best
    one's, on the same deals (0 for the best; inf when unknown: a single deal)."""

    action: int
    expected: float
    hindsight: int | None = None
    noise: float = 0.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One decision of the reviewed seat."""

    number: int  # its place among the hand's actions (bids first, then cards)
    kind: str  # "bid" or "card"
    expedition: int | None  # 1..8 for a card
    chosen: int
    best: int
    expected_chosen: float
    expected_best: float
    loss: float
    label: str
    forced: bool
    why: Why  # why the best option
    options: tuple[Option, ...]
    hindsight_chosen: int | None = None
    hindsight_best: int | None = None  # the best double-dummy value of any option
    noise: float = 0.0  # the estimate's noise on loss (``Option.noise`` of the chosen)
    scale: int = 1  # ``score_scale`` of the hand's ruleset (how its points are shown)
    # Why the best card rather than the one played, for a card rated a mistake or a
    # blunder when no concept of the view decides (``beloz.ai.contrast.contrast``; None when no
    # reason holds in the sampled deals).
    contrast: Contrast | None = None
    # What the best option does, said after ``why`` when that says the options are about
    # as good (``vs.about``, ``vs.about_wide``); None otherwise.
    detail: Why | None = None
    # False when the options were not valued (all equivalent: one value, not computed).
    valued: bool = True

    @property
    def about_as_good(self) -> bool:
        """Another option was rated best, but within the estimate's noise of the chosen."""
        return not self.forced and self.best != self.chosen and self.loss <= self.noise

    @property
    def lost(self) -> float:
        """The points lost that count: none within the noise."""
        return 0.0 if self.loss <= self.noise else self.loss


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    ratings: tuple[Rating, ...]

    @property
    def points_lost(self) -> float:
        return sum(r.lost for r in self.ratings)

    @property
    def worst(self) -> Rating | None:
        """The biggest mistake (None when every decision was good)."""
        rated = [r for r in self.ratings if r.label not in ("good", "forced")]
        return max(rated, key=lambda r: (r.loss, -r.number)) if rated else None


# -- kept with the hand (the save file) ------------------------------------------------------


def review_to_dict(rv: Review) -> dict[str, Any]:
    """A review as the save file keeps it: the ratings only (what is shown), not the
    search.  The option chosen, the kind, the expedition, the loss and the hindsight
    summary follow from the hand's actions and the options, and are rebuilt on reading."""
    return {
        "seat": rv.seat,
        "ratings": [
            {
                "number": r.number,
                "best": action_code(r.best),
                "label": r.label,
                "why": _why_to_dict(r.why),
                "options": [[action_code(o.action), round(o.expected, 2), o.hindsight,
                             noise_to_json(o.noise)]
                            for o in r.options],
                **({} if r.contrast is None else {"contrast": contrast_to_dict(r.contrast)}),
                **({} if r.detail is None else {"detail": _why_to_dict(r.detail)}),
                **({} if r.valued else {"valued": False}),
            }
            for r in rv.ratings
        ],
    }


def noise_to_json(noise: float) -> float | None:
    """An option's noise as the save keeps it: two decimals, None when unknown (inf)."""
    return None if noise == float("inf") else round(noise, 2)


def _why_to_dict(why: Why) -> dict[str, Any]:
    out: dict[str, Any] = {"key": why.key}
    if why.cards:
        out["cards"] = [action_code(c) for c in why.cards]
    for name in ("plain", "points", "count", "trump", "seat", "alt_plain", "alt"):
        value = getattr(why, name)
        if value is not None:
            out[name] = value
    return out


class BadReview(ValueError):
    """A kept review that does not fit its hand (the message names the field)."""


#: Expected scores and hindsight values are margins of one hand: far inside this.
_MAX_VALUE = 10_000


def review_from_dict(d: object, start: HandState, actions: Sequence[int]) -> Review:
    """The inverse of ``review_to_dict`` for the hand that ``actions`` play from ``start``;
    ``BadReview`` naming the first field that is malformed or does not fit the hand (a
    rating of another seat's decision, a chosen option that is not the action played, an
    option that was not legal, a label that does not exist...)."""
    d = checked.mapping(d, "review", error=BadReview)
    seat = d.get("seat")
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise BadReview(f"review seat: {seat!r} is not a seat")
    ratings_d = checked.list_of(d.get("ratings"), "review ratings", error=BadReview)
    # The seat and the legal options of every decision of the hand.
    state = start.clone()
    turns: list[tuple[int, list[int], Phase, int]] = []
    for a in actions:
        turns.append((state.current, state.legal_actions(), state.phase, len(state.tricks)))
        state.apply(a)
    ratings = []
    last = -1
    for i, r in enumerate(ratings_d):
        what = f"review rating {i + 1}"
        r = checked.mapping(r, what, error=BadReview)
        number = r.get("number")
        number = last = checked.integer(
            number, f"{what} number", last + 1, len(actions) - 1, error=BadReview,
            says=f"{what} number: {number!r} is not a later decision of the hand")
        who, legal, phase, tricks = turns[number]
        if who != seat:
            raise BadReview(f"{what}: decision {number} is seat {who}'s, not seat {seat}'s")
        options = _options(r.get("options"), what, legal)
        values = {o.action: o for o in options}
        chosen = bare_action(actions[number])  # the card rated, not what it kept quiet
        best = _action(r.get("best"), f"{what} best")
        if chosen not in values or best not in values:
            raise BadReview(f"{what}: the option played and the best one must be rated")
        label = r.get("label")
        forced = len(legal) == 1
        if label not in (*LABELS, "forced") or (label == "forced") != forced:
            raise BadReview(f"{what} label: {label!r}")
        hind = [o.hindsight for o in options]
        has_hind = all(h is not None for h in hind)
        if not has_hind and any(h is not None for h in hind):
            raise BadReview(f"{what}: hindsight values for some options only")
        ratings.append(Rating(
            number=number,
            kind="bid" if phase is Phase.BIDDING else "card",
            expedition=None if phase is Phase.BIDDING else tricks + 1,
            chosen=chosen,
            best=best,
            expected_chosen=values[chosen].expected,
            expected_best=values[best].expected,
            loss=0.0 if forced else max(0.0, values[best].expected - values[chosen].expected),
            label=str(label),
            forced=forced,
            why=_why(r.get("why"), f"{what} why"),
            options=options,
            hindsight_chosen=values[chosen].hindsight if has_hind else None,
            hindsight_best=max(h for h in hind if h is not None) if has_hind else None,
            noise=values[chosen].noise,
            scale=score_scale(start.ruleset),
            contrast=_contrast(r.get("contrast"), best, chosen, seat, what),
            detail=None if r.get("detail") is None else _why(r.get("detail"), f"{what} detail"),
            valued=_flag(r.get("valued", True), f"{what} valued"),
        ))
    return Review(seat, tuple(ratings))


def _flag(v: object, what: str) -> bool:
    return checked.boolean(v, what, error=BadReview, says=f"{what}: {v!r} is not true or false")


def _contrast(v: object, best: int, chosen: int, seat: int, what: str) -> Contrast | None:
    """A kept contrast (absent in reviews saved before it existed: None)."""
    if v is None:
        return None
    try:
        return contrast_from_dict(v, best, chosen, seat)
    except ValueError as err:
        raise BadReview(f"{what} {err}") from None


def _action(v: object, what: str) -> int:
    from beloz.rules.cards import parse
    from beloz.rules.state import parse_bid

    for read in (parse, parse_bid):
        try:
            return read(v)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            pass
    raise BadReview(f"{what}: {v!r} is neither a card nor a bid")


def _number(v: object, what: str, whole: bool = False) -> float:
    says = f"{what}: {v!r} is not a score"
    if whole:
        return checked.integer(v, what, -_MAX_VALUE, _MAX_VALUE, error=BadReview, says=says)
    return checked.number(v, what, _MAX_VALUE, error=BadReview, says=says)


def _options(v: object, what: str, legal: list[int]) -> tuple[Option, ...]:
    if not isinstance(v, list) or not v:
        raise BadReview(f"{what} options: expected a list")
    out: list[Option] = []
    for j, o in enumerate(v):
        where = f"{what} option {j + 1}"
        # The noise (a fourth item) came with the ratings that weigh it: older saves have
        # none, their labels stand as they were given.
        if not isinstance(o, list) or len(o) not in (3, 4):
            raise BadReview(f"{where}: expected [action, expected score, hindsight, noise]")
        a = _action(o[0], where)
        if a not in legal or any(x.action == a for x in out):
            raise BadReview(f"{where}: {o[0]!r} was not a legal option, or is rated twice")
        h = None if o[2] is None else int(_number(o[2], f"{where} hindsight", whole=True))
        noise = 0.0
        if len(o) == 4:
            noise = float("inf") if o[3] is None else float(_number(o[3], f"{where} noise"))
            if noise < 0:
                raise BadReview(f"{where} noise: {o[3]!r} is negative")
        out.append(Option(a, float(_number(o[1], f"{where} expected score")), h, noise))
    return tuple(out)


@functools.cache
def _reasons() -> tuple[frozenset[str], frozenset[str]]:
    """The reasons a review may name: the sentences of ``teach.why`` (a group of sentences,
    such as ``call``, is not one), and those of them with plural forms, which need a count."""
    from beloz.i18n import flat_keys, load_strings

    why = load_strings("en")["teach"]["why"]
    keys = flat_keys(why)

    def value(key: str) -> object:
        node: object = why
        for part in key.split("."):
            assert isinstance(node, dict)
            node = node[part]
        return node

    return frozenset(keys), frozenset(k for k in keys if isinstance(value(k), dict))


def _why(v: object, what: str) -> Why:
    v = checked.mapping(v, what, error=BadReview)
    key = v.get("key")
    reasons, plural = _reasons()
    if not isinstance(key, str) or key not in reasons:
        raise BadReview(f"{what}: {key!r} is not a reason")
    cards_v = v.get("cards", [])
    if not isinstance(cards_v, list) or len(cards_v) > 8:
        raise BadReview(f"{what} cards: expected a list of cards")
    cards = []
    for c in cards_v:
        a = _action(c, f"{what} cards")
        if not 0 <= a < 32:
            raise BadReview(f"{what} cards: {c!r} is not a card")
        cards.append(a)
    small: dict[str, int | None] = {}
    for name, high in (("plain", 3), ("points", 1000), ("count", 1000), ("trump", 5),
                       ("seat", 3), ("alt_plain", 3), ("alt", 41)):
        x = v.get(name)
        small[name] = None if x is None else checked.integer(
            x, name, 0, high, error=BadReview, says=f"{what} {name}: {x!r}")
    if key in plural and small["count"] is None:
        raise BadReview(f"{what}: {key!r} needs a count")
    return Why(key, tuple(cards), small["plain"], small["points"], small["count"],
               small["trump"], small["seat"], small["alt_plain"], small["alt"])


__all__ = [
    "LABELS", "BadReview", "Option", "Rating", "Review", "noise_to_json", "review_from_dict",
    "review_to_dict", "score_scale",
]
