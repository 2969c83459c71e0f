"""Write BeloZ's SVG art into assets/: animals, plain emblems, card layers, back, table, icon.

Every picture is drawn here by hand as SVG paths, in one style: flat fills, one dark outline
colour, one stroke width, light from the upper left.  Only what nanosvg (SDL_image) draws is
used: paths, basic shapes and gradients with userSpaceOnUse coordinates -- no <text>, <use>,
<clipPath>, <mask> or <filter>.  Run ``python tools/make_art.py`` and commit the SVGs; the PNG
and ICO icons are written by ``python -m beloz.ui.assets --icons``.

Geometry shared with beloz/ui/assets.py:
- card layers use a 630 x 880 viewBox (63 x 88 mm poker card, tenth-of-mm units);
- animals use a 240 x 220 viewBox with the ground line at y = 208;
- emblems use a 100 x 100 viewBox.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from art_animals import ANIMAL_ART, ANIMAL_SCALE, ART_GROUND, ART_H  # noqa: E402
from art_svg import CARDS, CREAM, OUT, PLAIN_COLOURS, ROOT, WATER, mix, outlined, scallop, star, svg  # noqa: E402


# ---------------------------------------------------------------------------------- emblems
def emblem(plain: str) -> str:
    c = PLAIN_COLOURS[plain]
    w = 6
    if plain == "north":  # compass star
        body = f"""
<path d="{star(50, 50, [49, 15], 8)}" fill="{c}"/>
<circle cx="50" cy="50" r="7" fill="{CREAM}" stroke-width="3.5"/>"""
    elif plain == "east":  # the sun: a round disc in a ring of short round rays
        rays = " ".join(
            f"M{50 + 35 * math.cos(a):.1f},{50 + 35 * math.sin(a):.1f} "
            f"L{50 + 43 * math.cos(a):.1f},{50 + 43 * math.sin(a):.1f}"
            for a in (math.radians(d) for d in range(0, 360, 45))
        )
        body = f"""
<path d="{rays}" fill="none" stroke="{OUT}" stroke-width="22"/>
<path d="{rays}" fill="none" stroke="{c}" stroke-width="10"/>
<circle cx="50" cy="50" r="26" fill="{c}"/>"""
    elif plain == "south":  # acacia: flat umbrella crown on a forked trunk
        trunk = "M50,96 L50,66 L30,44 M50,66 L70,44"
        body = f"""
<path d="{trunk}" fill="none" stroke="{OUT}" stroke-width="18"/>
<path d="{trunk}" fill="none" stroke="{c}" stroke-width="8"/>
<path d="M2,36 C6,22 30,14 50,16 C70,14 94,22 98,36 C98,44 80,46 50,46 C20,46 2,44 2,36 Z"
 fill="{c}"/>
<path d="M30,96 H70" fill="none" stroke-width="6"/>"""
    else:  # west: grass tuft
        body = f"""
<path d="M22,94 C26,72 18,52 4,36 C28,48 38,64 40,78 C40,56 44,30 50,4 C56,30 60,56 60,78
 C62,64 72,48 96,36 C82,52 74,72 78,94 Z" fill="{c}"/>"""
    return svg(100, 100, outlined(body, w))


# ------------------------------------------------------------------------------ card layers
# Layout in card units (630 x 880); beloz/ui/assets.py uses the same numbers.
INDEX_W, INDEX_H = 128, 264  # top-left index box (number over emblem)
PANEL = (30, 140, 600, 700)  # art panel: x0, y0, x1, y1
GROUND_Y = 630


class Frame:
    """The art panel of one card layout: its rectangle, the notch around the top-left index
    (width, height), whether it has the bottom-right one, and its ground line."""

    def __init__(self, panel: tuple[int, int, int, int], notch: tuple[int, int],
                 corner: bool, ground: int) -> None:
        self.panel, self.notch, self.corner, self.ground = panel, notch, corner, ground


#: The three layouts (beloz/ui/assets.py's ``LAYOUTS``): the large cards' (name on top,
#: points at the bottom, an index in two corners); the small cards' (the name on a plate
#: under the picture, larger points, one index); the smallest cards' (the picture and the
#: index only, larger).
FRAMES = {
    "": Frame(PANEL, (INDEX_W + 14, INDEX_H), True, GROUND_Y),
    "_compact": Frame((30, 30, 600, 470), (INDEX_W + 14, INDEX_H), False, 412),
    "_mini": Frame((30, 30, 600, 850), (164, 304), False, 770),
}


def panel_path(frame: Frame = FRAMES[""]) -> str:
    x0, y0, x1, y1 = frame.panel
    r = 22
    nx, ny = frame.notch  # notch around the top-left index
    bx, by = 630 - nx, 880 - ny  # and around the bottom-right one
    corner = (f"V{by - r} A{r},{r} 0 0 1 {x1 - r},{by} H{bx + r} A{r},{r} 0 0 0 {bx},{by + r} "
              f"V{y1 - r} A{r},{r} 0 0 1 {bx - r},{y1} " if frame.corner
              else f"V{y1 - r} A{r},{r} 0 0 1 {x1 - r},{y1} ")
    return (
        f"M{nx + r},{y0} H{x1 - r} A{r},{r} 0 0 1 {x1},{y0 + r} {corner}"
        f"H{x0 + r} A{r},{r} 0 0 1 {x0},{y1 - r} V{ny + r} "
        f"A{r},{r} 0 0 1 {x0 + r},{ny} H{nx - r} A{r},{r} 0 0 0 {nx},{ny - r} V{y0 + r} "
        f"A{r},{r} 0 0 1 {nx + r},{y0} Z"
    )


def _ground_edge(frame: Frame) -> str:
    """The panel's bottom, from its right edge round to its left, inside its stroke."""
    x0, _, x1, y1 = frame.panel
    if frame.corner:
        bx = 630 - frame.notch[0]
        return (f" V{880 - frame.notch[1] - 3} H{bx - 3} V{y1 - 22} A19,19 0 0 1 {bx - 22},"
                f"{y1 - 3} H{x0 + 22}")
    return f" V{y1 - 22} A19,19 0 0 1 {x1 - 22},{y1 - 3} H{x0 + 22}"


def face_layer(plain: str, frame: Frame = FRAMES[""]) -> str:
    c = PLAIN_COLOURS[plain]
    sky_top, sky_low = mix(CREAM, c, 0.06), mix(CREAM, c, 0.2)
    ground = mix(CREAM, c, 0.45)
    x0, y0, x1, y1 = frame.panel
    g = frame.ground
    k = (x1 - x0) / 570  # the ground line's waves, as wide as the panel
    line = (f"M{x0 + 3},{g + 4} C{x0 + 120 * k:g},{g - 10} {x0 + 270 * k:g},{g + 12} "
            f"{x0 + 420 * k:g},{g}\n C{x0 + 490 * k:g},{g - 6} {x0 + 530 * k:g},{g - 2} "
            f"{x1 - 3},{g + 2}")
    return svg(630, 880, f"""
<defs>
<linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="{y0}" x2="0" y2="{g}">
<stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_low}"/>
</linearGradient>
</defs>
<rect x="6" y="6" width="618" height="868" rx="44" fill="{CREAM}" stroke="{c}" stroke-width="12"/>
<rect x="22" y="22" width="586" height="836" rx="30" fill="none" stroke="{mix(CREAM, c, 0.5)}"
 stroke-width="3"/>
<path d="{panel_path(frame)}" fill="url(#sky)" stroke="{c}" stroke-width="5"/>
<path d="{line}
{_ground_edge(frame)}
 A19,19 0 0 1 {x0 + 3},{y1 - 22} Z" fill="{ground}"/>
<path d="{line}" fill="none" stroke="{c}"
 stroke-width="6" stroke-linecap="round"/>
""")


def rounded_rect_point(
    x0: float, y0: float, x1: float, y1: float, r: float, s: float
) -> tuple[float, float, float, float]:
    """Point at arc length s along a rounded rectangle (clockwise from the top-left straight),
    with its outward normal."""
    w, h, q = x1 - x0 - 2 * r, y1 - y0 - 2 * r, math.pi * r / 2
    # (length, kind, start x, start y, direction or start angle)
    pieces = [
        (w, "line", x0 + r, y0, (1, 0)), (q, "arc", x1 - r, y0 + r, -math.pi / 2),
        (h, "line", x1, y0 + r, (0, 1)), (q, "arc", x1 - r, y1 - r, 0.0),
        (w, "line", x1 - r, y1, (-1, 0)), (q, "arc", x0 + r, y1 - r, math.pi / 2),
        (h, "line", x0, y1 - r, (0, -1)), (q, "arc", x0 + r, y0 + r, math.pi),
    ]
    k = 0
    while k < len(pieces) - 1 and s > pieces[k][0]:
        s -= pieces[k][0]
        k += 1
    _, kind, px, py, how = pieces[k]
    if kind == "arc":
        a = how + s / r  # type: ignore[operator]
        return px + r * math.cos(a), py + r * math.sin(a), math.cos(a), math.sin(a)
    dx, dy = how  # type: ignore[misc]
    return px + dx * s, py + dy * s, dy, -dx


def wavy_rect(x0: float, y0: float, x1: float, y1: float, r: float, amp: float, waves: int) -> str:
    """A rounded rectangle whose edge ripples: sampled as a polygon for nanosvg."""
    perimeter = 2 * (x1 - x0 - 2 * r) + 2 * (y1 - y0 - 2 * r) + 2 * math.pi * r
    n = 720
    pts = []
    for i in range(n):
        px, py, nx, ny = rounded_rect_point(x0, y0, x1, y1, r, perimeter * i / n)
        off = amp * math.sin(2 * math.pi * waves * i / n)
        pts.append(f"{px + nx * off:.1f},{py + ny * off:.1f}")
    return "M" + " L".join(pts) + " Z"


def flooded_layer(frame: Frame = FRAMES[""]) -> str:
    """Drawn over a face when its plain is flooded: a rippling water frame and risen water."""
    x0, _, x1, _ = frame.panel
    gy = frame.ground - 18
    return svg(630, 880, f"""
<path d="M{x0 + 3},{gy} q30,-12 60,0 {"t60,0 " * 8}t{x1 - x0 - 546},0
{_ground_edge(frame)}
 A19,19 0 0 1 {x0 + 3},{frame.panel[3] - 22} Z" fill="{WATER}" fill-opacity="0.7"/>
<path d="M{x0 + 40},{gy + 34} q20,-10 40,0 t40,0 M{x0 + 260},{gy + 44} q20,-10 40,0 t40,0"
 fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-opacity="0.8"/>
<path d="{wavy_rect(9, 9, 621, 871, 42, 4, 64)}" fill="none" stroke="{WATER}" stroke-width="16"/>
<path d="{wavy_rect(9, 9, 621, 871, 42, 4, 64)}" fill="none" stroke="#ffffff" stroke-width="4"/>
<path d="{wavy_rect(24, 24, 606, 856, 30, 3, 64)}" fill="none" stroke="{WATER}" stroke-width="5"/>
""")


def badge_layer(kind: str) -> str:
    """Point badges, 150 x 90 units: a sand pill (dry) or a water pill with a drop (flooded)."""
    if kind == "dry":
        return svg(150, 90, """
<rect x="4" y="4" width="142" height="82" rx="41" fill="#F3DFAE" stroke="#9C6B2E"
 stroke-width="5"/>""")
    return svg(150, 90, f"""
<rect x="4" y="4" width="142" height="82" rx="41" fill="#D6EEFB" stroke="#1F6E9C"
 stroke-width="5"/>
<path d="M36,18 C44,32 52,42 52,54 C52,64 45,71 36,71 C27,71 20,64 20,54 C20,42 28,32 36,18 Z"
 fill="{WATER}" stroke="#1F6E9C" stroke-width="4"/>
<path d="M30,52 C30,47 32,44 34,42" fill="none" stroke="#ffffff" stroke-width="3.5"
 stroke-linecap="round"/>""")


# ------------------------------------------------------------------------------------ back
def clip_segment(
    x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """Liang-Barsky: the part of a segment inside box (nanosvg has no clipPath)."""
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 >= t1:
        return None
    return x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy


def back() -> str:
    """Point-symmetric, so that a back reads the same both ways up: the river winds through
    four plains (grass and sand, in opposite pairs)."""
    navy, navy2, gold, cream = "#1E3557", "#26436B", "#E6B85C", CREAM
    lattice = []
    for k in range(-20, 21):
        x = 315 + k * 40
        for seg in ((x - 440, 0, x + 440, 880), (x + 440, 0, x - 440, 880)):
            clipped = clip_segment(*seg, (40, 40, 590, 840))
            if clipped:
                ax, ay, bx, by = clipped
                lattice.append(f"M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}")
    rays = star(315, 440, [226, 190], 24, -90)
    river = "M200,330 C280,360 240,440 315,440 C390,440 350,520 430,550"
    corners = "".join(
        f'<path d="M{cx},{cy} m-38,0 l38,-38 l38,38 l-38,38 Z" fill="{gold}" stroke="{navy}" '
        f'stroke-width="4"/><circle cx="{cx}" cy="{cy}" r="10" fill="{navy}"/>'
        for cx, cy in ((100, 110), (530, 110), (100, 770), (530, 770))
    )
    return svg(630, 880, f"""
<rect x="6" y="6" width="618" height="868" rx="44" fill="{cream}" stroke="#3a2a1f"
 stroke-width="6"/>
<rect x="30" y="30" width="570" height="820" rx="28" fill="{navy}"/>
<path d="{' '.join(lattice)}" fill="none" stroke="{navy2}" stroke-width="10"/>
<rect x="30" y="30" width="570" height="820" rx="28" fill="none" stroke="{gold}"
 stroke-width="6"/>
<rect x="46" y="46" width="538" height="788" rx="18" fill="none" stroke="{gold}"
 stroke-width="2.5"/>
{corners}
<path d="{rays}" fill="{gold}" stroke="{navy}" stroke-width="3"/>
<circle cx="315" cy="440" r="165" fill="{cream}" stroke="{gold}" stroke-width="10"/>
<path d="M315,275 A165,165 0 0 0 150,440 L315,440 Z" fill="{mix(cream, '#009E73', 0.25)}"/>
<path d="M315,275 A165,165 0 0 1 480,440 L315,440 Z" fill="{mix(cream, '#E69F00', 0.3)}"/>
<path d="M315,605 A165,165 0 0 1 150,440 L315,440 Z" fill="{mix(cream, '#E69F00', 0.3)}"/>
<path d="M315,605 A165,165 0 0 0 480,440 L315,440 Z" fill="{mix(cream, '#009E73', 0.25)}"/>
<path d="M170,440 H460 M315,290 V590" fill="none" stroke="{cream}" stroke-width="10"/>
<path d="{river}" fill="none" stroke="#1F6E9C" stroke-width="46" stroke-linecap="round"/>
<path d="{river}" fill="none" stroke="{WATER}" stroke-width="34" stroke-linecap="round"/>
<path d="{river}" fill="none" stroke="#ffffff" stroke-width="5" stroke-dasharray="18 22"
 stroke-linecap="round"/>
<path d="M127,440 a188,188 0 1 0 376,0 a188,188 0 1 0 -376,0 Z M155,440 a160,160 0 1 0 320,0
 a160,160 0 1 0 -320,0 Z" fill="{gold}" fill-rule="evenodd" stroke="{navy}" stroke-width="3"/>
<circle cx="315" cy="440" r="150" fill="none" stroke="{navy}" stroke-width="3"/>
""")


# ----------------------------------------------------------------------------------- table
def dashed_ellipse(cx: float, cy: float, rx: float, ry: float, on: float, off: float) -> str:
    """An ellipse's dashes as open sub-paths.  SDL_image's SVG rasteriser draws a dashed
    *closed* shape (stroke-dasharray on an ellipse) with a stray 5 px band across the table
    in some runs, so the dashes are written out instead."""
    n = 720
    pts = [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
           for i in range(n + 1)]
    along = [0.0]
    for i in range(1, n + 1):
        along.append(along[-1] + math.dist(pts[i - 1], pts[i]))
    parts = []
    start = 0.0
    while start < along[-1]:
        dash = [p for p, d in zip(pts, along, strict=True) if start <= d <= start + on]
        if len(dash) >= 2:
            parts.append("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in dash[::2] + dash[-1:]))
        start += on + off
    return " ".join(parts)


def table() -> str:
    """1600 x 1000: four plains (N top, E right, S bottom, W left) split by the river."""
    base = "#2F4A3A"
    cx, cy = 800, 500
    plains = {
        "north": f"M0,0 H1600 L{cx},{cy} Z",
        "east": f"M1600,0 V1000 L{cx},{cy} Z",
        "south": f"M1600,1000 H0 L{cx},{cy} Z",
        "west": f"M0,1000 V0 L{cx},{cy} Z",
    }
    fills = "\n".join(
        f'<path d="{d}" fill="{mix(base, PLAIN_COLOURS[p], 0.13)}"/>' for p, d in plains.items()
    )
    tufts = []
    import random

    rng = random.Random(7)
    for _ in range(140):
        x, y = rng.uniform(20, 1580), rng.uniform(20, 980)
        if abs((x - cx) / 1.6 - (y - cy)) < 70 or abs((x - cx) / 1.6 + (y - cy)) < 70:
            continue  # not in the river
        if ((x - cx) / 360) ** 2 + ((y - cy) / 220) ** 2 < 1.2:
            continue  # not in the lake
        s = rng.uniform(0.7, 1.3)
        tufts.append(
            f"M{x - 8 * s:.0f},{y:.0f} q{2 * s:.1f},{-10 * s:.1f} {-6 * s:.1f},{-18 * s:.1f} "
            f"M{x:.0f},{y:.0f} q0,{-12 * s:.1f} {2 * s:.1f},{-24 * s:.1f} "
            f"M{x + 8 * s:.0f},{y:.0f} q{-2 * s:.1f},{-10 * s:.1f} {6 * s:.1f},{-18 * s:.1f}"
        )
    acacias = "".join(
        f'<g fill="#3b5644"><path d="M{x - 70 * s},{y} C{x - 66 * s},{y - 24 * s} '
        f"{x + 66 * s},{y - 24 * s} {x + 70 * s},{y} C{x + 50 * s},{y + 10 * s} "
        f'{x - 50 * s},{y + 10 * s} {x - 70 * s},{y} Z"/>'
        f'<path d="M{x - 5 * s},{y} L{x - 9 * s},{y + 80 * s} L{x + 9 * s},{y + 80 * s} '
        f'L{x + 5 * s},{y} Z"/></g>'
        for x, y, s in ((220, 130, 1.0), (1400, 120, 0.8), (1420, 820, 1.1), (160, 860, 0.9))
    )
    river = "M0,0 L1600,1000 M1600,0 L0,1000"
    return svg(1600, 1000, f"""
<defs>
<radialGradient id="vignette" gradientUnits="userSpaceOnUse" cx="800" cy="500" r="950">
<stop offset="0.55" stop-color="#000000" stop-opacity="0"/>
<stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
</radialGradient>
</defs>
<rect width="1600" height="1000" fill="{base}"/>
{fills}
<path d="{' '.join(tufts)}" fill="none" stroke="#5d7a55" stroke-opacity="0.35" stroke-width="3"
 stroke-linecap="round"/>
{acacias}
<path d="{river}" fill="none" stroke="#6d7152" stroke-opacity="0.5" stroke-width="120"/>
<path d="{river}" fill="none" stroke="#2B5366" stroke-width="96"/>
<path d="{river}" fill="none" stroke="#3A6A7E" stroke-width="6" stroke-dasharray="60 90"/>
<ellipse cx="{cx}" cy="{cy}" rx="360" ry="220" fill="#6d7152" fill-opacity="0.5"/>
<ellipse cx="{cx}" cy="{cy}" rx="344" ry="206" fill="#2B5366"/>
<path d="{dashed_ellipse(cx, cy, 300, 170, 80, 60)}" fill="none" stroke="#3A6A7E"
 stroke-width="5"/>
<path d="{dashed_ellipse(cx, cy, 230, 120, 50, 70)}" fill="none" stroke="#3A6A7E"
 stroke-width="4"/>
<rect width="1600" height="1000" fill="url(#vignette)"/>
""")


# ------------------------------------------------------------------------------------ icon
def icon() -> str:
    """The lion's head on a North-blue roundel: big shapes that survive 32 px."""
    body, mane, mane_in, light = "#E3A83E", "#A5541E", "#C9762E", "#F6D58C"
    head = f"""
<path d="{scallop(128, 132, 94, 13, 1.25, 0.2)}" fill="{mane}"/>
<path d="{scallop(128, 136, 70, 11, 1.2, 0.1)}" fill="{mane_in}" stroke-width="4"/>
<circle cx="84" cy="76" r="18" fill="{body}"/>
<circle cx="172" cy="76" r="18" fill="{body}"/>
<circle cx="84" cy="76" r="8" fill="#C48A2C" stroke="none"/>
<circle cx="172" cy="76" r="8" fill="#C48A2C" stroke="none"/>
<path d="M128,78 C164,78 182,106 178,142 C174,174 152,192 128,192 C104,192 82,174 78,142
 C74,106 92,78 128,78 Z" fill="{body}"/>
<ellipse cx="114" cy="164" rx="20" ry="16" fill="{light}" stroke="none"/>
<ellipse cx="142" cy="164" rx="20" ry="16" fill="{light}" stroke="none"/>
<path d="M114,146 L142,146 L128,162 Z" fill="#5B3222" stroke-width="4"/>
<path d="M128,162 L128,172 M128,172 Q118,180 108,174 M128,172 Q138,180 148,174" fill="none"
 stroke-width="4"/>
<circle cx="108" cy="124" r="8" fill="{OUT}" stroke="none"/>
<circle cx="148" cy="124" r="8" fill="{OUT}" stroke="none"/>
<circle cx="105.5" cy="121.5" r="2.6" fill="#fff" stroke="none"/>
<circle cx="145.5" cy="121.5" r="2.6" fill="#fff" stroke="none"/>"""
    return svg(256, 256, f"""
<circle cx="128" cy="128" r="124" fill="{CREAM}" stroke="{OUT}" stroke-width="6"/>
<circle cx="128" cy="128" r="110" fill="#0072B2"/>
{outlined(head, 7)}
""")


def main() -> None:
    (CARDS / "animals").mkdir(parents=True, exist_ok=True)
    (CARDS / "plains").mkdir(parents=True, exist_ok=True)
    for name, draw in ANIMAL_ART.items():
        k, cx = ANIMAL_SCALE.get(name, (1.0, 120))
        move = f"translate({cx * (1 - k):.1f},{ART_GROUND - 188 * k:.1f}) scale({k})"
        (CARDS / "animals" / f"{name}.svg").write_text(
            svg(240, ART_H, f'<g transform="{move}">\n{draw()}\n</g>')
        )
    for plain in PLAIN_COLOURS:
        (CARDS / "plains" / f"{plain}.svg").write_text(emblem(plain))
        for suffix, frame in FRAMES.items():
            (CARDS / f"face_{plain}{suffix}.svg").write_text(face_layer(plain, frame))
    for suffix, frame in FRAMES.items():
        (CARDS / f"flooded{suffix}.svg").write_text(flooded_layer(frame))
    (CARDS / "badge_dry.svg").write_text(badge_layer("dry"))
    (CARDS / "badge_flooded.svg").write_text(badge_layer("flooded"))
    (CARDS / "back.svg").write_text(back())
    (ROOT / "assets" / "table.svg").write_text(table())
    (ROOT / "assets" / "icon.svg").write_text(icon())
    print("wrote", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "assets").rglob("*.svg")))


if __name__ == "__main__":
    main()
