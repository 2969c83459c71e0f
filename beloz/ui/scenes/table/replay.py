"""Replayable deals: each deal's short code (shown in the score box) and « Play this deal
again » from the score screen — the same cards from the same seat, against the same
computer players, so the person can try another line and compare the reviews; and a
practice problem played on from its decision to the end of the hand (« Play on »).

Both are practice: a replay is played on a copy of the match as it stood while the hand
was played (``Match.before_last_hand``: scores, dealer, escrow, history), a problem on a
match of its own; never saved, never counted in the statistics; the score screen leads
back to the match, or to the Practice screen.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

from beloz.rules.match import Match
from beloz.rules.state import HandState
from beloz.savegame import deck_of
from beloz.ui.app_protocol import App
from beloz.ui.game import GameFlow, HandKept

if TYPE_CHECKING:
    from beloz.practice.problem import Problem
    from beloz.ui.scene import Scene
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

    return hand.at_deal()


def current_code(scene: TableScene) -> str | None:
    """The code of the deal on the table (or on the score screen).  Of the whole deal, every
    seat's cards: it names the deal without showing any of them."""
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
    """Start the hand on the score screen again, from the deal (pushed over the match); a
    practice problem played on, again from its decision (in place of this hand's table)."""
    flow = scene.flow
    hand = flow.last_hand
    if flow.stage != "score" or hand is None:
        return False
    practice = scene.practice_screen
    if scene.problem is not None and practice is not None:
        scene.app.pop()
        play_on(scene.app, scene.problem, practice, flow.seed)
        return True
    start = first_state(hand)
    match = flow.match.before_last_hand(hand)  # a copy: the match's own is left alone
    again = GameFlow(flow.seed, level=flow.level, match=match)
    # Its review joins the match's kept hands.
    _practice_table(scene.app, again, start, scene, scene.kept_hands)
    return True


def play_on(app: App, problem: Problem, back_to: Scene, seed: int | None = None
            ) -> TableScene:
    """A practice problem played on to the end of its hand ("Play on", over the Practice
    screen ``back_to``): the hand at the decision (``Problem.table_state``: the problem's
    seat is the person's, seat 0), the settings' computer players at the other seats, on a
    match of its own that starts at the hand (0 to 0, the hand's dealer and escrow)."""
    hand = problem.table_state()
    start = first_state(hand)
    match = Match(ruleset=hand.ruleset, dealer=hand.dealer, escrow=hand.escrow_in,
                  deck=deck_of(start), hands_dealt=1)  # everybody passing gathers this deck
    settings = getattr(app, "settings", None)
    flow = GameFlow(random.SystemRandom().randrange(1 << 30) if seed is None else seed,
                    level=str(getattr(settings, "level", "standard")), match=match)
    # Its hand, reviewed, is kept as a practice hand: for the session only.
    table = _practice_table(app, flow, hand, back_to, [])
    table.problem = problem
    return table


def _practice_table(app: App, flow: GameFlow, hand: HandState, back_to: Scene,
                    kept: list[HandKept]) -> TableScene:
    """A table pushed over ``back_to`` for a practice hand, ``hand`` on ``flow`` from where
    it stands: never saved, never counted in the statistics; its score screen (or everybody
    passing) leads back to ``back_to``."""
    from beloz.ui.scenes.table.scene import TableScene

    flow.persist = flow.record_stats = False
    flow.take_hand(hand)
    table = TableScene(app, seed=flow.seed)
    table.flow = flow
    flow.on_save_error = table.save_error
    table.replay_of = back_to
    table.kept_hands = kept
    table.zones_from_state()
    table.place_all(0)
    app.push(table)
    return table
