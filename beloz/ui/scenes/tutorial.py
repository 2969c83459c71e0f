"""The guided first match: the lessons of ``beloz.lessons`` at a small table.

The scene only draws a ``lessons.Runner`` and passes the person's clicks to it: the
scripted cards and bids are played one by one (a short pause each, none in fast mode),
the person's task is shown above their hand, a wrong answer is taken back with its reason
(the engine's, or the lesson's own words / the explainer's sentence for the expected
card), and the lesson ends with what was learned.  Announcements and BeloZ / Re-BeloZ
show in the table's own speech bubbles (``table.hud.draw_bubble``), each kept to the end
of the next expedition (the table shows the announcements through the second one).
Progress (finished and skipped lessons) is saved through ``beloz.lessons.progress``.
Keys: Esc back to the menu, N next lesson, R replay, S skip (the buttons say the same);
a bid's or a call's key, written on its button as at the table (T take, P pass, D double,
R redouble, while offered instead of replay, 1-6 the contracts or the plains), or where
the buttons have not the room, in a line under the task with each key's button; 1-8 play
the n-th card; Left / Right select a card (raised, in the focus ring) and Enter
plays it; Tab and the arrows reach the buttons (the bids too), Enter or Space presses one
(``beloz.ui.focus``).  ``--screenshot`` reaches any lesson's task or end
(``screenshot_lesson``).  While the person bids, the board makes room for the buttons'
rows (``tutorial_board``); at large text the coach's panel begins further left where its
text has not the room.
"""

from __future__ import annotations

from typing import Any

import pygame

from beloz import i18n, lessons
from beloz.ai.explain import explain_card, sentence
from beloz.lessons.progress import Progress, load_progress, save_progress
from beloz.rules.cards import ANIMALS, parse, points, sort_key
from beloz.rules.ruleset import Bidding
from beloz.rules.state import (
    PASS,
    TAKE,
    Phase,
    action_plain,
)
from beloz.ui import drawn, speech
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, FELT, GOLD, GREEN, RED
from beloz.ui.focus import Focus
from beloz.ui.scenes import tutorial_board, tutorial_bubbles
from beloz.ui.scenes.board import BoardScene, Item, below
from beloz.ui.scenes.table import Bubble, prompts
from beloz.ui.scenes.table.paint import Painter
from beloz.ui.scenes.table.texts import REASON_KEYS, bid_label, bid_said
from beloz.ui.scenes.tutorial_bubbles import BoardLayout
from beloz.ui.widgets import button_id

STEP_SECONDS = 0.55  # one scripted card or bid on show before the next
RIGHT_SECONDS = 1.2  # "Right!" under the task just done, before the script goes on


class TutorialScene(BoardScene):
    pausable = False
    unwritten: tuple[str, ...] = ()  # the bids' keys their buttons had not the room for
    compact = False  # the board's compact plan while bidding (``tutorial_board``)
    narrow = 0.0  # the panel's left moved left by (a share of the window): short of room
    nav_h = 0  # the height of Menu, Replay and Skip (0: the board's 2.1 units)

    def __init__(self, app: App, lesson: int | None = None, keep_progress: bool = True) -> None:
        super().__init__(app)
        from beloz.ui.sprites import CardImages

        self.names = lessons.lesson_names()
        self.keep_progress = keep_progress
        self.progress, messages = load_progress() if keep_progress else (Progress(), [])
        for m in messages:  # once a session: start-up has said most already
            app.notify(m, seconds=None)
        self.index = self.progress.next_lesson(self.names) if lesson is None else lesson
        self.images = CardImages(getattr(app, "art", None), self.font,
                                 lambda c: app.tr(f"animal.{ANIMALS[c & 7]}"))
        self.buttons: dict[str, Any] = {}
        self.card_rects: list[tuple[pygame.Rect, int]] = []
        self.painter = Painter(app)
        self.bubbles: list[tuple[Bubble, int]] = []  # and the expeditions done when it goes
        self.focus = Focus(self)
        self.card_sel: int | None = None  # the card of the hand the arrows selected
        self.start(self.index)

    # -- the lesson ---------------------------------------------------------------------------

    def start(self, index: int) -> None:
        self.index = max(0, min(len(self.names) - 1, index))
        self.lesson = lessons.load(self.names[self.index])
        self.runner = lessons.Runner(self.lesson)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        # The task answered right, on show with "Right!" until the next task replaces both.
        self.done_task: lessons.Task | None = None
        self.wait = STEP_SECONDS
        self.last_trick: tuple[int, ...] = ()
        self.bubbles = []
        self.ended = False
        self.card_sel = None
        self._redraw = True
        self.rebuild()

    def lang(self) -> str:
        language = i18n.get_language()
        return language if language in lessons.LANGUAGES else "en"

    def title(self) -> str:
        """The lesson's title with its number, as drawn over the board."""
        return self.app.tr("tutorial.title", n=self.index + 1, total=len(self.names),
                           name=self.say(self.lesson.title))

    def spoken_title(self) -> str:
        """The lesson's title, then its intro (said once, as the lesson opens)."""
        return speech.sentence(self.title()) + " " + self.say(self.lesson.intro)

    def spoken_news(self) -> str:
        """The coach's panel under the intro: the coach's line, the task, the message."""
        return " ".join(speech.sentence(text) for text, *_ in self.panel_items(intro=False))

    def say(self, texts: dict[str, str] | None) -> str:
        return "" if texts is None else texts[self.lang()]

    def update(self, dt: float) -> None:
        r = self.runner
        if r.task is not None or self.ended:
            return
        self.wait -= dt
        if self.wait > 0 and not getattr(self.app, "fast", False):
            return
        self.play_scripted()

    def play_scripted(self) -> None:
        """One scripted item (all at once in fast mode); the end of the lesson when done."""
        self._redraw = True
        if getattr(self.app, "fast", False):
            self.play_all()
        elif self._step():
            self.wait = STEP_SECONDS
            return
        elif self.runner.finished and not self.ended:
            self.finish()
        self.rebuild()

    def _step(self) -> bool:
        """One scripted item played (and its words said); False when there is none."""
        self._keep_trick()
        before = tutorial_bubbles.snapshot(self)
        stepped = self.runner.step()
        tutorial_bubbles.speak(self, before)
        if self.runner.task is not None and self.done_task is not None:
            # "Right!" was said of the task just done: under the next task it would read
            # as the verdict on a card not yet played.
            self.done_task, self.message = None, None
        return stepped

    def play_all(self) -> None:
        """The scripted items up to the person's next task or the end, with no pauses (and
        the bubbles they bring)."""
        while self._step():
            pass
        self._keep_trick()
        if self.runner.finished and not self.ended:
            self.finish()

    def sound(self, name: str) -> None:
        """As at the table: a sound, unless fast or there is no sound card."""
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None and not getattr(self.app, "fast", False):
            try:
                sounds.play(name)
            except Exception:  # noqa: BLE001 - no sound card: play on in silence
                pass

    def _keep_trick(self) -> None:
        st = self.runner.state
        if st.tricks and not st.trick:
            self.last_trick = tuple(st.tricks[-1].cards)

    def finish(self) -> None:
        self.ended = True
        self.message = None
        self.progress.finish(self.lesson.id)
        self.save()

    def save(self) -> None:
        if not self.keep_progress or getattr(self.app, "read_only", False):
            return
        error = save_progress(self.progress)
        if error:
            self.app.notify(error)

    def answer(self, action: int) -> bool:
        """The person's card or bid: True when taken."""
        r = self.runner
        task = r.task
        if task is None:
            return False
        st = r.state
        before = tutorial_bubbles.snapshot(self)
        verdict = r.answer(action)
        self._redraw = True
        if verdict.ok:
            self.card_sel = None
            tutorial_bubbles.speak(self, before)
            self.message = (self.app.tr("tutorial.right"), GREEN)
            self.done_task = task
            self._keep_trick()
            self.wait = RIGHT_SECONDS
            if getattr(self.app, "fast", False):
                self.play_scripted()
            elif r.finished:
                self.finish()
                self.rebuild()
            else:
                self.rebuild()
            return True
        self.message = (self.why_wrong(verdict, st), RED)
        fp = self.font_px()
        if self.least_px(fp) < fp:  # large text: the panel may need to begin further left
            self.rebuild()
        return False

    def why_wrong(self, verdict: lessons.Verdict, st: Any) -> str:
        """The engine's reason, else the lesson's words, else the explainer's sentence for
        the expected card."""
        tr = self.app.tr
        if verdict.reason is not None and verdict.reason in REASON_KEYS:
            # a dimmed card: never played, so not a move taken back
            lead = st.trick[0] >> 3 if st.trick else 0
            text = tr(REASON_KEYS[verdict.reason], plain=tr(f"table.plain.{lead}"))
            return tr("tutorial.refused", why=text)
        if verdict.also and verdict.why is not None:
            return tr("tutorial.also", why=self.say(verdict.why))
        if verdict.why is not None:
            return tr("tutorial.taken_back", why=self.say(verdict.why))
        if verdict.expected is not None and verdict.expected < 32 and st.phase is Phase.PLAY:
            return tr("tutorial.taken_back",
                      why=sentence(explain_card(st.view(0), verdict.expected)))
        return tr("tutorial.taken_back", why=tr("tutorial.try_again"))

    def skip(self) -> None:
        self.progress.skip(self.lesson.id)
        self.save()
        self.next_lesson()

    def next_lesson(self) -> None:
        if self.index + 1 < len(self.names):
            self.start(self.index + 1)
        else:
            self.app.pop()

    # -- buttons and events -------------------------------------------------------------------

    def bid_options(self) -> list[int]:
        st = self.runner.state
        if self.runner.task is None or st.phase is not Phase.BIDDING:
            return []
        if st.ruleset.bidding is Bidding.AUCTION:
            return st.legal_actions()  # pass, the contracts above, double, redouble
        return [a for a in st.legal_actions() if a in (PASS, TAKE) or action_plain(a) is not None]

    def bid_keys(self) -> dict[int, str]:
        """Each bid or call offered, with the table's name of its button (its key: T take,
        P pass, D double, R redouble, the digits for the contracts and the plains)."""
        auction = self.runner.state.ruleset.bidding is Bidding.AUCTION
        return {a: prompts.bid_name(a, auction) for a in self.bid_options()}

    def question_area(self) -> pygame.Rect:
        """Where the bids' rows go: the board's width, up from the person's line ("You")
        above the hand (``draw``'s board and cards)."""
        board, fp, _, ch = tutorial_board.geometry(self)
        you = board.bottom - ch - fp * 0.6 - fp * 0.7 - self.font(fp - 2).get_height() / 2
        bottom = round(you - fp * 0.4)
        return pygame.Rect(board.left + round(fp * 0.6), board.top, board.w - round(fp * 1.2),
                           bottom - board.top)

    def bid_rects(self) -> list[pygame.Rect]:
        """Where the bid buttons stand (none while no bid is asked)."""
        return [pygame.Rect(b.rect) for n, b in self.buttons.items() if n.startswith("bid:")]

    def build(self) -> None:
        """The lesson's buttons (UIScene: built again on a resize, a new language, or
        whenever the lesson's state changes which buttons it needs)."""
        import pygame_gui

        fp = self.font_px()
        tr = self.app.tr
        names = ["back", "replay", "skip"]
        if self.ended:
            names = ["back", "replay", "next"]
        keyed = self.bid_keys()
        labels = {"back": tr("tutorial.back"), "replay": tr("tutorial.replay"),
                  "skip": tr("tutorial.skip"), "next": tr("tutorial.next")}
        if "redouble" in keyed.values():  # R redoubles while a redouble is offered
            labels["replay"] = tr("tutorial.replay_unkeyed")
        if self.ended and self.index + 1 >= len(self.names):
            labels["next"] = tr("tutorial.done")
        self.narrow, self.nav_h = 0.0, round(fp * 2.1)
        rects, calls = self.nav_rects(names, labels), self.bid_labels(keyed)
        while self.panel_short() and self.split() > 0.5:
            # The coach's panel has not the room even at its 100 % size (large text: a long
            # lesson, the keys' line, a move taken back): it begins further left, down to
            # half the window; then its buttons are only as tall as their labels need.
            self.narrow += 0.02
            rects, calls = self.nav_rects(names, labels), self.bid_labels(keyed)
        if self.panel_short():
            self.nav_h = tutorial_board.short_height(self)
            rects = self.nav_rects(names, labels)
        for name, rect in rects.items():
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                rect, labels[name], manager=self.app.ui, object_id=button_id(self.app.size)))
        area = self.question_area()
        # Shorter buttons where the board has the room for its middle only so (large text).
        labels_shown = list(calls.values())
        self.compact = bool(calls) and tutorial_board.plan(
            self, self.question_rects(labels_shown, area)).mode == "compact"
        self.add_question_buttons(calls, area,
                                  tutorial_board.short_height(self) if self.compact else None)
        # The keys' focus: on the first bid when there is a bid to make, on Next at the
        # lesson's end; while a card is to play, on nothing (Enter must not press Skip):
        # the arrows select a card, Tab reaches the buttons.
        bids = [n for n in self.buttons if n.startswith("bid:")]
        self.focus.begin(bids[0] if bids else "next" if self.ended else None)
        for name in bids + names:
            self.focus.add(name, self.buttons[name])
        self._redraw = True

    def split(self) -> float:  # type: ignore[override]
        """As on every board, further left by ``narrow`` (a panel short of room)."""
        return BoardScene.split() - self.narrow

    def nav_rects(self, names: list[str], labels: dict[str, str]) -> dict[str, pygame.Rect]:
        """Menu, Replay and Skip (or Next) under the coach's panel, side by side where their
        labels fit, else the last on a row of its own over the others (``button_rows``)."""
        w, h = self.app.size
        fp = self.font_px()
        font = self.font(fp)
        bh = self.nav_h
        bw = max(110, *(font.size(labels[n])[0] + 30 for n in names))
        x0 = round(w * self.split())
        y = h - bh - round(fp * 0.6)
        panel_w = w - x0 - round(fp * 0.8)
        if bw <= (panel_w - 16) // 3:
            rects = {n: pygame.Rect(x0 + i * (bw + 8), y, bw, bh) for i, n in enumerate(names)}
        else:  # a long label ("Sauter la leçon (S)"): the last button on a row of its own
            half = (panel_w - 8) // 2
            rects = {names[0]: pygame.Rect(x0, y, half, bh),
                     names[1]: pygame.Rect(x0 + half + 8, y, half, bh),
                     names[2]: pygame.Rect(x0, y - bh - 8, panel_w, bh)}
        self.button_rows = 1 if rects[names[2]].y == y else 2
        return rects

    def bid_labels(self, keyed: dict[int, str]) -> dict[int, str]:
        """Each bid's label with the table's key, in rows above the person's line that take
        at most a third of the board; the keys left off (``unwritten``) go to the key line
        under the task (``key_line``)."""
        fp = self.font_px()
        area = self.question_area()
        calls, unwritten = prompts.keyed_labels(
            self.app.tr,
            {a: (self.bid_text(a), prompts.BUTTON_KEYS[name]) for a, name in keyed.items()},
            lambda shown: -(-len(shown) // self.question_grid(shown, area)[3]),
            round(area.h / 3) // (round(fp * 2.1) + 8))
        self.unwritten = tuple(unwritten)
        return calls

    def panel_rect(self) -> pygame.Rect:
        """The coach's panel, right of the board, over the buttons' rows."""
        w, h = self.app.size
        fp = self.font_px()
        rows = getattr(self, "button_rows", 1)  # the buttons' rows under the panel
        bh = round(fp * 2.1)
        return pygame.Rect(round(w * self.split()), round(fp * 3),
                           w - round(w * self.split()) - round(fp * .8),
                           h - round(fp * 6.4) - (rows - 1) * (bh + 8)
                           + rows * (bh - (self.nav_h or bh)))

    def panel_short(self) -> bool:
        """Whether the coach's panel has not the room for its text even at its 100 % size
        (never at 100 %: the text there is at that size and the panel as it always was)."""
        fp = self.font_px()
        least = self.least_px(fp)
        panel = self.panel_rect()
        return least < fp and self.block_height(
            self.panel_items(), panel.w - round(fp * 1.6), least) > \
            panel.h - round(fp * 0.4) - fp * 0.7

    def bid_text(self, a: int) -> str:
        st = self.runner.state
        return bid_label(a, st.ruleset, st.turned, self.app.tr)

    def call_said(self, a: int) -> str:
        """What a seat says for an auction call, as at the table."""
        return bid_said(a, self.app.tr)

    def contract_line(self) -> str | None:
        """The contract over the board (``tutorial_board.contract_line``)."""
        return tutorial_board.contract_line(self)

    def cards_open(self) -> bool:
        return self.runner.state.phase is Phase.PLAY

    def take_card(self, c: int) -> None:
        self.answer(c)

    def shown(self) -> tuple[object, ...]:
        return (self.app.size, self.index, self.ended)

    def choosing_card(self) -> bool:
        return self.cards_open() and self.runner.task is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:  # a bid's or a call's key, as on its button
            bid = prompts.bid_key_pressed(self.bid_keys(), event.key)
            if bid is not None:
                self.press(f"bid:{bid}")
                return True
        if self.board_event(event) or self.card_key(event):
            return True
        if self.focus.handle_event(event):
            self._redraw = True
            return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: "back", pygame.K_r: "replay", pygame.K_s: "skip",
                    pygame.K_n: "next"}
            name = keys.get(event.key)
            if name is None:
                return False
            if name == "next" and not self.ended:
                return False
            self.press(name)
            return True
        return False

    def press(self, name: str) -> None:
        if name == "back":
            self.app.pop()
        elif name == "replay":
            self.start(self.index)
        elif name == "skip":
            self.skip()
        elif name == "next":
            self.next_lesson()
        elif name.startswith("bid:"):
            self.answer(int(name[4:]))

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fp = self.font_px()
        tr = self.app.tr
        surface.fill((14, 34, 26))
        board, _, cw, ch = tutorial_board.geometry(self)
        pygame.draw.rect(surface, FELT, board, border_radius=18)
        drawn.record(surface, "panel", board)
        title = self.title()
        done = sum(n in self.progress.done for n in self.names)
        progress = tr("tutorial.progress", done=done, total=len(self.names))
        # The title smaller where it would meet the progress: down to its 100 % size, and
        # to the body's where that is too long (lesson 17's in French, 960 and 1280 wide).
        room = w - fp * 0.8 - self.font(fp - 3).size(progress)[0] - fp * 1.6
        size = fp + 4
        while size > self.least_px(fp) and self.font(size, True).size(title)[0] > room:
            size -= 1
        self.text(surface, title, (fp * 0.8, fp * 1.4), size, GOLD, True, anchor="midleft")
        self.text(surface, progress, (w - fp * 0.8, fp * 1.4), fp - 3, DIM, anchor="midright")
        st = self.runner.state
        trump = st.trump
        # The person's hand at the bottom of the board.
        held = sorted((c for c in range(32) if st.hands[0] >> c & 1),
                      key=lambda c: sort_key(c, trump))
        step = min(cw * 1.02, (board.w - cw - fp) / max(1, len(held) - 1)) if held else 0
        x0 = board.centerx - (step * (len(held) - 1) + cw) / 2
        y0 = board.bottom - ch - fp * 0.6
        self.card_rects = []
        self.trick_rects: list[pygame.Rect] = []  # the expedition's cards, where drawn
        legal = set(st.legal_actions()) if self.runner.task is not None and st.current == 0 \
            else set()
        chosen = self.selected_card(len(held))
        for i, c in enumerate(held):
            img = self.images.face(c, cw, self.flooded(c))
            lift = round(ch * 0.12) if i == chosen else 0  # selected with the arrows
            rect = img.get_rect(topleft=(round(x0 + i * step), round(y0) - lift))
            surface.blit(img, rect)
            if st.phase is Phase.PLAY and self.runner.task is not None and c not in legal:
                self.shade(surface, rect)
            self.card_rects.append((rect, c))
        self.draw_selected(surface, chosen, cw,
                           chosen is not None and self.card_rects[chosen][1] not in legal)
        # The taker once the bidding is over (an auction's caller is not the taker yet).
        taker = st.taker if st.phase is not Phase.BIDDING else None
        me = tr("table.seat.0") + (" · " + tr("table.taker") if taker == 0 else "")
        mine = self.text(surface, me, (board.centerx, y0 - fp * 0.7), fp - 2, DIM)
        anchors = {0: (board.centerx, round(y0 - fp * 1.3))}
        # The others: how many cards they hold, at their side (while bidding, clear of the
        # bid buttons: ``tutorial_board.plan``).
        plan = tutorial_board.plan(self, self.bid_rects(), self.compact)
        spots = plan.spots
        # The contract at the top right; North's name and count under it where they would
        # meet (large text).
        contract = self.contract_line() if plan.contract_top else None
        taken = [] if contract is None else [self.text(
            surface, contract, (board.right - fp, board.top + fp), fp - 2, (140, 200, 240),
            anchor="topright")]
        seat_rects: dict[int, pygame.Rect] = {}  # each seat's name and count, drawn
        for seat, (x, y) in spots.items():
            n = bin(st.hands[seat]).count("1")
            label = tr(f"table.seat.{seat}")
            if seat == taker:
                label += " · " + tr("table.taker")
            if seat == 2:
                name_w, name_h = self.font(fp - 1, True).size(label)
                count_w, count_h = self.font(fp - 3).size(tr("tutorial.cards_left", count=n))
                plate = pygame.Rect(0, 0, max(name_w, count_w), fp * 1.2 + (name_h + count_h) / 2)
                plate.midtop = (round(x), round(y - name_h / 2))
                # North's bubble (``draw_bubbles``) moves with the name: the plate holds it.
                small = BoardLayout(surface.get_size(), fp, {}).small * 2.2
                for b, _ in self.bubbles:
                    if b.seat == 2:
                        bw = self.font(fp + 2, True).size(b.text)[0] + 28
                        right = max(x + small + bw / 2, x + name_w / 2 + 8 + bw)
                        plate.w = max(plate.w, round(right - plate.left))
                y += below(plate, taken).top - plate.top
            seat_rects[seat] = self.text(surface, label, (x, y), fp - 1, CREAM, True).union(
                self.text(surface, tr("tutorial.cards_left", count=n), (x, y + fp * 1.2),
                          fp - 3, DIM))
            half = self.font(fp - 1, True).size(label)[0] / 2 + 8
            if seat == 2:  # North's bubble stays right of it, and of its count (reached)
                count_w = self.font(fp - 3).size(tr("tutorial.cards_left", count=n))[0]
                self.north_right = max(round(x + half), round(x + count_w / 2) - drawn.SLACK)
            anchors[seat] = (round(x + (half if seat == 1 else -half if seat == 3 else 0)),
                             round(y))
        # The middle: the turned card while bidding, else the expedition (the last one
        # until the next card).
        if st.phase is Phase.BIDDING:
            tutorial_board.draw_middle(self, surface, plan)
        else:
            self.trick_rects = tutorial_board.draw_trick(self, surface, plan.mid, seat_rects,
                                                         mine, cw)
        tutorial_bubbles.draw(self, surface, fp, anchors, board, seat_rects)
        # The coach's panel on the right: the lesson's intro, the task, what was learned.
        panel = self.panel_rect()
        pygame.draw.rect(surface, (10, 22, 18), panel, border_radius=10)
        pygame.draw.rect(surface, GOLD, panel, 1, border_radius=10)
        drawn.record(surface, "panel", panel)
        x, y, width = panel.left + fp * 0.8, panel.top + fp * 0.7, panel.w - round(fp * 1.6)
        items = self.panel_items()  # drawn smaller (down to 100 %) where they have not the room
        unit = self.fit_unit(items, width, panel.bottom - round(fp * 0.4) - y, fp)
        self.block(surface, items, x, y, width, unit)

    def panel_items(self, intro: bool = True) -> list[Item]:
        """The coach's panel, top to bottom: the lesson's intro (``intro``), the coach's
        line, the task; at the lesson's end what was learned; the message."""
        tr = self.app.tr
        items: list[Item] = []
        if self.ended:
            coach = self.coach_line()
            if coach:
                items.append((coach, -1, CREAM, False, 0))
            items += [(tr("tutorial.learned"), 0, GOLD, True, 0.6 if coach else 0),
                      (self.say(self.lesson.learned), -1, CREAM, False, 0.3)]
            if self.runner.mistakes:
                items.append((tr("tutorial.mistakes", n=self.runner.mistakes), -3, DIM, False,
                              0.5))
        else:
            if intro:
                items.append((self.say(self.lesson.intro), -3, DIM, False, 0))
            coach = self.coach_line()
            if coach:
                items.append((coach, -1, CREAM, False, 0.5))
            task = self.runner.task or self.done_task
            if task is not None:
                items += [(tr("tutorial.your_turn"), 0, GOLD, True, 0.6),
                          (self.say(task.text), -1, GOLD, False, 0)]
                keys = self.key_line()
                if keys:
                    items.append((keys, -1, CREAM, False, 0.3))
        if self.message is not None:
            text, color = self.message
            items.append((text, -1, color, True, 0.6))
        return items

    def key_line(self) -> str:
        """The keys the bid buttons had not the room to write, each with its button's
        label, in the buttons' order ("Keys: P Pass · 4 North · R Redouble"); empty when
        every key is written or no bid is asked."""
        if not self.unwritten or self.runner.task is None:
            return ""
        return prompts.key_line(self.app.tr, [
            (key, self.bid_text(a)) for a, name in self.bid_keys().items()
            if (key := prompts.BUTTON_KEYS[name]) in self.unwritten])

    def board_trump(self) -> int | None:
        return self.runner.state.trump

    def coach_line(self) -> str:
        """The coach's line; once it spoke of an expedition that has ended, who won the last
        expedition instead (what the board shows), so the line never goes stale."""
        r = self.runner
        if not r.coach_stale:
            return self.say(r.coach)
        trick = r.state.tricks[-1]
        tr = self.app.tr
        seat = trick.winner
        won = trick.cards[(seat - trick.leader) * r.state.ruleset.direction % 4]
        assert r.state.trump is not None
        pts = sum(points(c, r.state.trump) for c in trick.cards)
        key = "tutorial.trick_won_you" if seat == 0 else "tutorial.trick_won"
        return tr(key, name=tr(f"table.seat.{seat}"), n=pts,
                  animal=tr(f"animal.{ANIMALS[won & 7]}").lower())


def screenshot_tutorial(app: App, lesson: int = 3) -> TutorialScene:
    """The intercepting lesson at its first task, a legal card taken back with the lesson's
    reason (``--scene tutorial``): the scripted deal played up to the person's turn, with
    its bubbles; progress neither read nor written."""
    scene = TutorialScene(app, lesson=lesson, keep_progress=False)
    app.push(scene)
    scene.play_all()  # with the announcements' and BeloZ's bubbles
    scene.answer(parse("N3"))  # legal, but the leopard is enough: the lesson's reason shows
    scene.rebuild()
    return scene


def screenshot_lesson(app: App, spec: str) -> TutorialScene:
    """``--scene tutorial-L[-T|-end]``: lesson L (1-based) at its task T (default 1), the
    tasks before it answered right, or at its end; progress neither read nor written.
    A ``ValueError`` says what is wrong with ``spec``."""
    names = lessons.lesson_names()
    parts = spec.split("-")
    try:
        lesson = int(parts[0]) - 1
        task = None if parts[1:] == ["end"] else int(parts[1]) if len(parts) > 1 else 1
    except (ValueError, IndexError):
        lesson, task = -1, 0
    if not 0 <= lesson < len(names) or (task is not None and task < 1) or len(parts) > 2:
        raise ValueError(f"tutorial-{spec}: tutorial-L, tutorial-L-T or tutorial-L-end, "
                         f"L from 1 to {len(names)}")
    scene = TutorialScene(app, lesson=lesson, keep_progress=False)
    app.push(scene)
    number = 1  # of the task on show
    scene.play_all()
    while scene.runner.task is not None and (task is None or number < task):
        scene.answer(scene.runner.task.expect[0])
        scene.play_all()
        number += 1
    if task is not None and scene.runner.task is None:
        raise ValueError(f"tutorial-{spec}: lesson {lesson + 1} has {number - 1} tasks")
    scene.rebuild()
    return scene
