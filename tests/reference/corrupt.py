"""Corrupted records for the comparison: a copy of a valid record with one fault, in a field
or in the plays.  Split from ``generate.py`` (random and planted records), whose play it
uses; nothing here imports the engine."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from tests.reference import verdict as V
from tests.reference.generate import Record, play
from tests.reference.verdict import CODES, PLAINS, RULESETS


def corrupt(rng: random.Random, rec: Record, fault: str | None = None,
            variant: int | None = None) -> tuple[str, Record]:
    """(fault name, a copy of a valid record with that fault): the kinds below, ``fault`` or
    one chosen at random; ``variant`` picks among a fault's variants (``VARIANTS``)."""
    bad = copy.deepcopy(rec)
    ruleset = bad["ruleset"]
    bulgarian = ruleset == "belot-bulgare"
    faults: list[Callable[[], None]] = []

    def pick(options: list[Any]) -> Any:
        return options[variant % len(options)] if variant is not None else rng.choice(options)

    def unknown_code_in_hand() -> None:
        s, k = rng.randrange(4), rng.randrange(8)
        bad["hands"][s][k] = pick(["N9", "X1", "n8", "", 17, None, "S0", "N8 "])

    def duplicate_in_hands() -> None:
        s, k = rng.randrange(4), rng.randrange(8)
        bad["hands"][s][k] = bad["hands"][(s + 1) % 4][rng.randrange(8)]

    def wrong_hand_size() -> None:
        s = rng.randrange(4)
        if rng.random() < 0.5:
            bad["hands"][s].pop()
        else:
            bad["hands"][s].append(bad["hands"][(s + 1) % 4].pop())

    def wrong_types() -> None:
        field, value = pick([
            ("dealer", "1"), ("dealer", 4), ("dealer", -1), ("dealer", True), ("dealer", 1.0),
            ("dealer", None), ("hands", "N8"), ("hands", bad["hands"][:3]), ("escrow_in", -5),
            ("escrow_in", "10"), ("escrow_in", 1.5), ("escrow_in", True), ("escrow_in", None),
            ("declare_announcements", [True, True, True]),
            ("declare_announcements", [1, 1, 1, 1]), ("declare_announcements", True),
            ("declare_beloz", "yes"), ("declare_beloz", 1), ("declare_beloz", None),
            ("plays", "N8"), ("plays", None), ("bids", "take"), ("bids", None),
            ("format", "beloz-hand/2"), ("format", None), ("ruleset", "belote"),
            ("ruleset", None), ("ruleset", 3),
        ])
        bad[field] = value

    def missing_field() -> None:
        # RULES.md §10 names the optional fields; the others are required
        bad.pop(pick(["ruleset", "format", "dealer", "hands", "bids", "plays"]), None)

    def unknown_code_in_plays() -> None:
        plays = bad["plays"]
        k = rng.randrange(len(plays) + 1)
        code = pick(["N9", "X1", "n8", "", 17, None, "pass", ["N8"]])
        bad["plays"] = plays[:k] + [code] + (plays[k + 1:] if rng.random() < 0.7 else [])

    def illegal_play() -> None:
        k, card = _illegal_play(rng, bad)
        tail = bad["plays"][k + 1:] if rng.random() < 0.4 else []  # more cards after it
        bad["plays"] = bad["plays"][:k] + [card] + tail

    def card_33() -> None:
        v = V.check(bad)
        if v["ok"] and not v["finished"]:
            bad["plays"] = bad["plays"] + play(rng, ruleset, bad["dealer"], bad["hands"],
                                               v["trump"], 32)[len(bad["plays"]):]
        bad["plays"] = bad["plays"] + [rng.choice(CODES + ["N9"])]

    def replayed_card() -> None:
        plays = bad["plays"]
        if len(plays) < 2:
            bad["plays"] = plays + plays[:1] + plays[:1]
            return
        k = rng.randrange(1, len(plays))
        bad["plays"] = plays[:k] + [plays[rng.randrange(k)]] + plays[k + 1:]

    faults += [unknown_code_in_hand, duplicate_in_hands, wrong_hand_size, wrong_types,
               missing_field,
               unknown_code_in_plays, *[illegal_play] * 8, card_33,
               replayed_card]

    if not bulgarian:
        def missing_turned() -> None:
            bad.pop("turned", None)

        def turned_elsewhere() -> None:
            taker = V.check(rec)["taker"]
            other = (taker + rng.randrange(1, 4)) % 4
            bad["turned"] = rng.choice(bad["hands"][other] + ["N9", None])

        def bad_bids() -> None:
            bids = bad["bids"]
            taker_bid = bids[-1]
            choice = pick(list(range(7)))
            if choice == 0:  # "take" in round 2
                bad["bids"] = ["pass"] * 4 + ["take"]
            elif choice == 1:  # a plain in round 1
                bad["bids"] = ["pass"] * rng.randrange(4) + [rng.choice(PLAINS)]
            elif choice == 2:  # a bid after the taker
                bad["bids"] = bids + [rng.choice(["pass", "take", "N"])]
            elif choice == 3:  # never reaches a taker
                bad["bids"] = ["pass"] * rng.choice((0, 3, 4, 7, 8))
            elif choice == 4:  # round 2 names the turned plain
                bad["bids"] = ["pass"] * (4 + rng.randrange(4)) + [bad["turned"][0]]
            elif choice == 5:  # unknown bid or wrong type
                bad["bids"] = bids[:-1] + [rng.choice(["Take", "NT", 3, None, "prendre"])]
            else:  # nine bids, or the taker's bid moved
                bad["bids"] = ["pass"] * 8 + [taker_bid]

        faults += [missing_turned, turned_elsewhere, bad_bids, bad_bids]
    else:
        def turned_card() -> None:
            bad["turned"] = rng.choice(CODES)

        def auction_fault() -> None:
            d = bad["dealer"]
            choice = pick(list(range(9)))
            contract = rng.choice(V.LADDER)
            if choice == 0:  # double after redouble
                bad["bids"] = [contract, "double", "redouble", "double", "pass", "pass", "pass"]
            elif choice == 1:  # four opening passes
                bad["bids"] = ["pass"] * 4 + ([contract, "pass", "pass", "pass"]
                                              if rng.random() < 0.5 else [])
            elif choice == 2:  # unfinished auction
                bids = bad["bids"]
                bad["bids"] = bids[:rng.randrange(1, len(bids))] if len(bids) > 1 else []
            elif choice == 3:  # a partner doubles
                bad["bids"] = [contract, "pass", "double", "pass", "pass", "pass"]
            elif choice == 4:  # redouble without a double, or by the opponents
                bad["bids"] = [contract, rng.choice(["redouble", "pass"]), "redouble",
                               "pass", "pass", "pass"]
            elif choice == 5:  # not higher
                i = rng.randrange(len(V.LADDER))
                bad["bids"] = [V.LADDER[i], "pass", V.LADDER[rng.randrange(i + 1)],
                               "pass", "pass", "pass"]
            elif choice == 6:  # a call after the end
                bad["bids"] = bad["bids"] + [rng.choice(["pass", "AT", "double"])]
            elif choice == 7:  # double twice
                bad["bids"] = [contract, "double", "pass", "double", "pass", "pass", "pass"]
            else:  # unknown call
                bad["bids"] = [rng.choice(["take", "S5", "all", 5, None, "nt"]),
                               "pass", "pass", "pass"]
            del d

        faults += [turned_card, auction_fault, auction_fault]

    by_name = {f.__name__: f for f in faults}
    name = fault if fault is not None else rng.choice(faults).__name__
    by_name[name]()
    return name, bad


VARIANTS = {"unknown_code_in_hand": 8, "wrong_types": 28, "missing_field": 6,
            "unknown_code_in_plays": 8, "bad_bids": 7, "auction_fault": 9}


def fault_names(ruleset: str) -> list[str]:
    """Every fault ``corrupt`` knows for the ruleset."""
    common = ["unknown_code_in_hand", "duplicate_in_hands", "wrong_hand_size", "wrong_types",
              "missing_field",
              "unknown_code_in_plays", "illegal_play", "card_33", "replayed_card"]
    if ruleset == "belot-bulgare":
        return common + ["turned_card", "auction_fault"]
    return common + ["missing_turned", "turned_elsewhere", "bad_bids"]


def _illegal_play(rng: random.Random, rec: Record) -> tuple[int, str]:
    """(index, card): a card that the seat to play at ``index`` may not play.  Every position of
    the record's plays is examined; a reason is chosen at random among those reachable (so the
    rare ones, such as must_undertrump, come as often as must_follow), then a position."""
    rules = RULESETS[rec["ruleset"]]
    contract = V.check(rec)["trump"]
    in_hand = [list(h) for h in rec["hands"]]
    leader = V.next_seat(rec["dealer"], rules)
    current: list[tuple[int, str]] = []
    by_reason: dict[str, list[tuple[int, str]]] = {}
    plays = rec["plays"]
    for i in range(len(plays) + 1):
        seat = leader if not current else V.next_seat(current[-1][0], rules)
        for c in CODES:
            reason = V.why_illegal(in_hand[seat], current, seat, c, contract,
                                   rules["undertrump"])
            if reason is not None:
                by_reason.setdefault(reason, []).append((i, c))
        if i == len(plays) or i == 32:
            break
        in_hand[seat].remove(plays[i])
        current.append((seat, plays[i]))
        if len(current) == 4:
            leader, current = V.master(current, contract)[0], []
    reason = rng.choice(sorted(by_reason))
    return rng.choice(by_reason[reason])
