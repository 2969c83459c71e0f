"""RULES.md §5 (announcements) and §6 (BeloZ and Re-BeloZ)."""

from __future__ import annotations

import random

import pytest

from beloz.rules.announcements import best_combination, compare
from beloz.rules.ruleset import BELOZ
from beloz.rules.state import PASS, TAKE, HandState
from tests.test_rules_oracle import cid, cids, mask, mask_cards, name

N, E, S, W = range(4)


def combo(hand: str) -> list[tuple[int, set[str]]]:
    """(points, cards) of each announcement the hand makes, sorted."""
    out = [(a.points, {name(c) for c in mask_cards(a.mask)}) for a in best_combination(mask(hand))]
    return sorted(out, key=lambda x: (x[0], sorted(x[1])))


def anns(hand: str):
    return tuple(best_combination(mask(hand)))


# -------------------------------------------------------------------------------------------
# sequences


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("N1 N2 N3 E5 E7 W1 W3 S8", [(20, {"N1", "N2", "N3"})]),  # tierce
        ("N4 N5 N6 N7 E1 E3 W5 S8", [(50, {"N4", "N5", "N6", "N7"})]),  # quarté
        ("N4 N5 N6 N7 N8 E1 W3 S8", [(100, {"N4", "N5", "N6", "N7", "N8"})]),  # quinte
        ("N1 N2 N3 N4 N5 N6 E1 W8", [(100, {"N1", "N2", "N3", "N4", "N5", "N6"})]),  # 6: quinte
        ("N1 N2 N3 N4 N5 N6 N7 N8", [(100, {f"N{i}" for i in range(1, 9)})]),  # 8: one quinte
        ("N1 N2 N3 N5 N6 N7 E1 W1", [(20, {"N1", "N2", "N3"}), (20, {"N5", "N6", "N7"})]),
        ("N2 N3 N4 N5 E6 E7 E8 W1", [(20, {"E6", "E7", "E8"}), (50, {"N2", "N3", "N4", "N5"})]),
        ("N7 N8 N1 E1 E3 W5 W7 S2", []),  # no wrap-around from 8 to 1
        ("N7 N8 E1 E2 W4 W6 S3 S5", []),  # runs do not cross plains
        ("N1 N2 E3 E5 W6 W8 S1 S3", []),
        ("S3 S4 S5 W2 W3 W4 N8 E1", [(20, {"S3", "S4", "S5"}), (20, {"W2", "W3", "W4"})]),
    ],
)
def test_sequences(hand, expected):
    assert combo(hand) == sorted(expected, key=lambda x: (x[0], sorted(x[1])))


# -------------------------------------------------------------------------------------------
# carrés


@pytest.mark.parametrize(
    "number, points",
    [(5, 200), (3, 150), (8, 100), (4, 100), (7, 100), (6, 100), (2, 0), (1, 0)],
)
def test_carres(number, points):
    others = [c for c in ("N1", "E3", "W6", "S8", "E8", "W1", "N5", "S2") if int(c[1]) != number]
    hand = [f"{p}{number}" for p in "NESW"] + others[:4]
    got = combo(" ".join(hand))
    assert all(len(cs) != 3 for _, cs in got)  # the filler makes no sequence
    carre = {f"{p}{number}" for p in "NESW"}
    if points:
        assert (points, carre) in got
    else:  # monkeys and meerkats: no carré
        assert all(cs != carre for _, cs in got)


def test_two_carres():
    assert combo("N5 E5 S5 W5 N3 E3 S3 W3") == [
        (150, {"N3", "E3", "S3", "W3"}),
        (200, {"N5", "E5", "S5", "W5"}),
    ]


def test_carre_and_sequence_sharing_a_card_best_points():
    # carré of water snakes (150) or quinte N1..N5 (100): the carré; the rest makes nothing
    assert combo("N3 E3 S3 W3 N1 N2 N4 N5") == [(150, {"N3", "E3", "S3", "W3"})]
    # carré of crocodiles (200) or tierce N5-N7 (20)
    assert combo("N5 E5 S5 W5 N6 N7 E1 W8") == [(200, {"N5", "E5", "S5", "W5"})]
    # two tierces (40) broken by a carré of rhinos (100)
    assert combo("N6 E6 S6 W6 N5 N7 E5 E7") == [(100, {"N6", "E6", "S6", "W6"})]


def test_carre_and_sequence_sharing_a_card_equal_points_carre():
    # quinte N4..N8 (100) or carré of rhinos (100), sharing N6: the carré
    assert combo("N4 N5 N6 N7 N8 E6 S6 W6") == [(100, {"N6", "E6", "S6", "W6"})]


def test_a_card_in_at_most_one_announcement():
    rng = random.Random(5)
    for _ in range(2000):
        deck = list(range(32))
        rng.shuffle(deck)
        hand = sum(1 << c for c in deck[:8])
        used = 0
        for a in best_combination(hand):
            assert a.mask & hand == a.mask
            assert a.mask & used == 0
            used |= a.mask


# -------------------------------------------------------------------------------------------
# the team comparison


def cmp(declared: list[str | None], trump: int, first_player: int = 1):
    return compare([anns(h) if h else () for h in declared], trump, BELOZ, first_player)


def test_seed_example_70_points():
    """Quarté to 7 + partner's tierce to 4 against the opponents' tierce to 8: 70 points."""
    r = cmp(["N4 N5 N6 N7 E1 W8 S3 S1", None, "E2 E3 E4 W1 W3 N1 S5 S7", "W6 W7 W8"], S)
    assert r.valid_team == 0
    assert tuple(r.points) == (70, 0)
    # the same with the teams swapped
    r = cmp([None, "N4 N5 N6 N7 E1 W8 S3 S1", "W6 W7 W8", "E2 E3 E4 W1 W3 N1 S5 S7"], S)
    assert r.valid_team == 1 and tuple(r.points) == (0, 70)


def test_any_carre_beats_any_sequence():
    # carré of rhinos (100, the weakest) against a flooded quinte to 8 (100)
    r = cmp(["N6 E6 S6 W6", "S4 S5 S7 S8 S3"], S)
    assert r.valid_team == 0 and tuple(r.points) == (100, 0)
    r = cmp(["S4 S5 S7 S8 S3 N1 N2 N3", "N6 E6 S6 W6"], S)
    assert r.valid_team == 1 and tuple(r.points) == (0, 100)


CARRE_ORDER = [5, 3, 8, 4, 7, 6]  # crocodiles, water snakes, lions, leopards, elephants, rhinos


@pytest.mark.parametrize("i", range(len(CARRE_ORDER)))
@pytest.mark.parametrize("j", range(len(CARRE_ORDER)))
def test_carres_by_points_then_animal(i, j):
    if i == j:
        return
    a = " ".join(f"{p}{CARRE_ORDER[i]}" for p in "NESW")
    b = " ".join(f"{p}{CARRE_ORDER[j]}" for p in "NESW")
    r = cmp([a, None, None, b], W)
    winner = 0 if i < j else 1
    assert r.valid_team == winner
    assert r.points[1 - winner] == 0


@pytest.mark.parametrize(
    "team0, team1, trump, winner",
    [
        ("N1 N2 N3 N4", "S6 S7 S8", S, 0),  # quarté beats a flooded tierce (points first)
        ("N2 N3 N4 N5 N6", "E3 E4 E5 E6 E7 E8", W, 1),  # two quintes: higher top wins
        ("N1 N2 N3 N4 N5 N6", "E4 E5 E6 E7 E8", W, 1),  # ...not the longer run
        ("N6 N7 N8", "S5 S6 S7", S, 0),  # tierce to 8 beats a flooded tierce to 7
        ("N3 N4 N5", "S3 S4 S5", S, 1),  # same top: the flooded one wins
        ("S3 S4 S5", "N3 N4 N5", S, 0),
        ("N3 N4 N5", "E3 E4 E5", S, None),  # same top, neither flooded: all cancelled
        ("N4 N5 N6 N7 N8", "W4 W5 W6 W7 W8", E, None),
    ],
)
def test_sequences_compared(team0, team1, trump, winner):
    r = cmp([team0, team1], trump)
    assert r.valid_team == winner
    if winner is None:
        assert tuple(r.points) == (0, 0)


def test_tie_cancels_all_announcements_of_both_teams():
    # team 0: tierce to 5 (N) and partner's tierce to 3; team 1: tierce to 5 (W) and a
    # flooded tierce to 3.  Best: two tierces to 5, neither flooded -> nobody scores.
    r = cmp(["N3 N4 N5", "W3 W4 W5", "E1 E2 E3", "S1 S2 S3"], S)
    assert r.valid_team is None and tuple(r.points) == (0, 0)


def test_best_single_announcement_of_the_team_counts_all():
    # team 1's best (quinte to 8) beats team 0's quinte to 7; team 1 also scores its tierce
    r = cmp(["N3 N4 N5 N6 N7", "E4 E5 E6 E7 E8", "W1 W2 W3 W4", "S1 S2 S3"], W)
    assert r.valid_team == 1 and tuple(r.points) == (0, 120)


def test_undeclared_takes_no_part():
    # seat 1's carré undeclared: team 0's tierce wins
    r = cmp(["N1 N2 N3", None, None, None], S)
    assert r.valid_team == 0 and tuple(r.points) == (20, 0)
    # an undeclared equal sequence does not cancel
    r = cmp(["N3 N4 N5", None], S)
    assert r.valid_team == 0 and tuple(r.points) == (20, 0)
    r = cmp([None, None, None, None], S)
    assert r.valid_team is None and tuple(r.points) == (0, 0)


# -------------------------------------------------------------------------------------------
# Declaring during the first expedition, revealing during the second (HandState / view)

DEAL = [
    "S5 S8 E1 E2 E3 E4 E5 E6",  # seat 0 (dealer, taker): quinte E1..E6 (to 6)
    "S4 S7 N1 N2 N3 W1 W2 W3",  # seat 1: tierces N1..N3 and W1..W3
    "S1 S3 N4 N5 N6 N7 N8 W4",  # seat 2: quinte N4..N8 (to 8)
    "S2 S6 E7 E8 W5 W6 W7 W8",  # seat 3: quarté W5..W8
]


def deal_state() -> HandState:
    st = HandState(BELOZ, 0, [mask(h) for h in DEAL], cid("S5"), None)
    for b in (PASS, PASS, PASS, TAKE):
        st.apply(b)
    return st


def play_rest_randomly(st: HandState, seed: int, declare=(True, True, True, True),
                       belot: bool = True) -> None:
    """Random legal cards to the end, each seat declaring its announcements as ``declare``
    says and every belot as ``belot`` says."""
    rng = random.Random(seed)
    while not st.is_terminal():
        c = rng.choice(st.legal_actions())
        st.apply(st.card_action(c, announce=declare[st.current], belot=belot))


def test_declaration_during_first_expedition_and_reveal_in_second():
    st = deal_state()
    assert all(len(st.view(0).declared[s]) == 0 for s in range(4))
    st.apply(cid("S4"))  # seat 1 declares with its first card
    v0 = st.view(0)
    assert sorted(d.points for d in v0.declared[1]) == [20, 20]  # the type is public
    assert all(d.cards is None for d in v0.declared[1])  # the cards are not
    assert {d.cards for d in st.view(1).declared[1]} == {mask("N1 N2 N3"), mask("W1 W2 W3")}
    for c in ("S3", "S6", "S5"):
        st.apply(cid(c))
    assert len(st.tricks) == 1
    for seat in range(4):
        v = st.view(seat)
        for s in range(4):
            assert len(v.declared[s]) >= 1
            for d in v.declared[s]:
                assert (d.cards is None) == (s != seat)  # not yet revealed
    st.apply(cid("E1"))  # the second expedition's first card: valid ones revealed
    for seat in range(4):
        v = st.view(seat)
        assert {d.cards for d in v.declared[0]} == {mask("E1 E2 E3 E4 E5 E6")}
        assert {d.cards for d in v.declared[2]} == {mask("N4 N5 N6 N7 N8")}
        for s in (1, 3):  # team 1's announcements are not valid: never shown to team 0
            if seat % 2 == 0:
                assert all(d.cards is None for d in v.declared[s])
    play_rest_randomly(st, 1)
    res = st.result()
    assert res.announcements.valid_team == 0
    if res.capot == 1:
        assert tuple(res.announcement_points) == (0, 0)
    else:
        assert tuple(res.announcement_points) == (200, 0)


def test_undeclared_announcements_in_a_hand():
    st = deal_state()
    play_rest_randomly(st, declare=(True, True, False, True), seed=2)
    res = st.result()
    assert res.announcements.valid_team == 0  # quinte to 6 still beats team 1's quarté
    assert res.announcements.points[0] == 100
    st = deal_state()
    play_rest_randomly(st, declare=(False, True, False, True), seed=3)
    res = st.result()
    assert res.announcements.valid_team == 1
    assert res.announcements.points[1] == 90
    st = deal_state()
    play_rest_randomly(st, declare=(False, False, False, False), seed=4)
    res = st.result()
    assert res.announcements.valid_team is None
    assert tuple(res.announcement_points) == (0, 0)


# -------------------------------------------------------------------------------------------
# §6 BeloZ and Re-BeloZ


def beloz_hand(seed: int, holder: int) -> HandState:
    """Seat ``holder`` holds the South elephant and rhino and takes on the South rhino."""
    rng = random.Random(seed)
    rest = [c for c in range(32) if c not in cids("S6 S7")]
    rng.shuffle(rest)
    hands = []
    for s in range(4):
        cs = rest[:8] if s != holder else rest[:6] + cids("S6 S7")
        rest = rest[len(cs) - (2 if s == holder else 0) :]
        hands.append(sum(1 << c for c in cs))
    st = HandState(BELOZ, (holder + 2) % 4, hands, cid("S6"), None)
    # seat holder+2 deals, so holder+3 bids first, then holder
    st.apply(PASS)
    st.apply(TAKE)
    assert st.taker == holder and st.trump == S
    return st


@pytest.mark.parametrize("seed", range(12))
def test_beloz_scores_20_whatever_the_outcome(seed):
    holder = seed % 4
    st = beloz_hand(seed, holder)
    play_rest_randomly(st, seed)
    res = st.result()
    team = holder % 2
    assert res.beloz[team] == 20 and res.beloz[1 - team] == 0
    assert res.score[team] >= 20  # made, dedans or litige: the BeloZ stays
    if res.outcome.value != "made":
        assert res.score[team] == 20


@pytest.mark.parametrize("seed", range(4))
def test_beloz_not_declared_not_scored(seed):
    st = beloz_hand(seed, seed % 4)
    play_rest_randomly(st, seed, belot=False)
    assert tuple(st.result().beloz) == (0, 0)


def test_beloz_counts_in_the_contract_comparison_when_defending():
    """Seed 000's example: the defenders' BeloZ counts in the totals compared (see §7)."""
    st = beloz_hand(7, 1)
    play_rest_randomly(st, 7)
    res = st.result()
    cp = res.card_points
    assert (
        res.totals[1]
        == cp[1]
        + (10 if res.dix_de_der == 1 else 0)
        + 20
        + (90 if res.capot == 1 else 0)
        + res.announcement_points[1]
    )
