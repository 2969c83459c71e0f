"""The one translation layer of the game: ``tr(key, **kw)`` and ``set_language("fr"|"en")``.

Strings live in ``en.json`` and ``fr.json`` beside this file, nested JSON with sorted keys
(``{"menu": {"quit": "Quit"}}`` is the key ``menu.quit``).  Placeholders are written
``%{name}``; a literal percent sign is ``%%``.  A key given as a dict with plural forms
(``one`` / ``other`` ...) is chosen with ``count=``.

Built on python-i18n because pygame_gui already uses it for its own strings (dialog
buttons...): one library, one current locale, so switching language switches both.  The two
files are loaded eagerly into python-i18n's store (its lazy loader would scan directories
on every missing key, inside the frame loop); ``tr`` looks keys up itself and leaves the
formatting (placeholders, plurals) to python-i18n.  A key missing in French falls back to
English, and a key missing everywhere comes back as the key itself, never an exception.

French typography: a French string gets a non-breaking space (U+00A0) before ``: ; ! ?``
and ``»`` and after ``«``, whether its file wrote a plain space or none (``typeset``), so a
line never breaks before a colon and no sentence forgets the space.
"""

from __future__ import annotations

import json
import locale
import os
import re
from pathlib import Path
from typing import Any

import i18n
from i18n import resource_loader, translations, translator

LANGUAGES = ("en", "fr")
FALLBACK = "en"
_DIR = Path(__file__).resolve().parent
_loaded = False
_language = FALLBACK


def strings_path(language: str) -> Path:
    return _DIR / f"{language}.json"


def load_strings(language: str) -> dict[str, Any]:
    """The nested dict of one language's file."""
    with open(strings_path(language), encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def flat_keys(data: dict[str, Any], prefix: str = "") -> set[str]:
    """Every key of a nested strings dict, dotted (plural dicts count as one key)."""
    keys: set[str] = set()
    for k, v in data.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict) and len(set(resource_loader.PLURALS) & set(v)) < 2:
            keys |= flat_keys(v, name + ".")
        else:
            keys.add(name)
    return keys


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    i18n.set("fallback", FALLBACK)
    i18n.set("available_locales", list(LANGUAGES))
    for lang in LANGUAGES:
        resource_loader.load_translation_dic(load_strings(lang), "", lang)
    _loaded = True


def system_language() -> str:
    """``fr`` when the system locale is French, else ``en``.  (Here, not in settings: this
    module imports nothing of the game, so settings and storage may both import it.)"""
    candidates: list[str | None] = []
    try:
        candidates.append(locale.getlocale()[0])
    except (ValueError, TypeError):
        pass
    candidates += [os.environ.get(v) for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    for name in candidates:
        if name and name not in ("C", "POSIX") and not name.startswith("C."):
            return "fr" if name.lower().startswith("fr") else "en"
    return "en"


def set_language(language: str) -> str:
    """Switch every string (ours and pygame_gui's) to ``language``; an unknown language
    gives English.  Returns the language now in use."""
    global _language
    _ensure_loaded()
    _language = language if language in LANGUAGES else FALLBACK
    i18n.set("locale", _language)
    return _language


def get_language() -> str:
    return _language


def has(key: str, language: str | None = None) -> bool:
    _ensure_loaded()
    return translations.has(key, language or _language)


NBSP = "\u00a0"
# French double punctuation: a plain (or thin) space before it becomes non-breaking, and a
# mark glued to a word ("Amani: Sans atout", made by code) gets one.  Not a clock or a
# ratio ("10:30"), a link ("http://"), or the second of "?!".
_SPACED = re.compile(r"[ \u202f]([:;!?»])")
_GLUED = re.compile(r"(?<=[^\W\d_])([:;!?»])(?=\s|$)")
_AFTER = re.compile(r"«[ \u202f]?")


# "le" before a word that begins with a vowel, where a placeholder put it ("Le %{master} de
# votre partenaire" with "éléphant du Nord": "L'éléphant"; teacher set L, classique-1503);
# not before "onze" nor a word with h (an aspirated h keeps its "le"), nor the pronoun
# after a verb ("Annoncez-le en jouant").
_ELIDED = re.compile(r"(?<![-\w])([Ll])e (?!onze\b)(?=[aeiouyàâäéèêëîïôöûü])", re.IGNORECASE)


# "de le" and "à le" before an animal a placeholder put there ("au-dessus de %{fourth}" with
# "le serpent d'eau du Sud": "du serpent d'eau"; teacher set M, bulgare-4280); only before
# the animals, never "de le jouer" (the pronoun).
_ANIMALS = r"(?=(?:suricate|singe|serpent|léopard|crocodile|rhinocéros|lion)\b)"
_DE_LE = re.compile(r"(?<![-\w])([Dd])e le " + _ANIMALS)
_A_LE = re.compile(r"(?<![-\w])([Àà]) le " + _ANIMALS)


def typeset(text: str, language: str) -> str:
    """French typography (see the module's docstring); other languages as they are."""
    if language != "fr":
        return text
    text = _A_LE.sub(lambda m: "Au " if m.group(1) == "À" else "au ",
                     _DE_LE.sub(lambda m: m.group(1) + "u ", text))
    text = _ELIDED.sub(r"\1'", text)
    text = _GLUED.sub(NBSP + r"\1", _SPACED.sub(NBSP + r"\1", text))
    return _AFTER.sub("«" + NBSP, text)


def tr(key: str, **kw: Any) -> str:
    """The string ``key`` in the current language, with ``%{name}`` placeholders filled."""
    _ensure_loaded()
    for lang in (_language, FALLBACK):
        if translations.has(key, lang):
            return typeset(str(translator.translate(key, locale=lang, **kw)), lang)
    return key


def tr_in(language: str, key: str, **kw: Any) -> str:
    """``tr`` in a given language (``en`` or ``fr``) whatever the current one."""
    _ensure_loaded()
    for lang in (language if language in LANGUAGES else FALLBACK, FALLBACK):
        if translations.has(key, lang):
            return typeset(str(translator.translate(key, locale=lang, **kw)), lang)
    return key


set_language(system_language())
