"""The window's first frame, drawn the moment it opens: the table's colour and the game's name
and subtitle where the menu will show them, while the rest of the game loads (pygame_gui and
its theme, the AI's helper process, the menu's card art: seconds under Wine, and a window
left undrawn meanwhile shows black, or whatever was behind it).

Only pygame and the game's own font: it must be quick to draw (a few ms) and draw the same
title as the menu (``MenuScene._title_art``), so that the menu replaces it without a jump.
"""

from __future__ import annotations

import time

import pygame

from beloz import i18n
from beloz.ui.assets import CardArt
from beloz.ui.widgets import CREAM, GOLD, scale_for, text_with_shadow

#: The table's green, as the menu's backdrop shows it away from the river (assets/table.svg).
TABLE_GREEN = (33, 63, 49)


def draw_splash(surface: pygame.Surface, art: CardArt) -> None:
    """The table's colour, "BeloZ" and the subtitle, placed as the menu places them."""
    w, h = surface.get_size()
    s = scale_for((w, h))
    cx, cy = int(w * 0.34), int(h * 0.17)
    surface.fill(TABLE_GREEN)
    title = text_with_shadow(art.font(int(96 * s), bold=True), "BeloZ", GOLD, 4)
    surface.blit(title, title.get_rect(center=(cx, cy)))
    sub = text_with_shadow(art.font(int(24 * s)), i18n.tr("menu.subtitle"), CREAM)
    surface.blit(sub, sub.get_rect(center=(cx, cy + int(68 * s))))


def show_splash(surface: pygame.Surface, art: CardArt) -> float:
    """Draw the splash and show it; returns when it was shown (``time.time()``, a clock the
    launch bench shares with the process it starts, under Wine too)."""
    draw_splash(surface, art)
    pygame.display.flip()
    # Let the window system see a window that answers (and paints what was flipped) before
    # the seconds of loading that follow, during which no event is read.
    pygame.event.pump()
    return time.time()
