"""The match a table opens on: the saved one resumed (an autoplay's own save, never the
person's), or a new one with the settings' ruleset and target."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beloz.rules.ruleset import match_target
from beloz.ui.game import GameFlow

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene


def make_flow(scene: TableScene, resume: bool) -> GameFlow:
    """The table's ``GameFlow``; a save that cannot be read is said (``scene.notify``) and
    a new match starts."""
    settings = getattr(scene.app, "settings", None)
    target = getattr(settings, "target", None)
    ruleset = None
    try:
        from beloz.rules.ruleset import get

        ruleset = get(str(getattr(settings, "ruleset", "beloz")))
    except ValueError:
        ruleset = None
    if resume:
        try:
            from beloz import savegame

            # An autoplay resumes its own save, never the person's match.
            path = savegame.autoplay_save_path() if scene.autoplay else savegame.save_path()
            saved, messages = savegame.load_game(path)
            for m in messages:
                _tell(scene, m)
            if saved is not None:
                return GameFlow.resume(saved, level=scene.level, save_file=path)
        except Exception as exc:  # noqa: BLE001 - a bad save starts a new match
            _tell(scene, str(exc))
    kw: dict[str, Any] = {"target": target if isinstance(target, int) else None}
    if ruleset is not None:
        kw["ruleset"] = ruleset
        kw["target"] = match_target(ruleset, kw["target"])
    return GameFlow(scene.seed, level=scene.level, autoplay=scene.autoplay, **kw)


def _tell(scene: TableScene, message: str) -> None:
    """A save set aside or mended, said with the notice that stays until clicked, once a
    session (start-up may have said it: ``beloz.cli.play.check_saved_game``)."""
    notify = getattr(scene.app, "notify", None)
    if notify is None:
        return
    try:
        notify(message, seconds=None)
    except TypeError:  # an app without notices that stay
        notify(message)
