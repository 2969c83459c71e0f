"""The new-game dialog and the settings at every window size, in both languages: every text
whole inside its box, no widget on another, tooltips beside what they explain; the window's
size and place; the game's own dialogs."""

from __future__ import annotations

import pygame
import pytest

from beloz import i18n
from beloz.rules.ruleset import RULESETS
from beloz.settings import Settings
from beloz.ui.app import App
from beloz.ui.scenes.newgame import NewGameScene
from beloz.ui.scenes.settings import SettingsScene

from .ui_fit import layout_problems

SIZES = ((960, 600), (1280, 800), (1920, 1080))
LEVELS = ("standard", "beginner,standard,expert")


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request, data_dir):
    app = App(size=request.param, fast=True, save=False, settings=Settings(language="en"))
    yield app
    app.close()
    i18n.set_language("en")


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)


def every_choice(app: App, scene):
    """Each language, ruleset and mix of levels in turn, the scene rebuilt for it."""
    for language in ("en", "fr"):
        for ruleset in RULESETS:
            for level in LEVELS:
                app.apply_settings(app.settings.replace(language=language, ruleset=ruleset,
                                                        level=level))
                scene.rebuild()
                yield f"{language} {ruleset} {level}"


@pytest.mark.slow
@pytest.mark.parametrize("scene_class", [NewGameScene, SettingsScene])
def test_every_text_shows_whole_and_no_widgets_overlap(sized_app, scene_class):
    """The description (the ruleset's line, the levels' lines) every word, inside the panel,
    above the buttons, each line no wider than its box; drop-downs with room for their
    descenders ("bulgare", "points"), level buttons with room around their names, labels
    clear of the controls."""
    app = sized_app
    scene = scene_class(app)
    app.push(scene)
    for case in every_choice(app, scene):
        font, lines = scene.help_font_used, scene.help_lines
        assert " ".join(" ".join(lines).split()) == " ".join(scene.level_help().split()), case
        assert all(font.size(line)[0] <= scene.help_rect.w for line in lines), case
        assert len(lines) * font.get_linesize() <= scene.help_rect.h, case
        assert scene.panel.contains(scene.help_rect), case
        assert scene.help_rect.bottom <= scene.back.rect.top, case
        assert pygame.Rect((0, 0), app.size).contains(scene.panel), case
        frames(app, 1)
        assert layout_problems(scene) == [], case


def test_the_new_game_names_the_ruleset_and_each_level_in_use(sized_app):
    app = sized_app
    app.apply_settings(app.settings.replace(ruleset="belot-bulgare",
                                            level="beginner,standard,expert"))
    scene = NewGameScene(app)
    app.push(scene)
    text = scene.level_help()
    assert app.tr("newgame.about.belot-bulgare") in text
    for level in ("beginner", "standard", "expert"):
        assert app.tr(f"settings.level_help.{level}") in text


@pytest.mark.slow
@pytest.mark.parametrize("scene_class", [NewGameScene, SettingsScene])
def test_a_level_tooltip_never_covers_the_description(sized_app, scene_class, monkeypatch):
    app = sized_app
    mouse = [(1, 1)]  # the dummy video driver has no pointer: pygame_gui asks this one
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse[0])
    app.apply_settings(app.settings.replace(language="fr", level="beginner,standard,expert"))
    scene = scene_class(app)
    app.push(scene)
    frames(app)
    for i in range(3):
        button = scene.controls[f"level:{i}"]
        pos = mouse[0] = button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        for _ in range(8):  # past the theme's tooltip delay
            app.step(0.25)
        tip = button.tool_tip
        assert tip is not None
        assert not tip.rect.colliderect(scene.help_rect)
        assert not tip.rect.colliderect(button.rect)
        mouse[0] = (1, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(app, 2)


# -- the game's own questions ----------------------------------------------------------------

def ask(app: App, answers: list[bool]):
    from beloz.ui.scenes.confirm import ConfirmScene
    from beloz.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    dialog = ConfirmScene(app, app.tr("menu.confirm_new_text"), app.tr("menu.confirm_new_title"),
                          app.tr("menu.confirm_new_ok"), on_confirm=lambda: answers.append(True))
    app.push(dialog)
    frames(app)
    return menu, dialog


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 1)


def test_a_question_is_answered_by_keyboard(sized_app):
    """Enter confirms, Esc cancels, as its buttons say; either closes it."""
    app = sized_app
    answers: list[bool] = []
    menu, dialog = ask(app, answers)
    assert "(Enter)" in dialog.confirm.text and "(Esc)" in dialog.cancel.text
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and answers == []
    menu, dialog = ask(app, answers)
    key(app, pygame.K_RETURN)
    assert answers == [True] and dialog not in app.scenes


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_question_has_the_game_look_and_room_for_its_words(sized_app, language):
    """The settings' panel and button style, scaled with the window; the question whole."""
    app = sized_app
    app.apply_settings(app.settings.replace(language=language))
    _, dialog = ask(app, [])
    _, font = dialog.fonts()
    assert all(font.size(line)[0] <= dialog.text_rect.w for line in dialog.lines)
    assert " ".join(dialog.lines) == dialog.text
    assert dialog.panel.contains(dialog.text_rect)
    assert dialog.text_rect.bottom <= dialog.confirm.rect.top
    for button in (dialog.confirm, dialog.cancel):
        assert dialog.panel.contains(button.rect)
        assert "#back_button" in button.object_ids[-1]
    assert layout_problems(dialog) == []
    if app.size[0] >= 1280:  # not the small default dialog any more
        assert dialog.panel.w >= 500 and dialog.confirm.rect.h >= 44


# -- the window's size and place -------------------------------------------------------------

def _window_rect() -> pygame.Rect:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
        return pygame.Rect(window.position, window.size)


@pytest.fixture
def desktop(monkeypatch):
    """A desktop of the size the test sets (SDL's dummy driver has 1024 x 768)."""
    size = [(1920, 1200)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size[0]])
    return size


def test_the_size_chosen_is_the_size_opened_when_it_fits(data_dir, desktop):
    """1920 x 1080 on a 1920 x 1200 desktop opens at 1920 x 1080 (it opened at 1880 x 1080:
    40 px were kept for decorations a window as wide as the screen does not need)."""
    app = App(fast=True, save=False, settings=Settings(language="en", window_size=(1920, 1080)))
    try:
        assert app.size == (1920, 1080)
    finally:
        app.close()


def test_a_size_too_big_for_the_desktop_opens_as_large_as_fits_and_is_kept(data_dir, desktop):
    from beloz.settings import load_settings, save_settings

    desktop[0] = (1600, 900)
    save_settings(Settings(language="en", window_size=(1920, 1080)))
    app = App(fast=True)
    try:
        assert app.size == (1600, 820)  # room left for a title bar and a task bar
        assert app.settings.window_size == (1920, 1080)
    finally:
        app.close()
    assert load_settings()[0].window_size == (1920, 1080)


def test_the_settings_offer_the_sizes_that_fit_the_desktop(data_dir, desktop):
    desktop[0] = (1600, 900)
    app = App(fast=True, save=False, settings=Settings(language="en", window_size=(1280, 800)))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        sizes = [v for _, v in scene.choices("window_size")]
        assert (1280, 800) in sizes and (1600, 900) not in sizes and (1920, 1080) not in sizes
    finally:
        app.close()


def test_a_window_made_bigger_in_the_settings_stays_on_the_screen(data_dir, desktop):
    """SDL keeps the top-left corner: a 1280 x 800 window at (500, 300) made 1920 x 1080
    ran off a 1920 x 1200 screen.  It keeps its centre and comes back inside the screen,
    title bar included when there is room; made smaller, it keeps its centre."""
    import warnings

    app = App(fast=True, save=False, settings=Settings(language="en", window_size=(1280, 800)))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().position = (500, 300)
        app.apply_settings(app.settings.replace(window_size=(1920, 1080)))
        rect = _window_rect()
        assert rect.size == (1920, 1080) == app.size
        assert pygame.Rect(0, 0, 1920, 1200).contains(rect) and rect.top >= 32
        centre = rect.center
        app.apply_settings(app.settings.replace(window_size=(960, 600)))
        assert _window_rect().size == (960, 600) and _window_rect().center == centre
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_volume_reads_as_a_percentage_in_each_language(sized_app, language):
    """"100%" in English, "100 %" with a non-breaking space in French, whole in its label."""
    from .ui_fit import text_problems

    app = sized_app
    app.apply_settings(app.settings.replace(language=language, volume=1.0))
    scene = SettingsScene(app)
    app.push(scene)
    label = scene.value_label
    assert label.text == ("100%" if language == "en" else "100\u00a0%")
    assert text_problems(label) == []


def test_the_menu_pause_and_statistics_fit_every_size_in_both_languages(sized_app):
    """Every text of the other shell screens inside its widget (the statistics' Reset and
    ruleset selector at 960 x 600 in French were short of room), no widget on another."""
    from beloz.ui.scenes.menu import MenuScene
    from beloz.ui.scenes.pause import PauseScene
    from beloz.ui.scenes.stats import StatsScene

    app = sized_app
    for language in ("en", "fr"):
        app.apply_settings(app.settings.replace(language=language))
        for scene_class in (MenuScene, PauseScene, StatsScene):
            scene = scene_class(app)
            app.push(scene)
            frames(app, 1)
            assert layout_problems(scene) == [], (language, scene_class.__name__)
            app.pop()
