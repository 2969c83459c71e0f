"""Statistics: what ``beloz.stats`` has counted, in four small panels."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

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
    text_with_shadow,
)

log = logging.getLogger(__name__)


def _rate(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "–"


def _with_rate(part: int, whole: int) -> str:
    return f"{part}  ({_rate(part, whole)})" if whole else str(part)


class StatsScene(SelectorScene):
    title_key = "stats.title"  # said by the spoken table as the screen opens

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
        # Never narrower than "Remettre à zéro" needs in a small window.
        bh, bw, gap = int(48 * s), max(200, int(240 * s)), int(16 * s)
        y = h - bh - int(24 * s)
        self.back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh),
                self.app.tr("common.back"),
                self.app.ui,
                object_id=oid(self.app, "#back_button"),
            )
        )
        self.reset = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 + gap // 2, y, bw, bh),
                self.app.tr("stats.reset"),
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

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        w, h = surface.get_size()
        s = scale_for((w, h))
        tr = self.app.tr
        title = text_with_shadow(self.app.art.font(int(36 * s), bold=True), tr("stats.title"), GOLD)
        surface.blit(title, title.get_rect(center=(w // 2, int(48 * s))))
        sections = self.sections()
        if not sections or not self.stats or not getattr(self.shown(), "hands_played", 0):
            note = self.app.art.font(int(20 * s)).render(tr("stats.empty"), True, CREAM)
            surface.blit(note, note.get_rect(center=(w // 2, int(132 * s))))
            if not sections:
                return
        head_font = self.app.art.font(int(21 * s), bold=True)
        font = self.app.art.font(int(18 * s))
        value_font = self.app.art.font(int(18 * s), bold=True)
        margin, gap = int(40 * s), int(24 * s)
        col_w = min(int(520 * s), (w - 2 * margin - gap) // 2)
        left = w // 2 - col_w - gap // 2
        top = int(156 * s)  # below the ruleset selector
        line = int(font.get_linesize() * 1.45)
        bottom_limit = h - int(90 * s)
        rows = [sections[:2], sections[2:]]
        x = left
        for column in rows:
            y = top
            for heading, items in column:
                box_h = int(52 * s) + line * len(items)
                box = pygame.Rect(x, y, col_w, min(box_h, max(0, bottom_limit - y)))
                draw_panel(surface, box)
                clip = surface.get_clip()
                surface.set_clip(box)
                text = head_font.render(heading, True, GOLD)
                surface.blit(text, (box.left + int(18 * s), box.top + int(12 * s)))
                pygame.draw.line(surface, SAND, (box.left + int(18 * s), box.top + int(44 * s)),
                                 (box.right - int(18 * s), box.top + int(44 * s)), 1)
                ly = box.top + int(52 * s)
                for label, value in items:
                    t = font.render(label, True, CREAM)
                    v = value_font.render(value, True, GOLD)
                    surface.blit(t, (box.left + int(18 * s), ly))
                    surface.blit(v, (box.right - int(18 * s) - v.get_width(), ly))
                    ly += line
                surface.set_clip(clip)
                y = box.bottom + gap
            x += col_w + gap
