"""The new-game dialog: the ruleset (with one line on what it is), the match target it
allows, the computer players' levels; then Start.  Each choice is saved in settings.json at
once, so the next new game opens on the last one.  The keys are the settings' (Tab, the
arrows, Enter, Space, Esc); the focus opens on Start, so Enter starts as its label says."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from beloz.settings import seat_levels
from beloz.ui.app_protocol import App
from beloz.ui.scenes.settings import SettingsScene
from beloz.ui.widgets import LARGE_SCALE, TipAboveButton, oid, scale_for


class TipBesideButton(TipAboveButton):
    """A level button whose tip opens left of the row's first button, its bottom on the
    row's (over the labels' column: the row's, which names the same seats, and the target's
    label), so that it covers neither the target's field above nor the description below;
    above the button, as in the settings, when there is no room on the left."""

    row_left: int | None = None

    def while_hovering(self, time_delta: float, mouse_pos: Any) -> None:
        had_tip = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        tip = self.tool_tip  # typed as its interface, which has no rect
        if isinstance(tip, pygame_gui.elements.UITooltip) and not had_tip \
                and self.row_left is not None:
            left = self.row_left - tip.rect.width - 6
            if left >= 0:  # its bottom on the row's: taller than the row, it rises over
                # the labels' column (the target's label, not its field)
                tip.set_position((left, self.rect.bottom - tip.rect.height))


class NewGameScene(SettingsScene):
    rows = (("ruleset", "choice"), ("target", "choice"), ("level", "levels"))
    title_key = "newgame.title"
    level_button = TipBesideButton

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.start: Any = None

    def level_help(self, ruleset: str | None = None) -> str:
        """The chosen ruleset (or ``ruleset``) in one line, then what each computer level in
        use does, each in a paragraph of its own."""
        levels = dict.fromkeys(seat_levels(self.app.settings.level))
        line = self.app.tr(f"newgame.about.{ruleset or self.app.settings.ruleset}")
        return "\n".join([line] + [self.app.tr(f"settings.level_help.{lv}") for lv in levels])

    def fit_help(self, width: int, room: int) -> tuple[pygame.font.Font, list[str]]:
        """As in the settings, but as tall as the longest ruleset's description needs (its
        last lines blank): choosing a ruleset then changes the words, not the dialog's
        size, and the dialog does not move under the cursor."""
        from beloz.rules.ruleset import RULESETS
        from beloz.ui.scenes.settings import MIN_HELP_FONT
        from beloz.ui.widgets import wrap

        size = self.help_font_size()
        while True:
            font = self.app.art.font(size)
            most = max(len(wrap(font, self.level_help(r), width)) for r in RULESETS)
            if size <= MIN_HELP_FONT or most * font.get_linesize() <= room:
                lines = wrap(font, self.level_help(), width)
                return font, lines + [""] * (most - len(lines))
            size -= 1

    def button_least(self) -> int:
        """The width Start and Cancel need for their labels, in their font (the theme's)."""
        font = self.app.art.font(22 if scale_for(self.app.size) >= LARGE_SCALE else 17,
                                 bold=True)
        return max(font.size(self.app.tr(k))[0] for k in ("newgame.start", "newgame.cancel")) + 32

    def panel_least(self) -> int:
        """Room for Start and Cancel side by side (large text)."""
        return 2 * self.button_least() + 3 * int(16 * scale_for(self.app.size))

    def build(self) -> None:
        super().build()
        s = scale_for(self.app.size)
        rect = self.back.rect
        gap = int(16 * s)
        # Wide enough for "Commencer (Entrée)" in a small window and, measured in the
        # buttons' font, at any text size; two side by side.
        w = min(max(int(300 * s), 260, self.button_least()), (self.panel.w - 3 * gap) // 2)
        self.back.kill()
        self.back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.panel.centerx + gap // 2, rect.y, w, rect.h),
                self.app.tr("newgame.cancel"), self.app.ui,
                object_id=oid(self.app, "#back_button"),
            )
        )
        self.start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.panel.centerx - gap // 2 - w, rect.y, w, rect.h),
                self.app.tr("newgame.start"), self.app.ui,
                object_id=oid(self.app, "#back_button"),
            )
        )

        self.focus.begin("start")  # in reading order: the rows, then Start and Cancel
        for name, control in self.controls.items():
            self.focus.add(name, control)
        self.focus.add("start", self.start)
        self.focus.add("back", self.back)

        # Each level button's tip (its seat) opens left of the row, over the labels: above
        # the button, it would cover the target's field; below, the description.
        first = self.controls.get("level:0")
        for name, control in self.controls.items():
            if name.startswith("level:") and first is not None:
                control.row_left = first.rect.left

    def update(self, dt: float) -> None:
        """An open list of choices as wide as its field (pygame_gui leaves out the arrow's
        width)."""
        for control in self.controls.values():
            listing = getattr(getattr(control, "current_state", None),
                              "options_selection_list", None)
            if listing is not None and listing.alive() and listing.rect.w < control.rect.w:
                listing.set_dimensions((control.rect.w, listing.rect.h))

    def begin(self) -> None:
        """Start a match of the chosen ruleset, in place of this dialog."""
        from beloz.ui.scenes.start import start_table

        self.app.pop()
        start_table(self.app, new_match=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.start:
            self.begin()
            return True
        return super().handle_event(event)
