"""The name plates' Dealer and Taker chips (issue 47, point 2): the room between a name and
its chip was 8 px at every text size, so that at 200 % in 2560 x 1440 "Kito" and its chip
read as one word ("KitoDonneur", behind the score screen): the room beside the texts grows
with them, the plates as tall as before."""

from __future__ import annotations

import os

import pytest

from beloz.ui import sweep

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _gap(name: str, lang: str, pct: int) -> tuple[int, list[str]]:
    """The pixels between Kito's name and the word of its Dealer chip, and the sweep's
    problems, at 2560 x 1440 and ``pct`` %."""
    (shot,) = [s for s in sweep.shots() if s.name == name]
    with sweep.quiet_app((2560, 1440), lang, shot.ruleset, pct) as app:
        sweep.show(app, shot)
        items = sweep.capture(app)
        problems = sweep.check(app)
        kito, dealer = app.tr("table.seat.1"), app.tr("table.dealer")
    name_r = next(d.rect for d in items if d.kind == "text" and d.label == kito)
    chip_r = next(d.rect for d in items if d.kind == "text" and d.label == dealer)
    assert abs(name_r.centery - chip_r.centery) < name_r.h / 2  # on one plate
    return chip_r.left - name_r.right, problems


@pytest.mark.parametrize(("name", "lang"), [("score", "fr"), ("play", "en")])
def test_a_chip_keeps_its_room_at_200(name: str, lang: str) -> None:
    small, _ = _gap(name, lang, 100)
    large, problems = _gap(name, lang, 200)
    assert problems == []
    assert large >= 2 * small - 2, (small, large)
