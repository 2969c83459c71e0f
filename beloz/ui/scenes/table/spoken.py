"""What the spoken table says (issue 47, point 5), as sentences built from the person's view
alone (``SeatView``: their hand and what is public) in the table's own words: no pygame, no
voice, so each sentence is tested as text.  ``narrate`` says them at the table.

``t`` is the table's translator (``TableScene.t``): ``t(key, **values) -> str``.  Cards are
named by plain and animal, as everywhere in the game ("South lion", "lion du Sud").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from beloz.ai.explain import card_word
from beloz.rules.cards import team_of
from beloz.rules.ruleset import Bidding
from beloz.rules.scoring import HandResult
from beloz.rules.state import Phase, SeatView
from beloz.rules.tricks import master_index
from beloz.ui.scenes.table.texts import bid_label

Tr = Callable[..., str]


def card_name(c: int) -> str:
    """A card by plain and animal, whatever floods ("South lion")."""
    return card_word(c, "name", None)


def seat_name(t: Tr, seat: int) -> str:
    """A seat inside a sentence: its player's name, or "you" for the person's own (the
    table's plates say "You": "Expedition 2 goes to you.", "taken by you")."""
    return t("speech.you") if seat == 0 else t(f"table.seat.{seat}")


def hand_line(t: Tr, cards: Sequence[int], legal: Collection[int] | None = None) -> str:
    """The person's cards in the order their keys play them (1 the first): "Your cards:
    1: South lion; 2: West monkey, cannot be played; ..."; ``legal``: the cards they may
    play now (None: not their turn to play, nothing marked)."""
    if not cards:
        return t("speech.hand_empty")
    items = []
    for i, c in enumerate(cards, 1):
        name = card_name(c)
        if legal is not None and c not in legal:
            name = t("speech.not_playable", card=name)
        items.append(t("speech.numbered", n=i, card=name))
    return t("speech.hand", cards="; ".join(items))


def trick_seats(view: SeatView) -> list[int]:
    """The seats that played the expedition on the table, in order."""
    d = view.ruleset.direction
    return [(view.leader + d * i) % 4 for i in range(len(view.trick))]


def trick_line(t: Tr, view: SeatView | None) -> str:
    """The expedition so far, who opened it and who wins it so far: "Expedition 3 of 8,
    opened by Kito: Kito, South lion; Amani, South monkey. Kito wins it so far."; with no
    card yet, who opens it."""
    if view is None or view.phase is not Phase.PLAY or view.trump is None:
        return t("speech.no_trick")
    n = len(view.tricks) + 1
    if not view.trick:
        return t("speech.trick_empty", n=n, seat=seat_name(t, view.current))
    seats = trick_seats(view)
    plays = "; ".join(t("speech.played", seat=seat_name(t, s), card=card_name(c))
                      for s, c in zip(seats, view.trick, strict=True))
    master = seats[master_index(view.trick, view.trump)]
    return t("speech.trick", n=n, seat=seat_name(t, view.leader), cards=plays,
             master=seat_name(t, master))


def collected_line(t: Tr, view: SeatView, k: int) -> str:
    """Who won the view's expedition ``k`` (0 the first): "Expedition 3 goes to Amani."."""
    winner = view.tricks[k].winner
    if winner == 0:
        return t("speech.trick_won_you", n=k + 1)
    return t("speech.trick_won", seat=seat_name(t, winner), n=k + 1)


def played(view: SeatView) -> list[tuple[int, int]]:
    """Every card played in the hand so far, in order, with its seat: (seat, card)."""
    d = view.ruleset.direction
    out = [((tr.leader + d * i) % 4, c) for tr in view.tricks for i, c in enumerate(tr.cards)]
    return out + list(zip(trick_seats(view), view.trick, strict=True))


def play_line(t: Tr, seat: int, c: int) -> str:
    """A card played: "Kito plays South lion.", "You play ..." (the verb agrees)."""
    if seat == 0:
        return t("speech.plays_you", card=card_name(c))
    return t("speech.plays", seat=seat_name(t, seat), card=card_name(c))


def contract_words(t: Tr, view: SeatView) -> str | None:
    """The contract on the table ("South", "All trumps", with ×2 when doubled), or None."""
    contract = view.contract
    if contract is None:
        return None
    words = (t(f"table.plain.{contract.plain}") if contract.plain is not None
             else t(f"table.contract.{contract.code}"))
    return f"{words} ×{view.multiplier}" if view.multiplier > 1 else words


def bids_line(t: Tr, view: SeatView | None) -> str:
    """The bids so far, each by its seat, then the contract once chosen; in the first round
    of a turned-card game, the turned card."""
    if view is None:
        return t("speech.no_bids")
    parts = []
    if view.phase is Phase.BIDDING and view.turned >= 0:
        parts.append(t("speech.turned", card=card_name(view.turned)))
    d = view.ruleset.direction
    said = [t("speech.bid", seat=seat_name(t, (view.dealer + d * (i + 1)) % 4),
              bid=bid_label(b, view.ruleset, view.turned, t))
            for i, b in enumerate(view.bids)]
    parts.append(t("speech.bids", bids="; ".join(said)) if said else t("speech.no_bids"))
    contract = contract_words(t, view)
    if contract is not None and view.taker is not None:
        # An auction's contract is only proposed until three passes end it.
        key = ("speech.contract_proposed" if view.phase is Phase.BIDDING
               and view.ruleset.bidding is Bidding.AUCTION else "speech.contract")
        parts.append(t(key, contract=contract, seat=seat_name(t, view.taker)))
    return " ".join(parts)


def score_line(t: Tr, scores: Sequence[int], goal: int, view: SeatView | None = None) -> str:
    """The match's score and what each team needs to reach ``goal``; during the play, the
    expeditions each team has won in this hand."""
    ours, theirs = scores[0], scores[1]
    line = t("speech.score", ours=ours, theirs=theirs, goal=goal,
             we_need=max(0, goal - ours), they_need=max(0, goal - theirs))
    if view is not None and view.phase is Phase.PLAY and view.tricks:
        won = [sum(1 for tr in view.tricks if team_of(tr.winner) == team) for team in (0, 1)]
        line += " " + t("speech.tricks_won", ours=won[0], theirs=won[1])
    return line


def hand_over_line(t: Tr, result: HandResult | None, scores: Sequence[int],
                   goal: int) -> str:
    """The hand's score, then the match's."""
    head = (t("speech.hand_over", ours=result.score[0], theirs=result.score[1])
            if result is not None else t("speech.no_taker"))
    return f"{head} {score_line(t, scores, goal)}"


def said_line(t: Tr, seat: int, text: str) -> str:
    """What a seat said in its bubble: "Kito: I cut 8 cards", "You say: 5 cards each"."""
    if seat == 0:
        return t("speech.said_you", text=text)
    return t("speech.said", seat=seat_name(t, seat), text=text)


def question_line(t: Tr, prompt: str, choices: Sequence[str]) -> str:
    """The question put to the person and its answers with their keys, as the buttons show
    them: "Take South? Choices: Take South (T); Pass (P)."."""
    if not choices:
        return prompt
    return t("speech.question", prompt=prompt.rstrip(), choices="; ".join(choices))
