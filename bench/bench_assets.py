"""Cold render of the 32 faces and the back, at 90 px and 160 px wide (target: < 0.3 s each).

"Cold" means a fresh ``CardArt``: every SVG layer is rasterised again.  Fonts files are read
once per CardArt as well.  ``python -m bench assets``.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from beloz.ui.assets import CardArt, default_name  # noqa: E402

RUNS = 7
WIDTHS = (90, 160)


def cold_render(width: int) -> float:
    art = CardArt()
    start = time.perf_counter()
    for c in range(32):
        art.face(c, width, name=default_name(c))
    art.back(width)
    return time.perf_counter() - start


def run() -> None:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    cold_render(60)  # warm the OS file cache and pygame's imports, not CardArt's caches
    for width in WIDTHS:
        times = [cold_render(width) for _ in range(RUNS)]
        print(
            f"32 faces + back at {width:3d} px, cold: median {statistics.median(times):.3f} s "
            f"(min {min(times):.3f}, max {max(times):.3f}, {RUNS} runs)"
        )
    art = CardArt()
    start = time.perf_counter()
    for flooded in (False, True):
        for c in range(32):
            art.face(c, 160, name=default_name(c), flooded=flooded, classic=True)
    print(f"64 faces (dry + flooded, classic) at 160 px: {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    run()
