"""Bidding drills (issue 41, point 3): the person's own bids that broke a rule of the bidding
guide (``beloz.ai.bid_guide``), found again in Practice.

A reviewed bid of the person becomes a drill when

- the guide has a rule for the seat's view (``bid_guide.applies``) and the person's bid was
  not the bid it says;
- the analysis agrees with the rule: the guide's bid is the review's best, or framed about
  as good as it (``framing.about_as_good``, the hint's rule), so that a drill never teaches a
  rule against the game's own hint;
- the person's bid was not itself the best nor about as good: a bid the analysis finds as
  good as the guide's has nothing to teach, and saying it wrong would contradict the hint.

A drill is an own ``Problem`` with its ``rule`` set (the rule's number in the guide): the
same decision, the same answer (``Problem.is_right``: the best or about as good, the
guide's bid among them), and its answer names the rule in the guide's words
(``drill_lines``).  Every count the rule reads is of the seat's own cards, the turned card
and the public bids (``bid_guide``'s contract, tested there): the drill says nothing the
seat did not see.  No pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from beloz.framing import about_as_good
from beloz.i18n import tr_in
from beloz.review_store import Option
from beloz.rules.state import SeatView

if TYPE_CHECKING:
    from beloz.ai.bid_guide import Rule
    from beloz.practice.problem import Problem


def agreed_rule(view: SeatView, best: int, options: Sequence[Option], scale: int = 1
                ) -> Rule | None:
    """The guide's rule at ``view`` when the analysis agrees with it (its bid is ``best``
    or framed about as good as it among ``options``), else None (no rule: not a bid, a
    ruleset without a guide)."""
    from beloz.ai import bid_guide

    rule = bid_guide.applies(view)
    if rule is None:
        return None
    said = bid_guide.guide_bid(view, rule)
    return rule if said == best or said in about_as_good(options, best, scale) else None


def broken_rule(view: SeatView, chosen: int, best: int, options: Sequence[Option],
                scale: int = 1) -> Rule | None:
    """The rule the bid ``chosen`` broke at ``view``, when it makes a drill (the module's
    three conditions), else None."""
    from beloz.ai import bid_guide

    rule = agreed_rule(view, best, options, scale)
    if rule is None or bid_guide.guide_bid(view, rule) == chosen:
        return None
    if chosen == best or chosen in about_as_good(options, best, scale):
        return None
    return rule


def guide_action(problem: Problem) -> int | None:
    """The bid the guide says in a drill (None for any other problem)."""
    from beloz.ai import bid_guide

    rule = drill_rule(problem)
    return None if rule is None else bid_guide.guide_bid(problem.view(), rule)


def drill_rule(problem: Problem) -> Rule | None:
    """A drill's rule (None for any other problem)."""
    from beloz.ai import bid_guide

    if problem.rule is None:
        return None
    rule = bid_guide.applies(problem.view())
    return rule if rule is not None and rule.number == problem.rule else None


def drill_lines(problem: Problem, answer: int, name: Callable[[int], str],
                language: str = "en") -> tuple[str, str]:
    """A drill's verdict and its rule, after the answer ``answer``: "Right! Take is the
    bidding guide's bid here.", "About as good as the guide's bid, Take: …" (another
    option the analysis frames about as good), or "Not the guide's bid: the bidding guide
    says Take."; then "The guide's rule for this hand — Rule 3 (round 1): Take with …".
    ``name`` names a bid as on its button."""
    from beloz.ai import bid_guide

    rule = drill_rule(problem)
    said = guide_action(problem)
    assert rule is not None and said is not None
    if answer == said:
        key = "practice.drill.right"
    elif problem.is_right(answer):
        key = "practice.drill.about_as_good"
    else:
        key = "practice.drill.wrong"
    return (tr_in(language, key, bid=name(said)),
            tr_in(language, "practice.drill.rule", rule=bid_guide.wording(rule, language)))
