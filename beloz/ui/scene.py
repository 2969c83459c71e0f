"""The scene contract shared by every screen of the game window.

A scene has a clear lifecycle (after Tuxemon's states): ``enter`` when it becomes the top
of the stack, ``pause`` / ``resume`` when another scene covers it or leaves, ``exit`` when
it is removed.  ``update(dt)`` advances time-based animation and game flow; ``draw`` only
draws and never changes game state; ``needs_redraw`` lets a still scene skip its drawing.

The application object (``beloz.ui.app.App``; scenes are typed against the protocol
``beloz.ui.app_protocol.App``, which lists the same) gives every scene:

- ``app.screen``: the display surface; ``app.size``: its (width, height)
- ``app.settings``: the current ``beloz.settings.Settings``; ``app.apply_settings(new)``
  saves and applies them at once (language, sound, window size, fullscreen...)
- ``app.art``: ``beloz.ui.assets.CardArt``; ``app.sounds``: ``beloz.ui.assets.Sounds``
- ``app.ui``: the ``pygame_gui.UIManager`` (scenes own and kill their own elements)
- ``app.tr(key, **kw)``: the translated string (``beloz.i18n``)
- ``app.push(scene)``, ``app.pop()``, ``app.replace(scene)``: the scene stack
- ``app.notify(text)``: a transient message to the player (errors, saves)
- ``app.fast``: headless fast mode (animations finish at once, computer players too)
- ``app.quit()``
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beloz.ui.app_protocol import App

if TYPE_CHECKING:
    import pygame


class Scene:
    """Base class: override what the scene needs."""

    #: A scene that covers only part of the screen (a pause overlay) lets the one below draw.
    transparent = False
    #: The screen's title (an i18n key), said by the spoken table when the screen opens.
    title_key: str | None = None

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene: build widgets, start flows."""

    def exit(self) -> None:
        """Removed from the stack: kill widgets, stop workers."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again (card size follows the window)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes game state."""

    def spoken_title(self) -> str:
        """What the spoken table says first when this screen opens (or comes back): its
        title, and what else a person must hear before choosing (a dialog's question)."""
        return self.app.tr(self.title_key) if self.title_key else ""

    def spoken_news(self) -> str:
        """What the screen tells beyond its controls and changes by itself (a lesson's
        task and its coach's verdict): said after the title, and again when it changes."""
        return ""

    def spoken_focus(self) -> str:
        """What has the keys' focus, as the spoken table says it (``beloz.ui.focus``); said
        after the title when the screen opens, and again each time it changes."""
        focus = getattr(self, "focus", None)
        spoken = getattr(focus, "spoken", None)
        return spoken() if callable(spoken) else ""

    def needs_redraw(self) -> bool:
        """Asked once a frame after ``update``: whether anything drawn changed since the
        last time it was asked.  A scene that cannot tell says True (drawn every frame); the
        window draws anyway after an event, a resize or a change of scene."""
        return True
