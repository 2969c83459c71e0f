"""Endgame search and the fast scorer."""

from __future__ import annotations

import random

from beloz.ai.pimc import HandModel
from beloz.ai.search import Extras, Leaf, Solver, Stakes, fast_score
from beloz.rules.announcements import AnnouncementResult
from beloz.rules.ruleset import BELOZ
from beloz.rules.scoring import score_hand

from .test_ai_helpers import played_state


def _leaf(model: HandModel, extras: Extras) -> Leaf:
    def leaf(p0: int, p1: int, last: int, won0: int) -> int:
        return model.value(extras, p0, p1, last, won0)

    return leaf


def test_fast_score_equals_score_hand() -> None:
    rng = random.Random(1)
    for _ in range(3000):
        taker = rng.randrange(2)
        won0 = rng.choice([0, 8, rng.randrange(9)])
        cp0 = 152 if won0 == 8 else 0 if won0 == 0 else rng.randrange(153)
        last = 0 if won0 == 8 else 1 if won0 == 0 else rng.randrange(2)
        valid = rng.choice([None, 0, 1])
        ann = (0, 0) if valid is None else (
            (rng.choice([20, 50, 100, 170]), 0) if valid == 0 else (0, rng.choice([20, 150]))
        )
        bel = (rng.choice([0, 20]), 0) if rng.random() < 0.5 else (0, rng.choice([0, 20]))
        esc = rng.choice([0, 0, 81])
        r = score_hand(
            BELOZ, taker, (cp0, 152 - cp0), last, (won0, 8 - won0),
            AnnouncementResult(valid, ann, False), bel, esc,
        )
        f = fast_score(Stakes(BELOZ, taker, esc), Extras(valid, ann[0], ann[1], bel[0], bel[1]),
                       cp0, 152 - cp0, last, won0)
        assert f == r.score


def test_alphabeta_equals_brute_force_on_small_endgames() -> None:
    checked = 0
    for seed in range(30):
        for cards in (20, 22, 23):  # three expeditions left, at various trick positions
            st = played_state(seed, cards)
            if len(st.tricks) < 5:
                continue
            v = st.view(st.current)
            model = HandModel(v)
            extras = model.extras(st.hands)

            leaf = _leaf(model, extras)
            assert v.trump is not None
            solver = Solver(v.trump, v.ruleset, v.seat & 1, leaf)
            legal = v.legal_actions()
            vals = solver.root_values(
                list(st.hands), v.leader, list(v.trick), model.p0, model.p1, model.won0,
                model.last, legal,
            )
            for c, val in zip(legal, vals, strict=True):
                hands = list(st.hands)
                hands[v.seat] &= ~(1 << c)
                trick = list(v.trick) + [c]
                # Brute force from after c: finish the trick through the solver's brute.
                brute = _brute_after(solver, hands, v.leader, trick, model)
                assert val == brute
            checked += 1
    assert checked >= 20


def _brute_after(solver: Solver, hands: list[int], leader: int, trick: list[int],
                 model: HandModel) -> int:
    if len(trick) < 4:
        return solver.brute(hands, leader, trick, model.p0, model.p1, model.won0, model.last)
    from beloz.ai.heuristic import KEY, PTS

    key = KEY[solver.trump]
    lead = trick[0] >> 3
    m = 0
    for i in (1, 2, 3):
        p = trick[i] >> 3
        if (p == solver.trump or p == lead) and key[trick[i]] > key[trick[m]]:
            m = i
    winner = (leader + m) % 4
    total = sum(PTS[solver.trump][c] for c in trick)
    if winner & 1:
        return solver.brute(hands, winner, [], model.p0, model.p1 + total, model.won0, 1)
    return solver.brute(hands, winner, [], model.p0 + total, model.p1, model.won0 + 1, 0)


def test_search_value_matches_engine_result_when_everyone_follows_it() -> None:
    # The root value of the last expedition (all forced) is the engine's final score.
    for seed in range(10):
        st = played_state(seed, 28)
        if len(st.tricks) != 7:
            continue
        v = st.view(st.current)
        model = HandModel(v)
        extras = model.extras(st.hands)
        assert v.trump is not None
        solver = Solver(v.trump, v.ruleset, v.seat & 1, _leaf(model, extras))
        val = solver.root_values(list(st.hands), v.leader, list(v.trick), model.p0, model.p1,
                                 model.won0, model.last, v.legal_actions())[0]
        while not st.is_terminal():
            st.apply(st.legal_actions()[0])
        s = st.result().score
        assert val == (s[0] - s[1] if v.seat % 2 == 0 else s[1] - s[0])
