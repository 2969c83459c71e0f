"""The table's turn: the step on the table and where it stands, owned by ``Turn``.

``TurnPhase`` says where the current step is: ``DECIDE`` (a computer thinks), ``HUMAN``
(a question is on show), ``ANIM`` (the value is being animated), ``IDLE`` (applied, or no
step yet).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from beloz.ui.game import Step
    from beloz.ui.scenes.table.jobs import Job


class TurnPhase(StrEnum):
    """Where the table's current step stands.  A ``StrEnum``: its values are the words
    older code and tests compare with."""

    IDLE = "idle"
    DECIDE = "decide"
    HUMAN = "human"
    ANIM = "anim"


class Turn:
    """The step on the table and where it stands: the one owner of the turn's state.

    The scene holds one (``scene.turn``) and reads it through (``scene.step``,
    ``scene.phase``); the step loop (``steps``) and the parts change it only through these
    methods, each one move of the turn: ``begin`` a step from the flow, ``ask`` the person,
    ``think`` (a computer's job), ``animate`` a value, ``end`` it (applied or taken back).
    ``hold`` pauses the loop a moment (a bubble to read); ``on_redo`` keeps how to put the
    question on show again (a resize, a new language).
    """

    def __init__(self) -> None:
        self._step: Step | None = None
        self._phase = TurnPhase.IDLE
        self._value: Any = None
        self._job: Job | None = None
        self._wait = 0.0
        self._redo: Callable[[], None] | None = None

    @property
    def step(self) -> Step | None:
        """The flow's step being begun, asked, thought over or animated; None between."""
        return self._step

    @property
    def phase(self) -> TurnPhase:
        return self._phase

    @property
    def value(self) -> Any:
        """The step's value once chosen (``animate``): what the flow is given."""
        return self._value

    @property
    def job(self) -> Job | None:
        """A computer's decision being computed (``DECIDE``)."""
        return self._job

    @property
    def wait(self) -> float:
        """Seconds the loop still pauses before it moves on."""
        return self._wait

    # -- the step's moves ----------------------------------------------------------------

    def begin(self, step: Step) -> None:
        """The flow's next step is on the table, no value yet."""
        self._step, self._value = step, None

    def ask(self) -> None:
        """A question (or the score) is on show: the person answers."""
        self._phase = TurnPhase.HUMAN

    def think(self, job: Job) -> None:
        """A computer decides: ``job`` gives its value."""
        self._phase, self._job = TurnPhase.DECIDE, job

    def animate(self, value: Any) -> None:
        """The step's value is chosen (its job is done): it is being animated."""
        self._value, self._phase, self._job = value, TurnPhase.ANIM, None

    def end(self) -> None:
        """The step is over (applied to the flow, or taken back): the loop takes the next."""
        self._step, self._phase = None, TurnPhase.IDLE

    def drop_job(self) -> None:
        """Forget the computer's decision under way, cancelled where it can be."""
        job, self._job = self._job, None
        cancel = getattr(job, "cancel", None)
        if cancel is not None:
            cancel()

    # -- pauses ---------------------------------------------------------------------------

    def hold(self, seconds: float) -> None:
        """Pause the loop ``seconds`` (a bubble to read, the first dealer to see)."""
        self._wait = seconds

    def count_down(self, dt: float) -> None:
        self._wait = max(0.0, self._wait - dt)

    # -- the question on show --------------------------------------------------------------

    def on_redo(self, redo: Callable[[], None] | None) -> None:
        """How to put the question on show again (None: no question on show)."""
        self._redo = redo

    def redo(self) -> bool:
        """Put the person's question on show again (laid out for a new size or language);
        False when none is on show."""
        if self._phase is not TurnPhase.HUMAN or self._redo is None:
            return False
        self._redo()
        return True
