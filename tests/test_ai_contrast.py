"""Why the best card rather than another (``beloz.ai.contrast``): the reason comes from the
two cards played out in the same deals, sampled from the seat's view only; every fact of
its sentence holds in the deals it counts; hidden cards never show through."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from beloz.ai.contrast import (
    SAMPLES,
    DealOutcome,
    contrast,
    outcomes,
    play_out,
    reason_from,
    sentence,
)
from beloz.ai.explain import card_word
from beloz.ai.heuristic import PlayRules, rollout
from beloz.ai.pimc import HandModel, accept_declarations
from beloz.ai.review import _expert_card, card_values
from beloz.ai.sampler import sampler_for
from beloz.ai.view import infer
from beloz.reasons import Contrast
from beloz.rules.cards import parse
from beloz.rules.record import replay, validate
from beloz.rules.scoring import Outcome
from beloz.rules.state import TAKE, HandState, Phase, SeatView

from .test_ai_helpers import played_state, swapped

NBSP = "\u00a0"


def _view(hands: list[list[str]], plays: list[str], turned: str) -> SeatView:
    doc = {"format": "beloz-hand/1", "ruleset": "beloz", "dealer": 3, "hands": hands,
           "turned": turned, "bids": ["pass", "take"], "plays": plays}
    st = replay(validate(doc))
    return st.view(st.current)


# North floods; Kito (seat 1) took.  Expedition 1: South (seat 0) led the North meerkat,
# Kito climbed with the monkey, Amani and Juma discarded: neither holds a flooded card, so
# the four flooded cards South does not see (leopard, crocodile, rhinoceros, elephant) are
# all Kito's.  Expedition 2 went to South's East lion.  South leads expedition 3 with the
# water snake and the lion of North in hand: the water snake led now falls to Kito's
# crocodile, which must climb on it.
VOID_HANDS = [["N1", "N3", "N8", "E8", "E7", "S8", "S1", "W1"],
              ["N2", "N4", "N5", "N6", "N7", "E1", "S2", "W3"],
              ["E2", "E3", "E4", "S4", "S5", "W5", "W6", "W7"],
              ["E5", "E6", "S3", "S6", "S7", "W2", "W4", "W8"]]
VOID_PLAYS = ["N1", "N2", "W5", "W2", "E1", "E2", "E5", "E8"]


def _positions(count: int) -> list[tuple[SeatView, int, int]]:
    """Mid-hand positions of fixed seeds, each with two of the seat's legal cards (the
    reason is asked both ways: one of them has none)."""
    out = []
    for seed in range(60):
        for cards in (0, 5, 10, 17):
            st = played_state(seed, cards)
            if st.phase is not Phase.PLAY:
                continue
            v = st.view(st.current)
            legal = v.legal_actions()
            if len(legal) < 2:
                continue
            rng = random.Random(seed * 100 + cards)
            a, b = rng.sample(legal, 2)
            out += [(v, a, b), (v, b, a)]
            if len(out) >= count:
                return out
    return out


def test_play_out_is_the_rollout_expedition_by_expedition() -> None:
    # The reason's play-out is Expert's: the heuristic's rollout, card for card.
    checked = 0
    for v, best, worst in _positions(12):
        assert v.trump is not None and v.taker is not None
        sampler = sampler_for(infer(v))
        rng = random.Random(checked)
        for _ in range(5):
            hands = sampler.sample_accepted(rng, accept_declarations(v, HandModel(v)))
            for c in (best, worst):
                exps, p0, p1, last, won0 = play_out(v, hands, c)
                h = list(hands)
                h[v.seat] &= ~(1 << c)
                assert (p0, p1, last, won0) == rollout(
                    PlayRules.of(v.trump, v.taker, v.ruleset), h, v.leader, [*v.trick, c],
                    v.played | (1 << c), first_done=True)
                assert len(exps) == 8 - len(v.tricks)
                assert exps[0].cards[len(v.trick)] == c
                # Every card of the deal is played once.
                seen = [x for e in exps for x in e.cards]
                assert len(seen) == len(set(seen)) == sum(x.bit_count() for x in hands) \
                    + len(v.trick)
                checked += 1
    assert checked >= 100


def _team(seat: int) -> int:
    return seat & 1


def _check(v: SeatView, c: Contrast, deals: list[DealOutcome]) -> None:
    """Every fact of ``c`` re-derived from the deals, independently of the module's own
    fact functions: ``share`` and ``count`` are the deals where all of them hold."""
    n = len(deals)
    team = v.seat & 1
    first = len(v.tricks) + 1
    assert c.samples == n and c.best != c.other
    total = sum(o.best.value - o.other.value for o in deals)
    assert c.points == round(total / n) and total > 0
    if c.known and c.key in ("now_win_card", "now_keep_card", "now_lose_card"):
        # said as a fact, "an opponent holds it": so in every deal that fits the view
        assert all(any(o.hands[s] >> c.card & 1 for s in range(4) if (s - v.seat) % 2)
                   for o in deals), c

    def holds(o: DealOutcome) -> bool:
        b, x = o.best.expeditions, o.other.expeditions
        gain = o.best.value - o.other.value
        if gain <= 0 and c.key == "more_points":
            return False  # the other facts are counted whether or not the best gains
        if c.key.startswith("now_"):
            assert c.expedition == first and c.card is not None
            now = x[0]
            if _team(now.winner) == team or now.winning_card != c.card:
                return False
            if c.holder is not None and now.winner != c.holder:
                return False
            # The card that takes the other one: the holder's in this deal (or on the table).
            owner = now.winner
            assert o.hands[owner] >> c.card & 1 or c.card in v.trick
            assert c.visible == (c.card in v.trick)
            if c.key.startswith("now_win") and _team(b[0].winner) != team:
                return False
            if c.key.startswith("now_keep"):
                later = next(e for e in b if c.other in e.cards)
                if _team(b[0].winner) == team or _team(later.winner) != team:
                    return False
        elif c.key in ("later", "later_card", "later_any", "partner_void"):
            assert c.expedition is not None
            i = c.expedition - first
            # The first expedition whose winning team differs is this one.
            diff = [j for j in range(len(b)) if _team(b[j].winner) != _team(x[j].winner)]
            if not diff or diff[0] != i or _team(b[i].winner) != team:
                return False
            if c.key == "partner_void":
                p = v.seat ^ 2
                lead = b[i].cards[0] >> 3
                mine = b[i].cards[(p - b[i].leader) * v.ruleset.direction % 4]
                if b[i].winner != p or mine != c.card or lead != c.plain:
                    return False
                # The partner had no card of the led plain left: it played a flooded one.
                assert mine >> 3 == v.trump != lead
            else:
                if c.card is not None and x[i].winning_card != c.card:
                    return False
                if c.holder is not None and x[i].winner != c.holder:
                    return False
        elif c.key == "trumps":
            def intercepted(exps: tuple) -> int:
                return sum(1 for e in exps if _team(e.winner) != team
                           and e.winning_card >> 3 == v.trump != e.cards[0] >> 3)

            if intercepted(x) - intercepted(b) != c.intercepts:
                return False
        elif c.key == "contract":
            pass
        else:
            assert c.key == "more_points"
        if c.contract == "ours":
            assert v.taker is not None and _team(v.taker) == team
            return o.best.outcome is Outcome.MADE and o.other.outcome is Outcome.DEDANS
        if c.contract == "theirs":
            assert v.taker is not None and _team(v.taker) != team
            return o.best.outcome is Outcome.DEDANS and o.other.outcome is Outcome.MADE
        return True

    held = [o for o in deals if holds(o)]
    assert len(held) == c.count
    assert c.share == round(100 * len(held) / n)
    if c.basis == "deals":
        assert 2 * len(held) > n  # only what holds in most of the deals
    else:
        positive = sum(o.gain for o in deals if o.gain > 0)
        mine = sum(o.gain for o in held if o.gain > 0)
        assert c.basis == "points" and 2 * mine > positive and 10 * len(held) >= n
        assert c.weight == round(100 * mine / positive)


def _words(c: Contrast, language: str) -> list[str]:
    """What the sentence must say: the two cards, the share, the card and the expedition."""
    out = [card_word(c.best, "name", c.trump, language),
           card_word(c.other, "name", c.trump, language)]
    if c.basis == "points":
        out.append(f" {c.count} ")
        out.append(f"{c.weight}{'%' if language == 'en' else NBSP + '%'}")
    elif c.share < 100:
        out.append(f"{c.share}{'%' if language == 'en' else NBSP + '%'}")
    if c.card is not None:
        out.append(card_word(c.card, "the", c.trump, language))
    if c.expedition is not None and not c.key.startswith("now_"):
        out.append(f" {c.expedition}")
    if c.intercepts is not None and c.intercepts > 1:
        out.append(f" {c.intercepts} ")
    return out


@pytest.mark.slow
def test_every_fact_of_the_sentence_holds_in_the_deals_it_counts() -> None:
    keys: set[str] = set()
    said = 0
    for i, (v, best, worst) in enumerate(_positions(90)):
        deals = outcomes(v, best, worst)
        c = reason_from(v, best, worst, deals)
        if i % 10 == 0:
            assert c == contrast(v, best, worst)  # the same deals: the view's own seed
        if c is None:
            continue
        keys.add(c.key)
        said += 1
        _check(v, c, deals)
        for language in ("en", "fr"):
            text = sentence(c, language)
            for w in _words(c, language):
                assert w in text, (w, text)
            assert "%{" not in text and "teach." not in text
            if language == "fr":
                for mark in ":;!?":
                    assert f" {mark}" not in text, text
    # The sample covers the reasons of the current expedition, of a later one, of the
    # contract and of the points.
    assert said >= 20 and len(keys) >= 5, (said, keys)


def test_the_reason_does_not_depend_on_the_hidden_cards() -> None:
    # The other seats' hidden cards exchanged as the seat's knowledge allows: same view,
    # same reason, word for word.
    rng = random.Random(5)
    compared = 0
    for seed in range(40):
        st = played_state(seed, 6 + seed % 12)
        got = swapped(st, rng)
        if got is None:
            continue
        other_state, v1, v2 = got
        values = card_values(v1)
        best = _expert_card(v1, values)
        for worst in v1.legal_actions():
            if worst == best:
                continue
            c1, c2 = contrast(v1, best, worst), contrast(v2, best, worst)
            assert c1 == c2
            if c1 is not None:
                assert sentence(c1, "en") == sentence(c2, "en")
                compared += 1
        if compared >= 6:
            break
    assert compared >= 6


def test_an_opponent_known_to_hold_the_crocodile_is_named() -> None:
    v = _view(VOID_HANDS, VOID_PLAYS, "N2")
    assert v.seat == 0 and v.current == 0 and len(v.tricks) == 2
    crocodile, snake, lion = parse("N5"), parse("N3"), parse("N8")
    # The seat's knowledge: Kito holds every flooded card it does not see.
    assert infer(v).must[1] >> crocodile & 1
    c = contrast(v, lion, snake)
    assert c is not None
    assert c.key == "now_keep" and c.holder == 1 and c.card == crocodile
    assert c.expedition == 3 and c.share == 100 and c.basis == "deals"
    _check(v, c, outcomes(v, lion, snake))
    # Known from the view: said as a fact, never as a share of the deals.
    assert c.known
    assert sentence(c, "en") == (
        "Kito holds the crocodile, as you know from the play. In every deal Expert tried from "
        "what you have seen, your water snake would lose this expedition to it; your lion keeps "
        "your water snake for a later expedition, which your team wins.")
    fr = sentence(c, "fr")
    assert fr.startswith("Kito détient le crocodile, vous le savez par le jeu. Dans toutes "
                         "les donnes qu'Expert a essayées d'après ce que vous avez vu, votre "
                         "serpent d'eau")


def test_an_opponent_is_named_as_the_viewers_screen_names_its_place() -> None:
    """Whatever the viewer's seat (a practice problem of another seat than 0), it sits at
    the bottom of the board and the others are named by their places around it, as the
    Practice screen and the table show them: the opponent on its right is Kito, the one
    on its left Juma, in either direction of play."""
    from dataclasses import replace

    v = _view(VOID_HANDS, VOID_PLAYS, "N2")
    c = contrast(v, parse("N8"), parse("N3"))
    assert c is not None and c.viewer == 0 and c.holder == 1
    for viewer in range(4):
        for direction in (1, -1):
            turned = replace(c, viewer=viewer, holder=(viewer + 1) % 4, direction=direction)
            assert sentence(turned, "en") == sentence(c, "en")  # "Kito holds the crocodile"
            left = replace(turned, holder=(viewer + 3) % 4)
            assert "Juma holds the crocodile" in sentence(left, "en")


def test_the_share_is_said_when_the_holder_is_not_certain() -> None:
    # The same deal, but Amani and Juma have not shown any void: the crocodile, turned and
    # taken by Kito, is Kito's, yet what the water snake led now loses depends on the
    # deal, and the sentence says in how many of them.
    hands = [["N3", "N8", "E8", "E7", "S8", "S1", "W1", "W2"],
             ["N5", "N1", "N2", "E1", "S2", "S3", "W3", "W4"],
             ["N4", "E2", "E3", "S4", "S5", "W5", "W6", "W7"],
             ["N6", "N7", "E4", "E5", "E6", "S6", "S7", "W8"]]
    v = _view(hands, ["E8", "E1", "E2", "E4"], "N5")
    snake = parse("N3")
    best = _expert_card(v, card_values(v))
    c = contrast(v, best, snake)
    assert c is not None and c.holder == 1 and c.card == parse("N5")
    assert c.key.startswith("now_") and c.share > 50
    _check(v, c, outcomes(v, best, snake))
    # Kito holds the crocodile for sure (the taker holds the turned card): a fact; what
    # becomes of the water snake is the share.
    assert c.known
    lead = ("In every deal Expert tried" if c.share == 100
            else f"In {c.share}% of the deals Expert tried")
    assert (f"Kito holds the crocodile, as you know from the play. {lead} from what you "
            "have seen") in sentence(c, "en")
    assert "your water snake would lose this expedition to it" in sentence(c, "en")


def test_no_reason_for_the_same_card_an_illegal_one_or_a_card_that_is_not_better() -> None:
    v = _view(VOID_HANDS, VOID_PLAYS, "N2")
    lion, snake = parse("N8"), parse("N3")
    assert contrast(v, lion, lion) is None
    assert contrast(v, lion, parse("N5")) is None  # not the seat's card
    # The water snake scores less than the lion in these deals: no reason to prefer it.
    assert contrast(v, snake, lion) is None
    assert reason_from(v, lion, snake, []) is None
    assert SAMPLES >= 20


def test_a_kept_contrast_reads_back_and_a_bad_one_is_refused() -> None:
    import json

    import pytest

    from beloz.reasons import contrast_from_dict, contrast_to_dict

    v = _view(VOID_HANDS, VOID_PLAYS, "N2")
    lion, snake = parse("N8"), parse("N3")
    c = contrast(v, lion, snake)
    assert c is not None
    kept = json.loads(json.dumps(contrast_to_dict(c)))
    assert contrast_from_dict(kept, lion, snake, v.seat) == c
    for bad in ({**kept, "key": "nonsense"}, {**kept, "holder": 7}, {**kept, "card": "N5"},
                {**kept, "share": 101}, {**kept, "visible": 1}, {**kept, "extra": 1},
                {**kept, "direction": 0}, [kept], {k: x for k, x in kept.items()
                                                   if k != "samples"}):
        with pytest.raises(ValueError):
            contrast_from_dict(bad, lion, snake, v.seat)


def test_the_partners_void_and_the_interceptions_are_reasons_too() -> None:
    # Fixed-seed positions where the reason is the partner's void (it intercepts a later
    # expedition after the best card) and the count of the other team's interceptions.
    for seed, cards, best, other, key in ((88, 5, "S7", "N1", "partner_void"),
                                          (3, 0, "N1", "S1", "trumps")):
        st = played_state(seed, cards)
        v = st.view(st.current)
        c = contrast(v, parse(best), parse(other))
        assert c is not None and c.key == key, (seed, c)
        _check(v, c, outcomes(v, parse(best), parse(other)))
        text = sentence(c, "en")
        if key == "partner_void":
            assert c.holder == v.seat ^ 2 and c.plain is not None
            assert "your partner has no" in text and "he intercepts it with" in text
        else:
            assert c.intercepts is not None and c.intercepts >= 1
            assert "the other team intercepts" in text


def test_contracts_of_the_auction_no_trumps_and_all_trumps() -> None:
    # Belot bulgare (RULES.md §9.3): in no-trumps and all-trumps no card intercepts
    # another, so no reason speaks of interceptions; every fact still holds in its deals.
    from beloz.rules.ruleset import BULGARE
    from beloz.rules.state import PASS, HandState, parse_bid

    said = 0
    for contract in ("NT", "AT", "S"):
        rng = random.Random(contract)
        for _ in range(3):
            deck = list(range(32))
            rng.shuffle(deck)
            st = HandState.deal(deck, 3, 3, BULGARE)
            st.apply(parse_bid(contract))
            for _ in range(3):
                st.apply(PASS)
            for _ in range(rng.randrange(0, 20)):
                st.apply(rng.choice(st.legal_actions()))
            v = st.view(st.current)
            legal = v.legal_actions()
            if len(legal) < 2:
                continue
            for a, b in ((legal[0], legal[-1]), (legal[-1], legal[0])):
                c = contrast(v, a, b)
                if c is None:
                    continue
                said += 1
                _check(v, c, outcomes(v, a, b))
                for language in ("en", "fr"):
                    text = sentence(c, language)
                    assert "%{" not in text
                    if contract != "S":
                        assert c.fate != "intercepted" and c.key not in ("trumps",
                                                                         "partner_void")
                        assert "ntercept" not in text, text
    assert said >= 3


def test_a_card_on_the_table_is_said_as_certain_before_the_share() -> None:
    """"In 7 of the 40 deals, Juma has played the crocodile" read as if the crocodile on
    the table were in doubt: a card already played is said first, the share after it."""
    seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, seed % 4, 3)
        st.apply(TAKE)
        while st.phase is Phase.PLAY and (not st.trick or st.current != 0):
            st.apply(rng.choice(st.legal_actions()))
        if st.phase is not Phase.PLAY:
            continue
        v = st.view(0)
        legal = v.legal_actions()
        for best in legal:
            for other in legal:
                c = contrast(v, best, other, samples=12) if best != other else None
                if c is None or not c.key.startswith("now_") or not c.visible:
                    continue
                for language in ("en", "fr"):
                    text = sentence(c, language)
                    played = text.index(card_word(c.card, "the", c.trump, language))
                    lead = min(text.find(w) for w in ("In ", "Dans ") if w in text)
                    assert played < lead, text
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_a_deal_drawn_twice_counts_once() -> None:
    """Teacher set I (bulgare-4202): two cards left, six layouts fit what the seat has seen,
    and Expert's weighted draws repeat one of them; the hint said "in 19 of the 40 deals"
    for the one layout where the contract turns.  Each distinct deal counts once."""
    from pathlib import Path

    from beloz.ai.contrast import outcomes
    from bench.bench_teach_unseen import positions, view_of

    fixture = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-i.json"
    v = view_of(next(p for p in positions(fixture) if p["id"] == "I-bulgare-4202"))
    got = outcomes(v, parse("S6"), parse("S1"))
    assert len({o.hands for o in got}) == len(got) <= 6
    turned = [o for o in got if o.best.outcome is not o.other.outcome]
    assert len(turned) == 1


def test_a_single_deal_is_said_as_the_only_one() -> None:
    """Every hidden card placed, one deal fits: "In the only deal that fits what you have
    seen", never "In 1 of the 1 deals" (a survey of fresh hints, seed 5151, beloz-22)."""
    from beloz.ai.contrast import threshold_sentence

    one = Contrast("threshold", parse("N2"), parse("N4"), 100, 1, 190, 0, 1, count=1,
                   basis="points", weight=100, contract="theirs", threshold="contract",
                   have=36, theirs=69, swing="made-dedans")
    for c, say in ((one, threshold_sentence), (replace(one, key="close"), sentence)):
        for language, start in (("en", "In the only deal that fits"),
                                ("fr", "Dans la seule donne compatible")):
            text = say(c, language)
            assert start.lower() in text.lower() and "1 of the 1" not in text, text
        assert " 1 of the 2 " in say(replace(c, samples=2), "en")
