"""Random-playout throughput of the PyPI package ``belote-cli`` (4.9.6), for comparison.

Run: ``python -m bench.belote_cli_playout``.

Each hand goes through belote-cli's own engine (``belote.game`` / ``belote.scoring``),
with no terminal UI, no sleeps and no printing, exactly as its game loop
(``belote.gameflow.run_round``) drives it:

1. ``clear_legal_cards_cache()`` (``run_round`` does it at the start of every round);
2. ``start_round``: fresh ``random.Random`` shuffle, 3+2 deal, turned card;
3. ``place_bid``: a uniformly random bidder of the first round takes the turned
   card's suit (the ones before pass), which completes the deal (taker 2 + turned
   card, others 3) and detects announcements;
4. 32 times: ``legal_cards`` for the seat to play, a uniformly random choice among
   them, ``play_card`` (which checks legality again and, on the 4th card, finds the
   trick winner, who leads next);
5. ``score_round`` (card points, dix de der, belote, announcements, capot, chute).

Every random draw comes from one ``random.Random(seed)``, so a run is repeatable.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from belote.game import (
    Phase,
    clear_legal_cards_cache,
    legal_cards,
    new_game,
    place_bid,
    play_card,
    start_round,
)
from belote.scoring import score_round

CARDS_PER_HAND = 32
TRICKS_PER_HAND = 8
TRICK_POINTS_WITH_DIX_DE_DER = 162


def play_random_hands(n: int, seed: int) -> int:
    """Plays n complete hands with belote-cli's engine, random legal play; returns the number of cards played (should be 32*n)."""  # noqa: E501
    rng = random.Random(seed)
    table = new_game()
    cards_played = 0
    for _ in range(n):
        clear_legal_cards_cache()
        # Fresh shuffle + 5-card deal + turned card, from our seeded rng.
        state = start_round(table, rng)
        assert state.phase is Phase.BIDDING and state.up_card is not None
        # Someone takes the turned card in the first round.
        for _ in range(rng.randrange(4)):
            state = place_bid(state, None)
        state = place_bid(state, state.up_card.suit)
        assert state.phase is Phase.PLAYING and state.taker is not None
        assert all(len(hand) == 8 for hand in state.hands)
        assert len({card for hand in state.hands for card in hand}) == CARDS_PER_HAND

        for i in range(CARDS_PER_HAND):
            seat = state.turn
            legal = legal_cards(state, seat)
            card = rng.choice(legal)
            assert card in legal and card in state.hand_of(seat)
            # play_card raises IllegalMoveError unless card is in its own legal_cards,
            # then removes it from the hand (so 32 plays + empty hands = each card once).
            state = play_card(state, card)
            cards_played += 1
            if i % 4 == 3:  # trick complete: belote-cli picked the winner, who leads
                assert len(state.completed_tricks) == (i + 1) // 4
                assert state.last_trick_winner is not None
                assert state.turn is state.last_trick_winner

        assert state.phase is Phase.SCORING
        assert len(state.completed_tricks) == TRICKS_PER_HAND
        assert sum(len(trick) for trick in state.completed_tricks) == CARDS_PER_HAND
        assert not any(state.hands)
        score = score_round(state)
        points = score.table_taker_pts + score.table_defender_pts
        assert points == TRICK_POINTS_WITH_DIX_DE_DER, points
        assert sum(state.current_round_points) == TRICK_POINTS_WITH_DIX_DE_DER

        # Next hand: the next player deals (what apply_round_score does, without
        # accumulating the game score and its history).
        table = replace(table, dealer=table.dealer.next_seat())
    return cards_played


def _hands_per_second(hands: int, seed: int) -> float:
    start = time.perf_counter()
    cards = play_random_hands(hands, seed)
    elapsed = time.perf_counter() - start
    assert cards == CARDS_PER_HAND * hands
    return hands / elapsed


def main(hands: int = 200, runs: int = 5) -> None:
    from importlib.metadata import version

    assert play_random_hands(2, 0) == 2 * CARDS_PER_HAND  # warm-up, imports
    rates = [_hands_per_second(hands, seed) for seed in range(1, runs + 1)]
    print(
        f"belote-cli {version('belote-cli')}: {statistics.median(rates):.0f} hands/s, "
        f"random legal play (median of {runs} runs of {hands} hands; "
        f"min {min(rates):.0f}, max {max(rates):.0f})"
    )


if __name__ == "__main__":
    main()
