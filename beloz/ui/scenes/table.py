"""The card table: the first-dealer draw, the cut, the deal, the bidding, the play and the
hand's score, animated step by step.

The scene asks ``GameFlow`` for the next step, asks the person (buttons, clicks, keys) or a
computer player (on the worker thread) for its value, animates it, and only when the
animation has finished applies the step to the flow.  Where each card lies is the scene's
own model (``deck``, ``hands``, ``trick``, ``piles``, ``turned``); sprites glide to the places
``Layout`` computes for it.
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from beloz.rules import cards as C
from beloz.rules.cards import ANIMALS, PLAINS, sort_key
from beloz.rules.state import PASS, TAKE, Phase, action_plain, name_action
from beloz.rules.tricks import Reason
from beloz.ui.game import GameFlow, Step, StepKind
from beloz.ui.scene import Scene
from beloz.ui.scenes import score as score_panel
from beloz.ui.sprites import (
    EASE_IN_OUT,
    EASE_OUT,
    CardImages,
    CardSprite,
    Layout,
    Tween,
    Tweens,
    draw_card,
)

try:
    import pygame_gui
except ImportError:  # pragma: no cover - pygame_gui is a pinned dependency
    pygame_gui = None

# English strings used when the translation layer lacks a key (it answers the key itself).
FALLBACK = {
    "animal.crocodile": "Crocodile",
    "animal.elephant": "Elephant",
    "animal.leopard": "Leopard",
    "animal.lion": "Lion",
    "animal.meerkat": "Meerkat",
    "animal.monkey": "Monkey",
    "animal.rhinoceros": "Rhinoceros",
    "animal.water_snake": "Water snake",
    "announcement.carre": "Carré",
    "announcement.quarte": "Quarte",
    "announcement.quinte": "Quinte",
    "announcement.tierce": "Tierce",
    "table.beloz": "BeloZ!",
    "table.button.beloz": "BeloZ!",
    "table.button.cut": "Cut in the middle",
    "table.button.deal23": "Deal 2 then 3",
    "table.button.deal32": "Deal 3 then 2",
    "table.button.declare": "Declare",
    "table.button.last": "Last expedition (L)",
    "table.button.menu": "Menu (Esc)",
    "table.button.new_match": "New match",
    "table.button.next_hand": "Next hand",
    "table.button.pass": "Pass",
    "table.button.quiet": "Keep quiet",
    "table.button.take": "Take %{plain}",
    "table.dealer": "Dealer",
    "table.declare_q": "Declare %{what}?",
    "table.draw.title": "Drawing for the first dealer: the lowest number deals",
    "table.draw.again": "A tie: those players draw again",
    "table.draw.deals": "%{name} deals",
    "table.flooded": "Flooded plain",
    "table.flooded_none": "Not yet flooded",
    "table.hand_no": "Hand %{n}",
    "table.last.none": "No expedition played yet",
    "table.last.title": "Last expedition, won by %{name}",
    "table.prompt.bid1": "Take the turned card's plain, %{plain}, or pass?",
    "table.prompt.bid2": "Second round: name a plain to flood, or pass",
    "table.prompt.beloz_q": "Say BeloZ?",
    "table.prompt.cut": "Your cut: click the pack where to cut",
    "table.prompt.deal": "You deal: 3 cards then 2, or 2 then 3?",
    "table.prompt.play": "Your turn: play a card",
    "table.prompt.play_some": "Your turn: the dimmed cards may not be played",
    "table.prompt.rebeloz_q": "Say Re-BeloZ?",
    "table.reason.must_follow": "You must follow %{plain}",
    "table.reason.must_overtrump": "You must over-intercept",
    "table.reason.must_raise": "You must climb",
    "table.reason.must_trump": "You must intercept",
    "table.reason.must_undertrump": "You must undertrump",
    "table.reason.not_your_turn": "Wait for your turn",
    "table.rebeloz": "Re-BeloZ!",
    "table.redeal": "Everybody passed: the cards are gathered and the next dealer deals",
    "table.saving_failed": "The game could not be saved: %{error}",
    "table.say.pass": "Pass",
    "table.say.take": "I take!",
    "table.say.name": "%{plain}!",
    "table.score.them": "Them",
    "table.score.target": "Target %{n}",
    "table.score.us": "Us",
    "table.shown": "Announcements",
    "table.shown_by": "%{name}: %{what}",
    "table.taker": "Taker",
    "table.taken_by": "Taken by %{name}",
    "table.taken_by_you": "Taken by you",
    "table.ai_error": "A computer player failed (%{error}): it plays a legal card instead",
    "table.turned": "Turned card",
    "table.plain.0": "North",
    "table.plain.1": "East",
    "table.plain.2": "South",
    "table.plain.3": "West",
    "table.partner": "partner",
    "table.seat.0": "You",
    "table.seat.1": "Kito",
    "table.seat.2": "Amani",
    "table.seat.3": "Juma",
}
FALLBACK.update(score_panel.FALLBACK)

REASON_KEYS = {
    Reason.MUST_FOLLOW: "table.reason.must_follow",
    Reason.MUST_RAISE: "table.reason.must_raise",
    Reason.MUST_TRUMP: "table.reason.must_trump",
    Reason.MUST_OVERTRUMP: "table.reason.must_overtrump",
    Reason.MUST_UNDERTRUMP: "table.reason.must_undertrump",
    Reason.NOT_YOUR_TURN: "table.reason.not_your_turn",
}

PLAIN_RGB = ((0x00, 0x72, 0xB2), (0x00, 0x9E, 0x73), (0xD5, 0x5E, 0x00), (0xE6, 0x9F, 0x00))
GOLD = (255, 214, 90)
CREAM = (250, 244, 228)
INK = (0x3A, 0x2A, 0x1F)
PANEL = (20, 32, 26, 200)

# Base durations in seconds (divided by settings.animation_speed).
T_FLY = 0.32
T_DEAL_GAP = 0.07
T_BUBBLE = 1.1
T_THINK_BID = 0.55
T_THINK_PLAY = 0.35


class Bubble:
    def __init__(self, seat: int, text: str, ttl: float, gold: bool = False) -> None:
        self.seat, self.text, self.ttl, self.gold = seat, text, ttl, gold


def _set_scene(app: Any, scene: Scene) -> None:
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

    def __init__(
        self,
        app: Any,
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
        self.flow = self._make_flow(resume)
        self.flow.on_save_error = self._save_error
        self.layout = Layout(self._size())
        self.tweens = Tweens()
        self.sprites = {c: CardSprite(c) for c in range(32)}
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[], [], [], []]
        self.trick: list[tuple[int, int]] = []
        self.piles: list[list[int]] = [[], [], [], []]
        self.turned: int | None = None
        self.draw_cards: dict[int, int] = {}
        self.bubbles: list[Bubble] = []
        self.message = ""
        self.prompt = ""
        self.banner = ""
        self.wait = 0.0
        self.step: Step | None = None
        self.phase = "idle"  # decide | human | anim | idle
        self.value: Any = None
        self.job: Any = None
        self._pool: ThreadPoolExecutor | None = None
        self.buttons: dict[str, Any] = {}
        # Builds the current buttons and prompt again (resize, language change).
        self._redo: Any = None
        self._paused = False
        self.fixed_buttons: dict[str, Any] = {}
        self.hover: int | None = None  # a card of the person's hand under the mouse
        self.sel: int | None = None  # keyboard selection: index in hands[0]
        self.show_last = False
        self.cut_hover: int | None = None
        self.pending_play: int | None = None  # chosen card awaiting the declare dialog
        self.pending_ann = True
        self.beloz_choice: bool | None = None  # the person's answer for BeloZ
        self.score_shown: Step | None = None
        self._zc = 0
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text_cache: dict[tuple, tuple[pygame.Surface, pygame.Surface | None]] = {}
        self._panel_cache: dict[tuple, pygame.Surface] = {}
        self.images = CardImages(getattr(app, "art", None), self.font, self.animal_name)
        self.images.classic = bool(getattr(settings, "classic_overlay", False))
        self.auto_declare = bool(getattr(settings, "auto_declare", True))
        self.speed = max(0.25, float(getattr(settings, "animation_speed", 1.0) or 1.0))
        self.final_line: str | None = None
        self.win_card: int | None = None  # the expedition's master card, shown before it goes
        self.zones_from_state()
        self.place_all(0)

    # -- set-up ---------------------------------------------------------------------------

    def _make_flow(self, resume: bool) -> GameFlow:
        settings = getattr(self.app, "settings", None)
        target = getattr(settings, "target", None)
        ruleset = None
        try:
            from beloz.rules.ruleset import get

            ruleset = get(str(getattr(settings, "ruleset", "beloz")))
        except ValueError:
            ruleset = None
        if resume:
            try:
                from beloz.savegame import load_game

                saved, messages = load_game()
                for m in messages:
                    self.notify(m)
                if saved is not None:
                    return GameFlow.resume(saved, level=self.level)
            except Exception as exc:  # noqa: BLE001 - a bad save starts a new match
                self.notify(str(exc))
        kw: dict[str, Any] = {"target": target if isinstance(target, int) else None}
        if ruleset is not None:
            kw["ruleset"] = ruleset
        return GameFlow(self.seed, level=self.level, autoplay=self.autoplay, **kw)

    def _size(self) -> tuple[int, int]:
        size = getattr(self.app, "size", None)
        if size:
            return (int(size[0]), int(size[1]))
        screen = getattr(self.app, "screen", None)
        return screen.get_size() if screen is not None else (1280, 800)

    @property
    def fast(self) -> bool:
        return bool(getattr(self.app, "fast", False))

    def notify(self, text: str) -> None:
        fn = getattr(self.app, "notify", None)
        if fn is not None:
            fn(text)

    def _save_error(self, error: str) -> None:
        self.notify(self.t("table.saving_failed", error=error))

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

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        art = getattr(self.app, "art", None)
        if art is not None and hasattr(art, "font"):
            try:
                return art.font(size, bold)
            except Exception:  # noqa: BLE001
                pass
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            from pathlib import Path

            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            path = Path(__file__).resolve().parents[3] / "assets" / "fonts" / name
            f = pygame.font.Font(str(path) if path.exists() else None, size)
            self._fonts[key] = f
        return f

    def animal_name(self, card: int) -> str:
        return self.t(f"animal.{ANIMALS[card & 7]}")

    def plain_name(self, plain: int) -> str:
        return self.t(f"table.plain.{plain}")

    def seat_name(self, seat: int) -> str:
        return self.t(f"table.seat.{seat}")

    def dur(self, seconds: float) -> float:
        return 0.0 if self.fast else seconds / self.speed

    @property
    def hand(self) -> Any:
        return self.flow.hand

    @property
    def trump(self) -> int | None:
        h = self.flow.hand
        if h is None and self.flow.stage == "score" and self.flow.last_hand is not None:
            h = self.flow.last_hand
        return h.trump if h is not None else None

    # -- lifecycle ------------------------------------------------------------------------

    def enter(self) -> None:
        self.layout = Layout(self._size())
        self._build_fixed_buttons()
        self.place_all(0)

    def exit(self) -> None:
        if self.flow.stage in ("hand", "cut", "deal", "score"):
            self.flow.save()  # the window closes or the player leaves: keep the match
        self._kill_buttons()
        for b in self.fixed_buttons.values():
            b.kill()
        self.fixed_buttons.clear()
        if self.job is not None and hasattr(self.job, "cancel"):
            self.job.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def pause(self) -> None:
        self._paused = True
        for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
            b.hide()

    def resume(self) -> None:
        self._paused = False
        for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
            b.show()
        # Settings changed from the pause menu apply to the match in progress.
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            self.images.classic = bool(getattr(settings, "classic_overlay", False))
            self.auto_declare = bool(getattr(settings, "auto_declare", True))
            self.speed = max(0.25, float(getattr(settings, "animation_speed", 1.0) or 1.0))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout((int(size[0]), int(size[1])))
        self._build_fixed_buttons()
        # Cards in flight would land on the old layout's places (a hand off a smaller
        # window): the running animations end now, then every card takes its new place.
        self.tweens.finish_all()
        self.place_all(0)
        if self.phase == "human" and self._redo is not None:
            self._redo()  # the same question, laid out for the new size (and language)
        if self._paused:  # under the pause menu or the settings: stay hidden
            for b in list(self.buttons.values()) + list(self.fixed_buttons.values()):
                b.hide()

    def retranslate(self) -> None:
        """The language changed: card names, buttons and prompts in the new one."""
        self.images.clear()
        self.resize(self._size())

    # -- buttons --------------------------------------------------------------------------

    def _button(self, rect: pygame.Rect, text: str, store: dict[str, Any], name: str,
                object_id: str | None = None) -> Any:
        ui = getattr(self.app, "ui", None)
        if pygame_gui is None or ui is None:
            return None
        if name in store:
            store[name].kill()
        btn = pygame_gui.elements.UIButton(rect, text, manager=ui, object_id=object_id)
        store[name] = btn
        return btn

    def _kill_buttons(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons.clear()
        self._redo = None

    def _build_fixed_buttons(self) -> None:
        L = self.layout
        menu, last = self.t("table.button.menu"), self.t("table.button.last")
        # As wide as the longer label needs (French "Dernière expédition (L)" at 960 px).
        f = self.font(L.font_px)
        w = max(150, round(L.W * 0.15), max(f.size(menu)[0], f.size(last)[0]) + 28)
        h = score_panel.fixed_button_height(L.font_px)
        x = L.pad
        y = L.H - L.pad - h
        self._button(pygame.Rect(x, y, w, h), menu, self.fixed_buttons, "menu")
        self._button(pygame.Rect(x, y - h - 6, w, h), last, self.fixed_buttons, "last")

    def _button_row(self, items: list[tuple[str, str]], y: int | None = None,
                    plains: dict[str, int] | None = None) -> None:
        """Buttons centred above the person's hand: (name, label) pairs; ``plains`` gives
        a button its plain's colours (theme ids ``#plain_0`` .. ``#plain_3``)."""
        plains = plains or {}
        self._kill_buttons()
        L = self.layout
        h = max(34, round(L.font_px * 2.3))
        gap = 10
        f = self.font(L.font_px)
        widths = [max(round(L.cw * 1.2), f.size(label)[0] + 30) for _, label in items]
        total = sum(widths) + gap * (len(items) - 1)
        x = L.cx - total // 2
        if y is None:
            y = round(L.H - L.pad * 2 - L.ch - h - L.ch * 0.12)
        for (name, label), w in zip(items, widths, strict=True):
            p = plains.get(name)
            self._button(pygame.Rect(x, y, w, h), label, self.buttons, name,
                         None if p is None else f"#plain_{p}")
            x += w + gap

    # -- zones → sprites -------------------------------------------------------------------

    def zones_from_state(self) -> None:
        """Put every card where the flow's state says it is (no animation)."""
        flow = self.flow
        m = flow.match
        self.hands = [[], [], [], []]
        self.trick = []
        self.piles = [[], [], [], []]
        self.turned = None
        self.draw_cards = {}
        hand = flow.hand
        if flow.stage == "hand" and hand is not None:
            for s in range(4):
                self.hands[s] = C.cards_of(hand.hands[s])
            done = list(hand.tricks)
            if flow.pending_collect is not None and done:
                t = done.pop()
                self.trick = [((t.leader + i) % 4, c) for i, c in enumerate(t.cards)]
            else:
                self.trick = [((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)]
            for t in done:
                self.piles[t.winner].extend(t.cards)
            if hand.phase is Phase.BIDDING or not flow.completed:
                self.turned = hand.turned
                self.deck = list(hand.stock or ())
                if flow.completed is False and hand.taker is not None:
                    # Taken but the deal not yet shown completed: show the hands of 5.
                    self.hands = [[], [], [], []]
                    dealt = set(hand.stock or ()) | {hand.turned}
                    for s in range(4):
                        self.hands[s] = [c for c in C.cards_of(hand.hands[s]) if c not in dealt]
            else:
                self.deck = []
        elif flow.stage == "deal" and flow.cut_at is not None:
            from beloz.rules.match import cut

            self.deck = cut(list(m.pack), flow.cut_at, m.ruleset.min_cut)
        else:
            self.deck = list(m.pack)
        self.sort_hand()

    def sort_hand(self) -> None:
        self.hands[0].sort(key=lambda c: sort_key(c, self.trump))

    def dealer(self) -> int:
        return self.flow.match.dealer

    def targets(self) -> dict[int, tuple[float, float, float, bool, float]]:
        """card -> (x, y, angle, face_up, width) for the current zones."""
        L = self.layout
        out: dict[int, tuple[float, float, float, bool, float]] = {}
        dx, dy = L.deck_slot(self.dealer())
        deck_angle = 90.0 if self.dealer() in (1, 3) else 0.0
        n = len(self.deck)
        for i, c in enumerate(self.deck):
            k = (n - 1 - i) * 0.35  # the top card (index 0) sits highest
            out[c] = (dx - k, dy - k, deck_angle, False, L.cw * 0.8)
        for seat in range(4):
            slots = L.hand_slots(seat, len(self.hands[seat]))
            for c, (x, y, a) in zip(self.hands[seat], slots, strict=True):
                if seat == 0:
                    out[c] = (x, y, 0.0, True, L.cw)
                else:
                    out[c] = (x, y, a, False, L.small)
            px, py, pa = L.pile_slot(seat)
            for i, c in enumerate(self.piles[seat]):
                k = (i // 4) * 1.5
                out[c] = (px + k, py - k, pa, False, L.small * 0.8)
        for seat, c in self.trick:
            x, y = L.trick_slot(seat)
            out[c] = (x, y, 0.0, True, L.cw)
        if self.turned is not None:
            x, y = L.turned_slot(self.dealer())
            out[self.turned] = (x, y, 0.0, True, L.cw * 0.9)
        for seat, c in self.draw_cards.items():
            x, y = L.draw_slot(seat)
            out[c] = (x, y, 0.0, True, L.cw * 0.9)
        return out

    def z_order(self) -> list[int]:
        order: list[int] = list(reversed(self.deck))
        for seat in range(4):
            order += self.piles[seat]
        for seat in (2, 1, 3, 0):
            order += self.hands[seat]
        if self.turned is not None:
            order.append(self.turned)
        order += [c for _, c in self.trick]
        order += list(self.draw_cards.values())
        return order

    def place_all(
        self,
        duration: float,
        delays: dict[int, float] | None = None,
        on_start: dict[int, Any] | None = None,
        ease: Any = EASE_OUT,
        lift_moving: bool = True,
    ) -> None:
        """Send every sprite to its zone's place; moving cards glide over ``duration``."""
        targets = self.targets()
        delays = delays or {}
        on_start = on_start or {}
        movers = []
        for z, c in enumerate(self.z_order()):
            sp = self.sprites[c]
            x, y, a, up, w = targets[c]
            sp.visible = True
            moving = (
                abs(sp.x - x) > 0.5 or abs(sp.y - y) > 0.5 or abs(sp.angle - a) > 0.5
                or abs(sp.w - w) > 0.5
            )
            if duration <= 0 or not moving:
                if moving or duration <= 0:
                    sp.x, sp.y, sp.angle, sp.w = x, y, a, w
                sp.z = z
                if sp.face_up != up:
                    sp.turn(self.tweens, up, 0 if duration <= 0 else self.dur(0.2))
                continue
            movers.append((delays.get(c, 0.0), c, (x, y, a, up, w)))
        for c in range(32):
            if c not in targets:
                self.sprites[c].visible = False
        movers.sort(key=lambda m: m[0])
        base = 1000
        for i, (delay, c, (x, y, a, up, w)) in enumerate(movers):
            sp = self.sprites[c]
            start_cb = on_start.get(c)
            z_final = base + i

            def started(sp: CardSprite = sp, z: int = z_final, cb: Any = start_cb) -> None:
                sp.z = z
                if cb is not None:
                    cb()

            if lift_moving:
                sp.z = max(sp.z, 0)
            self.tweens.add(Tween(sp, {"x": x, "y": y, "angle": a, "w": w}, duration,
                                  delay=delay, ease=ease, on_start=started))
            if sp.face_up != up:
                sp.turn(self.tweens, up, min(0.3, duration) if duration > 0 else 0,
                        delay=delay + duration * 0.2)
        # Settle the final drawing order once everything has landed.
        if movers:
            last = max(d for d, _, _ in movers) + duration
            self.tweens.add(Tween(self, {}, 0.0, delay=last, on_done=self._settle_z))
        else:
            self._settle_z()

    def _settle_z(self) -> None:
        for z, c in enumerate(self.z_order()):
            self.sprites[c].z = z

    # -- the flow ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.fast:
            for _ in range(400):
                self.tweens.finish_all()
                self.wait = 0.0
                before = (self.step, self.phase)
                self._advance()
                if self.phase in ("human", "decide") and (self.step, self.phase) == before:
                    break
                if self.final_line is not None:
                    break
            self.bubbles = []
        else:
            self.tweens.update(dt)
            if self.wait > 0:
                self.wait = max(0.0, self.wait - dt)
            for b in self.bubbles:
                b.ttl -= dt
            self.bubbles = [b for b in self.bubbles if b.ttl > 0]
            for _ in range(4):
                before = (self.step, self.phase)
                self._advance()
                if (self.step, self.phase) == before:
                    break
        self._update_hover()

    def _advance(self) -> None:
        if self.tweens.busy or self.wait > 0:
            return
        if self.step is None:
            self.step = self.flow.next_step()
            self._begin(self.step)
            return
        if self.phase == "anim":
            step, value = self.step, self.value
            snapshot = self._snapshot()
            self.flow.apply(step, value)
            self.step = None
            self.phase = "idle"
            self._after_apply(step, value, snapshot)
            return
        if self.phase == "decide" and self.job is not None and self._job_done():
            try:
                value = self._job_result()
            except Exception as exc:  # noqa: BLE001 - a broken player: fall back to a legal move
                self.notify(self.t("table.ai_error", error=exc))
                value = self._fallback_value(self.step)
            self.job = None
            self._animate(self.step, value)

    def _fallback_value(self, step: Step) -> Any:
        legal = step.data.get("legal") or [None]
        return legal[0] if step.decide is not None else None

    def _job_done(self) -> bool:
        job = self.job
        if isinstance(job, Future):
            if not job.done():
                return False
            return getattr(self, "_ready_at", 0.0) <= pygame.time.get_ticks() / 1000.0
        return bool(job.done())

    def _job_result(self) -> Any:
        return self.job.result()

    def _submit(self, fn: Any, min_delay: float) -> None:
        if self.fast:
            class _Done:
                def __init__(self) -> None:
                    self.v: Any = None
                    self.error: BaseException | None = None
                    try:
                        self.v = fn()
                    except Exception as exc:  # noqa: BLE001 - raised again by result()
                        self.error = exc

                def done(self) -> bool:
                    return True

                def result(self) -> Any:
                    if self.error is not None:  # as a worker job does: _advance falls back
                        raise self.error
                    return self.v

            self.job = _Done()
            return
        worker = getattr(self.app, "worker", None)
        if worker is not None and hasattr(worker, "submit"):
            try:
                self.job = worker.submit(fn, min_delay=min_delay)
                return
            except TypeError:
                self.job = worker.submit(fn)
                return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="beloz-ai")
        self._ready_at = pygame.time.get_ticks() / 1000.0 + min_delay
        self.job = self._pool.submit(fn)

    def _begin(self, step: Step) -> None:
        kind = step.kind
        self.value = None
        if kind is StepKind.DRAW:
            self._animate(step, None)
        elif kind in (StepKind.COMPLETE, StepKind.COLLECT, StepKind.REDEAL):
            self._animate(step, None)
        elif kind in (StepKind.SCORE, StepKind.MATCH_END):
            self._show_score(step)
        elif step.human:
            self.phase = "human"
            self._show_human_ui(step)
        elif step.decide is not None:
            self.phase = "decide"
            think = T_THINK_BID if kind is StepKind.BID else T_THINK_PLAY
            if kind in (StepKind.CUT, StepKind.DEAL):
                think = 0.3
            self._submit(step.decide, self.dur(think))
        else:
            self._animate(step, None)

    def human_value(self, value: Any) -> None:
        """The person has chosen: animate it."""
        if self.phase != "human" or self.step is None:
            return
        self._kill_buttons()
        self.prompt = ""
        self.message = ""
        self._animate(self.step, value)

    def _snapshot(self) -> dict[str, Any]:
        h = self.flow.hand
        if h is None:
            return {}
        return {"declared": [bool(d) for d in h.declared], "beloz": list(h.beloz_said)}

    def _after_apply(self, step: Step, value: Any, snap: dict[str, Any]) -> None:
        h = self.flow.hand
        kind = step.kind
        if kind is StepKind.PLAY and h is not None and step.seat is not None:
            seat = step.seat
            if snap and not snap["declared"][seat] and h.declared[seat]:
                text = " + ".join(self.ann_name(a.kind) for a in h.declared[seat])
                self.say(seat, text + "!", gold=True)
            if snap and h.beloz_said[seat] > snap["beloz"][seat]:
                first = h.beloz_said[seat] == 1
                self.say(seat, self.t("table.beloz" if first else "table.rebeloz"), gold=True)
                self.sound("beloz")
        if kind is StepKind.COMPLETE:
            self.sort_hand()
            self.place_all(self.dur(0.35))
        if kind is StepKind.SCORE:
            self.score_shown = None

    def ann_name(self, kind: str) -> str:
        return self.t(f"announcement.{kind}")

    # -- the person's turn ----------------------------------------------------------------

    def _show_human_ui(self, step: Step) -> None:
        kind = step.kind
        self.message = ""
        if kind is StepKind.BID:
            h = self.flow.hand
            if step.data["round"] == 1:
                plain = self.plain_name(h.turned >> 3)
                self.prompt = self.t("table.prompt.bid1", plain=plain)
                self._button_row([("take", self.t("table.button.take", plain=plain)),
                                  ("pass", self.t("table.button.pass"))],
                                 plains={"take": h.turned >> 3})
            else:
                self.prompt = self.t("table.prompt.bid2")
                items = []
                for a in step.data["legal"]:
                    p = action_plain(a)
                    if p is not None:
                        items.append((f"name{p}", self.plain_name(p)))
                items.append(("pass", self.t("table.button.pass")))
                self._button_row(items, plains={n: int(n[4:]) for n, _ in items
                                                if n.startswith("name")})
        elif kind is StepKind.CUT:
            self.prompt = self.t("table.prompt.cut")
            self._spread_deck()
            self._button_row([("cut", self.t("table.button.cut"))])
        elif kind is StepKind.DEAL:
            self.prompt = self.t("table.prompt.deal")
            self._button_row([("deal3", self.t("table.button.deal32")),
                              ("deal2", self.t("table.button.deal23"))])
        elif kind is StepKind.PLAY:
            self.sel = None
            self.pending_play = None
            self._play_prompt(step)
            self._redo = lambda: self._play_prompt(step)
            return
        self._redo = lambda: self._show_human_ui(step)

    def _play_prompt(self, step: Step) -> None:
        some = len(step.data["legal"]) < len(self.hands[0])
        self.prompt = self.t("table.prompt.play_some" if some else "table.prompt.play")

    def _spread_deck(self) -> None:
        """The person cuts: fan the pack across the middle of the table."""
        L = self.layout
        n = len(self.deck)
        step = min(L.cw * 0.19, (L.W * 0.6) / max(1, n))
        x0 = L.cx - step * (n - 1) / 2
        for i, c in enumerate(self.deck):
            sp = self.sprites[c]
            sp.z = 500 + (n - i)
            self.tweens.add(Tween(sp, {"x": x0 + i * step, "y": L.cy, "angle": 0.0,
                                       "w": L.cw * 0.8}, self.dur(0.3)))

    def cut_index_at(self, pos: tuple[int, int]) -> int | None:
        """How many cards a click at ``pos`` on the spread pack cuts, or None."""
        if not self.deck:
            return None
        L = self.layout
        xs = [self.sprites[c].x for c in self.deck]
        top, bottom = L.cy - L.ch * 0.5, L.cy + L.ch * 0.5
        if not (top <= pos[1] <= bottom and xs[0] - L.cw * 0.4 <= pos[0] <= xs[-1] + L.cw * 0.4):
            return None
        k = sum(1 for x in xs if x < pos[0])
        lo, hi = self.flow.match.ruleset.min_cut, 32 - self.flow.match.ruleset.min_cut
        return max(lo, min(hi, k))

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the person's hand under ``pos`` (the topmost), or None."""
        for c in reversed(self.hands[0]):
            if self.sprites[c].rect().collidepoint(pos):
                return c
        return None

    def illegal_text(self, card: int) -> str | None:
        h = self.flow.hand
        if h is None or h.phase is not Phase.PLAY:
            return None
        if h.current != 0:
            return self.t(REASON_KEYS[Reason.NOT_YOUR_TURN])
        reason = h.why_illegal(card, 0)
        if reason is None:
            return None
        key = REASON_KEYS.get(reason)
        if key is None:
            return None
        lead = h.trick[0] >> 3 if h.trick else 0
        return self.t(key, plain=self.plain_name(lead), flooded=self.plain_name(h.trump))

    def _my_play_step(self) -> bool:
        s = self.step
        return s is not None and s.kind is StepKind.PLAY and s.human and self.phase == "human"

    def try_play(self, card: int) -> bool:
        """The person chose ``card``: play it, or explain why not.  True when accepted."""
        if not self._my_play_step() or self.pending_play is not None:
            why = self.illegal_text(card)
            if why:
                self.message = why
            return False
        why = self.illegal_text(card)
        if why is not None:
            self.message = why
            return False
        h = self.flow.hand
        first = not h.tricks and 0 not in self.flow.declared_asked
        if first and h.combos[0] and not self.auto_declare:
            self._ask_declare(card)
            return True
        self.pending_ann = bool(h.declare_announcements[0]) if not first else True
        return self._beloz_then_play(card)

    def _ask_declare(self, card: int) -> None:
        h = self.flow.hand
        what = " + ".join(self.ann_name(a.kind).lower() for a in h.combos[0])
        self.pending_play = card
        self.prompt = self.t("table.declare_q", what=what)
        self._button_row([("declare", self.t("table.button.declare")),
                          ("quiet", self.t("table.button.quiet"))])
        self._redo = lambda: self._ask_declare(card)

    def _ask_beloz(self, card: int, said: int) -> None:
        self.pending_play = card
        q = "table.prompt.beloz_q" if said == 0 else "table.prompt.rebeloz_q"
        self.prompt = self.t(q)
        label = self.t("table.beloz") if said == 0 else self.t("table.rebeloz")
        self._button_row([("beloz_yes", label), ("beloz_no", self.t("table.button.quiet"))])
        self._redo = lambda: self._ask_beloz(card, said)

    def _is_beloz_card(self, card: int) -> bool:
        h = self.flow.hand
        return (
            h is not None and h.beloz_holder == 0 and h.trump == card >> 3
            and (card & 7) + 1 in (C.ELEPHANT, C.RHINOCEROS)
        )

    def _beloz_then_play(self, card: int) -> bool:
        h = self.flow.hand
        if self._is_beloz_card(card):
            said = h.beloz_said[0]
            if said == 0 and any(
                t for t in h.tricks for c in t.cards if self._is_beloz_card(c)
            ):
                # Kept quiet on the first card: the second cannot score any more.
                return self._finish_play(card, False)
            if self.auto_declare:
                return self._finish_play(card, True)
            self._ask_beloz(card, said)
            return True
        return self._finish_play(card, bool(h.declare_beloz[0]))

    def _finish_play(self, card: int, beloz: bool) -> bool:
        self.pending_play = None
        self.human_value((card, self.pending_ann, beloz))
        return True

    # -- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if pygame_gui is not None and event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        return False

    def _on_button(self, el: Any) -> bool:
        name = next((k for k, b in self.buttons.items() if b is el), None)
        fixed = next((k for k, b in self.fixed_buttons.items() if b is el), None)
        if fixed == "last":
            self.show_last = not self.show_last
            return True
        if fixed == "menu":
            self._open_menu()
            return True
        if name is None:
            return False
        return self.press(name)

    def press(self, name: str) -> bool:
        """A button of the scene, by name (also used by keys and tests)."""
        step = self.step
        if step is None:
            return False
        if name == "next" and step.kind is StepKind.SCORE:
            self._kill_buttons()
            self.phase = "anim"
            self._gather_for_next_hand()
            return True
        if name == "new_match" and step.kind is StepKind.MATCH_END:
            _set_scene(self.app, TableScene(self.app, new_match=True))
            return True
        if name == "menu_end":
            self._open_menu(final=True)
            return True
        if self.phase != "human":
            return False
        if name == "take":
            self.human_value(TAKE)
        elif name == "pass":
            self.human_value(PASS)
        elif name.startswith("name"):
            self.human_value(name_action(int(name[4:])))
        elif name == "cut":
            self.human_value(step.data.get("default", 16))
        elif name in ("deal3", "deal2"):
            self.human_value(3 if name == "deal3" else 2)
        elif name in ("declare", "quiet") and self.pending_play is not None:
            card = self.pending_play
            self.pending_ann = name == "declare"
            self._kill_buttons()
            self.prompt = self.t("table.prompt.play")
            self.pending_play = None
            self._beloz_then_play(card)
        elif name in ("beloz_yes", "beloz_no") and self.pending_play is not None:
            self._finish_play(self.pending_play, name == "beloz_yes")
        else:
            return False
        return True

    def _open_menu(self, final: bool = False) -> None:
        if final and hasattr(self.app, "to_menu"):
            self.app.to_menu()
        elif hasattr(self.app, "open_pause"):
            self.app.open_pause()
        elif hasattr(self.app, "pop"):
            self.app.pop()

    def _on_click(self, pos: tuple[int, int]) -> bool:
        if self.show_last:
            self.show_last = False
            return True
        step = self.step
        if step is None or self.phase != "human":
            c = self.hand_card_at(pos)
            if c is not None:
                why = self.illegal_text(c)
                if why:
                    self.message = why
                return True
            return False
        if step.kind is StepKind.CUT:
            k = self.cut_index_at(pos)
            if k is not None:
                self.human_value(k)
                return True
            return False
        if step.kind is StepKind.PLAY:
            c = self.hand_card_at(pos)
            if c is not None:
                self.try_play(c)
                return True
        return False

    def _on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE and self.show_last:
            self.show_last = False
            return True
        if key == pygame.K_l:
            self.show_last = not self.show_last
            return True
        step = self.step
        if step is not None and step.kind is StepKind.SCORE and key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE
        ):
            return self.press("next")
        if step is None or self.phase != "human":
            return False
        if step.kind is StepKind.BID:
            if key == pygame.K_t and step.data["round"] == 1:
                return self.press("take")
            if key == pygame.K_p:
                return self.press("pass")
            return False
        if step.kind is StepKind.CUT and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("cut")
        if step.kind is not StepKind.PLAY or self.pending_play is not None:
            return False
        hand = self.hands[0]
        if not hand:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.sel is None:
                self.sel = 0 if key == pygame.K_RIGHT else len(hand) - 1
            else:
                d = 1 if key == pygame.K_RIGHT else -1
                self.sel = (self.sel + d) % len(hand)
            why = self.illegal_text(hand[self.sel])
            self.message = why or ""
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.sel is not None:
            self.try_play(hand[min(self.sel, len(hand) - 1)])
            return True
        if pygame.K_1 <= key <= pygame.K_8:
            i = key - pygame.K_1
            if i < len(hand):
                self.sel = i
                self.try_play(hand[i])
            return True
        return False

    def _update_hover(self) -> None:
        pos = getattr(self, "_mouse", None)
        if pos is None:
            try:
                pos = pygame.mouse.get_pos()
            except pygame.error:
                pos = None
        card = self.hand_card_at(pos) if pos is not None and self.hands[0] else None
        mine = self._my_play_step()
        # Also when the turn comes with the mouse already resting on a dimmed card.
        if (card, mine) != getattr(self, "_hover_seen", (None, False)):
            self._hover_seen = (card, mine)
            if card is not None and mine and self.pending_play is None:
                self.message = self.illegal_text(card) or ""
        self.hover = card
        legal = set(self.step.data.get("legal", ())) if mine and self.step else set()
        lift = self.layout.ch * 0.14
        for i, c in enumerate(self.hands[0]):
            sp = self.sprites[c]
            raised = c == self.hover or (self.sel is not None and i == self.sel)
            target = lift if (raised and mine) or c == self.pending_play else 0.0
            if self.fast:
                sp.lift = target
            else:
                sp.lift += (target - sp.lift) * min(1.0, 0.3)
            sp.dim = mine and c not in legal
            sp.glow = GOLD if mine and c in legal and raised else None
        for c in range(32):
            if c not in self.hands[0]:
                s = self.sprites[c]
                s.lift, s.dim = 0.0, False
                s.glow = GOLD if c == self.win_card else None
        step = self.step
        if step is not None and step.kind is StepKind.CUT and self.phase == "human" and pos:
            # The packet a click would cut rises under the mouse.
            k = self.cut_index_at(pos) or 0
            for c in self.deck[:k]:
                self.sprites[c].lift = self.layout.ch * 0.12

    # -- animations -----------------------------------------------------------------------

    def sound(self, name: str) -> None:
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None and not self.fast:
            try:
                sounds.play(name)
            except Exception:  # noqa: BLE001 - no sound card: play on in silence
                pass

    def say(self, seat: int, text: str, gold: bool = False) -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        self.bubbles.append(Bubble(seat, text, self.dur(T_BUBBLE) + 0.6, gold))

    def _animate(self, step: Step, value: Any) -> None:
        self.value = value
        self.phase = "anim"
        kind = step.kind
        getattr(self, f"_anim_{kind.value}")(step, value)

    def _anim_draw(self, step: Step, value: Any) -> None:
        rounds = step.data["rounds"]
        self.banner = self.t("table.draw.title")
        self.deck = list(self.flow.match.pack)
        delay = 0.0

        def show(r: Any, i: int) -> Any:
            def go() -> None:
                self.draw_cards = dict(r.cards)
                drawn = set(self.draw_cards.values())
                self.deck = [c for c in range(32) if c not in drawn]
                if i > 0:
                    self.banner = self.t("table.draw.again")
                self.place_all(self.dur(0.35), {c: j * self.dur(0.08)
                                                for j, c in enumerate(drawn)})
                self.sound("deal")

            return go

        for i, r in enumerate(rounds):
            self.tweens.add(Tween(self, {}, 0.0, delay=delay, on_done=show(r, i)))
            delay += self.dur(1.6)

        def done() -> None:
            self.banner = self.t("table.draw.deals", name=self.seat_name(self.dealer()))
            self.wait = self.dur(1.0)

        self.tweens.add(Tween(self, {}, 0.0, delay=delay, on_done=done))

        def gather() -> None:
            self.banner = ""
            self.draw_cards = {}
            self.deck = list(self.flow.match.pack)
            self.place_all(self.dur(0.3))

        self.tweens.add(Tween(self, {}, 0.0, delay=delay + self.dur(1.2), on_done=gather))

    def _anim_cut(self, step: Step, value: Any) -> None:
        from beloz.rules.match import cut

        self.prompt = ""
        k = int(value)
        seat = step.seat if step.seat is not None else 0
        top = self.deck[:k]
        L = self.layout
        ax, ay = L.seat_anchor(seat)
        self.say(seat, str(k))
        self.sound("cut")
        # The cut packet lifts towards the cutter, then goes under the rest.
        for c in top:
            sp = self.sprites[c]
            sp.z += 2000
            self.tweens.add(Tween(sp, {"x": sp.x + (ax - L.cx) * 0.25,
                                       "y": sp.y + (ay - L.cy) * 0.25 - L.ch * 0.3},
                                  self.dur(0.3)))

        def under() -> None:
            self.deck = cut(self.deck, k, self.flow.match.ruleset.min_cut)
            for c in top:
                self.sprites[c].z -= 4000
            self.place_all(self.dur(0.35), ease=EASE_IN_OUT)

        self.tweens.add(Tween(self, {}, 0.0, delay=self.dur(0.35), on_done=under))

    def _deal_order(self, first_packet: int) -> list[tuple[int, list[int]]]:
        """The packets of the deal in order: (seat, cards), from the top of ``deck``."""
        out = []
        pos = 0
        dealer = self.dealer()
        for packet in (first_packet, 5 - first_packet):
            seat = dealer
            for _ in range(4):
                seat = (seat + 1) % 4
                out.append((seat, self.deck[pos:pos + packet]))
                pos += packet
        return out

    def _anim_deal(self, step: Step, value: Any) -> None:
        self.prompt = ""
        packet = 2 if value == 2 else 3
        seat = step.seat if step.seat is not None else 0
        self.say(seat, f"{packet} + {5 - packet}")
        order = self._deal_order(packet)
        delays: dict[int, float] = {}
        starts: dict[int, Any] = {}
        t = self.dur(0.4)
        for s, cards in order:
            for j, c in enumerate(cards):
                self.hands[s].append(c)
                delays[c] = t + j * self.dur(0.03)
            starts[cards[0]] = lambda: self.sound("deal")
            t += self.dur(0.16)
        dealt = {c for _, cs in order for c in cs}
        self.deck = [c for c in self.deck if c not in dealt]
        self.turned = self.deck.pop(0)
        delays[self.turned] = t + self.dur(0.15)
        self.sort_hand()
        self.place_all(self.dur(T_FLY), delays, starts)

    def _anim_bid(self, step: Step, value: Any) -> None:
        seat = step.seat if step.seat is not None else 0
        if value == PASS:
            text = self.t("table.say.pass")
        elif value == TAKE:
            text = self.t("table.say.take")
        else:
            p = action_plain(int(value))
            text = self.t("table.say.name", plain=self.plain_name(p if p is not None else 0))
        self.say(seat, text, gold=value != PASS)
        self.wait = self.dur(0.55 if value == PASS else 0.9)

    def _anim_complete(self, step: Step, value: Any) -> None:
        h = self.flow.hand
        taker = h.taker
        assert self.turned is not None
        turned = self.turned
        self.turned = None
        self.hands[taker].append(turned)
        delays = {turned: 0.0}
        starts: dict[int, Any] = {turned: lambda: self.sound("deal")}
        t = self.dur(0.45)
        pos = 0
        seat = self.dealer()
        for _ in range(4):
            seat = (seat + 1) % 4
            n = 2 if seat == taker else 3
            cards = self.deck[pos:pos + n]
            pos += n
            for j, c in enumerate(cards):
                self.hands[seat].append(c)
                delays[c] = t + j * self.dur(0.03)
            if cards:
                starts[cards[0]] = lambda: self.sound("deal")
            t += self.dur(0.16)
        self.deck = self.deck[pos:]
        self.place_all(self.dur(T_FLY), delays, starts)

    def _anim_play(self, step: Step, value: Any) -> None:
        card = value[0] if isinstance(value, tuple) else int(value)
        seat = step.seat if step.seat is not None else 0
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if seat == 0:
            self.sel = None
            self.hover = None
        self.sound("play")
        self.place_all(self.dur(T_FLY))

    def _anim_collect(self, step: Step, value: Any) -> None:
        winner = step.seat if step.seat is not None else 0
        cards = [c for _, c in self.trick]
        self.win_card = next((c for s, c in self.trick if s == winner), None)

        def slide() -> None:
            self.win_card = None
            self.trick = []
            self.piles[winner].extend(cards)
            self.sound("collect")
            self.place_all(self.dur(0.4), ease=EASE_IN_OUT)

        # Leave the four cards on show a moment so the person sees who won.
        self.tweens.add(Tween(self, {}, 0.0, delay=self.dur(0.9), on_done=slide))

    def _anim_redeal(self, step: Step, value: Any) -> None:
        self.banner = self.t("table.redeal")
        h = self.flow.hand
        m = self.flow.match

        def gather() -> None:
            from beloz.rules.match import gather_passed

            self.hands = [[], [], [], []]
            self.turned = None
            self.deck = gather_passed(m.deck, m.dealer, m.first_packet, m.ruleset.direction)
            self.place_all(self.dur(0.5))

        del h
        self.tweens.add(Tween(self, {}, 0.0, delay=self.dur(1.4), on_done=gather))
        self.tweens.add(Tween(self, {}, 0.0, delay=self.dur(2.1),
                              on_done=lambda: setattr(self, "banner", "")))

    def _gather_for_next_hand(self) -> None:
        """Next hand: the expeditions are gathered into the new pack before the dealer."""
        self.hands = [[], [], [], []]
        self.piles = [[], [], [], []]
        self.trick = []
        self.turned = None
        self.deck = list(self.flow.match.pack)
        self.place_all(self.dur(0.5), {c: i * self.dur(0.008) for i, c in enumerate(self.deck)})

    def _show_score(self, step: Step) -> None:
        self.phase = "human"
        self.score_shown = step
        if step.kind is StepKind.MATCH_END:
            w = step.data["winner"]
            a, b = step.data["scores"]
            self.final_line = f"Final score: {a} - {b} (team {w} wins)"
            if self.autoplay:
                print(self.final_line)
                sys.stdout.flush()
                q = getattr(self.app, "quit", None)
                if q is not None:
                    q()
                return
            self.sound("won" if w == 0 else "lost")
            self._score_buttons(end=True)
            return
        if self.autoplay:
            self._kill_buttons()
            self.phase = "anim"
            self.wait = self.dur(2.0)
            self._gather_for_next_hand()
            return
        res = step.data.get("result")
        if res is not None:
            self.sound("won" if res.winning_team == 0 else "lost")
        self._score_buttons(end=False)

    def _score_buttons(self, end: bool) -> None:
        L = self.layout
        rect = score_panel.panel_rect(L.size)
        h = score_panel.button_height(L.font_px)
        w = max(180, round(L.W * 0.16))
        y = rect.bottom - h - L.pad
        self._kill_buttons()
        if end:
            self._button(pygame.Rect(rect.centerx - w - 6, y, w, h),
                         self.t("table.button.new_match"), self.buttons, "new_match")
            self._button(pygame.Rect(rect.centerx + 6, y, w, h), self.t("table.button.menu"),
                         self.buttons, "menu_end")
        else:
            self._button(pygame.Rect(rect.centerx - w // 2, y, w, h),
                         self.t("table.button.next_hand"), self.buttons, "next")
        self._redo = lambda: self._score_buttons(end)

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        self._draw_table(surface)
        for c in sorted(range(32), key=lambda c: self.sprites[c].z):
            draw_card(surface, self.images, self.sprites[c], self.trump, L.small)
        self._draw_plates(surface)
        self._draw_revealed(surface)
        self._draw_hud(surface)
        for b in self.bubbles:
            self._draw_bubble(surface, b)
        self._draw_texts(surface)
        if self.score_shown is not None:
            self._draw_score(surface, self.score_shown)
        if self.show_last:  # over the score too: L there shows the hand's last expedition
            self._draw_last(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        art = getattr(self.app, "art", None)
        if art is not None:
            try:
                surface.blit(art.table(self.layout.size, self.trump), (0, 0))
                return
            except Exception:  # noqa: BLE001
                pass
        surface.fill((38, 84, 58))

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: tuple[int, int, int] = CREAM, bold: bool = False, anchor: str = "center",
             shadow: bool = True) -> pygame.Rect:
        # The same labels are drawn every frame: render each (text, style) once.
        key = (text, size, tuple(colour), bold, shadow)
        cached = self._text_cache.get(key)
        if cached is None:
            f = self.font(size, bold)
            sh = None
            if shadow:
                sh = f.render(text, True, (0, 0, 0))
                sh.set_alpha(150)
            if len(self._text_cache) >= 400:
                self._text_cache.clear()
            cached = self._text_cache[key] = (f.render(text, True, colour), sh)
        img, sh = cached
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if sh is not None:
            surface.blit(sh, r.move(1, 2))
        surface.blit(img, r)
        return r

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> int:
        """The largest font size up to ``size`` (at least 9) at which ``text`` fits
        ``width`` pixels: long French labels shrink instead of spilling out of a panel."""
        while size > 9 and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def panel(self, surface: pygame.Surface, rect: pygame.Rect,
              colour: tuple[int, int, int, int] = PANEL, border: tuple[int, int, int] | None = None,
              radius: int = 10) -> None:
        key = (rect.size, tuple(colour), radius)
        s = self._panel_cache.get(key)
        if s is None:
            s = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
            if len(self._panel_cache) >= 100:
                self._panel_cache.clear()
            self._panel_cache[key] = s
        surface.blit(s, rect)
        if border is not None:
            pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)

    def _plate_pos(self, seat: int) -> tuple[float, float]:
        L = self.layout
        if seat == 0:
            slots = L.hand_slots(0, max(1, len(self.hands[0])))
            return (slots[0][0] - L.cw * 0.5 - L.pad, L.H - L.pad - L.ch - L.font_px * 0.9)
        if seat == 2:
            return (L.cx, L.pad + L.sh + L.font_px * 1.0)
        x = L.W - L.pad - L.sh / 2 if seat == 1 else L.pad + L.sh / 2
        # Above a full hand of eight: the stack never covers the name.
        return (x, L.cy - L.small * 0.42 * 3.5 - L.small / 2 - L.font_px * 1.3)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        L = self.layout
        h = self.flow.hand
        fp = L.font_px
        # Under the score overlay a plate would peek out, cut by its edge: leave it out.
        hidden = score_panel.panel_rect(L.size) if self.score_shown is not None else None
        for seat in range(4):
            x, y = self._plate_pos(seat)
            name = self.seat_name(seat)
            if seat == 2:
                name += f" ({self.t('table.partner')})"
            f = self.font(fp, True)
            tw = f.size(name)[0]
            chips = []
            if seat == self.dealer() and self.flow.stage != "draw":
                chips.append((self.t("table.dealer"), (230, 230, 230)))
            if h is not None and h.taker == seat:
                chips.append((self.t("table.taker"), GOLD))
            cf = self.font(max(10, fp - 3), True)
            chip_w = sum(cf.size(c)[0] + 14 for c, _ in chips)
            width = tw + 20 + chip_w
            r = pygame.Rect(0, 0, width, fp + 12)
            if seat == 0:
                r.bottomright = (round(x), round(y + fp))
                r.left = max(L.pad, r.left)
            else:
                r.center = (round(x), round(y))
                r.clamp_ip(pygame.Rect(0, 0, L.W, L.H).inflate(-L.pad * 2, -L.pad * 2))
            if hidden is not None and hidden.colliderect(r):
                continue
            turn = (
                self.step is not None and self.step.seat == seat
                and self.step.kind in (StepKind.BID, StepKind.PLAY, StepKind.CUT, StepKind.DEAL)
            )
            self.panel(surface, r, (20, 32, 26, 215), GOLD if turn else None, radius=r.h // 2)
            self.text(surface, name, (r.x + 10, r.centery), fp, GOLD if turn else CREAM, True,
                      anchor="midleft", shadow=False)
            cx = r.x + 10 + tw + 8
            for label, col in chips:
                cw = cf.size(label)[0] + 10
                cr = pygame.Rect(cx, r.y + 4, cw, r.h - 8)
                pygame.draw.rect(surface, col, cr, border_radius=cr.h // 2)
                self.text(surface, label, cr.center, max(10, fp - 3), INK, True, shadow=False)
                cx += cw + 4

    def _draw_revealed(self, surface: pygame.Surface) -> None:
        """During the second expedition the valid announcements show their cards."""
        h = self.flow.hand
        if h is None or h.phase is not Phase.PLAY or len(h.tricks) != 1 or not h.trick:
            return
        if not h.announcements_revealed:
            return
        res = h.announcement_result()
        if res.valid_team is None:
            return
        L = self.layout
        w = max(36, round(L.cw * 0.5))
        for seat in range(4):
            if seat & 1 != res.valid_team or not h.declared[seat]:
                continue
            cards = [c for a in h.declared[seat] for c in C.cards_of(a.mask)]
            what = " + ".join(self.ann_name(a.kind) for a in h.declared[seat])
            label = self.t("table.shown_by", name=self.seat_name(seat), what=what)
            step = w * 0.62
            total = step * (len(cards) - 1) + w
            if seat in (1, 3):  # between the side hand and the trick
                ax, ay = L.seat_anchor(seat)
                tx, ty = L.trick_slot(seat)
                x, y = (ax + tx) / 2, (ay + ty) / 2
                if seat == 1:
                    x = min(x, L.W - L.sh - L.pad * 2 - total / 2)
                else:
                    x = max(x, L.sh + L.pad * 2 + total / 2)
            else:  # beside the trick, clear of the name plates, the prompt and the hands
                side = -1 if seat == 0 else 1
                x = L.cx + side * L.cw * 2.5
                y = L.cy - side * L.ch * 0.9
            lw = self.font(L.font_px - 2, True).size(label)[0]
            r = pygame.Rect(0, 0, round(max(total, lw) + 16),
                            round(w * 88 / 63 + L.font_px + 18))
            r.center = (round(x), round(y))
            r.clamp_ip(pygame.Rect(0, 0, L.W, L.H).inflate(-L.pad * 2, -L.pad * 2))
            self.panel(surface, r, (10, 40, 60, 210), GOLD)
            self.text(surface, label, (r.centerx, r.y + L.font_px * 0.7), L.font_px - 2, GOLD,
                      True, shadow=False)
            x0 = r.centerx - total / 2
            for i, c in enumerate(cards):
                img = self.images.face(c, w, c >> 3 == h.trump)
                surface.blit(img, (round(x0 + i * step), r.y + L.font_px + 10))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        L = self.layout
        fp = L.font_px
        m = self.flow.match
        # Score, top left.
        pw = max(200, round(L.W * 0.19))
        r = pygame.Rect(L.pad, L.pad, pw, score_panel.hud_height(fp))
        self.panel(surface, r)
        self.text(surface, self.t("table.hand_no", n=max(1, m.hands_dealt)),
                  (r.x + 12, r.y + fp * 0.9), fp - 2, (200, 210, 200), anchor="midleft")
        self.text(surface, self.t("table.score.target", n=m.goal), (r.right - 12, r.y + fp * 0.9),
                  fp - 2, (200, 210, 200), anchor="midright")
        for i, (label, val) in enumerate(((self.t("table.score.us"), m.scores[0]),
                                          (self.t("table.score.them"), m.scores[1]))):
            y = r.y + fp * (2.4 + 1.6 * i)
            self.text(surface, label, (r.x + 12, y), fp + 2, CREAM, True, anchor="midleft")
            self.text(surface, str(val), (r.right - 12, y), fp + 4, GOLD, True, anchor="midright")
        if m.escrow and self.score_shown is None:  # the score overlay tells it then
            self.text(surface, f"{self.t('score.escrow')}: {m.escrow}",
                      (r.centerx, r.bottom + fp * 0.8), fp - 2, GOLD)
        # Flooded plain, taker, turned card: top right.
        h = self.flow.hand
        r2 = pygame.Rect(0, L.pad, pw, score_panel.hud_height(fp))
        r2.right = L.W - L.pad
        trump = self.trump
        border = PLAIN_RGB[trump] if trump is not None else None
        self.panel(surface, r2, PANEL, border)
        self.text(surface, self.t("table.flooded"), (r2.x + 12, r2.y + fp * 0.9), fp - 2,
                  (200, 210, 200), anchor="midleft")
        rad = round(fp * 1.25)
        cxy = (r2.x + 14 + rad, r2.y + round(fp * 3.0))
        tx = cxy[0] + rad + 10
        room = r2.right - 10 - tx
        if trump is not None:
            self.plain_chip(surface, trump, cxy, rad)
            name = self.plain_name(trump)
            self.text(surface, name, (tx, cxy[1] - fp * 0.5), self.fit(name, fp + 4, room, True),
                      CREAM, True, anchor="midleft")
            if h is not None and h.taker is not None:
                taken = (self.t("table.taken_by_you") if h.taker == 0 else
                         self.t("table.taken_by", name=self.seat_name(h.taker)))
                self.text(surface, taken, (tx, cxy[1] + fp * 0.9), self.fit(taken, fp - 2, room),
                          GOLD, anchor="midleft")
        elif h is not None and self.turned is not None:
            # Before anyone takes: the turned card's plain, the same chip, not yet flooded.
            plain = self.turned >> 3
            self.plain_chip(surface, plain, cxy, rad, faded=True)
            name, turned = self.plain_name(plain), self.t("table.turned")
            self.text(surface, name, (tx, cxy[1] - fp * 0.5), self.fit(name, fp + 4, room),
                      CREAM, anchor="midleft")
            self.text(surface, turned, (tx, cxy[1] + fp * 0.9), self.fit(turned, fp - 2, room),
                      (200, 210, 200), anchor="midleft")
        else:
            label = self.t("table.flooded_none")
            self.text(surface, label, (r2.x + 12, r2.y + fp * 3.0),
                      self.fit(label, fp, r2.w - 24), CREAM, anchor="midleft")

    def plain_chip(self, surface: pygame.Surface, plain: int, center: tuple[int, int],
                   rad: int, faded: bool = False) -> None:
        """A plain's round chip: its emblem on cream in a ring of its colour (the same cue
        as the cards' corners, so colour is never the only one)."""
        cache: dict[tuple[int, int, bool], pygame.Surface] = self.__dict__.setdefault(
            "_chip_cache", {})
        chip = cache.get((plain, rad, faded))
        if chip is None:
            chip = cache[(plain, rad, faded)] = self._make_chip(plain, rad, faded)
        surface.blit(chip, chip.get_rect(center=center))

    def _make_chip(self, plain: int, rad: int, faded: bool) -> pygame.Surface:
        chip = pygame.Surface((rad * 2 + 2, rad * 2 + 2), pygame.SRCALPHA)
        c = (rad + 1, rad + 1)
        pygame.draw.circle(chip, CREAM, c, rad)
        pygame.draw.circle(chip, PLAIN_RGB[plain], c, rad, max(2, rad // 5))
        art = getattr(self.app, "art", None)
        size = max(8, round(rad * 1.3))
        try:
            emblem = art.emblem(plain, size) if art is not None else None
        except Exception:  # noqa: BLE001 - no emblem art: the plain's letter
            emblem = None
        if emblem is not None:
            chip.blit(emblem, emblem.get_rect(center=c))
        else:
            img = self.font(rad, True).render(PLAINS[plain], True, PLAIN_RGB[plain])
            chip.blit(img, img.get_rect(center=c))
        if faded:
            chip.set_alpha(170)
        return chip

    def _draw_bubble(self, surface: pygame.Surface, b: Bubble) -> None:
        L = self.layout
        ax, ay = L.seat_anchor(b.seat)
        f = self.font(L.font_px + 2, True)
        tw, th = f.size(b.text)
        r = pygame.Rect(0, 0, tw + 28, th + 16)
        if b.seat == 0:
            r.midbottom = (ax, ay - 6)
        elif b.seat == 2:
            r.midtop = (ax + L.small * 2.2, ay - L.sh * 0.6)
        elif b.seat == 1:
            r.midright = (ax - 8, ay - L.small * 1.2)
        else:
            r.midleft = (ax + 8, ay - L.small * 1.2)
        r.clamp_ip(pygame.Rect(0, 0, L.W, L.H))
        col = GOLD if b.gold else CREAM
        pygame.draw.rect(surface, (0, 0, 0), r.move(2, 3), border_radius=r.h // 2)
        pygame.draw.rect(surface, col, r, border_radius=r.h // 2)
        pygame.draw.rect(surface, INK, r, width=2, border_radius=r.h // 2)
        self.text(surface, b.text, r.center, L.font_px + 2, INK, True, shadow=False)

    def _draw_texts(self, surface: pygame.Surface) -> None:
        L = self.layout
        fp = L.font_px
        y = L.H - L.pad * 2 - L.ch - L.ch * 0.14 - fp * 0.8
        if self.buttons and self.score_shown is None:
            y -= max(34, round(fp * 2.3)) + 6
        lines = []
        if self.message:
            lines.append((self.message, (255, 170, 150)))
        if self.prompt:
            lines.append((self.prompt, CREAM))
        for text, col in lines:
            f = self.font(fp + 1, True)
            tw, th = f.size(text)
            r = pygame.Rect(0, 0, tw + 24, th + 10)
            r.center = (L.cx, round(y))
            self.panel(surface, r, (10, 20, 16, 200), radius=r.h // 2)
            self.text(surface, text, r.center, fp + 1, col, True, shadow=False)
            y -= th + 14
        if self.banner:
            f = self.font(fp + 4, True)
            tw, th = f.size(self.banner)
            r = pygame.Rect(0, 0, tw + 40, th + 18)
            r.center = (L.cx, round(L.cy - L.ch * 1.25))
            self.panel(surface, r, (10, 20, 16, 220), GOLD)
            self.text(surface, self.banner, r.center, fp + 4, CREAM, True, shadow=False)
        if self.draw_cards:
            for seat, c in self.draw_cards.items():
                x, y2 = L.draw_slot(seat)
                self.text(surface, str((c & 7) + 1), (x, y2 + L.ch * 0.55 + fp * 0.2), fp + 4,
                          GOLD, True)

    def _draw_last(self, surface: pygame.Surface) -> None:
        L = self.layout
        h = self.flow.hand
        tricks = list(h.tricks) if h is not None else []
        if self.flow.pending_collect is not None and tricks:
            tricks = tricks[:-1] if len(tricks) > 1 else []
        if not tricks and self.flow.last_hand is not None and h is None:
            tricks = list(self.flow.last_hand.tricks)
        r = pygame.Rect(0, 0, round(L.cw * 5.6), round(L.ch * 1.9))
        r.center = (L.cx, L.cy)
        self.panel(surface, r, (10, 20, 16, 235), GOLD)
        if not tricks:
            self.text(surface, self.t("table.last.none"), r.center, L.font_px + 2)
            return
        t = tricks[-1]
        self.text(surface, self.t("table.last.title", name=self.seat_name(t.winner)),
                  (r.centerx, r.y + L.font_px * 1.3), L.font_px + 2, GOLD, True)
        w = L.cw
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % 4
            x = r.x + (r.w - 4 * w - 3 * 16) // 2 + i * (w + 16)
            y = r.y + L.font_px * 2.6
            surface.blit(self.images.face(c, w, c >> 3 == self.trump), (x, y))
            self.text(surface, self.seat_name(seat), (x + w / 2, y + L.ch + L.font_px * 0.8),
                      L.font_px - 2, GOLD if seat == t.winner else CREAM, seat == t.winner)

    def _draw_score(self, surface: pygame.Surface, step: Step) -> None:
        hand = self.flow.last_hand
        score_panel.draw(self, surface, step, hand)


# -- screenshots (main.py --screenshot) -----------------------------------------------------


def _drive(scene: TableScene, until: Any, limit: int = 3000) -> None:
    """Run the scene in fast mode, answering the person's steps simply, until ``until()``."""
    for _ in range(limit):
        if until():
            return
        step = scene.step
        if step is not None and scene.phase == "human":
            if step.kind is StepKind.BID:
                scene.human_value(TAKE if step.data["round"] == 1 else step.data["legal"][1])
            elif step.kind is StepKind.CUT:
                scene.human_value(16)
            elif step.kind is StepKind.DEAL:
                scene.human_value(3)
            elif step.kind is StepKind.PLAY:
                card = step.data["legal"][0]
                scene.human_value((card, True, True))
            elif step.kind is StepKind.SCORE:
                scene.press("next")
        scene.update(1 / 60)


def screenshot_scene(app: Any, name: str, seed: int) -> None:
    """Set up the table in a named state for ``main.py --screenshot``: ``deal`` (cards dealt,
    the turned card shown, the person to bid), ``bid`` (round-1 bidding with bubbles),
    ``play`` (mid-hand, a card or two on the table), ``score`` (the score screen)."""
    was_fast = getattr(app, "fast", False)
    app.fast = True
    scene = TableScene(app, new_match=True, seed=seed)
    _set_scene(app, scene)
    if name in ("deal", "bid"):
        _drive(scene, lambda: scene.step is not None and scene.step.kind is StepKind.BID
               and scene.step.human and scene.phase == "human")
        if name == "bid":
            h = scene.flow.hand
            for i, b in enumerate(h.bids):
                seat = (h.dealer + 1 + i) % 4
                scene.say(seat, scene.t("table.say.pass") if b == PASS else scene.t(
                    "table.say.take"))
            scene.bubbles = scene.bubbles  # kept: not cleared until the next update
    elif name == "play":
        def mid() -> bool:
            h = scene.flow.hand
            return (
                h is not None and h.phase is Phase.PLAY and len(h.tricks) >= 3
                and 1 <= len(h.trick) and scene.step is not None and scene.step.human
                and scene.phase == "human"
            )

        _drive(scene, mid)
    elif name == "score":
        _drive(scene, lambda: scene.step is not None and scene.step.kind is StepKind.SCORE)
    else:
        raise ValueError(f"unknown table screenshot {name!r}")
    app.fast = was_fast
    scene._update_hover()
