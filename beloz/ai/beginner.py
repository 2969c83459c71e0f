"""The Beginner: the heuristic's play with the mistakes learners make, at set rates.

A learner should beat it, so it is not random: most of its cards are the heuristic's, and
its mistakes are the ones people make at the table (each one drawn from
``decision_rng``, so the same seed and view give the same decision):

- **takes on weak hands**: it bids with a lower point count than the heuristic;
- **forgets to draw the flooded cards**: when its team took and it could draw trumps, it
  often leads its side plains instead;
- **plays its points too early**: it leads lions and leopards that are not masters yet,
  and throws points on tricks the opponents win;
- **misses its partner**: it does not see that its partner is winning the trick (it
  overtakes the partner, or keeps its points instead of giving them), nor that the
  partner is void in a plain (it leads cheap cards there rather than its masters).

Everything comes from the seat's view: the same inputs the heuristic uses.
"""

from __future__ import annotations

import random

from beloz.rules.cards import plain_of, team_of
from beloz.rules.ruleset import Bidding
from beloz.rules.state import PASS, Phase, SeatView
from beloz.rules.tricks import master_index

from .base import decision_rng
from .heuristic import ALL, auction_bid, heuristic_bid, view_card
from .tables import ABOVE, KEY, PTS, TRUMPS

# Bidding threshold (the heuristic takes at 8.5): weak hands are taken.
BID_THRESHOLD = 7.0
AUCTION_MARGIN = -1.2  # the same in the auction: calls short of the count
# Chance of each mistake when the situation for it arises.
FORGET_TRUMPS = 0.7
POINTS_EARLY = 0.45
MISS_PARTNER = 0.6


def _richest(cards: list[int], trump: int) -> int:
    """The card with the most points (the strongest on ties)."""
    return max(cards, key=lambda c: (PTS[trump][c], KEY[trump][c], -c))


class BeginnerPlayer:
    """The heuristic with a learner's mistakes (see the module's docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def bid(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if view.ruleset.bidding is Bidding.AUCTION:
            return auction_bid(view.hand, view.ruleset, view.bids, view.dealer, AUCTION_MARGIN)
        excluded = -1
        if len(view.bids) >= 4 and view.ruleset.second_round_excludes_turned:
            excluded = plain_of(view.turned)
        b = heuristic_bid(
            view.hand, view.turned, view.bids, view.seat, view.dealer, excluded, BID_THRESHOLD
        )
        return b if b in legal else PASS

    def declare(self, view: SeatView) -> tuple[bool, bool]:
        return (True, True)

    def play(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert view.phase is Phase.PLAY and view.trump is not None and view.taker is not None
        rng = decision_rng(self.seed, view)
        card = self._mistake(view, legal, rng)
        return card if card is not None else view_card(view)

    def _mistake(self, view: SeatView, legal: list[int], rng: random.Random) -> int | None:
        """A learner's card, or None to play the heuristic's."""
        assert view.trump is not None and view.taker is not None
        trump = view.trump
        tmask = TRUMPS[trump]
        out = ALL & ~view.played & ~view.hand
        dry = [c for c in legal if plain_of(c) != trump]
        if not view.trick:
            takers = team_of(view.taker) == team_of(view.seat)
            if takers and view.hand & tmask and out & tmask and dry:
                if rng.random() < FORGET_TRUMPS:
                    # Leads a side plain: its points if it has some, else anything.
                    rich = [c for c in dry if PTS[trump][c] >= 10]
                    return _richest(rich, trump) if rich else rng.choice(dry)
                return None
            rich = [c for c in dry if PTS[trump][c] >= 10 and out & ABOVE[trump][c]]
            if rich and rng.random() < POINTS_EARLY:
                return _richest(rich, trump)  # a lion or leopard that is not master yet
            return None
        m = master_index(view.trick, trump)
        partner_master = len(view.trick) - m == 2
        master = view.trick[m]
        above = ABOVE[trump][master]
        lead = plain_of(view.trick[0])
        winners = [
            c for c in legal
            if above >> c & 1 or (plain_of(c) == trump and plain_of(master) != trump)
        ]
        if partner_master:
            if rng.random() >= MISS_PARTNER:
                return None
            if winners:
                return max(winners, key=lambda c: KEY[trump][c])  # takes the trick over
            return min(legal, key=lambda c: (PTS[trump][c], KEY[trump][c]))  # keeps its points
        if winners:
            return None
        # It cannot win the trick: throws its points away.
        if rng.random() < POINTS_EARLY:
            givers = [c for c in legal if plain_of(c) != trump or plain_of(c) == lead]
            return _richest(givers or legal, trump)
        return None


__all__ = ["BID_THRESHOLD", "BeginnerPlayer"]
