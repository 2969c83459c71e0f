"""How each step of the flow is shown: one function per step kind, and the glide that
sends every card to its place.

An animation moves cards between the scene's zones (``scene.deck``, ``scene.hands``...) and
adds tweens; it never touches the flow: the scene applies the step once the tweens are done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from beloz.rules.ruleset import AllPass, Bidding, Ruleset
from beloz.rules.state import PASS, deal_packets
from beloz.ui.game import Step, StepKind
from beloz.ui.scenes.table.layout import card_places, z_order
from beloz.ui.scenes.table.texts import bid_said
from beloz.ui.sprites import EASE_IN_OUT, EASE_OUT, CardSprite, Tween

if TYPE_CHECKING:
    from beloz.ui.scenes.table.scene import TableScene

T_FLY = 0.32  # a card's flight, in seconds (divided by settings.animation_speed)
# Motion takes ``scene.move(seconds)`` (none when the animations are off); pauses and the
# deal's delays take ``scene.dur(seconds)``, so the game's pace stays the same without it.


def place_all(
    scene: TableScene,
    duration: float,
    delays: dict[int, float] | None = None,
    on_start: dict[int, Any] | None = None,
    ease: Any = EASE_OUT,
    lift_moving: bool = True,
) -> None:
    """Send every sprite to its zone's place; moving cards glide over ``duration``."""
    targets = card_places(scene.layout, scene.zones, scene.dealer())
    delays = delays or {}
    on_start = on_start or {}
    movers = []
    for z, c in enumerate(z_order(scene.zones)):
        sp = scene.sprites[c]
        x, y, a, up, w = targets[c]
        sp.visible = True
        moving = (
            abs(sp.x - x) > 0.5 or abs(sp.y - y) > 0.5 or abs(sp.angle - a) > 0.5
            or abs(sp.w - w) > 0.5
        )
        # With no motion (the animations off) a card still waits for its turn in the deal:
        # it jumps to its place after its delay, with its sound.
        jump_later = moving and duration <= 0 and delays.get(c, 0.0) > 0
        if (duration <= 0 or not moving) and not jump_later:
            if moving or duration <= 0:
                sp.x, sp.y, sp.angle, sp.w = x, y, a, w
            sp.z = z
            if sp.face_up != up:
                sp.turn(scene.tweens, up, 0 if duration <= 0 else scene.move(0.2))
            if moving and c in on_start:
                on_start[c]()  # its sound
            continue
        movers.append((delays.get(c, 0.0), c, (x, y, a, up, w)))
    for c in range(32):
        if c not in targets:
            scene.sprites[c].visible = False
    movers.sort(key=lambda m: m[0])
    base = 1000
    for i, (delay, c, (x, y, a, up, w)) in enumerate(movers):
        sp = scene.sprites[c]
        start_cb = on_start.get(c)
        z_final = base + i

        def started(sp: CardSprite = sp, z: int = z_final, cb: Any = start_cb,
                    up: bool = up) -> None:
            sp.z = z
            if duration <= 0:  # a jump: the card shows its side as it lands, not before
                sp.turn(scene.tweens, up, 0)
            if cb is not None:
                cb()

        if lift_moving:
            sp.z = max(sp.z, 0)
        scene.tweens.add(Tween(sp, {"x": x, "y": y, "angle": a, "w": w}, duration,
                               delay=delay, ease=ease, on_start=started))
        if sp.face_up != up and duration > 0:
            sp.turn(scene.tweens, up, min(0.3, duration), delay=delay + duration * 0.2)
    # Settle the final drawing order once everything has landed.
    if movers:
        last = max(d for d, _, _ in movers) + duration
        scene.tweens.add(Tween(scene, {}, 0.0, delay=last, on_done=lambda: settle_z(scene)))
    else:
        settle_z(scene)


def settle_z(scene: TableScene) -> None:
    for z, c in enumerate(z_order(scene.zones)):
        scene.sprites[c].z = z


def spread_deck(scene: TableScene) -> None:
    """The person cuts: fan the pack across the middle of the table."""
    L = scene.layout
    n = len(scene.deck)
    for i, (c, (x, y)) in enumerate(zip(scene.deck, L.spread(n), strict=True)):
        sp = scene.sprites[c]
        sp.z = 500 + (n - i)
        scene.tweens.add(Tween(sp, {"x": x, "y": y, "angle": 0.0, "w": L.cw * 0.8},
                               scene.move(0.3)))


def deal_order(deck: list[int], dealer: int, packets: tuple[int, ...],
               direction: int) -> list[tuple[int, list[int]]]:
    """The packets of the deal in order: (seat, cards), from the top of ``deck``, starting
    with the dealer's next player in the direction of play."""
    out = []
    pos = 0
    for packet in packets:
        seat = dealer
        for _ in range(4):
            seat = (seat + direction) % 4
            out.append((seat, deck[pos:pos + packet]))
            pos += packet
    return out


def draw_line(scene: TableScene, key: str, seats: Any) -> str:
    """The draw's banner naming the seats that draw again (``key``: "again" or "redraw"),
    with the person's own words when they are among them ("You and Kito draw again",
    "Vous et Kito tirez")."""
    you = 0 in seats
    words = [scene.t("table.draw.you") if s == 0 else scene.seat_name(s) for s in sorted(seats)]
    names = words[0] if len(words) == 1 else scene.t(
        "teach.list", head=", ".join(words[:-1]), last=words[-1])
    line = scene.t(f"table.draw.{key}_you" if you else f"table.draw.{key}", names=names)
    return line[:1].upper() + line[1:]


def draw(scene: TableScene, step: Step, value: Any) -> None:
    """The draw for the first dealer: each round's cards, then the pack gathered again."""
    rounds = step.data["rounds"]
    scene.words.announce(scene.t("table.draw.title"))
    scene.deck = list(scene.flow.match.pack)
    scene.zones.drawing = True
    place_all(scene, scene.move(0.3))
    delay = 0.0

    def show(r: Any, i: int) -> Any:
        def go() -> None:
            scene.draw_cards = dict(r.cards)
            drawn = set(scene.draw_cards.values())
            scene.deck = [c for c in range(32) if c not in drawn]
            if i > 0:  # only the seats tied in the round before draw: say who, not "a tie"
                scene.words.announce(draw_line(scene, "redraw", r.cards))
            place_all(scene, scene.move(0.35), {c: j * scene.dur(0.08)
                                            for j, c in enumerate(drawn)})
            scene.sound("deal")

        return go

    def tie(seats: Any) -> Any:
        def go() -> None:  # said over the round's cards, where the tied numbers show
            scene.words.announce(draw_line(scene, "again", seats))

        return go

    for i, r in enumerate(rounds):
        scene.tweens.add(Tween(scene, {}, 0.0, delay=delay, on_done=show(r, i)))
        if i + 1 < len(rounds):
            scene.tweens.add(Tween(scene, {}, 0.0, delay=delay + scene.dur(0.8),
                                   on_done=tie(rounds[i + 1].cards)))
        delay += scene.dur(1.6)

    def done() -> None:
        dealer = scene.dealer()
        scene.words.announce(scene.t("table.draw.deals_you") if dealer == 0 else
                             scene.t("table.draw.deals", name=scene.seat_name(dealer)))
        scene.turn.hold(scene.dur(1.0))

    scene.tweens.add(Tween(scene, {}, 0.0, delay=delay, on_done=done))

    def gather() -> None:
        scene.words.announce("")
        scene.draw_cards = {}
        scene.zones.drawing = False
        scene.deck = list(scene.flow.match.pack)
        place_all(scene, scene.move(0.3))

    scene.tweens.add(Tween(scene, {}, 0.0, delay=delay + scene.dur(1.2), on_done=gather))


def cut(scene: TableScene, step: Step, value: Any) -> None:
    """The cut packet lifts towards the cutter, then goes under the rest."""
    from beloz.rules.match import cut

    scene.words.clear(message=False)
    k = int(value)
    seat = step.seat if step.seat is not None else 0
    top = scene.deck[:k]
    L = scene.layout
    ax, ay = L.seat_anchor(seat)
    scene.say(seat, scene.t("table.say.cut", n=k))
    scene.sound("cut")
    # The cut packet lifts towards the cutter, then goes under the rest.
    for c in top:
        sp = scene.sprites[c]
        sp.z += 2000
        scene.tweens.add(Tween(sp, {"x": sp.x + (ax - L.cx) * 0.25,
                                    "y": sp.y + (ay - L.cy) * 0.25 - L.ch * 0.3},
                              scene.move(0.3)))

    def under() -> None:
        scene.deck = cut(scene.deck, k, scene.flow.match.ruleset.min_cut)
        for c in top:
            scene.sprites[c].z -= 4000
        place_all(scene, scene.move(0.35), ease=EASE_IN_OUT)

    scene.tweens.add(Tween(scene, {}, 0.0, delay=scene.dur(0.35), on_done=under))


def deal(scene: TableScene, step: Step, value: Any) -> None:
    """The first five cards, in packets of ``value`` then 5 - ``value``, then the turned card."""
    scene.words.clear(message=False)
    ruleset = scene.flow.match.ruleset
    packets = deal_packets(ruleset, 2 if value == 2 else 3)
    seat = step.seat if step.seat is not None else 0
    if len(packets) == 2:
        scene.say(seat, scene.t("table.say.deal", a=packets[0], b=packets[1]))
    else:
        scene.say(seat, scene.t("table.say.deal_one", a=packets[0]))
    order = deal_order(scene.deck, scene.dealer(), packets, scene.layout.direction)
    delays: dict[int, float] = {}
    starts: dict[int, Any] = {}
    t = scene.dur(0.4)
    for s, cards in order:
        for j, c in enumerate(cards):
            scene.hands[s].append(c)
            delays[c] = t + j * scene.dur(0.03)
        starts[cards[0]] = lambda: scene.sound("deal")
        t += scene.dur(0.16)
    dealt = {c for _, cs in order for c in cs}
    scene.deck = [c for c in scene.deck if c not in dealt]
    if ruleset.bidding is not Bidding.AUCTION:  # an auction turns no card
        scene.turned = scene.deck.pop(0)
        delays[scene.turned] = t + scene.dur(0.15)
    scene.sort_hand()
    place_all(scene, scene.move(T_FLY), delays, starts)


def bid(scene: TableScene, step: Step, value: Any) -> None:
    """A bid in a bubble, and a pause to read it."""
    seat = step.seat if step.seat is not None else 0
    scene.bubbles.release_kept()  # the cut, the deal: kept until this bid
    scene.say(seat, bid_said(int(value), scene.t), gold=value != PASS, held=True)
    scene.turn.hold(scene.dur(0.55 if value == PASS else 0.9))


def complete(scene: TableScene, step: Step, value: Any) -> None:
    """The turned card to the taker, then the rest of the deal."""
    h = scene.view()
    assert h is not None, "a deal to complete without a hand"
    # After an auction nobody takes a turned card: three cards each.
    turned = scene.turned
    taker = h.taker if turned is not None else None
    delays: dict[int, float] = {}
    starts: dict[int, Any] = {}
    t = 0.0
    if turned is not None and taker is not None:
        scene.turned = None
        scene.hands[taker].append(turned)
        delays[turned] = 0.0
        starts[turned] = lambda: scene.sound("deal")
        t = scene.dur(0.45)
    pos = 0
    seat = scene.dealer()
    for _ in range(4):
        seat = scene.layout.next_seat(seat)
        n = 2 if seat == taker else 3
        cards = scene.deck[pos:pos + n]
        pos += n
        for j, c in enumerate(cards):
            scene.hands[seat].append(c)
            delays[c] = t + j * scene.dur(0.03)
        if cards:
            starts[cards[0]] = lambda: scene.sound("deal")
        t += scene.dur(0.16)
    scene.deck = scene.deck[pos:]
    place_all(scene, scene.move(T_FLY), delays, starts)


def play(scene: TableScene, step: Step, value: Any) -> None:
    """A card from its hand to the middle."""
    card = value[0] if isinstance(value, tuple) else int(value)
    seat = step.seat if step.seat is not None else 0
    scene.bubbles.release()  # the bids, on show until the first card
    if card in scene.hands[seat]:
        scene.hands[seat].remove(card)
    scene.trick.append((seat, card))
    if seat == 0:
        scene.selection.clear()
    scene.sound("play")
    place_all(scene, scene.move(T_FLY))


def collect(scene: TableScene, step: Step, value: Any) -> None:
    """The expedition stays on show a moment, then slides to its winner's pile."""
    winner = step.seat if step.seat is not None else 0
    cards = [c for _, c in scene.trick]
    scene.win_card = next((c for s, c in scene.trick if s == winner), None)

    def slide() -> None:
        scene.win_card = None
        scene.trick = []
        scene.piles[winner].extend(cards)
        scene.sound("collect")
        place_all(scene, scene.move(0.4), ease=EASE_IN_OUT)

    # Leave the four cards on show a moment so the person sees who won.
    scene.tweens.add(Tween(scene, {}, 0.0, delay=scene.dur(0.9), on_done=slide))


def redeal_key(ruleset: Ruleset, practice: bool) -> str:
    """The banner's key when everybody passed: in sans annonces and classique the same
    dealer shuffles and deals again, elsewhere the next dealer deals (RULES.md §9)."""
    if practice:
        return "table.redeal_practice"
    return "table.redeal_same" if ruleset.all_pass is AllPass.SAME_DEALER else "table.redeal"


def redeal(scene: TableScene, step: Step, value: Any) -> None:
    """Everybody passed: the cards are gathered into the next pack.  On a replayed deal the
    practice ends there, back to the match (dealing on would start a practice match)."""
    practice = scene.replay_of is not None
    m = scene.flow.match
    scene.bubbles.release()  # the passes go with the cards
    scene.words.announce(scene.t("practice.redeal" if scene.practice_screen is not None
                                 else redeal_key(m.ruleset, practice)))

    def gather() -> None:
        from beloz.rules.match import gather_passed

        scene.hands = [[], [], [], []]
        scene.turned = None
        scene.deck = gather_passed(m.deck, m.dealer, m.first_packet, m.ruleset.direction)
        place_all(scene, scene.move(0.5))

    def back_to_match() -> None:
        if scene.app.top is scene:
            scene.app.pop()

    scene.tweens.add(Tween(scene, {}, 0.0, delay=scene.dur(1.4), on_done=gather))
    scene.tweens.add(Tween(scene, {}, 0.0, delay=scene.dur(2.1),
                           on_done=back_to_match if practice
                           else lambda: scene.words.announce("")))


def gather_for_next_hand(scene: TableScene) -> None:
    """Next hand: the expeditions are gathered into the new pack before the dealer."""
    scene.hands = [[], [], [], []]
    scene.piles = [[], [], [], []]
    scene.trick = []
    scene.turned = None
    scene.deck = list(scene.flow.match.pack)
    scene.bubbles.release_kept()  # a new hand: what was kept for the person goes
    place_all(scene, scene.move(0.5), {c: i * scene.dur(0.008) for i, c in enumerate(scene.deck)})


#: The animation of each step kind that has one (SCORE and MATCH_END show the score panel).
ANIMATIONS: dict[StepKind, Callable[[TableScene, Step, Any], None]] = {
    StepKind.DRAW: draw,
    StepKind.CUT: cut,
    StepKind.DEAL: deal,
    StepKind.BID: bid,
    StepKind.COMPLETE: complete,
    StepKind.PLAY: play,
    StepKind.COLLECT: collect,
    StepKind.REDEAL: redeal,
}
