"""The table's turn: the step on the table and where it stands.

``TurnPhase`` says where the current step is: ``DECIDE`` (a computer thinks), ``HUMAN``
(a question is on show), ``ANIM`` (the value is being animated), ``IDLE`` (applied, or no
step yet).
"""

from __future__ import annotations

from enum import StrEnum


class TurnPhase(StrEnum):
    """Where the table's current step stands.  A ``StrEnum``: its values are the words
    older code and tests compare with."""

    IDLE = "idle"
    DECIDE = "decide"
    HUMAN = "human"
    ANIM = "anim"
