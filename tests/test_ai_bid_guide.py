"""The bidding guide (``beloz/ai/bid_guide.py``, issue 41): its rules read only what the
bidding seat sees, ``applies`` picks the rule the derivation's own matcher picks, every
rule is worded in English and French from what it counts, and the agreement figures kept
in ``bid_guide.json`` come back from the stored Expert bids."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beloz.ai import bid_guide
from beloz.ai.bid_guide import Condition, Rule
from beloz.rules.ruleset import Bidding
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_CARD,
    NO_TRUMPS_CALL,
    PASS,
    TAKE,
    HandState,
    Phase,
    SeatView,
    name_action,
)
from bench import bid_guide as derivation
from bench.bid_guide_data import bid_deal, default_path, load

GUIDED = tuple(bid_guide.guides())  # the rulesets the derivation has written a guide for
# Words that would name what the seat cannot see: another seat's cards or bids to come.
UNSEEN = ("partner", "opponent", "Amani", "Kito", "Juma", "they hold", "partenaire",
          "adversaire", "ils ont")


def bidding_view(ruleset: str, seed: int, calls: int) -> tuple[HandState, SeatView]:
    """A seat's turn to bid after ``calls`` passes (with a turned card), or after up to
    ``calls`` random calls that leave the auction open (Bulgarian)."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    state = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), get_ruleset(ruleset))
    for _ in range(calls):
        call = PASS
        if state.ruleset.bidding is Bidding.AUCTION:
            call = rng.choice(state.legal_actions())
            after = state.clone()
            after.apply(call)
            if after.phase is not Phase.BIDDING:
                break
        state.apply(call)
    return state, state.view(state.current)


def redealt(state: HandState, seed: int) -> SeatView:
    """The same seat, cards and bids, every card it cannot see dealt anew."""
    seat = state.current
    own = state.hands[seat]
    hidden = [c for c in range(32) if not own >> c & 1 and c != state.turned]
    random.Random(seed).shuffle(hidden)
    hands = []
    for s in range(4):
        if s == seat:
            hands.append(own)
        else:
            hands.append(sum(1 << c for c in hidden[:5]))
            hidden = hidden[5:]
    other = HandState(state.ruleset, state.dealer, hands, state.turned, hidden, state.escrow_in)
    for b in state.bids:
        other.apply(b)
    return other.view(seat)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GUIDED), st.integers(0, 10**9), st.integers(0, 7), st.integers(0, 10**9))
def test_rules_read_only_what_the_seat_sees(ruleset: str, seed: int, passes: int,
                                            other: int) -> None:
    state, view = bidding_view(ruleset, seed, passes)
    again = redealt(state, other)
    assert again.hand == view.hand and again.bids == view.bids
    assert bid_guide.view_features(again) == bid_guide.view_features(view)
    assert bid_guide.applies(again) == bid_guide.applies(view)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GUIDED), st.integers(0, 10**9), st.integers(0, 7))
def test_applies_is_the_derivations_rule(ruleset: str, seed: int, passes: int) -> None:
    _, view = bidding_view(ruleset, seed, passes)
    raw = json.loads(bid_guide.DEFAULT_PATH.read_text(encoding="utf-8"))["rulesets"][ruleset]
    rule = bid_guide.applies(view)
    f = bid_guide.view_features(view)
    assert rule is not None and f is not None
    rnd = bid_guide.bidding_round(view)
    assert rnd == (bid_guide.AUCTION if ruleset == "belot-bulgare" else 1 if passes < 4 else 2)
    ex = derivation.Example(rnd, f, "pass", bid_guide.legal_bids(view))
    assert rule.number == derivation.decide(raw["rules"], ex) + 1
    assert bid_guide.guide_bid(view, rule) in view.legal_actions()


def test_the_guide_says_nothing_off_its_turn_or_once_the_bidding_is_over() -> None:
    state, view = bidding_view("beloz", 3, 0)
    assert bid_guide.applies(view) is not None
    assert bid_guide.applies(state.view((state.current + 1) % 4)) is None
    state.apply(TAKE)  # round 1 over: the play begins
    assert state.phase is not Phase.BIDDING and bid_guide.applies(state.view(state.current)) is None


@pytest.mark.parametrize(("passes", "rnd", "counted"), [(0, 1, 0), (3, 1, 3), (4, 2, 0), (6, 2, 2)])
def test_the_seat_counts_the_passes_of_its_own_round(passes: int, rnd: int, counted: int) -> None:
    _, view = bidding_view("beloz", 11, passes)  # all pass: every count is a pass
    f = bid_guide.view_features(view)
    assert bid_guide.bidding_round(view) == rnd and f is not None and f["passes"] == counted


@pytest.mark.parametrize("seed", range(12))
def test_the_auction_counts_say_where_it_stands(seed: int) -> None:
    state, view = bidding_view("belot-bulgare", seed, 0)
    first = view.seat
    f = bid_guide.view_features(view)
    assert f is not None and f["open"] == 1 and f["theirs"] == 0 and f["passes"] == 0
    state.apply(name_action(1))  # East, the lowest contract
    view = state.view(state.current)  # an opponent of the caller
    f = bid_guide.view_features(view)
    plain = bid_guide.plain_to_weigh(view)
    assert f is not None and plain is not None
    assert (f["open"], f["theirs"], f["ours"], f["doubled"]) == (0, 1, 0, 0)
    assert f["plain_above"] == (name_action(plain) in view.legal_actions())
    east = bid_guide.counts(view.hand, NO_CARD, 1, 0)["points"]
    assert f["standing_points"] == east  # the seat's points with East flooded
    state.apply(DOUBLE)
    view = state.view(state.current)  # the caller's partner
    f = bid_guide.view_features(view)
    assert f is not None and (f["theirs"], f["ours"], f["doubled"]) == (0, 1, 1)
    assert f["standing_points"] == bid_guide.counts(view.hand, NO_CARD, 1, 0)["points"]
    assert view.seat != first and bid_guide.legal_bids(view) >= {"pass", "redouble"}
    state.apply(PASS)
    f = bid_guide.view_features(state.view(state.current))
    assert f is not None and f["passes"] == 1 and f["theirs"] == 1


def test_the_auction_counts_each_contract() -> None:
    # Five cards: the N crocodile and water snake, the E crocodile, the S lion, the W
    # leopard.  All trumps: 2 + 2 (crocodiles) + 1 (water snake) = 5; no trumps: 2 (lion) +
    # 1 (leopard) = 3; the standing contract's count is the one of its kind.
    hand = sum(1 << c for c in (0 * 8 + 4, 0 * 8 + 2, 1 * 8 + 4, 2 * 8 + 7, 3 * 8 + 3))
    state, _ = bidding_view("belot-bulgare", 5, 0)
    state.hands[state.current] = hand
    for call, standing in ((None, 0), (NO_TRUMPS_CALL, 3), (ALL_TRUMPS_CALL, 5)):
        if call is not None:
            state.apply(call)
            state.hands[state.current] = hand
        f = bid_guide.view_features(state.view(state.current))
        assert f is not None and (f["at_points"], f["nt_points"]) == (5, 3)
        assert f["standing_points"] == standing


def test_round_two_weighs_the_plain_counted_best_and_never_a_forbidden_one() -> None:
    # Seat 0's five cards: N crocodile and water snake, E meerkat, monkey, leopard; the
    # turned card the W lion, a side lion either way.  N: 2 + 2 + 2 (crocodile) + 1 (water
    # snake) + 1 = 8 points; E, one card more: 2 + 2 + 2 + 1 = 7.
    n_croc, n_snake, e1, e2, e4 = 4, 2, 8, 9, 11
    hand = sum(1 << c for c in (n_croc, n_snake, e1, e2, e4))
    assert bid_guide.plain_key(hand, 31, 0) > bid_guide.plain_key(hand, 31, 1)
    for name in GUIDED:
        auction = name == "belot-bulgare"
        for seed in range(80 if auction else 40):
            _, view = bidding_view(name, seed, seed % 7 if auction else 4)
            plain = bid_guide.plain_to_weigh(view)
            assert plain is not None
            # The auction: those it may call, or any once none may ("plain_above" says so).
            allowed = ([p for p in range(4) if name_action(p) in view.legal_actions()]
                       or list(range(4)))
            assert plain in allowed
            if auction:  # the weighed plain may be called whenever some plain may
                f = bid_guide.view_features(view)
                callable_ = any(name_action(p) in view.legal_actions() for p in range(4))
                assert f is not None and f["plain_above"] == callable_
            best = max(bid_guide.plain_key(view.hand, view.turned, p) for p in allowed)
            assert bid_guide.plain_key(view.hand, view.turned, plain) == best


def test_each_rule_is_worded_from_what_it_counts() -> None:
    rule = Rule(2, 1, "take", (Condition("crocodile", ">=", 1), Condition("flooded", ">=", 3),
                              Condition("passes", "<=", 0)))
    assert bid_guide.wording(rule, "en") == (
        "Rule 2 (round 1): Take with the crocodile and 3 flooded cards or more, when you"
        " speak first in this round.")
    assert bid_guide.wording(rule, "fr") == (
        "Règle 2 (tour 1)\u00a0: Prenez avec le crocodile et au moins 3 cartes inondées,"
        " quand vous parlez le premier dans ce tour.")
    # What is not held comes last, and a rule of only that is said without "with".
    held_not = Rule(2, 1, "pass", (Condition("honours", "<=", 0), Condition("points", "<=", 8)))
    assert bid_guide.wording(held_not, "en") == (
        "Rule 2 (round 1): Pass with 8 points or fewer and without the crocodile, the water"
        " snake or the flooded lion.")
    assert bid_guide.wording(held_not, "fr") == (
        "Règle 2 (tour 1)\u00a0: Passez avec au plus 8 points et sans le crocodile, ni le"
        " serpent d'eau, ni le lion inondé.")
    assert bid_guide.wording(Rule(3, 1, "pass", (Condition("crocodile", "<=", 0),)), "fr") == (
        "Règle 3 (tour 1)\u00a0: Passez sans le crocodile.")
    assert bid_guide.wording(Rule(5, 2, "name", ()), "en") == (
        "Rule 5 (round 2): Otherwise, name that plain.")


@pytest.mark.parametrize("ruleset", GUIDED)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_rule_names_only_what_the_seat_can_see(ruleset: str, language: str) -> None:
    guide = bid_guide.guides()[ruleset]
    assert 2 <= len(guide.rules) <= 10
    for rule in guide.rules:
        text = bid_guide.wording(rule, language)
        assert "guide." not in text and "%{" not in text, text  # every key found
        assert not any(w in text for w in UNSEEN), text
        for c in rule.when:
            assert c.feature in bid_guide.ALL_FEATURES
            assert bid_guide.condition_words(c, language, rule.round) in text
    intro = " ".join(bid_guide.introduction(guide, language))
    assert "guide." not in intro and not any(w in intro for w in UNSEEN)


def test_a_guide_without_its_otherwise_rule_or_with_a_bid_out_of_its_round_is_refused() -> None:
    doc = json.loads(bid_guide.DEFAULT_PATH.read_text(encoding="utf-8"))
    rules = doc["rulesets"]["beloz"]["rules"]
    doc["rulesets"]["beloz"]["rules"] = [r for r in rules if r["round"] == 1 or r["when"]]
    with pytest.raises(ValueError, match="round 2"):
        bid_guide.parse(doc)
    doc["rulesets"]["beloz"]["rules"] = [{**r, "bid": "name"} if r["round"] == 1 else r
                                         for r in rules]  # no plain to name in round 1
    with pytest.raises(ValueError, match="bad rule"):
        bid_guide.parse(doc)


@pytest.mark.parametrize("ruleset", GUIDED)
def test_the_kept_figures_come_back_from_the_stored_bids(ruleset: str) -> None:
    guide = bid_guide.guides()[ruleset]
    fresh = guide.figures["fresh"]
    rows = [r for r in load(default_path(ruleset, fresh["seed"])) if r["index"] < fresh["deals"]]
    assert {k: v for k, v in fresh.items() if k != "seed"} == derivation.agreement(guide, rows)
    assert fresh["seed"] != guide.figures["train"]["seed"]  # deals apart from the fitted ones
    # A floor against a broken derivation, not the target (90%): the auction's
    # guide agrees with about three quarters of Expert's calls (docs/bid_guide.md).
    assert fresh["agree"] / fresh["decisions"] >= (0.7 if ruleset == "belot-bulgare" else 0.85)


def test_the_cost_is_said_where_it_was_measured_and_only_of_the_rules_measured() -> None:
    doc = json.loads(bid_guide.DEFAULT_PATH.read_text(encoding="utf-8"))
    guides = bid_guide.parse(doc)
    assert "cost" in doc["rulesets"]["beloz"]["figures"]  # docs/bid_guide.md's measurement
    for name, g in doc["rulesets"].items():
        cost = g["figures"].get("cost")
        en, fr = (bid_guide.introduction(guides[name], lang)[-1] for lang in ("en", "fr"))
        if cost is None:  # not measured: nothing said of a cost
            assert "a hand" not in en and "par donne" not in fr, name
            continue
        assert cost["rules"] == bid_guide.rules_digest(g["rules"]), name  # these rules'
        assert cost["seed"] not in (derivation.TRAIN_SEED, derivation.FRESH_SEED)
        if f"{cost['points']:.1f}" in ("0.0", "-0.0"):
            # Classique's -0.0 [-1.7, +1.6]: no sense to say, neither "less" nor "more".
            assert (f"lost nothing measurable on {cost['deals']} other deals:"
                    f" {cost['points']:+.1f} points a hand against Expert's bids"
                    f" (95% interval: {cost['low']:+.1f} to {cost['high']:+.1f})") in en
            assert "less" not in en and "more" not in en, name
            assert f"n'a rien perdu de mesurable sur {cost['deals']} autres donnes" in fr
            assert f"{cost['points']:+.1f} point par donne".replace(".", ",") in fr
            assert f"{cost['low']:+.1f} à {cost['high']:+.1f})".replace(".", ",") in fr
            continue
        # The guide's score minus Expert's, e.g. -3.0 [-5.3, -0.7]: "3.0 points a hand less
        # on 1000 other deals (95% interval: 0.7 to 5.3)".
        loss, low, high = -cost["points"], -cost["high"], -cost["low"]
        assert (f"{loss:.1f} points a hand less on {cost['deals']} other deals"
                f" (95% interval: {low:.1f} to {high:.1f})") in en
        # French agreement: "0,2 point", "1,3 point" under 2, "3,0 points"
        word = "point" if loss < 2 else "points"
        assert f"{loss:.1f} {word} de moins par donne".replace(".", ",") in fr
        assert f"{low:.1f} à {high:.1f})".replace(".", ",") in fr
    # Other rules than those measured: their cost is not said.
    doc["rulesets"]["beloz"]["rules"][0]["when"][0][2] += 1
    changed = bid_guide.parse(doc)["beloz"]
    assert "cost" not in changed.figures
    assert "a hand" not in bid_guide.introduction(changed, "en")[-1]


@pytest.mark.slow
def test_the_stored_bids_are_experts() -> None:
    # Deals whose bids took Expert little time: far from its 1.2 s wall-clock cap, so the
    # same seed and views give the same bids on any machine.
    rows = [r for r in load(default_path("beloz", derivation.FRESH_SEED)) if r["cpu"] < 0.15]
    for row in rows[:4]:
        again = bid_deal((row["ruleset"], row["seed"], row["index"]))
        assert again["bids"] == row["bids"]
