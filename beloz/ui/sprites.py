"""Card sprites, card images and time-based tweens.

A ``CardSprite`` is where one card is drawn: a centre, an angle, a width, face up or down.
It knows nothing of the rules.  ``Tween`` moves sprite attributes over seconds (never
frames) with an easing function from pytweening; ``Tweens`` runs them and says when the
table is still.  Where each card goes is the table scene's layout
(``beloz.ui.scenes.table.layout``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytweening

from beloz.rules.cards import ALL_TRUMPS
from beloz.ui.colours import INK, plains
from beloz.ui.focus import draw_ring
from beloz.ui.highlight import frame

Ease = Callable[[float], float]

EASE_OUT: Ease = pytweening.easeOutCubic
EASE_IN_OUT: Ease = pytweening.easeInOutCubic
EASE_BACK: Ease = pytweening.easeOutBack

CARD_RATIO = 88 / 63  # poker proportions (ART.md)


def card_h(width: float) -> int:
    return round(width * CARD_RATIO)


# -- tweens ---------------------------------------------------------------------------------


@dataclass
class Tween:
    """Moves ``target``'s attributes to ``to`` over ``duration`` seconds after ``delay``."""

    target: Any
    to: dict[str, float]
    duration: float
    delay: float = 0.0
    ease: Ease = EASE_OUT
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    start: dict[str, float] = field(default_factory=dict)
    started: bool = False
    finished: bool = False

    def update(self, dt: float) -> float:
        """Advance; returns the time left over once finished (for chaining), else 0."""
        if self.finished:
            return dt
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return 0.0
        if not self.started:
            self.started = True
            self.start = {k: float(getattr(self.target, k)) for k in self.to}
            if self.on_start is not None:
                self.on_start()
        p = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        e = self.ease(p) if p < 1.0 else 1.0
        for k, end in self.to.items():
            a = self.start[k]
            setattr(self.target, k, a + (end - a) * e)
        if p >= 1.0:
            self.finished = True
            if self.on_done is not None:
                self.on_done()
            return max(0.0, t - self.duration)
        return 0.0


class Tweens:
    """The running tweens.  ``busy`` while any is running: the table waits for them."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        # A new tween of an attribute replaces a running one of the same attribute.
        for other in self.items:
            if other.target is tween.target and not other.finished:
                for k in list(other.to):
                    if k in tween.to:
                        del other.to[k]
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        # Callbacks may add tweens: iterate over a snapshot.
        for tw in list(self.items):
            tw.update(dt)
        self.items = [t for t in self.items if not t.finished]

    def finish_all(self) -> None:
        """Jump every tween to its end (fast mode), callbacks included."""
        for _ in range(50):
            if not self.items:
                return
            for tw in list(self.items):
                tw.update(tw.delay + tw.duration + 1.0)
            self.items = [t for t in self.items if not t.finished]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()


# -- sprites --------------------------------------------------------------------------------


class CardSprite:
    """One card on the table.  ``card`` is always the real card id: whether its face is
    drawn is ``face_up``; ``flip`` (0..1) is the progress of a turn-over animation."""

    def __init__(self, card: int, x: float = 0.0, y: float = 0.0, width: float = 60.0) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.w = width
        self.angle = 0.0
        self.face_up = False
        self.flip = 1.0  # 1: at rest; the turn-over squeezes the card to 0 and back
        self.alpha = 255.0
        self.visible = False
        self.z = 0
        self.lift = 0.0  # raised (hover/selection) in pixels, drawn upwards
        self.dim = False
        self.glow = False  # framed (``highlight.frame``): raised to be played, or the winner
        #: In the keys' focus ring (``focus.draw_ring``): a card the arrows selected that may
        #: not be played (no frame: that says "to be played"), seen where it is.
        self.ring = False
        self.drawn_w: int | None = None  # the width it was last drawn at (draw_card)

    def rect(self) -> pygame.Rect:
        """The axis-aligned box the sprite covers (for hit tests)."""
        w, h = self.w, card_h(self.w)
        if abs(self.angle) % 180 > 45:
            w, h = h, w
        r = pygame.Rect(0, 0, round(w), round(h))
        r.center = (round(self.x), round(self.y - self.lift))
        return r

    def turn(self, tweens: Tweens, face_up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn the card over: squeeze to an edge, change side, open again."""
        if duration <= 0:
            self.face_up = face_up
            self.flip = 1.0
            return

        def swap() -> None:
            self.face_up = face_up
            tweens.add(Tween(self, {"flip": 1.0}, duration / 2, ease=EASE_OUT))

        tweens.add(Tween(self, {"flip": 0.0}, duration / 2, delay=delay, ease=pytweening.easeInQuad,
                         on_done=swap))


# -- images ---------------------------------------------------------------------------------

MAX_IMAGES = 2000  # card images kept by CardImages (32 cards × a few widths and variants)


class CardImages:
    """Face and back surfaces at a width, from ``app.art`` when it works, else drawn here
    (rounded rectangles with the code) so the table runs before the art lands."""

    def __init__(self, art: Any, font: Callable[[int, bool], pygame.font.Font],
                 name: Callable[[int], str]) -> None:
        self.art = art
        self.font = font
        self.name = name
        self.classic = False
        self._cache: dict[tuple, pygame.Surface] = {}
        # The widths cached for each image (key without its width): a card whose width is
        # being tweened is drawn by scaling the nearest one, never composed again from the
        # SVG art at every in-between width (8 ms a face, and a cache flooded with sizes).
        self._widths: dict[tuple, set[int]] = {}
        self._turned: dict[tuple, pygame.Surface] = {}
        self._dimmed: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        """Forget every image (the card names changed language)."""
        self._cache.clear()
        self._widths.clear()
        self._turned.clear()
        self._dimmed.clear()

    def _keep(self, key: tuple, base: tuple, width: int, surf: pygame.Surface) -> None:
        if len(self._cache) >= MAX_IMAGES:  # a long session of resizes: start afresh
            self.clear()
        self._cache[key] = surf
        self._widths.setdefault(base, set()).add(width)

    def scaled(self, card: int | None, width: int, flooded: bool = False) -> pygame.Surface:
        """A face (``card``) or back (None) at ``width``: the cached image if there is one,
        else the nearest cached width scaled (not kept), else composed at ``width``.  For a
        tween's in-between widths only: a card at rest is drawn with ``face``, since the
        nearest width may be smaller (a card shown small before, a window made larger) and
        scaled up it is pale and blurred."""
        base = ("b",) if card is None else ("f", card, flooded, self.classic)
        widths = self._widths.get(base)
        if not widths or width in widths:
            return self.back(width) if card is None else self.face(card, width, flooded)
        src = min(widths, key=lambda v: (v < width, abs(v - width)))  # prefer shrinking
        img = self._cache[("b", src, 0)] if card is None else self._cache[
            ("f", card, src, flooded, self.classic)]
        return pygame.transform.smoothscale(img, (width, card_h(width)))

    def dimmed(self, img: pygame.Surface, key: tuple | None) -> pygame.Surface:
        """``img`` as a card that may not be played: grey and darker, plain for every
        plain's colours (a darker orange still read as playable); kept when ``key`` names
        a cached image."""
        surf = self._dimmed.get(key) if key is not None else None
        if surf is None:
            surf = pygame.transform.grayscale(img)
            surf.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            if key is not None:
                self._dimmed[key] = surf
        return surf

    def turned(self, img: pygame.Surface, key: tuple, angle: int) -> pygame.Surface:
        """``img`` (the cached image ``key``) turned by a right angle, kept."""
        k = (*key, angle)
        surf = self._turned.get(k)
        if surf is None:
            surf = self._turned[k] = pygame.transform.rotate(img, angle)
        return surf

    def face(self, card: int, width: int, flooded: bool) -> pygame.Surface:
        key = ("f", card, width, flooded, self.classic)
        surf = self._cache.get(key)
        if surf is None:
            surf = None
            if self.art is not None:
                try:
                    surf = self.art.face(card, width, name=self.name(card), flooded=flooded,
                                         classic=self.classic)
                except Exception:  # noqa: BLE001 - art still being written: draw our own
                    surf = None
            if surf is None:
                surf = self._fallback_face(card, width, flooded)
            self._keep(key, ("f", card, flooded, self.classic), width, surf)
        return surf

    def back(self, width: int, angle: int = 0) -> pygame.Surface:
        key = ("b", width, angle)
        surf = self._cache.get(key)
        if surf is None:
            if angle:
                surf = pygame.transform.rotate(self.back(width), angle)
                self._cache[key] = surf
                return surf
            surf = None
            if self.art is not None:
                try:
                    surf = self.art.back(width)
                except Exception:  # noqa: BLE001
                    surf = None
            if surf is None:
                surf = self._fallback_back(width)
            self._keep(key, ("b",), width, surf)
        return surf

    def _fallback_face(self, card: int, width: int, flooded: bool) -> pygame.Surface:
        h = card_h(width)
        s = pygame.Surface((width, h), pygame.SRCALPHA)
        rad = max(3, width // 10)
        col = plains()[card >> 3]
        pygame.draw.rect(s, (250, 246, 236), s.get_rect(), border_radius=rad)
        pygame.draw.rect(s, col, s.get_rect(), width=max(2, width // 20), border_radius=rad)
        if flooded:
            pygame.draw.rect(s, (40, 140, 220), s.get_rect().inflate(-6, -6), width=2,
                             border_radius=rad)
        f = self.font(max(10, width // 3), True)
        t = f.render(str((card & 7) + 1), True, col)
        s.blit(t, (width * 0.1, h * 0.05))
        # The name at 11 px or more (8 px capitals), or not at all: never squeezed smaller.
        nm = self.font(max(11, width // 7), False).render(self.name(card), True, INK)
        if nm.get_width() <= width - 6:
            s.blit(nm, nm.get_rect(center=(width // 2, h * 0.62)))
        pygame.draw.circle(s, col, (width // 2, int(h * 0.4)), width // 6)
        return s

    def _fallback_back(self, width: int) -> pygame.Surface:
        h = card_h(width)
        s = pygame.Surface((width, h), pygame.SRCALPHA)
        rad = max(3, width // 10)
        pygame.draw.rect(s, (40, 70, 60), s.get_rect(), border_radius=rad)
        pygame.draw.rect(s, (220, 200, 150), s.get_rect().inflate(-width // 6, -width // 6),
                         width=2, border_radius=rad)
        return s


def is_flooded(card: int, trump: int | None) -> bool:
    """Whether ``card`` shows the flooded frame under the card order ``trump`` (a plain,
    ``NO_TRUMPS``: none, ``ALL_TRUMPS``: every plain)."""
    return trump == ALL_TRUMPS or card >> 3 == trump


def draw_card(surface: pygame.Surface, images: CardImages, sp: CardSprite, trump: int | None,
              small_w: int) -> None:
    """Draw one sprite: its face or back at its width, angle, flip and alpha."""
    if not sp.visible or sp.alpha <= 1:
        return
    w = max(4, round(sp.w))
    flooded = is_flooded(sp.card, trump)
    # A width that changed since the last frame is a tween's in-between: scale a cached
    # image rather than compose one from the art (see CardImages).
    resizing = sp.drawn_w is not None and sp.drawn_w != w
    sp.drawn_w = w
    key: tuple | None = None
    if resizing:
        img = images.scaled(sp.card if sp.face_up else None, w, flooded)
    elif sp.face_up:
        img = images.face(sp.card, w, flooded)
        key = ("f", sp.card, w, flooded, images.classic)
    else:
        img = images.back(w)
        key = ("b", w, 0)
    if sp.flip < 0.999:
        fw = max(1, round(img.get_width() * max(0.02, sp.flip)))
        img = pygame.transform.smoothscale(img, (fw, img.get_height()))
        key = None
    if sp.angle:
        right = round(sp.angle / 90) * 90
        if key is not None and abs(sp.angle - right) < 0.01:
            img = images.turned(img, key, right % 360)  # hands at rest: rotated once
            key = (*key, right % 360)
        else:
            img = pygame.transform.rotate(img, sp.angle)
            key = None
    if sp.dim:
        img = images.dimmed(img, key)
    if sp.alpha < 254:
        img = img.copy()  # never the cached image
        img.set_alpha(round(sp.alpha))
    r = img.get_rect(center=(round(sp.x), round(sp.y - sp.lift)))
    if sp.glow:
        frame(surface, r, sp.card, width=4, radius=max(4, w // 9))
    surface.blit(img, r)
    if sp.ring:
        draw_ring(surface, r)
