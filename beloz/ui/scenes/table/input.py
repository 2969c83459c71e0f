"""The person's mouse and keys: which card is under the mouse, what a click or a key means
at this moment, and the hover (lifted card, dimmed illegal cards, the cut packet).

Every function here turns an event into one of the scene's intents (``press`` a button,
``try_play`` a card, answer the cut, show the last expedition, explain an illegal card);
the scene carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from beloz.ui.game import Stage, StepKind
from beloz.ui.scenes.table import narrate, prompts
from beloz.ui.scenes.table.turn import TurnPhase

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene


@dataclass
class Pointer:
    """The mouse as the table last saw it: where it rests (None until it moves: then
    pygame is asked), and the card under it and whether the person was to play then."""

    pos: tuple[int, int] | None = None
    seen: tuple[int | None, bool] = (None, False)


class Selection:
    """What the person singles out on the table: the card selected with the arrow keys
    (``sel``, an index in their hand), the card under the mouse (``hover``), and whether
    the last expedition is on show (``show_last``, key L).  The scene holds one
    (``scene.selection``) and reads it through (``scene.sel``, ``scene.hover``,
    ``scene.show_last``); the parts change it only through these methods."""

    def __init__(self) -> None:
        self.sel: int | None = None
        self.hover: int | None = None
        self.show_last = False
        #: The cut point the arrow keys chose (cards cut from the top), and for which cut.
        self.cut: tuple[Any, int] | None = None
        #: The card the arrows selected drawn over its neighbours: (card, its own z, the
        #: z it was given).
        self.raised: tuple[int, int, int] | None = None

    def cut_point(self, step: Any) -> int | None:
        """The cards the arrows chose to cut at ``step``, or None (not moved yet)."""
        return self.cut[1] if self.cut is not None and self.cut[0] is step else None

    def select(self, index: int) -> None:
        self.sel = index

    def move(self, step: int, size: int) -> int:
        """The arrows: the selection ``step`` cards on in a hand of ``size`` (round the
        end); the first arrow selects the first card (→) or the last (←).  Returns it."""
        if self.sel is None:
            self.sel = 0 if step > 0 else size - 1
        else:
            self.sel = (self.sel + step) % size
        return self.sel

    def unselect(self) -> None:
        """No card selected with the keys (a new turn to play)."""
        self.sel = None

    def hover_over(self, card: int | None) -> None:
        """The card of the person's hand under the mouse, or None."""
        self.hover = card

    def clear(self) -> None:
        """The person's card has gone to the table: nothing selected, nothing under the
        mouse."""
        self.sel = self.hover = None

    def toggle_last(self) -> None:
        self.show_last = not self.show_last

    def hide_last(self) -> None:
        self.show_last = False


def handle_event(scene: TableScene, event: pygame.event.Event) -> bool:
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        return on_button(scene, event.ui_element)
    if event.type == pygame.MOUSEMOTION:
        scene.pointer.pos = event.pos
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return on_click(scene, event.pos)
    if event.type == pygame.KEYDOWN:
        return on_key(scene, event)
    return False


def on_button(scene: TableScene, el: Any) -> bool:
    """A pygame_gui button: the fixed ones (Menu, Expeditions, Hint) or a question's."""
    name = next((k for k, b in scene.buttons.items() if b is el), None)
    fixed = next((k for k, b in scene.fixed_buttons.items() if b is el), None)
    if fixed == "menu":
        scene.open_menu()
        return True
    if fixed == "history":
        return open_history(scene)
    if fixed in ("hint", "undo"):
        return scene.press(fixed)
    if name is None:
        return False
    return scene.press(name)


def on_click(scene: TableScene, pos: tuple[int, int]) -> bool:
    """A click closes the last expedition, cuts the spread pack, plays a card, or explains
    why a card may not be played now."""
    if scene.show_last:
        scene.selection.hide_last()
        return True
    step = scene.step
    if step is None or scene.phase != TurnPhase.HUMAN:
        c = hand_card_at(scene, pos)
        if c is not None:
            why = scene.illegal_text(c)
            if why:
                scene.words.tell(why)
            return True
        return False
    if step.kind is StepKind.CUT:
        k = cut_index_at(scene, pos)
        if k is not None:
            scene.human_value(k)
            return True
        return False
    if step.kind is StepKind.PLAY:
        c = hand_card_at(scene, pos)
        if c is not None:
            scene.try_play(c)
            return True
    return False


def on_key(scene: TableScene, event: pygame.event.Event) -> bool:
    """L shows the last expedition; Enter goes on from the score, R reviews that hand, A
    plays it again; at the match's end Enter or N starts a new match, Esc goes to the menu;
    the questions' keys (``prompts.BUTTON_KEYS``, shown on the buttons);
    at the cut, Left / Right move the cut point and Enter cuts there; in play, arrows
    select a card, Enter plays it, 1..8 play the Nth; while the table speaks, C X V S G Z
    say the state (``narrate.KEYS``)."""
    key = event.key
    if narrate.of(scene).on_key(key):
        return True
    if key == pygame.K_ESCAPE and scene.show_last:
        scene.selection.hide_last()
        return True
    if key == pygame.K_l:
        scene.selection.toggle_last()
        return True
    if key == pygame.K_e:
        return open_history(scene)
    if key == pygame.K_h:
        return scene.press("hint")
    if key == pygame.K_u:
        return scene.press("undo")
    step = scene.step
    if step is not None and step.kind is StepKind.SCORE and key in (
        pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE
    ):
        return scene.press(prompts.score_first_button(scene))
    if step is not None and step.kind is StepKind.SCORE:
        name = prompts.key_button(scene.buttons, key)  # Review (R), Play again (A)
        return scene.press(name) if name is not None else False
    if step is not None and step.kind is StepKind.MATCH_END:  # New match (N), Menu (Esc)
        name = ("new_match" if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                else "menu_end" if key == pygame.K_ESCAPE
                else prompts.key_button(scene.buttons, key))
        return scene.press(name) if name is not None else False
    if step is None or scene.phase != TurnPhase.HUMAN:
        return False
    if step.kind is StepKind.CUT and key in (pygame.K_LEFT, pygame.K_RIGHT):
        return move_cut(scene, step, 1 if key == pygame.K_RIGHT else -1)
    k = scene.selection.cut_point(step)
    if step.kind is StepKind.CUT and k is not None and key in (pygame.K_RETURN,
                                                                  pygame.K_KP_ENTER):
        scene.human_value(k)
        return True
    if step.kind is not StepKind.PLAY or scene.pending_play is not None:
        # A question's buttons (bid, cut, deal, or declare / BeloZ on a chosen card).
        name = prompts.key_button(scene.buttons, key)
        return scene.press(name) if name is not None else False
    hand = scene.hands[0]
    if not hand:
        return False
    if key in (pygame.K_LEFT, pygame.K_RIGHT):
        sel = scene.selection.move(1 if key == pygame.K_RIGHT else -1, len(hand))
        why = scene.illegal_text(hand[sel])
        scene.words.tell(why or "")
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.sel is not None:
        scene.try_play(hand[min(scene.sel, len(hand) - 1)])
        return True
    if pygame.K_1 <= key <= pygame.K_8:
        i = key - pygame.K_1
        if i < len(hand):
            scene.selection.select(i)
            scene.try_play(hand[i])
        return True
    return False


def raise_selected(scene: TableScene, mine: bool) -> None:
    """The card the arrows selected is drawn over its neighbours while the person is to
    play (a dimmed one, raised only a little, stayed half hidden by the next card); its
    own place in the hand comes back when the selection moves on, unless the hand was laid
    out again meanwhile.  The mouse's card is left as it was."""
    hand = scene.hands[0]
    sel = scene.selection
    want = hand[sel.sel] if mine and sel.sel is not None and sel.sel < len(hand) else None
    if sel.raised is not None:
        card, before, given = sel.raised
        sp = scene.sprites[card]
        if card != want or sp.z != given:
            if sp.z == given:
                sp.z = before
            sel.raised = None
    if want is not None and sel.raised is None:
        sp = scene.sprites[want]
        top = max(scene.sprites[c].z for c in hand) + 1
        sel.raised = (want, sp.z, top)
        sp.z = top


def move_cut(scene: TableScene, step: Any, by: int) -> bool:
    """The arrows at the cut: the cut point ``by`` cards on (from the middle the first
    time), within what the ruleset lets a cut take; its packet rises as under the mouse and
    the button says how many cards Enter cuts."""
    low = scene.flow.match.ruleset.min_cut
    k = scene.selection.cut_point(step)
    k = int(step.data.get("default", 16)) if k is None else k
    k = max(low, min(32 - low, k + by))
    scene.selection.cut = (step, k)
    prompts.button_row(scene, [("cut", scene.t("table.button.cut_here", n=k))])
    return True


def open_history(scene: TableScene) -> bool:
    """The hand so far as the person saw it (``beloz.ui.history_view``), over the table:
    the hand being played, or on the score screen the one just scored."""
    flow = scene.flow
    v = scene.view_of(flow.hand if flow.hand is not None else flow.last_hand)
    if v is None:
        return False
    from beloz.ui.history_view import HistoryScene

    scene.selection.hide_last()
    # The flow keeps the hand's cut until the next one (not in a save of a hand under way);
    # once the next pack is cut, the hand just scored is no longer the one it was cut for.
    cut = None if flow.hand is None and flow.stage == Stage.DEAL else flow.cut_at
    scene.app.push(HistoryScene(scene.app, v, scene.seat_name, cut))
    return True


def hand_card_at(scene: TableScene, pos: tuple[int, int]) -> int | None:
    """The card of the person's hand under ``pos`` (the topmost), or None."""
    for c in reversed(scene.hands[0]):
        if scene.sprites[c].rect().collidepoint(pos):
            return c
    return None


def cut_index_at(scene: TableScene, pos: tuple[int, int]) -> int | None:
    """How many cards a click at ``pos`` on the spread pack cuts, or None."""
    xs = [scene.sprites[c].x for c in scene.deck]
    return scene.layout.cut_at(xs, pos, scene.flow.match.ruleset.min_cut)


def update_hover(scene: TableScene) -> None:
    """Lift the card under the mouse or the keyboard's selection, dim the illegal ones, say
    why a card under a resting mouse may not be played, raise the packet a click would cut."""
    pos = scene.pointer.pos
    if pos is None:
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            pos = None
    card = hand_card_at(scene, pos) if pos is not None and scene.hands[0] else None
    mine = scene.my_play_step()
    # Also when the turn comes with the mouse already resting on a dimmed card.
    if (card, mine) != scene.pointer.seen:
        scene.pointer.seen = (card, mine)
        if card is not None and mine and scene.pending_play is None:
            scene.words.tell(scene.illegal_text(card) or "")
    scene.selection.hover_over(card)
    legal = set(scene.step.data.get("legal", ())) if mine and scene.step else set()
    lift = scene.layout.ch * 0.14
    for i, c in enumerate(scene.hands[0]):
        sp = scene.sprites[c]
        selected = scene.sel is not None and i == scene.sel
        raised = c == scene.hover or selected
        playable = mine and c in legal
        # Only a card that may be played rises under the mouse; a dimmed card chosen with
        # the arrow keys rises a little, so the person sees where the selection is.
        if (raised and playable) or c == scene.pending_play:
            target = lift
        elif selected and mine:
            target = lift * 0.35
        else:
            target = 0.0
        if scene.fast or not scene.pace.motion:  # no motion: the card is up or down at once
            sp.lift = target
        else:
            sp.lift += (target - sp.lift) * min(1.0, 0.3)
            if abs(target - sp.lift) < 0.25:  # settled: the table can fall still
                sp.lift = target
        sp.dim = mine and c not in legal
        sp.glow = playable and raised
        sp.ring = selected and mine and not playable
    for c in range(32):
        if c not in scene.hands[0]:
            s = scene.sprites[c]
            s.lift, s.dim, s.ring = 0.0, False, False
            s.glow = c == scene.win_card
    raise_selected(scene, mine)
    step = scene.step
    if step is not None and step.kind is StepKind.CUT and scene.phase == TurnPhase.HUMAN:
        # The packet a click would cut rises under the mouse; off the pack, the one the
        # arrow keys chose (none until they are used).
        k = (cut_index_at(scene, pos) if pos else None) or scene.selection.cut_point(step) or 0
        for c in scene.deck[:k]:
            scene.sprites[c].lift = scene.layout.ch * 0.12
