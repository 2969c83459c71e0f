"""The colours of the game's own drawing, defined once: the table and its score, and the
boards the tutorial, the Practice screen and the review draw themselves.  (The menus'
widgets keep their own palette, ``widgets.py`` and the theme.)"""

from __future__ import annotations

GOLD = (255, 214, 90)  # headings, the best card, what asks for the eye
CREAM = (250, 244, 228)  # text
DIM = (190, 200, 190)  # text that matters less
GREY = (200, 210, 200)
RED = (250, 140, 120)  # a wrong answer
GREEN = (150, 220, 150)  # a right answer
FELT = (22, 58, 40)  # the boards' cloth
INK = (0x3A, 0x2A, 0x1F)  # the outline colour of the card art, also used for text on it
PANEL = (20, 32, 26, 200)  # the table's panels (with their alpha)
#: The four plains' colours (north, east, south, west): the cards, the chips, the table.
PLAIN_RGB = ((0x00, 0x72, 0xB2), (0x00, 0x9E, 0x73), (0xD5, 0x5E, 0x00), (0xE6, 0x9F, 0x00))
