"""The questions put to the person: a prompt line and a row of buttons for each kind of
step (bid, cut, deal, play), the questions a chosen card raises (declare, BeloZ: asked in
turn by ``card_play``), and the score screen's buttons.

Each question is a function of the scene and the step, registered in ``QUESTIONS`` by step
kind; its buttons' names are turned into the step's value by ``ANSWERS`` and reached from
the keyboard through ``KEYS``.  A new kind of question (an auction, another ruleset's
choice) is one more function and one more entry in each table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

from beloz.rules.contract import LADDER, Contract, parse_contract
from beloz.rules.questions import Ask
from beloz.rules.state import (
    DOUBLE,
    PASS,
    REDOUBLE,
    TAKE,
    action_contract,
    action_plain,
    contract_action,
    name_action,
)
from beloz.rules.tricks import undertrump_spared
from beloz.ui.game import Step, StepKind
from beloz.ui.scenes import score as score_panel
from beloz.ui.scenes.table.texts import belote_key

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene


def button_row(scene: TableScene, items: list[tuple[str, str]],
               plains: dict[str, int] | None = None) -> None:
    """Buttons centred above the person's hand: (name, label) pairs, each label followed by
    its key (``BUTTON_KEYS``); ``plains`` gives a button its plain's colours (theme ids
    ``#plain_0`` .. ``#plain_3``)."""
    plains = plains or {}
    scene.kill_buttons()
    L = scene.layout
    f = scene.font(L.font_px)
    shown = [(name, key_label(scene, label, BUTTON_KEYS.get(name))) for name, label in items]
    widths = [max(round(L.cw * 1.2), f.size(label)[0] + 30) for _, label in shown]
    digits = [BUTTON_KEYS[n] for n, _ in items if BUTTON_KEYS.get(n, "").isdigit()]
    column = [b.rect for b in scene.fixed_buttons.values() if b is not None]
    if (sum(widths) + 10 * (len(widths) - 1) > L.W - 2 * L.pad or any(
            r.colliderect(b) for r in L.button_row(widths) for b in column)) \
            and len(digits) > 1:
        # Too wide (the open auction in French at 960: "Tout atout (touche 6)" and five
        # more; at large text, a row reaching the Hint column): the digits said once, on a
        # line of their own under the question, each with its button's label, as the
        # tutorial and Practice say them (the round-two plains read North, East, South,
        # West and their keys are 4, 1, 3, 2: no range of digits would tell them).
        keys = key_line(scene.t, [(BUTTON_KEYS[n], label) for n, label in items
                                  if BUTTON_KEYS.get(n, "").isdigit()])
        if not scene.prompt.endswith(keys):  # said once, when the buttons are made again
            scene.words.ask(f"{scene.prompt}\n{keys}")
        shown = [(name, label if BUTTON_KEYS.get(name, "").isdigit() else text)
                 for (name, label), (_, text) in zip(items, shown, strict=True)]
        widths = [max(round(L.cw * 1.2), f.size(label)[0] + 30) for _, label in shown]
    items = shown
    for (name, label), rect in zip(items, L.button_row(widths), strict=True):
        p = plains.get(name)
        scene.button(rect, label, scene.buttons, name, None if p is None else f"#plain_{p}")


def key_line(t: Callable[..., str], keyed: list[tuple[str, str]]) -> str:
    """The keys that buttons had not the room to write, each with its button's label, in
    the buttons' order: "Keys: 4 Take North · 1 Take East · P Pass" (a key and its label
    kept on one line); empty with none.  The round-two plains' buttons read North, East,
    South, West and their keys are 4, 1, 3, 2: a range of digits would leave them to be
    guessed."""
    shown = [f"{key} {label}".replace(" ", "\u00a0") for key, label in keyed]
    return t("tutorial.keys", keys="\u00a0· ".join(shown)) if shown else ""


def key_label(scene: TableScene, label: str, key: str | None) -> str:
    """A button's label with its key: "Take South (T)", but "North (key 4)", since "North
    (4)" or "Deal 3 then 2 (3)" reads as a count."""
    return with_key(scene.t, label, key)


def with_key(t: Callable[..., str], label: str, key: str | None) -> str:
    """``key_label`` with the words ``t`` (a scene that is not the table's: Practice)."""
    if key is None:
        return label
    if key.isdigit():
        return t("table.button.key_digit", label=label, digit=key)
    return f"{label} ({key})"


# -- the questions, by step kind ---------------------------------------------------------------


#: Every question button's key, shown on the button: T take, P pass, D double, R redouble;
#: the auction's contracts by their place on the ladder, 1 (East) ... 6 (all trumps), and a
#: plain named in round 2 by the same number; 3 / 2 the deal's first packet; D declare, B
#: BeloZ, Q keep quiet; Enter cuts; on the score screen R reviews the hand, A plays the
#: deal again.  A key only works while its button is shown.
BUTTON_KEYS = {"take": "T", "pass": "P", "double": "D", "redouble": "R",
               "deal3": "3", "deal2": "2", "declare": "D", "quiet": "Q",
               "beloz_yes": "B", "beloz_no": "Q", "cut": "Enter",
               "review": "R", "again": "A", "new_match": "N"}
BUTTON_KEYS.update({f"call{code}": str(i + 1) for i, code in enumerate(LADDER)})
BUTTON_KEYS.update({f"name{parse_contract(code).plain}": str(i + 1)
                    for i, code in enumerate(LADDER[:4])})


def keyed_labels(t: Callable[..., str], items: dict[Any, tuple[str, str]],
                 rows: Callable[[list[str]], int], room: int = 0
                 ) -> tuple[dict[Any, str], list[str]]:
    """Buttons' labels (``items``: label and key) with their keys written (``with_key``)
    where that takes no more rows (``rows``) than the bare labels or than ``room``: every
    key, else the letters only (Pass (P)), else none.  The labels, and the keys not
    written (to say once, as the table does on its question's line)."""
    if not items:
        return {}, []
    most = max(room, rows([label for label, _ in items.values()]))
    for written in ("all", "letters"):
        labels = {k: with_key(t, label, key if written == "all" or not key.isdigit()
                              else None) for k, (label, key) in items.items()}
        if rows(list(labels.values())) <= most:
            return labels, [key for _, key in items.values()
                            if written != "all" and key.isdigit()]
    return {k: label for k, (label, _) in items.items()}, [key for _, key in items.values()]


def bid_name(action: int, auction: bool) -> str:
    """The button name of a bid or a call (its key: ``BUTTON_KEYS``), as the table names
    it: an auction's call (``call_name``), else Take (the turned card), a plain named in
    round 2, Pass."""
    if auction or action in (PASS, DOUBLE, REDOUBLE):
        return call_name(action)
    plain = action_plain(action)
    return "take" if action == TAKE or plain is None else f"name{plain}"


def call_name(action: int) -> str:
    """The button name of an auction call."""
    if action in (PASS, DOUBLE, REDOUBLE):
        return {PASS: "pass", DOUBLE: "double", REDOUBLE: "redouble"}[action]
    contract = action_contract(action)
    assert contract is not None
    return f"call{contract.code}"


def ask_auction(scene: TableScene, step: Step) -> None:
    """Only the legal calls: the contracts above the current one, Double against the other
    team's contract, Redouble after a double, Pass; each with its key."""
    h = scene.view()
    assert h is not None, "an auction without a hand"
    legal = step.data["legal"]
    if h.contract is None or h.taker is None:
        scene.words.ask(scene.t("table.prompt.auction_open"))
    else:
        scene.words.ask(f"{auction_head(scene, h, legal)} {auction_choices(scene, legal)}")
    items: list[tuple[str, str]] = []
    plains: dict[str, int] = {}
    for a in step.data["legal"]:
        name = call_name(a)
        contract = action_contract(a)
        if contract is not None:
            label = contract_label(scene, contract)
            if contract.plain is not None:
                plains[name] = contract.plain
        else:
            label = scene.t(f"table.button.{name}")
        items.append((name, label))
    button_row(scene, items, plains=plains)


def auction_head(scene: TableScene, h: Any, legal: list[int]) -> str:
    """The contract on the table and who called it; doubled against the person's team, who
    doubled it: a plain contract's name is a compass point, as a seat's place is, so
    "South doubled" would read as a player ("Juma doubled your South contract")."""
    label = contract_label(scene, h.contract)
    if REDOUBLE in legal:
        return scene.t("table.prompt.auction_doubled", contract=label,
                       name=scene.seat_name(doubler(h)))
    if h.multiplier > 1:  # doubled (×2) or redoubled (×4)
        label += f" ×{h.multiplier}"
    return scene.t("table.prompt.auction", contract=label, name=scene.seat_name(h.taker))


def doubler(h: Any) -> int:
    """The seat of the last double of the hand's auction (its calls go round from the
    dealer's side in the ruleset's direction of play)."""
    i = max(k for k, b in enumerate(h.bids) if b == DOUBLE)
    return (h.dealer + h.ruleset.direction * (i + 1)) % 4


def auction_choices(scene: TableScene, legal: list[int]) -> str:
    """The calls on the buttons, in words and nothing more: "Redouble, call higher, or
    pass"; "Nothing higher can be called: pass" when Pass is all there is."""
    verbs = [scene.t("table.prompt.calls.redouble")] if REDOUBLE in legal else []
    if any(action_contract(a) is not None for a in legal):
        verbs.append(scene.t("table.prompt.calls.higher"))
    if DOUBLE in legal:
        verbs.append(scene.t("table.prompt.calls.double"))
    if not verbs:
        return scene.t("table.prompt.calls.only_pass")
    verbs.append(scene.t("table.prompt.calls.pass"))
    if len(verbs) == 2:
        text = scene.t("table.prompt.calls.two", a=verbs[0], b=verbs[1])
    else:
        text = scene.t("table.prompt.calls.more", head=", ".join(verbs[:-1]), last=verbs[-1])
    return text[:1].upper() + text[1:]


def contract_label(scene: TableScene, contract: Contract) -> str:
    if contract.plain is not None:
        return scene.plain_name(contract.plain)
    return scene.t(f"table.contract.{contract.code}")


def ask_bid(scene: TableScene, step: Step) -> None:
    h = scene.view()
    assert h is not None, "a bid without a hand"
    if step.data.get("auction"):
        ask_auction(scene, step)
    elif step.data["round"] == 1:
        plain = scene.plain_name(h.turned >> 3)
        scene.words.ask(scene.t("table.prompt.bid1", plain=plain))
        button_row(scene, [("take", scene.t("table.button.take", plain=plain)),
                           ("pass", scene.t("table.button.pass"))],
                   plains={"take": h.turned >> 3})
    else:
        scene.words.ask(scene.t("table.prompt.bid2"))
        items = []
        for a in step.data["legal"]:
            p = action_plain(a)
            if p is not None:
                items.append((f"name{p}", scene.plain_name(p)))
        items.append(("pass", scene.t("table.button.pass")))
        button_row(scene, items, plains={n: int(n[4:]) for n, _ in items if n.startswith("name")})


def ask_cut(scene: TableScene, step: Step) -> None:
    from beloz.ui.scenes.table import animations

    scene.words.ask(scene.t("table.prompt.cut"))
    animations.spread_deck(scene)
    button_row(scene, [("cut", scene.t("table.button.cut"))])


def ask_deal(scene: TableScene, step: Step) -> None:
    scene.words.ask(scene.t("table.prompt.deal"))
    button_row(scene, [("deal3", scene.t("table.button.deal32")),
                       ("deal2", scene.t("table.button.deal23"))])


def ask_play(scene: TableScene, step: Step) -> None:
    """No buttons: the person clicks a card.  The prompt says whether some are dimmed."""
    h = scene.view()
    if h is not None and h.trump is not None and undertrump_spared(
        h.hand, h.trick, h.trump, h.ruleset
    ):
        # Where BeloZ would make the person undertrump, say the ruleset does not.
        scene.words.ask(scene.t("table.prompt.play_no_undertrump"))
        return
    some = len(step.data["legal"]) < len(scene.hands[0])
    scene.words.ask(scene.t("table.prompt.play_some" if some else "table.prompt.play"))


QUESTIONS: dict[StepKind, Callable[[TableScene, Step], None]] = {
    StepKind.BID: ask_bid,
    StepKind.CUT: ask_cut,
    StepKind.DEAL: ask_deal,
    StepKind.PLAY: ask_play,
}

NO_ANSWER = object()


def answer(name: str, step: Step) -> Any:
    """The step's value a question button stands for, or ``NO_ANSWER``."""
    if name == "take":
        return TAKE
    if name == "pass":
        return PASS
    if name in ("double", "redouble"):
        return DOUBLE if name == "double" else REDOUBLE
    if name.startswith("call") and name[4:] in LADDER:
        return contract_action(parse_contract(name[4:]))
    if name.startswith("name") and name[4:].isdigit():
        return name_action(int(name[4:]))
    if name == "cut":
        return step.data.get("default", 16)
    if name in ("deal3", "deal2"):
        return 3 if name == "deal3" else 2
    return NO_ANSWER


def key_presses(key: int, shown: str) -> bool:
    """Whether ``key`` is the key ``shown`` on a button (a letter, a digit of either row, or
    Enter)."""
    if shown == "Enter":
        return key in (pygame.K_RETURN, pygame.K_KP_ENTER)
    return key in (pygame.key.key_code(shown.lower()), getattr(pygame, f"K_KP{shown}", None))


def key_button(shown: Iterable[str], key: int) -> str | None:
    """The button, among the ``shown`` ones, that ``key`` presses, or None."""
    for name in shown:
        if name in BUTTON_KEYS and key_presses(key, BUTTON_KEYS[name]):
            return name
    return None


def bid_key_pressed(bid_keys: dict[int, str], key: int) -> int | None:
    """The bid or call, among a scene's keyed buttons (``bid_keys``: action -> button name),
    that ``key`` presses, or None (Practice and the tutorial, as on their buttons)."""
    keyed = {name: a for a, name in bid_keys.items()}
    name = key_button(keyed, key)
    return None if name is None else keyed[name]


# -- the questions a chosen card raises (``beloz.rules.questions``, asked by ``card_play``) ----


#: Each question's buttons: (yes, no).
CARD_BUTTONS = {Ask.ANNOUNCE: ("declare", "quiet"), Ask.BELOT: ("beloz_yes", "beloz_no"),
                Ask.BELOT_AGAIN: ("beloz_yes", "beloz_no")}


def ask_card(scene: TableScene, ask: Ask) -> None:
    """Declare tierce? Declare (D) / Keep quiet (Q); or BeloZ / Re-BeloZ (Belote /
    Rebelote, Belot), in the ruleset's own words: BeloZ! (B) / Keep quiet (Q)."""
    h = scene.view()
    assert h is not None, "a card's question without a hand"
    yes, no = CARD_BUTTONS[ask]
    if ask is Ask.ANNOUNCE:
        what = " + ".join(scene.ann_name(a.kind).lower() for a in h.own_announcements)
        scene.words.ask(scene.t("table.declare_q", what=what))
        label = scene.t("table.button.declare")
    else:
        again = ask is Ask.BELOT_AGAIN
        scene.words.ask(scene.t(belote_key(h.ruleset, "ask_again" if again else "ask")))
        label = scene.t(belote_key(h.ruleset, "say_again" if again else "say"))
    button_row(scene, [(yes, label), (no, scene.t("table.button.quiet"))])
    scene.turn.on_redo(lambda: ask_card(scene, ask))


# -- the score screen --------------------------------------------------------------------------


def score_first_button(scene: TableScene) -> str:
    """The score screen's first button (Enter and Space press it): a replayed deal leads
    back to the match, never on to another hand of its practice copy."""
    return "back_to_match" if scene.replay_of is not None else "next"


def score_buttons(scene: TableScene, end: bool) -> None:
    """Next hand, or at the match's end New match and Menu, at the score panel's foot."""
    L = scene.layout
    rect = score_panel.panel_rect(L.size)
    h = score_panel.button_height(L.font_px)
    w = max(180, round(L.W * 0.16))
    y = rect.bottom - h - L.pad
    scene.kill_buttons()
    if end:  # each with its key: N (Enter, Space: the first), and Menu's own Esc
        new = key_label(scene, scene.t("table.button.new_match"), BUTTON_KEYS["new_match"])
        menu = scene.t("table.button.menu")
        f = scene.font(L.font_px)
        w = min(max(w, f.size(new)[0] + 30, f.size(menu)[0] + 30), (rect.w - 3 * L.pad) // 2)
        scene.button(pygame.Rect(rect.centerx - w - 6, y, w, h), new, scene.buttons,
                     "new_match")
        scene.button(pygame.Rect(rect.centerx + 6, y, w, h), menu, scene.buttons, "menu_end")
    else:
        review = key_label(scene, scene.t("teach.button_review"), BUTTON_KEYS["review"])
        again = key_label(scene, scene.t("teach.button_again"), BUTTON_KEYS["again"])
        # As wide as "Play this deal again (A)" needs, three side by side in the panel.
        f = scene.font(L.font_px)
        first = score_first_button(scene)
        step = scene.step
        decided = step is not None and step.data.get("winner") is not None
        # The match's last hand: its Next hand would lead to the match's result, not a hand.
        label = scene.t("practice.button_back" if scene.practice_screen is not None
                        else "teach.button_back_to_match" if first == "back_to_match"
                        else "table.button.see_result" if decided
                        else "table.button.next_hand")
        # With its key, as Review (R) and Play again (A) have theirs: Enter (Space too).
        label = scene.t("common.confirm_enter", action=label)
        w = min(max(w, f.size(again)[0] + 30, f.size(review)[0] + 30),
                (rect.w - 4 * L.pad) // 3)
        made = [scene.button(pygame.Rect(rect.centerx - w * 3 // 2 - 12, y, w, h), label,
                             scene.buttons, first),
                scene.button(pygame.Rect(rect.centerx - w // 2, y, w, h), review,
                             scene.buttons, "review"),
                scene.button(pygame.Rect(rect.centerx + w // 2 + 12, y, w, h), again,
                             scene.buttons, "again")]
        if all(b is not None for b in made) and any(
                b.font.size(b.text)[0] + 8 > b.rect.w for b in made):
            # Large text: a label cut in three alike; each as wide as its label in its
            # own font, the row centred.
            widths = [b.font.size(b.text)[0] + 32 for b in made]
            rows = [made]
            if sum(widths) + 24 > rect.w - 2 * L.pad:  # two rows: Play again under
                rows = [made[:2], made[2:]]
            for i, row in enumerate(rows):
                row_w = [b.font.size(b.text)[0] + 32 for b in row]
                x = rect.centerx - (sum(row_w) + 12 * (len(row) - 1)) // 2
                for b, bw in zip(row, row_w, strict=True):
                    b.set_dimensions((bw, h))
                    b.set_position((x, y - (len(rows) - 1 - i) * (h + 8)))
                    b.rebuild()
                    x += bw + 12
    scene.turn.on_redo(lambda: score_buttons(scene, end))
