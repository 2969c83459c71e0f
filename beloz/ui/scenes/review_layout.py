"""Where the review puts things: pure geometry, from a rectangle and the font's size
(testable without a display).

Seats are counted from the reviewed one as the table counts them from the person
(``table/layout.py``): 0 at the bottom, 1 on the right (Kito), 2 at the top (the partner),
3 on the left (Juma), whatever the direction of play.  The expedition lies in the table's
cross, each card on its seat's side, so a card sits where the learner saw it fall.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    hands: dict[int, pygame.Rect]  # each hand's name (when above its cards) and cards
    centre: pygame.Rect  # between the hands: the expedition, or the bids
    trick: dict[int, pygame.Rect]  # each seat's card of the expedition
    #: The seats whose name stands left of their row instead of above it (North and South
    #: at a large text size: ``board_layout``'s ``beside``), with where the name ends on
    #: the right and the middle of the row's height.
    beside: dict[int, tuple[int, int]] = field(default_factory=dict)

    def per_row(self, seat: int) -> int:
        """North and South a row of eight, the sides two rows of four."""
        return 8 if seat % 2 == 0 else 4

    def hand_card(self, seat: int, i: int) -> pygame.Rect:
        """The ``i``-th card (left to right, then the next row) of ``seat``'s hand."""
        box, n = self.hands[seat], self.per_row(seat)
        head = 0 if seat in self.beside else self.line
        return pygame.Rect(box.left + (i % n) * (self.cw + self.g),
                           box.top + head + (i // n) * (self.ch + self.g),
                           self.cw, self.ch)


def board_layout(board: pygame.Rect, fp: int,
                 beside: tuple[int, int] | None = None) -> BoardLayout:
    """North and South a row of 8 cards each, West and East two rows of 4, the expedition
    in a cross between them (three cards wide: the sides' cards level with the middle of
    the partner's and the person's); no card over another, as large as ``board`` allows.

    ``beside``: the widths of North's and South's names, to stand left of their rows
    rather than above them (a large text size: two names' lines of the board's height go
    to the cards; a row moves right as far as its name needs).  Where that leaves the
    cards narrower than with the names above, the names stay above."""
    line = round(fp * 1.35)  # a seat's name
    g = max(3, round(board.w * 0.007))  # between two cards
    gap = 3 * g  # between two groups
    heads = 4 if beside is None else 2  # the names' lines down the board
    # Across: two side hands of four, the cross of three, and the gaps between them.
    by_width = (board.w - 8 * g - 2 * gap) / 11
    if beside is not None:  # and a row of eight after its name
        by_width = min(by_width, (board.w - max(beside) - gap - 7 * g) / 8)
    # Down: North's row, the middle (the cross: two cards and a name above and below),
    # South's row.
    by_height = (board.h - heads * line - 2 * gap - g) / 4 / CARD_RATIO
    cw = int(max(24, min(by_width, by_height, 150)))
    if beside is not None:
        above = board_layout(board, fp)
        if above.cw >= cw:
            return above
    ch = card_h(cw)
    grid_w = 4 * cw + 3 * g
    row_w = 8 * cw + 7 * g
    used_h = 4 * ch + heads * line + g + 2 * gap
    top = board.top + max(0, (board.h - used_h) // 2)
    row_h = ch if beside is not None else line + ch
    north = pygame.Rect(board.centerx - row_w // 2, top, row_w, row_h)
    mid_top = north.bottom + gap
    mid_h = 2 * line + 2 * ch + g
    west = pygame.Rect(board.left, mid_top, grid_w, line + 2 * ch + g)
    east = pygame.Rect(board.right - grid_w, mid_top, grid_w, west.h)
    centre = pygame.Rect(west.right + gap, mid_top, east.left - west.right - 2 * gap, mid_h)
    south = pygame.Rect(north.left, centre.bottom + gap, row_w, row_h)
    names: dict[int, tuple[int, int]] = {}
    if beside is not None:  # each name just left of its row, the row moved right for it
        for seat, row, name_w in ((2, north, beside[0]), (0, south, beside[1])):
            row.left = min(max(row.left, board.left + name_w + gap), board.right - row_w)
            names[seat] = (row.left - gap, row.centery)
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
    return BoardLayout(cw, ch, g, line, {0: south, 1: east, 2: north, 3: west}, centre, trick,
                       names)


@dataclass(frozen=True)
class ShowGrid:
    """« Show me how »'s expeditions in a line's panel: two columns of four cells (or a
    page of fewer, ``show_grid``), each cell a number, then the four seats' names over
    their cards."""

    cw: int
    ch: int
    cg: int  # between two cards of a cell
    label: int  # the names' line
    number_w: int  # the expedition's number, left of its cards
    cells: tuple[pygame.Rect, ...]  # expedition n's cell is cells[n - 1]
    #: Each seat's column (its left, from the cards' start, and its width): as wide as its
    #: card, or as its name where the name is wider (large text).
    cols: tuple[tuple[int, int], ...] = ()
    #: Whether the names stand clear of each other and of the numbers, the cards at least
    #: two names' lines high; when not, ``show_table`` lays the line out instead.
    fits: bool = True

    def card(self, n: int, column: int) -> pygame.Rect:
        """The card in ``column`` (0..3: the seats in order of play from the reviewed one)
        of the ``n``-th cell (1-based: expedition ``n`` where all eight are shown), under
        its name."""
        cell = self.cells[n - 1]
        left, width = self.cols[column] if self.cols else (column * (self.cw + self.cg),
                                                           self.cw)
        return pygame.Rect(cell.left + self.number_w + left + (width - self.cw) // 2,
                           cell.top + self.label, self.cw, self.ch)


def show_grid(rows: pygame.Rect, label: int, number_w: int,
              names: tuple[int, ...] = (0, 0, 0, 0), count: int = 8,
              across: int = 2) -> ShowGrid:
    """The cells of ``count`` expeditions (eight: the whole hand; fewer: a page of it) in
    ``rows``, ``across`` to a row in reading order (1 2 / 3 4 / …), the cards as large as
    the room allows across and down; each seat's column as wide as its name (``names``:
    the widest each seat's name is drawn) where that is wider than a card.  When the height
    limits them the columns go to the panel's edges, so the cards still span it."""
    col_gap = max(8, rows.w // 40)
    row_gap = max(4, rows.h // 80)
    down = -(-count // across)
    cell_w = (rows.w - (across - 1) * col_gap) / across
    cell_h = (rows.h - (down - 1) * row_gap) / down
    cw = 12
    for _ in range(3):  # the gap between cards grows with them: settle both
        cg = max(6, round(cw * 0.14))
        cw = int(max(12, min((cell_w - number_w - 3 * cg) / 4,
                             (cell_h - label - cg // 2) / CARD_RATIO)))

    def wide(cw: int) -> int:
        return number_w + sum(max(cw, n) for n in names) + 3 * max(6, round(cw * 0.14))

    # Names wider than their cards (large text): narrower cards until the names fit.
    while cw > 12 and any(n > cw for n in names) and wide(cw) > cell_w:
        cw -= 1
    cg = max(6, round(cw * 0.14))
    ch = card_h(cw)
    cols, x = [], 0
    for n in names:
        cols.append((x, max(cw, n)))
        x += max(cw, n) + cg
    used_w = x - cg + number_w
    used_h = label + ch
    xs = [rows.left + round(k * (rows.w - used_w) / max(1, across - 1)) for k in range(across)]
    cells = tuple(pygame.Rect(xs[i % across],
                              round(rows.top + (i // across) * (cell_h + row_gap)),
                              used_w, used_h) for i in range(count))
    return ShowGrid(cw, ch, cg, label, number_w, cells, tuple(cols),
                    fits=wide(cw) <= cell_w and ch >= 2 * label)


@dataclass(frozen=True)
class ShowTable:
    """« Show me how »'s expeditions where a cell's names do not fit (large text): the
    seats in four rows, each named once on the left, the eight expeditions in columns
    numbered on top."""

    cw: int
    ch: int
    gap: int  # between two cards across: room for the leader's mark
    step: int  # from one expedition's column to the next
    row: int  # from one seat's row to the next: a card, or a name where that is taller
    left: int  # the first column's cards
    top: int  # the first row's cards
    label: int  # the numbers' line
    fits: bool  # whether each seat's name has its row's height

    def card(self, n: int, row: int) -> pygame.Rect:
        """Expedition ``n``'s card in ``row`` (0..3: the seats in order of play from the
        reviewed one), in the middle of its row."""
        y = self.top + row * self.row + (self.row - self.gap // 2 - self.ch) // 2
        return pygame.Rect(self.left + (n - 1) * self.step, y, self.cw, self.ch)


def show_table(rows: pygame.Rect, label: int, name_w: int) -> ShowTable:
    """A ``ShowTable`` in ``rows``: the names' column ``name_w`` wide, the numbers' line
    ``label`` high; the cards as large as the room allows, their columns spread over the
    width."""
    gap = max(6, round(label * 0.45))  # the leader's mark lies in the gap before its card
    left = rows.left + name_w + gap + gap // 2  # the first mark clear of the names
    top = rows.top + label + gap // 2 + 3  # the numbers, then a bar where the lines differ
    by_width = (rows.right - left - 7 * gap) / 8
    by_height = ((rows.bottom - top) / 4 - gap // 2) / CARD_RATIO
    cw = int(max(12, min(by_width, by_height)))
    ch = card_h(cw)
    step = (rows.right - left - cw) // 7
    row = max(label, ch + gap // 2)
    return ShowTable(cw, ch, gap, step, row, left, top, label,
                     fits=top + 4 * row <= rows.bottom + 2)
