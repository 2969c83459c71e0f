"""What a declared but hidden announcement says about where the cards lie.

Every seat's announcement type is public from its first card, and a seat that declares
declares its whole best combination (``best_combination``: the engine declares all or
nothing).  The cards are shown only when the announcement counts.  So a hidden tierce is
still three consecutive cards of one plain that the seat held, and the public verdict
(which team's announcements count, or that a tie cancelled them, or, in seed 002, which
team's sequences and carrés count) says how it compares with the others.  With the cards
played so far, often only one run fits: its cards still out are that seat's, and the card
just above and below it are not (a run is maximal).  A tie that cancels two tierces tells
the two runs' common top; a losing tierce is below the winner's.

Only what follows from the rules and the public play is used; a seat that kept its
announcements quiet declared nothing, so nothing is deduced for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from beloz.rules.announcements import Announcement, AnnouncementResult, compare
from beloz.rules.cards import card
from beloz.rules.state import DeclaredInfo, SeatView

# The carré's animal by its points: crocodiles 200, water snakes 150, four animals at 100.
_CARRE_NUMBERS = {200: (5,), 150: (3,), 100: (8, 4, 7, 6)}
_RUN_LENGTHS = {"tierce": (3,), "quarte": (4,), "quinte": (5, 6, 7, 8)}
# Beyond this many joint layouts of the hidden announcements, the verdict is not used
# (the runs each seat can hold alone still are): it keeps ``infer`` quick.
JOINT_CAP = 4096

Option = tuple[Announcement, int]  # the announcement, and the cards its seat cannot hold


def announcement_of(d: DeclaredInfo) -> Announcement:
    """A shown declaration as the rules' ``Announcement`` (its cards known)."""
    assert d.cards is not None
    cards = [c for c in range(32) if d.cards >> c & 1]
    if d.kind == "carre":
        return Announcement(d.kind, d.cards, d.points, (cards[0] & 7) + 1, -1)
    return Announcement(d.kind, d.cards, d.points, (cards[-1] & 7) + 1, cards[0] >> 3)


def _options(d: DeclaredInfo, avail: int, held: int, edges: bool) -> list[Option]:
    """Where a hidden declaration can lie: its cards all ``avail`` (played by the seat, or
    cards it may hold); with ``edges``, the cards next to a run are not ``held``."""
    out: list[Option] = []
    if d.kind == "carre":
        for n in _CARRE_NUMBERS.get(d.points, ()):
            mask = sum(1 << card(p, n) for p in range(4))
            if mask & ~avail == 0:
                out.append((Announcement("carre", mask, d.points, n, -1), 0))
        return out
    for p in range(4):
        for length in _RUN_LENGTHS.get(d.kind, ()):
            for start in range(9 - length):
                mask = ((1 << length) - 1) << (8 * p + start)
                if mask & ~avail:
                    continue
                outside = 0
                if edges and start > 0:
                    outside |= 1 << (8 * p + start - 1)
                if edges and start + length < 8:
                    outside |= 1 << (8 * p + start + length)
                if outside & held:
                    continue
                out.append((Announcement(d.kind, mask, d.points, start + length, p), outside))
    return out


def _seat_layouts(hidden: Sequence[DeclaredInfo], shown: int, avail: int, held: int,
                  edges: bool) -> list[tuple[tuple[Announcement, ...], int, int]]:
    """Each way a seat's hidden declarations can lie together: (announcements, their
    cards, the cards the seat cannot hold); the cards of two announcements never meet."""
    out = []
    for combo in product(*(_options(d, avail, held, edges) for d in hidden)):
        cards = shown
        outside = 0
        ok = True
        for a, o in combo:
            if a.mask & cards:
                ok = False
                break
            cards |= a.mask
            outside |= o
        if ok and not outside & cards:
            out.append((tuple(a for a, _ in combo), cards & ~shown, outside))
    return out


def same_verdict(r: AnnouncementResult, public: AnnouncementResult) -> bool:
    """Whether a comparison's result is the public verdict (what the table was told)."""
    if public.by_category:
        return (r.sequences_team, r.carres_team) == (public.sequences_team, public.carres_team)
    return (r.valid_team, r.cancelled) == (public.valid_team, public.cancelled)


def placements(view: SeatView, played_by: Sequence[int], must: Sequence[int],
               may: Sequence[int]) -> list[tuple[int, int]]:
    """Per seat, (cards it surely holds, cards it surely does not hold) as its hidden
    declarations imply; played cards included (the caller keeps the unseen ones).
    ``played_by[s]`` are the cards seat s played, ``must``/``may`` what is known so far."""
    none = [(0, 0)] * 4
    assert view.trump is not None
    seats = [s for s in range(4) if s != view.seat
             and any(d.cards is None for d in view.declared[s])]
    if not seats:
        return none
    layouts = {}
    for s in seats:
        decl = view.declared[s]
        shown = 0
        for d in decl:
            if d.cards is not None:
                shown |= d.cards
        # A carré may take a card out of a run: then the run's neighbours may be held.
        edges = not any(d.kind == "carre" for d in decl)
        found = _seat_layouts([d for d in decl if d.cards is None], shown,
                              played_by[s] | may[s], played_by[s] | must[s], edges)
        if not found:
            return none  # nothing fits: a convention the other inferences assume was broken
        layouts[s] = found
    public = view.announcement_result
    size = 1
    for s in seats:
        size *= len(layouts[s])
    if public is not None and view.announcements_shown and size <= JOINT_CAP:
        fixed = [tuple(announcement_of(d) for d in view.declared[s] if d.cards is not None)
                 for s in range(4)]
        first = (view.dealer + view.ruleset.direction) % 4
        kept: dict[int, set[int]] = {s: set() for s in seats}
        for pick in product(*(range(len(layouts[s])) for s in seats)):
            cards = 0
            declared = list(fixed)
            ok = True
            for s, i in zip(seats, pick, strict=True):
                anns, mask, _ = layouts[s][i]
                if mask & cards:
                    ok = False
                    break
                cards |= mask
                declared[s] = fixed[s] + anns
            if ok and same_verdict(compare(declared, view.trump, view.ruleset, first), public):
                for s, i in zip(seats, pick, strict=True):
                    kept[s].add(i)
        if any(not kept[s] for s in seats):
            return none
        layouts = {s: [layouts[s][i] for i in sorted(kept[s])] for s in seats}
    out = list(none)
    for s in seats:
        sure = -1
        never = -1
        for _, mask, outside in layouts[s]:
            sure &= mask
            never &= outside
        out[s] = (sure & ((1 << 32) - 1), never & ((1 << 32) - 1))
    return out
