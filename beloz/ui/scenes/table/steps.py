"""The table's step loop: each frame the scene takes the flow's next step and begins it (an
animation, a question to the person, a computer's decision on the worker), animates the
value it gets, and only when the animation has finished applies the step to the flow.

``scene.phase`` (a ``turn.TurnPhase``) says where the current step is: ``DECIDE`` (a computer
thinks), ``HUMAN`` (a question is on show), ``ANIM`` (the value is being animated), ``IDLE``
(applied).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from beloz.ui.game import Step, StepKind
from beloz.ui.scenes.table import animations, card_play, hints, narrate, prompts
from beloz.ui.scenes.table import input as table_input
from beloz.ui.scenes.table.turn import TurnPhase

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene

# Base durations in seconds (divided by settings.animation_speed).
T_THINK_BID = 0.55
T_THINK_PLAY = 0.35
T_THINK_CUT = 0.3


def update(scene: TableScene, dt: float) -> None:
    """One frame: tweens, pauses and bubbles count down, then the flow moves on as far as it
    can (in fast mode, every animation finished at once, until the person or a computer
    must decide).  The spoken table says what changed (``narrate``)."""
    narrator = narrate.of(scene)  # hears the bubbles from the first frame on
    if scene.fast:
        for _ in range(400):
            scene.tweens.finish_all()
            scene.turn.hold(0.0)
            before = (scene.step, scene.phase)
            advance(scene)
            waiting = scene.phase in (TurnPhase.HUMAN, TurnPhase.DECIDE)
            if waiting and (scene.step, scene.phase) == before:
                break
            if scene.final_line is not None:
                break
        scene.bubbles.clear()
    else:
        scene.tweens.update(dt)
        scene.turn.count_down(dt)
        scene.bubbles.count_down(dt)
        for _ in range(4):
            before = (scene.step, scene.phase)
            advance(scene)
            if (scene.step, scene.phase) == before:
                break
    hints.update(scene)
    table_input.update_hover(scene)
    narrator.update()


def back_on_top(scene: TableScene) -> None:
    """The screen over the table closed: the spoken table says where the table stands."""
    narrate.of(scene).back()


def advance(scene: TableScene) -> None:
    """One move of the loop, once nothing moves: begin the next step, apply an animated
    one, or animate a computer's decision that has arrived."""
    turn = scene.turn
    if scene.tweens.busy or turn.wait > 0:
        return
    step = turn.step
    if step is None:
        step = scene.flow.next_step()
        turn.begin(step)
        begin(scene, step)
        return
    if turn.phase is TurnPhase.ANIM:
        value = turn.value
        before = card_play.before_play(scene)
        hints.note_followed(scene, step, value)
        scene.flow.apply(step, value)
        turn.end()
        after_apply(scene, step, before)
        return
    job = turn.job
    if turn.phase is TurnPhase.DECIDE and job is not None and job.done():
        try:
            value = job.result()
        except Exception as exc:  # noqa: BLE001 - a broken player: fall back to a legal move
            scene.notify(scene.t("table.ai_error", error=exc))
            value = fallback_value(step)
        animate(scene, step, value)


def fallback_value(step: Step) -> Any:
    legal = step.data.get("legal") or [None]
    return legal[0] if step.decide is not None else None


def begin(scene: TableScene, step: Step) -> None:
    kind = step.kind
    if kind is StepKind.CUT and sorted(scene.deck) == list(range(32)):
        # The dealer shuffles first where the ruleset says so: the face-down pack takes
        # the order the deal will use, so the cards dealt are the cards held.
        scene.deck = scene.flow.pack_to_cut()
    if kind is StepKind.DRAW:
        animate(scene, step, None)
    elif kind in (StepKind.COMPLETE, StepKind.COLLECT, StepKind.REDEAL):
        animate(scene, step, None)
    elif kind in (StepKind.SCORE, StepKind.MATCH_END):
        show_score(scene, step)
    elif step.human:
        scene.turn.ask()
        ask_person(scene, step)
    elif step.decide is not None:
        think = T_THINK_BID if kind is StepKind.BID else T_THINK_PLAY
        if kind in (StepKind.CUT, StepKind.DEAL):
            think = T_THINK_CUT
        scene.turn.think(scene.jobs.submit(step.decide, scene.dur(think), scene.fast))
    else:
        animate(scene, step, None)


def animate(scene: TableScene, step: Step, value: Any) -> None:
    scene.turn.animate(value)
    animations.ANIMATIONS[step.kind](scene, step, value)


def after_apply(scene: TableScene, step: Step, before: dict[str, Any]) -> None:
    card_play.say_declared(scene, step, before)
    kind = step.kind
    if kind is StepKind.COMPLETE:
        scene.sort_hand()
        scene.place_all(scene.move(0.35))
    if kind is StepKind.SCORE:
        scene.score_shown = None


def ask_person(scene: TableScene, step: Step) -> None:
    """Put the step's question to the person (``prompts.QUESTIONS``)."""
    # A message about the person's last card (a belot lost) stays until the next one.
    scene.words.next_question()
    if step.kind is StepKind.PLAY:
        scene.selection.unselect()
        scene.chosen.drop()
    ask = prompts.QUESTIONS[step.kind]
    ask(scene, step)
    # A resize or a new language asks again; the play prompt keeps the message (why a
    # card is refused), the other questions start afresh.
    if step.kind is StepKind.PLAY:
        scene.turn.on_redo(lambda: ask(scene, step))
    else:
        scene.turn.on_redo(lambda: ask_person(scene, step))


def show_score(scene: TableScene, step: Step) -> None:
    """The hand's score with its buttons; at the match's end the result (an autoplay prints
    it and quits; between hands it goes on by itself)."""
    scene.turn.ask()
    scene.score_shown = step
    if step.kind is StepKind.MATCH_END:
        w = step.data["winner"]
        a, b = step.data["scores"]
        scene.final_line = f"Final score: {a} - {b} (team {w} wins)"
        if scene.autoplay:
            print(scene.final_line)
            sys.stdout.flush()
            q = getattr(scene.app, "quit", None)
            if q is not None:
                q()
            return
        scene.sound("won" if w == 0 else "lost")
        prompts.score_buttons(scene, end=True)
        return
    if scene.autoplay:
        scene.kill_buttons()
        scene.turn.animate(None)
        scene.turn.hold(scene.dur(2.0))
        animations.gather_for_next_hand(scene)
        return
    res = step.data.get("result")
    if res is not None:
        scene.sound("won" if res.winning_team == 0 else "lost")
    hints.keep_hand(scene)
    prompts.score_buttons(scene, end=False)
