"""The contract-value model (``beloz/ai/contract_model.py``): its file is checked when
read, its values depend on the seat's view only, and Expert's bid evaluation uses it by
``bid_model`` (1: the model alone, between 0 and 1: blended with the search, whose
sampled deals the model's rollout gap corrects)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path

import pytest

from beloz.ai import bidsearch, contract_model
from beloz.ai.bidsearch import evaluate_bids
from beloz.ai.contract_model import KINDS, ModelError, default_model, feature_names, load, parse
from beloz.ai.player import make_player
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import PASS, TAKE, HandState, name_action

from .test_ai_helpers import TINY


def _doc() -> dict:
    return json.loads(contract_model.DEFAULT_PATH.read_text(encoding="utf-8"))


def _two_deals(seed: int, bids: int = 0) -> tuple[HandState, HandState, int]:
    """Two deals giving the seat to bid the same five cards and turned card after ``bids``
    passes, the other hands and the stock different."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    st1 = HandState.deal(deck, 0, 3)
    for _ in range(bids):
        st1.apply(PASS)
    seat = st1.current
    own = st1.hands[seat]
    rest = [c for c in range(32) if not own >> c & 1 and c != st1.turned]
    rng.shuffle(rest)
    hands = [0, 0, 0, 0]
    hands[seat] = own
    for i, s in enumerate(s for s in range(4) if s != seat):
        for c in rest[5 * i : 5 * i + 5]:
            hands[s] |= 1 << c
    st2 = HandState(st1.ruleset, 0, hands, st1.turned, rest[15:])
    for _ in range(bids):
        st2.apply(PASS)
    assert st1.hands != st2.hands
    return st1, st2, seat


def test_the_shipped_model_loads_and_serves_beloz_only() -> None:
    model = default_model()
    assert set(model.models) == set(KINDS)
    st, _, seat = _two_deals(1)
    assert model.serves(st.view(seat))
    other = HandState.deal(list(range(32)), 0, 3, get_ruleset("belote-classique"))
    assert not model.serves(other.view(other.current))


@pytest.mark.parametrize("bids", [0, 3, 4, 7])
def test_values_read_the_seat_view_only(bids: int) -> None:
    model = default_model()
    for seed in range(5):
        st1, st2, seat = _two_deals(seed, bids)
        v1, v2 = st1.view(seat), st2.view(seat)
        assert v1 == v2
        legal = v1.legal_actions()
        assert model.values(v1, legal) == model.values(v2, legal)
        player = "pimc:expert,bid_model=1"
        assert make_player(player, 3).bid(v1) == make_player(player, 3).bid(v2)


def test_the_model_alone_values_every_legal_bid() -> None:
    level = dataclasses.replace(TINY, bid_model=1.0)
    st, _, seat = _two_deals(2, 4)
    view = st.view(seat)
    cands, means = evaluate_bids(view, random.Random(1), level)
    assert cands == view.legal_actions()  # round 2: passing and every plain
    assert means == default_model().values(view, cands)
    again = evaluate_bids(view, random.Random(99), level)
    assert again.means == means  # no sampling: the same values whatever the seed
    # Round 2 naming the turned plain: pass value + the naming regression.
    p = st.turned >> 3
    m = default_model()
    x = contract_model.features(view.hand, view.turned, view.bids, "r2_name", p)
    want = m.value(view.hand, view.turned, view.bids, PASS) + m.models["r2_name"](x)
    assert m.value(view.hand, view.turned, view.bids, name_action(p)) == pytest.approx(want)


def _with_gaps(monkeypatch: pytest.MonkeyPatch, team: float, other: float
               ) -> contract_model.ContractModel:
    """The shipped model with a constant rollout gap per side, used by the search."""
    cells = contract_model.GAP_HI - contract_model.GAP_LO + 1
    model = dataclasses.replace(default_model(), gaps={"team": (team,) * cells,
                                                       "other": (other,) * cells})
    monkeypatch.setattr(bidsearch, "_contract_model", lambda view: model)
    return model


def test_a_blend_is_between_the_search_and_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    st, _, seat = _two_deals(3)
    view = st.view(seat)
    search = evaluate_bids(view, random.Random(4), TINY)
    model = _with_gaps(monkeypatch, 0.0, 0.0)
    half = evaluate_bids(view, random.Random(4), dataclasses.replace(TINY, bid_model=0.5))
    values = model.values(view, search.cands)
    assert half.cands == search.cands == [PASS, TAKE]
    for s, h, m in zip(search.means, half.means, values, strict=True):
        assert h == pytest.approx((s + m) / 2)


@pytest.mark.parametrize("bids", [0, 4])
def test_the_blend_corrects_each_sampled_deal_by_the_rollout_gap(
    monkeypatch: pytest.MonkeyPatch, bids: int
) -> None:
    """A sampled deal the seat's team takes gains the team's gap, one the other team takes
    the other's, one all pass nothing: the search's mean moves by the gaps times the
    shares of its deals."""
    st, _, seat = _two_deals(6, bids)
    view = st.view(seat)
    takers: list[list[int | None]] = []

    def tally(i: int, state: HandState, value: int) -> None:
        while len(takers) <= i:
            takers.append([])
        takers[i].append(state.taker)

    search = evaluate_bids(view, random.Random(4), TINY, tally=tally)
    model = _with_gaps(monkeypatch, 30.0, -10.0)
    blend = evaluate_bids(view, random.Random(4), dataclasses.replace(TINY, bid_model=0.25))
    assert blend.cands == search.cands
    moved = 0
    for i, (s, b, m) in enumerate(zip(search.means, blend.means,
                                      model.values(view, search.cands), strict=True)):
        shift = sum(0 if t is None else 30.0 if (t - seat) % 2 == 0 else -10.0
                    for t in takers[i]) / len(takers[i])
        moved += shift != 0
        assert b == pytest.approx(0.75 * (s + shift) + 0.25 * m)
    assert moved


def test_the_shipped_rollout_gap_follows_the_contracts_made_and_sunk() -> None:
    """Expert's card play against the rule of thumb's rollout: a contract the rollout sinks
    by 80 to 160 points is worth more to the team that took it with Expert's cards than
    one the rollout makes by a hair, and the reverse when the other team took."""
    model = default_model()
    sunk, made = -120.0, 20.0
    assert model.rollout_gap(True, sunk) > model.rollout_gap(True, made) + 20
    assert model.rollout_gap(False, -made) > model.rollout_gap(False, -sunk) + 20


def test_another_ruleset_keeps_the_search() -> None:
    ruleset = get_ruleset("belote-classique")
    deck = list(range(32))
    random.Random(5).shuffle(deck)
    st = HandState.deal(deck, 0, 3, ruleset)
    view = st.view(st.current)
    alone = evaluate_bids(view, random.Random(4), dataclasses.replace(TINY, bid_model=1.0))
    assert alone == evaluate_bids(view, random.Random(4), TINY)


def _bad(change) -> dict:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(_doc())
    change(doc)
    return doc


@pytest.mark.parametrize(("doc", "message"), [
    ([], "not a contract model"),
    (_bad(lambda d: d.update(format="beloz-contract-model/0")), "not a contract model"),
    (_bad(lambda d: d.pop("ruleset")), "names no ruleset"),
    (_bad(lambda d: d["models"].pop("r1_take")), "no 'r1_take' regression"),
    (_bad(lambda d: d["models"]["r2_name"]["features"].reverse()), "features are not"),
    (_bad(lambda d: d["models"]["r1_pass"]["coef"].pop()), "finite numbers"),
    (_bad(lambda d: d["models"]["r1_pass"].update(intercept=float("nan"))), "finite"),
    (_bad(lambda d: d["models"]["r2_pass"]["coef"].__setitem__(0, "1")), "finite numbers"),
    (_bad(lambda d: d["models"]["r1_take"]["coef"].__setitem__(1, float("inf"))), "finite numbers"),
    (_bad(lambda d: d.pop("rollout_gap")), "no rollout gap"),
    (_bad(lambda d: d["rollout_gap"].update(bin=20)), "no rollout gap in 40-point bins"),
    (_bad(lambda d: d["rollout_gap"]["team"].pop()), "rollout gap of 'team'"),
    (_bad(lambda d: d["rollout_gap"]["other"].__setitem__(3, float("nan"))), "of 'other'"),
])
def test_bad_model_data_is_refused_clearly(doc: object, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        parse(doc)


def test_an_unreadable_model_file_is_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "model.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match="cannot read the contract model"):
        load(bad)
    with pytest.raises(ModelError, match="cannot read the contract model"):
        load(tmp_path / "missing.json")


def test_the_shipped_file_lists_its_features_and_provenance() -> None:
    doc = _doc()
    for kind in KINDS:
        assert tuple(doc["models"][kind]["features"]) == feature_names(kind)
    meta = doc["meta"]
    assert meta["data"]["deals"] > 0 and "bench.contract_data" in meta["data"]["command"]
    assert "cv_rmse" in meta["cv"]["r1_take"]


def test_the_search_stops_early_on_the_blends_leader() -> None:
    """The early stop judges the values the bid is chosen on: a lead of the search alone
    that the model's share cancels is no reason to stop, and a lead the model's share
    makes clear is one."""
    n = 24
    diffs = [30.0 + (20.0 if i % 2 else -20.0) for i in range(n)]  # candidate 0 minus 1
    sums = [sum(diffs), 0.0]
    d1 = [[0.0, sum(diffs)], [-sum(diffs), 0.0]]
    sq = sum(d * d for d in diffs)
    d2 = [[0.0, sq], [sq, 0.0]]
    assert bidsearch._clear_lead(sums, d1, d2, n)  # 30 ± 4: the search alone is sure
    assert not bidsearch._clear_lead(sums, d1, d2, n, [0.0, 25.0])  # the blend: 5 ± 4
    # The offset has no noise: the spread is still the search's (15 ± 4 is clear).
    assert bidsearch._clear_lead(sums, d1, d2, n, [0.0, 15.0])
    assert bidsearch._clear_lead(sums, d1, d2, n, [0.0, 60.0])  # the blend's leader: the other


def test_the_blended_search_stops_with_the_models_share(monkeypatch: pytest.MonkeyPatch) -> None:
    st, _, seat = _two_deals(3)
    view = st.view(seat)
    model = _with_gaps(monkeypatch, 0.0, 0.0)
    offsets: list[list[float] | None] = []
    real = bidsearch._clear_lead

    def spy(sums, d1, d2, n, offset=None):  # type: ignore[no-untyped-def]
        offsets.append(None if offset is None else list(offset))
        return real(sums, d1, d2, n, offset)

    monkeypatch.setattr(bidsearch, "_clear_lead", spy)
    level = dataclasses.replace(TINY, bid_samples=64, bid_model=0.25)
    got = evaluate_bids(view, random.Random(4), level)
    assert offsets
    want = [v / 3 for v in model.values(view, got.cands)]  # 0.25 / 0.75 of the model's value
    for off in offsets:
        assert off == pytest.approx(want)
