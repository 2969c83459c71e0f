"""The strings the table shows: English fallbacks for keys the translation lacks, and the
key that explains each reason a card may not be played."""

from __future__ import annotations

from collections.abc import Callable

from beloz.rules.ruleset import Bidding, Ruleset
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, TAKE, action_contract, action_plain
from beloz.rules.tricks import Reason
from beloz.ui.scenes import score as score_panel

# English strings used when the translation layer lacks a key (it answers the key itself).
FALLBACK = {
    "animal.crocodile": "Crocodile",
    "animal.elephant": "Elephant",
    "animal.leopard": "Leopard",
    "animal.lion": "Lion",
    "animal.meerkat": "Meerkat",
    "animal.monkey": "Monkey",
    "animal.rhinoceros": "Rhinoceros",
    "animal.water_snake": "Water snake",
    "announcement.carre": "Carré",
    "announcement.quarte": "Quarté",
    "announcement.quinte": "Quinte",
    "announcement.tierce": "Tierce",
    "table.belot_lost": "Your belot is lost: its first card must lead or follow the led plain "
                        "(%{plain})",
    "table.belot_none": "No belot in no trumps",
    "table.button.cut": "Cut in the middle",
    "table.button.deal23": "Deal 2 then 3",
    "table.button.deal32": "Deal 3 then 2",
    "table.button.declare": "Declare",
    "table.button.key_digit": "%{label} (key %{digit})",
    "table.button.last": "Last expedition (L)",
    "table.button.menu": "Menu (Esc)",
    "table.button.new_match": "New match",
    "table.button.next_hand": "Next hand",
    "table.button.see_result": "See the result",
    "table.button.pass": "Pass",
    "table.button.quiet": "Keep quiet",
    "table.button.take": "Take %{plain}",
    "table.dealer": "Dealer",
    "table.declare_q": "Declare %{what}?",
    "table.draw.title": "Drawing for the first dealer: the lowest number deals",
    "table.draw.again": "A tie for the lowest number: %{names} draw again",
    "table.draw.redraw": "%{names} draw again: the lowest number deals",
    "table.draw.deals": "%{name} deals",
    "table.draw.deals_you": "You deal",
    "table.draw.you": "you",
    "table.draw.again_you": "A tie for the lowest number: %{names} draw again",
    "table.draw.redraw_you": "%{names} draw again: the lowest number deals",
    "table.flooded": "Flooded plain",
    "table.flooded_none": "Not yet flooded",
    "table.hand_no": "Hand %{n}",
    "table.last.none": "No expedition played yet",
    "table.last.title": "Last expedition, won by %{name}",
    "table.prompt.bid1": "Take the turned card's plain, %{plain}, or pass?",
    "table.prompt.bid2": "Second round: name a plain to flood, or pass",
    "table.prompt.cut": "Your cut: click the pack where to cut",
    "table.prompt.deal": "You deal 5 cards to each player in two packets: 3 then 2, or 2 "
                         "then 3? Either is fine.",
    "table.prompt.play": "Your turn: play a card",
    "table.prompt.play_no_undertrump": "Your turn: you cannot over-intercept, and in "
                                       "Bulgarian belot you need not undertrump: play any card",
    "table.prompt.play_some": "Your turn: the dimmed cards may not be played",
    "table.reason.must_follow": "You must follow %{plain}",
    "table.reason.must_overtrump": "You must over-intercept",
    "table.reason.must_raise": "You must climb",
    "table.reason.must_trump": "You must intercept",
    "table.reason.must_undertrump": "You must undertrump",
    "table.reason.not_your_turn": "Wait for your turn",
    "table.redeal": "Everybody passed: the cards are gathered and the next dealer deals",
    "table.redeal_same": "Everybody passed: the same dealer shuffles and deals again",
    "table.redeal_practice": "Everybody passed: this deal is over, back to the match",
    "table.saving_failed": "The game could not be saved: %{error}",
    "table.say.pass": "Pass",
    "table.say.cut": "I cut %{n} cards",
    "table.say.deal": "%{a} cards, then %{b}",
    "table.say.take": "I take!",
    "table.say.name": "%{plain}!",
    "table.score.them": "Them",
    "table.score.target": "Target %{n}",
    "table.score.us": "Us",
    "table.shown": "Announcements",
    "table.shown_by": "%{name}: %{what}",
    "table.taker": "Taker",
    "table.taken_by": "Taken by %{name}",
    "table.taken_by_you": "Taken by you",
    "table.ai_error": "A computer player failed (%{error}): it plays a legal card instead",
    "table.turned": "Turned card",
    "table.plain.0": "North",
    "table.plain.1": "East",
    "table.plain.2": "South",
    "table.plain.3": "West",
    "table.partner": "partner",
    "table.seat.0": "You",
    "table.seat.1": "Kito",
    "table.seat.2": "Amani",
    "table.seat.3": "Juma",
}
FALLBACK.update(score_panel.FALLBACK)
# What each ruleset calls the elephant and rhino of a belot plain (``Ruleset.belote_word``).
for _word, (_say, _again, _word_in_text) in {
    "beloz": ("BeloZ", "Re-BeloZ", "BeloZ"),
    "belote": ("Belote", "Rebelote", "belote"),
    "belot": ("Belot", "Belot", "belot"),
}.items():
    FALLBACK[f"table.belote.{_word}.say"] = f"{_say}!"
    FALLBACK[f"table.belote.{_word}.say_again"] = f"{_again}!"
    FALLBACK[f"table.belote.{_word}.ask"] = f"Say {_say}?"
    FALLBACK[f"table.belote.{_word}.ask_again"] = f"Say {_again}?"
    FALLBACK[f"table.belote.{_word}.word"] = _word_in_text
FALLBACK["table.belote.belot.ask"] = "Announce your belot with this card?"
FALLBACK["table.belote.belot.ask_again"] = "Announce your belot with this card?"


def belote_key(ruleset: Ruleset, what: str) -> str:
    """The strings key of ``what`` (say, say_again, ask, ask_again, word) in the ruleset's
    own word for a belote: BeloZ, Belote / Rebelote, or Belot."""
    return f"table.belote.{ruleset.belote_word}.{what}"


REASON_KEYS = {
    Reason.MUST_FOLLOW: "table.reason.must_follow",
    Reason.MUST_RAISE: "table.reason.must_raise",
    Reason.MUST_TRUMP: "table.reason.must_trump",
    Reason.MUST_OVERTRUMP: "table.reason.must_overtrump",
    Reason.MUST_UNDERTRUMP: "table.reason.must_undertrump",
    Reason.NOT_YOUR_TURN: "table.reason.not_your_turn",
}


# -- bids and calls in words ----------------------------------------------------------------

#: The words that translate a key (``app.tr``, or the table's ``t`` with its fallbacks).
Words = Callable[..., str]
_SAID = {PASS: "pass", TAKE: "take", DOUBLE: "double", REDOUBLE: "redouble"}


def bid_label(action: int, ruleset: Ruleset, turned: int, t: Words) -> str:
    """A bid or a call as its button says it (the table's, the hint's, the Practice
    screen's, the tutorial's, the review's): Pass, Double, Redouble; an auction's contract
    (a plain, no trumps, all trumps); else Take with the plain it floods (the turned card's,
    ``turned``, or the one named in round 2)."""
    if action in (PASS, DOUBLE, REDOUBLE):
        return t(f"table.button.{_SAID[action]}")
    contract = action_contract(action)
    if ruleset.bidding is Bidding.AUCTION and contract is not None:
        if contract.plain is None:
            return t(f"table.contract.{contract.code}")
        return t(f"table.plain.{contract.plain}")
    plain = turned >> 3 if action == TAKE else action_plain(action)
    return t("table.button.take", plain=t(f"table.plain.{plain if plain is not None else 0}"))


def bid_said(action: int, t: Words) -> str:
    """What a seat says for a bid or a call (its speech bubble, the bids so far)."""
    if action in _SAID:
        return t(f"table.say.{_SAID[action]}")
    contract = action_contract(action)
    if contract is not None and contract.plain is None:
        return t(f"table.say.{contract.code}")
    plain = action_plain(action)
    return t("table.say.name", plain=t(f"table.plain.{plain if plain is not None else 0}"))
