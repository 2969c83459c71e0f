"""How to play: RULES.md told to a player, section by section, with card pictures.

BeloZ comes first (§1-§8), then one section for each other ruleset of §9 saying what differs
from BeloZ; the scene opens at the section of the ruleset being played.  Sections are tabs
on the left (and Previous / Next below); the page on the right scrolls with the wheel, the
arrow keys, Page Up / Page Down, or by dragging its scroll bar.  The text comes from the
i18n files (``rules.*``), so it is in French and English.

Keys: Up / Down, Page Up / Page Down, Home / End and Space scroll; Left / Right turn the
section; Tab / Shift-Tab move the focus over the tabs and buttons (``beloz.ui.focus``),
Enter presses the focused one (Space too, off the open section's tab); Esc goes back.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from beloz import i18n
from beloz.rules.cards import ANIMALS, card
from beloz.ui import drawn, textsize
from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.scenes.rules_guide import with_guide
from beloz.ui.widgets import (
    CREAM,
    GOLD,
    LARGE_SCALE,
    SAND,
    Backdrop,
    UIScene,
    draw_panel,
    oid,
    scale_for,
    text_with_shadow,
    wrap,
)

N, E, S, W = range(4)
DRY_ORDER = (8, 4, 7, 6, 5, 3, 2, 1)
FLOODED_ORDER = (5, 3, 8, 4, 7, 6, 2, 1)

# The worked example of "Playing" (South floods): lead, intercept, over-intercept, follow.
# tests/test_rules_text.py plays it through the engine.
EXAMPLE_EXPEDITION = (card(W, 8), card(S, 3), card(S, 5), card(W, 4))

# A block: ("h", key) heading, ("p", key) paragraph (lines starting "• " are bullets),
# ("cards", cards, flooded cards, caption key or None, separator) a row of card pictures,
# ("text", words) a paragraph already translated (the bidding guide's, ``rules_guide``).
Block = tuple[Any, ...]
BELOZ_SECTIONS: tuple[tuple[str, tuple[Block, ...]], ...] = (
    ("deck", (
        ("p", "rules.deck.intro"),
        ("cards", tuple(card(p, 8) for p in range(4)), (), "rules.deck.plains_caption", ""),
        ("h", "rules.deck.h_numbers"),
        ("p", "rules.deck.numbers"),
        ("cards", tuple(card(E, n) for n in range(1, 9)), (), None, ""),
        ("h", "rules.deck.h_dry"),
        ("p", "rules.deck.dry"),
        ("cards", tuple(card(N, n) for n in DRY_ORDER), (), None, ">"),
        ("h", "rules.deck.h_flooded"),
        ("p", "rules.deck.flooded"),
        ("cards", tuple(card(S, n) for n in FLOODED_ORDER),
         tuple(card(S, n) for n in FLOODED_ORDER), None, ">"),
        ("p", "rules.deck.points"),
        ("h", "rules.deck.h_families"),
        ("p", "rules.deck.families"),
    )),
    ("deal", (
        ("p", "rules.deal.intro"),
        ("p", "rules.deal.steps"),
        ("h", "rules.deal.h_complete"),
        ("p", "rules.deal.complete"),
    )),
    ("bid", (
        ("p", "rules.bid.intro"),
        ("cards", (card(W, 5),), (), "rules.bid.turned_caption", ""),
        ("h", "rules.bid.h_round1"),
        ("p", "rules.bid.round1"),
        ("h", "rules.bid.h_round2"),
        ("p", "rules.bid.round2"),
        ("h", "rules.bid.h_all_pass"),
        ("p", "rules.bid.all_pass"),
    )),
    ("play", (
        ("p", "rules.play.intro"),
        ("h", "rules.play.h_fournir"),
        ("p", "rules.play.fournir"),
        ("h", "rules.play.h_monter"),
        ("p", "rules.play.monter"),
        ("h", "rules.play.h_intercepter"),
        ("p", "rules.play.intercepter"),
        ("h", "rules.play.h_surintercepter"),
        ("p", "rules.play.surintercepter"),
        ("h", "rules.play.h_pisser"),
        ("p", "rules.play.pisser"),
        ("h", "rules.play.h_defausser"),
        ("p", "rules.play.defausser"),
        ("h", "rules.play.h_example"),
        ("p", "rules.play.example"),
        ("cards", EXAMPLE_EXPEDITION, (card(S, 3), card(S, 5)), None, ""),
        ("p", "rules.play.example_end"),
    )),
    ("announce", (
        ("p", "rules.announce.intro"),
        ("h", "rules.announce.h_sequences"),
        ("p", "rules.announce.sequences"),
        ("cards", (card(N, 2), card(N, 3), card(N, 4)), (), "rules.announce.tierce_caption", ""),
        ("h", "rules.announce.h_carres"),
        ("p", "rules.announce.carres"),
        ("cards", tuple(card(p, 5) for p in range(4)), (), "rules.announce.carre_caption", ""),
        ("h", "rules.announce.h_compare"),
        ("p", "rules.announce.compare"),
    )),
    ("beloz", (
        ("p", "rules.beloz.intro"),
        ("cards", (card(S, 7), card(S, 6)), (card(S, 7), card(S, 6)),
         "rules.beloz.caption", ""),
        ("p", "rules.beloz.always"),
    )),
    ("score", (
        ("p", "rules.score.intro"),
        ("h", "rules.score.h_compare"),
        ("p", "rules.score.compare"),
        ("h", "rules.score.h_example"),
        ("p", "rules.score.example"),
        ("h", "rules.score.h_match"),
        ("p", "rules.score.match"),
        # where the licences are (pyinstaller.spec, tools/notices.py): the last words of How
        # to play, which a player who wonders finds from the menu
        ("h", "rules.score.h_licences"),
        ("p", "rules.score.licences"),
    )),
)

# The other rulesets of RULES.md §9, one section each, named after the ruleset: what differs
# from BeloZ.  tests/test_rules_text.py checks their figures against beloz.rules.ruleset.
BELOT_PAIR = (card(S, 7), card(S, 6))
# Seed 002's auction ladder, lowest first: East (clubs) < West < South < North (spades).
LADDER_LIONS = tuple(card(p, 8) for p in (E, W, S, N))
RULESET_SECTIONS: tuple[tuple[str, tuple[Block, ...]], ...] = (
    ("belote-sans-annonces", (
        ("p", "rules.belote-sans-annonces.intro"),
        ("h", "rules.belote-sans-annonces.h_deal"),
        ("p", "rules.belote-sans-annonces.deal"),
        ("h", "rules.belote-sans-annonces.h_belote"),
        ("p", "rules.belote-sans-annonces.belote"),
        ("cards", BELOT_PAIR, BELOT_PAIR, "rules.belote-sans-annonces.belote_caption", ""),
        ("h", "rules.belote-sans-annonces.h_score"),
        ("p", "rules.belote-sans-annonces.score"),
        ("h", "rules.belote-sans-annonces.h_capot"),
        ("p", "rules.belote-sans-annonces.capot"),
        ("h", "rules.belote-sans-annonces.h_match"),
        ("p", "rules.belote-sans-annonces.match"),
    )),
    ("belote-classique", (
        ("p", "rules.belote-classique.intro"),
        ("h", "rules.belote-classique.h_direction"),
        ("p", "rules.belote-classique.direction"),
        ("h", "rules.belote-classique.h_deal"),
        ("p", "rules.belote-classique.deal"),
        ("cards", (card(S, 5), card(N, 8), card(E, 8), card(W, 8)), (),
         "rules.belote-classique.round2_caption", ""),
        ("h", "rules.belote-classique.h_play"),
        ("p", "rules.belote-classique.play"),
        ("h", "rules.belote-classique.h_announce"),
        ("p", "rules.belote-classique.announce"),
        ("h", "rules.belote-classique.h_contract"),
        ("p", "rules.belote-classique.contract"),
        ("h", "rules.belote-classique.h_capot"),
        ("p", "rules.belote-classique.capot"),
        ("h", "rules.belote-classique.h_match"),
        ("p", "rules.belote-classique.match"),
    )),
    ("belot-bulgare", (
        ("p", "rules.belot-bulgare.intro"),
        ("h", "rules.belot-bulgare.h_deal"),
        ("p", "rules.belot-bulgare.deal"),
        ("h", "rules.belot-bulgare.h_auction"),
        ("p", "rules.belot-bulgare.auction"),
        ("cards", LADDER_LIONS, (), "rules.belot-bulgare.ladder_caption", "<"),
        ("p", "rules.belot-bulgare.calls"),
        ("h", "rules.belot-bulgare.h_trump"),
        ("p", "rules.belot-bulgare.trump"),
        ("h", "rules.belot-bulgare.h_all_trumps"),
        ("p", "rules.belot-bulgare.all_trumps"),
        ("cards", tuple(card(E, n) for n in FLOODED_ORDER),
         tuple(card(E, n) for n in FLOODED_ORDER), None, ">"),
        ("h", "rules.belot-bulgare.h_no_trumps"),
        ("p", "rules.belot-bulgare.no_trumps"),
        ("cards", tuple(card(W, n) for n in DRY_ORDER), (),
         "rules.belot-bulgare.no_trumps_caption", ">"),
        ("h", "rules.belot-bulgare.h_play"),
        ("p", "rules.belot-bulgare.play"),
        ("h", "rules.belot-bulgare.h_announce"),
        ("p", "rules.belot-bulgare.announce"),
        ("h", "rules.belot-bulgare.h_belot"),
        ("p", "rules.belot-bulgare.belot"),
        ("cards", BELOT_PAIR, BELOT_PAIR, "rules.belot-bulgare.belot_caption", ""),
        ("h", "rules.belot-bulgare.h_points"),
        ("p", "rules.belot-bulgare.points"),
        ("h", "rules.belot-bulgare.h_outcome"),
        ("p", "rules.belot-bulgare.outcome"),
        ("h", "rules.belot-bulgare.h_divide"),
        ("p", "rules.belot-bulgare.divide"),
        ("p", "rules.belot-bulgare.divide_fewer"),
        ("p", "rules.belot-bulgare.divide_equal"),
        ("h", "rules.belot-bulgare.h_match"),
        ("p", "rules.belot-bulgare.match"),
    )),
)
# The tab column lists BeloZ's sections, then, under a label, the other rulesets'.
FIRST_RULESET_SECTION = len(BELOZ_SECTIONS)
SECTIONS = BELOZ_SECTIONS + RULESET_SECTIONS
SECTION_NAMES = tuple(name for name, _ in SECTIONS)


def section_for(ruleset: str) -> str:
    """The section a player of ``ruleset`` reads first: its own, or BeloZ's first."""
    return ruleset if ruleset in dict(RULESET_SECTIONS) else SECTION_NAMES[0]


class RulesScene(UIScene):
    pausable = False
    title_key = "rules.title"  # said by the spoken table as the screen opens

    def __init__(self, app: App, section: str = "deck", ruleset: str | None = None) -> None:
        """Open at ``section``, or, given a ``ruleset``, at that ruleset's section."""
        super().__init__(app)
        self.backdrop = Backdrop(dim=120)
        if ruleset is not None:
            section = section_for(ruleset)
        self.section = SECTION_NAMES.index(section) if section in SECTION_NAMES else 0
        self.scroll = 0.0
        self.tabs: list[Any] = []
        self.back: Any = None
        self.prev: Any = None
        self.next: Any = None
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        self._page: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._dragging: float | None = None
        # The arrows stay the page's: Up / Down scroll, Left / Right turn the section.
        self.focus = Focus(self, arrows=False)

    # ------------------------------------------------------------------ layout
    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The tab column, the page panel and the bottom bar's height."""
        w, h = self.app.size
        s = scale_for((w, h))
        margin = int(24 * s)
        # Below the title and above the bottom bar's buttons, each as tall as its text
        # needs; the tabs as wide as their labels (large text).
        title_h = max(int(70 * s), self._title_rect().bottom + int(4 * s))
        bar_h = max(int(64 * s), self._button_font("#back_button").get_linesize() + 10
                    + int(18 * s))
        tab_font = self._button_font("#tab_button")
        labels = [self.app.tr(f"rules.{name}.title") for name in SECTION_NAMES]
        need = max(tab_font.size(t)[0] for t in labels) + 32
        need = max(need, self._label_font().size(self.app.tr("rules.other_rulesets"))[0]
                   + int(8 * s))
        tab_w = max(170, min(max(int(250 * s), need), w // 3), min(int(250 * s), w // 4))
        tabs = pygame.Rect(margin, title_h, tab_w, h - title_h - bar_h)
        page = pygame.Rect(tabs.right + margin, title_h,
                           max(40, w - tabs.right - 2 * margin), max(40, h - title_h - bar_h))
        return tabs, page, bar_h

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        tr, ui = self.app.tr, self.app.ui
        tabs, self.page_rect, bar_h = self._layout()
        self.tabs = []
        self.focus.begin(f"tab:{self.section}")
        for i, (name, rect) in enumerate(zip(SECTION_NAMES, self._tab_rects(), strict=True)):
            button = self.add(
                pygame_gui.elements.UIButton(rect, tr(f"rules.{name}.title"), ui,
                                             object_id=oid(self.app, "#tab_button"))
            )
            if i == self.section:
                button.select()
            self.tabs.append(self.focus.add(f"tab:{i}", button))
        bh = bar_h - int(18 * s)
        y = h - bar_h + int(6 * s)
        font = self._button_font("#control")
        bw = max(int(200 * s), 32 + max(font.size(t)[0] for t in (
            "‹  " + tr("rules.previous"), tr("rules.next") + "  ›")))
        self.back = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(tabs.left, y, tabs.width, bh), tr("common.back"), ui,
            object_id=oid(self.app, "#back_button")))
        self.prev = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.page_rect.left, y, bw, bh), "‹  " + tr("rules.previous"), ui,
            object_id=oid(self.app, "#control")))
        self.next = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(self.page_rect.right - bw, y, bw, bh), tr("rules.next") + "  ›", ui,
            object_id=oid(self.app, "#control")))
        for name in ("back", "prev", "next"):
            self.focus.add(name, getattr(self, name))
        if self.section == 0:
            self.prev.disable()
        if self.section == len(SECTIONS) - 1:
            self.next.disable()

    def _button_font(self, theme_id: str) -> pygame.font.Font:
        """The theme's font of a button of ``theme_id`` (its ``_large`` size in big
        windows), to measure its label."""
        large = scale_for(self.app.size) >= LARGE_SCALE
        nominal = {"#tab_button": (16, 21), "#back_button": (17, 22), "#control": (17, 22)}
        return self.app.art.font(nominal[theme_id][large], bold=theme_id != "#control")

    def _title_rect(self) -> pygame.Rect:
        """The title's place: left, at mid-height of its band, never above the window."""
        s = scale_for(self.app.size)
        font = self.app.art.font(int(32 * s), bold=True)
        w, h = font.size(self.app.tr("rules.title"))
        r = pygame.Rect(0, 0, w + 2, h + 2)  # and its shadow
        r.midleft = (int(24 * s), int(36 * s))
        r.top = max(r.top, 2)
        return r

    def _tab_rects(self) -> list[pygame.Rect]:
        """One rect per section, with room for the "Other rulesets" label above the first
        ruleset's tab."""
        s = scale_for(self.app.size)
        tabs, _, _ = self._layout()
        gap = int(8 * s)
        label_h = self._label_font().get_linesize() + 2 * gap
        tab_h = max(30, min(int(50 * s), (tabs.height - label_h) // len(SECTIONS) - gap))
        rects = []
        y = tabs.top
        for i in range(len(SECTIONS)):
            if i == FIRST_RULESET_SECTION:
                y += label_h - gap
            rects.append(pygame.Rect(tabs.left, y, tabs.width, tab_h))
            y += tab_h + gap
        return rects

    def _label_font(self) -> pygame.font.Font:
        return self.app.art.font(max(12, int(16 * scale_for(self.app.size))), bold=True)

    def show(self, index: int) -> None:
        index = max(0, min(len(SECTIONS) - 1, index))
        on_tab = (self.focus.focused or "").startswith("tab:")
        if on_tab:  # the focus goes with the section shown
            self.focus.focus(f"tab:{index}")
        if index != self.section:
            self.section = index
            self.scroll = 0.0
            self.rebuild()

    # ------------------------------------------------------------------ the page
    def _inner(self) -> pygame.Rect:
        s = scale_for(self.app.size)
        pad = int(26 * s)
        return self.page_rect.inflate(-2 * pad - int(14 * s), -2 * pad)

    def page(self) -> pygame.Surface:
        """The whole current section rendered at the page's width (cached)."""
        inner = self._inner()
        width = max(40, inner.width)
        key = (self.section, width, i18n.get_language(), self.app.settings.classic_overlay)
        if self._page is not None and self._page[0] == key:
            return self._page[1]
        name, blocks = SECTIONS[self.section]
        # with the ruleset's bidding guide where the section has one (``rules_guide``)
        surf = render_section(self.app, with_guide(name, blocks, i18n.get_language()), width)
        self._page = (key, surf)
        return surf

    def max_scroll(self) -> float:
        return float(max(0, self.page().get_height() - self._inner().height))

    def scroll_by(self, dy: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll(), self.scroll + dy))

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll track and thumb, or None when the page fits."""
        total = self.page().get_height()
        inner = self._inner()
        if total <= inner.height:
            return None
        s = scale_for(self.app.size)
        track = pygame.Rect(self.page_rect.right - int(18 * s), inner.top, int(8 * s), inner.height)
        thumb_h = max(int(30 * s), int(track.height * inner.height / total))
        y = track.top + int((track.height - thumb_h) * self.scroll / max(1.0, self.max_scroll()))
        return track, pygame.Rect(track.left, y, track.width, thumb_h)

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        line = 48 * scale_for(self.app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and (
                self.focus.focused != f"tab:{self.section}"):
            return self.focus.handle_event(event)  # Space presses the focused button
        if self.focus.handle_event(event):  # Tab, Shift-Tab; Enter presses the focused one
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_DOWN: line, pygame.K_UP: -line,
                pygame.K_PAGEDOWN: self._inner().height * 0.9,
                pygame.K_PAGEUP: -self._inner().height * 0.9,
                pygame.K_SPACE: self._inner().height * 0.9,
            }
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.scroll = 0.0
                return True
            if event.key == pygame.K_END:
                self.scroll = self.max_scroll()
                return True
            if event.key == pygame.K_RIGHT:
                self.show(self.section + 1)
                return True
            if event.key == pygame.K_LEFT:
                self.show(self.section - 1)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.precise_y * line)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar and bar[0].inflate(16, 0).collidepoint(event.pos):
                track, thumb = bar
                if thumb.collidepoint(event.pos):
                    self._dragging = event.pos[1] - thumb.top
                else:
                    self.scroll_by((1 if event.pos[1] > thumb.centery else -1)
                                   * self._inner().height * 0.9)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = None
        if event.type == pygame.MOUSEMOTION and self._dragging is not None:
            bar = self._bar()
            if bar:
                track, thumb = bar
                free = max(1, track.height - thumb.height)
                frac = (event.pos[1] - self._dragging - track.top) / free
                self.scroll = max(0.0, min(1.0, frac)) * self.max_scroll()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return True
            if event.ui_element is self.prev:
                self.show(self.section - 1)
                return True
            if event.ui_element is self.next:
                self.show(self.section + 1)
                return True
            if event.ui_element in self.tabs:
                self.show(self.tabs.index(event.ui_element))
                return True
        return False

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.scroll = min(self.scroll, self.max_scroll())

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        w, h = surface.get_size()
        s = scale_for((w, h))
        title = text_with_shadow(self.app.art.font(int(32 * s), bold=True),
                                 self.app.tr("rules.title"), GOLD)
        surface.blit(title, self._title_rect())
        first = self._tab_rects()[FIRST_RULESET_SECTION]
        label = self._label_font().render(self.app.tr("rules.other_rulesets"), True, SAND)
        surface.blit(label, label.get_rect(bottomleft=(first.left + int(4 * s),
                                                       first.top - int(6 * s))))
        draw_panel(surface, self.page_rect)
        inner = self._inner()
        page = self.page()
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(0, int(8 * s)))
        surface.blit(page, (inner.left, inner.top - int(self.scroll)))
        surface.set_clip(clip)
        bar = self._bar()
        if bar:
            track, thumb = bar
            pygame.draw.rect(surface, (58, 48, 36), track, border_radius=4)
            pygame.draw.rect(surface, SAND, thumb, border_radius=4)
        # The page's line between Previous and Next: smaller where large text would run
        # under them, never under its 100 % size.
        text = self.app.tr("rules.page", n=self.section + 1, total=len(SECTIONS))
        nominal = max(12, int(14 * s))
        room = (self.next.rect.left - self.prev.rect.right - int(8 * s)
                if self.prev is not None and self.next is not None else w)
        size = textsize.px(nominal)
        while size > nominal and self.app.art.font_px(size).size(text)[0] > room:
            size -= 1
        hint = self.app.art.font_px(size).render(text, True, CREAM)
        r = hint.get_rect(midtop=(self.page_rect.centerx, self.page_rect.bottom + int(20 * s)))
        if self.prev is not None and textsize.factor() > 1:  # at mid-height of the buttons
            r.centery = max(r.centery, self.prev.rect.centery)
        surface.blit(hint, r)
        drawn.record(surface, "text", r, text)


def render_section(app: App, blocks: tuple[Block, ...], width: int) -> pygame.Surface:
    """Lay the blocks out top to bottom on a transparent surface ``width`` px wide."""
    s = scale_for(app.size)
    tr = app.tr
    body = app.art.font(int(18 * s))
    bold = app.art.font(int(21 * s), bold=True)
    small = app.art.font(int(15 * s))
    line_h = int(body.get_linesize() * 1.18)
    card_w = max(48, int(100 * s))
    parts: list[tuple[pygame.Surface, tuple[int, int]]] = []
    y = 0
    for block in blocks:
        kind = block[0]
        if kind == "h":
            y += int(12 * s)
            text = bold.render(tr(block[1]), True, GOLD)
            parts.append((text, (0, y)))
            y += text.get_height() + int(8 * s)
        elif kind in ("p", "text"):  # "text": words already in the reader's language
            for raw in (tr(block[1]) if kind == "p" else block[1]).split("\n"):
                bullet = raw.startswith("• ")
                indent = int(22 * s) if bullet else 0
                lines = wrap(body, raw[2:] if bullet else raw, width - indent)
                for i, line in enumerate(lines):
                    if bullet and i == 0:
                        parts.append((body.render("•", True, GOLD), (int(4 * s), y)))
                    parts.append((body.render(line, True, CREAM), (indent, y)))
                    y += line_h
                y += int(6 * s)
            y += int(6 * s)
        elif kind == "cards":
            _, cards, flooded, caption, sep = block
            frac = 0.34 if sep else 0.14
            n = len(cards)
            row_w = max(20, min(card_w, int(width / (n + (n - 1) * frac + 0.01))))
            gap = int(row_w * frac)
            x = 0
            row_h = 0
            for i, c in enumerate(cards):
                face = app.art.face(c, row_w, name=tr(f"animal.{ANIMALS[c & 7]}"),
                                    flooded=c in flooded, classic=app.settings.classic_overlay)
                parts.append((face, (x, y + int(4 * s))))
                row_h = max(row_h, face.get_height())
                x += face.get_width()
                if sep and i < len(cards) - 1:
                    mark = bold.render(sep, True, GOLD)
                    my = y + int(4 * s) + (face.get_height() - mark.get_height()) // 2
                    parts.append((mark, (x + (gap - mark.get_width()) // 2, my)))
                x += gap
            y += row_h + int(10 * s)
            if caption:
                text = small.render(tr(caption), True, SAND)
                parts.append((text, (0, y)))
                y += text.get_height()
            y += int(14 * s)
    surf = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    for image, pos in parts:
        surf.blit(image, pos)
    return surf
