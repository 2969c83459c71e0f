"""One hand: bidding → play → scored (RULES.md §3–§7, §9).

An OpenSpiel-like API: ``legal_actions``, ``apply``, ``undo``, ``clone``, ``is_terminal``,
``result``; and ``view(seat)``, what one seat may know.

Actions are small ints: a card id 0..31 during play; during bidding ``PASS``, ``TAKE`` or
``name_action(plain)`` (the turned-card protocol), or ``PASS``, ``contract_action(c)``
(``name_action(plain)`` for a trump contract, ``NO_TRUMPS_CALL``, ``ALL_TRUMPS_CALL``),
``DOUBLE`` and ``REDOUBLE`` (the auction); ``action_code`` spells any of them as a record
does.  Whether a seat declares is part of the card it plays (``card_action``): a bare card
declares what it may (its announcements on the seat's first card, its belot on the
elephant or rhino of a belot plain); ``QUIET_ANNOUNCEMENTS`` / ``QUIET_BELOT`` added to it
keep them quiet.  So the hand's history is its deal and its actions (``history``).

The contract (``contract``: a trump plain, no-trumps or all-trumps) decides the card order;
``trump`` is its order index (the flooded plain 0..3, ``NO_TRUMPS`` or ``ALL_TRUMPS``), the
index every table of ``cards`` and ``tricks`` takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import announcements as ann_mod
from .actions import (
    _CARD,
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_CARD,
    NO_TRUMPS_CALL,
    PASS,
    QUIET_ANNOUNCEMENTS,
    QUIET_BELOT,
    REDOUBLE,
    TAKE,
    action_code,
    action_contract,
    action_plain,
    bare_action,
    bid_code,
    contract_action,
    name_action,
    parse_bid,
    parse_play,
)
from .announcements import Announcement, AnnouncementResult
from .bidding import Auction, _legal_bids, _legal_calls, auction, legal_bids
from .cards import (
    CARD_POINTS,
    ELEPHANT,
    RHINOCEROS,
    card,
    cards_of,
    code,
)
from .contract import Contract, trump_contract
from .ruleset import BELOZ, BelotCondition, Bidding, Ruleset
from .scoring import HandResult, score_hand
from .seat_view import DeclaredInfo, Phase, SeatView, Trick
from .tricks import KEYS, Reason, illegal_reason, legal_mask_at, master_index

# The elephant and rhino of each plain: a belot (BeloZ) when one hand holds both.
_BELOT_PAIRS = tuple((1 << card(p, ELEPHANT)) | (1 << card(p, RHINOCEROS)) for p in range(4))


def deal_packets(ruleset: Ruleset, first_packet: int = 3) -> tuple[int, ...]:
    """The packets of the first deal: the ruleset's, or BeloZ's dealer's choice 3-2 / 2-3."""
    if ruleset.packet_choice and len(ruleset.deal_packets) == 2:
        return (first_packet, ruleset.dealt_before_bidding - first_packet)
    return ruleset.deal_packets


def _four(xs: Sequence[int]) -> tuple[int, int, int, int]:
    return (xs[0], xs[1], xs[2], xs[3])


class _BidUndo(NamedTuple):
    seat: int
    hands: list[int]
    taker: int | None
    trump: int | None
    contract: Contract | None
    multiplier: int
    phase: Phase


class _PlayUndo(NamedTuple):
    seat: int
    card: int
    leader: int
    trick: list[int]
    master_pos: int
    declared: tuple[tuple[Announcement, ...], ...]
    beloz_said: tuple[int, int, int, int]
    belot_cards: int
    belot_said: int
    quiet_announcements: int
    quiet_belot: int


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
        "quiet_announcements",
        "quiet_belot",
        "combos",
        "declared",
        "beloz_said",
        "beloz_holder",
        "master_pos",
        "contract",
        "multiplier",
        "belot_pairs",
        "belot_cards",
        "belot_said",
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
          hands and ``stock`` the 11 cards still to deal (12 in an auction, where
          ``turned`` is ``NO_CARD``), in deal order; taking completes the deal from
          ``stock``;
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
        # What the plays so far kept quiet (their ``QUIET_*`` flags): the seats that did not
        # declare their announcements (a bit per seat), the belot cards not said (per card).
        self.quiet_announcements = 0
        self.quiet_belot = 0
        self.combos: tuple[tuple[Announcement, ...], ...] = ((), (), (), ())
        self.declared: tuple[tuple[Announcement, ...], ...] = ((), (), (), ())
        self.beloz_said: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.beloz_holder: int | None = None
        self.master_pos = 0  # index in ``trick`` of the master card
        self.contract: Contract | None = None
        self.multiplier = 1
        # Belots (BeloZ): each (holder, mask of the pair) held at the start of play; the
        # cards of pairs still able to score; the cards said so far.
        self.belot_pairs: tuple[tuple[int, int], ...] = ()
        self.belot_cards = 0
        self.belot_said = 0
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
        """Deal a (cut) deck, top card first (RULES.md §3.4, §9): the ruleset's packets (BeloZ:
        ``first_packet`` (3 or 2) cards, then the other packet) to each seat from the one
        after the dealer, ending with the dealer; then the 21st card is turned (not in an
        auction)."""
        if sorted(deck) != list(range(32)):
            raise ValueError("a deck holds each of the 32 cards once")
        if first_packet not in (2, 3):
            raise ValueError("the first packet is 2 or 3 cards")
        hands = [0, 0, 0, 0]
        pos = 0
        for packet in deal_packets(ruleset, first_packet):
            seat = dealer
            for _ in range(4):
                seat = (seat + ruleset.direction) % 4
                for c in deck[pos : pos + packet]:
                    hands[seat] |= 1 << c
                pos += packet
        if ruleset.bidding is Bidding.AUCTION:
            return cls(ruleset, dealer, hands, NO_CARD, deck[pos:], escrow_in)
        return cls(ruleset, dealer, hands, deck[pos], deck[pos + 1 :], escrow_in)

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
            return legal_bids(self.ruleset, self.bids, self.turned, self.dealer)
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

    def card_action(self, c: int, announce: bool = True, belot: bool = True) -> int:
        """The action of the current seat playing card ``c``, declaring its announcements
        (``announce``, on its first card) and its belot (``belot``, on a belot card) or
        keeping them quiet; a flag is kept only where the card decides it."""
        action = c
        if not announce and not self.tricks and self.combos[self.current]:
            action |= QUIET_ANNOUNCEMENTS
        if not belot and self.belot_cards >> c & 1:
            action |= QUIET_BELOT
        return action

    def apply(self, action: int) -> None:
        if self.phase is Phase.PLAY:
            self._play(action)
        elif self.phase is Phase.BIDDING:
            self._bid(action)
        else:
            raise ValueError("the hand is over")

    def _bid(self, action: int) -> None:
        if self.ruleset.bidding is Bidding.AUCTION:
            legal = _legal_calls(self.ruleset, self.bids, self.dealer)
        else:
            legal = _legal_bids(self.ruleset, self.bids, self.turned)
        if action not in legal:
            raise ValueError(f"illegal bid {action_code(action)} by seat {self.current}")
        undo = _BidUndo(
            self.current,
            list(self.hands),
            self.taker,
            self.trump,
            self.contract,
            self.multiplier,
            self.phase,
        )
        self._undo.append(undo)
        self.bids.append(action)
        seat = self.current
        if self.ruleset.bidding is Bidding.AUCTION:
            self._call(seat, action)
            return
        if action == PASS:
            if len(self.bids) == 8:
                self.phase = Phase.DONE
            else:
                self.current = self.next_seat(seat)
            return
        self.taker = seat
        p = self.turned >> 3 if action == TAKE else action_plain(action)
        assert p is not None
        self.contract = trump_contract(p)
        self.trump = p
        if self.stock is not None:
            self._complete_deal(seat)
        self._start_play()

    def _call(self, seat: int, action: int) -> None:
        """An auction call (RULES.md §9.3): the contract and its multiplier follow the
        calls; three passes after a call end the auction, four opening passes end the hand."""
        a = auction(self.ruleset, self.bids, self.dealer)
        self.contract, self.multiplier = a.contract, a.multiplier
        self.taker = a.bidder
        self.trump = a.contract.order if a.contract is not None else None
        if not a.over:
            self.current = self.next_seat(seat)
        elif a.contract is None:
            self.phase = Phase.DONE
        else:
            if self.stock is not None:
                self._complete_deal(None)
            self._start_play()

    def _complete_deal(self, taker: int | None) -> None:
        """RULES.md §3.8: the taker receives the turned card, then, in deal order, 3 cards
        each except the taker, who receives 2.  After an auction (no turned card, ``taker``
        None): 3 cards each."""
        assert self.stock is not None
        if taker is not None:
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
        assert self.trump is not None and self.contract is not None
        self.phase = Phase.PLAY
        self.current = self.leader = self.next_seat(self.dealer)
        if self.ruleset.announcements and self.contract.kind.announcements:
            self.combos = tuple(ann_mod.best_combination(h) for h in self.hands)
        pairs = []
        hands = self.hands
        for p in self.contract.belot_plains:
            pair = _BELOT_PAIRS[p]
            for s in range(4):
                if hands[s] & pair == pair:
                    pairs.append((s, pair))
                    self.belot_cards |= pair
        self.belot_pairs = tuple(pairs)
        self.beloz_holder = None
        if self.contract.plain is not None and pairs:
            self.beloz_holder = pairs[0][0]

    def _play(self, action: int) -> None:
        c = action & _CARD
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
        undo = (
            seat,
            c,
            self.leader,
            trick[:],
            self.master_pos,
            self.declared,
            self.beloz_said,
            self.belot_cards,
            self.belot_said,
            self.quiet_announcements,
            self.quiet_belot,
        )
        self._undo.append(_PlayUndo._make(undo))
        if not self.tricks and self.combos[seat]:
            if action & QUIET_ANNOUNCEMENTS:
                self.quiet_announcements |= 1 << seat
            else:
                declared = list(self.declared)
                declared[seat] = self.combos[seat]
                self.declared = tuple(declared)
        if self.belot_cards >> c & 1:
            if action & QUIET_BELOT:
                self.quiet_belot |= 1 << c
            else:
                self._say_belot(seat, c)
        self.hands[seat] = hand & ~(1 << c)
        trick.append(c)
        n = len(trick)
        if n == 1:
            self.master_pos = 0
        else:
            # Only a card of the flooded or the led plain can take the lead (the master
            # card always is one of them): compare their strengths in the card order.
            p = c >> 3
            if p == trump or p == trick[0] >> 3:
                key = KEYS[trump]
                if key[c] > key[trick[self.master_pos]]:
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

    def belot_discard(self, c: int) -> bool:
        """Whether declaring belot card ``c`` now would lose its pair instead (seed 002: the
        first card of the pair said is neither led, nor of the led plain, nor a trump)."""
        pair = next(m for _, m in self.belot_pairs if m >> c & 1)
        return bool(
            self.ruleset.belot_condition is BelotCondition.FIRST_CARD
            and not self.belot_said & pair
            and self.trick
            and c >> 3 != self.trick[0] >> 3
            and c >> 3 != self.trump
        )

    def _say_belot(self, seat: int, c: int) -> None:
        """The holder of a belot pair plays one of its cards, declaring.  Seed 002: the
        belot is declared with the first of the two and only counts if that card is led,
        follows the led plain, or is a trump (RULES.md §10.1: in all-trumps it is lost when
        discarded on another plain's lead)."""
        pair = next(m for _, m in self.belot_pairs if m >> c & 1)
        if self.belot_discard(c):
            self.belot_cards &= ~pair
            return
        self.belot_said |= 1 << c
        said = list(self.beloz_said)
        said[seat] += 1
        self.beloz_said = _four(said)

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
            self.contract = rec.contract
            self.multiplier = rec.multiplier
            self.phase = rec.phase
            self.leader = self.next_seat(self.dealer)
            self.combos = ((), (), (), ())
            self.beloz_holder = None
            self.belot_pairs = ()
            self.belot_cards = self.belot_said = 0
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
        self.belot_cards = rec.belot_cards
        self.belot_said = rec.belot_said
        self.quiet_announcements = rec.quiet_announcements
        self.quiet_belot = rec.quiet_belot
        self.phase = Phase.PLAY

    # -- history (as python-chess's move stack) ---------------------------------------------

    def plays(self) -> list[tuple[int, int]]:
        """Every card played so far, in play order, as (seat, card)."""
        d = self.ruleset.direction
        out = [((t.leader + d * i) % 4, c) for t in self.tricks for i, c in enumerate(t.cards)]
        out += [((self.leader + d * i) % 4, c) for i, c in enumerate(self.trick)]
        return out

    def actions(self) -> list[int]:
        """The actions applied since the deal, in order: the bids, then the cards, each with
        the ``QUIET_*`` flags it was played with."""
        out = list(self.bids)
        for i, (seat, c) in enumerate(self.plays()):
            action = c
            if i < 4 and self.quiet_announcements >> seat & 1:
                action |= QUIET_ANNOUNCEMENTS
            if self.quiet_belot >> c & 1:  # the bare card: a first card may carry both flags
                action |= QUIET_BELOT
            out.append(action)
        return out

    def at_deal(self) -> HandState:
        """A copy of the hand as it was dealt, before any action (each one taken back)."""
        state = self.clone()
        for _ in range(len(state.bids) + len(self.plays())):
            state.undo()
        return state

    def history(self) -> tuple[HandState, list[int]]:
        """The hand at the deal and the actions since: replaying them on the first gives this
        hand, what each seat declared included."""
        return self.at_deal(), self.actions()

    # -- results ------------------------------------------------------------------------

    def beloz_points(self) -> tuple[int, int]:
        """BeloZ (belot) points so far: scored once Re-BeloZ is said (both cards, both
        declared); seed 002: once the first card is declared."""
        need = 2 if self.ruleset.belot_condition is BelotCondition.BOTH_SAID else 1
        pts = [0, 0]
        for seat, pair in self.belot_pairs:
            if (self.belot_said & pair).bit_count() >= need:
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
            self.contract,
            self.multiplier,
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
        verdict: AnnouncementResult | None = None
        if shown:
            verdict = self.announcement_result()
            revealed_team, cancelled = verdict.valid_team, verdict.cancelled
        declared = []
        for s in range(4):
            declared.append(
                tuple(
                    DeclaredInfo(
                        a.kind,
                        a.points,
                        a.mask
                        if s == seat or (verdict is not None and verdict.counts(s & 1, a))
                        else None,
                    )
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
            contract=self.contract,
            multiplier=self.multiplier,
            announcement_result=verdict,
        )


# The action codes and the legal bids live in ``actions`` and ``bidding``; every module
# imports them from here, the engine's one entry point.
__all__ = [
    "ALL_TRUMPS_CALL",
    "Auction",
    "DOUBLE",
    "DeclaredInfo",
    "HandState",
    "NO_CARD",
    "NO_TRUMPS_CALL",
    "PASS",
    "Phase",
    "QUIET_ANNOUNCEMENTS",
    "QUIET_BELOT",
    "REDOUBLE",
    "SeatView",
    "TAKE",
    "Trick",
    "action_code",
    "action_contract",
    "action_plain",
    "auction",
    "bare_action",
    "bid_code",
    "contract_action",
    "deal_packets",
    "legal_bids",
    "name_action",
    "parse_bid",
    "parse_play",
]
