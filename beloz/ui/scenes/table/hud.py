"""The table's heads-up display: the score and flooded-plain panels, the prompt and message
lines, the banner, speech bubbles, the announcements shown in the second expedition and the
last expedition.

Drawing only: every function reads the scene and draws (``look``: what the drawing depends
on, for ``needs_redraw``); none changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from beloz.rules import cards as C
from beloz.rules.state import Phase, SeatView
from beloz.ui import drawn, textsize
from beloz.ui.colours import CREAM, GOLD, GREY, INK, PANEL, plains
from beloz.ui.game import Stage
from beloz.ui.scenes import score as score_panel
from beloz.ui.scenes.table import hints, replay
from beloz.ui.sprites import is_flooded

if TYPE_CHECKING:
    from beloz.ui.game import GameFlow
    from beloz.ui.scenes.table.scene import TableScene
    from beloz.ui.scenes.table.words import Bubble


def look(scene: TableScene) -> tuple:
    """What the table's drawing depends on that can change while no tween runs."""
    m = scene.flow.match
    h = scene.flow.hand
    v = scene.view()
    sprites = tuple(
        (sp.visible, sp.x, sp.y, sp.angle, sp.w, sp.lift, sp.dim, sp.glow, sp.face_up,
         sp.flip, sp.z)
        for sp in scene.sprites.values()
    )
    return (
        id(scene.step), scene.phase, scene.message, scene.prompt, scene.banner, scene.show_last,
        id(scene.score_shown), scene.final_line, scene.win_card, scene.pending_play,
        id(scene.layout), scene.images.classic, scene.trump, m.hands_dealt, tuple(m.scores),
        m.escrow, id(h), None if v is None else (v.taker, len(v.tricks), len(v.trick)),
        tuple(scene.buttons), sprites,
        # The hint overlay: asked for, arrived (hints.py); the Undo button (undo taken).
        id(scene.hinting.step), id(scene.hinting.hint), scene.hinting.job is not None,
        tuple(scene.fixed_buttons), scene.flow.used_undo,
    )


def hand_number(flow: GameFlow) -> int:
    """The hand on the table, numbered as the score screen and the history number it: the
    hands played (a deal everybody passed is dealt again under the same number).  From the
    draw, the cut and the deal on it is the hand coming; on the score screen, the one just
    scored."""
    played = len(flow.match.history)
    return max(1, played if flow.stage in (Stage.SCORE, Stage.OVER) else played + 1)


def draw_panels(scene: TableScene, surface: pygame.Surface) -> None:
    """The score (top left) and the flooded plain (top right)."""
    L = scene.layout
    fp = L.font_px
    m = scene.flow.match
    # Score, top left.
    pw = max(200, round(L.W * 0.19))
    r = pygame.Rect(L.pad, L.pad, pw, score_panel.hud_height(fp))
    scene.panel(surface, r)
    practice = practice_lines(scene)
    if practice is not None:  # a problem played on: no match, no target, no score
        for i, (text, size, colour, bold) in enumerate(practice):
            y = r.y + fp * (0.9 + 1.45 * i)
            scene.text(surface, text, (r.x + 12, y), scene.fit(text, size, r.w - 24, bold),
                       colour, bold, anchor="midleft")
        draw_contract_panel(scene, surface, pw)
        return
    label = scene.t("table.hand_no", n=hand_number(scene.flow))
    target = scene.t("table.score.target", n=m.goal)
    # The hand's number and the target side by side, at one size: smaller together where
    # large text leaves them not the room ("Hand 1" was squeezed to 9-22 px beside a
    # "Target 1000" of 60 at 200 %).
    size, gap = fp - 2, textsize.grow(10)  # the room between them grows with them
    while size > 9 and scene.font(size).size(label)[0] + scene.font(size).size(target)[0] \
            + gap > r.w - 24:
        size -= 1
    room = r.w - 24 - scene.font(size).size(target)[0] - gap
    code = replay.current_code(scene)
    # The deal's short code, to recognise it when played again, where there is room for
    # it (large text leaves the hand's number alone).
    if code is not None and scene.font(size).size(f"{label} · {code}")[0] <= room:
        label += f" · {code}"
    scene.text(surface, label, (r.x + 12, r.y + fp * 0.9), scene.fit(label, size, room),
               GREY, anchor="midleft")
    scene.text(surface, target, (r.right - 12, r.y + fp * 0.9), size, GREY, anchor="midright")
    for i, (label, val) in enumerate(((scene.t("table.score.us"), m.scores[0]),
                                      (scene.t("table.score.them"), m.scores[1]))):
        y = r.y + fp * (2.4 + 1.6 * i)
        scene.text(surface, label, (r.x + 12, y), fp + 2, CREAM, True, anchor="midleft")
        scene.text(surface, str(val), (r.right - 12, y), fp + 4, GOLD, True, anchor="midright")
    if m.escrow and scene.score_shown is None:  # the score overlay tells it then
        scene.text(surface, scene.t("common.labelled", label=scene.t("score.escrow"),
                                    value=m.escrow),
                   (r.centerx, r.bottom + fp * 0.8), fp - 2, GOLD)
    draw_contract_panel(scene, surface, pw)


def practice_lines(scene: TableScene) -> list[tuple[str, int, tuple[int, int, int], bool]] | None:
    """A practice problem played on says so in the score box: "Practice · Leading", and
    "From your match of 3 December" (an own problem: the day it joined the queue) or "A
    built-in problem"; None at any other table."""
    p = scene.problem
    back = scene.practice_screen
    if p is None or back is None:
        return None
    fp = scene.layout.font_px
    title = scene.t("practice.table_title", skill=scene.t(f"practice.skill.{p.skill}"))
    entry = getattr(getattr(back, "queue", None), "entries", {}).get(p.id)
    if p.source == "own" and entry is not None:
        months = scene.t("practice.months").split(",")
        day = entry.added
        month = months[day.month - 1] if len(months) == 12 else str(day.month)
        source = scene.t("practice.table_from", date=f"{day.day} {month}")
    else:
        source = scene.t(f"practice.source.{p.source}")
    return [(title, fp, GOLD, True), (source, fp - 2, CREAM, False)]


def draw_contract_panel(scene: TableScene, surface: pygame.Surface, pw: int) -> None:
    """The flooded plain (or the contract), the taker, the turned card: top right."""
    L = scene.layout
    fp = L.font_px
    h = scene.view()
    r2 = pygame.Rect(0, L.pad, pw, score_panel.hud_height(fp))
    r2.right = L.W - L.pad
    trump = scene.trump
    shown = h if h is not None else scene.view_of(scene.flow.last_hand) if trump is not None \
        else None
    # The auction's contract so far (Bulgarian belot): its chip and multiplier, even
    # before the auction ends; a turned-card hand has trump only once someone takes.
    contract = getattr(shown, "contract", None) if shown is not None else None
    multiplier = getattr(shown, "multiplier", 1) if contract is not None else 1
    order = contract.order if contract is not None else trump
    border = plains()[order] if order is not None and order < C.NO_TRUMPS else (
        GOLD if order is not None else None)
    scene.panel(surface, r2, PANEL, border)
    # A plain floods only once the auction is over: until then it is the contract proposed.
    proposed = contract is not None and shown is not None and shown.phase is Phase.BIDDING
    flooded = contract is None or (contract.plain is not None and not proposed)
    scene.text(surface, scene.t("table.flooded" if flooded else "table.contract_title"),
               (r2.x + 12, r2.y + fp * 0.9), fp - 2, GREY, anchor="midleft")
    rad = round(fp * 1.25)
    cxy = (r2.x + 14 + rad, r2.y + round(fp * 3.0))
    tx = cxy[0] + rad + 10
    room = r2.right - 10 - tx
    if order is not None:
        if order < C.NO_TRUMPS:
            scene.plain_chip(surface, order, cxy, rad)
        else:
            scene.painter.contract_chip(surface, order, cxy, rad)
        scene.painter.multiplier_badge(surface, multiplier, cxy, rad)
        name = (scene.plain_name(order) if order < C.NO_TRUMPS
                else scene.t(f"table.contract.{'NT' if order == C.NO_TRUMPS else 'AT'}"))
        if multiplier > 1:
            name += f" ×{multiplier}"
        scene.text(surface, name, (tx, cxy[1] - fp * 0.5), scene.fit(name, fp + 4, room, True),
                   CREAM, True, anchor="midleft")
        if shown is not None and shown.taker is not None:
            key = "table.called_by" if contract is not None and shown.phase is Phase.BIDDING \
                else "table.taken_by"
            taken = (scene.t(key + "_you") if shown.taker == 0 else
                     scene.t(key, name=scene.seat_name(shown.taker)))
            scene.text(surface, taken, (tx, cxy[1] + fp * 0.9), scene.fit(taken, fp - 2, room),
                       GOLD, anchor="midleft")
    elif h is not None and scene.turned is not None:
        # Before anyone takes: the turned card's plain, the same chip, not yet flooded.
        plain = scene.turned >> 3
        scene.plain_chip(surface, plain, cxy, rad, faded=True)
        name, turned = scene.plain_name(plain), scene.t("table.turned")
        scene.text(surface, name, (tx, cxy[1] - fp * 0.5), scene.fit(name, fp + 4, room),
                   CREAM, anchor="midleft")
        scene.text(surface, turned, (tx, cxy[1] + fp * 0.9), scene.fit(turned, fp - 2, room),
                   GREY, anchor="midleft")
    else:
        label = scene.t("table.flooded_none")
        scene.text(surface, label, (r2.x + 12, r2.y + fp * 3.0),
                   scene.fit(label, fp, r2.w - 24), CREAM, anchor="midleft")


def text_lines(scene: TableScene) -> list[tuple[str, tuple[int, int, int], int, pygame.Rect]]:
    """The message and prompt lines above the hand as ``draw_texts`` draws them: each text,
    its colour, its size and its box (the person's plate keeps clear of them:
    ``plates.aside``)."""
    L = scene.layout
    fp = L.font_px
    y = hints.prompt_base(scene)
    lines = []
    if scene.message:
        lines.append((scene.message, (255, 170, 150)))
    column = [b.rect for b in getattr(scene, "fixed_buttons", {}).values() if b is not None]
    # The question and the key line under it (``prompts.button_row``): one line where both
    # fit at their 100 % size (between the button column and its mirror where the line
    # would reach it), else two, the question on top (a second line lifts the hint's
    # lines towards the cards in the middle, which then draw them smaller).
    pieces = [text for text in scene.prompt.split("\n") if text]
    if len(pieces) > 1:
        least = max(textsize.MIN_PX, round((fp + 1) / textsize.factor()))
        joined = "   —   ".join(pieces)
        box = pygame.Rect((0, 0), scene.font(least, True).size(joined)).inflate(24, 10)
        box.center = (L.cx, round(y - (scene.font(fp + 1, True).get_height() + 14
                                       if scene.message else 0)))
        room = L.W - 2 * (max([b.right for b in column if box.colliderect(b)], default=0)
                          + L.pad)
        pieces = [joined] if box.w <= room else pieces
    lines += [(text, CREAM) for text in reversed(pieces)]
    out = []
    for text, col in lines:
        size = fp + 1
        f = scene.font(size, True)
        tw, th = f.size(text)
        r = pygame.Rect(0, 0, tw + 24, th + 10)
        r.center = (L.cx, round(y))
        if any(r.colliderect(b) for b in column) or r.w > L.W - 2 * L.pad:
            # Large text: the line would reach the buttons at the left (Hint, Menu...) or
            # the window's edges: drawn smaller, down to its 100 % size, between them and
            # their mirror (or the edges).
            room = L.W - 2 * (max([b.right for b in column if r.colliderect(b)],
                                  default=0) + L.pad)
            least = max(textsize.MIN_PX, round(size / textsize.factor()))
            while size > least and scene.font(size, True).size(text)[0] + 24 > room:
                size -= 1
            tw, th = scene.font(size, True).size(text)
            r = pygame.Rect(0, 0, tw + 24, th + 10)
            r.center = (L.cx, round(y))
        out.append((text, col, size, r))
        y -= th + 14
    return out


def draw_texts(scene: TableScene, surface: pygame.Surface) -> None:
    """The message and prompt lines above the hand, the banner, the draw's numbers."""
    L = scene.layout
    fp = L.font_px
    for text, col, size, r in text_lines(scene):
        scene.panel(surface, r, (10, 20, 16, 200), radius=r.h // 2)
        scene.text(surface, text, r.center, size, col, True, shadow=False)
    if scene.banner:
        f = scene.font(fp + 4, True)
        tw, th = f.size(scene.banner)
        r = pygame.Rect(0, 0, tw + 40, th + 18)
        r.center = L.banner_center()
        scene.panel(surface, r, (10, 20, 16, 220), GOLD)
        scene.text(surface, scene.banner, r.center, fp + 4, CREAM, True, shadow=False)
    if scene.draw_cards:
        for seat, c in scene.draw_cards.items():
            x, y2 = L.draw_slot(seat)
            scene.text(surface, str((c & 7) + 1), (x, y2 + L.ch * 0.55 + fp * 0.2), fp + 4,
                       GOLD, True)


def bubble_rect(scene: TableScene, b: Bubble, clamp: bool = True) -> pygame.Rect:
    """Where ``draw_bubble`` puts ``b``: by its seat's anchor (``Layout.seat_anchor``),
    moved by as much as the anchor moves; inside the window with ``clamp``."""
    L = scene.layout
    ax, ay = L.seat_anchor(b.seat)
    f = scene.font(L.font_px + 2, True)
    tw, th = f.size(b.text)
    r = pygame.Rect(0, 0, tw + 28, th + 16)
    if b.seat == 0:
        r.midbottom = (ax, ay - 6)
    elif b.seat == 2:
        r.midtop = (ax + L.small * 2.2, ay - L.sh * 0.6)
    elif b.seat == 1:
        r.midright = (ax - 8, ay - L.small * 1.2)
    else:
        r.midleft = (ax + 8, ay - L.small * 1.2)
    if clamp:
        r.clamp_ip(pygame.Rect(0, 0, L.W, L.H))
    return r


def draw_bubble(scene: TableScene, surface: pygame.Surface, b: Bubble) -> None:
    """What a seat says, in a bubble by its place (``bubble_rect``)."""
    L = scene.layout
    r = bubble_rect(scene, b)
    col = GOLD if b.gold else CREAM
    pygame.draw.rect(surface, (0, 0, 0), r.move(2, 3), border_radius=r.h // 2)
    pygame.draw.rect(surface, col, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, INK, r, width=2, border_radius=r.h // 2)
    drawn.record(surface, "panel", r)
    scene.text(surface, b.text, r.center, L.font_px + 2, INK, True, shadow=False)


def draw_revealed(scene: TableScene, surface: pygame.Surface) -> None:
    """During the second expedition the valid announcements show their cards."""
    h = scene.view()
    if h is None or h.phase is not Phase.PLAY or len(h.tricks) != 1 or not h.trick:
        return
    if not h.announcements_shown or h.announcement_result is None:
        return
    L = scene.layout
    w = max(36, round(L.cw * 0.5))
    for seat in range(4):
        # The valid ones: the best team's (RULES.md §5), or seed 002's per category.
        valid = revealed(h, seat)
        if not valid:
            continue
        cards = [c for _, mask in valid for c in C.cards_of(mask)]
        what = " + ".join(scene.ann_name(kind) for kind, _ in valid)
        label = scene.t("table.shown_by", name=scene.seat_name(seat), what=what)
        step = w * 0.62
        total = step * (len(cards) - 1) + w
        if seat in (1, 3):  # between the side hand and the trick
            ax, ay = L.seat_anchor(seat)
            tx, ty = L.trick_slot(seat)
            x, y = (ax + tx) / 2, (ay + ty) / 2
            if seat == 1:
                x = min(x, L.W - L.sh - L.pad * 2 - total / 2)
            else:
                x = max(x, L.sh + L.pad * 2 + total / 2)
        else:
            # Above the trick, beside its North card: the partner's on the right, the
            # person's on the left.  Below the trick the question's line and the hint's
            # lines rise as far as the trick's cards (``hints.room_top``) and would cover it.
            x = L.cx + (L.cw * 2.5 if seat == 2 else -L.cw * 2.5)
            y = L.cy - L.ch * 0.9
        lw = scene.font(L.font_px - 2, True).size(label)[0]
        r = pygame.Rect(0, 0, round(max(total, lw) + 16),
                        round(w * 88 / 63 + L.font_px + 18))
        r.center = (round(x), round(y))
        r.clamp_ip(pygame.Rect(0, 0, L.W, L.H).inflate(-L.pad * 2, -L.pad * 2))
        scene.panel(surface, r, (10, 40, 60, 210), GOLD)
        scene.text(surface, label, (r.centerx, r.y + L.font_px * 0.7), L.font_px - 2, GOLD,
                   True, shadow=False)
        x0 = r.centerx - total / 2
        for i, c in enumerate(cards):
            img = scene.images.face(c, w, is_flooded(c, h.trump))
            surface.blit(img, (round(x0 + i * step), r.y + L.font_px + 10))


def revealed(view: SeatView, seat: int) -> list[tuple[str, int]]:
    """The announcements of ``seat`` that count, (kind, cards), as ``view`` shows them once
    they are revealed: another seat's cards are in the view once they count; the viewer's
    own always are, so the verdict says which of those count."""
    res = view.announcement_result
    if res is None:
        return []
    if seat == view.seat:  # declared, they are all of the seat's own (``own_announcements``)
        return [(a.kind, a.mask) for a in view.own_announcements
                if view.declared[seat] and res.counts(seat & 1, a)]
    return [(d.kind, d.cards) for d in view.declared[seat] if d.cards is not None]


def draw_last(scene: TableScene, surface: pygame.Surface) -> None:
    """The last expedition played, over the table (key L)."""
    L = scene.layout
    h = scene.view()
    tricks = list(h.tricks) if h is not None else []
    if scene.flow.pending_collect is not None and tricks:
        tricks = tricks[:-1] if len(tricks) > 1 else []
    last = scene.view_of(scene.flow.last_hand)
    if not tricks and last is not None and h is None:
        tricks = list(last.tricks)
    r = pygame.Rect(0, 0, round(L.cw * 5.6), round(L.ch * 1.9))
    r.center = (L.cx, L.cy)
    scene.panel(surface, r, (10, 20, 16, 235), GOLD)
    if not tricks:
        scene.text(surface, scene.t("table.last.none"), r.center, L.font_px + 2)
        return
    t = tricks[-1]
    scene.text(surface, scene.t("table.last.title", name=scene.seat_name(t.winner)),
               (r.centerx, r.y + L.font_px * 1.3), L.font_px + 2, GOLD, True)
    w = L.cw
    for i, c in enumerate(t.cards):
        seat = (t.leader + i * L.direction) % 4
        x = r.x + (r.w - 4 * w - 3 * 16) // 2 + i * (w + 16)
        y = r.y + L.font_px * 2.6
        surface.blit(scene.images.face(c, w, is_flooded(c, scene.trump)), (x, y))
        scene.text(surface, scene.seat_name(seat), (x + w / 2, y + L.ch + L.font_px * 0.8),
                   L.font_px - 2, GOLD if seat == t.winner else CREAM, seat == t.winner)
