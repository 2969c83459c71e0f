"""The frame that marks a card: the hint's best card, the card selected, the winner of an
expedition.  Two tones (``colours.FRAME_DARK`` and ``FRAME_LIGHT``) so that it shows on
every plain's border in every vision: the one that contrasts with the card's plain colour
touches the card, the other is outside it, against the table.  Gold, which it replaces,
sat on the amber and orange borders at ΔE 15 (CIEDE2000)."""

from __future__ import annotations

import pygame

from beloz.ui.colours import frame_tones, plains


def frame(surface: pygame.Surface, rect: pygame.Rect, card: int, width: int = 4,
          radius: int = 6) -> None:
    """Frame ``rect`` (the card ``card``, 0..31, drawn there) from outside: ``width``
    pixels, the inner tone two of them (one when ``width`` is 1)."""
    touching, outside = frame_tones(plains()[card >> 3])
    width = max(1, width)
    inner = min(width, 2)
    outer = width - inner
    if outer > 0:
        pygame.draw.rect(surface, outside, rect.inflate(2 * width, 2 * width), outer,
                         border_radius=radius + width)
    pygame.draw.rect(surface, touching, rect.inflate(2 * inner, 2 * inner), inner,
                     border_radius=radius + inner)
