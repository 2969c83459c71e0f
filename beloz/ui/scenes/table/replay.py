"""Replayable deals: each deal's short code (shown in the score box) and « Play this deal
again » from the score screen — the same cards from the same seat, against the same
computer players, so the person can try another line and compare the reviews.

A replay is practice: it is played on a copy of the match as it stood before the hand
(scores, dealer, escrow), never saved, never counted in the statistics; its score screen
leads back to the match.
"""

from __future__ import annotations

import copy
import hashlib
from typing import TYPE_CHECKING

from beloz.rules.state import HandState
from beloz.ui.game import GameFlow

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene

_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: read aloud without doubt


def deal_code(start: HandState) -> str:
    """A short code naming a deal (dealer, the four first hands, turned card, stock)."""
    text = repr((start.dealer, tuple(start.hands), start.turned, start.stock,
                 start.ruleset.name))
    n = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=4).digest(), "big")
    out = ""
    for _ in range(5):
        n, r = divmod(n, len(_ALPHABET))
        out += _ALPHABET[r]
    return out


def first_state(hand: HandState) -> HandState:
    """The hand as it was dealt, before any bid."""
    from beloz.ai.review import start_of

    return start_of(hand)[0]


def current_code(scene: TableScene) -> str | None:
    """The code of the deal on the table (or on the score screen)."""
    flow = scene.flow
    hand = flow.hand if flow.hand is not None else (
        flow.last_hand if flow.stage == "score" else None)
    if hand is None:
        return None
    cache = scene.deal_codes
    key = id(hand)
    if key not in cache:
        cache[key] = deal_code(first_state(hand))
    return cache[key]


def play_again(scene: TableScene) -> bool:
    """Start the hand on the score screen again, from the deal (pushed over the match)."""
    flow = scene.flow
    hand = flow.last_hand
    if flow.stage != "score" or hand is None:
        return False
    from beloz.ui.scenes.table.scene import TableScene

    start = first_state(hand)
    match = copy.deepcopy(flow.match)
    res = match.history.pop() if match.history else None
    if res is not None:
        match.scores = [match.scores[0] - res.score[0], match.scores[1] - res.score[1]]
    match.dealer, match.escrow = hand.dealer, hand.escrow_in
    again = GameFlow(flow.seed, level=flow.level, match=match)
    again.persist = again.record_stats = False  # practice: the match's save and stats stay
    again.hand, again.stage, again.completed = start, "hand", False
    start.declare_announcements = list(hand.declare_announcements)
    replay = TableScene(scene.app, seed=flow.seed)
    replay.flow = again
    replay.replay_of = scene
    replay.kept_hands = scene.kept_hands  # its review joins the match's kept hands
    replay.zones_from_state()
    replay.place_all(0)
    scene.app.push(replay)
    return True
