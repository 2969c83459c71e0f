"""The spoken table at the table (issue 47, point 5): what happens is said as it happens, and
keys say the state on demand.  The sentences are ``spoken``'s, from the person's view; the
voice is the window's (``beloz.ui.speech``).

Said as it happens: what each seat says (its bubble: a bid, the cut, an announcement), each
card played and who wins each expedition, the contract once chosen, the question put to the
person with its answers and their keys (at their turn to play, their cards with the keys
that play them and the ones that cannot be played), the card the arrows select, the
table's message (why a card may not be played), the banner, the hint, the hand's score.
Back on top (a review or the pause menu closed): where the table stands, in one line.

Keys (only while the table speaks; none of them is another key of the table):
C your cards, X the expedition so far, V the bids and the contract, S the score and what
each team needs, G the hint's sentence, Z the last thing said, again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from beloz.rules.state import Phase
from beloz.ui import speech
from beloz.ui.game import StepKind
from beloz.ui.scenes.table import spoken
from beloz.ui.scenes.table.turn import TurnPhase

if TYPE_CHECKING:
    from beloz.ai.review import Hint
    from beloz.ui.scenes.table.scene import TableScene

KEYS = {pygame.K_c: "hand", pygame.K_x: "trick", pygame.K_v: "bids", pygame.K_s: "score",
        pygame.K_g: "hint", pygame.K_z: "last"}


def of(scene: TableScene) -> Narrator:
    """The table's narrator, made the first time it is asked for (it then hears what the
    seats say in their bubbles)."""
    narrator = scene.__dict__.get("narrator")
    if narrator is None:
        narrator = scene.__dict__["narrator"] = Narrator(scene)
        scene.bubbles.heard = narrator.heard
    return narrator


class Narrator:
    """Watches one table and says what changed since the last frame.  It follows the table
    while the voice is off too (nothing said), so turning it on never says old news."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.hand: Any = None  # the HandState whose cards were followed
        self.cards = 0  # its cards played already said
        self.contract = False  # its contract said
        self.asked: tuple | None = None  # the question last said: (step, prompt, labels)
        self.card: tuple[Any, int | None] = (None, None)  # (step, card) the arrows selected
        self.message = ""
        self.banner = ""
        self.hint: Hint | None = None

    @property
    def on(self) -> bool:
        voice = speech.of(self.scene)
        return voice is not None and voice.on

    def say(self, text: str, interrupt: bool = False) -> None:
        speech.say(self.scene, text, interrupt)

    def heard(self, seat: int, text: str) -> None:
        """``seat`` said ``text`` in its bubble."""
        if self.on:
            self.say(spoken.said_line(self.scene.t, seat, text))

    # -- as it happens ------------------------------------------------------------------

    def update(self) -> None:
        """Once a frame, after the table moved on."""
        on = self.on
        for line in (self._plays(), self._banner(), self._question(), self._selected(),
                     self._message(), self._hint()):
            for text in line:
                if on:
                    self.say(text)

    def _plays(self) -> list[str]:
        """The cards played since the last frame, and the expeditions they won; the
        contract once the bidding is over."""
        flow = self.scene.flow
        hand = flow.hand if flow.hand is not None else flow.last_hand
        view = self.scene.view_of(hand)
        if view is None:
            return []
        t = self.scene.t
        if hand is not self.hand:
            self.hand, self.cards, self.contract = hand, 0, False
        out: list[str] = []
        if not self.contract and view.phase is not Phase.BIDDING and view.taker is not None:
            self.contract = True
            words = spoken.contract_words(t, view)
            if words is not None:
                out.append(t("speech.contract", contract=words,
                             seat=spoken.seat_name(t, view.taker)))
        cards = spoken.played(view)
        for i in range(self.cards, len(cards)):
            out.append(spoken.play_line(t, *cards[i]))
            if i % 4 == 3 and i // 4 < len(view.tricks):
                out.append(spoken.collected_line(t, view, i // 4))
        self.cards = max(self.cards, len(cards))
        return out

    def _banner(self) -> list[str]:
        banner = self.scene.banner
        if banner == self.banner:
            return []
        self.banner = banner
        return [banner] if banner else []

    def _question(self) -> list[str]:
        """The question put to the person, once, with its answers; at their turn to play,
        their cards; on the score screen, the hand's score."""
        scene = self.scene
        step = scene.step
        if step is None or scene.phase is not TurnPhase.HUMAN:
            return []
        labels = tuple(b.text for b in scene.buttons.values())
        asked = (step, scene.prompt, labels)
        if asked == self.asked:
            return []
        self.asked = asked
        t = scene.t
        out = []
        if step.kind in (StepKind.SCORE, StepKind.MATCH_END):
            match = scene.flow.match
            out.append(score_title(scene, step))
            out.append(spoken.hand_over_line(t, step.data.get("result"),
                                             step.data.get("scores", match.scores),
                                             match.goal))
        if scene.prompt or labels:
            out.append(spoken.question_line(t, scene.prompt, labels))
        if step.kind is StepKind.PLAY and step.human and scene.pending_play is None:
            out.append(spoken.hand_line(t, scene.hands[0], set(step.data.get("legal", ()))))
        return out

    def _selected(self) -> list[str]:
        """The card the arrows (or a digit) selected, by plain and animal, and why it may
        not be played; said once."""
        scene = self.scene
        hand = scene.hands[0]
        sel = scene.sel
        card = hand[sel] if sel is not None and sel < len(hand) else None
        now = (scene.step, card)
        if now == self.card:
            return []
        self.card = now
        if card is None or not scene.my_play_step():
            return []
        self.message = scene.message  # said here, with its card
        name = spoken.card_name(card)
        return [f"{name}. {scene.message}" if scene.message else name]

    def _message(self) -> list[str]:
        message = self.scene.message
        if message == self.message:
            return []
        self.message = message
        return [message] if message else []

    def _hint(self) -> list[str]:
        hint = self.scene.hint
        if hint is self.hint:
            return []
        self.hint = hint
        return [hint_line(self.scene, hint)] if hint is not None else []

    # -- back on top --------------------------------------------------------------------

    def back(self) -> None:
        """The screen over the table closed (a review, the pause menu): where the table
        stands, in one line, before the news still waiting."""
        voice = speech.of(self.scene)
        if voice is not None and self.on:
            voice.say(self.state_line(), True, repeat=True)

    def state_line(self) -> str:
        """"Back at the table.", then the expedition so far (or the bids, or the score) and
        whose turn it is: the person's question when they are asked."""
        scene = self.scene
        t, step, view = scene.t, scene.step, scene.view()
        parts = [t("speech.back")]
        playing = view is not None and view.phase is Phase.PLAY and view.trump is not None
        bidding = view is not None and view.phase is Phase.BIDDING
        if step is not None and step.kind in (StepKind.SCORE, StepKind.MATCH_END):
            match = scene.flow.match
            parts.append(spoken.score_line(t, step.data.get("scores", match.scores),
                                           match.goal))
        elif playing:
            parts.append(spoken.trick_line(t, view))
        elif bidding:
            parts.append(spoken.bids_line(t, view))
        labels = [b.text for b in scene.buttons.values()]
        if step is not None and scene.phase is TurnPhase.HUMAN and (scene.prompt or labels):
            parts.append(spoken.question_line(t, scene.prompt, labels))
        elif view is not None and view.current != 0 and (bidding or playing and view.trick):
            key = "speech.to_bid" if bidding else "speech.to_play"
            parts.append(t(key, seat=spoken.seat_name(t, view.current)))
        return " ".join(parts)

    # -- on demand ----------------------------------------------------------------------

    def on_key(self, key: int) -> bool:
        """A key that says the state (``KEYS``); True when taken.  Said at once, before
        the table's older news."""
        what = KEYS.get(key)
        if what is None or not self.on:
            return False
        voice = speech.of(self.scene)
        assert voice is not None
        if what == "last":
            voice.say(voice.last or self.scene.t("speech.nothing_said"), True, repeat=True)
        else:
            voice.say(self.answer(what), True, repeat=True)
        return True

    def answer(self, what: str) -> str:
        """The line a key says: "hand", "trick", "bids", "score" or "hint"."""
        scene = self.scene
        t = scene.t
        flow = scene.flow
        view = scene.view()
        if what == "hand":
            legal = (set(scene.step.data.get("legal", ()))
                     if scene.step is not None and scene.my_play_step() else None)
            return spoken.hand_line(t, scene.hands[0], legal)
        if what == "trick":
            return spoken.trick_line(t, view)
        if what == "bids":
            return spoken.bids_line(t, view or scene.view_of(flow.last_hand))
        if what == "score":
            return spoken.score_line(t, flow.match.scores, flow.match.goal, view)
        hint = scene.hint
        return hint_line(scene, hint) if hint is not None else t("speech.no_hint")


def score_title(scene: TableScene, step: Any) -> str:
    """The score screen's title as drawn (``scenes.score``): the hand's number and how the
    contract went, or who won the match."""
    t = scene.t
    if step.kind is StepKind.MATCH_END:
        won = step.data.get("winner") == 0
        return t("score.title.match_won" if won else "score.title.match_lost")
    result = step.data.get("result")
    title = t("table.hand_no", n=len(scene.flow.match.history))
    if result is not None:
        title += " — " + t(f"score.title.{result.outcome.value}")
    return speech.sentence(title)


def hint_line(scene: TableScene, hint: Hint) -> str:
    """The hint as the table shows it: the best option by name, then its sentences."""
    from beloz.ai.review import reason_sentences
    from beloz.ui.scenes.table import hints

    best = (spoken.card_name(hint.best) if hint.kind == "card"
            else hints.bid_name(scene, hint.best))
    hand = scene.view()
    said = reason_sentences(hint.why, hint.contrast, hint.detail,
                            ruleset=scene.flow.match.ruleset if hand is None else hand.ruleset)
    text = scene.t("speech.hint", best=best, why=" ".join(said))
    about = hints.about_line(scene, hint)
    return f"{text} {about}" if about else text
