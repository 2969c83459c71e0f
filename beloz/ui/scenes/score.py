"""The hand's score, drawn over the table: the breakdown per team, why the other team's
announcements do not count, the contract (made / dedans / litige) and the escrow, the match
totals and its history; at the match's end, the winner.

Drawing only: the table scene owns the buttons (Next hand, New match) and the flow.
"""

from __future__ import annotations

from typing import Any

import pygame

from beloz.rules.contract import TRUMP, ContractKind
from beloz.rules.ruleset import Scoring, TakersMustBeat
from beloz.rules.scoring import HandResult, Outcome, divide_by_ten
from beloz.ui import textsize
from beloz.ui.colours import CREAM, DIM, GOLD

FALLBACK = {
    "score.announcements": "Announcements",
    "score.ann.beaten_0": "Our announcements (%{list}) are beaten by their %{best}",
    "score.ann.beaten_1": "Their announcements (%{list}) are beaten by our %{best}",
    "score.ann.cancelled": "Equal best sequences, neither flooded: all announcements cancelled",
    "score.ann.capot": "Capot: the team that lost every expedition scores no announcement",
    "score.ann.none": "No announcement declared",
    "score.ann.no_trumps": "No announcements in no trumps",
    "score.ann.category.sequences": "Sequences",
    "score.ann.category.carres": "Carrés",
    "score.ann.cat_won_0": "%{cat}: ours score %{n} (%{list})",
    "score.ann.cat_won_1": "%{cat}: theirs score %{n} (%{list})",
    "score.ann.cat_beaten_0": ("%{cat}: ours score %{n} (%{list}); theirs do not count "
                               "(%{beaten}): our %{best} beats them"),
    "score.ann.cat_beaten_1": ("%{cat}: theirs score %{n} (%{list}); ours do not count "
                               "(%{beaten}): their %{best} beats them"),
    "score.ann.cat_equal": "%{cat}: equal on both sides (%{list}), nobody scores them",
    "score.belote.beloz": "BeloZ",
    "score.belote.belote": "Belote",
    "score.belote.belot": "Belot",
    "score.capot": "Capot",
    "score.card_points": "Card points",
    "score.dix_de_der": "Dix de der",
    "score.escrow": "Escrow",
    "score.escrow_won_0": "We win the %{n} points held in escrow",
    "score.escrow_won_1": "They win the %{n} points held in escrow",
    "score.hand_score": "Hand score",
    "score.history": "History",
    "score.match": "Match",
    "score.counted": "Counted: %{list}",
    "score.outcome.dedans_0": "We went « dedans »: %{a} to %{b}. They score their %{b} + our "
                              "%{a} = %{total}.",
    "score.outcome.dedans_1": "They went « dedans »: %{a} to %{b}. We score our %{b} + their "
                              "%{a} = %{total}.",
    "score.outcome.dedans_beloz_0": "We went « dedans »: %{a} to %{b}. They score their %{b} + "
                                    "our %{a} − our %{word} %{bel} = %{total}; we keep our "
                                    "%{word} (%{bel}).",
    "score.outcome.dedans_beloz_1": "They went « dedans »: %{a} to %{b}. We score our %{b} + "
                                    "their %{a} − their %{word} %{bel} = %{total}; they keep "
                                    "their %{word} (%{bel}).",
    "score.outcome.dedans_ann_0": "We went « dedans »: %{a} to %{b}. They score their %{b} + "
                                  "our %{a} − our announcements %{ann} (lost) = %{total}.",
    "score.outcome.dedans_ann_1": "They went « dedans »: %{a} to %{b}. We score our %{b} + "
                                  "their %{a} − their announcements %{ann} (lost) = %{total}.",
    "score.outcome.dedans_ann_beloz_0": "We went « dedans »: %{a} to %{b}. They score their "
                                        "%{b} + our %{a} − our announcements %{ann} (lost) − "
                                        "our %{word} %{bel} = %{total}; we keep our %{word} "
                                        "(%{bel}).",
    "score.outcome.dedans_ann_beloz_1": "They went « dedans »: %{a} to %{b}. We score our %{b} "
                                        "+ their %{a} − their announcements %{ann} (lost) − "
                                        "their %{word} %{bel} = %{total}; they keep their "
                                        "%{word} (%{bel}).",
    "score.history_dedans": "dedans",
    "score.history_litige": "litige",
    "score.outcome.litige": "Litige: %{a} each. %{n} points are held in escrow for the next hand.",
    "score.outcome.made_0": "We made the contract: %{a} to %{b}",
    "score.outcome.made_1": "They made the contract: %{a} to %{b}",
    "score.took": "%{name} took %{plain}",
    "score.took_you": "You took %{plain}",
    "score.title.dedans": "Dedans!",
    "score.title.litige": "Litige",
    "score.title.made": "Contract made",
    "score.title.match_lost": "They win the match",
    "score.title.match_won": "We win the match!",
    "score.total": "Total",
}



def hud_height(font_px: int) -> int:
    """The height of the table's two top panels (score, flooded plain)."""
    return round(font_px * 5.4)


def fixed_button_height(font_px: int) -> int:
    """The height of the table's Last expedition and Menu buttons (bottom left)."""
    return max(30, round(font_px * 2.1))


#: The table's buttons in the bottom-left column: Hint, Expeditions, Menu.
FIXED_BUTTONS = 3


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    """The score overlay: between the top panels and the bottom-left buttons (all three of
    them: the overlay is wider than the table's middle), so neither is cut by its edges."""
    from beloz.ui.scenes.table.layout import Layout

    w, h = size
    L = Layout((w, h))
    top = L.pad * 2 + hud_height(L.font_px)
    bottom = h - L.pad * 2 - (fixed_button_height(L.font_px) + 6) * FIXED_BUTTONS
    r = pygame.Rect(0, 0, max(1, min(w - 40, max(560, round(w * 0.74)))), 0)
    side = 2 * L.pad + max(200, round(w * 0.19))  # the top panels' (and buttons') column
    between = w - 2 * side >= max(560, w * 0.55)
    if bottom - top >= h * 0.62 or (bottom - top >= h * 0.6 and not between):
        r.y, r.h = top, bottom - top
    elif between:
        # Large text: the panels and buttons grew taller (at 125 % the Bulgarian
        # breakdown's notes would reach the buttons); the overlay takes the height of the
        # window between their columns instead.
        r.w, r.y, r.h = w - 2 * side, L.pad, h - 2 * L.pad
    else:  # a window too small for the table: the old centred box
        r.h = max(1, round(h * 0.8))
        r.y = (h - r.h) // 2
    r.centerx = w // 2
    return r


def _team(scene: Any, team: int) -> str:
    return scene.t("table.score.us" if team == 0 else "table.score.them")


def _ann_note(scene: Any, res: HandResult, hand: Any) -> str:
    a = res.announcements
    if a.by_category:  # seed 002: said per category (``category_notes``)
        contract = getattr(hand, "contract", None)
        if contract is not None and not contract.kind.announcements:
            return scene.t("score.ann.no_trumps")
        declared = hand is not None and any(hand.declared[s] for s in range(4))
        return "" if declared else scene.t("score.ann.none")
    if a.cancelled:
        return scene.t("score.ann.cancelled")
    if a.valid_team is None:
        return scene.t("score.ann.none")
    if res.capot is not None and res.capot != a.valid_team:
        return scene.t("score.ann.capot")
    other = 1 - a.valid_team
    if hand is not None:
        said = [hand.declared[s] for s in range(4)]
        beaten = [x for s in range(4) if s & 1 == other for x in said[s]]
        if beaten:
            best = max(
                (x for s in range(4) if s & 1 == a.valid_team for x in said[s]),
                key=lambda x: x.rank(hand.trump if hand.trump is not None else -1),
                default=None,
            )
            name = scene.ann_name(best.kind) if best is not None else "?"
            # Name what was beaten: a learner wants to know which announcement lost.
            names = ", ".join(scene.ann_name(x.kind) for x in beaten)
            return scene.t(f"score.ann.beaten_{other}", best=name, list=names,
                           count=len(beaten))
    return ""


def draw(scene: Any, surface: pygame.Surface, step: Any, hand: Any) -> None:
    from beloz.ui.game import StepKind

    L = scene.layout
    fp = L.font_px
    r = panel_rect(L.size)
    # Opaque: the cards on the table must not show through the history's darker box.
    scene.panel(surface, r, (12, 24, 20, 255), GOLD, radius=14)
    m = scene.flow.match
    if step.kind is StepKind.MATCH_END:
        w = step.data["winner"]
        title = scene.t("score.title.match_won" if w == 0 else "score.title.match_lost")
        # Smaller where large text makes it wider than the overlay (« Nous gagnons la
        # partie ! » at 200 % ran over the score's and the plain's panels), never under
        # its 100 % size.
        size, least = fp * 2, round(fp * 2 / textsize.factor())
        while size > least and scene.font(size, True).size(title)[0] > r.w - 2 * fp:
            size -= 1
        scene.text(surface, title, (r.centerx, r.y + fp * 3), size, GOLD, True)
        a, b = step.data["scores"]
        scene.text(surface, f"{_team(scene, 0)} {a}  —  {b} {_team(scene, 1)}",
                   (r.centerx, r.y + fp * 6), fp + 8, CREAM, True)
        _history(scene, surface, pygame.Rect(r.centerx - r.w // 4, r.y + fp * 8, r.w // 2,
                                             r.h - fp * 12), m)
        return
    res: HandResult | None = step.data.get("result")
    if res is None:
        return
    title = scene.t(f"score.title.{res.outcome.value}")
    took = ""
    if hand is not None and hand.taker is not None and hand.trump is not None:
        contract = getattr(hand, "contract", None)
        plain = (scene.plain_name(hand.trump) if contract is None or contract.plain is not None
                 else scene.t(f"table.contract.{contract.code}"))
        if res.multiplier > 1:
            plain += f" ×{res.multiplier}"
        took = (scene.t("score.took_you", plain=plain)
                if hand.taker == 0 else
                scene.t("score.took", name=scene.seat_name(hand.taker), plain=plain))
    left = pygame.Rect(r.x + 24, r.y + fp * 4.2, round(r.w * 0.64) - 24, r.h)
    col_us = left.x + round(left.w * 0.70)
    col_them = left.x + round(left.w * 0.92)
    # The Us column ends where the Them column's widest text (measured) leaves room.
    col_us = min(col_us, col_them - _column_w(scene, fp + 1, _team(scene, 1)) - fp // 2)
    y = left.y + fp * 0.6 + fp * 1.7  # the breakdown's first row, under the teams' names
    taker = res.taker_team
    ddd, capot = bonus_rows(res, m.ruleset, _kind(hand))
    rows: list[tuple[str, tuple[int, int], bool]] = [
        (scene.t("score.card_points"), res.card_points, False),
        (scene.t("score.dix_de_der"), ddd, False),
    ]
    if res.capot is not None:
        rows.append((scene.t("score.capot"), capot, False))
    if m.ruleset.announcements:  # sans annonces: no row that is always empty
        rows.append((scene.t("score.announcements"), res.announcement_points, False))
    rows.append((scene.t(f"score.belote.{m.ruleset.belote_word}"), res.beloz, False))
    rows.append((scene.t("score.total"), res.totals, True))
    note = _ann_note(scene, res, hand) if m.ruleset.announcements else ""
    notes = []
    counted = _counted(scene, res, hand)
    if counted:
        notes.append((counted, CREAM))
    if note:
        notes.append((note, DIM))
    notes += [(text, DIM) for text in category_notes(scene, res, hand)]
    t_tot, d_tot = res.totals[taker], res.totals[1 - taker]
    if res.outcome is Outcome.MADE:
        notes.append((scene.t(f"score.outcome.made_{taker}", a=t_tot, b=d_tot), GOLD))
    elif res.outcome is Outcome.DEDANS:
        notes.append((dedans_note(scene, res, m.ruleset), GOLD))
    else:
        notes.append((scene.t("score.outcome.litige", a=t_tot, n=res.escrow_out), GOLD))
    if res.multiplier > 1 and res.outcome is not Outcome.LITIGE:
        # Doubled or redoubled (RULES.md §9.3): why the other team scores 0.
        w = res.winning_team
        notes.append((scene.t(f"score.doubled.{res.multiplier}", who=_team(scene, w),
                              other=_team(scene, 1 - w)), GOLD))
    notes += ruleset_notes(scene, res, m, hand)
    if res.escrow_in and res.outcome is not Outcome.LITIGE:
        notes.append((scene.t(f"score.escrow_won_{res.winning_team}", n=res.escrow_in), GOLD))
    # Squeeze the line spacing when a busy hand (capot, escrow, several notes) would reach
    # the Next hand button in a small window, never below the font's height; where even
    # that has not the room (large text), the breakdown is drawn smaller, down to its
    # 100 % size.
    note_w = col_them - left.x
    # Above the buttons (the table makes them: two rows of them at large text).
    tops = [b.rect.top for b in getattr(scene, "buttons", {}).values() if b is not None]
    buttons_top = min([r.bottom - button_height(fp) - L.pad, *tops])
    limit = buttons_top - 2
    least = max(textsize.MIN_PX, round(fp / textsize.factor()))
    # Last, the notes run on to the history's box (its left a unit away), past the scores'
    # columns, then the box narrower (a hand's number, its mark and two scores still fit
    # it): the French notes of a Bulgarian hand at 960 x 600 have not the room even at
    # 100 % (the match row under Next hand).
    hist_x = r.x + round(r.w * 0.68)
    hist_right = hist_x + round(r.w * 0.29)
    tries = [(note_w, hist_x)] + [(max(note_w, x - fp - left.x), x)
                                  for x in (hist_x, r.x + round(r.w * 0.74))]
    # Last of all, the title, the contract and the teams' names closer together (the
    # French notes of a Bulgarian hand at 960 x 600 with large text: ``up`` px higher).
    up = 0
    for tried, u, up in [(t, u, 0) for t in tries for u in range(fp, least - 1, -1)] + [
            (tries[-1], u, round(fp * 0.9)) for u in range(fp, least - 1, -1)]:
        note_w = tried[0]
        lines = sum(len(_lines(scene.font(u - 1), text, note_w)) for text, _ in notes)
        loose = (1.6 * len(rows) + 1.7) * u + lines * 1.35 * (u - 1) + len(notes) * 0.4 * u
        room = buttons_top - fp * 0.6 - (left.y + fp * 3.8)
        g = max(0.7, min(1.0, room / loose)) if loose > 0 else 1.0
        ops, bottom, apart = _body(scene, u, g, y - up, left.x, (col_us, col_them), note_w,
                                   rows, notes, (res.score, m.scores), taker)
        if bottom <= limit and apart:
            break
    hist_x = tried[1]
    scene.text(surface, scene.t("table.hand_no", n=len(m.history)) + " — " + title,
               (r.centerx, r.y + fp * 1.6 - up * 0.35), fp + 8, GOLD, True)
    if took:
        scene.text(surface, took, (r.centerx, r.y + fp * 3.1 - up * 0.55), fp, CREAM)
    for team, col in ((0, col_us), (1, col_them)):
        scene.text(surface, _team(scene, team), (col, left.y + fp * 0.6 - up), fp, GOLD, True,
                   anchor="midright")
    for op in ops:
        if op[0] == "line":
            pygame.draw.line(surface, DIM, (left.x, op[1]), (col_them, op[1]))
        else:
            scene.text(surface, *op[1:])
    right = pygame.Rect(hist_x, r.y + fp * 4.2, hist_right - hist_x,
                        r.h - fp * 7.5 - (r.bottom - button_height(fp) - L.pad - buttons_top))
    _history(scene, surface, right, m)


def _body(scene: Any, u: int, g: float, y: float, x: int, cols: tuple[int, int], note_w: int,
          rows: list[tuple[str, tuple[int, int], bool]], notes: list[tuple[str, Any]],
          scores: tuple[Any, Any], taker: int) -> tuple[list[tuple[Any, ...]], float, bool]:
    """The breakdown's rows, notes, hand score and match row at the unit ``u`` with the
    spacing ``g`` (each step at least its font's height): what to draw (("line", y) or
    ("text", scene.text's arguments)), the bottom of the last line, and whether each row's
    label ends before its first score (« Score de la donne » at 200 %)."""
    col_us, col_them = cols
    ops: list[tuple[Any, ...]] = []
    apart = True

    def clear(label: str, score: int, size: int, bold: bool, score_bold: bool) -> bool:
        return (x + scene.font(size, bold).size(label)[0]
                <= col_us - scene.font(size, score_bold).size(str(score))[0] - size // 3)

    def step(size: int, share: float, bold: bool = False) -> float:
        return max(share * g, scene.font(size, bold).get_height())

    last = u * 1.6  # the step from the row above (the rule under it half way)
    for label, (a, b), bold in rows:
        if bold:
            ops.append(("line", y - last / 2))
        ops.append(("text", label, (x, y), u, CREAM, bold, "midleft"))
        apart = apart and clear(label, a, u, bold, bold or taker == 0)
        ops.append(("text", str(a), (col_us, y), u, CREAM, bold or taker == 0, "midright"))
        ops.append(("text", str(b), (col_them, y), u, CREAM, bold or taker == 1, "midright"))
        last = step(u, u * 1.6, True)
        y += last
    y += u * 0.3
    for text, col in notes:
        for line in _lines(scene.font(u - 1), text, note_w):
            ops.append(("text", line, (x, y), u - 1, col, False, "midleft", False))
            y += step(u - 1, (u - 1) * 1.35)
        y += u * 0.4 * g
    y += u * 0.5
    ops.append(("line", y - u * 0.8))
    hand, match = scores
    for label, (a, b), colour in ((scene.t("score.hand_score"), hand, GOLD),
                                  (scene.t("score.match"), match, CREAM)):
        ops.append(("text", label, (x, y), u + 1, colour, True, "midleft"))
        apart = apart and clear(label, a, u + 1, True, True)
        ops.append(("text", str(a), (col_us, y), u + 1, colour, True, "midright"))
        ops.append(("text", str(b), (col_them, y), u + 1, colour, True, "midright"))
        bottom = y + scene.font(u + 1, True).get_height() / 2
        y += step(u + 1, u * 1.7, True)
    return ops, bottom, apart


def _kind(hand: Any) -> ContractKind:
    contract = getattr(hand, "contract", None)
    return contract.kind if contract is not None else TRUMP


def bonus_rows(res: HandResult, rs: Any, kind: ContractKind
               ) -> tuple[tuple[int, int], tuple[int, int]]:
    """The dix de der and capot rows as the ruleset scores them: the dix de der doubled in
    no-trumps, none on a capot where the ruleset drops it, the ruleset's capot bonus."""
    ddd = rs.dix_de_der * kind.point_factor
    dix = (ddd if res.dix_de_der == 0 else 0, ddd if res.dix_de_der == 1 else 0)
    cap = (rs.capot_bonus if res.capot == 0 else 0, rs.capot_bonus if res.capot == 1 else 0)
    return dix, cap


def division_lines(res: HandResult, kind: ContractKind) -> list[tuple[str, dict[str, Any]]]:
    """The division by 10 of seed 002 (RULES.md §9.3), one line per amount: ``(key, values)``
    with the amount, its game points and why it rounds the way it does."""
    taker, defs = res.taker_team, 1 - res.taker_team
    t_pts, d_pts = res.totals[taker], res.totals[defs]
    d, e = kind.round_up_from, kind.rounding_exception
    out: list[tuple[str, dict[str, Any]]] = []

    def plain(team: int | None, p: int) -> None:
        q = divide_by_ten(p, d)
        key = "up" if p % 10 >= d else "down"
        out.append((f"score.div.{key}", {"team": team, "p": p, "q": q, "r": p % 10, "d": d}))

    def pair(first: tuple[int | None, int], second: tuple[int | None, int]) -> None:
        (t1, p1), (t2, p2) = first, second
        if e is None or p1 % 10 != e or p2 % 10 != e:
            plain(t1, p1)
            plain(t2, p2)
            return
        for (team, p), other in ((first, p2), (second, p1)):
            if p == other:  # equal: the recorded points round down, the hanging ones up
                up = team is None
                key = "equal_hanging" if up else "equal_recorded"
            else:
                up = p < other
                key = "fewer" if up else "more"
            out.append((f"score.div.{key}", {"team": team, "p": p, "q": p // 10 + up,
                                             "r": e}))

    if res.multiplier == 1 and res.outcome is Outcome.MADE:
        pair((taker, t_pts), (defs, d_pts))
    elif res.multiplier == 1 and res.outcome is Outcome.LITIGE:
        pair((defs, d_pts), (None, t_pts))  # None: the takers' points hang
    elif res.outcome is Outcome.LITIGE:
        plain(None, (t_pts + d_pts) * res.multiplier)
    else:
        plain(res.winning_team, (t_pts + d_pts) * res.multiplier)
    return out


def ruleset_notes(scene: Any, res: HandResult, m: Any, hand: Any = None
                  ) -> list[tuple[str, Any]]:
    """What this ruleset scores differently, said on the score screen: the takers' 82
    (classique), the "more than half" of sans annonces, the raw points, multiplier and the
    division by 10 per team, hanging points, the target and the valat rule (Bulgarian)."""
    rs = m.ruleset
    notes: list[tuple[str, Any]] = []
    if rs.takers_must_beat is TakersMustBeat.HALF_OF_TRICK_POINTS:
        notes.append((scene.t("score.rule.half"), DIM))
    elif not rs.announcements and rs.scoring is Scoring.TOTALS:
        # Without announcements, beating the defenders is scoring more than half of what
        # is in play: seed 001 says it that way.
        total = sum(res.totals)
        half = f"{total // 2}" if total % 2 == 0 else f"{total / 2:.1f}"
        notes.append((scene.t("score.rule.more_than_half", a=res.totals[res.taker_team],
                              n=total, h=half), DIM))
    if res.raw is not None:
        notes.append((scene.t("score.rule.divided", a=res.raw[0], b=res.raw[1],
                              m=res.multiplier, x=res.score[0], y=res.score[1]), CREAM))
        if hand is None:
            hand = getattr(scene, "hand", None)
        for key, v in division_lines(res, _kind(hand)):
            team = v.pop("team")
            who = (scene.t("score.div.hanging") if team is None else _team(scene, team))
            notes.append((scene.t(key, who=who, **v), CREAM))
        hanging = res.escrow_out - res.escrow_in
        if hanging > 0:
            notes.append((scene.t("score.div.hang", n=hanging, total=res.escrow_out), GOLD))
    if rs.valat_never_ends_match and res.capot is not None:
        # Said only of a hand with a valat: the target it raised (RULES.md §9.3).
        notes.append((scene.t("score.rule.valat", n=m.goal), GOLD))
    return notes


def dedans_note(scene: Any, res: HandResult, rs: Any = None) -> str:
    """The dedans line with its arithmetic: the defenders score their total and the
    takers' points except the takers' BeloZ, which the takers keep (RULES.md §7); in seed
    003 without the takers' announcements (§9.2); in seed 002 the defenders record both
    teams' points, belots included (§9.3: ``raw``)."""
    taker = res.taker_team
    t_tot, d_tot = res.totals[taker], res.totals[1 - taker]
    bel = res.beloz[taker] if res.raw is None else 0
    # Seed 003: the failed takers' announcements are lost, not given to the defenders.
    lost = 0 if rs is None or rs.dedans_gives_takers_announcements else (
        res.announcement_points[taker])
    total = d_tot + t_tot - bel - lost
    key = "score.outcome.dedans" + ("_ann" if lost else "") + ("_beloz" if bel else "")
    word = scene.t(f"table.belote.{rs.belote_word if rs is not None else 'beloz'}.word")
    return scene.t(f"{key}_{taker}", a=t_tot, b=d_tot, bel=bel, ann=lost, total=total,
                   word=word)


def category_notes(scene: Any, res: HandResult, hand: Any) -> list[str]:
    """Seed 002 compares sequences and carrés separately (RULES.md §9.3, §10.1): per
    category declared, which team scores what, and what did not count."""
    a = res.announcements
    if not a.by_category or hand is None:
        return []
    out = []
    for cat, carre, team in (("sequences", False, a.sequences_team),
                             ("carres", True, a.carres_team)):
        mine: list[list[Any]] = [[], []]
        for s in range(4):
            mine[s & 1] += [x for x in hand.declared[s] if x.is_carre is carre]
        if not mine[0] and not mine[1]:
            continue
        name = scene.t(f"score.ann.category.{cat}")
        if team is None:
            names = ", ".join(scene.ann_name(x.kind) for x in mine[0] + mine[1])
            out.append(scene.t("score.ann.cat_equal", cat=name, list=names))
            continue
        won = ", ".join(f"{scene.ann_name(x.kind)} {x.points}" for x in mine[team])
        n = sum(x.points for x in mine[team])
        beaten = ", ".join(scene.ann_name(x.kind) for x in mine[1 - team])
        # What beat them, as the BeloZ score says it ("... beaten by our Tierce"): the
        # scoring team's best of the category; a run counts its whole length (§9.3).
        trump = getattr(hand, "trump", None)
        best = max(mine[team], key=lambda x: (len(x.codes()), x.rank(-1 if trump is None
                                                                     else trump)))
        key = f"score.ann.cat_beaten_{team}" if beaten else f"score.ann.cat_won_{team}"
        out.append(scene.t(key, cat=name, n=n, list=won, beaten=beaten,
                           best=scene.ann_name(best.kind)))
    return out


def _counted(scene: Any, res: HandResult, hand: Any) -> str:
    """The announcements that score, with who declared them."""
    team = res.announcements.valid_team
    if hand is None or team is None or not any(res.announcement_points):
        return ""
    parts = []
    for s in range(4):
        if s & 1 == team:
            for a in hand.declared[s]:
                parts.append(f"{scene.ann_name(a.kind)} {a.points} ({scene.seat_name(s)})")
    return scene.t("score.counted", list=", ".join(parts)) if parts else ""


def button_height(font_px: int) -> int:
    """The height of the Next hand / New match buttons (the table scene makes them)."""
    return max(34, round(font_px * 2.3))


def _lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a long word stays whole)."""
    out: list[str] = []
    line = ""
    # split on plain spaces only: a non-breaking space keeps French « : » with its word
    for word in (w for w in text.split(" ") if w):
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] > width and line:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out


def _wrap(scene: Any, surface: pygame.Surface, text: str, x: int, y: float, width: int,
          size: int, colour: tuple[int, int, int], leading: float = 1.35) -> float:
    for line in _lines(scene.font(size), text, width):
        scene.text(surface, line, (x, y), size, colour, anchor="midleft", shadow=False)
        y += size * leading
    return y


def _column_w(scene: Any, size: int, header: str) -> int:
    """The width a column of scores right-aligned under ``header`` takes: its header or a
    four-digit total, in bold at ``size``."""
    font = scene.font(size, bold=True)
    return max(font.size(header)[0], font.size("0000")[0])


def _history(scene: Any, surface: pygame.Surface, rect: pygame.Rect, m: Any) -> None:
    fp = scene.layout.font_px
    scene.panel(surface, rect, (0, 0, 0, 90), None, radius=8)
    scene.text(surface, scene.t("score.history"), (rect.centerx, rect.y + fp), fp, GOLD, True)
    c2 = rect.right - 12
    c1 = min(rect.x + round(rect.w * 0.62), c2 - _column_w(scene, fp, _team(scene, 1))
             - fp // 2)
    y = rect.y + fp * 2.5
    scene.text(surface, _team(scene, 0), (c1, y), fp - 2, GOLD, True, anchor="midright")
    scene.text(surface, _team(scene, 1), (c2, y), fp - 2, GOLD, True, anchor="midright")
    y += fp * 1.4
    rows = max(1, int((rect.bottom - y - fp * 2) // (fp * 1.3)))
    hist = list(enumerate(m.history, 1))[-rows:]

    def label(n: int, res: HandResult) -> str:
        return f"{n}" + ("" if res.outcome is Outcome.MADE
                         else "  " + scene.t(f"score.history_{res.outcome.value}"))

    # A hand's number and mark (« dedans ») end before its first score: at large text the
    # scores' column goes right as far as the second's leaves room, then the marks are
    # drawn smaller, never under their 100 % size.
    size = fp - 2
    font = scene.font(size)
    need = max([font.size(label(n, r))[0] + font.size(str(r.score[0]))[0]
                for n, r in hist], default=0) + rect.x + 12 + fp // 2
    if need > c1:
        c1 = max(c1, min(need, c2 - _column_w(scene, fp, _team(scene, 1)) - fp // 2))
        least = max(textsize.MIN_PX, round(size / textsize.factor()))
        while size > least and need > c1:
            size -= 1
            font = scene.font(size)
            need = max(font.size(label(n, r))[0] + font.size(str(r.score[0]))[0]
                       for n, r in hist) + rect.x + 12 + fp // 2
    for n, res in hist:
        scene.text(surface, label(n, res), (rect.x + 12, y), size, DIM, anchor="midleft")
        scene.text(surface, str(res.score[0]), (c1, y), fp - 2, CREAM, anchor="midright")
        scene.text(surface, str(res.score[1]), (c2, y), fp - 2, CREAM, anchor="midright")
        y += fp * 1.3
    pygame.draw.line(surface, DIM, (rect.x + 10, y - fp * 0.5), (c2, y - fp * 0.5))
    scene.text(surface, str(m.scores[0]), (c1, y + fp * 0.3), fp, GOLD, True, anchor="midright")
    scene.text(surface, str(m.scores[1]), (c2, y + fp * 0.3), fp, GOLD, True, anchor="midright")
