"""One hand played to its end by four players, for the measuring tools of ``bench``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from beloz.ai.base import Player, card_action
from beloz.rules.state import HandState, Phase, SeatView


def play_out(
    state: HandState,
    players: Sequence[Player],
    card: Callable[[int, SeatView], int | None] | None = None,
) -> None:
    """Bid and play ``state`` to its end, each seat declaring as its player chooses on its
    first card.  ``card(seat, view)`` is asked before every card: a card to play instead
    of the player's, or None."""
    belot: dict[int, bool] = {}  # each seat's answer with its first card
    while not state.is_terminal():
        seat = state.current
        view = state.view(seat)
        if state.phase is Phase.BIDDING:
            state.apply(players[seat].bid(view))
            continue
        chosen = card(seat, view) if card else None
        state.apply(card_action(state, players[seat], view, belot, chosen))


def play_bids(state: HandState, bids: Sequence[int],
              players: Sequence[Player]) -> tuple[tuple[int, int], int | None]:
    """The hand ``bids`` lead to from ``state`` (changed in place), played out by
    ``players``: both teams' scores ((0, 0) when all pass) and the taker."""
    for b in bids:
        state.apply(b)
    if not state.is_terminal():
        play_out(state, players)
    score = state.result().score if state.taker is not None else (0, 0)
    return (score[0], score[1]), state.taker
