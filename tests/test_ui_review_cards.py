"""The review draws every card as its face composed at the review's width, with the
table's water frame: never an image of another width scaled up (pale and blurred: the
washed-out cards of the Bulgarian review), whatever the table drew before."""

from __future__ import annotations

import pygame
import pytest

from beloz.rules.cards import ALL_TRUMPS, ANIMALS
from beloz.ui import game
from beloz.ui.sprites import CardImages, is_flooded


@pytest.fixture
def review(tmp_path, monkeypatch):
    """``review(seed)``: a Bulgarian hand's review (the real App, fast, 960 x 600)."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "WRITE_FILES", False)
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scene_registry import push_scene
    from beloz.ui.scenes.review import ReviewScene

    apps = []

    def make(seed):
        app = App(size=(960, 600), fast=True, save=False,
                  settings=Settings(language="en", sound=False, ruleset="belot-bulgare"))
        apps.append(app)
        push_scene(app, "review_bids", seed)
        assert isinstance(app.top, ReviewScene)
        return app, app.top

    yield make
    for app in apps:
        app.close()


def drawn_cards(app, rv, page):
    """(card, width, image) of each card the review's page ``page`` drew."""
    seen = []
    real = rv.card_image

    def spy(c, width, trump):
        image = real(c, width, trump)
        seen.append((c, width, image))
        return image

    rv.card_image = spy
    try:
        rv.go(page)
        rv.draw(app.screen)
    finally:
        del rv.card_image
    return seen


def fresh_faces(app):
    return CardImages(app.art, lambda size, bold=False: app.art.font(size, bold=bold),
                      lambda c: app.tr(f"animal.{ANIMALS[c & 7]}"))


@pytest.mark.parametrize("seed", [1, 10])  # a contract in a plain; all trumps
def test_cards_drawn_smaller_before_are_drawn_whole(review, seed) -> None:
    app, rv = review(seed)
    trump = rv.entry.hand.trump
    # The table showed each card smaller (the last expedition, the announcements of
    # expedition 2, Show me how's lines), flooded or not as the bidding went.
    for c in range(32):
        for flooded in (False, True):
            rv.images.face(c, 24, flooded)
    fresh = fresh_faces(app)
    for page in (2, 7):
        seen = drawn_cards(app, rv, page)
        assert len(seen) >= 8
        for c, width, image in seen:
            want = fresh.face(c, width, is_flooded(c, trump))
            assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(want, "RGBA"), (
                f"expedition {page}: card {c} is not its face at {width} px")


def test_all_trumps_cards_show_the_tables_water_frame(review) -> None:
    app, rv = review(25)  # a first hand played in all trumps (Standard bids by the guide)
    assert rv.entry.hand.trump == ALL_TRUMPS
    fresh = fresh_faces(app)
    for c, width, image in drawn_cards(app, rv, 2):
        assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(
            fresh.face(c, width, True), "RGBA")


@pytest.mark.parametrize("name", ["practice", "practice_answer", "tutorial"])
def test_the_boards_draw_cards_whole_after_smaller_ones(tmp_path, monkeypatch, name) -> None:
    """The practice and the lessons draw their cards at rest composed at their width too,
    though each card was drawn smaller before (a window made larger)."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "WRITE_FILES", False)
    from beloz.settings import Settings
    from beloz.ui.app import App
    from beloz.ui.scene_registry import push_scene

    app = App(size=(960, 600), fast=True, save=False,
              settings=Settings(language="en", sound=False))
    try:
        push_scene(app, name, 1)
        app.step(1 / 60)
        scene = app.top
        images = scene.images
        images.clear()  # what the window drew at its former, smaller size only
        for c in range(32):
            for flooded in (False, True):
                images.face(c, 24, flooded)
        seen = []
        for method in ("face", "scaled"):
            real = getattr(images, method)

            def spy(card, width, flooded=False, _real=real):
                image = _real(card, width, flooded)
                if card is not None:
                    seen.append((card, width, flooded, image))
                return image

            monkeypatch.setattr(images, method, spy)
        scene.draw(app.screen)
        assert seen
        fresh = fresh_faces(app)
        for c, width, flooded, image in seen:
            assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(
                fresh.face(c, width, flooded), "RGBA"), f"card {c} is not its face at {width}"
    finally:
        app.close()
