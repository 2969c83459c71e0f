"""The review read as the table is (issue 40, points 1 and 2): the expedition lies by seat
(the person at the bottom, the partner at the top, Kito on the right, Juma on the left),
each hand without the card it plays there, so no card shows twice; « Show me how » in cards
large enough to read, each card under its seat's name, the leader marked, the card where
the two lines part singled out, and a line when Expert bid otherwise."""

from __future__ import annotations

import dataclasses

import pygame

from beloz.rules.state import PASS, TAKE
from beloz.ui import drawn

from .test_ui_shell import click as ui_click
from .test_ui_watch import _review, review_found, table_app  # noqa: F401 - the fixture


def drawn_cards(app, rv) -> list[tuple[int, int]]:
    """(card, width) of every card the review's frame drew."""
    seen: list[tuple[int, int]] = []
    real = rv.card_image

    def spy(c, width, trump):
        seen.append((c, width))
        return real(c, width, trump)

    rv.card_image = spy
    try:
        app.draw(app.screen)
    finally:
        del rv.card_image
    return seen


def test_the_expedition_lies_by_seat_as_at_the_table(table_app):  # noqa: F811
    _scene, rv = _review(table_app)
    hand = rv.entry.hand
    me = rv.reviewed_seat
    for page in range(1, 9):
        rv.go(page)
        table_app.draw(table_app.screen)
        state, cards = rv.state_at(page)
        first = len(hand.bids) + (page - 1) * 4
        at: dict[int, pygame.Rect] = {}
        # The cards another seat played, as the mouse finds them (their decision numbers).
        for rect, number in rv.hits:
            seat = (state.leader + hand.ruleset.direction * (number - first)) % 4
            at[(seat - me) % 4] = rect
        assert sorted(at) == [1, 2, 3]
        right, top, left = at[1], at[2], at[3]
        assert left.centerx < top.centerx < right.centerx, (page, left, top, right)
        assert top.centery < right.centery and top.centery < left.centery, page
        # The person's own card below the partner's, in the same column.
        mine = rv.trick_rects[me]
        assert mine.centerx == top.centerx and mine.top > top.bottom, page
        assert mine.centery > right.centery, page
        for a in (mine, right, top, left):
            for b in (mine, right, top, left):
                assert a is b or not a.colliderect(b), page


def test_no_card_is_both_in_a_hand_and_in_the_expedition(table_app):  # noqa: F811
    """Each page draws every card still in play once: the four hands as they were after
    the expedition, and the expedition's four cards; on the deal's page the 32."""
    _scene, rv = _review(table_app)
    for page in range(0, 9):
        rv.go(page)
        seen = [c for c, _ in drawn_cards(table_app, rv)]
        state, cards = rv.state_at(page)
        held = {c for s in range(4) for c in range(32) if state.hands[s] >> c & 1}
        assert len(seen) == len(set(seen)), f"page {page}: a card drawn twice"
        assert set(seen) == held, page
        assert set(cards) <= set(seen)


def test_show_me_how_is_readable(table_app):  # noqa: F811
    _scene, rv = _review(table_app)
    ui_click(table_app, rv.buttons["show"])
    found = review_found(rv)
    assert found is not None
    with drawn.recording() as items:
        widths = [w for _, w in drawn_cards(table_app, rv)]
    # Cards large enough to read their names and points at 960 x 600 (they were 29 px).
    assert widths and min(widths) >= 44, min(widths)
    texts = [d for d in items if d.kind == "text"]
    panels = [d.rect for d in items if d.kind == "panel"]
    lines = (found.played, found.expert)
    shown = rv.shown
    assert len(shown) == 4 * sum(len(h.tricks) for h in lines)
    # The cards fill their panel's width (half of each panel was empty).
    for k, panel in enumerate(sorted(panels, key=lambda r: r.x)[:2]):
        rects = [s.rect for s in shown if s.line == k]
        span = rects[0].unionall(rects)
        assert panel.contains(span) and span.w >= 0.8 * panel.w, (span, panel)
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b)
    # Each card under its seat's name; the leader's name marked.
    for s in shown:
        hand = lines[s.line]
        trick = hand.tricks[s.expedition - 1]
        i = (s.seat - trick.leader) * hand.ruleset.direction % 4
        assert trick.cards[i] == s.card
        assert s.leader == (s.seat == trick.leader)
        assert s.winner == (s.seat == trick.winner)
        name = rv.seat_name(s.seat)
        label = [t for t in texts if t.rect.bottom <= s.rect.top + 2
                 and t.rect.bottom >= s.rect.top - 8
                 and s.rect.left <= t.rect.centerx <= s.rect.right]
        assert len(label) == 1, (s, label)
        assert label[0].label == (rv.LEADER_MARK + name if s.leader else name), label
    # The card where the two lines part is singled out, in both lines, and none before it.
    order = [[c for t in h.tricks for c in t.cards] for h in lines]
    parts = next((i for i, (a, b) in enumerate(zip(*order, strict=False)) if a != b), None)
    for s in shown:
        t = lines[s.line].tricks[s.expedition - 1]
        n = (s.expedition - 1) * 4 + (s.seat - t.leader) * lines[s.line].ruleset.direction % 4
        assert s.differs == (n == parts), s


def test_a_line_says_when_expert_bid_otherwise(table_app):  # noqa: F811
    from beloz.ui.scenes import review as review_scene

    _scene, rv = _review(table_app)
    rv.toggle_show()
    found = review_found(rv)
    assert found is not None

    def said() -> str:
        with drawn.recording() as items:
            table_app.draw(table_app.screen)
        return " ".join(d.label for d in items if d.kind == "text")

    same = found.played.bids == found.expert.bids
    assert ("Expert bid otherwise" in said()) == (not same)
    other = found.expert.clone()
    # The seat's first bid made another (a bid added where the auction ended before it).
    i = next(i for i in range(8)
             if (other.dealer + other.ruleset.direction * (i + 1)) % 4 == found.seat)
    other.bids = list(other.bids) + [PASS] * max(0, i + 1 - len(other.bids))
    other.bids[i] = TAKE if other.bids[i] == PASS else PASS
    review_scene._DUPLICATES[rv.deal_key()] = dataclasses.replace(found, expert=other)
    assert "Expert bid otherwise" in said()
