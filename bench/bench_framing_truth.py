"""One story for the numbers (issue 45, point 6): at every decision of fast heuristic
self-play (``bench_explain_truth.decisions``: random bids and cards mixed in), the hint's
numbers and its "about as good" are checked against what the screen shows, and so is the
practice answer made of the same decision (``Problem.at``).

- every value shown comes with its ± (``framing.spread``, ``shown_spread``) whenever an
  option below the best's value has a noise measured, and no "±0" is ever written;
- "about as good" only for options whose *shown* value is within the *shown* ± of the
  best's, and monotone: an option framed means every option shown higher is framed too;
  each option framed is within its own noise too (to the rounding of the values shown);
- no made-up zeros: options valued only when the evaluation ran (``review.card_valuation``:
  not every legal card equivalent, some deals evaluated); options not valued are never
  framed, never given a ±, never said "about as good" ("vs.about"), no contrast;
- the gold line and the frames name the same cards: the reason is about the best option
  (its first card), "your N options are about as good" only when all N are framed, the
  option it compares with is one shown, and a points-only reason ("risks N points
  fewer") never against an option framed about as good;
- the practice answer frames the same options as the hint, and "right" is exactly the
  best or an option framed.

Run: ``python -m bench.bench_framing_truth [decisions per ruleset] [seed] [--tiny]``
(10,000 by default, every ruleset, with the hint's own evaluation; ``--tiny``: a small
evaluation, the framing rules unchanged, for a quick run; ``python -m bench framing_truth``
runs 1,000).  ``tests/test_framing_truth.py`` runs a smaller count.
"""

from __future__ import annotations

import dataclasses
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from beloz import framing
from beloz.ai import review
from beloz.ai.comparison import POINTS_ONLY
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.levels import Level
from beloz.practice.problem import Problem
from beloz.review_store import Option, score_scale
from beloz.rules.ruleset import RULESETS, Ruleset
from beloz.rules.state import HandState, Phase

DECISIONS = 10_000
#: A small evaluation (``--tiny``): the values are rougher, the framing rules the same.
TINY = Level("tiny", samples=12, min_samples=8, work_budget=6_000, time_cap=30.0,
             endgame_tricks=2, early_stop=True, bid_samples=12, bid_time_cap=30.0)
_ZERO = re.compile(r"±0([.,]0*)?$")


def decisions(ruleset: Ruleset, n: int, seed: int) -> Iterator[HandState]:
    """``n`` states at a seat's decision with more than one legal option, from hands of
    heuristic self-play: a third of the bids and a fifth of the cards chosen at random
    (as ``bench_explain_truth.decisions``)."""
    rng = random.Random(seed)
    player = HeuristicPlayer()
    done = 0
    while done < n:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), ruleset)
        while not st.is_terminal() and done < n:
            v = st.view(st.current)
            legal = v.legal_actions()
            if len(legal) > 1:
                yield st.clone()
                done += 1
            bidding = st.phase is Phase.BIDDING
            if rng.random() < (0.35 if bidding else 0.2):
                a = rng.choice(legal)
            else:
                a = player.bid(v) if bidding else player.play(v)
            st.apply(a)


def check_framing(options: tuple[Option, ...], best: int, about: tuple[int, ...],
                  noise: float | None, scale: int, valued: bool) -> list[str]:
    """What is wrong with options framed ``about`` and shown with the ± of ``noise``."""
    wrong = []
    if not valued:
        if about:
            wrong.append("options not valued, framed")
        if noise is not None:
            wrong.append("options not valued, given a ±")
        return wrong
    shown = {o.action: float(framing.shown_points(o.expected, scale, language="en"))
             for o in options}
    text = framing.shown_spread(noise, scale, "en")
    for language in ("en", "fr"):
        said = framing.shown_spread(noise, scale, language)
        if said is not None and _ZERO.search(said):
            wrong.append(f"±0 written ({said})")
    top, value = shown[best], next(o.expected for o in options if o.action == best)
    measured = [o.noise for o in options
                if round(o.expected, 2) < round(value, 2) and 0 < round(o.noise, 2) < float("inf")]
    if measured and text is None and framing.shown_spread(min(measured), scale) is not None:
        wrong.append("values shown without their ±")
    limit = 0.0 if text is None else float(text[1:])
    framed = {best, *about}
    for o in options:
        if o.action in about and top - shown[o.action] > limit + 1e-9:
            wrong.append(f"framed beyond the ± shown: {top} and {shown[o.action]}, {text}")
        if o.action not in framed and any(shown[o.action] >= shown[a] for a in about):
            wrong.append(f"not monotone: {shown[o.action]} left out, "
                         f"{sorted(shown[a] for a in about)} framed")
        # within its own noise too, as the screen rounds them (the ± can only be smaller)
        own = round(round(o.noise, 2) / scale, 0 if scale == 1 else 1)
        if (o.action in about and 0 < o.noise < float("inf")
                and top - shown[o.action] > own + 1e-9):
            wrong.append(f"framed beyond its own noise: {top} and {shown[o.action]}, "
                         f"±{own} of its own")
    return wrong


def check_hint(st: HandState, h: review.Hint) -> list[str]:
    """What is wrong with the hint ``h`` at ``st``'s decision (see the module's list)."""
    view = st.view(st.current)
    scale = score_scale(view.ruleset)
    wrong = check_framing(h.options, h.best, h.about, h.spread, scale, h.valued)
    if h.kind == "card":
        computed = not review.all_equivalent(view)
        if h.valued and not computed:
            wrong.append("equivalent cards valued")
        if h.valued and len(h.options) > 1 and all(o.expected == 0 for o in h.options):
            # every value 0: true only if the deals were evaluated and all came out 0
            got = review.evaluate_cards(view, review.decision_rng(review.SEED, view),
                                        review.LEVEL)
            if not got.means or any(m != 0 for m in got.means):
                wrong.append("made-up zeros: every value 0")
    if not h.valued:
        if h.why.key in ("vs.about", "vs.about_wide"):
            wrong.append("options not valued blamed on noise (vs.about)")
        if h.contrast is not None:
            wrong.append("options not valued contrasted")
    shown = {o.action for o in h.options}
    if h.why.key in ("vs.about", "vs.about_wide") and (h.why.count != len(h.options)
                                    or len(h.about) + 1 != len(h.options)):
        wrong.append(f"'your {h.why.count} options are about as good' with "
                     f"{len(h.about) + 1} of {len(h.options)} framed")
    if h.kind == "card" and h.why.cards and h.why.cards[0] != h.best:
        wrong.append("the reason is not about the best card")
    if h.other is not None:
        if h.other not in shown:
            wrong.append("compared with an option not shown")
        elif h.other in h.about and h.why.key in POINTS_ONLY:
            wrong.append(f"'{h.why.key}' against an option framed about as good")
    if h.contrast is not None and (h.contrast.best != h.best or h.contrast.other not in shown):
        wrong.append("the contrast compares other options")
    return wrong


def check_practice(st: HandState, h: review.Hint) -> list[str]:
    """The practice answer made of the decision frames as the hint does."""
    if not h.valued:
        return []
    p = Problem.at(st, h.best, h.options, source="builtin")
    wrong = check_framing(p.options, p.best, p.framed(), framing.spread(
        p.options, p.best, p.scale), p.scale, True)
    if set(p.framed()) != set(h.about):
        wrong.append(f"practice frames {sorted(p.framed())}, the hint {sorted(h.about)}")
    right = {o.action for o in p.options if p.is_right(o.action)}
    if right != {p.best, *p.framed()}:
        wrong.append("practice's right answers are not the options framed")
    return wrong


@dataclass
class Tally:
    decisions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    framed: int = 0  # hints with an option framed about as good
    spread: int = 0  # hints with a ± shown
    not_valued: int = 0
    wrong: list[str] = field(default_factory=list)


def verify(ruleset: Ruleset, n: int, seed: int) -> Tally:
    """Check the hint and the practice answer of ``n`` decisions (``review.LEVEL`` as it
    is: the tests and ``--tiny`` set a smaller one)."""
    tally = Tally()
    for st in decisions(ruleset, n, seed):
        h = review.hint(st.view(st.current))
        tally.decisions += 1
        tally.kinds[h.kind] += 1
        tally.framed += bool(h.about)
        tally.spread += framing.shown_spread(h.spread, score_scale(ruleset)) is not None
        tally.not_valued += not h.valued
        for problem in check_hint(st, h) + check_practice(st, h):
            tally.wrong.append(f"{ruleset.name} {h.kind} {len(st.history()[1])}: {problem}")
    return tally


def run(n: int = 1_000, seed: int = 1, tiny: bool = False) -> int:
    """``python -m bench framing_truth``: 1,000 decisions per ruleset (the command line:
    ``DECISIONS``)."""
    if tiny:
        review.LEVEL = dataclasses.replace(TINY, name="analysis")
    bad = 0
    for name, rules in RULESETS.items():
        start = time.perf_counter()
        t = verify(rules, n, seed)
        print(f"{name}: {t.decisions} decisions ({dict(sorted(t.kinds.items()))}), "
              f"{t.spread} with a ±, {t.framed} with an option about as good, "
              f"{t.not_valued} not valued; {len(t.wrong)} wrong; "
              f"{time.perf_counter() - start:.1f} s")
        for line in t.wrong[:10]:
            print("   WRONG", line)
        bad += len(t.wrong)
    return 1 if bad else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    raise SystemExit(run(int(args[0]) if args else DECISIONS,
                         int(args[1]) if len(args) > 1 else 1, "--tiny" in sys.argv))
