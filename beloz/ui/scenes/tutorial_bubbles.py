"""The tutorial's speech bubbles: the table's own (``table.hud.draw_bubble``), placed on the
lesson's board.  East's and West's stand beside their names as at the table, the person's
above its name, North's right of its name; a bubble that would cover a card (the hand or
the expedition) or another seat's name goes the nearest under its seat's name and count
that is clear, else above them (at 200 %, West's "Quarté + Tierce! BeloZ!" lay across the
expedition's cards, at 100 % across the top of its rhinoceros).  What a played card makes
a seat say (its announcements, BeloZ) becomes a bubble in ``speak``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from beloz.ui import drawn
from beloz.ui.scenes.table import Bubble, hud
from beloz.ui.scenes.table.layout import Layout
from beloz.ui.scenes.table.paint import Painter

if TYPE_CHECKING:
    from beloz.ui.scenes.tutorial import TutorialScene


class BoardLayout(Layout):
    """The table's layout with the lesson board's seats: ``hud.draw_bubble`` places each
    seat's bubble from ``seat_anchor`` (beside the seat's name on the board)."""

    def __init__(self, size: tuple[int, int], font_px: int,
                 anchors: dict[int, tuple[int, int]]) -> None:
        super().__init__(size)
        self.font_px = font_px
        self.anchors = anchors

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        return self.anchors[seat]


class BubbleHost:
    """What ``hud.draw_bubble`` reads of a scene: its layout, fonts and text drawing."""

    def __init__(self, painter: Painter, layout: Layout) -> None:
        self.layout = layout
        self.font = painter.font
        self.text = painter.text


def _meets(r: pygame.Rect, others: list[pygame.Rect]) -> bool:
    """Whether ``r`` covers any of ``others`` by more than a font's spare pixels."""
    return any((c := r.clip(o)).w > drawn.SLACK and c.h > drawn.SLACK for o in others)


def clear_place(r: pygame.Rect, seat: pygame.Rect | None, room: pygame.Rect,
                avoid: list[pygame.Rect]) -> pygame.Rect:
    """``r`` where it covers none of ``avoid``: where it is, else centred on ``seat`` (its
    name and count) the nearest under it, else the nearest above it, kept inside
    ``room``; where it is when no place is free."""
    if not _meets(r, avoid) or seat is None:
        return r
    gap = max(4, r.h // 6)
    step = max(2, r.h // 4)
    tops = [*range(seat.bottom + gap, room.bottom - r.h + 1, step),
            *range(seat.top - gap - r.h, room.top - 1, -step)]
    for top in tops:
        moved = pygame.Rect(0, top, r.w, r.h)
        moved.centerx = seat.centerx
        moved.clamp_ip(room)
        if moved.top == top and not _meets(moved, avoid):
            return moved
    return r


def draw(scene: TutorialScene, surface: pygame.Surface, fp: int,
         anchors: dict[int, tuple[int, int]], board: pygame.Rect,
         seats: dict[int, pygame.Rect]) -> None:
    """The seats' words in the table's bubbles: beside East's and West's names, to the
    right of North's (its top at the name's), above the person's name; each moved clear of
    the cards and of the other seats' names (``clear_place``).  ``seats``: where each
    seat's name and count were drawn."""
    if not scene.bubbles:
        return
    layout = BoardLayout(surface.get_size(), fp, dict(anchors))
    # ``draw_bubble`` puts North's bubble's top ``sh * 0.6`` above its anchor (under
    # the table's card backs): here level with the top of the name.
    x, y = anchors[2]
    layout.anchors[2] = (x, round(y - fp * 0.6 + layout.sh * 0.6))
    host = BubbleHost(scene.painter, layout)
    cards = [r for r, _ in scene.card_rects] + list(getattr(scene, "trick_rects", []))
    placed: list[pygame.Rect] = []
    for b, _ in scene.bubbles:
        if b.seat == 2:  # its left edge right of the name, however wide the name
            bw = host.font(fp + 2, True).size(b.text)[0] + 28
            layout.anchors[2] = (max(x, round(getattr(scene, "north_right", x) + bw / 2
                                              - layout.small * 2.2)), layout.anchors[2][1])
        else:
            host_any = cast(Any, host)
            r = hud.bubble_rect(host_any, b, clamp=False)
            others = [s for k, s in seats.items() if k != b.seat]
            room = board.inflate(-fp // 2, -fp // 2)
            to = clear_place(hud.bubble_rect(host_any, b), seats.get(b.seat), room,
                             cards + others + placed)
            ax, ay = layout.anchors[b.seat]  # the anchor moved by as much as the bubble
            layout.anchors[b.seat] = (ax + to.x - r.x, ay + to.y - r.y)
        placed.append(hud.bubble_rect(cast(Any, host), b))
        # the table's drawing reads only what ``BubbleHost`` holds
        hud.draw_bubble(cast(Any, host), surface, b)


def snapshot(scene: TutorialScene) -> tuple[int, int, tuple[bool, ...], tuple[int, ...]]:
    """Who is to play, how many cards are down, who has declared and said BeloZ."""
    st = scene.runner.state
    down = 4 * len(st.tricks) + len(st.trick)
    return st.current, down, tuple(bool(d) for d in st.declared), tuple(st.beloz_said)


def speak(scene: TutorialScene, before: tuple[int, int, tuple[bool, ...], tuple[int, ...]]
          ) -> None:
    """After a card: the seat's announcements and BeloZ in a bubble, as at the table,
    on show to the end of the next expedition (or the seat's next words)."""
    seat, down, declared, beloz = before
    st = scene.runner.state
    if 4 * len(st.tricks) + len(st.trick) == down:
        return  # a bid, a coach's line or a task: nobody spoke
    tr = scene.app.tr
    scene.bubbles = [(b, end) for b, end in scene.bubbles if end > len(st.tricks)]
    words = []
    if not declared[seat] and st.declared[seat]:
        words.append(" + ".join(tr(f"announcement.{a.kind}") for a in st.declared[seat])
                     + "!")
    if st.beloz_said[seat] > beloz[seat]:
        # said with the same card as an announcement: both are heard
        say = "say" if st.beloz_said[seat] == 1 else "say_again"
        words.append(tr(f"table.belote.{st.ruleset.belote_word}.{say}"))
        scene.sound("beloz")
    if words:
        text = " ".join(words)
        scene.bubbles = [(b, end) for b, end in scene.bubbles if b.seat != seat]
        scene.bubbles.append((Bubble(seat, text, 0.0, gold=True), down // 4 + 2))
