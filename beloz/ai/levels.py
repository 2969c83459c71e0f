"""The levels of the search players (``pimc``: the cards, ``bidsearch``: the bids and
the auction's calls): a ``Level`` is a budget and a few switches, ``LEVELS`` the three
the game offers.

Levels differ by budget (samples, work, endgame depth) and by how they read the other
seats (Expert weights its deals by the bids and cards seen: ``inference.py``), never by
what they see.
The budget is counted in work units (rollout cards played + search nodes), not seconds, so
the same seed and view give the same decision on any machine; a wall-clock cap only
guards the latency on an overloaded machine (and then breaks that guarantee).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .inference import Model


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    _: dataclasses.KW_ONLY  # the rest by name: many numbers side by side
    samples: int  # most deals per card decision
    min_samples: int  # before an early stop may happen
    work_budget: int  # rollout cards + search nodes per card decision (deterministic)
    time_cap: float  # safety cap in seconds (checked between deals)
    endgame_tricks: int  # exact search once this many expeditions (or fewer) remain
    early_stop: bool
    bid_samples: int
    bid_time_cap: float
    mistakes: float = 0.0  # beginner: chance of a random legal card
    heuristic_only: bool = False
    # With the compiled solver (``dds``): exact from this many expeditions left (0: use
    # ``endgame_tricks`` and ``work_budget``), with this budget of solver nodes.
    solve_tricks: int = 0
    solve_budget: int = 0
    # The budget stops the deals only once this many are done, each of them allowed the
    # whole budget (the time cap still guards): the first deals of an exact search cost the
    # most, and a hint's numbers must not rest on two (watch set M, classique-3538-13: 2
    # deals, ±130, "about as good" for a lead 10 a hand worse).  0 for the players.
    min_deals: int = 0
    model: Model = Model(pool=1)  # policy-weighted deals (inference.py); pool 1: uniform
    # Near-equal cards (mean within this many points): play the conventional one, else the
    # one the table expects most (``prefer_conventional``).
    near_tie: float = 0.0
    # In the exact phase, this share of each deal's value comes from the heuristic's
    # rollout and the rest from the solver: the solver lets every seat see every card,
    # the rollout lets every seat play by the rule of thumb from its own hand.  (A switch
    # for measurements: no level uses it, see the note under ``LEVELS``.)
    rollout_share: float = 0.0
    # Switches for measurements only: bid, or play the cards, by the rule of thumb (what
    # the search brings to the other half, ``pimc:expert,heuristic_bids=1``).
    heuristic_bids: bool = False
    heuristic_play: bool = False
    # Bid by the bidding guide (``bid_guide``: the few rules a learner is taught, distilled
    # from Expert's bids), the search only where the guide has no rule for the ruleset.
    guide_bids: bool = False
    # The contract-value model's share in a turned-card bid's values (``contract_model``:
    # learnt from self-play, the seat's view only): 0 the search alone, 1 the model alone
    # (every legal bid, no search), between them a blend of the two, the search's deals
    # then corrected by the model's rollout gap.  Expert uses 0.5 (``LEVELS``).
    bid_model: float = 0.0


LEVELS: dict[str, Level] = {
    "beginner": Level(
        "beginner", samples=0, min_samples=0, work_budget=0, time_cap=0.0, endgame_tricks=0,
        early_stop=False, bid_samples=0, bid_time_cap=0.0, mistakes=0.12, heuristic_only=True,
    ),
    # Standard: a light search, midway between Beginner and Expert (docs/ai-experiments.md,
    # "The ladder re-spaced"): 4 deals a card, exact in the last expedition only; it bids by
    # the bidding guide, so a learner watches the rules taught being played (issue 41), 12
    # deals a bid where the guide has no rule.  The guide's bids against its own 12 deals,
    # 300 duplicate deals of seed 1: BeloZ -1.1 [-7.9, +5.7], sans annonces +3.2 [-2.7, +9.1],
    # classique +7.5 [+2.0, +13.0], Bulgarian +2.6 [+1.0, +4.1] game points (README, "The
    # ladder of levels").
    "standard": Level(
        "standard", samples=4, min_samples=4, work_budget=4_000, time_cap=0.8,
        endgame_tricks=1, early_stop=True, bid_samples=12, bid_time_cap=0.8, guide_bids=True,
    ),
    "expert": Level(
        "expert", samples=160, min_samples=24, work_budget=120_000, time_cap=1.2,
        endgame_tricks=4, early_stop=True, bid_samples=1600, bid_time_cap=1.2,
        solve_tricks=6, solve_budget=1_500_000,
    ),
}
# Expert's 1,600 deals per bid: a bid's value per deal swings by about 110 points, and the
# lessons' bids differ by a few (docs/ai-bidding-experiments.md, "A fifth round"); clear bids
# stop after 24.
# Expert reads the bids and the cards (policy-weighted deals) and plays the conventional
# card among near-equal ones.  (``make_player("pimc:expert,pool=1,near_tie=0")`` is the
# same budget without either, to measure what they bring.)  Its turned-card bids are half
# the search's values, each sampled deal corrected by the rollout's gap, and half the
# contract-value model's: +1.3 a hand over the search alone on 1,000 paired deals, +1.1 a
# decision on the model's own records, cross-validated (docs/ai-bidding-experiments.md, "The
# contract-value model in Expert's bidding"), about four fifths of what the best bid from the
# seat's view brings (docs/ai-bidding-experiments.md, "The bidding's head-room seen from the
# seat").
# (``rollout_share`` blends the heuristic's rollouts into the exact phase: 0.75 screened
# +3.5 against the heuristic but −1.1 against Standard, paired, so Expert keeps 0;
# docs/ai-experiments.md.)
LEVELS["expert"] = dataclasses.replace(LEVELS["expert"], model=Model(pool=4), near_tie=1.0,
                                       bid_model=0.5)
#: The analysis's level (hints, reviews, the watch panel, practice answers: ``review.LEVEL``):
#: Expert's, its budget counted in work units as Expert's, with two changes: the wall-clock
#: guard is shorter (0.8 s instead of 1.2 s), so a hint stays within a second on a busy
#: machine; and an exact search goes on to 24 deals at least, to 4 million solver nodes (1.5
#: million for Expert's play), so that its numbers never rest on two or three deals (watch set
#: M, classique-3538-13: 2 deals, "about as good" for a lead 10 a hand worse).  Over the
#: judged teacher sets C to X the hint's card is the teacher's in 273 of 384 positions (268
#: before; ``bench.teach_agreement``); card hints' p95 161–249 ms against 92–129 ms over
#: ``python -m bench teach``'s hands, within the 0.3 s target.
ANALYSIS = dataclasses.replace(LEVELS["expert"], name="analysis", time_cap=0.8,
                               bid_time_cap=0.8, solve_budget=4_000_000, min_deals=24)
