"""Hints at the table (key H, the Hint button, or every turn with the setting) and the hands
kept for their review.

A hint is computed in the worker (``TeachTask("hint", view)``, the person's own view only)
and drawn when it arrives, for as long as the same question stands: over each legal card of
the person's hand its expected score (points of margin, Expert's estimate), the best card
framed in gold, and the explainer's sentence; for a bid, each option's expected score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from beloz.ai import bid_guide
from beloz.ai.review import reason_sentences
from beloz.i18n import get_language
from beloz.rules.ruleset import Bidding
from beloz.rules.state import NO_CARD
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.game import HandKept, StepKind
from beloz.ui.highlight import frame
from beloz.ui.procworker import TeachTask
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.scenes.table.turn import TurnPhase
from beloz.ui.widgets import wrap

if TYPE_CHECKING:
    from beloz.ai.review import Hint
    from beloz.ui.game import Step
    from beloz.ui.scenes.table.scene import TableScene


class Hinting:
    """The hint on the person's question: the step it answers, the worker's job computing
    it, the hint once arrived.  The scene holds one (``scene.hinting``); this module
    changes it."""

    def __init__(self) -> None:
        self.step: Step | None = None
        self.job: Any = None  # a worker job (``cancel``), None once the hint arrived
        self.hint: Hint | None = None

    def forget(self) -> None:
        """The question has gone: so has its hint (the job under way cancelled)."""
        if self.job is not None:
            self.job.cancel()
        self.step = self.job = self.hint = None



def hint_allowed(scene: TableScene) -> bool:
    step = scene.step
    return (
        step is not None and step.human and scene.phase == TurnPhase.HUMAN
        and step.kind in (StepKind.PLAY, StepKind.BID)
        and scene.view() is not None and scene.pending_play is None
    )


def request(scene: TableScene) -> bool:
    """Ask for a hint on the person's current question (no-op when there is none or one is
    already on its way or shown)."""
    if not hint_allowed(scene):
        return False
    step, hinting = scene.step, scene.hinting
    if hinting.step is step and (hinting.hint is not None or hinting.job is not None):
        return True
    view = scene.view()
    assert view is not None  # hint_allowed: a hand is being played
    hinting.hint, hinting.step = None, step
    task = TeachTask("hint", view)
    worker = getattr(scene.app, "worker", None)
    if scene.fast or worker is None:
        hinting.hint = task()
        hinting.job = None
    else:
        hinting.job = worker.submit(task)
    return True


def update(scene: TableScene) -> None:
    """Take a hint that arrived; forget one whose question has gone."""
    hinting = scene.hinting
    if hinting.step is not None and hinting.step is not scene.step:
        hinting.forget()
        return
    job = hinting.job
    if job is not None and job.done():
        hinting.job = None
        try:
            hinting.hint = job.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint is said, never raised
            scene.notify(scene.t("teach.hint_failed", error=exc))
    settings = getattr(scene.app, "settings", None)
    if (getattr(settings, "auto_hint", False) and scene.hinting.step is None
            and hint_allowed(scene)):
        request(scene)


def value_text(v: float, scale: int = 1) -> str:
    """A value as the hint shows it: on the scale of the score (``review.shown_points``),
    never "-0"."""
    from beloz.ai.review import shown_points

    return shown_points(v, scale)


def _scale(scene: TableScene) -> int:
    from beloz.review_store import score_scale

    hand = scene.view()
    return 1 if hand is None else score_scale(hand.ruleset)


def spread_text(scene: TableScene, hint: Hint) -> str | None:
    """The ± of the hint's values as shown ("±5", never "±0"), None when none is shown
    (the options not valued, or no noise known)."""
    from beloz.ai.review import shown_spread

    return shown_spread(hint.spread, _scale(scene)) if hint.valued else None


def within(scene: TableScene, hint: Hint) -> str:
    """Why the framed options are about as good: within the ± shown, or shown alike."""
    noise = spread_text(scene, hint)
    return (scene.t("teach.within_noise", noise=noise) if noise
            else scene.t("teach.within_same"))


def about_line(scene: TableScene, hint: Hint) -> str | None:
    """The options about as good as the best one (their values within the ± shown), the
    card Expert plays by convention among them said to be the usual card; None when none
    (never for options that were not valued)."""
    if not hint.about or not hint.valued:
        return None
    from beloz.ai.review import card_name

    hand = scene.view()  # the hint is the person's (``request``): seat 0's view
    trump = None if hand is None else hand.trump
    held = 0 if hand is None else hand.hand
    names = []
    for a in hint.about:
        name = (card_name(a, trump, held, "the") if hint.kind == "card"
                else bid_name(scene, a))
        if a == hint.usual:
            name = scene.t("teach.hint_usual", card=name)
        names.append(name)
    listed = names[0] if len(names) == 1 else scene.t(
        "teach.list", head=", ".join(names[:-1]), last=names[-1])
    return scene.t("teach.hint_about", list=listed, why=within(scene, hint))


def bid_name(scene: TableScene, action: int) -> str:
    """A bid or a call of the hand on the table, as its button says it."""
    hand = scene.view()
    ruleset = scene.flow.match.ruleset if hand is None else hand.ruleset
    return bid_label(action, ruleset, NO_CARD if hand is None else hand.turned, scene.t)


def draw(scene: TableScene, surface: pygame.Surface) -> None:
    """The hint: values over the cards (or the bid options) and the sentence."""
    if scene.hinting.step is None or scene.hinting.step is not scene.step:
        return
    L = scene.layout
    fp = L.font_px
    hint: Hint | None = scene.hinting.hint
    if hint is None:
        if scene.hinting.job is not None:
            _line(scene, surface, scene.t("teach.hint_thinking"), DIM)
        return
    scale = _scale(scene)
    about = about_line(scene, hint)
    if about and hint.kind == "card" and scene.font(fp).size(about)[0] + 24 > L.W - 2 * L.pad:
        # too many to name: the frames show them
        about = scene.t("teach.hint_about_framed", why=within(scene, hint))
    values = None
    if hint.kind == "card":
        for o, rect, box, tag in _value_boxes(scene, hint):
            # The best card and those about as good: framed alike, the line says why
            # (none when the cards were not valued: equivalent, none is better).
            best = hint.valued and (o.action == hint.best or o.action in hint.about)
            if best:  # the two-tone frame, on every plain's border
                frame(surface, rect, o.action, width=4, radius=6)
            scene.panel(surface, box, (12, 24, 20, 230), GOLD if best else None, radius=6)
            scene.text(surface, tag, box.center, fp, GOLD if best else CREAM, best)
        spread = spread_box(scene, hint)
        if spread is not None:  # how sure the values are, beside them
            scene.panel(surface, spread[0], (12, 24, 20, 230), None, radius=6)
            scene.text(surface, spread[1], spread[0].center, fp, DIM, True)
    else:
        values = "   ·   ".join(f"{bid_name(scene, o.action)} {value_text(o.expected, scale)}"
                                for o in hint.options)
        noise = spread_text(scene, hint)
        if noise:
            values = f"{values}   ({noise})"
    hand = scene.view()
    turned = (hint.kind == "bid" and hand is not None
              and hand.ruleset.bidding is not Bidding.AUCTION)
    # What the numbers are, said once ("=" when the cards were not valued: no numbers).
    meaning: str | None = scene.t("teach.numbers" if hint.valued else "teach.hint_equivalent")
    most = 1 if turned else 3
    # From the bottom up: the reason that decides (gold), the options about as good, a
    # bid's values, then the reason's second sentence (what the best does, or the sampled
    # deals' contrast's companion).
    said = reason_sentences(hint.why, hint.contrast, hint.detail,
                            ruleset=scene.flow.match.ruleset if hand is None else hand.ruleset)
    # A bid: the bidding guide's rule there, or that this hand is an exception to it.
    guide = (bid_guide.note(hand, hint.best, get_language(), short=True)
             if hint.kind == "bid" and hand is not None else None)
    if hint.why.key in ("vs.about", "vs.about_wide", "vs.same") and not turned:
        about = None  # the reason itself says the options are about as good: the frames show which
    # Each line with its rank: 0 always said (smaller if the room is short: the reason, a
    # bid's values), then the lines a short room leaves out, highest rank first, rather
    # than draw them over the trick or the turned card (at 960×600 three lines fit below
    # the trick): the second sentence, the options about as good (the frames still show
    # them), what the numbers are.
    Said = tuple[str | None, tuple[int, int, int], int, int]
    lines: list[Said]
    if turned:
        # The turned card lies above the hint's lines: every line stays one line (drawn
        # smaller if it must), between the side hands.  What the numbers are and the options
        # about as good join the values' line while it stays readable, else take their own
        # lines while there is room below the turned card.
        # The guide's rule, where the guide has one, before what the numbers are (said
        # again in the Expeditions record's help and at every card hint).
        short: str | None = scene.t("teach.numbers_short")
        if guide is not None and _fits(scene, f"{values}   —   {guide}"):
            values, guide = f"{values}   —   {guide}", None  # one line, under the card
        elif guide is None and _fits(scene, f"{values}   {short}"):
            values, short = f"{values}   {short}", None
        if about and _fits(scene, f"{values}   —   {about}"):
            values, about = f"{values}   —   {about}", None
        lines = [(guide, DIM, 1, 1), (values, CREAM, 1, 0), (short, DIM, 1, 3),
                 (about, CREAM, 1, 2)]
        meaning = None
    else:
        if guide is not None and values is not None and _fits(scene, f"{values}   —   {guide}"):
            values, guide = f"{values}   —   {guide}", None  # an auction's call: one line
        # After a threshold (the contract, the capot, the last expedition at stake: counts
        # and deals), the reason that says why is said too, smaller if the room is short
        # (teacher set K, bulgare-535: the stake alone at 1280×800, the card to keep left
        # out; at 960×600 the longest pair may reach the trick's lowest card's points)
        staked = hint.contrast is not None and hint.contrast.key == "threshold"
        lines = [(guide, DIM, most, 1), (about, CREAM, most, 2), (values, CREAM, most, 0),
                 *((text, CREAM, most, 0 if staked and i == 0 else 3)
                   for i, text in enumerate(said[1:]))]
    shown: list[Said] = [(scene.t("teach.hint_line", why=said[0]), GOLD, most, 0),
                         *lines, (meaning, DIM, 1, 1)]
    shown = [line for line in shown if line[0]]
    bottom = round(_line_y(scene, 0) + fp * 0.85)
    top = room_top(scene, bottom)
    while top is not None and max(line[3] for line in shown) > 0 and bottom - sum(
            _height(scene, *_fitted(scene, str(t), m)) + 4 for t, _c, m, _r in shown) < top:
        shown.remove(max(reversed(shown), key=lambda line: line[3]))
    while turned and top is not None and len(shown) > 1 and bottom - sum(
            _least_height(scene, str(t), m) + 4 for t, _c, m, _r in shown) < top:
        # a bid's reason and values' line would reach the turned card even at the smallest
        # size (a reason in two lines at 960×600): the reason stays, the values' line goes,
        # rather than be drawn over the card (a card hint's lines shrink: its values are
        # on the cards)
        shown.pop(1)
    for i, (text, colour, at_most, rank) in enumerate(shown):
        bottom = _wrapped(scene, surface, str(text), colour, bottom - (4 if i else 0),
                          at_most, top, rank == 0)


def _least_height(scene: TableScene, text: str, most: int) -> int:
    """The height of ``text``'s panel at the smallest size a hint's line is drawn at."""
    return _height(scene, 9, wrap(scene.font(9), text, _width(scene, most) - 24))


def _fits(scene: TableScene, text: str) -> bool:
    """``text`` fits one hint line between the side hands at nearly the table's font."""
    L = scene.layout
    return scene.font(L.font_px - 1).size(text)[0] + 24 <= L.between_sides()


def room_top(scene: TableScene, bottom: float) -> int | None:
    """The highest the hint's lines may reach from ``bottom`` up: just below the lowest of
    the cards lying in the middle of the table above them (the trick, the turned card, the
    pack), between the side hands; None when none lies there."""
    L = scene.layout
    band = pygame.Rect(0, 0, L.between_sides(), L.H)
    band.centerx = L.cx
    cards = [c for _s, c in scene.trick] + list(scene.deck)
    if scene.turned is not None:
        cards.append(scene.turned)
    feet = [r.bottom for r in (scene.sprites[c].rect() for c in cards)
            if r.colliderect(band) and r.bottom < bottom]
    return max(feet) + L.pad // 2 if feet else None


def _wrapped(scene: TableScene, surface: pygame.Surface, text: str,
             color: tuple[int, int, int], bottom: int, most: int = 3, top: int | None = None,
             must: bool = True) -> int:
    """``text`` in a dark panel whose foot is at ``bottom``, wrapped to at most ``most``
    lines (drawn smaller before it grows past them); returns the panel's top.  A panel that
    would rise above ``top`` is drawn smaller until it fits when it ``must`` be said (down
    to the smallest size), else not drawn (``bottom`` returned)."""
    L = scene.layout
    width = _width(scene, most)
    size, lines = _fitted(scene, text, most)
    while size > 9 and top is not None and must and bottom - _height(scene, size, lines) < top:
        size -= 1
        lines = wrap(scene.font(size), text, width - 24)
    if top is not None and not must and bottom - _height(scene, size, lines) < top:
        return bottom
    step = scene.font(size).get_linesize()
    inner = max(scene.font(size).size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, min(width, inner + 24), _height(scene, size, lines))
    box.midbottom = (L.W // 2, bottom)
    scene.panel(surface, box, (12, 24, 20, 225), None, radius=8)
    for i, line in enumerate(lines):
        scene.text(surface, line, (box.centerx, box.top + 5 + step * (i + 0.5)), size, color)
    return box.top


def _width(scene: TableScene, most: int) -> int:
    """The widest a hint's panel of at most ``most`` lines may be: between the side hands."""
    L = scene.layout
    return min(L.between_sides(), round(L.W * (0.8 if most > 1 else 1.0)))


def _fitted(scene: TableScene, text: str, most: int) -> tuple[int, list[str]]:
    """The font size and the lines of ``text`` in at most ``most`` lines (smaller before
    more lines, down to the smallest size)."""
    size, width = scene.layout.font_px, _width(scene, most)
    lines = wrap(scene.font(size), text, width - 24)
    while len(lines) > most and size > 9:
        size -= 1
        lines = wrap(scene.font(size), text, width - 24)
    return size, lines


def _height(scene: TableScene, size: int, lines: list[str]) -> int:
    """The height of a hint's panel of ``lines`` at font ``size``."""
    return scene.font(size).get_linesize() * len(lines) + 10


def _value_boxes(scene: TableScene, hint: Hint) -> list[tuple[Any, pygame.Rect, pygame.Rect,
                                                              str]]:
    """A card hint's values: per option its card's rectangle as drawn (raised or not), the
    value's box just above the card, and the value."""
    out = []
    f = scene.font(scene.layout.font_px, True)
    scale = _scale(scene)
    for o in hint.options:
        sp = scene.sprites[o.action]
        rect = pygame.Rect(0, 0, round(sp.w), round(sp.w * 1.5))
        # Where the card is drawn: raised by the mouse or the arrows, its frame and value
        # go up with it.
        rect.center = (round(sp.x), round(sp.y - sp.lift))
        # Equivalent cards were not valued: "=" (their 0 would be no expectation).
        tag = value_text(o.expected, scale) if hint.valued else "="
        tw, th = f.size(tag)
        box = pygame.Rect(0, 0, tw + 12, th + 4)
        box.midbottom = (rect.centerx, rect.top - 4)
        out.append((o, rect, box, tag))
    return out


def spread_box(scene: TableScene, hint: Hint) -> tuple[pygame.Rect, str] | None:
    """The ± of a card hint's values, in a box at the end of their row (right of the
    rightmost value, or left of the leftmost when the window's edge is too near)."""
    noise = spread_text(scene, hint)
    boxes = _value_boxes(scene, hint)
    if noise is None or not boxes:
        return None
    tw, th = scene.font(scene.layout.font_px, True).size(noise)
    box = pygame.Rect(0, 0, tw + 12, th + 4)
    right = max(boxes, key=lambda b: b[2].right)[2]
    box.midleft = (right.right + 6, right.centery)
    if box.right > scene.layout.W - scene.layout.pad:
        left = min(boxes, key=lambda b: b[2].left)[2]
        box.midright = (left.left - 6, left.centery)
    return box, noise


def values_top(scene: TableScene) -> int | None:
    """The top of a card hint's values over the hand (None when none is shown): the prompt
    lines and the hint's own lines go above them."""
    hint = scene.hinting.hint
    if scene.hinting.step is None or scene.hinting.step is not scene.step or hint is None \
            or hint.kind != "card" or not hint.options:
        return None
    return min(box.top for _o, _r, box, _t in _value_boxes(scene, hint))


def _line(scene: TableScene, surface: pygame.Surface, text: str, color: tuple[int, int, int],
          offset: int = 0) -> None:
    """A line in a dark band above the prompt lines (the question, why a card is refused)."""
    L = scene.layout
    fp = L.font_px
    y = _line_y(scene, offset)
    size = fp
    while size > 9 and scene.font(size).size(text)[0] + 24 > L.W - 2 * L.pad:
        size -= 1  # a long line is drawn smaller rather than cut
    width = min(L.W - 2 * L.pad, scene.font(size).size(text)[0] + 24)
    box = pygame.Rect(0, 0, width, round(fp * 1.7))
    box.center = (L.W // 2, round(y))
    scene.panel(surface, box, (12, 24, 20, 225), None, radius=8)
    scene.text(surface, text, box.center, size, color)


def _line_y(scene: TableScene, offset: int) -> float:
    """The centre of the hint's line ``offset`` (0 the lowest) above the prompt lines."""
    fp = scene.layout.font_px
    from beloz.ui.scenes.table import hud  # hud draws the prompt lines from ``prompt_base``

    shown = len(hud.text_lines(scene))
    return (prompt_base(scene) - shown * (scene.font(fp + 1, True).get_linesize() + 14)
            - fp * (0.4 + 1.9 * offset))


def prompt_base(scene: TableScene) -> float:
    """The centre of the lowest prompt line (the question, why a card is refused): above the
    hand and its buttons, and above a card hint's values when they show."""
    L = scene.layout
    y = L.prompt_y(bool(scene.buttons) and scene.score_shown is None)
    top = values_top(scene)
    if top is not None:
        pill = scene.font(L.font_px + 1, True).get_height() + 10  # hud.draw_texts' band
        y = min(y, top - 4 - pill / 2)
    return y


# -- hands kept for review ------------------------------------------------------------------


def keep_hand(scene: TableScene) -> HandKept | None:
    """The hand on the score screen, kept with its number in the match's history (the whole
    hand: its review shows every seat's cards)."""
    hand = scene.flow.last_hand
    if hand is None or hand.taker is None:
        return None
    number = len(scene.flow.match.history)
    for kept in scene.kept_hands:
        if kept.number == number and kept.hand is hand:
            return kept
    kept = HandKept(number, hand, practice=scene.replay_of is not None)
    scene.kept_hands.append(kept)
    return kept


def open_review(scene: TableScene) -> bool:
    """Review the hand on the score screen (a kept one opens again with its ratings)."""
    kept = keep_hand(scene)
    if kept is None:
        return False
    from beloz.ui.scenes.review import ReviewScene

    index = scene.kept_hands.index(kept)
    match_table = scene.match_table  # a review is saved with the match

    def reviewed() -> None:
        match_table.flow.save_reviews()
        keep_mistakes(scene.app, match_table.flow)
        keep_progress(scene.app, match_table.flow)

    scene.app.push(ReviewScene(scene.app, scene.kept_hands, index, scene.images,
                               on_review=reviewed))
    return True


def keep_mistakes(app: App, flow: Any) -> int:
    """The mistakes and blunders of the match's reviewed hands join the practice queue
    (``practice.json``), with the match's level; how many were new.  Never in a window
    that saves nothing (``app.read_only``) nor for a match not being saved (autoplay,
    screenshots); practice hands ("Play this deal again") stay out, as from the save."""
    if getattr(app, "read_only", False) or not flow.persist:
        return 0
    from beloz.practice.problem import problems_from_kept
    from beloz.practice.queue import load_queue, save_queue, today

    reviewed = [k for k in flow.kept if not k.practice and k.review is not None]
    problems = problems_from_kept(reviewed, flow.level)
    if not problems:
        return 0
    queue, messages = load_queue()
    added = queue.add_all(problems, today())
    if added:
        error = save_queue(queue)
        if error:
            messages.append(error)
    for message in messages:
        app.notify(message)
    return added


def keep_progress(app: App, flow: Any) -> None:
    """The match's record in progress.json, again with the reviews it has now
    (``GameFlow.record_progress``): as for the practice queue, never in a window that saves
    nothing nor for a match not being saved."""
    if getattr(app, "read_only", False) or not flow.persist:
        return
    flow.record_progress()


def note_followed(scene: TableScene, step: Any, value: Any) -> None:
    """The person is about to play ``value`` at ``step``: when the hint shown for it
    advised that (its best option or one about as good), the decision is the hint's, not
    theirs (``GameFlow.note_hint_followed``: left out of the Progress figures)."""
    hint = scene.hinting.hint
    if (not step.human or step.kind not in (StepKind.PLAY, StepKind.BID) or hint is None
            or scene.hinting.step is not step or value is None):
        return
    action = value[0] if isinstance(value, tuple) else value
    if action == hint.best or action in hint.about:
        scene.flow.note_hint_followed()


# -- undo -------------------------------------------------------------------------------------


def undo_allowed(scene: TableScene) -> bool:
    settings = getattr(scene.app, "settings", None)
    return bool(getattr(settings, "allow_undo", False)) and scene.flow.can_undo(0)


def take_back(scene: TableScene) -> bool:
    """Undo (setting "Allow undo"): the person's last card or bid and what the computers
    played after it are taken back; the cards go back to where the hand then was.  Only
    between animations (a card in flight lands first)."""
    if not undo_allowed(scene) or scene.phase not in (TurnPhase.HUMAN, TurnPhase.DECIDE):
        return False
    scene.turn.drop_job()
    if not scene.flow.undo(0):
        return False
    scene.forget_view()
    scene.kill_buttons()
    scene.words.clear()
    scene.chosen.drop()
    scene.bubbles.clear()
    scene.turn.end()
    scene.selection.hide_last()
    scene.zones_from_state()
    scene.place_all(scene.move(0.3))
    return True
