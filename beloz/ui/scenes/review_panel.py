"""The review's right panel: the ratings of the person's decisions on the page, the
summary line, and the computer-card panel (another seat's card or bid explained from that
seat's own view at the time, ``practice.duplicate.watch``), wrapped to fit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from beloz.ai import review as review_mod
from beloz.ui.colours import CREAM, DIM, GOLD
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
    if r.forced or not r.valued:
        # No number that is not an expectation: a forced decision, or equivalent cards
        # the evaluation did not value, is said as such.
        played += "_forced" if r.forced else "_equal"
        return [(tr(played, what=name(r.chosen), label=label),
                 LABEL_COLORS.get(r.label, CREAM))]
    lines = [(tr(played, what=name(r.chosen), value=scene.points(r.expected_chosen),
                 label=label),
              LABEL_COLORS.get(r.label, CREAM))]
    if r.kind == "bid":  # a few options: each one's value, as the hint shows them
        # No-break spaces: an option and its value stay on one line when wrapped.
        each = " · ".join(f"{name(o.action)} {scene.points(o.expected)}"
                          .replace(" ", "\u00a0") for o in r.options)
        lines.append((tr("teach.review_options", list=each), DIM))
    if r.about_as_good:
        # Within the noise: not a better option, and not said to be one.
        if r.noise == float("inf"):
            lines.append((tr("teach.review_about_short", what=name(r.best),
                             value=scene.points(r.expected_best)), CREAM))
        else:
            lines.append((tr("teach.review_about", what=name(r.best),
                             value=scene.points(r.expected_best),
                             gap=scene.gap(r.expected_best, r.expected_chosen),
                             noise=scene.points(r.noise, signed=False)), CREAM))
    elif r.best != r.chosen and r.lost > 0:
        lines.append((tr("teach.review_best", what=name(r.best),
                         value=scene.points(r.expected_best),
                         lost=scene.gap(r.expected_best, r.expected_chosen)), CREAM))
        # Why the best rather than the option chosen, the comparative sentence first.
        for i, text in enumerate(review_mod.reason_sentences(r.why, r.contrast, r.detail)):
            lines.append((text, GOLD if i == 0 else CREAM))
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


def panel_text(scene: ReviewScene, surface: pygame.Surface, panel: pygame.Rect,
               lines: list[tuple[str, tuple[int, int, int]]], size: int) -> None:
    """``lines`` wrapped in ``panel``: smaller type rather than past its bottom."""
    pad = max(8, round(size * 0.9))
    room = panel.w - 2 * pad
    while True:
        font = scene.app.art.font(size)
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


def watch_lines(scene: ReviewScene, number: int) -> list[tuple[str, tuple[int, int, int]]]:
    """Another seat's decision ``number`` explained from that seat's view: what it
    chose and its value, Expert's choice, why, each option's value."""
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

    if got.forced:
        out.append((tr("watch.forced", seat=who, what=name(chosen)),
                    LABEL_COLORS["forced"]))
    else:
        out.append((tr("watch.played" if card else "watch.bid", seat=who,
                       what=name(chosen), value=scene.points(got.expected(chosen)),
                       label=tr(f"teach.label.{got.label}")),
                    LABEL_COLORS.get(got.label, CREAM)))
        best = got.best
        if best == chosen:
            out.append((tr("watch.same"), CREAM))
        elif got.about_as_good:
            if got.noise == float("inf"):
                out.append((tr("watch.about_short", what=name(best),
                               value=scene.points(got.expected(best))), CREAM))
            else:
                out.append((tr("watch.about", what=name(best),
                               value=scene.points(got.expected(best)),
                               gap=scene.gap(got.expected(best), got.expected(chosen)),
                               noise=scene.points(got.noise, signed=False)), CREAM))
        else:
            out.append((tr("watch.better", what=name(best),
                           value=scene.points(got.expected(best)),
                           lost=scene.gap(got.expected(best), got.expected(chosen))), CREAM))
        out.append((tr("watch.why", seat=who), DIM))
        out.append((scene.watch_sentence(got.hint.why, view.seat), GOLD))
        if got.hint.detail is not None:  # "about as good", then what the best does
            out.append((scene.watch_sentence(got.hint.detail, view.seat), CREAM))
        each = " · ".join(f"{name(o.action)} {scene.points(o.expected)}"
                          .replace(" ", "\u00a0") for o in got.options)
        out.append((tr("watch.values", seat=who, list=each), DIM))
    out.append((tr("watch.close"), DIM))
    return out
