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

The page's parts live beside this file, by job: ``review_layout`` (where things go, pure),
``review_board`` (the deal view: the hands and the expedition by seat), ``review_panel``
(the ratings and the computer-card panel), ``review_show`` (« Show me how » drawn).  The
scene keeps the session's caches and the state they share (the page, the selection, the
jobs, what can be clicked).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from beloz.ai import review as review_mod
from beloz.ai.explain import sentence
from beloz.practice.duplicate import Duplicate, Watched, level_rule
from beloz.review_store import score_scale
from beloz.rules.state import action_code, bare_action
from beloz.ui import card_caption, drawn, textsize
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.procworker import TeachTask
from beloz.ui.scenes import review_board, review_fit, review_panel, review_show, review_show_pages
from beloz.ui.scenes.review_layout import BoardLayout, board_layout
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.sprites import is_flooded
from beloz.ui.widgets import UIScene, button_id, fit_row

LABEL_COLORS = review_panel.LABEL_COLORS
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
        # Where the page drawn put each seat's card of the expedition, and the cards of
        # « Show me how » (``review_show.Shown``): what tests and the sweep read back.
        self.trick_rects: dict[int, pygame.Rect] = {}
        self.shown: list[review_show.Shown] = []
        # Every card drawn, and the pointer: the card under it named (``card_caption``).
        self.card_spots: list[tuple[pygame.Rect, int]] = []
        self.text_rects: list[pygame.Rect] = []  # the page's texts: the caption clear of them
        self.pointer: tuple[int, int] | None = None
        self.key_card: int | None = None  # named too: keys 1-4's card, « Show me how »'s
        self.key_index: int | None = None  # arrows' (an index of ``card_spots``)
        self.show_page, self.show_pages = 0, 1  # « Show me how »'s (``review_show_pages``)
        self._show_plan: Any = None  # the plan it was drawn in, and for what
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
                len(self.watch_errors), len(self.dup_errors), dup and dup[0].progress,
                card_caption.under(self.card_spots, self.pointer), self.key_card,
                self.key_index, self.show_page)
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
        font = self.app.art.font_px(fp)
        bh = round(review_fit.button_height(fp))
        bw = max(120, round(w * 0.12), *(font.size(t)[0] + 36 for t in labels.values()))
        y = h - bh - round(review_fit.button_margin(fp))
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
        fit_row(self.buttons, {"show": [self.app.tr(k) for k in ("watch.dup.back",
                                                                  "watch.dup.button")]},
                w, round(fp * 0.8))
        self._show_buttons()

    def open_history(self) -> None:
        """The hand so far as the reviewed seat saw it before this page's expedition
        (``beloz.ui.history_view``), over the review."""
        from beloz.ui.history_view import HistoryScene

        state, _ = self.state_at(self.page)
        seat = getattr(self.entry.review, "seat", 0) or 0
        self.app.push(HistoryScene(self.app, state.view(seat),
                                   lambda s: self.app.tr(f"table.seat.{(s - seat) % 4}")))

    def spoken_title(self) -> str:
        return self.app.tr("teach.review_title", n=self.entry.number)

    def spoken_focus(self) -> str:
        """The page on show (the arrows turn them) and what its panel says, said again
        when either changes (``review_panel.spoken``); or Expert's line beside the
        person's."""
        tr = self.app.tr
        card = card_caption.spoken(self)  # the card the keys chose, first
        if self.showing:
            title = tr("watch.dup.title", n=self.entry.number)
            return f"{card}. {title}" if card else title
        page = (tr("teach.review_deal") if self.page == 0
                else tr("teach.review_expedition", n=self.page))
        panel = review_panel.spoken(self)
        page = page[:1].upper() + page[1:]
        said = f"{page}. {panel}" if panel else page
        return f"{card}. {said}" if card else said

    def font_px(self) -> int:
        w, h = self.app.size
        return textsize.px(max(12, round(min(w / 1280, h / 800) * 17)))

    # -- events -------------------------------------------------------------------------------

    def go(self, page: int) -> None:
        self.page = max(0, min(8, page))
        self.selected = self.key_card = None

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
            self.key_card = None
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

    def level_rule(self, number: int) -> str | None:
        """The rule of the level of the seat that chose decision ``number``
        (``duplicate.level_rule``, from its view and the seed the match gave it), or None
        (its player not known, or no rule to name)."""
        known = self.replay_players()
        if known is None:
            return None
        view, chosen = self.decision_at(number)
        specs, seeds = known
        return level_rule(view, chosen, specs.get(view.seat), seeds.get(view.seat))

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
        self.key_index, self.show_page = None, 0
        if self.showing:
            self.showing = False
        else:
            self.show_me_how()
        self._show_buttons()

    def _show_buttons(self) -> None:
        review_show_pages.buttons(self)  # the step buttons where they turn pages

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

        if event.type == pygame.MOUSEMOTION:  # the card under it named (``card_caption``)
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.showing:
            self.key_card = None
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
                    self.key_card = None if self.selected is None else cards[i]
            elif self.showing and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                                                pygame.K_END):
                # The arrows step through the cards, and the pages (``review_show_pages``).
                review_show_pages.key(self, event.key)
                return True
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
                    elif self.showing:  # « Show me how »'s pages, where it has some
                        review_show_pages.turn(self, 1 if name == "next" else -1)
                    else:
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

    def state_before(self, number: int) -> Any:
        """The hand just before its decision ``number`` (an index in its actions)."""
        start, actions = self.entry.hand.history()
        state = start.clone()
        for a in actions[:number]:
            state.apply(a)
        return state

    def held_at(self, number: int) -> int:
        """The reviewed seat's cards just before its decision ``number`` (an index in the
        hand's actions): what a card's name must tell apart."""
        rv = self.entry.review
        return int(self.state_before(number).hands[0 if rv is None else rv.seat])

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
        return review_panel.rating_lines(self, r)

    def summary(self) -> str:
        return review_panel.summary(self)

    # -- drawing ---------------------------------------------------------------------------------

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             color: tuple[int, int, int], bold: bool = False, anchor: str = "center") -> None:
        f = self.app.art.font_px(size, bold=bold)
        img = f.render(text, True, color)
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, r)
        self.text_rects.append(r)
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
        self.trick_rects = {}
        self.shown = []
        tr = self.app.tr
        self.card_spots, self.text_rects = [], []
        if self.showing:
            review_show.draw_duplicate(self, surface, fp)
            self.card_spots = [(s.rect, s.card) for s in self.shown]
            card_caption.hover(self, surface, self.card_spots, fp - 1)
            return
        # The page's writing as large as leaves the cards their 100 % width (``review_fit``).
        fit = review_fit.choose(self, (w, h), fp)
        u = fit.unit
        x, y = fit.title_at
        for line in fit.title:
            self.text(surface, line, (x, y), fit.title_px, GOLD, True)
            y += self.app.art.font_px(fit.title_px, bold=True).get_linesize()
        summary, keys, extra = fit.summary, fit.keys, fit.extra
        review_board.draw_board(self, surface, fit.lay, u)
        # The ratings of the person's decisions on this page (or another seat's decision
        # explained), on the right.
        panel = fit.panel  # above the summary line
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
        # The summary and the keys, as wrapped (``extra``: their lines after the first).
        yb = fit.buttons_top - round(u * 1.4)
        bold, small = self.app.art.font_px(u, bold=True), self.app.art.font_px(u - 3)
        ys = yb - u * 1.2 - extra
        for piece in summary:
            self.text(surface, piece, (w / 2, ys), u, GOLD, True)
            ys += bold.get_linesize()
        ys = yb + u * 0.1 - (len(keys) - 1) * small.get_linesize()
        for piece in keys:
            self.text(surface, piece, (w / 2, ys), u - 3, DIM)
            ys += small.get_linesize()
        card_caption.hover(self, surface, self.card_spots, fp - 1)

    def panel_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        return review_panel.panel_lines(self)

    def panel_text(self, surface: pygame.Surface, panel: pygame.Rect,
                   lines: list[tuple[str, tuple[int, int, int]]], size: int) -> None:
        review_panel.panel_text(self, surface, panel, lines, size)

    def seat_name(self, seat: int) -> str:
        return self.app.tr(f"table.seat.{(seat - self.reviewed_seat) % 4}")

    def watch_lines(self, number: int) -> list[tuple[str, tuple[int, int, int]]]:
        return review_panel.watch_lines(self, number)

    def watch_sentence(self, why: Any, viewer: int) -> str:
        """The explainer's sentence said to ``viewer``: it names the seats as that seat
        would (the table's names as if it sat at the bottom); here they get the names the
        review shows, and the reviewed seat is "the player at the bottom" (a third person:
        "you" is the viewer).  The viewer's partner stays "your partner"."""
        text = sentence(why, ruleset=self.entry.hand.ruleset)
        relative = getattr(why, "seat", None)
        if relative is None or relative % 4 not in (1, 3):
            return text
        said = self.app.tr(f"table.seat.{relative % 4}")
        seat = (viewer + relative) % 4
        right = (self.app.tr("watch.you") if seat == self.reviewed_seat
                 else self.seat_name(seat))
        return text.replace(said, right) if said != right else text

    # -- the deal: four readable hands and the expedition ---------------------------------------

    #: Before the name of the seat that led an expedition, in « Show me how ».
    LEADER_MARK = review_show.LEADER_MARK

    def board_layout(self, board: pygame.Rect, fp: int) -> BoardLayout:
        return board_layout(board, fp)

    def _bid_text(self, i: int, b: int, hand: Any = None) -> str:
        hand = self.entry.hand if hand is None else hand
        seat = (hand.dealer + hand.ruleset.direction * (i + 1)) % 4
        return self.app.tr("common.labelled", label=self.seat_name(seat),
                           value=self.option_name(b, None))
