"""The reasons the teaching gives, as values: ``Why`` (a sentence of ``teach.why``: the
explainer's, ``beloz.ai.explain``, and the concepts', ``beloz.ai.concepts``) and
``Contrast`` (why one card rather than another, from sampled deals: ``beloz.ai.contrast``),
with the keys a contrast may have (``SPECIFIC``, ``REASONS``) and a contrast's form in a
kept review (``contrast_to_dict``; ``contrast_from_dict`` reads it back strictly).

They live below the AI because the save keeps them (``beloz.review_store``): the modules
that find the reasons import them from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from beloz.rules import checked


@dataclass(frozen=True, slots=True)
class Why:
    """A reason: ``key`` names the sentence (``teach.why.<key>``); ``cards`` are the cards
    it speaks of (for most card reasons the first one is the card played), ``plain`` a
    plain, ``points`` a number of points, ``count`` a number of cards."""

    key: str
    cards: tuple[int, ...] = ()
    plain: int | None = None
    points: int | None = None
    count: int | None = None
    trump: int | None = None  # the flooded plain: its cards need no plain in a sentence
    # Comparative reasons (``concepts.py``, keys ``vs.*``): a seat as the viewer places it
    # (1, 2 the partner, 3: ``seat_word``), a second plain, and for a bid the other action.
    seat: int | None = None
    alt_plain: int | None = None
    alt: int | None = None


@dataclass(frozen=True, slots=True)
class Contrast:
    """A reason why ``best`` rather than ``other`` (``key``: ``teach.contrast.<key>``).

    ``share`` is the percentage of the ``samples`` deals in which every fact of the
    sentence holds; ``points`` the mean margin ``best`` gains over ``other`` over all of
    them; ``expedition`` (1..8) the expedition that changes hands; ``card`` the card that
    wins it against the seat's team (or, ``partner_void``, for it), held by ``holder`` in
    those deals; ``plain`` the plain the partner has none of; ``contract`` says the
    contract's outcome changes too (``ours``: the seat's team took and fails with
    ``other``; ``theirs``: the other team took and makes it with ``other``)."""

    key: str
    best: int
    other: int
    share: int
    samples: int
    points: int
    viewer: int
    trump: int | None
    expedition: int | None = None
    card: int | None = None
    holder: int | None = None
    plain: int | None = None
    contract: str | None = None
    fate: str | None = None  # "intercepted" or "beaten": what becomes of ``other`` now
    visible: bool = False  # ``card`` lies in the current expedition already
    count: int = 0  # the deals where the facts hold (``share`` of ``samples``)
    basis: str = "deals"  # "deals": they are most deals; "points": most of the points
    weight: int = 0  # the share (%) of the best card's gains, where it gains, in those deals
    direction: int = 1  # the ruleset's order of play (kept in reviews saved with it)
    intercepts: int | None = None  # ``trumps``: expeditions more the other team intercepts
    known: bool = False  # ``holder`` surely holds ``card`` (from the view): said as a fact
    # Key ``threshold`` (``beloz.ai.thresholds``): which one falls the other way
    # ("contract", "capot", "last"), each team's card points so far, how it falls
    # ("dedans-made": with ``other``, then with ``best``; "ours"/"theirs" for a capot), and
    # the contract's multiplier (doubled, redoubled).
    threshold: str | None = None
    have: int | None = None
    theirs: int | None = None
    swing: str | None = None
    multiplier: int = 1
    # each team's announcements that count for the contract (a Bulgarian quarte), when any
    have_announced: int = 0
    theirs_announced: int = 0



#: The reasons that say what happens, most telling first (``contrast.reason_from``): the
#: first one that holds in most of the deals is said; else the first one whose deals make up
#: most of the points the best card gains (a large loss often comes from a few deals: a
#: contract that fails, a capot), said with the number of those deals, never as "most
#: deals"; else, when the best card scores more in most deals, only that.
SPECIFIC: tuple[str, ...] = (
    "now_win", "now_keep", "partner_void", "later", "now_lose", "now_win_card",
    "now_keep_card", "later_card", "now_lose_card", "trumps", "later_any", "contract",
)
REASONS: tuple[str, ...] = (*SPECIFIC, "more_points", "threshold", "close", "edge")
#: The thresholds a ``threshold`` contrast names, and how each may fall.
THRESHOLDS = {"contract": ("dedans-made", "dedans-litige", "litige-made", "made-dedans",
                           "litige-dedans", "made-litige"),
              "capot": ("ours", "theirs"), "last": ("ours",)}


# -- kept with a review (the save file) -----------------------------------------------------------

#: The fields a kept contrast holds besides the two cards and the viewer (its rating's).
_KEPT = ("key", "share", "samples", "points", "trump", "expedition", "card", "holder",
         "plain", "contract", "fate", "visible", "count", "basis", "weight", "direction",
         "intercepts", "known", "threshold", "have", "theirs", "swing", "multiplier",
         "have_announced", "theirs_announced")


def contrast_to_dict(c: Contrast) -> dict[str, object]:
    """A contrast as a review keeps it (the cards and the seat are the rating's)."""
    return {name: getattr(c, name) for name in _KEPT if getattr(c, name) is not None
            and not (name == "multiplier" and c.multiplier == 1)
            and not (name in ("have_announced", "theirs_announced") and not getattr(c, name))}


def contrast_from_dict(d: object, best: int, other: int, viewer: int) -> Contrast:
    """The inverse of ``contrast_to_dict`` for the rating of ``viewer`` that preferred
    ``best`` to ``other``; ``ValueError`` naming the first bad field."""
    if not isinstance(d, dict) or set(d) - set(_KEPT):
        raise ValueError("contrast: expected an object of its fields")
    if d.get("key") not in REASONS:
        raise ValueError(f"contrast key: {d.get('key')!r} is not a reason")

    def whole(name: str, low: int, high: int, needed: bool = False) -> int | None:
        x = d.get(name)
        if x is None and not needed:
            return None
        return checked.integer(x, name, low, high, says=f"contrast {name}: {x!r}")

    def word(name: str, words: tuple[str, ...], default: str | None) -> str | None:
        x = d.get(name, default)
        if x is not None and x not in words:
            raise ValueError(f"contrast {name}: {x!r}")
        return x

    def flag(name: str) -> bool:
        x = d.get(name, False)
        return checked.boolean(x, name, says=f"contrast {name}: {x!r}")

    visible, known = flag("visible"), flag("known")
    threshold = word("threshold", tuple(THRESHOLDS), None)
    swing = word("swing", THRESHOLDS[threshold] if threshold else (), None)
    samples = whole("samples", 1, 10_000, True)
    direction = whole("direction", -1, 1, True)
    assert samples is not None and direction is not None
    if direction == 0:
        raise ValueError("contrast direction: 0")
    return Contrast(
        key=str(d["key"]), best=best, other=other,
        share=whole("share", 0, 100, True) or 0, samples=samples,
        points=whole("points", -100_000, 100_000, True) or 0, viewer=viewer,
        trump=whole("trump", 0, 5), expedition=whole("expedition", 1, 8),
        card=whole("card", 0, 31), holder=whole("holder", 0, 3), plain=whole("plain", 0, 3),
        contract=word("contract", ("ours", "theirs"), None),
        fate=word("fate", ("intercepted", "beaten"), None), visible=visible,
        count=whole("count", 0, samples) or 0,
        basis=word("basis", ("deals", "points"), "deals") or "deals",
        weight=whole("weight", 0, 100) or 0, direction=direction,
        intercepts=whole("intercepts", 1, 8), known=known, threshold=threshold,
        have=whole("have", 0, 400), theirs=whole("theirs", 0, 400), swing=swing,
        multiplier=whole("multiplier", 1, 4) or 1,
        have_announced=whole("have_announced", 0, 2_000) or 0,
        theirs_announced=whole("theirs_announced", 0, 2_000) or 0,
    )



__all__ = [
    "REASONS", "SPECIFIC", "Contrast", "Why", "contrast_from_dict", "contrast_to_dict",
]
