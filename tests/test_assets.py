"""Card art, table, icon and sounds (beloz/ui/assets.py, assets/)."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pygame
import pytest

from beloz.ui import assets
from beloz.ui.assets import CardArt, Sounds, asset_path, card_height, default_name

FORBIDDEN = {"text", "use", "clipPath", "mask", "filter", "image", "foreignObject", "style"}
ALL_SVGS = sorted(asset_path().rglob("*.svg"))


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return CardArt()


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def test_there_are_svgs() -> None:
    names = {p.name for p in ALL_SVGS}
    for animal in ("lion", "leopard", "elephant", "rhinoceros", "crocodile", "water_snake",
                   "monkey", "meerkat", "north", "east", "south", "west", "back", "table", "icon"):
        assert f"{animal}.svg" in names


@pytest.mark.parametrize("path", ALL_SVGS, ids=lambda p: p.name)
def test_svg_uses_only_what_nanosvg_draws(path) -> None:
    root = ET.parse(path).getroot()
    assert _tag(root) == "svg"
    for el in root.iter():
        tag = _tag(el)
        assert tag not in FORBIDDEN, f"{path.name}: <{tag}> is not drawn by nanosvg"
        assert not any(k.endswith("href") for k in el.attrib), f"{path.name}: reference in <{tag}>"
        if tag in ("linearGradient", "radialGradient"):
            units = el.get("gradientUnits", "objectBoundingBox")
            if units != "userSpaceOnUse":
                coords = [el.get(a) for a in ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy")]
                assert all(c is None or c.strip().endswith("%") for c in coords), (
                    f"{path.name}: objectBoundingBox gradient without % coordinates"
                )


@pytest.mark.parametrize("path", ALL_SVGS, ids=lambda p: p.name)
def test_svg_loads_with_pygame(path, art) -> None:
    surf = pygame.image.load_sized_svg(str(path), (64, 64))
    assert surf.get_width() > 0 and surf.get_height() > 0
    # something was drawn
    assert surf.get_bounding_rect().w > 0


@pytest.mark.parametrize("width", [63, 90])
def test_every_face_and_back_renders_at_the_right_size(art, width) -> None:
    size = (width, card_height(width))
    for c in range(32):
        assert art.face(c, width, name=default_name(c)).get_size() == size
    assert art.back(width).get_size() == size
    assert card_height(63) == 88 and card_height(90) == 126


def test_faces_differ(art) -> None:
    width = 70
    seen = set()
    for c in range(32):
        seen.add(pygame.image.tobytes(art.face(c, width, name="X"), "RGBA"))
    assert len(seen) == 32


def test_flooded_and_classic_change_the_face(art) -> None:
    def pixels(**kw) -> bytes:
        return pygame.image.tobytes(art.face(20, 80, name="Crocodile", **kw), "RGBA")

    dry = pixels()
    assert pixels(flooded=True) != dry
    assert pixels(classic=True) != dry
    assert pixels(flooded=True, classic=True) not in (dry, pixels(flooded=True))


def test_name_is_drawn(art) -> None:
    a = pygame.image.tobytes(art.face(7, 120, name="Lion"), "RGBA")
    b = pygame.image.tobytes(art.face(7, 120, name="Lion des savanes"), "RGBA")
    assert a != b


def test_cache_returns_the_same_surface(art) -> None:
    assert art.face(3, 100, name="Leopard") is art.face(3, 100, name="Leopard")
    assert art.face(3, 100, name="Leopard") is not art.face(3, 100, name="Léopard")
    assert art.back(100) is art.back(100)
    assert art.table((320, 200)) is art.table((320, 200))
    assert art.font(14) is art.font(14)


def test_bad_card_is_refused(art) -> None:
    with pytest.raises(ValueError):
        art.face(32, 80, name="?")


@pytest.mark.parametrize("size", [(320, 200), (200, 400), (1, 1)])
def test_table_covers_the_window(art, size) -> None:
    assert art.table(size).get_size() == size


def test_flooded_table_differs(art) -> None:
    plain = pygame.image.tobytes(art.table((160, 100)), "RGB")
    assert pygame.image.tobytes(art.table((160, 100), flooded_plain=1), "RGB") != plain


def test_icon_loads(art) -> None:
    icon = art.icon()
    assert icon.get_size() == (256, 256)
    assert pygame.image.load(str(asset_path("icon.png"))).get_size() == (256, 256)
    ico = asset_path("icon.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and b"\x89PNG" in ico


def test_font_has_the_suit_glyphs(art) -> None:
    font = art.font(20)
    widths = {font.size(ch)[0] for ch in "♠♣♥♦"}
    assert all(w > 0 for w in widths)
    # not all the same "missing glyph" box
    assert len({pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA")
                for ch in "♠♣♥♦"}) == 4


def test_licences_are_shipped() -> None:
    assert asset_path("fonts", "LICENSE-DejaVu.txt").exists()
    text = asset_path("LICENSES.md").read_text(encoding="utf-8")
    for name in ("cards", "sounds", "DejaVu", "icon", "table"):
        assert name in text


def test_sheet_cli_writes_a_png(art, tmp_path) -> None:
    out = tmp_path / "sheet.png"
    assert assets.main(["--sheet", str(out), "--small", "40", "--large", "50"]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() > 9 * 50


# ----------------------------------------------------------------------------- sounds
def test_sounds_under_one_megabyte() -> None:
    files = list(asset_path("sounds").glob("*.wav"))
    assert {f.stem for f in files} >= set(assets.SOUND_NAMES)
    assert sum(f.stat().st_size for f in files) < 1_000_000


def _playing(name_sound: pygame.mixer.Sound | None = None) -> list[pygame.mixer.Sound]:
    """The sounds the mixer's channels are playing now."""
    out = []
    for i in range(pygame.mixer.get_num_channels()):
        sound = pygame.mixer.Channel(i).get_sound()
        if sound is not None:
            out.append(sound)
    return out


def test_sounds_load_and_play_with_the_dummy_driver() -> None:
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"  # the CI machine has no sound card
    pygame.mixer.quit()
    sounds = Sounds(volume=0.5)
    assert pygame.mixer.get_init() is not None, "the mixer starts on the dummy driver"
    assert sounds.available
    for name in assets.SOUND_NAMES:
        pygame.mixer.stop()
        sounds.play(name)
        assert pygame.mixer.get_busy(), f"{name} plays"
        [playing] = _playing()
        assert playing.get_length() > 0.02 and playing.get_volume() == pytest.approx(0.5, 0.01)
    pygame.mixer.stop()
    sounds.set_volume(2.0)  # clamped to 1
    sounds.play("deal")
    assert [s.get_volume() for s in _playing()] == [pytest.approx(1.0, 0.01)]
    for silent in (lambda: sounds.set_enabled(False), lambda: sounds.set_volume(0.0)):
        sounds.set_enabled(True)
        sounds.set_volume(0.5)
        silent()
        pygame.mixer.stop()
        sounds.play("deal")
        assert not pygame.mixer.get_busy()
    with pytest.raises(KeyError):
        sounds.play("trumpet")
    pygame.mixer.quit()


def test_the_game_plays_on_when_the_mixer_fails_to_start(monkeypatch, tmp_path) -> None:
    from beloz.ai.player import RandomPlayer
    from beloz.settings import Settings
    from beloz.ui import game
    from beloz.ui.app import App
    from beloz.ui.scenes.table import TableScene

    pygame.mixer.quit()
    # A real failure: SDL has no audio driver of that name, so the mixer cannot start.
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(game, "computer_player", lambda level, seed: (RandomPlayer(seed), "random"))
    # Not ``fast``: a fast table skips its sounds.
    app = App(size=(960, 600), fast=False, settings=Settings(language="en", sound=True))
    try:
        assert pygame.mixer.get_init() is None and not app.sounds.available
        asked: list[str] = []
        play = app.sounds.play
        monkeypatch.setattr(app.sounds, "play", lambda name: (asked.append(name), play(name)))
        scene = TableScene(app, new_match=True, seed=3)
        app.push(scene)
        for _ in range(3000):
            app.step(1 / 20)
            if scene.phase == "human":
                break
        assert asked, "the table asked for sounds (and nothing failed)"
        assert scene.phase == "human" and app.top is scene
    finally:
        app.close()


def test_sounds_without_a_sound_card(monkeypatch) -> None:
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds()
    assert not sounds.available
    for name in assets.SOUND_NAMES:
        sounds.play(name)
    sounds.set_volume(0.3)
    sounds.set_enabled(True)
    sounds.play("won")


def test_asset_path_follows_a_pyinstaller_bundle(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert asset_path("cards", "back.svg") == tmp_path / "assets" / "cards" / "back.svg"


def test_no_svg_references_missing_gradients() -> None:
    for path in ALL_SVGS:
        text = path.read_text(encoding="utf-8")
        ids = set(re.findall(r'id="([^"]+)"', text))
        for ref in re.findall(r"url\(#([^)]+)\)", text):
            assert ref in ids, f"{path.name}: url(#{ref}) is not defined"


def test_cache_keeps_only_recent_widths() -> None:
    fresh = CardArt()
    first = fresh.face(0, 40, name="Meerkat")
    for width in range(41, 41 + assets.MAX_WIDTHS):
        fresh.face(0, width, name="Meerkat")
    assert len(fresh._by_width) == assets.MAX_WIDTHS
    again = fresh.face(0, 40, name="Meerkat")
    assert again is not first
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


def test_emblems(art) -> None:
    seen = set()
    for plain in range(4):
        surf = art.emblem(plain, 24)
        assert surf.get_size() == (24, 24)
        assert surf is art.emblem(plain, 24)
        seen.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(seen) == 4


def animal_names() -> set[str]:
    import json

    from beloz.i18n import strings_path

    names = set()
    for language in ("en", "fr"):
        data = json.loads(strings_path(language).read_text(encoding="utf-8"))
        names |= set(data["animal"].values())
    return names


def test_every_animal_name_fits_its_box_at_every_card_size(art) -> None:
    """No name is cut ("Water snak") or written under 8 px of capital height (issue 47):
    at every card width it fits its layout's name box, on one line or two, at the face's
    least size or larger; every name is written on the cards of a 960 x 600 table (79 px,
    71 px for the turned card) and of the boards (64 px), none on the smallest (MINI)."""
    from beloz.ui.assets import CARD_W, FACE_FONT, MINI

    least = art.least_px()
    assert art._font(least, True, FACE_FONT).metrics("H")[0][3] >= 8
    assert art._font(least - 1, True, FACE_FONT).metrics("H")[0][3] < 8
    for width in range(40, 201, 3):
        lay = art.layout_for(width)
        for name in animal_names():
            label = art._name_label(name, width)
            if lay is MINI:
                assert label is None, (name, width)
                continue
            nb = art._box(lay.name, width / CARD_W)
            assert label is not None, (name, width)
            assert label.get_width() <= nb.w and label.get_height() <= nb.h, (name, width)
            # its capitals: at least those of the least size (a line at least that high)
            assert label.get_height() >= art._text("H", least, (0, 0, 0)).get_height()
    for width in (64, 71, 79):
        assert art.layout_for(width) is not MINI, width
    assert art.layout_for(52) is MINI and art.layout_for(44) is MINI


def test_the_classic_index_is_readable_at_960x600(art) -> None:
    """The rank and suit chip (``J♥``) at the card width of a 960 x 600 table: glyphs at
    least 9 px high (they were about 5), and inside the chip; on the smallest cards it is
    left off rather than written under 8 px."""
    from beloz.ui.assets import CARD_W
    from beloz.ui.scenes.table.layout import Layout

    width = Layout((960, 600)).cw
    chip = art._box(art.layout_for(width).chip, width / CARD_W)
    for c in range(32):
        label = art._classic_label(c, width)
        assert label is not None and label.get_height() >= 9, c
        assert label.get_width() < chip.w and label.get_height() < chip.h
    assert art._classic_label(4, 44) is None  # "10♠" on a 44 px card
    assert art._classic_label(4, 52) is not None
