"""RULES.md §7: scoring a hand — dix de der, capot, announcements, made / dedans / litige and
the escrow; seed 000's worked example (108 / 94, or 0 / 182 without the Tierce)."""

from __future__ import annotations

import random

import pytest

from beloz.rules.announcements import AnnouncementResult
from beloz.rules.ruleset import BELOZ
from beloz.rules.scoring import Outcome, score_hand
from beloz.rules.state import TAKE, HandState

NONE = AnnouncementResult(None, (0, 0), False)


def ann(team: int, pts: int) -> AnnouncementResult:
    return AnnouncementResult(team, (pts, 0) if team == 0 else (0, pts), False)


def score(taker, cards, last, won, a=NONE, beloz=(0, 0), escrow=0):
    return score_hand(BELOZ, taker, cards, last, won, a, beloz, escrow)


def test_seed_example_made_108_94():
    """Takers 78 card points + dix de der + Tierce = 108; defenders 74 + BeloZ 20 = 94."""
    r = score(0, (78, 74), 0, (5, 3), ann(0, 20), (0, 20))
    assert r.outcome is Outcome.MADE
    assert tuple(r.totals) == (108, 94)
    assert tuple(r.score) == (108, 94)
    # the same with the takers in team 1
    r = score(1, (74, 78), 1, (3, 5), ann(1, 20), (20, 0))
    assert tuple(r.score) == (94, 108)


def test_seed_example_dedans_0_182():
    """Without the Tierce: 88 against 94, dedans: takers 0, defenders 182."""
    r = score(0, (78, 74), 0, (5, 3), NONE, (0, 20))
    assert r.outcome is Outcome.DEDANS
    assert tuple(r.totals) == (88, 94)
    assert tuple(r.score) == (0, 182)


def test_dix_de_der_goes_to_the_last_expedition():
    r = score(0, (80, 72), 1, (5, 3))
    assert tuple(r.totals) == (80, 82)
    assert r.outcome is Outcome.DEDANS
    assert tuple(r.score) == (0, 162)
    r = score(0, (80, 72), 0, (5, 3))
    assert tuple(r.score) == (90, 72) and r.outcome is Outcome.MADE


def test_capot_252():
    r = score(0, (152, 0), 0, (8, 0))
    assert r.capot == 0
    assert tuple(r.score) == (252, 0)
    r = score(1, (152, 0), 0, (8, 0))  # the defenders make a capot
    assert r.outcome is Outcome.DEDANS and tuple(r.score) == (252, 0)


def test_no_capot_with_seven_tricks():
    r = score(0, (152, 0), 0, (7, 1))
    assert r.capot is None and tuple(r.score) == (162, 0)


def test_capot_team_with_the_best_announcement_scores_it():
    r = score(0, (152, 0), 0, (8, 0), ann(0, 50))
    assert tuple(r.announcement_points) == (50, 0)
    assert tuple(r.score) == (302, 0)


def test_capot_losing_team_held_the_best_announcement_nobody_scores():
    r = score(0, (152, 0), 0, (8, 0), ann(1, 100), (0, 20))
    assert tuple(r.announcement_points) == (0, 0)
    assert tuple(r.score) == (252, 20)  # BeloZ & Re-BeloZ excepted
    # the takers lose every expedition and held the best announcement
    r = score(0, (0, 152), 1, (0, 8), ann(0, 50), (20, 0))
    assert tuple(r.announcement_points) == (0, 0)
    assert r.outcome is Outcome.DEDANS
    assert tuple(r.score) == (20, 252)


def test_beloz_under_a_capot_against_the_takers():
    r = score(0, (0, 152), 1, (0, 8), NONE, (20, 0))
    assert tuple(r.score) == (20, 252)


def test_made_each_team_scores_its_own_total():
    r = score(1, (60, 92), 1, (3, 5), ann(0, 20), (0, 20))
    assert tuple(r.totals) == (80, 122)
    assert r.outcome is Outcome.MADE and tuple(r.score) == (80, 122)


def test_dedans_takers_keep_only_their_beloz():
    r = score(0, (60, 92), 1, (3, 5), ann(0, 20), (20, 0))
    assert tuple(r.totals) == (100, 102)
    assert r.outcome is Outcome.DEDANS
    # defenders: their 102 + the takers' 100 except the takers' 20 of BeloZ
    assert tuple(r.score) == (20, 182)


def test_announcements_count_in_the_comparison():
    # 70 card points + 10 + quarté 50 = 130 against 82: made thanks to the announcement
    r = score(0, (70, 82), 0, (4, 4), ann(0, 50))
    assert r.outcome is Outcome.MADE and tuple(r.score) == (130, 82)
    # the defenders' announcement puts the takers dedans
    r = score(0, (90, 62), 0, (4, 4), ann(1, 50))
    assert tuple(r.totals) == (100, 112)
    assert r.outcome is Outcome.DEDANS and tuple(r.score) == (0, 212)


def test_litige_escrow():
    r = score(0, (76, 66), 1, (4, 4))
    assert tuple(r.totals) == (76, 76)
    assert r.outcome is Outcome.LITIGE
    assert tuple(r.score) == (0, 76)  # defenders score their total, takers nothing
    assert r.escrow_out == 76


def test_litige_takers_keep_their_beloz_rest_escrowed():
    r = score(1, (76, 66), 0, (4, 4), NONE, (0, 20))
    assert tuple(r.totals) == (86, 86)
    assert r.outcome is Outcome.LITIGE
    assert tuple(r.score) == (86, 20)
    assert r.escrow_out == 66


def test_escrow_accumulates_over_litiges():
    r = score(0, (76, 66), 1, (4, 4), escrow=50)
    assert r.outcome is Outcome.LITIGE
    assert r.escrow_out == 126
    assert tuple(r.score) == (0, 76)


def test_escrow_goes_to_the_takers_when_made():
    r = score(1, (60, 92), 1, (3, 5), escrow=76)
    assert r.outcome is Outcome.MADE
    assert tuple(r.score) == (60, 102 + 76) and r.escrow_out == 0


def test_escrow_goes_to_the_defenders_when_dedans():
    r = score(1, (90, 62), 0, (5, 3), escrow=76)
    assert r.outcome is Outcome.DEDANS
    assert tuple(r.score) == (100 + 62 + 76, 0) and r.escrow_out == 0


def test_no_rounding():
    r = score(0, (83, 69), 0, (5, 3))
    assert tuple(r.score) == (93, 69)


# -------------------------------------------------------------------------------------------
# Whole hands through HandState


def test_hand_results_add_up():
    rng = random.Random(77)
    outcomes = set()
    for _ in range(300):
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)))
        st.apply(TAKE)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        r = st.result()
        last = st.tricks[-1].winner % 2
        assert r.dix_de_der == last
        assert sum(r.card_points) == 152
        won = [sum(1 for t in st.tricks if t.winner % 2 == team) for team in (0, 1)]
        capot = 0 if won[0] == 8 else 1 if won[1] == 8 else None
        assert r.capot == capot
        for team in (0, 1):
            bonus = (10 if last == team else 0) + (90 if capot == team else 0)
            assert r.totals[team] == (
                r.card_points[team] + bonus + r.announcement_points[team] + r.beloz[team]
            )
        t, d = r.taker_team, 1 - r.taker_team
        expected = (
            Outcome.MADE
            if r.totals[t] > r.totals[d]
            else Outcome.DEDANS
            if r.totals[t] < r.totals[d]
            else Outcome.LITIGE
        )
        assert r.outcome is expected
        outcomes.add(r.outcome)
    assert {Outcome.MADE, Outcome.DEDANS} <= outcomes


@pytest.mark.parametrize("seed", range(3))
def test_capot_through_handstate(seed):
    """Team 0 holds every flooded card and every lion: it wins all eight expeditions."""
    rng = random.Random(seed)
    strong = [2 * 8 + i for i in range(8)] + [7, 15, 31, 23]  # all South, N8, E8, W8, S8 dup
    strong = list(dict.fromkeys(strong))
    weak = [c for c in range(32) if c not in strong]
    rng.shuffle(weak)
    rng.shuffle(strong)
    hands = [0, 0, 0, 0]
    # team 0 (seats 0 and 2) gets the 11 strong cards + 5 weak; team 1 the other 16
    pool0 = strong + weak[:5]
    pool1 = weak[5:]
    for c in pool0[:8]:
        hands[0] |= 1 << c
    for c in pool0[8:]:
        hands[2] |= 1 << c
    for c in pool1[:8]:
        hands[1] |= 1 << c
    for c in pool1[8:]:
        hands[3] |= 1 << c
    taker = 0 if hands[0] >> 16 & 0xFF else 2
    turned = next(c for c in range(16, 24) if hands[taker] >> c & 1)
    dealer = (taker - 1) % 4
    st = HandState(BELOZ, dealer, hands, turned, None)
    st.apply(TAKE)
    # team 0 always plays its strongest legal card, team 1 anything legal
    while not st.is_terminal():
        legal = st.legal_actions()
        if st.current % 2 == 0:
            c = max(legal, key=lambda c: (c // 8 == 2, _dry_rank(c)))
        else:
            c = rng.choice(legal)
        st.apply(st.card_action(c, announce=False, belot=False))  # nothing declared
    r = st.result()
    assert st.tricks_won[0] == 8, "team 0 holds every flooded card and lion"
    assert r.capot == 0 and tuple(r.score) == (252, 0)


def _dry_rank(c: int) -> int:
    return [0, 1, 5, 6, 2, 3, 4, 7][c % 8]
