"""What the tutorial and the practice scenes share: a board of cards drawn with the game's
fonts on one surface, text recorded for the screenshot sweep (``drawn``), the question
buttons kept by name, the hand's cards taken by key or click (Left / Right select one,
raised in the focus ring, Enter takes it), and a redraw only when what is shown changes."""

from __future__ import annotations

from typing import Any

import pygame

from beloz.rules.cards import ALL_TRUMPS
from beloz.ui import drawn, textsize
from beloz.ui.focus import Focus, draw_ring
from beloz.ui.widgets import UIScene, button_id, wrap

#: A paragraph of a text panel: its text, its size against the panel's unit, its colour,
#: bold, and the gap above it (in units).
Item = tuple[str, int, tuple[int, int, int], bool, float]


def below(rect: pygame.Rect, taken: list[pygame.Rect], gap: int = 2) -> pygame.Rect:
    """``rect`` moved down until it meets none of ``taken`` (its place when it meets none)."""
    out = pygame.Rect(rect)
    moved = True
    while moved:
        moved = False
        for r in taken:
            if out.colliderect(r.inflate(0, 2 * gap)):
                out.top = r.bottom + gap
                moved = True
    return out


#: Where each place's card lies around an expedition's middle, in card widths and heights
#: (0: the person, 1 on the right, 2 across, 3 on the left).
TRICK_OFFSETS = {0: (0, 0.55), 1: (0.75, 0), 2: (0, -0.55), 3: (-0.75, 0)}


def draw_expedition(scene: Any, surface: pygame.Surface, cards: tuple[int, ...] | list[int],
               places: list[int], trump: int | None, mid: tuple[float, float],
               size: tuple[int, int], spread: tuple[float, float]) -> list[pygame.Rect]:
    """An expedition's ``cards`` around ``mid``, card i at place ``places[i]``, ``size`` a
    card's width and height, ``spread`` how far apart (in widths across, heights up and
    down); the master card framed.  Where the cards were drawn."""
    from beloz.rules.tricks import master_index
    from beloz.ui.highlight import frame

    tw, th = size
    master = master_index(list(cards), trump) if cards and trump is not None else None
    out = []
    for i, (c, place) in enumerate(zip(cards, places, strict=True)):
        dx, dy = TRICK_OFFSETS[place]
        r = pygame.Rect(0, 0, tw, th)
        r.center = (round(mid[0] + dx * tw * spread[0]), round(mid[1] + dy * th * spread[1]))
        surface.blit(scene.images.face(c, tw, scene.flooded(c)), r)
        out.append(r)
        if i == master:
            frame(surface, r, c, width=3, radius=6)
    return out


class BoardScene(UIScene):
    """A scene that draws a position itself; ``board_trump`` says which cards flood,
    ``card_rects`` where the hand's cards were drawn (left to right), ``press`` what a
    button does, ``cards_open``/``take_card`` whether and how a card is answered, and
    ``shown`` what a frame shows (``_redraw`` forces the next frame)."""

    buttons: dict[str, object]
    card_rects: list[tuple[pygame.Rect, int]]
    _redraw: bool
    focus: Focus
    images: Any  # the hand's card faces (``sprites.CardImages``)
    card_sel: int | None = None  # the card of the hand the arrows selected (an index)

    def board_trump(self) -> int | None:
        """The flooded plain (a plain, or ``ALL_TRUMPS``), or None before the bidding ends."""
        raise NotImplementedError

    def press(self, name: str) -> None:
        raise NotImplementedError

    def cards_open(self) -> bool:
        """Whether a card of the hand may be taken now (cards are being played)."""
        raise NotImplementedError

    def take_card(self, c: int) -> None:
        raise NotImplementedError

    def shown(self) -> tuple[object, ...]:
        """What the frame shows: a frame is drawn again when it changes."""
        raise NotImplementedError

    def choosing_card(self) -> bool:
        """Whether the person is to answer with a card of the hand now (the arrows select
        one)."""
        return self.cards_open()

    # -- a card chosen with the keys ------------------------------------------------------

    def select_card(self, step: int) -> None:
        """The arrows: the card ``step`` on (round the end; the first arrow selects the
        first card, or the last), shown raised in the ring; the buttons lose the focus."""
        n = len(self.card_rects)
        if n == 0:
            return
        if self.card_sel is None:
            self.card_sel = 0 if step > 0 else n - 1
        else:
            self.card_sel = (self.card_sel + step) % n
        self.focus.blur()
        self._redraw = True

    def card_key(self, event: pygame.event.Event) -> bool:
        """Left / Right select a card while one is to be chosen, Enter takes the one
        selected; Tab, Up and Down leave the cards to the buttons (False: not taken)."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.card_sel = None
            self._redraw = True
            return False
        if not self.choosing_card():
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select_card(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.card_sel is not None
                and self.focus.element is None):
            self.take_card(self.card_rects[min(self.card_sel, len(self.card_rects) - 1)][1])
            return True
        return False

    def spoken_focus(self) -> str:
        """The card the arrows raised, by plain and animal, else the focused button."""
        if self.card_sel is not None and self.card_rects and self.choosing_card():
            from beloz.ai.explain import card_word

            return card_word(self.card_rects[min(self.card_sel, len(self.card_rects) - 1)][1],
                             "name", None)
        return super().spoken_focus()

    def selected_card(self, held: int) -> int | None:
        """The index of the card the arrows selected, while a card is to be chosen."""
        if self.card_sel is None or not held or not self.choosing_card():
            return None
        return min(self.card_sel, held - 1)

    def draw_selected(self, surface: pygame.Surface, chosen: int | None, width: int,
                      shaded: bool) -> None:
        """The selected card (index ``chosen`` of ``card_rects``) again over its right-hand
        neighbour, so the whole card shows in the ring; ``shaded``: dimmed (not playable),
        as in the hand."""
        if chosen is None:
            return
        rect, c = self.card_rects[chosen]
        surface.blit(self.images.face(c, width, self.flooded(c)), rect)
        if shaded:
            self.shade(surface, rect)
        draw_ring(surface, rect)

    @staticmethod
    def shade(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A card that may not be played now, dimmed."""
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, rect)

    def add_question_buttons(self, options: dict[int, str], area: pygame.Rect | None = None,
                             height: int | None = None) -> int | None:
        """One button per bid or call of ``options`` (its label), in rows in the order given,
        named ``bid:N`` for ``press``; the top of the rows (None: no option).  Without
        ``area``: over the hand, in as many rows as the board's width needs (the tutorial).
        With it (Practice, where the hand so far stands over the board's left): all as wide
        as the longest label in the buttons' own font (smaller than the board's in large
        windows), as many to a row as ``area``'s width holds, the rows balanced (an
        auction's seven calls: four, then three) and centred in it, the last one at its
        bottom; ``height``: the buttons' height (else the board's 2.1 units)."""
        import pygame_gui

        rects = self.question_rects(list(options.values()), area, height)
        if not rects:
            return None
        for (a, t), rect in zip(options.items(), rects, strict=True):
            self.buttons[f"bid:{a}"] = self.add(pygame_gui.elements.UIButton(
                rect, t, manager=self.app.ui, object_id=button_id(self.app.size)))
        return rects[0].top

    def question_rects(self, labels: list[str], area: pygame.Rect | None,
                       height: int | None = None) -> list[pygame.Rect]:
        """Where ``add_question_buttons`` puts buttons of ``labels``, in their order."""
        if not labels:
            return []
        bw, bh, gap, per_row, y, cx = self.question_grid(labels, area, height)
        n = len(labels)
        out = []
        for row in (range(i, min(n, i + per_row)) for i in range(0, n, per_row)):
            x = round(cx - (len(row) * (bw + gap) - gap) / 2)
            for _ in row:
                out.append(pygame.Rect(x, y, bw, bh))
                x += bw + gap
            y += bh + 8
        return out

    def question_grid(self, labels: list[str], area: pygame.Rect | None,
                      height: int | None = None) -> tuple[int, int, int, int, int, float]:
        """How ``add_question_buttons`` sets buttons of ``labels`` out: their width and
        height (``height``, else 2.1 units), the gap between them, how many to a row, the
        first row's top, the rows' centre."""
        import pygame_gui

        w, h = self.app.size
        fp = self.font_px()
        bh, gap, n = height or round(fp * 2.1), 10, len(labels)
        if area is None:
            bw = max(110, *(self.font(fp).size(t)[0] + 30 for t in labels))
            per_row = max(1, min(n, round(w * 0.66) // (bw + gap)))
            return bw, bh, gap, per_row, round(h * 0.60) - (-(-n // per_row) - 1) * (bh + 8), \
                w * 0.35
        # measured in the font the theme gives a button here (a probe, let go)
        probe = pygame_gui.elements.UIButton(pygame.Rect(0, 0, area.w, bh), "",
                                             manager=self.app.ui,
                                             object_id=button_id(self.app.size))
        font = probe.font if probe.font is not None else self.font(fp)
        wide = max(font.size(t)[0] for t in labels)
        probe.kill()
        bw = min(area.w, max(round(bh * 2.4), wide + round(bh * 0.7)))
        rows_needed = -(-n // max(1, (area.w + gap) // (bw + gap)))
        per_row = -(-n // rows_needed)
        return bw, bh, gap, per_row, area.bottom - rows_needed * (bh + 8) + 8, area.centerx

    def board_event(self, event: pygame.event.Event) -> bool:
        """The events both boards answer alike: keys 1-8 (the n-th card of the hand, as at
        the table) and a click on a card take it while cards are played; a button's press
        goes to ``press``.  True when the event was theirs."""
        import pygame_gui

        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_8:
            i = event.key - pygame.K_1
            if i < len(self.card_rects) and self.cards_open():
                self.take_card(self.card_rects[i][1])
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, b in self.buttons.items():
                if event.ui_element is b:
                    self.press(name)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, c in reversed(self.card_rects):
                if rect.collidepoint(event.pos):
                    if self.cards_open():
                        self.take_card(c)
                    return True
        return False

    def needs_redraw(self) -> bool:
        seen = self.shown()
        if self._redraw or seen != getattr(self, "_seen", None):
            self._redraw = False
            self._seen = seen
            return True
        return False

    def clear(self) -> None:
        super().clear()
        self.buttons = {}

    def font_px(self) -> int:
        w, h = self.app.size
        return textsize.px(max(13, round(min(w / 1280, h / 800) * 18)))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size`` px, in the unit of ``font_px`` (already at the text size)."""
        return self.app.art.font_px(size, bold=bold)

    def flooded(self, c: int) -> bool:
        """Whether card ``c`` is drawn flooded: its plain is the trump, or all trumps."""
        trump = self.board_trump()
        return trump is not None and (c >> 3 == trump or trump == ALL_TRUMPS)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             color: tuple[int, int, int], bold: bool = False, anchor: str = "center"
             ) -> pygame.Rect:
        """One line of text anchored at ``pos``; where it was drawn."""
        img = self.font(size, bold).render(text, True, color)
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, r)
        drawn.record(surface, "text", r, text)
        return r

    @staticmethod
    def split() -> float:
        """Where the side panel begins, as a share of the window's width: 0.70 at 100 %,
        further left as the text grows (0.65 at 150 %, 0.60 at 200 %), so that its
        sentences and buttons keep room beside the board."""
        return 0.70 - 0.1 * max(0.0, textsize.factor() - 1.0)

    @staticmethod
    def least_px(fp: int) -> int:
        """The unit ``fp`` as it is at 100 %: text drawn smaller where a large text size has
        no room goes down to it, never below."""
        return max(textsize.MIN_PX, round(fp / textsize.factor()))

    def block_height(self, items: list[Item], width: int, unit: int) -> float:
        """The height ``block`` would draw ``items`` in at ``unit``, measured."""
        y = 0.0
        for text, delta, _, bold, gap in items:
            font = self.font(unit + delta, bold)
            y += unit * gap + len(wrap(font, text, width)) * font.get_linesize()
        return y

    def fit_unit(self, items: list[Item], width: int, room: float, fp: int) -> int:
        """The largest unit, from ``fp`` down to its 100 % size, at which ``items`` take no
        more than ``room`` in height (the 100 % size when none does)."""
        least = self.least_px(fp)
        for unit in range(fp, least, -1):
            if self.block_height(items, width, unit) <= room:
                return unit
        return least

    def block(self, surface: pygame.Surface, items: list[Item], x: float, y: float,
              width: int, unit: int) -> float:
        """``items`` (text, size against ``unit``, colour, bold, gap above in units) wrapped
        to ``width`` from (x, y) down; the y below the last line."""
        for text, delta, color, bold, gap in items:
            y = self.lines(surface, text, x, y + unit * gap, width, unit + delta, color, bold)
        return y

    def lines(self, surface: pygame.Surface, text: str, x: float, y: float, width: int,
              size: int, color: tuple[int, int, int], bold: bool = False) -> float:
        """``text`` wrapped to ``width`` from (x, y) down; the y below its last line."""
        font = self.font(size, bold)
        for line in wrap(font, text, width):
            self.text(surface, line, (x, y), size, color, bold, anchor="topleft")
            y += font.get_linesize()
        return y
