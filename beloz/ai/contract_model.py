"""The contract-value model: a bid's expected hand score from the bidder's view alone.

Learnt from self-play (``bench.contract_data`` records, for each bid of a team's seat,
the hand score every legal bid led to; ``tools/train_contract_model.py`` fits ridge
regressions on the features below), shipped as small JSON (``contract_model.json``:
the coefficients per kind of value), evaluated here in pure Python.

Four regressions, for the turned-card bidding (RULES.md §3):

- ``r1_pass``: the value of passing in round 1;
- ``r1_take``: taking minus passing, in round 1;
- ``r2_pass``: the value of passing in round 2;
- ``r2_name``: naming a plain minus passing, in round 2 (one regression for every plain,
  on the features of the plain named).

With them, the rollout's gap (``ContractModel.rollout_gap``): the search values a sampled
deal by playing it out with the rule of thumb's card play, and Expert's own card play
scores otherwise, by how far the rollout says the contract is made or sunk and by which
side took it; the mean gap per side and 40-point bin of the taker's margin, learnt from
the same records' deals, corrects each sampled deal's value when the model is used.

A value is the seat's team's hand score minus the other team's, as the search's
(``pimc.evaluate_bids``).  The features read only what the seat sees: its five cards, the
turned card (which goes to whoever takes), its place in the bidding and the earlier bids.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from beloz.rules.announcements import best_combination
from beloz.rules.cards import plain_of
from beloz.rules.ruleset import Bidding
from beloz.rules.state import PASS, TAKE, SeatView, action_plain

from .heuristic import hand_strength

FORMAT = "beloz-contract-model/2"
KINDS = ("r1_pass", "r1_take", "r2_pass", "r2_name")
DEFAULT_PATH = Path(__file__).with_name("contract_model.json")

# Offsets of the animals in a plain's 8 bits (card id = plain * 8 + number - 1).
MEERKAT, MONKEY, SNAKE, LEOPARD, CROCODILE, RHINO, ELEPHANT, LION = range(8)


def plain_features(cards: int, t: int) -> list[float]:
    """The six cards (five held and the turned one) with ``t`` flooded: its trumps, the
    side plains' masters and shape, the rule of thumb's count, the announcements."""
    s = (cards >> (8 * t)) & 0xFF
    bits = [s >> i & 1 for i in range(8)]
    side_lions = side_leopards = guarded = voids = singles = 0
    for p in range(4):
        if p == t:
            continue
        q = (cards >> (8 * p)) & 0xFF
        n = bin(q).count("1")
        voids += n == 0
        singles += n == 1
        side_lions += q >> LION & 1
        side_leopards += q >> LEOPARD & 1
        guarded += (q >> LEOPARD & 1) & (q >> LION & 1)
    ann = sum(a.points for a in best_combination(cards))
    return [
        float(bin(s).count("1")),
        float(bits[CROCODILE]),
        float(bits[SNAKE]),
        float(bits[CROCODILE] & bits[SNAKE]),
        float(bits[LION]),
        float(bits[LEOPARD]),
        float(bits[ELEPHANT] + bits[RHINO] + bits[MONKEY] + bits[MEERKAT]),
        float(bits[ELEPHANT] & bits[RHINO]),
        float(side_lions),
        float(side_leopards),
        float(guarded),
        float(voids),
        float(singles),
        hand_strength(cards, t),
        float(ann),
    ]


PLAIN_NAMES = ("trumps", "crocodile", "snake", "croc_snake", "lion_t", "leopard_t", "low_trumps",
               "belote", "side_lions", "side_leopards", "guarded", "voids", "singles",
               "strength", "ann")


def _context(pos: int, strength: float, trumps: float, turned: int) -> list[float]:
    """The seat's place in the round (0: first to speak), the count and the trumps at each
    place, the count's square; the turned card (which goes to whoever takes: a turned
    crocodile or water snake is strong for an opponent who takes it too)."""
    one = [float(pos == k) for k in range(1, 4)]
    low = turned & 7
    return (one + [strength * x for x in one] + [trumps * x for x in one]
            + [strength * strength / 10, float(low == CROCODILE), float(low == SNAKE)])


CONTEXT_NAMES = ("pos1", "pos2", "pos3", "strength_pos1", "strength_pos2", "strength_pos3",
                 "trumps_pos1", "trumps_pos2", "trumps_pos3", "strength_sq", "turned_crocodile",
                 "turned_snake")


def feature_names(kind: str) -> tuple[str, ...]:
    extra: tuple[str, ...] = ("best_other", "second_other")
    if kind == "r2_name":
        extra += ("is_turned",)
    return PLAIN_NAMES + extra + CONTEXT_NAMES


def features(hand: int, turned: int, bids: tuple[int, ...] | list[int], kind: str,
             plain: int | None = None) -> list[float]:
    """The features of one value (``kind``) of the bid at ``bids`` with ``hand`` held and
    ``turned`` turned; ``plain``: the plain named (``r2_name``).  Round 1 is described by
    the turned plain, round 2's pass by the seat's best plain."""
    cards = hand | (1 << turned)
    counts = [hand_strength(cards, p) for p in range(4)]
    if kind in ("r1_pass", "r1_take"):
        t = plain_of(turned)
    elif kind == "r2_name":
        assert plain is not None
        t = plain
    else:
        t = max(range(4), key=counts.__getitem__)
    others = sorted((counts[p] for p in range(4) if p != t), reverse=True)
    row = plain_features(cards, t) + others[:2]
    if kind == "r2_name":
        row.append(float(t == plain_of(turned)))
    return row + _context(len(bids) % 4, counts[t], row[0], turned)


# The rollout gap's cells: the taker's rollout margin in bins of GAP_BIN points, from
# GAP_LO to GAP_HI (the ends take everything beyond them).
GAP_BIN = 40
GAP_LO = -10
GAP_HI = 15
SIDES = ("team", "other")  # the seat's team took, the other team took


def gap_cell(team: bool, value: float) -> int:
    """The cell of a deal whose rollout value for the seat's team is ``value``, its team
    (``team``) or the other having taken: the taker's margin, binned."""
    margin = value if team else -value
    return max(GAP_LO, min(GAP_HI, math.floor(margin / GAP_BIN)))


class ModelError(ValueError):
    """A contract model file that cannot be used (with the reason)."""


@dataclass(frozen=True)
class Linear:
    names: tuple[str, ...]
    coef: tuple[float, ...]
    intercept: float

    def __call__(self, x: list[float]) -> float:
        return self.intercept + math.fsum(c * v for c, v in zip(self.coef, x, strict=True))


@dataclass(frozen=True)
class ContractModel:
    ruleset: str
    models: dict[str, Linear]
    meta: dict[str, Any]
    gaps: dict[str, tuple[float, ...]]  # per side, per cell from GAP_LO

    def rollout_gap(self, team: bool, value: float) -> float:
        """What Expert's card play scores beyond the rollout's ``value`` (the seat's team's)
        on a deal its team (``team``) or the other took, on average."""
        return self.gaps[SIDES[0] if team else SIDES[1]][gap_cell(team, value) - GAP_LO]

    def value(self, hand: int, turned: int, bids: tuple[int, ...] | list[int], bid: int) -> float:
        """The expected hand score (the bidder's team minus the other) of ``bid``."""
        r2 = len(bids) >= 4
        pass_value = self.models["r2_pass" if r2 else "r1_pass"](
            features(hand, turned, bids, "r2_pass" if r2 else "r1_pass"))
        if bid == PASS:
            return pass_value
        if bid == TAKE and not r2:
            return pass_value + self.models["r1_take"](features(hand, turned, bids, "r1_take"))
        p = action_plain(bid)
        if p is None or not r2:
            raise ValueError(f"no contract value for bid {bid} at {len(bids)} bids")
        return pass_value + self.models["r2_name"](features(hand, turned, bids, "r2_name", p))

    def values(self, view: SeatView, cands: list[int]) -> list[float]:
        """Each candidate bid's value from the seat's view: its hand, the turned card and
        the bids so far (nothing else is read)."""
        return [self.value(view.hand, view.turned, view.bids, b) for b in cands]

    def serves(self, view: SeatView) -> bool:
        """Whether this model was learnt for the view's ruleset (a turned-card bidding)."""
        return view.ruleset.name == self.ruleset and view.ruleset.bidding is not Bidding.AUCTION


def parse(data: Any) -> ContractModel:
    """A model from its JSON document, or ``ModelError`` saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ModelError(f"not a contract model (format {FORMAT!r} expected)")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str):
        raise ModelError("the model names no ruleset")
    raw = data.get("models")
    if not isinstance(raw, dict):
        raise ModelError("the model has no 'models'")
    models = {}
    for kind in KINDS:
        m = raw.get(kind)
        if not isinstance(m, dict):
            raise ModelError(f"the model has no {kind!r} regression")
        names = tuple(m.get("features", ()))
        if names != feature_names(kind):
            raise ModelError(f"{kind!r}: its features are not this version's {feature_names(kind)}")
        coef = m.get("coef")
        intercept = m.get("intercept")
        if (not isinstance(coef, list) or len(coef) != len(names)
                or not all(isinstance(c, (int, float)) and math.isfinite(c) for c in coef)
                or not isinstance(intercept, (int, float)) or not math.isfinite(intercept)):
            raise ModelError(f"{kind!r}: coefficients must be {len(names)} finite numbers"
                             " and a finite intercept")
        models[kind] = Linear(names, tuple(float(c) for c in coef), float(intercept))
    gap = data.get("rollout_gap")
    if not isinstance(gap, dict) or gap.get("bin") != GAP_BIN or gap.get("lo") != GAP_LO:
        raise ModelError(f"the model has no rollout gap in {GAP_BIN}-point bins from {GAP_LO}")
    gaps = {}
    for side in SIDES:
        cells = gap.get(side)
        if (not isinstance(cells, list) or len(cells) != GAP_HI - GAP_LO + 1
                or not all(isinstance(c, (int, float)) and math.isfinite(c) for c in cells)):
            raise ModelError(f"the rollout gap of {side!r}: {GAP_HI - GAP_LO + 1} finite"
                             " numbers expected")
        gaps[side] = tuple(float(c) for c in cells)
    meta = data.get("meta", {})
    return ContractModel(ruleset, models, meta if isinstance(meta, dict) else {}, gaps)


def load(path: Path = DEFAULT_PATH) -> ContractModel:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ModelError(f"cannot read the contract model {path}: {e}") from e
    return parse(data)


_cache: dict[Path, ContractModel] = {}


def default_model(path: Path = DEFAULT_PATH) -> ContractModel:
    """The shipped model, read once."""
    if path not in _cache:
        _cache[path] = load(path)
    return _cache[path]

