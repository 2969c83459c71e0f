"""Statistics: what ``beloz.stats`` has counted, in four small panels."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

from beloz.ui import drawn, textsize
from beloz.ui.app_protocol import App
from beloz.ui.scenes.selector import SelectorScene
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    SAND,
    Backdrop,
    draw_panel,
    oid,
    scale_for,
)

log = logging.getLogger(__name__)


def _rate(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "–"


def _with_rate(part: int, whole: int) -> str:
    return f"{part}  ({_rate(part, whole)})" if whole else str(part)


class StatsScene(SelectorScene):
    title_key = "stats.title"  # said by the spoken table as the screen opens
    title_centre = 48

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(dim=110)
        self.reset: Any = None
        self.stats: Any = None
        self.view: str | None = None  # a ruleset's name, or None: every ruleset together
        try:
            from beloz.stats import load_stats, reset_notice

            self.stats, messages = load_stats()
            if messages:  # as start-up said it (``check_stats``): once a session
                log.warning("stats: %s", messages)
                app.notify(reset_notice(), seconds=None)
        except Exception:  # noqa: BLE001 -- unreadable statistics: show none, keep playing
            log.exception("stats")
            app.notify(app.tr("notify.stats_unreadable"), seconds=None)

    def views(self) -> list[str | None]:
        """What the selector steps through: every ruleset together, then each ruleset
        played, in the order of the new game dialog."""
        from beloz.rules.ruleset import RULESETS

        played = getattr(self.stats, "rulesets", None) or {}
        return [None, *(n for n in RULESETS if n in played)]

    def view_name(self) -> str:
        if self.view is None:
            return self.app.tr("stats.all_rulesets")
        return self.app.tr(f"ruleset.{self.view}")

    def shown(self) -> Any:
        """The statistics on screen: the totals, or the chosen ruleset's section."""
        if self.stats is None or self.view is None:
            return self.stats
        return self.stats.rulesets.get(self.view)

    def belote_label(self) -> str:
        """The belotes scored, in the word of the ruleset shown (BeloZ, belote, belot)."""
        from beloz.rules.ruleset import RULESETS

        if self.view is None or self.view not in RULESETS:
            return "stats.belote.all"
        return f"stats.belote.{RULESETS[self.view].belote_word}"

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(title, [(label, value)]) per panel, for the ruleset chosen by the selector."""
        tr, s = self.app.tr, self.shown()
        if s is None:
            return []

        def n(name: str) -> int:
            return int(getattr(s, name, 0) or 0)

        kind = getattr(s, "best_announcement_kind", None)
        best = (
            f"{tr('announcement.' + kind)} ({n('best_announcement_points')})" if kind
            else (str(n("best_announcement_points")) if n("best_announcement_points") else "–")
        )
        return [
            (tr("stats.matches"), [
                (tr("stats.matches_played"), str(n("matches_played"))),
                (tr("stats.matches_won"), str(n("matches_won"))),
                (tr("stats.win_rate"), _rate(n("matches_won"), n("matches_played"))),
                (tr("stats.undo_matches"), str(n("undo_matches"))),
            ]),
            (tr("stats.hands"), [
                (tr("stats.hands_played"), str(n("hands_played"))),
                (tr("stats.team_taken"), str(n("team_taken"))),
                (tr("stats.team_made"), _with_rate(n("team_made"), n("team_taken"))),
                (tr("stats.team_dedans"), str(n("team_dedans"))),
                (tr("stats.litiges"), str(n("litiges"))),
                (tr("stats.undo_hands"), str(n("undo_hands"))),
            ]),
            (tr("stats.you"), [
                (tr("stats.seat_taken"), str(n("seat_taken"))),
                (tr("stats.seat_made"), _with_rate(n("seat_made"), n("seat_taken"))),
                (tr("stats.seat_dedans"), str(n("seat_dedans"))),
                (tr("stats.opponents_dedans"), str(n("opponents_dedans"))),
            ]),
            (tr("stats.highlights"), [
                (tr("stats.capots_made"), str(n("capots_made"))),
                (tr("stats.capots_suffered"), str(n("capots_suffered"))),
                (tr(self.belote_label()), str(n("beloz"))),
                (tr("stats.best_announcement"), best),
            ]),
        ]

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        tr = self.app.tr
        # Never narrower than "Remettre à zéro" needs, measured in its font.
        bw, bh = self.button_size([tr("common.back"), tr("stats.reset")],
                                  (max(200, int(240 * s)), int(48 * s)))
        gap = int(16 * s)
        y = h - bh - int(24 * s)
        self.back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh),
                tr("common.back"),
                self.app.ui,
                object_id=oid(self.app, "#back_button"),
            )
        )
        self.reset = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 + gap // 2, y, bw, bh),
                tr("stats.reset"),
                self.app.ui,
                object_id=oid(self.app, "#back_button"),
            )
        )
        if self.stats is None or getattr(self.app, "read_only", False):
            self.reset.disable()  # nothing to erase, or another window's statistics
        self.add_selector(int(76 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):  # Esc, Back, the selector
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.reset:
            self.ask_reset()
            return True
        return False

    def ask_reset(self) -> None:
        """Erasing the statistics cannot be undone: ask first."""
        from beloz.ui.scenes.confirm import ConfirmScene

        tr = self.app.tr
        self.app.push(ConfirmScene(self.app, tr("stats.reset_confirm"), tr("stats.reset"),
                                   tr("stats.reset"), on_confirm=self.reset_stats))

    def reset_stats(self) -> None:
        """Zero every statistic and save it (a disk that refuses is said, not raised)."""
        from beloz.stats import Stats, save_stats

        # The hands already counted stay marked: a hand counted before the reset, replayed
        # after a crash, does not come back into the new statistics.
        self.stats = Stats(counted=dict(self.stats.counted) if self.stats else {})
        self.view = None
        if self.selector is not None:
            self.selector.set_text(self.selector_text())
            self.selector.disable()
        error = save_stats(self.stats)
        self.app.notify(error if error else self.app.tr("stats.reset_done"))

    def unit(self, sections: list[tuple[str, list[tuple[str, str]]]], top: int,
             bottom: int) -> tuple[float, float]:
        """The text's factor for the panels and their lines' spacing (in lines): the text
        size's, or less where the panels' lines would not fit their width or the height
        between ``top`` and ``bottom`` even set closer; never under 1 (the 100 % size)."""
        w = self.app.size[0]
        s = scale_for(self.app.size)
        full = textsize.factor()
        steps = max(1, round((full - 1) / 0.05))
        for i in range(steps + 1):
            u = full - (full - 1) * i / steps
            head, font, bold = self.fonts(u)
            margin, gap = int(40 * s), int(24 * s)
            col_w = min(int(520 * s * u), (w - 2 * margin - gap) // 2)
            pad = int(18 * s * u)
            header = int(52 * s * u)
            wide = any(head.size(title)[0] > col_w - 2 * pad
                       or any(font.size(a)[0] + bold.size(b)[0] + pad > col_w - 2 * pad
                              for a, b in items) for title, items in sections)
            for spacing in (1.45, 1.2):
                line = int(font.get_linesize() * spacing)
                tall = any(sum(header + line * len(items) for _t, items in column)
                           + gap * (len(column) - 1) > bottom - top
                           for column in (sections[:2], sections[2:]))
                if not wide and not tall:
                    return u, spacing
        return 1.0, 1.45

    def fonts(self, u: float) -> tuple[pygame.font.Font, ...]:
        """The panels' heading, label and value fonts at the text factor ``u``."""
        s = scale_for(self.app.size)
        art = self.app.art
        return (art.font_px(int(21 * s) * u, bold=True), art.font_px(int(18 * s) * u),
                art.font_px(int(18 * s) * u, bold=True))

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        w, h = surface.get_size()
        s = scale_for((w, h))
        tr = self.app.tr
        surface.blit(self.title_image(), self.title_rect())
        sections = self.sections()
        below = self.selector.rect.bottom if self.selector is not None else int(110 * s)
        top = int(156 * s)  # below the ruleset selector
        if not sections or not self.stats or not getattr(self.shown(), "hands_played", 0):
            note = self.app.art.font(int(20 * s)).render(tr("stats.empty"), True, CREAM)
            r = note.get_rect(center=(w // 2, int(132 * s)))
            r.top = max(r.top, below + 2)
            surface.blit(note, r)
            drawn.record(surface, "text", r, tr("stats.empty"))
            top = max(top, r.bottom + 8)
            if not sections:
                return
        top = max(top, below + int(14 * s))
        bottom_limit = h - int(90 * s)
        if self.back is not None:
            bottom_limit = min(bottom_limit, self.back.rect.top - int(12 * s))
        full = textsize.factor()
        u, spacing = self.unit(sections, top, bottom_limit) if full > 1 else (1.0, 1.45)
        k = u  # the panels' own lengths grow with their text
        head_font, font, value_font = self.fonts(u)
        margin, gap = int(40 * s), int(24 * s)
        col_w = min(int(520 * s * k), (w - 2 * margin - gap) // 2)
        left = w // 2 - col_w - gap // 2
        pad = int(18 * s * k)
        line = int(font.get_linesize() * spacing)
        rows = [sections[:2], sections[2:]]
        x = left
        for column in rows:
            y = top
            for heading, items in column:
                box_h = int(52 * s * k) + line * len(items)
                box = pygame.Rect(x, y, col_w, min(box_h, max(0, bottom_limit - y)))
                draw_panel(surface, box)
                drawn.record(surface, "panel", box)
                clip = surface.get_clip()
                surface.set_clip(box)
                self.blit(surface, head_font, heading, GOLD,
                          (box.left + pad, box.top + int(12 * s * k)))
                rule_y = box.top + int(44 * s * k)
                pygame.draw.line(surface, SAND, (box.left + pad, rule_y),
                                 (box.right - pad, rule_y), 1)
                ly = box.top + int(52 * s * k)
                for label, value in items:
                    self.blit(surface, font, label, CREAM, (box.left + pad, ly))
                    v = value_font.size(value)[0]
                    self.blit(surface, value_font, value, GOLD, (box.right - pad - v, ly))
                    ly += line
                surface.set_clip(clip)
                y = box.bottom + gap
            x += col_w + gap

    @staticmethod
    def blit(surface: pygame.Surface, font: pygame.font.Font, text: str,
             colour: tuple[int, int, int], pos: tuple[int, int]) -> None:
        img = font.render(text, True, colour)
        surface.blit(img, pos)
        drawn.record(surface, "text", img.get_rect(topleft=pos), text)
