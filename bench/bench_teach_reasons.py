"""How the hints answer "why this one and not that one": on positions of seeded self-play
(``bench_explain_truth.decisions``, every legal card and bid), the share of hints whose
first sentence is comparative — a concept of ``beloz.ai.concepts`` naming the best and the
option compared, the sampled deals' contrast, or "your options are about as good" — and,
per concept, how often it decides.  The hints that are not comparative are listed.

Run: ``python -m bench.bench_teach_reasons [positions per ruleset] [seed]`` (40 by
default; ``python -m bench teach_reasons`` runs the same).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from beloz.ai import review
from beloz.ai.explain import sentence
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase, action_code
from bench.bench_explain_truth import decisions

POSITIONS = 40


def survey(name: str, n: int, seed: int) -> tuple[Counter[str], list[str]]:
    """(how each hint's first sentence compares, the non-comparative hints said)."""
    kinds: Counter[str] = Counter()
    plain: list[str] = []
    got = 0
    for i, v in enumerate(decisions(RULESETS[name], 60 * n, seed)):
        if i % 29 or len(v.legal_actions()) < 2:
            continue
        h = review.hint(v)
        if review.is_comparative(h.why):
            about = ("vs.about", "vs.about_wide", "vs.same")
            kinds["about" if h.why.key in about else "concept"] += 1
            kinds[h.why.key] += 1
        elif h.contrast is not None:
            kinds["contrast"] += 1
        else:
            kinds["describes"] += 1
            where = "bid" if v.phase is Phase.BIDDING else f"expedition {len(v.tricks) + 1}"
            values = ", ".join(f"{action_code(o.action)} {o.expected:+.0f}" for o in h.options)
            plain.append(f"{where}: {action_code(h.best)} ({values}): {sentence(h.why, 'en')}")
        got += 1
        if got >= n:
            break
    return kinds, plain


def run(n: int = POSITIONS, seed: int = 2026) -> None:
    for name in RULESETS:
        start = time.perf_counter()
        kinds, plain = survey(name, n, seed)
        total = kinds["concept"] + kinds["about"] + kinds["contrast"] + kinds["describes"]
        compared = total - kinds["describes"]
        print(f"{name}: {total} hints, first sentence comparative in {compared} "
              f"({100 * compared / max(total, 1):.0f}%): concept {kinds['concept']}, "
              f"about as good or the same {kinds['about']}, sampled contrast {kinds['contrast']}; "
              f"describes only {kinds['describes']}  ({time.perf_counter() - start:.0f} s)")
        concepts = sorted((k, c) for k, c in kinds.items() if k.startswith("vs.")
                          and k not in ("vs.about", "vs.about_wide", "vs.same"))
        print("   concepts:", ", ".join(f"{k[3:]} {c}" for k, c in concepts))
        for line in plain:
            print("   describes:", line)


if __name__ == "__main__":
    args = sys.argv[1:]
    run(int(args[0]) if args else POSITIONS, int(args[1]) if len(args) > 1 else 2026)
