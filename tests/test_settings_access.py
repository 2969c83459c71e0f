"""The settings of issue 47's motion and colour choices: an old settings file (without
them) loads with their defaults, a bad value gets the default with a message, and each
round-trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from beloz import settings as S

pytestmark = pytest.mark.usefixtures("data_dir")

NEW = {"animations": True, "keep_bubbles": False, "distinct_colours": False}


def test_an_old_file_without_the_new_keys_loads_their_defaults(data_dir: Path) -> None:
    old = {"schema": 1, "language": "fr", "animation_speed": 0.5, "sound": False}
    (data_dir / "settings.json").write_text(json.dumps(old), encoding="utf-8")
    s, msgs = S.load_settings()
    assert msgs == []
    assert (s.language, s.animation_speed, s.sound) == ("fr", 0.5, False)
    assert {k: getattr(s, k) for k in NEW} == NEW


@pytest.mark.parametrize("key", sorted(NEW))
@pytest.mark.parametrize("value", ["off", 0, None, [True], 1.5])
def test_a_corrupt_value_gets_the_default_and_a_message(data_dir: Path, key: str,
                                                        value: object) -> None:
    (data_dir / "settings.json").write_text(
        json.dumps({"schema": 1, key: value, "level": "expert"}), encoding="utf-8")
    s, msgs = S.load_settings()
    assert getattr(s, key) == NEW[key] and s.level == "expert"
    assert len(msgs) == 1 and key in msgs[0]


def test_the_new_choices_round_trip(data_dir: Path) -> None:
    s = S.Settings().replace(animations=False, keep_bubbles=True, distinct_colours=True)
    assert S.save_settings(s) is None
    on_disk = json.loads((data_dir / "settings.json").read_text())
    assert (on_disk["animations"], on_disk["keep_bubbles"], on_disk["distinct_colours"]) == (
        False, True, True)
    assert S.load_settings() == (s, [])
    with pytest.raises(ValueError, match="animations"):
        S.Settings().replace(animations="no")
