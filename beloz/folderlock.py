"""One running BeloZ at a time writes in the data folder.

The files are read, changed and written whole (the statistics after every hand, the save
after every bid and expedition): two copies of the game on one folder would each write over
what the other had just written.  So the game, and an autoplay that saves or counts, holds
an OS lock on ``beloz.lock`` in the data folder while it runs (``filelock``: ``flock`` on
Linux and macOS, ``msvcrt.locking`` on Windows).  The OS releases it when the process ends,
however it ends (quit, crash, kill, power cut), so the lock of a copy that is gone is simply
taken: there is never a stale lock to clear by hand.  A second copy is told and plays
without saving, or quits (``beloz.ui.scenes.in_use``); a second autoplay refuses to start.
"""

from __future__ import annotations

import logging
from pathlib import Path

from filelock import FileLock, Timeout

from beloz import storage

log = logging.getLogger(__name__)

LOCK_NAME = "beloz.lock"


class FolderLock:
    """The data folder's lock (not taken until ``acquire``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or storage.data_dir()) / LOCK_NAME
        # No soft (file-exists) lock where the file system has no OS locks: a soft lock
        # would outlive a crash and shut the player out of their own folder.
        self._lock = FileLock(self.path, fallback_to_soft=False)

    def acquire(self) -> bool:
        """Take the lock at once: False when another running BeloZ holds it.  True too
        when no lock can be made at all (a read-only folder, where no file can be written
        anyway; a file system without locks, where copies are not kept apart): the game
        must still open."""
        try:
            self._lock.acquire(blocking=False)
        except Timeout:
            log.warning("the data folder %s is in use by another BeloZ", self.path.parent)
            return False
        except OSError as err:
            log.warning("could not lock the data folder (%s): playing without a lock", err)
        return True

    @property
    def held(self) -> bool:
        return bool(self._lock.is_locked)

    def release(self) -> None:
        """Let another copy take the folder (the OS does it too when this process ends)."""
        if self._lock.is_locked:
            try:
                self._lock.release()
            except OSError as err:  # the process ends soon: the OS lets it go then
                log.warning("could not release %s: %s", self.path, err)
