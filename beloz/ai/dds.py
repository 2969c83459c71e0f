"""Fast double-dummy solver: the exact value of every candidate card, every hand known.

Used on sampled deals only (PIMC): a player never sees the hidden cards.

The hand score depends on the rest of the play only through team 0's card points plus
dix de der (``u``), and capot.  ``u`` for the rest of the hand is a game on its own —
team 0 maximises it, team 1 minimises it — and when the table's score is a monotone
function of ``u`` (it is for ``search.fast_score``: more points never hurt), the value of
the score game is that function of the value of the ``u`` game.  So the search never
sees the score: it answers null-window questions « can team 0 make ``u >= k`` ? » with a
transposition table of bounds on ``u`` keyed on the remaining hands, the leader and the
capot flags (valid for every deal with the same contract), and the root finds, by
bisection on the points where the score changes, which score each candidate card gets.
Capot is folded into ``u``: a hand where team 0 took every expedition counts
``CAPOT`` more, one where team 1 took every expedition ``CAPOT`` less.

The contract is described by tables (``Game``: per-card strength and points, which plains
oblige to climb, the flooded plain if any, the undertrump and partner flags), so the
no-trumps and all-trumps contracts need new tables, not a new solver.

Two implementations of one algorithm: ``PySolver`` (pure Python) and ``CSolver`` (the C
file ``_dds.c`` through ctypes, built by setup.py: ``make``, ``pip install .``, the release
builds); ``new_solver`` takes the C one when the library is there.  Both visit the same
nodes in the same order (same move ordering, same table and replacement rule), so they give
the same values and the same node counts, and a work budget counted in nodes gives the same
decisions with either (tested).
"""

from __future__ import annotations

import ctypes
import functools
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from beloz.rules.cards import (
    ALL_TRUMPS,
    ELEPHANT,
    NO_TRUMPS,
    NO_TRUMPS_POINT_FACTOR,
    PLAIN_MASKS,
    RHINOCEROS,
    card,
)
from beloz.rules.ruleset import BelotCondition, Ruleset

from .search import Leaf, SearchTimeout
from .tables import CLIMB, KEY, PTS

# Cards and seats are decoded by hand in this module's loops (``c >> 3`` a card's plain,
# ``s & 1`` a seat's team; ``cards.plain_of`` / ``team_of`` elsewhere): a call per card
# would slow the solver.

CAPOT = 1000
LOW, HIGH = -2000, 2000  # an empty table entry's bounds
TT_BITS = 18
TT_MASK = (1 << TT_BITS) - 1
_M64 = (1 << 64) - 1
_C1, _C2 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F


@dataclass(frozen=True)
class Game:
    """A contract, as the solver sees it.

    ``strength[c]``: compares cards of the led plain and of the flooded plain (flooded
    cards above every other); ``points[c]``: card points; ``trump``: the flooded plain or
    -1; ``climb``: bit ``p`` set when a follower of a lead in plain ``p`` must beat the
    master card if it can (flooded plain: ``1 << trump``; all-trumps: every plain);
    ``partner_raise``: climb even over a partner's master card; ``undertrump``: a void
    seat that cannot overtrump must still trump; ``dix_de_der``: points of the last
    expedition.  ``losable``: the belot pairs (masks) lost when their first card is
    discarded on another plain's lead (seed 002 in all trumps), each loss worth
    ``belot_shift`` points of ``u`` to the other team (half the belot: the difference between
    the teams moves by the whole of it, exactly; where both teams' points are recorded
    together, a failed or doubled contract, their sum stays 20 too high)."""

    strength: tuple[int, ...]
    points: tuple[int, ...]
    trump: int
    climb: int
    partner_raise: bool
    undertrump: bool
    direction: int
    dix_de_der: int
    losable: tuple[int, ...] = ()
    belot_shift: int = 0
    above: tuple[int, ...] = field(init=False)
    plain_points: tuple[tuple[int, ...], ...] = field(init=False)
    order: tuple[tuple[int, ...], ...] = field(init=False)  # each plain's cards, weakest first
    mate: tuple[int, ...] = field(init=False)  # a losable pair's other card, else -1

    def __post_init__(self) -> None:
        above = tuple(
            sum(1 << d for d in range(c & ~7, (c & ~7) + 8) if self.strength[d] > self.strength[c])
            for c in range(32)
        )
        pp = tuple(
            tuple(sum(self.points[8 * p + i] for i in range(8) if b >> i & 1) for b in range(256))
            for p in range(4)
        )
        object.__setattr__(self, "above", above)
        object.__setattr__(self, "plain_points", pp)
        order = tuple(tuple(sorted(range(8 * p, 8 * p + 8), key=lambda c: self.strength[c]))
                      for p in range(4))
        object.__setattr__(self, "order", order)
        mate = [-1] * 32
        for pair in self.losable:
            a, b = (c for c in range(32) if pair >> c & 1)
            mate[a], mate[b] = b, a
        object.__setattr__(self, "mate", tuple(mate))

    def card_points(self, mask: int) -> int:
        pp = self.plain_points
        return (pp[0][mask & 255] + pp[1][mask >> 8 & 255] + pp[2][mask >> 16 & 255]
                + pp[3][mask >> 24 & 255])

    def open_belots(self, hands: Sequence[int]) -> tuple[int, int]:
        """The losable pairs whole in team 0's hands, in team 1's."""
        n = [0, 0]
        for pair in self.losable:
            for s in range(4):
                if hands[s] & pair == pair:
                    n[s & 1] += 1
        return n[0], n[1]

    def spread(self, hands: Sequence[int]) -> int:
        """How far lost belots may move ``u`` either way (``score_runs``)."""
        n0, n1 = self.open_belots(hands)
        return self.belot_shift * (n0 + n1)


@functools.lru_cache(maxsize=64)
def trump_game(trump: int, ruleset: Ruleset) -> Game:
    """The tables of a flooded-plain contract (the engine's ``tricks.legal_mask``)."""
    return contract_game(trump, ruleset)


@functools.lru_cache(maxsize=64)
def contract_game(order: int, ruleset: Ruleset) -> Game:
    """The tables of any contract by its card order (the engine's ``tricks.legal_mask``):
    a flooded plain; no-trumps (only follow, card points and dix de der doubled);
    all-trumps (every plain climbs over whoever is master)."""
    if order < 4:
        return Game(
            KEY[order], PTS[order], order, 1 << order,
            ruleset.must_overtrump_partner_on_trump_lead, ruleset.undertrump_required,
            ruleset.direction, ruleset.dix_de_der,
        )
    dix = ruleset.dix_de_der * (NO_TRUMPS_POINT_FACTOR if order == NO_TRUMPS else 1)
    # Seed 002's belot in all trumps is lost when its first card is discarded (RULES.md
    # §9.3): the solver plays that out (teacher set Z, bulgare-2347: the West lion led first
    # gives the lead away for good, and the belot's cards then fall as discards).
    losable: tuple[int, ...] = ()
    if order == ALL_TRUMPS and ruleset.belot_condition is BelotCondition.FIRST_CARD:
        losable = tuple((1 << card(p, ELEPHANT)) | (1 << card(p, RHINOCEROS)) for p in range(4))
    return Game(KEY[order], PTS[order], -1, CLIMB[order], True, False, ruleset.direction, dix,
                losable, ruleset.beloz_points // 2 if losable else 0)


# -- the pure-Python solver -------------------------------------------------------------------


class PySolver:
    """The reference implementation (``_dds.c`` mirrors it line for line)."""

    compiled = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self.nodes = 0
        self.deadline = math.inf  # perf_counter time, checked every 2048 nodes
        self.max_nodes = -1  # SearchTimeout once ``nodes`` passes it (-1: no limit)
        self._gen = 0
        # The table, sparse: slot -> [key, generation, lower bound, upper bound, best card].
        self._tt: dict[int, list] = {}

    # The root: which run of ``starts`` holds the value of each candidate.
    def solve(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], f0: bool, f1: bool,
        cands: Sequence[int], starts: Sequence[int],
    ) -> list[int]:
        """For each candidate card of the seat to play: the largest ``i`` such that team 0
        can make ``u >= starts[i]`` after it (``starts`` increasing, ``starts[0]`` at most
        the least ``u``)."""
        self._gen += 1
        g = self.game
        n = len(trick)
        seat = (leader + g.direction * n) & 3
        out: list[int] = []
        for c in cands:
            h = list(hands)
            h[seat] &= ~(1 << c)
            t = list(trick) + [c]
            lo, hi = 0, len(starts) - 1
            if out:  # the previous card's run first: candidates are often worth the same
                g0 = out[-1]
                if g0 > lo and not self._after(h, leader, t, f0, f1, starts[g0]):
                    hi = g0 - 1
                else:
                    lo = g0
                    if g0 < hi:
                        if self._after(h, leader, t, f0, f1, starts[g0 + 1]):
                            lo = g0 + 1
                        else:
                            hi = g0
            while lo < hi:
                mid = (lo + hi + 1) >> 1
                if self._after(h, leader, t, f0, f1, starts[mid]):
                    lo = mid
                else:
                    hi = mid - 1
            out.append(lo)
        return out

    def _after(self, h: list[int], leader: int, t: list[int], f0: bool, f1: bool,
               k: int) -> bool:
        """``_ge`` once the card ``t[-1]`` is on the table."""
        if len(t) < 4:
            return self._ge(h, leader, t, f0, f1, k)
        w, pts = self._close(t, leader)
        if w & 1:
            return self._ge(h, w, [], False, f1, k)
        if not (h[0] | h[1] | h[2] | h[3]):
            pts += self.game.dix_de_der
        return self._ge(h, w, [], f0, False, k - pts)

    def _close(self, t: list[int], leader: int) -> tuple[int, int]:
        g = self.game
        s = g.strength
        lead = t[0] >> 3
        m = 0
        for i in (1, 2, 3):
            p = t[i] >> 3
            if (p == lead or p == g.trump) and s[t[i]] > s[t[m]]:
                m = i
        pts = g.points
        return (leader + g.direction * m) & 3, pts[t[0]] + pts[t[1]] + pts[t[2]] + pts[t[3]]

    def _master(self, t: list[int]) -> int:
        g = self.game
        s = g.strength
        lead = t[0] >> 3
        m = 0
        for i in range(1, len(t)):
            p = t[i] >> 3
            if (p == lead or p == g.trump) and s[t[i]] > s[t[m]]:
                m = i
        return m

    def legal(self, hand: int, t: list[int]) -> int:
        if not t:
            return hand
        g = self.game
        m = self._master(t)
        master = t[m]
        partner_master = len(t) - m == 2
        lead = t[0] >> 3
        follow = hand & PLAIN_MASKS[lead]
        if follow:
            if g.climb >> lead & 1 and (g.partner_raise or not partner_master):
                return (follow & g.above[master]) or follow
            return follow
        if g.trump < 0:
            return hand
        trumps = hand & PLAIN_MASKS[g.trump]
        if partner_master or not trumps:
            return hand
        if master >> 3 == g.trump:
            return (trumps & g.above[master]) or (trumps if g.undertrump else hand)
        return trumps

    def moves(self, hand: int, t: list[int], blockers: int, first: int) -> list[int]:
        """The legal cards, one per class of equivalent cards (the strongest), best first."""
        g = self.game
        pts, above = g.points, g.above
        legal = self.legal(hand, t)
        out: list[int] = []
        for p in range(4):
            if not legal >> 8 * p & 255:
                continue
            prev = -1
            for c in g.order[p]:
                if not legal >> c & 1:
                    continue
                if prev >= 0 and pts[prev] == pts[c] and not (
                        above[prev] & ~above[c] & ~(1 << c) & blockers):
                    out[-1] = c
                else:
                    out.append(c)
                prev = c
        if len(out) > 1:
            pri = self._priorities(out, t)
            order = sorted(range(len(out)), key=lambda i: (-pri[i], out[i]))
            out = [out[i] for i in order]
        if first >= 0 and first in out:
            out.remove(first)
            out.insert(0, first)
        return out

    def _priorities(self, cards: list[int], t: list[int]) -> list[int]:
        """Move ordering, higher first: a leader leads its strongest cards; a follower whose
        side is master gives points, otherwise wins as cheaply as it can (the last seat
        with its richest winning card) or throws its cheapest card."""
        g = self.game
        s, pts = g.strength, g.points
        n = len(t)
        if n == 0:
            return [s[c] for c in cards]
        m = self._master(t)
        master = t[m]
        if (n - m) & 1 == 0:  # the master card is the partner's
            return [64 * pts[c] + 32 - s[c] for c in cards]
        mp = master >> 3
        out = []
        for c in cards:
            p = c >> 3
            if (p == mp and s[c] > s[master]) or (p == g.trump and mp != g.trump):
                out.append(5000 + (64 * pts[c] if n == 3 else 0) + 32 - s[c])
            else:
                out.append(1000 - 64 * pts[c] - s[c])
        return out

    def _slot(self, h: list[int], meta: int) -> tuple[int, bool]:
        """The table slot of a position: its own (hit) or the one to write."""
        x = (((h[0] | h[1] << 32) * _C1 + (h[2] | h[3] << 32)) * _C2 + meta) & _M64
        idx = (x ^ x >> 29) & TT_MASK
        key = (h[0], h[1], h[2], h[3], meta)
        gen = self._gen
        tt = self._tt
        free = -1
        for j in range(4):
            i = (idx + j) & TT_MASK
            e = tt.get(i)
            if e is not None and e[1] == gen:
                if e[0] == key:
                    return i, True
            elif free < 0:
                free = i
        return (free if free >= 0 else idx), False

    def _ge(self, h: list[int], leader: int, t: list[int], f0: bool, f1: bool, k: int) -> bool:
        """Can team 0 make the rest of the hand worth ``u >= k`` ?"""
        self.nodes += 1
        if 0 <= self.max_nodes < self.nodes or (
                not self.nodes & 2047 and time.perf_counter() > self.deadline):
            raise SearchTimeout
        g = self.game
        n = len(t)
        first = -1
        meta = 0
        if n == 0:
            rem = h[0] | h[1] | h[2] | h[3]
            if not rem:
                return (CAPOT if f0 else -CAPOT if f1 else 0) >= k
            n0 = n1 = 0
            if g.losable:  # a lost belot moves u by belot_shift
                n0, n1 = g.open_belots(h)
                n0 *= g.belot_shift
                n1 *= g.belot_shift
            if k <= (-CAPOT if f1 else 0) - n0:
                return True
            if k > g.card_points(rem) + g.dix_de_der + (CAPOT if f0 else 0) + n1:
                return False
            meta = leader | f0 << 2 | f1 << 3
            i, hit = self._slot(h, meta)
            if hit:
                e = self._tt[i]
                if e[2] >= k:
                    return True
                if e[3] < k:
                    return False
                first = e[4]
        seat = (leader + g.direction * n) & 3
        hand = h[seat]
        blockers = (h[0] | h[1] | h[2] | h[3]) & ~hand
        for c in t:
            blockers |= 1 << c
        maximize = not seat & 1
        result = not maximize
        best = -1
        mate = g.mate
        for c in self.moves(hand, t, blockers, first):
            kc = k
            if n and mate[c] >= 0 and hand >> mate[c] & 1 and c >> 3 != t[0] >> 3:
                # the first card of a belot discarded: the belot is lost
                kc = k + g.belot_shift if maximize else k - g.belot_shift
            h[seat] = hand & ~(1 << c)
            t.append(c)
            r = self._after(h, leader, t, f0, f1, kc)
            t.pop()
            h[seat] = hand
            if r == maximize:
                result = r
                best = c
                break
        if n == 0:
            i, hit = self._slot(h, meta)
            if hit:
                e = self._tt[i]
            else:
                e = self._tt[i] = [(h[0], h[1], h[2], h[3], meta), self._gen, LOW, HIGH, -1]
            if result:
                e[2] = k
            else:
                e[3] = k - 1
            if best >= 0:
                e[4] = best
        return result


# -- the compiled solver ----------------------------------------------------------------------


def _library_path() -> Path | None:
    """The compiled core beside this module (in a bundle: under ``sys._MEIPASS``), by the
    plain library name setup.py gives it on every system (``make``, ``pip install .`` and
    the release builds all build it with setup.py)."""
    here = Path(getattr(sys, "_MEIPASS", "")) / "beloz" / "ai" if getattr(
        sys, "frozen", False) else Path(__file__).parent
    for name in ("_dds.so", "_dds.dll", "_dds.dylib"):
        if (here / name).exists():
            return here / name
    return None


#: The compiled core in use (None: the pure-Python solver), and why a core that was there
#: did not load (``main.py --selftest`` prints both).
LIBRARY_PATH: Path | None = None
LOAD_ERROR = ""


def _load() -> ctypes.CDLL | None:
    global LIBRARY_PATH, LOAD_ERROR
    if os.environ.get("BELOZ_PURE_PYTHON"):
        return None
    path = _library_path()
    if path is None:
        return None
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as err:
        LOAD_ERROR = f"{path}: {err}"
        return None
    LIBRARY_PATH = path
    lib.dds_new.restype = ctypes.c_void_p
    lib.dds_new.argtypes = [ctypes.POINTER(ctypes.c_int)] * 2 + [ctypes.c_int] * 6 + [
        ctypes.POINTER(ctypes.c_uint32), ctypes.c_int, ctypes.c_int]
    lib.dds_free.argtypes = [ctypes.c_void_p]
    lib.dds_nodes.restype = ctypes.c_longlong
    lib.dds_nodes.argtypes = [ctypes.c_void_p]
    lib.dds_solve.restype = ctypes.c_int
    lib.dds_solve.argtypes = [
        ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32), ctypes.c_int,
        ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_int,
        ctypes.POINTER(ctypes.c_int), ctypes.c_double, ctypes.c_longlong,
    ]
    return lib


_LIB = _load()


def compiled_available() -> bool:
    return _LIB is not None


def _ints(xs: Sequence[int]) -> ctypes.Array[ctypes.c_int]:
    return (ctypes.c_int * max(1, len(xs)))(*xs)


class CSolver:
    """``PySolver``'s algorithm in C (``_dds.c``)."""

    compiled = True

    def __init__(self, game: Game) -> None:
        assert _LIB is not None
        self.game = game
        self.deadline = math.inf
        self.max_nodes = -1
        self._lib = _LIB
        self._h = self._lib.dds_new(
            _ints(game.strength), _ints(game.points), game.trump, game.climb,
            int(game.partner_raise), int(game.undertrump), game.direction, game.dix_de_der,
            (ctypes.c_uint32 * 4)(*game.losable, *[0] * (4 - len(game.losable))),
            len(game.losable), game.belot_shift,
        )
        if not self._h:
            raise MemoryError("the solver's table")

    def __del__(self) -> None:
        h = getattr(self, "_h", None)
        if h:
            self._lib.dds_free(h)
            self._h = None

    @property
    def nodes(self) -> int:
        return int(self._lib.dds_nodes(self._h))

    def solve(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], f0: bool, f1: bool,
        cands: Sequence[int], starts: Sequence[int],
    ) -> list[int]:
        out = (ctypes.c_int * len(cands))()
        # Seconds left before the deadline; negative: no deadline.
        seconds = -1.0
        if self.deadline < math.inf:
            seconds = max(1e-9, self.deadline - time.perf_counter())
        rc = self._lib.dds_solve(
            self._h, (ctypes.c_uint32 * 4)(*hands), leader, _ints(trick), len(trick), int(f0),
            int(f1), _ints(cands), len(cands), _ints(starts), len(starts), out, seconds,
            self.max_nodes,
        )
        if rc:
            raise SearchTimeout
        return list(out)


DDSolver = PySolver | CSolver


def new_solver(game: Game, compiled: bool | None = None) -> DDSolver:
    """The C solver when its library is there (``compiled=None``), else the Python one."""
    if compiled is None:
        compiled = _LIB is not None
    return CSolver(game) if compiled else PySolver(game)


# -- from the table's score to the u game -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Runs:
    """The score as a step function of ``u``: ``values[i]`` for ``starts[i] <= u <
    starts[i + 1]``."""

    starts: tuple[int, ...]
    values: tuple[int, ...]


def score_runs(
    leaf: Leaf, team: int, p0: int, p1: int, won0: int, left: int, dix: int, f0: bool,
    f1: bool, spread: int = 0,
) -> Runs | None:
    """The maximising team's score by ``u`` (team 0's card points still to win, ``left``
    in play, plus ``dix`` when it takes the last expedition; capot at ``±CAPOT``), or
    None when the score is not a monotone function of ``u`` (then only a search on the
    score itself is exact).  ``spread`` (``Game.spread``): lost belots may move ``u`` that
    far either way, each as ``belot_shift`` card points passed to the other team."""
    mid = max(1, min(7, won0))  # any count of expeditions that is not a capot
    by_u: dict[int, int] = {}
    for x in range(-spread, left + spread + 1):
        for last0 in (0, 1):
            u = x + dix * last0
            v = leaf(p0 + x, p1 + left - x, 1 - last0, mid)
            if by_u.setdefault(u, v) != v:
                return None
    if f1:
        by_u[-CAPOT] = leaf(p0, p1 + left, 1, 0)
    if f0:
        by_u[left + dix + CAPOT - spread] = leaf(p0 + left, p1, 0, 8)
    sign = 1 if team == 0 else -1
    starts: list[int] = []
    values: list[int] = []
    for u in sorted(by_u):
        v = by_u[u]
        if values and sign * v < sign * values[-1]:
            return None
        if not values or v != values[-1]:
            starts.append(u)
            values.append(v)
    return Runs(tuple(starts), tuple(values))


def position_flags(hands: Sequence[int], trick: Sequence[int], won0: int) -> tuple[bool, bool]:
    """(team 0 may still take every expedition, team 1 may)."""
    cards = sum(bin(h).count("1") for h in hands) + len(trick)
    done = 8 - cards // 4
    return won0 == done, won0 == 0


def position_runs(game: Game, leaf: Leaf, team: int, hands: Sequence[int],
                  trick: Sequence[int], p0: int, p1: int, won0: int) -> Runs | None:
    """``score_runs`` for the position: the points still in play (the hands and the cards
    on the table), the capot flags and the belots still to lose, read from it."""
    left = game.card_points(hands[0] | hands[1] | hands[2] | hands[3])
    left += sum(game.points[c] for c in trick)
    f0, f1 = position_flags(hands, trick, won0)
    return score_runs(leaf, team, p0, p1, won0, left, game.dix_de_der, f0, f1,
                      game.spread(hands))


def root_values(
    solver: DDSolver, hands: Sequence[int], leader: int, trick: Sequence[int], p0: int, p1: int,
    won0: int, cands: Sequence[int], leaf: Leaf, team: int, runs: Runs | None = None,
) -> list[int] | None:
    """The exact value (``leaf`` of the hand's end, for ``team``) of each candidate card, or
    None when the score is not monotone in ``u`` (``search.Solver`` then)."""
    f0, f1 = position_flags(hands, trick, won0)
    if runs is None:
        runs = position_runs(solver.game, leaf, team, hands, trick, p0, p1, won0)
        if runs is None:
            return None
    idx = solver.solve(hands, leader, trick, f0, f1, cands, runs.starts)
    return [runs.values[i] for i in idx]
