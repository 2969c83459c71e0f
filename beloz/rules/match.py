"""A match: the first dealer, cuts, gathering without shuffling, escrow and the target
(RULES.md §3 and §8).

Gathering order (RULES.md §3.2, no shuffling between hands):
- after a played hand: the takers' expeditions in the order they were won, then the
  defenders', each expedition's four cards in the order they were played;
- after all passed twice: each seat's five cards from the dealer's right round to the
  dealer, each hand in the order its cards were dealt, then the turned card, then the
  eleven undealt cards in their order.
The gathered pack is then cut by the player to the left of the next dealer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .ruleset import BELOZ, AllPass, Ruleset
from .scoring import HandResult, match_winner
from .state import HandState, deal_packets


@dataclass(frozen=True, slots=True)
class Draw:
    """One round of the first-dealer draw: the card each drawing seat drew."""

    cards: dict[int, int]


def draw_first_dealer(rng: random.Random) -> tuple[int, list[Draw]]:
    """RULES.md §3.1: every seat draws a card; the lowest number deals; tied seats draw
    again.  Returns the dealer and the rounds drawn (for the table to show)."""
    seats = [0, 1, 2, 3]
    rounds = []
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        drawn = {s: deck[i] for i, s in enumerate(seats)}
        rounds.append(Draw(drawn))
        low = min((c & 7) for c in drawn.values())
        seats = [s for s in seats if drawn[s] & 7 == low]
        if len(seats) == 1:
            return seats[0], rounds


def cut(deck: list[int], at: int, min_cut: int = 3) -> list[int]:
    """Cut ``at`` cards from the top and put them under the rest (at least ``min_cut`` cut
    and at least ``min_cut`` left)."""
    if not min_cut <= at <= len(deck) - min_cut:
        raise ValueError(f"a cut takes between {min_cut} and {len(deck) - min_cut} cards")
    return deck[at:] + deck[:at]


def gather_played(hand: HandState) -> list[int]:
    """The pack after a played hand: takers' expeditions in order won, then the defenders'."""
    assert hand.taker is not None
    takers = hand.taker & 1
    pack: list[int] = []
    for team in (takers, 1 - takers):
        for t in hand.tricks:
            if t.winner & 1 == team:
                pack.extend(t.cards)
    return pack


def gather_passed(
    deck: list[int],
    dealer: int,
    first_packet: int,
    direction: int,
    packets: tuple[int, ...] | None = None,
) -> list[int]:
    """The pack after all passed twice, from the deck as it was dealt (``packets``: the
    packets of the first deal, default ``first_packet`` then the rest of 5)."""
    per_seat: dict[int, list[int]] = {s: [] for s in range(4)}
    pos = 0
    for packet in packets or (first_packet, 5 - first_packet):
        seat = dealer
        for _ in range(4):
            seat = (seat + direction) % 4
            per_seat[seat].extend(deck[pos : pos + packet])
            pos += packet
    pack: list[int] = []
    seat = dealer
    for _ in range(4):
        seat = (seat + direction) % 4
        pack.extend(per_seat[seat])
    return pack + deck[20:]


@dataclass
class Match:
    """A match in progress.  Drive it with ``deal`` then ``finish`` for each hand."""

    ruleset: Ruleset = BELOZ
    dealer: int = 0
    pack: list[int] = field(default_factory=lambda: list(range(32)))
    scores: list[int] = field(default_factory=lambda: [0, 0])
    escrow: int = 0
    history: list[HandResult] = field(default_factory=list)
    hands_dealt: int = 0
    target: int | None = None  # overrides the ruleset's target (settings)
    deck: list[int] = field(default_factory=list)  # the cut pack of the current hand
    first_packet: int = 3  # 3-2 or 2-3 deal of the current hand
    # Seed 002: after a hand with a valat the target becomes the leader's score + 1.
    raised_target: int | None = None

    @classmethod
    def new(cls, rng: random.Random, ruleset: Ruleset = BELOZ, target: int | None = None) -> Match:
        """A new match: the first dealer drawn, the first pack shuffled (§3.2)."""
        dealer, _ = draw_first_dealer(rng)
        pack = list(range(32))
        rng.shuffle(pack)
        return cls(ruleset=ruleset, dealer=dealer, pack=pack, target=target)

    @property
    def goal(self) -> int:
        goal = self.target if self.target is not None else self.ruleset.target
        return max(goal, self.raised_target or 0)

    @property
    def cutter(self) -> int:
        """The player to the dealer's left cuts (dealer - 1 in play direction)."""
        return (self.dealer - self.ruleset.direction) % 4

    def pack_to_deal(self, rng: random.Random | None = None) -> list[int]:
        """The pack the next hand is cut from: the gathered pack, shuffled first with
        ``rng`` where the ruleset shuffles between hands (RULES.md §9)."""
        pack = list(self.pack)
        if self.ruleset.shuffle_each_hand and self.hands_dealt > 0:
            if rng is None:
                raise ValueError("this ruleset shuffles between hands: pass a random.Random")
            rng.shuffle(pack)
        return pack

    def deal(
        self, cut_at: int, first_packet: int = 3, rng: random.Random | None = None
    ) -> HandState:
        """Cut the pack and deal the next hand."""
        self.deck = cut(self.pack_to_deal(rng), cut_at, self.ruleset.min_cut)
        self.first_packet = first_packet if self.ruleset.packet_choice else 3
        self.hands_dealt += 1
        return HandState.deal(self.deck, self.dealer, first_packet, self.ruleset, self.escrow)

    def is_current(self, hand: HandState) -> bool:
        """``hand`` is this match's deal, not yet finished: dealt from its cut pack by its
        dealer with its escrow.  ``finish`` moves the dealer on, so a finished hand is no
        longer current; except a deal all passed where the dealer deals again, which stays
        current (finishing it again gathers the same pack: nothing changes)."""
        dealt = HandState.deal(self.deck, self.dealer, self.first_packet, self.ruleset,
                               self.escrow)
        start = hand.at_deal()
        return (hand.ruleset == self.ruleset and start.dealer == dealt.dealer
                and start.escrow_in == dealt.escrow_in and start.hands == dealt.hands
                and start.turned == dealt.turned and start.stock == dealt.stock)

    def finish(self, hand: HandState) -> HandResult | None:
        """Record a finished hand: scores, escrow, the gathered pack and the next dealer.
        Returns the hand's result, or None when all passed."""
        if not hand.is_terminal():
            raise ValueError("the hand is not finished")
        direction = self.ruleset.direction
        if hand.taker is None:
            packets = deal_packets(self.ruleset, self.first_packet)
            self.pack = gather_passed(self.deck, self.dealer, self.first_packet, direction, packets)
            if self.ruleset.all_pass is AllPass.NEXT_DEALER:
                self.dealer = (self.dealer + direction) % 4
            return None
        result = hand.result()
        self.scores[0] += result.score[0]
        self.scores[1] += result.score[1]
        self.escrow = result.escrow_out
        if self.ruleset.valat_never_ends_match and result.capot is not None:
            # Seed 002: collecting every trick cannot win the match outright.
            self.raised_target = max(self.goal, max(self.scores) + 1)
        self.history.append(result)
        self.pack = gather_played(hand)
        self.dealer = (self.dealer + direction) % 4
        return result

    def before_last_hand(self, hand: HandState) -> Match:
        """The match as it stood while ``hand``, the hand it finished last, was played: what
        ``finish(hand)`` changed, given back, in a new match (this one is left as it is).

        Given back exactly: the scores, the escrow, the dealer, the history and the raised
        target; ``hands_dealt``, ``deck`` and ``first_packet`` are still the hand's
        (``finish`` leaves them).  Not the pack: the match keeps only the pack's cut
        (``deck``), not the pack it was cut from, so the match before its last hand holds
        that deck as its pack.  Nothing reads it while the hand is played: the next cut
        follows the hand's ``finish``, which gathers the pack anew."""
        if not hand.is_terminal():
            raise ValueError("the hand is not finished")
        history = list(self.history)
        scores = list(self.scores)
        escrow, raised = self.escrow, self.raised_target
        if hand.taker is not None:
            if not history:
                raise ValueError("no hand in the history to take back")
            result = history.pop()
            scores = [scores[0] - result.score[0], scores[1] - result.score[1]]
            escrow = result.escrow_in
            if self.ruleset.valat_never_ends_match and result.capot is not None:
                raised = self._raised_target(history)
        return replace(self, dealer=hand.dealer, pack=list(self.deck), scores=scores,
                       escrow=escrow, history=history, deck=list(self.deck),
                       raised_target=raised)

    def _raised_target(self, history: list[HandResult]) -> int | None:
        """The raised target after the hands of ``history`` (the first hands of this
        match's), as ``finish`` raised it hand after hand from none."""
        played = [sum(r.score[t] for r in self.history) for t in (0, 1)]
        scores = [self.scores[0] - played[0], self.scores[1] - played[1]]  # at the start
        base = self.target if self.target is not None else self.ruleset.target
        raised: int | None = None
        for r in history:
            scores = [scores[0] + r.score[0], scores[1] + r.score[1]]
            if r.capot is not None:
                raised = max(base, raised or 0, max(scores) + 1)
        return raised

    def winner(self) -> int | None:
        return match_winner((self.scores[0], self.scores[1]), self.goal)
