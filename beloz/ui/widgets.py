"""Small helpers shared by the shell's scenes: a scene that owns pygame_gui elements, the
palette, text wrapping and the drawn backdrop (table, dimming, panels)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from beloz.ui.app_protocol import App
from beloz.ui.scene import Scene

CREAM = (243, 233, 210)
GOLD = (255, 227, 166)
SAND = (201, 166, 107)
INK = (43, 30, 18)
PANEL = (36, 29, 20)
BORDER = (138, 110, 69)
SHADOW = (0, 0, 0)


class UIScene(Scene):
    """A scene whose pygame_gui elements are built by ``build()`` for the current window
    size and language.  They are killed when the scene is covered or left and built again
    when it comes back, is resized, or the language changes, so no element of a covered
    scene is ever drawn or clicked."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.elements: list[pygame_gui.core.UIElement] = []
        self.active = False

    # -- to override
    def build(self) -> None:
        """Create the elements for ``self.app.size`` (add each top-level one with add())."""

    # -- helpers
    def add(self, element: Any) -> Any:
        self.elements.append(element)
        return element

    def clear(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements = []

    def rebuild(self) -> None:
        self.clear()
        if self.active:
            self.build()

    # -- lifecycle
    def enter(self) -> None:
        self.active = True
        self.build()

    def exit(self) -> None:
        self.active = False
        self.clear()

    def pause(self) -> None:
        self.active = False
        self.clear()

    def resume(self) -> None:
        self.active = True
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def retranslate(self) -> None:
        self.rebuild()

    def needs_redraw(self) -> bool:
        """False: a screen of widgets and text changes only on an event (drawn for a moment
        after each), a resize or a change of scene, and its widgets' own changes (a hover,
        a tooltip, an open list) are seen by the window; drawing it 60 times a second
        while nothing moves cost a third of a core.  A scene that changes by itself (a
        computation's progress, a scripted lesson) says so by overriding this."""
        return False


def scale_for(size: tuple[int, int]) -> float:
    """1.0 at 1280 x 800; smaller and larger windows scale text and spacing (0.75 .. 1.6)."""
    w, h = size
    return max(0.75, min(1.6, min(w / 1280, h / 800)))


def pack(font: pygame.font.Font, items: list[str], sep: str, width: float) -> list[str]:
    """``items`` joined by ``sep`` on lines no wider than ``width``, broken only between
    items (an item wider than that alone on its line)."""
    lines: list[str] = []
    line = ""
    for item in items:
        trial = f"{line}{sep}{item}" if line else item
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = item
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (words longer than that stay whole;
    only at plain spaces: a non-breaking one keeps French "\u00a0:" with its word)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += pack(font, paragraph.split(" "), " ", width) or [""]
    return lines


def text_with_shadow(
    font: pygame.font.Font, text: str, colour: tuple[int, int, int], offset: int = 2
) -> pygame.Surface:
    main = font.render(text, True, colour)
    shadow = font.render(text, True, SHADOW)
    shadow.set_alpha(150)
    out = pygame.Surface((main.get_width() + offset, main.get_height() + offset), pygame.SRCALPHA)
    out.blit(shadow, (offset, offset))
    out.blit(main, (0, 0))
    return out


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int = 225, radius: int = 14
) -> None:
    """A dark translucent rounded panel with a warm border (matches the theme's panels)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*PANEL, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*BORDER, 255), panel.get_rect(), width=2, border_radius=radius)
    surface.blit(panel, rect.topleft)


class Backdrop:
    """The table art covering the window, optionally dimmed; cached per size."""

    def __init__(self, dim: int = 0) -> None:
        self.dim = dim
        self._cache: tuple[tuple[int, int], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        size = surface.get_size()
        if self._cache is None or self._cache[0] != size:
            try:
                bg = app.art.table(size).copy()
            except Exception:  # noqa: BLE001 -- missing art must not stop the menus
                bg = pygame.Surface(size)
                bg.fill((74, 92, 58))
            if self.dim:
                shade = pygame.Surface(size, pygame.SRCALPHA)
                shade.fill((20, 14, 8, self.dim))
                bg.blit(shade, (0, 0))
            self._cache = (size, bg)
        surface.blit(self._cache[1], (0, 0))


#: From this ``scale_for`` on, the themed widgets use their bigger-font variants.
LARGE_SCALE = 1.25
#: Below this ``scale_for``, the widgets that ask for it use their smaller-font variants
#: (the settings' thirteen rows at 960 x 600: 17 px text is taller than a 24 px control).
SMALL_SCALE = 0.85


def button_id(size: tuple[int, int], object_id: str | None = None) -> Any:
    """A button's theme ids for a window of ``size``: ``object_id`` (its colours) and, in
    big windows, the class ``@large_button`` (its label grows with it, as the ``_large``
    ids do for the menus: 16 px text in a 53 px high button is hard to read at 1920 x
    1080)."""
    large = "@large_button" if scale_for(size) >= LARGE_SCALE else None
    return pygame_gui.core.ObjectID(object_id=object_id, class_id=large)


def oid(app: App, name: str, *, small: bool = False) -> str:
    """The theme object id ``name``, or its ``_large`` variant (bigger font) in big windows;
    with ``small``, its ``_small`` variant (smaller font) in small ones."""
    scale = scale_for(app.size)
    if scale >= LARGE_SCALE:
        return f"{name}_large"
    return f"{name}_small" if small and scale < SMALL_SCALE else name


class TipAboveButton(pygame_gui.elements.UIButton):
    """A button whose tooltip opens above it (below it when there is no room), so that it
    never covers the text under the button that explains the same thing."""

    def while_hovering(self, time_delta: float, mouse_pos: Any) -> None:
        had_tip = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        tip = self.tool_tip  # typed as its interface, which has no rect
        if isinstance(tip, pygame_gui.elements.UITooltip) and not had_tip:
            top = self.rect.top - tip.rect.height - 4
            if top >= 0:
                tip.set_position((tip.rect.x, top))


def fit_row(buttons: dict[str, Any], more: dict[str, list[str]], width: int,
            margin: int) -> None:
    """The review's bottom row (history at the left, the step buttons prev, back, next in
    the middle, show at the right) made anew where a label, in the button's own font, is
    wider than its button (large text): each side button as wide as its label (and the
    labels of ``more`` it takes later), the step buttons each as wide as its own label,
    centred between them.  Left as it is otherwise (the window's own sizes)."""

    def need(name: str) -> int:
        b = buttons[name]
        return max(b.font.size(t)[0] for t in [b.text, *more.get(name, [])]) + 32

    if all(need(n) <= b.rect.w for n, b in buttons.items()):
        return
    left, right = buttons["history"], buttons["show"]
    left.set_dimensions((max(left.rect.w, need("history")), left.rect.h))
    w = max(right.rect.w, need("show"))
    right.set_dimensions((w, right.rect.h))
    right.set_position((width - margin - w, right.rect.y))
    # The step buttons each as wide as its own label, centred between the side buttons.
    steps = [buttons[n] for n in ("prev", "back", "next")]
    widths = [need(n) for n in ("prev", "back", "next")]
    gap = max(4, min(10, (right.rect.left - left.rect.right - sum(widths)) // 4))
    x = (left.rect.right + right.rect.left - sum(widths) - 2 * gap) // 2
    for b, bw in zip(steps, widths, strict=True):
        b.set_dimensions((bw, b.rect.h))
        b.set_position((x, b.rect.y))
        x += bw + gap
    for b in buttons.values():
        b.rebuild()  # its shape and label drawn at the new size at once
