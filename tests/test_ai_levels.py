"""The levels: the Beginner's mistakes, Expert's policy-weighted deals and near-tie rule."""

from __future__ import annotations

import dataclasses
import random

import pytest

from beloz.ai import beginner
from beloz.ai.beginner import BeginnerPlayer
from beloz.ai.heuristic import HeuristicPlayer, hand_strength, view_card
from beloz.ai.inference import Model, Weigher, WeightedSampler
from beloz.ai.levels import LEVELS, Level
from beloz.ai.pimc import (
    PimcPlayer,
    candidates,
    evaluate_cards,
    prefer_conventional,
    table_expectation,
    table_hands,
)
from beloz.ai.sampler import sampler_for
from beloz.ai.tables import KEY, PTS
from beloz.ai.view import infer
from beloz.rules.cards import CROCODILE, PLAIN_MASKS, WATER_SNAKE, card
from beloz.rules.state import PASS, TAKE, HandState, Phase, SeatView, name_action


def _deal(seed: int, dealer: int = 0) -> HandState:
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    return HandState.deal(deck, dealer, 3)


def _heuristic_to(st: HandState, cards: int, rng: random.Random | None = None) -> None:
    """Play ``cards`` cards with the heuristic (random legal cards with ``rng``)."""
    hp = HeuristicPlayer()
    for _ in range(cards):
        if st.phase is not Phase.PLAY:
            return
        v = st.view(st.current)
        st.apply(rng.choice(v.legal_actions()) if rng else hp.play(v))


# -- Beginner ---------------------------------------------------------------------------------


def test_beginner_takes_hands_the_heuristic_passes() -> None:
    found = 0
    for seed in range(300):
        st = _deal(seed)
        v = st.view(st.current)
        s = hand_strength(v.hand | (1 << v.turned), v.turned >> 3)
        if beginner.BID_THRESHOLD <= s < 8.5:
            assert HeuristicPlayer().bid(v) == PASS
            assert BeginnerPlayer(1).bid(v) == TAKE
            found += 1
    assert found >= 5


def _taker_leads(n: int) -> list[SeatView]:
    """Views of a taker about to lead who would draw trumps and holds other cards."""
    out = []
    for seed in range(2000):
        st = _deal(seed)
        st.apply(TAKE)  # seat 1 takes and leads the first expedition
        v = st.view(1)
        assert v.trump is not None
        if view_card(v) >> 3 == v.trump and v.hand & ~PLAIN_MASKS[v.trump]:
            out.append(v)
            if len(out) == n:
                break
    return out


def test_beginner_often_forgets_to_draw_trumps(monkeypatch: pytest.MonkeyPatch) -> None:
    views = _taker_leads(40)
    assert len(views) == 40

    def dry_leads() -> int:
        return sum(BeginnerPlayer(s).play(v) >> 3 != v.trump for s, v in enumerate(views))

    assert dry_leads() >= 20  # FORGET_TRUMPS = 0.7
    monkeypatch.setattr(beginner, "FORGET_TRUMPS", 0.0)
    assert dry_leads() == 0


def test_beginner_misses_its_partner(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the partner is master, the Beginner often takes the trick over or keeps its
    points where the heuristic would not."""
    cases = []
    for seed in range(400):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 2 + seed % 12)
        if st.phase is not Phase.PLAY or len(st.trick) < 2:
            continue
        v = st.view(st.current)
        assert v.trump is not None
        master = st.master()
        if master == (v.seat + 2) % 4 and len(v.legal_actions()) > 1:
            cases.append(v)
    assert len(cases) >= 20

    def differs() -> int:
        return sum(BeginnerPlayer(i).play(v) != view_card(v) for i, v in enumerate(cases))

    assert differs() >= len(cases) // 4
    monkeypatch.setattr(beginner, "MISS_PARTNER", 0.0)
    assert differs() == 0


def test_beginner_plays_mostly_like_the_heuristic_but_not_always() -> None:
    same = total = 0
    for seed in range(60):
        st = _deal(seed)
        st.apply(TAKE)
        while st.phase is Phase.PLAY:
            v = st.view(st.current)
            if len(v.legal_actions()) > 1:
                total += 1
                same += BeginnerPlayer(seed).play(v) == view_card(v)
            st.apply(view_card(v))
    assert 0.55 < same / total < 0.9


def test_beginner_points_early_are_points() -> None:
    """When it leads a card that is not the heuristic's, and not a trump, it is mostly a
    card of 10 points or more (its lions and leopards)."""
    rich = other = 0
    for seed in range(300):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 4 * (1 + seed % 5))
        if st.phase is not Phase.PLAY or st.trick:
            continue
        v = st.view(st.current)
        assert v.trump is not None
        c = BeginnerPlayer(seed).play(v)
        if c != view_card(v) and c >> 3 != v.trump:
            if PTS[v.trump][c] >= 10:
                rich += 1
            else:
                other += 1
    assert rich >= 10 and rich > other


# -- Expert: policy-weighted deals ---------------------------------------------------------------


def test_true_deal_of_heuristic_play_has_full_card_weight_and_floor_holds() -> None:
    for seed in range(10):
        st = _deal(seed)
        st.apply(TAKE)  # seat 1 took: viewed from seat 1, no other seat has bid
        _heuristic_to(st, 13)
        v = st.view(1)
        w = Weigher(v, Model())
        assert not w.bids and len(w.decisions) >= 9
        assert w.weight(list(st.hands), random.Random(0)) == 1.0
    # Random play: the true deal is often off the model, yet never weighs zero.
    lows = []
    for seed in range(10):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 20, random.Random(seed))
        w = Weigher(st.view(1), Model(miss=0.0, floor=0.05))
        lows.append(w.weight(list(st.hands), random.Random(0)))
    assert min(lows) > 0 and min(lows) < 1.0


def _frequency(view: SeatView, test: object, weighted: bool, n: int = 1500) -> float:
    """The mean of ``test`` (a bool or a count) over deals sampled for ``view``."""
    base = sampler_for(infer(view))
    sampler = WeightedSampler(base, Weigher(view, Model()), 8) if weighted else base
    rng = random.Random(5)
    total = sum(int(test(sampler.sample_accepted(rng, None))) for _ in range(n))  # type: ignore[operator]
    return total / n


@pytest.mark.slow
def test_a_pass_in_round_one_makes_the_strong_trumps_unlikely() -> None:
    """Seat 1 passed the turned card, seat 2 took: seat 1 seldom holds both the crocodile
    and the water snake of the flooded plain, in Expert's deals, as the heuristic bidder
    would have taken with them."""
    checked = 0
    for seed in range(200):
        st = _deal(seed)
        trump = st.turned >> 3
        pair = (1 << card(trump, CROCODILE)) | (1 << card(trump, WATER_SNAKE))
        if st.hands[1] & pair == pair or st.turned in (card(trump, CROCODILE),
                                                       card(trump, WATER_SNAKE)):
            continue
        st.apply(PASS)
        st.apply(TAKE)
        v = st.view(3)
        if v.hand & pair or v.current != 1:
            continue
        def both(hands: list[int], pair: int = pair) -> bool:
            return hands[1] & pair == pair

        uniform = _frequency(v, both, False)
        weighted = _frequency(v, both, True)
        assert uniform > 0.05
        assert weighted < 0.6 * uniform
        checked += 1
        if checked == 2:
            break
    assert checked == 2


@pytest.mark.slow
def test_a_round_two_taker_holds_the_plain_named() -> None:
    """Seat 1 named a plain in round 2: Expert's deals give it more cards of that plain
    than the uniform ones (on average over a few deals; by how much depends on the rest)."""
    gains: list[float] = []
    for seed in range(400):
        st = _deal(seed)
        for _ in range(4):
            st.apply(PASS)
        named = next(a for a in st.legal_actions() if a != PASS)
        plain = named - name_action(0)
        st.apply(named)  # seat 1 names a plain, whatever its hand
        if st.phase is not Phase.PLAY:
            continue
        v = st.view(3)
        mask = PLAIN_MASKS[plain]
        unseen = mask & ~v.hand & ~v.played & ~(1 << v.turned)
        if unseen.bit_count() < 4:
            continue

        def length(hands: list[int], mask: int = mask) -> int:
            return (hands[1] & mask).bit_count()

        gains.append(_frequency(v, length, True, 600) - _frequency(v, length, False, 600))
        if len(gains) == 4:
            break
    assert len(gains) == 4
    assert min(gains) > -0.05 and sum(gains) / len(gains) > 0.15


def test_near_tie_prefers_the_conventional_card() -> None:
    for seed in range(40):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 5)
        v = st.view(st.current)
        legal = v.legal_actions()
        if len(legal) < 3:
            continue
        conv = view_card(v)
        cands = sorted(legal, key=lambda c: c != conv)  # conventional first
        assert KEY  # the tables are importable alongside
        sums = [9.0, 10.0] + [5.0] * (len(cands) - 2)
        assert prefer_conventional(v, cands, sums, 1, 1.0) == 0
        assert prefer_conventional(v, cands, sums, 1, 0.5) == 1
        assert prefer_conventional(v, cands, sums, 1, 0.0) == 1
        return
    raise AssertionError("no position with three legal cards")


def test_table_hands_come_from_public_knowledge_only() -> None:
    # The hands the other seats may believe the seat holds: its size, the cards the table
    # knows it holds, never a plain it showed void in nor a card known to be elsewhere.
    checked = 0
    for seed in range(30):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 4 + seed % 12, random.Random(seed))
        if st.phase is not Phase.PLAY:
            continue
        v = st.view(st.current)
        know = infer(v)
        elsewhere = 0
        for s in range(4):
            if s != v.seat:
                elsewhere |= know.must[s]
        for h in table_hands(v, 20, random.Random(seed)):
            assert h.bit_count() == v.hand.bit_count()
            assert not h & know.no[v.seat] and not h & elsewhere and not h & v.played
            if v.taker == v.seat and v.hand >> v.turned & 1:
                assert h >> v.turned & 1
        if know.no[v.seat] & know.unseen:
            checked += 1
    assert checked >= 3  # positions where the seat showed a void in a plain still out


def test_near_tie_without_the_conventional_card_plays_the_most_expected() -> None:
    # Fixed positions where the conventional card is far behind and two other cards are
    # within the margin: the one the table expects more is played, even when its mean is
    # a little lower; beyond the margin the best mean wins.
    found = 0
    for seed in range(80):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, seed % 20, random.Random(seed))
        if st.phase is not Phase.PLAY:
            continue
        v = st.view(st.current)
        cands = candidates(v)
        conv = view_card(v)
        others = [c for c in cands if c != conv]
        if len(others) < 2 or len(others) == len(cands):
            continue
        freq = table_expectation(v, others, random.Random(seed))
        order = sorted(range(len(others)), key=lambda i: -freq[i])
        hi, lo = others[order[0]], others[order[-1]]
        if freq[order[0]] == freq[order[-1]]:
            continue
        sums = [10.0 if c == lo else 9.5 if c == hi else 0.0 for c in cands]
        best = cands.index(lo)
        assert prefer_conventional(v, cands, sums, best, 1.0, random.Random(seed)) \
            == cands.index(hi)
        assert prefer_conventional(v, cands, sums, best, 0.4, random.Random(seed)) == best
        found += 1
        if found == 4:
            return
    raise AssertionError(f"only {found} positions with a near tie to break")


# -- Expert's exact phase: the solver's values blended with the rollouts' --------------------


def _late_view(seed: int, cards: int = 17) -> SeatView | None:
    """A view with 4 expeditions left (exact with or without the compiled solver) and a
    choice of cards, or None."""
    st = _deal(seed)
    st.apply(TAKE)
    _heuristic_to(st, cards)
    if st.phase is not Phase.PLAY:
        return None
    v = st.view(st.current)
    return v if len(candidates(v)) >= 2 else None


def _level(**changes: object) -> Level:
    base = dataclasses.replace(LEVELS["expert"], early_stop=False, samples=10, time_cap=60.0,
                               model=Model(pool=1))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_expert_values_a_deal_by_blending_solver_and_rollout() -> None:
    differ = 0
    for seed in range(40):
        v = _late_view(seed)
        if v is None:
            continue
        solver = evaluate_cards(v, random.Random(seed), _level(rollout_share=0.0)).means
        rolled = evaluate_cards(v, random.Random(seed), _level(rollout_share=1.0)).means
        mixed = evaluate_cards(v, random.Random(seed), _level(rollout_share=0.75)).means
        assert mixed == pytest.approx([0.25 * a + 0.75 * b for a, b in zip(solver, rolled,
                                                                            strict=True)])
        differ += solver != rolled
        if differ >= 3:
            break
    assert differ >= 3  # the two halves of the blend are different valuations


def test_a_given_sampler_replaces_the_levels_deals() -> None:
    """``evaluate_cards(..., sampler)`` searches the deals it draws: the true deal every
    time gives that deal's values whatever the number of deals."""

    from bench.perfect_information import TrueDeal

    changed = 0
    for seed in range(40):
        st = _deal(seed)
        st.apply(TAKE)
        _heuristic_to(st, 17)
        if st.phase is not Phase.PLAY:
            continue
        v = st.view(st.current)
        if len(candidates(v)) < 2:
            continue
        true = TrueDeal(list(st.hands))
        one = evaluate_cards(v, random.Random(1), _level(samples=1), true).means
        many = evaluate_cards(v, random.Random(2), _level(samples=8), true).means
        assert one == many
        changed += evaluate_cards(v, random.Random(1), _level(samples=8)).means != many
        if changed >= 2:
            break
    assert changed >= 2


@pytest.mark.slow
def test_measurement_switches_bid_or_play_by_the_rule_of_thumb() -> None:
    bids = plays = bid_differs = 0
    for seed in range(60):
        st = _deal(seed)
        v = st.view(st.current)
        rule = HeuristicPlayer(seed).bid(v)
        assert PimcPlayer(seed, _level(heuristic_bids=True)).bid(v) == rule
        bids += 1
        bid_differs += PimcPlayer(seed, _level()).bid(v) != rule
        st.apply(TAKE)
        _heuristic_to(st, 5)
        w = st.view(st.current)
        assert PimcPlayer(seed, _level(heuristic_play=True)).play(w) == HeuristicPlayer(
            seed).play(w)
        plays += 1
    assert bids == plays == 60
    assert bid_differs >= 1  # without the switch, the search bids


@pytest.mark.parametrize("name", ["beloz", "belote-sans-annonces", "belote-classique",
                                  "belot-bulgare"])
def test_standard_bids_by_the_bidding_guide(name: str) -> None:
    """Issue 41, point 4: Standard bids as the bidding guide's rule says wherever one
    applies (the learner watches the rules being played), and searches its few deals where
    none does; Expert keeps its own search."""
    from beloz.ai import bid_guide
    from beloz.rules.ruleset import RULESETS

    by_rule = 0
    for seed in range(80):
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3, RULESETS[name])
        while st.phase is Phase.BIDDING:
            v = st.view(st.current)
            rule = bid_guide.applies(v)
            got = PimcPlayer(seed, LEVELS["standard"]).bid(v)
            if rule is not None:
                assert got == bid_guide.guide_bid(v, rule)
                by_rule += 1
            st.apply(got)
    assert by_rule >= 40
    assert not LEVELS["expert"].guide_bids  # Expert keeps its own search
