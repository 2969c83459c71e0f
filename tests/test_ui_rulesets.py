"""Every ruleset at the table, through the real App and synthetic events: the new-game
dialog, a Bulgarian auction with a double and a redouble, a clockwise classique hand, sans
annonces without announcement questions, and a saved match of each ruleset resumed."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, Phase
from beloz.ui import game
from beloz.ui.game import StepKind
from tests.test_ui_table import frame, key


@pytest.fixture
def app(random_app):
    """conftest.random_app: 960 × 600, random computer players, the match saved."""
    return random_app


class Caller(RandomPlayer):
    """Doubles whenever it may, else passes; plays like a random player."""

    def bid(self, view):  # type: ignore[no-untyped-def]
        return DOUBLE if DOUBLE in view.legal_actions() else PASS


class Passer(RandomPlayer):
    def bid(self, view):  # type: ignore[no-untyped-def]
        return PASS


def table(app, ruleset, seed=1, players=None):
    from beloz.ui.scenes.table import TableScene

    app.settings = app.settings.replace(ruleset=ruleset)
    scene = TableScene(app, new_match=True, seed=seed)
    for seat, player in (players or {}).items():
        scene.flow.players[seat] = player
        scene.flow.player_specs[seat] = "custom"
    app.push(scene)
    return scene


def person(scene, kind=None):
    s = scene.step
    return (s is not None and scene.phase == "human" and (s.human or s.kind is StepKind.SCORE)
            and (kind is None or s.kind is kind))


def play_on(scene, app, until, on_bid=None, limit=6000):
    """Answer simply until ``until()``: cut, deal 3-2, bids by ``on_bid`` (else pass), the
    first legal card, next hand."""
    for _ in range(limit):
        if until():
            return
        if person(scene):
            s = scene.step
            if s.kind is StepKind.CUT:
                scene.press("cut")
            elif s.kind is StepKind.DEAL:
                scene.press("deal3")
            elif s.kind is StepKind.BID:
                if on_bid is None or not on_bid(s):
                    scene.press("pass")
            elif s.kind is StepKind.PLAY:
                scene.try_play(s.data["legal"][0])
            elif s.kind is StepKind.SCORE:
                scene.press("next")
        frame(app)
    raise AssertionError("the table never reached the expected state")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bulgarian_auction_with_a_double_and_a_redouble(app, lang) -> None:
    from beloz import i18n

    i18n.set_language(lang)
    scene = table(app, "belot-bulgare", players={1: Caller(1), 2: Passer(2), 3: Caller(3)})
    seen: dict[str, object] = {}
    said: list[tuple[int, str]] = []
    real_say = scene.say
    scene.say = lambda seat, text, gold=False, **kw: (said.append((seat, text)),
                                                      real_say(seat, text, gold, **kw))

    def on_bid(step):  # the person calls with the keys shown on the buttons
        labels = {n: b.text for n, b in scene.buttons.items()}
        if REDOUBLE in step.data["legal"]:
            seen["redouble"] = (labels["redouble"], scene.prompt)
            assert DOUBLE not in step.data["legal"]
            key(app, pygame.K_r)
            return True
        if scene.flow.hand.contract is None:
            seen["open"] = labels
            assert "double" not in labels and "redouble" not in labels
            key(app, pygame.K_1)  # the lowest contract, East
            return True
        return False

    play_on(scene, app, lambda: scene.flow.hand is not None and scene.flow.hand.multiplier == 4,
            on_bid)
    assert "(R)" in seen["redouble"][0] and "(P)" in seen["open"]["pass"]
    # In French at 960 the seven buttons with "(touche N)" do not fit: the contracts' keys
    # are said on the question's line instead (tests/test_ui_table_keys.py).
    assert seen["open"]["callAT"] == ("All trumps (key 6)" if lang == "en" else "Tout atout")
    # Each call in a bubble: the opponent's double, the person's redouble.
    assert (0, scene.t("table.say.redouble")) in said
    assert any(seat in (1, 3) and text == scene.t("table.say.double") for seat, text in said)
    # The HUD shows the contract's multiplier.
    drawn = []
    real = scene.painter.multiplier_badge
    scene.painter.multiplier_badge = lambda surf, m, c, r: (drawn.append(m), real(surf, m, c, r))
    play_on(scene, app, lambda: scene.step is not None and scene.step.kind is StepKind.PLAY)
    frame(app)
    assert 4 in drawn
    # No turned card: after the auction the last 3 cards each, the pack all dealt.
    assert scene.turned is None and scene.deck == []
    assert sorted(len(h) + sum(1 for s, _ in scene.trick if s == i)
                  for i, h in enumerate(scene.hands)) == [8, 8, 8, 8]
    play_on(scene, app, lambda: person(scene, StepKind.SCORE))
    assert scene.flow.last_hand.multiplier == 4


def test_auction_buttons_are_only_the_legal_calls(app) -> None:
    scene = table(app, "belot-bulgare", seed=2, players={s: Passer(s) for s in (1, 2, 3)})
    play_on(scene, app, lambda: person(scene, StepKind.BID))
    legal = scene.step.data["legal"]
    assert len(scene.buttons) == len(legal)
    key(app, pygame.K_6)  # all trumps
    play_on(scene, app, lambda: scene.flow.hand is not None
            and scene.flow.hand.phase is Phase.PLAY)
    assert scene.flow.hand.contract.code == "AT"


def test_classique_plays_clockwise_with_one_packet_and_no_deal_question(app) -> None:
    asked = []
    scene = table(app, "belote-classique", players={s: Passer(s) for s in (1, 2, 3)})
    assert scene.layout.direction == -1

    def on_bid(step):
        labels = set(scene.buttons)
        asked.append((step.data["round"], labels, scene.flow.hand.turned >> 3))
        if step.data["round"] == 2:
            scene.press(sorted(n for n in labels if n.startswith("name"))[0])
            return True
        return False

    play_on(scene, app, lambda: person(scene, StepKind.SCORE), on_bid)
    assert not any(s.kind is StepKind.DEAL for s in [scene.step])
    second = [(labels, turned) for r, labels, turned in asked if r == 2]
    assert second, "the person was never asked in round 2"
    labels, turned = second[0]
    assert f"name{turned}" not in labels  # every plain but the turned one
    assert len([n for n in labels if n.startswith("name")]) == 3
    hand = scene.flow.last_hand
    # Clockwise: the first expedition is led by the player on the dealer's left, seat - 1.
    assert hand.tricks[0].leader == (hand.dealer - 1) % 4


def test_no_deal_question_outside_beloz(app) -> None:
    for name in ("belote-classique", "belote-sans-annonces", "belot-bulgare"):
        flow = game.GameFlow(1, level="random", ruleset=__import__(
            "beloz.rules.ruleset", fromlist=["get"]).get(name))
        flow.apply(flow.next_step())  # the draw
        flow.apply(flow.next_step(), 16)  # the cut
        for _ in range(4):
            step = flow.next_step()
            if step.kind is StepKind.DEAL:
                assert not step.human
                break


def test_sans_annonces_asks_no_announcement(app) -> None:
    app.settings = app.settings.replace(auto_declare=False)
    scene = table(app, "belote-sans-annonces", seed=5)
    prompts = []
    for _ in range(3):
        play_on(scene, app, lambda: person(scene, StepKind.SCORE) or (
            prompts.append(scene.prompt) and False))
        assert not any(scene.flow.last_hand.combos)  # nothing to announce
        scene.press("next")
        frame(app, 3)
    assert not any(p and scene.t("table.declare_q", what="")[:5] in p for p in prompts)


@pytest.mark.parametrize("name", ["beloz", "belote-sans-annonces", "belote-classique",
                                  "belot-bulgare"])
def test_a_saved_match_of_each_ruleset_resumes(app, name) -> None:
    from beloz.ui.scenes.table import TableScene

    scene = table(app, name, seed=3)
    play_on(scene, app, lambda: scene.flow.hand is not None
            and scene.flow.hand.phase is Phase.PLAY and len(scene.flow.hand.tricks) >= 2)
    bids = list(scene.flow.hand.bids)
    app.pop()  # leaving the table saves the match
    app.settings = app.settings.replace(ruleset="beloz")  # Continue ignores the setting
    again = TableScene(app, resume=True)
    app.push(again)
    assert again.flow.match.ruleset.name == name
    assert list(again.flow.hand.bids) == bids
    assert len(again.flow.hand.tricks) >= 2
    play_on(again, app, lambda: person(again, StepKind.SCORE))


def test_new_game_dialog_chooses_the_ruleset_and_remembers_it(app, tmp_path) -> None:
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.newgame import NewGameScene
    from beloz.ui.scenes.table import TableScene

    app.push(MenuScene(app))
    frame(app)
    app.scenes[-1].choose("new_game")
    frame(app)
    dialog = app.scenes[-1]
    assert isinstance(dialog, NewGameScene)
    menu = dialog.controls["ruleset"]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu, text=app.tr("ruleset.belote-classique")))
    frame(app, 2)
    dialog = app.scenes[-1]
    target = dialog.controls["target"]
    assert set(target.beloz_values.values()) == {501, 701, 1001}
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=target, text=app.tr("settings.points", n=701)))
    frame(app, 2)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["ruleset"] == "belote-classique" and saved["target"] == 701
    key(app, pygame.K_RETURN)
    frame(app)
    table_scene = app.scenes[-1]
    assert isinstance(table_scene, TableScene)
    assert table_scene.flow.match.ruleset.name == "belote-classique"
    assert table_scene.flow.match.goal == 701


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name, key", [("belot-bulgare", "score.rule.divided"),
                                       ("belote-classique", "score.rule.half")])
def test_score_screen_says_what_the_ruleset_scores(app, lang, name, key) -> None:
    from beloz import i18n
    from beloz.ui.scenes import score

    i18n.set_language(lang)
    scene = table(app, name, seed=4)
    play_on(scene, app, lambda: person(scene, StepKind.SCORE))
    res = scene.step.data["result"]
    notes = [text for text, _ in score.ruleset_notes(scene, res, scene.flow.match)]
    shown = []
    real = scene.text
    scene.text = lambda surf, text, *a, **kw: (shown.append(text), real(surf, text, *a, **kw))
    frame(app, 2)
    assert all(" ".join(n.split(" ")[:3]) in "\n".join(shown) for n in notes)  # NBSP binds
    wanted = scene.t(key, a=0, b=0, m=1, x=0, y=0, n=scene.flow.match.goal)
    assert any(n.split("(")[0].split(":")[0] == wanted.split("(")[0].split(":")[0] for n in notes)
    assert not any(t.startswith("table.") or t.startswith("score.") for t in shown)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_valat_rule_is_said_only_after_a_valat(app, lang) -> None:
    """Bulgarian score screen: "a valat never ends the match" is said of a hand with a
    valat (with the raised target), not of every hand."""
    import dataclasses

    from beloz import i18n
    from beloz.ui.scenes import score

    i18n.set_language(lang)
    scene = table(app, "belot-bulgare", seed=4)
    play_on(scene, app, lambda: person(scene, StepKind.SCORE))
    res = scene.step.data["result"]
    m = scene.flow.match
    valat = scene.t("score.rule.valat", n=m.goal)

    def said(r):
        return [text for text, _ in score.ruleset_notes(scene, r, m)]

    assert res.capot is None and valat not in said(res)
    assert valat in said(dataclasses.replace(res, capot=res.taker_team))


def test_a_bulgarian_hand_is_counted_in_its_ruleset_section(app, tmp_path) -> None:
    scene = table(app, "belot-bulgare", seed=4)
    play_on(scene, app, lambda: person(scene, StepKind.SCORE))
    data = json.loads((tmp_path / "stats.json").read_text())
    assert data["hands_played"] == 1
    assert data["rulesets"]["belot-bulgare"]["hands_played"] == 1
    assert "beloz" not in data["rulesets"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_stats_screen_shows_each_ruleset(app, tmp_path, lang) -> None:
    from beloz import i18n
    from beloz import stats as stats_mod
    from beloz.ui.scenes.stats import StatsScene

    i18n.set_language(lang)
    st = stats_mod.Stats(hands_played=9, matches_played=3)
    st.for_ruleset("beloz").hands_played = 7
    st.for_ruleset("belot-bulgare").hands_played = 2
    st.for_ruleset("belot-bulgare").matches_played = 1
    stats_mod.save_stats(st)
    app.push(StatsScene(app))
    frame(app)
    scene = app.scenes[-1]

    def shown() -> dict[str, str]:
        return {label: value for _, rows in scene.sections() for label, value in rows}

    played = app.tr("stats.hands_played")
    assert shown()[played] == "9" and scene.view_name() == app.tr("stats.all_rulesets")
    key(app, pygame.K_RIGHT)
    assert shown()[played] == "7" and scene.selector.text.endswith(app.tr("ruleset.beloz") + "  ▶")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.selector))
    frame(app)
    assert shown()[played] == "2"
    assert shown()[app.tr("stats.matches_played")] == "1"
    assert app.tr("ruleset.belot-bulgare") in scene.selector.text
    # Each ruleset's own word for the belote: never "BeloZ scored" in Bulgarian belot.
    assert app.tr("stats.belote.belot") in shown()
    assert not any("BeloZ" in label for label in shown())
    key(app, pygame.K_RIGHT)
    assert scene.view is None and shown()[played] == "9"
    assert app.tr("stats.belote.all") in shown()



class TopCaller(RandomPlayer):
    """Calls all trumps when it may (the top of the ladder), else passes."""

    def bid(self, view):  # type: ignore[no-untyped-def]
        from beloz.rules.state import action_contract

        top = [a for a in view.legal_actions()
               if (c := action_contract(a)) is not None and c.code == "AT"]
        return top[0] if top else PASS


class Opener(RandomPlayer):
    """Calls the lowest contract when none stands, else passes."""

    def bid(self, view):  # type: ignore[no-untyped-def]
        from beloz.rules.state import action_contract

        calls = [a for a in view.legal_actions() if action_contract(a) is not None]
        return calls[0] if calls and len(calls) == 6 else PASS


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [
    {1: Caller(1), 2: Passer(2), 3: Caller(3)},  # the person's call doubled: redouble
    {1: Passer(1), 2: TopCaller(2), 3: Passer(3)},  # the partner's all trumps: Pass only
    {1: TopCaller(1), 2: Passer(2), 3: Passer(3)},  # the opponents' all trumps: double
    {1: Opener(1), 2: Passer(2), 3: Opener(3)},  # an opponent's East: higher or double
])
def test_the_auction_prompt_names_exactly_the_calls_on_the_buttons(app, lang, players
                                                                   ) -> None:
    """"Call higher" only when a higher contract is on a button, "double" / "redouble"
    only with their buttons, and Pass alone said as such."""
    import re

    from beloz import i18n
    from beloz.rules.state import action_contract

    i18n.set_language(lang)
    scene = table(app, "belot-bulgare", players=players)
    t = scene.t
    checked = []

    def on_bid(step):
        legal = step.data["legal"]
        if scene.flow.hand.contract is not None:
            wanted = {t("table.prompt.calls.pass")}
            if any(action_contract(a) is not None for a in legal):
                wanted.add(t("table.prompt.calls.higher"))
            if DOUBLE in legal:
                wanted.add(t("table.prompt.calls.double"))
            if REDOUBLE in legal:
                wanted.add(t("table.prompt.calls.redouble"))
            # the contracts' keys, on a line of their own under the question when their
            # buttons are too wide ("Keys: 2 West · 3 South · …", the tutorial's form)
            line = scene.prompt.split("\n", 1)[0]
            choices = line.rsplit(". ", 1)[-1]
            if legal == [PASS]:
                assert choices == t("table.prompt.calls.only_pass")
            else:
                said = set(re.split(r",? (?:or|ou) |, ", choices.lower()))
                assert said == {w.lower() for w in wanted}, scene.prompt
            assert {n for n in scene.buttons} == {
                n for n in scene.buttons if n in ("pass", "double", "redouble")
                or n.startswith("call")}
            checked.append(tuple(legal))
            return False
        calls = [a for a in legal if action_contract(a) is not None]
        if isinstance(players[1], Caller) and calls:
            scene.press("call" + action_contract(calls[0]).code)
            return True
        return False

    play_on(scene, app, lambda: scene.flow.hand is not None
            and scene.flow.hand.phase is Phase.PLAY, on_bid=on_bid)
    assert checked
