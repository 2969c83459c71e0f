"""What the table's game flow (``beloz.ui.game``) hands the scene and keeps: where the match
stands (``Stage``), the steps (``StepKind``, ``Step``) and the finished hands kept for their
reviews (``HandKept``).  A module of their own so that the flow's files
(``beloz.ui.flow_files``) and the table read them without importing the flow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from beloz.rules.state import HandState


class Stage(StrEnum):
    """Where the match stands between steps (``GameFlow.stage``).  A ``StrEnum``: its
    values are the words older code and tools compare with."""

    DRAW = "draw"  # the first-dealer draw (a new match)
    CUT = "cut"  # a pack to cut
    DEAL = "deal"  # a cut pack to deal
    HAND = "hand"  # a hand in progress: bids, then cards
    SCORE = "score"  # a hand's score on show
    OVER = "over"  # the match is won


class StepKind(Enum):
    DRAW = "draw"  # the first-dealer draw (new match only)
    CUT = "cut"  # value: how many cards are cut
    DEAL = "deal"  # value: the first packet, 3 or 2
    BID = "bid"  # value: PASS, TAKE or name_action(plain)
    COMPLETE = "complete"  # the taker receives the turned card, the deal is completed
    PLAY = "play"  # value: a card, or (card, declare_announcements, declare_beloz)
    COLLECT = "collect"  # the finished expedition goes to its winner
    REDEAL = "redeal"  # all passed twice: gather, next dealer
    SCORE = "score"  # the hand's result is shown; applying it starts the next hand
    MATCH_END = "match_end"


@dataclass
class Step:
    kind: StepKind
    seat: int | None = None
    human: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    #: A computer's decision (returns the step's value); None when no decision is needed.
    decide: Callable[[], Any] | None = None


@dataclass
class HandKept:
    """A finished hand of the match, kept for its review: its number in the match's history,
    the hand, its review once computed (``beloz.review_store.Review``) and the worker's job
    while it is computed.  The match's kept hands and their reviews go into the save file
    (``GameFlow.save``); a practice hand ("Play this deal again") is kept for the session
    only, beside the hand it replays."""

    number: int
    hand: HandState
    review: Any = None
    job: Any = field(default=None, repr=False)
    practice: bool = False
