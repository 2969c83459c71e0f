"""The three other rulesets of RULES.md §9, rule by rule, by hand-made cases: §9.1
``belote-sans-annonces``, §9.2 ``belote-classique``, §9.3 ``belot-bulgare`` (dealing,
direction, bidding and the auction, legality in every contract with each reason,
announcements, belots, scoring with seed 002's division by 10, the match)."""

from __future__ import annotations

import random

import pytest

from beloz.rules import tricks
from beloz.rules.announcements import AnnouncementResult, best_combination, compare
from beloz.rules.cards import ALL_TRUMPS, NO_TRUMPS, E, N, S, W
from beloz.rules.contract import AT, NT, trump_contract
from beloz.rules.match import Match
from beloz.rules.ruleset import BELOZ, BULGARE, CLASSIQUE, RULESETS, SANS_ANNONCES, Ruleset
from beloz.rules.scoring import Outcome, divide_pair, score_hand
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_CARD,
    NO_TRUMPS_CALL,
    PASS,
    REDOUBLE,
    TAKE,
    HandState,
    Phase,
    action_code,
    name_action,
    parse_bid,
)
from tests.test_rules_oracle import cid, cids, mask

NOTHING = AnnouncementResult(None, (0, 0), False)


def record_state(rules: Ruleset, dealer: int, hands: list[str], bids: list[str], turned=None):
    """A hand from its four complete 8-card hands, after the given bids."""
    turned_card = cid(turned) if turned else NO_CARD
    st = HandState(rules, dealer, [mask(h) for h in hands], turned_card, None)
    for b in bids:
        st.apply(parse_bid(b))
    return st


def play(st: HandState, codes: str) -> None:
    for c in cids(codes):
        st.apply(c)


def reason(rules: Ruleset, hand: str, trick: str, card: str, trump: int) -> str | None:
    r = tricks.illegal_reason(mask(hand), cids(trick), trump, cid(card), rules)
    return None if r is None else r.value


# -- the table of §9 -------------------------------------------------------------------------


def test_the_four_rulesets_and_their_targets() -> None:
    assert list(RULESETS) == ["beloz", "belote-sans-annonces", "belote-classique", "belot-bulgare"]
    assert SANS_ANNONCES.target == 500
    assert CLASSIQUE.target == 1001 and CLASSIQUE.target_choices == (501, 701, 1001)
    assert BULGARE.target == 151
    assert Match(ruleset=CLASSIQUE, target=701).goal == 701


# -- §9.1 belote sans annonces ---------------------------------------------------------------


def test_sans_annonces_deals_3_then_2_whatever_the_dealer_asks_and_turns_the_21st() -> None:
    deck = list(range(32))
    st = HandState.deal(deck, 0, first_packet=2, ruleset=SANS_ANNONCES)
    # seat 1 (the dealer's right) receives cards 0-2 then 12-13.
    assert st.hands[1] == mask("N1 N2 N3 E5 E6")
    assert st.turned == 20


def test_sans_annonces_shuffles_before_every_deal() -> None:
    decks = []
    for seed in (1, 2):
        m = Match.new(random.Random(0), SANS_ANNONCES)
        hand = m.deal(10, rng=random.Random(5))
        for _ in range(8):
            hand.apply(PASS)
        m.finish(hand)
        m.deal(10, rng=random.Random(seed))
        decks.append(m.deck)
    assert decks[0] != decks[1]
    m = Match.new(random.Random(0), SANS_ANNONCES)
    hand = m.deal(10)
    for _ in range(8):
        hand.apply(PASS)
    m.finish(hand)
    with pytest.raises(ValueError, match="shuffles"):
        m.deal(10)


def test_sans_annonces_has_no_announcements_but_the_belote() -> None:
    hands = ["N1 N2 N3 N4 S7 S6 E1 E2", "E3 E4 E5 E6 E7 E8 W1 W2", "S1 S2 S3 S4 S5 S8 N5 N6",
             "W3 W4 W5 W6 W7 W8 N7 N8"]
    st = record_state(SANS_ANNONCES, 3, hands, ["take"], turned="S7")
    assert st.combos == ((), (), (), ())
    play(st, "S7 E3 S5 W3")  # seat 0 leads the flooded elephant: BeloZ said
    assert st.declared == ((), (), (), ())
    assert st.beloz_points() == (0, 0)  # §6: scored once Re-BeloZ is said
    play(st, "S1 W4 S6 E4")
    assert st.beloz_points() == (20, 0)


def test_sans_annonces_more_than_half_made_failed_litige() -> None:
    r = score_hand(SANS_ANNONCES, 0, (72, 80), 0, (4, 4), NOTHING, (0, 0))
    assert (r.outcome, r.score) == (Outcome.MADE, (82, 80))
    # 91 against 91 with the takers' belote: exactly half of 182, a litige.
    r = score_hand(SANS_ANNONCES, 0, (61, 91), 0, (3, 5), NOTHING, (20, 0), escrow_in=5)
    assert (r.outcome, r.score, r.escrow_out) == (Outcome.LITIGE, (20, 91), 5 + 71)
    # Less than half: the defenders score 162 plus their own belote, the takers their belote.
    r = score_hand(SANS_ANNONCES, 1, (90, 62), 0, (5, 3), NOTHING, (20, 20))
    assert (r.outcome, r.score) == (Outcome.DEDANS, (182, 20))


def test_sans_annonces_capot_is_252_without_the_dix_de_der() -> None:
    r = score_hand(SANS_ANNONCES, 0, (152, 0), 0, (8, 0), NOTHING, (20, 0))
    assert (r.capot, r.dix_de_der, r.score) == (0, None, (272, 0))
    r = score_hand(SANS_ANNONCES, 0, (0, 152), 1, (0, 8), NOTHING, (20, 0))
    assert (r.outcome, r.score) == (Outcome.DEDANS, (20, 252))


# -- §9.2 belote classique -------------------------------------------------------------------


def test_classique_is_clockwise_the_dealers_left_receives_bids_and_leads_first() -> None:
    deck = list(range(32))
    st = HandState.deal(deck, 0, ruleset=CLASSIQUE)
    # One packet of 5 from the dealer's left (seat 3), clockwise: 3, 2, 1, then the dealer.
    assert [st.hands[s] for s in (3, 2, 1, 0)] == [mask("N1 N2 N3 N4 N5"), mask("N6 N7 N8 E1 E2"),
                                                   mask("E3 E4 E5 E6 E7"), mask("E8 S1 S2 S3 S4")]
    assert st.turned == 20 and st.current == 3
    st.apply(PASS)
    assert st.current == 2
    st.apply(TAKE)  # seat 2 takes: the turned card and 2 cards; the others 3, from seat 3
    assert st.hands[3] == mask("N1 N2 N3 N4 N5") | mask("S6 S7 S8")
    assert st.hands[2] == mask("N6 N7 N8 E1 E2") | mask("S5 W1 W2")
    assert st.current == st.leader == 3
    assert Match(ruleset=CLASSIQUE, dealer=0).cutter == 1  # the dealer's right


def test_classique_round_two_may_not_name_the_turned_plain() -> None:
    st = HandState.deal(list(range(32)), 0, ruleset=CLASSIQUE)  # turned S5
    for _ in range(4):
        st.apply(PASS)
    assert name_action(S) not in st.legal_actions()
    assert set(st.legal_actions()) == {PASS, name_action(N), name_action(E), name_action(W)}
    with pytest.raises(ValueError):
        st.apply(name_action(S))


@pytest.mark.parametrize(
    ("rules", "next_dealer"),
    [(BELOZ, 1), (SANS_ANNONCES, 0), (CLASSIQUE, 0), (BULGARE, 1)],
    ids=lambda x: getattr(x, "name", x),
)
def test_all_pass_redeal_in_each_ruleset(rules: Ruleset, next_dealer: int) -> None:
    m = Match.new(random.Random(3), rules)
    m.dealer = 0
    m.escrow = 7  # survives an all-pass redeal
    hand = m.deal(12, rng=random.Random(1))
    passes = 0
    while not hand.is_terminal():
        hand.apply(PASS)
        passes += 1
    assert passes == (4 if rules is BULGARE else 8)
    assert hand.all_passed and hand.returns() == (0, 0)
    assert m.finish(hand) is None
    assert m.dealer == next_dealer and m.escrow == 7 and m.scores == [0, 0]
    again = m.deal(12, rng=random.Random(2))
    assert again.dealer == next_dealer and again.escrow_in == 7


def test_classique_sequence_tie_goes_to_the_first_players_team() -> None:
    tierce_a = best_combination(mask("N1 N2 N3 E8 W1 W5 S1 S4"))
    tierce_b = best_combination(mask("E1 E2 E3 N8 W2 W6 S2 S6"))
    declared = [tierce_b, tierce_a, (), ()]
    assert compare(declared, W, CLASSIQUE, first_player=1).valid_team == 1
    assert compare(declared, W, CLASSIQUE, first_player=2).valid_team == 0
    assert compare(declared, W, BELOZ, first_player=1).cancelled
    # a record: the first trick's leader is the dealer's left (dealer 0: seat 3)
    hands = ["N1 N2 N3 E8 W1 W5 S1 S4", "E1 E2 E3 N8 W2 W6 S2 S6", "N4 N5 E4 E5 W3 W7 S3 S5",
             "N6 N7 E6 E7 W4 W8 S7 S8"]
    st = record_state(CLASSIQUE, 0, hands, ["pass", "pass", "take"], turned="S6")
    assert st.leader == 3
    play(st, "S7 S5 S6 S4")
    assert st.announcement_result().valid_team == 1  # seat 3's team played first


def test_classique_needs_82_trick_points_81_81_fails() -> None:
    r = score_hand(CLASSIQUE, 0, (71, 81), 0, (4, 4), NOTHING, (0, 0))
    assert (r.outcome, r.score) == (Outcome.DEDANS, (0, 162))
    r = score_hand(CLASSIQUE, 0, (72, 80), 0, (4, 4), NOTHING, (0, 0))
    assert (r.outcome, r.score) == (Outcome.MADE, (82, 80))
    # Announcements and belote do not count towards the 82 ...
    carre = AnnouncementResult(1, (0, 100), False)
    r = score_hand(CLASSIQUE, 0, (72, 80), 0, (4, 4), carre, (0, 20))
    assert (r.outcome, r.score) == (Outcome.MADE, (82, 200))


def test_classique_failed_takers_lose_their_announcements_and_keep_their_belote() -> None:
    quarte = AnnouncementResult(0, (50, 0), False)
    r = score_hand(CLASSIQUE, 0, (40, 112), 1, (3, 5), quarte, (20, 0))
    assert (r.outcome, r.score) == (Outcome.DEDANS, (20, 162))
    # BeloZ (§7.4) gives the failed takers' announcements to the defenders.
    r = score_hand(BELOZ, 0, (40, 112), 1, (3, 5), quarte, (20, 0))
    assert r.score == (20, 212)


def test_classique_defenders_capot_252_the_takers_fail() -> None:
    mine = AnnouncementResult(1, (0, 20), False)
    r = score_hand(CLASSIQUE, 0, (0, 152), 1, (0, 8), mine, (0, 20))
    assert (r.outcome, r.capot, r.score) == (Outcome.DEDANS, 1, (0, 292))
    r = score_hand(CLASSIQUE, 0, (152, 0), 0, (8, 0), NOTHING, (0, 0), escrow_in=3)
    assert (r.outcome, r.dix_de_der, r.score) == (Outcome.MADE, 0, (255, 0))


# -- §9.3 belot bulgare: dealing and the auction ---------------------------------------------


def test_bulgarian_deals_3_then_2_no_turned_card_then_3_each_after_the_auction() -> None:
    deck = list(range(32))
    st = HandState.deal(deck, 0, first_packet=2, ruleset=BULGARE)
    assert st.turned == NO_CARD
    assert st.hands[1] == mask("N1 N2 N3 E5 E6") and st.current == 1
    assert Match(ruleset=BULGARE, dealer=0).cutter == 3  # the dealer's left
    for call in ("S", "pass", "pass", "pass"):
        st.apply(parse_bid(call))
    assert st.phase is Phase.PLAY and st.contract == trump_contract(S) and st.taker == 1
    assert st.hands[1] == mask("N1 N2 N3 E5 E6 S5 S6 S7")
    assert st.hands[0] == mask("E2 E3 E4 S3 S4") | mask("W6 W7 W8")
    assert st.current == st.leader == 1


def test_bulgarian_auction_calls() -> None:
    st = HandState.deal(list(range(32)), 3, ruleset=BULGARE)  # seat 0 calls first
    ladder = [name_action(E), name_action(W), name_action(S), name_action(N), NO_TRUMPS_CALL,
              ALL_TRUMPS_CALL]
    assert st.legal_actions() == [PASS] + ladder
    st.apply(name_action(S))  # seat 0: hearts
    assert st.legal_actions() == [PASS, name_action(N), NO_TRUMPS_CALL, ALL_TRUMPS_CALL, DOUBLE]
    st.apply(PASS)  # seat 1
    assert DOUBLE not in st.legal_actions()  # seat 2 is the caller's partner ...
    st.apply(NO_TRUMPS_CALL)  # ... who may raise
    st.apply(DOUBLE)  # seat 3 doubles
    assert st.multiplier == 2
    assert REDOUBLE in st.legal_actions() and DOUBLE not in st.legal_actions()  # seat 0
    st.apply(REDOUBLE)
    assert st.multiplier == 4 and st.legal_actions() == [PASS, ALL_TRUMPS_CALL]  # seat 1
    st.apply(ALL_TRUMPS_CALL)  # a higher contract cancels the redouble ...
    assert st.multiplier == 1
    assert st.legal_actions() == [PASS, DOUBLE]  # ... and may be doubled again (seat 2)
    st.apply(PASS)
    assert st.legal_actions() == [PASS]  # seat 3: its own team's contract, not doubled
    st.apply(PASS)
    st.apply(PASS)
    assert st.phase is Phase.PLAY
    assert (st.contract, st.taker, st.multiplier, st.trump) == (AT, 1, 1, ALL_TRUMPS)
    assert [action_code(b) for b in st.bids] == [
        "S", "pass", "NT", "double", "redouble", "AT", "pass", "pass", "pass"]


def test_bulgarian_auction_double_after_redouble_and_lower_contracts_are_illegal() -> None:
    st = HandState.deal(list(range(32)), 3, ruleset=BULGARE)
    for call in ("N", "double", "redouble"):
        st.apply(parse_bid(call))
    assert DOUBLE not in st.legal_actions() and REDOUBLE not in st.legal_actions()
    for bad in ("S", "N", "double", "take"):
        with pytest.raises(ValueError):
            st.apply(parse_bid(bad))
    st.undo()
    st.undo()
    assert st.multiplier == 1 and st.legal_actions()[-1] == DOUBLE


def test_bulgarian_three_passes_end_the_auction_after_a_double() -> None:
    st = HandState.deal(list(range(32)), 3, ruleset=BULGARE)
    for call in ("pass", "pass", "E", "double", "pass", "pass"):
        st.apply(parse_bid(call))
    assert st.phase is Phase.BIDDING
    st.apply(PASS)
    assert (st.phase, st.taker, st.multiplier) == (Phase.PLAY, 2, 2)


# -- legality in every contract kind, each reason --------------------------------------------


def test_trump_contract_reasons_beloz_and_bulgarian() -> None:
    # Lead N (a dry plain) by an opponent, S flooded.
    for rules in (BELOZ, BULGARE):
        assert reason(rules, "N1 S2", "N8", "W1", S) == "not_in_hand"
        assert reason(rules, "N1 S2", "N8", "S2", S) == "must_follow"
        assert reason(rules, "E1 S2", "N8", "E1", S) == "must_trump"
        assert reason(rules, "E1 S5 S2", "N8 S8", "E1", S) == "must_overtrump"
        assert reason(rules, "E1 S5 S2", "N8 S8", "S2", S) == "must_overtrump"
        assert reason(rules, "S5 S2", "S3", "S2", S) == "must_raise"  # flooded lead: climb
        assert reason(rules, "S8 S2", "S3", "S2", S) is None  # the lion is below the snake
        # ... even when the partner is master
        assert reason(rules, "S5 S2", "S3 E1", "S2", S) == "must_raise"
        assert reason(rules, "E1 S2", "N8 N1", "E1", S) is None  # partner master: any card
    # Unable to overtrump: BeloZ makes the player undertrump, seed 002 does not.
    assert reason(BELOZ, "E1 S2", "N8 S8", "E1", S) == "must_undertrump"
    assert reason(BULGARE, "E1 S2", "N8 S8", "E1", S) is None


def test_no_trumps_only_follow() -> None:
    assert reason(BULGARE, "N1 E1", "N8", "E1", NO_TRUMPS) == "must_follow"
    assert reason(BULGARE, "N1 E1", "N8", "S1", NO_TRUMPS) == "not_in_hand"
    assert reason(BULGARE, "N1 N4 E1", "N3", "N1", NO_TRUMPS) is None  # no climbing
    assert tricks.legal_mask(mask("E1 S5"), cids("N8"), NO_TRUMPS, BULGARE) == mask("E1 S5")
    # Only the led plain wins: the lion beats the leopard, a higher card of another plain
    # (or a flooded-order crocodile) wins nothing.
    assert tricks.master_index(cids("N4 N8 E8 N5"), NO_TRUMPS) == 1


def test_all_trumps_follow_and_climb_whoever_is_master() -> None:
    assert reason(BULGARE, "N8 N1 E1", "N4", "N1", ALL_TRUMPS) == "must_raise"
    assert reason(BULGARE, "N8 N1 E1", "N4", "E1", ALL_TRUMPS) == "must_follow"
    assert reason(BULGARE, "N8 N1", "N4 E1", "N1", ALL_TRUMPS) == "must_raise"  # partner master
    assert reason(BULGARE, "N2 N1", "N4", "N1", ALL_TRUMPS) is None  # cannot climb
    assert reason(BULGARE, "N1", "N4", "S1", ALL_TRUMPS) == "not_in_hand"
    assert tricks.legal_mask(mask("E5 S1"), cids("N4"), ALL_TRUMPS, BULGARE) == mask("E5 S1")
    # every plain in flooded order: the crocodile beats the water snake beats the lion; no
    # plain is above another
    assert tricks.master_index(cids("N8 N3 E5 N4"), ALL_TRUMPS) == 1


def test_why_illegal_on_a_state_in_each_contract() -> None:
    hands = ["N1 N4 N8 E1 E2 E3 S1 S2", "N2 N3 N5 E4 E5 E6 S3 S4", "N6 N7 E7 E8 S5 S6 S7 S8",
             "W1 W2 W3 W4 W5 W6 W7 W8"]
    for call, bad in (("NT", "E4"), ("AT", "N2")):
        st = record_state(BULGARE, 3, hands, [call, "pass", "pass", "pass"])
        st.apply(cid("N4"))  # seat 0 leads the leopard
        assert st.why_illegal(cid(bad)).value == ("must_follow" if call == "NT" else "must_raise")
        assert st.why_illegal(cid("N5")) is None
        assert cid(bad) not in st.legal_actions()


# -- announcements and belots in the Bulgarian game ------------------------------------------


def test_bulgarian_sequences_and_carres_are_compared_separately() -> None:
    run5 = best_combination(mask("N1 N2 N3 N4 N5 E8 W1 S1"))  # quinte to 5
    quarte_high = best_combination(mask("E5 E6 E7 E8 N8 W2 S2 S3"))  # quarte to 8
    carre9 = best_combination(mask("N3 E3 S3 W3 N7 E1 S1 W8"))  # water snakes
    r = compare([run5, carre9, (), quarte_high], S, BULGARE, 1)
    # the longer run wins the sequences, the only carré its category: both teams score
    assert (r.sequences_team, r.carres_team, r.points) == (0, 1, (100, 150))
    assert r.counts(0, run5[0]) and not r.counts(1, quarte_high[0]) and r.counts(1, carre9[0])
    # BeloZ: only the team of the best single announcement (the carré) scores, all of its own
    assert compare([run5, carre9, (), quarte_high], S, BELOZ, 1).points == (0, 200)


def test_bulgarian_longer_run_wins_then_top_then_nobody() -> None:
    run8 = best_combination(mask("E1 E2 E3 E4 E5 E6 E7 E8"))
    run5_top8 = best_combination(mask("N4 N5 N6 N7 N8 W1 S1 S3"))
    assert compare([run8, run5_top8, (), ()], S, BULGARE, 1).sequences_team == 0
    tierce_to_6 = best_combination(mask("N4 N5 N6 E1 W1 S1 S3 W8"))
    tierce_to_7 = best_combination(mask("E5 E6 E7 N1 W2 S2 S4 W6"))
    assert compare([tierce_to_6, tierce_to_7, (), ()], S, BULGARE, 1).sequences_team == 1
    other_tierce_to_6 = best_combination(mask("S4 S5 S6 E1 W2 N2 N8 W6"))
    # equal runs, one of them flooded: still nobody (no flooded tie-break in seed 002)
    r = compare([tierce_to_6, other_tierce_to_6, (), ()], S, BULGARE, 1)
    assert (r.sequences_team, r.points) == (None, (0, 0))


def test_bulgarian_carres_in_flooded_order() -> None:
    lions = best_combination(mask("N8 E8 S8 W8 N1 E2 S3 W5"))
    leopards = best_combination(mask("N4 E4 S4 W4 N2 E1 S1 W6"))
    crocodiles = best_combination(mask("N5 E5 S5 W5 N6 E6 S2 W2"))
    assert compare([lions, leopards, (), ()], S, BULGARE, 1).carres_team == 0
    assert compare([lions, crocodiles, (), ()], S, BULGARE, 1).points == (0, 200)


def test_no_announcements_and_no_belot_in_no_trumps() -> None:
    hands = ["N1 N2 N3 N4 S6 S7 E1 E2", "E3 E4 E5 E6 E7 E8 W1 W2", "S1 S2 S3 S4 S5 S8 N5 N6",
             "W3 W4 W5 W6 W7 W8 N7 N8"]
    st = record_state(BULGARE, 3, hands, ["NT", "pass", "pass", "pass"])
    assert st.combos == ((), (), (), ()) and st.belot_pairs == ()
    play(st, "S7 E3 S5 W3")
    assert st.declared == ((), (), (), ()) and st.beloz_points() == (0, 0)
    st = record_state(BULGARE, 3, hands, ["AT", "pass", "pass", "pass"])
    assert len(st.combos[1]) == 1  # the run E3-E8
    play(st, "S7 E3 S5 W3")
    assert st.beloz_points() == (20, 0)  # declared with the first card, led


def test_bulgarian_belot_in_a_trump_contract_counts_when_played_to_intercept() -> None:
    hands = ["S6 S7 E1 E2 E3 E4 E5 E6", "N1 N2 N3 N4 N5 N6 N7 N8", "S1 S2 S3 S4 S5 S8 E7 E8",
             "W1 W2 W3 W4 W5 W6 W7 W8"]
    st = record_state(BULGARE, 0, hands, ["pass", "S", "pass", "pass", "pass"])
    assert st.taker == 2
    play(st, "N1 S1 W1")  # seat 1 leads North; seat 2 intercepts
    play(st, "S7")  # seat 0, void, plays its flooded elephant: the belot counts at once
    assert st.beloz_points() == (20, 0)


def test_all_trumps_belots_in_every_plain_lost_when_discarded() -> None:
    hands = ["S6 S7 W6 W7 E1 E2 E3 E4", "N1 N2 N3 N4 N5 N6 N7 N8", "S1 S2 S3 S4 S5 S8 E7 E8",
             "W1 W2 W3 W4 W5 W8 E5 E6"]
    st = record_state(BULGARE, 0, hands, ["AT", "pass", "pass", "pass"])
    pairs = sorted(st.belot_pairs)
    assert pairs == sorted([(0, mask("S6 S7")), (0, mask("W6 W7")), (1, mask("N6 N7"))])
    # seat 1 leads North; seat 0, void, discards its South elephant: that belot is lost
    play(st, "N1 E7 W1 S7")
    assert st.beloz_points() == (0, 0) and st.tricks[0].winner == 1
    play(st, "N2 E8 W2 S6")  # the rhino of a lost pair
    play(st, "N3 S1 W3 W7")  # the West elephant discarded on a North lead: lost too
    play(st, "N4 S2 W4 W6")
    assert st.beloz_points() == (0, 0) and st.belot_cards == mask("N6 N7")


def test_all_trumps_belot_following_the_led_plain_counts() -> None:
    hands = ["S6 S7 W6 W7 E1 E2 E3 E4", "N1 N2 N3 N4 N5 N6 N7 N8", "S1 S2 S3 S4 S5 S8 E7 E8",
             "W1 W2 W3 W4 W5 W8 E5 E6"]
    st = record_state(BULGARE, 3, hands, ["AT", "pass", "pass", "pass"])
    play(st, "W7 N1 E7 W3")  # seat 0 leads its West elephant: belot
    assert st.beloz_points() == (20, 0)
    st.undo()
    st.undo()
    st.undo()
    st.undo()
    assert st.beloz_points() == (0, 0) and st.belot_said == 0


# -- scoring (§9.3) --------------------------------------------------------------------------


def bulgarian(taker_team, cards, last, won, ann=NOTHING, belots=(0, 0), contract=None,
              multiplier=1, escrow_in=0):
    return score_hand(BULGARE, taker_team, cards, last, won, ann, belots, escrow_in,
                      contract or trump_contract(S), multiplier)


def test_seed_002_rounding_examples_trump() -> None:
    r = bulgarian(0, (96, 56), 0, (5, 3))  # 106 - 56
    assert (r.outcome, r.raw, r.score) == (Outcome.MADE, (106, 56), (10, 6))
    r = bulgarian(0, (146, 6), 0, (7, 1))  # 156 - 6
    assert r.score == (15, 1)
    assert divide_pair(56, 106, trump_contract(S).kind) == (6, 10)
    r = bulgarian(0, (97, 55), 0, (5, 3))  # 107 - 55: the plain rule, 7 up and 5 down
    assert r.score == (11, 5)


def test_seed_002_rounding_examples_all_trumps() -> None:
    r = bulgarian(0, (214, 34), 0, (7, 1), contract=AT)
    assert (r.raw, r.score) == ((224, 34), (22, 4))
    carre = AnnouncementResult(None, (100, 0), False, True, None, 0)
    r = bulgarian(0, (84, 164), 0, (3, 5), carre, contract=AT)
    assert (r.raw, r.score) == ((194, 164), (19, 17))
    r = bulgarian(0, (145, 103), 0, (5, 3), contract=AT)  # 155 - 103: 5 rounds up in AT
    assert r.score == (16, 10)


def test_no_trumps_doubles_cards_and_dix_de_der_not_the_valat() -> None:
    r = bulgarian(0, (130, 110), 0, (5, 3), contract=NT)  # card points as scored (doubled)
    assert (r.totals, r.score) == ((150, 110), (15, 11))
    r = bulgarian(0, (240, 0), 0, (8, 0), contract=NT)
    assert (r.capot, r.totals, r.score) == (0, (350, 0), (35, 0))


def test_hanging_106_106_and_154_154() -> None:
    quarte = AnnouncementResult(None, (50, 0), False, True, 0, None)
    r = bulgarian(0, (56, 96), 1, (3, 5), quarte, escrow_in=4)
    assert (r.outcome, r.raw, r.score, r.escrow_out) == (Outcome.LITIGE, (0, 106), (0, 10), 15)
    r = bulgarian(0, (104, 144), 1, (3, 5), quarte, contract=AT)
    assert (r.outcome, r.score, r.escrow_out) == (Outcome.LITIGE, (0, 15), 16)


def test_failed_contract_the_defenders_record_both_teams_points() -> None:
    r = bulgarian(0, (50, 102), 1, (3, 5), belots=(20, 0), escrow_in=3)
    # 70 + 112 = 182, one amount: the plain rule
    assert (r.outcome, r.raw, r.score) == (Outcome.DEDANS, (0, 182), (0, 18 + 3))


@pytest.mark.parametrize(("multiplier", "made", "game"), [
    (2, True, 32), (2, False, 32), (4, True, 65), (4, False, 65)])
def test_doubled_and_redoubled_made_and_failed(multiplier: int, made: bool, game: int) -> None:
    cards = (90, 62) if made else (52, 100)
    r = bulgarian(0, cards, 0, (5, 3), multiplier=multiplier, escrow_in=2)
    winner = 0 if made else 1
    assert r.outcome is (Outcome.MADE if made else Outcome.DEDANS)
    assert r.raw[winner] == 162 * multiplier and r.raw[1 - winner] == 0
    assert r.score[winner] == game + 2 and r.score[1 - winner] == 0


def test_doubled_and_equal_everything_hangs() -> None:
    r = bulgarian(0, (71, 81), 0, (4, 4), multiplier=2, escrow_in=5)
    assert (r.outcome, r.raw, r.score, r.escrow_out) == (Outcome.LITIGE, (0, 0), (0, 0), 5 + 32)


def test_valat_90_and_the_team_without_a_trick_keeps_its_announcements() -> None:
    carre = AnnouncementResult(None, (0, 100), False, True, None, 1)
    r = bulgarian(0, (152, 0), 0, (8, 0), carre, belots=(0, 20))
    assert r.capot == 0 and r.totals == (252, 120)
    assert (r.outcome, r.score) == (Outcome.MADE, (25, 12))


# -- the match --------------------------------------------------------------------------------


def valat_hand(escrow_in: int = 0) -> HandState:
    """Seat 0 holds every North card and calls North: its team takes all eight tricks."""
    hands = ["N1 N2 N3 N4 N5 N6 N7 N8", "E1 E2 E3 E4 E5 E6 E7 E8", "S1 S2 S3 S4 S5 S6 S7 S8",
             "W1 W2 W3 W4 W5 W6 W7 W8"]
    st = HandState(BULGARE, 3, [mask(h) for h in hands], NO_CARD, None, escrow_in)
    for call in ("N", "pass", "pass", "pass"):
        st.apply(parse_bid(call))
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])
    return st


def test_a_valat_never_ends_the_bulgarian_match() -> None:
    m = Match(ruleset=BULGARE, scores=[140, 30])
    r = m.finish(valat_hand())
    assert r is not None and r.capot == 0 and r.score[0] >= 12
    assert m.scores[0] >= 151 and m.winner() is None  # would have crossed 151
    assert m.goal == m.scores[0] + 1
    m.scores[0] += 1  # the next hand takes the leader over the raised target
    assert m.winner() == 0


def test_hanging_points_are_carried_to_the_next_hands_winner() -> None:
    m = Match(ruleset=BULGARE, scores=[0, 0], escrow=11)  # e.g. after 106 - 106
    r = m.finish(valat_hand(escrow_in=m.escrow))
    # 152 + dix de der + valat 90 + the North belot = 272 -> 27, plus the 11 hanging
    assert r is not None and r.score[0] == 27 + 11 and m.escrow == 0


def test_bulgarian_both_over_151_the_higher_wins_equal_play_on() -> None:
    m = Match(ruleset=BULGARE, scores=[160, 155])
    assert m.winner() == 0
    m.scores[1] = 160
    assert m.winner() is None
