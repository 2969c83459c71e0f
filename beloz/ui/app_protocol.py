"""What a scene may use of the game window: the ``App`` protocol.

``beloz.ui.app.App`` is the window that implements it; tests may hand a scene any object
with the parts it uses (scenes ask for the optional ones with ``getattr``).  Scenes are
typed against this protocol, not against the window's class, so that a scene imports no
display code and the contract stays written in one place (``beloz.ui.scene``'s docstring
says it in words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from beloz.settings import Settings
    from beloz.ui.assets import CardArt, Sounds
    from beloz.ui.scene import Scene
    from beloz.ui.worker import Worker


class App(Protocol):
    """The game window as the scenes see it."""

    #: Headless fast mode: animations finish at once, computer players answer at once.
    fast: bool
    settings: Settings
    screen: pygame.Surface
    art: CardArt
    sounds: Sounds
    ui: pygame_gui.UIManager
    worker: Worker
    #: The scene stack, bottom first.
    scenes: list[Scene]
    #: Another BeloZ holds the data folder: nothing is written there; why, for the menu.
    read_only: bool
    read_only_why: str | None
    #: The seed a command line gave (practice problems played on, screenshots).
    seed: int | None

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def top(self) -> Scene | None: ...

    def desktop_size(self) -> tuple[int, int]: ...

    def tr(self, key: str, **kw: Any) -> str: ...

    def notify(self, text: str, seconds: float | None = ...) -> None: ...

    def apply_settings(self, new: Settings) -> None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> Scene | None: ...

    def replace(self, scene: Scene) -> None: ...

    def to_menu(self) -> None: ...

    def open_pause(self) -> None: ...

    def quit(self) -> None: ...
