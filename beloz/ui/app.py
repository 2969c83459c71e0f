"""The game window: display, clock, scene stack, pygame_gui manager, toasts, AI worker.

The loop is time-based: every frame measures ``dt`` and hands it to the top scene, so
animations run at the same speed whatever the frame rate.  Only the top scene receives
events and updates; scenes below a transparent one (the pause overlay) are still drawn.

Keys handled here for every scene: F11 toggles fullscreen; Esc, when the top scene does not
use it and is ``pausable``, opens the pause overlay.
"""

from __future__ import annotations

import collections
import logging
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from beloz import i18n
from beloz.desktop import name_the_window
from beloz.settings import Settings, load_settings, save_settings
from beloz.ui import colours, textsize
from beloz.ui.assets import CardArt, Sounds, asset_path
from beloz.ui.scene import Scene
from beloz.ui.speech import Screens, Speech, screen_reader_running, unavailable_notice
from beloz.ui.splash import show_splash
from beloz.ui.widgets import CREAM, SAND, wrap
from beloz.ui.worker import Worker

log = logging.getLogger(__name__)

MIN_SIZE = (960, 600)
FPS = 60
# While nothing on screen changes the window polls events and the worker at this rate and
# skips drawing: a table waiting for the player costs a few percent of a core, not 40%.
IDLE_FPS = 30
# After an event the window draws every frame for this long (buttons light up under the
# mouse, a lifted card settles), whatever the scene says.
LIVELY_SECONDS = 0.5
TOAST_SECONDS = 4.0
THEME_PATH = asset_path("theme.json")


@dataclass
class Toast:
    text: str
    left: float
    total: float
    #: Stays until the person clicks it (a save or a count that failed: said once).
    sticky: bool = False
    rect: pygame.Rect | None = None  # where it was last drawn


class App:
    """See ``beloz.ui.scene`` for what scenes may use."""

    def __init__(
        self,
        *,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        fast: bool = False,
        settings: Settings | None = None,
        save: bool = True,
    ) -> None:
        name_the_window()  # before the display starts: the desktop matches it to the menu
        pygame.init()
        self.fast = fast
        self.save = save  # False: settings changes are applied but never written (screenshots)
        #: Another BeloZ holds the data folder: this window writes nothing there and offers
        #: no Continue (``beloz.cli.play.without_saving``).
        self.read_only = False
        self.read_only_why: str | None = None  # an i18n key for the menu's footer
        self.seed: int | None = None  # a command line's --seed (practice, screenshots)
        messages: list[str] = []
        if settings is None:
            settings, messages = load_settings()
        if size is not None:
            settings = settings.replace(window_size=_clamp_size(size, MIN_SIZE))
        if fullscreen is not None:
            settings = settings.replace(fullscreen=fullscreen)
        self.settings = settings
        i18n.set_language(settings.language)
        self._requested_size = size
        self.art = CardArt()
        colours.use_distinct(settings.distinct_colours)  # the plains' palette
        # BeloZ from the window's first moment: its title and icon given before it exists
        # (given after, it showed "pygame window" while the rest loaded) and its first frame
        # drawn at once, before pygame_gui, the AI's helper and the menu load (seconds under
        # Wine).  ``opened_at`` / ``splash_at``: time.time() of both (--exit-after-first-frame).
        pygame.display.set_caption("BeloZ")
        self._set_icon()
        self.screen = self._set_mode()
        self.opened_at = time.time()
        self.splash_at = show_splash(self.screen, self.art)
        self.sounds = Sounds(settings.sound, settings.volume)
        # The spoken table's voice (loaded the first time it speaks) and whether it speaks.
        # A fast window (tests, screenshots) asks no screen reader: "auto" stays silent.
        self.speech = Speech(settings.spoken_table,
                             detect=None if fast else screen_reader_running,
                             tell=lambda text: self.notify(text, seconds=None),
                             unavailable=lambda why, where: unavailable_notice(self.tr, why,
                                                                               where))
        self.screens = Screens()  # each screen's title and focus, said as it opens
        textsize.use(settings.text_size, self.size)  # before the theme: its font sizes
        self.ui = self._make_ui(self.size)
        self.worker = Worker(fast=fast)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.toasts: list[Toast] = []
        #: What the notices that stay said in this session (their texts, and the wide
        #: causes of failures they told of: ``storage.cause_of``): each is said once.
        self._told: set[str] = set()
        self.running = True
        self.frame_times: collections.deque[float] = collections.deque(maxlen=10_000)
        self.idle = False  # the last frame drew nothing: nothing on screen changed
        self.always_draw = False  # draw every frame (the idle bench's comparison)
        self._lively = 0.0  # seconds left of drawing every frame after an event
        self._drawn_for: tuple | None = None  # the scene stack and size last drawn
        self._widgets_seen: tuple = ()  # what pygame_gui showed when last asked
        self._window_size_dirty = False
        # A log that cannot be written (disk full) is told once, in the window, with the
        # notice that stays: it says what else the disk refuses.
        from beloz.crashlog import set_log_failure_notice

        set_log_failure_notice(lambda text: self.notify(text, seconds=None))
        if messages:
            from beloz import storage
            from beloz.settings import settings_path

            for message in messages:  # once a file: its failure may be logged already
                storage.log_failure(settings_path(), "settings: %s", message)
            self.notify(self.tr("notify.settings_reset") + storage.kept_note(settings_path()),
                        seconds=None)

    # ------------------------------------------------------------------ window
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def desktop_size(self) -> tuple[int, int]:
        """The size of the (first) desktop, or 1920 x 1080 when SDL cannot tell."""
        return self._desktop()

    def _desktop(self) -> tuple[int, int]:
        try:
            sizes = pygame.display.get_desktop_sizes()
            if sizes:
                return sizes[0]
        except pygame.error:
            pass
        return (1920, 1080)

    def _window_rect(self) -> pygame.Rect | None:
        """The window's place and size on the desktop, if the platform tells."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                return pygame.Rect(window.position, window.size)
        except Exception:  # noqa: BLE001 -- no window yet, or no positions on this platform
            return None

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(self.art.icon())
        except Exception:  # noqa: BLE001 -- a missing icon is cosmetic
            log.exception("icon")

    def _set_mode(self) -> pygame.Surface:
        if self.settings.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = self.settings.window_size
            if self._requested_size is None:
                w, h = opening_size((w, h), self._desktop())
                self._set_minimum_size()  # else the old minimum holds the window taller
            screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._set_minimum_size()
        return screen

    def _keep_on_screen(self, before: pygame.Rect) -> None:
        """After the window changed size in the settings: it keeps its centre where it was
        (SDL would keep its top-left corner, and a bigger window runs off the screen), then
        moves back inside the desktop when it fits there.  With several screens, whose
        places pygame does not tell, only the centre is kept: the window stays on its
        screen whenever that screen holds it."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                rect = pygame.Rect((0, 0), window.size)
                rect.center = before.center
                if pygame.display.get_num_displays() == 1:
                    rect = inside_desktop(rect, self._desktop())
                window.position = rect.topleft
        except Exception:  # noqa: BLE001 -- a platform without window positions: left alone
            log.debug("window position", exc_info=True)

    def _set_minimum_size(self) -> None:
        # No bigger than the usable desktop: 960 x 600 on a 1024 x 600 netbook is taller.
        minimum = opening_size(MIN_SIZE, self._desktop())
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = minimum
        except Exception:  # noqa: BLE001 -- older SDL: the resize handler clamps instead
            pass

    def _make_ui(self, size: tuple[int, int]) -> pygame_gui.UIManager:
        ui = pygame_gui.UIManager(size, None, starting_language=i18n.get_language())
        ui.add_font_paths(
            "dejavusans",
            str(asset_path("fonts", "DejaVuSans.ttf")),
            str(asset_path("fonts", "DejaVuSans-Bold.ttf")),
        )
        ui.get_theme().load_theme(self._theme(ui))
        return ui

    @staticmethod
    def _theme(ui: pygame_gui.UIManager) -> dict[str, Any]:
        """The game's theme at the text size in use (``textsize.theme``)."""
        # The interface pygame_gui types it with does not declare its default font.
        font = getattr(ui.get_theme().get_font_dictionary(), "default_font", None)
        default = (font.name, font.size) if font is not None else ("noto_sans", 14)
        return textsize.theme(THEME_PATH, default)

    def _on_window_resized(self, size: tuple[int, int]) -> None:
        if not self.settings.fullscreen:
            minimum = opening_size(MIN_SIZE, self._desktop())  # as ``_set_minimum_size``
            if size[0] < minimum[0] or size[1] < minimum[1]:
                # Below the minimum (a window manager that ignores it): grow back.
                size = _clamp_size(size, minimum)
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self._set_minimum_size()
            else:
                surface = pygame.display.get_surface()
                if surface is not None:  # None only before any set_mode
                    self.screen = surface
            if self.size != tuple(self.settings.window_size):
                try:
                    self.settings = self.settings.replace(window_size=self.size)
                    self._window_size_dirty = True
                except ValueError:
                    pass
        self._relayout()

    def _relayout(self) -> None:
        self.ui.set_window_resolution(self.size)
        if textsize.use(self.settings.text_size, self.size):
            # The widgets made from now on take the theme's new font sizes; the scenes
            # below make theirs anew (``resize``).
            self.ui.get_theme().load_theme(self._theme(self.ui))
        for scene in list(self.scenes):
            scene.resize(self.size)

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.replace(fullscreen=not self.settings.fullscreen))

    # ------------------------------------------------------------------ services
    def tr(self, key: str, **kw: Any) -> str:
        return i18n.tr(key, **kw)

    def notify(self, text: str, seconds: float | None = TOAST_SECONDS) -> None:
        """Show a short message over everything for a few seconds; with ``seconds=None``
        until the person clicks it (a file set aside, a failure: what must not go unseen),
        once a session.  A failure whose cause stops every write (a full or read-only disk:
        ``storage.cause_of``) is one notice that stays, whatever file or log told it
        first: on a full disk the log, the save and the statistics fail together."""
        from beloz import storage

        cause = storage.cause_of(text)
        if seconds is None or cause is not None:
            key = f"cause {cause}" if cause is not None else text
            if key in self._told:
                log.debug("said already: %s", text)
                return
            log.info("notify: %s", text)
            self._told.add(key)
            self.toasts.append(Toast(text, 1.0, 1.0, sticky=True))
            self._lively = LIVELY_SECONDS  # drawn at once
            return
        log.info("notify: %s", text)
        self.toasts.append(Toast(text, seconds, seconds))
        passing = [t for t in self.toasts if not t.sticky][-4:]
        self.toasts = [t for t in self.toasts if t.sticky or t in passing]
        self._lively = LIVELY_SECONDS  # drawn at once

    def _dismiss_toast(self, event: pygame.event.Event) -> bool:
        """A click on a notice that stays closes it (and does nothing else)."""
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        for toast in self.toasts:
            if toast.sticky and toast.rect is not None and toast.rect.collidepoint(event.pos):
                self.toasts.remove(toast)
                self._lively = LIVELY_SECONDS
                return True
        return False

    def apply_settings(self, new: Settings) -> None:
        """Save ``new`` (a message if the disk refuses) and apply it at once."""
        old, self.settings = self.settings, new
        if self.save:
            error = save_settings(new)
            if error:
                self.notify(error)
            else:
                self._window_size_dirty = False
        if new.sound != old.sound:
            self.sounds.set_enabled(new.sound)
        if new.spoken_table != old.spoken_table:
            self.speech.set_mode(new.spoken_table)
        if new.volume != old.volume:
            self.sounds.set_volume(new.volume)
        display_changed = new.fullscreen != old.fullscreen or (
            not new.fullscreen and tuple(new.window_size) != tuple(old.window_size)
            and tuple(new.window_size) != self.size
        )
        if display_changed:
            before = self._window_rect()
            # A size from the settings (leaving full screen included) opens as large as the
            # desktop allows (``opening_size``): kept as asked, the saved 1280 x 800 came back
            # taller than a 1280 x 800 screen, its bottom buttons off it.
            self._requested_size = None
            self.screen = self._set_mode()
            if not new.fullscreen and not old.fullscreen and before is not None:
                self._keep_on_screen(before)
            self._relayout()
        if new.text_size != old.text_size and not display_changed:
            self._relayout()  # every screen laid out anew at the new text size
        palette = colours.use_distinct(new.distinct_colours)
        if new.language != old.language or palette:
            # A new language names the cards anew; a new palette draws them anew.
            i18n.set_language(new.language)
            self.ui.set_locale(i18n.get_language())
            for scene in list(self.scenes):
                retranslate = getattr(scene, "retranslate", None)
                if retranslate is not None:
                    retranslate()
                else:
                    scene.resize(self.size)

    # ------------------------------------------------------------------ scene stack
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def to_menu(self) -> None:
        """Leave whatever is open (a match saves itself on exit) and show the main menu."""
        from beloz.ui.scenes.menu import MenuScene

        while self.scenes and not isinstance(self.scenes[-1], MenuScene):
            self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.push(MenuScene(self))

    def open_pause(self) -> None:
        from beloz.ui.scenes.pause import PauseScene

        if not isinstance(self.top, PauseScene):
            self.push(PauseScene(self))

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ the loop
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_window_resized((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self._dismiss_toast(event):
            return
        consumed = self.ui.process_events(event)
        top = self.top
        if top is not None and not consumed:
            consumed = bool(top.handle_event(event))
        if (
            not consumed
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and top is not None
            and getattr(top, "pausable", True)
        ):
            self.open_pause()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        start = time.perf_counter()
        events = pygame.event.get()
        for event in events:
            self.handle_event(event)
            if not self.running:
                break
        dt = min(max(dt, 0.0), 0.25)
        if self.top is not None:
            self.top.update(dt)
        self.ui.update(dt)
        self.screens.update(self.speech, self.top)
        self.speech.poll()
        for toast in self.toasts:
            if not toast.sticky:
                toast.left -= dt
        self.toasts = [t for t in self.toasts if t.left > 0]
        self._lively = LIVELY_SECONDS if events else max(0.0, self._lively - dt)
        if self._must_draw():
            self.draw(self.screen)
            pygame.display.flip()
            self.idle = False
        else:
            self.idle = True
        self.frame_times.append(time.perf_counter() - start)

    def _must_draw(self) -> bool:
        """Whether this frame draws: something changed on screen, or may have."""
        top = self.top
        # Asked every frame: the scene compares with what it last reported.
        changed = top is None or top.needs_redraw()
        widgets = self._widgets_changed()
        stack = (tuple(id(s) for s in self.scenes), self.size)
        if stack != self._drawn_for:  # a scene came or went, the window was resized
            self._drawn_for = stack
            return True
        return (changed or widgets or self.fast or self.always_draw
                or any(not t.sticky for t in self.toasts) or self._lively > 0)

    def _widgets_changed(self) -> bool:
        """Whether pygame_gui shows something new since the last frame: an element came or
        went, moved, or has a new image.  Its elements change without an event of ours (a
        tooltip after the mouse rests, a hover's colour fading, a list opening), and each
        change gives the element a new image, so a still screen need not draw them every
        frame to show them.  The images themselves are kept, not their ids: a freed
        image's id may come back for the next one."""
        look = tuple((s, s.image, tuple(s.rect), s.visible)
                     for s in self.ui.get_sprite_group().sprites())
        if look == self._widgets_seen:
            return False
        self._widgets_seen = look
        return True

    def tick(self) -> float:
        """Wait for the next frame (60 a second, fewer while idle); the seconds since the
        last one."""
        return self.clock.tick(0 if self.fast else IDLE_FPS if self.idle else FPS) / 1000.0

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        if first < 0:
            surface.fill((40, 34, 24))
        for scene in self.scenes[max(first, 0):]:
            scene.draw(surface)
        self.ui.draw_ui(surface)
        focus = getattr(self.top, "focus", None)
        if focus is not None:  # the keys' focus ring, over the widgets (beloz.ui.focus)
            focus.draw(surface)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toasts:
            return
        w, _ = surface.get_size()
        font = self.art.font(max(14, min(22, w // 64)))
        y = 16
        hint = self.tr("files.click_to_close")
        for toast in self.toasts:
            lines = wrap(font, toast.text, int(w * 0.6))
            # A notice that stays says how it goes (its own text is what was logged and,
            # from an autoplay, printed: the same words without the window's click).
            hints = wrap(font, hint, int(w * 0.6)) if toast.sticky else []
            line_h = font.get_linesize()
            box_w = max(font.size(line)[0] for line in lines + hints) + 36
            box = pygame.Rect(0, y, box_w, line_h * len(lines + hints) + 20)
            box.centerx = w // 2
            alpha = 255 if toast.sticky else int(
                255 * min(1.0, toast.left / 0.5, (toast.total - toast.left) / 0.2 + 0.3))
            toast.rect = box
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (36, 29, 20, 235), panel.get_rect(), border_radius=10)
            pygame.draw.rect(panel, (201, 166, 107), panel.get_rect(), 2, border_radius=10)
            for i, line in enumerate(lines + hints):
                text = font.render(line, True, CREAM if i < len(lines) else SAND)
                panel.blit(text, ((box.w - text.get_width()) // 2, 10 + i * line_h))
            panel.set_alpha(max(0, min(255, alpha)))
            surface.blit(panel, box.topleft)
            y = box.bottom + 8

    def run(self, max_frames: int | None = None) -> None:
        """Run until ``quit()`` (or ``max_frames`` frames), then close every scene."""
        frames = 0
        self.running = True
        self.clock.tick()
        while self.running:
            self.step(self.tick())
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break

    def close(self) -> None:
        """Exit every scene (a match in progress saves itself), stop the worker, save the
        window size the player dragged to."""
        while self.scenes:
            self.scenes.pop().exit()
        self.worker.shutdown()
        self.speech.close()
        colours.use_distinct(False)  # the palette is the process's: back to the default
        if self._window_size_dirty and self.save:
            save_settings(self.settings)
            self._window_size_dirty = False

    def screenshot(self, path: str | Path) -> None:
        self.draw(self.screen)
        # Opened by Python, not by name: pygame would write a name that is not valid UTF-8
        # (byte 0xff, kept as a lone surrogate) as another name ("s\udcff.png").
        suffix = Path(path).suffix
        with open(path, "wb") as f:  # the format from the name's ending, as pygame reads it
            pygame.image.save(self.screen, f, "shot" + (suffix if suffix.isascii() else ".png"))


#: Height a window leaves on the desktop for its title bar and the task bar.
DECORATION_ROOM = 80
#: The height of a title bar, kept on the screen above a window when there is room for it.
TITLE_BAR = 32


def opening_size(chosen: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """The window size to open for the size the player chose: that size whenever it fits
    the desktop, that is no wider than it and no higher than it less room for a title bar
    and a task bar (1920 x 1080 on a 1920 x 1200 desktop).  A size that does not fit (saved
    on a bigger screen) opens as large as fits; the settings keep the size chosen."""
    w, h = int(chosen[0]), int(chosen[1])
    return (min(w, max(desktop[0], 640)), min(h, max(desktop[1] - DECORATION_ROOM, 400)))


def fits_desktop(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    """Whether a window of ``size`` opens at that size on this desktop."""
    return opening_size(size, desktop) == (int(size[0]), int(size[1]))


def inside_desktop(rect: pygame.Rect, desktop: tuple[int, int]) -> pygame.Rect:
    """``rect`` moved the least to lie on a desktop of that size, its title bar too when
    there is room; the top-left corner when it is bigger than the desktop."""
    top = min(TITLE_BAR, max(0, desktop[1] - rect.h))
    area = pygame.Rect(0, top, desktop[0], desktop[1] - top)
    if rect.w > area.w or rect.h > area.h:
        return pygame.Rect((0, 0), rect.size)
    return rect.clamp(area)


def _clamp_size(size: tuple[int, int], minimum: tuple[int, int]) -> tuple[int, int]:
    return (max(int(size[0]), minimum[0]), max(int(size[1]), minimum[1]))
