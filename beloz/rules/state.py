"""One hand: bidding → play → scored (RULES.md §3–§7).

An OpenSpiel-like API: ``legal_actions``, ``apply``, ``undo``, ``clone``, ``is_terminal``,
``result``; and ``view(seat)``, what one seat may know.

Actions are small ints: a card id 0..31 during play; ``PASS``, ``TAKE`` or
``name_action(plain)`` during bidding.  Whether a seat declares its announcements and its
BeloZ is a standing choice of that seat (``declare_announcements`` / ``declare_beloz``),
acted on when it plays: announcements on its first card, BeloZ on the flooded elephant and
rhino.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from . import announcements as ann_mod
from .announcements import Announcement, AnnouncementResult
from .cards import (
    CARD_POINTS,
    ELEPHANT,
    PLAINS,
    RHINOCEROS,
    card,
    cards_of,
    code,
)
from .ruleset import BELOZ, Ruleset
from .scoring import HandResult, score_hand
from .tricks import Reason, card_key, illegal_reason, legal_mask, legal_mask_at, master_index

PASS = 32
TAKE = 33
_NAME0 = 34  # 34..37: name plain 0..3 in round 2


def name_action(plain: int) -> int:
    return _NAME0 + plain


def action_plain(action: int) -> int | None:
    """The plain a round-2 bid names, else None."""
    return action - _NAME0 if _NAME0 <= action < _NAME0 + 4 else None


def bid_code(action: int) -> str:
    """Record spelling of a bid: "pass", "take", or a plain letter."""
    if action == PASS:
        return "pass"
    if action == TAKE:
        return "take"
    p = action_plain(action)
    if p is None:
        raise ValueError(f"not a bid: {action}")
    return PLAINS[p]


def parse_bid(text: object) -> int:
    if text == "pass":
        return PASS
    if text == "take":
        return TAKE
    if isinstance(text, str) and len(text) == 1 and text in PLAINS:
        return name_action(PLAINS.index(text))
    raise ValueError(f"unknown bid {text!r}")


def action_code(action: int) -> str:
    return code(action) if 0 <= action < 32 else bid_code(action)


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

    def legal_actions(self) -> list[int]:
        """Legal actions for this seat when it is its turn (else empty)."""
        if self.phase is Phase.DONE or self.current != self.seat:
            return []
        if self.phase is Phase.BIDDING:
            return _legal_bids(self.ruleset, self.bids, self.turned)
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


def _four(xs: Sequence[int]) -> tuple[int, int, int, int]:
    return (xs[0], xs[1], xs[2], xs[3])


def _legal_bids(ruleset: Ruleset, bids: Sequence[int], turned: int) -> list[int]:
    if len(bids) < 4:
        return [PASS, TAKE]
    excluded = turned >> 3 if ruleset.second_round_excludes_turned else -1
    return [PASS] + [name_action(p) for p in range(4) if p != excluded]


class _BidUndo(NamedTuple):
    seat: int
    hands: list[int]
    taker: int | None
    trump: int | None


class _PlayUndo(NamedTuple):
    seat: int
    card: int
    leader: int
    trick: list[int]
    master_pos: int
    declared: tuple[tuple[Announcement, ...], ...]
    beloz_said: tuple[int, int, int, int]


class HandState:
    """A hand in progress.  Mutable; ``undo`` reverses ``apply`` exactly."""

    __slots__ = (
        "ruleset",
        "dealer",
        "hands",
        "turned",
        "stock",
        "escrow_in",
        "phase",
        "bids",
        "taker",
        "trump",
        "current",
        "leader",
        "trick",
        "tricks",
        "points",
        "tricks_won",
        "declare_announcements",
        "declare_beloz",
        "combos",
        "declared",
        "beloz_said",
        "beloz_holder",
        "master_pos",
        "_undo",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        dealer: int,
        hands: Sequence[int],
        turned: int,
        stock: Sequence[int] | None,
        escrow_in: int = 0,
    ) -> None:
        """A hand at the start of bidding, in one of two forms:

        - dealt from a pack (what ``HandState.deal`` builds): ``hands`` are the four 5-card
          hands and ``stock`` the 11 cards still to deal, in deal order; taking completes
          the deal from ``stock``;
        - from a hand record: ``stock=None`` and ``hands`` are the four complete 8-card
          hands after the deal, the turned card already in the taker's hand; taking then
          deals nothing.
        """
        self.ruleset = ruleset
        self.dealer = dealer
        self.hands = list(hands)
        self.turned = turned
        self.stock = tuple(stock) if stock is not None else None
        self.escrow_in = escrow_in
        self.phase = Phase.BIDDING
        self.bids: list[int] = []
        self.taker: int | None = None
        self.trump: int | None = None
        self.current = self.next_seat(dealer)
        self.leader = self.current
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.declare_announcements = [True] * 4
        self.declare_beloz = [True] * 4
        self.combos: tuple[tuple[Announcement, ...], ...] = ((), (), (), ())
        self.declared: tuple[tuple[Announcement, ...], ...] = ((), (), (), ())
        self.beloz_said: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.beloz_holder: int | None = None
        self.master_pos = 0  # index in ``trick`` of the master card
        self._undo: list[_BidUndo | _PlayUndo] = []

    # -- construction -------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        deck: Sequence[int],
        dealer: int,
        first_packet: int = 3,
        ruleset: Ruleset = BELOZ,
        escrow_in: int = 0,
    ) -> HandState:
        """Deal a (cut) deck, top card first (RULES.md §3.4): ``first_packet`` (3 or 2) cards
        to each seat from the dealer's right, ending with the dealer, then the other packet;
        the 21st card is turned."""
        if sorted(deck) != list(range(32)):
            raise ValueError("a deck holds each of the 32 cards once")
        if first_packet not in (2, 3):
            raise ValueError("the first packet is 2 or 3 cards")
        hands = [0, 0, 0, 0]
        pos = 0
        for packet in (first_packet, 5 - first_packet):
            seat = dealer
            for _ in range(4):
                seat = (seat + ruleset.direction) % 4
                for c in deck[pos : pos + packet]:
                    hands[seat] |= 1 << c
                pos += packet
        return cls(ruleset, dealer, hands, deck[20], deck[21:], escrow_in)

    def next_seat(self, seat: int) -> int:
        return (seat + self.ruleset.direction) % 4

    def clone(self) -> HandState:
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            setattr(other, name, value)
        return other

    # -- queries ------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase is Phase.DONE

    def legal_actions(self) -> list[int]:
        if self.phase is Phase.PLAY:
            return cards_of(self.legal_mask())
        if self.phase is Phase.BIDDING:
            return _legal_bids(self.ruleset, self.bids, self.turned)
        return []

    def legal_mask(self) -> int:
        """Mask of the cards the current seat may play (0 outside play)."""
        if self.phase is not Phase.PLAY:
            return 0
        assert self.trump is not None
        if not self.trick:
            return self.hands[self.current]
        return legal_mask_at(
            self.hands[self.current], self.trick, self.master_pos, self.trump, self.ruleset
        )

    def why_illegal(self, c: int, seat: int | None = None) -> Reason | None:
        """Why seat (default: the current one) may not play card ``c`` now, or None."""
        if self.phase is not Phase.PLAY:
            return Reason.NOT_PLAYING
        if seat is not None and seat != self.current:
            return Reason.NOT_YOUR_TURN
        assert self.trump is not None
        return illegal_reason(self.hands[self.current], self.trick, self.trump, c, self.ruleset)

    def master(self) -> int | None:
        """The seat currently master of the expedition, or None before its first card."""
        if not self.trick:
            return None
        assert self.trump is not None
        return (self.leader + self.ruleset.direction * master_index(self.trick, self.trump)) % 4

    @property
    def all_passed(self) -> bool:
        return self.phase is Phase.DONE and self.taker is None

    @property
    def announcements_revealed(self) -> bool:
        """Valid announcements are shown during the second expedition."""
        return len(self.tricks) >= 2 or (len(self.tricks) == 1 and bool(self.trick))

    def announcement_result(self) -> AnnouncementResult:
        assert self.trump is not None
        return ann_mod.compare(self.declared, self.trump, self.ruleset, self.next_seat(self.dealer))

    # -- moves --------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        if self.phase is Phase.PLAY:
            self._play(action)
        elif self.phase is Phase.BIDDING:
            self._bid(action)
        else:
            raise ValueError("the hand is over")

    def _bid(self, action: int) -> None:
        if action not in _legal_bids(self.ruleset, self.bids, self.turned):
            raise ValueError(f"illegal bid {action_code(action)} by seat {self.current}")
        self._undo.append(_BidUndo(self.current, list(self.hands), self.taker, self.trump))
        self.bids.append(action)
        seat = self.current
        if action == PASS:
            if len(self.bids) == 8:
                self.phase = Phase.DONE
            else:
                self.current = self.next_seat(seat)
            return
        self.taker = seat
        self.trump = self.turned >> 3 if action == TAKE else action_plain(action)
        if self.stock is not None:
            self._complete_deal(seat)
        self._start_play()

    def _complete_deal(self, taker: int) -> None:
        """RULES.md §3.8: the taker receives the turned card, then, in deal order, 3 cards
        each except the taker, who receives 2."""
        assert self.stock is not None
        self.hands[taker] |= 1 << self.turned
        pos = 0
        seat = self.dealer
        for _ in range(4):
            seat = self.next_seat(seat)
            n = 2 if seat == taker else 3
            for c in self.stock[pos : pos + n]:
                self.hands[seat] |= 1 << c
            pos += n

    def _start_play(self) -> None:
        assert self.trump is not None
        self.phase = Phase.PLAY
        self.current = self.leader = self.next_seat(self.dealer)
        if self.ruleset.announcements:
            self.combos = tuple(ann_mod.best_combination(h) for h in self.hands)
        pair = (1 << card(self.trump, ELEPHANT)) | (1 << card(self.trump, RHINOCEROS))
        self.beloz_holder = next((s for s in range(4) if self.hands[s] & pair == pair), None)

    def _play(self, c: int) -> None:
        trump = self.trump
        assert trump is not None
        seat = self.current
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            legal = legal_mask_at(hand, trick, self.master_pos, trump, self.ruleset)
        else:
            legal = hand
        if not legal >> c & 1:
            reason = illegal_reason(hand, self.trick, trump, c, self.ruleset)
            assert reason is not None
            raise ValueError(f"seat {seat} may not play {code(c)}: {reason.value}")
        undo = (seat, c, self.leader, trick[:], self.master_pos, self.declared, self.beloz_said)
        self._undo.append(_PlayUndo._make(undo))
        if not self.tricks and self.declare_announcements[seat] and self.combos[seat]:
            declared = list(self.declared)
            declared[seat] = self.combos[seat]
            self.declared = tuple(declared)
        if seat == self.beloz_holder and self.declare_beloz[seat] and c in self._beloz_cards():
            said = list(self.beloz_said)
            said[seat] += 1
            self.beloz_said = _four(said)
        self.hands[seat] = hand & ~(1 << c)
        trick.append(c)
        n = len(trick)
        if n == 1:
            self.master_pos = 0
        else:
            lead = trick[0] >> 3
            if card_key(c, lead, trump) > card_key(trick[self.master_pos], lead, trump):
                self.master_pos = n - 1
        if n < 4:
            self.current = (seat + self.ruleset.direction) % 4
            return
        winner = (self.leader + self.ruleset.direction * self.master_pos) % 4
        pts = CARD_POINTS[trump]
        self.points[winner & 1] += pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        self.tricks_won[winner & 1] += 1
        self.tricks.append(Trick(self.leader, tuple(trick), winner))
        self.trick = []
        self.current = self.leader = winner
        if len(self.tricks) == 8:
            self.phase = Phase.DONE

    def _beloz_cards(self) -> tuple[int, int]:
        assert self.trump is not None
        return (card(self.trump, ELEPHANT), card(self.trump, RHINOCEROS))

    def undo(self) -> None:
        """Take back the last action exactly."""
        rec = self._undo.pop()
        if isinstance(rec, _BidUndo):
            self.bids.pop()
            self.current = rec.seat
            self.hands = list(rec.hands)  # records may be shared with clones
            self.taker = rec.taker
            self.trump = rec.trump
            self.phase = Phase.BIDDING
            self.leader = self.next_seat(self.dealer)
            self.combos = ((), (), (), ())
            self.beloz_holder = None
            return
        if len(rec.trick) == 3:
            last = self.tricks.pop()
            assert self.trump is not None
            pts = CARD_POINTS[self.trump]
            self.points[last.winner & 1] -= sum(pts[x] for x in last.cards)
            self.tricks_won[last.winner & 1] -= 1
        self.hands[rec.seat] |= 1 << rec.card
        self.trick = list(rec.trick)
        self.master_pos = rec.master_pos
        self.leader = rec.leader
        self.current = rec.seat
        self.declared = rec.declared
        self.beloz_said = rec.beloz_said
        self.phase = Phase.PLAY

    # -- results ------------------------------------------------------------------------

    def beloz_points(self) -> tuple[int, int]:
        """BeloZ points so far: scored once Re-BeloZ is said (both cards, both declared)."""
        pts = [0, 0]
        for seat, said in enumerate(self.beloz_said):
            if said >= 2:
                pts[seat & 1] += self.ruleset.beloz_points
        return (pts[0], pts[1])

    def result(self) -> HandResult:
        """The scored hand; only for a finished hand with a taker."""
        if self.phase is not Phase.DONE or self.taker is None or self.trump is None:
            raise ValueError("the hand is not finished")
        return score_hand(
            self.ruleset,
            self.taker & 1,
            (self.points[0], self.points[1]),
            self.tricks[-1].winner & 1,
            (self.tricks_won[0], self.tricks_won[1]),
            self.announcement_result(),
            self.beloz_points(),
            self.escrow_in,
        )

    def returns(self) -> tuple[int, int]:
        """The hand's score per team (0, 0 when all passed)."""
        if self.all_passed:
            return (0, 0)
        return self.result().score

    # -- views --------------------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        revealed_team: int | None = None
        cancelled = False
        shown = self.phase is not Phase.BIDDING and self.announcements_revealed
        if shown:
            verdict = self.announcement_result()
            revealed_team, cancelled = verdict.valid_team, verdict.cancelled
        declared = []
        for s in range(4):
            show = s == seat or (revealed_team is not None and s & 1 == revealed_team)
            declared.append(
                tuple(
                    DeclaredInfo(a.kind, a.points, a.mask if show else None)
                    for a in self.declared[s]
                )
            )
        return SeatView(
            seat=seat,
            ruleset=self.ruleset,
            phase=self.phase,
            dealer=self.dealer,
            hand=self.hands[seat],
            hand_sizes=_four([h.bit_count() for h in self.hands]),
            turned=self.turned,
            bids=tuple(self.bids),
            taker=self.taker,
            trump=self.trump,
            current=self.current,
            leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            declared=tuple(declared),
            beloz_said=(
                self.beloz_said[0],
                self.beloz_said[1],
                self.beloz_said[2],
                self.beloz_said[3],
            ),
            escrow_in=self.escrow_in,
            own_announcements=self.combos[seat] if self.phase is not Phase.BIDDING else (),
            announcements_shown=shown,
            valid_team=revealed_team,
            announcements_cancelled=cancelled,
        )
