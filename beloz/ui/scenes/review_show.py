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
from beloz.ui.scenes.review_layout import show_grid
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


def draw_duplicate(scene: ReviewScene, surface: pygame.Surface, fp: int) -> None:
    """The person's line and Expert's side by side, each line's score, and the
    difference; a progress bar while Expert's line is computed."""
    from beloz.ui.scenes import review as home  # the session's cache lives with the scene

    tr = scene.app.tr
    w, h = surface.get_size()
    entry = scene.entry
    scene.text(surface, tr("watch.dup.title", n=entry.number), (w / 2, fp * 1.4), fp + 6,
               GOLD, True)
    scene.text(surface, tr("watch.dup.keys"), (w / 2, fp * 2.9), fp - 3, DIM)
    key = scene.deal_key()
    found = home._DUPLICATES.get(key)
    margin = round(w * 0.015)
    area = pygame.Rect(margin, round(fp * 3.8), w - 2 * margin,
                       h - round(fp * 3.8) - round(fp * 7.6))
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
    # Both panels give their bids the same room, so their expeditions stand level.
    small = fp - 3
    font = scene.app.art.font_px(small)
    pad = round(fp * 0.7)
    note = bid_note(scene, found)
    bid_rows = max(min(3, len(pack(font, [scene._bid_text(i, b, hand)
                                          for i, b in enumerate(hand.bids)], " · ",
                                   col_w - 2 * pad)))
                   for hand in (found.played, found.expert))
    if note is not None:
        bid_rows += len(wrap(font, note, col_w - 2 * pad))
    parts = parting(found)
    for i, (name, line_hand, other) in enumerate(lines):
        col = pygame.Rect(area.left + i * (col_w + gap), area.top, col_w, area.h)
        draw_line(scene, surface, col, name, line_hand, other, found.seat, fp, i,
                  bid_rows, note if i == 1 else None, parts)
    # The difference: the person's result against Expert's on the same cards.
    y = area.bottom + round(fp * 0.9)
    words = tr("watch.dup.against", mine=signed(found.person_margin),
               expert=signed(found.expert_margin), diff=signed(found.difference))
    scene.text(surface, words, (w / 2, y), fp + 2, GOLD, True)
    notes = [tr("watch.dup.explain")]
    luck = luck_note(scene, found)
    if luck is not None:
        notes.insert(0, luck)
    if not found.faithful:
        notes.insert(0, tr("watch.dup.unfaithful"))
    elif parts is None and found.played.bids == found.expert.bids:
        notes.insert(0, tr("watch.dup.same"))
    font = scene.app.art.font_px(fp - 3)
    ny = y + fp * 1.1
    for text in notes:
        for piece in wrap(font, text, w - 2 * margin):
            scene.text(surface, piece, (w / 2, ny), fp - 3, DIM)
            ny += font.get_linesize()


def draw_line(scene: ReviewScene, surface: pygame.Surface, col: pygame.Rect, name: str,
              hand: Any, other: Any, seat: int, fp: int, index: int, bid_rows: int,
              note: str | None, parts: int | None) -> None:
    """One line of the hand in ``col``: its bids (and ``note``), its eight expeditions,
    its score.  ``index`` is the line's (0 the person's, 1 Expert's); ``parts`` the
    number of the card where the lines part."""
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
    y = col.top + pad + scene.app.art.font_px(fp + 1, bold=True).get_linesize() + 2 \
        + bid_rows * font.get_linesize()
    score_h = scene.app.art.font_px(fp, bold=True).get_linesize() + pad
    if hand.taker is None:
        scene.text(surface, tr("watch.dup.passed"), (col.left + pad, y + fp), fp, CREAM,
                   anchor="topleft")
        return
    rows = pygame.Rect(col.left + pad, round(y + fp * 0.4), room,
                       col.bottom - score_h - round(y + fp * 0.4) - pad // 2)
    label = font.get_linesize()
    grid = show_grid(rows, label, font.size("8.")[0] + 8)
    direction = hand.ruleset.direction
    order = [(seat + direction * k) % 4 for k in range(4)]  # the columns' seats
    played = 0  # the cards before this expedition's, over the hand
    for n, t in enumerate(hand.tricks, start=1):
        cell = grid.cells[n - 1]
        theirs = other.tricks[n - 1].cards if n - 1 < len(other.tricks) else None
        if theirs != t.cards:  # an expedition that differs from the other line's
            pygame.draw.rect(surface, GOLD, (cell.left, cell.top + grid.label, 3, grid.ch))
        scene.text(surface, f"{n}.", (cell.left + 6, cell.top + grid.label + grid.ch / 2),
                   small, DIM, anchor="midleft")
        for k, who in enumerate(order):
            i = (who - t.leader) * direction % 4  # its place in the order of play
            c = t.cards[i]
            rect = grid.card(n, k)
            surface.blit(scene.card_image(c, grid.cw, hand.trump), rect)
            leader, winner = who == t.leader, who == t.winner
            differs = parts is not None and played + i == parts
            if differs:
                # Three pixels out: clear of the name above, within the gap between cards.
                pygame.draw.rect(surface, PARTS, rect.inflate(6, 6), 3, border_radius=6)
            if winner:  # two tones: the one against the card, and one that shows on the panel
                frame(surface, rect, c, width=3, radius=5)
            who_name = scene.seat_name(who)
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
