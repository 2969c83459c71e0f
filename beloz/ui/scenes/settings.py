"""Every setting of ``beloz.settings.Settings`` on one panel; each change is saved to
settings.json and applied at once (language, sound, fullscreen, window size...).

Keys (``beloz.ui.focus``): Tab / Shift-Tab and the arrows move the focus from control to
control; Enter or Space opens a list (the arrows choose in it, Enter takes the choice),
turns a toggle, gives a computer seat its next level, or goes Back; Left and Right move
the volume; Esc goes back (or closes an open list)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from beloz.rules.ruleset import RULESETS, match_target
from beloz.rules.ruleset import get as get_ruleset
from beloz.settings import (
    LEVELS,
    MIN_WINDOW,
    SPOKEN_TABLE,
    TEXT_SIZES,
    level_value,
    seat_levels,
)
from beloz.ui import textsize
from beloz.ui.app import fits_desktop
from beloz.ui.app_protocol import App
from beloz.ui.focus import Focus
from beloz.ui.widgets import (
    GOLD,
    LARGE_SCALE,
    SAND,
    SMALL_SCALE,
    Backdrop,
    TipAboveButton,
    UIScene,
    draw_panel,
    oid,
    scale_for,
    text_with_shadow,
    wrap,
)

TARGETS = (500, 1000, 1500, 2000, 3000)
SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
WINDOW_SIZES = ((960, 600), (1280, 800), (1440, 900), (1600, 900), (1920, 1080))
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
VOLUME_STEPS = 20
MIN_ROW = 28  # px: a 24 px control and its gap (the small fonts' text is 18 px high)
MIN_HELP_FONT = 11

# The rows, top to bottom: (setting field, kind).  "levels" is one small button per
# computer seat (seats 1, 2 = the partner, 3), side by side; a click moves to the next level.
ROWS = (
    ("language", "choice"),
    ("ruleset", "choice"),
    ("target", "choice"),
    ("level", "levels"),
    ("animation_speed", "choice"),  # its "No motion" is the setting animations off
    ("keep_bubbles", "toggle"),
    ("auto_declare", "toggle"),
    ("auto_hint", "toggle"),
    ("allow_undo", "toggle"),
    ("sound", "toggle"),
    ("volume", "slider"),
    ("fullscreen", "toggle"),
    ("window_size", "choice"),
    ("classic_overlay", "toggle"),
    ("spoken_table", "choice"),
    ("distinct_colours", "toggle"),
    ("text_size", "choice"),
)
NO_MOTION = "off"  # the speed list's value for the setting animations off
#: The theme's text sizes of a row's label and control by the tier of their ids (``oid``:
#: "_large" in big windows, "_small" in small ones).
TIER_PX = {"_large": (23, 22), "": (17, 17), "_small": (15, 15)}


@dataclass(frozen=True)
class _Plan:
    """The settings panel's layout at one tier (``SettingsScene.plan``)."""

    tier: str
    stacked: bool  # each label over its control
    title_px: int
    title_h: int
    label_h: int
    label_w: int
    least: int  # a row's least height
    help_font: pygame.font.Font
    help_lines: list[str]
    help_h: int
    back_h: int
    foot: int
    margin: int
    panel_w: int
    pad: int
    col_w: int
    per_col: int


def _levels_reach(s: float) -> int:
    """How far the level buttons reach left of the other controls (three names to fit),
    into the end of their label's column."""
    return int(24 * s)


def _size_text(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


class SettingsScene(UIScene):
    #: The level buttons' class: their tip above them (the new-game dialog's: beside).
    level_button: type = TipAboveButton

    pausable = False  # Esc goes back
    rows: tuple[tuple[str, str], ...] = ROWS
    title_key = "settings.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.controls: dict[str, Any] = {}
        self.value_label: Any = None
        self.back: Any = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_h = 0
        self.title_px = 32
        self.tier = ""
        self.help_rect = pygame.Rect(0, 0, 0, 0)
        self.help_font_used = self.app.art.font(self.help_font_size())
        self.help_lines: list[str] = []
        self.backdrop = Backdrop(dim=110)
        self.focus = Focus(self)

    def oid(self, name: str) -> str:
        """The theme id ``name`` at the rows' tier."""
        return f"{name}{self.tier}"

    def focus_label(self, name: str) -> str:
        """A control's row, as the spoken table says it with the control's value."""
        if name.startswith("level:"):
            return self.app.tr(f"table.seat.{int(name[-1]) + 1}")
        return "" if name in ("back", "start") else self.app.tr(f"settings.{name}")

    def help_font_size(self) -> int:
        return max(12, int(15 * scale_for(self.app.size)))

    def level_help(self) -> str:
        """What each computer level in use does, in words a newcomer can read."""
        levels = dict.fromkeys(seat_levels(self.app.settings.level))
        return "  ".join(self.app.tr(f"settings.level_help.{lv}") for lv in levels)

    # ------------------------------------------------------------------ choices
    def choices(self, name: str) -> list[tuple[str, Any]]:
        """(shown text, value) pairs for a choice row, the current value always included."""
        tr, st = self.app.tr, self.app.settings
        if name == "language":
            return [(text, code) for code, text in LANGUAGE_NAMES.items()]
        if name == "ruleset":
            return [(tr(f"ruleset.{key}"), key) for key in RULESETS]
        if name == "target":
            ruleset = get_ruleset(st.ruleset)
            if ruleset.free_target:
                values = sorted(set(TARGETS) | {st.target})
            else:  # the seed's targets only (one in most rulesets)
                values = list(ruleset.target_choices or (ruleset.target,))
            return [(tr("settings.points", n=v), v) for v in values]
        if name == "level":
            return [(tr(f"level.{v}"), v) for v in LEVELS]
        if name == "animation_speed":
            speeds = sorted(set(SPEEDS) | {st.animation_speed})
            return ([(tr("speed.off"), NO_MOTION)]
                    + [(self._speed_text(v), v) for v in speeds])
        if name == "spoken_table":
            return [(tr(f"settings.spoken_{v}"), v) for v in SPOKEN_TABLE]
        if name == "text_size":
            return [(self._text_size_text(v), v) for v in TEXT_SIZES]
        if name == "window_size":
            shown = self.shown_window_size()
            # Only the sizes the window opens at on this desktop (and the size it has).
            desktop = self.app.desktop_size()
            sizes = [v for v in sorted(set(WINDOW_SIZES) | {shown})
                     if v == shown or (v[0] >= MIN_WINDOW[0] and v[1] >= MIN_WINDOW[1]
                                       and fits_desktop(v, desktop))]
            return [(_size_text(v), v) for v in sizes]
        raise KeyError(name)

    def shown_window_size(self) -> tuple[int, int]:
        """The window's real size (``--size``, a desktop too small for the saved size, a
        window manager's choice), not only what the settings ask for; in full screen, the
        size the window gets back."""
        st = self.app.settings
        w, h = st.window_size if st.fullscreen else self.app.size
        return (int(w), int(h))

    def _text_size_text(self, v: int) -> str:
        """The size's text ("150 %"), with the size drawn where the window has room for
        less ("200 % (150 % in this window)")."""
        shown = round(textsize.factor_for(v, self.app.size) * 100)
        if shown == v:
            return self.app.tr("settings.text_size_value", n=v)
        return self.app.tr("settings.text_size_less", n=v, shown=shown)

    def _speed_text(self, v: float) -> str:
        names = {0.5: "slow", 1.0: "normal", 1.5: "quick", 2.0: "fast", 4.0: "very_fast"}
        label = self.app.tr(f"speed.{names[v]}") if v in names else ""
        return f"{label} (×{v:g})" if label else f"×{v:g}"

    # ------------------------------------------------------------------ layout
    def fit_help(self, width: int, room: int) -> tuple[pygame.font.Font, list[str]]:
        """The description cut into lines of ``width``, in the scene's help font or, when
        that takes more than ``room`` pixels of height, a smaller one: always whole."""
        size = self.help_font_size()
        while True:
            font = self.app.art.font(size)
            lines = wrap(font, self.level_help(), width)
            if size <= MIN_HELP_FONT or len(lines) * font.get_linesize() <= room:
                return font, lines
            size -= 1

    def columns(self) -> int:
        """Two columns of rows for the settings (seventeen rows are taller than a 600 px
        window, and than any window at a large text size), one for a short dialog."""
        return 2 if len(self.rows) > 8 else 1

    def panel_least(self) -> int:
        """The least width of a one-column panel, for what its subclass puts at its foot."""
        return 0

    def natural_tier(self) -> str:
        """The theme ids' tier the window's size gives the rows (``oid``)."""
        s = scale_for(self.app.size)
        return "_large" if s >= LARGE_SCALE else "_small" if s < SMALL_SCALE else ""

    def tiers(self) -> list[str]:
        """The tiers the rows may be drawn at, largest first: the window's own and, where
        the text size has grown it, the smaller ones whose text is still no smaller than
        the window's own at 100 % (a panel short of room draws its text smaller, never
        under its 100 % size)."""
        natural = self.natural_tier()
        order = list(TIER_PX)
        least = TIER_PX[natural][1]
        return [t for t in order[order.index(natural):]
                if t == natural or textsize.px(TIER_PX[t][1]) >= least]

    def control_least(self, tier: str) -> int:
        """The least height of a control: its text (the theme's size, at the text size)
        and the control's border and shadow."""
        return round(textsize.px(TIER_PX[tier][1]) * 1.2) + 8

    def row_least(self, tier: str) -> int:
        """The least height of a row: its control and the gap to the next one."""
        return max(MIN_ROW, self.control_least(tier) + max(4, int(8 * scale_for(self.app.size))))

    def row_label(self, name: str, kind: str, stacked: bool) -> str:
        """A row's label: beside its control, the levels' names the seats."""
        tr = self.app.tr
        if kind == "levels" and not stacked:
            return tr("settings.levels", **{k: tr(f"table.seat.{n}")
                                             for k, n in (("a", 1), ("b", 2), ("c", 3))})
        return tr(f"settings.{name}")

    def plan(self) -> _Plan:
        """The rows' tier, whether each label stands over its control, and the panel's
        heights: the first (largest text, labels beside their controls where one column
        allows it) whose labels fit their width and whose rows and description fit the
        window's height; the last tried when none does."""
        w, h = self.app.size
        s = scale_for((w, h))
        small = s < SMALL_SCALE
        foot = 32 if small else 40
        margin = 10 if small else 20  # between the panel and the window's edge
        back_h = max(int(48 * s), self.control_least(self.natural_tier()) + 10)
        cols = self.columns()
        per_col = -(-len(self.rows) // cols)
        if cols == 1:
            panel_w = min(max(int(780 * s), 660, self.panel_least()), w - 2 * margin)
        else:
            panel_w = min(max(int(1240 * s), 900), w - 2 * margin)
        pad = int(28 * s)
        col_w = (panel_w - 2 * pad - (cols - 1) * pad) // cols
        natural = TIER_PX[self.natural_tier()][0]
        plan = None
        for tier in self.tiers():
            label_px = TIER_PX[tier][0]
            # The title drawn smaller with the rows, never under its 100 % size.
            title_px = max(32 * s / textsize.factor(), 32 * s * label_px / natural)
            title_line = self.app.art.font(int(title_px), bold=True).get_linesize()
            title_h = title_line + 8 if small else max(int(64 * s), title_line + 12)
            font = self.app.art.font(label_px)
            # Two columns: each label over its control (beside it, a column is too narrow
            # for the longer labels, in French above all); one column: beside it where
            # every label fits.
            for stacked in (True,) if cols > 1 else (False, True):
                label_h = font.get_linesize() if stacked else 0
                label_w = col_w if stacked else int(col_w * 0.48)
                least = self.row_least(tier) + label_h
                room = h - 2 * margin - title_h - back_h - foot - least * per_col
                help_font, help_lines = self.fit_help(panel_w - 2 * pad, room)
                help_h = len(help_lines) * help_font.get_linesize() + 4
                reach = _levels_reach(s) + max(3, int(6 * s))
                wide = any(font.size(self.row_label(n, k, stacked))[0]
                           > label_w - (reach if k == "levels" and not stacked else 0)
                           for n, k in self.rows)
                plan = _Plan(tier, stacked, int(title_px), title_h, label_h, label_w, least,
                             help_font, help_lines, help_h, back_h, foot, margin, panel_w,
                             pad, col_w, per_col)
                if not wide and help_h - 4 <= room:
                    return plan
        assert plan is not None
        return plan

    def build(self) -> None:
        w, h = self.app.size
        s = scale_for((w, h))
        tr, ui, st = self.app.tr, self.app.ui, self.app.settings
        p = self.plan()
        self.tier, self.title_px, title_h = p.tier, p.title_px, p.title_h
        self.title_h = title_h
        back_h, foot, stacked, label_h = p.back_h, p.foot, p.stacked, p.label_h
        panel_w, pad, col_w, per_col, least = p.panel_w, p.pad, p.col_w, p.per_col, p.least
        gap_x = pad  # between the two columns
        self.help_font_used, self.help_lines = p.help_font, p.help_lines
        help_h = p.help_h
        row_h = max(least, min(max(int(46 * s), least),
                               (h - 2 * p.margin - title_h - back_h - help_h - foot) // per_col))
        panel_h = title_h + row_h * per_col + help_h + back_h + foot
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (w // 2, h // 2)
        label_w = p.label_w
        self.controls = {}
        self.focus.begin()
        for i, (name, kind) in enumerate(self.rows):
            col, line = divmod(i, per_col)
            left = self.panel.left + pad + col * (col_w + gap_x)
            y = self.panel.top + title_h + line * row_h
            ctrl_x = left if stacked else left + label_w
            ctrl_w = left + col_w - ctrl_x
            ch = row_h - label_h - max(4, int(8 * s))
            label = self.row_label(name, kind, stacked)
            label_rect = pygame.Rect(left, y, label_w, label_h or ch)
            y += label_h  # the control's top
            if kind == "levels" and not stacked:
                label_rect.w -= _levels_reach(s) + max(3, int(6 * s))
            self.add(
                pygame_gui.elements.UILabel(
                    label_rect, label, ui,
                    object_id=self.oid("#setting_label"),
                )
            )
            rect = pygame.Rect(ctrl_x, y, ctrl_w, ch)
            value = getattr(st, name)
            if name == "target":  # what a new match of the chosen ruleset plays to
                value = match_target(get_ruleset(st.ruleset), st.target)
            if name == "window_size":
                value = self.shown_window_size()
            if name == "animation_speed" and not st.animations:
                value = NO_MOTION
            if kind == "levels":
                self._level_controls(rect, s, reach=0 if stacked else _levels_reach(s))
                continue
            control: UIElement
            if kind == "choice":
                options = self.choices(name)
                current = next((o for o in options if o[1] == value), options[0])
                up = line >= per_col // 2 and per_col > 4
                control = pygame_gui.elements.UIDropDownMenu(
                    [text for text, _ in options],
                    current[0],
                    rect,
                    ui,
                    object_id=ObjectID(object_id=self.oid("#control"),
                                       class_id="@drop_up" if up else "@drop_down"),
                )
                # pygame_gui's elements declare no attribute of ours: the row's values, kept
                # on the menu that shows their texts.
                control.beloz_values = dict(options)  # type: ignore[attr-defined]
                if name == "window_size" and st.fullscreen:
                    control.disable()
                if name in ("ruleset", "target") and len(options) < 2:
                    control.disable()
            elif kind == "toggle":
                control = pygame_gui.elements.UIButton(
                    rect, tr("settings.on") if value else tr("settings.off"), ui,
                    object_id=self.oid("#control"),
                )
                if value:
                    control.select()
            else:  # the volume slider, with its value beside it
                # "100 %" whole in the value's font
                value_w = max(58, int(64 * s), self.app.art.font(17 * s).size("100 %")[0] + 12)
                control = pygame_gui.elements.UIHorizontalSlider(
                    pygame.Rect(ctrl_x, y, ctrl_w - value_w - 8, ch),
                    round(value * VOLUME_STEPS),
                    (0, VOLUME_STEPS),
                    ui,
                    click_increment=1,
                )
                self.value_label = self.add(
                    pygame_gui.elements.UILabel(
                        pygame.Rect(ctrl_x + ctrl_w - value_w, y, value_w, ch),
                        tr("settings.volume_value", n=round(value * 100)),
                        ui,
                        object_id=self.oid("#value_label"),
                    )
                )
                if not st.sound:
                    control.disable()
            self.controls[name] = self.focus.add(name, self.add(control))
        y = self.panel.top + title_h + per_col * row_h
        self.help_rect = pygame.Rect(self.panel.left + pad, y + 2, panel_w - 2 * pad, help_h)
        self.back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.panel.centerx - int(120 * s * textsize.factor()),
                            self.panel.bottom - back_h - foot * 2 // 5,
                            int(240 * s * textsize.factor()), back_h),
                tr("common.back"),
                ui,
                object_id=oid(self.app, "#back_button"),
            )
        )
        self.focus.add("back", self.back)

    def _level_controls(self, rect: pygame.Rect, s: float, reach: int) -> None:
        """Three small buttons, one per computer seat (in the label's order); a click
        gives that seat the next level.  Each has the seat's name as its tip, above it:
        below, it would cover the levels' description."""
        tr, ui = self.app.tr, self.app.ui
        levels = seat_levels(self.app.settings.level)
        gap = max(3, int(6 * s))
        rect = pygame.Rect(rect.x - reach, rect.y, rect.w + reach, rect.h)
        w = (rect.width - 2 * gap) // 3
        for i, seat in enumerate((1, 2, 3)):
            role = tr("settings.partner") if seat == 2 else tr("settings.opponent")
            control = self.level_button(
                pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.height),
                tr(f"level.{levels[i]}"),
                ui,
                tool_tip_text=f"{tr(f'table.seat.{seat}')} ({role})",
                object_id=self.oid("#control"),
            )
            self.controls[f"level:{i}"] = self.focus.add(f"level:{i}", self.add(control))

    def set_seat_level(self, index: int, level: str) -> None:
        """Change the level of one computer seat (0: seat 1, 1: the partner, 2: seat 3)."""
        levels = list(seat_levels(self.app.settings.level))
        levels[index] = level
        self.set("level", level_value(levels))

    # ------------------------------------------------------------------ events
    def set(self, name: str, value: Any) -> None:
        """Change one setting: saved and applied at once.  The speed list's "No motion"
        turns the animations off; a speed turns them on at that speed (kept while off:
        it is the pace of the pauses)."""
        changes = {name: value}
        if name == "animation_speed":
            changes = ({"animations": False} if value == NO_MOTION
                       else {"animations": True, "animation_speed": value})
        if all(getattr(self.app.settings, k) == v for k, v in changes.items()):
            return
        try:
            new = self.app.settings.replace(**changes)
        except ValueError as err:
            self.app.notify(str(err))
            return
        self.app.apply_settings(new)
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_event(event):  # before Esc: Esc closes an open list first
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return True
            for name, control in self.controls.items():
                if event.ui_element is control and name.startswith("level:"):
                    index = int(name[-1])
                    level = seat_levels(self.app.settings.level)[index]
                    self.set_seat_level(index, LEVELS[(LEVELS.index(level) + 1) % len(LEVELS)])
                    return True
                if event.ui_element is control:
                    self.set(name, not getattr(self.app.settings, name))
                    return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, control in self.controls.items():
                if event.ui_element is control:
                    values = control.beloz_values
                    if event.text in values:
                        self.set(name, values[event.text])
                    return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.controls.get("volume"):
                volume = round(event.value / VOLUME_STEPS, 2)
                if self.value_label is not None:
                    self.value_label.set_text(
                        self.app.tr("settings.volume_value", n=round(volume * 100)))
                if self.app.settings.volume != volume:
                    self.app.apply_settings(self.app.settings.replace(volume=volume))
                    self.app.sounds.play("play")
                return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app)
        draw_panel(surface, self.panel)
        title = text_with_shadow(self.app.art.font(self.title_px, bold=True),
                                 self.app.tr(self.title_key), GOLD)
        surface.blit(title, title.get_rect(center=(self.panel.centerx,
                                                   self.panel.top + self.title_h // 2 + 2)))
        # What the computer levels in use do, in lines a newcomer can read: every line.
        font = self.help_font_used
        y = self.help_rect.top
        for line in self.help_lines:
            surface.blit(font.render(line, True, SAND), (self.help_rect.left, y))
            y += font.get_linesize()
