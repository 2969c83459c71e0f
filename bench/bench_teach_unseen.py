"""How many hints name a teacher's deciding reason, on positions the teaching had never seen.

``tests/fixtures/teach/unseen-positions.json`` holds the positions (seeded self-play
decisions of the four rulesets, ``bench_explain_truth.decisions(ruleset, 6000, seed)``), each
with the reason a teacher wrote *before* reading the hint: the teacher's card, the costly
mistake to name, and the reason keys that say it.  For each position this prints the hint
(its best card, the option it compares with, its sentences) and whether it names the
teacher's reason: a key among the teacher's (the concept's ``teach.why.*`` key or the sampled
deals' ``threshold``), against the teacher's alternative when one is given.

Run: ``python -m bench.bench_teach_unseen`` (about 10 s); ``python -m bench.bench_teach_unseen en
c`` prints teacher set C (its reasons beside the hints, to read), ``... en d`` set D.  The
tally is a help to the judgement, not a replacement: read the sentences.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from beloz.ai import review
from beloz.rules.cards import parse
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import SeatView

from .bench_explain_truth import decisions

FIXTURE = Path(__file__).resolve().parent.parent / "tests/fixtures/teach/unseen-positions.json"
COUNT = 6000


#: Teacher set C (``bench.teach_positions --seed 5151``): reasons without keys, judged by
#: reading (``teacher-set-c-judged.md``); ``python -m bench.bench_teach_unseen en c`` prints
#: each reason beside the hint.
SET_C = FIXTURE.parent / "teacher-set-c.json"
SHORT = {"beloz": "beloz", "sans": "belote-sans-annonces", "classique": "belote-classique",
         "bulgare": "belot-bulgare"}


def positions(path: Path = FIXTURE) -> list[dict[str, object]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = data["positions"]
    assert isinstance(out, list)
    for p in out:
        p["ruleset"] = SHORT.get(str(p["ruleset"]), p["ruleset"])
    return out


def view_of(p: dict[str, object]) -> SeatView:
    """The position's view, checked against the hand the fixture records."""
    index = p["index"]
    assert isinstance(index, int)
    seed = p.get("seed", 4242)
    assert isinstance(seed, int)
    for i, v in enumerate(decisions(RULESETS[str(p["ruleset"])], COUNT, seed)):
        if i == index:
            hand = sum(1 << parse(c) for c in str(p["hand"]).split())
            assert v.hand == hand, f"{p['id']}: the generator no longer gives this position"
            return v
    raise AssertionError(f"{p['id']}: no decision {index}")


def judge(p: dict[str, object], h: review.Hint) -> tuple[bool, str]:
    """Whether the hint names the teacher's reason, and the key it said first."""
    keys = p["keys"]
    assert isinstance(keys, list)
    said = [h.why.key]
    if h.contrast is not None:
        said.insert(0, h.contrast.key)
    against = p.get("against")
    other_ok = against is None or h.other == parse(str(against))
    named = any(k in keys for k in said[:2]) and (other_ok or "threshold" in said[:1])
    return named, said[0]


def _name(v: SeatView, c: int | None, language: str) -> str:
    return "-" if c is None else review.card_name(c, v.trump, v.hand, language=language)


def run(language: str = "en", which: str = "") -> int:
    if which in ("c", "d"):
        return show_c(language, FIXTURE.parent / f"teacher-set-{which}.json")
    named = 0
    rows = positions()
    for p in rows:
        v = view_of(p)
        h = review.hint(v)
        ok, key = judge(p, h)
        named += ok
        best = h.options[0]
        print(f"{p['id']}: teacher {p['best']} against {p['against']} | hint best "
              f"{_name(v, h.best, language)} ({best.expected:+.0f}), against "
              f"{_name(v, h.other, language)}"
              f" | {'NAMES' if ok else 'misses'} ({key})")
        print("   teacher:", p["reason"])
        for text in review.reason_sentences(h.why, h.contrast, h.detail, language, v.ruleset):
            print("   hint:   ", text)
    print(f"named {named} of {len(rows)}")
    return 0


def show_c(language: str, path: Path = SET_C) -> int:
    """Set C (or D): the teacher's card and reason beside the hint's card, values and
    sentences."""
    for p in positions(path):
        v = view_of(p)
        h = review.hint(v)
        # every option's value, as the cards of the hand show them on the table (the four
        # best alone left out the card the sentence argued against: teacher set AA's judge)
        values = " ".join(f"{review.card_name(o.action, v.trump, v.hand, 'name', language)} "
                          f"{o.expected:+.0f}" for o in h.options)
        spread = review.shown_spread(h.spread, review.score_scale(v.ruleset)) if h.valued else None
        if spread:
            values += f" ({spread})"
        print(f"{p['id']}: teacher {p['best']} against {p['against']} | hint best "
              f"{_name(v, h.best, language)}, against {_name(v, h.other, language)} | {values}")
        print("   teacher:", p["reason"])
        for text in review.reason_sentences(h.why, h.contrast, h.detail, language, v.ruleset):
            print("   hint:   ", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(run(*(sys.argv[1:3] or ["en"])))
