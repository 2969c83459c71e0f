"""The table learns the hand from the person's view (``TableScene.view``: ``HandState.view(0)``,
kept while the hand has the same actions): the view it reads is the hand's own after every
action and after an undo, and what the table shows from it (the revealed announcements, why
a card is refused) is what the whole hand says."""

from __future__ import annotations

import random

import pytest

from beloz.rules.ruleset import RULESETS
from beloz.rules.state import PASS, HandState, Phase
from beloz.ui.scenes.table import hud


def random_hands(rules, seeds, call: float = 0.4):
    """Every state of random hands (the same ``HandState`` object, action after action)."""
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(range(32))
        rng.shuffle(deck)
        h = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), rules)
        yield h
        while not h.is_terminal():
            legal = h.legal_actions()
            if h.phase is Phase.BIDDING:
                calls = [a for a in legal if a != PASS]
                h.apply(rng.choice(calls) if calls and rng.random() < call else PASS)
            else:
                c = rng.choice(legal)
                h.apply(h.card_action(c, announce=rng.random() < 0.8))
            yield h


@pytest.mark.parametrize("rules", list(RULESETS.values()), ids=lambda r: r.name)
def test_the_revealed_announcements_are_the_hands_valid_ones(rules):
    """During the second expedition the table shows, from the person's view, exactly the
    announcements the whole hand says count, with their cards."""
    shown = 0
    for h in random_hands(rules, range(300)):
        if h.phase is not Phase.PLAY or len(h.tricks) != 1 or not h.trick:
            continue
        if not h.announcements_revealed:
            continue
        res, v = h.announcement_result(), h.view(0)
        for seat in range(4):
            whole = [(a.kind, a.mask) for a in h.declared[seat] if res.counts(seat & 1, a)]
            assert hud.revealed(v, seat) == whole
            shown += bool(whole)
    assert shown or not rules.announcements


def test_the_scenes_view_follows_the_hand_and_its_undo(table_app):
    """``scene.view()`` is the hand's ``view(0)`` after every action, after an undo and
    after other actions in its place (as many as were taken back)."""
    from beloz.ui.scenes.table import TableScene

    scene = TableScene(table_app, new_match=True, seed=5)
    flow = scene.flow
    while flow.hand is None:
        step = flow.next_step()
        flow.apply(step, step.data.get("default", 16) if step.human else (
            step.decide() if step.decide is not None else None))
    h = flow.hand
    rng = random.Random(1)
    for _ in range(20):
        if h.is_terminal():
            break
        assert scene.view() == h.view(0)
        legal = h.legal_actions()
        h.apply(legal[0] if h.phase is Phase.BIDDING else rng.choice(legal))
    assert scene.view() == h.view(0)
    before, undone = h.view(0), h.actions()[-1]
    h.undo()
    scene.forget_view()  # as the table's Undo does
    assert scene.view() == h.view(0) != before
    h.apply(next((a for a in h.legal_actions() if a != undone), undone))
    assert scene.view() == h.view(0)
    assert scene.view() is scene.view(), "kept while the hand is unchanged"
    assert scene.view_of(None) is None
