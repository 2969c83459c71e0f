"""The double-dummy solver (``beloz.ai.dds``): exact, the same in C and in Python."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from beloz.ai import dds
from beloz.ai.levels import LEVELS
from beloz.ai.pimc import HandModel, choose_card
from beloz.ai.search import Extras, Leaf, SearchTimeout, Solver, Stakes, margin
from beloz.rules.cards import DRY_POINTS, DRY_STRENGTH, FLOODED_POINTS, FLOODED_STRENGTH
from beloz.rules.ruleset import BELOZ, TakersMustBeat

from .test_ai_helpers import played_state

# Contracts without a flooded plain, as tables only (their scoring is not wired yet):
# no-trumps (dry order and points, doubled; follow only) and all-trumps (flooded order and
# points in every plain; follow and climb over whoever is master; void: any card).
NT = dds.Game(tuple(DRY_STRENGTH[c & 7] for c in range(32)),
              tuple(2 * DRY_POINTS[c & 7] for c in range(32)), -1, 0, False, False, 1, 10)
AT = dds.Game(tuple(FLOODED_STRENGTH[c & 7] for c in range(32)),
              tuple(FLOODED_POINTS[c & 7] for c in range(32)), -1, 0b1111, True, False, 1, 10)


def test_the_compiled_solver_is_built() -> None:
    assert dds.compiled_available(), "beloz/ai/_dds.so is missing: `make` builds it"


def _position(rng: random.Random, game: dds.Game, left: int) -> tuple[list[int], int, list[int]]:
    """Random hands of ``left`` expeditions, a leader, and 0-3 cards already played legally
    in the current expedition."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[left * s:left * (s + 1)]) for s in range(4)]
    leader = rng.randrange(4)
    trick: list[int] = []
    py = dds.PySolver(game)
    for i in range(rng.randrange(4)):
        seat = (leader + game.direction * i) & 3
        legal = py.legal(hands[seat], trick)
        c = rng.choice([c for c in range(32) if legal >> c & 1])
        hands[seat] &= ~(1 << c)
        trick.append(c)
    return hands, leader, trick


def _game(rng: random.Random, kind: str) -> tuple[dds.Game, object]:
    if kind == "nt":
        return NT, BELOZ
    if kind == "at":
        return AT, BELOZ
    ruleset = dataclasses.replace(
        BELOZ, direction=rng.choice([1, -1]), undertrump_required=rng.random() < 0.5,
        must_overtrump_partner_on_trump_lead=rng.random() < 0.5,
        takers_must_beat=rng.choice(list(TakersMustBeat)),
    )
    return dds.trump_game(rng.randrange(4), ruleset), ruleset


def _score_leaf(rng: random.Random, ruleset: object, team: int) -> Leaf:
    """The table's hand score, with random announcements, BeloZ and escrow."""
    assert isinstance(ruleset, type(BELOZ))
    taker = rng.randrange(2)
    valid = rng.choice([None, 0, 1])
    a0, a1 = (0, 0) if valid is None else (20, 0) if valid == 0 else (0, 50)
    b0, b1 = rng.choice([(0, 0), (20, 0), (0, 20)])
    esc = rng.choice([0, 0, 81])

    stakes = Stakes(ruleset, taker, esc)
    extras = Extras(valid, a0, a1, b0, b1)

    def leaf(p0: int, p1: int, last: int, won0: int) -> int:
        return margin(stakes, team, extras, p0, p1, last, won0)

    return leaf


def _history(rng: random.Random, game: dds.Game, hands: list[int],
             trick: list[int]) -> tuple[int, int, int]:
    """Points and expeditions of team 0 and 1 so far, consistent with the cards out."""
    out = ((1 << 32) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    for c in trick:
        out &= ~(1 << c)
    done = 8 - (sum(h.bit_count() for h in hands) + len(trick)) // 4
    won0 = rng.randrange(done + 1)
    gone = game.card_points(out)
    p0 = gone if won0 == done else 0 if won0 == 0 else rng.randrange(gone + 1)
    return p0, gone - p0, won0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4), st.sampled_from(["trump", "nt", "at"]))
def test_compiled_and_python_give_the_same_values_and_nodes(seed: int, left: int,
                                                            kind: str) -> None:
    rng = random.Random(seed)
    game, ruleset = _game(rng, kind)
    hands, leader, trick = _position(rng, game, left)
    seat = (leader + game.direction * len(trick)) & 3
    legal = dds.PySolver(game).legal(hands[seat], trick)
    cands = [c for c in range(32) if legal >> c & 1]
    p0, p1, won0 = _history(rng, game, hands, trick)
    leaf = _score_leaf(rng, ruleset, seat & 1)
    py, cc = dds.PySolver(game), dds.CSolver(game)
    a = dds.root_values(py, hands, leader, trick, p0, p1, won0, cands, leaf, seat & 1)
    b = dds.root_values(cc, hands, leader, trick, p0, p1, won0, cands, leaf, seat & 1)
    assert a == b and a is not None
    assert py.nodes == cc.nodes


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_the_solver_values_every_card_as_the_alphabeta_search(seed: int, left: int) -> None:
    rng = random.Random(seed)
    game, ruleset = _game(rng, "trump")
    assert isinstance(ruleset, type(BELOZ))
    hands, leader, trick = _position(rng, game, left)
    seat = (leader + game.direction * len(trick)) & 3
    p0, p1, won0 = _history(rng, game, hands, trick)
    leaf = _score_leaf(rng, ruleset, seat & 1)
    old = Solver(game.trump, ruleset, seat & 1, leaf)
    legal = old.legal(hands[seat], trick)
    cands = [c for c in range(32) if legal >> c & 1]
    last = rng.randrange(2)
    want = old.root_values(list(hands), leader, list(trick), p0, p1, won0, last, cands)
    for compiled in (False, True):
        solver = dds.new_solver(game, compiled)
        got = dds.root_values(solver, hands, leader, trick, p0, p1, won0, cands, leaf, seat & 1)
        assert got == want


def _rules_legal(game: dds.Game, hand: int, trick: list[int]) -> int:
    """No-trumps and all-trumps legality, written from the rules (not from the solver)."""
    if not trick:
        return hand
    lead = trick[0] >> 3
    follow = hand & (0xFF << 8 * lead)
    if not follow:
        return hand
    if game.climb >> lead & 1:
        best = max((c for c in trick if c >> 3 == lead), key=lambda c: game.strength[c])
        up = sum(1 << c for c in range(32)
                 if follow >> c & 1 and game.strength[c] > game.strength[best])
        return up or follow
    return follow


def test_no_trumps_and_all_trumps_legality_follows_the_rules() -> None:
    rng = random.Random(3)
    for game in (NT, AT):
        py = dds.PySolver(game)
        climbs = 0
        for _ in range(2000):
            hands, leader, trick = _position(rng, game, 8)
            seat = (leader + len(trick)) & 3
            want = _rules_legal(game, hands[seat], trick)
            assert py.legal(hands[seat], trick) == want
            follow = hands[seat] & (0xFF << 8 * (trick[0] >> 3)) if trick else 0
            climbs += bool(follow) and want != follow
        assert climbs > 100 if game is AT else climbs == 0


def _brute_u(game: dds.Game, hands: list[int], leader: int, trick: list[int], f0: bool,
             f1: bool) -> int:
    """Team 0's points still to win (+ dix de der, ±CAPOT), by plain minimax."""
    n = len(trick)
    seat = (leader + n) & 3
    if not hands[seat] and not trick:
        return dds.CAPOT if f0 else -dds.CAPOT if f1 else 0
    legal = _rules_legal(game, hands[seat], trick)
    vals = []
    for c in range(32):
        if not legal >> c & 1:
            continue
        hands[seat] &= ~(1 << c)
        t = trick + [c]
        if n == 3:
            lead = t[0] >> 3
            win = max((i for i in range(4) if t[i] >> 3 == lead), key=lambda i: game.strength[t[i]])
            w = (leader + win) & 3
            pts = sum(game.points[x] for x in t)
            if w & 1:
                v = _brute_u(game, hands, w, [], False, f1)
            else:
                pts += game.dix_de_der if not any(hands) else 0
                v = pts + _brute_u(game, hands, w, [], f0, False)
        else:
            v = _brute_u(game, hands, leader, t, f0, f1)
        hands[seat] |= 1 << c
        vals.append(v)
    return max(vals) if seat & 1 == 0 else min(vals)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3), st.sampled_from(["nt", "at"]))
def test_no_trumps_and_all_trumps_tables_solve_exactly(seed: int, left: int, kind: str) -> None:
    rng = random.Random(seed)
    game, _ = _game(rng, kind)
    hands, leader, trick = _position(rng, game, left)
    seat = (leader + len(trick)) & 3
    legal = _rules_legal(game, hands[seat], trick)
    assert dds.PySolver(game).legal(hands[seat], trick) == legal
    cands = [c for c in range(32) if legal >> c & 1]
    p0, p1, won0 = _history(rng, game, hands, trick)
    f0, f1 = dds.position_flags(hands, trick, won0)

    def leaf(q0: int, q1: int, last: int, w0: int) -> int:  # team 0's u, capot apart
        if w0 == 8:
            return q0 - p0 + game.dix_de_der + dds.CAPOT
        if w0 == 0:
            return -dds.CAPOT
        return q0 - p0 + (game.dix_de_der if last == 0 else 0)

    for compiled in (False, True):
        got = dds.root_values(dds.new_solver(game, compiled), hands, leader, trick, p0, p1,
                              won0, cands, leaf, 0)
        want = []
        for c in cands:
            h = list(hands)
            h[seat] &= ~(1 << c)
            t = trick + [c]
            want.append(_brute_u(game, h, leader, t, f0, f1) if len(t) < 4
                        else _after_brute(game, h, leader, t, f0, f1))
        assert got == want


def _after_brute(game: dds.Game, hands: list[int], leader: int, t: list[int], f0: bool,
                 f1: bool) -> int:
    lead = t[0] >> 3
    win = max((i for i in range(4) if t[i] >> 3 == lead), key=lambda i: game.strength[t[i]])
    w = (leader + win) & 3
    pts = sum(game.points[x] for x in t)
    if w & 1:
        return _brute_u(game, hands, w, [], False, f1)
    pts += game.dix_de_der if not any(hands) else 0
    return pts + _brute_u(game, hands, w, [], f0, False)


def test_a_score_that_is_not_monotone_in_the_points_is_left_to_the_alphabeta() -> None:
    game = dds.trump_game(0, BELOZ)
    hands = [0xF, 0xF0, 0xF00, 0xF000]

    def odd(p0: int, p1: int, last: int, won0: int) -> int:
        return p0 % 7

    assert dds.score_runs(odd, 0, 0, 0, 4, 10, 10, False, False) is None
    assert dds.root_values(dds.PySolver(game), hands, 0, [], 100, 22, 2, [0], odd, 0) is None


def test_real_endgames_from_play_equal_the_alphabeta_and_in_c() -> None:
    checked = 0
    for seed in range(10):
        for cards in (16, 17, 20, 23):
            stt = played_state(seed, cards)
            v = stt.view(stt.current)
            if not v.trick and len(v.tricks) < 3:
                continue
            assert v.trump is not None
            model = HandModel(v)
            extras = model.extras(stt.hands)

            def leaf(a: int, b: int, c: int, d: int, model: HandModel = model,
                     extras: tuple = extras) -> int:
                return model.value(extras, a, b, c, d)

            legal = v.legal_actions()
            game = dds.trump_game(v.trump, v.ruleset)
            py, cc = dds.PySolver(game), dds.CSolver(game)
            a = dds.root_values(py, stt.hands, v.leader, v.trick, model.p0, model.p1,
                                model.won0, legal, leaf, v.seat & 1)
            b = dds.root_values(cc, stt.hands, v.leader, v.trick, model.p0, model.p1,
                                model.won0, legal, leaf, v.seat & 1)
            assert a == b and py.nodes == cc.nodes
            if cards >= 20:
                old = Solver(v.trump, v.ruleset, v.seat & 1, leaf).root_values(
                    list(stt.hands), v.leader, list(v.trick), model.p0, model.p1, model.won0,
                    model.last, legal)
                assert a == old
            checked += 1
    assert checked >= 25


def test_expert_solves_every_sampled_deal_from_six_expeditions_left() -> None:
    level = LEVELS["expert"]
    assert level.solve_tricks >= 5
    seen = 0
    for seed in range(8):
        if seen == 2:
            break
        stt = played_state(seed, 8)  # two expeditions done: six left
        v = stt.view(stt.current)
        if len(v.legal_actions()) < 2 or len(v.tricks) != 2:
            continue
        card, stats = choose_card(v, random.Random(seed), level)
        assert card in v.legal_actions()
        if stats.get("samples"):
            assert stats["exact"] == 1.0
            seen += 1
    assert seen >= 2


def test_a_node_limit_stops_both_solvers_at_the_same_node() -> None:
    stt = played_state(2, 8)
    v = stt.view(stt.current)
    assert v.trump is not None
    model = HandModel(v)
    extras = model.extras(stt.hands)

    def leaf(a: int, b: int, c: int, d: int) -> int:
        return model.value(extras, a, b, c, d)

    game = dds.trump_game(v.trump, v.ruleset)
    counts = []
    for compiled in (False, True):
        solver = dds.new_solver(game, compiled)
        solver.max_nodes = 500
        with pytest.raises(SearchTimeout):
            dds.root_values(solver, stt.hands, v.leader, v.trick, model.p0, model.p1,
                            model.won0, v.legal_actions(), leaf, v.seat & 1)
        counts.append(solver.nodes)
        with pytest.raises(SearchTimeout):  # the limit is on the running count
            dds.root_values(solver, stt.hands, v.leader, v.trick, model.p0, model.p1,
                            model.won0, v.legal_actions(), leaf, v.seat & 1)
    assert counts == [501, 501]
