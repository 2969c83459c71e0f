"""Bidding policies judged offline on ``bench.contract_data``'s records, side by side.

``python -m bench.bid_offline /tmp/contract_data.jsonl --prior /tmp/contract_data_heur.jsonl``

Every legal bid of a record was played out (the team's cards by Expert's card play, the
later bids by the rule of thumb), so a policy's choice at a recorded decision is scored
exactly: the hand score its bid led to minus the one the rule of thumb's bid led to, on
the same deal.  The policies:

- ``search``: Expert's bid search alone (``bidsearch.evaluate_bids`` with ``bid_model=0``: its
  sampled deals, each played out by the rule of thumb's card play, ``rollout``);
- ``search + side``: each sampled deal's value plus the mean gap between Expert's
  realised score and the rollout's on the records' own deals, for the side that took (the
  seat's team or the other): Expert plays better cards than the rollout assumes;
- ``search + margin``: that gap by the side and by the rollout's margin for the taker
  (``contract_model.gap_cell``'s 40-point bins, each shrunk towards its side's mean,
  ``train_contract_model.fit_gaps``): a contract the rollout sinks is often made by
  Expert's card play, and the reverse;
- ``model``: the contract-value model (``tools/train_contract_model.py``, with ``--prior``);
- blends: ``w`` of the model's values and ``1 - w`` of the search's (``Level.bid_model``
  is ``w``, with the search corrected by the margin's gap).

What is fitted (the gaps, the model) is cross-validated: a decision is judged by fits on
the other four folds (folds by deal, as the training tool's).  Each line gives the mean
per decision with its 95% interval, against the rule of thumb's bid and against the
search's (paired), and the decisions per hand (a hand's gain is about the product).
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from beloz.ai import bidsearch
from beloz.ai.base import decision_rng
from beloz.ai.contract_model import GAP_LO, KINDS, SIDES, gap_cell
from beloz.ai.levels import LEVELS
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import PASS, HandState
from tools import train_contract_model as trainer

from .contract_data import decision_views, load
from .intervals import interval

FOLDS = trainer.FOLDS


def _deal(args: tuple[dict[str, Any], str]) -> list[dict[str, Any]]:
    """Per decision of a record: the search's candidates, per candidate the sum of its
    deals' values and their tally by (side, cell); each tried bid's real score."""
    row, ruleset_name = args
    ruleset = get_ruleset(ruleset_name)
    # Expert's search alone: the model and the rollout gap are applied here, per policy.
    level = dataclasses.replace(LEVELS["expert"], bid_model=0.0)
    out = []
    for d, view, real, thumb in decision_views(row, ruleset):
        seed = (row["seed"] * 1_000_003 + row["index"] * 4 + d["seat"]) & 0x7FFFFFFF
        bins: list[dict[str, list[float]]] = []

        def tally(i: int, st: HandState, value: int, bins: list[dict[str, list[float]]] = bins,
                  me: int = view.seat) -> None:
            while len(bins) <= i:
                bins.append({})
            if st.taker is None:
                key = "none"
            else:
                team = (st.taker - me) % 2 == 0
                key = f"{SIDES[0] if team else SIDES[1]}|{gap_cell(team, value)}"
            cell = bins[i].setdefault(key, [0, 0.0])
            cell[0] += 1
            cell[1] += value

        got = bidsearch.evaluate_bids(view, decision_rng(seed, view), level, tally=tally)
        out.append({"index": row["index"], "cands": got.cands, "bins": bins, "real": real,
                    "thumb": thumb})
    return out


Gaps = tuple[dict[str, list[float]], dict[str, float]]  # trainer.fit_gaps


def _search_values(d: dict[str, Any], gaps: Gaps | None, by_margin: bool) -> list[float]:
    values = []
    for bins in d["bins"]:
        n = 0
        total = 0.0
        for key, (count, value_sum) in bins.items():
            n += count
            total += value_sum
            if key == "none" or gaps is None:
                continue
            side, cell = key.split("|")
            total += count * (gaps[0][side][int(cell) - GAP_LO] if by_margin else gaps[1][side])
        values.append(total / max(1, n))
    return values


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", type=Path, help="bench.contract_data's JSONL (Expert's card play)")
    ap.add_argument("--prior", type=Path, help="as the training tool's --prior")
    ap.add_argument("--deals", type=int, default=0, help="the first N deals only (0: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ns = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = load(ns.data)
    rows = [r for r in rows if r["key"] == rows[0]["key"]]
    if ns.deals:
        rows = rows[: ns.deals]
    ruleset = rows[0]["ruleset"]
    with multiprocessing.get_context("spawn").Pool(ns.jobs) as pool:
        decisions = [d for out in pool.map(_deal, [(r, ruleset) for r in rows], chunksize=8)
                     for d in out]
    print(f"{len(rows)} deals, {len(decisions)} decisions ({len(decisions) / (2 * len(rows)):.2f}"
          f" a hand), search {time.perf_counter() - t0:.0f} s", flush=True)
    # The model, cross-validated: each fold's fit without it (the training tool's).
    tdecs = [trainer.Decision(r["index"], d) for r in rows for d in r["decisions"]]
    trows = trainer.rows_of(tdecs)
    priors: dict[str, trainer.Fit | None] = {k: None for k in KINDS}
    if ns.prior:
        _, p_decs = trainer.decisions_of(ns.prior, None)
        p_rows = trainer.rows_of(p_decs)
        priors = {k: trainer.fit_kind(p_rows[k], None)[0] for k in KINDS}
    folds = {k: trainer.fit_kind(trows[k], priors[k])[2] for k in KINDS}
    model: list[dict[int, float]] = []
    for dec in tdecs:
        deltas = {b: trainer.predict(folds[kind][dec.fold], x)
                  for b, (kind, x, _) in dec.rows.items()}
        model.append({b: deltas[PASS] + (0.0 if b == PASS else v) for b, v in deltas.items()})
    samples = trainer.gap_samples(rows)
    gaps = {f: trainer.fit_gaps(samples, f) for f in range(FOLDS)}
    print("Expert's realised score minus the rollout's, by the side that took (all deals):"
          f" {', '.join(f'{k} {v:+.1f}' for k, v in trainer.fit_gaps(samples)[1].items())}"
          " (team: the seat's)")

    Policy = Callable[[dict[str, Any], dict[int, float]], int]

    def blend(w: float, gap: str) -> Policy:
        def choose(d: dict[str, Any], m: dict[int, float]) -> int:
            if w >= 1:
                return max(m, key=m.__getitem__)
            if len(d["cands"]) == 1:
                return int(d["cands"][0])
            g = gaps[d["index"] % FOLDS] if gap else None
            search = _search_values(d, g, gap == "margin")
            vals = [(1 - w) * s + w * m[a] for a, s in zip(d["cands"], search, strict=True)]
            return int(d["cands"][max(range(len(vals)), key=vals.__getitem__)])
        return choose

    policies: list[tuple[str, Policy]] = [
        ("search", blend(0, "")), ("search + side", blend(0, "side")),
        ("search + margin", blend(0, "margin")), ("model", blend(1, "")),
        ("0.5 search + 0.5 model", blend(0.5, "")),
        ("0.75 (search + margin) + 0.25 model", blend(0.25, "margin")),
        ("0.5 (search + margin) + 0.5 model", blend(0.5, "margin")),
    ]
    base: list[float] = []
    print(f"{'policy':40s} {'minus the rule of thumb, per decision':40s} minus the search's")
    for name, choose in policies:
        gains = []
        for d, m in zip(decisions, model, strict=True):
            real = d["real"]
            gains.append(real[choose(d, m)] - real[d["thumb"]])
        if not base:
            base = gains
        paired = [a - b for a, b in zip(gains, base, strict=True)]
        vs = interval(paired, 2) if gains is not base else ""
        print(f"{name:40s} {interval(gains, 2):40s} {vs}", flush=True)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
