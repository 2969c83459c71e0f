"""Reference checker of ``beloz-hand/1`` records, written from RULES.md only.

Simple and slow on purpose: cards are their codes (``"S5"``), hands are lists, every rule is
spelled out where RULES.md states it, with the section it comes from.  ``check(doc)`` returns
the verdict of RULES.md §10 (``beloz``) and §10.1 (the other three rulesets) and never raises.

The rulesets differ only by the option values in ``RULESETS`` (RULES.md §9).

Readings, where RULES.md leaves room (each one agreed with the engine on thousands of
records; none contradicts a sentence of RULES.md):

- a carré sharing a card with a run: for each choice of the hand's carrés the cards left form
  their maximal runs, and the choice worth the most points wins (the carré on equal points);
- a non-flooded card played when a stronger flooded card is required: ``must_overtrump``;
- an unfinished hand: a seat's announcements are ``declared`` once it has played its first
  card; ``valid_team`` is known once the first trick is complete; BeloZ / belote count when
  the second card of the pair is played (« Re-BeloZ »), a Bulgarian belot when the first
  is (it is declared then); ``announcements.points`` is null (sans annonces: ``[0, 0]``);
- ``announcements.points`` are the valid announcements after the capot rule, whatever the
  outcome (a dedans or a failed classique contract changes the ``score``, not them);
- classique: ``escrow_in`` goes to the team that wins the hand, ``escrow_out`` is 0;
- the fields that §10 does not call optional are required (a missing one: index null).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .cards import (
    CARRE_POINTS,
    CODES,
    DRY_ORDER,
    ELEPHANT,
    FLOODED_ORDER,
    LADDER,
    PLAINS,
    RHINO,
    beats,
    card_points,
    master,
    number,
    plain,
    team,
    trump_plain,
)

# §9 table, one row per option the verdict depends on.
RULESETS: dict[str, dict[str, Any]] = {
    "beloz": {
        "direction": +1,  # §2: counter-clockwise, after seat k comes k + 1
        "bidding": "turned",  # §3: turned card, two rounds
        "round2_excludes_turned": False,  # §3.6
        "announcements": "beloz",  # §5, sequence tie (neither flooded): all cancelled
        "undertrump": True,  # §4
        "scoring": "beloz",  # §7
    },
    "belote-sans-annonces": {
        "direction": +1,
        "bidding": "turned",
        "round2_excludes_turned": False,  # §9 table: "yes (unstated)"
        "announcements": "none",  # §9.1
        "undertrump": True,
        "scoring": "sans",  # §9.1
    },
    "belote-classique": {
        "direction": -1,  # §9.2: clockwise, after seat k comes k - 1
        "bidding": "turned",
        "round2_excludes_turned": True,  # §9.2
        "announcements": "classique",  # §9.2: tie goes to the first player's team
        "undertrump": True,
        "scoring": "classique",  # §9.2
    },
    "belot-bulgare": {
        "direction": +1,
        "bidding": "auction",  # §9.3
        "round2_excludes_turned": False,
        "announcements": "bulgarian",  # §9.3
        "undertrump": False,  # §4 options, §9.3
        "scoring": "bulgarian",  # §9.3
    },
}


class Invalid(Exception):
    """A bad record: ``index`` is the index in ``plays`` of the first bad play, else None."""

    def __init__(self, error: str, index: int | None = None, seat: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(error)
        self.error, self.index, self.seat, self.reason = error, index, seat, reason


# ---------------------------------------------------------------------------------------------
# Legality of a play (§4, §9.2, §9.3)


def why_illegal(hand: list[str], played: list[tuple[int, str]], seat: int, card: str,
                contract: str, undertrump: bool) -> str | None:
    """The reason ``card`` may not be played by ``seat`` holding ``hand`` on the trick
    ``played`` so far, or None when it is legal.  Reasons as §10 names them.

    - ``not_in_hand``: the seat does not hold the card.
    - ``must_follow``: holds the led plain and plays another (§4.1 «fournir»).
    - ``must_raise``: on a flooded lead (trump contract) or on any lead in AT, holds a card of
      the led plain stronger than the master card and plays another (§4.1 «monter», even when
      the partner is master; §9.3 AT: climb whoever is master).  Not in NT (§9.3: only follow).
    - ``must_trump``: void in the led plain, an opponent is master with a non-flooded card, holds
      flooded cards and plays another (§4.2 «intercepter»).
    - ``must_overtrump``: void, an opponent is master with a flooded card, holds a stronger
      flooded card and plays another card (§4.2 «sur-intercepter»).
    - ``must_undertrump``: void, an opponent is master with a flooded card, holds only weaker
      flooded cards and plays a non-flooded card (§4.2 «pisser»), where undertrumping is
      compulsory (not in belot-bulgare, §9.3: "otherwise any card").
    """
    if card not in hand:
        return "not_in_hand"
    if not played:
        return None  # the leader plays any card
    led = plain(played[0][1])
    master_seat, master_card = master(played, contract)
    same = [c for c in hand if plain(c) == led]
    if same:
        if plain(card) != led:
            return "must_follow"
        climbs = contract == "AT" or (contract in PLAINS and led == contract)
        if climbs:
            higher = [c for c in same if beats(c, master_card, contract)]
            if higher and card not in higher:
                return "must_raise"
        return None
    t = trump_plain(contract)
    if t is None:
        return None  # NT and AT: void in the led plain, any card (§9.3)
    if team(master_seat) == team(seat):
        return None  # partner master: any card («défausser»)
    trumps = [c for c in hand if plain(c) == t]
    if not trumps:
        return None
    if plain(master_card) != t:
        return None if plain(card) == t else "must_trump"
    higher = [c for c in trumps if beats(c, master_card, contract)]
    if higher:
        return None if card in higher else "must_overtrump"
    if undertrump and plain(card) != t:
        return "must_undertrump"
    return None


# ---------------------------------------------------------------------------------------------
# Announcements (§5, §9.3)


def sequence_kind(length: int) -> tuple[str, int]:
    """§5: tierce 20, quarte 50, quinte (5 or more) 100."""
    if length == 3:
        return "tierce", 20
    if length == 4:
        return "quarte", 50
    return "quinte", 100


def runs(cards: list[str]) -> list[list[str]]:
    """§5: each maximal run of 3 or more consecutive numbers in one plain, cards by number."""
    out = []
    for p in PLAINS:
        nums = sorted(number(c) for c in cards if plain(c) == p)
        run: list[int] = []
        for n in nums + [99]:
            if run and n == run[-1] + 1:
                run.append(n)
                continue
            if len(run) >= 3:
                out.append([f"{p}{k}" for k in run])
            run = [n]
    return out


def announcements_of(hand: list[str]) -> list[dict[str, Any]]:
    """The announcements a hand holds (§5; §9.3 "as §5").

    A card belongs to at most one announcement: where a carré and a sequence share a card the
    hand announces the combination worth the most points, the carré on equal points.  Read
    here as: for every choice of the hand's carrés, the cards left form their maximal runs;
    the choice with the most points wins, then the one with the most carré points.
    """
    carres = [n for n in CARRE_POINTS if all(f"{p}{n}" in hand for p in PLAINS)]
    best: tuple[tuple[int, int], list[dict[str, Any]]] | None = None
    for k in range(len(carres) + 1):
        for chosen in combinations(sorted(carres), k):
            used = {f"{p}{n}" for n in chosen for p in PLAINS}
            anns = [{"kind": "carre", "cards": [f"{p}{n}" for p in PLAINS],
                     "points": CARRE_POINTS[n]} for n in chosen]
            for run in runs([c for c in hand if c not in used]):
                kind, pts = sequence_kind(len(run))
                anns.append({"kind": kind, "cards": run, "points": pts})
            key = (sum(a["points"] for a in anns), sum(CARRE_POINTS[n] for n in chosen))
            if best is None or key > best[0]:
                best = (key, anns)
    assert best is not None
    return best[1]


def top(ann: dict[str, Any]) -> int:
    return max(number(c) for c in ann["cards"])


def french_rank(ann: dict[str, Any], trump: str) -> tuple[int, ...]:
    """§5 order of single announcements: any carré beats any sequence; carrés by points, then
    the animal in dry order; sequences by points, then top number, then in the flooded plain."""
    if ann["kind"] == "carre":
        return (1, ann["points"], 8 - DRY_ORDER.index(top(ann)))
    return (0, ann["points"], top(ann), int(plain(ann["cards"][0]) == trump))


def french_valid_team(declared: list[list[dict[str, Any]]], trump: str, tie_team: int | None
                      ) -> int | None:
    """§5: only the team with the best single announcement scores.  Sequences equal in points
    and top, neither flooded: ``tie_team`` scores (None: all cancelled, BeloZ; §9.2 classique:
    the team of the first trick's leader, §10.1)."""
    best: list[tuple[int, ...] | None] = [None, None]
    for seat in range(4):
        for ann in declared[seat]:
            r = french_rank(ann, trump)
            t = team(seat)
            if best[t] is None or r > best[t]:  # type: ignore[operator]
                best[t] = r
    b0, b1 = best
    if b0 is None and b1 is None:
        return None
    if b1 is None or (b0 is not None and b0 > b1):
        return 0
    if b0 is None or b1 > b0:
        return 1
    return tie_team  # equal best: only two unflooded sequences of equal points and top


def bulgarian_valid_teams(declared: list[list[dict[str, Any]]]) -> dict[str, int | None]:
    """§9.3: sequences and carrés compared separately.  Sequences: the longer run, then the
    higher top (a run counts its whole length, §10.1); equal: nobody.  Carrés: the stronger
    animal in flooded order."""
    seq: list[tuple[int, int] | None] = [None, None]
    car: list[int | None] = [None, None]
    for seat in range(4):
        t = team(seat)
        for ann in declared[seat]:
            if ann["kind"] == "carre":
                r = 8 - FLOODED_ORDER.index(top(ann))
                if car[t] is None or r > car[t]:  # type: ignore[operator]
                    car[t] = r
            else:
                rs = (len(ann["cards"]), top(ann))
                if seq[t] is None or rs > seq[t]:  # type: ignore[operator]
                    seq[t] = rs
    return {"sequences": _better(seq[0], seq[1]), "carres": _better(car[0], car[1])}


def _better(a: Any, b: Any) -> int | None:
    if a is None and b is None:
        return None
    if b is None or (a is not None and a > b):
        return 0
    if a is None or b > a:
        return 1
    return None  # equal: nobody


# ---------------------------------------------------------------------------------------------
# Structure of the record (§10, §10.1)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_code(v: Any, where: str) -> str:
    if not isinstance(v, str) or v not in CODES:
        raise Invalid(f"{where}: unknown card code {v!r}")
    return v


def _check_structure(doc: Any) -> tuple[str, dict[str, Any], int, list[list[str]]]:
    if not isinstance(doc, dict):
        raise Invalid("a record is a JSON object")
    if doc.get("format") != "beloz-hand/1":
        raise Invalid("format must be 'beloz-hand/1'")
    name = doc.get("ruleset")
    if not isinstance(name, str) or name not in RULESETS:
        raise Invalid(f"unknown ruleset {name!r}")
    rules = RULESETS[name]
    dealer = doc.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer <= 3:
        raise Invalid("dealer must be a seat, 0 to 3")
    hands = doc.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise Invalid("hands must be four hands")
    seen: set[str] = set()
    for s, h in enumerate(hands):
        if not isinstance(h, list) or len(h) != 8:
            raise Invalid(f"hands[{s}] must hold 8 cards")
        for c in h:
            _check_code(c, f"hands[{s}]")
            if c in seen:
                raise Invalid(f"hands: {c} appears twice")
            seen.add(c)
    da = doc.get("declare_announcements", [True, True, True, True])
    # §10.1: sans annonces ignores declare_announcements (so its value is not checked either).
    if rules["announcements"] != "none" and (
            not isinstance(da, list) or len(da) != 4 or not all(isinstance(x, bool) for x in da)):
        raise Invalid("declare_announcements must be four true/false values")
    if not isinstance(doc.get("declare_beloz", True), bool):
        raise Invalid("declare_beloz must be true or false")
    esc = doc.get("escrow_in", 0)
    if not _is_int(esc) or esc < 0:
        raise Invalid("escrow_in must be a whole number, 0 or more")
    if not isinstance(doc.get("bids"), list):
        raise Invalid("bids must be a list")
    if not isinstance(doc.get("plays"), list):
        raise Invalid("plays must be a list")  # the only structural fault of plays (§10.1)
    return name, rules, dealer, [list(h) for h in hands]


def next_seat(seat: int, rules: dict[str, Any]) -> int:
    return (seat + rules["direction"]) % 4


def turned_card_bidding(doc: dict[str, Any], rules: dict[str, Any], dealer: int,
                        hands: list[list[str]]) -> tuple[str, int, dict[str, Any]]:
    """§3.5–3.6, §9.2, §10: the bids from the dealer's next seat ("take" in round 1, a plain
    letter in round 2, or "pass"); the first non-pass ends the bidding; the turned card must be
    in the taker's hand."""
    turned = _check_code(doc.get("turned"), "turned")
    bids = doc["bids"]
    seat = dealer
    taker = None
    trump = None
    for i, bid in enumerate(bids):
        if taker is not None:
            raise Invalid(f"bids[{i}]: a bid after the taker")
        if i >= 8:
            raise Invalid("more than two rounds of bids")
        seat = next_seat(seat, rules)
        if bid == "pass":
            continue
        if i < 4 and bid == "take":
            taker, trump = seat, plain(turned)
        elif i >= 4 and isinstance(bid, str) and bid in PLAINS:
            if rules["round2_excludes_turned"] and bid == plain(turned):
                raise Invalid(f"bids[{i}]: round 2 may not name the turned plain")
            taker, trump = seat, bid
        else:
            raise Invalid(f"bids[{i}]: bad bid {bid!r}")
    if taker is None or trump is None:
        raise Invalid("the bids never reach a taker")
    if turned not in hands[taker]:
        raise Invalid("the turned card is not in the taker's hand")
    return trump, taker, {}


def run_auction(dealer: int, bids: list[Any], rules: dict[str, Any]) -> dict[str, Any]:
    """§9.3 and its §10.1 decisions, call by call: calls from the dealer's right; a contract
    higher than the last one (partners may raise); double by an opponent of the contract's
    team, once per contract; redouble by that team after a double, once; a higher contract
    cancels them; three passes in a row after a call end the auction, and nothing may follow.
    Four opening passes are a structural error.  Returns the state after the calls."""
    state: dict[str, Any] = {"call": None, "holder": -1, "multiplier": 1, "passes": 0,
                             "ended": False}
    seat = dealer
    for i, bid in enumerate(bids):
        if state["ended"]:
            raise Invalid(f"bids[{i}]: a call after the auction ended")
        seat = next_seat(seat, rules)
        call = state["call"]
        if bid == "pass":
            state["passes"] += 1
            if call is None and state["passes"] == 4:
                raise Invalid("four opening passes: no contract")
            if call is not None and state["passes"] == 3:
                state["ended"] = True
            continue
        if isinstance(bid, str) and bid in LADDER:
            if call is not None and LADDER.index(bid) <= LADDER.index(call):
                raise Invalid(f"bids[{i}]: {bid} is not higher than {call}")
            state.update(call=bid, holder=seat, multiplier=1)
        elif bid == "double":
            if call is None or team(seat) == team(state["holder"]) or state["multiplier"] != 1:
                raise Invalid(f"bids[{i}]: illegal double")
            state["multiplier"] = 2
        elif bid == "redouble":
            if call is None or team(seat) != team(state["holder"]) or state["multiplier"] != 2:
                raise Invalid(f"bids[{i}]: illegal redouble")
            state["multiplier"] = 4
        else:
            raise Invalid(f"bids[{i}]: bad call {bid!r}")
        state["passes"] = 0
    return state


def auction(doc: dict[str, Any], rules: dict[str, Any], dealer: int
            ) -> tuple[str, int, dict[str, Any]]:
    """§9.3 / §10.1: no turned card; the auction must be finished (an unfinished auction is a
    structural error)."""
    if doc.get("turned") is not None:
        raise Invalid("a belot-bulgare record has no turned card")
    state = run_auction(dealer, doc["bids"], rules)
    if not state["ended"]:
        raise Invalid("the auction is not finished")
    call, holder = state["call"], state["holder"]
    return call, holder, {"call": call, "taker": holder, "multiplier": state["multiplier"]}


# ---------------------------------------------------------------------------------------------
# Scoring (§7, §9.1, §9.2, §9.3)


def score_beloz(taker: int, pts: list[int], beloz: list[int], escrow_in: int
                ) -> tuple[str, list[int], int]:
    """§7.4 and §10: compare totals (announcements and BeloZ included)."""
    t, d = team(taker), 1 - team(taker)
    score = [0, 0]
    if pts[t] > pts[d]:
        score[t], score[d] = pts[t] + escrow_in, pts[d]
        return "made", score, 0
    if pts[t] < pts[d]:
        score[d] = pts[d] + pts[t] - beloz[t] + escrow_in
        score[t] = beloz[t]
        return "dedans", score, 0
    score[d], score[t] = pts[d], beloz[t]
    return "litige", score, escrow_in + pts[t] - beloz[t]


def score_sans(taker: int, pts: list[int], tricks_pts: list[int], beloz: list[int],
               escrow_in: int) -> tuple[str, list[int], int]:
    """§9.1: more than half of the points in play (trick points + dix de der + belote, capot
    included); failed: the defenders score all the trick points (§10.1: 252 after their capot)
    plus their belote."""
    t, d = team(taker), 1 - team(taker)
    score = [0, 0]
    if pts[t] > pts[d]:
        score[t], score[d] = pts[t] + escrow_in, pts[d]
        return "made", score, 0
    if pts[t] < pts[d]:
        score[d] = tricks_pts[0] + tricks_pts[1] + beloz[d] + escrow_in
        score[t] = beloz[t]
        return "dedans", score, 0
    score[d], score[t] = pts[d], beloz[t]
    return "litige", score, escrow_in + pts[t] - beloz[t]


def div10(p: int, d: int, up: bool | None = None) -> int:
    """§9.3: q = p // 10, rounded up when p % 10 >= d; ``up`` forces the direction (the two
    exceptions)."""
    q, r = divmod(p, 10)
    if up is None:
        up = r >= d
    return q + (1 if up and r else 0)


def bulgarian_record(pts: list[int], t: int, contract: str, mult: int
                     ) -> tuple[str, list[int], list[int], int]:
    """§9.3 outcome and division by 10, with the §10.1 decisions: ``pts`` are both teams'
    points, ``t`` the takers' team.  Returns (outcome, raw, game points, hanging game points);
    ``raw`` are the points each team records before the division.

    - ×1, takers more — made: each team records its own points; fewer — dedans: the defenders
      record both; equal — litige: the defenders record theirs, the takers' hang.
    - doubled / redoubled: the team with more points records (A + B) × multiplier; equal: that
      amount hangs (one amount).
    - division: q = p // 10, up when p % 10 >= d (d = 6 trump, 5 NT and AT); where two amounts
      are recorded at ×1 and both end in 6 (trump) / 4 (AT): the fewer rounds up, the other
      down; equal (106–106, 154–154): the recorded points down, the hanging points up.
    """
    d = 1 - t
    d_digit = 6 if contract in PLAINS else 5
    odd_end = 6 if contract in PLAINS else 4 if contract == "AT" else None
    raw = [0, 0]
    game = [0, 0]
    hanging = 0
    if mult == 1 and pts[t] > pts[d]:
        outcome = "made"
        raw = list(pts)
        if odd_end is not None and pts[0] % 10 == odd_end == pts[1] % 10:
            low = 0 if pts[0] < pts[1] else 1
            game[low] = div10(pts[low], d_digit, up=True)
            game[1 - low] = div10(pts[1 - low], d_digit, up=False)
        else:
            game = [div10(p, d_digit) for p in pts]
    elif mult == 1 and pts[t] < pts[d]:
        outcome = "dedans"
        raw[d] = pts[t] + pts[d]
        game[d] = div10(raw[d], d_digit)
    elif mult == 1:
        outcome = "litige"
        raw[d] = pts[d]
        if odd_end is not None and pts[d] % 10 == odd_end:
            game[d] = div10(pts[d], d_digit, up=False)
            hanging = div10(pts[t], d_digit, up=True)
        else:
            game[d] = div10(pts[d], d_digit)
            hanging = div10(pts[t], d_digit)
    else:
        amount = (pts[0] + pts[1]) * mult
        if pts[t] == pts[d]:
            outcome = "litige"
            hanging = div10(amount, d_digit)
        else:
            winner = t if pts[t] > pts[d] else d
            outcome = "made" if winner == t else "dedans"
            raw[winner] = amount
            game[winner] = div10(amount, d_digit)
    return outcome, raw, game, hanging


# ---------------------------------------------------------------------------------------------
# The check (§10, §10.1)


def check(doc: Any) -> dict[str, Any]:
    """The verdict for a record, or ``{"ok": false, "error": ..., "index": N}``; never raises
    on bad input."""
    try:
        return _check(doc)
    except Invalid as bad:
        out: dict[str, Any] = {"ok": False, "error": bad.error, "index": bad.index}
        if bad.reason is not None:
            out["seat"], out["reason"] = bad.seat, bad.reason
        return out


def _check(doc: Any) -> dict[str, Any]:
    name, rules, dealer, hands = _check_structure(doc)
    bulgarian = rules["bidding"] == "auction"
    if bulgarian:
        contract, taker, contract_info = auction(doc, rules, dealer)
    else:
        contract, taker, contract_info = turned_card_bidding(doc, rules, dealer, hands)
    escrow_in = doc.get("escrow_in", 0)
    declare_beloz = doc.get("declare_beloz", True)
    declare = doc.get("declare_announcements", [True, True, True, True])
    ann_style = rules["announcements"]
    if ann_style == "none" or contract == "NT":  # §9.1; §9.3: no announcements in NT
        holds: list[list[dict[str, Any]]] = [[], [], [], []]
    else:
        holds = [announcements_of(h) if declare[s] else [] for s, h in enumerate(hands)]

    # BeloZ / belote / belot pairs (§6, §9.1, §9.2; §9.3: the trump plain, every plain in AT,
    # never in NT): (plain, seat holding both cards).
    pair_plains = list(PLAINS) if contract == "AT" else [] if contract == "NT" else [contract]
    pairs = []
    for p in pair_plains:
        for s in range(4):
            if f"{p}{ELEPHANT}" in hands[s] and f"{p}{RHINO}" in hands[s]:
                pairs.append((p, s))
    beloz_pts = [0, 0]

    # Play (§4; the first trick is led by the seat after the dealer, §3 / §9.2 / §9.3).
    plays = doc["plays"]
    in_hand = [list(h) for h in hands]
    leader = next_seat(dealer, rules)
    tricks: list[dict[str, Any]] = []
    current: list[tuple[int, str]] = []
    first_played: set[int] = set()  # seats that have played their first card (declared)
    for i, code in enumerate(plays):
        if i >= 32:
            raise Invalid(f"plays[{i}]: a 33rd card", index=i)
        if not isinstance(code, str) or code not in CODES:
            raise Invalid(f"plays[{i}]: unknown card code {code!r}", index=i)
        seat = leader if not current else next_seat(current[-1][0], rules)
        reason = why_illegal(in_hand[seat], current, seat, code, contract, rules["undertrump"])
        if reason is not None:
            raise Invalid(f"plays[{i}]: seat {seat} may not play {code}: {reason}", index=i,
                          seat=seat, reason=reason)
        # Belot (§9.3): scored when the first card of the pair is played, if it is led,
        # follows the led plain, or (trump contract) intercepts: §10.1, a trump-contract belot
        # always counts; in AT it is lost when its first card is played on another plain.
        # BeloZ / belote (§6): 20 points once the second card is played ("Re-BeloZ").
        for p, holder in pairs:
            if holder != seat or plain(code) != p or number(code) not in (ELEPHANT, RHINO):
                continue
            other = f"{p}{RHINO if number(code) == ELEPHANT else ELEPHANT}"
            first_of_two = other in in_hand[seat]
            if not declare_beloz:
                continue
            if bulgarian and first_of_two:
                if contract != "AT" or not current or plain(current[0][1]) == p:
                    beloz_pts[team(seat)] += 20
            if not bulgarian and not first_of_two:
                beloz_pts[team(seat)] += 20
        in_hand[seat].remove(code)
        first_played.add(seat)
        current.append((seat, code))
        if len(current) == 4:
            winner = master(current, contract)[0]
            tricks.append({"leader": current[0][0], "cards": [c for _, c in current],
                           "winner": winner})
            leader, current = winner, []
    finished = len(tricks) == 8
    shown_tricks = tricks + ([{"leader": current[0][0], "cards": [c for _, c in current],
                               "winner": None}] if current else [])

    cards_won = [0, 0]
    for tr in tricks:
        cards_won[team(tr["winner"])] += sum(card_points(c, contract) for c in tr["cards"])
    declared = [holds[s] if s in first_played else [] for s in range(4)]

    # valid team: known once all four have declared, i.e. after the first trick (§5 timing).
    valid_team: Any = None
    first_leader = next_seat(dealer, rules)
    if len(tricks) >= 1 and ann_style != "none":
        if bulgarian:
            valid_team = bulgarian_valid_teams(declared)
        else:
            tie = team(first_leader) if ann_style == "classique" else None
            valid_team = french_valid_team(declared, contract, tie)

    verdict: dict[str, Any] = {
        "ok": True, "trump": contract, "taker": taker, "tricks": shown_tricks,
        "card_points": cards_won, "dix_de_der": None, "capot": None,
        "announcements": {"declared": declared, "valid_team": valid_team, "points": None},
        "beloz": beloz_pts, "outcome": None, "score": None, "escrow_out": None,
        "finished": finished,
    }
    if bulgarian:
        verdict["contract"] = contract_info
        verdict["raw"] = None
    if ann_style == "none":
        verdict["announcements"]["points"] = [0, 0]  # §10.1
    if not finished:
        return verdict

    last = team(tricks[-1]["winner"])
    won = [sum(1 for tr in tricks if team(tr["winner"]) == k) for k in (0, 1)]
    capot = 0 if won[0] == 8 else 1 if won[1] == 8 else None
    ann_pts = [0, 0]
    for s in range(4):
        t = team(s)
        for ann in declared[s]:
            if bulgarian:
                category = "carres" if ann["kind"] == "carre" else "sequences"
                if valid_team[category] == t:
                    ann_pts[t] += ann["points"]
            elif valid_team == t:
                ann_pts[t] += ann["points"]
    if capot is not None and not bulgarian:
        # §7.2 (beloz, classique §10.1): the team that loses every trick scores no
        # announcement; §10: if it held the best one, nobody scores announcements.
        ann_pts[1 - capot] = 0
    verdict["capot"] = capot
    verdict["dix_de_der"] = last
    t, d = team(taker), 1 - team(taker)
    scoring = rules["scoring"]

    if scoring == "beloz":
        pts = [cards_won[k] + 10 * (last == k) + 90 * (capot == k) + ann_pts[k] + beloz_pts[k]
               for k in (0, 1)]
        outcome, score, escrow_out = score_beloz(taker, pts, beloz_pts, escrow_in)
    elif scoring == "sans":
        # §9.1 capot: 152 + 100, no dix de der.
        ddd = [0, 0] if capot is not None else [10 * (last == k) for k in (0, 1)]
        if capot is not None:
            verdict["dix_de_der"] = None  # §10.1
        tricks_pts = [cards_won[k] + ddd[k] + 100 * (capot == k) for k in (0, 1)]
        pts = [tricks_pts[k] + beloz_pts[k] for k in (0, 1)]
        outcome, score, escrow_out = score_sans(taker, pts, tricks_pts, beloz_pts, escrow_in)
    elif scoring == "classique":
        # §9.2: at least 82 trick points (cards + dix de der); no litige, no escrow.
        tricks_pts = [cards_won[k] + 10 * (last == k) for k in (0, 1)]
        score = [0, 0]
        if tricks_pts[t] >= 82:
            outcome = "made"
            for k in (0, 1):
                score[k] = tricks_pts[k] + 90 * (capot == k) + ann_pts[k] + beloz_pts[k]
            score[t] += escrow_in
        else:
            outcome = "dedans"
            score[d] = 162 + 90 * (capot == d) + ann_pts[d] + beloz_pts[d] + escrow_in
            score[t] = beloz_pts[t]  # the takers' announcements are lost (§10.1)
        escrow_out = 0
    else:
        # §9.3 points and outcome; card points and dix de der doubled in NT, valat not.
        ddd_value = 20 if contract == "NT" else 10
        pts = [cards_won[k] + ddd_value * (last == k) + 90 * (capot == k) + ann_pts[k]
               + beloz_pts[k] for k in (0, 1)]
        outcome, raw, game, hanging = bulgarian_record(
            pts, team(taker), contract, contract_info["multiplier"])
        score = list(game)
        if outcome == "litige":
            escrow_out = escrow_in + hanging
        else:
            score[t if outcome == "made" else d] += escrow_in  # to the team with more points
            escrow_out = 0
        verdict["raw"] = raw

    verdict["announcements"]["points"] = ann_pts
    verdict["outcome"] = outcome
    verdict["score"] = score
    verdict["escrow_out"] = escrow_out
    return verdict
