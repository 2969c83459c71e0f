"""Progress: the person's losses per decision (forced and hinted decisions left out), the
levels' scale and where a person stands on it, and progress.json (records, damage, .bak)."""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

from beloz import review_store
from beloz.ai import review
from beloz.practice import level_scale as LS
from beloz.practice import progress as P
from beloz.practice.losses import decision_losses
from beloz.practice.problem import SKILLS
from beloz.savegame import KeptHand

from .test_practice_problem import _careless_hand

TODAY = dt.date(2026, 3, 2)


# The files in the test's own folder, hints and reviews on a small budget (conftest).
pytestmark = pytest.mark.usefixtures("data_dir", "tiny_review")


def _reviewed(seed: int) -> tuple[object, review_store.Review]:
    """A hand with a taker, seat 0 careless, reviewed bids and cards."""
    while True:
        final = _careless_hand(seed)
        if final.taker is not None:
            start, actions = final.history()
            return final, review.review_hand(start, actions, 0)
        seed += 100


# -- the losses of a reviewed hand ---------------------------------------------------------


def test_each_unforced_decision_counts_its_loss_beyond_the_noise_and_its_skill() -> None:
    final, rv = _reviewed(7)
    losses = decision_losses(final, rv)
    unforced = [r for r in rv.ratings if not r.forced]
    assert [x.number for x in losses] == [r.number for r in unforced]
    assert len(unforced) < len(rv.ratings)  # some were forced
    for x, r in zip(losses, unforced, strict=True):
        assert x.lost == (0.0 if r.loss <= r.noise else r.loss) and x.lost >= 0
        assert x.skill in SKILLS
        assert (x.skill == "bidding") == (r.kind == "bid")
    assert any(x.lost > 0 for x in losses)  # seat 0 plays at random: it loses somewhere


def test_forced_decisions_do_not_count() -> None:
    for seed in range(20):
        final, rv = _reviewed(seed)
        forced = {r.number for r in rv.ratings if r.forced}
        if forced:
            numbers = {x.number for x in decision_losses(final, rv)}
            assert not numbers & forced
            return
    pytest.fail("no hand with a forced decision")


def test_decisions_excluded_by_number_do_not_count() -> None:
    final, rv = _reviewed(3)
    all_ = decision_losses(final, rv)
    skip = {all_[0].number, all_[-1].number}
    left = decision_losses(final, rv, exclude=skip)
    assert [x.number for x in left] == [x.number for x in all_ if x.number not in skip]


def test_a_review_of_another_hand_gives_nothing() -> None:
    final, rv = _reviewed(3)
    other, _ = _reviewed(7)
    assert decision_losses(other, rv) == []
    wrong_seat = replace(rv, seat=1)
    assert decision_losses(final, wrong_seat) == []


# -- the scale -----------------------------------------------------------------------------

LEVELS = {
    "beginner": LS.LevelLoss(6.0, 0.5, 900),
    "standard": LS.LevelLoss(2.0, 0.4, 900),
    "expert": LS.LevelLoss(0.3, 0.1, 900),
}


@pytest.mark.parametrize(("mean", "half", "kind", "levels"), [
    (6.2, 0.5, "like", ("beginner",)),
    (2.5, 0.3, "like", ("standard",)),
    (4.0, 0.5, "between", ("beginner", "standard")),
    (1.0, 0.2, "between", ("standard", "expert")),
    (9.0, 1.0, "below", ("beginner",)),
    (0.05, 0.05, "beyond", ("expert",)),
    # A wide interval overlapping two levels: the nearest.
    (3.5, 3.0, "like", ("standard",)),
])
def test_a_mean_is_placed_among_the_levels(mean: float, half: float, kind: str,
                                           levels: tuple[str, ...]) -> None:
    assert LS.place(mean, half, 200, LEVELS) == LS.Placement(kind, levels)


def test_too_few_decisions_are_not_placed() -> None:
    assert LS.place(2.0, 0.1, LS.MIN_DECISIONS - 1, LEVELS).kind == "too_few"
    assert LS.place(2.0, 0.1, LS.MIN_DECISIONS, LEVELS).kind == "like"
    assert LS.place(2.0, 0.1, 500, {}).kind == "too_few"


def test_the_ratio_interval_treats_each_part_as_one_draw() -> None:
    mean, half = LS.ratio_interval([(10, 20.0), (10, 40.0), (20, 60.0)])
    assert mean == pytest.approx(3.0)
    # Residuals -10, +10, 0: sqrt(200 * 3 / 2) / 40 * 1.96.
    assert half == pytest.approx(1.96 * math.sqrt(300) / 40)
    assert LS.ratio_interval([(5, 10.0)]) == (2.0, math.inf)
    assert LS.ratio_interval([]) == (0.0, math.inf)


def test_the_shipped_figures_cover_every_ruleset_and_level() -> None:
    from beloz.rules.ruleset import RULESETS

    shipped = LS.shipped_levels()
    for name in RULESETS:
        assert set(shipped[name]) == set(LS.LEVEL_ORDER), name
        for got in shipped[name].values():
            assert got.decisions >= 100 and 0 <= got.half_width < 10
    doc = json.loads(LS.DATA.read_text())
    assert doc["made_by"].startswith("python -m bench.level_losses")


def test_a_damaged_level_figure_is_left_out() -> None:
    doc = {"rulesets": {"beloz": {
        "beginner": {"mean": 5.0, "half_width": 1.0, "decisions": 100},
        "standard": {"mean": "2", "half_width": 1.0, "decisions": 100},
        "expert": {"mean": 0.2, "half_width": -1, "decisions": 100}}, "x": 3}}
    assert LS.parse_levels(doc) == {"beloz": {"beginner": LS.LevelLoss(5.0, 1.0, 100)}}
    assert LS.parse_levels([1, 2]) == {}


# -- the records ---------------------------------------------------------------------------


def _record(i: int, ruleset: str = "beloz", lost: float = 10.0, n: int = 5,
            result: str | None = "won", undo: bool = False, level: str = "standard"
            ) -> P.MatchRecord:
    return P.MatchRecord(f"m{i}", ruleset, level, TODAY + dt.timedelta(days=i),
                         {"leading": (n, lost), "bidding": (1, 0.0)}, undo, result)


def test_a_match_record_counts_the_reviewed_hands_hints_followed_and_practice_left_out(
        ) -> None:
    h1, r1 = _reviewed(3)
    h2, r2 = _reviewed(5)
    h3, r3 = _reviewed(8)
    kept = [KeptHand(1, h1, r1), KeptHand(2, h2, None), KeptHand(3, h3, r3)]
    first = decision_losses(h1, r1)
    hinted = {1: {first[0].number}}
    rec = P.match_record("abc", "beloz", "expert", kept, hinted, False, None, TODAY)
    counted = first[1:] + decision_losses(h3, r3)
    assert rec.decisions == len(counted)
    assert rec.lost == pytest.approx(sum(x.lost for x in counted))
    assert set(rec.skills) == {x.skill for x in counted}
    # A practice hand ("Play this deal again") stays out.

    class Practice:
        number, hand, review, practice = 4, h2, r2, True

    again = P.match_record("abc", "beloz", "expert", [*kept, Practice()], hinted, False,
                           None, TODAY)
    assert again.skills == rec.skills


def test_a_record_is_replaced_keeping_its_day_and_result() -> None:
    prog = P.Progress()
    prog.update(_record(1, result=None))
    later = replace(_record(1, lost=20.0, result="lost"), date=TODAY + dt.timedelta(days=9))
    prog.update(later)
    (m,) = prog.matches.values()
    assert m.date == TODAY + dt.timedelta(days=1) and m.result == "lost" and m.lost == 20.0
    prog.update(_record(1, lost=30.0, result=None))
    assert prog.matches["m1"].result == "lost" and prog.matches["m1"].lost == 30.0


def test_matches_with_undo_are_counted_apart() -> None:
    prog = P.Progress()
    for i in range(4):
        prog.update(_record(i, undo=i == 2))
    assert [m.id for m in prog.of("beloz")] == ["m0", "m1", "m3"]
    assert [m.id for m in prog.of("beloz", undo=True)] == ["m2"]
    assert prog.of("belote-classique") == []


def test_series_trend_skills_and_wins() -> None:
    recs = [_record(i, lost=float(10 - 2 * i), n=4, result=r, level=lv)
            for i, (r, lv) in enumerate([("won", "expert"), ("lost", "expert"),
                                         (None, "standard"), ("won", "standard")])]
    recs.append(P.MatchRecord("empty", "beloz", "expert", TODAY, {}, False, "lost"))
    ys = P.series(recs)
    assert ys == pytest.approx([10 / 5, 8 / 5, 6 / 5, 4 / 5])
    b, a = P.trend(ys)
    assert a == pytest.approx(-0.4) and b == pytest.approx(2.0)
    assert P.trend([1.0]) is None
    skills = P.by_skill(recs)
    assert list(skills) == [s for s in SKILLS if s in ("leading", "bidding")]
    assert skills["leading"] == (16, pytest.approx(28 / 16))
    assert skills["bidding"] == (4, 0.0)
    assert P.wins_by_level(recs) == {"expert": (3, 1), "standard": (1, 1)}
    mean, half, n = P.overall(recs)
    assert n == 20 and mean == pytest.approx(28 / 20) and half > 0


def test_saved_and_loaded_the_same(data_dir: Path) -> None:
    prog = P.Progress()
    for i in range(3):
        prog.update(_record(i, ruleset="belot-bulgare" if i else "beloz"))
    assert P.save_progress(prog) is None
    again, messages = P.load_progress()
    assert messages == [] and again.to_dict() == prog.to_dict()
    assert list(again.matches) == ["m0", "m1", "m2"]


def test_garbage_is_set_aside_with_a_message(data_dir: Path) -> None:
    (data_dir / "progress.json").write_bytes(b"[[[ not json")
    prog, messages = P.load_progress()
    assert prog.matches == {} and len(messages) == 1
    assert "progress.json.bak" in messages[0] and "could not be read" in messages[0]
    assert (data_dir / "progress.json.bak").read_bytes() == b"[[[ not json"


def test_a_damaged_record_is_left_out_the_others_kept(data_dir: Path) -> None:
    prog = P.Progress()
    for i in range(3):
        prog.update(_record(i))
    d = prog.to_dict()
    d["matches"][1]["skills"]["leading"] = [5, -3]
    text = json.dumps(d)
    (data_dir / "progress.json").write_text(text)
    again, messages = P.load_progress()
    assert list(again.matches) == ["m0", "m2"]
    assert len(messages) == 1 and "left out" in messages[0]
    assert "progress.json.bak" in messages[0]
    assert (data_dir / "progress.json.bak").read_text() == text


@pytest.mark.slow
def test_fuzz_damaged_files_never_raise(data_dir: Path) -> None:
    from .test_practice_queue import fuzz_damaged_file

    prog = P.Progress()
    for i in range(3):
        prog.update(_record(i, result=None if i == 1 else "won", undo=i == 2))
    loaded = list(fuzz_damaged_file(data_dir / "progress.json", prog.to_dict(),
                                    P.load_progress, P.save_progress))
    assert len(loaded) == 300


def test_past_the_cap_the_oldest_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(P, "MAX_MATCHES", 2)
    prog = P.Progress()
    for i in range(3):
        prog.update(_record(i))
    assert list(prog.matches) == ["m1", "m2"]


# -- the match's flow: hints followed, undo, the match's end -------------------------------


def _person_flow(seed: int, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game

    monkeypatch.setattr(game, "computer_player",
                        lambda level, s: (RandomPlayer(s), "random"))
    flow = game.GameFlow(seed, level="expert")
    flow.persist = flow.record_stats = True
    return flow


def _answer(step):  # type: ignore[no-untyped-def]
    from beloz.ui.game import StepKind

    legal = step.data.get("legal")
    if step.kind is StepKind.BID:
        return legal[1] if len(legal) > 1 else legal[0]
    return legal[0] if legal else {StepKind.CUT: 16, StepKind.DEAL: 3}.get(step.kind)


def _play_until(flow, stop):  # type: ignore[no-untyped-def]
    """Play on (the person: ``_answer``) until ``stop(step)``; that step is returned."""
    for _ in range(20000):
        step = flow.next_step()
        if stop(step):
            return step
        value = _answer(step) if step.human else (
            step.decide() if step.decide is not None else None)
        flow.apply(step, value)
    raise AssertionError("never reached")


def test_a_hint_followed_is_noted_at_its_place_in_the_hand_and_kept_in_the_save(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from beloz import savegame
    from beloz.ui.game import GameFlow, StepKind

    flow = _person_flow(9, monkeypatch)
    step = _play_until(flow, lambda s: s.kind is StepKind.PLAY and s.human)
    hand = flow.hand
    card = _answer(step)
    flow.note_hint_followed()  # the person plays what the hint said
    flow.apply(step, card)
    number = flow.hand_number()
    _play_until(flow, lambda s: s.kind is StepKind.SCORE)
    kept = flow.kept[-1]
    assert kept.number == number and kept.hand is hand
    _, actions = hand.history()
    (noted,) = flow.hinted[number]
    assert actions[noted] == card  # the place decision_losses numbers it by
    # Kept in the save's extra, and read back on resuming.
    flow.save()
    saved, messages = savegame.load_game()
    assert saved is not None, messages
    assert GameFlow.resume(saved).hinted == {number: {noted}}


def test_a_hint_followed_then_taken_back_is_forgotten(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    from beloz.ui.game import StepKind

    flow = _person_flow(9, monkeypatch)
    step = _play_until(flow, lambda s: s.kind is StepKind.PLAY and s.human
                       and flow.hand.tricks)
    flow.note_hint_followed()
    flow.apply(step, _answer(step))
    before = set(flow.hinted[flow.hand_number()])
    assert flow.undo(0)
    assert flow.hinted[flow.hand_number()] == set() and before
    assert flow.used_undo


def test_the_hints_kept_in_a_save_are_read_with_care() -> None:
    from beloz.ui.flow_files import _hinted_from_extra

    assert _hinted_from_extra({"3": [4, 7], "x": [1], "²": [1], "5": "no", "6": [True, -1,
                                                                                     9]}) \
        == {3: {4, 7}, 6: {9}}
    assert _hinted_from_extra([1, 2]) == {} and _hinted_from_extra(None) == {}


def test_the_match_end_records_the_result_and_a_review_its_losses(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from beloz.ui.game import HandKept, StepKind

    flow = _person_flow(4, monkeypatch)
    _play_until(flow, lambda s: s.kind is StepKind.SCORE)
    # A review arrives for the first hand (the table's ``keep_progress``).
    final, rv = _reviewed(7)
    flow.kept[0] = HandKept(flow.kept[0].number, final, rv)
    flow.record_progress()
    prog, _ = P.load_progress()
    (rec,) = prog.matches.values()
    assert rec.id == flow.match_id and rec.level == "expert" and rec.result is None
    assert rec.decisions == len(decision_losses(final, rv)) > 0
    assert not rec.undo
    _play_until(flow, lambda s: s.kind is StepKind.MATCH_END)
    prog, _ = P.load_progress()
    (rec,) = prog.matches.values()
    won = flow.match.winner() == 0
    assert rec.result == ("won" if won else "lost")
    assert rec.decisions == len(decision_losses(final, rv))


def test_no_record_for_a_match_not_counted(monkeypatch: pytest.MonkeyPatch,
                                           data_dir: Path) -> None:
    from beloz.ui.game import StepKind

    flow = _person_flow(4, monkeypatch)
    flow.record_stats = False  # autoplay, screenshots, a window that saves nothing, practice
    _play_until(flow, lambda s: s.kind is StepKind.MATCH_END)
    assert not (data_dir / "progress.json").exists()


def test_the_table_keeps_no_progress_in_a_window_that_saves_nothing(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from types import SimpleNamespace

    from beloz.ui.scenes.table.hints import keep_progress

    calls: list[int] = []
    flow = SimpleNamespace(persist=True, record_progress=lambda: calls.append(1))
    keep_progress(SimpleNamespace(read_only=True), flow)
    assert calls == []
    flow.persist = False
    keep_progress(SimpleNamespace(read_only=False), flow)
    assert calls == []
    flow.persist = True
    keep_progress(SimpleNamespace(read_only=False), flow)
    assert calls == [1]


def test_a_new_deal_forgets_the_hints_of_a_deal_all_passed(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from beloz.ui.game import StepKind

    flow = _person_flow(9, monkeypatch)
    step = _play_until(flow, lambda s: s.kind is StepKind.DEAL)
    # A bid made as the hint said, in a deal that all four then passed: the same number
    # is the next deal's, which must start with none.
    flow.hinted[flow.hand_number()] = {2}
    flow.apply(step, 3)
    assert flow.hinted.get(flow.hand_number(), set()) == set()


def test_an_autoplay_counted_in_the_statistics_keeps_no_progress(
        monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from beloz.ai.player import RandomPlayer
    from beloz.ui import game
    from beloz.ui.game import StepKind

    monkeypatch.setattr(game, "computer_player",
                        lambda level, s: (RandomPlayer(s), "random"))
    flow = game.GameFlow(4, autoplay=True)
    flow.record_stats = True  # main.py --autoplay --stats: seat 0 is no person
    _play_until(flow, lambda s: s.kind is StepKind.MATCH_END)
    assert (data_dir / "stats.json").exists()
    assert not (data_dir / "progress.json").exists()


def test_a_skills_own_series_leaves_out_the_matches_without_it() -> None:
    recs = [P.MatchRecord("a", "beloz", "expert", TODAY, {"leading": (4, 8.0)}),
            P.MatchRecord("b", "beloz", "expert", TODAY, {"bidding": (2, 1.0)}),
            P.MatchRecord("c", "beloz", "expert", TODAY, {"leading": (2, 1.0),
                                                           "bidding": (0, 0.0)})]
    assert P.skill_series(recs, "leading") == [2.0, 0.5]
    assert P.skill_series(recs, "bidding") == [0.5]
    assert P.skill_series(recs, "drawing") == []
