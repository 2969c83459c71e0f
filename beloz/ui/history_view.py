"""The hand so far, as one seat saw it: the dealer, the bidding (every bid or call, doubles
and redoubles), the contract and who took it, each expedition (who led, the four cards, who
won it) with the one being played, the announcements declared and the cards they revealed,
the belots said, and the card points each team has taken.

Three parts, so that what is drawn can be checked without a display:

- ``history_of(view)``: the public history of a ``SeatView`` (nothing hidden: the view
  holds no other seat's cards), as plain values;
- ``plan(history, rect, ...)``: pure layout, where every line of text and every small card
  goes inside ``rect`` (text measured by the ``measure`` callable given);
- ``draw(surface, plan, ...)``: drawing only; it returns what it drew (``Shown``), read off
  the small cards and lines it blitted, for the tests to compare with the view.

The Practice screen draws it beside a problem; the table and the review open it over
themselves (``HistoryScene``, key E).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from beloz.rules.cards import ALL_TRUMPS, CARD_POINTS
from beloz.rules.contract import Contract
from beloz.rules.ruleset import Ruleset
from beloz.rules.state import NO_CARD, Phase, SeatView
from beloz.rules.tricks import master_index
from beloz.ui import drawn, textsize
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, GOLD, INK, plains
from beloz.ui.highlight import frame
from beloz.ui.scene import Scene
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.speech import sentence

Words = Callable[..., str]
Measure = Callable[[str, int, bool], tuple[int, int]]

CHIP_FACE = (250, 246, 236)
FLOOD_BLUE = (40, 140, 220)
LIGHT_BLUE = (140, 200, 240)


# -- the public history ------------------------------------------------------------------------


@dataclass(frozen=True)
class Expedition:
    """One expedition: ``cards`` in play order from ``leader``; ``winner`` None while it is
    being played; ``points`` its card points (so far)."""

    number: int
    leader: int
    cards: tuple[int, ...]
    winner: int | None
    points: int


@dataclass(frozen=True)
class Announced:
    """An announcement declared by ``seat``; ``cards`` those it showed (revealed to all, or
    the viewer's own), else ()."""

    seat: int
    kind: str
    points: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class History:
    seat: int
    ruleset: Ruleset
    dealer: int
    turned: int
    calls: tuple[tuple[int, int], ...]  # (seat, bid or call) in order
    bidding: bool  # the bidding is still open
    contract: Contract | None
    trump: int | None
    taker: int | None
    multiplier: int
    expeditions: tuple[Expedition, ...]  # the earlier ones, then the one being played
    announced: tuple[Announced, ...]
    belots: tuple[tuple[int, int], ...]  # (seat, how many of its belot cards it said)
    points: tuple[int, int]  # card points taken by team 0 and team 1
    #: (the seat that cut, the cards it cut), when the table saw the cut: the view does
    #: not hold it, and its bubble is gone in a moment.
    cut: tuple[int, int] | None = None

    @property
    def played(self) -> int:
        m = 0
        for e in self.expeditions:
            for c in e.cards:
                m |= 1 << c
        return m


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)


def history_of(view: SeatView, cut: int | None = None) -> History:
    """What ``view.seat`` has seen of the hand (all of it public, or its own); ``cut``, the
    number of cards cut before the deal, when it is known (by the seat on the dealer's
    left, against the direction of play)."""
    direction = view.ruleset.direction
    calls = []
    seat = view.dealer
    for a in view.bids:
        seat = (seat + direction) % 4
        calls.append((seat, a))
    trump = view.trump
    pts = CARD_POINTS[trump] if trump is not None else None
    expeditions = []
    team = [0, 0]
    for i, t in enumerate(view.tricks):
        p = sum(pts[c] for c in t.cards) if pts is not None else 0
        team[t.winner & 1] += p
        expeditions.append(Expedition(i + 1, t.leader, tuple(t.cards), t.winner, p))
    if view.trick:
        p = sum(pts[c] for c in view.trick) if pts is not None else 0
        expeditions.append(Expedition(len(view.tricks) + 1, view.leader, tuple(view.trick),
                                      None, p))
    announced = tuple(
        Announced(s, d.kind, d.points, _cards(d.cards) if d.cards is not None else ())
        for s in range(4) for d in view.declared[s])
    belots = tuple((s, n) for s, n in enumerate(view.beloz_said) if n)
    return History(
        seat=view.seat, ruleset=view.ruleset, dealer=view.dealer, turned=view.turned,
        calls=tuple(calls), bidding=view.phase is Phase.BIDDING, contract=view.contract,
        trump=trump if view.phase is not Phase.BIDDING else None, taker=view.taker,
        multiplier=view.multiplier, expeditions=tuple(expeditions), announced=announced,
        belots=belots, points=(team[0], team[1]),
        cut=None if cut is None else ((view.dealer - direction) % 4, int(cut)))


# -- the layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    text: str
    rect: pygame.Rect
    size: int
    colour: tuple[int, int, int]
    bold: bool = False


@dataclass(frozen=True)
class Chip:
    """A small card: ``card`` in ``rect``; ``master`` framed gold (it won, or is winning),
    ``led`` marked; ``row`` the expedition's number (0: a card of the header or footer)."""

    card: int
    rect: pygame.Rect
    flooded: bool
    row: int = 0
    seat: int = -1
    master: bool = False
    led: bool = False


@dataclass
class Plan:
    rect: pygame.Rect
    lines: list[Line] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)
    chip_h: int = 0
    fits: bool = True  # everything found room inside ``rect``


def seat_columns(history: History) -> list[int]:
    """The seats of the grid's four columns: the viewer first, then in the direction of
    play."""
    d = history.ruleset.direction
    return [(history.seat + k * d) % 4 for k in range(4)]


def contract_text(history: History, words: Words, seat_name: Callable[[int], str]) -> str:
    """"North ×2 · Taken by Juma"; during an auction "… · Called by …"; "" before any."""
    c = history.contract
    if c is None:
        return ""
    name = (words(f"table.plain.{c.plain}") if c.plain is not None
            else words(f"table.contract.{c.code}"))
    if history.multiplier > 1:
        name += f" ×{history.multiplier}"
    if history.taker is None:
        return name
    key = "table.called_by" if history.bidding else "table.taken_by"
    who = (words(key + "_you") if history.taker == history.seat
           else words(key, name=seat_name(history.taker)))
    return f"{name} · {who}"


def _wrap(text: str, width: int, size: int, bold: bool, measure: Measure) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else f"{line} {word}"
            if line and measure(trial, size, bold)[0] > width:
                out.append(line)
                line = word
            else:
                line = trial
        out.append(line)
    return out


def plan(history: History, rect: pygame.Rect, fp: int, words: Words, measure: Measure,
         seat_name: Callable[[int], str], title: bool = True) -> Plan:
    """Where each line and small card of ``history`` goes inside ``rect`` (font size ``fp``
    for the body).  Top to bottom: the title, the dealer (and turned card), the contract, the
    bids; the grid of expeditions (a column per seat, the viewer's first; the leader's card
    marked, the winner's framed); the announcements, the belots and the points."""
    out = Plan(pygame.Rect(rect))
    pad = max(4, fp // 2)
    x0, w = rect.left + pad, rect.w - 2 * pad
    y = rect.top + pad
    small = max(10, fp - 2)
    lh = measure("Ag", small, False)[1]

    def put(text: str, size: int = small, colour: tuple[int, int, int] = CREAM,
            bold: bool = False, x: int = x0, width: int = w) -> int:
        nonlocal y
        for part in _wrap(text, width, size, bold, measure):
            tw, th = measure(part, size, bold)
            out.lines.append(Line(part, pygame.Rect(x, round(y), tw, th), size, colour, bold))
            y += th
        return round(y)

    def chips_line(label: str, cards: tuple[int, ...], colour: tuple[int, int, int],
                   flooded: Callable[[int], bool]) -> None:
        """``label`` then its cards as small chips, after the text when they fit on its
        line, else under it."""
        nonlocal y
        put(label, colour=colour)
        if not cards:
            return
        h = lh
        cw = round(h * 1.8)
        last = out.lines[-1].rect
        x = last.right + pad
        if x + len(cards) * (cw + 4) <= x0 + w:
            y = last.top
        else:
            x = x0 + pad
        for c in cards:
            if x + cw > x0 + w:
                x = x0 + pad
                y += h + 3
            out.chips.append(Chip(c, pygame.Rect(x, round(y), cw, h), flooded(c)))
            x += cw + 4
        y += h + 3

    trump = history.trump
    order = history.contract.order if history.contract is not None else None

    def is_flooded(c: int) -> bool:
        t = trump if trump is not None else order
        return t is not None and (t == ALL_TRUMPS or c >> 3 == t)

    if title:
        put(words("history.title"), fp, GOLD, True)
        y += 2
    dealer = words("history.dealer", name=seat_name(history.dealer))
    if history.cut is not None:  # "I cut 17 cards", to be read again
        cutter, n = history.cut
        dealer += " · " + (words("history.cut_you", n=n) if cutter == history.seat
                           else words("history.cut", name=seat_name(cutter), n=n))
    if history.turned != NO_CARD:
        chips_line(dealer + " · " + words("history.turned"), (history.turned,), DIM,
                   lambda c: False)
    else:
        put(dealer, colour=DIM)
    contract = contract_text(history, words, seat_name)
    if contract:
        put(words("history.contract", contract=contract), colour=LIGHT_BLUE)
    if history.calls:
        said = " · ".join(
            words("tutorial.call", name=seat_name(s),
                  call=bid_label(a, history.ruleset, history.turned, words))
            for s, a in history.calls)
        put(words("history.bids", calls=said))
    y += pad // 2
    # The grid of expeditions.
    columns = seat_columns(history)
    num_w = measure("8", small, True)[0] + pad
    # The winner's name closes each row (the gold frame says it too, less loudly).
    win_w = max(measure(seat_name(s), small, False)[0] for s in range(4)) + pad
    col_w = (w - num_w - win_w) / 4
    rows = list(history.expeditions)
    # What goes under the grid, measured first so the grid takes the rest.
    foot: list[tuple[str, tuple[int, ...], tuple[int, int, int]]] = []
    for a in history.announced:
        what = f"{words(f'announcement.{a.kind}')} ({a.points})"
        foot.append((words("tutorial.call", name=seat_name(a.seat), call=what), a.cards, CREAM))
    belote = f"table.belote.{history.ruleset.belote_word}"
    for s, n in history.belots:
        said = words(f"{belote}.say") + (", " + words(f"{belote}.say_again") if n > 1 else "")
        foot.append((words("tutorial.call", name=seat_name(s), call=said), (), CREAM))
    if not history.bidding and trump is not None:
        me = history.seat & 1
        foot.append((words("history.points", us=history.points[me],
                           them=history.points[1 - me]), (), GOLD))
    foot_h = 0
    for text, cards, _ in foot:
        foot_h += len(_wrap(text, w, small, False, measure)) * lh
        if cards:
            foot_h += lh + 5
    gap = 0
    if not history.bidding and trump is not None:
        head_h = lh + 2
        room = rect.bottom - pad - foot_h - y - head_h - pad
        n = max(len(rows), 1)
        # Sized for the eight expeditions of a hand when they all fit at a readable size,
        # so that the rows keep their size as the hand goes on; else for those there are.
        per = room / 8 if room / 8 >= fp * 1.6 else room / n
        gap = max(2, round(fp * 0.25))
        chip_h = int(max(10, min(per - gap, fp * 2.6, col_w / 1.7)))
        # Wide columns (a large window) give each small card its animal's name too.
        if col_w - pad >= fp * 1.6 * 3:
            chip_h = int(min(chip_h, (col_w - pad) / 3))
            chip_w = int(col_w - pad)
        else:
            chip_w = int(min(col_w - pad, chip_h * 1.8))
        out.chip_h = chip_h
        # The four names at one size: the largest at which each fits its column (one name
        # shrunk alone, "Amani" beside "Kito" and "Juma", read as less important).
        size = small
        while size > 9 and any(measure(seat_name(s), size, True)[0] > col_w - 2
                               for s in columns):
            size -= 1
        for k, seat in enumerate(columns):
            name = seat_name(seat)
            cx = x0 + num_w + col_w * (k + 0.5)
            tw, th = measure(name, size, True)
            out.lines.append(Line(name, pygame.Rect(round(cx - tw / 2), round(y), tw, th),
                                  size, GOLD if seat == history.seat else DIM, True))
        y += head_h
        if not rows:
            put(words("table.last.none"), colour=DIM)
        for e in rows:
            row_y = round(y)
            label = str(e.number)
            tw, th = measure(label, small, True)
            colour = GOLD if e.winner is None else DIM
            out.lines.append(Line(label, pygame.Rect(x0, round(row_y + (chip_h - th) / 2), tw,
                                                     th), small, colour, True))
            m = master_index(list(e.cards), trump) if e.cards else -1
            for i, c in enumerate(e.cards):
                seat = (e.leader + i * history.ruleset.direction) % 4
                k = columns.index(seat)
                cx = x0 + num_w + col_w * (k + 0.5)
                r = pygame.Rect(round(cx - chip_w / 2), row_y, chip_w, chip_h)
                out.chips.append(Chip(c, r, is_flooded(c), e.number, seat, i == m, i == 0))
            if e.winner is not None:
                who = seat_name(e.winner)
                tw, th = measure(who, small, False)
                out.lines.append(Line(who, pygame.Rect(
                    x0 + w - tw, round(row_y + (chip_h - th) / 2), tw, th), small,
                    GOLD if e.winner & 1 == history.seat & 1 else CREAM))
            y += chip_h + gap
    y += pad // 2
    for text, cards, colour in foot:
        chips_line(text, cards, colour, is_flooded)
    # Rows closer than a line of text would set their numbers on top of each other (a
    # pixel more: a row's text is centred on it, rounded half to even, one up, one down).
    rows_apart = history.bidding or trump is None or out.chip_h + gap > lh - drawn.SLACK
    out.fits = y <= rect.bottom + 1 and rows_apart
    return out


# -- spoken -------------------------------------------------------------------------------------


def spoken(history: History, words: Words, seat_name: Callable[[int], str]) -> str:
    """What ``plan`` lays out, as the spoken table says it (issue 47, point 5), each part a
    sentence: the title, the dealer (the cut, the turned card), the contract, the bids;
    each expedition with its leader, its cards by seat (plain and animal) and who won it,
    or who wins it so far; the announcements with the cards they showed, the belots, the
    card points.  ``seat_name``: a seat inside a sentence (the viewer's own: "you")."""
    from beloz.ui.scenes.table.spoken import card_name

    def cap(text: str) -> str:
        return text[:1].upper() + text[1:]

    parts = [words("history.title"), words("history.dealer", name=seat_name(history.dealer))]
    if history.cut is not None:
        cutter, n = history.cut
        parts.append(cap(words("history.cut_you", n=n) if cutter == history.seat
                         else words("history.cut", name=seat_name(cutter), n=n)))
    if history.turned != NO_CARD:
        parts.append(words("speech.turned", card=card_name(history.turned)))
    c = history.contract
    if c is not None:
        name = (words(f"table.plain.{c.plain}") if c.plain is not None
                else words(f"table.contract.{c.code}"))
        if history.multiplier > 1:
            name += f" ×{history.multiplier}"
        if history.taker is None:
            parts.append(words("history.contract", contract=name))
        else:
            key = "speech.contract_proposed" if history.bidding else "speech.contract"
            parts.append(words(key, contract=name, seat=seat_name(history.taker)))
    if history.calls:
        parts.append(words("speech.bids", bids="; ".join(
            words("speech.bid", seat=seat_name(s),
                  bid=bid_label(a, history.ruleset, history.turned, words))
            for s, a in history.calls)))
    trump = history.trump
    if not history.bidding and trump is not None:
        if not history.expeditions:
            parts.append(words("table.last.none"))
        d = history.ruleset.direction
        for e in history.expeditions:
            seats = [(e.leader + i * d) % 4 for i in range(len(e.cards))]
            cards = "; ".join(words("speech.played", seat=seat_name(s), card=card_name(c))
                              for s, c in zip(seats, e.cards, strict=True))
            if e.winner is not None:
                parts.append(words("speech.history_won", n=e.number,
                                   seat=seat_name(e.leader), cards=cards,
                                   winner=seat_name(e.winner)))
            elif e.cards:
                master = seats[master_index(list(e.cards), trump)]
                parts.append(words("speech.trick", n=e.number, seat=seat_name(e.leader),
                                   cards=cards, master=seat_name(master)))
    for a in history.announced:
        what = f"{words(f'announcement.{a.kind}')} ({a.points})"
        line = words("tutorial.call", name=seat_name(a.seat), call=what)
        if a.cards:
            line += ": " + ", ".join(card_name(c) for c in a.cards)
        parts.append(line)
    belote = f"table.belote.{history.ruleset.belote_word}"
    for s, n in history.belots:
        said = words(f"{belote}.say") + (", " + words(f"{belote}.say_again") if n > 1 else "")
        parts.append(words("tutorial.call", name=seat_name(s), call=said))
    if not history.bidding and trump is not None:
        me = history.seat & 1
        parts.append(words("history.points", us=history.points[me],
                           them=history.points[1 - me]))
    return " ".join(sentence(p) for p in parts if p)


# -- drawing ------------------------------------------------------------------------------------


@dataclass
class Shown:
    """What ``draw`` put on the surface: each expedition row's cards (by their seats) with
    its leader and winner as drawn, the header's and footer's cards, and the lines."""

    rows: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # n -> (seat, card)
    leaders: dict[int, int] = field(default_factory=dict)
    masters: dict[int, int] = field(default_factory=dict)  # n -> the framed card's seat
    other_cards: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def draw_chip(surface: pygame.Surface, chip: Chip, art: Any,
              font: Callable[[int, bool], pygame.font.Font],
              name: Callable[[int], str] | None = None) -> None:
    """A small card: its number in its plain's colour and its plain's emblem (as in the
    corner of the card itself), the flooded frame, the animal's name when there is room."""
    r = chip.rect
    c = chip.card
    col = plains()[c >> 3]
    rad = max(3, r.h // 5)
    pygame.draw.rect(surface, CHIP_FACE, r, border_radius=rad)
    pygame.draw.rect(surface, col, r, width=max(2, r.h // 12), border_radius=rad)
    if chip.flooded:
        pygame.draw.rect(surface, FLOOD_BLUE, r.inflate(-6, -6), width=max(1, r.h // 16),
                         border_radius=rad)
    dark = tuple(round(v * 0.62) for v in col)
    size = max(9, round(r.h * 0.7))
    digit = font(size, True).render(str((c & 7) + 1), True, dark)
    e = max(6, round(r.h * 0.6))
    x = r.x + max(3, r.h // 6)
    surface.blit(digit, digit.get_rect(midleft=(x, r.centery)))
    x += digit.get_width() + 2
    emblem = None
    if art is not None:
        try:
            emblem = art.emblem(c >> 3, e)
        except Exception:  # noqa: BLE001 - no art: a disc of the plain's colour
            emblem = None
    if emblem is not None:
        surface.blit(emblem, emblem.get_rect(midleft=(x, r.centery)))
    else:
        pygame.draw.circle(surface, col, (x + e // 2, r.centery), e // 2)
    x += e + 3
    if name is not None and r.right - x > r.h * 1.4:
        f = font(max(9, round(r.h * 0.42)), False)
        label = f.render(name(c), True, INK)
        if label.get_width() > r.right - x - 3:
            label = pygame.transform.smoothscale(
                label, (r.right - x - 3, label.get_height()))
        surface.blit(label, label.get_rect(midleft=(x, r.centery)))
    if chip.master:  # the winner: the two-tone frame, on every plain's border
        frame(surface, r, c, width=3, radius=rad)
    if chip.led:
        s = max(4, r.h // 4)
        tip = (r.left - 3, r.centery)
        pygame.draw.polygon(surface, GOLD, [(tip[0] - s, tip[1] - s), tip,
                                            (tip[0] - s, tip[1] + s)])


def draw(surface: pygame.Surface, p: Plan, art: Any,
         font: Callable[[int, bool], pygame.font.Font],
         name: Callable[[int], str] | None = None) -> Shown:
    """Draw ``p`` (the lines recorded for the sweep); what was drawn, for the tests."""
    shown = Shown()
    for line in p.lines:
        img = font(line.size, line.bold).render(line.text, True, line.colour)
        surface.blit(img, line.rect.topleft)
        drawn.record(surface, "text", pygame.Rect(line.rect.topleft, img.get_size()), line.text)
        shown.lines.append(line.text)
    for chip in p.chips:
        draw_chip(surface, chip, art, font, name)
        if chip.row:
            shown.rows.setdefault(chip.row, []).append((chip.seat, chip.card))
            if chip.led:
                shown.leaders[chip.row] = chip.seat
            if chip.master:
                shown.masters[chip.row] = chip.seat
        else:
            shown.other_cards.append(chip.card)
    return shown


def measure_with(font: Callable[[int, bool], pygame.font.Font]) -> Measure:
    def measure(text: str, size: int, bold: bool) -> tuple[int, int]:
        f = font(size, bold)
        return f.size(text)[0], f.get_linesize()

    return measure


# -- the overlay: the table's and the review's ------------------------------------------------


class HistoryScene(Scene):
    """The hand so far over the screen below (which stays in view, dimmed): the table's
    *Expeditions* button and key E, the review's.  E, Esc, Enter or a click closes it."""

    transparent = True
    pausable = False
    title_key = "history.title"

    def __init__(self, app: App, view: SeatView, seat_name: Callable[[int], str],
                 cut: int | None = None) -> None:
        super().__init__(app)
        self.view = view
        self.cut = cut  # the cards cut before the deal, when the table saw it
        self.seat_name = seat_name
        self.shown: Shown | None = None
        self.fits = True
        from beloz.rules.cards import ANIMALS
        from beloz.ui.sprites import CardImages

        self.images = CardImages(getattr(app, "art", None), self.font,
                                 lambda c: app.tr(f"animal.{ANIMALS[c & 7]}"))

    def retranslate(self) -> None:
        self.images.clear()

    def spoken_news(self) -> str:
        """The hand so far, as drawn, said after the title (``spoken``)."""
        tr, seat = self.app.tr, self.view.seat
        return spoken(history_of(self.view, self.cut), tr,
                      lambda s: tr("speech.you") if s == seat else self.seat_name(s))

    def needs_redraw(self) -> bool:
        return False  # still: the window draws it after an event or a change of scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER,
                pygame.K_SPACE):
            self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)  # nothing below

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        art = getattr(self.app, "art", None)
        if art is not None:
            f: pygame.font.Font = art.font_px(size, bold=bold)  # font_px's unit
            return f
        return pygame.font.Font(None, size)

    def font_px(self) -> int:
        w, h = self.app.size
        return textsize.px(max(13, round(min(w / 1280, h / 800) * 18)))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        fp = self.font_px()
        r = pygame.Rect(0, 0, min(w - 2 * fp, max(round(w * 0.5), fp * 34)),
                        h - 2 * fp)
        r.center = (w // 2, h // 2)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 14, 10, 170))
        surface.blit(shade, (0, 0))
        fp = self.font_px()
        r = self.panel_rect()
        pygame.draw.rect(surface, (14, 36, 26), r, border_radius=12)
        pygame.draw.rect(surface, GOLD, r, 2, border_radius=12)
        drawn.record(surface, "panel", r)
        close = self.app.tr("history.close")
        f = self.font(fp - 3)
        foot = f.get_linesize() + fp // 2
        inner = pygame.Rect(r.x + fp // 2, r.y + fp // 2, r.w - fp, r.h - fp - foot)
        history, measure = history_of(self.view, self.cut), measure_with(self.font)
        # Smaller (down to its 100 % size) where a large text size overflows the panel.
        for unit in range(fp, max(textsize.MIN_PX, round(fp / textsize.factor())) - 1, -1):
            layout = plan(history, inner, unit, self.app.tr, measure, self.seat_name)
            if layout.fits:
                break
        self.fits = layout.fits
        self.shown = draw(surface, layout, getattr(self.app, "art", None), self.font,
                          self.images.name)
        img = f.render(close, True, DIM)
        at = img.get_rect(midbottom=(r.centerx, r.bottom - fp // 3))
        surface.blit(img, at)
        drawn.record(surface, "text", at, close)
