"""The atomic write helper and the robust JSON loader (beloz/storage.py)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from beloz import storage

# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def _temps(d: Path) -> list[Path]:
    return [p for p in d.iterdir() if p.name.endswith(".tmp")]


def test_data_dir_override(data_dir: Path) -> None:
    assert storage.data_dir() == data_dir


def test_data_dir_default_is_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import PlatformDirs

    monkeypatch.delenv("BELOZ_DATA_DIR")
    expected = Path(PlatformDirs("BeloZ", appauthor=False).user_data_dir)
    assert storage.data_dir() == expected


def test_atomic_write_creates_and_replaces(data_dir: Path) -> None:
    path = data_dir / "sub" / "f.json"
    storage.atomic_write_json(path, {"schema": 1, "a": "é"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"schema": 1, "a": "é"}
    storage.atomic_write_json(path, {"schema": 1, "a": 2})
    assert json.loads(path.read_text(encoding="utf-8"))["a"] == 2
    assert _temps(path.parent) == []


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_failed_replace_keeps_old_file(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    path = data_dir / "f.json"
    storage.atomic_write_json(path, {"v": "old"})

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(storage.os, "replace", boom)
    with pytest.raises(OSError):
        storage.atomic_write_json(path, {"v": "new"})
    msg = storage.write_json(path, {"v": "new"})
    assert msg is not None and "f.json" in msg
    assert json.loads(path.read_text())["v"] == "old"
    assert _temps(data_dir) == []


def test_disk_full_during_fsync(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = data_dir / "f.json"
    storage.atomic_write_json(path, {"v": "old"})

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full)
    msg = storage.write_json(path, {"v": "new"})
    assert msg is not None and "full" in msg
    assert json.loads(path.read_text())["v"] == "old"
    assert _temps(data_dir) == []


@pytest.fixture
def english() -> None:
    from beloz import i18n

    i18n.set_language("en")


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_unwritable_location_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    # A data dir "inside" a regular file cannot be created, even by root.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BELOZ_DATA_DIR", str(blocker / "BeloZ"))
    target = storage.data_dir() / "settings.json"
    msg = storage.write_json(target, {"schema": 1})
    assert msg is not None
    why = "a part of its path is a file, not a folder"  # ENOTDIR: mkdir under a file
    assert msg == (f"Could not save settings.json in {target.parent} ({why}); the game goes on."
                   " Nothing can be saved there until that changes.")
    assert _files(tmp_path) == {"file": b"x"}, "nothing written, no temp file left"


def test_a_file_whose_folder_is_a_file_is_a_message_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    """A path whose parent is a regular file: refused for root too (chmod is not)."""
    blocker = tmp_path / "ro"
    blocker.write_text('{"v": "old"}')
    msg = storage.write_json(blocker / "f.json", {"v": "new"})
    assert msg is not None and "f.json" in msg and str(blocker) in msg
    assert _files(tmp_path) == {"ro": b'{"v": "old"}'}
    assert storage.load_json(blocker / "f.json", schema_version=1).data is None


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE is POSIX")
def test_a_write_cut_short_keeps_the_old_file(tmp_path: Path, english: None) -> None:
    """The disk refuses in the middle of the write (a file size limit, which binds root
    too): the old file is untouched and no temp file is left."""
    path = tmp_path / "f.json"
    storage.atomic_write_json(path, {"v": "old"})
    old = path.read_bytes()
    code = (
        "import resource, signal, sys\n"
        "from pathlib import Path\n"
        "from beloz import i18n, storage\n"
        "i18n.set_language('en')\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, resource.RLIM_INFINITY))\n"
        "print(storage.write_json(Path(sys.argv[1]), {'v': 'new' * 10000}))\n"
    )
    p = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[1], timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"Could not save f.json in {tmp_path} (File too large)")
    assert _files(tmp_path) == {"f.json": old}


def test_load_missing_file_is_silent(data_dir: Path) -> None:
    r = storage.load_json(data_dir / "nope.json", schema_version=1)
    assert r.data is None and r.messages == []


def test_load_good_file(data_dir: Path) -> None:
    storage.atomic_write_json(data_dir / "f.json", {"schema": 1, "x": 3})
    r = storage.load_json(data_dir / "f.json", schema_version=1)
    assert r.data == {"schema": 1, "x": 3} and r.messages == []


def test_a_file_an_editor_saved_with_a_byte_order_mark_loads(data_dir: Path) -> None:
    path = data_dir / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"schema": 1, "language": "fr"}).encode())
    r = storage.load_json(path, schema_version=1)
    assert r.data == {"schema": 1, "language": "fr"} and r.messages == []


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'"a string"',
        b'{"schema": "one"}',
        b'{"schema": 0}',
        b'{"schema": 99}',
        b'{"schema": 1, "done": ["\\ud800"]}',  # valid JSON, but no write could spell it
    ],
)
def test_bad_file_set_aside(data_dir: Path, content: bytes) -> None:
    path = data_dir / "f.json"
    path.write_bytes(content)
    r = storage.load_json(path, schema_version=1)
    assert r.data is None
    assert len(r.messages) == 1 and "f.json.bak" in r.messages[0]
    assert not path.exists()
    assert (data_dir / "f.json.bak").read_bytes() == content


def test_older_backup_is_overwritten(data_dir: Path) -> None:
    path = data_dir / "f.json"
    (data_dir / "f.json.bak").write_text("old backup")
    path.write_text("new garbage")
    storage.load_json(path, schema_version=1)
    assert (data_dir / "f.json.bak").read_text() == "new garbage"


def test_stale_temp_files_are_removed(data_dir: Path) -> None:
    stale = data_dir / ".f.json.abc.tmp"
    fresh = data_dir / ".f.json.def.tmp"
    stale.write_text("x")
    fresh.write_text("y")
    old = os.path.getmtime(stale) - 2 * storage.STALE_TEMP_SECONDS
    os.utime(stale, (old, old))
    storage.load_json(data_dir / "f.json", schema_version=1)
    assert not stale.exists() and fresh.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX (CI has them)")
def test_a_pipe_or_a_device_in_place_of_the_file_is_a_message_not_a_hang(
    data_dir: Path,
) -> None:
    """A named pipe would block the read for ever, a link to /dev/zero never end: neither
    is read, both are set aside, the player gets a sentence."""
    import threading
    import time

    fifo = data_dir / "settings.json"
    os.mkfifo(fifo)
    zero = data_dir / "stats.json"
    zero.symlink_to("/dev/zero")
    done = threading.Event()

    def unblock() -> None:
        # Should the loader open the pipe, a writer that comes and goes ends its read (with
        # nothing), so that a regression fails this test instead of hanging the suite.
        while not done.wait(0.5):
            with contextlib.suppress(OSError):  # no reader waiting: nothing to do
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    threading.Thread(target=unblock, daemon=True).start()
    try:
        start = time.monotonic()
        for path in (fifo, zero):
            r = storage.load_json(path, schema_version=1)
            assert r.data is None and len(r.messages) == 1
            assert path.name in r.messages[0] and "not a regular file" in r.messages[0]
            assert not (path.is_symlink() or path.exists())
        assert time.monotonic() - start < 0.5
    finally:
        done.set()
    assert (data_dir / "stats.json.bak").readlink() == Path("/dev/zero")
    assert (data_dir / "settings.json.bak").is_fifo()


def test_a_file_that_cannot_be_read_is_set_aside_not_written_over(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Permission denied (chmod 000 does not stop root, so the read is made to fail): the
    file is kept as .bak and the next write starts a new one beside it."""
    path = data_dir / "stats.json"
    path.write_text('{"schema": 1, "matches_played": 250}')
    real = Path.read_bytes

    def denied(self: Path) -> bytes:
        if self == path:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    r = storage.load_json(path, schema_version=1)
    assert r.data is None and len(r.messages) == 1
    assert "could not be read (permission denied)" in r.messages[0]
    assert "stats.json.bak" in r.messages[0]
    assert storage.write_json(path, {"schema": 1, "matches_played": 1}) is None
    assert json.loads((data_dir / "stats.json.bak").read_text())["matches_played"] == 250


def test_a_file_too_large_to_be_the_games_is_set_aside_unread(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = data_dir / "f.json"
    path.write_text(json.dumps({"schema": 1, "pad": "x" * 200}))
    monkeypatch.setattr(storage, "MAX_LOAD_BYTES", 100)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read"))
    r = storage.load_json(path, schema_version=1)
    assert r.data is None and "f.json.bak" in r.messages[0]
    assert (data_dir / "f.json.bak").exists() and not path.exists()


@pytest.mark.parametrize("loader, name, doc", [
    ("settings", "settings.json", {"schema": 1, "volume": "loud"}),
    ("stats", "stats.json", {"schema": 1, "beloz": "many"}),
])
def test_a_full_disk_while_keeping_a_copy_leaves_the_older_copy_and_says_nothing_is_kept(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, loader: str, name: str, doc: dict
) -> None:
    """A value reset at load copies the file aside; on a full disk the copy stops halfway.
    The older ``.bak`` is then left as it was (not truncated), no temp file stays, and no
    message says the file is kept."""
    import importlib
    import shutil

    module = importlib.import_module(f"beloz.{loader}")
    path = data_dir / name
    path.write_text(json.dumps(doc))
    bak = data_dir / f"{name}.bak"
    bak.write_text("an older copy")

    def full_disk(src: Any, dst: Any, *args: object, **kwargs: object) -> None:
        with open(dst, "wb") as f:  # the copy starts, then the disk is full
            f.write(Path(src).read_bytes()[:3])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(shutil, "copyfile", full_disk)
    load = getattr(module, f"load_{loader}")
    _, messages = load()
    assert messages and not any(".bak" in m for m in messages), messages
    assert bak.read_text() == "an older copy"
    assert sorted(p.name for p in data_dir.iterdir()) == sorted([name, bak.name])
    assert storage.kept_note(path) == "", "the start-up notice does not claim a copy"
    monkeypatch.undo()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data_dir))
    _, messages = load()  # room again: the copy is made and said
    assert messages[-1].endswith(f"The file as it was is kept as {bak.name}.")
    assert json.loads(bak.read_text()) == doc
    assert storage.kept_note(path) == f" The file as it was is kept as {bak.name}."


@pytest.mark.parametrize("target", ["gone.json", "settings.json"])
def test_a_link_to_nowhere_or_to_itself_is_set_aside_not_written_over(
    data_dir: Path, target: str
) -> None:
    """A link whose target is missing read as "no file": the next write replaced the link
    (a folder the player had linked there was forgotten) without a word."""
    path = data_dir / "settings.json"
    path.symlink_to(data_dir / target)
    r = storage.load_json(path, schema_version=1)
    assert r.data is None and len(r.messages) == 1 and "settings.json.bak" in r.messages[0]
    assert (data_dir / "settings.json.bak").readlink() == data_dir / target
    assert not os.path.lexists(path)


def test_keyed_items_leaves_out_the_damaged_and_a_key_read_twice() -> None:
    def parse(d: object) -> tuple[str, int]:
        if not isinstance(d, list) or len(d) != 2:
            raise ValueError("damaged")
        return str(d[0]), int(d[1])

    raw = [["b", 1], "junk", ["a", 2], ["b", 3], ["c", "x"], ["c", 4]]
    items, bad = storage.keyed_items(raw, parse, lambda item: item[0])
    assert list(items.items()) == [("b", ("b", 1)), ("a", ("a", 2)), ("c", ("c", 4))]
    assert bad == 3
