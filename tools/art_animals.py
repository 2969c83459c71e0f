"""The eight animals of BeloZ's cards as SVG, drawn by hand (``tools/make_art.py`` writes
them into assets/cards/animals/): each a function returning the animal's paths in a 240 x 220
viewBox with the ground line at y = 208, in the one style of the art (flat fills, one dark
outline colour, one stroke width, light from the upper left).  Split from make_art.py."""

from __future__ import annotations

from art_svg import OUT, outlined, scallop, tube, water_pool

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
