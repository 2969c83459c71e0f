"""Where the review puts things: pure geometry, from a rectangle and the font's size
(testable without a display).

Seats are counted from the reviewed one as the table counts them from the person
(``table/layout.py``): 0 at the bottom, 1 on the right (Kito), 2 at the top (the partner),
3 on the left (Juma), whatever the direction of play.  The expedition lies in the table's
cross, each card on its seat's side, so a card sits where the learner saw it fall.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from beloz.ui.sprites import CARD_RATIO, card_h


@dataclass(frozen=True)
class BoardLayout:
    """The deal's page: the four hands around the middle, the expedition's cross (or the
    bids) in the middle.  ``hands`` and ``trick`` are by seat counted from the reviewed
    one."""

    cw: int  # a card's width
    ch: int  # its height
    g: int  # between two cards
    line: int  # a seat's name
    hands: dict[int, pygame.Rect]  # each hand's name and cards
    centre: pygame.Rect  # between the hands: the expedition, or the bids
    trick: dict[int, pygame.Rect]  # each seat's card of the expedition

    def per_row(self, seat: int) -> int:
        """North and South a row of eight, the sides two rows of four."""
        return 8 if seat % 2 == 0 else 4

    def hand_card(self, seat: int, i: int) -> pygame.Rect:
        """The ``i``-th card (left to right, then the next row) of ``seat``'s hand."""
        box, n = self.hands[seat], self.per_row(seat)
        return pygame.Rect(box.left + (i % n) * (self.cw + self.g),
                           box.top + self.line + (i // n) * (self.ch + self.g),
                           self.cw, self.ch)


def board_layout(board: pygame.Rect, fp: int) -> BoardLayout:
    """North and South a row of 8 cards each, West and East two rows of 4, the expedition
    in a cross between them (three cards wide: the sides' cards level with the middle of
    the partner's and the person's); no card over another, as large as ``board`` allows."""
    line = round(fp * 1.35)  # a seat's name
    g = max(3, round(board.w * 0.007))  # between two cards
    gap = 3 * g  # between two groups
    # Across: two side hands of four, the cross of three, and the gaps between them.
    by_width = (board.w - 8 * g - 2 * gap) / 11
    # Down: North's row, the middle (the cross: two cards and a name above and below),
    # South's row.
    by_height = (board.h - 4 * line - 2 * gap - g) / 4 / CARD_RATIO
    cw = int(max(24, min(by_width, by_height, 150)))
    ch = card_h(cw)
    grid_w = 4 * cw + 3 * g
    row_w = 8 * cw + 7 * g
    used_h = 4 * ch + 4 * line + g + 2 * gap
    top = board.top + max(0, (board.h - used_h) // 2)
    north = pygame.Rect(board.centerx - row_w // 2, top, row_w, line + ch)
    mid_top = north.bottom + gap
    mid_h = 2 * line + 2 * ch + g
    west = pygame.Rect(board.left, mid_top, grid_w, line + 2 * ch + g)
    east = pygame.Rect(board.right - grid_w, mid_top, grid_w, west.h)
    centre = pygame.Rect(west.right + gap, mid_top, east.left - west.right - 2 * gap, mid_h)
    south = pygame.Rect(north.left, centre.bottom + gap, row_w, line + ch)
    # The cross, as the table's (``Layout.trick_slot``): the partner's card above the
    # person's, the sides' cards level with the middle between them.
    cx, cy = centre.centerx, centre.centery
    side_dx = cw + g
    trick = {
        0: pygame.Rect(cx - cw // 2, cy + (g + 1) // 2, cw, ch),
        2: pygame.Rect(cx - cw // 2, cy - g // 2 - ch, cw, ch),
        1: pygame.Rect(cx - cw // 2 + side_dx, cy - ch // 2, cw, ch),
        3: pygame.Rect(cx - cw // 2 - side_dx, cy - ch // 2, cw, ch),
    }
    return BoardLayout(cw, ch, g, line, {0: south, 1: east, 2: north, 3: west}, centre, trick)


@dataclass(frozen=True)
class ShowGrid:
    """« Show me how »'s expeditions in a line's panel: two columns of four cells, each
    cell a number, then the four seats' names over their cards."""

    cw: int
    ch: int
    cg: int  # between two cards of a cell
    label: int  # the names' line
    number_w: int  # the expedition's number, left of its cards
    cells: tuple[pygame.Rect, ...]  # expedition n's cell is cells[n - 1]

    def card(self, n: int, column: int) -> pygame.Rect:
        """The card in ``column`` (0..3: the seats in order of play from the reviewed one)
        of expedition ``n``'s cell, under its name."""
        cell = self.cells[n - 1]
        return pygame.Rect(cell.left + self.number_w + column * (self.cw + self.cg),
                           cell.top + self.label, self.cw, self.ch)


def show_grid(rows: pygame.Rect, label: int, number_w: int) -> ShowGrid:
    """The cells of eight expeditions in ``rows``, in reading order (1 2 / 3 4 / …), the
    cards as large as the room allows across and down.  When the height limits them the
    two columns go to the panel's edges, so the cards still span it."""
    col_gap = max(8, rows.w // 40)
    row_gap = max(4, rows.h // 80)
    cell_w = (rows.w - col_gap) / 2
    cell_h = (rows.h - 3 * row_gap) / 4
    cw = 12
    for _ in range(3):  # the gap between cards grows with them: settle both
        cg = max(6, round(cw * 0.14))
        cw = int(max(12, min((cell_w - number_w - 3 * cg) / 4,
                             (cell_h - label - cg // 2) / CARD_RATIO)))
    cg = max(6, round(cw * 0.14))
    ch = card_h(cw)
    used_w = number_w + 4 * cw + 3 * cg
    used_h = label + ch
    xs = (rows.left, rows.right - used_w)
    cells = tuple(pygame.Rect(xs[i % 2], round(rows.top + (i // 2) * (cell_h + row_gap)),
                              used_w, used_h) for i in range(8))
    return ShowGrid(cw, ch, cg, label, number_w, cells)
