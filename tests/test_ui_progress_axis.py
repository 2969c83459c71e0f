"""Progress with little data: the chart's sentence says a trend is still to come ("A trend
appears after 3 matches"), and its axis is scaled to the data, with round values."""

from __future__ import annotations

import pytest

from beloz.ui.scenes.progress import axis_top


def test_the_axis_takes_a_round_top_just_above_the_data():
    assert axis_top([]) == 0.5
    assert axis_top([0.1, 0.2]) == 0.5
    assert axis_top([0.8]) == 1.0
    assert axis_top([3.2, 4.1]) == 5.0
    assert axis_top([5.68]) == 8.0
    assert axis_top([12.2]) == 15.0
    assert axis_top([2.0]) == pytest.approx(2.5)
    for values in ([0.7], [3.3, 1.0], [9.5], [47.0], [123.0]):
        top = axis_top(values)
        assert max(values) * 1.1 <= top + 1e-9 <= max(values) * 1.1 * 2  # near the data


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_chart_of_two_matches_says_a_trend_is_to_come(lang, tmp_path, monkeypatch):
    from beloz.ui import drawn, sweep
    from beloz.ui.scenes.progress import ProgressScene, fake_progress

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    with sweep.quiet_app((1280, 800), lang, "beloz") as app:
        scene = ProgressScene(app, progress=fake_progress("beloz", 1, matches=2),
                              answers={"beloz": (0, 0)})
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60)
        with drawn.recording() as seen:
            scene.draw(app.screen)
            texts = [d.label for d in seen if d.kind == "text"]
        assert app.tr("progress.trend_few", min=3, n=2) in texts
        assert ("A trend appears after 3 matches" in texts) == (lang == "en")
        assert ("Une tendance apparaît après 3 parties" in texts) == (lang == "fr")
        # The axis: its top a round number just above the matches' values.
        from beloz.practice import progress as progress_mod

        ys = progress_mod.series(scene.records())
        top = scene.number(axis_top(ys))
        assert top in texts
        assert sweep.check(app) == []
