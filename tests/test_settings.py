"""Settings: defaults, validation per field, robust load, atomic save."""

from __future__ import annotations

import errno
import json
import locale
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from beloz import settings as S
from beloz import storage

# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def _write(path: Path, obj: Any) -> None:
    path.write_text(json.dumps(obj), encoding="utf-8")


def test_defaults_when_no_file() -> None:
    s, msgs = S.load_settings()
    assert msgs == []
    assert (s.ruleset, s.target, s.level, s.animation_speed) == ("beloz", 1000, "standard", 1.0)
    assert (s.auto_declare, s.sound, s.volume, s.fullscreen) == (True, True, 0.8, False)
    assert s.window_size == (1280, 800) and s.classic_overlay is False
    assert s.language in ("en", "fr")


@pytest.mark.parametrize(
    "lang, expected", [("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("en_GB.UTF-8", "en"), ("", "en")]
)
def test_language_from_locale(monkeypatch: pytest.MonkeyPatch, lang: str, expected: str) -> None:
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert S.system_language() == expected
    assert S.Settings().language == expected


def test_round_trip_and_schema(data_dir: Path) -> None:
    s = S.Settings(language="fr").replace(target=2000, volume=0.5, window_size=[1600, 900])
    assert s.window_size == (1600, 900)
    assert S.save_settings(s) is None
    on_disk = json.loads((data_dir / "settings.json").read_text())
    assert on_disk["schema"] == S.SCHEMA
    loaded, msgs = S.load_settings()
    assert msgs == [] and loaded == s


def test_garbage_gives_defaults_message_and_backup(data_dir: Path) -> None:
    (data_dir / "settings.json").write_bytes(b"\x00\x01{{{garbage")
    s, msgs = S.load_settings()
    assert s == S.Settings()
    assert len(msgs) == 1 and "settings.json.bak" in msgs[0]
    assert (data_dir / "settings.json.bak").read_bytes() == b"\x00\x01{{{garbage"
    # Saving afterwards works and leaves the backup alone.
    assert S.save_settings(s) is None
    assert (data_dir / "settings.json.bak").exists()


def test_one_bad_value_keeps_the_others(data_dir: Path) -> None:
    _write(
        data_dir / "settings.json",
        {"schema": 1, "language": "fr", "target": 2500, "volume": "loud", "fullscreen": True},
    )
    s, msgs = S.load_settings()
    assert (s.language, s.target, s.fullscreen) == ("fr", 2500, True)
    assert s.volume == 0.8
    assert len(msgs) == 1 and "volume" in msgs[0]
    # The next save drops "loud": the file as it was is kept beside it, and the message says so.
    assert "settings.json.bak" in msgs[0]
    assert json.loads((data_dir / "settings.json.bak").read_text())["volume"] == "loud"
    assert (data_dir / "settings.json").exists()


@pytest.mark.parametrize(
    "key, value",
    [
        ("language", "de"),
        ("ruleset", "contree"),
        ("target", 499),
        ("target", 5001),
        ("target", True),
        ("target", 1000.5),
        ("level", "grandmaster"),
        ("animation_speed", 0.1),
        ("animation_speed", 10),
        ("auto_declare", 1),
        ("sound", "yes"),
        ("volume", -0.1),
        ("volume", 1.5),
        ("fullscreen", None),
        ("window_size", [800, 600]),
        ("window_size", [1280]),
        ("window_size", "1280x800"),
        ("window_size", [1280.0, 800]),
        ("classic_overlay", "false"),
    ],
)
def test_invalid_value_gets_default(data_dir: Path, key: str, value: object) -> None:
    _write(data_dir / "settings.json", {"schema": 1, key: value})
    s, msgs = S.load_settings()
    assert getattr(s, key) == getattr(S.Settings(), key)
    assert len(msgs) == 1 and key in msgs[0]


def test_nan_is_invalid(data_dir: Path) -> None:
    (data_dir / "settings.json").write_text('{"schema": 1, "volume": NaN, "sound": false}')
    s, msgs = S.load_settings()
    assert s.volume == 0.8 and s.sound is False and len(msgs) == 1


def test_unknown_keys_ignored(data_dir: Path) -> None:
    _write(data_dir / "settings.json", {"schema": 1, "colour": "mauve", "level": "expert"})
    s, msgs = S.load_settings()
    assert msgs == [] and s.level == "expert"


def test_int_accepted_for_float_fields(data_dir: Path) -> None:
    _write(data_dir / "settings.json", {"schema": 1, "volume": 1, "animation_speed": 2})
    s, msgs = S.load_settings()
    assert msgs == [] and s.volume == 1.0 and isinstance(s.volume, float)


def test_newer_schema_is_set_aside(data_dir: Path) -> None:
    _write(data_dir / "settings.json", {"schema": S.SCHEMA + 1, "level": "expert"})
    s, msgs = S.load_settings()
    assert s == S.Settings() and len(msgs) == 1
    assert (data_dir / "settings.json.bak").exists()


def test_replace_validates() -> None:
    s = S.Settings()
    with pytest.raises(ValueError):
        s.replace(target=10)
    with pytest.raises(ValueError):
        s.replace(level="godlike")
    with pytest.raises(TypeError):
        s.replace(nonsense=1)
    assert s.replace(sound=False).sound is False and s.sound is True


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_save_on_read_only_or_full_disk(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    S.save_settings(S.Settings(level="expert"))

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(code, "simulated")

    monkeypatch.setattr(storage.os, "replace", boom)
    msg = S.save_settings(S.Settings(level="beginner"))
    assert isinstance(msg, str) and msg
    monkeypatch.undo()
    monkeypatch.setenv("BELOZ_DATA_DIR", str(data_dir))
    assert S.load_settings()[0].level == "expert"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


# No deadline: the machine may be shared, and speed is measured in bench/, not here.
@pytest.mark.slow
@hsettings(max_examples=150, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.dictionaries(
        st.sampled_from([*S._CHECKS, "schema", "junk"]) | st.text(max_size=6), json_values
    )
)
def test_any_json_object_loads(data_dir: Path, doc: dict[str, Any]) -> None:
    (data_dir / "settings.json").write_text(json.dumps(doc))
    s, msgs = S.load_settings()
    assert isinstance(s, S.Settings)
    assert all(isinstance(m, str) for m in msgs)
    S.Settings(**{k: getattr(s, k) for k in S._CHECKS})  # every field valid


def test_level_per_seat_validates_persists_and_collapses(data_dir: Path) -> None:
    assert S.seat_levels("expert") == ("expert",) * 3
    assert S.seat_levels("beginner,expert,standard") == ("beginner", "expert", "standard")
    assert S.level_value(["standard"] * 3) == "standard"
    s = S.Settings(level="expert,beginner,beginner")
    assert S.seat_levels(s.level) == ("expert", "beginner", "beginner")
    assert S.Settings(level="expert,expert,expert").level == "expert"  # one name when equal
    for bad in ("expert,beginner", "expert,,standard", "expert,godlike,standard", ""):
        with pytest.raises(ValueError, match="setting level"):
            S.Settings(level=bad)
    assert S.save_settings(s) is None
    assert S.load_settings() == (s, [])
    _write(data_dir / "settings.json", {"schema": 1, "level": "expert,beginner"})
    loaded, msgs = S.load_settings()
    assert loaded.level == "standard" and len(msgs) == 1 and "level" in msgs[0]


@pytest.mark.parametrize("name", ["animation_speed", "volume"])
def test_a_number_too_large_for_a_float_is_reset_not_raised(data_dir: Path, name: str) -> None:
    """JSON has integers of any size: one beyond a float's range (10**400) raised an
    OverflowError at start-up instead of resetting the setting."""
    (data_dir / "settings.json").write_text(f'{{"schema": 1, "{name}": 1{"0" * 400}}}')
    s, msgs = S.load_settings()
    assert getattr(s, name) == getattr(S.Settings(), name)
    assert len(msgs) == 1 and name in msgs[0]
