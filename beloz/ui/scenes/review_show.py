"""« Show me how » drawn: the person's line and Expert's side by side on the same deal.

Each line's panel gives its bids, its eight expeditions and its score.  An expedition is a
cell: its number, then the four cards each under its seat's name, the seats always in the
same columns (the reviewed seat first, then in the order of play), so the two panels read
column against column.  The leader's name is marked (``LEADER_MARK``, in gold), the
winner's card framed in gold as at the table, and the card where the two lines part is
ringed in both panels (a bar marks the later expeditions that differ).  When Expert bid
otherwise than the person, a line in Expert's panel says so.  What was drawn where is kept
in ``ReviewScene.shown`` (``Shown``), as ``hits`` is for the deal view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from beloz.ai import review as review_mod
from beloz.review_store import score_scale
from beloz.ui import drawn
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.highlight import frame
from beloz.ui.scenes import review_show_pages
from beloz.ui.scenes.review_fit import button_height as bh
from beloz.ui.scenes.review_fit import button_margin
from beloz.ui.scenes.review_layout import show_grid, show_table
from beloz.ui.widgets import draw_panel, pack, wrap

if TYPE_CHECKING:
    from beloz.practice.duplicate import Duplicate
    from beloz.ui.scenes.review import ReviewScene

#: Before the name of the seat that led the expedition.
LEADER_MARK = "▸"
#: The ring of the card where the lines part: Okabe & Ito's reddish purple, the one colour
#: of their set that no plain wears (ART.md), apart from the winner's gold for the
#: colour-blind too.
PARTS = (204, 121, 167)


@dataclass(frozen=True)
class Shown:
    """A card « Show me how » drew: where, which, whose, in which expedition of which line
    (0 the person's, 1 Expert's), and what it is marked as."""

    rect: pygame.Rect
    card: int
    seat: int
    expedition: int
    line: int
    leader: bool
    winner: bool
    differs: bool


def signed(x: int) -> str:
    return f"{x:+d}" if x else "0"


def parting(found: Duplicate) -> int | None:
    """The number of the first card (counted over the hand's play) where the two lines
    differ, or None when they are the same."""
    lines = [[c for t in h.tricks for c in t.cards] for h in (found.played, found.expert)]
    return next((i for i, (a, b) in enumerate(zip(*lines, strict=False)) if a != b), None)


def seat_bids(scene: ReviewScene, hand: Any, seat: int) -> list[str]:
    """``seat``'s bids in ``hand``, as their buttons say them."""
    return [scene.option_name(b, None) for i, b in enumerate(hand.bids)
            if (hand.dealer + hand.ruleset.direction * (i + 1)) % 4 == seat]


def bid_note(scene: ReviewScene, found: Duplicate) -> str | None:
    """"Expert bid otherwise: …" when Expert's bids in the person's seat were not the
    person's (the whole play differs from there: the learner should know why)."""
    mine = seat_bids(scene, found.played, found.seat)
    expert = seat_bids(scene, found.expert, found.seat)
    if mine == expert:
        return None
    return scene.app.tr("watch.dup.bid_other", expert=", ".join(expert) or "—",
                        yours=", ".join(mine) or "—")


def luck_note(scene: ReviewScene, found: Duplicate) -> str | None:
    """One line when « Show me how » and the review's rating tell different stories: the
    rating found points lost but the real deal, replayed once, cost nothing against
    Expert's line (or went the person's way), or the rating found none but Expert's line
    made more.  The rating is skill, an expectation over the deals the person could not
    see; the replay is luck, the one deal that was dealt.  None when they agree, when the
    review is not there yet, or when the replay was not faithful (other players)."""
    rv = scene.entry.review
    if rv is None or not found.faithful:
        return None
    tr = scene.app.tr
    scale = score_scale(scene.entry.hand.ruleset)
    lost = review_mod.shown_gap(rv.points_lost, 0.0, scale) > 0
    diff = found.difference
    if lost and diff >= 0:
        key = "watch.dup.luck_lost_ahead" if diff > 0 else "watch.dup.luck_lost_even"
        return tr(key, lost=scene.points(rv.points_lost, signed=False), diff=str(diff))
    if not lost and diff < 0:
        return tr("watch.dup.luck_clean", diff=str(-diff))
    return None


def footnotes(scene: ReviewScene, found: Duplicate) -> list[str]:
    """The lines under the difference: why the lines are alike or the replay unfaithful,
    luck against the rating, what the numbers mean."""
    tr = scene.app.tr
    notes = [tr("watch.dup.explain")]
    luck = luck_note(scene, found)
    if luck is not None:
        notes.insert(0, luck)
    if not found.faithful:
        notes.insert(0, tr("watch.dup.unfaithful"))
    elif parting(found) is None and found.played.bids == found.expert.bids:
        notes.insert(0, tr("watch.dup.same"))
    return notes


@dataclass(frozen=True)
class Plan:
    """Where « Show me how » goes at a text unit ``fp``: the keys' lines, the two panels'
    area, the notes under them, the bids' rows both panels give room to."""

    fp: int
    keys: list[str]
    area: pygame.Rect
    notes: list[str]
    bid_rows: int
    note: str | None
    count: int = 8  # the expeditions on a page (``review_show_pages``)
    across: int = 2  # how many side by side


def plan(scene: ReviewScene, found: Duplicate | None, fp: int, size: tuple[int, int],
         button_unit: int | None = None, count: int = 8, across: int = 2) -> Plan:
    """``button_unit``: the buttons' unit (the scene's, unless given: the 100 % one);
    ``count`` expeditions to a page, ``across`` side by side."""
    w, h = size
    tr = scene.app.tr
    margin = round(w * 0.015)
    # The keys' line, wrapped where large text makes it wider than the window.
    small = scene.app.art.font_px(fp - 3)
    # (paged: the arrows turn the page too, Home and End go to the first and last one)
    keys = wrap(small, tr("watch.dup.keys" if count == 8 else "watch.dup.keys_pages"),
                w - 2 * margin)
    top = round(fp * 3.8 + (len(keys) - 1) * small.get_linesize())
    notes = [] if found is None else footnotes(scene, found)
    # Below the panels: the difference, the notes' lines centred from 2 font sizes under
    # the panels, the buttons' tops 3 of their own font sizes above the window's bottom
    # (``review.build``): where large text is drawn smaller here (``draw_duplicate``), the
    # buttons keep their size, so their room is counted in their unit, not in ``fp``.
    bu = scene.font_px() if button_unit is None else button_unit
    buttons = max(3 * fp, round(bh(bu) + button_margin(bu))) if button_unit is None else 3 * bu
    n_notes = sum(len(wrap(small, t, w - 2 * margin)) for t in notes)
    below = round(buttons + fp * 2.3 + (n_notes - 0.5) * small.get_linesize())
    area = pygame.Rect(margin, top, w - 2 * margin,
                       h - top - max(round(buttons + fp * 4.6), below))
    if found is None:
        return Plan(fp, keys, area, notes, 0, None, count, across)
    room = (area.w - round(fp * 1.2)) // 2 - 2 * round(fp * 0.7)  # a panel's inside
    note = bid_note(scene, found)
    # Both panels give their bids the same room, so their expeditions stand level.
    bid_rows = max(min(3, len(pack(small, [scene._bid_text(i, b, hand)
                                           for i, b in enumerate(hand.bids)], " · ", room)))
                   for hand in (found.played, found.expert))
    if note is not None:
        bid_rows += len(wrap(small, note, room))
    return Plan(fp, keys, area, notes, bid_rows, note, count, across)


def fits(scene: ReviewScene, p: Plan) -> bool:
    """Whether the expeditions find room in ``p``'s panels: a cell's names clear of each
    other, or else each seat's row at least a line of text high."""
    return card_width(scene, p) is not None


def card_width(scene: ReviewScene, p: Plan) -> int | None:
    """The cards' width in ``p``'s panels (the cells' where their names fit, else the
    table's), None where neither fits."""
    col = pygame.Rect(p.area.left, p.area.top, (p.area.w - round(p.fp * 1.2)) // 2, p.area.h)
    font = scene.app.art.font_px(p.fp - 3)
    rows = rows_rect(scene, col, p.fp, p.bid_rows)
    names = [scene.seat_name(s) for s in range(4)]
    widths = tuple(name_width(scene, p.fp - 3, n) for n in names)
    label = font.get_linesize()
    grid = show_grid(rows, label, font.size("8.")[0] + 8, widths, p.count, p.across)
    if grid.fits:
        return grid.cw
    if p.count < 8:  # a page: in cells only
        return None
    table = show_table(rows, label, max(font.size(n)[0] for n in names))
    return table.cw if table.fits else None


def name_width(scene: ReviewScene, size: int, name: str) -> int:
    """The widest ``name`` is drawn in a cell: marked as the leader's, in bold."""
    return max(scene.app.art.font_px(size, bold=bold).size(LEADER_MARK + name)[0]
               for bold in (False, True))


def rows_rect(scene: ReviewScene, col: pygame.Rect, fp: int, bid_rows: int) -> pygame.Rect:
    """The expeditions' room in a line's panel ``col``: under its name and ``bid_rows`` of
    bids, above its score."""
    pad = round(fp * 0.7)
    y = col.top + pad + scene.app.art.font_px(fp + 1, bold=True).get_linesize() + 2 \
        + bid_rows * scene.app.art.font_px(fp - 3).get_linesize()
    score_h = scene.app.art.font_px(fp, bold=True).get_linesize() + pad
    return pygame.Rect(col.left + pad, round(y + fp * 0.4), col.w - 2 * pad,
                       col.bottom - score_h - round(y + fp * 0.4) - pad // 2)


def draw_duplicate(scene: ReviewScene, surface: pygame.Surface, fp: int) -> None:
    """The person's line and Expert's side by side, each line's score, and the
    difference; a progress bar while Expert's line is computed.  Where large text leaves
    the expeditions no room, the text is drawn smaller, never under the 100 % size."""
    from beloz.ui.scenes import review as home  # the session's cache lives with the scene

    tr = scene.app.tr
    w, h = surface.get_size()
    key = scene.deal_key()
    found = home._DUPLICATES.get(key)
    # Where the expeditions find no room, or their cards would be narrower than at 100 %
    # in this window (issue 47): a page of them, else the text smaller (never under its
    # 100 % size: ``review_show_pages.choose``).
    p = review_show_pages.choose(scene, found, fp, (w, h))
    fp, area = p.fp, p.area
    scene.text(surface, tr("watch.dup.title", n=scene.entry.number), (w / 2, fp * 1.4),
               fp + 6, GOLD, True)
    keys_font = scene.app.art.font_px(fp - 3)
    for k, piece in enumerate(p.keys):
        scene.text(surface, piece, (w / 2, fp * 2.9 + k * keys_font.get_linesize()), fp - 3,
                   DIM)
    if found is None:
        error = scene.dup_errors.get(key)
        if error is not None:
            scene.panel_text(surface, area.inflate(-area.w // 4, 0), [(error, CREAM)], fp)
            return
        pending = scene.dup_jobs.get(key)
        done, total = (pending[0].progress if pending is not None and pending[0].progress
                       else (0, 1))
        scene.text(surface, tr("watch.dup.computing", done=done, total=total),
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
    parts = parting(found)
    for i, (name, line_hand, other) in enumerate(lines):
        col = pygame.Rect(area.left + i * (col_w + gap), area.top, col_w, area.h)
        draw_line(scene, surface, col, name, line_hand, other, found.seat, fp, i,
                  p.bid_rows, p.note if i == 1 else None, parts, p)
    # The difference: the person's result against Expert's on the same cards.
    y = area.bottom + round(fp * 0.9)
    words = tr("watch.dup.against", mine=signed(found.person_margin),
               expert=signed(found.expert_margin), diff=signed(found.difference))
    scene.text(surface, words, (w / 2, y), fp + 2, GOLD, True)
    ny = y + fp * 1.1
    if p.notes:  # lower where large text would set the first note on the difference
        said = pygame.Rect((0, 0), scene.app.art.font_px(fp + 2, bold=True).size(words))
        said.center = (round(w / 2), round(y))
        first = pygame.Rect((0, 0), keys_font.size(wrap(keys_font, p.notes[0], area.w)[0]))
        while first.move_to(center=(round(w / 2), round(ny))).clip(said).h > drawn.SLACK:
            ny += 1
    for text in p.notes:
        for piece in wrap(keys_font, text, area.w):
            scene.text(surface, piece, (w / 2, ny), fp - 3, DIM)
            ny += keys_font.get_linesize()


def draw_line(scene: ReviewScene, surface: pygame.Surface, col: pygame.Rect, name: str,
              hand: Any, other: Any, seat: int, fp: int, index: int, bid_rows: int,
              note: str | None, parts: int | None, page: Plan | None = None) -> None:
    """One line of the hand in ``col``: its bids (and ``note``), its eight expeditions
    (those of the page on show, ``page``'s count to a page), its score.  ``index`` is the
    line's (0 the person's, 1 Expert's); ``parts`` the number of the card where the lines
    part."""
    count, across = (8, 2) if page is None else (page.count, page.across)
    tr = scene.app.tr
    draw_panel(surface, col)
    drawn.record(surface, "panel", col)
    pad = round(fp * 0.7)
    y = col.top + pad
    scene.text(surface, name, (col.left + pad, y), fp + 1, GOLD, True, anchor="topleft")
    y += scene.app.art.font_px(fp + 1, bold=True).get_linesize() + 2
    small = fp - 3
    font = scene.app.art.font_px(small)
    room = col.w - 2 * pad
    items = [scene._bid_text(i, b, hand) for i, b in enumerate(hand.bids)]
    said = [(text, DIM) for text in pack(font, items, " · ", room)[:3]]
    if note is not None:
        said += [(text, GOLD) for text in wrap(font, note, room)]
    for text, colour in said:
        scene.text(surface, text, (col.left + pad, y), small, colour, anchor="topleft")
        y += font.get_linesize()
    rows = rows_rect(scene, col, fp, bid_rows)
    score_h = scene.app.art.font_px(fp, bold=True).get_linesize() + pad
    if hand.taker is None:  # wrapped: at large text it is wider than the panel
        passed = scene.app.art.font_px(fp)
        for k, piece in enumerate(wrap(passed, tr("watch.dup.passed"), room)):
            scene.text(surface, piece, (col.left + pad, rows.top + fp * 0.6
                                        + k * passed.get_linesize()), fp, CREAM,
                       anchor="topleft")
        return
    label = font.get_linesize()
    direction = hand.ruleset.direction
    order = [(seat + direction * k) % 4 for k in range(4)]  # the columns' seats
    names = [scene.seat_name(who) for who in order]
    # Each seat's column as wide as its name, marked as the leader's (measured).
    widths = tuple(name_width(scene, small, n) for n in names)
    grid = show_grid(rows, label, font.size("8.")[0] + 8, widths, count, across)
    start = review_show_pages.first(scene, count)  # the page's first expedition
    table = None
    if not grid.fits and count == 8:  # large text: each seat named once, left of its row
        table = show_table(rows, label, max(font.size(n)[0] for n in names))
        for k, name_k in enumerate(names):
            r = table.card(1, k)
            scene.text(surface, name_k, (rows.left, r.centery), small, CREAM,
                       anchor="midleft")
    played = 0  # the cards before this expedition's, over the hand
    for n, t in enumerate(hand.tricks, start=1):
        theirs = other.tricks[n - 1].cards if n - 1 < len(other.tricks) else None
        if not start <= n < start + count:  # on another page
            played += 4
            continue
        if table is not None:
            top = table.card(n, 0)
            if theirs != t.cards:  # an expedition that differs: a bar under its number
                pygame.draw.rect(surface, GOLD, (top.left, top.top - table.gap // 2 - 3,
                                                 top.w, 3))
            scene.text(surface, f"{n}.", (top.centerx, top.top - table.gap // 2 - 3),
                       small, DIM, anchor="midbottom")
        else:
            cell = grid.cells[n - start]
            if theirs != t.cards:  # an expedition that differs from the other line's
                pygame.draw.rect(surface, GOLD, (cell.left, cell.top + grid.label, 3,
                                                 grid.ch))
            scene.text(surface, f"{n}.", (cell.left + 6, cell.top + grid.label + grid.ch / 2),
                       small, DIM, anchor="midleft")
        for k, who in enumerate(order):
            i = (who - t.leader) * direction % 4  # its place in the order of play
            c = t.cards[i]
            rect = table.card(n, k) if table is not None else grid.card(n - start + 1, k)
            width = table.cw if table is not None else grid.cw
            surface.blit(scene.card_image(c, width, hand.trump), rect)
            leader, winner = who == t.leader, who == t.winner
            differs = parts is not None and played + i == parts
            if differs:
                # Three pixels out: clear of the name above, within the gap between cards.
                pygame.draw.rect(surface, PARTS, rect.inflate(6, 6), 3, border_radius=6)
            if winner:  # two tones: the one against the card, and one that shows on the panel
                frame(surface, rect, c, width=3, radius=5)
            if table is not None:
                if leader:  # the leader's mark, drawn in the gap before its card
                    g, y0 = table.gap - 4, rect.centery
                    pygame.draw.polygon(surface, GOLD, [
                        (rect.left - g - 4, y0 - g * 0.6), (rect.left - g - 4, y0 + g * 0.6),
                        (rect.left - 4, y0)])
            else:
                who_name = names[k]
                scene.text(surface, LEADER_MARK + who_name if leader else who_name,
                           (rect.centerx, rect.top - 1), small, GOLD if leader else CREAM,
                           bold=leader, anchor="midbottom")
            scene.shown.append(Shown(rect, c, who, n, index, leader, winner, differs))
        played += 4
    score = hand.returns()
    team = seat & 1
    words = tr("watch.dup.margin", us=score[team], them=score[1 - team],
               margin=signed(score[team] - score[1 - team]))
    scene.text(surface, words, (col.left + pad, col.bottom - score_h),
               fp, CREAM, True, anchor="topleft")
