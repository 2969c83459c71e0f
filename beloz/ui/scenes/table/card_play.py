"""The person's card: why a card is refused, the questions a chosen card raises asked in
turn, then the play; and what a played card says (the announcements' and BeloZ bubbles).

The engine lists the questions (``beloz.rules.questions.card_questions``: declare the
announcements, say the belot or Re-BeloZ); the table asks the first one not yet answered
(``prompts.ask_card``), each answer asks the next, and the last plays the card with the
answers.  With the "declare automatically" setting every question is answered yes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beloz.rules import cards as C
from beloz.rules.questions import Ask, CardQuestions, belot_mate, card_questions
from beloz.rules.ruleset import BelotCondition
from beloz.rules.state import Phase
from beloz.rules.tricks import Reason, illegal_reason
from beloz.ui.game import Step, StepKind
from beloz.ui.scenes.table import prompts
from beloz.ui.scenes.table.texts import REASON_KEYS, belote_key

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene


class Chosen:
    """The person's chosen card while its questions are on show: the card, the questions
    the engine lists for it and the answers so far.  The scene holds one
    (``scene.chosen``); this module changes it."""

    def __init__(self) -> None:
        self.card: int | None = None
        self.questions: CardQuestions | None = None
        self.answers: dict[Ask, bool] = {}

    def choose(self, card: int, questions: CardQuestions) -> None:
        self.card, self.questions, self.answers = card, questions, {}

    def answer(self, ask: Ask, yes: bool) -> None:
        self.answers[ask] = yes

    def drop(self) -> None:
        """No card chosen any more (played, taken back, or a new turn)."""
        self.card = None


def illegal_text(scene: TableScene, card: int) -> str | None:
    """Why the person may not play ``card`` now, in words, or None."""
    h = scene.view()
    if h is None or h.phase is not Phase.PLAY or h.trump is None:
        return None
    if h.current != 0:
        return scene.t(REASON_KEYS[Reason.NOT_YOUR_TURN])
    reason = illegal_reason(h.hand, h.trick, h.trump, card, h.ruleset)
    if reason is None:
        return None
    key = REASON_KEYS.get(reason)
    if key is None:
        return None
    if reason is Reason.MUST_RAISE and h.trump == C.ALL_TRUMPS:
        key = "table.reason.at_must_raise"  # every plain is flooded: climb on the lead
    lead = h.trick[0] >> 3 if h.trick else 0
    trump = h.trump
    flooded = scene.plain_name(trump) if trump is not None and trump < C.NO_TRUMPS else ""
    return scene.t(key, plain=scene.plain_name(lead), flooded=flooded)


def try_play(scene: TableScene, card: int) -> bool:
    """The person chose ``card``: ask its questions and play it, or explain why not.  True
    when accepted."""
    if not scene.my_play_step() or scene.chosen.card is not None:
        why = illegal_text(scene, card)
        if why:
            scene.words.tell(why)
        return False
    why = illegal_text(scene, card)
    if why is not None:
        scene.words.tell(why)
        return False
    # The engine's questions are asked of the hand itself: they read the seat's belot
    # pairs as dealt, which its view does not carry (only the person's own cards count).
    scene.chosen.choose(card, card_questions(scene.flow.current_hand(), 0, card))
    ask_next(scene)
    return True


def asking(scene: TableScene) -> Ask | None:
    """The question on show for the chosen card, or None."""
    chosen = scene.chosen
    q = chosen.questions
    if chosen.card is None or q is None:
        return None
    return next((a for a in q.asks if a not in chosen.answers), None)


def ask_next(scene: TableScene) -> None:
    """Ask the chosen card's next question; once every one is answered, play the card."""
    chosen = scene.chosen
    q = chosen.questions
    assert q is not None
    for ask in q.asks:
        if ask in chosen.answers:
            continue
        if scene.auto_declare:
            chosen.answer(ask, True)
            continue
        prompts.ask_card(scene, ask)
        return
    # Seed 002's belot that this card cannot announce: the reason stays on show until the
    # person's next question (the lead's plain is read before the card joins the trick).
    h = scene.view()
    lead = scene.plain_name(h.trick[0] >> 3) if h is not None and h.trick else ""
    chosen.drop()
    scene.human_value(q.value(chosen.answers))
    if q.silent:
        scene.words.tell_until_next_question(scene.t(f"table.belot_{q.silent}", plain=lead))


def answer(scene: TableScene, name: str) -> bool:
    """A button of the question on show (``prompts.CARD_BUTTONS``): keep the answer, ask the
    next question.  False when ``name`` answers no question on show."""
    ask = asking(scene)
    if ask is None or name not in prompts.CARD_BUTTONS[ask]:
        return False
    scene.chosen.answer(ask, name == prompts.CARD_BUTTONS[ask][0])
    scene.kill_buttons()
    ask_next(scene)
    return True


# -- what a played card says ---------------------------------------------------------------------


def before_play(scene: TableScene) -> dict[str, Any]:
    """What was declared before a card is applied, to tell what the card declared.  Read
    off the hand itself: what a card declares is said aloud to everybody (its bubble), and
    the view counts the belots said by seat, not by card."""
    h = scene.flow.hand
    if h is None:
        return {}
    return {"declared": [bool(d) for d in h.declared], "belot_said": h.belot_said}


def say_declared(scene: TableScene, step: Step, before: dict[str, Any]) -> None:
    """The bubbles of a card just applied: the announcements it declared, its BeloZ (read off
    the hand itself, as ``before_play``: said aloud, to everybody)."""
    h = scene.flow.hand
    if step.kind is not StepKind.PLAY or h is None or step.seat is None or not before:
        return
    seat = step.seat
    if not before["declared"][seat] and h.declared[seat]:
        text = " + ".join(scene.ann_name(a.kind) for a in h.declared[seat])
        scene.say(seat, text + "!", gold=True)
    said = h.belot_said & ~before.get("belot_said", 0)
    if said:
        # BeloZ, then Re-BeloZ on the second card; seed 002's belot is said once.
        card = said.bit_length() - 1
        again = bool(h.belot_said >> belot_mate(card) & 1)
        if not again or h.ruleset.belot_condition is BelotCondition.BOTH_SAID:
            key = belote_key(h.ruleset, "say_again" if again else "say")
            scene.say(seat, scene.t(key), gold=True)
            scene.sound("beloz")
