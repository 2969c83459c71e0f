"""Progress: the person's points lost per decision over their matches (docs/practice.md).

Per ruleset (the selector, or the Left and Right keys): each match's average loss per
decision, in the order played, with its least-squares trend; the same split by skill; the
share of their practice problems solved; the matches won against each level; and "You play
like…": the person's average on the scale of the computer levels' own (``level_scale``),
said in words and drawn.  Only the person's own decisions of reviewed hands count
(``practice.progress``): forced moves, hints followed and matches with undo are left out
(the last counted apart).  The chart draws the person's points from the first match with
reviewed hands and its trend from ``MIN_MATCHES``; with none a sentence stands in for it.
Drawn like the Statistics screen (its backdrop, panels, fonts and colours).
"""

from __future__ import annotations

import datetime as dt
import itertools
import logging
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from beloz.practice import progress as progress_mod
from beloz.practice.level_scale import LEVEL_ORDER, LevelLoss, Placement, place, shipped_levels
from beloz.practice.problem import SKILLS
from beloz.practice.progress import MatchRecord, Progress
from beloz.ui import colours, drawn, textsize
from beloz.ui.app_protocol import App
from beloz.ui.scenes.progress_shots import fake_progress, screenshot_progress
from beloz.ui.scenes.selector import SelectorScene
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    SAND,
    Backdrop,
    draw_panel,
    oid,
    scale_for,
    wrap,
)

log = logging.getLogger(__name__)

__all__ = ["ProgressScene", "axis_top", "fake_progress", "screenshot_progress"]

#: Matches a chart needs: fewer is noise, said in a sentence instead.
MIN_MATCHES = 3
#: A match's point on the chart, and a skill's average, need this many counted decisions:
#: one decision (a beginner who follows the hints) made a point of 137.7 points a decision
#: on a 0-200 axis, which is noise drawn as a fact.  Fewer: the sentence says how many.
MIN_DECISIONS = 10
#: The chart against Expert reaches at least this far either side of 0 (points of the
#: score): one hand as good as Expert's drew a point on a ±1 axis.
MIN_DUPLICATE_AXIS = 5
DIM = (196, 184, 160)  # warmer than colours.DIM (the table's), for the menus' brown panels
LINE = colours.GOLD  # the person's own line, the gold that asks for the eye
TREND = (150, 205, 235)
LEVEL_COLOURS = {"beginner": (150, 210, 140), "standard": (235, 190, 110),
                 "expert": (235, 130, 110)}


#: The round tops the chart's axis takes (times a power of ten): the values on its grid
#: (the top and its half) read as numbers a person would write.
NICE = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def axis_top(values: list[float]) -> float:
    """The top of the chart's axis for ``values``: the smallest round number (``NICE``)
    at least a tenth above the largest, so that a few small values fill the chart rather
    than lie along its floor; 0.5 at the least."""
    import math

    high = max([v for v in values if math.isfinite(v)] or [0.0]) * 1.1
    if high <= 0.5:
        return 0.5
    power = 10.0 ** math.floor(math.log10(high))
    return next(n * power for n in NICE if n * power >= high - 1e-9)


def practice_answers(queue: Any, ruleset: str) -> tuple[int, int]:
    """The person's answers to their own practice problems of ``ruleset``: (solved, in
    all), from ``practice.json``'s counts."""
    solved = tried = 0
    for e in queue.entries.values():
        if e.problem.ruleset == ruleset:
            solved += e.solved
            tried += e.solved + e.failed
    return solved, tried


def builtin_answers(queue: Any, ruleset: str) -> tuple[int, int]:
    """The person's answers to the built-in problems of ``ruleset``: (solved, in all)."""
    solved, failed = getattr(queue, "builtin", {}).get(ruleset, (0, 0))
    return solved, solved + failed


def charted(records: list[MatchRecord]) -> list[MatchRecord]:
    """The matches with a point on the chart: ``MIN_DECISIONS`` counted decisions or more."""
    return [m for m in records if m.decisions >= MIN_DECISIONS]


class ProgressScene(SelectorScene):
    title_key = "progress.title"  # said by the spoken table as the screen opens

    def __init__(self, app: App, progress: Progress | None = None,
                 answers: dict[str, tuple[int, int]] | None = None,
                 builtin: dict[str, tuple[int, int]] | None = None) -> None:
        """``answers`` and ``builtin``: per ruleset, (solved, in all) of the person's own
        problems and of the built-in ones; read from ``practice.json`` when ``answers`` is
        None."""
        super().__init__(app)
        self.backdrop = Backdrop(dim=110)
        if progress is None:
            progress = self._load(app)
        self.progress = progress
        if answers is None:
            answers, builtin = self._answers(app)
        self.answers = answers
        self.builtin = builtin or {}
        self.view: str = getattr(getattr(app, "settings", None), "ruleset", "beloz")
        self.unit = textsize.factor()  # the text's factor in the panel being drawn
        self._trial: list[pygame.Rect] | None = None  # measuring: the texts' rectangles
        self._units: dict[tuple[Any, ...], float] = {}
        self._short = False  # measuring: a line left out for want of room

    @staticmethod
    def _load(app: App) -> Progress:
        try:
            loaded, messages = progress_mod.load_progress()
        except Exception:  # noqa: BLE001 - a screen of figures is never worth a crash
            log.exception("progress")
            return Progress()
        for m in messages:  # once a session: start-up has said most already
            app.notify(m, seconds=None)
        return loaded

    @staticmethod
    def _answers(app: App) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        from beloz.practice.queue import load_queue
        from beloz.rules.ruleset import RULESETS

        try:
            queue, _ = load_queue()  # its messages are said by the Practice screen
        except Exception:  # noqa: BLE001
            log.exception("practice")
            return {}, {}
        return ({name: practice_answers(queue, name) for name in RULESETS},
                {name: builtin_answers(queue, name) for name in RULESETS})

    # -- what is shown ------------------------------------------------------------------------

    def views(self) -> list[str]:
        """The rulesets the selector steps through: the one chosen in the settings, and every
        one with a match recorded, in the order of the new game dialog."""
        from beloz.rules.ruleset import RULESETS

        played = {m.ruleset for m in self.progress.matches.values()} | {
            x.ruleset for x in self.progress.hands.values()}
        return [n for n in RULESETS if n in played or n == self.view]

    def view_name(self) -> str:
        return self.app.tr(f"ruleset.{self.view}")

    def records(self) -> list[MatchRecord]:
        return self.progress.of(self.view)

    def scale(self) -> int:
        from beloz.review_store import score_scale
        from beloz.rules.ruleset import RULESETS

        return score_scale(RULESETS[self.view])

    def number(self, value: float) -> str:
        """A loss per decision on the scale of the score the player sees (game points with
        the Bulgarian scoring): one decimal, two on that scale."""
        scale = self.scale()
        text = f"{value / scale:.{1 if scale == 1 else 2}f}"
        from beloz.i18n import get_language

        return text.replace(".", ",") if get_language() == "fr" else text

    def level_name(self, level: str) -> str:
        """A match's level setting in words: one level, or one per seat joined."""
        return " / ".join(self.app.tr(f"level.{p}") for p in level.split(","))

    def placement(self) -> tuple[Placement, float, float, int, dict[str, LevelLoss]]:
        recs = self.records()
        mean, half, n = progress_mod.overall(recs)
        levels = shipped_levels().get(self.view, {})
        return place(mean, half, n, levels), mean, half, n, levels

    def like_sentence(self) -> str:
        tr = self.app.tr
        where, mean, _half, n, levels = self.placement()
        if not levels:
            return tr("progress.like.no_scale")
        if where.kind == "too_few":
            from beloz.practice.level_scale import MIN_DECISIONS

            return tr("progress.like.too_few", n=n, min=MIN_DECISIONS)
        if where.kind == "between":
            weaker, stronger = where.levels
            return tr("progress.like.between", mean=self.number(mean),
                      weaker=self.level_name(weaker), stronger=self.level_name(stronger),
                      weaker_mean=self.number(levels[weaker].mean),
                      stronger_mean=self.number(levels[stronger].mean))
        (level,) = where.levels
        return tr(f"progress.like.{where.kind}", mean=self.number(mean),
                  level=self.level_name(level), level_mean=self.number(levels[level].mean))

    def side_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The practice problems solved, the matches won per level, the matches apart."""
        tr = self.app.tr
        out: list[tuple[str, tuple[int, int, int]]] = []
        own_solved, own_tried = self.answers.get(self.view, (0, 0))
        b_solved, b_tried = self.builtin.get(self.view, (0, 0))
        solved, tried = own_solved + b_solved, own_tried + b_tried
        if tried:  # every answer, then where they came from
            out.append((tr("progress.practice", solved=solved, tried=tried,
                           rate=f"{round(100 * solved / tried)}\u00a0%"), CREAM))
            if own_tried and b_tried:
                out.append((tr("progress.practice_split", own_solved=own_solved,
                               own_tried=own_tried, builtin_solved=b_solved,
                               builtin_tried=b_tried), DIM))
            else:
                out.append((tr("progress.practice_own" if own_tried
                               else "progress.practice_builtin"), DIM))
        else:
            out.append((tr("progress.practice_none"), DIM))
        wins = progress_mod.wins_by_level(self.records())
        if not wins:
            out.append((tr("progress.wins_none"), DIM))
        order = {name: i for i, name in enumerate(LEVEL_ORDER)}
        for level in sorted(wins, key=lambda lv: (order.get(lv, 9), lv)):
            played, won = wins[level]
            out.append((tr("progress.wins", level=self.level_name(level), won=won,
                           played=played), CREAM))
        apart = len(self.progress.of(self.view, undo=True))
        if apart:
            out.append((tr("progress.undo_apart", n=apart), DIM))
        return out

    # -- widgets and events ---------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        bw, bh = self.button_size([self.app.tr("progress.back")],
                                  (max(200, int(240 * s)), int(48 * s)))
        self.back = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - bw // 2, h - bh - int(16 * s), bw, bh),
            self.app.tr("progress.back"), self.app.ui,
            object_id=oid(self.app, "#back_button")))
        self.add_selector(int(72 * s))

    def update(self, dt: float) -> None:
        pass

    # -- drawing --------------------------------------------------------------------------------

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The font of nominal ``size`` at the panel's text factor (``unit``)."""
        return self.app.art.font_px(size * self.unit, bold=bold)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: tuple[int, int, int], bold: bool = False, anchor: str = "topleft"
             ) -> pygame.Rect:
        font = self.font(size, bold)
        r = pygame.Rect((0, 0), font.size(text))
        setattr(r, anchor, (round(pos[0]), round(pos[1])))
        if self._trial is not None:  # measuring only
            self._trial.append(r)
            return r
        surface.blit(font.render(text, True, colour), r)
        drawn.record(surface, "text", r, text)
        return r

    def lines(self, surface: pygame.Surface, text: str, x: float, y: float, width: int,
              size: int, colour: tuple[int, int, int], bold: bool = False) -> float:
        """``text`` wrapped to ``width`` from (x, y) down; the y below its last line."""
        font = self.font(size, bold)
        for line in wrap(font, text, width):
            self.text(surface, line, (x, y), size, colour, bold)
            y += font.get_linesize()
        return y

    def fitted(self, surface: pygame.Surface, box: pygame.Rect, fs: int,
               draw: Callable[[pygame.Surface, pygame.Rect, int], None]) -> None:
        """``draw`` the panel ``box`` at the largest text factor, from the text size's down
        to 1 (its 100 % size), whose texts all lie inside the panel, none on another (a
        measuring pass on a scratch surface); at 1 when none does."""
        full = textsize.factor()
        key = (draw.__name__, self.view, tuple(box), full, self.app.tr("progress.title"))
        if full > 1 and key not in self._units:
            scratch = pygame.Surface((box.right + 1, box.bottom + 1))
            steps = max(1, round((full - 1) / 0.05))
            self._units[key] = 1.0
            for i in range(steps + 1):
                self.unit, self._trial, self._short = full - (full - 1) * i / steps, [], False
                try:
                    draw(scratch, box, fs)
                    rects = self._trial
                finally:
                    self._trial = None
                inside = box.inflate(2 * drawn.SLACK, 2 * drawn.SLACK)
                if not self._short and all(inside.contains(r) for r in rects) and not any(
                        (c := a.clip(b)).w > drawn.SLACK and c.h > drawn.SLACK
                        for j, a in enumerate(rects) for b in rects[j + 1:]):
                    self._units[key] = self.unit
                    break
        self.unit = self._units.get(key, full)
        try:
            draw(surface, box, fs)
        finally:
            self.unit = full

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, size: int
              ) -> float:
        """A panel with its title; the y below the title's rule."""
        draw_panel(surface, rect)
        drawn.record(surface, "panel", rect)
        pad = round(size * 0.8)
        r = self.text(surface, title, (rect.left + pad, rect.top + pad * 0.6), size, GOLD, True)
        y = r.bottom + round(size * 0.3)
        pygame.draw.line(surface, SAND, (rect.left + pad, y), (rect.right - pad, y), 1)
        return y + round(size * 0.4)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        w, h = surface.get_size()
        s = scale_for((w, h))
        surface.blit(self.title_image(), self.title_rect())
        fs = max(13, int(17 * s))  # body text
        margin, gap = int(28 * s), int(18 * s)
        top = int(72 * s) + max(30, int(34 * s)) + int(14 * s)
        bottom = h - int(48 * s) - int(16 * s) - int(14 * s)
        if self.selector is not None and self.back is not None:  # large text
            top = max(top, self.selector.rect.bottom + int(14 * s))
            bottom = min(bottom, self.back.rect.top - int(14 * s))
        left_w = round((w - 2 * margin - gap) * 0.58)
        right_x = margin + left_w + gap
        right_w = w - margin - right_x
        chart_h = round((bottom - top - gap) * 0.6)
        chart = pygame.Rect(margin, top, left_w, chart_h)
        skills = pygame.Rect(margin, chart.bottom + gap, left_w, bottom - chart.bottom - gap)
        like_h = round((bottom - top - 2 * gap) * 0.37)
        like = pygame.Rect(right_x, top, right_w, like_h)
        # Points against Expert in the person's seat (« Show me how »), between the two.
        dup = pygame.Rect(right_x, like.bottom + gap, right_w,
                          round((bottom - top - 2 * gap) * 0.36))
        side = pygame.Rect(right_x, dup.bottom + gap, right_w, bottom - dup.bottom - gap)
        self.fitted(surface, chart, fs, self.draw_chart)
        self.fitted(surface, skills, fs, self.draw_skills)
        self.fitted(surface, like, fs, self.draw_like)
        self.fitted(surface, dup, fs, self.draw_duplicates)
        self.fitted(surface, side, fs, self.draw_side)

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect, fs: int) -> None:
        tr = self.app.tr
        y = self.panel(surface, box, tr("progress.chart"), fs + 1)
        pad = round(fs * 0.8)
        width = box.w - 2 * pad
        y = self.lines(surface, tr("progress.counted", min=MIN_DECISIONS), box.left + pad, y,
                       width, fs - 3, DIM)
        recs = charted(self.records())
        ys = progress_mod.series(recs)
        if not ys:
            most = max((m.decisions for m in self.records()), default=0)
            words = (tr("progress.chart_few", min=MIN_DECISIONS, n=most) if most
                     else tr("progress.chart_none"))
            self.lines(surface, words, box.left + pad, y + fs * 0.6, width, fs, CREAM)
            return
        small = fs - 3
        label_w = self.font(small).size(self.number(88.8))[0] + 8
        legend_h = self.font(small).get_linesize()
        plot = pygame.Rect(box.left + pad + label_w, round(y + fs * 0.9),
                           width - label_w, 0)
        plot.h = box.bottom - pad - legend_h * 2 - 6 - plot.top
        if plot.h < 30:
            return
        top_value = axis_top(ys)
        n = len(ys)

        def at(i: float, v: float) -> tuple[int, int]:
            x = plot.left + (plot.w * (i / (n - 1)) if n > 1 else plot.w / 2)
            return round(x), round(plot.bottom - plot.h * min(v, top_value) / top_value)

        for frac in (0.0, 0.5, 1.0):  # the grid and the values
            gy = round(plot.bottom - plot.h * frac)
            pygame.draw.line(surface, (90, 76, 56), (plot.left, gy), (plot.right, gy), 1)
            self.text(surface, self.number(top_value * frac), (plot.left - 6, gy), small,
                      DIM, anchor="midright")
        # The person's points from the first match; a trend only from ``MIN_MATCHES``
        # (through one or two points a line is noise, not a direction).
        trend = progress_mod.trend(ys) if n >= MIN_MATCHES else None
        if trend is not None:
            b, a = trend
            pygame.draw.line(surface, TREND, at(0, max(0.0, b)),
                             at(n - 1, max(0.0, b + a * (n - 1))), max(2, fs // 7))
        points = [at(i, v) for i, v in enumerate(ys)]
        if len(points) > 1:
            pygame.draw.lines(surface, LINE, False, points, max(2, fs // 6))
        for p in points:
            pygame.draw.circle(surface, LINE, p, max(3, fs // 4))
        # Under the plot: its ends, then the legend.
        ly = plot.bottom + 4
        left, right = self.ends(recs)
        self.text(surface, left, (plot.left, ly), small, DIM)
        if right is not None:
            self.text(surface, right, (plot.right, ly), small, DIM, anchor="topright")
        ly += legend_h + 2
        legend = tr("progress.legend_line", n=n)
        r = self.text(surface, legend, (plot.left + fs * 1.6, ly), small, CREAM)
        pygame.draw.line(surface, LINE, (plot.left, r.centery), (plot.left + fs * 1.2,
                                                                  r.centery), 3)
        if trend is None:
            self.text(surface, tr("progress.trend_few", min=MIN_MATCHES, n=n),
                      (r.right + fs * 1.6, ly), small, DIM)
        else:
            slope = trend[1]
            words = tr("progress.legend_trend",
                       slope=("+" if slope > 0 else "") + self.number(slope))
            tx = r.right + fs * 3
            r2 = self.text(surface, words, (tx, ly), small, CREAM)
            pygame.draw.line(surface, TREND, (tx - fs * 1.6, r2.centery),
                             (tx - fs * 0.4, r2.centery), 3)

    def draw_duplicates(self, surface: pygame.Surface, box: pygame.Rect, fs: int) -> None:
        """Each hand replayed by Expert in the person's seat: the person's score minus
        Expert's on the same cards (``progress.duplicate_series``), hand by hand, with its
        trend from ``MIN_MATCHES`` hands; 0 (as good as Expert) marked."""
        tr = self.app.tr
        title = tr("watch.progress.chart")
        size = fs + 1  # the title on one line, smaller in a narrow panel (at 100 %: with
        # large text, the whole panel is drawn smaller first, ``fitted``)
        while size > (10 if self.unit <= 1 else fs + 1) and self.font(
                size, True).size(title)[0] > box.w - 2 * round(size * 0.8):
            size -= 1
        y = self.panel(surface, box, title, size)
        pad = round(fs * 0.8)
        width = box.w - 2 * pad
        small = fs - 3
        ys = progress_mod.duplicate_series(self.progress.hands_of(self.view))
        if not ys:
            self.lines(surface, tr("watch.progress.none"), box.left + pad, y, width, small,
                       DIM)
            return
        y = self.lines(surface, tr("watch.progress.counted"), box.left + pad, y, width,
                       small - 1, DIM)
        n = len(ys)
        label_w = max(self.font(small).size(f"{v:+d}")[0] for v in (-9999, 9999)) + 8
        # The legend under the plot: the line (with the mean), then the trend from
        # ``MIN_MATCHES`` hands, beside it or, in a narrow panel, on a line of its own.
        trend = progress_mod.trend([float(v) for v in ys]) if n >= MIN_MATCHES else None
        mean = sum(ys) / n
        legend = tr("watch.progress.legend", n=n, mean=self.signed(mean))
        words = (tr("watch.progress.trend", slope=self.signed(trend[1]))
                 if trend is not None else "")
        font = self.font(small)
        one_line = (font.size(legend)[0] + font.size(words)[0] + fs * 5.2
                    <= width - label_w)
        legend_h = font.get_linesize() * (1 if one_line or not words else 2)
        plot = pygame.Rect(box.left + pad + label_w, round(y + fs * 0.5), width - label_w, 0)
        plot.h = box.bottom - pad - legend_h - 4 - plot.top
        if plot.h < 24:
            return
        # An axis symmetric about 0, a round number at its ends.
        import math

        high = max(max(abs(v) for v in ys) * 1.1, MIN_DUPLICATE_AXIS)
        power = 10.0 ** math.floor(math.log10(high))
        top = next(k * power for k in (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
                   if k * power >= high)

        def at(i: float, v: float) -> tuple[int, int]:
            x = plot.left + (plot.w * (i / (n - 1)) if n > 1 else plot.w / 2)
            return round(x), round(plot.centery - plot.h / 2 * max(-1.0, min(1.0, v / top)))

        for frac in (-1.0, 0.0, 1.0):
            gy = round(plot.centery - plot.h / 2 * frac)
            colour = SAND if frac == 0 else (90, 76, 56)
            pygame.draw.line(surface, colour, (plot.left, gy), (plot.right, gy), 1)
            value = round(top * frac)
            self.text(surface, f"{value:+d}" if value else "0", (plot.left - 6, gy), small,
                      DIM, anchor="midright")
        if trend is not None:
            b, a = trend
            pygame.draw.line(surface, TREND, at(0, b), at(n - 1, b + a * (n - 1)),
                             max(2, fs // 7))
        points = [at(i, v) for i, v in enumerate(ys)]
        if len(points) > 1:
            pygame.draw.lines(surface, LINE, False, points, max(2, fs // 8))
        for p in points:
            pygame.draw.circle(surface, LINE, p, max(2, fs // 5))
        ly = plot.bottom + 3
        r = self.text(surface, legend, (plot.left + fs * 1.4, ly), small, CREAM)
        pygame.draw.line(surface, LINE, (plot.left, r.centery), (plot.left + fs, r.centery), 3)
        if words:
            tx, ty = ((r.right + fs * 2.4, ly) if one_line
                      else (plot.left + fs * 1.4, ly + font.get_linesize()))
            r2 = self.text(surface, words, (tx, ty), small, CREAM)
            pygame.draw.line(surface, TREND, (tx - fs * 1.4, r2.centery),
                             (tx - fs * 0.4, r2.centery), 3)

    def signed(self, value: float) -> str:
        """Points of the score (whole, game points in Bulgarian belot), signed, one decimal
        for a mean or a slope."""
        text = f"{value:+.1f}" if round(value, 1) else "0"
        from beloz.i18n import get_language

        return text.replace(".", ",") if get_language() == "fr" else text

    def ends(self, recs: list[MatchRecord]) -> tuple[str, str | None]:
        """The labels of the chart's ends, whose matches run in the order played: the
        first and the last match's day (one label when they are the same day).  When the
        days do not run forward with the matches (the clock was set back), a date axis
        would run backwards: the ends are then the matches' numbers."""
        days = [m.date for m in recs]
        if any(b < a for a, b in itertools.pairwise(days)):
            tr = self.app.tr
            return tr("progress.match_n", n=1), tr("progress.match_n", n=len(recs))
        return self.day(days[0]), self.day(days[-1]) if days[-1] != days[0] else None

    def day(self, d: dt.date) -> str:
        return self.app.tr("progress.date", day=f"{d.day:02d}", month=f"{d.month:02d}",
                           year=d.year)

    def draw_skills(self, surface: pygame.Surface, box: pygame.Rect, fs: int) -> None:
        tr = self.app.tr
        y = self.panel(surface, box, tr("progress.skills"), fs + 1)
        pad = round(fs * 0.8)
        every = progress_mod.by_skill(self.records())
        skills = {k: v for k, v in every.items() if v[0] >= MIN_DECISIONS}
        names = {k: tr(f"practice.skill.{k}") for k in SKILLS}
        # The skills with too few decisions for an average, with how many they have.
        few = ", ".join(tr("common.labelled", label=names[k], value=n)
                        for k, (n, _m) in every.items() if n < MIN_DECISIONS)
        if not skills:
            words = (tr("progress.skills_few", min=MIN_DECISIONS, so_far=few) if few
                     else tr("progress.skills_none"))
            self.lines(surface, words, box.left + pad, y, box.w - 2 * pad, fs, DIM)
            return
        small = fs - 2
        if few:  # said under the bars, in the room kept for it
            note = tr("progress.skills_some", min=MIN_DECISIONS, so_far=few)
            note_lines = wrap(self.font(small - 1), note, box.w - 2 * pad)
            note_h = len(note_lines) * self.font(small - 1).get_linesize()
            if box.bottom - pad - y - note_h >= len(skills) * self.font(small).get_linesize():
                ny = box.bottom - pad * 0.5 - note_h
                for line in note_lines:
                    self.text(surface, line, (box.left + pad, ny), small - 1, DIM)
                    ny += self.font(small - 1).get_linesize()
                box = pygame.Rect(box.left, box.top, box.w, box.h - note_h - round(pad * 0.5))
        label_w = max(self.font(small).size(names[k])[0] for k in skills) + 10
        values = {k: tr("progress.skill_value", value=self.number(m), n=n)
                  for k, (n, m) in skills.items()}
        value_w = max(self.font(small).size(v)[0] for v in values.values()) + 10
        row = min(self.font(small).get_linesize() + 4, (box.bottom - pad - y) / len(skills))
        if row < self.font(small).get_linesize():
            small = max(9, small - 2)
            row = (box.bottom - pad - y) / len(skills)
        bar_x = box.left + pad + label_w
        room = box.right - pad - value_w - bar_x
        # Each skill's bar (its average), then its own line over the matches with the trend.
        bar_w, spark_w = round(room * 0.55), round(room * 0.4)
        spark_x = bar_x + room - spark_w
        top_value = max(m for _n, m in skills.values()) or 1.0
        recs = self.records()
        for i, k in enumerate(skills):
            n, m = skills[k]
            cy = y + row * (i + 0.5)
            self.text(surface, names[k], (box.left + pad, cy), small, CREAM, anchor="midleft")
            if bar_w > 10:
                bar = pygame.Rect(bar_x, round(cy - row * 0.3), max(2, round(bar_w * m
                                                                          / top_value)),
                                  max(4, round(row * 0.6)))
                pygame.draw.rect(surface, SAND, bar, border_radius=3)
            if spark_w > 20:
                spark = pygame.Rect(spark_x, round(cy - row * 0.4), spark_w,
                                    max(6, round(row * 0.8)))
                self.sparkline(surface, spark, progress_mod.skill_series(recs, k))
            self.text(surface, values[k], (box.right - pad, cy), small, GOLD,
                      anchor="midright")

    def sparkline(self, surface: pygame.Surface, box: pygame.Rect, ys: list[float]) -> None:
        """A skill's averages over the matches and their trend, small; nothing with fewer
        than ``MIN_MATCHES`` (noise)."""
        if len(ys) < MIN_MATCHES:
            return
        top = max(max(ys), 0.5)
        n = len(ys)

        def at(i: float, v: float) -> tuple[int, int]:
            return (round(box.left + box.w * i / (n - 1)),
                    round(box.bottom - box.h * max(0.0, min(v, top)) / top))

        pygame.draw.line(surface, (90, 76, 56), box.bottomleft, box.bottomright, 1)
        found = progress_mod.trend(ys)
        if found is not None:
            b, a = found
            pygame.draw.line(surface, TREND, at(0, b), at(n - 1, b + a * (n - 1)), 2)
        pygame.draw.lines(surface, LINE, False, [at(i, v) for i, v in enumerate(ys)], 1)

    def draw_like(self, surface: pygame.Surface, box: pygame.Rect, fs: int) -> None:
        tr = self.app.tr
        y = self.panel(surface, box, tr("progress.like_title"), fs + 1)
        pad = round(fs * 0.8)
        y = self.lines(surface, self.like_sentence(), box.left + pad, y, box.w - 2 * pad, fs,
                       CREAM)
        where, mean, half, _n, levels = self.placement()
        if not levels:
            return
        small = fs - 3
        line = self.font(small, True).get_linesize()
        below = fs + 8 + 2 * line  # the person's marker and name, then the scale's ends
        axis_y = round(min(y + (box.bottom - pad - y) * 0.5, box.bottom - pad - below))
        if axis_y - y < line * 2.5:
            return  # no room for the drawing: the sentence says it
        x0, x1 = box.left + pad * 2, box.right - pad * 2
        # Left: the most points lost (the weakest); right: none lost.
        worst = max(lv.mean + lv.half_width for lv in levels.values())
        if where.kind != "too_few":
            worst = max(worst, mean + min(half, mean))
        worst = max(worst * 1.1, 0.5)

        def at(v: float) -> int:
            return round(x1 - (x1 - x0) * max(0.0, min(v, worst)) / worst)

        pygame.draw.line(surface, SAND, (x0, axis_y), (x1, axis_y), 2)
        ends_y = axis_y + fs + 8 + line
        self.text(surface, tr("progress.scale_more"), (x0, ends_y), small, DIM)
        self.text(surface, tr("progress.scale_less"), (x1, ends_y), small, DIM,
                  anchor="topright")
        taken: list[pygame.Rect] = []
        for name in LEVEL_ORDER:
            lv = levels.get(name)
            if lv is None:
                continue
            colour = LEVEL_COLOURS[name]
            cx = at(lv.mean)
            pygame.draw.line(surface, colour, (at(lv.mean + lv.half_width), axis_y),
                             (at(max(0.0, lv.mean - lv.half_width)), axis_y), 6)
            pygame.draw.circle(surface, colour, (cx, axis_y), max(4, fs // 3))
            img_w, img_h = self.font(small, True).size(self.level_name(name))
            r = pygame.Rect(0, 0, img_w, img_h)
            r.midbottom = (cx, axis_y - max(6, fs // 2))
            r.clamp_ip(pygame.Rect(box.left + pad, box.top, box.w - 2 * pad, box.h))
            while any(r.colliderect(t) for t in taken):  # close levels: stacked up
                r.bottom = min(t.top for t in taken if r.colliderect(t)) - 1
            taken.append(r)
            self.text(surface, self.level_name(name), r.topleft, small, colour, True)
        if where.kind != "too_few":
            cx = at(mean)
            pygame.draw.line(surface, GOLD, (at(mean + half), axis_y + 10),
                             (at(max(0.0, mean - half)), axis_y + 10), 3)
            tip = [(cx, axis_y + 4), (cx - fs // 2, axis_y + 4 + fs), (cx + fs // 2,
                                                                        axis_y + 4 + fs)]
            pygame.draw.polygon(surface, GOLD, tip)
            r = pygame.Rect(0, 0, *self.font(small, True).size(tr("progress.scale_you")))
            r.midtop = (cx, axis_y + 6 + fs)
            r.clamp_ip(pygame.Rect(box.left + pad, box.top, box.w - 2 * pad, box.h))
            self.text(surface, tr("progress.scale_you"), r.topleft, small, GOLD, True)

    def draw_side(self, surface: pygame.Surface, box: pygame.Rect, fs: int) -> None:
        tr = self.app.tr
        y = self.panel(surface, box, tr("progress.side_title"), fs + 1)
        pad = round(fs * 0.8)
        size = fs - 1
        lines = self.side_lines()
        # Smaller rather than out of the panel (at 100 %: with large text, the whole panel
        # is drawn smaller first, ``fitted``).
        while size > (10 if self.unit <= 1 else fs - 1):
            font = self.font(size)
            need = sum(len(wrap(font, t, box.w - 2 * pad)) for t, _ in lines)
            if y + need * font.get_linesize() <= box.bottom - pad * 0.5:
                break
            size -= 1
        for text, colour in lines:
            if y + self.font(size).get_linesize() > box.bottom:
                self._short = True  # a line left out: the panel does not fit
                break
            y = self.lines(surface, text, box.left + pad, y, box.w - 2 * pad, size, colour)
