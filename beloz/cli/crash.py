"""An unexpected error never shows a traceback to the player: it is written to a crash log
(``beloz.crashlog``), with the hand being played, and a short message says where."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from beloz.ui.app import App


def crash_record(app: App | None) -> dict[str, Any] | None:
    """The hand being played, from the topmost scene that has one (the table may be under
    the pause overlay): its ``crash_record()`` or its game flow's."""
    try:
        for scene in reversed(list(getattr(app, "scenes", None) or [])):
            for owner in (scene, getattr(scene, "flow", None)):
                fn = getattr(owner, "crash_record", None)
                if fn is not None:
                    record = fn()
                    if record is not None:
                        return dict(record)
    except Exception:  # noqa: BLE001 -- the log is written without it
        pass
    return None


def report_crash(exc: BaseException, headless: bool, app: App | None = None) -> None:
    """A crash log and a short message: on stderr, and in a message box when there is a
    window.  The log carries the hand ``app`` (the running App) is playing, if any."""
    path = None
    try:
        from beloz.crashlog import write_crash_log

        path = write_crash_log(exc, crash_record(app))
    except Exception:  # noqa: BLE001 -- no crash log module: the message still goes out
        pass
    try:
        from beloz.i18n import tr

        text = tr("main.crash", path=path) if path else tr("main.crash_nolog")
    except Exception:  # noqa: BLE001
        text = f"BeloZ met an unexpected problem and has to stop. {path or ''}"
    print(text, file=sys.stderr)
    if not headless:
        try:
            import pygame

            pygame.display.message_box("BeloZ", text, "error")
        except Exception:  # noqa: BLE001 -- no display: stderr is all we have
            pass
