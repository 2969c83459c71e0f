"""Practice: problems to solve again (docs/practice.md, ``beloz.practice``).

The person's own problems due today come first (the mistakes and blunders of their
reviewed matches, ``practice.json``), then the built-in problems of the chosen ruleset,
grouped by skill.  A problem shows only what its seat saw (``Problem.view()``): the hand,
the expedition so far (or the turned card and the bids), the contract, whose turn.  The
person clicks a card (or presses a bid or call button); the answer is said right or wrong
(right: the best, or an option framed about as good: its value within the ± shown of the
best's, ``Problem.framed``), every option's value is shown with that ± and the
explainer's sentence for the best (and, for a wrong card, why the best beats it:
``beloz.ai.contrast``), and an own problem is scheduled again in the
queue.  Once answered, *Play on* opens the table at the decision: the person plays the
rest of the hand against the computer players (``table.replay.play_on``), a practice hand
that comes back here.  Keys: 1-8 play the n-th card, Left / Right select a card (raised,
in the focus ring) and Enter plays it; Tab and the arrows reach the buttons (the ruleset
over the panel, the bids, Play on, Menu, Next), Enter or Space presses one, Left / Right
on the ruleset change it (``beloz.ui.focus``); a bid's or a call's key, written on its
button as at the table (T take, P pass, D double, R redouble, 1-6 the contracts or the
plains: ``table.prompts.BUTTON_KEYS``); N the next problem, P play on, Esc back to the menu.
"""

from __future__ import annotations

from typing import Any

import pygame

from beloz.ai import bid_guide
from beloz.ai import review as review_mod
from beloz.ai.thresholds import why_better
from beloz.i18n import get_language
from beloz.practice import drills
from beloz.practice import queue as queue_mod
from beloz.practice.builtin import builtin_problems
from beloz.practice.problem import SKILLS, Problem
from beloz.practice.queue import Queue, load_queue, save_queue
from beloz.review_store import score_scale
from beloz.rules.cards import ANIMALS, sort_key
from beloz.rules.ruleset import RULESETS, Bidding
from beloz.rules.state import (
    Phase,
    SeatView,
)
from beloz.ui import drawn, speech
from beloz.ui.app_protocol import App
from beloz.ui.colours import CREAM, DIM, FELT, GOLD, GREEN, RED
from beloz.ui.focus import Focus
from beloz.ui.highlight import frame
from beloz.ui.scenes import practice_cards, practice_column
from beloz.ui.scenes.board import BoardScene, Item
from beloz.ui.scenes.table import prompts
from beloz.ui.scenes.table.texts import bid_label
from beloz.ui.widgets import button_id, oid


def practice_list(queue: Queue, ruleset: str) -> list[Problem]:
    """Today's own problems of ``ruleset`` (the longest waiting first), then its built-in
    problems, skill by skill."""
    builtin = sorted(builtin_problems(ruleset), key=lambda p: SKILLS.index(p.skill))
    return queue.due(queue_mod.today(), ruleset=ruleset) + builtin


def places(settings: Any) -> dict[str, int]:
    """Practice's place in each ruleset's built-in problems (``practice_places``)."""
    out: dict[str, int] = {}
    for pair in filter(None, str(getattr(settings, "practice_places", "") or "").split(",")):
        name, _, n = pair.partition(":")
        if n.isdigit():
            out[name] = int(n)
    return out


def practice_ruleset(app: App, queue: Queue) -> str:
    """The ruleset Practice opens in: its own choice (else the game's), unless that one has
    no own problem due today and another has (the menu counted them)."""
    settings = getattr(app, "settings", None)
    chosen = str(getattr(settings, "practice_ruleset", "") or getattr(settings, "ruleset",
                                                                      "beloz"))
    today = queue_mod.today()
    if queue.due(today, ruleset=chosen):
        return chosen
    due = queue.due(today)
    return due[0].ruleset if due else chosen


def due_count() -> int:
    """The own problems due today (the menu says it); 0 when the file cannot be read (its
    message is said when Practice opens)."""
    try:
        queue, _ = load_queue()
    except Exception:  # noqa: BLE001 - a count on a button is never worth a crash
        return 0
    return queue.counts(queue_mod.today()).due


class PracticeScene(BoardScene):
    pausable = False
    calls_top: int | None = None  # the top of the calls' rows (``build``), None: no call
    unwritten: tuple[str, ...] = ()  # the calls' keys their buttons had not the room for
    narrow = 0.0  # how much further left than on other boards the panel begins (``build``)
    _card_size: Any = None  # the hand's card size, and for what (``practice_cards``)

    def __init__(self, app: App, problems: list[Problem] | None = None) -> None:
        super().__init__(app)
        from beloz.ui.sprites import CardImages

        self.queue, _ = load_queue()
        for m in queue_mod.take_unsaid():  # this load's, and the menu's count's (set aside)
            app.notify(m, seconds=None)  # once a session: start-up has said most already
        self.ruleset = practice_ruleset(app, self.queue)
        self.chooses = problems is None  # its own list: the ruleset may be changed
        self.problems = practice_list(self.queue, self.ruleset) if problems is None \
            else problems
        self.images = CardImages(getattr(app, "art", None), self.font,
                                 lambda c: app.tr(f"animal.{ANIMALS[c & 7]}"))
        self.buttons: dict[str, Any] = {}
        self.card_rects: list[tuple[pygame.Rect, int]] = []
        self.focus = Focus(self)
        self.start(self.first_index() if self.chooses else 0)

    # -- the ruleset and the place ------------------------------------------------------------

    def first_index(self) -> int:
        """Where Practice opens: the first own problem due, else the first built-in problem
        not yet solved (the place kept in the settings)."""
        own = sum(1 for p in self.problems if p.source == "own")
        if own:
            return 0
        builtin = len(self.problems) - own
        return own + places(getattr(self.app, "settings", None)).get(self.ruleset, 0) % max(
            1, builtin)

    def set_ruleset(self, ruleset: str) -> None:
        """Practise another ruleset (kept in the settings: the game's own is left alone)."""
        self.ruleset = ruleset
        settings = getattr(self.app, "settings", None)
        if settings is not None and getattr(settings, "practice_ruleset", ruleset) != ruleset:
            self.app.apply_settings(settings.replace(practice_ruleset=ruleset))
        self.problems = practice_list(self.queue, ruleset)
        self.start(self.first_index())

    def next_ruleset(self, step: int = 1) -> None:
        names = list(RULESETS)
        i = names.index(self.ruleset) if self.ruleset in names else 0
        keys = self.focus.focused == "ruleset"  # changed by the keys: the focus stays on it
        self.set_ruleset(names[(i + step) % len(names)])
        if keys:
            self.focus.focus("ruleset")

    def solved_builtin(self, p: Problem) -> None:
        """A built-in problem answered right: the place moves past it (kept in the
        settings), so that Practice opens at the next one."""
        settings = getattr(self.app, "settings", None)
        if settings is None or not hasattr(settings, "practice_places"):
            return
        builtin = [q for q in self.problems if q.source == "builtin"]
        if p not in builtin:
            return
        kept = places(settings)
        i = builtin.index(p)
        if kept.get(p.ruleset, 0) != i:
            return  # one answered out of turn: the place stays on the first unsolved
        kept[p.ruleset] = (i + 1) % len(builtin)
        value = ",".join(f"{k}:{v}" for k, v in sorted(kept.items()))
        self.app.apply_settings(settings.replace(practice_places=value))

    # -- the problem ------------------------------------------------------------------------

    @property
    def problem(self) -> Problem | None:
        return self.problems[self.index] if self.index < len(self.problems) else None

    def start(self, index: int) -> None:
        self.index = index
        self.answer: int | None = None  # the person's answer to the problem on show
        self.view: SeatView | None = None if self.problem is None else self.problem.view()
        self.card_sel = None
        self.focus.forget()
        self._redraw = True
        self.rebuild()

    def choose(self, action: int) -> bool:
        """The person's card, bid or call: True when taken (a legal one, not yet answered).
        An own problem is scheduled again at once, a built-in one counted: the answer is
        final."""
        p = self.problem
        if p is None or self.answer is not None or action not in p.legal():
            return False
        self.answer = action
        self.focus.forget()  # on Next
        self._redraw = True
        if p.source == "builtin" and p.is_right(action) and self.chooses:
            self.solved_builtin(p)
        own = p.source == "own" and p.id in self.queue.entries
        if own:
            self.queue.record(p.id, p.is_right(action), queue_mod.today())
        elif p.source == "builtin":  # counted on Progress with the person's own problems
            self.queue.record_builtin(p.ruleset, p.is_right(action))
        if own or p.source == "builtin":
            if not getattr(self.app, "read_only", False):
                error = save_queue(self.queue)
                if error:
                    self.app.notify(error)
        self.rebuild()
        return True

    def play_on(self) -> bool:
        """Once answered: the hand played on at the table from the decision (the person
        plays it, whatever they answered), a practice hand that comes back here."""
        p = self.problem
        if p is None or self.answer is None:
            return False
        from beloz.ui.scenes.table.replay import play_on

        try:
            play_on(self.app, p, self)
        except ValueError as err:  # a hand that does not replay turned (a damaged file)
            self.app.notify(self.app.tr("practice.play_on_failed", error=err))
            return False
        return True

    def next_problem(self) -> None:
        if self.index + 1 < len(self.problems):
            self.start(self.index + 1)
        else:
            self.app.pop()

    # -- words ------------------------------------------------------------------------------

    def action_name(self, action: int) -> str:
        """A card by its name, a bid or a call as on its button."""
        v = self.view
        assert v is not None
        if 0 <= action < 32:
            word = review_mod.card_name(action, v.trump, v.hand)
            return word[:1].upper() + word[1:]
        return bid_label(action, v.ruleset, v.turned, self.app.tr)

    def action_said(self, action: int, first: bool = False) -> str:
        """An option as a sentence says it: a card with its article ("Juste ! Le léopard
        du Sud est le meilleur choix", not "Léopard du Sud est..."), capitalised when it
        begins the sentence; a bid or a call as on its button."""
        v = self.view
        assert v is not None
        if not 0 <= action < 32:
            return self.action_name(action)
        word = review_mod.card_name(action, v.trump, v.hand, "the")
        return word[:1].upper() + word[1:] if first else word

    def points(self, value: float, signed: bool = True) -> str:
        assert self.view is not None
        return review_mod.shown_points(value, score_scale(self.view.ruleset), signed)

    def why_best(self) -> list[str]:
        """Why the best option rather than the answer given (a wrong one), or than the next
        option outside the "about as good" band (``review.reason``: the concept that
        decides, from the seat's view only), the comparative sentence first."""
        p, v = self.problem, self.view
        assert p is not None and v is not None and self.answer is not None
        framed = p.framed()
        if p.is_right(self.answer):
            worse = [o.action for o in p.options if o.action != p.best and o.action not in framed]
        else:
            worse = [self.answer]
        values = {o.action: o.expected for o in p.options}
        why, other, detail = review_mod.reason(v, p.best, worse, len(p.options), values,
                                               framed)
        found = None
        if p.kind == "card" and worse:
            # seeded by the view: the same words; against the option the reason names (a
            # threshold that carries most of the gain is said first)
            against = worse[0] if other is None else other
            found = why_better(v, p.best, against, review_mod.is_comparative(why),
                               values[p.best] - values[against])
        elif p.kind == "card" and other is not None:  # against an option about as good
            found = review_mod.close_call(v, p.best, other, why, p.options)
        return review_mod.reason_sentences(why, found, detail, ruleset=v.ruleset)

    def seat_name(self, seat: int) -> str:
        """A seat as the problem's seat sees it: "You" at the bottom, the others around."""
        assert self.view is not None
        return self.app.tr(f"table.seat.{(seat - self.view.seat) % 4}")

    def result_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """After an answer: right or wrong, each option's value (best first), why."""
        p = self.problem
        assert p is not None and self.answer is not None
        tr = self.app.tr
        right = p.is_right(self.answer)
        out = []
        if right:
            key = "practice.right" if self.answer == p.best else "practice.about_as_good"
            # "Right! The South leopard is the best", after "about as good as the best, ..."
            best = (self.action_said(p.best, first=True) if key == "practice.right"
                    else self.action_name(p.best))
            out.append((tr(key, best=best), GREEN, True))
        else:
            out.append((tr("practice.wrong", best=self.action_said(p.best)), RED, True))
        if drills.drill_rule(p) is not None:  # a drill: the guide's bid and its rule first
            verdict, rule = drills.drill_lines(p, self.answer, self.action_name, get_language())
            out[-1:] = [(verdict, out[-1][1], True), (rule, GOLD, False)]
        noise = p.spread()  # the ± of the values, with what it means, when one is shown
        out.append((tr("practice.values_noise", noise=noise) if noise else tr("practice.values"),
                    DIM, False))
        shown = {o.action for o in p.options}
        framed = p.framed()  # about as good: in gold like the best, as the hint frames them
        for o in p.options:
            mark = "  ←" if o.action == self.answer else ""
            color = GOLD if o.action == p.best or o.action in framed else CREAM
            out.append((f"{self.action_name(o.action)}   {self.points(o.expected)}{mark}",
                        color, False))
        if self.answer not in shown:  # a bid Expert does not weigh
            out.append((tr("practice.not_weighed", what=self.action_said(self.answer, True)),
                        DIM, False))
        for i, text in enumerate(self.why_best()):
            out.append((text, GOLD if i == 0 else CREAM, False))
        if p.kind != "card" and self.view is not None and p.rule is None:  # the guide's rule
            said = bid_guide.note(self.view, p.best, get_language())
            if said is not None:
                out.append((said, DIM, False))
        if p.source == "own" and p.chosen is not None:
            out.append((tr("practice.in_match", what=self.action_name(p.chosen)), DIM, False))
        return out

    # -- buttons and events -----------------------------------------------------------------

    def board_trump(self) -> int | None:
        return None if self.view is None else self.view.trump

    def bid_options(self) -> list[int]:
        p = self.problem
        if p is None or p.kind == "card" or self.answer is not None:
            return []
        return p.legal()

    def bid_keys(self) -> dict[int, str]:
        """Each bid or call offered, with the table's name of its button (its key: T take,
        P pass, D double, R redouble, the digits for the contracts and the plains)."""
        auction = self.view is not None and self.view.ruleset.bidding is Bidding.AUCTION
        return {a: prompts.bid_name(a, auction) for a in self.bid_options()}

    def split(self) -> float:  # type: ignore[override]
        """As on every board, further left by ``narrow`` (an answer short of room)."""
        return BoardScene.split() - self.narrow

    def bottom_rects(self, names: list[str], labels: dict[str, str]
                     ) -> tuple[dict[str, pygame.Rect], int, int]:
        """Where Menu and Next go (side by side where their labels fit, measured in the
        buttons' own font), Play on over them once answered; the panel's left and width."""
        import pygame_gui

        w, h = self.app.size
        fp = self.font_px()
        font = self.font(fp)
        bh = round(fp * 2.1)
        x0 = round(w * self.split())
        panel_w = w - x0 - round(fp * 0.8)
        bw = max(110, *(font.size(labels[n])[0] + 30 for n in names))
        y = h - bh - round(fp * 0.6)
        if len(names) * (bw + 8) - 8 > panel_w and self.least_px(fp) < fp:
            # Large text: measured in the buttons' own font (side by side where they fit).
            probe = pygame_gui.elements.UIButton(pygame.Rect(0, 0, panel_w, bh), "",
                                                 manager=self.app.ui,
                                                 object_id=button_id(self.app.size))
            least = max(110, *(probe.font.size(labels[n])[0] + 30 for n in names)) \
                if probe.font is not None else bw
            if len(names) * (least + 8) - 8 <= panel_w:
                bw = (panel_w - 8) // 2
            probe.kill()
        if len(names) * (bw + 8) - 8 <= panel_w:
            bw = min(bw, (panel_w - 8) // 2)
            rects = {name: pygame.Rect(x0 + i * (bw + 8), y, bw, bh)
                     for i, name in enumerate(names)}
        else:  # large text: each label whole, on a row of its own (Next at the bottom)
            bw = (panel_w - 8) // 2
            rects = {name: pygame.Rect(x0, y - (len(names) - 1 - i) * (bh + 8), panel_w, bh)
                     for i, name in enumerate(names)}
        if self.answer is not None:
            # Over the buttons, as wide as both: the hand played on from the decision.
            top = min(r.top for r in rects.values())
            rects["play_on"] = pygame.Rect(x0, top - bh - 8, 2 * bw + 8, bh)
        return rects, x0, panel_w

    def build(self) -> None:
        import pygame_gui

        w, h = self.app.size
        fp = self.font_px()
        tr = self.app.tr
        names = ["back"]
        labels = {"back": tr("practice.back")}
        if self.answer is not None:
            names.append("next")
            last = self.index + 1 >= len(self.problems)
            labels["next"] = tr("practice.done" if last else "practice.next")
        self.narrow = 0.0
        rects, x0, panel_w = self.bottom_rects(names, labels)
        least = self.least_px(fp)
        if self.answer is not None and least < fp:
            # An answer that has not the room even at its 100 % size (large text): the
            # panel begins further left, down to half the window.
            items = self.panel_items()
            while self.split() > 0.5 and self.block_height(
                    items, panel_w - round(fp * 1.6), least) > min(
                    r.top for r in rects.values()) - round(fp * 4.8):
                self.narrow += 0.02
                rects, x0, panel_w = self.bottom_rects(names, labels)
        if self.answer is not None:  # over Menu and Next: the hand played on from there
            labels["play_on"] = tr("practice.play_on")
        self.buttons_top = min(r.top for r in rects.values())  # the text panel ends above
        for name, rect in rects.items():
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                rect, labels[name], manager=self.app.ui, object_id=button_id(self.app.size)))
        if self.chooses:
            # Practice's own ruleset (← →), over the panel: the game's is left alone.  Wider
            # to the left where the longest name needs it in the button's font (« Belote
            # sans annonces » at 960 x 600, large text); the title then stays clear of it.
            shown = self.buttons["ruleset"] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x0, round(fp * 0.4), panel_w, round(fp * 2.1)),
                f"◀  {tr(f'ruleset.{self.ruleset}')}  ▶", manager=self.app.ui,
                object_id=oid(self.app, "#back_button")))
            need = 16 + max(shown.font.size(f"◀  {tr(f'ruleset.{n}')}  ▶")[0]
                            for n in RULESETS) if shown.font is not None else 0
            if need > panel_w:
                shown.set_dimensions((need, shown.rect.h))
                shown.set_position((x0 + panel_w - need, shown.rect.top))
        # The calls above the hand, across the board: the hand so far ends above them.
        board = self.board_rect()
        area = pygame.Rect(board.left + round(fp * 0.6), board.top, board.w - round(fp * 1.2),
                           self.hand_top(board, fp) - board.top)
        # Each with the table's key, in rows that take at most a third of the board above
        # the hand (else the contracts' digits said once, under the task: ``panel_items``).
        calls, unwritten = prompts.keyed_labels(
            tr, {a: (self.action_name(a), prompts.BUTTON_KEYS[name])
                 for a, name in self.bid_keys().items()},
            lambda shown: -(-len(shown) // self.question_grid(shown, area)[3]),
            round(area.h / 3) // (round(fp * 2.1) + 8))
        self.unwritten = tuple(unwritten)
        self.calls_top = self.add_question_buttons(calls, area)
        # The keys' focus, in reading order: on the first bid when there is one to make, on
        # Next once answered; while a card is to choose, on nothing (Enter must not press
        # Menu): the arrows select a card, Tab reaches the buttons.
        bids = [n for n in self.buttons if n.startswith("bid:")]
        self.focus.begin(bids[0] if bids else "next" if self.answer is not None else None)
        for name in ["ruleset", *bids, "play_on", "back", "next"]:
            if name in self.buttons:
                self.focus.add(name, self.buttons[name])
        self._redraw = True

    def cards_open(self) -> bool:
        return self.view is not None and self.view.phase is Phase.PLAY

    def choosing_card(self) -> bool:
        p = self.problem
        return self.cards_open() and self.answer is None and p is not None and p.kind == "card"

    def take_card(self, c: int) -> None:
        self.choose(c)

    def shown(self) -> tuple[object, ...]:
        return (self.app.size, self.ruleset, self.index, self.answer)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:  # a bid's or a call's key, as on its button
            bid = prompts.bid_key_pressed(self.bid_keys(), event.key)
            if bid is not None:
                self.press(f"bid:{bid}")
                return True
        if self.board_event(event):
            return True
        arrow = event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        if arrow and self.focus.focused == "ruleset":  # its ◀ ▶ as the label shows
            self.next_ruleset(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if self.card_key(event):
            return True
        if self.focus.handle_event(event):
            self._redraw = True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.press("back")
                return True
            if event.key == pygame.K_n and self.answer is not None:
                self.press("next")
                return True
            if event.key == pygame.K_p and self.answer is not None:
                self.press("play_on")
                return True
        return False

    def press(self, name: str) -> None:
        if name == "back":
            self.app.pop()
        elif name == "next":
            self.next_problem()
        elif name == "play_on":
            self.play_on()
        elif name == "ruleset":
            self.next_ruleset()
        elif name.startswith("bid:"):
            self.choose(int(name[4:]))

    def update(self, dt: float) -> None:
        pass

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fp = self.font_px()
        tr = self.app.tr
        surface.fill((14, 34, 26))
        board = self.board_rect()
        pygame.draw.rect(surface, FELT, board, border_radius=18)
        drawn.record(surface, "panel", board)
        bh, low = round(fp * 2.1), round(fp * 0.6)  # the buttons' height and bottom margin
        buttons_top = getattr(self, "buttons_top", h - bh - low)
        panel = pygame.Rect(round(w * self.split()), round(fp * 3),
                            w - round(w * self.split()) - round(fp * .8),
                            buttons_top + bh + low - round(fp * 6.4))  # 0.7 fp above them
        pygame.draw.rect(surface, (10, 22, 18), panel, border_radius=10)
        pygame.draw.rect(surface, GOLD, panel, 1, border_radius=10)
        drawn.record(surface, "panel", panel)
        p, v = self.problem, self.view
        x, y, width = panel.left + fp * 0.8, panel.top + fp * 0.7, panel.w - round(fp * 1.6)
        if p is None or v is None:
            self.text(surface, tr("practice.heading"), (fp * 0.8, fp * 1.4), fp + 4, GOLD,
                      True, anchor="midleft")
            self.lines(surface, tr("practice.none"), x, y, width, fp, CREAM)
            self.card_rects = []
            return
        title, size = self.title(), fp + 4  # smaller where it would reach the ruleset
        chooser = self.buttons.get("ruleset")
        right = min(w * self.split(), w if chooser is None else chooser.rect.left)
        while size > self.least_px(fp) + 4 and self.font(size, True).size(title)[0] > (
                right - fp * 1.6):
            size -= 1
        self.text(surface, title, (fp * 0.8, fp * 1.4), size, GOLD, True, anchor="midleft")
        self.draw_board(surface, board, fp, v)
        items = self.panel_items()  # smaller (down to 100 %) where they have not the room
        unit = self.fit_unit(items, width, panel.bottom - round(fp * 0.4) - y, fp)
        self.block(surface, items, x, y, width, unit)

    def panel_items(self) -> list[Item]:
        """The panel: the problems due, where this one comes from, the question, the
        answer."""
        tr, p = self.app.tr, self.problem
        assert p is not None
        due = self.queue.counts(queue_mod.today(), ruleset=self.ruleset).due
        drill = drills.drill_rule(p) is not None  # a bidding drill (``practice.drills``)
        items: list[Item] = [
            (tr("practice.due", n=due), -3, DIM, False, 0),
            (tr("practice.drill.source" if drill else f"practice.source.{p.source}"), -3, DIM,
             False, 0),
            (tr("practice.drill.find" if drill else f"practice.find.{p.kind}"), 0, GOLD, True,
             0.5)]
        if self.answer is None:
            hint = tr("practice.click_card" if p.kind == "card" else "practice.press_button")
            items.append((hint, -2, CREAM, False, 0.3))
            keys = prompts.key_line(tr, [  # the keys the buttons had not the room to say
                (key, self.action_name(a)) for a, name in self.bid_keys().items()
                if (key := prompts.BUTTON_KEYS[name]) in self.unwritten])
            if keys:
                items.append((keys, -2, CREAM, False, 0.3))
        else:
            items += [(text, -2, color, bold, 0.65 if i == 0 else 0.25)
                      for i, (text, color, bold) in enumerate(self.result_lines())]
        return items

    def title(self) -> str:
        """The problem's title with its number, as drawn (none left: the heading)."""
        tr, p = self.app.tr, self.problem
        if p is None or self.view is None:
            return tr("practice.heading")
        return tr("practice.title", n=self.index + 1, total=len(self.problems),
                  skill=tr(f"practice.skill.{p.skill}"))

    def spoken_title(self) -> str:
        """The title, then the board as said once a problem opens: the hand so far
        (``history_view.spoken``) and the hand, numbered as keys 1-8 take its cards."""
        from beloz.ui import history_view as hv
        from beloz.ui.scenes.table.spoken import hand_line

        v, tr = self.view, self.app.tr
        if self.problem is None or v is None:
            return self.title()
        held = sorted((c for c in range(32) if v.hand >> c & 1),
                      key=lambda c: sort_key(c, v.trump))
        legal = set(v.legal_actions()) if v.phase is Phase.PLAY else None
        said = hv.spoken(hv.history_of(v), tr, lambda s: tr("speech.you") if s == v.seat
                         else self.seat_name(s))
        return f"{speech.sentence(self.title())} {said} {hand_line(tr, held, legal)}"

    def spoken_news(self) -> str:
        """The panel's question, then the answer once given (none left: why)."""
        if self.problem is None or self.view is None:
            return self.app.tr("practice.none")
        return " ".join(speech.sentence(text) for text, *_ in self.panel_items()[2:])

    def board_rect(self) -> pygame.Rect:
        """The board: the window's left part, under the title."""
        w, h = self.app.size
        fp = self.font_px()
        return pygame.Rect(round(fp * 0.6), round(fp * 3),
                           round(w * (self.split() - 0.02)) - fp, h - round(fp * 3.6))

    def hand_top(self, board: pygame.Rect, fp: int) -> int:
        """Where the hand's part of ``board`` begins (its line "Your turn", its cards)."""
        return practice_cards.hand_top(self, board, fp)

    def history_rect(self, board: pygame.Rect, fp: int) -> pygame.Rect:
        """The hand so far: above the hand and the calls (``practice_cards``)."""
        return practice_cards.history_rect(self, board, fp)

    def card_size(self) -> tuple[int, int]:
        """The hand's cards (``practice_cards``: larger with large text, as the board
        allows)."""
        return practice_cards.card_size(self)

    def draw_history(self, surface: pygame.Surface, rect: pygame.Rect, fp: int,
                     v: SeatView) -> None:
        """The hand as the seat saw it (``beloz.ui.history_view``), what ``shown_history``
        keeps of it for the tests."""
        from beloz.ui import history_view as hv

        pygame.draw.rect(surface, (14, 44, 30), rect, border_radius=10)
        pygame.draw.rect(surface, (60, 110, 80), rect, 1, border_radius=10)
        drawn.record(surface, "panel", rect)
        history, measure = hv.history_of(v), hv.measure_with(self.font)
        # Smaller (down to its 100 % size) where a large text size overflows the panel.
        for unit in range(fp, self.least_px(fp) - 1, -1):
            layout = hv.plan(history, rect, unit, self.app.tr, measure, self.seat_name)
            if layout.fits:
                break
        self.shown_history = hv.draw(surface, layout, getattr(self.app, "art", None),
                                     self.font, self.images.name)

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect, fp: int,
                   v: SeatView) -> None:
        """The seat's view: its hand at the bottom; on the left the hand so far (the bids,
        the expeditions, the announcements: ``draw_history``); on the right the others'
        names and card counts around the expedition so far (or the turned card and the
        bids), the contract."""
        tr = self.app.tr
        trump = v.trump
        cw, ch = self.card_size()
        held = sorted((c for c in range(32) if v.hand >> c & 1),
                      key=lambda c: sort_key(c, trump))
        step = min(cw * 1.02, (board.w - cw - fp) / max(1, len(held) - 1)) if held else 0
        x0 = board.centerx - (step * (len(held) - 1) + cw) / 2
        y0 = board.bottom - ch - fp * 0.6
        self.card_rects = []
        legal = set(v.legal_actions()) if self.answer is None else set()
        p = self.problem
        chosen = self.selected_card(len(held))
        for i, c in enumerate(held):
            img = self.images.face(c, cw, self.flooded(c))
            rect = img.get_rect(topleft=(round(x0 + i * step), round(y0)))
            if self.answer == c:
                rect.y -= round(ch * 0.2)  # the card chosen, lifted
            elif i == chosen:
                rect.y -= round(ch * 0.12)  # selected with the arrows
            surface.blit(img, rect)
            if v.phase is Phase.PLAY and self.answer is None and c not in legal:
                self.shade(surface, rect)
            if self.answer is not None and p is not None and (c == p.best or c in p.framed()):
                frame(surface, rect, c, width=3, radius=6)
            self.card_rects.append((rect, c))
        self.draw_selected(surface, chosen, cw,
                           chosen is not None and self.card_rects[chosen][1] not in legal)
        hist = self.history_rect(board, fp)
        self.draw_history(surface, hist, fp, v)
        table = pygame.Rect(hist.right + round(fp * 0.6), board.top, 0, hist.h)
        table.w = board.right - table.left - round(fp * 0.6)
        playing = v.phase is Phase.PLAY  # the taker is known once the bidding is over
        if self.answer is None:  # once answered, the verdict says it
            me = tr("practice.your_turn") + (" · " + tr("table.taker")
                                             if playing and v.taker == v.seat else "")
            self.text(surface, me, (board.centerx, y0 - ch * 0.2 - fp * 0.9), fp - 1, GOLD,
                      True)
        practice_column.draw_column(self, surface, table, fp, cw, v)
