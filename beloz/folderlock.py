"""One running BeloZ at a time writes in the data folder.

The files are read, changed and written whole (the statistics after every hand, the save
after every bid and expedition): two copies of the game on one folder would each write over
what the other had just written.  So the game, and an autoplay that saves or counts, holds
an OS lock on ``beloz.lock`` in the data folder while it runs (``filelock``: ``flock`` on
Linux and macOS, ``msvcrt.locking`` on Windows).  The OS releases it when the process ends,
however it ends (quit, crash, kill, power cut), so the lock of a copy that is gone is simply
taken: there is never a stale lock to clear by hand.  A second copy is told and plays
without saving, or quits (``beloz.ui.scenes.in_use``); a second autoplay refuses to start.

A ``beloz.lock`` that cannot be locked although the folder can be written (a folder or a
link of that name, a file of another user's: left by a run with sudo) must not let two
copies write unguarded: the lock is then taken on ``beloz-2.lock`` beside it, which every
copy also takes whenever it exists.  When neither can be locked (``problem``: a file system
without locks), the window saves nothing and says why, and an autoplay that would write
refuses to start.  A folder in which nothing can be written keeps nothing to protect: the
game opens and each file says that it could not be saved (docs/files.md).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
from pathlib import Path

from filelock import FileLock, Timeout

from beloz import storage

log = logging.getLogger(__name__)

LOCK_NAME = "beloz.lock"
#: The lock taken when ``LOCK_NAME`` cannot be (see the module's docstring).
SECOND_LOCK_NAME = "beloz-2.lock"


class FolderLock:
    """The data folder's lock (not taken until ``acquire``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or storage.data_dir()) / LOCK_NAME
        # No soft (file-exists) lock where the file system has no OS locks: a soft lock
        # would outlive a crash and shut the player out of their own folder.
        self._lock = FileLock(self.path, fallback_to_soft=False)
        self._second: FileLock | None = None
        #: Why no lock could be taken, when none could (``acquire``): nothing may be written.
        self.problem: str | None = None
        #: With ``problem``: what mends it, when something of the lock's name is in the way
        #: (" Removing that folder mends it."), else "" (a file system without locks).
        self.remedy = ""

    def acquire(self) -> bool:
        """Take the lock at once: False when another running BeloZ holds it.  True when it
        is taken, and also when no lock can be made: then ``problem`` says why (a sentence
        for the person, None when the folder cannot be written at all: no file can be
        saved there anyway, and each one says so) and nothing may be written."""
        self.problem = None
        self.remedy = ""
        try:
            self._lock.acquire(blocking=False)
        except Timeout:
            return self._in_use()
        except OSError as err:
            folder = self.path.parent
            if err.errno in (errno.EROFS, errno.ENOTDIR, errno.ENOENT) or not (
                    os.path.isdir(folder) and os.access(folder, os.W_OK)):
                # A folder that cannot be written (read-only, not a folder, out of reach)
                # keeps nothing to protect, and its files say so themselves.
                log.info("could not lock the data folder (%s): nothing can be written", err)
                return True
            return self._second_lock(err)
        return self._also_second()

    def _in_use(self) -> bool:
        log.warning("the data folder %s is in use by another BeloZ", self.path.parent)
        return False

    def _second_lock(self, first: OSError) -> bool:
        """``beloz.lock`` cannot be locked (``first``): the lock on ``beloz-2.lock``."""
        from beloz.i18n import tr

        second = FileLock(self.path.with_name(SECOND_LOCK_NAME), fallback_to_soft=False)
        try:
            second.acquire(blocking=False)
        except Timeout:
            return self._in_use()
        except OSError as err:
            log.warning("could not lock the data folder (%s, then %s): nothing is saved",
                        first, err)
            in_the_way = self._in_the_way()
            why = {"link": tr("in_use.why_link"), "folder": tr("files.why_a_folder")}.get(
                in_the_way or "", storage.why_failed(first))
            self.problem = tr("in_use.lock_failed", path=storage.shown(self.path), why=why)
            # beloz.lock removed, the next copy locks it (and passes over a beloz-2.lock
            # nobody can lock: ``_also_second``); no advice when nothing is in the way.
            self.remedy = tr(f"in_use.remedy_{in_the_way}") if in_the_way else ""
            return True
        log.warning("could not lock %s (%s): locked %s instead", self.path, first,
                    second.lock_file)
        self._lock = second
        return True

    def _in_the_way(self) -> str | None:
        """What has the lock's name, when it is in the way (a link, a folder, a file of
        another user's): "link", "folder", "file"; None when it could not be told or
        nothing is there."""
        try:
            if self.path.is_symlink():
                return "link"
            if self.path.is_dir():
                return "folder"
            if self.path.is_file() and not os.access(self.path, os.R_OK | os.W_OK):
                return "file"
        except OSError:
            pass
        return None

    def _also_second(self) -> bool:
        """``beloz.lock`` is held: ``beloz-2.lock`` too when it exists (another copy may hold
        it, having found ``beloz.lock`` unusable a moment ago)."""
        path = self.path.with_name(SECOND_LOCK_NAME)
        if not os.path.lexists(path):
            return True
        second = FileLock(path, fallback_to_soft=False)
        try:
            second.acquire(blocking=False)
        except Timeout:
            self._lock.release()
            return self._in_use()
        except OSError:  # not usable by anyone: beloz.lock alone keeps copies apart
            return True
        self._second = second
        return True

    @property
    def held(self) -> bool:
        return bool(self._lock.is_locked)

    def release(self) -> None:
        """Let another copy take the folder (the OS does it too when this process ends)."""
        second = self._second
        if second is not None and second.is_locked:
            with contextlib.suppress(OSError):
                second.release()
        if self._lock.is_locked:
            try:
                self._lock.release()
            except OSError as err:  # the process ends soon: the OS lets it go then
                log.warning("could not release %s: %s", self.path, err)
