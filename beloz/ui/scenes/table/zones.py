"""Which card lies where: the scene's own model of the table.

The flow's state is the rules' truth; the zones follow it as the animations run (an
animation moves a card from one zone to another, then the sprites glide to the places the
layout gives each zone).  ``zones_from_flow`` reads them off the flow at once (a resumed
match, a new scene).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from beloz.rules import cards as C
from beloz.rules.state import Phase
from beloz.ui.game import Stage

if TYPE_CHECKING:
    from beloz.ui.game import GameFlow


@dataclass
class Zones:
    deck: list[int] = field(default_factory=list)  # the pack, top card first
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    piles: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    turned: int | None = None
    draw_cards: dict[int, int] = field(default_factory=dict)  # the first-dealer draw
    drawing: bool = False  # the draw is on: the pack lies aside (``Layout.draw_pack_slot``)


T = TypeVar("T")


class Zone(Generic[T]):
    """A scene attribute kept in its zones: ``scene.hands`` is ``scene.zones.hands`` (the
    animations and the input read and move cards through the scene)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> T:
        return getattr(scene.zones, self.name)

    def __set__(self, scene: Any, value: T) -> None:
        setattr(scene.zones, self.name, value)


def zones_from_flow(flow: GameFlow) -> Zones:
    """Every card where the flow's state says it is (hands in the engine's order).  Read off
    the whole hand, not the person's view: every card is a sprite of its own, the others'
    face down, so each seat's real cards are needed to lay them out."""
    m = flow.match
    z = Zones()
    hand = flow.hand
    if flow.stage == Stage.HAND and hand is not None:
        d = hand.ruleset.direction
        for s in range(4):
            z.hands[s] = C.cards_of(hand.hands[s])
        done = list(hand.tricks)
        if flow.pending_collect is not None and done:
            t = done.pop()
            z.trick = [((t.leader + i * d) % 4, c) for i, c in enumerate(t.cards)]
        else:
            z.trick = [((hand.leader + i * d) % 4, c) for i, c in enumerate(hand.trick)]
        for t in done:
            z.piles[t.winner].extend(t.cards)
        if hand.phase is Phase.BIDDING or not flow.completed:
            # An auction turns no card (``NO_CARD``): none lies beside the pack.
            z.turned = hand.turned if hand.turned >= 0 else None
            z.deck = list(hand.stock or ())
            if flow.completed is False and hand.taker is not None:
                # Taken but the deal not yet shown completed: show the hands of 5.
                dealt = set(hand.stock or ()) | {hand.turned}
                for s in range(4):
                    z.hands[s] = [c for c in C.cards_of(hand.hands[s]) if c not in dealt]
    elif flow.stage == Stage.DEAL and flow.cut_at is not None:
        from beloz.rules.match import cut

        z.deck = cut(flow.pack_to_cut(), flow.cut_at, m.ruleset.min_cut)
    elif flow.stage == Stage.CUT:
        z.deck = flow.pack_to_cut()
    else:
        z.deck = list(m.pack)
    return z
