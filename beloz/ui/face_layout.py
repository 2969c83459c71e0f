"""Where a card face's parts go, in card units (a 630 x 880 viewBox, see tools/make_art.py,
which draws the matching face and flooded layers).

A face's writing (the animal's name, the two point values, the classic index) is text like
any other: its capitals are never under ``CAP_MIN`` pixels high (issue 47).  A card is laid
out for its width (``CardArt.layout_for``):

- ``FULL``, the large cards': the name on top beside the index, the points at the bottom,
  the index again, turned, in the bottom-right corner;
- ``COMPACT``, the small cards' (a 960 x 600 table's): the name on a plate under a smaller
  picture, larger points, one index;
- ``MINI``, the smallest cards' (the review's, « Show me how »'s): the picture and a larger
  index only, where no name could be written at ``CAP_MIN``; the boards that draw them name
  the card under the pointer or the keys in their own text.

In every layout the writing ends before the card's last tenth: in the person's fanned hand
the next card covers it (``Layout.hand_slots``: a step of 0.9 card widths at most).
"""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[int, int, int, int]

#: The least capital height of any text on a card face, in pixels (the game's least).
CAP_MIN = 8
#: The card's last tenth, where no writing goes (see the module's docstring).
WRITING_RIGHT = 560

# The large cards' boxes (the names the tests and tools know them by).
INDEX_BOX = (18, 18, 128, 250)
NUMBER_BOX = (18, 26, 128, 132)
EMBLEM_BOX = (18, 140, 128, 250)
NAME_BOX = (150, 34, 556, 122)
ART_BOX = (45, 162, 585, 657)  # 240 x 220 animal viewBox at 2.25 card units per unit
BADGE_DRY = (40, 722, 190, 812)
BADGE_FLOODED = (204, 722, 354, 812)
# Under the index on the left (the part of a card that shows in a fanned hand).
CLASSIC_CHIP = (12, 262, 262, 400)


@dataclass(frozen=True)
class FaceLayout:
    """One layout of a card face: its layers' suffix (``face_north{suffix}.svg``,
    ``flooded{suffix}.svg``), its boxes, the name's nominal sizes on one line and on two
    (shares of the name box's height), and whether the index shows again, turned, in the
    bottom-right corner."""

    suffix: str
    index: Box
    number: Box
    emblem: Box
    corner: bool
    art: Box
    name: Box | None
    one_line: float  # the name's nominal size on one line, a share of its box's height
    two_lines: float  # and on each of two lines
    badges: tuple[Box, Box] | None
    chip: Box


FULL = FaceLayout("", INDEX_BOX, NUMBER_BOX, EMBLEM_BOX, True, ART_BOX, NAME_BOX, 0.82, 0.5,
                  (BADGE_DRY, BADGE_FLOODED), CLASSIC_CHIP)
# The picture right of the index (its ground at y 412, as the compact layer's), the name's
# plate under it across the card, the points under the name, larger (the badges' 5 : 3).
COMPACT = FaceLayout("_compact", INDEX_BOX, NUMBER_BOX, EMBLEM_BOX, False,
                     (160, 48, 580, 433), (30, 476, WRITING_RIGHT, 704), 0.46, 0.42,
                     ((44, 712, 267, 846), (295, 712, 518, 846)), CLASSIC_CHIP)
# A larger index (its number readable on a 44 px card) and picture (ground at y 770).
MINI = FaceLayout("_mini", (18, 18, 150, 292), (18, 24, 150, 152), (18, 160, 150, 292), False,
                  (45, 302, 585, 797), None, 0.0, 0.0, None, (12, 304, 300, 448))
LAYOUTS = (FULL, COMPACT, MINI)
