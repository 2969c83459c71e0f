"""The card table: the first-dealer draw, the cut, the deal, the bidding, the play and the
hand's score, animated step by step.

The scene (its step loop in ``steps``) asks ``GameFlow`` (``match_flow``: new or resumed)
for the next step, asks the person (``prompts``: buttons, clicks, keys through ``input``; a
chosen card's questions through ``card_play``) or a computer player (on the worker) for its
value, animates it (``animations``), and only when the animation has finished applies the
step to the flow.  Where each card lies is the scene's own model (``zones``: deck, hands,
trick, piles, turned card); sprites glide to the places ``layout`` computes for them.
``hud`` and ``plates`` draw the rest and change nothing.
"""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from beloz.rules.cards import ANIMALS, sort_key
from beloz.rules.state import HandState, Phase, SeatView
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, PANEL
from beloz.ui.game import Stage, Step, StepKind
from beloz.ui.scene import Scene
from beloz.ui.scenes import score as score_panel
from beloz.ui.scenes.table import (
    animations,
    card_play,
    hints,
    hud,
    match_flow,
    plates,
    prompts,
    replay,
    steps,
)
from beloz.ui.scenes.table import input as table_input
from beloz.ui.scenes.table.jobs import Job, Jobs
from beloz.ui.scenes.table.layout import Layout, Place, card_places, z_order
from beloz.ui.scenes.table.pace import Pace
from beloz.ui.scenes.table.paint import Painter
from beloz.ui.scenes.table.texts import FALLBACK
from beloz.ui.scenes.table.turn import Turn, TurnPhase
from beloz.ui.scenes.table.words import Bubbles, Words
from beloz.ui.scenes.table.zones import Zone, Zones, zones_from_flow
from beloz.ui.sprites import EASE_OUT, CardImages, CardSprite, Tweens, draw_card
from beloz.ui.widgets import button_id

if TYPE_CHECKING:
    from beloz.ai.review import Hint
    from beloz.practice.problem import Problem


def set_scene(app: App, scene: Scene) -> None:
    """Show ``scene`` in place of the top one (pushed on an empty stack)."""
    for name in ("replace", "push"):
        fn = getattr(app, name, None)
        if fn is not None:
            try:
                fn(scene)
                return
            except Exception:  # noqa: BLE001 - replace on an empty stack: push instead
                continue


class TableScene(Scene):
    """The game table.  ``resume`` continues the saved match; ``autoplay`` has four computer
    players play a whole match, prints the final score and quits."""

    # The zones (which card lies where) read and moved through the scene.
    deck: Zone[list[int]] = Zone()
    hands: Zone[list[list[int]]] = Zone()
    trick: Zone[list[tuple[int, int]]] = Zone()
    piles: Zone[list[list[int]]] = Zone()
    turned: Zone[int | None] = Zone()
    draw_cards: Zone[dict[int, int]] = Zone()

    def __init__(
        self,
        app: App,
        new_match: bool = False,
        resume: bool = False,
        autoplay: bool = False,
        seed: int | None = None,
    ) -> None:
        super().__init__(app)
        self.autoplay = autoplay
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        settings = getattr(app, "settings", None)
        self.level = str(getattr(settings, "level", "standard"))
        self.flow = match_flow.make_flow(self, resume)
        self.flow.on_save_error = self.save_error
        self.layout = self._layout(self._size())
        self.tweens = Tweens()
        self.sprites = {c: CardSprite(c) for c in range(32)}
        self.zones = Zones()
        # What the table says (words.py): the question, the message, the banner, bubbles.
        self.words = Words()
        self.bubbles = Bubbles()
        # The step on the table and where it stands: changed only by Turn's own methods.
        self.turn = Turn()
        self.jobs = Jobs(app)
        self.buttons: dict[str, Any] = {}
        self.pointer = table_input.Pointer()  # where the mouse rests, the hover last seen
        self._paused = False
        self.fixed_buttons: dict[str, Any] = {}
        # The arrows' card, the card under the mouse, the last expedition shown (input.py).
        self.selection = table_input.Selection()
        # The chosen card's questions and the person's answers so far (card_play.py).
        self.chosen = card_play.Chosen()
        self.score_shown: Step | None = None
        self._zc = 0
        self.painter = Painter(app)
        self.images = CardImages(getattr(app, "art", None), self.font, self.animal_name)
        self.images.classic = bool(getattr(settings, "classic_overlay", False))
        self.auto_declare = bool(getattr(settings, "auto_declare", True))
        self.pace = Pace.of(settings)  # pauses, flights (none with the animations off), bubbles
        self.final_line: str | None = None
        self.win_card: int | None = None  # the expedition's master card, shown before it goes
        # A hint on the person's question (hints.py): the step it answers, the worker's job.
        self.hinting = hints.Hinting()
        self.kept_hands: list[hints.HandKept] = self.flow.kept  # saved with the match
        self.deal_codes: dict[int, str] = {}  # the deals' short codes (replay.py)
        # A practice hand: the scene its end leads back to (a replayed deal's, the match's
        # table; a practice problem played on, the Practice screen).
        self.replay_of: Scene | None = None
        self.problem: Problem | None = None  # a problem played on ("again": its decision)
        self._seen: tuple | None = None  # what was on screen when last drawn (needs_redraw)
        # The person's view last asked for, with the hand and its number of actions then.
        self._view: tuple[HandState, int, SeatView] | None = None
        self.zones_from_state()
        self.place_all(0)

    # -- set-up ---------------------------------------------------------------------------

    def _size(self) -> tuple[int, int]:
        size = getattr(self.app, "size", None)
        if size:
            return (int(size[0]), int(size[1]))
        screen = getattr(self.app, "screen", None)
        return screen.get_size() if screen is not None else (1280, 800)

    def _layout(self, size: tuple[int, int]) -> Layout:
        return Layout((int(size[0]), int(size[1])), self.flow.match.ruleset.direction)

    @property
    def fast(self) -> bool:
        return bool(getattr(self.app, "fast", False))

    def notify(self, text: str) -> None:
        fn = getattr(self.app, "notify", None)
        if fn is not None:
            fn(text)

    def save_error(self, error: str) -> None:
        # Said once a file and session (GameFlow._tell): it stays until clicked.
        text = self.t("table.saving_failed", error=error) + " " + self.t("files.said_once")
        fn = getattr(self.app, "notify", None)
        if fn is not None:
            try:
                fn(text, seconds=None)
            except TypeError:  # an app without notices that stay
                fn(text)

    def t(self, key: str, **kw: Any) -> str:
        text = key
        tr = getattr(self.app, "tr", None)
        if tr is not None:
            try:
                text = tr(key, **kw)
            except Exception:  # noqa: BLE001
                text = key
        if text == key or not text:
            text = FALLBACK.get(key, key)
            for k, v in kw.items():
                text = text.replace("%{" + k + "}", str(v))
        return text

    # Drawing primitives, also used by the score panel (``score.draw``).

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.painter.font(size, bold)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: tuple[int, int, int] = CREAM, bold: bool = False,
             anchor: str = "center", shadow: bool = True) -> pygame.Rect:
        return self.painter.text(surface, text, pos, size, colour, bold, anchor, shadow)

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> int:
        return self.painter.fit(text, size, width, bold)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple[int, int, int, int] = PANEL,
              border: tuple[int, int, int] | None = None, radius: int = 10) -> None:
        self.painter.panel(surface, rect, colour, border, radius)

    def plain_chip(self, surface: pygame.Surface, plain: int, center: tuple[int, int],
                   rad: int, faded: bool = False) -> None:
        self.painter.plain_chip(surface, plain, center, rad, faded)

    def animal_name(self, card: int) -> str:
        return self.t(f"animal.{ANIMALS[card & 7]}")

    def plain_name(self, plain: int) -> str:
        return self.t(f"table.plain.{plain}")

    def seat_name(self, seat: int) -> str:
        return self.t(f"table.seat.{seat}")

    @property
    def match_table(self) -> TableScene:
        """The table whose match this hand is of (its save, its reviews): a replayed deal's
        is the match's table; any other hand's (a problem played on too) is its own."""
        return self.replay_of if isinstance(self.replay_of, TableScene) else self

    @property
    def practice_screen(self) -> Scene | None:
        """The Practice screen a problem played on goes back to (its end, the pause's
        Menu); None at any other table."""
        return self.replay_of if self.match_table is self else None

    def dur(self, seconds: float) -> float:  # a pause (``pace.Pace``); none in fast mode
        return 0.0 if self.fast else self.pace.dur(seconds)

    def move(self, seconds: float) -> float:  # a card's flight or turn, the same
        return 0.0 if self.fast else self.pace.move(seconds)

    @property
    def step(self) -> Step | None:
        """The turn's step (``turn.Turn``: read here, changed there)."""
        return self.turn.step

    @property
    def phase(self) -> TurnPhase:
        return self.turn.phase

    @property
    def job(self) -> Job | None:
        return self.turn.job

    @property
    def pending_play(self) -> int | None:
        """The person's chosen card, its questions on show (``card_play.Chosen``)."""
        return self.chosen.card

    @property
    def hint(self) -> Hint | None:
        """The hint on show (``hints.Hinting``: read here, changed there)."""
        return self.hinting.hint

    @property
    def hint_step(self) -> Step | None:
        return self.hinting.step

    @property
    def prompt(self) -> str:
        """The question's line (``words.Words``: read here, changed there)."""
        return self.words.prompt

    @property
    def message(self) -> str:
        return self.words.message

    @property
    def banner(self) -> str:
        return self.words.banner

    @property
    def sel(self) -> int | None:
        """The arrows' card in the person's hand (``input.Selection``, changed there)."""
        return self.selection.sel

    @property
    def hover(self) -> int | None:
        return self.selection.hover

    @property
    def show_last(self) -> bool:
        return self.selection.show_last

    # -- what the person knows ---------------------------------------------------------------

    def view(self) -> SeatView | None:
        """What the person may know of the hand being played (``HandState.view(0)``), or
        None.  The table reads the whole ``HandState`` only where it needs every seat's real
        cards (the zones, the score screen, the deal's code, the engine's questions)."""
        return self.view_of(self.flow.hand)

    def view_of(self, hand: HandState | None) -> SeatView | None:
        """The person's view of ``hand``, kept while its actions are (read every frame)."""
        if hand is None:
            return None
        actions = len(hand.bids) + 4 * len(hand.tricks) + len(hand.trick)
        kept = self._view
        if kept is None or kept[0] is not hand or kept[1] != actions:
            kept = self._view = (hand, actions, hand.view(0))
        return kept[2]

    def forget_view(self) -> None:  # actions taken back: as many others may follow
        self._view = None

    @property
    def trump(self) -> int | None:
        flow = self.flow
        v = self.view_of(flow.hand if flow.hand is not None or flow.stage != Stage.SCORE
                         else flow.last_hand)
        # An auction sets the contract on every call: it is only proposed (the HUD's chip)
        # and floods no card until three passes end the auction.
        if v is None or v.phase is Phase.BIDDING:
            return None
        return v.trump

    # -- lifecycle ------------------------------------------------------------------------

    def enter(self) -> None:
        self.layout = self._layout(self._size())
        self._build_fixed_buttons()
        self.place_all(0)

    def exit(self) -> None:
        self.flow.leave()  # the window closes or the player leaves: keep the match
        self.kill_buttons()
        for b in self.fixed_buttons.values():
            b.kill()
        self.fixed_buttons.clear()
        self.turn.drop_job()
        self.hinting.forget()
        self.jobs.shutdown()

    def pause(self) -> None:
        self._paused = True
        for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
            b.hide()

    def resume(self) -> None:
        self._paused = False
        for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
            b.show()
        settings = getattr(self.app, "settings", None)  # those changed from the pause menu
        if settings is not None:
            self.images.classic = bool(getattr(settings, "classic_overlay", False))
            self.auto_declare = bool(getattr(settings, "auto_declare", True))
            self.pace = Pace.of(settings)
            self._build_fixed_buttons()  # the Undo button follows its setting
        steps.back_on_top(self)  # the spoken table says where the table stands

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size)  # the ruleset's direction too (classique: clockwise)
        self._build_fixed_buttons()
        # Cards in flight would land on the old layout's places (a hand off a smaller
        # window): the running animations end now, then every card takes its new place.
        self.tweens.finish_all()
        self.place_all(0)
        self.turn.redo()  # the same question, laid out for the new size (and language)
        if self._paused:  # under the pause menu or the settings: stay hidden
            for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
                b.hide()

    def retranslate(self) -> None:
        """The language changed: card names, buttons and prompts in the new one."""
        self.images.clear()
        self.resize(self._size())

    # -- buttons --------------------------------------------------------------------------

    def button(self, rect: pygame.Rect, text: str, store: dict[str, Any], name: str,
               object_id: str | None = None) -> Any:
        """A button of the table, kept in ``store`` under ``name`` (one there before is
        removed); None without a UI manager."""
        ui = getattr(self.app, "ui", None)
        if ui is None:
            return None
        if name in store:
            store[name].kill()
        btn = pygame_gui.elements.UIButton(
            rect, text, manager=ui, object_id=button_id(self.layout.size, object_id)
        )
        store[name] = btn
        return btn

    def kill_buttons(self) -> None:
        """The question's buttons go: no question is on show any more."""
        for b in self.buttons.values():
            b.kill()
        self.buttons.clear()
        self.turn.on_redo(None)

    def _build_fixed_buttons(self) -> None:
        L = self.layout
        menu, history = self.t("table.button.menu"), self.t("history.button")
        hint = self.t("teach.button_hint")
        # As wide as the longer label needs (French "Expéditions (E)" at 960 px).  The hand
        # so far (E) shows the last expedition too, as its last row: its button takes the
        # place of Last expedition's (key L still shows that one alone); a fourth button
        # would reach the person's name plate in a small window.
        f = self.font(L.font_px)
        w = max(150, round(L.W * 0.15), max(f.size(t)[0] for t in (menu, history, hint)) + 28)
        h = score_panel.fixed_button_height(L.font_px)
        x = L.pad
        y = L.H - L.pad - h
        self.button(pygame.Rect(x, y, w, h), menu, self.fixed_buttons, "menu")
        self.button(pygame.Rect(x, y - h - 6, w, h), history, self.fixed_buttons, "history")
        self.button(pygame.Rect(x, y - 2 * (h + 6), w, h), hint, self.fixed_buttons, "hint")
        if getattr(getattr(self.app, "settings", None), "allow_undo", False):
            # Under the score box, top left: the column at the bottom would reach the
            # person's name plate in a small window.
            top = L.pad + score_panel.hud_height(L.font_px) + round(L.font_px * 1.8)  # escrow
            self.button(pygame.Rect(x, top, w, h), self.t("teach.button_undo"),
                        self.fixed_buttons, "undo")
        elif "undo" in self.fixed_buttons:
            self.fixed_buttons.pop("undo").kill()

    # -- zones → sprites -------------------------------------------------------------------

    def zones_from_state(self) -> None:
        """Put every card where the flow's state says it is (no animation)."""
        self.zones = zones_from_flow(self.flow)
        self.sort_hand()

    def sort_hand(self) -> None:
        self.hands[0].sort(key=lambda c: sort_key(c, self.trump))

    def dealer(self) -> int:
        return self.flow.match.dealer

    def targets(self) -> dict[int, Place]:
        """card -> (x, y, angle, face_up, width) for the current zones."""
        return card_places(self.layout, self.zones, self.dealer())

    def z_order(self) -> list[int]:
        return z_order(self.zones)

    def place_all(self, duration: float, delays: dict[int, float] | None = None,
                  on_start: dict[int, Any] | None = None, ease: Any = EASE_OUT,
                  lift_moving: bool = True) -> None:
        """Send every sprite to its zone's place; moving cards glide over ``duration``."""
        animations.place_all(self, duration, delays, on_start, ease, lift_moving)

    # -- the flow ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        steps.update(self, dt)
        self._sync_hint_button()

    def _sync_hint_button(self) -> None:
        """The Hint button looks as it acts: enabled only on the person's bid or card
        (not during the cut, the deal, a computer's turn or the score)."""
        b = self.fixed_buttons.get("hint")
        if b is None or self._paused:
            return
        allowed = hints.hint_allowed(self)
        if allowed != bool(b.is_enabled):
            if allowed:
                b.enable()
            else:
                b.disable()

    def human_value(self, value: Any) -> None:
        """The person has chosen: animate it."""
        step = self.step
        if self.phase is not TurnPhase.HUMAN or step is None:
            return
        self.kill_buttons()
        self.words.clear()
        steps.animate(self, step, value)

    def ann_name(self, kind: str) -> str:
        return self.t(f"announcement.{kind}")

    # -- the person's turn ----------------------------------------------------------------

    def cut_index_at(self, pos: tuple[int, int]) -> int | None:
        """How many cards a click at ``pos`` on the spread pack cuts, or None."""
        return table_input.cut_index_at(self, pos)

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the person's hand under ``pos`` (the topmost), or None."""
        return table_input.hand_card_at(self, pos)

    def illegal_text(self, card: int) -> str | None:
        return card_play.illegal_text(self, card)

    def my_play_step(self) -> bool:
        """The person is to play a card, nothing chosen yet or a card's questions on show."""
        s = self.step
        return (s is not None and s.kind is StepKind.PLAY and s.human
                and self.phase == TurnPhase.HUMAN)

    def try_play(self, card: int) -> bool:
        """The person chose ``card``: play it, or explain why not.  True when accepted."""
        return card_play.try_play(self, card)

    # -- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return table_input.handle_event(self, event)

    def press(self, name: str) -> bool:
        """A button of the scene, by name (also used by keys and tests)."""
        step = self.step
        if step is None:
            return False
        if name == "next" and step.kind is StepKind.SCORE:
            self.kill_buttons()
            self.turn.animate(None)
            animations.gather_for_next_hand(self)
            return True
        if name == "new_match" and step.kind is StepKind.MATCH_END:
            set_scene(self.app, TableScene(self.app, new_match=True))
            return True
        if name == "menu_end":
            self.open_menu(final=True)
            return True
        if name == "hint":
            return hints.request(self)
        if name == "undo":
            return hints.take_back(self)
        if name == "again" and step.kind is StepKind.SCORE:
            return replay.play_again(self)
        if name == "back_to_match" and self.replay_of is not None:
            self.app.pop()
            return True
        if name == "review" and step.kind is StepKind.SCORE:
            return hints.open_review(self)
        if self.phase != TurnPhase.HUMAN:
            return False
        value = prompts.answer(name, step)
        if value is not prompts.NO_ANSWER:
            self.human_value(value)
            return True
        return card_play.answer(self, name)  # a question of the chosen card

    def open_menu(self, final: bool = False) -> None:
        """The pause menu (Escape, Menu); ``final``: back to the main menu (the match's end)."""
        if final and hasattr(self.app, "to_menu"):
            self.app.to_menu()
        elif hasattr(self.app, "open_pause"):
            self.app.open_pause()
        elif hasattr(self.app, "pop"):
            self.app.pop()

    # -- animations -----------------------------------------------------------------------

    def sound(self, name: str) -> None:
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None and not self.fast:
            with contextlib.suppress(Exception):  # no sound card: play on in silence
                sounds.play(name)

    def say(self, seat: int, text: str, gold: bool = False, held: bool = False) -> None:
        """``seat`` says ``text`` in a bubble by its place, as long as ``Pace.bubble`` says."""
        ttl, kept = self.pace.bubble(held, self.fast)
        self.bubbles.say(seat, text, ttl, gold, kept)

    # -- drawing --------------------------------------------------------------------------

    def needs_redraw(self) -> bool:
        """True while anything on the table moves or counts down (tweens, a pause, speech
        bubbles), and once after anything drawn changed (a step, a prompt, a message, a
        hovered card, the score); False while the table waits, still, for the person or a
        computer player: the window then skips drawing and slows its frame rate."""
        if self.tweens.busy or self.turn.wait > 0 or self.bubbles.counting:
            self._seen = None
            return True
        seen = hud.look(self)
        if seen != self._seen:
            self._seen = seen
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        self.painter.table(surface, L.size, self.trump)
        for c in sorted(range(32), key=lambda c: self.sprites[c].z):
            draw_card(surface, self.images, self.sprites[c], self.trump, L.small)
        plates.draw(self, surface)
        self._draw_revealed(surface)
        hud.draw_panels(self, surface)
        for b in self.bubbles:
            hud.draw_bubble(self, surface, b)
        hud.draw_texts(self, surface)
        hints.draw(self, surface)
        if self.score_shown is not None:
            self._draw_score(surface, self.score_shown)
        if self.show_last:  # over the score too: L there shows the hand's last expedition
            self._draw_last(surface)

    def _draw_revealed(self, surface: pygame.Surface) -> None:
        hud.draw_revealed(self, surface)

    def _draw_last(self, surface: pygame.Surface) -> None:
        hud.draw_last(self, surface)

    def _draw_score(self, surface: pygame.Surface, step: Step) -> None:
        # The whole hand: the score screen shows every seat's announcements and points.
        hand = self.flow.last_hand
        score_panel.draw(self, surface, step, hand)
