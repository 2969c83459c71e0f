"""Starting the table: from the menu (Continue) and from the new-game dialog (Start).

A module of its own so that the menu and the new-game dialog, which opens from the menu,
do not import each other.
"""

from __future__ import annotations

import logging
from typing import Any

from beloz.ui.app_protocol import App

log = logging.getLogger(__name__)


def start_table(app: App, **kw: Any) -> bool:
    """Push the table scene (``new_match=True`` or ``resume=True``); False if it is missing."""
    try:
        from beloz.ui.scenes.table import TableScene
    except ImportError:
        log.exception("table scene")
        app.notify(app.tr("notify.table_missing"))
        return False
    app.push(TableScene(app, **kw))
    return True
