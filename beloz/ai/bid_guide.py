"""The bidding guide (issue 41): a few rules per ruleset a learner can carry to a table.

The rules were distilled from Expert's bids on seeded deals by ``bench/bid_guide.py`` and
are kept as data in ``bid_guide.json`` beside this module, with their agreement with
Expert on fresh deals.  A rule is a list of conditions on counts a person makes from the
five cards in hand and the turned card, and the seat's place in the round; the rules of a
round are read in order and the first that holds says the bid, the round's last rule
(no condition) is what to do otherwise.

Pure: no UI.  ``applies(view)`` is the rule for a seat's bidding view, ``guide_bid`` the
bid it says, ``wording(rule, language)`` its sentence (keys ``guide.*`` of
``beloz/i18n``).  Every count below reads only the seat's own cards, the turned card and
the public bids, which ``tests/test_ai_bid_guide.py`` checks by re-dealing the hidden
cards.  The Bulgarian auction has no guide yet: ``applies`` gives None there.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from beloz.i18n import tr_in
from beloz.rules.announcements import best_combination
from beloz.rules.ruleset import Bidding
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import PASS, TAKE, Phase, SeatView, name_action

FORMAT = "beloz-bid-guide/1"
DEFAULT_PATH = Path(__file__).with_name("bid_guide.json")

# Offsets of the animals in a plain's 8 bits (card id = plain * 8 + number - 1).
MONKEY, SNAKE, LEOPARD, CROCODILE, RHINO, ELEPHANT, LION = 1, 2, 3, 4, 5, 6, 7

# What a seat counts, for the plain that would flood (the turned card's in round 1, the
# plain it would name in round 2), the turned card counted since whoever takes gets it:
FEATURES = (
    "flooded",        # cards of that plain
    "crocodile",      # 1 with its crocodile
    "snake",          # 1 with its water snake
    "lion",           # 1 with its lion
    "honours",        # how many of those three
    "belote",         # 1 with its elephant and rhinoceros
    "side_lions",     # lions of the other plains
    "side_leopards",  # leopards of the other plains
    "voids",          # other plains without a card
    "passes",         # passes before the seat in this round (0: it speaks first)
    "turned_plain",   # round 2: 1 when that plain is the turned card's
    "announce",       # points of the sequences and carrés among those six cards
)
BOOLEAN = frozenset({"crocodile", "snake", "lion", "belote", "turned_plain"})
ROUND_BIDS = {1: ("take", "pass"), 2: ("name", "pass")}  # the bids legal in each round


@dataclass(frozen=True, slots=True)
class Condition:
    feature: str
    op: str  # ">=" or "<="
    value: int

    def holds(self, f: Mapping[str, int]) -> bool:
        return f[self.feature] >= self.value if self.op == ">=" else f[self.feature] <= self.value


@dataclass(frozen=True, slots=True)
class Rule:
    number: int  # 1.. in reading order within the ruleset's guide
    round: int  # 1 or 2
    bid: str  # "take", "pass" or "name" (the plain that would flood)
    when: tuple[Condition, ...]  # empty: the round's last rule, what to do otherwise

    def matches(self, f: Mapping[str, int]) -> bool:
        return all(c.holds(f) for c in self.when)


@dataclass(frozen=True, slots=True)
class Guide:
    ruleset: str
    rules: tuple[Rule, ...]
    figures: Mapping[str, Any]  # the derivation's agreement with Expert (bench.bid_guide)

    def of_round(self, rnd: int) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.round == rnd)


def counts(hand: int, turned: int, plain: int, passes: int) -> dict[str, int]:
    """The features of ``FEATURES`` for ``plain`` flooding, from the seat's five cards, the
    turned card and the passes before it."""
    cards = hand | (1 << turned)
    s = (cards >> (8 * plain)) & 0xFF
    side_lions = side_leopards = voids = 0
    for p in range(4):
        if p == plain:
            continue
        q = (cards >> (8 * p)) & 0xFF
        voids += q == 0
        side_lions += q >> LION & 1
        side_leopards += q >> LEOPARD & 1
    croc, snake, lion = s >> CROCODILE & 1, s >> SNAKE & 1, s >> LION & 1
    return {
        "flooded": s.bit_count(),
        "crocodile": croc,
        "snake": snake,
        "lion": lion,
        "honours": croc + snake + lion,
        "belote": s >> ELEPHANT & s >> RHINO & 1,
        "side_lions": side_lions,
        "side_leopards": side_leopards,
        "voids": voids,
        "passes": passes,
        "turned_plain": int(plain == turned >> 3),
        "announce": sum(a.points for a in best_combination(cards)),
    }


def bidding_round(view: SeatView) -> int | None:
    """1 or 2 when ``view`` is a seat's turn to bid with a turned card, else None."""
    if (view.phase is not Phase.BIDDING or view.current != view.seat
            or view.ruleset.bidding is not Bidding.TURNED_CARD or not view.legal_actions()):
        return None
    return 1 if len(view.bids) < 4 else 2


def plain_key(hand: int, turned: int, plain: int) -> tuple[int, ...]:
    """How the guide picks the plain to weigh in round 2: its cards (the turned card
    counted), the crocodile and the water snake counting twice; then the crocodile, then
    the lion.  (On the BeloZ deals the rules were fitted on, Expert named that plain in 91%
    of its 431 round-2 names, the plain with the most cards in 88%; the figures' count
    ``expert_other`` is how often it named another.)"""
    f = counts(hand, turned, plain, 0)
    return (f["flooded"] + f["crocodile"] + f["snake"], f["crocodile"], f["lion"])


def plain_to_weigh(view: SeatView) -> int | None:
    """The plain that would flood: the turned card's in round 1; in round 2 the one of the
    plains the seat may name that ``plain_key`` puts first (on a full tie, the first in the
    order North, East, South, West)."""
    rnd = bidding_round(view)
    if rnd is None:
        return None
    if rnd == 1:
        return view.turned >> 3
    legal = [p for p in range(4) if name_action(p) in view.legal_actions()]
    return max(legal, key=lambda p: (plain_key(view.hand, view.turned, p), -p))


def view_features(view: SeatView) -> dict[str, int] | None:
    plain = plain_to_weigh(view)
    if plain is None:
        return None
    passes = len(view.bids) if len(view.bids) < 4 else len(view.bids) - 4
    return counts(view.hand, view.turned, plain, passes)


def _condition(d: Any) -> Condition:
    feature, op, value = d
    if feature not in FEATURES or op not in (">=", "<=") or not isinstance(value, int):
        raise ValueError(f"bad condition {d!r}")
    return Condition(feature, op, value)


def parse(data: Mapping[str, Any]) -> dict[str, Guide]:
    """The guides of a ``bid_guide.json`` document, by ruleset name."""
    if data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} document")
    out = {}
    for name, g in data["rulesets"].items():
        rules: list[Rule] = []
        for d in g["rules"]:
            if d["round"] not in (1, 2) or d["bid"] not in ROUND_BIDS[d["round"]]:
                raise ValueError(f"bad rule {d!r}")
            rules.append(Rule(len(rules) + 1, d["round"], d["bid"],
                              tuple(_condition(c) for c in d["when"])))
        for rnd in (1, 2):
            last = [r for r in rules if r.round == rnd][-1:]
            if not last or last[0].when:
                raise ValueError(f"{name}: round {rnd} must end with a rule without condition")
        out[name] = Guide(name, tuple(rules), g.get("figures", {}))
    return out


@functools.cache
def guides(path: Path = DEFAULT_PATH) -> dict[str, Guide]:
    return parse(json.loads(path.read_text(encoding="utf-8")))


def first_rule(rules: tuple[Rule, ...], f: Mapping[str, int]) -> Rule:
    return next(r for r in rules if r.matches(f))


def applies(view: SeatView, guide: Guide | None = None) -> Rule | None:
    """The guide's rule for the seat of ``view`` on its turn to bid, or None (not its turn
    to bid, or a ruleset without a guide)."""
    rnd = bidding_round(view)
    if rnd is None:
        return None
    g = guide or guides().get(view.ruleset.name)
    if g is None:
        return None
    f = view_features(view)
    assert f is not None
    return first_rule(g.of_round(rnd), f)


def guide_bid(view: SeatView, rule: Rule) -> int:
    """The bid ``rule`` says at ``view``."""
    if rule.bid == "pass":
        return PASS
    if rule.bid == "take":
        return TAKE
    plain = plain_to_weigh(view)
    assert plain is not None
    return name_action(plain)


# -- wording --------------------------------------------------------------------------------


def condition_words(c: Condition, language: str) -> str:
    """A condition in the learner's words: what the seat would hold, or its place."""
    if c.feature in BOOLEAN:  # the derivation only asks "with" (>= 1) or "without" (<= 0)
        return tr_in(language, f"guide.cond.{c.feature}.{'yes' if c.op == '>=' else 'no'}")
    op = "ge" if c.op == ">=" else "le"
    return tr_in(language, f"guide.cond.{c.feature}.{op}", count=c.value)


CLAUSES = frozenset({"passes", "turned_plain"})  # said as clauses, not as cards held


def _join(parts: list[str], language: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return tr_in(language, "guide.join", first=", ".join(parts[:-1]), last=parts[-1])


def wording(rule: Rule, language: str = "en") -> str:
    """``Rule 3 (round 1): Take with …`` in ``language``: the cards held first, then the
    seat's place or the plain's being the turned card's."""
    if not rule.when:
        text = tr_in(language, f"guide.otherwise.{rule.bid}")
    else:
        bid = tr_in(language, f"guide.bid.{rule.bid}")
        cards = [condition_words(c, language) for c in rule.when if c.feature not in CLAUSES]
        clauses = _join([condition_words(c, language) for c in rule.when
                         if c.feature in CLAUSES], language)
        if cards:
            text = tr_in(language, "guide.rule_with", bid=bid, cards=_join(cards, language),
                         clauses=f", {clauses}" if clauses else "")
        else:
            text = tr_in(language, "guide.rule_when", bid=bid, clauses=clauses)
    return tr_in(language, "guide.rule", number=rule.number, round=rule.round, text=text)


def introduction(guide: Guide, language: str = "en") -> list[str]:
    """What the rules count on, the plain round 2 weighs, and how often they bid as Expert
    (the derivation's fresh deals), in ``language``."""
    excluded = get_ruleset(guide.ruleset).second_round_excludes_turned
    lines = [tr_in(language, "guide.flooded_cards"),
             tr_in(language, "guide.plain_to_name_not_turned" if excluded
                   else "guide.plain_to_name")]
    fresh = guide.figures.get("fresh")
    if fresh:
        lines.append(tr_in(language, "guide.figures", deals=fresh["deals"],
                           decisions=fresh["decisions"],
                           pct=_pct(fresh["agree"], fresh["decisions"]),
                           r1=_pct(fresh["round1_agree"], fresh["round1"]),
                           r2=_pct(fresh["round2_agree"], fresh["round2"])))
    return lines


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}" if b else "-"
