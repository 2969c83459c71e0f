"""The scene registry: a scene's name (``--scene NAME``) to that scene shown on an empty
stack (``push_scene``): the menu under a dialog, the table in a named state.  The command
line's ``--screenshot`` and ``--selftest`` and the screenshot sweep (``beloz.ui.sweep``) show
their scenes through it; it lives here, below the command line, so the UI needs nothing
from above."""

from __future__ import annotations

from beloz.ui.app_protocol import App

#: The scenes around the table: the menu and its dialogs, the lessons, the practice.
SHELL_SCENES = ("menu", "settings", "newgame", "rules", "stats", "pause", "tutorial", "in_use",
                "practice", "practice_answer", "practice_play", "practice_calls", "progress",
                "progress_few")
#: The table in named states (``beloz.ui.scenes.table.screenshots``).
TABLE_SCENES = ("deal", "bid", "auction", "belot", "play", "score", "hint", "bid_hint",
                "review", "review_bids", "over", "history", "review_watch", "review_show")


def push_scene(app: App, name: str, seed: int) -> None:
    """Show the named scene on an empty stack (screenshots, the self-test, the sweep)."""
    from beloz.ui.scenes.menu import MenuScene

    if name in TABLE_SCENES:
        from beloz.ui.scenes.table import screenshot_scene

        screenshot_scene(app, name, seed)
        return
    if name == "menu":
        app.push(MenuScene(app))
    elif name == "settings":
        from beloz.ui.scenes.settings import SettingsScene

        app.push(MenuScene(app))
        app.push(SettingsScene(app))
    elif name == "newgame":
        from beloz.ui.scenes.newgame import NewGameScene

        app.push(MenuScene(app))
        app.push(NewGameScene(app))
    elif name == "rules" or name.startswith("rules-"):
        from beloz.ui.scenes.rules import SECTION_NAMES, RulesScene

        section = name.partition("-")[2] or "deck"
        if section not in SECTION_NAMES:
            raise ValueError(app.tr("main.unknown_scene", name=name,
                                    names=", ".join(f"rules-{s}" for s in SECTION_NAMES)))
        app.push(MenuScene(app))
        app.push(RulesScene(app, section))
    elif name == "tutorial":
        from beloz.ui.scenes.tutorial import screenshot_tutorial

        app.push(MenuScene(app))
        screenshot_tutorial(app)
    elif name.startswith("tutorial-"):
        from beloz.ui.scenes.tutorial import screenshot_lesson

        app.push(MenuScene(app))
        screenshot_lesson(app, name.partition("-")[2])
    elif name in ("practice", "practice_answer", "practice_play", "practice_calls"):
        from beloz.ui.scenes.practice_shots import screenshot_practice

        app.push(MenuScene(app))
        screenshot_practice(app, answered=name == "practice_answer",
                            play_on=name == "practice_play", calls=name == "practice_calls")
    elif name in ("progress", "progress_few"):
        from beloz.ui.scenes.progress import screenshot_progress

        app.push(MenuScene(app))
        screenshot_progress(app, seed, few=name == "progress_few")
    elif name == "in_use":
        from beloz.ui.scenes.in_use import FolderInUseScene

        app.push(FolderInUseScene(app))
    elif name == "stats":
        from beloz.ui.scenes.stats import StatsScene

        app.push(MenuScene(app))
        app.push(StatsScene(app))
    elif name == "pause":
        from beloz.ui.scenes.pause import PauseScene

        try:
            from beloz.ui.scenes.table import screenshot_scene

            screenshot_scene(app, "play", seed)
        except ImportError:
            app.push(MenuScene(app))
        app.push(PauseScene(app))
    else:
        names = ", ".join(SHELL_SCENES + TABLE_SCENES)
        raise ValueError(app.tr("main.unknown_scene", name=name, names=names))
