"""Keyboard focus for the screens made of pygame_gui elements (pygame_gui 0.6.14 has none):
one ``Focus`` per scene, the one place that moves, shows and uses it.

A scene registers its controls in reading order as it builds them (``begin`` then ``add``,
each by a name: the focus stays on the same control when the scene builds its elements
again after a change, a resize or a new language) and passes its events to
``handle_event`` before its own keys.  The keys:

- Tab / Shift-Tab: the next / previous control (round the end); Left / Right: the nearest
  control on the same row, else the next / previous one (so that they go through them all);
  Up / Down: the nearest control of the next row that way, round the end (``toward``);
- Enter, Space: the focused control acts as a click makes it act (its press goes through
  pygame_gui and the scene at once, as a click's does): a button is pressed, a drop-down
  opens its list; in an open list the arrows move through its choices, Enter or Space
  picks one, Esc or Tab closes it; on a slider Left and Right move it a step.

Esc is left to the scene (back one level).  The mouse is untouched: a click does what it
did and does not move the focus.  The window draws the ring over everything
(``App.draw`` calls ``draw``), and only when it draws a frame anyway: the ring never makes
a still screen draw again.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

#: The ring: a bright sky-blue band between two dark edges, seen on the sand buttons and
#: the dark panels and table alike, and a colour no control of the theme wears (a toggle
#: that is on has a cream border: a cream ring read as "on").
LIGHT = (92, 200, 255)
DARK = (10, 8, 20)
#: ``begin(default=FIRST)``: the first control has the focus until a key moves it.
FIRST = "\x00first"

ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def usable(element: Any) -> bool:
    """Shown, alive and enabled: a control the keys may reach."""
    return bool(element.alive() and element.visible and element.is_enabled)


def is_open(element: Any) -> bool:
    """Whether ``element`` is a drop-down whose list of choices is open."""
    states: dict[str, Any] = getattr(element, "menu_states", None) or {}
    return bool(states) and element.current_state is states.get("expanded")


def choices(element: Any) -> list[Any]:
    """The buttons of an open drop-down's choices, top to bottom (None for one scrolled
    out of sight)."""
    listing = getattr(element.current_state, "options_selection_list", None)
    if listing is None or not listing.alive():
        return []
    return [item.get("button_element") for item in listing.item_list]


class Focus:
    """Which of a scene's controls the keys act on, and its ring.

    ``scene`` is the scene that owns the controls: a control's press is given to it (after
    pygame_gui) as a click's is."""

    def __init__(self, scene: Any, *, arrows: bool = True) -> None:
        self.scene = scene
        #: False: the scene keeps the arrows for itself (a page's scroll, a view's step).
        self.arrows = arrows
        self.entries: list[tuple[str, Any]] = []
        self.name: str | None = None  # the focused control, once a key chose it
        self.default: str | None = FIRST
        self.hidden = False  # ``blur``: no control has the focus (the ring not drawn)
        self.option: int | None = None  # the choice highlighted in an open drop-down

    # -- the controls -------------------------------------------------------------------

    def begin(self, default: str | None = FIRST) -> None:
        """The scene builds its controls again: forget the old ones.  ``default`` has the
        focus while no key has chosen (``FIRST``: the first control; None: none, until
        a key gives it)."""
        self.entries = []
        self.default = default
        self.option = None
        if default is not None:
            self.hidden = False  # a default offered is shown, after a ``blur`` too

    def add(self, name: str, element: Any) -> Any:
        """``element`` reachable by the keys, after the ones added before it."""
        self.entries = [(n, e) for n, e in self.entries if n != name]
        self.entries.append((name, element))
        return element

    def reachable(self) -> list[tuple[str, Any]]:
        return [(n, e) for n, e in self.entries if usable(e)]

    def current(self) -> tuple[str, Any] | None:
        """The focused control (its name and element), or None: the one a key chose; when
        none did, or it has gone (a question answered) or is disabled, the default."""
        if self.hidden:
            return None
        live = self.reachable()
        names = [n for n, _ in live]
        for wanted in (self.name, self.default):
            if wanted in names:
                return live[names.index(wanted)]
        if self.default is None or not live:
            return None
        return live[0]

    @property
    def element(self) -> Any:
        entry = self.current()
        return None if entry is None else entry[1]

    @property
    def focused(self) -> str | None:
        entry = self.current()
        return None if entry is None else entry[0]

    def focus(self, name: str) -> None:
        """Give the focus to the control ``name``."""
        self.name, self.hidden, self.option = name, False, None

    def forget(self) -> None:
        """The keys' choice forgotten: the default has the focus (a new question, whose
        default is its own)."""
        self.name, self.hidden, self.option = None, False, None

    def blur(self) -> None:
        """No control has the focus (the scene's own selection, a card, has it)."""
        self._close_lists()
        self.hidden, self.option = True, None

    # -- moving -------------------------------------------------------------------------

    def move(self, step: int) -> bool:
        """The next (``step`` 1) or previous (-1) control, round the end."""
        live = self.reachable()
        if not live:
            return False
        self._close_lists()
        entry = self.current()
        if entry is None:
            self.focus((live[0] if step > 0 else live[-1])[0])
            return True
        names = [n for n, _ in live]
        i = names.index(entry[0])
        self.focus(names[(i + step) % len(names)])
        return True

    def toward(self, dx: int, dy: int) -> bool:
        """The arrows, over the controls' rows (a form's label rows, a row of level
        buttons): Left / Right the nearest control on the same row, else the next or
        previous one in reading order (round the end, so that they go through every
        control); Up / Down the nearest control of the nearest row that way, else of the
        row at the other end (round the end)."""
        entry = self.current()
        if entry is None:
            return self.move(1 if dx + dy > 0 else -1)
        here = entry[1].rect
        others = [(n, pygame.Rect(e.rect)) for n, e in self.reachable() if e is not entry[1]]
        if dx:
            row = [(abs(r.centerx - here.centerx), n) for n, r in others
                   if _same_row(r, here) and (r.centerx - here.centerx) * dx > 2]
            if not row:
                return self.move(dx)
            self._close_lists()
            self.focus(min(row)[1])
            return True
        rows = [(n, r) for n, r in others if not _same_row(r, here)]
        ahead = [(n, r) for n, r in rows if (r.centery - here.centery) * dy > 2]
        if ahead:  # the nearest row that way
            first = min(ahead, key=lambda nr: abs(nr[1].centery - here.centery))[1]
        elif rows:  # round the end: the row farthest the other way
            first = max(rows, key=lambda nr: (nr[1].centery - here.centery) * -dy)[1]
        else:
            return self.move(dy)
        line = [(abs(r.centerx - here.centerx), n) for n, r in rows if _same_row(r, first)]
        self._close_lists()
        self.focus(min(line)[1])
        return True

    def _close_lists(self) -> None:
        for _, element in self.entries:
            if element.alive() and is_open(element):
                element.current_state.should_transition = True
        self.option = None

    # -- acting -------------------------------------------------------------------------

    def press(self, button: Any) -> None:
        """``button`` pressed as a click presses it: pygame_gui first (a drop-down's or a
        slider's own buttons), then, if no element took it, the scene."""
        event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": button, "ui_object_id": button.most_specific_combined_id,
            "mouse_button": 1})
        ui = getattr(getattr(self.scene, "app", None), "ui", None)
        if ui is not None and ui.process_events(event):
            return
        self.scene.handle_event(event)

    def activate(self) -> bool:
        """Enter or Space on the focused control."""
        element = self.element
        if element is None:
            return False
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            if element.current_state is not None:
                element.current_state.should_transition = True  # opens at the next frame
            self.option = None
            return True
        if isinstance(element, pygame_gui.elements.UIButton):
            self.press(element)
            return True
        return False

    def _in_list(self, element: Any, key: int) -> bool:
        """A key while ``element``'s list of choices is open."""
        buttons = choices(element)
        if key == pygame.K_ESCAPE:
            self._close_lists()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and buttons:
            if self.option is None:
                texts = [b.text if b is not None else None for b in buttons]
                shown = element.selected_option[0]
                self.option = texts.index(shown) if shown in texts else 0
            step = 1 if key == pygame.K_DOWN else -1
            self.option = max(0, min(len(buttons) - 1, self.option + step))
            return True
        if key in ACTIVATE:
            chosen = None if self.option is None else buttons[self.option]
            if chosen is None or chosen.text == element.selected_option[0]:
                self._close_lists()
            else:
                self.press(chosen)
                self.option = None
            return True
        return key in (pygame.K_LEFT, pygame.K_RIGHT)

    def spoken(self) -> str:
        """The focused control as the spoken table says it: its label (a button's text,
        or the scene's name for the control: ``focus_label``) and its value (a list's
        choice, the choice highlighted in its open list, a slider's value)."""
        entry = self.current()
        if entry is None:
            return ""
        name, element = entry
        value = ""
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            buttons = choices(element) if is_open(element) else []
            shown = (buttons[self.option] if self.option is not None
                     and self.option < len(buttons) else None)
            value = shown.text if shown is not None else str(element.selected_option[0])
        elif isinstance(element, pygame_gui.elements.UIHorizontalSlider):
            value = str(element.get_current_value())
        else:
            value = str(getattr(element, "text", ""))
        value = value.strip("◀▶‹› ")  # a selector's or a page button's arrows: not words
        label = getattr(self.scene, "focus_label", lambda n: None)(name)
        if not label or label == value:
            return value
        tr = getattr(getattr(self.scene, "app", None), "tr", None)
        return tr("speech.focus", label=label, value=value) if tr else f"{label}: {value}"

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key the focus uses (True: taken); every other event is left to the scene.
        What it brought into focus, or changed there, the window says (the spoken table:
        ``speech.Screens`` asks ``spoken`` each frame)."""
        if event.type != pygame.KEYDOWN:
            return False
        return self._on_key(event)

    def _on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        opened = next((e for _, e in self.entries if e.alive() and is_open(e)), None)
        if opened is not None and key != pygame.K_TAB:
            name = next(n for n, e in self.entries if e is opened)
            if self.focused != name:
                self.name, self.hidden = name, False  # a list the mouse opened
            return self._in_list(opened, key)
        if key == pygame.K_TAB:
            return self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        element = self.element
        if (key in (pygame.K_LEFT, pygame.K_RIGHT)
                and isinstance(element, pygame_gui.elements.UIHorizontalSlider)):
            arrow = element.left_button if key == pygame.K_LEFT else element.right_button
            if arrow is not None:
                self.press(arrow)
            else:  # a slider drawn without its arrows: moved and told as they would
                step = element.increment if key == pygame.K_RIGHT else -element.increment
                element.set_current_value(element.get_current_value() + step, False)
                self.scene.handle_event(pygame.event.Event(
                    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                    {"value": element.current_value, "ui_element": element,
                     "ui_object_id": element.most_specific_combined_id}))
            return True
        if key in ARROWS and self.arrows:
            return self.toward(*ARROWS[key])
        if key in ACTIVATE:
            return self.activate()
        return False

    # -- the ring -----------------------------------------------------------------------

    def option_rect(self) -> pygame.Rect | None:
        """The highlighted choice of the focused control's open list, or None."""
        element = self.element
        if element is None or not is_open(element) or self.option is None:
            return None
        buttons = choices(element)
        if self.option < len(buttons) and buttons[self.option] is not None:
            return pygame.Rect(buttons[self.option].rect)
        return None

    def ring_rect(self) -> pygame.Rect | None:
        """What the ring goes round: the focused control, or the highlighted choice of its
        open list."""
        element = self.element
        if element is None:
            return None
        return self.option_rect() or pygame.Rect(element.rect)

    def draw(self, surface: pygame.Surface) -> None:
        option = self.option_rect()
        if option is not None:  # the choices touch: a thin ring, their words left whole
            draw_ring(surface, option, thin=True)
            return
        rect = self.ring_rect()
        if rect is not None:
            others = [pygame.Rect(e.rect) for _, e in self.reachable()
                      if e is not self.element]
            draw_ring(surface, rect, others, clear=self._label_inks())

    def _label_inks(self) -> list[pygame.Rect]:
        """Where the scene's labels (Settings' and the new game's, each just over its
        control) have letters: the ring keeps off them."""
        out = []
        for element in getattr(self.scene, "elements", []):
            if isinstance(element, pygame_gui.elements.UILabel) and element.visible:
                ink = element.image.get_bounding_rect() if element.image else None
                if ink:
                    out.append(ink.move(element.rect.topleft))
        return out


def draw_ring(surface: pygame.Surface, rect: pygame.Rect,
              others: list[pygame.Rect] | None = None, thin: bool = False,
              clear: list[pygame.Rect] | None = None) -> None:
    """The focus ring round ``rect``: a light band between two dark edges, outside the
    rect where the neighbouring ``others`` leave room, over its edge where they do not;
    ``thin``: a narrow one just outside (a choice in a list, between its neighbours);
    ``clear``: texts (a control's label) that the ring keeps off on their side only."""
    w, h = surface.get_size()
    scale = max(0.75, min(1.6, min(w / 1280, h / 800)))
    if thin:
        outer = rect.inflate(4, 4)
        pygame.draw.rect(surface, DARK, outer, 4, border_radius=4)
        pygame.draw.rect(surface, LIGHT, outer.inflate(-2, -2), 2, border_radius=3)
        return
    band = max(3, round(4 * scale))
    width = band + 4  # dark 2, light ``band``, dark 2
    room = width
    for other in others or []:
        gap = _gap(rect, other)
        if gap is not None:
            room = min(room, max(2, gap - 1))
    sides = [room] * 4  # left, top, right, bottom
    for text in clear or []:
        side = _side(rect, text)
        if side is not None:
            sides[side[0]] = min(sides[side[0]], max(2, side[1] - 1))
    left, top, right, bottom = sides
    outer = pygame.Rect(rect.left - left, rect.top - top, rect.w + left + right,
                        rect.h + top + bottom)
    room = min(sides)
    radius = max(6, round(8 * scale))
    pygame.draw.rect(surface, DARK, outer, width, border_radius=radius + room)
    pygame.draw.rect(surface, LIGHT, outer.inflate(-4, -4), band,
                     border_radius=max(1, radius + room - 2))


def _gap(a: pygame.Rect, b: pygame.Rect) -> int | None:
    """The free space between two rects side by side or one above the other, or None when
    neither (nothing to share)."""
    if a.colliderect(b):
        return None
    if a.right <= b.left or b.right <= a.left:
        if a.bottom > b.top and b.bottom > a.top:
            return max(b.left - a.right, a.left - b.right)
        return None
    return max(b.top - a.bottom, a.top - b.bottom)


def _side(rect: pygame.Rect, other: pygame.Rect) -> tuple[int, int] | None:
    """Which side of ``rect`` ``other`` lies on (0 left, 1 above, 2 right, 3 below) and
    the free space between them; None when they overlap or lie corner to corner."""
    if rect.colliderect(other):
        return None
    if other.bottom > rect.top and rect.bottom > other.top:  # side by side
        return (0, rect.left - other.right) if other.right <= rect.left else (
            2, other.left - rect.right)
    if other.right > rect.left and rect.right > other.left:  # one over the other
        return (1, rect.top - other.bottom) if other.bottom <= rect.top else (
            3, other.top - rect.bottom)
    return None


def _same_row(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Whether two controls stand on one row: they share more than half the height of the
    lower one."""
    return min(a.bottom, b.bottom) - max(a.top, b.top) > min(a.h, b.h) / 2
