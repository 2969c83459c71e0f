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


# ---------------------------------------------------------------------------------- animals
# Each animal faces left, stands on y = 188 and fills the 240 x 200 box as much as its shape
# allows, so that silhouettes stay large on a 60 px card.


def lion() -> str:
    body, light, shade = "#E3A83E", "#F6D58C", "#C48A2C"
    mane, mane_in = "#A5541E", "#C9762E"
    return outlined(f"""
{tube("M200,110 C224,110 228,86 222,64", body, 7)}
<ellipse cx="221" cy="58" rx="10" ry="12" fill="{mane}"/>
{tube("M124,140 L122,179", shade, 17)}
{tube("M198,136 L200,179", shade, 17)}
{tube("M104,134 L101,179", body, 18)}
{tube("M176,140 L178,179", body, 18)}
<ellipse cx="122" cy="183" rx="11" ry="5" fill="{light}"/>
<ellipse cx="200" cy="183" rx="11" ry="5" fill="{light}"/>
<ellipse cx="99" cy="183" rx="12" ry="5" fill="{light}"/>
<ellipse cx="179" cy="183" rx="12" ry="5" fill="{light}"/>
<path d="M96,104 C124,90 184,88 206,100 C222,110 220,142 206,152 C180,160 124,160 100,152 Z"
 fill="{body}"/>
<path d="M120,150 C150,156 180,156 200,150" fill="none" stroke="{light}" stroke-width="5"/>
<path d="{scallop(76, 94, 52, 13, 1.25, 0.2)}" fill="{mane}"/>
<path d="{scallop(76, 96, 38, 11, 1.2, 0.1)}" fill="{mane_in}" stroke-width="2.5"/>
<circle cx="52" cy="62" r="10" fill="{body}"/>
<circle cx="100" cy="62" r="10" fill="{body}"/>
<circle cx="52" cy="62" r="4.5" fill="{shade}" stroke="none"/>
<circle cx="100" cy="62" r="4.5" fill="{shade}" stroke="none"/>
<path d="M76,64 C96,64 106,80 104,100 C102,118 90,130 76,130 C62,130 50,118 48,100
 C46,80 56,64 76,64 Z" fill="{body}"/>
<ellipse cx="68" cy="114" rx="11" ry="9" fill="{light}" stroke="none"/>
<ellipse cx="84" cy="114" rx="11" ry="9" fill="{light}" stroke="none"/>
<path d="M68,104 L84,104 L76,113 Z" fill="#5B3222" stroke-width="2.5"/>
<path d="M76,113 L76,119 M76,119 Q70,124 64,120 M76,119 Q82,124 88,120" fill="none"
 stroke-width="2.5"/>
<circle cx="65" cy="90" r="4.6" fill="{OUT}" stroke="none"/>
<circle cx="87" cy="90" r="4.6" fill="{OUT}" stroke="none"/>
<circle cx="63.6" cy="88.4" r="1.5" fill="#fff" stroke="none"/>
<circle cx="85.6" cy="88.4" r="1.5" fill="#fff" stroke="none"/>
<path d="M58,80 Q65,76 71,79 M81,79 Q87,76 94,80" fill="none" stroke-width="2.5"/>
""")


def leopard() -> str:
    coat, light, shade, spot = "#EDBB55", "#F8E2A8", "#D09A36", "#3E2A1C"
    spots = [
        (92, 124, 5), (110, 116, 5), (128, 124, 5.5), (146, 116, 5), (164, 124, 5.5),
        (180, 118, 4.5), (100, 140, 4.5), (120, 140, 5), (140, 136, 5), (160, 142, 5),
        (182, 136, 4.5), (80, 134, 4), (196, 130, 4), (112, 128, 3), (152, 130, 3),
        (172, 132, 3),
    ]
    dots = "\n".join(
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{spot}" stroke="none"/>' for x, y, r in spots
    )
    return outlined(f"""
{tube("M192,128 C226,134 236,104 226,78 C220,64 204,66 208,80", coat, 8)}
<path d="M192,128 C226,134 236,104 226,78 C220,64 204,66 208,80" fill="none" stroke="{spot}"
 stroke-width="8" stroke-dasharray="4 9" stroke-linecap="butt"/>
{tube("M92,146 L90,182", shade, 15)}
{tube("M194,140 L208,178", shade, 15)}
{tube("M76,146 L64,182", coat, 16)}
{tube("M172,146 L182,182", coat, 16)}
<ellipse cx="60" cy="183" rx="11" ry="5" fill="{light}"/>
<ellipse cx="186" cy="183" rx="11" ry="5" fill="{light}"/>
<path d="M50,132 C58,110 78,100 96,112 C124,114 164,106 190,116 C208,124 208,152 192,158
 C150,166 96,166 64,158 C50,152 46,142 50,132 Z" fill="{coat}"/>
<path d="M74,158 C110,166 160,164 190,156" fill="none" stroke="{light}" stroke-width="5"/>
{dots}
<circle cx="36" cy="118" r="7" fill="{coat}"/>
<circle cx="52" cy="120" r="7" fill="{coat}"/>
<path d="M60,134 C60,118 48,114 36,116 C22,118 14,130 14,140 C14,152 24,158 36,158
 C50,158 60,148 60,134 Z" fill="{coat}"/>
<ellipse cx="24" cy="148" rx="11" ry="8" fill="{light}" stroke="none"/>
<path d="M12,138 L20,138 L16,144 Z" fill="#5B3222" stroke-width="2"/>
<ellipse cx="30" cy="132" rx="3.6" ry="3" fill="{OUT}" stroke="none"/>
<circle cx="44" cy="140" r="2.6" fill="{spot}" stroke="none"/>
<circle cx="48" cy="128" r="2.6" fill="{spot}" stroke="none"/>
<path d="M16,152 Q22,156 28,152" fill="none" stroke-width="2"/>
""")


def elephant() -> str:
    skin, light, shade = "#9AA6B2", "#BCC6CF", "#7E8A96"
    ear, ear_in, tusk = "#AEB9C4", "#D9B8B2", "#FFF4D6"
    return outlined(f"""
<path d="M214,96 C226,110 226,126 220,138" fill="none" stroke-width="3.5"/>
<path d="M216,134 L224,146 L226,134 Z" fill="{OUT}" stroke-width="2"/>
<path d="M116,140 L116,186 L140,186 L140,140 Z" fill="{shade}"/>
<path d="M184,140 L184,186 L208,186 L208,140 Z" fill="{shade}"/>
<path d="M90,72 C130,48 200,54 214,90 C224,118 216,150 200,154 L98,154 C84,140 80,96 90,72 Z"
 fill="{skin}"/>
<path d="M120,66 C150,56 190,62 206,84" fill="none" stroke="{light}" stroke-width="6"/>
<path d="M98,140 L98,186 L124,186 L124,140 Z" fill="{skin}"/>
<path d="M164,140 L164,186 L190,186 L190,140 Z" fill="{skin}"/>
<path d="M100,182 h6 M112,182 h6 M166,182 h6 M178,182 h6" stroke="{light}" stroke-width="3"/>
{tube("M50,104 C34,124 26,150 30,166 C32,176 22,180 14,170", skin, 18)}
<path d="M26,150 h9 M28,140 h9 M31,130 h9" fill="none" stroke-width="2"/>
<path d="M66,48 C92,44 108,62 106,92 C104,114 86,124 66,122 C44,120 32,104 34,86
 C36,64 48,50 66,48 Z" fill="{skin}"/>
<path d="M56,116 C48,132 36,140 20,138 C32,130 40,122 44,110 Z" fill="{tusk}"
 stroke-width="3"/>
<path d="M80,56 C112,38 146,62 142,102 C138,136 110,146 96,130 C86,118 80,96 80,56 Z"
 fill="{ear}"/>
<path d="M90,66 C112,56 132,74 130,100 C128,122 112,130 102,120 C94,110 90,92 90,66 Z"
 fill="{ear_in}" stroke="none"/>
<circle cx="58" cy="80" r="4" fill="{OUT}" stroke="none"/>
<circle cx="57" cy="78.6" r="1.3" fill="#fff" stroke="none"/>
<path d="M50,72 Q57,68 64,71" fill="none" stroke-width="2.5"/>
""")


def rhinoceros() -> str:
    skin, light, shade, horn = "#A89B89", "#C8BDAD", "#8A7E6E", "#EFE4CC"
    return outlined(f"""
<path d="M214,108 C224,116 224,128 220,136" fill="none" stroke-width="3.5"/>
<path d="M108,144 L108,186 L132,186 L132,144 Z" fill="{shade}"/>
<path d="M184,144 L184,186 L206,186 L206,144 Z" fill="{shade}"/>
<path d="M84,98 C116,72 194,74 214,104 C226,124 220,152 204,158 L98,160 C80,150 74,112 84,98 Z"
 fill="{skin}"/>
<path d="M112,86 C150,74 190,80 206,100" fill="none" stroke="{light}" stroke-width="6"/>
<path d="M128,84 C120,108 120,134 126,158 M176,82 C184,104 184,134 178,158" fill="none"
 stroke-width="2.5"/>
<path d="M92,146 L92,186 L118,186 L118,146 Z" fill="{skin}"/>
<path d="M160,146 L160,186 L186,186 L186,146 Z" fill="{skin}"/>
<path d="M94,182 h6 M106,182 h6 M162,182 h6 M174,182 h6" stroke="{light}" stroke-width="3"/>
<path d="M88,98 C82,90 82,80 86,76 C94,80 98,88 98,94 Z" fill="{skin}"/>
<path d="M100,96 C96,88 98,80 102,76 C108,82 110,88 110,94 Z" fill="{skin}"/>
<path d="M104,104 C90,96 64,102 46,116 C30,126 18,140 20,152 C22,162 40,164 62,160
 C86,156 102,148 108,132 Z" fill="{skin}"/>
<path d="M26,132 C20,112 20,90 28,70 C36,92 44,112 48,126 Z" fill="{horn}"/>
<path d="M54,118 C54,108 56,100 62,92 C66,102 68,110 68,118 Z" fill="{horn}"/>
<circle cx="74" cy="128" r="3.8" fill="{OUT}" stroke="none"/>
<circle cx="73" cy="126.8" r="1.2" fill="#fff" stroke="none"/>
<path d="M24,154 Q34,150 42,154" fill="none" stroke-width="2.5"/>
<path d="M84,118 C90,128 90,140 84,150" fill="none" stroke-width="2.5"/>
""")


def crocodile() -> str:
    body, belly, dark, eye = "#6E9B3F", "#CBD78C", "#4B7330", "#F2D14B"
    def lift(i: int) -> float:  # the ridge follows the tail up
        return 0.5 * max(0, i - 8) ** 1.6

    ridge = "M" + " L".join(
        f"{x:.0f},{y:.0f}"
        for i in range(15)
        for x, y in [(86 + i * 9, 140 - lift(i)), (90.5 + i * 9, 130 - lift(i))]
    )
    return (
        water_pool()
        + "\n"
        + outlined(f"""
<path d="{ridge} L222,124 L80,142 Z" fill="{dark}" stroke-width="3"/>
<path d="M150,146 C180,146 208,138 236,114 C228,146 204,166 160,170 Z" fill="{body}"/>
<path d="M150,166 L160,184 L176,184 L170,164 Z" fill="{dark}"/>
<path d="M58,144 C80,132 140,130 168,144 C178,154 176,168 160,172 L66,172 C52,170 50,152 58,144 Z"
 fill="{body}"/>
<path d="M70,168 C100,172 140,172 162,168" fill="none" stroke="{belly}" stroke-width="5"/>
<path d="M76,164 L68,184 L86,184 L94,166 Z" fill="{body}"/>
<path d="M130,166 L134,184 L152,184 L148,164 Z" fill="{body}"/>
<path d="M68,146 C60,134 46,132 38,138 L8,148 C2,150 2,157 8,158 L70,158 Z" fill="{body}"/>
<path d="M8,160 L70,160 L70,170 C40,171 18,169 10,167 C4,165 4,161 8,160 Z" fill="{belly}"/>
<path d="M12,158 l4,5 l4,-5 l4,5 l4,-5 l4,5 l4,-5 l4,5 l4,-5 l4,5 l4,-5" fill="#ffffff"
 stroke-width="2"/>
<circle cx="10" cy="147" r="3" fill="{dark}" stroke="none"/>
<circle cx="56" cy="134" r="9" fill="{body}"/>
<circle cx="55" cy="133" r="5" fill="{eye}" stroke-width="2"/>
<path d="M55,129 L55,137" stroke-width="2.2"/>
""")
    )


def water_snake() -> str:
    body, band, belly = "#3F9E96", "#1F5B57", "#D9E9C8"
    d = (
        "M216,170 C176,184 106,184 80,170 C54,156 62,132 96,130 C134,128 168,116 164,86 "
        "C162,66 150,58 134,56"
    )
    return (
        water_pool()
        + "\n"
        + tube("M216,170 C226,166 234,158 236,146", body, 9)
        + "\n"
        + tube(d, body, 20, ' stroke-dasharray="none"')
        + f'\n<path d="{d}" fill="none" stroke="{band}" stroke-width="20" stroke-dasharray="6 14"/>'
        + f'\n<path d="M90,168 C70,160 70,140 92,136" fill="none" stroke="{belly}" '
        'stroke-width="5" stroke-linecap="round"/>\n'
        + outlined(f"""
<path d="M146,52 C146,38 126,32 108,36 C94,39 86,46 86,52 C86,60 98,64 118,64
 C134,64 146,62 146,52 Z" fill="{body}"/>
<path d="M88,54 C98,60 120,62 140,58" fill="none" stroke="{belly}" stroke-width="3"/>
<circle cx="104" cy="46" r="5" fill="#F2D14B" stroke-width="2"/>
<path d="M104,42 L104,50" stroke-width="2"/>
<path d="M86,54 L72,56 M72,56 L64,52 M72,56 L64,60" fill="none" stroke="#D0312D"
 stroke-width="2.5"/>
""")
    )


def monkey() -> str:
    fur, light, face, dark = "#8B5A33", "#B27B4B", "#EDC99B", "#5E3A20"
    return outlined(f"""
{tube("M160,164 C204,166 222,132 206,110 C194,94 170,100 174,118 C178,132 196,128 192,116",
      fur, 8)}
<path d="M90,122 C84,150 86,176 100,184 L158,184 C172,176 174,150 168,122 C160,98 98,98 90,122 Z"
 fill="{fur}"/>
<ellipse cx="129" cy="150" rx="22" ry="26" fill="{light}" stroke="none"/>
<ellipse cx="100" cy="172" rx="18" ry="14" fill="{fur}"/>
<ellipse cx="158" cy="172" rx="18" ry="14" fill="{fur}"/>
<ellipse cx="96" cy="184" rx="12" ry="5" fill="{face}"/>
<ellipse cx="162" cy="184" rx="12" ry="5" fill="{face}"/>
{tube("M98,120 C90,140 100,156 112,166", fur, 10)}
{tube("M160,120 C168,140 158,156 146,166", fur, 10)}
<circle cx="114" cy="167" r="6" fill="{face}"/>
<circle cx="144" cy="167" r="6" fill="{face}"/>
<circle cx="89" cy="74" r="15" fill="{fur}"/>
<circle cx="169" cy="74" r="15" fill="{fur}"/>
<circle cx="89" cy="74" r="8" fill="{face}" stroke="none"/>
<circle cx="169" cy="74" r="8" fill="{face}" stroke="none"/>
<circle cx="129" cy="76" r="36" fill="{fur}"/>
<path d="M120,42 Q126,32 130,40 Q136,30 140,42" fill="{fur}" stroke-width="3"/>
<path d="M129,62 C118,50 100,56 102,74 C104,92 116,106 129,108 C142,106 154,92 156,74
 C158,56 140,50 129,62 Z" fill="{face}"/>
<circle cx="118" cy="74" r="4.8" fill="{OUT}" stroke="none"/>
<circle cx="140" cy="74" r="4.8" fill="{OUT}" stroke="none"/>
<circle cx="116.6" cy="72.4" r="1.5" fill="#fff" stroke="none"/>
<circle cx="138.6" cy="72.4" r="1.5" fill="#fff" stroke="none"/>
<circle cx="125" cy="88" r="1.8" fill="{dark}" stroke="none"/>
<circle cx="133" cy="88" r="1.8" fill="{dark}" stroke="none"/>
<path d="M118,96 Q129,104 140,96" fill="none" stroke-width="2.5"/>
""")


def meerkat() -> str:
    fur, light, dark, earth = "#D6AF78", "#F2DFBA", "#4E3726", "#B07A4E"
    return outlined(f"""
<path d="M60,188 C70,166 94,158 126,158 C160,158 182,168 192,188 Z" fill="{earth}"/>
<path d="M80,176 q8,-6 16,0 M150,172 q8,-6 16,0" fill="none" stroke="#8E5E38"
 stroke-width="3"/>
{tube("M144,150 C160,164 170,166 178,162", fur, 8)}
<circle cx="181" cy="160" r="5" fill="{dark}" stroke-width="2.5"/>
<path d="M110,164 C100,130 104,92 116,74 C124,64 142,64 148,76 C158,98 160,136 150,164 Z"
 fill="{fur}"/>
<path d="M120,160 C114,130 116,100 124,84 C132,96 136,130 134,160 Z" fill="{light}"
 stroke="none"/>
<ellipse cx="116" cy="166" rx="13" ry="7" fill="{fur}"/>
<ellipse cx="146" cy="166" rx="13" ry="7" fill="{fur}"/>
{tube("M118,90 C110,100 108,108 112,114", fur, 8)}
{tube("M136,92 C130,102 128,110 132,116", fur, 8)}
<path d="M154,52 C154,36 138,28 124,34 C114,38 104,46 96,52 C94,56 98,60 104,60
 C116,62 128,72 142,70 C152,68 154,60 154,52 Z" fill="{fur}"/>
<path d="M104,60 C116,62 128,70 140,68" fill="none" stroke="{light}" stroke-width="3"/>
<ellipse cx="122" cy="47" rx="7.5" ry="6" fill="{dark}" stroke="none"/>
<circle cx="121" cy="46" r="2.2" fill="#fff" stroke="none"/>
<path d="M138,42 C142,34 152,36 150,46 Z" fill="{dark}" stroke-width="2"/>
<circle cx="97" cy="54" r="3.2" fill="{dark}" stroke="none"/>
""")


ANIMAL_ART = {
    "meerkat": meerkat,
    "monkey": monkey,
    "water_snake": water_snake,
    "leopard": leopard,
    "crocodile": crocodile,
    "rhinoceros": rhinoceros,
    "elephant": elephant,
    "lion": lion,
}


# The animals are drawn on a 240 x 200 grid standing on y = 188, then placed in a 240 x 220
# box standing on y = 208; the tall, narrow ones are scaled up to use the height they have.
ART_H, ART_GROUND = 220, 208
ANIMAL_SCALE = {"meerkat": (1.25, 125), "monkey": (1.15, 150), "water_snake": (1.05, 128)}


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


def panel_path() -> str:
    x0, y0, x1, y1 = PANEL
    r = 22
    nx, ny = INDEX_W + 14, INDEX_H  # notch around the top-left index
    bx, by = 630 - nx, 880 - ny  # and around the bottom-right one
    return (
        f"M{nx + r},{y0} H{x1 - r} A{r},{r} 0 0 1 {x1},{y0 + r} V{by - r} "
        f"A{r},{r} 0 0 1 {x1 - r},{by} H{bx + r} A{r},{r} 0 0 0 {bx},{by + r} V{y1 - r} "
        f"A{r},{r} 0 0 1 {bx - r},{y1} H{x0 + r} A{r},{r} 0 0 1 {x0},{y1 - r} V{ny + r} "
        f"A{r},{r} 0 0 1 {x0 + r},{ny} H{nx - r} A{r},{r} 0 0 0 {nx},{ny - r} V{y0 + r} "
        f"A{r},{r} 0 0 1 {nx + r},{y0} Z"
    )


def face_layer(plain: str) -> str:
    c = PLAIN_COLOURS[plain]
    sky_top, sky_low = mix(CREAM, c, 0.06), mix(CREAM, c, 0.2)
    ground = mix(CREAM, c, 0.45)
    x0, y0, x1, y1 = PANEL
    bx = 630 - INDEX_W - 14
    return svg(630, 880, f"""
<defs>
<linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="{y0}" x2="0" y2="{GROUND_Y}">
<stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_low}"/>
</linearGradient>
</defs>
<rect x="6" y="6" width="618" height="868" rx="44" fill="{CREAM}" stroke="{c}" stroke-width="12"/>
<rect x="22" y="22" width="586" height="836" rx="30" fill="none" stroke="{mix(CREAM, c, 0.5)}"
 stroke-width="3"/>
<path d="{panel_path()}" fill="url(#sky)" stroke="{c}" stroke-width="5"/>
<path d="M{x0 + 3},{GROUND_Y + 4} C150,{GROUND_Y - 10} 300,{GROUND_Y + 12} 450,{GROUND_Y}
 C520,{GROUND_Y - 6} 560,{GROUND_Y - 2} {x1 - 3},{GROUND_Y + 2}
 V{880 - INDEX_H - 3} H{bx - 3} V{y1 - 22} A19,19 0 0 1 {bx - 22},{y1 - 3} H{x0 + 22}
 A19,19 0 0 1 {x0 + 3},{y1 - 22} Z" fill="{ground}"/>
<path d="M{x0 + 3},{GROUND_Y + 4} C150,{GROUND_Y - 10} 300,{GROUND_Y + 12} 450,{GROUND_Y}
 C520,{GROUND_Y - 6} 560,{GROUND_Y - 2} {x1 - 3},{GROUND_Y + 2}" fill="none" stroke="{c}"
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


def flooded_layer() -> str:
    """Drawn over a face when its plain is flooded: a rippling water frame and risen water."""
    x0, y0, x1, y1 = PANEL
    bx = 630 - INDEX_W - 14
    gy = GROUND_Y - 18
    return svg(630, 880, f"""
<path d="M{x0 + 3},{gy} q30,-12 60,0 {"t60,0 " * 8}t{x1 - x0 - 546},0
 V{880 - INDEX_H - 3} H{bx - 3} V{y1 - 22} A19,19 0 0 1 {bx - 22},{y1 - 3} H{x0 + 22}
 A19,19 0 0 1 {x0 + 3},{y1 - 22} Z" fill="{WATER}" fill-opacity="0.7"/>
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
        (CARDS / f"face_{plain}.svg").write_text(face_layer(plain))
    (CARDS / "flooded.svg").write_text(flooded_layer())
    (CARDS / "badge_dry.svg").write_text(badge_layer("dry"))
    (CARDS / "badge_flooded.svg").write_text(badge_layer("flooded"))
    (CARDS / "back.svg").write_text(back())
    (ROOT / "assets" / "table.svg").write_text(table())
    (ROOT / "assets" / "icon.svg").write_text(icon())
    print("wrote", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "assets").rglob("*.svg")))


if __name__ == "__main__":
    main()
