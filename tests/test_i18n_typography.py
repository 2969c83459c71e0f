"""French typography: a non-breaking space before double punctuation, in every string the
game says, so that no line ever starts with a colon and no sentence lacks the space."""

from __future__ import annotations

import re

import pygame
import pytest

from beloz import i18n
from beloz.ui.widgets import wrap

NBSP = "\u00a0"


def _fr_strings() -> list[tuple[str, str]]:
    """Every French key with its text as ``tr`` gives it (placeholders left as written)."""
    data = i18n.load_strings("fr")
    out = []
    for key in sorted(i18n.flat_keys(data)):
        node: object = data
        for part in key.split("."):
            assert isinstance(node, dict)
            node = node[part]
        texts = node.values() if isinstance(node, dict) else [node]
        for text in texts:
            assert isinstance(text, str)
            out.append((key, i18n.typeset(text, "fr")))
    return out


def test_every_french_string_has_a_non_breaking_space_before_double_punctuation() -> None:
    bad = [(k, t) for k, t in _fr_strings()
           if re.search(r"[ \u202f][:;!?»]|«[ \u202f]|[^\W\d_][:;!?»](\s|$)", t)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("text, wanted", [
    ("Amani: Sans atout", f"Amani{NBSP}: Sans atout"),  # made by code: the space added
    ("Votre enchère : Nord", f"Votre enchère{NBSP}: Nord"),
    ("« dedans » !", f"«{NBSP}dedans{NBSP}»{NBSP}!"),
    ("10:30, 3:2, http://x", "10:30, 3:2, http://x"),  # not clocks, ratios or links
    ("Quoi ?!", f"Quoi{NBSP}?!"),
    # "de le", "à le" before an animal put by a placeholder (teacher set M, bulgare-4280),
    # never before the pronoun; "le" before a vowel elided
    ("au-dessus de le serpent d'eau, jusqu'à le léopard", "au-dessus du serpent d'eau, "
     "jusqu'au léopard"),
    ("À le lion, de le éléphant", "Au lion, de l'éléphant"),
    ("essayez de le jouer, à le faire", "essayez de le jouer, à le faire"),
])
def test_typeset(text: str, wanted: str) -> None:
    assert i18n.typeset(text, "fr") == wanted
    assert i18n.typeset(text, "en") == text


def test_a_french_line_never_starts_with_a_colon() -> None:
    """The score screen's lines broke before the colon (": 0 – 119")."""
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    before = i18n.get_language()
    try:
        i18n.set_language("fr")
        text = i18n.tr("common.labelled", label="Nous avons fait le contrat",
                       value="162 – 0") * 3
    finally:
        i18n.set_language(before)
    for width in range(40, 400, 7):
        for line in wrap(font, text, width):
            assert not line.lstrip().startswith((":", ";", "!", "?", "»")), (width, line)


def test_the_score_screen_lines_keep_non_breaking_spaces() -> None:
    from beloz.ui.scenes.score import _lines

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = i18n.typeset("Nous : 162 – 0. Vous : 0 – 119 ; fin !", "fr") * 4
    for width in range(30, 300, 5):
        for line in _lines(font, text, width):
            assert not line.startswith((":", ";", "!", "?")), (width, line)


def test_tr_typesets_french_and_leaves_english() -> None:
    """The file may write a plain space ("ou passer ?"): what the game shows has none."""
    before = i18n.get_language()
    try:
        i18n.set_language("fr")
        shown = i18n.tr("table.prompt.bid1", plain="Nord")
        assert f"{NBSP}?" in shown and " ?" not in shown
        assert i18n.tr_in("fr", "table.prompt.bid1", plain="Nord") == shown
        assert i18n.tr_in("en", "table.prompt.bid1", plain="North").endswith("pass?")
    finally:
        i18n.set_language(before)


def test_le_is_elided_before_a_vowel_a_placeholder_brought() -> None:
    """Teacher set L, classique-1503: "Le éléphant du Nord de votre partenaire remporte
    cette expédition" (``Le %{master}`` filled with the elephant).  French elides it, and
    only it: not the pronoun after a verb, not before "onze" or an h."""
    said = i18n.tr_in("fr", "teach.why.vs.enough", master="éléphant du Nord",
                      card="serpent d'eau de l'Est", alt="serpent d'eau de l'Ouest")
    assert said.startswith("L'éléphant du Nord de votre partenaire remporte")
    assert i18n.typeset("jouez sous le éléphant", "fr") == "jouez sous l'éléphant"
    for kept in ("Annoncez-le en jouant", "le lion", "le onze", "le huit", "the elephant"):
        assert i18n.typeset(kept, "fr") == kept
    assert i18n.typeset("Le éléphant", "en") == "Le éléphant"
