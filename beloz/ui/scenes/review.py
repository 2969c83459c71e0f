"""The review of a hand, after its score: replayed expedition by expedition with all four
hands face up, each of the person's decisions rated (``beloz.ai.review``), the summary.

The review is computed in the worker (``TeachTask("review", ...)``) with a progress bar;
once done it stays with the hand (``HandKept.review``), is saved with the match
(``on_review``: the match's ``GameFlow.save_reviews``) and opens again at once, after
Continue too.  Keys:
←/→ (or the buttons) move between the deal (the bids) and the eight expeditions, ↑/↓ to
another hand of the match, Esc goes back to the score.

Watching the computer players think: a click on a card another seat played (the
expedition in the middle) or on another seat's bid shows that seat's reason from its own
view at the time (``practice.duplicate.watch`` of that seat's ``SeatView``, in the worker,
``TeachTask("watch", ...)``; kept per decision), its values for its options and whether it
was a good card by Expert's evaluation.  « Show me how » (the button, key S): Expert plays
the person's seat on the same deal against the same computer players
(``TeachTask("duplicate", ...)``), the two lines side by side and the difference of the
scores, kept in ``progress.json`` for the Progress screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from beloz.ai import review as review_mod
from beloz.ai.explain import sentence
from beloz.practice.duplicate import Duplicate, Watched
from beloz.review_store import score_scale
from beloz.rules.cards import sort_key
from beloz.rules.state import action_code, bare_action
from beloz.ui import drawn
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.procworker import TeachTask
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.sprites import CARD_RATIO, card_h, is_flooded
from beloz.ui.widgets import UIScene, button_id, pack

LABEL_COLORS = {
    "good": (140, 214, 140), "forced": (190, 200, 190), "inaccuracy": (240, 214, 110),
    "mistake": (244, 160, 80), "blunder": (240, 96, 86),
}
#: Explanations of other seats' decisions and Expert's lines already computed, by decision
#: (``_deal_key`` and the decision's number) and by hand: a click again shows them at once,
#: for the session.  Bounded: the oldest dropped.
_WATCHED: dict[tuple[Any, ...], Watched] = {}
_DUPLICATES: dict[tuple[Any, ...], Duplicate] = {}
_CACHE_MAX = 512


def _deal_key(hand: Any) -> tuple[Any, ...]:
    """What decides every view of a kept hand: its deal and its actions (what each seat
    declared included)."""
    start, actions = hand.history()
    return (start.ruleset.name, start.dealer, tuple(start.hands), start.turned, start.stock,
            start.escrow_in, tuple(actions))


def _keep(cache: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    if len(cache) >= _CACHE_MAX:
        del cache[next(iter(cache))]
    cache[key] = value


class ReviewScene(UIScene):
    pausable = False

    def __init__(self, app: App, kept: list[Any], index: int, images: Any = None,
                 on_review: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.kept = kept
        self.index = index
        self.images = images
        self.on_review = on_review  # called when a review is computed (to save it)
        self.page = 0  # 0: the deal and the bids; 1..8: the expeditions
        self.job: Any = None
        self.buttons: dict[str, Any] = {}
        # Another seat's decision explained (its number among the hand's actions), the
        # jobs computing explanations, and what can be clicked on the page drawn.
        self.selected: int | None = None
        self.watch_jobs: dict[tuple[Any, ...], Any] = {}
        self.watch_errors: dict[tuple[Any, ...], str] = {}
        self.hits: list[tuple[pygame.Rect, int]] = []
        # « Show me how »: shown instead of the hand; its job, or why it failed.
        self.showing = False
        self.dup_jobs: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}
        self.dup_errors: dict[tuple[Any, ...], str] = {}
        self._dup_key: tuple[Any, ...] | None = None
        self._keys: dict[int, tuple[Any, tuple[Any, ...]]] = {}

    # -- the hand and its review ----------------------------------------------------------

    @property
    def entry(self) -> Any:
        return self.kept[self.index]

    def start_review(self) -> None:
        """Compute the review of the hand on show, unless it is already known."""
        entry = self.entry
        if entry.review is not None or entry.job is not None:
            self.job = entry.job
            return
        start, actions = entry.hand.history()
        task = TeachTask("review", (start, actions, 0))
        worker = getattr(self.app, "worker", None)
        if getattr(self.app, "fast", False) or worker is None:
            entry.review = task()
            self._reviewed()
            return
        entry.job = self.job = worker.submit(task)

    def _reviewed(self) -> None:
        if self.on_review is not None:
            self.on_review()

    @property
    def progress(self) -> tuple[int, int] | None:
        job = self.entry.job
        if job is None:
            return None
        return job.progress or (0, 1)

    def update(self, dt: float) -> None:
        entry = self.entry
        job = entry.job
        if job is not None and job.done():
            entry.job = None
            try:
                entry.review = job.result()
            except Exception as exc:  # noqa: BLE001 - said, never raised
                self.app.notify(self.app.tr("teach.review_failed", error=exc))
            else:
                self._reviewed()
        for key, wjob in list(self.watch_jobs.items()):
            if wjob.done():
                del self.watch_jobs[key]
                self._watched(key, wjob)
        for key, (djob, flow, kept) in list(self.dup_jobs.items()):
            if djob.done():
                del self.dup_jobs[key]
                self._duplicated(key, djob, flow, kept)

    def needs_redraw(self) -> bool:
        """Drawn again only when the page, the hand or the review's progress changed."""
        entry = self.entry
        job = entry.job
        dup = self.dup_jobs.get(self._dup_key) if self._dup_key is not None else None
        seen = (self.index, self.page, id(entry.review), None if job is None else job.progress,
                self.app.size, self.selected, self.showing, len(_WATCHED), len(_DUPLICATES),
                len(self.watch_errors), len(self.dup_errors), dup and dup[0].progress)
        if seen != getattr(self, "_seen", None):
            self._seen = seen
            return True
        return False

    # -- lifecycle --------------------------------------------------------------------------

    def enter(self) -> None:
        self.start_review()
        super().enter()

    # Left (exit), a review still computing goes on in the worker: reopened, it is waited for.

    def clear(self) -> None:
        super().clear()
        self.buttons = {}

    def build(self) -> None:
        import pygame_gui

        w, h = self.app.size
        fp = self.font_px()
        labels = {"prev": "‹  " + self.app.tr("teach.review_prev"),
                  "back": self.app.tr("common.back"),
                  "next": self.app.tr("teach.review_next") + "  ›"}
        font = self.app.art.font(fp)
        bh = round(fp * 2.2)
        bw = max(120, round(w * 0.12), *(font.size(t)[0] + 36 for t in labels.values()))
        y = h - bh - round(fp * 0.8)
        for name, x in (("prev", w // 2 - bw * 3 // 2 - 10), ("back", w // 2 - bw // 2),
                        ("next", w // 2 + bw // 2 + 10)):
            text = labels[name]
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh), text, manager=self.app.ui,
                object_id=button_id(self.app.size)))
        # The hand so far as the reviewed seat saw it at this page (key E), bottom left.
        text = self.app.tr("history.button")
        hw = min(w // 2 - bw * 3 // 2 - 10 - 2 * round(fp * 0.8), font.size(text)[0] + 36)
        self.buttons["history"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(round(fp * 0.8), y, max(hw, 60), bh), text, manager=self.app.ui,
            object_id=button_id(self.app.size)))
        # « Show me how » (key S), bottom right: Expert's line beside the person's.
        label = self.app.tr("watch.dup.back" if self.showing else "watch.dup.button")
        sw = min(w // 2 - bw * 3 // 2 - 10 - 2 * round(fp * 0.8),
                 max(font.size(self.app.tr(k))[0] + 36
                     for k in ("watch.dup.back", "watch.dup.button")))
        self.buttons["show"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w - max(sw, 60) - round(fp * 0.8), y, max(sw, 60), bh), label,
            manager=self.app.ui, object_id=button_id(self.app.size)))
        self._show_buttons()

    def open_history(self) -> None:
        """The hand so far as the reviewed seat saw it before this page's expedition
        (``beloz.ui.history_view``), over the review."""
        from beloz.ui.history_view import HistoryScene

        state, _ = self.state_at(self.page)
        seat = getattr(self.entry.review, "seat", 0) or 0
        self.app.push(HistoryScene(self.app, state.view(seat),
                                   lambda s: self.app.tr(f"table.seat.{(s - seat) % 4}")))

    def font_px(self) -> int:
        w, h = self.app.size
        return max(12, round(min(w / 1280, h / 800) * 17))

    # -- events -------------------------------------------------------------------------------

    def go(self, page: int) -> None:
        self.page = max(0, min(8, page))
        self.selected = None

    def other_hand(self, d: int) -> None:
        i = self.index + d
        if 0 <= i < len(self.kept):
            self.index = i
            self.page = 0
            self.selected = None
            self.start_review()
            if self.showing:
                self.show_me_how()

    # -- another seat's decision, explained from its own view ----------------------------------

    @property
    def reviewed_seat(self) -> int:
        rv = self.entry.review
        return 0 if rv is None else int(rv.seat)

    def deal_key(self) -> tuple[Any, ...]:
        """``_deal_key`` of the hand on show (computed once per hand)."""
        hand = self.entry.hand
        found = self._keys.get(id(hand))
        if found is None or found[0] is not hand:
            found = self._keys[id(hand)] = (hand, _deal_key(hand))
        return found[1]

    def decision_at(self, number: int) -> tuple[Any, int]:
        """The hand's action ``number`` and the view of the seat that chose it, as that
        seat saw the table then (its own cards and what was public): ``(view, action)``."""
        start, actions = self.entry.hand.history()
        state = start.clone()
        for a in actions[:number]:
            state.apply(a)
        return state.view(state.current), bare_action(actions[number])

    def select(self, number: int | None) -> None:
        """Explain another seat's decision ``number`` (None: back to the person's ratings),
        computed in the worker from that seat's view only, once per decision."""
        self.selected = number
        if number is None:
            return
        key = (self.deal_key(), number)
        if key in _WATCHED or key in self.watch_jobs:
            return
        self.watch_errors.pop(key, None)
        view, chosen = self.decision_at(number)
        task = TeachTask("watch", (view, chosen))
        worker = getattr(self.app, "worker", None)
        if getattr(self.app, "fast", False) or worker is None:
            from beloz.ui.worker import Job

            job = Job(task, (), {}, 0.0)
            job._run()
            self._watched(key, job)
            return
        self.watch_jobs[key] = worker.submit(task)

    def _watched(self, key: tuple[Any, ...], job: Any) -> None:
        try:
            _keep(_WATCHED, key, job.result())
        except Exception as exc:  # noqa: BLE001 - said in the panel, never raised
            self.watch_errors[key] = str(exc) or type(exc).__name__

    def watched(self, number: int) -> Watched | None:
        return _WATCHED.get((self.deal_key(), number))

    # -- « Show me how »: Expert in the person's seat ----------------------------------------

    def match_flow(self) -> Any:
        """The ``GameFlow`` of the table these kept hands belong to (its seed and computer
        players), or None."""
        for scene in reversed(getattr(self.app, "scenes", [])):
            if getattr(scene, "kept_hands", None) is self.kept:
                return getattr(scene, "flow", None)
        return None

    def replay_players(self) -> tuple[dict[int, str], dict[int, int]] | None:
        """The computer seats' specs and seeds, as the match made its players (None: not
        known, or a player that cannot be made again from a spec)."""
        flow = self.match_flow()
        if flow is None:
            return None
        from beloz.ui.game import seat_seed

        seat = self.reviewed_seat
        specs = {s: flow.player_specs.get(s) for s in range(4) if s != seat}
        if any(not isinstance(v, str) or v == "custom" for v in specs.values()):
            return None
        return ({s: str(v) for s, v in specs.items()},
                {s: seat_seed(flow.seed, s) for s in range(4)})

    def toggle_show(self) -> None:
        if self.showing:
            self.showing = False
        else:
            self.show_me_how()
        self._show_buttons()

    def _show_buttons(self) -> None:
        """The step buttons only on the hand's pages; the « Show me how » button says
        where it leads."""
        if "show" in self.buttons:
            self.buttons["show"].set_text(self.app.tr(
                "watch.dup.back" if self.showing else "watch.dup.button"))
        for name in ("prev", "next"):
            if name in self.buttons:
                if self.showing:
                    self.buttons[name].hide()
                else:
                    self.buttons[name].show()

    def show_me_how(self) -> None:
        """Expert's line in the person's seat for the hand on show, computed in the worker
        (once per hand), shown beside the person's."""
        self.showing = True
        self.selected = None
        key = self._dup_key = self.deal_key()
        if key in _DUPLICATES or key in self.dup_jobs:
            return
        self.dup_errors.pop(key, None)
        found = self.replay_players()
        if found is None:
            self.dup_errors[key] = self.app.tr("watch.dup.unknown")
            return
        specs, seeds = found
        start, actions = self.entry.hand.history()
        task = TeachTask("duplicate", (start, actions, self.reviewed_seat, specs, seeds))
        flow, kept = self.match_flow(), self.entry
        worker = getattr(self.app, "worker", None)
        if getattr(self.app, "fast", False) or worker is None:
            from beloz.ui.worker import Job

            job = Job(task, (), {}, 0.0)
            job._run()
            self._duplicated(key, job, flow, kept)
            return
        self.dup_jobs[key] = (worker.submit(task), flow, kept)

    def _duplicated(self, key: tuple[Any, ...], job: Any, flow: Any, kept: Any) -> None:
        try:
            found = job.result()
        except Exception as exc:  # noqa: BLE001 - said on the screen, never raised
            self.dup_errors[key] = self.app.tr("watch.dup.failed",
                                               error=str(exc) or type(exc).__name__)
            return
        _keep(_DUPLICATES, key, found)
        self.record_duplicate(found, flow, kept)

    def record_duplicate(self, found: Duplicate, flow: Any, kept: Any) -> None:
        """The hand's points against Expert into ``progress.json``: a hand of a match being
        saved, replayed against the very players of the hand (``Duplicate.faithful``); never
        a practice hand, nor in a window that saves nothing."""
        if (getattr(self.app, "read_only", False) or flow is None
                or not getattr(flow, "persist", False) or getattr(kept, "practice", False)
                or not found.faithful):
            return
        try:
            from beloz.practice import progress
            from beloz.practice.queue import today

            messages = progress.record_duplicate(progress.HandDuplicate(
                str(flow.match_id), int(kept.number), kept.hand.ruleset.name, today(),
                found.person_margin, found.expert_margin))
        except Exception as exc:  # noqa: BLE001 - progress is never worth a crash
            messages = [str(exc)]
        for m in messages:
            self.app.notify(m)

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.showing:
            for rect, number in self.hits:
                if rect.collidepoint(event.pos):
                    self.select(None if self.selected == number else number)
                    return True
            if self.selected is not None:
                self.select(None)  # a click elsewhere: back to the ratings
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.showing:
                    self.toggle_show()
                elif self.selected is not None:
                    self.select(None)
                else:
                    self.app.pop()
            elif event.key == pygame.K_s:
                self.toggle_show()
            elif (not self.showing and self.page > 0
                  and pygame.K_1 <= event.key <= pygame.K_4):
                # The expedition's n-th card (its order of play), another seat's: its reason.
                i = event.key - pygame.K_1
                state, cards = self.state_at(self.page)
                seat = (state.leader + state.ruleset.direction * i) % 4
                if i < len(cards) and seat != self.reviewed_seat:
                    number = len(self.entry.hand.bids) + (self.page - 1) * 4 + i
                    self.select(None if self.selected == number else number)
            elif self.showing and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                                                pygame.K_END):
                return True  # the two lines are one page
            elif event.key == pygame.K_LEFT:
                self.go(self.page - 1)
            elif event.key == pygame.K_RIGHT:
                self.go(self.page + 1)
            elif event.key == pygame.K_HOME:
                self.go(0)
            elif event.key == pygame.K_END:
                self.go(8)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.other_hand(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.other_hand(1)
            elif event.key == pygame.K_e:
                self.open_history()
            else:
                return False
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, b in self.buttons.items():
                if event.ui_element is b:
                    if name == "back":
                        self.app.pop()
                    elif name == "show":
                        self.toggle_show()
                    elif name == "history":
                        self.open_history()
                    elif not self.showing:  # the two lines are one page
                        self.go(self.page + (1 if name == "next" else -1))
                    return True
        return False

    # -- what a page shows --------------------------------------------------------------------

    def state_at(self, page: int) -> tuple[Any, list[int]]:
        """The hand before expedition ``page`` (1..8; 0: before the bidding), and the
        expedition's cards in play order."""
        start, actions = self.entry.hand.history()
        state = start.clone()
        n_bids = len(self.entry.hand.bids)
        for a in actions[:n_bids]:
            state.apply(a)
        if page == 0:
            return state, []
        plays = actions[n_bids:]
        for c in plays[: (page - 1) * 4]:
            state.apply(c)
        return state, [bare_action(c) for c in plays[(page - 1) * 4: page * 4]]

    def ratings_on(self, page: int) -> list[Any]:
        rv = self.entry.review
        if rv is None:
            return []
        if page == 0:
            return [r for r in rv.ratings if r.kind == "bid"]
        return [r for r in rv.ratings if r.expedition == page]

    def option_name(self, action: int, trump: int | None, held: int = 0) -> str:
        """An option as the person knows it: a card by its name (its plain named when
        ``held``, the cards in sight, holds another of its animal), a bid as on its
        button."""
        if 0 <= action < 32:
            return self.card_name(action, held)
        hand = self.entry.hand
        return bid_label(action, hand.ruleset, hand.turned, self.app.tr)

    def card_name(self, c: int, held: int = 0, form: str = "name") -> str:
        word = review_mod.card_name(c, self.entry.hand.trump, held, form)
        return word[:1].upper() + word[1:] if form == "name" else word

    def held_at(self, number: int) -> int:
        """The reviewed seat's cards just before its decision ``number`` (an index in the
        hand's actions): what a card's name must tell apart."""
        rv = self.entry.review
        seat = 0 if rv is None else rv.seat
        start, actions = self.entry.hand.history()
        state = start.clone()
        for a in actions[:number]:
            state.apply(a)
        return int(state.hands[seat])

    def points(self, value: float, signed: bool = True) -> str:
        """A value on the scale of the score the person sees (Bulgarian: game points)."""
        return review_mod.shown_points(value, score_scale(self.entry.hand.ruleset),
                                       signed)

    def gap(self, high: float, low: float) -> str:
        """The difference of two values as they are shown (each rounded first), so that the
        lines add up on screen: "+30" and "-18" lose 48, whatever the decimals."""
        scale = score_scale(self.entry.hand.ruleset)
        return review_mod.shown_points(review_mod.shown_gap(high, low, scale), scale, False)

    def rating_lines(self, r: Any) -> list[tuple[str, tuple[int, int, int]]]:
        tr = self.app.tr
        trump = self.entry.hand.trump
        held = self.held_at(r.number) if r.kind == "card" else 0

        def name(action: int) -> str:
            return self.option_name(action, trump, held)

        label = tr(f"teach.label.{r.label}")
        played = "teach.review_bid" if r.kind == "bid" else "teach.review_played"
        if r.forced or not r.valued:
            # No number that is not an expectation: a forced decision, or equivalent cards
            # the evaluation did not value, is said as such.
            played += "_forced" if r.forced else "_equal"
            return [(tr(played, what=name(r.chosen), label=label),
                     LABEL_COLORS.get(r.label, CREAM))]
        lines = [(tr(played, what=name(r.chosen), value=self.points(r.expected_chosen),
                     label=label),
                  LABEL_COLORS.get(r.label, CREAM))]
        if r.kind == "bid":  # a few options: each one's value, as the hint shows them
            # No-break spaces: an option and its value stay on one line when wrapped.
            each = " · ".join(f"{name(o.action)} {self.points(o.expected)}"
                              .replace(" ", "\u00a0") for o in r.options)
            lines.append((tr("teach.review_options", list=each), DIM))
        if r.about_as_good:
            # Within the noise: not a better option, and not said to be one.
            if r.noise == float("inf"):
                lines.append((tr("teach.review_about_short", what=name(r.best),
                                 value=self.points(r.expected_best)), CREAM))
            else:
                lines.append((tr("teach.review_about", what=name(r.best),
                                 value=self.points(r.expected_best),
                                 gap=self.gap(r.expected_best, r.expected_chosen),
                                 noise=self.points(r.noise, signed=False)), CREAM))
        elif r.best != r.chosen and r.lost > 0:
            lines.append((tr("teach.review_best", what=name(r.best),
                             value=self.points(r.expected_best),
                             lost=self.gap(r.expected_best, r.expected_chosen)), CREAM))
            # Why the best rather than the option chosen, the comparative sentence first.
            for i, text in enumerate(review_mod.reason_sentences(r.why, r.contrast, r.detail)):
                lines.append((text, GOLD if i == 0 else CREAM))
        if r.hindsight_best is not None:
            lines.append((tr("teach.review_hindsight", played=self.points(r.hindsight_chosen),
                             best=self.points(r.hindsight_best)), DIM))
            verdict = review_mod.hindsight_verdict(r)
            if verdict is not None:
                key, option, pts = verdict
                what = (self.card_name(option, held, "the") if 0 <= option < 32
                        else name(option))
                lines.append((tr(f"teach.review_sight_{key}", best=what,
                                 points=self.points(pts, signed=False)), DIM))
        return lines

    def summary(self) -> str:
        rv = self.entry.review
        tr = self.app.tr
        if rv is None:
            return ""
        worst = rv.worst
        lost = self.points(rv.points_lost, signed=False)
        if worst is None:
            return tr("teach.review_summary_clean", lost=lost)
        where = (tr("teach.review_the_bid") if worst.kind == "bid"
                 else tr("teach.review_expedition", n=worst.expedition))
        held = self.held_at(worst.number) if worst.kind == "card" else 0
        return tr("teach.review_summary", lost=lost, where=where,
                  what=self.option_name(worst.chosen, self.entry.hand.trump, held),
                  label=tr(f"teach.label.{worst.label}"))

    # -- drawing ---------------------------------------------------------------------------------

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             color: tuple[int, int, int], bold: bool = False, anchor: str = "center") -> None:
        f = self.app.art.font(size, bold=bold)
        img = f.render(text, True, color)
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, r)
        drawn.record(surface, "text", r, text)

    def card_image(self, c: int, width: int, trump: int | None) -> pygame.Surface:
        if self.images is not None:  # composed at this width: scaled() is for tweens only
            return self.images.face(c, width, is_flooded(c, trump))
        surf = pygame.Surface((width, round(width * 1.5)))
        surf.fill(CREAM)
        self.text(surf, action_code(c), (width / 2, width * 0.75), max(10, width // 3),
                  (30, 30, 30), True)
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fp = self.font_px()
        surface.fill((18, 40, 30))
        self.hits = []
        tr = self.app.tr
        if self.showing:
            self.draw_duplicate(surface, fp)
            return
        title = tr("teach.review_title", n=self.entry.number)
        page = (tr("teach.review_deal") if self.page == 0
                else tr("teach.review_expedition", n=self.page))
        self.text(surface, f"{title}  —  {page}", (w / 2, fp * 1.4), fp + 6, GOLD, True)
        margin = round(w * 0.015)
        split = round(w * 0.69)
        board = pygame.Rect(margin, round(fp * 2.7), split - 2 * margin,
                            h - round(fp * 6.4) - round(fp * 2.7))
        self.draw_board(surface, board, fp)
        # The ratings of the person's decisions on this page (or another seat's decision
        # explained), on the right.
        panel = pygame.Rect(split, round(fp * 3), w - split - margin,
                            round(h - fp * 9.4))  # above the summary line
        pygame.draw.rect(surface, (10, 22, 18), panel, border_radius=10)
        pygame.draw.rect(surface, GOLD, panel, 1, border_radius=10)
        drawn.record(surface, "panel", panel)
        if self.entry.review is None and self.selected is None:
            y = panel.top + fp
            done, total = self.progress or (0, 1)
            self.text(surface, tr("teach.review_computing", done=done, total=total),
                      (panel.centerx, y + fp), fp - 1, CREAM)
            bar = pygame.Rect(panel.left + fp, round(y + fp * 2.2), panel.w - 2 * fp, fp)
            pygame.draw.rect(surface, (40, 60, 50), bar, border_radius=5)
            fill = bar.copy()
            fill.w = round(bar.w * done / max(1, total))
            pygame.draw.rect(surface, GOLD, fill, border_radius=5)
        else:
            self.panel_text(surface, panel, self.panel_lines(), fp - 1)
        # The summary and the keys.
        summary = self.summary()
        yb = h - round(fp * 4.4)
        if summary:
            self.text(surface, summary, (w / 2, yb - fp * 1.2), fp, GOLD, True)
        keys = tr("teach.review_keys")
        if self.selected is not None:  # the numbers on show are that seat's, from its view
            view, _ = self.decision_at(self.selected)
            keys = tr("watch.keys", seat=self.seat_name(view.seat))
        self.text(surface, keys, (w / 2, yb + fp * 0.1), fp - 3, DIM)

    def panel_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the right panel says: another seat's decision explained, or the person's
        ratings of the page and how to see another seat's reasons."""
        if self.selected is not None:
            return self.watch_lines(self.selected)
        tr = self.app.tr
        out: list[tuple[str, tuple[int, int, int]]] = []
        ratings = self.ratings_on(self.page)
        if not ratings:
            out.append((tr("teach.review_no_bid") if self.page == 0
                        else tr("teach.review_not_yours"), DIM))
        for r in ratings:
            out += self.rating_lines(r)
        out.append((tr("watch.click"), DIM))
        return out

    def panel_text(self, surface: pygame.Surface, panel: pygame.Rect,
                   lines: list[tuple[str, tuple[int, int, int]]], size: int) -> None:
        """``lines`` wrapped in ``panel``: smaller type rather than past its bottom."""
        from beloz.ui.widgets import wrap

        pad = max(8, round(size * 0.9))
        room = panel.w - 2 * pad
        while True:
            font = self.app.art.font(size)
            wrapped = [(wrap(font, text, room), colour) for text, colour in lines]
            need = sum(len(ws) * font.get_linesize() + size * 0.35 for ws, _ in wrapped)
            if size <= 10 or need <= panel.h - 2 * pad:
                break
            size -= 1
        y: float = panel.top + pad
        for ws, colour in wrapped:
            for line in ws:
                if y + font.get_linesize() > panel.bottom - pad * 0.5:
                    return
                self.text(surface, line, (panel.left + pad, y), size, colour, anchor="topleft")
                y += font.get_linesize()
            y += size * 0.35

    def seat_name(self, seat: int) -> str:
        return self.app.tr(f"table.seat.{(seat - self.reviewed_seat) % 4}")

    def watch_lines(self, number: int) -> list[tuple[str, tuple[int, int, int]]]:
        """Another seat's decision ``number`` explained from that seat's view: what it
        chose and its value, Expert's choice, why, each option's value."""
        tr = self.app.tr
        view, chosen = self.decision_at(number)
        who = self.seat_name(view.seat)
        card = 0 <= chosen < 32
        title = (tr("watch.title_card", seat=who, n=len(view.tricks) + 1) if card
                 else tr("watch.title_bid", seat=who))
        out = [(title, GOLD), (tr("watch.seen", seat=who), DIM)]
        got = self.watched(number)
        if got is None:
            error = self.watch_errors.get((self.deal_key(), number))
            out.append((tr("watch.failed", error=error) if error is not None
                         else tr("watch.thinking", seat=who), CREAM))
            out.append((tr("watch.close"), DIM))
            return out
        held = int(view.hand)

        def name(action: int) -> str:
            return self.option_name(action, view.trump, held)

        if got.forced:
            out.append((tr("watch.forced", seat=who, what=name(chosen)),
                        LABEL_COLORS["forced"]))
        else:
            out.append((tr("watch.played" if card else "watch.bid", seat=who,
                           what=name(chosen), value=self.points(got.expected(chosen)),
                           label=tr(f"teach.label.{got.label}")),
                        LABEL_COLORS.get(got.label, CREAM)))
            best = got.best
            if best == chosen:
                out.append((tr("watch.same"), CREAM))
            elif got.about_as_good:
                if got.noise == float("inf"):
                    out.append((tr("watch.about_short", what=name(best),
                                   value=self.points(got.expected(best))), CREAM))
                else:
                    out.append((tr("watch.about", what=name(best),
                                   value=self.points(got.expected(best)),
                                   gap=self.gap(got.expected(best), got.expected(chosen)),
                                   noise=self.points(got.noise, signed=False)), CREAM))
            else:
                out.append((tr("watch.better", what=name(best),
                               value=self.points(got.expected(best)),
                               lost=self.gap(got.expected(best), got.expected(chosen))), CREAM))
            out.append((tr("watch.why", seat=who), DIM))
            out.append((self.watch_sentence(got.hint.why, view.seat), GOLD))
            if got.hint.detail is not None:  # "about as good", then what the best does
                out.append((self.watch_sentence(got.hint.detail, view.seat), CREAM))
            each = " · ".join(f"{name(o.action)} {self.points(o.expected)}"
                              .replace(" ", "\u00a0") for o in got.options)
            out.append((tr("watch.values", seat=who, list=each), DIM))
        out.append((tr("watch.close"), DIM))
        return out

    def watch_sentence(self, why: Any, viewer: int) -> str:
        """The explainer's sentence said to ``viewer``: it names the seats as that seat
        would (the table's names as if it sat at the bottom); here they get the names the
        review shows, and the reviewed seat is "the player at the bottom" (a third person:
        "you" is the viewer).  The viewer's partner stays "your partner"."""
        text = sentence(why)
        relative = getattr(why, "seat", None)
        if relative is None or relative % 4 not in (1, 3):
            return text
        said = self.app.tr(f"table.seat.{relative % 4}")
        seat = (viewer + relative) % 4
        right = (self.app.tr("watch.you") if seat == self.reviewed_seat
                 else self.seat_name(seat))
        return text.replace(said, right) if said != right else text

    # -- the deal: four readable hands and the expedition ---------------------------------------

    def board_layout(self, board: pygame.Rect, fp: int) -> dict[str, Any]:
        """Where the hands and the expedition go in ``board``: North and South a row of 8
        cards each, West and East two rows of 4, the expedition (or the bids) between them;
        no card over another, as large as the board allows."""
        line = round(fp * 1.35)  # a seat's name
        g = max(3, round(board.w * 0.007))  # between two cards
        gap = 3 * g  # between two groups
        by_width = (board.w - 7 * g - 2 * gap) / 10
        by_height = (board.h - 5 * line - 2 * gap - g) / 4 / CARD_RATIO
        cw = int(max(24, min(by_width, by_height, 150)))
        ch = card_h(cw)
        grid_w = 4 * cw + 3 * g
        row_w = 8 * cw + 7 * g
        used_h = 4 * ch + 5 * line + g + 2 * gap
        top = board.top + max(0, (board.h - used_h) // 2)
        north = pygame.Rect(board.centerx - row_w // 2, top, row_w, line + ch)
        mid_top = north.bottom + gap
        mid_h = line + 2 * ch + g
        west = pygame.Rect(board.left, mid_top, grid_w, mid_h)
        east = pygame.Rect(board.right - grid_w, mid_top, grid_w, mid_h)
        centre = pygame.Rect(west.right + gap, mid_top, east.left - west.right - 2 * gap,
                             mid_h + line)
        south = pygame.Rect(north.left, centre.bottom + gap, row_w, line + ch)
        return {"cw": cw, "ch": ch, "g": g, "line": line, "centre": centre,
                "hands": {0: south, 1: east, 2: north, 3: west}}

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect, fp: int) -> None:
        tr = self.app.tr
        hand = self.entry.hand
        trump = hand.trump
        state, cards = self.state_at(self.page)
        lay = self.board_layout(board, fp)
        cw, ch, g, line = lay["cw"], lay["ch"], lay["g"], lay["line"]
        me = self.reviewed_seat
        for seat in range(4):
            box = lay["hands"][(seat - me) % 4]
            held = sorted((c for c in range(32) if state.hands[seat] >> c & 1),
                          key=lambda c: sort_key(c, trump))
            name = self.seat_name(seat)
            if seat == hand.taker:
                name += " · " + tr("table.taker")
            self.text(surface, name, (box.left, box.top), fp - 1, GOLD, True,
                      anchor="topleft")
            per_row = 8 if box.w > 6 * cw else 4
            for i, c in enumerate(held):
                x = box.left + (i % per_row) * (cw + g)
                y = box.top + line + (i // per_row) * (ch + g)
                surface.blit(self.card_image(c, cw, trump), (x, y))
        centre = lay["centre"]
        if cards:
            self.draw_expedition(surface, state, cards, centre, lay, fp)
        else:
            self.draw_calls(surface, centre, fp - 1)

    def draw_expedition(self, surface: pygame.Surface, state: Any, cards: list[int],
                        centre: pygame.Rect, lay: dict[str, Any], fp: int) -> None:
        """The expedition in play order, two by two, each card under (or over) its seat's
        name, the winner framed; another seat's card can be clicked (its reason)."""
        hand = self.entry.hand
        cw, ch, g, line = lay["cw"], lay["ch"], lay["g"], lay["line"]
        trick = next((t for t in hand.tricks if t.cards == tuple(cards)), None)
        n_bids = len(hand.bids)
        first = n_bids + (self.page - 1) * 4  # the number of the expedition's first card
        x0 = centre.centerx - cw - g
        size = fp - 3
        for i, c in enumerate(cards):
            seat = (state.leader + hand.ruleset.direction * i) % 4
            x = x0 + (i % 2) * (2 * g + cw)
            y = centre.top + line + (i // 2) * (ch + g)
            rect = pygame.Rect(x, y, cw, ch)
            surface.blit(self.card_image(c, cw, hand.trump), rect)
            if trick is not None and trick.winner == seat:
                pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 3, border_radius=6)
            if seat != self.reviewed_seat:
                self.hits.append((rect, first + i))
                if self.selected == first + i:
                    pygame.draw.rect(surface, CREAM, rect.inflate(12, 12), 2, border_radius=8)
            label = f"{i + 1}. {self.seat_name(seat)}"
            ly = centre.top + line * 0.5 if i < 2 else rect.bottom + g + line * 0.45
            self.text(surface, label, (rect.centerx, ly), size, CREAM)

    def draw_calls(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The bids or calls, in order, in ``box``: as many on a line as fit (a call never
        cut in two), smaller when even that is too tall (a long Bulgarian auction in a small
        window).  Another seat's bid can be clicked (its reason)."""
        hand = self.entry.hand
        items = [self._bid_text(i, b) for i, b in enumerate(hand.bids)]
        sep = "  ·  "
        while True:
            font = self.app.art.font(size)
            lines: list[list[int]] = []
            for i, item in enumerate(items):
                if lines and font.size(sep.join([*(items[j] for j in lines[-1]), item]))[0] \
                        <= box.w:
                    lines[-1].append(i)
                else:
                    lines.append([i])
            if size <= 9 or len(lines) * font.get_linesize() <= box.h:
                break
            size -= 1
        y = box.top + max(0, (box.h - len(lines) * font.get_linesize()) // 2)
        sep_w = font.size(sep)[0]
        for row in lines:
            width = sum(font.size(items[i])[0] for i in row) + sep_w * (len(row) - 1)
            x = box.centerx - width / 2
            for k, i in enumerate(row):
                if k:
                    self.text(surface, sep.strip(), (x + sep_w / 2, y), size, DIM,
                              anchor="midtop")
                    x += sep_w
                r = pygame.Rect(round(x), round(y), *font.size(items[i]))
                seat = (hand.dealer + hand.ruleset.direction * (i + 1)) % 4
                colour = CREAM
                if seat != self.reviewed_seat:
                    self.hits.append((r.inflate(4, 4), i))
                    if self.selected == i:
                        colour = GOLD
                        pygame.draw.rect(surface, CREAM, r.inflate(8, 4), 1, border_radius=4)
                self.text(surface, items[i], r.topleft, size, colour, anchor="topleft")
                x += r.w
            y += font.get_linesize()

    # -- « Show me how » ---------------------------------------------------------------------------

    def draw_duplicate(self, surface: pygame.Surface, fp: int) -> None:
        """The person's line and Expert's side by side: each expedition's four cards and
        who won it, each line's score, and the difference."""
        tr = self.app.tr
        w, h = surface.get_size()
        entry = self.entry
        self.text(surface, tr("watch.dup.title", n=entry.number), (w / 2, fp * 1.4), fp + 6,
                  GOLD, True)
        self.text(surface, tr("watch.dup.keys"), (w / 2, fp * 2.9), fp - 3, DIM)
        key = self.deal_key()
        found = _DUPLICATES.get(key)
        margin = round(w * 0.015)
        area = pygame.Rect(margin, round(fp * 3.8), w - 2 * margin,
                           h - round(fp * 3.8) - round(fp * 7.6))
        if found is None:
            error = self.dup_errors.get(key)
            if error is not None:
                self.panel_text(surface, area.inflate(-area.w // 4, 0), [(error, CREAM)], fp)
                return
            pending = self.dup_jobs.get(key)
            done, total = (pending[0].progress if pending is not None and pending[0].progress
                           else (0, 1))
            self.text(surface, tr("watch.dup.computing", done=done, total=total),
                      (w / 2, area.top + fp * 3), fp, CREAM)
            bar = pygame.Rect(w // 4, round(area.top + fp * 4.5), w // 2, fp)
            pygame.draw.rect(surface, (40, 60, 50), bar, border_radius=5)
            fill = bar.copy()
            fill.w = round(bar.w * done / max(1, total))
            pygame.draw.rect(surface, GOLD, fill, border_radius=5)
            return
        gap = round(fp * 1.2)
        col_w = (area.w - gap) // 2
        lines = ((tr("watch.dup.yours"), found.played, found.expert),
                 (tr("watch.dup.expert"), found.expert, found.played))
        for i, (name, line_hand, other) in enumerate(lines):
            col = pygame.Rect(area.left + i * (col_w + gap), area.top, col_w, area.h)
            self.draw_line(surface, col, name, line_hand, other, found.seat, fp)
        # The difference: the person's result against Expert's on the same cards.
        y = area.bottom + round(fp * 0.9)
        words = tr("watch.dup.against", mine=self.signed(found.person_margin),
                   expert=self.signed(found.expert_margin),
                   diff=self.signed(found.difference))
        self.text(surface, words, (w / 2, y), fp + 2, GOLD, True)
        notes = [tr("watch.dup.explain")]
        if not found.faithful:
            notes.insert(0, tr("watch.dup.unfaithful"))
        elif [t.cards for t in found.played.tricks] == [t.cards for t in found.expert.tricks] \
                and found.played.bids == found.expert.bids:
            notes.insert(0, tr("watch.dup.same"))
        font = self.app.art.font(fp - 3)
        ny = y + fp * 1.1
        from beloz.ui.widgets import wrap

        for note in notes:
            for text in wrap(font, note, w - 2 * margin):
                self.text(surface, text, (w / 2, ny), fp - 3, DIM)
                ny += font.get_linesize()

    @staticmethod
    def signed(x: int) -> str:
        return f"{x:+d}" if x else "0"

    def draw_line(self, surface: pygame.Surface, col: pygame.Rect, name: str, hand: Any,
                  other: Any, seat: int, fp: int) -> None:
        """One line of the hand in ``col``: its bids, its eight expeditions (the leader's
        card first, the winner named; a row that differs from the other line lit), its
        score."""
        from beloz.ui.widgets import draw_panel

        tr = self.app.tr
        draw_panel(surface, col)
        drawn.record(surface, "panel", col)
        pad = round(fp * 0.7)
        y = col.top + pad
        self.text(surface, name, (col.left + pad, y), fp + 1, GOLD, True, anchor="topleft")
        y += self.app.art.font(fp + 1, bold=True).get_linesize() + 2
        small = fp - 3
        font = self.app.art.font(small)
        items = [self._bid_text(i, b, hand) for i, b in enumerate(hand.bids)]
        bid_lines = pack(font, items, " · ", col.w - 2 * pad)
        for text in bid_lines[:3]:
            self.text(surface, text, (col.left + pad, y), small, DIM, anchor="topleft")
            y += font.get_linesize()
        score_h = self.app.art.font(fp).get_linesize() + pad
        if hand.taker is None:
            self.text(surface, tr("watch.dup.passed"), (col.left + pad, y + fp), fp, CREAM,
                      anchor="topleft")
            return
        rows = pygame.Rect(col.left + pad, round(y + fp * 0.3), col.w - 2 * pad,
                           col.bottom - score_h - round(y + fp * 0.3) - pad // 2)
        rh = rows.h / 8
        num_w = font.size("8.")[0] + 12
        winner_w = max(font.size(self.seat_name(s))[0] for s in range(4)) + 8
        cw = int(min((rh - 4) / CARD_RATIO, (rows.w - num_w - winner_w) / 4 - 4))
        cw = max(cw, 12)
        ch = card_h(cw)
        for n, t in enumerate(hand.tricks):
            ry = round(rows.top + n * rh)
            row = pygame.Rect(rows.left, ry, rows.w, round(rh))
            theirs = other.tricks[n].cards if n < len(other.tricks) else None
            if theirs != t.cards:  # where the two lines differ: a bar at the row's left
                pygame.draw.rect(surface, GOLD, (row.left, row.top + 3, 3, row.h - 6))
            cy = ry + rh / 2
            self.text(surface, f"{n + 1}.", (rows.left + 6, cy), small, DIM, anchor="midleft")
            x = rows.left + num_w
            for i, c in enumerate(t.cards):
                who = (t.leader + hand.ruleset.direction * i) % 4
                rect = pygame.Rect(x + i * (cw + 4), round(cy - ch / 2), cw, ch)
                surface.blit(self.card_image(c, cw, hand.trump), rect)
                if who == seat:  # the person's seat's card, underlined
                    pygame.draw.line(surface, GOLD, (rect.left, rect.bottom + 1),
                                     (rect.right, rect.bottom + 1), 2)
            self.text(surface, self.seat_name(t.winner),
                      (x + 4 * (cw + 4) + 4, cy), small,
                      GOLD if (t.winner & 1) == (seat & 1) else CREAM, anchor="midleft")
        score = hand.returns()
        team = seat & 1
        words = tr("watch.dup.margin", us=score[team], them=score[1 - team],
                   margin=self.signed(score[team] - score[1 - team]))
        self.text(surface, words, (col.left + pad, col.bottom - pad - score_h + pad),
                  fp, CREAM, True, anchor="topleft")

    def _bid_text(self, i: int, b: int, hand: Any = None) -> str:
        hand = self.entry.hand if hand is None else hand
        seat = (hand.dealer + hand.ruleset.direction * (i + 1)) % 4
        return self.app.tr("common.labelled", label=self.seat_name(seat),
                           value=self.option_name(b, None))


def screenshot_review(scene: ReviewScene, name: str) -> None:
    """``--scene review_watch``: on the page of the person's biggest mistake (else the
    third expedition), the first card another seat played, explained from its view;
    ``review_show``: « Show me how »."""
    if name == "review_show":
        scene.toggle_show()
        return
    rv = scene.entry.review
    worst = rv.worst if rv is not None else None
    page = worst.expedition if worst is not None and worst.expedition else 3
    scene.go(page)
    state, cards = scene.state_at(page)
    first = len(scene.entry.hand.bids) + (page - 1) * 4
    for i in range(len(cards)):
        seat = (state.leader + state.ruleset.direction * i) % 4
        if seat != scene.reviewed_seat:
            scene.select(first + i)
            return
