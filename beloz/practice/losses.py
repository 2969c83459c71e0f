"""The points a player lost at each of its own decisions of a reviewed hand, by skill.

The Progress screen and the levels' scale (``bench/level_losses.py``) both count losses
this one way, so that a person's average is comparable with a computer level's:

- each decision of the reviewed seat the review rated (bids and cards);
- **forced decisions do not count** (a single legal option is no decision: counting them
  would pull every average toward 0 by how often a hand leaves no choice, which has
  nothing to do with how one plays);
- the loss is ``Rating.lost``: the points of margin lost against the best option, 0 when
  within the estimate's noise (as ``review.label_for`` counts it: "about as good");
- its skill is ``problem.skill_of`` (the view at the decision and the best option).

``exclude`` leaves out decisions by their number in the hand (the person followed a hint
there: not a decision of their own).  No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from beloz.practice.problem import skill_of
from beloz.review_store import Review
from beloz.rules.state import HandState, bare_action


@dataclass(frozen=True, slots=True)
class Loss:
    """One counted decision: its number in the hand, its skill, the points lost (≥ 0)."""

    number: int
    skill: str
    lost: float


def decision_losses(final: HandState, review: Review, exclude: Iterable[int] = ()
                    ) -> list[Loss]:
    """The counted decisions of the reviewed seat in ``final`` (the hand played to its
    end, ``KeptHand.hand``), in the order played.  A review that does not belong to the
    hand (a rating of another seat's turn, or of another action) gives nothing."""
    skip = set(exclude)
    start, actions = final.history()
    rated = {r.number: r for r in review.ratings}
    if any(not 0 <= n < len(actions) for n in rated):
        return []
    out = []
    state = start
    for number, action in enumerate(actions):
        r = rated.get(number)
        if r is not None:
            if state.current != review.seat or r.chosen != bare_action(action):
                return []
            if not r.forced and number not in skip:
                out.append(Loss(number, skill_of(state.view(review.seat), r.best), r.lost))
        state.apply(action)
    return out
