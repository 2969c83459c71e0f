"""The table's less travelled states, played like a person would: synthetic pygame events
under SDL's dummy drivers (the QA pass of docs/qa.md)."""

from __future__ import annotations

import random

import pygame
import pytest

from beloz.ai.player import RandomPlayer
from beloz.rules.questions import is_beloz_card
from beloz.rules.state import DOUBLE, PASS, REDOUBLE, TAKE
from beloz.rules.tricks import Reason
from beloz.ui import game
from beloz.ui.game import GameFlow, StepKind


class Passer(RandomPlayer):
    """Never bids: every hand reaches round 2 and, if the person passes too, a redeal."""

    def bid(self, view):  # noqa: ANN001, ANN201
        return PASS


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BELOZ_AI_WORKER", "thread")
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    from beloz.settings import Settings
    from beloz.ui.app import App

    apps = []

    def make(size=(960, 600), lang="en", **kw):
        settings = Settings(language=lang, sound=False, window_size=size, **kw)
        a = App(size=size, fast=True, settings=settings, save=False)
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.close()


@pytest.fixture
def passers(monkeypatch):
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (Passer(seed), "passer"))


def table(app, seed=1):
    from beloz.ui.scenes.table import TableScene

    scene = TableScene(app, new_match=True, seed=seed)
    app.push(scene)
    return scene


def frame(app, n=1):
    for _ in range(n):
        app.step(1 / 60)


def post(event_type, **kw):
    pygame.event.post(pygame.event.Event(event_type, **kw))


def move(app, pos, frames=2):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frame(app, frames)


def click(app, pos, frames=2):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frame(app, frames)


def key(app, k, frames=1):
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    frame(app, frames)


def resize(app, w, h, frames=2):
    pygame.display.set_mode((w, h), pygame.RESIZABLE)  # what the window manager does
    post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
    frame(app, frames)


def waiting(scene, kind):
    s = scene.step
    return s is not None and s.kind is kind and scene.phase == "human"


def answer(scene, take=False):
    s = scene.step
    if s.kind is StepKind.CUT:
        scene.press("cut")
    elif s.kind is StepKind.DEAL:
        scene.press("deal3")
    elif s.kind is StepKind.BID:
        scene.press("take" if take and s.data["round"] == 1 else "pass")
    elif s.kind is StepKind.PLAY:
        if scene.pending_play is not None:
            scene.press(next(n for n in ("declare", "beloz_yes") if n in scene.buttons))
        else:
            scene.try_play(s.data["legal"][0])
    elif s.kind is StepKind.SCORE:
        scene.press("next")


def drive(scene, app, until, take=False, limit=4000):
    for _ in range(limit):
        if until():
            return
        if scene.phase == "human" and scene.step is not None:
            answer(scene, take)
        frame(app)
    raise AssertionError("the table never reached the expected state")


def centre(button):
    return button.rect.center


def card_point(scene, card):
    r = scene.sprites[card].rect()
    return (r.x + 6, r.y + r.h // 3)


# -- the score overlay ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_score_overlay_fits_between_the_hud_and_the_buttons(make_app, size) -> None:
    from beloz.ui.scenes import score

    app = make_app(size)
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.SCORE))
    frame(app)
    panel = score.panel_rect(app.size)
    hud_bottom = scene.layout.pad + score.hud_height(scene.layout.font_px)
    assert panel.top > hud_bottom
    assert panel.bottom < scene.fixed_buttons["hint"].rect.top
    assert panel.contains(scene.buttons["next"].rect)
    # Resized on the score screen: Next hand follows, inside the window.
    if size == (960, 600):
        resize(app, 1280, 800)
    else:
        resize(app, 960, 600)
    panel = score.panel_rect(app.size)
    assert panel.contains(scene.buttons["next"].rect)
    click(app, centre(scene.buttons["next"]))
    assert scene.score_shown is None or scene.step.kind is not StepKind.SCORE


def test_last_expedition_is_drawn_over_the_score(make_app, monkeypatch) -> None:
    app = make_app()
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.SCORE))
    order = []
    real_score, real_last = scene._draw_score, scene._draw_last
    monkeypatch.setattr(scene, "_draw_score", lambda s, st: (order.append("score"),
                                                               real_score(s, st)))
    monkeypatch.setattr(scene, "_draw_last", lambda s: (order.append("last"), real_last(s)))
    key(app, pygame.K_l)
    assert scene.show_last and order[-2:] == ["score", "last"]


# -- the HUD before anyone takes ---------------------------------------------------------------


def test_turned_card_shows_its_plain_chip_before_anyone_takes(make_app, monkeypatch) -> None:
    app = make_app(lang="fr")
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    chips = []
    real = scene.plain_chip
    monkeypatch.setattr(scene, "plain_chip", lambda surf, plain, c, r, faded=False: (
        chips.append((plain, faded)), real(surf, plain, c, r, faded)))
    frame(app)
    turned = scene.flow.hand.turned >> 3
    assert (turned, True) in chips  # faded: not flooded yet
    click(app, centre(scene.buttons["take"]))
    drive(scene, app, lambda: waiting(scene, StepKind.PLAY))
    chips.clear()
    frame(app)
    assert (turned, False) in chips


# -- the person deals, everybody passes, round 2 -----------------------------------------------


def test_the_person_deals_and_everybody_passes_twice(make_app, passers) -> None:
    app = make_app()
    scene = table(app, seed=2)  # the draw makes the person the first dealer
    drive(scene, app, lambda: waiting(scene, StepKind.DEAL))
    assert {"deal3", "deal2"} <= set(scene.buttons)
    # Keys and clicks that mean nothing now change nothing.
    for k in (pygame.K_t, pygame.K_p, pygame.K_RETURN, pygame.K_1, pygame.K_LEFT):
        key(app, k)
    click(app, (5, app.size[1] // 2))
    assert waiting(scene, StepKind.DEAL)
    click(app, centre(scene.buttons["deal2"]))
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    assert scene.flow.match.dealer == 0 and scene.turned is not None
    key(app, pygame.K_p)  # pass in round 1
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    assert scene.step.data["round"] == 2
    names = {f"name{p}" for p in range(4)}
    assert names | {"pass"} == set(scene.buttons)
    for p in range(4):
        assert scene.buttons[f"name{p}"].object_ids[-1] == f"#plain_{p}"
    key(app, pygame.K_t)  # no "take" in round 2
    assert waiting(scene, StepKind.BID)
    # All pass twice: the banner, then the next dealer and, on the dealer's left, the
    # person cuts.
    app.fast = False  # animations at their pace, to see the banner
    click(app, centre(scene.buttons["pass"]))
    for _ in range(600):
        frame(app)
        if scene.banner:
            break
    assert scene.banner == app.tr("table.redeal")
    app.fast = True
    drive(scene, app, lambda: waiting(scene, StepKind.CUT))
    frame(app)  # the pack fans out
    assert scene.flow.match.dealer == 1 and scene.flow.match.hands_dealt >= 1
    # The packet a click would cut rises under the mouse, then the click cuts there.
    xs = [scene.sprites[c].x for c in scene.deck]
    pos = (round(xs[10] + 1), scene.layout.cy)
    move(app, pos)
    k = scene.cut_index_at(pos)
    assert k and all(scene.sprites[c].lift > 0 for c in scene.deck[:k])
    assert all(scene.sprites[c].lift == 0 for c in scene.deck[k:])
    click(app, pos)
    assert scene.flow.cut_at == k


# -- announcements and BeloZ -------------------------------------------------------------------


def _seed_with_tierce_and_beloz() -> int:
    """A seed whose first hand gives the person an announcement and BeloZ once they take
    (computers that never bid: the search needs no window)."""
    for seed in range(1, 400):
        flow = GameFlow(seed, players={s: Passer(s) for s in (1, 2, 3)})
        for _ in range(40):
            step = flow.next_step()
            if step.kind is StepKind.PLAY:
                h = flow.hand
                if h.taker == 0 and h.combos[0] and h.beloz_holder == 0:
                    return seed
                break
            if step.kind is StepKind.REDEAL:
                break
            if step.human:
                value = {StepKind.CUT: 16, StepKind.DEAL: 3}.get(step.kind, TAKE)
            else:
                value = step.decide() if step.decide else None
            flow.apply(step, value)
    raise AssertionError("no seed found")


def test_declare_question_beloz_and_rebeloz_prompts(make_app, passers) -> None:
    seed = _seed_with_tierce_and_beloz()
    app = make_app(lang="fr", auto_declare=False)
    scene = table(app, seed=seed)
    drive(scene, app, lambda: waiting(scene, StepKind.PLAY), take=True)
    h = scene.flow.hand
    assert h.taker == 0 and h.combos[0]
    card = scene.step.data["legal"][0]
    click(app, card_point(scene, card))
    assert scene.pending_play == card and set(scene.buttons) == {"declare", "quiet"}
    assert scene.prompt.startswith("Annoncer")
    # A resize keeps the question, laid out for the new size.
    resize(app, 1280, 800)
    assert scene.pending_play == card and set(scene.buttons) == {"declare", "quiet"}
    assert app.screen.get_rect().contains(scene.buttons["declare"].rect)
    click(app, centre(scene.buttons["declare"]))
    said = []
    for _ in range(3000):
        if h.beloz_said[0] == 2 or scene.flow.hand is not h:
            break
        if waiting(scene, StepKind.PLAY):
            legal = scene.step.data["legal"]
            beloz = [c for c in legal if is_beloz_card(h, 0, c)]
            if beloz:
                click(app, card_point(scene, beloz[0]))
                assert set(scene.buttons) == {"beloz_yes", "beloz_no"}
                said.append(scene.prompt)
                click(app, centre(scene.buttons["beloz_yes"]))
                continue
            scene.try_play(legal[0])
        frame(app)
    assert h.declared[0], "the announcement was declared"
    assert said[:2] == [app.tr("table.belote.beloz.ask"), app.tr("table.belote.beloz.ask_again")]
    assert h.beloz_said[0] == 2


def test_valid_announcements_are_shown_in_the_second_expedition(make_app, monkeypatch) -> None:
    app = make_app()
    for seed in range(1, 60):
        scene = table(app, seed=seed)

        def second(scene=scene):
            h = scene.flow.hand
            return h is not None and len(h.tricks) == 1 and bool(h.trick) or (
                scene.step is not None and scene.step.kind is StepKind.SCORE)

        drive(scene, app, second, take=True)
        h = scene.flow.hand
        if h is not None and h.announcement_result().valid_team is not None:
            break
        app.pop()
    else:
        raise AssertionError("no hand with valid announcements")
    res = h.announcement_result()
    shown = {c for s in range(4) if s & 1 == res.valid_team
             for a in h.declared[s] for c in range(32) if a.mask >> c & 1}
    asked = []
    real = scene.images.face
    monkeypatch.setattr(scene.images, "face", lambda c, w, f: (asked.append(c), real(c, w, f))[1])
    scene._draw_revealed(app.screen)
    assert shown and shown <= set(asked)


# -- illegal cards -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_illegal_reason_is_explained_on_hover_and_click(make_app, lang) -> None:
    app = make_app(lang=lang, target=500)
    seen: dict[Reason, str] = {}
    for seed in range(1, 30):
        scene = table(app, seed=seed)

        def look(scene=scene):
            if len(seen) == 5 or waiting(scene, StepKind.MATCH_END):
                return True
            if waiting(scene, StepKind.PLAY) and scene.pending_play is None:
                h = scene.flow.hand
                for c in list(scene.hands[0]):
                    why = h.why_illegal(c, 0)
                    if why is not None and why not in seen:
                        move(app, (2, 2), 1)
                        move(app, card_point(scene, c))
                        seen[why] = scene.message
                        scene.words.tell("")
                        click(app, card_point(scene, c))
                        assert scene.message == seen[why]
                        assert h.hands[0] >> c & 1  # refused
            return False

        drive(scene, app, look, take=True, limit=20000)
        app.pop()
        if len(seen) == 5:
            break
    from beloz.ui.scenes.table import REASON_KEYS

    for reason in (Reason.MUST_FOLLOW, Reason.MUST_RAISE, Reason.MUST_TRUMP,
                   Reason.MUST_OVERTRUMP, Reason.MUST_UNDERTRUMP):
        assert reason in seen, reason
        expected = app.tr(REASON_KEYS[reason], plain="X")
        head = expected.split("X")[0]
        assert seen[reason].startswith(head) and "table." not in seen[reason]


def test_a_dimmed_card_under_a_resting_mouse_explains_itself(make_app) -> None:
    app = make_app()
    scene = table(app, seed=2)

    def illegal_moment():
        return waiting(scene, StepKind.PLAY) and len(scene.step.data["legal"]) < len(
            scene.hands[0])

    drive(scene, app, illegal_moment, limit=20000)
    bad = next(c for c in scene.hands[0] if c not in scene.step.data["legal"])
    move(app, card_point(scene, bad))
    assert scene.message == scene.illegal_text(bad) != ""
    # The mouse was already resting there before the turn came: the explanation still
    # comes, without a mouse move.
    scene.pointer.seen = (bad, False)
    scene.words.tell("")
    frame(app)
    assert scene.message == scene.illegal_text(bad)


# -- resizing, languages, pausing -------------------------------------------------------------


def test_resize_mid_hand_card_size_follows(make_app) -> None:
    app = make_app((1280, 800))
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.PLAY), take=True)
    before = scene.sprites[scene.hands[0][0]].w
    resize(app, 960, 600)
    assert scene.layout.size == (960, 600)
    after = scene.sprites[scene.hands[0][0]].w
    assert after == scene.layout.cw < before
    for c in scene.hands[0]:
        assert app.screen.get_rect().colliderect(scene.sprites[c].rect())


def test_language_change_from_the_pause_menu_reaches_the_table(make_app) -> None:
    app = make_app((1280, 800))
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    key(app, pygame.K_ESCAPE)  # Esc during bidding: the pause
    assert app.top is not scene and not any(b.visible for b in scene.buttons.values())
    names = []
    real = app.art.face
    app.art.face = lambda card, width, **kw: (names.append(kw["name"]), real(card, width, **kw))[1]
    try:
        app.apply_settings(app.settings.replace(language="fr"))
        # Rebuilt for French, still hidden under the pause.
        assert scene.buttons["pass"].text == "Passer (P)"
        assert not any(b.visible for b in scene.buttons.values())
        resize(app, 960, 600)
        assert not any(b.visible for b in scene.buttons.values())
        key(app, pygame.K_ESCAPE)  # resume
        assert app.top is scene and all(b.visible for b in scene.buttons.values())
        frame(app)
        assert any(n in ("Éléphant", "Léopard", "Singe", "Suricate", "Serpent d'eau",
                         "Rhinocéros") for n in names)
    finally:
        app.art.face = real


@pytest.mark.slow
def test_weird_input_never_raises(make_app) -> None:
    """Clicks, keys, F11 and resizes at random while the table animates."""
    app = make_app(animation_speed=4.0)
    scene = table(app, seed=5)
    app.fast = False
    rng = random.Random(5)
    keys = [pygame.K_l, pygame.K_t, pygame.K_p, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_1, pygame.K_8, pygame.K_ESCAPE, pygame.K_F11]
    for i in range(500):
        w, h = app.size
        r = rng.random()
        if r < 0.3:
            click(app, (rng.randrange(w), rng.randrange(h)), 1)
        elif r < 0.45:
            key(app, rng.choice(keys), 1)
        elif r < 0.47:
            resize(app, *rng.choice([(200, 100), (1, 1), (1280, 800), (960, 600)]), 1)
        elif r < 0.55 and scene.buttons:
            click(app, centre(rng.choice(list(scene.buttons.values()))), 1)
        else:
            frame(app)
        app.running = True  # a random click on Quit
        if scene not in app.scenes:  # Main menu was clicked: a new match
            scene = table(app, seed=i)
        elif app.top is not scene and rng.random() < 0.3:
            while app.top is not scene:
                app.pop()
    assert app.size[0] >= 960 and app.size[1] >= 600


def test_a_broken_computer_player_plays_a_legal_card_with_a_translated_message(
        make_app, monkeypatch) -> None:
    class Broken(RandomPlayer):
        def play(self, view):  # noqa: ANN001, ANN201
            raise RuntimeError("boom")

    monkeypatch.setattr(game, "computer_player", lambda level, seed: (Broken(seed), "broken"))
    app = make_app(lang="fr")
    messages = []
    monkeypatch.setattr(app, "notify", lambda text, seconds=4.0: messages.append(text))
    scene = table(app, seed=3)
    drive(scene, app, lambda: scene.flow.hand is not None and len(scene.flow.hand.tricks) >= 1,
          take=True)
    mine = [m for m in messages if "boom" in m]
    assert mine and all(m.startswith("Un joueur ordinateur") for m in mine)


# -- the match's end ---------------------------------------------------------------------------


def test_match_end_new_match(make_app) -> None:
    app = make_app(target=500)
    scene = table(app, seed=4)
    drive(scene, app, lambda: waiting(scene, StepKind.MATCH_END), take=True, limit=60000)
    assert {"new_match", "menu_end"} == set(scene.buttons)
    from beloz.ui.scenes import score

    panel = score.panel_rect(app.size)
    assert all(panel.contains(b.rect) for b in scene.buttons.values())
    click(app, centre(scene.buttons["new_match"]), 3)
    assert app.top is not scene and type(app.top) is type(scene)
    assert tuple(app.top.flow.match.scores) == (0, 0)


def test_resize_while_cards_fly_puts_every_card_on_the_new_layout(make_app) -> None:
    app = make_app((1280, 800))
    scene = table(app, seed=2)
    drive(scene, app, lambda: waiting(scene, StepKind.DEAL))
    app.fast = False  # the deal at its pace
    click(app, centre(scene.buttons["deal3"]), 1)
    frame(app, 8)
    assert scene.tweens.busy  # packets in flight
    resize(app, 960, 600, 1)
    app.fast = True
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    frame(app)
    for c, (x, y, *_rest) in scene.targets().items():
        sp = scene.sprites[c]
        assert abs(sp.x - x) <= 1 and abs(sp.y - y) <= 1, c
    assert all(app.screen.get_rect().colliderect(scene.sprites[c].rect())
               for c in scene.hands[0])


# -- labels that grow with the window ---------------------------------------------------------


def _label_px(button) -> int:
    return button.font.get_rect("Hg").height


def test_table_button_labels_grow_in_a_big_window(make_app) -> None:
    """At 1920 x 1080 the table's buttons (the fixed column, a bid's plain-coloured one)
    are 53 px high: their labels use the bigger font, and the bid button keeps its plain's
    colours; shrunk back to 1280 x 800 the labels are the normal size again."""
    app = make_app((1920, 1080))
    scene = table(app, seed=3)
    drive(scene, app, lambda: waiting(scene, StepKind.BID))
    frame(app)
    take = scene.buttons["take"]
    big = _label_px(scene.fixed_buttons["menu"])
    assert _label_px(take) == big
    plain_bg = take.colours["normal_bg"]
    assert plain_bg != scene.fixed_buttons["menu"].colours["normal_bg"]
    resize(app, 1280, 800)
    small = _label_px(scene.fixed_buttons["menu"])
    assert big >= small + 4
    take = scene.buttons["take"]
    assert _label_px(take) == small
    assert take.colours["normal_bg"] == plain_bg


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_bid_and_call_has_its_own_words(lang) -> None:
    """``texts.bid_label`` (a button) and ``bid_said`` (a bubble), the one naming of bids
    and calls every screen uses: each legal action of each ruleset's bidding in words of
    its own, never a key left untranslated."""
    from beloz import i18n
    from beloz.rules.ruleset import RULESETS
    from beloz.rules.state import HandState
    from beloz.ui.scenes.table.texts import bid_label, bid_said

    def t(key, **kw):
        return i18n.tr_in(lang, key, **kw)

    for rules in RULESETS.values():
        hand = HandState.deal(list(range(32)), 0, 3, rules)
        seen: set[int] = set()
        while hand.phase.name == "BIDDING" and len(hand.bids) < 12:
            legal = [a for a in hand.legal_actions() if a not in seen]
            labels = [bid_label(a, rules, hand.turned, t) for a in hand.legal_actions()]
            assert len(set(labels)) == len(labels), (rules.name, labels)
            for a in legal:
                for words in (bid_label(a, rules, hand.turned, t), bid_said(a, t)):
                    assert words and "table." not in words and "%{" not in words
            seen |= set(legal)
            now = hand.legal_actions()
            # Round 2's names after five passes; in an auction a contract, then its double
            # and redouble.
            auction = [a for a in (REDOUBLE, DOUBLE) if a in now] or [
                now[1] if not hand.bids else PASS]
            hand.apply(auction[0] if rules.bidding.name == "AUCTION"
                       else PASS if len(hand.bids) < 5 else now[-1])
        assert {PASS, TAKE} <= seen or {DOUBLE, REDOUBLE} <= seen
