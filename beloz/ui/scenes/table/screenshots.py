"""The table in named states for ``main.py --screenshot``: the scene is driven in fast mode,
the person's questions answered simply, until the state is reached.  A tool that sets the
table up, so it reads and sets the flow's whole hand (the table itself reads the person's
view, ``TableScene.view``)."""

from __future__ import annotations

from typing import Any

from beloz.rules.cards import parse
from beloz.rules.ruleset import RULESETS, Bidding, get
from beloz.rules.state import NO_CARD, PASS, TAKE, HandState, Phase, parse_bid
from beloz.ui.app_protocol import App
from beloz.ui.game import Stage, Step, StepKind
from beloz.ui.scenes.table import animations, hints
from beloz.ui.scenes.table import input as table_input
from beloz.ui.scenes.table.scene import TableScene, set_scene
from beloz.ui.scenes.table.turn import TurnPhase


def _drive(scene: TableScene, until: Any, limit: int = 3000) -> None:
    """Run the scene in fast mode, answering the person's steps simply, until ``until()``."""
    for _ in range(limit):
        if until():
            return
        step = scene.step
        if step is not None and scene.phase == TurnPhase.HUMAN:
            if step.kind is StepKind.BID and step.data.get("auction"):
                scene.human_value(PASS)
            elif step.kind is StepKind.BID:
                scene.human_value(TAKE if step.data["round"] == 1 else step.data["legal"][1])
            elif step.kind is StepKind.CUT:
                scene.human_value(16)
            elif step.kind is StepKind.DEAL:
                scene.human_value(3)
            elif step.kind is StepKind.PLAY:
                card = step.data["legal"][0]
                scene.human_value((card, True, True))
            elif step.kind is StepKind.SCORE:
                scene.press("next")
        scene.update(1 / 60)


# An all-trumps hand: the person holds the East elephant and rhino; seat 1 leads East.
BELOT_DEAL = ("E7 E6 N1 N3 N5 S1 W1 W3", "E1 E2 E3 E4 E5 E8 S2 S3",
              "N2 N4 N6 S4 S6 W2 W4 W6", "N7 N8 S5 S7 S8 W5 W7 W8")


def _belot_question(scene: TableScene) -> None:
    """Seed 002's belot question: all trumps called by seat 1, three cards on the table, the
    person about to follow with the first card of a belot."""
    hand = HandState(scene.flow.match.ruleset, 0,
                     [sum(1 << parse(c) for c in h.split()) for h in BELOT_DEAL], NO_CARD, None)
    for action in ("AT", "pass", "pass", "pass"):
        hand.apply(parse_bid(action))
    for card in ("E1", "N2", "N7"):
        hand.apply(parse(card))
    flow = scene.flow
    flow.stage, flow.completed, flow.hand, flow.declared_asked = Stage.HAND, True, hand, {1, 2, 3}
    flow.match.dealer, flow.match.hands_dealt = 0, 1
    scene.zones_from_state()
    scene.place_all(0)
    _drive(scene, lambda: scene.step is not None and scene.step.kind is StepKind.PLAY
           and scene.phase == TurnPhase.HUMAN)
    scene.auto_declare = False
    scene.try_play(parse("E7"))


def screenshot_scene(app: App, name: str, seed: int) -> None:
    """Set up the table in a named state for ``main.py --screenshot``: ``deal`` (cards dealt,
    the turned card shown, the person to bid), ``bid`` (round-1 bidding with bubbles),
    ``auction`` (an auction ruleset: the person to call after a contract, bubbles and chip),
    ``belot`` (seed 002's belot question, in all trumps), ``play`` (mid-hand, a card or
    two on the table), ``score`` (the score screen), ``over`` (the match over), ``hint``
    (``play`` with a hint shown),
    ``history`` (``play`` with the hand so far over it, key E),
    ``bid_hint`` (the person's bid, or call in an auction, with the hint), ``review`` (the
    review of the first hand, on the page of its biggest mistake), ``review_bids`` (its
    first page: the deal and the rated bids), ``review_watch`` (a computer player's card
    explained from its own view), ``review_show`` (« Show me how »: Expert's line beside
    the person's)."""
    was_fast = getattr(app, "fast", False)
    app.fast = True
    settings = getattr(app, "settings", None)
    if name in ("auction", "belot") and settings is not None and get(settings.ruleset).bidding \
            is not Bidding.AUCTION:
        # An auction needs a ruleset that has one: the first such, for this table only.
        auction = next(r for r in RULESETS.values() if r.bidding is Bidding.AUCTION)
        app.settings = settings.replace(ruleset=auction.name)
    scene = TableScene(app, new_match=True, seed=seed)
    if settings is not None:
        app.settings = settings
    set_scene(app, scene)
    if name in ("deal", "bid"):
        _drive(scene, lambda: scene.step is not None and scene.step.kind is StepKind.BID
               and scene.step.human and scene.phase == TurnPhase.HUMAN)
        if name == "bid":
            h = scene.flow.current_hand()
            for i, b in enumerate(h.bids):
                seat = (h.dealer + (1 + i) * scene.layout.direction) % 4
                scene.say(seat, scene.t("table.say.pass") if b == PASS else scene.t(
                    "table.say.take"))
    elif name == "auction":
        # The person to call, after the calls before theirs (each in its bubble).
        def calling() -> bool:
            step = scene.step
            return (step is not None and step.kind is StepKind.BID and step.human
                    and scene.phase == TurnPhase.HUMAN and bool(step.data.get("auction"))
                    and scene.flow.hand is not None
                    and any(b != PASS for b in scene.flow.hand.bids))

        _drive(scene, calling)
        called = scene.flow.hand
        assert called is not None, "no auction reached the person"
        for i, b in enumerate(called.bids[-3:]):
            seat = (called.current - (len(called.bids[-3:]) - i) * scene.layout.direction) % 4
            animations.bid(scene, Step(StepKind.BID, seat=seat, data={"auction": True}), b)
        scene.turn.hold(0.0)
    elif name == "belot":
        _belot_question(scene)
    elif name == "bid_hint":
        # The person to bid (an auction: to call after another seat's contract), with the
        # hint: every option's value and why.
        def asked() -> bool:
            step, h = scene.step, scene.flow.hand
            return (step is not None and step.kind is StepKind.BID and step.human
                    and scene.phase == TurnPhase.HUMAN and h is not None
                    and (not step.data.get("auction") or any(b != PASS for b in h.bids)))

        _drive(scene, asked)
        hints.request(scene)
    elif name in ("play", "hint", "history"):
        def mid() -> bool:
            h = scene.flow.hand
            return (
                h is not None and h.phase is Phase.PLAY and len(h.tricks) >= 3
                and 1 <= len(h.trick) and scene.step is not None and scene.step.human
                and scene.phase == TurnPhase.HUMAN
                # the hint's picture: a real choice, several cards to weigh
                and (name != "hint" or len(h.legal_actions()) >= 3)
            )

        _drive(scene, mid)
        if name == "hint":
            hints.request(scene)
        elif name == "history":  # the hand so far, over the table (key E)
            from beloz.ui.scenes.table.input import open_history

            open_history(scene)
    elif name == "over":  # the match over: a target of 1, reached by the first hand
        scene.flow.match.target = 1
        _drive(scene, lambda: scene.step is not None
               and scene.step.kind is StepKind.MATCH_END and scene.score_shown is not None)
    elif name in ("score", "review", "review_bids", "review_watch", "review_show"):
        _drive(scene, lambda: scene.step is not None and scene.step.kind is StepKind.SCORE)
        if name == "review_bids":  # the first page: the deal and the person's rated bids
            hints.open_review(scene)
        elif name in ("review_watch", "review_show"):  # a computer's card explained; Expert
            hints.open_review(scene)                 # in the person's seat beside them
            from beloz.ui.scenes.review import ReviewScene
            from beloz.ui.scenes.review_panel import screenshot_review

            review = app.top
            assert isinstance(review, ReviewScene), "the review did not open"
            screenshot_review(review, name)
        elif name == "review":
            from beloz.ui.scenes.review import ReviewScene

            hints.open_review(scene)
            review = app.top
            if isinstance(review, ReviewScene):
                entry = review.entry
                worst = entry.review.worst if entry.review else None
                review.go(worst.expedition or 0 if worst is not None else 5)
    else:
        raise ValueError(f"unknown table screenshot {name!r}")
    app.fast = was_fast
    table_input.update_hover(scene)
