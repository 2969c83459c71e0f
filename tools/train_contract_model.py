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
played, so any bid choice is scored exactly on the records).  With them, the rollout's
gap (``contract_model.rollout_gap``): each recorded contract's real deal is played out
by the search's rollout again, and its realised score minus the rollout's is averaged per
side and bin of the taker's rollout margin.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from beloz.ai.arena import deal_setup  # noqa: E402
from beloz.ai.bidsearch import _contract_value  # noqa: E402
from beloz.ai.contract_model import (  # noqa: E402
    FORMAT,
    GAP_BIN,
    GAP_HI,
    GAP_LO,
    KINDS,
    SIDES,
    feature_names,
    features,
    gap_cell,
    parse,
)
from beloz.ai.heuristic import heuristic_bid  # noqa: E402
from beloz.rules.ruleset import get as get_ruleset  # noqa: E402
from beloz.rules.state import PASS, TAKE, HandState, action_plain  # noqa: E402
from bench.contract_data import load  # noqa: E402
from bench.intervals import mean_half  # noqa: E402

PENALTIES = (1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0)
FOLDS = 5

Row = tuple[int, list[float], float]  # (fold, features, target)


class Decision:
    """One recorded bid: what the seat saw and every legal bid's hand score (its team minus
    the other)."""

    def __init__(self, deal: int, d: dict[str, Any]) -> None:
        self.fold = deal % FOLDS
        self.hand = sum(1 << c for c in d["hand"])
        self.turned: int = d["turned"]
        self.bids: tuple[int, ...] = tuple(d["bids"])
        self.seat: int = d["seat"]
        self.dealer: int = d["dealer"]
        self.values = {t["bid"]: t["score"][0] - t["score"][1] for t in d["tries"]}
        self.rows = self._rows()

    def _rows(self) -> dict[int, tuple[str, list[float], float]]:
        """Per legal bid, (kind, features, target) of the regression it feeds: passing the
        value of passing, any other bid its value minus passing's."""
        v = self.values
        h, t, b = self.hand, self.turned, self.bids
        if len(b) < 4:
            return {PASS: ("r1_pass", features(h, t, b, "r1_pass"), v[PASS]),
                    TAKE: ("r1_take", features(h, t, b, "r1_take"), v[TAKE] - v[PASS])}
        out = {PASS: ("r2_pass", features(h, t, b, "r2_pass"), float(v[PASS]))}
        for a, x in v.items():
            p = action_plain(a)
            if p is not None:
                out[a] = ("r2_name", features(h, t, b, "r2_name", p), float(x - v[PASS]))
        return out

    def rule_of_thumb(self) -> int:
        return heuristic_bid(self.hand, self.turned, self.bids, self.seat, self.dealer)


def decisions_of(path: Path, key: str | None) -> tuple[list[dict[str, Any]], list[Decision]]:
    deals = load(path, key)
    if not deals:
        raise SystemExit(f"no records in {path}")
    deals = [r for r in deals if r["key"] == deals[0]["key"]]
    return deals, [Decision(r["index"], d) for r in deals for d in r["decisions"]]


def rows_of(decisions: list[Decision]) -> dict[str, list[Row]]:
    rows: dict[str, list[Row]] = {k: [] for k in KINDS}
    for dec in decisions:
        for kind, x, y in dec.rows.values():
            rows[kind].append((dec.fold, x, y))
    return rows


class Sums:
    """The sufficient statistics of a set of rows for a least-squares fit."""

    def __init__(self, d: int) -> None:
        self.n = 0
        self.sx = [0.0] * d
        self.sy = 0.0
        self.sxx = [[0.0] * d for _ in range(d)]
        self.sxy = [0.0] * d

    def add(self, x: list[float], y: float) -> None:
        self.n += 1
        self.sy += y
        for i, xi in enumerate(x):
            if xi:
                self.sx[i] += xi
                self.sxy[i] += xi * y
                row = self.sxx[i]
                for j in range(i, len(x)):
                    row[j] += xi * x[j]

    def minus(self, other: Sums) -> Sums:
        d = len(self.sx)
        out = Sums(d)
        out.n = self.n - other.n
        out.sy = self.sy - other.sy
        out.sx = [a - b for a, b in zip(self.sx, other.sx, strict=True)]
        out.sxy = [a - b for a, b in zip(self.sxy, other.sxy, strict=True)]
        out.sxx = [[a - b for a, b in zip(r, q, strict=True)]
                   for r, q in zip(self.sxx, other.sxx, strict=True)]
        return out


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


Fit = tuple[list[float], float]  # coefficients on the raw features, intercept


def ridge(s: Sums, penalty: float) -> Fit:
    """Ridge regression from sums: the penalty on standardised features, the intercept
    free (a constant feature gets coefficient 0)."""
    n, d = s.n, len(s.sx)
    mean = [v / n for v in s.sx]
    ym = s.sy / n
    cov = [[(s.sxx[min(i, j)][max(i, j)] / n - mean[i] * mean[j]) for j in range(d)]
           for i in range(d)]
    sd = [math.sqrt(cov[i][i]) if cov[i][i] > 1e-12 else 0.0 for i in range(d)]
    live = [i for i in range(d) if sd[i]]
    a = [[n * cov[i][j] / (sd[i] * sd[j]) + (penalty if i == j else 0.0) for j in live]
         for i in live]
    b = [n * (s.sxy[i] / n - mean[i] * ym) / sd[i] for i in live]
    beta = _solve(a, b)
    coef = [0.0] * d
    for k, i in enumerate(live):
        coef[i] = beta[k] / sd[i]
    return coef, ym - math.fsum(c * m for c, m in zip(coef, mean, strict=True))


def predict(fit: Fit, x: list[float]) -> float:
    return fit[1] + math.fsum(c * v for c, v in zip(fit[0], x, strict=True))


def plus(a: Fit, b: Fit) -> Fit:
    return [x + y for x, y in zip(a[0], b[0], strict=True)], a[1] + b[1]


def fit_kind(rows: list[Row], prior: Fit | None) -> tuple[Fit, dict[str, Any],
                                                          dict[int, Fit]]:
    """The penalty by cross-validation (folds by deal), the fit on all rows, and each
    fold's fit without it.  With a ``prior``, what is fitted is the rows' departure from
    the prior's values (ridge towards the prior)."""
    d = len(rows[0][1])
    base = prior or ([0.0] * d, 0.0)
    res = [(g, x, y - predict(base, x)) for g, x, y in rows]
    folds = [Sums(d) for _ in range(FOLDS)]
    total = Sums(d)
    for g, x, y in res:
        folds[g].add(x, y)
        total.add(x, y)
    best: tuple[float, float] | None = None
    for pen in PENALTIES:
        fits = [ridge(total.minus(folds[f]), pen) for f in range(FOLDS)]
        err = math.fsum((predict(fits[g], x) - y) ** 2 for g, x, y in res)
        rmse = math.sqrt(err / len(res))
        if best is None or rmse < best[0]:
            best = (rmse, pen)
    assert best is not None
    pen = best[1]
    ys = [y for _, _, y in rows]
    report = {"rows": len(rows), "penalty": pen, "cv_rmse": round(best[0], 2),
              "target_sd": round(statistics.pstdev(ys), 2),
              "target_mean": round(statistics.fmean(ys), 2)}
    per_fold = {f: plus(base, ridge(total.minus(folds[f]), pen)) for f in range(FOLDS)}
    return plus(base, ridge(total, pen)), report, per_fold


GapSample = tuple[int, bool, float, float]  # fold, the seat's team took, rollout, realised
GAP_SHRINK = 200.0  # a cell's mean gap is shrunk towards its side's by this many deals


def gap_samples(deals: list[dict[str, Any]]) -> list[GapSample]:
    """Per recorded bid that led to a contract: the hand's value as the search would value
    it (the real deal, bid as recorded, played out by the rollout) and its realised value,
    both the seat's team's score minus the other's."""
    out = []
    for r in deals:
        ruleset = get_ruleset(r["ruleset"])
        deck, dealer, packet = deal_setup(r["seed"], r["index"])
        for d in r["decisions"]:
            for t in d["tries"]:
                if t["taker"] is None:
                    continue
                state = HandState.deal(deck, dealer, packet, ruleset)
                for b in t["bids"]:
                    state.apply(b)
                assert state.taker is not None and state.contract is not None
                roll = _contract_value(state.view(d["seat"]), list(state.hands), state.taker,
                                       state.contract, state.multiplier)
                out.append((r["index"] % FOLDS, (state.taker - d["seat"]) % 2 == 0,
                            float(roll), float(t["score"][0] - t["score"][1])))
    return out


def fit_gaps(samples: list[GapSample], fold: int | None = None
             ) -> tuple[dict[str, list[float]], dict[str, float]]:
    """The mean realised-minus-rollout gap per side and cell (``contract_model.gap_cell``),
    shrunk towards the side's mean, on the samples outside ``fold``; and the sides' means."""
    side: dict[str, list[float]] = {k: [0, 0.0] for k in SIDES}
    cells: dict[tuple[str, int], list[float]] = {}
    for f, team, roll, real in samples:
        if f == fold:
            continue
        key = SIDES[0] if team else SIDES[1]
        side[key][0] += 1
        side[key][1] += real - roll
        cell = cells.setdefault((key, gap_cell(team, roll)), [0, 0.0])
        cell[0] += 1
        cell[1] += real - roll
    means = {k: total / max(1, n) for k, (n, total) in side.items()}
    gaps = {}
    for k in SIDES:
        row = []
        for c in range(GAP_LO, GAP_HI + 1):
            n, total = cells.get((k, c), (0, 0.0))
            row.append((total + GAP_SHRINK * means[k]) / (n + GAP_SHRINK))
        gaps[k] = row
    return gaps, means


def _ci(xs: list[float]) -> list[float]:
    """The mean and its 95% interval, rounded for the model file."""
    mean, half = mean_half(xs)
    return [round(mean, 2), round(mean - half, 2), round(mean + half, 2)]


def choice_report(decisions: list[Decision], fits: Callable[[int, str], Fit]) -> dict[str, Any]:
    """The worth of choosing the bid the model rates best (``fits(fold, kind)``: the model
    a decision of that fold is judged by), per decision, against the rule of thumb's bid
    and the best bid in hindsight."""
    thumb, hindsight = [], []
    agree = 0
    for dec in decisions:
        vals = {b: 0.0 if b == PASS else predict(fits(dec.fold, kind), x)
                for b, (kind, x, _) in dec.rows.items()}
        pick = max(vals, key=vals.__getitem__)
        rule = dec.rule_of_thumb()
        agree += pick == rule
        thumb.append(dec.values[pick] - dec.values[rule])
        hindsight.append(dec.values[pick] - max(dec.values.values()))
    return {"decisions": len(decisions), "model_minus_rule_of_thumb": _ci(thumb),
            "model_minus_hindsight": _ci(hindsight),
            "same_bid_as_rule_of_thumb": round(agree / len(decisions), 3)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path, help="bench.contract_data's JSONL file")
    ap.add_argument("--prior", type=Path,
                    help="a larger JSONL file (cheaper card play) fitted first: the data's"
                         " fit is then ridge towards it")
    ap.add_argument("--out", type=Path, default=ROOT / "beloz/ai/contract_model.json")
    ap.add_argument("--key", help="the data's settings key (default: the file's first)")
    ns = ap.parse_args(argv)
    t0 = time.process_time()
    deals, decisions = decisions_of(ns.data, ns.key)
    rows = rows_of(decisions)
    ruleset = deals[0]["ruleset"]
    meta: dict[str, Any] = {
        "data": {"deals": len(deals), "decisions": len(decisions), "key": deals[0]["key"],
                 "seed": deals[0]["seed"], "command": deals[0]["command"],
                 "cpu_seconds": round(math.fsum(r["cpu"] for r in deals))}}
    priors: dict[str, Fit | None] = {k: None for k in KINDS}
    if ns.prior:
        p_deals, p_decisions = decisions_of(ns.prior, None)
        p_rows = rows_of(p_decisions)
        p_report: dict[str, Any] = {}
        p_folds: dict[str, dict[int, Fit]] = {}
        for kind in KINDS:
            fit, p_report[kind], p_folds[kind] = fit_kind(p_rows[kind], None)
            priors[kind] = fit
            print(f"prior {kind}: {p_report[kind]}", flush=True)
        p_report["choice"] = choice_report(p_decisions, lambda f, k: p_folds[k][f])
        # The prior alone judged on the data (which it never saw).
        p_report["choice_on_data"] = choice_report(
            decisions, lambda f, k: priors[k] or ([], 0.0))
        print(f"prior's choice, cross-validated on its own records: {p_report['choice']}")
        print(f"prior's choice on the data: {p_report['choice_on_data']}", flush=True)
        meta["prior"] = {"deals": len(p_deals), "decisions": len(p_decisions),
                         "key": p_deals[0]["key"], "seed": p_deals[0]["seed"],
                         "command": p_deals[0]["command"],
                         "cpu_seconds": round(math.fsum(r["cpu"] for r in p_deals)),
                         "cv": p_report}
    report: dict[str, Any] = {}
    final: dict[str, Fit] = {}
    folds: dict[str, dict[int, Fit]] = {}
    for kind in KINDS:
        final[kind], report[kind], folds[kind] = fit_kind(rows[kind], priors[kind])
        print(f"{kind}: {report[kind]}", flush=True)
    report["choice"] = choice_report(decisions, lambda f, k: folds[k][f])
    print(f"model's choice, cross-validated: {report['choice']}", flush=True)
    meta["cv"] = report
    meta["training"] = {"command": "python tools/train_contract_model.py "
                        + " ".join(argv if argv is not None else sys.argv[1:]),
                        "cpu_seconds": round(time.process_time() - t0, 1),
                        "folds": FOLDS, "penalties": list(PENALTIES)}
    samples = gap_samples(deals)
    gaps, side_means = fit_gaps(samples)
    meta["rollout_gap"] = {"hands": len(samples), "mean_by_side": {
        k: round(v, 2) for k, v in side_means.items()}, "shrink": GAP_SHRINK}
    print(f"rollout gap: {meta['rollout_gap']}", flush=True)
    doc = {
        "format": FORMAT,
        "ruleset": ruleset,
        "meta": meta,
        "models": {k: {"features": list(feature_names(k)),
                       "coef": [round(c, 6) for c in final[k][0]],
                       "intercept": round(final[k][1], 6)} for k in KINDS},
        "rollout_gap": {"bin": GAP_BIN, "lo": GAP_LO,
                        **{k: [round(c, 3) for c in gaps[k]] for k in SIDES}},
    }
    parse(doc)  # what is written must load
    ns.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {ns.out} ({ns.out.stat().st_size} bytes, {len(deals)} deals,"
          f" {time.process_time() - t0:.0f} cpu-s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
