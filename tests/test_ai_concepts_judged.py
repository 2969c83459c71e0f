"""The card concepts added from the independent teacher sets (E and F, and the practice
set): each position that the hint answered with a description or the wrong comparison,
built by hand where it can be, its sentence asserted, and the claim that keeps it true
watched failing.  (Split from ``test_ai_concepts.py``, whose helpers it uses.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beloz.ai import card_claims, concepts, thresholds
from beloz.reasons import Why
from beloz.rules.cards import parse
from bench.bench_explain_truth import facts
from bench.bench_teach_unseen import positions, view_of

from .test_ai_concepts import deal, play, raw, versus, without

SET_G = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-g.json"


def test_bank_the_points_when_the_team_wins_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set E (sans-600): the seat plays last, the partner's card wins whatever it
    plays; its lion takes the expedition with 11 points, the monkey adds none.  North
    floods; Kito leads the East meerkat, the partner plays the East leopard, Amani the East
    monkey."""
    hands = deal(["E1"], ["E4"], ["E2"], ["E8", "E3", "W1", "W2", "S1", "S2", "S3", "W3"])
    v = play("N", hands, ["E1", "E4", "E2"])
    assert versus(v, "E8", "E3") == (
        "vs.bank",
        "Your team wins this expedition with either card: your East lion puts its 11 points "
        "in it, your East water snake fewer.")
    # third to play, Kito after may hold a flooded card: neither card is sure
    third = play("N", deal(["E4"], ["E2"], ["E8", "E3", "W1", "W2", "S1", "S2", "S3", "W3"]),
                 ["E4", "E2"])
    assert versus(third, "E8", "E3") is None or versus(third, "E8", "E3")[0] != "vs.bank"
    without(monkeypatch, "vs.bank", card_claims.best_self_sure)
    without(monkeypatch, "vs.bank", card_claims.other_team_sure)
    assert raw(third, "E8", "E3") == ("vs.bank",)  # the claims are what keeps it unsaid


def test_keep_the_master_card_while_the_partner_may_still_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The partner plays after and may still win (he may hold a flooded card): "your team
    cannot beat it" is not said, "neither it nor your monkey wins this one" is; not when the
    partner is known to win it (teacher set E, beloz-3328: his declared tierce held the best
    flooded cards, and he had no North)."""
    from pathlib import Path

    from bench.bench_teach_unseen import positions, view_of

    v = play("N", deal(["E8"], ["E4", "E2", "W1", "W2", "W3", "S1", "S2", "S3"]), ["E8"])
    assert versus(v, "E2", "E4") == (
        "vs.keep_master_open",
        "Keep your East leopard, the strongest card left in its plain, for a later expedition: "
        "neither it nor your East monkey wins this one.")
    fixture = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-e.json"
    known = view_of(next(p for p in positions(fixture) if p["id"] == "E-beloz-3328"))
    assert versus(known, "N3", "N7") == (
        "vs.partner_holds",
        "Your partner, still to play, holds the West elephant, which wins this expedition "
        "whatever the others hold: play your North water snake and keep your North elephant "
        "for later.")
    # set E, sans-5633: the partner's flooded water snake (the turned card) is known, but
    # the opponent between him and the seat may hold the flooded crocodile above it
    between = view_of(next(p for p in positions(fixture) if p["id"] == "E-sans-5633"))
    said = versus(between, "E6", "E1")
    assert said is None or said[0] != "vs.partner_holds"
    without(monkeypatch, "vs.keep_master_open", card_claims.partner_not_sure)
    assert raw(known, "N3", "N7") == ("vs.keep_master_open",)
    why = concepts.versus(known, parse("N3"), parse("N7"))
    assert why is not None
    assert not facts(known, parse("N3"), why)["the partner not known to win it"]
    # the partner's card must be known to be his and sure: else "holds" is a guess
    guess = Why("vs.partner_holds", (parse("E2"), parse("E4"), parse("N8")), trump=v.trump)
    assert concepts.check(v, parse("E2"), guess)
    without(monkeypatch, "vs.partner_holds", card_claims.partner_holds_winner)
    assert not concepts.check(v, parse("E2"), guess)
    assert not facts(v, parse("E2"), guess)[
        "the partner surely holds the named card, and it wins after either card"]


def test_cover_the_partner_s_card_an_opponent_after_may_beat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice P-sans-0 (teacher): "your partner is master" was the reason to play over
    him; what decides is that the opponent after may still beat his card, while the seat's
    lion, the strongest East card left, cannot be beaten by an East card.  North floods;
    the partner leads the East water snake, Kito plays the East monkey; the seat holds the
    East lion and meerkat, the opponent after it may hold the East leopard."""
    hands = deal(["E3"], ["E2"], ["E8", "E1", "W1", "W2", "W3", "S1", "S2", "S3"])
    v = play("N", hands, ["E3", "E2"])
    assert versus(v, "E8", "E1") == (
        "vs.cover",
        "An opponent after you may still hold the East leopard, which beats your partner's "
        "East water snake: your East lion, the strongest East card left, takes the expedition "
        "over from him; your East meerkat would leave it at risk.")
    # the partner leads the leopard: only the seat's lion is above it, nothing to cover
    safe = play("N", deal(["E4"], ["E2"], ["E8", "E1", "W1", "W2", "W3", "S1", "S2", "S3"]),
                ["E4", "E2"])
    assert versus(safe, "E8", "E1") is None or versus(safe, "E8", "E1")[0] != "vs.cover"
    # the claim is what keeps a threat of another plain out of the sentence
    bogus = Why("vs.cover", (parse("E8"), parse("E1"), parse("E3"), parse("N8")), 1,
                trump=v.trump)
    assert concepts.check(v, parse("E8"), bogus)
    without(monkeypatch, "vs.cover", card_claims.covers_partner)
    assert not concepts.check(v, parse("E8"), bogus)


def test_take_over_with_the_strongest_card_of_the_led_plain() -> None:
    """Tallied fresh positions (seed 9191, beloz-115, beloz-2570): the hint said only "your
    lion is master in North: only a flooded card can intercept it".  North floods; Amani
    leads the East leopard; the seat holds the East lion and meerkat; Kito, after the
    partner, may still cut."""
    v = play("N", deal(["E4"], ["E8", "E1", "W1", "W2", "W3", "S1", "S2", "S3"]), ["E4"])
    assert versus(v, "E8", "E1") == (
        "vs.take_top",
        "The opponents are master with the East leopard: your East lion, the strongest East "
        "card left, takes the expedition from them, and no East card can beat it; your East "
        "meerkat would leave it to them.")
    # the rhinoceros led, the seat's elephant beats it, but the lion and leopard are out
    other = play("N", deal(["E6"], ["E7", "E1", "W1", "W2", "W3", "S1", "S2", "S3"]), ["E6"])
    said = versus(other, "E7", "E1")
    assert said is None or said[0] != "vs.take_top"


def test_a_void_to_make_is_argued_against_a_dry_card_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set F (beloz-5160): "your rhinoceros is not the last card of its plain", of a
    flooded card, argued for a void against a trump lead.  North floods; the seat leads, its
    West meerkat its only West card."""
    v = play("N", deal(["W1", "N2", "N3", "S1", "S2", "E1", "E2", "E3"]), [])
    assert (versus(v, "W1", "S1") or ("",))[0] == "vs.lead_single"
    assert (versus(v, "W1", "N2") or ("",))[0] != "vs.lead_single"
    without(monkeypatch, "vs.lead_single", card_claims.other_dry)
    assert raw(v, "W1", "N2") == ("vs.lead_single",)


def test_keep_the_flooded_card_to_intercept_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set F (beloz-551): the taker's tempting mistake is drawing the last flooded
    cards with his flooded elephant, his only way to intercept once his lone East card has
    gone.  North floods; the seat leads, holding the South lion (the strongest South card),
    the flooded elephant and a lone East card."""
    v = play("N", deal(["S8", "N7", "E6", "S2", "S5", "W6", "W1", "W2"]), [])
    assert versus(v, "S8", "N7") == (
        "vs.keep_cut",
        "Lead your South lion, the strongest South card left, and keep your flooded "
        "elephant: once your lone East card has gone, it can intercept East.")
    # the seat's own lion above its leopard: the leopard is not "the strongest South card
    # left" (the truth bench found it said so)
    own = play("N", deal(["S4", "S8", "N7", "E6", "S2", "W6", "W1", "W2"]), [])
    assert (versus(own, "S4", "N7") or ("",))[0] != "vs.keep_cut"
    # no lone card of a plain that does not flood: nothing to intercept later
    long = play("N", deal(["S8", "N7", "E6", "E5", "S2", "W6", "W1", "W2"]), [])
    assert (versus(long, "S8", "N7") or ("",))[0] != "vs.keep_cut"
    bogus = Why("vs.keep_cut", (parse("S8"), parse("N7")), 2, alt_plain=1, trump=0)
    assert concepts.check(long, parse("S8"), bogus)
    without(monkeypatch, "vs.keep_cut", card_claims.lone_card_plain)
    assert not concepts.check(long, parse("S8"), bogus)
    assert not facts(long, parse("S8"), bogus)[
        "a lone card of a plain that does not flood, an opponent may hold one"]


def test_lead_the_card_only_a_flooded_card_can_take(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set F (classique-2330): the South elephant is led to be intercepted: the taker
    has no South and holds the last flooded card, and spending it makes the partner's North
    card the winner of the last expedition; the hint said only "no card of its plain still
    out is above it"."""
    from pathlib import Path

    from bench.bench_teach_unseen import positions, view_of

    fixture = Path(__file__).parent / "fixtures" / "teach" / "teacher-set-f.json"
    v = view_of(next(p for p in positions(fixture) if p["id"] == "F-classique-2330"))
    assert versus(v, "S7", "W6") == (
        "vs.force",
        "Lead your South elephant: Kito has no South card, so only a flooded card takes it, "
        "and he may have to spend the last one still out; the West leopard may take your "
        "West rhinoceros without one.")
    why = concepts.versus(v, parse("S7"), parse("W6"))
    assert why is not None
    partner = replace(why, seat=2)  # the partner is no opponent to force
    assert concepts.check(v, parse("S7"), partner)
    without(monkeypatch, "vs.force", card_claims.forces_flooded)
    assert not concepts.check(v, parse("S7"), partner)
    assert not facts(v, parse("S7"), partner)[
        "the seat an opponent, no card of the best's plain, may hold a flooded one"]


def test_force_out_the_last_flooded_card_and_keep_your_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice P-sans-27 (teacher): Juma holds the last flooded card and has no East; the
    East monkey makes him spend it, and the seat's flooded rhinoceros is then the master
    flooded card.  The answer said "your rhinoceros could be taken by the lion, still out:
    your East monkey risks 3 points fewer"."""
    from beloz.practice.builtin import builtin_problems

    v = builtin_problems("belote-sans-annonces")[27].view()
    assert versus(v, "E2", "S6") == (
        "vs.force_keep",
        "Lead your East monkey: Juma has no East card, so only a flooded card takes it, and "
        "he may have to spend the last one still out; keep your flooded rhinoceros.")
    why = concepts.versus(v, parse("E2"), parse("S6"))
    assert why is not None
    partner = replace(why, seat=2)
    assert concepts.check(v, parse("E2"), partner)
    without(monkeypatch, "vs.force_keep", card_claims.forces_flooded)
    assert not concepts.check(v, parse("E2"), partner)


def test_cut_with_the_smaller_flooded_card_and_keep_the_strongest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice P-beloz-15 (teacher): keep the water snake, the strongest flooded card left,
    which wins a later expedition for sure; cut with the leopard.  The answer said
    "Intercept with your leopard: the expedition holds 10 points"."""
    from beloz.practice.builtin import builtin_problems

    v = builtin_problems("beloz")[15].view()
    assert versus(v, "E4", "E3") == (
        "vs.keep_top_flooded",
        "Intercept with your leopard, master for now, and keep your water snake, the "
        "strongest flooded card left: no card can ever beat it, so it wins a later "
        "expedition for sure.")
    swapped = Why("vs.keep_top_flooded", (parse("E3"), parse("E4")), 1, trump=1)
    assert concepts.check(v, parse("E3"), swapped)
    without(monkeypatch, "vs.keep_top_flooded", card_claims.other_top_left)
    without(monkeypatch, "vs.keep_top_flooded", card_claims.best_not_top_left)
    without(monkeypatch, "vs.keep_top_flooded", card_claims.other_above_best)
    assert not concepts.check(v, parse("E3"), swapped)
    assert not facts(v, parse("E3"), swapped)[
        "the other the strongest flooded card left, the best not"]


def test_two_masters_led_the_cheaper(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (beloz-509): "no card of its plain still out is above it" was as true of
    the leopard, the card a learner leads; both are masters, and if a flooded card
    intercepts, the elephant gives 4 points, not 10.  North floods; the seat leads, holding
    the East leopard and elephant, its East lion having won the first expedition."""
    v = play("N", deal(["E8", "E4", "E7", "W1", "W2", "S1", "S2", "S3"], ["E1"], ["E2"],
                       ["E5"]), ["E8", "E1", "E2", "E5"])
    assert versus(v, "E7", "E4") == (
        "vs.both_masters",
        "Your East elephant and your East leopard are both masters of East: either wins "
        "unless a flooded card intercepts it, and then your East elephant gives 4 points, not "
        "10.")
    bogus = Why("vs.both_masters", (parse("E7"), parse("W1")), 1, points=4, count=0,
                trump=0)
    assert concepts.check(v, parse("E7"), bogus)
    without(monkeypatch, "vs.both_masters", card_claims.both_masters)
    assert not concepts.check(v, parse("E7"), bogus)
    assert not facts(v, parse("E7"), bogus)["leading, a trump contract, one dry plain"]


def test_cash_the_master_while_its_plain_goes_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (beloz-1426, beloz-2108): "only three are out: later an opponent will
    have none and cut the lion".  North floods; the seat leads, holding five East cards with
    the lion: three East cards are out, either opponent may hold one and a flooded card."""
    v = play("N", deal(["E8", "E1", "E2", "E3", "E4", "W1", "W2", "S1"]), [])
    said = ("vs.cash", "Lead your East lion, the master of East, rather than your East "
            "meerkat: the opponents can hold only 3 East cards, so one of them may soon have "
            "none left and intercept your East lion with a flooded card.")
    assert versus(v, "E8", "E1") == said
    assert versus(v, "E8", "W1")[0] == "vs.cash"  # the West lion is out above the meerkat
    # four East cards out: the plain goes round, no hurry
    four = play("N", deal(["E8", "E1", "E2", "E3", "W3", "W1", "W2", "S1"]), [])
    assert versus(four, "E8", "E1") is None or versus(four, "E8", "E1")[0] != "vs.cash"
    # a flooded other: keeping or spending the flooded card is the choice, not the cash
    flooded = play("N", deal(["E8", "E1", "E2", "E3", "E4", "N1", "W2", "S1"]), [])
    assert versus(flooded, "E8", "N1") is None or versus(flooded, "E8", "N1")[0] != "vs.cash"
    bogus = Why("vs.cash", (parse("E8"), parse("E1")), 1, count=5, trump=0)
    assert concepts.check(v, parse("E8"), bogus) == ["few_out_of_plain"]
    without(monkeypatch, "vs.cash", card_claims.few_out_of_plain)
    assert concepts.check(v, parse("E8"), bogus) == []
    assert not facts(v, parse("E8"), bogus)[
        "the count of its plain's cards an opponent may hold, one to three (four following)"]


def test_cash_not_said_once_an_opponent_has_run_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """An opponent who did not follow East can hold no East card: he may cut the lion now,
    and "may soon have none left" is not said.  North floods; the East lion led in the first
    expedition, Kito, with neither East nor North, threw a West card on it."""
    kito = ["W8", "W7", "W6", "W5", "S8", "S7", "S6", "S5"]
    v = play("N", deal(["E8", "E7", "E2", "E3", "E4", "W1", "W2", "S1"], kito, ["E1"],
                       ["E5"]), ["E8", "W8", "E1", "E5"])
    assert v.seat == 0  # the lion won: the seat leads again
    assert versus(v, "E7", "E2") is None or versus(v, "E7", "E2")[0] != "vs.cash"
    without(monkeypatch, "vs.cash", card_claims.opponents_may_follow)
    assert versus_raw_key(v, "E7", "E2") == "vs.cash"


def versus_raw_key(v, best: str, other: str) -> str | None:
    why = concepts.versus(v, parse(best), parse(other))
    return None if why is None else why.key


def test_two_masters_held_either_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (beloz-3547, sans-969): "Your lion is master in West" was as true of the
    leopard; the seat holds both, so either wins the same way and the other is master after
    it.  North floods; the seat leads."""
    v = play("N", deal(["W8", "W4", "W1", "E1", "E2", "S1", "S2", "S3"]), [])
    assert versus(v, "W8", "W4") == (
        "vs.both_masters_kept",
        "Your West lion and your West leopard are both masters of West: whichever you play, "
        "only a flooded card can intercept it, and the other is master of West after it.")
    assert versus(v, "W4", "W8")[0] == "vs.both_masters"  # the cheaper: the points a cut takes
    # following the West meerkat led, as in beloz-3547
    follow = play("N", deal(["W1"], ["W8", "W4", "W2", "E1", "E2", "S1", "S2", "S3"]), ["W1"])
    assert versus(follow, "W8", "W4")[0] == "vs.both_masters_kept"
    bogus = Why("vs.both_masters_kept", (parse("W8"), parse("W1")), 3, trump=0)
    assert concepts.check(v, parse("W8"), bogus)  # the meerkat is no master
    without(monkeypatch, "vs.both_masters_kept", card_claims.both_masters_kept)
    assert not concepts.check(v, parse("W8"), bogus)
    assert not facts(v, parse("W8"), bogus)["no card of their plain out above either"]


def test_the_capot_kept_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set G (sans-1536): the team has won every expedition; only the elephant can
    win this one, the water snake gives it up for sure.  North floods; the partner's East lion
    won the first expedition, he leads the West meerkat, Kito plays the West rhinoceros."""
    hands = deal(["E8", "W1"], ["E1", "W6"], ["E2", "W7", "W3"], ["E5"])
    v = play("N", hands, ["E8", "E1", "E2", "E5", "W1", "W6"])
    assert v.seat == 2
    # the capot is named only where a deal drawn reaches it (teacher set K, sans-963): set
    # G's position itself does; the sentence below is checked whatever the deals
    g = view_of(next(p for p in positions(SET_G) if p["id"] == "G-sans-1536"))
    assert versus(g, "W7", "W3")[0] == "vs.capot"
    monkeypatch.setattr(thresholds, "capot_at_stake", lambda view, b, o: True)
    assert versus(v, "W7", "W3") == (
        "vs.capot",
        "Your team has won every expedition so far: your West elephant can still win this one "
        "and keep the capot alive, while your West water snake gives it up for sure.")
    lost = play("N", deal(["E1", "W1"], ["E8", "W6"], ["E2", "W7", "W3"], ["E5"]),
                ["E1", "E8", "E2", "E5", "W6"])
    assert lost.seat == 3 or versus_raw_key(lost, "W7", "W3") != "vs.capot"
    bogus = Why("vs.capot", (parse("W3"), parse("W7")), count=1, trump=0)
    assert concepts.check(v, parse("W3"), bogus)
    without(monkeypatch, "vs.capot", card_claims.best_ours_now)
    without(monkeypatch, "vs.capot", card_claims.other_gives_up)
    assert not concepts.check(v, parse("W3"), bogus)
    assert not facts(v, parse("W3"), bogus)["the team master with the best"]


def test_the_other_team_s_capot_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mirror of the capot kept: the other team has won every expedition; the seat,
    playing last, takes this one with its elephant or gives it up with its water snake.
    North floods; Kito's East lion won the first expedition, he leads the West rhinoceros."""
    mine = ["E1", "W7", "W3", "N1", "N3", "S1", "S3", "S5"]  # no announcement: nothing sure
    partner = ["E2", "W2", "N2", "N4", "S2", "S4", "S6", "E4"]
    hands = deal(mine, ["E8", "W6"], partner, ["E5", "W1"])
    v = play("N", hands, ["E1", "E8", "E2", "E5", "W6", "W2", "W1"])
    assert v.seat == 0
    assert versus_raw_key(v, "W7", "W3") != "vs.capot_stop"  # no deal reaches their capot
    monkeypatch.setattr(thresholds, "capot_at_stake", lambda view, b, o: True)
    assert versus(v, "W7", "W3") == (
        "vs.capot_stop",
        "The other team has won every expedition so far: your West elephant can still win "
        "this one and stop their capot, while your West water snake gives it up for sure.")
    bogus = Why("vs.capot_stop", (parse("W3"), parse("W7")), trump=0)
    assert concepts.check(v, parse("W3"), bogus)
    without(monkeypatch, "vs.capot_stop", card_claims.best_ours_now)
    without(monkeypatch, "vs.capot_stop", card_claims.other_gives_up)
    assert not concepts.check(v, parse("W3"), bogus)
    assert not facts(v, parse("W3"), bogus)["the team master with the best"]
    # the seat's own team won the first expedition: no capot of theirs to stop
    kept = play("N", deal(["E8", "W1"], ["E1", "W6"], ["E2", "W7", "W3"], ["E5"]),
                ["E8", "E1", "E2", "E5", "W1", "W6"])
    stop = Why("vs.capot_stop", (parse("W7"), parse("W3")), trump=0)
    assert card_claims.capot_theirs(v, parse("W7"), stop)
    assert not card_claims.capot_theirs(kept, parse("W7"), stop)
    assert not facts(kept, parse("W7"), stop)["the other team has won every expedition so far"]


def test_take_with_the_master_while_its_plain_goes_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set B (beloz-8183-18), teacher set H: second to play, the lion takes now; kept,
    it meets a round where an opponent has no East left.  North floods; the opponent before
    the seat leads the East meerkat; the seat holds the lion and three more East cards."""
    v = play("N", deal(["E1"], ["E8", "E2", "E3", "E4", "W1", "W2", "S1", "S2"]), ["E1"])
    assert v.seat == 1
    assert versus(v, "E8", "E2") == (
        "vs.cash_now",
        "Take this expedition with your East lion, the master of East, rather than your East "
        "monkey: the opponents can hold only 3 East cards, so one of them may soon have none "
        "left and intercept your East lion with a flooded card on a later round.")
    bogus = Why("vs.cash_now", (parse("E8"), parse("E2")), 1, count=5, trump=0)
    assert concepts.check(v, parse("E8"), bogus) == ["few_out_of_plain"]
    # five East cards out: the plain goes round a while yet
    six = play("N", deal(["E1"], ["E8", "E2", "W3", "W4", "W1", "W2", "S1", "S2"]), ["E1"])
    assert versus_raw_key(six, "E8", "E2") != "vs.cash_now"
    without(monkeypatch, "vs.cash_now", card_claims.few_out_of_plain)
    assert versus_raw_key(six, "E8", "E2") == "vs.cash_now"
    assert not facts(six, parse("E8"), concepts.versus(six, parse("E8"), parse("E2")))[
        "the count of its plain's cards an opponent may hold, one to three (four following)"]


def test_cash_the_master_in_its_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set H (beloz-5896): "with your South quarte only four South cards are out:
    the first round is the likeliest to go round uncut", said against a lead of another
    plain that is not master.  North floods; the seat leads the first expedition with the
    East lion and three more East cards (four East cards out), or the flooded water snake
    (the crocodile is out above it)."""
    v = play("N", deal(["E8", "E7", "E6", "E5", "N3", "W1", "W2", "S1"]), [])
    said = ("vs.cash_first", "Lead your East lion, the master of East, rather than your "
            "water snake, which is not master: no East card has been played yet and the "
            "opponents can hold only 4 of them, so this first round of East is the likeliest "
            "to go round before one of them runs out of them and intercepts your East lion "
            "with a flooded card.")
    assert versus(v, "E8", "N3") == said
    # the choice between two East cards is not which plain to lead
    assert versus(v, "E8", "E5") is None or versus(v, "E8", "E5")[0] != "vs.cash_first"
    # once East has gone round it is no longer the first round ("vs.cash" may say the rest)
    later = play("N", deal(["E8", "E4", "E7", "E6", "N3", "W1", "W2", "S1"], ["E1"], ["E2"],
                           ["E3"]), ["E8", "E1", "E2", "E3"])
    assert later.seat == 0
    assert versus_raw_key(later, "E4", "N3") != "vs.cash_first"
    without(monkeypatch, "vs.cash_first", card_claims.first_round_of_plain)
    assert versus_raw_key(later, "E4", "N3") == "vs.cash_first"
    monkeypatch.undo()
    bogus = Why("vs.cash_first", (parse("E8"), parse("N3")), 1, count=3, trump=0)
    assert concepts.check(v, parse("E8"), bogus) == ["first_round_of_plain"]
    without(monkeypatch, "vs.cash_first", card_claims.first_round_of_plain)
    assert concepts.check(v, parse("E8"), bogus) == []
    assert not facts(v, parse("E8"), bogus)[
        "the count of its plain's cards an opponent may hold, one to four"]


def test_lead_low_where_everyone_must_climb(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set H (bulgare-743): "in all-trumps everyone must climb, so the rhinoceros
    draws the crocodile or the lion, and your water snake becomes the master".  All-trumps;
    the seat leads, holding the North water snake, lion and leopard, the North crocodile out:
    over the leopard only the crocodile can climb.  With the lion and the elephant out
    between the rhinoceros and the water snake, a follower may climb with either instead
    (teacher set M, bulgare-4280): the crocodile is not drawn, and it is not said."""
    hand = ["N3", "N4", "N8", "S3", "E1", "E2", "W1", "W2"]
    v = play("AT", deal(hand), [])
    said = ("vs.climb_draw", "Lead your North leopard rather than your South water "
            "snake: in North everyone must play above the strongest card on the table if "
            "they can, so your North leopard may draw out the North crocodile, the only "
            "North card still out above the North water snake, which you keep: then it is "
            "the master of North.")
    assert versus(v, "N4", "S3") == said
    between = play("AT", deal(["N3", "N4", "N6", "S3", "E1", "E2", "W1", "W2"]), [])
    assert versus_raw_key(between, "N6", "S3") != "vs.climb_draw"
    # no-trumps: nobody has to climb
    nt = play("NT", deal(hand), [])
    assert versus_raw_key(nt, "N4", "S3") != "vs.climb_draw"
    # a trump contract's dry plain: nobody has to climb either
    dry = play("S", deal(hand), [])
    assert versus_raw_key(dry, "N4", "W1") != "vs.climb_draw"
    bogus = Why("vs.climb_draw", (parse("N4"), parse("S3"), parse("N7"), parse("N3")), 0,
                count=1, trump=5)
    assert concepts.check(v, parse("N4"), bogus) == ["climb_draws"]
    without(monkeypatch, "vs.climb_draw", card_claims.climb_draws)
    assert concepts.check(v, parse("N4"), bogus) == []
    assert not facts(v, parse("N4"), bogus)[
        "the drawn card out, the strongest of the plain out, above the kept one"]
    assert versus_raw_key(between, "N6", "S3") == "vs.climb_draw"


def test_the_capot_kept_alive_when_only_the_partner_may_take_it_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice (beloz, the 13th built-in card problem): the team has won five expeditions;
    the North leopard, master, is led, and only the partner may beat it (he holds the last
    flooded card, the turned rhinoceros): the team wins it whatever, where the monkey may
    lose it to the North elephant still out (a 118-point gap: the capot)."""
    from beloz.practice.builtin import builtin_problems
    v = [p for p in builtin_problems("beloz") if p.kind == "card"][12].view()
    assert v.hand == sum(1 << parse(c) for c in ("N2", "N4", "N5"))
    said = ("vs.capot_lead_team", "Your team has won every expedition so far: with your "
            "North leopard it wins this one whatever the others hold, even if your partner "
            "takes it over, and keeps the capot alive; with your North monkey the other team "
            "could win it, and the capot with it.")
    assert versus(v, "N4", "N2") == said
    bogus = Why("vs.capot_lead_team", (parse("N2"), parse("N4")), count=1, trump=1)
    assert "best_team_sure_lead" in concepts.check(v, parse("N2"), bogus)
    without(monkeypatch, "vs.capot_lead_team", card_claims.best_team_sure_lead)
    assert "best_team_sure_lead" not in concepts.check(v, parse("N2"), bogus)
    assert not facts(v, parse("N2"), bogus)["no opponent may beat the best"]


def test_lead_the_plain_the_partner_cuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set B (classique-8184-5): "partner has no East (he threw his South monkey on
    your East lion): lead East for his cut".  North floods; the East lion won the first
    expedition, the partner discarding a West card on it; he may still hold flooded cards."""
    partner = ["N5", "N3", "W8", "W7", "S8", "S7", "S6", "W6"]
    hands = deal(["E8", "E1", "E6", "S1", "S2", "W1", "W2", "N1"], ["E2", "E3"], partner,
                 ["E4", "E5", "E7"])
    v = play("N", hands, ["E8", "E2", "W6", "E4"])
    assert v.seat == 0
    said = ("vs.partner_cut", "Lead your East meerkat rather than your South meerkat: your "
            "partner has shown he has no East card left and may still hold a flooded card, "
            "so he can intercept this expedition for your team even if an opponent holds a "
            "higher East card.")
    assert versus(v, "E1", "S1") == said
    # before he showed it (the first expedition), nothing is said of his cut
    first = play("N", hands, [])
    assert versus_raw_key(first, "E1", "S1") != "vs.partner_cut"
    bogus = Why("vs.partner_cut", (parse("S1"), parse("E1")), 2, trump=0)
    assert "partner_cuts_plain" in concepts.check(v, parse("S1"), bogus)
    without(monkeypatch, "vs.partner_cut", card_claims.partner_cuts_plain)
    assert "partner_cuts_plain" not in concepts.check(v, parse("S1"), bogus)
    assert not facts(v, parse("S1"), bogus)[
        "the partner did not follow that plain in an expedition"]


def test_lead_away_from_the_plain_an_opponent_cuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher set I (sans-1516): "the opponent after you has no South and cuts it".  North
    floods; the opponent after the seat threw a South card on his partner's East lion, so he
    has no East, and he may still hold a flooded card: the East elephant led may be cut."""
    hands = [["W2", "E1", "S8", "E7", "E6", "N1", "N2", "W5"],
             ["W3", "S2", "S3", "N3", "N4", "S5", "S6", "W6"],
             ["W4", "E2", "S4", "E3", "E4", "E5", "W7", "N8"],
             ["W8", "E8", "S1", "N5", "N6", "N7", "S7", "W1"]]
    v = play("N", hands, ["W2", "W3", "W4", "W8", "E8", "E1", "S2", "E2",
                          "S1", "S8", "S3", "S4"])
    assert v.seat == 0
    key, text = versus(v, "N1", "E7")
    assert key == "vs.cut_other"
    assert text.startswith("Lead your meerkat rather than your East elephant: ")
    assert text.endswith(" has shown he has no East card left and may still hold a flooded "
                         "card, so he could intercept your East elephant.")
    bogus = Why("vs.cut_other", (parse("N1"), parse("W5")), trump=0, seat=1, alt_plain=3)
    assert "other_cut" in concepts.check(v, parse("N1"), bogus)
    without(monkeypatch, "vs.cut_other", card_claims.other_cut)
    assert "other_cut" not in concepts.check(v, parse("N1"), bogus)
    assert not facts(v, parse("N1"), bogus)[
        "the seat named an opponent who did not follow the other's plain"]


#: Watch set C, bulgare-6263-17 (the hand of match seed 6263 as Standard played it then):
#: the seat leads the fourth expedition; partner declared the West tierce.
B6263 = {"format": "beloz-hand/1", "ruleset": "belot-bulgare", "dealer": 0, "hands": [
    ["N2", "N8", "E3", "E5", "E7", "E8", "S4", "S5"],
    ["N4", "E1", "E6", "S3", "W3", "W5", "W6", "W7"],
    ["N1", "N3", "N5", "E2", "E4", "S7", "W1", "W2"],
    ["N6", "N7", "S1", "S2", "S6", "S8", "W4", "W8"]],
    "turned": None, "bids": ["W", "N", "pass", "pass", "pass"],
    "declare_announcements": [True] * 4, "declare_beloz": True,
    "plays": ["E1", "E4", "N6", "E3", "N7", "N8", "N4", "N3", "S7", "S8", "S5", "S3"],
    "escrow_in": 0}


def test_cash_counts_what_the_opponents_can_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Watch set C, bulgare-6263-17: six West cards are out, but three are partner's shown
    tierce: the opponents can hold only three, and the lion's cash is the reason (the judge:
    "partner's tierce and your lion and leopard leave the opponents only three West
    cards"), not "no card of its plain still out is above it"."""
    from beloz.rules.record import replay_record

    st = replay_record(B6263)
    v = st.view(st.current)
    assert (v.played >> parse("W5") & 1) == 0 and v.hand >> parse("W8") & 1
    said = versus(v, "W8", "S2")
    assert said is not None and said[0] == "vs.cash", said
    assert "the opponents can hold only 3 West cards" in said[1]
    bogus = Why("vs.cash", (parse("W8"), parse("S2")), 3, count=6, trump=v.trump)
    assert concepts.check(v, parse("W8"), bogus) == ["few_out_of_plain"]  # six are out
    without(monkeypatch, "vs.cash", card_claims.few_out_of_plain)
