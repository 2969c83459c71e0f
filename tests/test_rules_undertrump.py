"""Seed 002: a Bulgarian player who cannot over-intercept need not undertrump; the table
says so where BeloZ would make the person play a lower trump."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from beloz.rules.cards import card
from beloz.rules.ruleset import BELOZ, BULGARE
from beloz.rules.tricks import Reason, illegal_reason, legal_mask, undertrump_spared
from beloz.ui.game import Step, StepKind
from beloz.ui.scenes.table import prompts
from beloz.ui.scenes.table.words import Words

deals = st.tuples(st.permutations(range(32)), st.integers(1, 3), st.integers(1, 8),
                  st.integers(0, 3), st.booleans(), st.booleans())


def mask(cards) -> int:
    return sum(1 << c for c in cards)


@given(deals)
def test_spared_exactly_where_beloz_would_make_one_undertrump(deal) -> None:
    order, n, size, trump, trumped, void = deal
    trick = list(order[:n])
    if trumped:  # the last card played a trump: the case that matters, made frequent
        trump = trick[-1] >> 3
    rest = [c for c in order[n:] if not (void and c >> 3 == trick[0] >> 3)]
    hand = mask(rest[:size])
    spared = undertrump_spared(hand, trick, trump, BULGARE)
    assert not undertrump_spared(hand, trick, trump, BELOZ)
    # The rulesets differ only there: the Bulgarian player may play any card.
    differ = legal_mask(hand, trick, trump, BULGARE) != legal_mask(hand, trick, trump, BELOZ)
    undertrump = any(illegal_reason(hand, trick, trump, c, BELOZ) is Reason.MUST_UNDERTRUMP
                     for c in range(32) if hand >> c & 1)
    assert differ == undertrump
    if undertrump:
        assert spared
    if spared:
        assert legal_mask(hand, trick, trump, BULGARE) == hand
        if any(c >> 3 != trump for c in range(32) if hand >> c & 1):
            assert undertrump


def test_not_in_no_trumps_or_all_trumps() -> None:
    trick = [card(0, 1), card(1, 8)]
    hand = mask([card(1, 1), card(2, 3)])
    assert undertrump_spared(hand, trick, 1, BULGARE)
    assert not undertrump_spared(hand, trick, 4, BULGARE)
    assert not undertrump_spared(hand, trick, 5, BULGARE)
    # The partner's master card (two cards back): any card anyway, nothing to say.
    partner = [card(0, 1), card(1, 8), card(0, 2)]
    assert legal_mask(hand, partner, 1, BELOZ) == hand
    assert not undertrump_spared(hand, partner, 1, BULGARE)


def prompted(hand: int, trick: list[int], ruleset) -> str:
    v = SimpleNamespace(hand=hand, trick=trick, trump=1, ruleset=ruleset)  # the person's view
    scene = SimpleNamespace(view=lambda: v, hands=[[1, 2]], words=Words(),
                            t=lambda key, **kw: key)
    prompts.ask_play(scene, Step(StepKind.PLAY, 0, True, {"legal": [1, 2]}))  # type: ignore[arg-type]
    return scene.words.prompt


def test_the_play_prompt_says_undertrumping_is_not_required() -> None:
    trick = [card(0, 1), card(1, 8)]
    hand = mask([card(1, 1), card(2, 3)])
    assert prompted(hand, trick, BULGARE) == "table.prompt.play_no_undertrump"
    assert prompted(hand, trick, BELOZ) == "table.prompt.play"


def test_the_wording_exists_in_english_and_french() -> None:
    from beloz import i18n

    for lang, word in (("en", "undertrump"), ("fr", "pisser")):
        assert word in i18n.tr_in(lang, "table.prompt.play_no_undertrump")


@given(st.permutations(range(32)), st.integers(1, 3), st.integers(1, 8),
       st.sampled_from([4, 5]))
def test_every_reason_in_no_trumps_and_all_trumps_has_its_words(order, n, size, trump) -> None:
    """No trumps only makes one follow; all trumps also makes one climb, said as such."""
    from beloz import i18n
    from beloz.ui.scenes.table.texts import REASON_KEYS

    trick, hand = list(order[:n]), mask(order[n:n + size])
    for c in range(32):
        if hand >> c & 1:
            reason = illegal_reason(hand, trick, trump, c, BULGARE)
            allowed = {None, Reason.MUST_FOLLOW} | ({Reason.MUST_RAISE} if trump == 5 else set())
            assert reason in allowed
            if reason is not None:
                key = ("table.reason.at_must_raise" if reason is Reason.MUST_RAISE
                       else REASON_KEYS[reason])
                assert i18n.has(key, "en") and i18n.has(key, "fr")
