"""The French the main screens say, read as a person reads it: no doubled parenthesis from
sentences assembled in code (a parenthesis around a value that brings its own), in the
strings with sample values and on the screens drawn (issue 40, point 8)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

DOUBLED = re.compile(r"\(\s*\(|\)\s*\)")


def strings(x, path=""):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from strings(v, f"{path}.{k}" if path else k)
    elif isinstance(x, str):
        yield path, x


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_doubled_parenthesis_in_the_strings_with_sample_values(lang) -> None:
    doc = json.loads(resources.files("beloz.i18n").joinpath(f"{lang}.json").read_text("utf-8"))
    found = [(key, text) for key, text in strings(doc)
             if DOUBLED.search(re.sub(r"%\{\w+\}", "x", text))]
    assert found == []


@pytest.mark.parametrize("shot", [("score", "beloz"), ("score", "belot-bulgare"),
                                  ("score", "belote-classique"), ("practice_answer", "beloz"),
                                  ("tutorial", "beloz"), ("bid_hint", "beloz")])
def test_no_doubled_parenthesis_on_the_french_screens(shot) -> None:
    """Each line drawn, and the lines of a paragraph joined (a wrapped sentence)."""
    from beloz.ui import sweep

    with sweep.quiet_app((960, 600), "fr", shot[1]) as app:
        sweep.show(app, sweep.Shot(*shot))
        said = [d.label for d in sweep.capture(app) if d.label]
    assert said and not [t for t in said if DOUBLED.search(t)]
    assert not DOUBLED.search(" ".join(said))
