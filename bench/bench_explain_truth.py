"""Every sentence the explainer says is true in the seat's view: a property check over
decisions of fast heuristic self-play (with random bids and some random cards, so that
round 2, no trumps, all trumps, doubles and odd cards come up).

Run: ``python -m bench.bench_explain_truth [decisions per ruleset] [seed]`` (10,000 by
default, every ruleset; ``python -m bench explain_truth`` runs the same).  At each decision
every legal card, bid or call is explained (``explain.explain_action``: the review and a
contrastive reason may show any of them), and each sentence's facts are recomputed here,
from the view, without the explainer's helpers (the cards still out, the master card by
``rules.tricks.master_index``, points by ``rules.cards.CARD_POINTS``...), in both languages.
``tests/test_ai_explain_truth.py`` runs a smaller count with a fixed seed.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from beloz.ai import concepts
from beloz.ai.explain import explain_action, sentence
from beloz.ai.heuristic import HeuristicPlayer
from beloz.ai.view import infer
from beloz.reasons import Why
from beloz.rules.cards import (
    ALL_TRUMPS,
    CARD_POINTS,
    CROCODILE,
    ELEPHANT,
    LEOPARD,
    LION,
    NO_TRUMPS,
    RHINOCEROS,
    WATER_SNAKE,
    card,
)
from beloz.rules.ruleset import RULESETS, Bidding, Ruleset
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    DOUBLE,
    NO_TRUMPS_CALL,
    PASS,
    REDOUBLE,
    TAKE,
    HandState,
    Phase,
    SeatView,
    auction,
    name_action,
)
from bench.truth_facts import (
    _STRONG,
    _after,
    _bits,
    _first_beats,
    _flooded,
    _floods,
    _makers,
    _master,
    _opponents_master,
    _out,
    _partner_master,
    _plain_facts,
    _pts,
    _same_plain,
    _unplayed,
    _wins,
    round_two_best,
)
from bench.truth_relevance import relevance_facts
from bench.truth_settled import _to_play_after
from bench.truth_versus import (
    _versus_facts,
)

DECISIONS = 10_000


def decisions(ruleset: Ruleset, n: int, seed: int) -> Iterator[SeatView]:
    """``n`` views of the seat to act, from hands of heuristic self-play: a third of the
    bids and a fifth of the cards chosen at random among the legal ones."""
    rng = random.Random(seed)
    player = HeuristicPlayer()
    done = 0
    while done < n:
        deck = list(range(32))
        rng.shuffle(deck)
        st = HandState.deal(deck, rng.randrange(4), rng.choice((2, 3)), ruleset)
        while not st.is_terminal() and done < n:
            v = st.view(st.current)
            yield v
            done += 1
            legal = v.legal_actions()
            bidding = st.phase is Phase.BIDDING
            if rng.random() < (0.35 if bidding else 0.2):
                a = rng.choice(legal)
            else:
                a = player.bid(v) if bidding else player.play(v)
            st.apply(a)


def _card_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    """What the sentence of ``w.key`` states about card ``a``, each fact checked."""
    assert v.trump is not None
    t, trick, legal, out = v.trump, list(v.trick), v.legal_actions(), _out(v)
    hand = _bits(v.hand)
    first = bool(w.cards) and w.cards[0] == a
    key = w.key
    on_table = sum(_pts(v, x) for x in trick) + _pts(v, a)
    beaten_by_out = [y for y in out if _wins([*trick, a, y], t, len(trick) + 1)]
    stronger_of_plain_held = [x for x in _same_plain(a, hand) if _first_beats(a, x, t)]
    stronger_of_plain_out = [x for x in _same_plain(a, out) if _first_beats(a, x, t)]
    flooded_out = [y for y in out if _flooded(y, t)]
    if key == "only":
        return {"one legal card": legal == [a]}
    if key == "play":
        return {"legal": a in legal, "its card": first}
    if key in ("draw", "draw_one", "lead_flooded", "lead_flooded_lone"):
        f = {"leading": not trick, "a flooded card": _flooded(a, t),
             "flooded cards out": bool(flooded_out)}
        if key == "draw":
            f["listed: held flooded cards no card out beats, the card among them"] = (
                a in w.cards and len(w.cards) > 1 and w.count == len(w.cards) and all(
                    x in hand and _flooded(x, t)
                    and not any(_first_beats(x, y, t) for y in flooded_out) for x in w.cards))
        if key == "draw_one":
            f["the strongest flooded card left"] = first and not any(
                _first_beats(a, y, t) for y in _unplayed(v) if _flooded(y, t) and y != a)
        if key == "lead_flooded_lone":
            f["its card"] = first
            f["the seat's only flooded card"] = [x for x in hand if _flooded(x, t)] == [a]
            f["defending"] = v.taker is not None and (v.taker - v.seat) % 2 == 1
            f["the count: flooded cards out above it"] = w.count == sum(
                1 for y in flooded_out if _first_beats(a, y, t)) > 0
        if key == "lead_flooded":
            f["its card"] = first
            may = infer(v).may
            f["the count: flooded cards out an opponent may hold"] = w.count == sum(
                1 for y in flooded_out if any(may[s] >> y & 1 for s in (v.seat ^ 1, v.seat ^ 3)))
        return f
    if key == "master":
        return {"its card and plain": first and w.plain == a >> 3, "legal": a in legal,
                "master now": _after(v, a),
                "nothing still to play can beat it": len(trick) == 3 or not beaten_by_out}
    if key == "master_unless":
        return {"its card and plain": first and w.plain == a >> 3, "legal": a in legal,
                "master now": _after(v, a), "a dry card": t < NO_TRUMPS and a >> 3 != t,
                "no card of its plain out above it": not stronger_of_plain_out,
                "a flooded card out, a seat still to play": bool(flooded_out) and len(trick) < 3}
    if key == "climb":
        return {"following": bool(trick), "its card": first, "legal": a in legal,
                "beats the master card": _after(v, a) and w.cards[1] == _master(v),
                "the named card is out and above it": len(w.cards) > 2
                and w.cards[2] in stronger_of_plain_out,
                "the cards out above it counted": w.count == len(stronger_of_plain_out)}
    if key in ("keep_snake", "keep_snake_plain"):
        ok = len(w.cards) == 3
        if ok:
            snake, croc = w.cards[1], w.cards[2]
            p = snake >> 3
            ok = (snake == card(p, WATER_SNAKE) and croc == card(p, CROCODILE) and snake != a
                  and snake in hand and croc in out and _floods(p, t))
        return {"its card": first, "legal": a in legal,
                "a flooded water snake kept, its crocodile out": ok,
                "the plain named or not as it should": (key == "keep_snake") == (t < NO_TRUMPS)}
    if key.startswith("lead"):
        f = {"leading": not trick, "its card and plain": first and w.plain == a >> 3,
             "legal": a in legal}
        if key == "lead":
            f["a stronger card of its plain in hand"] = bool(stronger_of_plain_held)
        elif key == "lead_small":
            f["no points"] = _pts(v, a) == 0
        elif key == "lead_single":
            f["its only card of the plain"] = not _same_plain(a, hand)
        elif key == "lead_top":
            f["no stronger card of its plain in hand"] = not stronger_of_plain_held
            f["the named card is out and above it"] = (len(w.cards) > 1
                                                      and w.cards[1] in stronger_of_plain_out)
            f["the cards out above it counted"] = w.count == len(stronger_of_plain_out)
        else:
            f["known key"] = False
        return f
    if key.startswith("partner_"):
        f = {"the partner master": _partner_master(v), "its card": first, "legal": a in legal}
        if key == "partner_over":
            f["beats the partner's card"] = _after(v, a) and w.cards[1] == _master(v)
        else:
            f["the partner stays master"] = not _after(v, a)
        if key == "partner_points":
            f["its points"] = w.points == _pts(v, a) > 0
        if key in ("partner_small", "partner_small_open"):
            f["a card worth more in hand"] = any(_pts(v, x) > _pts(v, a) for x in hand if x != a)
            may = infer(v).may
            f["an opponent still to play may beat him" if key.endswith("open") else
              "no opponent still to play may beat him"] = key.endswith("open") == any(
                _wins([*trick, a, y], t, len(trick) + 1) for s in _to_play_after(v)
                if (s - v.seat) % 2 for y in _bits(may[s]))
        return f
    if "intercept" in key:
        over = key.startswith("over")
        f = {"the opponents master": _opponents_master(v), "its card": first,
             "legal": a in legal, "a dry plain led": t < NO_TRUMPS and trick[0] >> 3 != t,
             "a flooded card": _flooded(a, t), "beats the master card": _after(v, a),
             "the master card flooded or not": _flooded(_master(v), t) == over}
        if key.endswith("_bare"):
            f["names the master card"] = w.cards[1] == _master(v)
            f["no points in the expedition"] = on_table == 0
        else:
            f["the expedition's points"] = w.points == on_table > 0
        return f
    if key in ("give_nothing", "give_least", "under", "under_open", "under_open_points",
               "duck"):
        f = {"the opponents master": _opponents_master(v), "its card": first,
             "legal": a in legal, "does not beat it": not _after(v, a)}
        if key == "give_nothing":
            f["no points"] = _pts(v, a) == 0
        if key == "give_least":
            f["its points"] = w.points == _pts(v, a) > 0
            f["no legal card worth less"] = _pts(v, a) == min(_pts(v, x) for x in legal)
        if key in ("under", "under_open", "under_open_points", "duck"):
            f["names the master card"] = w.cards[1] == _master(v)
        if key == "under_open_points":
            f["its points"] = w.points == _pts(v, a) > 0
        if key in ("under_open", "under_open_points"):
            d = v.ruleset.direction
            after = [(v.leader + d * i) % 4 for i in range(len(trick) + 1, 4)]
            partner = v.seat ^ 2
            f["the partner after, and he may beat it"] = partner in after and any(
                _wins([*trick, a, y], t, len(trick) + 1) for y in _bits(infer(v).may[partner]))
        if key == "duck":
            x = w.cards[2] if len(w.cards) > 2 else -1
            f["another legal card of the seat's would take it now"] = (
                x in legal and x != a and _wins([*trick, x], t, len(trick)))
        return f
    return {"known key": False}


def _bid_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    legal = v.legal_actions()
    would = _bits(v.hand) + [v.turned]  # the taker receives the turned card (§3.8)
    round_one = len(v.bids) < 4
    names = [p for p in range(4) if name_action(p) in legal]
    f = {"legal": a in legal}
    key = w.key
    if key in ("take", "take_none", "pass", "pass_none"):
        f["round 1, the turned plain"] = round_one and w.plain == v.turned >> 3
        f["the action"] = a == (TAKE if key.startswith("take") else PASS)
    elif key in ("name", "name_none"):
        f["the named plain"] = w.plain is not None and a == name_action(w.plain)
    elif key == "pass_name":
        f["round 2, a pass"] = not round_one and a == PASS

        def strength(p: int) -> tuple[int, int]:
            mine = [c for c in would if c >> 3 == p]
            n = len({card(p, x) for x in _STRONG} & set(mine))
            return n, sum(CARD_POINTS[p][c] for c in mine)

        f["the strongest plain that may be named"] = w.plain in names and all(
            strength(p) <= strength(w.plain) for p in names)
    elif key == "pass_keep":
        # "You may still name it in round 2, and a taker now must face these in your hand":
        # the turned plain may be named again (RULES.md §3.6: not in classique); the cards
        # listed are the hand's own, at least two (the turned card goes to the taker).
        hand = _bits(v.hand)
        strong = {card(v.turned >> 3, n) for n in _STRONG} & set(hand)
        return {**f, "round 1, a pass": round_one and a == PASS,
                "the turned plain": w.plain == v.turned >> 3,
                "round 2 may name the turned plain": not v.ruleset.second_round_excludes_turned,
                "the round-2 hint names the turned plain":
                    round_two_best(v) == name_action(v.turned >> 3),
                "the listed cards are the hand's crocodile, water snake and lion, two or more":
                    set(w.cards) == strong and len(w.cards) == len(strong) >= 2}
    elif key == "pass_name_none":
        return {**f, "round 2, a pass": not round_one and a == PASS,
                "no plain that may be named has a crocodile, water snake or lion": not any(
                    c >> 3 in names and c & 7 in (n - 1 for n in _STRONG) for c in would)}
    else:
        return {"known key": False}
    assert w.plain is not None
    return {**f, **_plain_facts(would, w.plain, w)}


_CARRE = {CROCODILE: 200, WATER_SNAKE: 150, LION: 100, LEOPARD: 100, ELEPHANT: 100,
          RHINOCEROS: 100}


_SEQUENCE = {3: 20, 4: 50}


def _call_facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    legal, hand = v.legal_actions(), _bits(v.hand)
    standing = auction(v.ruleset, v.bids, v.dealer)
    ours = standing.bidder is not None and (standing.bidder - v.seat) % 2 == 0
    theirs = standing.bidder is not None and not ours
    f = {"legal": a in legal}
    key = w.key.removeprefix("call.")
    plain_call = w.plain is not None and a == name_action(w.plain)
    if key in ("carre", "at_carre"):
        n = (w.cards[0] & 7) + 1 if w.cards else 0
        f["the call"] = plain_call if key == "carre" else a == ALL_TRUMPS_CALL
        f["a carré in hand, its points"] = (
            sorted(w.cards) == [card(p, n) for p in range(4)] and set(w.cards) <= set(hand)
            and w.points == _CARRE.get(n))
    elif key == "belot":
        f["the call"] = plain_call
        f["its elephant and rhinoceros in hand, their points"] = w.plain is not None and (
            {card(w.plain, ELEPHANT), card(w.plain, RHINOCEROS)} == set(w.cards)
            and set(w.cards) <= set(hand) and w.points == v.ruleset.beloz_points)
    elif key in ("sequence", "at_sequence"):
        cards = sorted(w.cards)
        f["the call"] = plain_call if key == "sequence" else a == ALL_TRUMPS_CALL
        f["a run of one plain in hand, its points"] = (
            len(cards) >= 3 and set(cards) <= set(hand)
            and all(c >> 3 == cards[0] >> 3 for c in cards)
            and all(y - x == 1 for x, y in zip(cards, cards[1:], strict=False))
            and w.points == _SEQUENCE.get(len(cards), 100))
    elif key in ("plain", "plain_none"):
        f["the call"] = plain_call
        assert w.plain is not None
        f["the count"] = w.count == len([c for c in hand if c >> 3 == w.plain])
        if key == "plain":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, w.plain)
    elif key in ("nt", "nt_dry", "nt_plain"):
        f["the call"] = a == NO_TRUMPS_CALL
        if key == "nt":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, NO_TRUMPS)
        if key == "nt_dry":
            f["no crocodile or water snake"] = not _makers(hand, ALL_TRUMPS)
    elif key in ("at", "at_plain"):
        f["the call"] = a == ALL_TRUMPS_CALL
        if key == "at":
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(hand, ALL_TRUMPS)
    elif key in ("double", "double_none", "redouble", "redouble_none"):
        f["the call"] = a == (DOUBLE if key.startswith("double") else REDOUBLE)
        f["whose contract"] = theirs if key.startswith("double") else ours
        if not key.endswith("_none"):
            assert standing.contract is not None
            f["the listed cards"] = bool(w.cards) and set(w.cards) == _makers(
                hand, standing.contract.order)
    elif key in ("pass_partner", "pass_high"):
        f["a pass"] = a == PASS
        f["whose contract"] = ours if key == "pass_partner" else theirs
    elif key == "pass_open":
        f["a pass"] = a == PASS
        f["nothing called"] = standing.contract is None
        counts = [len([c for c in hand if c >> 3 == p]) for p in range(4)]
        f["the longest plain, its count"] = w.plain is not None and w.count == counts[
            w.plain] == max(counts)
    else:
        f["known key"] = False
    return f



def facts(v: SeatView, a: int, w: Why) -> dict[str, bool]:
    """Each fact the sentence of ``w`` states about action ``a``, recomputed from ``v``."""
    if w.key.startswith("vs."):
        return {**_versus_facts(v, a, w), **relevance_facts(v, a, w)}
    if 0 <= a < 32:
        return {**_card_facts(v, a, w), **relevance_facts(v, a, w)}
    if v.ruleset.bidding is Bidding.AUCTION:
        return _call_facts(v, a, w)
    return _bid_facts(v, a, w)


@dataclass
class Tally:
    decisions: int = 0
    sentences: int = 0
    comparisons: int = 0  # comparative sentences checked (``concepts.versus``)
    keys: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    false: list[str] = field(default_factory=list)


def verify(ruleset: Ruleset, n: int, seed: int,
           explain: Callable[[SeatView, int], Why] = explain_action,
           pairs: int | None = None) -> Tally:
    """Explain every legal action of ``n`` decisions, and (the first ``pairs`` of them, all
    when None) compare every legal option with every other (``concepts.versus``); each false
    fact is a line of ``Tally.false`` (the explainer's own ``check`` is asked too)."""
    tally = Tally()
    for v in decisions(ruleset, n, seed):
        tally.decisions += 1
        kind = "bid" if v.phase is Phase.BIDDING else (v.contract.kind.name if v.contract else "?")
        tally.kinds[kind] += 1
        for a in v.legal_actions():
            w = explain(v, a)
            tally.sentences += 1
            tally.keys[w.key] += 1
            wrong = [name for name, ok in facts(v, a, w).items() if not ok]
            wrong += [f"explainer's claim {name}" for name in concepts.check(v, a, w)]
            for language in ("en", "fr"):
                text = sentence(w, language)
                if not text or "%{" in text or text.startswith("teach."):
                    wrong.append(f"{language} rendering: {text!r}")
            _note(tally, ruleset, kind, v, a, w, wrong)
        settled = concepts.settled_why(v, v.legal_actions()[0])
        if settled is not None:  # said after "about as good": the contract already settled
            tally.sentences += 1
            tally.keys[settled.key] += 1
            wrong = [name for name, ok in facts(v, settled.cards[0], settled).items() if not ok]
            _note(tally, ruleset, kind, v, settled.cards[0], settled, wrong)
        if pairs is not None and tally.decisions > pairs:
            continue
        # Every comparative sentence: each legal option as the best against each other one.
        legal = v.legal_actions()
        for a in legal:
            for other in legal:
                if other == a:
                    continue
                w = concepts.versus(v, a, other)
                if w is None:
                    continue
                tally.comparisons += 1
                tally.keys[w.key] += 1
                wrong = [name for name, ok in facts(v, a, w).items() if not ok]
                wrong += [f"concept's claim {name}" for name in concepts.check(v, a, w)]
                compared = w.cards[1:2] == (other,) if a < 32 else w.alt == other
                if not compared:
                    wrong.append("not the option compared")
                for language in ("en", "fr"):
                    text = sentence(w, language)
                    if not text or "%{" in text or text.startswith("teach."):
                        wrong.append(f"{language} rendering: {text!r}")
                _note(tally, ruleset, kind, v, a, w, wrong)
    return tally


def _note(tally: Tally, ruleset: Ruleset, kind: str, v: SeatView, a: int, w: Why,
          wrong: list[str]) -> None:
    if wrong and len(tally.false) < 50:
        tally.false.append(f"{ruleset.name} {kind} seat {v.seat} action {a} "
                           f"{w}: {', '.join(wrong)}: {sentence(w, 'en')}")
    elif wrong:
        tally.false.append("")


def run(n: int = DECISIONS, seed: int = 1) -> int:
    bad = 0
    for name, rules in RULESETS.items():
        start = time.perf_counter()
        t = verify(rules, n, seed)
        took = time.perf_counter() - start
        print(f"{name}: {t.decisions} decisions ({dict(sorted(t.kinds.items()))}), "
              f"{t.sentences} sentences and {t.comparisons} comparative ones checked in en "
              f"and fr, {len(t.false)} false, "
              f"{took:.1f} s")
        print("   keys:", ", ".join(f"{k} {c}" for k, c in sorted(t.keys.items())))
        for line in t.false[:10]:
            print("   FALSE", line)
        bad += len(t.false)
    return 1 if bad else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    raise SystemExit(run(int(args[0]) if args else DECISIONS, int(args[1]) if len(args) > 1
                         else 1))
