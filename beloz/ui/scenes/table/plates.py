"""The players' name plates: name, Dealer and Taker chips, gold while it is their turn.

Drawing only: reads the scene, never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from beloz.rules.state import Phase
from beloz.ui import drawn, textsize
from beloz.ui.colours import CREAM, GOLD, INK
from beloz.ui.game import Stage, StepKind
from beloz.ui.scenes import score as score_panel
from beloz.ui.scenes.table import hud

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene


def dealer_shown(scene: TableScene) -> int:
    """The seat whose plate says Dealer: the hand's on the table; on the score screen the
    hand scored's (the match has already moved on to the next hand's dealer)."""
    last = scene.view_of(scene.flow.last_hand)
    if scene.flow.stage in (Stage.SCORE, Stage.OVER) and last is not None:
        return int(last.dealer)
    return int(scene.dealer())


def draw(scene: TableScene, surface: pygame.Surface) -> None:
    """The four name plates."""
    L = scene.layout
    h = scene.view()
    fp = L.font_px
    # Under the score overlay a plate would peek out, cut by its edge: leave it out.
    hidden = score_panel.panel_rect(L.size) if scene.score_shown is not None else None
    dealer = dealer_shown(scene)
    for seat in range(4):
        x, y = L.plate_pos(seat, len(scene.hands[0]))
        name = scene.seat_name(seat)
        if seat == 2:
            name += f" ({scene.t('table.partner')})"
        f = scene.font(fp, True)
        tw = f.size(name)[0]
        chips = []
        if seat == dealer and scene.flow.stage != Stage.DRAW:
            chips.append((scene.t("table.dealer"), (230, 230, 230)))
        if h is not None and h.taker == seat and h.phase is not Phase.BIDDING:
            # An auction's caller is the taker only once the auction is over.
            chips.append((scene.t("table.taker"), GOLD))
        cf = scene.font(max(10, fp - 3), True)
        # The room beside the texts grows with them: at 200 % the 8 px between "Kito" and
        # its Dealer chip read as one word, "KitoDonneur".
        inner, gap, step = textsize.grow(10), textsize.grow(8), textsize.grow(4)
        pad = textsize.grow(5)  # a chip's, either side of its word
        chip_w = sum(cf.size(c)[0] + 2 * pad + step for c, _ in chips)
        width = tw + 2 * inner + chip_w
        r = pygame.Rect(0, 0, width, fp + 12)  # as tall as before: the layout counts on it
        if seat == 0:
            r.bottomright = (round(x), round(y + fp))
            r.left = max(L.pad, r.left)
            aside(scene, r)
        else:
            r.center = (round(x), round(y))
            r.clamp_ip(pygame.Rect(0, 0, L.W, L.H).inflate(-L.pad * 2, -L.pad * 2))
        if hidden is not None and hidden.colliderect(r):
            continue
        turn = (
            scene.step is not None and scene.step.seat == seat
            and scene.step.kind in (StepKind.BID, StepKind.PLAY, StepKind.CUT, StepKind.DEAL)
        )
        scene.panel(surface, r, (20, 32, 26, 215), GOLD if turn else None, radius=r.h // 2)
        scene.text(surface, name, (r.x + inner, r.centery), fp, GOLD if turn else CREAM,
                   True, anchor="midleft", shadow=False)
        cx = r.x + inner + tw + gap
        for label, col in chips:
            cw = cf.size(label)[0] + 2 * pad
            cr = pygame.Rect(cx, r.y + 4, cw, r.h - 8)
            pygame.draw.rect(surface, col, cr, border_radius=cr.h // 2)
            scene.text(surface, label, cr.center, max(10, fp - 3), INK, True, shadow=False)
            cx += cw + step


def aside(scene: TableScene, r: pygame.Rect) -> None:
    """The person's plate, ``r``, moved where, at large text, it would meet a button (the
    Hint column left of the hand, a question's row above it) or the prompt's line above the
    hand (960 x 600, 200 %: "Your turn: the dimmed cards may not be played" over "You"):
    right of the hand at the same height, else beside the hand at the window's foot, left
    then right, else above the Hint column; left where it is when no place is free."""
    L = scene.layout
    buttons = [b.rect for b in [*scene.fixed_buttons.values(), *scene.buttons.values()]
               if b is not None] + [box for *_, box in hud.text_lines(scene)]

    def meets(rect: pygame.Rect) -> bool:  # by more than a font's spare pixels
        return any((c := rect.clip(b)).w > drawn.SLACK and c.h > drawn.SLACK for b in buttons)

    if not meets(r):
        return
    slots = L.hand_slots(0, max(1, len(scene.hands[0])))
    edge = slots[-1][0] + L.cw * 0.5  # the hand's right edge
    right = round(edge + L.pad)
    foot = L.H - L.pad
    for place in ({"left": right}, {"bottom": foot}, {"left": right, "bottom": foot}):
        moved = r.copy()
        for name, value in place.items():
            setattr(moved, name, value)
        if "left" in place and moved.right > L.W - L.pad:
            # Closer to the hand, down to half a margin from it, rather than left under
            # the Hint column: « Vous  Donneur » at 200 % beside eight cards is a few
            # pixels too wide for a whole margin either side.
            moved.right = L.W - L.pad
            if moved.left < edge + L.pad // 2:
                continue
        if moved.right <= L.W - L.pad and not meets(moved):
            r.topleft = moved.topleft
            return
    # Else above the Hint column, still left of the hand, where it clears West's full hand
    # and every card on the table, a pile of expeditions won too (1920 x 1080 at 200 %:
    # « Vous  Donneur » beside eight cards has no room on the right).
    column = [b.rect for b in scene.fixed_buttons.values() if b is not None]
    west = L.hand_slots(3, 8)[-1][1] + L.small / 2
    cards = [sp.rect() for sp in scene.sprites.values() if sp.visible and sp.alpha > 1]
    if column:
        moved = r.copy()
        moved.bottomleft = (L.pad, min(c.top for c in column) - L.pad // 2)
        if moved.top >= west + L.pad // 2 and not meets(moved) and moved.collidelist(
                cards) < 0:
            r.topleft = moved.topleft
