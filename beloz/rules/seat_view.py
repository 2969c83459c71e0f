"""What one seat may know, and the pieces of a hand it sees (RULES.md §3–§7).

``SeatView`` is a seat's view: its own hand and everything public, never another seat's
hidden cards (revealed announcement cards are public); ``HandState.view(seat)`` builds it.
``Phase``, ``Trick`` and ``DeclaredInfo`` are the pieces it holds.  ``state`` re-exports
every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .announcements import Announcement, AnnouncementResult
from .bidding import legal_bids
from .cards import cards_of
from .contract import Contract
from .ruleset import Ruleset
from .tricks import legal_mask


class Phase(IntEnum):
    BIDDING = 0
    PLAY = 1
    DONE = 2  # scored, or all passed twice (no taker)


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class DeclaredInfo:
    """What the table knows of a seat's declaration: the type is public at once, the
    cards once revealed (valid announcements, during the second expedition)."""

    kind: str
    points: int
    cards: int | None  # mask, when known to the viewer


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know: its own hand and everything public.  Never another seat's
    hidden cards (revealed announcement cards are public)."""

    seat: int
    ruleset: Ruleset
    phase: Phase
    dealer: int
    hand: int
    hand_sizes: tuple[int, int, int, int]
    turned: int
    bids: tuple[int, ...]
    taker: int | None
    trump: int | None
    current: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    declared: tuple[tuple[DeclaredInfo, ...], ...]
    beloz_said: tuple[int, int, int, int]
    escrow_in: int
    own_announcements: tuple[Announcement, ...]
    # Public once the valid announcements are shown (second expedition): which team's
    # announcements count, or None; and whether they were all cancelled by a tie.
    announcements_shown: bool = False
    valid_team: int | None = None
    announcements_cancelled: bool = False
    # The contract once chosen (``trump`` is its card order index) and its multiplier
    # (auction: x2 doubled, x4 redoubled); seed 002's per-category valid announcements.
    contract: Contract | None = None
    multiplier: int = 1
    announcement_result: AnnouncementResult | None = None

    def legal_actions(self) -> list[int]:
        """Legal actions for this seat when it is its turn (else empty)."""
        if self.phase is Phase.DONE or self.current != self.seat:
            return []
        if self.phase is Phase.BIDDING:
            return legal_bids(self.ruleset, self.bids, self.turned, self.dealer)
        assert self.trump is not None
        return cards_of(legal_mask(self.hand, self.trick, self.trump, self.ruleset))

    @property
    def played(self) -> int:
        """Mask of every card played so far."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m
