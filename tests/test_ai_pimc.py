"""The PIMC player: obvious endgame choices, equivalent cards, levels."""

from __future__ import annotations

import itertools

from beloz.ai.levels import LEVELS
from beloz.ai.pimc import HandModel, PimcPlayer, candidates
from beloz.ai.search import Solver
from beloz.ai.view import infer
from beloz.rules.cards import parse
from beloz.rules.state import HandState, Phase, SeatView

from .test_ai_helpers import TINY, played_state


def _consistent_deals(view: SeatView) -> list[list[int]]:
    k = infer(view)
    others = [s for s in range(4) if s != view.seat]
    unseen = [c for c in range(32) if k.unseen >> c & 1]
    out = []
    for assign in itertools.product(range(3), repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand
        for c, i in zip(unseen, assign, strict=True):
            hands[others[i]] |= 1 << c
        if all(
            hands[s].bit_count() == view.hand_sizes[s]
            and hands[s] & k.must[s] == k.must[s]
            and hands[s] & ~k.may[s] == 0
            for s in others
        ):
            out.append(hands)
    return out


def _exact_values(view: SeatView, hands: list[int], cands: list[int]) -> list[int]:
    model = HandModel(view)
    extras = model.extras(hands)
    assert view.trump is not None
    solver = Solver(view.trump, view.ruleset, view.seat & 1,
                    lambda a, b, c, d: model.value(extras, a, b, c, d))
    return solver.root_values(list(hands), view.leader, list(view.trick), model.p0, model.p1,
                              model.won0, model.last, cands)


def test_pimc_picks_the_obvious_card_in_endgames() -> None:
    found = 0
    for seed in range(80):
        for cards in (24, 25, 26):
            st = played_state(seed, cards)
            if st.phase is not Phase.PLAY:
                continue
            v = st.view(st.current)
            cands = v.legal_actions()
            if len(cands) < 2:
                continue
            deals = _consistent_deals(v)
            table = [_exact_values(v, h, cands) for h in deals]
            # Obvious: one card is at least as good on every deal and 20+ better on average.
            for i in range(len(cands)):
                if all(row[i] >= max(row) for row in table):
                    means = [sum(r[j] for r in table) / len(table) for j in range(len(cands))]
                    others = [means[j] for j in range(len(cands)) if j != i]
                    if means[i] >= max(others) + 20:
                        assert PimcPlayer(3, TINY).play(v) == cands[i]
                        assert PimcPlayer(3, LEVELS["standard"]).play(v) == cands[i]
                        found += 1
                    break
        if found >= 4:
            break
    assert found >= 2


def test_equivalent_cards_collapse_only_when_nothing_lies_between() -> None:
    # Flooded North; seat 1 (first to play) holds the East meerkat, monkey and water snake
    # (all worth 0): with nothing between them they are one choice.
    hands = [0] * 4
    codes = [
        ["N1", "N2", "S3", "S4", "W1", "W2", "W3", "W4"],
        ["E1", "E2", "E3", "S1", "S2", "W5", "W6", "W7"],
        ["N3", "N4", "N5", "N6", "N7", "N8", "W8", "S5"],
        ["E4", "E5", "E6", "E7", "E8", "S6", "S7", "S8"],
    ]
    for s, cs in enumerate(codes):
        for c in cs:
            hands[s] |= 1 << parse(c)
    from beloz.rules.ruleset import BELOZ
    from beloz.rules.state import TAKE

    st = HandState(BELOZ, 0, hands, parse("N3"), None)
    st.apply(32)
    st.apply(TAKE)  # seat 2 takes North (it holds the turned card already)
    v = st.view(1)
    c = candidates(v)
    east = [x for x in c if x >> 3 == 1]
    assert len(east) == 1
    south = [x for x in c if x >> 3 == 2]
    assert len(south) == 1  # S1, S2 likewise
    assert len(c) == 5  # W5, W6, W7 differ in points (2, 3, 4): three choices

    # Move the East monkey to another hand: the meerkat and the water snake are no longer
    # equivalent (the monkey lies between them).
    hands2 = list(hands)
    hands2[1] ^= (1 << parse("E2")) | (1 << parse("S3"))
    hands2[0] ^= (1 << parse("E2")) | (1 << parse("S3"))
    st2 = HandState(BELOZ, 0, hands2, parse("N3"), None)
    st2.apply(32)
    st2.apply(TAKE)
    east2 = [x for x in candidates(st2.view(1)) if x >> 3 == 1]
    assert len(east2) == 2


def test_levels_exist_and_beginner_is_heuristic_with_noise() -> None:
    assert set(LEVELS) == {"beginner", "standard", "expert"}
    assert LEVELS["expert"].samples > LEVELS["standard"].samples
    st = played_state(2, 6)
    v = st.view(st.current)
    assert PimcPlayer(1, LEVELS["beginner"]).play(v) in v.legal_actions()


def test_hand_model_uses_the_public_announcement_verdict() -> None:
    """Once the valid announcements are shown, every seat scores them as the engine does."""
    import json
    from pathlib import Path

    from beloz.rules import record

    doc = json.loads(
        (Path(__file__).parent / "fixtures" / "records" / "seed-example-made.json").read_text()
    )
    for declare in (None, [False] * 4):
        d = dict(doc, plays=doc["plays"][:5])
        if declare is not None:
            d["declare_announcements"] = declare
        state = record.replay(record.validate(d))
        truth = state.announcement_result()
        for seat in range(4):
            view = state.view(seat)
            assert view.announcements_shown
            va, a0, a1 = HandModel(view).static_ann or (None, -1, -1)
            assert va == truth.valid_team and (a0, a1) == truth.points
