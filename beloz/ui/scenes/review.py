"""The review of a hand, after its score: replayed expedition by expedition with all four
hands face up, each of the person's decisions rated (``beloz.ai.review``), the summary.

The review is computed in the worker (``TeachTask("review", ...)``) with a progress bar;
once done it stays with the hand (``HandKept.review``), is saved with the match
(``on_review``: the match's ``GameFlow.save_reviews``) and opens again at once, after
Continue too.  Keys:
←/→ (or the buttons) move between the deal (the bids) and the eight expeditions, ↑/↓ to
another hand of the match, Esc goes back to the score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from beloz.ai import review as review_mod
from beloz.ai.contrast import sentence as contrast_sentence
from beloz.ai.explain import sentence
from beloz.rules.cards import sort_key
from beloz.rules.state import (
    action_code,
)
from beloz.ui import drawn
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.procworker import TeachTask
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.widgets import UIScene, button_id, pack

LABEL_COLORS = {
    "good": (140, 214, 140), "forced": (190, 200, 190), "inaccuracy": (240, 214, 110),
    "mistake": (244, 160, 80), "blunder": (240, 96, 86),
}


class ReviewScene(UIScene):
    pausable = False

    def __init__(self, app: Any, kept: list[Any], index: int, images: Any = None,
                 on_review: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.kept = kept
        self.index = index
        self.images = images
        self.on_review = on_review  # called when a review is computed (to save it)
        self.page = 0  # 0: the deal and the bids; 1..8: the expeditions
        self.job: Any = None
        self.buttons: dict[str, Any] = {}

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
        start, actions = review_mod.start_of(entry.hand)
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

    def needs_redraw(self) -> bool:
        """Drawn again only when the page, the hand or the review's progress changed."""
        entry = self.entry
        job = entry.job
        seen = (self.index, self.page, id(entry.review), None if job is None else job.progress,
                self.app.size)
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

    def other_hand(self, d: int) -> None:
        i = self.index + d
        if 0 <= i < len(self.kept):
            self.index = i
            self.page = 0
            self.start_review()

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
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
                    elif name == "history":
                        self.open_history()
                    else:
                        self.go(self.page + (1 if name == "next" else -1))
                    return True
        return False

    # -- what a page shows --------------------------------------------------------------------

    def state_at(self, page: int) -> tuple[Any, list[int]]:
        """The hand before expedition ``page`` (1..8; 0: before the bidding), and the
        expedition's cards in play order."""
        start, actions = review_mod.start_of(self.entry.hand)
        state = start.clone()
        n_bids = len(self.entry.hand.bids)
        for a in actions[:n_bids]:
            state.apply(a)
        if page == 0:
            return state, []
        plays = actions[n_bids:]
        for c in plays[: (page - 1) * 4]:
            state.apply(c)
        return state, plays[(page - 1) * 4: page * 4]

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
        start, actions = review_mod.start_of(self.entry.hand)
        state = start.clone()
        for a in actions[:number]:
            state.apply(a)
        return int(state.hands[seat])

    def points(self, value: float, signed: bool = True) -> str:
        """A value on the scale of the score the person sees (Bulgarian: game points)."""
        return review_mod.shown_points(value, review_mod.score_scale(self.entry.hand.ruleset),
                                       signed)

    def rating_lines(self, r: Any) -> list[tuple[str, tuple[int, int, int]]]:
        tr = self.app.tr
        trump = self.entry.hand.trump
        held = self.held_at(r.number) if r.kind == "card" else 0

        def name(action: int) -> str:
            return self.option_name(action, trump, held)

        label = tr(f"teach.label.{r.label}")
        played = "teach.review_bid" if r.kind == "bid" else "teach.review_played"
        lines = [(tr(played, what=name(r.chosen), value=self.points(r.expected_chosen),
                     label=label),
                  LABEL_COLORS.get(r.label, CREAM))]
        if r.forced:
            return lines
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
                                 gap=self.points(r.loss, signed=False),
                                 noise=self.points(r.noise, signed=False)), CREAM))
        elif r.best != r.chosen and r.lost > 0:
            lines.append((tr("teach.review_best", what=name(r.best),
                             value=self.points(r.expected_best),
                             lost=self.points(r.lost, signed=False)), CREAM))
            lines.append((sentence(r.why), GOLD))
            if r.contrast is not None:  # why it beats the card played, from the sampled deals
                lines.append((contrast_sentence(r.contrast), CREAM))
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
        if self.images is not None:
            return self.images.scaled(c, width, c >> 3 == trump)
        surf = pygame.Surface((width, round(width * 1.5)))
        surf.fill(CREAM)
        self.text(surf, action_code(c), (width / 2, width * 0.75), max(10, width // 3),
                  (30, 30, 30), True)
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        from beloz.ui.widgets import wrap

        w, h = surface.get_size()
        fp = self.font_px()
        surface.fill((18, 40, 30))
        tr = self.app.tr
        hand = self.entry.hand
        trump = hand.trump
        title = tr("teach.review_title", n=self.entry.number)
        page = (tr("teach.review_deal") if self.page == 0
                else tr("teach.review_expedition", n=self.page))
        self.text(surface, f"{title}  —  {page}", (w / 2, fp * 1.4), fp + 6, GOLD, True)
        state, cards = self.state_at(self.page)
        # Four hands face up: the person at the bottom, then counter-clockwise.
        cw = max(28, round(min(w / 1280, h / 800) * 46))
        ch = round(cw * 1.5)
        board_w = w * 0.66
        step = cw * 0.62
        hand_w = step * 7 + cw
        spots = {0: (board_w / 2 - hand_w / 2, h * 0.60), 1: (board_w - hand_w, h * 0.36),
                 2: (board_w / 2 - hand_w / 2, h * 0.10), 3: (w * 0.02, h * 0.36)}
        for seat in range(4):
            x, y = spots[seat]
            held = sorted((c for c in range(32) if state.hands[seat] >> c & 1),
                          key=lambda c: sort_key(c, trump))
            name = tr(f"table.seat.{seat}")
            if seat == hand.taker:
                name += " · " + tr("table.taker")
            self.text(surface, name, (x, y + fp * 0.1), fp - 1, GOLD, True, anchor="topleft")
            for i, c in enumerate(held):
                surface.blit(self.card_image(c, cw, trump), (round(x + i * step),
                                                            round(y + fp * 1.4)))
        # The expedition in play order in the middle, the winner framed.
        if cards:
            leader = state.leader
            trick = next((t for t in hand.tricks if t.cards == tuple(cards)), None)
            mx, my = board_w / 2 - 2 * (cw + 10) + 5, h * 0.36 + fp * 1.4
            for i, c in enumerate(cards):
                seat = (leader + hand.ruleset.direction * i) % 4
                x = round(mx + i * (cw + 10))
                surface.blit(self.card_image(c, cw, trump), (x, round(my)))
                if trick is not None and trick.winner == seat:
                    pygame.draw.rect(surface, GOLD, (x - 3, round(my) - 3, cw + 6, ch + 6), 3,
                                     border_radius=6)
                self.text(surface, tr(f"table.seat.{seat}"), (x + cw / 2, my + ch + fp * 0.7),
                          fp - 4, CREAM)
        else:
            self.draw_calls(surface, board_w, h * 0.10 + fp * 1.4 + ch + fp * 0.4,
                            h * 0.36 - fp * 0.2, fp - 1)
        # The ratings of the person's decisions on this page, on the right.
        panel = pygame.Rect(round(w * 0.68), round(fp * 3), round(w * 0.30),
                            round(h - fp * 9.2))  # above the summary line
        pygame.draw.rect(surface, (10, 22, 18), panel, border_radius=10)
        pygame.draw.rect(surface, GOLD, panel, 1, border_radius=10)
        drawn.record(surface, "panel", panel)
        y = panel.top + fp
        font = self.app.art.font(fp - 1)
        prog = self.progress
        if self.entry.review is None:
            done, total = prog or (0, 1)
            self.text(surface, tr("teach.review_computing", done=done, total=total),
                      (panel.centerx, y + fp), fp - 1, CREAM)
            bar = pygame.Rect(panel.left + fp, round(y + fp * 2.2), panel.w - 2 * fp, fp)
            pygame.draw.rect(surface, (40, 60, 50), bar, border_radius=5)
            fill = bar.copy()
            fill.w = round(bar.w * done / max(1, total))
            pygame.draw.rect(surface, GOLD, fill, border_radius=5)
        else:
            ratings = self.ratings_on(self.page)
            if not ratings:
                note = (tr("teach.review_no_bid") if self.page == 0
                        else tr("teach.review_not_yours"))
                for line in wrap(font, note, panel.w - 2 * fp):
                    self.text(surface, line, (panel.left + fp, y), fp - 1, DIM, anchor="topleft")
                    y += font.get_linesize()
            for r in ratings:
                for text, color in self.rating_lines(r):
                    for line in wrap(font, text, panel.w - 2 * fp):
                        self.text(surface, line, (panel.left + fp, y), fp - 1, color,
                                  anchor="topleft")
                        y += font.get_linesize()
                    y += fp * 0.3
                y += fp * 0.6
        # The summary and the keys.
        summary = self.summary()
        yb = h - round(fp * 4.4)
        if summary:
            self.text(surface, summary, (w / 2, yb - fp * 1.2), fp, GOLD, True)
        self.text(surface, tr("teach.review_keys"), (w / 2, yb + fp * 0.1), fp - 3, DIM)

    def draw_calls(self, surface: pygame.Surface, board_w: float, top: float, bottom: float,
                   size: int) -> None:
        """The bids or calls, in order, between North's hand and the side hands: on as many
        lines as the board's width needs (a call never cut in two), smaller when even that
        is too tall (a long Bulgarian auction in a small window)."""
        items = [self._bid_text(i, b) for i, b in enumerate(self.entry.hand.bids)]
        margin = surface.get_width() * 0.02
        width = board_w - 2 * margin
        while True:
            font = self.app.art.font(size)
            lines = pack(font, items, " · ", width)
            if size <= 9 or len(lines) * font.get_linesize() <= bottom - top:
                break
            size -= 1
        y = top
        for line in lines:
            self.text(surface, line, (board_w / 2, y), size, CREAM, anchor="midtop")
            y += font.get_linesize()

    def _bid_text(self, i: int, b: int) -> str:
        hand = self.entry.hand
        seat = (hand.dealer + hand.ruleset.direction * (i + 1)) % 4
        return self.app.tr("common.labelled", label=self.app.tr(f"table.seat.{seat}"),
                           value=self.option_name(b, None))
