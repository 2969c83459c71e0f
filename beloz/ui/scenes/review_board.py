"""The review's deal view: the four hands face up around the middle, and in the middle the
expedition in the table's cross (or, on the deal's page, the bids).

Each hand is drawn as it was once the page's expedition was played, so the four cards of
the expedition show once, on their seats' sides, and never again in the hands.  Another
seat's card or bid can be clicked (``ReviewScene.hits``): its reason, from its own view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from beloz.rules.cards import sort_key
from beloz.ui import textsize
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.highlight import frame
from beloz.ui.scenes.review_layout import BoardLayout

if TYPE_CHECKING:
    from beloz.ui.scenes.review import ReviewScene


def seat_label(scene: ReviewScene, seat: int) -> str:
    """``seat``'s name over (or beside) its hand: "Juma · Taker" for the taker."""
    name = scene.seat_name(seat)
    if seat == scene.entry.hand.taker:
        name += " · " + scene.app.tr("table.taker")
    return name


def beside(scene: ReviewScene, fp: int) -> tuple[int, int]:
    """The widths of the names of the partner's and the person's hands at ``fp`` (their
    rows' names, ``board_layout``'s ``beside``)."""
    font = scene.app.art.font_px(fp - 1, bold=True)
    me = scene.reviewed_seat
    north, south = (font.size(seat_label(scene, (me + rel) % 4))[0] for rel in (2, 0))
    return north, south


def draw_board(scene: ReviewScene, surface: pygame.Surface, lay: BoardLayout,
               fp: int) -> None:
    """The four hands around the middle, laid out by ``lay``; the expedition's cross (or
    the bids) in the middle."""
    hand = scene.entry.hand
    trump = hand.trump
    state, cards = scene.state_at(scene.page)
    me = scene.reviewed_seat
    played = sum(1 << c for c in cards)
    for seat in range(4):
        rel = (seat - me) % 4
        box = lay.hands[rel]
        # Without its card of the expedition: that card lies in the middle.
        held = sorted((c for c in range(32) if (state.hands[seat] & ~played) >> c & 1),
                      key=lambda c: sort_key(c, trump))
        name = seat_label(scene, seat)
        if rel in lay.beside:  # large text: left of its row
            scene.text(surface, name, lay.beside[rel], fp - 1, GOLD, True, anchor="midright")
        else:
            scene.text(surface, name, (box.left, box.top), fp - 1, GOLD, True,
                       anchor="topleft")
        for i, c in enumerate(held):
            rect = lay.hand_card(rel, i)
            surface.blit(scene.card_image(c, lay.cw, trump), rect)
            scene.card_spots.append((rect, c))
    if cards:
        draw_expedition(scene, surface, state, cards, lay, fp)
    else:
        draw_calls(scene, surface, lay.centre, fp - 1)


def draw_expedition(scene: ReviewScene, surface: pygame.Surface, state: Any,
                    cards: list[int], lay: BoardLayout, fp: int) -> None:
    """The expedition in the table's cross, each card on its seat's side under (the
    person's: over) its place in the order of play and its seat's name, the winner framed;
    another seat's card can be clicked (its reason)."""
    hand = scene.entry.hand
    trick = next((t for t in hand.tricks if t.cards == tuple(cards)), None)
    first = len(hand.bids) + (scene.page - 1) * 4  # the number of the expedition's first card
    me = scene.reviewed_seat
    size = label_size(scene, state, cards, lay, fp)
    scene.trick_rects = {}
    for i, c in enumerate(cards):
        seat = (state.leader + hand.ruleset.direction * i) % 4
        rect = lay.trick[(seat - me) % 4]
        scene.trick_rects[seat] = rect
        surface.blit(scene.card_image(c, lay.cw, hand.trump), rect)
        scene.card_spots.append((rect, c))
        if trick is not None and trick.winner == seat:
            frame(surface, rect, c, width=3, radius=6)
        if seat != me:
            scene.hits.append((rect, first + i))
            if scene.selected == first + i:
                pygame.draw.rect(surface, CREAM, rect.inflate(10, 10), 2, border_radius=8)
        label = f"{i + 1}. {scene.seat_name(seat)}"
        # The person's card is the cross's lowest: its name goes below it, clear of the
        # partner's card above.
        # A little more than half a line out: clear of the selection's frame.
        ly = rect.bottom + lay.line * 0.6 if seat == me else rect.top - lay.line * 0.6
        side = (seat - me) % 2
        if side and scene.app.art.font_px(size).size(label)[0] > lay.cw + lay.g:
            # Large text: a side card's name, wider than the card, beside it on the
            # outside (over it, it would meet the partner's name and card).
            east = (seat - me) % 4 == 1
            x = rect.right + lay.g if east else rect.left - lay.g
            scene.text(surface, label, (x, rect.centery), size, CREAM,
                       anchor="midleft" if east else "midright")
            continue
        scene.text(surface, label, (rect.centerx, ly), size, CREAM)


def label_size(scene: ReviewScene, state: Any, cards: list[int], lay: BoardLayout,
               fp: int) -> int:
    """The size of the cross's labels ("4. Juma"): ``fp - 3``, or where a side card's label
    is wider than the room over its card (between the side hand and the partner's card:
    large text), the largest size it fits at, never under the 100 % size (there, the side
    labels go beside their cards, ``draw_expedition``)."""
    me = scene.reviewed_seat
    hand = scene.entry.hand
    sides = [f"{i + 1}. {scene.seat_name(seat)}" for i in range(len(cards))
             if ((seat := (state.leader + hand.ruleset.direction * i) % 4) - me) % 2]
    room = lay.cw + lay.g  # over a side card, clear of the partner's card beside it
    least = max(textsize.MIN_PX, round(fp / textsize.factor())) - 3
    size = fp - 3
    while size > least and any(scene.app.art.font_px(size).size(t)[0] > room for t in sides):
        size -= 1
    return size


def draw_calls(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect,
               size: int) -> None:
    """The bids or calls, in order, in ``box``: as many on a line as fit (a call never cut
    in two), smaller when even that is too tall (a long Bulgarian auction in a small
    window).  Another seat's bid can be clicked (its reason)."""
    hand = scene.entry.hand
    items = [scene._bid_text(i, b) for i, b in enumerate(hand.bids)]
    sep = "  ·  "
    while True:
        font = scene.app.art.font_px(size)
        lines: list[list[int]] = []
        for i, item in enumerate(items):
            if lines and font.size(sep.join([*(items[j] for j in lines[-1]), item]))[0] \
                    <= box.w:
                lines[-1].append(i)
            else:
                lines.append([i])
        if size <= 9 or len(lines) * font.get_linesize() <= box.h:
            break
        size -= 1
    y = box.top + max(0, (box.h - len(lines) * font.get_linesize()) // 2)
    sep_w = font.size(sep)[0]
    for row in lines:
        width = sum(font.size(items[i])[0] for i in row) + sep_w * (len(row) - 1)
        x = box.centerx - width / 2
        for k, i in enumerate(row):
            if k:
                scene.text(surface, sep.strip(), (x + sep_w / 2, y), size, DIM,
                           anchor="midtop")
                x += sep_w
            r = pygame.Rect(round(x), round(y), *font.size(items[i]))
            seat = (hand.dealer + hand.ruleset.direction * (i + 1)) % 4
            colour = CREAM
            if seat != scene.reviewed_seat:
                scene.hits.append((r.inflate(4, 4), i))
                if scene.selected == i:
                    colour = GOLD
                    pygame.draw.rect(surface, CREAM, r.inflate(8, 4), 1, border_radius=4)
            scene.text(surface, items[i], r.topleft, size, colour, anchor="topleft")
            x += r.w
        y += font.get_linesize()
