"""The Windows installer's picture: installer/wizard.bmp, the left panel of its first and last
pages (NSIS's MUI_WELCOMEFINISHPAGE_BITMAP, 164x314 at 96 DPI), drawn from the game's own art:
a slice of the table (assets/table.svg) with the river, the icon and the name in the menu's
colours.  Run it again when the art changes:

    .venv/bin/python tools/make_installer_art.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "installer" / "wizard.bmp"
SIZE = (164, 314)
GOLD = (255, 227, 166)  # the menu's title (beloz/ui/widgets.py GOLD)


def draw() -> pygame.Surface:
    pygame.init()
    table = pygame.image.load(str(ROOT / "assets" / "table.svg"))
    # The table at 1.6x the panel's height, the slice left of its centre: a bend of the river.
    scale = SIZE[1] * 1.6 / table.get_height()
    table = pygame.transform.smoothscale(
        table, (round(table.get_width() * scale), round(table.get_height() * scale)))
    panel = pygame.Surface(SIZE)
    panel.blit(table, (0, 0), pygame.Rect(table.get_width() // 2 - SIZE[0] - 40,
                                          (table.get_height() - SIZE[1]) // 2, *SIZE))
    icon = pygame.transform.smoothscale(pygame.image.load(str(ROOT / "assets" / "icon.png")),
                                        (120, 120))
    panel.blit(icon, ((SIZE[0] - 120) // 2, 40))
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"), 34)
    shadow = font.render("BeloZ", True, (20, 30, 24))
    title = font.render("BeloZ", True, GOLD)
    x = (SIZE[0] - title.get_width()) // 2
    panel.blit(shadow, (x + 2, 176))
    panel.blit(title, (x, 174))
    return panel


def main() -> int:
    pygame.image.save(draw(), str(OUT))
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
