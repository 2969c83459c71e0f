"""The guided first match: lessons as data, loaded, checked and run without a screen.

A lesson file (``beloz/lessons/NN-name.json``) holds a scripted deal and texts in English
and French:

- ``title``, ``intro``, ``learned``: ``{"en": ..., "fr": ...}``;
- ``ruleset`` (optional, default ``"beloz"``): the rules the lesson is played by;
- ``deal``: ``dealer`` (0..3, seat 0 is the person, South), ``turned`` (a card code such
  as ``"N5"``; none in an auction), ``hands``: the four hands *after* the deal, 8 card
  codes each (the turned card in the taker's hand), ``first_packet`` (3 or 2, default 3),
  ``first`` (optional): the five cards of each hand dealt before the bidding (default: the
  five first in card order, the turned card left out).  The pack is built from them
  (``deck_of``) so that the engine deals exactly these hands;
- ``script``: in order, the bids and cards of every seat (codes: ``"pass"``, ``"take"``,
  a plain ``"N"``.. for round 2, the auction's ``"N"``.. ``"NT"``, ``"AT"``, ``"double"``,
  ``"redouble"``, a card ``"W8"``), and the person's tasks: objects
  ``{"task": {en, fr}, "expect": [codes], "why": {en, fr}?, "say": {en, fr}?,
  "also": {"answers": [codes], "say": {en, fr}}?}``: the person must answer one of
  ``expect``; ``why`` is said for a legal answer that is not expected (else the
  explainer's sentence for the expected card); ``say`` is the coach's line once the task
  is done, kept until the expedition in progress ends (then the coach says who won it).
  ``also`` is for a rule of thumb the search disagrees with: the answers strong players
  may also choose (about as good as the hint's best), and the coach's words saying so, said
  after the task and when the person picks one of them (one not in ``expect`` is taken
  back, since the script goes on with ``expect``, but not counted as a mistake).  A
  script item may also be ``{"say": {en, fr}}`` alone, kept until the next line;
- ``claims`` (optional), checked when the script is over: ``outcome`` (``made``,
  ``dedans``, ``litige``), ``capot`` (team or null), ``score`` ([team 0, team 1]),
  ``beloz`` ([team 0, team 1]), ``escrow`` (the points a litige holds for the next hand),
  ``raw`` (Bulgarian belot: each team's points before the division by 10).

Every action goes through the engine (``HandState``): a script that is not legal does not
load.  No pygame here: the scene (``beloz.ui.scenes.tutorial``) only draws a ``Runner``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from beloz.rules.cards import code, parse
from beloz.rules.ruleset import BELOZ, Bidding, Ruleset
from beloz.rules.ruleset import get as get_ruleset
from beloz.rules.state import NO_CARD, HandState, Phase, deal_packets, parse_bid
from beloz.rules.tricks import Reason

LANGUAGES = ("en", "fr")
OUTCOMES = ("made", "dedans", "litige")
CLAIMS = ("outcome", "capot", "score", "beloz", "escrow", "raw")


class LessonError(ValueError):
    """A lesson file that is not a good lesson: the message says where."""


@dataclass(frozen=True)
class Task:
    text: dict[str, str]
    expect: tuple[int, ...]  # engine actions: cards 0..31 or bid actions
    why: dict[str, str] | None
    say: dict[str, str] | None
    also: tuple[int, ...] = ()  # answers strong players may also choose (the search's)
    also_say: dict[str, str] | None = None  # the coach saying so

    def done_say(self) -> dict[str, str] | None:
        """The coach's line once the task is done: ``say``, then ``also``'s words."""
        parts = [t for t in (self.say, self.also_say) if t is not None]
        if len(parts) < 2:
            return parts[0] if parts else None
        return {lang: " ".join(t[lang] for t in parts) for lang in LANGUAGES}


@dataclass(frozen=True)
class Lesson:
    id: str
    title: dict[str, str]
    intro: dict[str, str]
    learned: dict[str, str]
    dealer: int
    turned: int
    hands: tuple[int, int, int, int]  # masks after the deal
    first: tuple[int, ...] | None  # masks of the five cards dealt before the bidding
    first_packet: int
    script: tuple[Any, ...]  # engine actions (int), Task, or a coach's line (dict)
    claims: dict[str, Any] = field(default_factory=dict)
    ruleset: Ruleset = BELOZ

    def start(self) -> HandState:
        return HandState.deal(deck_of(self), self.dealer, self.first_packet, self.ruleset)


def _texts(doc: Any, where: str) -> dict[str, str]:
    if not isinstance(doc, dict) or any(not isinstance(doc.get(lang), str) or not doc[lang]
                                        for lang in LANGUAGES):
        raise LessonError(f"{where}: a text in {' and '.join(LANGUAGES)}")
    return {lang: doc[lang] for lang in LANGUAGES}


def _action(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise LessonError(f"{where}: a card or bid code, not {text!r}")
    try:
        return parse(text)
    except ValueError:
        pass
    try:
        return parse_bid(text)
    except ValueError:
        raise LessonError(f"{where}: unknown card or bid {text!r}") from None


def _taker(ruleset: Ruleset, dealer: int, hands: tuple[int, ...], turned: int,
           bids: list[int]) -> int | None:
    """Who takes after ``bids`` (a hand-record state: its hands are complete)."""
    st = HandState(ruleset, dealer, hands, turned, None)
    for a in bids:
        if a not in st.legal_actions():
            raise LessonError(f"illegal bid {a}")
        st.apply(a)
        if st.phase is not Phase.BIDDING:
            break
    return st.taker


def deck_of(lesson: Lesson) -> list[int]:
    """The pack that, dealt by ``lesson.dealer``, gives ``lesson.hands`` after the bidding:
    each seat's five cards dealt before the bidding (the lesson's ``first``, else the
    first five in card order, the turned card left out) in the ruleset's packets, the
    turned card (none in an auction), then the rest in the completion's order."""
    # the bids in script order (the person's expected ones in their place)
    ordered = []
    for item in lesson.script:
        if isinstance(item, int) and item >= 32:
            ordered.append(item)
        elif isinstance(item, Task) and item.expect[0] >= 32:
            ordered.append(item.expect[0])
    rules = lesson.ruleset
    taker = _taker(rules, lesson.dealer, lesson.hands, lesson.turned, ordered)
    cards = [sorted(c for c in range(32) if lesson.hands[s] >> c & 1 and c != lesson.turned)
             for s in range(4)]
    order = [(lesson.dealer + rules.direction * i) % 4 for i in range(1, 5)]
    if lesson.first is not None:
        first = {s: [c for c in cards[s] if lesson.first[s] >> c & 1] for s in range(4)}
    else:
        first = {s: cards[s][:5] for s in range(4)}
    rest = {s: [c for c in cards[s] if c not in first[s]] for s in range(4)}
    deck: list[int] = []
    a = 0
    for packet in deal_packets(rules, lesson.first_packet):
        for s in order:
            deck += first[s][a:a + packet]
        a += packet
    if lesson.turned != NO_CARD:
        deck.append(lesson.turned)
    for s in order:
        deck += rest[s]
    if taker is None or len(deck) != 32:
        raise LessonError("the bids must end with a taker, and the hands hold 32 cards")
    return deck


def parse_lesson(doc: Any, name: str) -> Lesson:
    """A lesson from its JSON document; ``LessonError`` when anything is wrong."""
    if not isinstance(doc, dict):
        raise LessonError(f"{name}: a JSON object")
    deal = doc.get("deal")
    if not isinstance(deal, dict):
        raise LessonError(f"{name}: no deal")
    try:
        ruleset = get_ruleset(doc.get("ruleset", BELOZ.name))
        hands_codes = deal["hands"]
        hands = tuple(sum(1 << parse(c) for c in h.split()) for h in hands_codes)
        auction = ruleset.bidding is Bidding.AUCTION
        turned = NO_CARD if auction else parse(deal["turned"])
        dealer = int(deal["dealer"])
        first = tuple(sum(1 << parse(c) for c in h.split()) for h in deal["first"]) \
            if "first" in deal else None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise LessonError(f"{name}: deal: {err}") from None
    if len(hands) != 4 or any(bin(h).count("1") != 8 for h in hands) or (
            hands[0] | hands[1] | hands[2] | hands[3]) != (1 << 32) - 1 or dealer not in range(4):
        raise LessonError(f"{name}: deal: four hands of 8 different cards and a dealer 0..3")
    turned_mask = 1 << turned if turned >= 0 else 0
    if first is not None and (len(first) != 4 or any(
            bin(f).count("1") != 5 or f & ~h or f & turned_mask
            for f, h in zip(first, hands, strict=False))):
        raise LessonError(f"{name}: deal: first, five cards of each hand (not the turned one)")
    script: list[Any] = []
    raw = doc.get("script")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{name}: no script")
    for i, item in enumerate(raw):
        where = f"{name}: script[{i}]"
        if isinstance(item, dict) and "task" in item:
            expect = item.get("expect")
            if not isinstance(expect, list) or not expect:
                raise LessonError(f"{where}: expect one or more answers")
            also = item.get("also", {"answers": []})
            if not isinstance(also, dict) or not isinstance(also.get("answers"), list) or (
                    also["answers"] and "say" not in also):
                raise LessonError(f"{where}: also: answers and what the coach says of them")
            script.append(Task(
                _texts(item["task"], where), tuple(_action(e, where) for e in expect),
                _texts(item["why"], where) if "why" in item else None,
                _texts(item["say"], where) if "say" in item else None,
                tuple(_action(e, where) for e in also["answers"]),
                _texts(also["say"], where) if also["answers"] else None))
        elif isinstance(item, dict):
            script.append(_texts(item.get("say"), where))
        else:
            script.append(_action(item, where))
    claims = doc.get("claims", {})
    if not isinstance(claims, dict) or set(claims) - set(CLAIMS):
        raise LessonError(f"{name}: claims: {', '.join(CLAIMS)}")
    if "outcome" in claims and claims["outcome"] not in OUTCOMES:
        raise LessonError(f"{name}: claims: outcome is one of {', '.join(OUTCOMES)}")
    lesson = Lesson(
        id=name, title=_texts(doc.get("title"), f"{name}: title"),
        intro=_texts(doc.get("intro"), f"{name}: intro"),
        learned=_texts(doc.get("learned"), f"{name}: learned"), dealer=dealer, turned=turned,
        hands=hands, first=first, first_packet=int(deal.get("first_packet", 3)),
        script=tuple(script), claims=claims, ruleset=ruleset)
    check(lesson)
    return lesson


def check(lesson: Lesson) -> None:
    """Play the whole script through the engine (the person answering the first expected
    option): every action legal, every task on the person's turn, every expected answer
    legal, and the claims true at the end."""
    runner = Runner(lesson)
    runner.advance()
    while not runner.finished:
        task = runner.task
        if task is None:
            raise LessonError(f"{lesson.id}: the script stops with no task")
        for a in task.expect + task.also:
            if a not in runner.state.legal_actions():
                raise LessonError(f"{lesson.id}: answer {_name(a)} is not legal")
        runner.answer(task.expect[0])
        runner.advance()
    st = runner.state
    for claim, want in lesson.claims.items():
        got = claim_value(st, claim)
        if got != want:
            raise LessonError(f"{lesson.id}: claims {claim} = {want!r}, the engine says {got!r}")


def claim_value(st: HandState, claim: str) -> Any:
    if not st.is_terminal():
        raise LessonError("claims need the hand played to its end")
    res = st.result()
    if claim == "outcome":
        return res.outcome.value
    if claim == "capot":
        return res.capot
    if claim == "score":
        return list(res.score)
    if claim == "escrow":
        return res.escrow_out
    if claim == "raw":
        return list(res.raw) if res.raw is not None else None
    return list(res.beloz)


def _name(a: int) -> str:
    from beloz.rules.state import action_code

    return code(a) if a < 32 else action_code(a)


@dataclass
class Verdict:
    """The person's answer: taken or taken back, and why."""

    ok: bool
    reason: Reason | None = None  # the engine's, for an illegal card
    why: dict[str, str] | None = None  # the lesson's own words
    expected: int | None = None  # the card or bid the lesson wanted
    also: bool = False  # an answer strong players may also choose: not a mistake


class Runner:
    """One lesson played: the engine's state, the script's position, the current task.

    ``advance()`` plays the scripted actions up to the person's next task (or the end);
    ``answer(a)`` checks the person's answer: an illegal one is refused with the engine's
    reason and an unexpected one taken back with the lesson's (nothing applied either
    way); a right one is applied and the script goes on.  Only unexpected legal answers
    count as mistakes: a refused card was never played."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.state = lesson.start()
        self.pos = 0
        self.task: Task | None = None
        self._coach: dict[str, str] | None = None  # the coach's latest line
        # A task's line speaks of the expedition in progress: it lasts until this many
        # expeditions are finished (None: until the next line).
        self._coach_until: int | None = None
        self.done_tasks = 0
        self.mistakes = 0

    @property
    def coach(self) -> dict[str, str] | None:
        """The coach's line, None once it spoke of an expedition that has since ended
        (``coach_stale``: then the scene says who won the last one)."""
        return None if self.coach_stale else self._coach

    @property
    def coach_stale(self) -> bool:
        return self._coach_until is not None and len(self.state.tricks) >= self._coach_until

    def _say(self, line: dict[str, str] | None, lasting: bool) -> None:
        if line is None:
            return
        self._coach = line
        # the expedition in progress, or the one the person's card just finished
        self._coach_until = None if lasting else len(self.state.tricks) + 1

    @property
    def finished(self) -> bool:
        return self.task is None and self.pos >= len(self.lesson.script)

    def pending(self) -> int | None:
        """The next scripted action (for the scene to animate), or None."""
        if self.task is not None or self.pos >= len(self.lesson.script):
            return None
        item = self.lesson.script[self.pos]
        return item if isinstance(item, int) else None

    def step(self) -> bool:
        """Play one scripted item; False when waiting for the person or finished."""
        if self.task is not None or self.pos >= len(self.lesson.script):
            return False
        item = self.lesson.script[self.pos]
        self.pos += 1
        if isinstance(item, Task):
            if self.state.current != 0:
                raise LessonError(f"{self.lesson.id}: a task when seat {self.state.current} "
                                  "is to play")
            self.task = item
            return False
        if isinstance(item, dict):
            self._say(item, lasting=True)
            return True
        if item not in self.state.legal_actions():
            reason = self.state.why_illegal(item) if item < 32 else None
            raise LessonError(f"{self.lesson.id}: script[{self.pos - 1}] {_name(item)} "
                              f"is not legal ({reason.value if reason else 'bid'})")
        bidding = self.state.phase is Phase.BIDDING
        self.state.apply(item)
        self._check_deal(bidding)
        return True

    def _check_deal(self, was_bidding: bool) -> None:
        """Once the bidding is over the hands are the lesson's (``deck_of`` got it right)."""
        if was_bidding and self.state.phase is Phase.PLAY and tuple(
                self.state.hands) != self.lesson.hands:
            raise LessonError(f"{self.lesson.id}: the deal does not give the lesson's hands")

    def advance(self) -> None:
        while self.step():
            pass

    def answer(self, action: int) -> Verdict:
        task = self.task
        if task is None:
            return Verdict(False)
        st = self.state
        if action not in st.legal_actions():
            reason = st.why_illegal(action) if action < 32 else None
            return Verdict(False, reason=reason, expected=task.expect[0])
        if action in task.also and action not in task.expect:
            return Verdict(False, why=task.also_say, expected=task.expect[0], also=True)
        if action not in task.expect:
            self.mistakes += 1
            return Verdict(False, why=task.why, expected=task.expect[0])
        bidding = st.phase is Phase.BIDDING
        st.apply(action)
        self._check_deal(bidding)
        self.task = None
        self.done_tasks += 1
        self._say(task.done_say(), lasting=False)
        return Verdict(True)


def lesson_names() -> list[str]:
    """The lesson files, in order."""
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir()
                  if p.name.endswith(".json"))


def load(name: str) -> Lesson:
    text = resources.files(__name__).joinpath(name + ".json").read_text("utf-8")
    try:
        doc = json.loads(text)
    except ValueError as err:
        raise LessonError(f"{name}: {err}") from None
    return parse_lesson(doc, name)


def load_all() -> list[Lesson]:
    return [load(n) for n in lesson_names()]
