"""The table's game flow, without pygame: who acts next and what happens then.

``GameFlow`` owns the ``Match``, the current ``HandState`` and the four seats.  It hands the
scene one ``Step`` at a time (the first-dealer draw, the cut, the deal, a bid, the end of
the deal, a card, the collection of an expedition, the hand's score, the match's end); the
scene asks a person or a computer player for the step's value, animates it, and only then
calls ``apply(step, value)``.  Nothing here draws, waits or sleeps, so the whole match can be
driven by a test loop as well as by the table scene.

Computer decisions are ``Step.decide`` callables: they only read an immutable ``SeatView``,
so the scene may run them off the frame loop.  A bid or a card is a picklable
``beloz.ui.procworker.Decision`` (player spec, seed, method, view), which ``app.worker``
sends to its helper process.  The controller's own random choices (a
computer's cut and 3-2 / 2-3 deal) come from ``random.Random`` seeded from the match seed
and the hand number, so a seed replays the same match.

What outlives the session (the save, the statistics, progress, resuming at any step) is
``beloz.ui.flow_files.MatchFiles``, which ``GameFlow`` inherits; the steps and stages are
in ``beloz.ui.flow_types``.
"""

from __future__ import annotations

import logging
import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from beloz.ai.player import Player, make_player
from beloz.rules.match import Draw, Match, draw_first_dealer
from beloz.rules.ruleset import BELOZ, Bidding, Ruleset
from beloz.rules.scoring import HandResult
from beloz.rules.state import HandState, Phase, Trick
from beloz.ui.flow_files import MatchFiles
from beloz.ui.flow_types import HandKept, Stage, Step, StepKind
from beloz.ui.procworker import Decision, decide

log = logging.getLogger(__name__)

LEVELS = ("beginner", "standard", "expert")
#: Levels for autoplay and soak runs only (``main.py --autoplay --level heuristic``): the
#: search-free players, when what is tested is the game's plumbing rather than its AI.
PLUMBING_LEVELS = ("heuristic", "random")
#: False for screenshots and the self-test (main.py): tables then neither save the match nor
#: count statistics, so they leave the player's files alone.
WRITE_FILES = True


def computer_player(level: str, seed: int) -> tuple[Player, str]:
    """The strongest available player for ``level``: PIMC, else heuristic, else random
    (``heuristic`` and ``random`` ask for that player directly).  Returns the player and
    the spec it was made from."""
    first = level if level in PLUMBING_LEVELS else f"pimc:{level}"
    for spec in (first, "heuristic", "random"):
        try:
            return make_player(spec, seed), spec
        except Exception:  # noqa: BLE001 - a player still being written must not stop a game
            continue
    raise RuntimeError("no computer player available")


def levels_by_seat(level: str) -> dict[int, str]:
    """Each seat's level from a level spec: one level for every computer seat, or three
    separated by commas for seats 1, 2 (the partner) and 3 (``beloz.settings.seat_levels``);
    seat 0, a computer only in autoplay, plays at its partner's level.  An unknown name
    falls back on "standard" (a save from another version must still load)."""
    known = LEVELS + PLUMBING_LEVELS
    parts = [p if p in known else "standard" for p in level.split(",")]
    if len(parts) != 3:
        parts = [parts[0]] * 3
    return {0: parts[1], 1: parts[0], 2: parts[1], 3: parts[2]}


def seat_seed(seed: int, seat: int) -> int:
    """The seed of a seat's computer player, derived from the match seed."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & 0x7FFFFFFF




class GameFlow(MatchFiles):
    """A match at the table.  Seat 0 is the person unless ``autoplay``."""

    def __init__(
        self,
        seed: int,
        level: str = "standard",
        autoplay: bool = False,
        ruleset: Ruleset = BELOZ,
        target: int | None = None,
        match: Match | None = None,
        players: dict[int, Player] | None = None,
    ) -> None:
        self.seed = seed
        self.level = level
        self.autoplay = autoplay
        self.human: frozenset[int] = frozenset() if autoplay else frozenset({0})
        if match is None:
            self.match = Match.new(random.Random(seed), ruleset, target)
            # Match.new draws first with the same generator: the same rounds, for the table.
            _, self.draw_rounds = draw_first_dealer(random.Random(seed))
            self.stage: Stage = Stage.DRAW
        else:
            self.match = match
            self.draw_rounds = []
            self.stage = Stage.CUT
        self.players: dict[int, Player] = {}
        self.player_specs: dict[int, str] = {}
        levels = levels_by_seat(level)
        for s in range(4):
            if s in self.human:
                continue
            if players and s in players:
                self.players[s] = players[s]
                self.player_specs[s] = "custom"
            else:
                self.players[s], self.player_specs[s] = computer_player(
                    levels[s], seat_seed(seed, s)
                )
        self.hand: HandState | None = None
        self.cut_at: int | None = None
        self.completed = False
        self.pending_collect: Trick | None = None
        self.result: HandResult | None = None
        self.last_hand: HandState | None = None  # the hand whose result is on show
        self.declared_asked: set[int] = set()
        #: A computer seat's answer about its belot, given with its first card, for the
        #: cards it plays later (which it plays bare); a seat not asked yet declares.
        self.belot_choice: dict[int, bool] = {}
        #: Called with an error message when saving fails (the scene shows it).
        self.on_save_error: Callable[[str], None] | None = None
        #: Called with each step once ``apply`` has applied it, in order: the autoplay's
        #: ``--leave-after-steps`` and its test hook ``--hang-after-steps`` (beloz.cli.autoplay).
        self.after_apply: list[Callable[[Step], None]] = []
        self.saves = 0
        #: Save after every bid and expedition (a person's match; autoplay only on request,
        #: e.g. ``main.py --autoplay --save`` for the kill-and-resume test).
        self.persist = not autoplay and WRITE_FILES
        #: Count hands and matches in stats.json (only when a person plays seat 0).
        self.record_stats = not autoplay and WRITE_FILES
        #: Where the match is saved: None for the person's savegame.json, or for an
        #: autoplay its own autoplay-save.json; a resumed match, the file it came from.
        self.save_file: Path | None = None
        #: Names this match in stats.json, which counts each of its hands once: a hand
        #: counted just before a crash, replayed from the save, is not counted again.
        self.match_id = uuid.uuid4().hex
        #: Hands whose count could not be written (a full disk): (deal, hand, result,
        #: match over, undo), counted with the next hand once the disk has room.  While any
        #: is left the save is not written (the last good save is kept, and not deleted at
        #: the match's end), so that a resumed match counts them then (docs/files.md).
        self.uncounted: list[tuple[int, HandState, HandResult | None, int | None, bool]] = []
        #: Saves and counts that failed (each file's first failure is said: ``_tell``).
        self.write_failures = 0
        #: A decision was taken back in this match: its hands from then on, and the match,
        #: are counted apart in the statistics.
        self.used_undo = False
        #: The match's finished hands kept for their reviews (the table's review scene).
        self.kept: list[HandKept] = []
        #: Per hand (its number in the match's history, as ``HandKept.number``), the
        #: person's decisions (their place among the hand's actions) where a hint was shown
        #: and followed: not the person's own, they stay out of the Progress figures.
        self.hinted: dict[int, set[int]] = {}

    # -- resuming -----------------------------------------------------------------------

    @classmethod
    def resume(
        cls, loaded: Any, level: str = "standard", save_file: Path | None = None
    ) -> GameFlow:
        """A flow from a saved game: ``beloz.savegame.SavedGame`` (``.match``, ``.hand``,
        ``.extra``), ``load_game()``'s ``(saved, messages)``, or ``(match, hand, extra)``.
        ``save_file`` is the file it was loaded from, where it goes on being saved (None:
        the person's savegame.json, or autoplay-save.json for an autoplay)."""
        if isinstance(loaded, tuple | list) and loaded and hasattr(loaded[0], "match"):
            loaded = loaded[0]
        if isinstance(loaded, dict):
            match, hand, extra = loaded.get("match"), loaded.get("hand"), loaded.get("extra")
        elif isinstance(loaded, tuple | list):
            match, hand, extra = (list(loaded) + [None, None, None])[:3]
        else:
            match = getattr(loaded, "match", None)
            hand = getattr(loaded, "hand", None)
            extra = getattr(loaded, "extra", None)
        if not isinstance(match, Match):
            raise ValueError("the saved game holds no match")
        extra = extra if isinstance(extra, dict) else {}
        seed = int(extra.get("seed", 0))
        autoplay = extra.get("autoplay") is True
        flow = cls(seed, level=str(extra.get("level", level)), autoplay=autoplay, match=match)
        flow.persist = True  # it was being saved: it goes on being saved
        flow.save_file = save_file
        flow.used_undo = extra.get("undo") is True
        match_id = extra.get("match_id")
        if isinstance(match_id, str) and 0 < len(match_id) <= 64:
            flow.match_id = match_id  # else (a save from an older version) a new name
        for k in getattr(loaded, "kept", None) or ():
            flow.kept.append(HandKept(k.number, k.hand, k.review))
        flow.restore(match, hand, extra)
        return flow

    def current_hand(self) -> HandState:
        """The hand being played; asked only where one is (a bid, a card, their questions
        and animations): without one it is a bug, raised as such."""
        if self.hand is None:
            raise RuntimeError(f"no hand in progress (stage {self.stage})")
        return self.hand

    def take_hand(self, hand: HandState) -> None:
        """Go on with ``hand``, in progress, from where it stands (a resumed save, a deal
        played again, a practice problem played on): the seats that have played a card
        were asked about their announcements already."""
        self.hand = hand
        self.stage = Stage.HAND
        self.completed = hand.phase is not Phase.BIDDING
        # A complete hand's last expedition is still on the table: gathering it scores the
        # hand.  (Mid-hand, an expedition left ungathered is simply gathered already.)
        self.pending_collect = hand.tricks[-1] if hand.is_terminal() and hand.tricks else None
        self.belot_choice = {}
        self.declared_asked = {s for s in range(4) if hand.tricks} | set(
            (hand.leader + i * hand.ruleset.direction) % 4 for i in range(len(hand.trick))
        )

    # -- undo ---------------------------------------------------------------------------

    def _actors(self, hand: HandState) -> list[int]:
        """The seat of each action of ``hand`` so far (bids, then cards)."""
        d = hand.ruleset.direction
        bidders = [(hand.dealer + d * (i + 1)) % 4 for i in range(len(hand.bids))]
        return bidders + [seat for seat, _ in hand.plays()]

    def can_undo(self, seat: int = 0) -> bool:
        """A decision of ``seat`` in the hand being played can be taken back."""
        hand = self.hand
        return self.stage == Stage.HAND and hand is not None and seat in self._actors(hand)

    def undo(self, seat: int = 0) -> bool:
        """Take back ``seat``'s last decision (a card or a bid) and every action after it:
        the hand is where it was when that seat had to decide.  The match is then counted
        apart in the statistics.  False when there is nothing to take back."""
        if not self.can_undo(seat):
            return False
        hand = self.hand
        assert hand is not None
        actors = self._actors(hand)
        last = len(actors) - 1 - actors[::-1].index(seat)
        for _ in range(len(actors) - last):
            hand.undo()
        self.pending_collect = None
        self.completed = hand.phase is Phase.PLAY
        d = hand.ruleset.direction
        self.declared_asked = (set(range(4)) if hand.tricks else set()) | {
            (hand.leader + d * i) % 4 for i in range(len(hand.trick))
        }
        self.used_undo = True
        current = self.hinted.get(self.hand_number())
        if current is not None:  # the decisions taken back are asked again
            current -= {n for n in current if n >= last}
        self.save()
        return True

    # -- hints followed -----------------------------------------------------------------

    def hand_number(self) -> int:
        """The number the hand being played will have in the match's history (and as a
        kept hand) once scored."""
        return len(self.match.history) + 1

    def note_hint_followed(self) -> None:
        """The person is about to play what the hint shown for this decision advised (its
        best option, or one about as good): that decision is not counted as theirs."""
        hand = self.hand
        if hand is None:
            return
        done = len(hand.bids) + sum(len(t.cards) for t in hand.tricks) + len(hand.trick)
        self.hinted.setdefault(self.hand_number(), set()).add(done)

    def set_level(self, level: str) -> None:
        """Give the computer seats players of ``level`` (a name of ``LEVELS`` or
        ``PLUMBING_LEVELS``, or one per seat: see ``levels_by_seat``).  Safe at any step:
        the players keep no state between decisions."""
        self.level = level
        levels = levels_by_seat(level)
        for s in list(self.players):
            self.players[s], self.player_specs[s] = computer_player(
                levels[s], seat_seed(self.seed, s)
            )

    # -- the next step ------------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return seat in self.human

    def next_step(self) -> Step:
        """The step the table waits for.  Asking twice without ``apply`` gives the same."""
        m = self.match
        if self.stage == Stage.DRAW:
            return Step(StepKind.DRAW, data={"rounds": self.draw_rounds, "dealer": m.dealer})
        if self.stage == Stage.CUT:
            seat = m.cutter
            lo, hi = m.ruleset.min_cut, 32 - m.ruleset.min_cut
            rng = random.Random(f"{self.seed}:cut:{m.hands_dealt}")
            return Step(
                StepKind.CUT,
                seat=seat,
                human=self.is_human(seat),
                data={"min": lo, "max": hi, "default": 16, "dealer": m.dealer},
                decide=lambda: rng.randint(lo, hi),
            )
        if self.stage == Stage.DEAL:
            seat = m.dealer
            rng = random.Random(f"{self.seed}:deal:{m.hands_dealt}")
            # Only BeloZ lets the dealer choose 3-2 or 2-3: elsewhere the deal is not a question.
            return Step(
                StepKind.DEAL,
                seat=seat,
                human=self.is_human(seat) and m.ruleset.packet_choice,
                data={"cut_at": self.cut_at},
                decide=lambda: rng.choice((3, 2)),
            )
        if self.stage == Stage.SCORE:
            return Step(
                StepKind.SCORE,
                data={"result": self.result, "scores": tuple(m.scores), "winner": m.winner()},
            )
        if self.stage == Stage.OVER:
            return Step(StepKind.MATCH_END, data={"winner": m.winner(), "scores": tuple(m.scores)})
        hand = self.hand
        assert hand is not None
        if self.pending_collect is not None:
            t = self.pending_collect
            return Step(StepKind.COLLECT, seat=t.winner, data={"trick": t})
        if hand.phase is Phase.BIDDING:
            seat = hand.current
            view = hand.view(seat)
            return Step(
                StepKind.BID,
                seat=seat,
                human=self.is_human(seat),
                data={
                    "round": 1 if len(hand.bids) < 4 else 2,
                    "legal": hand.legal_actions(),
                    "auction": m.ruleset.bidding is Bidding.AUCTION,
                },
                decide=self._decider(seat, "bid", view),
            )
        if hand.phase is Phase.DONE and hand.taker is None:
            return Step(StepKind.REDEAL, seat=m.dealer)
        if not self.completed:
            return Step(StepKind.COMPLETE, seat=hand.taker, data={"turned": hand.turned})
        seat = hand.current
        view = hand.view(seat)
        first = not hand.tricks and seat not in self.declared_asked
        return Step(
            StepKind.PLAY,
            seat=seat,
            human=self.is_human(seat),
            data={"legal": hand.legal_actions(), "first": first},
            decide=None if self.is_human(seat) else self._decider(
                seat, "declare_play" if first else "play", view),
        )

    def _decider(self, seat: int, what: str, view: Any) -> Callable[[], Any] | None:
        """A seat's decision: ``what`` is bid, play or declare_play (a first card, with the
        announcement and BeloZ choices).  A player from a spec becomes a ``Decision`` that
        the worker's helper process can make again from (spec, seed); a custom player
        object is called where it is."""
        player = self.players.get(seat)
        if player is None:
            return None
        spec = self.player_specs.get(seat, "custom")
        if spec == "custom":
            return lambda: decide(player, what, view)
        return Decision(spec, seat_seed(self.seed, seat), what, view, player)

    # -- applying a step ----------------------------------------------------------------

    def apply(self, step: Step, value: Any = None) -> None:
        """Apply a step once the table has shown it."""
        kind = step.kind
        m = self.match
        if kind is StepKind.DRAW:
            self.stage = Stage.CUT
        elif kind is StepKind.CUT:
            lo, hi = m.ruleset.min_cut, 32 - m.ruleset.min_cut
            self.cut_at = max(lo, min(hi, int(value if value is not None else 16)))
            self.stage = Stage.DEAL
        elif kind is StepKind.DEAL:
            packet = 2 if value == 2 else 3
            assert self.cut_at is not None
            self.hinted.pop(self.hand_number(), None)  # a deal all passed: not this hand
            self.hand = m.deal(self.cut_at, packet, self._shuffler())
            self.completed = False
            self.pending_collect = None
            self.result = None
            self.declared_asked = set()
            self.belot_choice = {}
            self.stage = Stage.HAND
        elif kind is StepKind.BID:
            assert self.hand is not None
            self.hand.apply(int(value))
            self.save()
        elif kind is StepKind.COMPLETE:
            self.completed = True
        elif kind is StepKind.PLAY:
            self._play(value)
        elif kind is StepKind.COLLECT:
            self.pending_collect = None
            hand = self.hand
            assert hand is not None
            if hand.is_terminal():
                self.result = m.finish(hand)
                self.last_hand = hand
                self.hand = None
                self.stage = Stage.SCORE
                self._record_stats(hand, self.result)
                if self.result is not None:  # kept (and saved) for its review
                    self.kept.append(HandKept(len(m.history), hand))
                if m.winner() is not None:
                    self.record_progress()
            self.save()
        elif kind is StepKind.REDEAL:
            assert self.hand is not None
            m.finish(self.hand)
            self.hand = None
            self.stage = Stage.CUT
            self.save()
        elif kind is StepKind.SCORE:
            self.result = None
            if m.winner() is not None:
                self.stage = Stage.OVER
                self.forget_save()
            else:
                self.stage = Stage.CUT
        elif kind is StepKind.MATCH_END:
            pass
        for hook in self.after_apply:
            hook(step)

    def _shuffler(self) -> random.Random:
        """The generator of the next deal's shuffle (rulesets that shuffle between hands)."""
        return random.Random(f"{self.seed}:shuffle:{self.match.hands_dealt}")

    def pack_to_cut(self) -> list[int]:
        """The pack the next hand is cut from, shuffled as the deal will shuffle it: the
        table shows the cut and the deal of these very cards."""
        return self.match.pack_to_deal(self._shuffler())

    def _play(self, value: Any) -> None:
        hand = self.hand
        assert hand is not None
        seat = hand.current
        if isinstance(value, tuple):
            c, ann, bel = value
            self.belot_choice[seat] = bool(bel)
        else:
            c, ann, bel = value, True, self.belot_choice.get(seat, True)
        self.declared_asked.add(seat)
        before = len(hand.tricks)
        hand.apply(hand.card_action(int(c), announce=bool(ann), belot=bool(bel)))
        if len(hand.tricks) > before:
            self.pending_collect = hand.tricks[-1]

    # -- a whole match without a table (tests, benchmarks) -------------------------------

    def run(self, human: Callable[[Step], Any] | None = None, max_steps: int = 100_000) -> int:
        """Play on until the match ends; ``human`` answers the person's steps.  Returns the
        number of steps."""
        n = 0
        while n < max_steps:
            step = self.next_step()
            if step.kind is StepKind.MATCH_END:
                return n
            if step.human and human is not None:
                value = human(step)
            elif step.decide is not None:
                value = step.decide()
            else:
                value = None
            self.apply(step, value)
            n += 1
        raise RuntimeError("the match did not end")


__all__ = [
    "Draw", "GameFlow", "HandKept", "Stage", "Step", "StepKind", "computer_player",
    "levels_by_seat", "LEVELS",
]
