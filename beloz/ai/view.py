"""What one seat knows during play: its hand, the public play, and what the public play
implies about the other hands.

Inferences, each from the rules (RULES.md §4) and public information only:

- a seat that did not follow the led plain holds none of it (a void);
- a seat that did not intercept while an opponent was master (discarded a dry card while
  void) holds no flooded card;
- a seat that played a flooded card weaker than the flooded master (could not climb on a
  flooded lead, or undertrumped) holds no flooded card stronger than that master;
- the taker holds the turned card until it is played;
- revealed announcement cards (``SeatView.declared`` with cards) are in their seat's hand
  until played;
- a seat that said « BeloZ » (``beloz_said == 1``) holds the other card of the pair;
- a seat that played the flooded elephant or rhinoceros without saying it does not hold
  the other (every computer player says it; a player who kept quiet breaks the convention,
  and ``sampler_for`` drops the inferences if they leave no deal);
- a declared announcement whose cards stay hidden lies where the cards played and the
  public verdict let it (``declared.placements``): the cards every such layout shares are
  the seat's, the cards next to its runs in every layout are not.

A seat's view never holds another seat's hidden cards; everything here is derived from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from beloz.rules.cards import ELEPHANT, PLAIN_MASKS, RHINOCEROS, TRUMPS_ABOVE, card, plain_of
from beloz.rules.state import SeatView

from .declared import placements
from .tables import ABOVE, CLIMB, KEY, TRUMPS

ALL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """``must[s]``: cards seat s surely holds; ``may[s]``: cards it may hold (``must`` ⊆
    ``may``; for the viewing seat both are its hand).  ``sizes`` are the current hand
    sizes, ``unseen`` the cards neither in the viewer's hand nor played."""

    seat: int
    hand: int
    unseen: int
    sizes: tuple[int, int, int, int]
    must: tuple[int, int, int, int]
    may: tuple[int, int, int, int]
    no: tuple[int, int, int, int]  # inferred absences (before the known cards are removed)


def infer(view: SeatView) -> Knowledge:
    """The knowledge of ``view.seat`` during play (trump known)."""
    assert view.trump is not None
    trump = view.trump
    me = view.seat
    direction = view.ruleset.direction
    undertrump = view.ruleset.undertrump_required
    raise_partner = view.ruleset.must_overtrump_partner_on_trump_lead
    played = view.played
    unseen = ALL & ~played & ~view.hand
    no = [0, 0, 0, 0]
    key = KEY[trump]
    tmask = TRUMPS[trump]
    climb = CLIMB[trump]
    above = ABOVE[trump]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    played_by = [0, 0, 0, 0]
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            played_by[(leader + direction * i) % 4] |= 1 << c
        lead = plain_of(cards[0])
        m = 0
        for i in range(1, len(cards)):
            c = cards[i]
            s = (leader + direction * i) % 4
            master = cards[m]
            p = plain_of(c)
            partner_master = i - m == 2
            if p != lead:
                no[s] |= PLAIN_MASKS[lead]
                if partner_master:
                    pass  # free to discard: nothing more to learn
                elif not tmask:
                    pass  # no-trumps, all-trumps: a void only means a void
                elif p != trump:
                    if plain_of(master) == trump and not undertrump:
                        no[s] |= TRUMPS_ABOVE[master]  # could not over-intercept
                    else:
                        no[s] |= tmask  # did not intercept an opponent's expedition
                elif plain_of(master) == trump and key[c] < key[master]:
                    no[s] |= TRUMPS_ABOVE[master]  # could not over-intercept
            elif (
                climb >> p & 1
                and key[c] < key[master]
                and (raise_partner or not partner_master or not tmask)
            ):
                no[s] |= above[master]  # could not climb on a flooded lead
            if (p == trump or p == lead) and key[c] > key[cards[m]]:
                m = i
    must = [0, 0, 0, 0]
    if view.taker is not None and view.taker != me and view.turned >= 0:
        must[view.taker] |= (1 << view.turned) & unseen
    # The flooded plain's elephant and rhinoceros (no single pair in no- or all-trumps).
    pair = (1 << card(trump, ELEPHANT)) | (1 << card(trump, RHINOCEROS)) if trump < 4 else 0
    for s in range(4):
        if s == me:
            continue
        for d in view.declared[s]:
            if d.cards is not None:
                must[s] |= d.cards & unseen
        if view.beloz_said[s] == 1:
            must[s] |= pair & unseen
        elif played_by[s] & pair:
            no[s] |= pair & ~played_by[s]  # played one of the pair and kept quiet
    may = _may(view, must, no, unseen)
    if any(d.cards is None for s in range(4) if s != me for d in view.declared[s]):
        for s, (sure, never) in enumerate(placements(view, played_by, must, may)):
            must[s] |= sure & unseen
            no[s] |= never & ~must[s]
        may = _may(view, must, no, unseen)
    must[me] = view.hand
    return Knowledge(
        seat=me,
        hand=view.hand,
        unseen=unseen,
        sizes=view.hand_sizes,
        must=(must[0], must[1], must[2], must[3]),
        may=(may[0], may[1], may[2], may[3]),
        no=(no[0], no[1], no[2], no[3]),
    )


def _may(view: SeatView, must: list[int], no: list[int], unseen: int) -> list[int]:
    """The cards each seat may hold, from what is known elsewhere and its absences."""
    known = 0
    for s in range(4):
        if s != view.seat:
            known |= must[s]
    may = [0, 0, 0, 0]
    for s in range(4):
        if s == view.seat:
            may[s] = view.hand
        elif view.hand_sizes[s]:
            may[s] = (unseen & ~known & ~no[s]) | must[s]
    return may
