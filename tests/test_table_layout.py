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
def test_the_turned_card_lies_beside_the_pack_towards_the_first_bidder(size, direction) -> None:
    L = Layout(size, direction)
    for dealer in range(4):
        dx, dy = L.deck_slot(dealer)
        tx, ty = L.turned_slot(dealer)
        deck = box(dx, dy, 90.0 if dealer in (1, 3) else 0.0, L.cw * 0.8)
        turned = box(tx, ty, 0.0, L.cw * 0.9)
        assert not deck.colliderect(turned), (dealer, deck, turned)
        if dealer in (0, 1, 3):  # beside the pack, on the first bidder's side
            ax, ay = L.seat_anchor(L.next_seat(dealer))
            assert (tx - dx) * (ax - dx) + (ty - dy) * (ay - dy) > 0, dealer
    # Play the other way, the turned card moves to the pack's other side.
    other = Layout(size, -direction)
    assert L.turned_slot(0)[0] - L.deck_slot(0)[0] == pytest.approx(
        -(other.turned_slot(0)[0] - other.deck_slot(0)[0]))


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
    order = deal_order(deck, dealer=0, first_packet=3, direction=direction)
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
