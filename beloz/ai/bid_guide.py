"""The bidding guide (issue 41): a few rules per ruleset a learner can carry to a table.

The rules were distilled from Expert's bids on seeded deals by ``bench/bid_guide.py`` and
are kept as data in ``bid_guide.json`` beside this module, with their agreement with
Expert on fresh deals.  A rule is a list of conditions on counts a person makes from the
five cards in hand and the turned card (none in the Bulgarian auction), the seat's place in
the round and the auction's standing contract; the rules of a round (round 1, round 2, or
the auction) are read in order and the first that holds, and whose bid the seat may make,
says the bid; the round's last rule (no condition) is what to do otherwise.

Pure: no UI.  ``applies(view)`` is the rule for a seat's bidding view, ``guide_bid`` the
bid it says, ``wording(rule, language)`` its sentence (keys ``guide.*`` of
``beloz/i18n``).  Every count below reads only the seat's own cards, the turned card and
the public bids, which ``tests/test_ai_bid_guide.py`` checks by re-dealing the hidden
cards.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from beloz.i18n import tr_in
from beloz.rules.announcements import best_combination
from beloz.rules.cards import ALL_TRUMPS
from beloz.rules.contract import Contract, trump_contract
from beloz.rules.ruleset import Bidding
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_CARD,
    NO_TRUMPS_CALL,
    PASS,
    REDOUBLE,
    TAKE,
    Phase,
    SeatView,
    auction,
    name_action,
)

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
    "turned_honour",  # 1 when the turned card is a crocodile, water snake or lion
    "announce",       # points of the sequences and carrés among those six cards
    "points",         # a count of the hand for that plain, ``POINTS``
)
# The Bulgarian auction (five cards, no turned card): the same counts for the plain the
# seat would call, the whole hand's masters for no trumps and all trumps, and the auction.
AUCTION = 3  # its "round"
AUCTION_FEATURES = (
    "flooded", "crocodile", "snake", "lion", "honours", "belote", "side_lions",
    "side_leopards", "voids", "announce", "points",
    "crocodiles",   # crocodiles of every plain
    "snakes",       # water snakes of every plain
    "lions",        # lions of every plain
    "leopards",     # leopards of every plain
    "passes",       # passes in a row just before the seat
    "open",         # 1 when no contract has been called yet
    "theirs",       # 1 when the other team holds the standing contract
    "ours",         # 1 when the seat's team holds it (the seat or its partner called it)
    "doubled",      # 1 when the standing contract is doubled or redoubled
    "plain_above",  # 1 when the seat's plain is above the standing contract (may be called)
    "at_points",    # the all-trumps count, ``AT_POINTS``
    "nt_points",    # the no-trumps count, ``NT_POINTS``
    "standing_points",  # the seat's count for the standing contract (0: none yet)
)
ALL_FEATURES = FEATURES + tuple(f for f in AUCTION_FEATURES if f not in FEATURES)
# The guide's point count, said to the learner (``guide.points``): 2 per flooded card, 2 more
# for the crocodile, 1 more for the water snake, 1 for the flooded elephant and rhinoceros
# together, 1 per side lion.  Chosen among five such counts by how well the rules fitted
# with it agreed with Expert, cross-validated on the fitted deals only; with it against
# without it, BeloZ 91.2% against 89.8%, sans annonces 88.3% against 85.9%
# (``python -m bench.bid_guide cv``).  One count for every ruleset: a learner learns one.
POINTS = {"flooded": 2, "crocodile": 2, "snake": 1, "belote": 1, "side_lions": 1}
# The auction's counts per contract, so that a call can be weighed against the standing one
# (``standing_points``: the guide's points with that plain flooded, or one of these):
# all trumps, 2 per crocodile and 1 per water snake of every plain; no trumps, 2 per lion and
# 1 per leopard.  The two cards each contract ranks first and second, the weights of the
# trump count's crocodile and water snake; ``python -m bench.bid_guide cv`` compares the
# rules fitted with and without them.
AT_POINTS = {"crocodiles": 2, "snakes": 1}
NT_POINTS = {"lions": 2, "leopards": 1}
BOOLEAN = frozenset({"crocodile", "snake", "lion", "belote", "turned_plain", "turned_honour",
                     "open", "theirs", "ours", "doubled", "plain_above"})
# The bids a rule may say in each round ("name" and "plain": the plain the guide weighs).
ROUND_BIDS = {1: ("take", "pass"), 2: ("name", "pass"),
              AUCTION: ("pass", "plain", "nt", "at", "double", "redouble")}


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
    cards = hand | (1 << turned) if turned != NO_CARD else hand
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
    f = {
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
        "turned_honour": int(turned != NO_CARD and turned & 7 in (CROCODILE, SNAKE, LION)),
        "announce": sum(a.points for a in best_combination(cards)),
    }
    f["points"] = sum(w * f[k] for k, w in POINTS.items())
    return f


def bidding_round(view: SeatView) -> int | None:
    """1 or 2 when ``view`` is a seat's turn to bid with a turned card, ``AUCTION`` in the
    Bulgarian auction, else None."""
    if view.phase is not Phase.BIDDING or view.current != view.seat or not view.legal_actions():
        return None
    if view.ruleset.bidding is Bidding.AUCTION:
        return AUCTION
    return 1 if len(view.bids) < 4 else 2


def plain_key(hand: int, turned: int, plain: int) -> tuple[int, ...]:
    """How the guide picks the plain to weigh in round 2 (and in the auction): the most
    points (``POINTS``, the count its rules use), then its crocodile, then its lion.  (On the
    fitted deals Expert named that plain in 96% of its round-2 names in BeloZ, 97% in sans
    annonces, against 88% and 91% for the plain with the most cards; the figures'
    ``expert_other`` counts its names of another plain.)"""
    f = counts(hand, turned, plain, 0)
    return (f["points"], f["crocodile"], f["lion"])


def plain_to_weigh(view: SeatView) -> int | None:
    """The plain that would flood: the turned card's in round 1; in round 2 the one of the
    plains the seat may name that ``plain_key`` puts first (on a full tie, the first in the
    order North, East, South, West)."""
    rnd = bidding_round(view)
    if rnd is None:
        return None
    if rnd == 1:
        return view.turned >> 3
    # Round 2 and the auction: the plains it may name or call; in the auction, once no plain
    # may be called (North, no trumps or all trumps stand), any: its counts still say what
    # the hand holds, and ``plain_above`` that it may not be called.  (Weighing any plain,
    # even one below the standing contract, Expert called another plain than the weighed one
    # in 3.3% of its calls on the fitted deals; weighing those it may call, 1.9%.)
    legal = [p for p in range(4) if name_action(p) in view.legal_actions()] or list(range(4))
    return max(legal, key=lambda p: (plain_key(view.hand, view.turned, p), -p))


def view_features(view: SeatView) -> dict[str, int] | None:
    plain = plain_to_weigh(view)
    if plain is None:
        return None
    if bidding_round(view) == AUCTION:
        return auction_counts(view, plain)
    passes = len(view.bids) if len(view.bids) < 4 else len(view.bids) - 4
    return counts(view.hand, view.turned, plain, passes)


def auction_counts(view: SeatView, plain: int) -> dict[str, int]:
    a = auction(view.ruleset, view.bids, view.dealer)
    f = counts(view.hand, NO_CARD, plain, a.passes)
    del f["turned_plain"], f["turned_honour"]
    for name, animal in (("crocodiles", CROCODILE), ("snakes", SNAKE), ("lions", LION),
                         ("leopards", LEOPARD)):
        f[name] = sum(view.hand >> (8 * p + animal) & 1 for p in range(4))
    f["open"] = int(a.contract is None)
    f["theirs"] = int(a.bidder is not None and (view.seat - a.bidder) % 2 == 1)
    f["ours"] = int(a.bidder is not None and (view.seat - a.bidder) % 2 == 0)
    f["doubled"] = int(a.multiplier > 1)
    f["plain_above"] = int(a.contract is None or trump_contract(plain).rank > a.contract.rank)
    f["at_points"] = sum(w * f[k] for k, w in AT_POINTS.items())
    f["nt_points"] = sum(w * f[k] for k, w in NT_POINTS.items())
    f["standing_points"] = standing_points(view.hand, a.contract, f)
    return f


def standing_points(hand: int, contract: Contract | None, f: Mapping[str, int]) -> int:
    """The seat's count for the standing contract: the guide's points with its plain flooded,
    or the all-trumps or no-trumps count ``f`` holds; 0 before any contract."""
    if contract is None:
        return 0
    if contract.plain is not None:
        return counts(hand, NO_CARD, contract.plain, 0)["points"]
    return f["at_points"] if contract.order == ALL_TRUMPS else f["nt_points"]


def _condition(d: Any) -> Condition:
    feature, op, value = d
    if feature not in ALL_FEATURES or op not in (">=", "<=") or not isinstance(value, int):
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
            if d["round"] not in ROUND_BIDS or d["bid"] not in ROUND_BIDS[d["round"]]:
                raise ValueError(f"bad rule {d!r}")
            rules.append(Rule(len(rules) + 1, d["round"], d["bid"],
                              tuple(_condition(c) for c in d["when"])))
        auction_guide = any(r.round == AUCTION for r in rules)
        for rnd in (AUCTION,) if auction_guide else (1, 2):
            last = [r for r in rules if r.round == rnd][-1:]
            if not last or last[0].when:
                raise ValueError(f"{name}: round {rnd} must end with a rule without condition")
            # A bid legal at every turn, so that some rule always applies.
            if rnd == AUCTION and last[0].bid != "pass":
                raise ValueError(f"{name}: the auction's last rule must be pass")
        figures = dict(g.get("figures", {}))
        cost = figures.get("cost")
        if cost is not None and cost.get("rules") != rules_digest(g["rules"]):
            # Measured with other rules: never said of these (a test fails on it).
            del figures["cost"]
        out[name] = Guide(name, tuple(rules), figures)
    return out


def rules_digest(rules: Sequence[Mapping[str, Any]]) -> str:
    """A fingerprint of a guide's rules as ``bid_guide.json`` keeps them: the cost measured
    by playing them (``figures.cost``) names the rules it was measured with."""
    text = json.dumps(list(rules), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


@functools.cache
def guides(path: Path = DEFAULT_PATH) -> dict[str, Guide]:
    return parse(json.loads(path.read_text(encoding="utf-8")))


def first_rule(rules: tuple[Rule, ...], f: Mapping[str, int],
               legal: frozenset[str] | None = None) -> Rule:
    """The first of ``rules`` whose conditions hold and whose bid is in ``legal`` (None:
    any; in a turned-card round every bid a rule says is legal)."""
    return next(r for r in rules if r.matches(f) and (legal is None or r.bid in legal))


def legal_bids(view: SeatView) -> frozenset[str]:
    """The bids of ``ROUND_BIDS`` the seat may make at ``view``."""
    rnd = bidding_round(view)
    if rnd is None:
        return frozenset()
    legal = set(view.legal_actions())
    return frozenset(b for b in ROUND_BIDS[rnd] if bid_action(view, b) in legal)


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
    return first_rule(g.of_round(rnd), f, legal_bids(view))


_CALLS = {"pass": PASS, "take": TAKE, "nt": NO_TRUMPS_CALL, "at": ALL_TRUMPS_CALL,
          "double": DOUBLE, "redouble": REDOUBLE}


def bid_action(view: SeatView, bid: str) -> int:
    """The action of ``bid`` at ``view`` ("name", "plain": the plain the guide weighs)."""
    if bid in _CALLS:
        return _CALLS[bid]
    plain = plain_to_weigh(view)
    assert plain is not None
    return name_action(plain)  # in the auction, the call of that plain's trump contract


def guide_bid(view: SeatView, rule: Rule) -> int:
    """The bid ``rule`` says at ``view``."""
    return bid_action(view, rule.bid)


# -- wording --------------------------------------------------------------------------------


def condition_words(c: Condition, language: str, rnd: int = 1) -> str:
    """A condition in the learner's words: what the seat would hold, or its place (in the
    auction, the passes in a row before it) in round ``rnd``."""
    if c.feature in BOOLEAN:  # the derivation only asks "with" (>= 1) or "without" (<= 0)
        return tr_in(language, f"guide.cond.{c.feature}.{'yes' if c.op == '>=' else 'no'}")
    op = "ge" if c.op == ">=" else "le"
    feature = "passes_auction" if c.feature == "passes" and rnd == AUCTION else c.feature
    return tr_in(language, f"guide.cond.{feature}.{op}", count=c.value)


def _without(c: Condition) -> bool:
    """Whether ``c`` is worded "without …" (``guide.cond.*``): a card not held, none of a
    count (the flooded elephant and rhinoceros and a card of every side plain excepted:
    "at most one of …", "a card of every …")."""
    if c.feature in ("belote", "voids") or c.op != "<=":
        return False
    return c.feature in BOOLEAN or c.value == 0


# Said as clauses, not as cards held.
CLAUSES = frozenset({"passes", "turned_plain", "turned_honour", "open", "theirs", "ours",
                     "doubled", "plain_above"})


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
        held = [c for c in rule.when if c.feature not in CLAUSES]
        # What is held first, then what is not ("with 8 points or fewer and without the
        # crocodile"): a list of only the latter is said without "with".
        cards = ([condition_words(c, language, rule.round) for c in held if not _without(c)]
                 + [condition_words(c, language, rule.round) for c in held if _without(c)])
        clauses = _join([condition_words(c, language, rule.round) for c in rule.when
                         if c.feature in CLAUSES], language)
        if cards:
            key = "guide.rule_without" if all(_without(c) for c in held) else "guide.rule_with"
            text = tr_in(language, key, bid=bid, cards=_join(cards, language),
                         clauses=f", {clauses}" if clauses else "")
        else:
            text = tr_in(language, "guide.rule_when", bid=bid, clauses=clauses)
    if rule.round == AUCTION:
        return tr_in(language, "guide.rule_auction", number=rule.number, text=text)
    return tr_in(language, "guide.rule", number=rule.number, round=rule.round, text=text)


def introduction(guide: Guide, language: str = "en") -> list[str]:
    """What the rules count on, the plain round 2 weighs, and how often they bid as Expert
    (the derivation's fresh deals), in ``language``."""
    fresh = guide.figures.get("fresh")
    if get_ruleset(guide.ruleset).bidding is Bidding.AUCTION:
        lines = [tr_in(language, "guide.auction_cards"), tr_in(language, "guide.points"),
                 tr_in(language, "guide.auction_points")]
        if fresh:
            lines.append(tr_in(language, "guide.figures_auction", deals=fresh["deals"],
                               decisions=fresh["decisions"],
                               pct=_pct(fresh["agree"], fresh["decisions"]))
                         + cost_words(guide, language))
        return lines
    excluded = get_ruleset(guide.ruleset).second_round_excludes_turned
    lines = [tr_in(language, "guide.flooded_cards"), tr_in(language, "guide.points"),
             tr_in(language, "guide.plain_to_name_not_turned" if excluded
                   else "guide.plain_to_name")]
    if fresh:
        lines.append(tr_in(language, "guide.figures", deals=fresh["deals"],
                           decisions=fresh["decisions"],
                           pct=_pct(fresh["agree"], fresh["decisions"]),
                           r1=_pct(fresh["round1_agree"], fresh["round1"]),
                           r2=_pct(fresh["round2_agree"], fresh["round2"]))
                     + cost_words(guide, language))
    return lines


def cost_words(guide: Guide, language: str) -> str:
    """" Bidding by these rules … scored 3.0 points a hand less …", what following the rules
    cost against Expert's own bids where it was measured (``figures.cost``; " … lost nothing
    measurable …" where it rounds to no points a hand), else nothing: a ruleset not
    measured says nothing of its cost."""
    cost = guide.figures.get("cost")
    if not cost:
        return ""
    if f"{abs(cost['points']):.1f}" == "0.0" and cost["low"] <= 0 <= cost["high"]:
        # Neither a loss nor a gain to say (classique's -0.0 [-1.7, +1.6]): "scored 0.0
        # points a hand more" would say a gain not measured. The figures as measured, signed.
        return " " + tr_in(language, "guide.cost_none", deals=cost["deals"],
                           **{k: _decimal(cost[k], language, signed=True)
                              for k in ("points", "low", "high")})
    # The guide's score minus Expert's, a hand, and its 95% interval: said as a loss (or a
    # gain), the interval's ends in the same sense.
    loss = cost["points"] < 0
    ends = (-cost["high"], -cost["low"]) if loss else (cost["low"], cost["high"])
    # (French: "0,2 point", under 2 the singular; "3,0 points")
    return " " + tr_in(language, "guide.cost_less" if loss else "guide.cost_more",
                       count=1 if abs(cost["points"]) < 2 else 2,
                       points=_decimal(abs(cost["points"]), language), deals=cost["deals"],
                       low=_decimal(ends[0], language), high=_decimal(ends[1], language))


def _decimal(x: float, language: str, signed: bool = False) -> str:
    text = f"{x:+.1f}" if signed else f"{x:.1f}"
    return text.replace(".", ",") if language == "fr" else text


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}" if b else "-"


def note(view: SeatView, best: int, language: str = "en", short: bool = False) -> str | None:
    """What the guide says of a bid whose best option is ``best`` (the hint's, the review's
    or a practice answer's): its rule when the rule bids ``best`` ("The bidding guide says
    so too: Rule 3 (round 1): …"), else that this hand is an exception to that rule (the
    comparative sentence beside it says why); None when the guide has no rule for the
    seat (not its turn to bid, a ruleset without a guide).  ``short``: the table's form,
    "Guide — Rule 3 (round 1): …" or "An exception to the guide — …"."""
    rule = applies(view)
    if rule is None:
        return None
    key = "guide.note_agrees" if guide_bid(view, rule) == best else "guide.note_exception"
    if short:  # the table's one line: "Guide — Rule 3 (round 1): …"
        key += "_short"
    return tr_in(language, key, rule=wording(rule, language))
