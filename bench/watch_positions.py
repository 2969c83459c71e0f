"""Computer cards for a teacher to judge: the review's "watch the computer think" panel.

The panel (``practice.duplicate.watch``) must say why the seat played its card, from its
own view, and then, where Expert differs, what Expert would play and why (issue 45, point
5).  This script picks card decisions of computer seats in hands played as the game plays
them (``bench_watch.played_hand``: the person's seat on the rule of thumb, the computer
seats at ``--level``, Standard by default) and prints each as that seat saw it (the
contract, the bids, every expedition, its hand: ``teach_positions.show``) with the card it
played, and nothing of the game's analysis: the teacher writes why that card (or why not)
first.  ``--panel`` then prints what the panel says: the rating, the level's rule, the
sentence for the card played and Expert's sentences, each option's value.

Run: ``python -m bench.watch_positions --per-ruleset 3`` (the positions, a few seconds), then
``python -m bench.watch_positions --per-ruleset 3 --panel`` (with the panel, Expert's
evaluation: a few seconds more).  The picks are seeded: the same command prints the same
positions.  The judged set: tests/fixtures/teach/watch-positions.json.
"""

from __future__ import annotations

import argparse
import random

from beloz.ai.contrast import sentence as contrast_sentence
from beloz.ai.explain import sentence
from beloz.practice import duplicate
from beloz.rules.state import Phase, SeatView, action_code, bare_action
from beloz.ui.game import seat_seed

from .bench_watch import played_hand
from .teach_positions import RULESET_IDS, card_text, show
from .watch_hands import kept


def pick(ruleset: str, seed: int, count: int, level: str
         ) -> list[tuple[str, SeatView, int, str, int]]:
    """``count`` card decisions of computer seats with a real choice (two legal cards or
    more, three cards or more in hand) from the first hands of matches from ``seed`` on,
    seeded: (id, view, card played, the seat's spec, its seed)."""
    found: dict[str, tuple[str, SeatView, int, str, int]] = {}
    for s in range(seed, seed + 4):
        # a kept hand (watch_hands: the judged sets' positions, whatever the computer
        # players now play), else the match played now
        got = kept(RULESET_IDS[ruleset], s, level)
        if got is None:
            flow = played_hand(RULESET_IDS[ruleset], s, level)
            assert flow.last_hand is not None
            got = (*flow.last_hand.history(), flow.seed, dict(flow.player_specs))
        start, actions, match_seed, specs = got
        state = start.clone()
        for n, a in enumerate(actions):
            seat = state.current
            if (seat != 0 and state.phase is Phase.PLAY and len(state.legal_actions()) >= 2
                    and bin(state.hands[seat]).count("1") >= 3):
                tag = f"{ruleset}-{match_seed}-{n}"  # two seeds may find the same match
                found[tag] = (tag, state.view(seat), bare_action(a), specs[seat],
                              seat_seed(match_seed, seat))
            state.apply(a)
    rng = random.Random(seed * 7 + len(ruleset))
    return sorted(rng.sample(sorted(found.values(), key=lambda p: p[0]), count),
                  key=lambda p: p[0])


def panel(view: SeatView, card: int, spec: str, seed: int, language: str = "en") -> str:
    """What the panel says of ``card`` (in ``language``, the seats as the seat sees them)."""
    got = duplicate.watch(view, card)
    verdict = ("its legal cards equivalent, not valued (the screen says so)" if not got.valued
               else "Expert's choice too" if got.best == card
               else "about as good" if got.about_as_good else "Expert differs")
    lines = [f"   panel: {got.label}, {verdict}; Expert's card {action_code(got.best)}; "
             f"level rule: {duplicate.level_rule(view, card, spec, seed)}"]
    if got.contrast is not None:
        lines.append(f"   stake: {contrast_sentence(got.contrast, language, view.ruleset)}")
    for name, why in (("why", got.why), ("then", got.detail), ("Expert", got.expert_why),
                      ("then", got.expert_detail)):
        if why is not None:
            lines.append(f"   {name}: {sentence(why, language, view.ruleset)}")
    if got.expert_contrast is not None:
        said = contrast_sentence(got.expert_contrast, language, view.ruleset)
        lines.append(f"   threshold: {said}")
    lines.append("   values: " + " ".join(f"{action_code(o.action)} {o.expected:+.1f}"
                                          for o in got.options))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=6161)
    ap.add_argument("--per-ruleset", type=int, default=3)
    ap.add_argument("--ruleset", choices=sorted(RULESET_IDS))
    ap.add_argument("--level", default="standard")
    ap.add_argument("--panel", action="store_true")
    ap.add_argument("--language", choices=("en", "fr"), default="en",
                    help="the panel's language (--panel)")
    a = ap.parse_args(argv)
    for rs in [a.ruleset] if a.ruleset else list(RULESET_IDS):
        for tag, v, card, spec, seed in pick(rs, a.seed, a.per_ruleset, a.level):
            hand = " ".join(action_code(c) for c in range(32) if v.hand >> c & 1)
            print(show(v, f"{tag} ({spec}, hand {hand})"))
            print(f"   played: {card_text(card)}")
            if a.panel:
                print(panel(v, card, spec, seed, a.language))
            print()


if __name__ == "__main__":
    main()
