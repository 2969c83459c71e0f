"""Fit the contract-value model (``beloz/ai/contract_model.py``) on ``bench.contract_data``'s
self-play records and write its coefficients.

``python tools/train_contract_model.py /tmp/contract_data.jsonl --out beloz/ai/contract_model.json``

Four ridge regressions (pure Python: the normal equations on standardised features, the
intercept not penalised), one per kind of value (``contract_model.KINDS``), on the
features of ``contract_model.features``: only the bidder's five cards, the turned card and
the bids before it.  The penalty is chosen per kind by 5-fold cross-validation, the folds
by deal (both seatings and every decision of a deal in the same fold).  The file records
the data's size and command, the training time, each kind's cross-validated error, and
the cross-validated value of choosing the bid the model rates best against the rule of
thumb's bid and the best bid in hindsight, per decision (every legal bid's hand was
played, so any bid choice is scored exactly on the records).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from beloz.ai.contract_model import (  # noqa: E402
    FORMAT,
    KINDS,
    ContractModel,
    Linear,
    feature_names,
    features,
    parse,
)
from beloz.ai.heuristic import heuristic_bid  # noqa: E402
from beloz.rules.state import PASS, TAKE, action_plain  # noqa: E402
from bench.contract_data import load  # noqa: E402

PENALTIES = (0.1, 1.0, 10.0, 100.0, 1000.0)
FOLDS = 5


class Decision:
    """One recorded bid: what the seat saw and every legal bid's hand score (its team minus
    the other)."""

    def __init__(self, deal: int, d: dict[str, Any]) -> None:
        self.deal = deal
        self.hand = sum(1 << c for c in d["hand"])
        self.turned: int = d["turned"]
        self.bids: tuple[int, ...] = tuple(d["bids"])
        self.seat: int = d["seat"]
        self.dealer: int = d["dealer"]
        self.values = {t["bid"]: t["score"][0] - t["score"][1] for t in d["tries"]}

    @property
    def r2(self) -> bool:
        return len(self.bids) >= 4

    def rows(self) -> list[tuple[str, list[float], float]]:
        """(kind, features, target) of each regression this decision feeds."""
        v = self.values
        h, t, b = self.hand, self.turned, self.bids
        if not self.r2:
            return [("r1_pass", features(h, t, b, "r1_pass"), v[PASS]),
                    ("r1_take", features(h, t, b, "r1_take"), v[TAKE] - v[PASS])]
        out = [("r2_pass", features(h, t, b, "r2_pass"), float(v[PASS]))]
        for a, x in v.items():
            p = action_plain(a)
            if p is not None:
                out.append(("r2_name", features(h, t, b, "r2_name", p), float(x - v[PASS])))
        return out

    def rule_of_thumb(self) -> int:
        return heuristic_bid(self.hand, self.turned, self.bids, self.seat, self.dealer)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, positive definite system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def ridge(xs: list[list[float]], ys: list[float], penalty: float) -> tuple[list[float], float]:
    """Coefficients on the raw features and the intercept, the penalty on standardised
    features (a constant feature gets coefficient 0)."""
    n, d = len(xs), len(xs[0])
    mean = [math.fsum(x[j] for x in xs) / n for j in range(d)]
    sd = [math.sqrt(math.fsum((x[j] - mean[j]) ** 2 for x in xs) / n) or 1.0 for j in range(d)]
    ym = math.fsum(ys) / n
    zs = [[(x[j] - mean[j]) / sd[j] for j in range(d)] for x in xs]
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for z, y in zip(zs, ys, strict=True):
        yc = y - ym
        for i in range(d):
            zi = z[i]
            b[i] += zi * yc
            row = a[i]
            for j in range(i, d):
                row[j] += zi * z[j]
    for i in range(d):
        for j in range(i):
            a[i][j] = a[j][i]
        a[i][i] += penalty
    beta = _solve(a, b)
    coef = [beta[j] / sd[j] for j in range(d)]
    return coef, ym - math.fsum(c * m for c, m in zip(coef, mean, strict=True))


def _predict(coef: list[float], intercept: float, x: list[float]) -> float:
    return intercept + math.fsum(c * v for c, v in zip(coef, x, strict=True))


def _model(fits: dict[str, tuple[list[float], float]], ruleset: str) -> ContractModel:
    return ContractModel(ruleset, {k: Linear(feature_names(k), tuple(c), i)
                                   for k, (c, i) in fits.items()}, {})


def _ci(xs: list[float]) -> list[float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return [round(mean, 2), round(mean - half, 2), round(mean + half, 2)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path, help="bench.contract_data's JSONL file")
    ap.add_argument("--out", type=Path, default=ROOT / "beloz/ai/contract_model.json")
    ap.add_argument("--key", help="the data's settings key (default: the file's first)")
    ns = ap.parse_args(argv)
    t0 = time.process_time()
    deals = load(ns.data, ns.key)
    if not deals:
        print(f"no records in {ns.data}", file=sys.stderr)
        return 1
    key = deals[0]["key"]
    deals = [r for r in deals if r["key"] == key]
    ruleset = deals[0]["ruleset"]
    decisions = [Decision(r["index"], d) for r in deals for d in r["decisions"]]
    rows: dict[str, list[tuple[int, list[float], float]]] = {k: [] for k in KINDS}
    for dec in decisions:
        for kind, x, y in dec.rows():
            rows[kind].append((dec.deal % FOLDS, x, y))

    # The penalty per kind by cross-validated error.
    report: dict[str, Any] = {}
    chosen: dict[str, float] = {}
    for kind in KINDS:
        rs = rows[kind]
        best = None
        for pen in PENALTIES:
            err = 0.0
            for f in range(FOLDS):
                train = [(x, y) for g, x, y in rs if g != f]
                coef, icpt = ridge([x for x, _ in train], [y for _, y in train], pen)
                err += math.fsum((_predict(coef, icpt, x) - y) ** 2 for g, x, y in rs if g == f)
            rmse = math.sqrt(err / len(rs))
            if best is None or rmse < best[0]:
                best = (rmse, pen)
        assert best is not None
        ys = [y for _, _, y in rs]
        chosen[kind] = best[1]
        report[kind] = {"rows": len(rs), "penalty": best[1], "cv_rmse": round(best[0], 2),
                        "target_sd": round(statistics.pstdev(ys), 2),
                        "target_mean": round(statistics.fmean(ys), 2)}
        print(f"{kind}: {len(rs)} rows, penalty {best[1]}, cv rmse {best[0]:.1f}"
              f" (target sd {statistics.pstdev(ys):.1f})", flush=True)

    # The cross-validated worth of the model's bid choice, per decision.
    gain_thumb: list[float] = []
    gain_over_hindsight: list[float] = []
    agree = 0
    for f in range(FOLDS):
        fits = {}
        for kind in KINDS:
            train = [(x, y) for g, x, y in rows[kind] if g != f]
            fits[kind] = ridge([x for x, _ in train], [y for _, y in train], chosen[kind])
        model = _model(fits, ruleset)
        for dec in decisions:
            if dec.deal % FOLDS != f:
                continue
            cands = list(dec.values)
            vals = [model.value(dec.hand, dec.turned, dec.bids, b) for b in cands]
            pick = cands[max(range(len(cands)), key=vals.__getitem__)]
            thumb = dec.rule_of_thumb()
            agree += pick == thumb
            gain_thumb.append(dec.values[pick] - dec.values[thumb])
            gain_over_hindsight.append(dec.values[pick] - max(dec.values.values()))
    report["choice"] = {
        "decisions": len(decisions),
        "model_minus_rule_of_thumb": _ci(gain_thumb),
        "model_minus_hindsight": _ci(gain_over_hindsight),
        "same_bid_as_rule_of_thumb": round(agree / len(decisions), 3),
    }
    print(f"model's bid minus the rule of thumb's, per decision, cross-validated:"
          f" {report['choice']['model_minus_rule_of_thumb']}; the same bid in"
          f" {agree / len(decisions):.1%} of {len(decisions)} decisions", flush=True)

    fits = {}
    for kind in KINDS:
        rs = rows[kind]
        fits[kind] = ridge([x for _, x, _ in rs], [y for _, _, y in rs], chosen[kind])
    doc = {
        "format": FORMAT,
        "ruleset": ruleset,
        "meta": {
            "data": {"deals": len(deals), "decisions": len(decisions), "key": key,
                     "seed": deals[0]["seed"], "command": deals[0]["command"],
                     "cpu_seconds": round(math.fsum(r["cpu"] for r in deals))},
            "training": {"command": "python tools/train_contract_model.py "
                         + " ".join(argv if argv is not None else sys.argv[1:]),
                         "cpu_seconds": round(time.process_time() - t0, 1),
                         "folds": FOLDS, "penalties": list(PENALTIES)},
            "cv": report,
        },
        "models": {k: {"features": list(feature_names(k)),
                       "coef": [round(c, 6) for c in fits[k][0]],
                       "intercept": round(fits[k][1], 6)} for k in KINDS},
    }
    parse(doc)  # what is written must load
    ns.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {ns.out} ({ns.out.stat().st_size} bytes, {len(deals)} deals,"
          f" {time.process_time() - t0:.0f} cpu-s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
