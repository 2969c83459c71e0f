"""How to play presents the bidding guide (issue 41, point 3): each ruleset's rules, read
from ``bid_guide`` (so the page cannot drift from the guide), its counts and its agreement
with Expert, and the tutorial's lesson on it, in its section, in English and French, drawn
at 960×600 and 1280×800 without a layout problem."""

from __future__ import annotations

import pytest

from beloz import lessons
from beloz.ai import bid_guide
from beloz.i18n import typeset
from beloz.ui import sweep
from beloz.ui.scenes.rules import SECTIONS, render_section
from beloz.ui.scenes.rules_guide import GUIDE_SECTIONS, block_key, with_guide

LANGS = ("en", "fr")


def section_blocks(name: str) -> tuple:
    return dict(SECTIONS)[name]


def guide_text(ruleset: str, lang: str) -> str:
    section, _ = GUIDE_SECTIONS[ruleset]
    blocks = with_guide(section, section_blocks(section), lang)
    return "\n".join(b[1] for b in blocks if b[0] == "text")


def test_every_guide_has_its_place():
    assert set(GUIDE_SECTIONS) == set(bid_guide.guides())
    for ruleset, (section, after) in GUIDE_SECTIONS.items():
        blocks = section_blocks(section)
        keys = [block_key(b) for b in blocks]
        assert after is None or after in keys, (ruleset, after)  # not silently at the end
        for lang in LANGS:
            full = with_guide(section, blocks, lang)
            at = full.index(("h", "rules.guide.heading"))
            assert at == (keys.index(after) + 1 if after else len(blocks))
            assert full[:at] + full[len(full) - len(blocks) + at:] == blocks  # all kept
    for name, blocks in SECTIONS:  # the sections without a guide are as they were
        if name not in {s for s, _ in GUIDE_SECTIONS.values()}:
            assert with_guide(name, blocks, "en") == blocks


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_says_every_rule_its_counts_figures_and_lesson(lang):
    for ruleset, guide in bid_guide.guides().items():
        text = guide_text(ruleset, lang)
        for rule in guide.rules:
            assert "• " + bid_guide.wording(rule, lang) in text.split("\n"), (ruleset, rule)
        for line in bid_guide.introduction(guide, lang):  # the counts and the figures
            assert line in text, (ruleset, line)
        number = next(i for i, n in enumerate(lessons.lesson_names(), 1)
                      if n.split("-")[1] == "guide" and lessons.load(n).ruleset.name == ruleset)
        lesson = lessons.load(lessons.lesson_names()[number - 1])
        lesson_words = {"en": f"Lesson {number} of the tutorial", "fr": f"La leçon {number}"}
        assert lesson_words[lang] in text and typeset(lesson.title[lang], lang) in text
        # its first bid: the coach's words (the count, the rule quoted) under its cards
        first = next(t for t in lesson.script if isinstance(t, lessons.Task))
        assert typeset(first.text[lang], lang) in text.split("\n"), (ruleset, lang)


def test_the_example_shows_the_lessons_first_bid_in_cards():
    """The hand the lesson's person bids with, the turned card last, the plain the guide
    weighs drawn flooded."""
    for ruleset, (section, _) in GUIDE_SECTIONS.items():
        rows = [b for b in with_guide(section, section_blocks(section), "en")
                if b[0] == "cards" and b not in section_blocks(section)]
        assert len(rows) == 1, ruleset
        _, cards, flooded, _, _ = rows[0]
        lesson = next(lessons.load(n) for n in lessons.lesson_names()
                      if n.split("-")[1] == "guide" and lessons.load(n).ruleset.name == ruleset)
        runner = lessons.Runner(lesson)
        runner.advance()
        view = runner.state.view(0)
        auction = view.turned < 0
        assert len(cards) == (5 if auction else 6) and (auction or cards[-1] == view.turned)
        assert sum(1 << c for c in cards[:5]) == view.hand
        weighed = bid_guide.plain_to_weigh(view)
        assert set(flooded) == {c for c in cards if c >> 3 == weighed} and flooded
        assert len(flooded) == bid_guide.view_features(view)["flooded"]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_is_drawn_in_its_section(data_dir, lang, size):
    """Each guide's section opened at the guide (scrolled to its heading): the page is the
    section with the guide, and the frame has no layout problem."""
    with sweep.quiet_app(size, lang, "beloz") as app:
        for ruleset, (section, _) in GUIDE_SECTIONS.items():
            sweep.show(app, sweep.Shot("rules-" + section, ruleset))
            scene = app.scenes[-1]
            width = scene._inner().width
            full = with_guide(section, section_blocks(section), lang)
            without = render_section(app, section_blocks(section), width).get_height()
            assert scene.page().get_height() == render_section(app, full, width).get_height()
            assert scene.page().get_height() > without
            at = full.index(("h", "rules.guide.heading"))
            scene.scroll = min(scene.max_scroll(),
                               float(render_section(app, full[:at], width).get_height()))
            assert sweep.check(app) == [], (ruleset, lang, size)
            app.pop()
