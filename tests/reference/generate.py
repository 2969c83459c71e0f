"""Records for the comparison: random, planted and corrupted, for every ruleset.

Every legal choice (bids, calls, plays) comes from the reference's own rules in
``verdict.py``; nothing here imports the engine.  ``records(ruleset, n, seed)`` yields
``(kind, record)`` pairs, ``kind`` naming how the record was made (for the report).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tests.reference import cards as C
from tests.reference import verdict as V
from tests.reference.verdict import CODES, PLAINS, RULESETS

Record = dict[str, Any]


# ---------------------------------------------------------------------------------------------
# Building blocks


def deal(rng: random.Random, fixed: dict[int, list[str]] | None = None,
         lumpy: bool = False) -> list[list[str]]:
    """Four 8-card hands; ``fixed`` gives some seats some cards (planted hands); ``lumpy``
    deals long plains and voids (interceptions, over- and under-interceptions are then
    frequent)."""
    fixed = fixed or {}
    taken = {c for cs in fixed.values() for c in cs}
    rest = [c for c in CODES if c not in taken]
    rng.shuffle(rest)
    if lumpy:
        rank = {p: rng.random() * 4 for p in PLAINS}
        rest.sort(key=lambda c: rank[c[0]] + rng.random() * 1.5, reverse=True)
    hands = []
    for s in range(4):
        h = list(fixed.get(s, []))
        while len(h) < 8:
            h.append(rest.pop())
        hands.append(sorted(h, key=CODES.index))
    return hands


def turned_bids(rng: random.Random, ruleset: str, dealer: int, hands: list[list[str]],
                taker: int | None = None, trump: str | None = None) -> tuple[str, list[str], str]:
    """Bids reaching ``taker`` (random if None) with ``trump`` (random if None), and a turned
    card from the taker's hand consistent with them: (turned, bids, trump)."""
    rules = RULESETS[ruleset]
    if taker is None:
        taker = rng.randrange(4)
    order = [(dealer + rules["direction"] * (i + 1)) % 4 for i in range(4)]
    pos = order.index(taker)
    if trump is None:
        trump = rng.choice(PLAINS)
    same_plain = [c for c in hands[taker] if c[0] == trump]
    other_plain = [c for c in hands[taker] if c[0] != trump]
    round2_ok = bool(other_plain) or not rules["round2_excludes_turned"]
    if same_plain and (rng.random() < 0.6 or not round2_ok):
        turned = rng.choice(same_plain)
        return turned, ["pass"] * pos + ["take"], trump
    pool = other_plain if rules["round2_excludes_turned"] else hands[taker]
    if not pool:
        pool = hands[taker]
    turned = rng.choice(pool)
    return turned, ["pass"] * (4 + pos) + [trump], trump


def legal_calls(dealer: int, calls: list[str]) -> list[str]:
    """The calls the reference allows after ``calls`` (belot-bulgare)."""
    rules = RULESETS["belot-bulgare"]
    out = []
    for cand in ["pass", *V.LADDER, "double", "redouble"]:
        try:
            V.run_auction(dealer, calls + [cand], rules)
        except V.Invalid:
            continue
        out.append(cand)
    return out


def random_auction(rng: random.Random, dealer: int, want: str | None = None,
                   multiplier: int | None = None) -> list[str]:
    """A finished legal auction: random calls; with ``want`` the final contract is it, with
    ``multiplier`` (1, 2, 4) it ends doubled or redoubled as asked."""
    rules = RULESETS["belot-bulgare"]
    while True:
        calls: list[str] = []
        while True:
            state = V.run_auction(dealer, calls, rules)
            if state["ended"]:
                break
            legal = legal_calls(dealer, calls)
            if want is not None:
                top = V.LADDER.index(want)
                legal = [c for c in legal if c not in V.LADDER or V.LADDER.index(c) <= top]
                if state["call"] == want:
                    legal = [c for c in legal if c not in V.LADDER]
                    if multiplier is not None:
                        more = [c for c in legal if c in ("double", "redouble")]
                        legal = more if state["multiplier"] < multiplier and more else ["pass"]
            weights = [5.0 if c == "pass" else 3.0 if c == want else 1.0 for c in legal]
            if state["call"] is None and state["passes"] == 3:
                weights = [0.0 if c == "pass" else w for c, w in zip(legal, weights, strict=True)]
            calls.append(rng.choices(legal, weights)[0])
        final = V.run_auction(dealer, calls, rules)
        if want is not None and final["call"] != want:
            continue
        if multiplier is not None and final["multiplier"] != multiplier:
            continue
        return calls


Policy = Callable[[random.Random, int, list[str], list[str], list[tuple[int, str]]], str]


def random_policy(rng: random.Random, seat: int, hand: list[str], legal: list[str],
                  played: list[tuple[int, str]]) -> str:
    return rng.choice(legal)


def strong_policy(seats: set[int], contract: str) -> Policy:
    """``seats`` play their strongest legal card (leading or not), the others at random: with
    a strong planted hand it makes capots and valats."""
    def policy(rng: random.Random, seat: int, hand: list[str], legal: list[str],
               played: list[tuple[int, str]]) -> str:
        if seat not in seats:
            return rng.choice(legal)
        return max(legal, key=lambda c: (C.is_flooded(c, contract), C.strength(c, contract)))
    return policy


def play(rng: random.Random, ruleset: str, dealer: int, hands: list[list[str]], contract: str,
         n: int = 32, policy: Policy = random_policy) -> list[str]:
    """``n`` legal plays by the reference's rules."""
    rules = RULESETS[ruleset]
    in_hand = [list(h) for h in hands]
    leader = V.next_seat(dealer, rules)
    current: list[tuple[int, str]] = []
    plays: list[str] = []
    for _ in range(n):
        seat = leader if not current else V.next_seat(current[-1][0], rules)
        legal = [c for c in in_hand[seat]
                 if V.why_illegal(in_hand[seat], current, seat, c, contract,
                                  rules["undertrump"]) is None]
        card = policy(rng, seat, in_hand[seat], legal, current)
        in_hand[seat].remove(card)
        current.append((seat, card))
        plays.append(card)
        if len(current) == 4:
            leader = V.master(current, contract)[0]
            current = []
    return plays


def record(ruleset: str, dealer: int, hands: list[list[str]], bids: list[str],
           turned: str | None, plays: list[str], rng: random.Random) -> Record:
    rec: Record = {"format": "beloz-hand/1", "ruleset": ruleset, "dealer": dealer,
                   "hands": hands, "bids": bids}
    if turned is not None:
        rec["turned"] = turned
    elif rng.random() < 0.3:
        rec["turned"] = None  # §10.1: absent or null
    r = rng.random()
    if r < 0.5:
        rec["declare_announcements"] = [rng.random() < 0.85 for _ in range(4)]
    elif r < 0.7:
        rec["declare_announcements"] = [True] * 4
    if rng.random() < 0.5:
        rec["declare_beloz"] = rng.random() < 0.8
    if rng.random() < 0.4:
        high = 30 if ruleset == "belot-bulgare" else 400
        rec["escrow_in"] = rng.randint(0, high)
    rec["plays"] = plays
    return rec


def contract_and_bids(rng: random.Random, ruleset: str, dealer: int, hands: list[list[str]],
                      taker: int | None = None, trump: str | None = None,
                      multiplier: int | None = None) -> tuple[str, list[str], str | None]:
    """(contract, bids, turned) for the hands; Bulgarian takers come from the auction."""
    if ruleset == "belot-bulgare":
        bids = random_auction(rng, dealer, trump, multiplier)
        state = V.run_auction(dealer, bids, RULESETS[ruleset])
        return state["call"], bids, None
    turned, bids, trump = turned_bids(rng, ruleset, dealer, hands, taker, trump)
    return trump, bids, turned


def plays_length(rng: random.Random) -> int:
    return 32 if rng.random() < 0.75 else rng.randint(0, 31)


# ---------------------------------------------------------------------------------------------
# Random records


def random_record(rng: random.Random, ruleset: str) -> Record:
    """A random deal (lumpy one time in three), random bids or auction (Bulgarian: a wanted
    contract six times in ten, so that trump contracts are not rare), random legal plays."""
    dealer = rng.randrange(4)
    hands = deal(rng, lumpy=rng.random() < 0.35)
    want = rng.choice(V.LADDER) if ruleset == "belot-bulgare" and rng.random() < 0.6 else None
    contract, bids, turned = contract_and_bids(rng, ruleset, dealer, hands, trump=want)
    plays = play(rng, ruleset, dealer, hands, contract, plays_length(rng))
    return record(ruleset, dealer, hands, bids, turned, plays, rng)


# ---------------------------------------------------------------------------------------------
# Planted records: the situations random deals rarely reach


def _contract_for(rng: random.Random, ruleset: str) -> str:
    if ruleset == "belot-bulgare":
        return rng.choice(V.LADDER)
    return rng.choice(PLAINS)


def planted_carres(rng: random.Random, ruleset: str) -> Record:
    """One or two carrés, sometimes sharing cards with a run, sometimes facing another
    team's carré."""
    nums = rng.sample(sorted(V.CARRE_POINTS), 3)
    fixed: dict[int, list[str]] = {}
    s0 = rng.randrange(4)
    fixed[s0] = [f"{p}{nums[0]}" for p in PLAINS]
    r = rng.random()
    if r < 0.35:  # a run through the carré
        p = rng.choice(PLAINS)
        for k in (nums[0] - 2, nums[0] - 1, nums[0] + 1, nums[0] + 2):
            if 1 <= k <= 8 and rng.random() < 0.8:
                fixed[s0].append(f"{p}{k}")
    elif r < 0.6:  # a second carré for the same seat
        fixed[s0] += [f"{p}{nums[1]}" for p in PLAINS]
    else:  # a carré for an opponent
        fixed[(s0 + 1) % 4] = [f"{p}{nums[1]}" for p in PLAINS]
    return _finish_planted(rng, ruleset, fixed)


def planted_sequences(rng: random.Random, ruleset: str) -> Record:
    """Runs of equal length and top in two plains for the two teams (the tie rules), at times
    one of them in the trump plain; lengths 3 to 8."""
    length = rng.choice((3, 3, 4, 5, 6, 8))
    top = rng.randint(length, 8)
    p1, p2 = rng.sample(PLAINS, 2)
    s0 = rng.randrange(4)
    s1 = (s0 + rng.choice((1, 3))) % 4
    fixed = {s0: [f"{p1}{k}" for k in range(top - length + 1, top + 1)]}
    if length <= 4 or rng.random() < 0.5:
        l2 = length if rng.random() < 0.7 else rng.choice((3, 4, 5))
        t2 = top if top >= l2 and rng.random() < 0.7 else rng.randint(l2, 8)
        fixed[s1] = [f"{p2}{k}" for k in range(t2 - l2 + 1, t2 + 1)]
    trump = rng.choice([p1, p2] + list(PLAINS)) if ruleset != "belot-bulgare" else None
    if ruleset == "belot-bulgare" and rng.random() < 0.7:
        trump = rng.choice(["AT", p1, p2, "NT"])
    return _finish_planted(rng, ruleset, fixed, trump=trump)


def planted_belote(rng: random.Random, ruleset: str) -> Record:
    """The trump elephant and rhino in one hand (Bulgarian AT: several pairs)."""
    trump = _contract_for(rng, ruleset)
    s0 = rng.randrange(4)
    pair_plains = [trump] if trump in PLAINS else rng.sample(PLAINS, rng.randint(1, 3))
    fixed = {s0: [f"{p}{k}" for p in pair_plains for k in (V.ELEPHANT, V.RHINO)]}
    return _finish_planted(rng, ruleset, fixed, trump=trump)


def planted_capot(rng: random.Random, ruleset: str) -> Record:
    """A strong hand for the first leader (all trumps, or the masters of two plains) played
    greedily: capots and valats for the takers or the defenders."""
    rules = RULESETS[ruleset]
    dealer = rng.randrange(4)
    leader = V.next_seat(dealer, rules)
    trump = _contract_for(rng, ruleset)
    if trump in PLAINS:
        strong = [f"{trump}{k}" for k in range(1, 9)]
        strong = rng.sample(strong, rng.choice((8, 8, 7, 6))) + []
    else:
        order = V.FLOODED_ORDER if trump == "AT" else V.DRY_ORDER
        p1, p2 = rng.sample(PLAINS, 2)
        strong = [f"{p1}{k}" for k in order[:4]] + [f"{p2}{k}" for k in order[:4]]
    fixed = {leader: strong}
    if rng.random() < 0.5:  # announcements for a seat that will lose every trick
        other = [p for p in PLAINS if p != trump and all(f"{p}{k}" not in strong
                                                         for k in range(1, 9))]
        if other:
            lo = rng.randint(1, 4)
            fixed[(leader + rng.choice((1, 3))) % 4] = [f"{rng.choice(other)}{k}"
                                                        for k in range(lo, lo + rng.randint(3, 5))]
    hands = deal(rng, fixed)
    taker = leader if rng.random() < 0.6 else (leader + rng.choice((1, 2, 3))) % 4
    return _finish(rng, ruleset, dealer, hands, trump=trump, taker=taker,
                   policy_seats={leader, (leader + 2) % 4}, n=32)


def planted_doubled(rng: random.Random, ruleset: str) -> Record:
    """belot-bulgare: doubled and redoubled contracts of every kind."""
    if ruleset != "belot-bulgare":
        return random_record(rng, ruleset)
    trump = rng.choice(V.LADDER)
    return _finish(rng, ruleset, rng.randrange(4), deal(rng), trump=trump,
                   multiplier=rng.choice((2, 4)))


# Legal auctions the random ones rarely make (§9.3 and its §10.1 decisions): a partner raises
# over a double, a new contract doubled again, a redouble by the contract holder's partner, a
# seat raising over an opponent, a redouble then a higher contract.
AUCTIONS = (
    ["S", "double", "N", "double", "redouble", "pass", "pass", "pass"],
    ["E", "pass", "W", "double", "pass", "pass", "redouble", "pass", "pass", "pass"],
    ["E", "W", "pass", "pass", "S", "double", "pass", "pass", "pass"],
    ["N", "double", "redouble", "NT", "pass", "pass", "AT", "double", "pass", "pass", "pass"],
    ["W", "pass", "S", "pass", "N", "pass", "NT", "pass", "pass", "pass"],
    ["AT", "double", "pass", "pass", "redouble", "pass", "pass", "pass"],
)


def planted_auction(rng: random.Random, ruleset: str) -> Record:
    """belot-bulgare: one of ``AUCTIONS`` after 0 to 3 opening passes."""
    if ruleset != "belot-bulgare":
        return random_record(rng, ruleset)
    dealer = rng.randrange(4)
    hands = deal(rng)
    bids = ["pass"] * rng.randrange(4) + list(rng.choice(AUCTIONS))
    contract = [b for b in bids if b in V.LADDER][-1]  # not from run_auction: it is under test
    plays = play(rng, ruleset, dealer, hands, contract, plays_length(rng))
    return record(ruleset, dealer, hands, bids, None, plays, rng)


def planted_contract(rng: random.Random, ruleset: str) -> Record:
    """belot-bulgare: NT and AT (every ruleset: round-2 bids and every taker seat)."""
    trump = rng.choice(("NT", "AT")) if ruleset == "belot-bulgare" else None
    return _finish(rng, ruleset, rng.randrange(4), deal(rng), trump=trump,
                   taker=rng.randrange(4))


def _endings(ruleset: str, contract: str, hands: list[list[str]], dealer: int,
             prefix: list[str], rng: random.Random, budget: int
             ) -> Iterator[tuple[list[str], list[int]]]:
    """Legal complete plays extending ``prefix``, depth first in random order, at most
    ``budget`` of them, each with the trick points (cards + dix de der) per team."""
    rules = RULESETS[ruleset]
    in_hand = [list(h) for h in hands]
    leader = V.next_seat(dealer, rules)
    current: list[tuple[int, str]] = []
    pts = [0, 0]
    plays: list[str] = []
    ddd = 20 if contract == "NT" else 10

    def put(card: str) -> tuple[int, list[tuple[int, str]], list[int]]:
        nonlocal leader, current, pts
        saved = (leader, list(current), list(pts))
        seat = leader if not current else V.next_seat(current[-1][0], rules)
        in_hand[seat].remove(card)
        current.append((seat, card))
        plays.append(card)
        if len(current) == 4:
            winner = V.master(current, contract)[0]
            pts[V.team(winner)] += sum(V.card_points(c, contract) for _, c in current)
            if len(plays) == 32:
                pts[V.team(winner)] += ddd
            leader, current = winner, []
        return saved

    def take_back(card: str, saved: tuple[int, list[tuple[int, str]], list[int]]) -> None:
        nonlocal leader, current, pts
        plays.pop()
        leader, current, pts = saved[0], saved[1], saved[2]
        seat = leader if not current else V.next_seat(current[-1][0], rules)
        in_hand[seat].append(card)

    for card in prefix:
        put(card)
    count = 0

    def dfs() -> Iterator[tuple[list[str], list[int]]]:
        nonlocal count
        if count >= budget:
            return
        if len(plays) == 32:
            count += 1
            yield list(plays), list(pts)
            return
        seat = leader if not current else V.next_seat(current[-1][0], rules)
        legal = [c for c in in_hand[seat] if V.why_illegal(
            in_hand[seat], current, seat, c, contract, rules["undertrump"]) is None]
        rng.shuffle(legal)
        for card in legal:
            saved = put(card)
            yield from dfs()
            take_back(card, saved)

    yield from dfs()


def search_tie(rng: random.Random, rec: Record, hanging_only: bool = False) -> Record | None:
    """Plays for ``rec``'s deal and bids ending in a tie: trick points 81–81 (classique), equal
    totals (the others); ``hanging_only``: Bulgarian totals of 106–106 or 154–154.  Random
    plays for five tricks, then every ending of the last three; a few prefixes."""
    ruleset = rec["ruleset"]
    first = V.check(dict(rec, plays=[]))
    contract, taker = first["trump"], first["taker"]
    if contract == "AT":
        rec["declare_beloz"] = False  # an AT belot depends on the play: keep the totals fixed
    for _ in range(6):
        prefix = play(rng, ruleset, rec["dealer"], rec["hands"], contract, 20)
        v = V.check(dict(rec, plays=prefix))
        extra = [0, 0]
        vt = v["announcements"]["valid_team"]
        for seat, anns in enumerate(v["announcements"]["declared"]):
            for ann in anns:
                cat = "carres" if ann["kind"] == "carre" else "sequences"
                if (vt.get(cat) if isinstance(vt, dict) else vt) == V.team(seat):
                    extra[V.team(seat)] += ann["points"]
        if rec.get("declare_beloz", True):
            for p in ([contract] if contract in PLAINS else []):
                for s in range(4):
                    if f"{p}7" in rec["hands"][s] and f"{p}6" in rec["hands"][s]:
                        extra[V.team(s)] += 20
        for plays, pts in _endings(ruleset, contract, rec["hands"], rec["dealer"], prefix, rng,
                                   400):
            if ruleset == "belote-classique":
                hit = pts[V.team(taker)] == 81
            else:
                hit = pts[0] + extra[0] == pts[1] + extra[1]
                if hanging_only:
                    hit = hit and pts[0] + extra[0] in (106, 154)
            if hit:
                done = dict(rec, plays=plays)
                w = V.check(done)
                if w["ok"] and (w["outcome"] == "litige" or ruleset == "belote-classique"):
                    return done
    return None


def planted_tie(rng: random.Random, ruleset: str) -> Record:
    """Equal totals: 81–81 (classique), litige (beloz, sans annonces), hanging (Bulgarian,
    at times doubled: everything hangs).  Falls back to a random record."""
    for _ in range(5):
        if ruleset == "belot-bulgare":
            trump = rng.choice(("S", "AT", "N", "AT", "NT", "E"))
            rec = _finish_planted(rng, ruleset, {}, trump=trump,
                                  multiplier=rng.choice((1, 1, 1, 2, 4)))
        else:
            rec = random_record(rng, ruleset)
        found = search_tie(rng, rec)
        if found is not None:
            return found
    return random_record(rng, ruleset)


def planted_hanging(rng: random.Random, ruleset: str) -> Record:
    """belot-bulgare 106–106 (trump) and 154–154 (AT): a quarte (50) makes 212 / 308 points
    (other rulesets: as ``planted_tie``)."""
    if ruleset != "belot-bulgare":
        return planted_tie(rng, ruleset)
    for _ in range(8):
        trump = rng.choice(("AT", *PLAINS))
        p = rng.choice(PLAINS)
        lo = rng.randint(1, 5)
        rec = _finish_planted(rng, ruleset, {rng.randrange(4): [f"{p}{k}" for k in
                                                                range(lo, lo + 4)]},
                              trump=trump, multiplier=1)
        rec["declare_announcements"] = [True] * 4
        found = search_tie(rng, rec, hanging_only=True)
        if found is not None:
            return found
    return random_record(rng, ruleset)


def _finish_planted(rng: random.Random, ruleset: str, fixed: dict[int, list[str]],
                    trump: str | None = None, multiplier: int | None = None) -> Record:
    return _finish(rng, ruleset, rng.randrange(4), deal(rng, fixed), trump=trump,
                   multiplier=multiplier)


def _finish(rng: random.Random, ruleset: str, dealer: int, hands: list[list[str]],
            trump: str | None = None, taker: int | None = None, multiplier: int | None = None,
            policy_seats: set[int] | None = None, n: int | None = None) -> Record:
    if ruleset == "belot-bulgare" and trump is not None and taker is not None:
        # the auction decides the taker: retry until the wanted seat calls the contract
        for _ in range(50):
            contract, bids, turned = contract_and_bids(rng, ruleset, dealer, hands,
                                                       trump=trump, multiplier=multiplier)
            if V.run_auction(dealer, bids, RULESETS[ruleset])["holder"] == taker:
                break
    else:
        if ruleset != "belot-bulgare" and trump not in (None, *PLAINS):
            trump = None
        contract, bids, turned = contract_and_bids(rng, ruleset, dealer, hands, taker, trump,
                                                   multiplier)
    policy = strong_policy(policy_seats, contract) if policy_seats else random_policy
    plays = play(rng, ruleset, dealer, hands, contract,
                 plays_length(rng) if n is None else n, policy)
    return record(ruleset, dealer, hands, bids, turned, plays, rng)


PLANTERS = (planted_carres, planted_sequences, planted_belote, planted_capot, planted_doubled,
            planted_contract, planted_tie, planted_hanging, planted_auction)
# The tie searches cost about a second each: fewer of them.
PLANTER_WEIGHTS = [1.0 if p not in (planted_tie, planted_hanging) else 0.25 for p in PLANTERS]
BULGARIAN_ONLY = (planted_doubled, planted_hanging, planted_auction)


def choose_planter(rng: random.Random, ruleset: str) -> Callable[[random.Random, str], Record]:
    """A planter that means something for the ruleset (weights: the tie searches are rare)."""
    pairs = [(p, w) for p, w in zip(PLANTERS, PLANTER_WEIGHTS, strict=True)
             if ruleset == "belot-bulgare" or p not in BULGARIAN_ONLY]
    return rng.choices([p for p, _ in pairs], [w for _, w in pairs])[0]
