"""The table's layout, alone: no window, no scene, no game (``beloz.ui.scenes.table.layout``)."""

from __future__ import annotations

import pytest
from pygame import Rect

from beloz.ui.scenes.table.animations import deal_order
from beloz.ui.scenes.table.layout import Layout, Zones, card_places, z_order
from beloz.ui.sprites import card_h

SIZES = [(1280, 800), (960, 600)]
DIRECTIONS = [1, -1]


def box(x: float, y: float, angle: float, w: float) -> Rect:
    """The axis-aligned box a card of width ``w`` covers at (x, y)."""
    cw, ch = w, card_h(w)
    if abs(angle) % 180 > 45:
        cw, ch = ch, cw
    r = Rect(0, 0, round(cw), round(ch))
    r.center = (round(x), round(y))
    return r


def full_deal() -> Zones:
    """Mid-hand: four hands of eight minus what is on the table, a trick of three, piles."""
    z = Zones()
    cards = list(range(32))
    z.hands = [cards[0:6], cards[8:14], cards[16:22], cards[24:30]]
    z.trick = [(1, 6), (2, 14), (3, 22)]
    z.piles = [[7, 15, 23, 30], [], [], [31]]
    return z


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_every_card_lies_inside_the_window(size, direction) -> None:
    L = Layout(size, direction)
    window = Rect(0, 0, *size)
    for dealer in range(4):
        deal = Zones(deck=list(range(12)), hands=[[12, 13, 14, 15, 16], [17, 18, 19, 20, 21],
                                                  [22, 23, 24, 25, 26], [27, 28, 29, 30, 31]])
        deal.turned, deal.deck = deal.deck[0], deal.deck[1:]
        for zones in (deal, full_deal()):
            places = card_places(L, zones, dealer)
            for c, (x, y, angle, _up, w) in places.items():
                assert window.contains(box(x, y, angle, w)), (size, direction, dealer, c)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_turned_card_lies_beside_the_pack_clear_of_the_bid_question(size, direction) -> None:
    L = Layout(size, direction)
    for dealer in range(4):
        dx, dy = L.deck_slot(dealer)
        tx, ty = L.turned_slot(dealer)
        deck = box(dx, dy, 90.0 if dealer in (1, 3) else 0.0, L.cw * 0.8)
        turned = box(tx, ty, 0.0, L.cw * 0.9)
        assert not deck.colliderect(turned), (dealer, deck, turned)
        # The question and its buttons above the hand leave the one card needed to decide
        # in sight (the pack too).
        assert turned.bottom < L.prompt_top(True) and deck.bottom < L.prompt_top(True), dealer
        for button in L.button_row([L.cw * 2] * 5):
            assert not button.colliderect(turned), dealer
    # In front of the person the turned card lies towards the first bidder.
    tx, dx = L.turned_slot(0)[0], L.deck_slot(0)[0]
    assert (tx - dx) * (L.seat_anchor(L.next_seat(0))[0] - L.cx) > 0
    # Play the other way, the turned card moves to the pack's other side.
    other = Layout(size, -direction)
    assert tx - dx == pytest.approx(-(other.turned_slot(0)[0] - other.deck_slot(0)[0]))


@pytest.mark.parametrize("size", SIZES)
def test_the_expedition_leaves_every_card_and_the_master_frame_in_sight(size) -> None:
    L = Layout(size)
    # The master card's gold frame is drawn 4 px around it.
    framed = [box(*L.trick_slot(seat), 0.0, L.cw).inflate(8, 8) for seat in range(4)]
    for i in range(4):
        for j in range(i + 1, 4):
            assert not framed[i].colliderect(framed[j]), (i, j)
    # Between the side hands and the partner's plate, above the prompt lines of the play
    # (a reason over the prompt: two lines).
    top = L.plate_pos(2, 8)[1] + L.font_px
    assert min(r.top for r in framed) > top
    assert max(r.bottom for r in framed) < L.prompt_top(False) - (L.font_px + 1) * 1.2 - 14


@pytest.mark.parametrize("size", SIZES)
def test_the_persons_hand_keeps_a_margin_from_the_windows_edge(size) -> None:
    L = Layout(size)
    for n in range(1, 9):
        for x, y, _ in L.hand_slots(0, n):
            r = box(x, y, 0.0, L.cw)
            assert r.bottom <= L.H - L.pad and r.left >= L.pad and r.right <= L.W - L.pad, n


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_and_the_trick_do_not_overlap_the_buttons(size) -> None:
    L = Layout(size)
    buttons = L.button_row([L.cw * 2, L.cw * 2])
    for x, y, _ in L.hand_slots(0, 8):
        assert not box(x, y, 0.0, L.cw).colliderect(buttons[0])
    for seat in range(4):
        assert not box(*L.trick_slot(seat), 0.0, L.cw).colliderect(buttons[0].union(buttons[1]))
    assert buttons[0].right < buttons[1].left and buttons[0].centery == buttons[1].centery
    assert abs((buttons[0].left + buttons[1].right) / 2 - L.cx) <= 1  # centred
    # The prompt line sits above the buttons when they are shown, above the hand otherwise.
    assert L.prompt_y(True) < buttons[0].top < L.prompt_y(False) + L.font_px


def test_a_bigger_window_gets_bigger_cards() -> None:
    small, big = Layout((960, 600)), Layout((1280, 800))
    assert small.cw < big.cw and small.font_px < big.font_px


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_deal_goes_round_in_the_direction_of_play(direction) -> None:
    deck = list(range(20))
    order = deal_order(deck, dealer=0, packets=(3, 2), direction=direction)
    seats = [s for s, _ in order]
    first = [1, 2, 3, 0] if direction == 1 else [3, 2, 1, 0]
    assert seats == first + first
    assert [len(cards) for _, cards in order] == [3] * 4 + [2] * 4
    assert [c for _, cards in order for c in cards] == deck


def test_cut_at_counts_the_cards_left_of_the_click() -> None:
    L = Layout((1280, 800))
    xs = [x for x, _ in L.spread(32)]
    assert L.cut_at(xs, (round(xs[10] + 1), L.cy), 3) == 11
    assert L.cut_at(xs, (round(xs[0] - 1), L.cy), 3) == 3  # at least the rule's minimum
    assert L.cut_at(xs, (round(xs[31] + 1), L.cy), 3) == 29
    assert L.cut_at(xs, (round(xs[10]), L.cy + L.ch), 3) is None  # below the pack


def test_z_order_draws_the_trick_over_the_hands_and_the_persons_hand_last() -> None:
    z = full_deal()
    order = z_order(z)
    assert sorted(order) == sorted(c for c in card_places(Layout((1280, 800)), z, 0))
    assert order.index(0) > order.index(24)  # the person's hand over the left hand
    assert order.index(6) > max(order.index(c) for c in z.hands[0])


@pytest.mark.parametrize("name", ["beloz", "belote-classique"])
def test_zones_read_off_a_flow_seat_the_expedition_in_the_direction_of_play(
        name, tmp_path, monkeypatch) -> None:
    from beloz.ai.player import RandomPlayer
    from beloz.rules.ruleset import get
    from beloz.ui import game
    from beloz.ui.game import GameFlow, StepKind
    from beloz.ui.scenes.table.zones import zones_from_flow

    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    ruleset = get(name)
    players = {s: RandomPlayer(game.seat_seed(5, s)) for s in range(4)}
    flow = GameFlow(5, autoplay=True, players=players, ruleset=ruleset)
    while True:  # to the middle of an expedition: three cards on the table
        hand = flow.hand
        if hand is not None and len(hand.trick) == 3:
            break
        step = flow.next_step()
        assert step.kind is not StepKind.MATCH_END
        flow.apply(step, step.decide() if step.decide is not None else None)
    zones = zones_from_flow(flow)
    leader, d = hand.leader, ruleset.direction
    assert [s for s, _ in zones.trick] == [leader, (leader + d) % 4, (leader + 2 * d) % 4]
    assert [c for _, c in zones.trick] == list(hand.trick)
    assert sum(map(len, zones.hands)) + 3 + sum(map(len, zones.piles)) == 32


@pytest.mark.parametrize("size", SIZES)
def test_the_first_dealer_draw_leaves_the_pack_and_the_cards_clear_of_the_banner(size) -> None:
    """While drawing for the first dealer the pack lies aside: neither a drawn card nor the
    banner ("Drawing for the first dealer: ...") covers it, whoever dealt last; the banner
    covers no drawn card."""
    L = Layout(size)
    z = Zones(deck=list(range(4, 32)), draw_cards={0: 0, 1: 1, 2: 2, 3: 3}, drawing=True)
    banner = Rect(0, 0, round(L.W * 0.6), round((L.font_px + 4) * 1.2) + 18)
    banner.center = L.banner_center()
    for dealer in range(4):
        places = card_places(L, z, dealer)
        pack = box(*(lambda p: (p[0], p[1], p[2], p[4]))(places[4]))
        drawn = [box(x, y, a, w) for c, (x, y, a, _f, w) in places.items() if c < 4]
        window = Rect(0, 0, *size)
        assert window.contains(pack)
        assert not pack.colliderect(banner)
        for card in drawn:
            assert not pack.colliderect(card)
            assert not banner.colliderect(card)


@pytest.mark.parametrize("size", [*SIZES, (1920, 1080), (960, 1200), (2560, 1080)])
def test_the_next_card_in_the_hand_never_covers_a_name(size) -> None:
    """In the person's fanned hand each card shows its whole name box and its points (the
    layout of its width: ``CardArt.layout_for``): the next card starts to their right, at
    every hand size from eight cards to two."""
    from beloz.ui.assets import CARD_W, CardArt

    L = Layout(size)
    lay = CardArt().layout_for(L.cw)
    assert lay.name is not None and lay.badges is not None
    for n in range(2, 9):
        xs = [x for x, _, _ in L.hand_slots(0, n)]
        step = min(b - a for a, b in zip(xs, xs[1:], strict=False))
        right = max(lay.name[2], lay.badges[1][2])
        name_right = L.cw * right / CARD_W  # from the card's left edge
        assert step >= name_right, (size, n, step, name_right)
