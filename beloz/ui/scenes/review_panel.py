"""The review's right panel: the ratings of the person's decisions on the page, the
summary line, and the computer-card panel (another seat's card or bid explained from that
seat's own view at the time, ``practice.duplicate.watch``), wrapped to fit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from beloz.ai import bid_guide
from beloz.ai import review as review_mod
from beloz.ai.contrast import sentence as contrast_sentence
from beloz.ai.levels import LEVELS
from beloz.i18n import get_language
from beloz.review_store import score_scale
from beloz.ui.colours import CREAM, DIM, GOLD
from beloz.ui.speech import sentence
from beloz.ui.widgets import wrap

if TYPE_CHECKING:
    from beloz.ui.scenes.review import ReviewScene

LABEL_COLORS = {
    "good": (140, 214, 140), "forced": (190, 200, 190), "inaccuracy": (240, 214, 110),
    "mistake": (244, 160, 80), "blunder": (240, 96, 86),
}


def rating_lines(scene: ReviewScene, r: Any) -> list[tuple[str, tuple[int, int, int]]]:
    tr = scene.app.tr
    trump = scene.entry.hand.trump
    held = scene.held_at(r.number) if r.kind == "card" else 0

    def name(action: int) -> str:
        return scene.option_name(action, trump, held)

    label = tr(f"teach.label.{r.label}")
    played = "teach.review_bid" if r.kind == "bid" else "teach.review_played"
    # "You played the South elephant" (French: "l'éléphant du Sud", not "Éléphant du Sud")
    what = name(r.chosen) if r.kind == "bid" else scene.card_name(r.chosen, held, "the")
    if r.forced or not r.valued:
        # No number that is not an expectation: a forced decision, or equivalent cards
        # the evaluation did not value, is said as such.
        played += "_forced" if r.forced else "_equal"
        return [(tr(played, what=what, label=label),
                 LABEL_COLORS.get(r.label, CREAM))]
    lines = [(tr(played, what=what, value=scene.points(r.expected_chosen),
                 label=label),
              LABEL_COLORS.get(r.label, CREAM))]
    if r.kind == "bid":  # a few options: each one's value, as the hint shows them
        # No-break spaces: an option and its value stay on one line when wrapped.
        each = " · ".join(f"{name(o.action)} {scene.points(o.expected)}"
                          .replace(" ", "\u00a0") for o in r.options)
        lines.append((tr("teach.review_options", list=each), DIM))
    framing = about_framing(scene, r.about_as_good, r.expected_best, r.expected_chosen,
                            r.noise) if r.best != r.chosen else None
    if framing is not None:
        # Within the noise, or the same value as shown: not a better option, and not said
        # to be one.
        key, kw = framing
        lines.append((tr(f"teach.review_about{key}", what=name(r.best),
                         value=scene.points(r.expected_best), **kw), CREAM))
    elif r.best != r.chosen and r.lost > 0:
        lines.append((tr("teach.review_best", what=name(r.best),
                         value=scene.points(r.expected_best),
                         lost=scene.gap(r.expected_best, r.expected_chosen)), CREAM))
        # Why the best rather than the option chosen, the comparative sentence first.
        for i, text in enumerate(review_mod.reason_sentences(
                r.why, r.contrast, r.detail, ruleset=scene.entry.hand.ruleset)):
            lines.append((text, GOLD if i == 0 else CREAM))
    if r.kind == "bid" and not r.forced:
        said = guide_line(scene, r.number, r.best)
        if said is not None:
            lines.append((said, DIM))
    if r.hindsight_best is not None:
        lines.append((tr("teach.review_hindsight", played=scene.points(r.hindsight_chosen),
                         best=scene.points(r.hindsight_best)), DIM))
        verdict = review_mod.hindsight_verdict(r)
        if verdict is not None:
            key, option, pts = verdict
            what = (scene.card_name(option, held, "the") if 0 <= option < 32
                    else name(option))
            lines.append((tr(f"teach.review_sight_{key}", best=what,
                             points=scene.points(pts, signed=False)), DIM))
    return lines


def guide_line(scene: ReviewScene, number: int, best: int) -> str | None:
    """The bidding guide's rule for the reviewed seat's bid ``number`` (an index in the
    hand's actions), agreeing with ``best`` or naming the hand an exception to it
    (``bid_guide.note``); None where the guide has no rule."""
    rv = scene.entry.review
    seat = 0 if rv is None else rv.seat
    state = scene.state_before(number)
    if state.current != seat:
        return None
    return bid_guide.note(state.view(seat), best, get_language())


def summary(scene: ReviewScene) -> str:
    rv = scene.entry.review
    tr = scene.app.tr
    if rv is None:
        return ""
    worst = rv.worst
    lost = scene.points(rv.points_lost, signed=False)
    if worst is None:
        return tr("teach.review_summary_clean", lost=lost)
    where = (tr("teach.review_the_bid") if worst.kind == "bid"
             else tr("teach.review_expedition", n=worst.expedition))
    held = scene.held_at(worst.number) if worst.kind == "card" else 0
    return tr("teach.review_summary", lost=lost, where=where,
              what=scene.option_name(worst.chosen, scene.entry.hand.trump, held),
              label=tr(f"teach.label.{worst.label}"))


def panel_lines(scene: ReviewScene) -> list[tuple[str, tuple[int, int, int]]]:
    """What the right panel says: another seat's decision explained, or the person's
    ratings of the page and how to see another seat's reasons."""
    if scene.selected is not None:
        return watch_lines(scene, scene.selected)
    tr = scene.app.tr
    out: list[tuple[str, tuple[int, int, int]]] = []
    ratings = scene.ratings_on(scene.page)
    if not ratings:
        out.append((tr("teach.review_no_bid") if scene.page == 0
                    else tr("teach.review_not_yours"), DIM))
    for r in ratings:
        out += rating_lines(scene, r)
    out.append((tr("watch.click"), DIM))
    return out


def spoken(scene: ReviewScene) -> str:
    """The right panel's lines as the spoken table says them, each a sentence: the page's
    ratings, or another seat's decision explained; nothing while the review is computed
    (its count moves on every step) or while Expert's line is shown."""
    if scene.showing or (scene.entry.review is None and scene.selected is None):
        return ""
    return " ".join(sentence(text) for text, _ in panel_lines(scene))


def panel_text(scene: ReviewScene, surface: pygame.Surface, panel: pygame.Rect,
               lines: list[tuple[str, tuple[int, int, int]]], size: int) -> None:
    """``lines`` wrapped in ``panel``: smaller type rather than past its bottom."""
    pad = max(8, round(size * 0.9))
    room = panel.w - 2 * pad
    while True:
        font = scene.app.art.font_px(size)
        wrapped = [(wrap(font, text, room), colour) for text, colour in lines]
        need = sum(len(ws) * font.get_linesize() + size * 0.35 for ws, _ in wrapped)
        if size <= 10 or need <= panel.h - 2 * pad:
            break
        size -= 1
    y: float = panel.top + pad
    for ws, colour in wrapped:
        for line in ws:
            if y + font.get_linesize() > panel.bottom - pad * 0.5:
                return
            scene.text(surface, line, (panel.left + pad, y), size, colour, anchor="topleft")
            y += font.get_linesize()
        y += size * 0.35


def about_framing(scene: ReviewScene, about: bool, best: float, chosen: float,
                  noise: float) -> tuple[str, dict[str, str]] | None:
    """How a line frames an option that is not the best as "about as good", or None when it
    does not: the key's ending and its numbers, so that what it says holds for the numbers
    on screen.

    - ``_short``: too few deals to tell them apart (the noise is not known);
    - ``_same``: the two values are shown alike (whatever the noise): no ± is said;
    - ``""``: the shown difference and the noise, rounded up to the shown precision, so that
      the difference shown is always within the ± shown (never "±0": a noise of 0 frames
      nothing unless the values are shown alike).

    ``about``: the rating's own verdict (the loss within the noise)."""
    scale = score_scale(scene.entry.hand.ruleset)
    if review_mod.shown_gap(best, chosen, scale) == 0:
        return "_same", {}
    if not about:
        return None
    if noise == float("inf"):
        return "_short", {}
    # A point is the smallest step shown on every scale (a tenth of a game point).
    up = math.ceil(noise - 1e-9)
    if up <= 0:
        return None
    return "", {"gap": scene.gap(best, chosen), "noise": scene.points(up, signed=False)}


def watch_lines(scene: ReviewScene, number: int) -> list[tuple[str, tuple[int, int, int]]]:
    """Another seat's decision ``number`` explained from that seat's view: what it chose
    and its value, Expert's choice; why that seat chose it (its level's rule, when one is
    known, and the explainer's sentence for that very option); then, where Expert differs,
    why Expert's option rather than it; each option's value."""
    tr = scene.app.tr
    view, chosen = scene.decision_at(number)
    who = scene.seat_name(view.seat)
    card = 0 <= chosen < 32
    title = (tr("watch.title_card", seat=who, n=len(view.tricks) + 1) if card
             else tr("watch.title_bid", seat=who))
    out = [(title, GOLD), (tr("watch.seen", seat=who), DIM)]
    got = scene.watched(number)
    if got is None:
        error = scene.watch_errors.get((scene.deal_key(), number))
        out.append((tr("watch.failed", error=error) if error is not None
                     else tr("watch.thinking", seat=who), CREAM))
        out.append((tr("watch.close"), DIM))
        return out
    held = int(view.hand)

    def name(action: int) -> str:
        return scene.option_name(action, view.trump, held)

    def said(why: Any) -> str:
        return scene.watch_sentence(why, view.seat)

    if got.forced:
        out.append((tr("watch.forced", seat=who, what=name(chosen)),
                    LABEL_COLORS["forced"]))
        out.append((tr("watch.close"), DIM))
        return out
    if not got.valued:  # equivalent cards: no value, nothing framed or blamed on noise
        out.append((tr("watch.played_equal", seat=who, what=name(chosen),
                       label=tr(f"teach.label.{got.label}")), LABEL_COLORS.get(got.label,
                                                                              CREAM)))
    else:
        out.append((tr("watch.played" if card else "watch.bid", seat=who,
                       what=name(chosen), value=scene.points(got.expected(chosen)),
                       label=tr(f"teach.label.{got.label}")),
                    LABEL_COLORS.get(got.label, CREAM)))
        best = got.best
        framing = (about_framing(scene, got.about_as_good, got.expected(best),
                                 got.expected(chosen), got.noise)
                   if best != chosen else None)
        if best == chosen:
            out.append((tr("watch.same"), CREAM))
        elif framing is not None:
            key, kw = framing
            out.append((tr(f"watch.about{key}", what=name(best),
                           value=scene.points(got.expected(best)), **kw), CREAM))
        else:
            out.append((tr("watch.better", what=name(best),
                           value=scene.points(got.expected(best)),
                           lost=scene.gap(got.expected(best), got.expected(chosen))), CREAM))
    # Why this seat chose its option: its level's rule, then the sentence for that option.
    out.append((tr("watch.why_chosen", seat=who), DIM))
    rule = scene.level_rule(number)
    if rule is not None and (got.differs or rule == "standard_guide"
                             or not rule.startswith("standard")):
        out.append((rule_sentence(scene, rule, who, number), CREAM))
    if got.contrast is not None:  # the contract, the capot or the last expedition at stake
        out.append((contrast_sentence(got.contrast, None, view.ruleset), GOLD))
    if got.why is not None:
        out.append((said(got.why), CREAM if got.contrast is not None else GOLD))
    if got.detail is not None:  # "about as good", then what the option played does
        out.append((said(got.detail), CREAM))
    if got.expert_why is not None:
        # Then what Expert would choose instead, and why, against the option played (about
        # as good in value: the fact that still prefers Expert's option)
        out.append((tr("watch.why" if got.differs else "watch.why_fact", seat=who), DIM))
        sentences = [said(got.expert_why)]
        if got.expert_detail is not None:
            sentences.append(said(got.expert_detail))
        if got.expert_contrast is not None:  # a threshold: it carries most of the gain
            sentences.insert(0, contrast_sentence(got.expert_contrast, None, view.ruleset))
        for i, text in enumerate(sentences):
            out.append((text, GOLD if i == 0 else CREAM))
    if got.valued:
        each = " · ".join(f"{name(o.action)} {scene.points(o.expected)}"
                          .replace(" ", "\u00a0") for o in got.options)
        out.append((tr("watch.values", seat=who, list=each), DIM))
    out.append((tr("watch.close"), DIM))
    return out


def rule_sentence(scene: ReviewScene, rule: str, who: str, number: int) -> str:
    """The sentence of a level's rule (``duplicate.level_rule``) for decision ``number``,
    with its numbers: the deals Standard and Expert imagine, or the bidding guide's rule
    Standard bid by (the decision's view, replayed only then)."""
    if rule == "standard_guide":
        found = bid_guide.applies(scene.decision_at(number)[0])
        assert found is not None  # ``level_rule`` names it only where a rule applies
        return scene.app.tr("watch.rule.standard_guide", seat=who,
                            rule=bid_guide.wording(found, get_language()))
    standard, expert = LEVELS["standard"], LEVELS["expert"]
    if rule == "standard_bid":
        deals, most = standard.bid_samples, expert.bid_samples
    else:
        deals, most = standard.samples, expert.samples
    sep = "\u202f" if get_language() == "fr" else ","
    return scene.app.tr(f"watch.rule.{rule}", seat=who, deals=deals,
                        expert=f"{most:,}".replace(",", sep))


def footer(scene: Any, width: int, fp: int) -> tuple[list[str], list[str], int]:
    """The review's summary and keys under the board, wrapped to ``width`` (large text),
    and the height their lines after the first take (the board and the panel end that
    much higher)."""
    tr = scene.app.tr
    keys = tr("teach.review_keys")
    if scene.selected is not None:  # the numbers on show are that seat's, from its view
        view, _ = scene.decision_at(scene.selected)
        keys = tr("watch.keys", seat=scene.seat_name(view.seat))
    bold, small = scene.app.art.font_px(fp, bold=True), scene.app.art.font_px(fp - 3)
    text = scene.summary()
    summary = wrap(bold, text, width) if text else []
    lines = wrap(small, keys, width)
    extra = (max(0, len(summary) - 1) * bold.get_linesize()
             + (len(lines) - 1) * small.get_linesize())
    return summary, lines, extra


def screenshot_review(scene: ReviewScene, name: str) -> None:
    """``--scene review_watch``: on the page of the person's biggest mistake (else the
    third expedition), the first card another seat played, explained from its view;
    ``review_show``: « Show me how »."""
    if name == "review_show":
        scene.toggle_show()
        return
    rv = scene.entry.review
    worst = rv.worst if rv is not None else None
    page = worst.expedition if worst is not None and worst.expedition else 3
    scene.go(page)
    state, cards = scene.state_at(page)
    first = len(scene.entry.hand.bids) + (page - 1) * 4
    for i in range(len(cards)):
        seat = (state.leader + state.ruleset.direction * i) % 4
        if seat != scene.reviewed_seat:
            scene.select(first + i)
            return
