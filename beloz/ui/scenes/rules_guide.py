"""How to play's bidding guide (issue 41): each ruleset's guide in its section.

BeloZ's guide closes its Bidding section; each other ruleset's follows what that ruleset's
section says of its bidding (its deal and bidding, or its auction).  Nothing here is
written twice: the rules' sentences are ``bid_guide.wording``, what a seat counts and how
often the rules bid as Expert did are ``bid_guide.introduction`` (the figures kept in
``beloz/ai/bid_guide.json``), and the lesson that plays a hand by them is named, and its
first bid shown in card pictures with the coach's words, from the lesson file itself, so
the page cannot say other than the guide and the tutorial.

The blocks are the ones ``rules.render_section`` lays out, plus ``("text", words)``: a
paragraph already in the reader's language.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from beloz import lessons
from beloz.ai import bid_guide
from beloz.i18n import tr_in, typeset
from beloz.rules.cards import sort_key
from beloz.rules.state import NO_CARD

Block = tuple[Any, ...]

#: The How to play section of each guide, by ruleset, and the block it follows there (the
#: key of a paragraph or a card row's caption; None: the section's end): in each section,
#: right after what it says of the bidding.
GUIDE_SECTIONS = {
    "beloz": ("bid", None),
    "belote-sans-annonces": ("belote-sans-annonces", "rules.belote-sans-annonces.deal"),
    "belote-classique": ("belote-classique", "rules.belote-classique.round2_caption"),
    "belot-bulgare": ("belot-bulgare", "rules.belot-bulgare.calls"),
}
RULESET_OF_SECTION = {section: ruleset for ruleset, (section, _) in GUIDE_SECTIONS.items()}


@dataclass(frozen=True)
class Example:
    """The tutorial's lesson on a ruleset's guide, and its first bid as an example."""

    number: int  # the lesson's, 1-based
    title: dict[str, str]
    cards: tuple[int, ...]  # the hand the person bids with, then the turned card if any
    flooded: tuple[int, ...]  # those of the plain the guide weighs
    text: dict[str, str]  # the lesson's task: the points counted and the rule quoted


@functools.cache
def guide_lesson(ruleset: str) -> Example | None:
    """The tutorial's lesson on ``ruleset``'s guide (``NN-guide-*``), at its first task."""
    names = lessons.lesson_names()
    for i, name in enumerate(names):
        if name.split("-")[1:2] != ["guide"]:
            continue
        lesson = lessons.load(name)
        if lesson.ruleset.name != ruleset:
            continue
        runner = lessons.Runner(lesson)
        runner.advance()
        view = runner.state.view(0)
        plain = bid_guide.plain_to_weigh(view)
        if runner.task is None or plain is None:
            return None
        hand = sorted((c for c in range(32) if view.hand >> c & 1),
                      key=lambda c: sort_key(c, plain))
        cards = tuple(hand) + ((view.turned,) if view.turned != NO_CARD else ())
        return Example(i + 1, lesson.title, cards, tuple(c for c in cards if c >> 3 == plain),
                       runner.task.text)
    return None


def guide_blocks(ruleset: str, language: str) -> tuple[Block, ...]:
    """``ruleset``'s guide as blocks of How to play, in ``language``; none without a guide."""
    guide = bid_guide.guides().get(ruleset)
    if guide is None:
        return ()
    intro = bid_guide.introduction(guide, language)
    counts, figures = intro[:-1], intro[-1]
    if not guide.figures.get("fresh"):  # no figures kept: every line is about counting
        counts, figures = intro, ""
    rules = "\n".join("• " + bid_guide.wording(rule, language) for rule in guide.rules)
    blocks: list[Block] = [
        ("h", "rules.guide.heading"),
        ("text", tr_in(language, "rules.guide.intro")),
        ("text", "\n".join("• " + line for line in counts)),
        ("h", "rules.guide.h_rules"),
        ("text", rules),
    ]
    if figures:
        blocks.append(("text", figures))
    example = guide_lesson(ruleset)
    if example is not None:
        key = "rules.guide.example" if len(example.cards) > 5 else "rules.guide.example_auction"
        title = example.title.get(language, example.title["en"])
        blocks += [("text", tr_in(language, key, number=example.number, title=title)),
                   ("cards", example.cards, example.flooded, None, ""),
                   ("text", typeset(example.text.get(language, example.text["en"]), language))]
    return tuple(blocks)


def block_key(block: Block) -> str | None:
    """The i18n key of a paragraph or heading, or of a card row's caption."""
    if block[0] in ("h", "p"):
        return str(block[1])
    return block[3] if block[0] == "cards" else None


def with_guide(section: str, blocks: tuple[Block, ...], language: str) -> tuple[Block, ...]:
    """A section's blocks, with its ruleset's guide after what the section says of the
    bidding, where the ruleset has a guide."""
    ruleset = RULESET_OF_SECTION.get(section)
    if ruleset is None:
        return blocks
    after = GUIDE_SECTIONS[ruleset][1]
    keys = [block_key(b) for b in blocks]
    at = keys.index(after) + 1 if after in keys else len(blocks)
    return blocks[:at] + guide_blocks(ruleset, language) + blocks[at:]
