"""The table's pure game-flow controller: whole matches, determinism, saving, resuming."""

from __future__ import annotations

import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.state import PASS, QUIET_ANNOUNCEMENTS, TAKE, Phase
from beloz.ui import flow_files, game
from beloz.ui.game import GameFlow, StepKind


def random_flow(seed: int, autoplay: bool = True) -> GameFlow:
    seats = range(4) if autoplay else range(1, 4)
    players = {s: RandomPlayer(game.seat_seed(seed, s)) for s in seats}
    return GameFlow(seed, autoplay=autoplay, players=players)


def first_legal(step: game.Step) -> object:
    if step.kind is StepKind.PLAY:
        return step.data["legal"][0]
    if step.kind is StepKind.BID:
        return TAKE if TAKE in step.data["legal"] else PASS
    return step.decide() if step.decide is not None else None


def transcript(flow: GameFlow) -> list[tuple[str, object]]:
    out = []
    while True:
        step = flow.next_step()
        if step.kind is StepKind.MATCH_END:
            return out
        value = step.decide() if step.decide is not None else None
        out.append((step.kind.value, value))
        flow.apply(step, value)


# Every test's files in its own folder (conftest.data_dir).
pytestmark = pytest.mark.usefixtures("data_dir")


def test_whole_match_with_four_random_players_is_deterministic() -> None:
    a, b = random_flow(11), random_flow(11)
    ta, tb = transcript(a), transcript(b)
    assert ta == tb
    assert a.match.scores == b.match.scores
    winner = a.match.winner()
    assert winner is not None
    assert max(a.match.scores) >= a.match.goal
    assert a.match.scores[winner] > a.match.scores[1 - winner]
    # Every hand scored is in the history and adds up to the totals.
    assert [sum(r.score[t] for r in a.match.history) for t in (0, 1)] == a.match.scores
    assert random_flow(12).run() > 0  # another seed plays through too


def test_step_order_of_a_hand() -> None:
    flow = random_flow(3)
    kinds = []
    while flow.match.hands_dealt < 2 or flow.stage != "cut":
        step = flow.next_step()
        kinds.append(step.kind)
        flow.apply(step, step.decide() if step.decide is not None else None)
        if step.kind is StepKind.MATCH_END:
            break
    assert kinds[:3] == [StepKind.DRAW, StepKind.CUT, StepKind.DEAL]
    assert StepKind.BID in kinds
    if StepKind.COMPLETE in kinds:
        plays = kinds.count(StepKind.PLAY)
        assert plays % 32 == 0 and plays > 0
        assert kinds.count(StepKind.COLLECT) == plays // 4
        assert StepKind.SCORE in kinds
    else:
        assert StepKind.REDEAL in kinds


def test_next_step_is_stable_until_applied() -> None:
    flow = random_flow(4)
    s1, s2 = flow.next_step(), flow.next_step()
    assert s1.kind is s2.kind is StepKind.DRAW
    flow.apply(s1)
    cut1, cut2 = flow.next_step(), flow.next_step()
    assert cut1.seat == flow.match.cutter
    assert cut1.decide() == cut2.decide()  # the computer's cut is seeded


@pytest.mark.slow
def test_the_person_plays_seat_zero(monkeypatch) -> None:
    flow = GameFlow(5, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    asked = []

    def human(step: game.Step) -> object:
        asked.append(step.kind)
        assert step.seat == 0
        return first_legal(step)

    flow.run(human)
    assert StepKind.PLAY in asked and StepKind.BID in asked
    assert flow.match.winner() is not None


def test_declaration_flags_reach_the_hand() -> None:
    """The person's answers (announce? belot?) become part of the card's action."""
    for seed in range(40):
        flow = GameFlow(seed, players={s: RandomPlayer(s) for s in (1, 2, 3)})
        while True:
            step = flow.next_step()
            if step.kind is StepKind.PLAY and step.human:
                break
            flow.apply(step, first_legal(step) if step.human else (
                step.decide() if step.decide is not None else None))
        assert flow.hand is not None
        if flow.hand.combos[0] and not flow.hand.tricks:
            break
    else:
        raise AssertionError("no seed gives the person announcements")
    card = step.data["legal"][0]
    flow.apply(step, (card, False, False))
    assert flow.hand.declared[0] == ()
    assert flow.hand.actions()[-1] == card | QUIET_ANNOUNCEMENTS


def test_saved_after_every_bid_and_expedition(monkeypatch) -> None:
    calls = []

    from beloz import savegame

    class FakeSave:
        KeptHand = savegame.KeptHand  # the finished hands, saved for their reviews
        save_path = savegame.save_path

        @staticmethod
        def save_game(match, hand, extra, kept=(), path=None):
            calls.append((hand.phase if hand is not None else None, len(hand.tricks) if hand
                          else None))
            return None

    monkeypatch.setattr(flow_files, "_savegame", lambda: FakeSave)
    flow = GameFlow(6, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    bids = collects = 0
    while flow.match.hands_dealt < 1 or flow.stage != "cut":
        step = flow.next_step()
        value = first_legal(step) if step.human else (
            step.decide() if step.decide is not None else None)
        flow.apply(step, value)
        bids += step.kind is StepKind.BID
        collects += step.kind is StepKind.COLLECT
        if step.kind is StepKind.MATCH_END:
            break
    assert len(calls) >= bids + collects
    assert bids > 0


@pytest.mark.slow
def test_save_file_written_and_resumed(data_dir) -> None:
    from beloz import savegame

    flow = GameFlow(9, players={s: RandomPlayer(s) for s in (1, 2, 3)})
    collected = 0
    while collected < 3:
        step = flow.next_step()
        value = first_legal(step) if step.human else (
            step.decide() if step.decide is not None else None)
        flow.apply(step, value)
        collected += step.kind is StepKind.COLLECT
    assert (data_dir / "savegame.json").is_file()
    saved, messages = savegame.load_game()
    assert saved is not None, messages
    resumed = GameFlow.resume((saved, messages))
    assert resumed.seed == 9
    assert resumed.hand is not None and resumed.hand.phase is Phase.PLAY
    assert len(resumed.hand.tricks) == len(flow.hand.tricks)
    assert resumed.hand.hands == flow.hand.hands
    # The resumed flow asks for the same next card and plays on to the end.
    nxt = resumed.next_step()
    assert nxt.kind is StepKind.PLAY and nxt.seat == flow.next_step().seat
    resumed.players = {s: RandomPlayer(s) for s in (1, 2, 3)}
    resumed.run(first_legal)
    assert resumed.match.winner() is not None
    assert not (data_dir / "savegame.json").exists()  # a finished match leaves no save


def test_computer_player_falls_back(monkeypatch) -> None:
    def fake(spec: str, seed: int = 0):
        if spec.startswith("pimc"):
            raise ValueError(spec)
        return RandomPlayer(seed)

    monkeypatch.setattr(game, "make_player", fake)
    player, spec = game.computer_player("expert", 1)
    assert spec == "heuristic"


def test_levels_per_seat_give_each_seat_its_player() -> None:
    from beloz.ai.beginner import BeginnerPlayer
    from beloz.ai.pimc import PimcPlayer

    flow = GameFlow(3, level="beginner,expert,standard")
    assert flow.player_specs == {1: "pimc:beginner", 2: "pimc:expert", 3: "pimc:standard"}
    assert isinstance(flow.players[1], BeginnerPlayer)
    assert isinstance(flow.players[2], PimcPlayer) and flow.players[2].level.name == "expert"
    assert flow.extra()["level"] == "beginner,expert,standard"  # saved with the match
    flow.set_level("expert")
    assert set(flow.player_specs.values()) == {"pimc:expert"}
    # Unknown names (a save from another version) fall back on standard.
    assert game.levels_by_seat("grandmaster") == {s: "standard" for s in range(4)}
    assert game.levels_by_seat("heuristic,random,beginner")[3] == "beginner"


def test_a_match_with_a_level_per_seat_is_saved_and_resumed(data_dir) -> None:
    """The settings' per-seat levels ("beginner,expert,standard") are saved with the match
    and come back with it (the save's own check once refused them: no match was saved)."""
    from beloz import savegame

    flow = GameFlow(5, level="beginner,expert,standard")
    errors: list[str] = []
    flow.on_save_error = errors.append
    flow.players = {s: RandomPlayer(s) for s in (1, 2, 3)}
    for _ in range(40):  # the first bid is saved
        step = flow.next_step()
        flow.apply(step, first_legal(step) if step.human else (
            step.decide() if step.decide is not None else None))
        if errors or (data_dir / "savegame.json").exists():
            break
    assert errors == []
    saved, messages = savegame.load_game()
    assert saved is not None, messages
    resumed = GameFlow.resume((saved, messages))
    assert resumed.level == "beginner,expert,standard"
    assert resumed.player_specs == {1: "pimc:beginner", 2: "pimc:expert", 3: "pimc:standard"}
    for bad in ("beginner,grandmaster,expert", "beginner,expert", 3):
        with pytest.raises(savegame.BadSave):
            savegame.check_extra({"level": bad})
