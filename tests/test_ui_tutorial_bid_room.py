"""The tutorial's bid tasks at large text (issue 47, point 2).  The bid buttons' rows lay over
the side seats' names, the auction and the turned card's line (at 200 % in 1920 x 1080 and
up, the buttons across "Juma", "Kito" and "Nobody has called yet"; at 150 % over "The
turned card"), and the coach's panel ran out of its frame in the longest lessons.  The
board now moves its middle and the side seats up above the rows where that is enough, else
sets East and West on North's row with the auction fitted between that row and shorter
buttons (``beloz.ui.scenes.tutorial_board``); the panel begins further left where its text
has not the room even at its 100 % size.  The sweep's checks find nothing in the sweep's
tutorial shots at the most text each window offers, in English and French; at 100 % the
board is laid out as it always was."""

from __future__ import annotations

import pytest

from beloz.ui import sweep
from beloz.ui.scenes import tutorial_board
from beloz.ui.sweep import Shot

#: (window, text size): the most text each window offers (960 x 600 draws 200 % at 112.5 %).
LARGE = [((1920, 1080), 200), pytest.param((960, 600), 200, marks=pytest.mark.slow),
         pytest.param((1280, 800), 150, marks=pytest.mark.slow),
         pytest.param((2560, 1440), 200, marks=pytest.mark.slow)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))


def _problems(name: str, size: tuple[int, int], lang: str, pct: int) -> list[str]:
    with sweep.quiet_app(size, lang, "beloz", pct) as app:
        sweep.show(app, Shot(name))
        return sweep.check(app)


@pytest.mark.parametrize(("size", "pct"), LARGE)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_bid_tasks_fit_at_large_text(size: tuple[int, int], pct: int, lang: str) -> None:
    found = {name: p for name in sweep.TUTORIAL if (p := _problems(name, size, lang, pct))}
    assert found == {}


def test_the_sweep_sees_the_buttons_over_the_board(monkeypatch) -> None:
    """The board laid out as before (every seat and the middle where they stand at 100 %,
    the buttons as tall as ever): the sweep's checks see the buttons over the side seats'
    names and the auction, as they did before the board made room."""
    real = tutorial_board.plan
    monkeypatch.setattr(tutorial_board, "plan",
                        lambda scene, buttons, compact=False: real(scene, []))
    found = _problems("tutorial-12-1", (1920, 1080), "en", 200)
    assert any("'Juma'" in p and "under the widget" in p for p in found), found
    assert any("'Nobody has called yet'" in p and "under the widget" in p for p in found)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_at_200_percent_the_seats_share_north_s_row(size: tuple[int, int]) -> None:
    """The open auction's seven calls: East and West on North's row, the buttons shorter
    than the board's 2.1 units and clear of everything, the auction between."""
    with sweep.quiet_app(size, "fr", "beloz", 200) as app:
        sweep.show(app, Shot("tutorial-12-1"))
        scene = app.scenes[-1]
        plan = tutorial_board.plan(scene, scene.bid_rects(), scene.compact)
        assert scene.compact and plan.mode == "compact"
        assert plan.spots[1][1] == plan.spots[2][1] == plan.spots[3][1]
        rects = scene.bid_rects()
        assert all(r.h < round(scene.font_px() * 2.1) for r in rects)
        top = min(r.top for r in rects)
        seats = [tutorial_board.seat_box(scene, s, plan.spots[s]) for s in (1, 2, 3)]
        middle = tutorial_board.middle_boxes(scene, plan)
        assert max(r.bottom for r in seats) < min(r.top for r in middle)
        assert max(r.bottom for r in middle) < top
        assert plan.unit == scene.font_px()  # two lines: the auction at its full size


@pytest.mark.parametrize("size", sweep.SIZES)
def test_at_100_percent_the_board_is_as_it_was(size: tuple[int, int]) -> None:
    """Every tutorial shot at 100 %: the default plan, the buttons 2.1 units tall, the
    panel where it always began."""
    for name in sweep.TUTORIAL:
        with sweep.quiet_app(size, "fr", "beloz", 100) as app:
            sweep.show(app, Shot(name))
            scene = app.scenes[-1]
            plan = tutorial_board.plan(scene, scene.bid_rects(), scene.compact)
            assert (plan.mode, scene.compact, scene.narrow) == ("default", False, 0.0), name
            assert all(r.h == round(scene.font_px() * 2.1) for r in scene.bid_rects())
