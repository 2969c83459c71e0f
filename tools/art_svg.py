"""The SVG helpers and the palette of BeloZ's art (``tools/make_art.py``): the one outline
colour and width, the plain colours, the shapes every picture is made of (tubes, scallops,
stars, the water pool).  Split from make_art.py."""

from __future__ import annotations

import math
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"

OUT = "#3a2a1f"  # the one outline colour
SW = 4.5  # the one outline width in animal units

PLAIN_COLOURS = {  # Okabe-Ito
    "north": "#0072B2",
    "east": "#009E73",
    "south": "#D55E00",
    "west": "#E69F00",
}
CREAM = "#FFF9EC"
WATER = "#56B4E9"  # Okabe-Ito sky blue
WATER_LIGHT = "#A9DBF5"


def mix(a: str, b: str, t: float) -> str:
    """Colour a blended towards b by t (0..1)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def svg(w: float, h: float, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}">\n{body}\n</svg>\n'
    )


def outlined(body: str, width: float = SW) -> str:
    return (
        f'<g stroke="{OUT}" stroke-width="{width}" stroke-linejoin="round" '
        f'stroke-linecap="round">\n{body}\n</g>'
    )


def tube(d: str, fill: str, width: float, extra: str = "") -> str:
    """A stroked path drawn as an outlined tube (tails, trunks, snake bodies)."""
    return (
        f'<path d="{d}" fill="none" stroke="{OUT}" stroke-width="{width + 2 * SW}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>\n'
        f'<path d="{d}" fill="none" stroke="{fill}" stroke-width="{width}" '
        f'stroke-linecap="round" stroke-linejoin="round"{extra}/>'
    )


def scallop(cx: float, cy: float, r: float, n: int, bulge: float, phase: float = 0.0) -> str:
    """A closed scalloped circle (the lion's mane)."""
    angles = [phase + 2 * math.pi * k / n for k in range(n)]
    pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
    chord = 2 * r * math.sin(math.pi / n)
    rad = chord / 2 * bulge
    d = f"M{pts[0][0]:.1f},{pts[0][1]:.1f}"
    for k in range(1, n + 1):
        x, y = pts[k % n]
        d += f" A{rad:.1f},{rad:.1f} 0 0 1 {x:.1f},{y:.1f}"
    return d + " Z"


def star(cx: float, cy: float, radii: list[float], n: int, phase: float = -90) -> str:
    pts = []
    for k in range(n):
        a = math.radians(phase + 360 * k / n)
        r = radii[k % len(radii)]
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return "M" + " L".join(pts) + " Z"


def water_pool(x0: float = 4, x1: float = 206) -> str:
    """The water the aquatic animals lie in: their family mark."""
    return (
        f'<path d="M{x0},182 C{x0 + 30},172 {x1 - 30},172 {x1},182 '
        f'C{x1 - 20},193 {x0 + 20},193 {x0},182 Z" fill="{WATER_LIGHT}" stroke="{WATER}" '
        f'stroke-width="3"/>\n'
        f'<path d="M{x0 + 30},183 q10,-4 20,0 t20,0 M{x1 - 70},184 q10,-4 20,0 t20,0" '
        f'fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>'
    )
