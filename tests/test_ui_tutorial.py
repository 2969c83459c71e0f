"""The tutorial scene driven by synthetic events: opened from the menu, a wrong card taken
back with its reason, the right one finishing the lesson, progress saved and resumed, a
skipped lesson, a bid lesson, a corrupt progress file, the played litige, the table's speech
bubbles for announcements and BeloZ."""

from __future__ import annotations

import json

import pygame
import pytest

from beloz import i18n, lessons
from beloz.rules.cards import parse
from beloz.settings import Settings
from beloz.ui.app import App
from beloz.ui.scenes.menu import MenuScene
from beloz.ui.scenes.table import hud
from beloz.ui.scenes.tutorial import TutorialScene

from .test_ui_shell import click, frames, key


def click_card(app: App, scene: TutorialScene, code: str) -> None:
    frames(app)
    rect = next(r for r, c in scene.card_rects if c == parse(code))
    # the cards overlap: click the part of the card not covered by the next one
    pos = (rect.left + 6, rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def open_from_menu(app: App) -> TutorialScene:
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    click(app, menu.buttons["tutorial"])
    scene = app.scenes[-1]
    assert isinstance(scene, TutorialScene)
    return scene


def test_a_lesson_with_a_wrong_then_a_right_card(app, data_dir):
    scene = open_from_menu(app)
    assert scene.index == 0 and scene.runner.task is not None
    click_card(app, scene, "E8")  # legal, but not what the lesson teaches
    assert scene.runner.task is not None and scene.runner.mistakes == 1
    text, _ = scene.message
    assert text.startswith("Taken back") and "crocodile" in text
    click_card(app, scene, "N5")
    # Fast: the script runs on to the next task at once, and "Right!" is not its verdict.
    assert scene.runner.task is not None and scene.message is None
    click_card(app, scene, "N3")  # the second task: the water snake is master now
    assert scene.ended and "next" in scene.buttons
    saved = json.loads((data_dir / "tutorial.json").read_text(encoding="utf-8"))
    assert saved["done"] == ["01-cards"]
    click(app, scene.buttons["next"])
    assert scene.index == 1 and not scene.ended
    # Leaving and coming back resumes at the first lesson not done.
    click(app, scene.buttons["back"])
    assert isinstance(app.scenes[-1], MenuScene)
    again = open_from_menu(app)
    assert again.index == 1


def test_right_is_said_under_the_task_just_done_not_the_next(app):
    """At play speed "Right!" stays under the task answered right while the others play,
    and goes when the next task's text takes its place."""
    from beloz.ui.drawn import recording
    from beloz.ui.scenes.tutorial import STEP_SECONDS

    app.fast = False
    scene = TutorialScene(app, lesson=0, keep_progress=False)
    app.push(scene)
    for _ in range(40):
        if scene.runner.task is not None:
            break
        app.step(STEP_SECONDS + 0.01)
    first = scene.runner.task
    assert first is not None
    first_text = scene.say(first.text)

    def drawn_texts() -> list[str]:
        with recording() as items:
            scene.draw(app.screen)
            return [d.label for d in items if d.label]

    assert scene.answer(parse("N5"))
    texts = drawn_texts()
    assert "Right!" in texts and any(first_text.startswith(t) for t in texts)
    for _ in range(40):
        app.step(STEP_SECONDS + 0.01)
        if scene.runner.task is not None:
            break
    second = scene.runner.task
    assert second is not None and second is not first
    texts = drawn_texts()
    assert "Right!" not in texts and scene.message is None


def test_an_illegal_card_says_the_engine_reason(app):
    scene = TutorialScene(app, lesson=1)  # following: Juma leads East
    app.push(scene)
    frames(app)
    click_card(app, scene, "N8")  # dimmed: refused with the reason, no move taken back
    assert scene.message[0] == "Not allowed: You must follow East"
    assert scene.runner.task is not None and scene.runner.mistakes == 0
    # The keyboard as at the table: 1-8 play the n-th card (the East lion is the 4th here).
    assert [c for _, c in scene.card_rects][3] == parse("E8")
    key(app, pygame.K_4)
    assert scene.ended


def test_skip_and_replay(app, data_dir):
    scene = open_from_menu(app)
    click(app, scene.buttons["skip"])
    assert scene.index == 1
    saved = json.loads((data_dir / "tutorial.json").read_text(encoding="utf-8"))
    assert saved["skipped"] == ["01-cards"] and saved["done"] == []
    click_card(app, scene, "E8")
    assert scene.ended
    click(app, scene.buttons["replay"])
    assert scene.index == 1 and not scene.ended and scene.runner.task is not None


def test_a_bid_lesson_with_the_buttons(app):
    scene = TutorialScene(app, lesson=6)  # when to take
    app.push(scene)
    frames(app)
    bids = {n: b for n, b in scene.buttons.items() if n.startswith("bid:")}
    assert len(bids) == 2
    click(app, scene.buttons["bid:32"])  # pass: taken back with the lesson's reason
    assert scene.message[0].startswith("Taken back") and not scene.ended
    click(app, scene.buttons["bid:33"])
    assert scene.ended and scene.runner.state.taker == 0


def test_a_corrupt_progress_file_is_set_aside_with_a_message(app, data_dir):
    (data_dir / "tutorial.json").write_text("\x00garbage", encoding="utf-8")
    scene = open_from_menu(app)
    assert scene.index == 0
    assert (data_dir / "tutorial.json.bak").exists()
    assert any("tutorial.json" in t.text for t in app.toasts)


def test_every_lesson_draws_in_both_languages(app):
    for language in ("en", "fr"):
        i18n.set_language(language)
        for i in range(len(lessons.lesson_names())):
            scene = TutorialScene(app, lesson=i, keep_progress=False)
            app.push(scene)
            frames(app)
            assert scene.card_rects  # the person's hand is on show
            app.pop()


GOLD = (255, 214, 90)  # the table's bubble for announcements and BeloZ


def said(scene: TutorialScene) -> dict[int, str]:
    return {b.seat: b.text for b, _ in scene.bubbles}


def bubble_pixels(app: App, scene: TutorialScene) -> int:
    """The gold pixels the bubbles add to the frame (drawn with and without them)."""
    frames(app)
    shown = app.screen.copy()
    kept, scene.bubbles = scene.bubbles, []
    bare = pygame.Surface(shown.get_size())
    scene.draw(bare)
    scene.bubbles = kept
    gold = 0
    for x in range(0, shown.get_width(), 2):
        for y in range(0, shown.get_height(), 2):
            if shown.get_at((x, y))[:3] == GOLD and bare.get_at((x, y))[:3] != GOLD:
                gold += 1
    return gold


def test_the_litige_lesson_played_from_the_menu(app, data_dir, monkeypatch):
    drawn: list[tuple[int, str]] = []
    table_bubble = hud.draw_bubble

    def spy(host, surface, b):  # the table's own drawing, watched
        drawn.append((b.seat, b.text))
        table_bubble(host, surface, b)

    monkeypatch.setattr(hud, "draw_bubble", spy)
    names = lessons.lesson_names()
    (data_dir / "tutorial.json").write_text(
        json.dumps({"schema": 1, "done": names[:8], "skipped": []}), encoding="utf-8")
    scene = open_from_menu(app)  # resumes at the first lesson not done: the litige
    assert scene.index == 8 and scene.lesson.id == "09-litige"
    assert scene.runner.state.taker == 0
    # Juma declared his tierce with his first card: the table's bubble by his name.
    assert said(scene) == {3: "Tierce!"}
    assert (3, "Tierce!") in drawn and bubble_pixels(app, scene) > 50
    click_card(app, scene, "N7")  # legal, but the lesson keeps the BeloZ for later
    assert scene.message[0].startswith("Taken back") and "BeloZ" in scene.message[0]
    assert scene.runner.task is not None and scene.runner.mistakes == 1
    click_card(app, scene, "N3")
    assert scene.message is None and scene.runner.task is not None  # the next task's turn
    click_card(app, scene, "N6")
    assert said(scene) == {0: "BeloZ!"}
    drawn.clear()
    frames(app)
    assert set(drawn) == {(0, "BeloZ!")}
    click_card(app, scene, "N7")  # the last card: Re-BeloZ and the last expedition
    assert scene.ended and said(scene) == {0: "Re-BeloZ!"}
    result = scene.runner.state.result()
    assert result.outcome.value == "litige" and result.totals == (101, 101)
    assert result.score == (20, 101) and result.escrow_out == 81
    # The coach says what happens to the points.
    coach = scene.say(scene.runner.coach)
    assert "81" in coach and "101 each" in coach and "litige" in coach
    learned = scene.say(scene.lesson.learned)
    assert "escrow" in learned and "BeloZ (20)" in learned and "defenders score their 101" \
        in learned
    saved = json.loads((data_dir / "tutorial.json").read_text(encoding="utf-8"))
    assert saved["done"][-1] == "09-litige"
    assert bubble_pixels(app, scene) > 50
    assert scene.buttons["next"].text == "Next lesson (N)"  # the Bulgarian lessons follow


def test_announcements_and_beloz_in_bubbles_in_french(app, monkeypatch):
    i18n.set_language("fr")
    scene = TutorialScene(app, lesson=5, keep_progress=False)  # announcements and BeloZ
    app.push(scene)
    frames(app)
    assert scene.bubbles == []
    app.fast = False  # the scripted cards one by one, as the person sees them
    click_card(app, scene, "W8")  # the person's first card declares their two tierces
    assert said(scene) == {0: "Tierce + Tierce!"}
    assert bubble_pixels(app, scene) > 50
    app.fast = True
    frames(app)
    played: list[str] = []
    sounds = type("Sounds", (), {"play": lambda _, name: played.append(name)})()
    monkeypatch.setattr(app, "sounds", sounds)
    app.fast = False
    click_card(app, scene, "N7")
    assert said(scene)[0] == "BeloZ\u00a0!" and played == ["beloz"]  # as at the table
    app.fast = True
    frames(app)
    app.fast = False
    click_card(app, scene, "N6")
    assert said(scene)[0] == "Re-BeloZ\u00a0!"
    app.fast = True
    frames(app)
    assert scene.ended and 0 not in said(scene)  # gone with the next expedition
    # Replaying the lesson starts with nothing said.
    click(app, scene.buttons["replay"])
    assert scene.bubbles == [] and bubble_pixels(app, scene) == 0


def test_screenshot_reaches_a_lessons_task_or_end(app):
    from beloz.ui.scenes.tutorial import screenshot_lesson

    scene = screenshot_lesson(app, "9-2")
    assert scene.lesson.id == "09-litige" and scene.runner.done_tasks == 1
    assert scene.runner.task is not None and "rhinoceros" in scene.say(scene.runner.task.text)
    scene = screenshot_lesson(app, "9-end")
    assert scene.ended and said(scene) == {0: "Re-BeloZ!"}
    for bad in ("9-4", "99", "x", "9-0", "9-2-1"):
        with pytest.raises(ValueError, match="tutorial-"):
            screenshot_lesson(app, bad)


def test_at_play_speed_the_cards_come_one_by_one_with_their_bubbles(app):
    """Not fast: one scripted card every STEP_SECONDS; Juma's tierce bubble comes with his
    first card and stays through the second expedition."""
    from beloz.ui.scenes.tutorial import STEP_SECONDS

    app.fast = False
    scene = TutorialScene(app, lesson=8, keep_progress=False)  # the litige
    app.push(scene)
    seen = []
    for _ in range(40):
        app.step(STEP_SECONDS + 0.01)
        st = scene.runner.state
        seen.append((4 * len(st.tricks) + len(st.trick), dict(said(scene))))
        if scene.runner.task is not None:
            break
    down = [n for n, _ in seen]
    assert down == sorted(down) and len(set(down)) >= 6  # card after card, not all at once
    assert scene.runner.task is not None and down[-1] == 6  # the person's turn, 3rd card
    first_tierce = next(n for n, words in seen if words.get(3) == "Tierce!")
    assert first_tierce == 4 and said(scene) == {3: "Tierce!"}


def test_the_lesson_buttons_grow_with_the_window(data_dir):
    """At 1920 x 1080 the lesson's buttons use the bigger label font (theme class
    ``@large_button``); at 1280 x 800 the normal one."""
    sizes = {}
    for size in ((1280, 800), (1920, 1080)):
        app = App(size=size, fast=True, settings=Settings(language="en"))
        try:
            scene = open_from_menu(app)
            frames(app)
            sizes[size] = scene.buttons["back"].font.get_rect("Hg").height
        finally:
            app.close()
    assert sizes[(1920, 1080)] >= sizes[(1280, 800)] + 4


def test_the_coach_never_speaks_of_an_expedition_someone_else_won(app):
    """Lesson 4 ends on Juma's crocodile taking the last expedition: the coach's line is
    about that expedition, not "the expedition is yours" from the first one; lesson 3's
    crocodile is sure to win, and the coach says so once it has."""
    from beloz.ui.scenes.tutorial import screenshot_lesson

    scene = screenshot_lesson(app, "4-end")
    last = scene.runner.state.tricks[-1]
    assert last.winner == 3 and parse("N5") in last.cards
    assert scene.coach_line() == "Juma won the expedition with the crocodile: 30 points."
    assert "yours" not in scene.coach_line()
    scene = screenshot_lesson(app, "3-end")
    assert scene.coach_line().startswith("You won the expedition with your crocodile")
    i18n.set_language("fr")
    assert scene.coach_line().startswith("Vous avez remporté l'expédition avec votre crocodile")


def test_the_bubbles_of_lesson_4_are_explained(app):
    """Juma's first card declares his quarté and says BeloZ: both in his bubble, and the
    coach says what they mean before the person's task."""
    scene = TutorialScene(app, lesson=3, keep_progress=False)
    app.push(scene)
    frames(app)
    assert said(scene) == {2: "Quarté!", 3: "Quarté + Tierce! BeloZ!"}
    coach = scene.coach_line()
    assert "quarté" in coach and "BeloZ" in coach and "elephant and rhinoceros" in coach
    app.fast = False  # the scripted cards one by one: the person's bubble on show
    click_card(app, scene, "N4")
    assert said(scene)[0] == "Quarté!"
    assert "quarté" in scene.runner.coach["en"]


def test_the_bulgarian_auction_lesson_with_the_call_buttons(app):
    """The auction's lesson: every legal call is a button (rows within the board), a wrong
    call is taken back with the lesson's reason, the calls so far are shown, and the
    redoubled contract is named with its multiplier."""
    from beloz.rules.state import ALL_TRUMPS_CALL, DOUBLE, NO_TRUMPS_CALL, PASS, REDOUBLE, parse_bid

    index = lessons.lesson_names().index("12-bulgarian-auction")
    scene = TutorialScene(app, lesson=index, keep_progress=False)
    app.push(scene)
    frames(app)
    calls = {int(n[4:]) for n in scene.buttons if n.startswith("bid:")}
    assert calls == {PASS, *(parse_bid(c) for c in "EWSN"), NO_TRUMPS_CALL, ALL_TRUMPS_CALL}
    board_right = round(app.size[0] * 0.68)
    assert all(b.rect.right <= board_right for n, b in scene.buttons.items()
               if n.startswith("bid:"))
    assert scene.buttons[f"bid:{NO_TRUMPS_CALL}"].text == "No trumps (key 5)"  # its key
    click(app, scene.buttons[f"bid:{NO_TRUMPS_CALL}"])
    assert scene.message[0].startswith("Taken back") and "South" in scene.message[0]
    click(app, scene.buttons[f"bid:{parse_bid('S')}"])
    # Kito doubled: the person may redouble, not double.
    calls = {int(n[4:]) for n in scene.buttons if n.startswith("bid:")}
    assert REDOUBLE in calls and DOUBLE not in calls
    assert [scene.call_said(b) for b in scene.runner.state.bids] == [
        "South!", "Double!", "Pass", "Pass"]
    # The auction still open: as the table says it, a contract called, nothing flooded.
    assert scene.contract_line() == "Contract: South ×2 · Your call"
    click(app, scene.buttons[f"bid:{REDOUBLE}"])
    assert scene.ended and scene.runner.mistakes == 1
    assert scene.contract_line() == "Flooded plain: South  ×4"
    assert len(scene.card_rects) == 8  # three more cards after the auction
    i18n.set_language("fr")
    assert scene.contract_line() == "Plaine inondée\u00a0: Sud  ×4"


def test_no_trumps_and_all_trumps_are_named_and_drawn(app):
    """No trumps: no card drawn flooded; all trumps: every card flooded; the contract's name
    over the board."""
    names = lessons.lesson_names()
    scene = TutorialScene(app, lesson=names.index("13-bulgarian-no-trumps"), keep_progress=False)
    app.push(scene)
    frames(app)
    click(app, scene.buttons[f"bid:{38}"])  # no trumps
    assert scene.contract_line() == "Contract: No trumps"
    assert not any(scene.flooded(c) for c in range(32))
    scene = TutorialScene(app, lesson=names.index("14-bulgarian-all-trumps"),
                          keep_progress=False)
    app.push(scene)
    frames(app)
    click(app, scene.buttons[f"bid:{39}"])  # all trumps
    assert scene.contract_line() == "Contract: All trumps"
    assert all(scene.flooded(c) for c in range(32))


def test_the_carre_lesson_says_the_kind_at_once(app):
    """Declaring tells the kind: the person's first card brings « Carré! », Kito's tierce
    and Juma's quinte follow in their bubbles, and the coach says which one wins."""
    scene = TutorialScene(app, lesson=lessons.lesson_names().index("11-carre"),
                          keep_progress=False)
    app.push(scene)
    frames(app)
    click(app, scene.buttons["bid:33"])  # take
    app.fast = False
    click_card(app, scene, "S1")
    assert said(scene) == {0: "Carré!"}
    app.fast = True
    frames(app)
    assert scene.ended
    assert said(scene) == {0: "Carré!", 1: "Tierce!", 3: "Quinte!"}
    assert "any carré beats any sequence" in scene.coach_line()
