"""Knowledge inferred from public play, and the uniform deal sampler."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from beloz.ai.sampler import DealSampler, sampler_for
from beloz.ai.view import infer
from beloz.rules.cards import ELEPHANT, PLAIN_MASKS, RHINOCEROS, card
from beloz.rules.state import Phase, SeatView
from beloz.rules.tricks import legal_mask

from .test_ai_helpers import played_state


def _replays_legally(view: SeatView, hands: list[int]) -> bool:
    """Oracle independent of view.py: with ``hands`` as the current hands, every public
    play was legal under the engine's rules (hands rebuilt by giving back played cards)."""
    assert view.trump is not None
    history = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        history.append((view.leader, list(view.trick)))
    full = list(hands)
    for leader, cards in history:
        for i, c in enumerate(cards):
            full[(leader + i) % 4] |= 1 << c
    for leader, cards in history:
        for i, c in enumerate(cards):
            s = (leader + i) % 4
            if not legal_mask(full[s], cards[:i], view.trump, view.ruleset) >> c & 1:
                return False
            full[s] &= ~(1 << c)
    return True


def test_true_deal_fits_knowledge_and_samples_replay_legally() -> None:
    rng = random.Random(7)
    seen = Counter()
    for seed in range(60):
        for cards in (3, 9, 14, 19, 26):
            st = played_state(seed, cards)
            if st.phase is not Phase.PLAY:
                continue
            seat = st.current
            v = st.view(seat)
            k = infer(v)
            for s in range(4):
                assert st.hands[s] & k.must[s] == k.must[s]
                assert st.hands[s] & ~k.may[s] == 0
            assert v.trump is not None and v.taker is not None
            tmask = PLAIN_MASKS[v.trump]
            pair = (1 << card(v.trump, ELEPHANT)) | (1 << card(v.trump, RHINOCEROS))
            sampler = sampler_for(k)
            for _ in range(20):
                hands = sampler.sample(rng)
                assert hands[seat] == v.hand
                assert [h.bit_count() for h in hands] == list(v.hand_sizes)
                assert hands[0] | hands[1] | hands[2] | hands[3] == v.hand | k.unseen
                assert _replays_legally(v, hands)
                for s in range(4):
                    if s == seat:
                        continue
                    for p in range(4):
                        if k.no[s] & PLAIN_MASKS[p] == PLAIN_MASKS[p] and p != v.trump:
                            seen["void"] += 1
                            assert not hands[s] & PLAIN_MASKS[p]
                    if k.no[s] & tmask == tmask:
                        seen["no_trump"] += 1
                        assert not hands[s] & tmask
                    elif k.no[s] & tmask:
                        seen["no_trump_above"] += 1
                        assert not hands[s] & k.no[s]
                if v.taker != seat and (1 << v.turned) & k.unseen:
                    seen["turned"] += 1
                    assert hands[v.taker] >> v.turned & 1
                for s in range(4):
                    if s != seat:
                        for d in v.declared[s]:
                            if d.cards is not None and d.cards & k.unseen:
                                seen["announcement"] += 1
                                assert hands[s] & d.cards & k.unseen == d.cards & k.unseen
                        if v.beloz_said[s] == 1 and pair & k.unseen:
                            seen["beloz"] += 1
                            assert hands[s] & pair & k.unseen
    for kind in ("void", "no_trump", "no_trump_above", "turned", "announcement", "beloz"):
        assert seen[kind] > 0, kind


def test_sampler_is_uniform_on_a_small_case() -> None:
    # Six unseen cards 0..5 for seats 1, 2, 3 (two each), with overlapping allowances and
    # one known card: the count-based sampler must hit every consistent deal equally.
    may = [0b011111, 0b101111, 0b111101]
    must = [0, 0, 1 << 5]
    sizes = [2, 2, 2]
    unseen = 0b111111
    deals = []
    for assign in itertools.product(range(3), repeat=6):
        hands = [0, 0, 0]
        for c, i in enumerate(assign):
            hands[i] |= 1 << c
        if [h.bit_count() for h in hands] != sizes:
            continue
        if all(hands[i] & ~may[i] == 0 and hands[i] & must[i] == must[i] for i in range(3)):
            deals.append(tuple(hands))
    sampler = DealSampler([1, 2, 3], sizes, must, may, unseen, [0, 0, 0, 0])
    assert sampler.total == len(deals)
    rng = random.Random(1)
    n = 24_000
    counts = Counter(tuple(sampler.sample(rng)[1:]) for _ in range(n))
    assert set(counts) == set(deals)
    expected = n / len(deals)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in deals)
    df = len(deals) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def test_naive_sampler_would_be_biased_here() -> None:
    # The same case dealt card by card (each card to a random seat with room and allowance)
    # is far from uniform: the check above is not vacuous.
    may = [0b011111, 0b101111, 0b111101]
    rng = random.Random(2)
    counts: Counter[tuple[int, ...]] = Counter()
    n = 12_000
    for _ in range(n):
        while True:
            hands = [0, 0, 1 << 5]
            ok = True
            for c in range(5):
                opts = [i for i in range(3) if may[i] >> c & 1 and hands[i].bit_count() < 2]
                if not opts:
                    ok = False
                    break
                hands[rng.choice(opts)] |= 1 << c
            if ok:
                break
        counts[tuple(hands)] += 1
    expected = n / len(counts)
    chi2 = sum((x - expected) ** 2 / expected for x in counts.values())
    df = len(counts) - 1
    assert chi2 > df + 5 * (2 * df) ** 0.5
