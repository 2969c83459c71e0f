"""The review's computer-card panel explains the card that was played (issue 45, point 5),
and the review screens tell one story for the numbers (point 6).

- ``duplicate.watch``: the first reason speaks of the option the seat chose, true in its
  view; Expert's reason only where Expert differs, against the card played; a Beginner's or
  Standard's own rule (``duplicate.level_rule``) from the seat's view and seed;
- the panel (``review_panel.watch_lines``): why that seat chose it first, then Expert;
  never "±0", "about as good" only when the shown values are within the shown ±, nothing
  framed or valued when the cards were equivalent (also the person's own lines,
  ``rating_lines``);
- « Show me how » says which part is luck and which skill when the real deal and the
  rating disagree (``review_show.luck_note``).

Cheap: a few hands of Beginner computer players on the tests' small budget (``TINY``).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from beloz import i18n
from beloz.ai import bid_guide, review, thresholds
from beloz.ai.beginner import BeginnerPlayer
from beloz.ai.comparison import GIVE_LESS
from beloz.ai.concepts import claims_hold
from beloz.ai.heuristic import view_card
from beloz.practice import duplicate
from beloz.reasons import Why
from beloz.review_store import Option, Rating, Review, score_scale
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase, bare_action
from beloz.rules.tricks import master_index
from beloz.ui.game import seat_seed
from beloz.ui.scenes import review_panel, review_show
from beloz.ui.scenes.review import ReviewScene
from bench import bench_watch

pytestmark = pytest.mark.usefixtures("data_dir", "tiny_review")

#: (ruleset, seed) of the hands watched: Beginner computer players, every kind of verdict.
HANDS = (("beloz", 11), ("belote-classique", 12), ("belot-bulgare", 5))


class Scene(ReviewScene):
    """A review scene without a window: the hand, its review and the watched decisions;
    the panel's own methods (names, points, sentences) are the scene's."""

    entry: Any = None  # shadows the scene's property: set per test

    def __init__(self, hand: Any, review_: Review | None = None,
                 watched: dict[int, duplicate.Watched] | None = None,
                 rules: dict[int, str] | None = None) -> None:
        self.app = SimpleNamespace(tr=i18n.tr)
        self.entry = SimpleNamespace(hand=hand, review=review_ or Review(0, ()), number=1)
        self._keys = {}
        self.watch_errors = {}
        self._got = watched or {}
        self._rules = rules or {}

    def watched(self, number: int) -> duplicate.Watched | None:
        return self._got.get(number)

    def level_rule(self, number: int) -> str | None:
        return self._rules.get(number)


_CACHE: dict[tuple[str, int], Any] = {}


def computer_decisions(ruleset: str, seed: int) -> tuple[Any, list[tuple[int, Any, int]]]:
    """A finished hand of Beginner computer players and each decision of seats 1-3 with a
    choice: (number, view, option chosen)."""
    key = (ruleset, seed)
    if key not in _CACHE:
        flow = bench_watch.played_hand(ruleset, seed, "beginner")
        hand = flow.last_hand
        start, actions = hand.history()
        state = start.clone()
        out = []
        for n, a in enumerate(actions):
            if state.current != 0 and len(state.legal_actions()) >= 2:
                out.append((n, state.view(state.current), bare_action(a)))
            state.apply(a)
        _CACHE[key] = (flow, out)
    return _CACHE[key]


@pytest.fixture(scope="module")
def watched(tmp_path_factory) -> list[tuple[Any, int, Any, int, duplicate.Watched]]:
    """Every computer decision of ``HANDS`` watched: (flow, number, view, chosen, got)."""
    with pytest.MonkeyPatch.context() as mp:
        from .test_ai_helpers import TINY

        mp.setenv("BELOZ_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        mp.setattr(review, "LEVEL", TINY)
        i18n.set_language("en")
        out = []
        for ruleset, seed in HANDS:
            flow, decisions = computer_decisions(ruleset, seed)
            for n, view, a in decisions:
                out.append((flow, n, view, a, duplicate.watch(view, a)))
        return out


def test_the_first_reason_speaks_of_the_option_played(watched) -> None:
    """The seat's own reason is about the option it chose and true in its view; where
    Expert chose the same option or one about as good, no other option is explained but
    the points Expert's option gives fewer on an expedition lost whatever is played;
    where Expert differs, its reason compares Expert's option with the one played, true in
    the seat's view too."""
    kinds = {"same": 0, "about": 0, "differs": 0, "threshold": 0}
    for _flow, _n, view, a, got in watched:
        assert got.chosen == a and got.why is not None
        assert claims_hold(view, a, got.why), (got.why, a)
        if got.detail is not None:
            assert claims_hold(view, a, got.detail)
        if view.phase is Phase.PLAY and got.why.cards:
            assert got.why.cards[0] == a, (got.why, a)  # the sentence's card is the one played
        if not got.differs:
            kinds["same" if got.best == a else "about"] += 1
            # about as good: at most the points Expert's option gives fewer, the expedition
            # lost whatever is played (a fact, true in the seat's view, its cards Expert's
            # option then the one played)
            if got.expert_why is not None:
                assert got.best != a and got.expert_why.key in GIVE_LESS
                assert claims_hold(view, got.best, got.expert_why)
                assert got.expert_why.cards[:2] == (got.best, a)
            assert got.expert_detail is None and got.expert_contrast is None
            continue
        kinds["differs"] += 1
        assert got.best != a and got.loss > got.noise
        # A difference the screen shows: never "Expert's choice, +198" under "+198".
        scale = score_scale(view.ruleset)
        assert review.shown_gap(got.expected(got.best), got.expected(a), scale) > 0
        assert got.expert_why is not None and claims_hold(view, got.best, got.expert_why)
        if got.expert_why.key.startswith("vs.") and view.phase is Phase.PLAY:
            assert got.expert_why.cards[:2] == (got.best, a)  # Expert's card against it
        if got.expert_detail is not None:
            assert claims_hold(view, got.best, got.expert_detail)
        if got.expert_contrast is not None:  # a threshold, its counts those of the view
            c = got.expert_contrast
            assert (c.best, c.other) == (got.best, a) and thresholds.check(view, c) == []
            kinds["threshold"] += 1
    assert all(kinds.values()), kinds  # every kind of verdict is seen


def test_a_level_rule_is_the_seats_own_decision(watched) -> None:
    """A Beginner's rule is named only when its player, made again from its seed, chooses
    that very card and it is not the rule of thumb's; each rule fits the position it names
    (leading, the partner master...).  Standard's few deals, a random card; none for Expert,
    an unknown player or another seed that would have chosen otherwise."""
    found = set()
    for flow, _n, view, a, _got in watched:
        seed = seat_seed(flow.seed, view.seat)
        spec = flow.player_specs[view.seat]
        assert duplicate.level_of(spec) == "beginner"
        rule = duplicate.level_rule(view, a, spec, seed)
        assert duplicate.level_rule(view, a, "pimc:expert", seed) is None
        assert duplicate.level_rule(view, a, "custom", seed) is None
        assert duplicate.level_rule(view, a, "random", seed) == "random"
        bidding = view.phase is Phase.BIDDING
        guide = bid_guide.applies(view) if bidding else None
        assert duplicate.level_rule(view, a, "pimc:standard", seed) == (
            "standard" if not bidding else "standard_bid" if guide is None
            else "standard_guide" if bid_guide.guide_bid(view, guide) == a else None)
        if bidding:
            assert rule in (None, "beginner_bid")
            found.add(rule)
            continue
        if view_card(view) == a:
            assert rule is None  # the rule of thumb's own card
            continue
        assert rule is not None and rule.startswith("beginner_"), rule
        found.add(rule)
        if rule in ("beginner_trumps", "beginner_early"):
            assert not view.trick
        else:
            assert view.trick
            partner = len(view.trick) - master_index(view.trick, view.trump) == 2
            assert partner == (rule == "beginner_partner")
        # Another seed whose player would not have chosen this card: no rule said.
        other = next((s for s in range(seed + 1, seed + 50)
                      if BeginnerPlayer(s).play(view) != a), None)
        if other is not None:
            assert duplicate.level_rule(view, a, spec, other) is None
    assert {r for r in found if r} >= {"beginner_points"}, found


def _panel(flow: Any, n: int, got: duplicate.Watched, rule: str | None = None,
           language: str = "en") -> list[tuple[str, Any]]:
    i18n.set_language(language)
    try:
        scene = Scene(flow.last_hand, watched={n: got}, rules={} if rule is None else {n: rule})
        return review_panel.watch_lines(scene, n)
    finally:
        i18n.set_language("en")


def _shown_number(text: str) -> float:
    return float(text.replace(",", ".").replace("\u00a0", ""))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_panel_says_why_the_seat_chose_it_then_expert(watched, language) -> None:
    for flow, n, view, a, got in watched:
        tr = i18n.tr_in
        lines = _panel(flow, n, got, "beginner_points" if got.differs else None, language)
        texts = [t for t, _ in lines]
        scene = Scene(flow.last_hand)
        who = scene.seat_name(view.seat)
        i18n.set_language(language)
        try:
            own = scene.watch_sentence(got.why, view.seat)
            expert_head = tr(language, "watch.why", seat=who)
            chosen_head = tr(language, "watch.why_chosen", seat=who)
        finally:
            i18n.set_language("en")
        assert chosen_head in texts and own in texts
        assert texts.index(chosen_head) < texts.index(own)
        assert not any("±0" in t for t in texts)
        if got.differs:
            assert expert_head in texts and texts.index(own) < texts.index(expert_head)
            rule = next(t for t in texts if "Beginner" in t or "Débutant" in t)
            assert texts.index(chosen_head) < texts.index(rule) < texts.index(expert_head)
        else:  # nothing about another option than the one played
            assert expert_head not in texts
        if got.about_as_good:  # framed with the numbers shown: the gap within the ±
            i18n.set_language(language)
            try:
                framing = review_panel.about_framing(scene, True, got.expected(got.best),
                                                     got.expected(a), got.noise)
            finally:
                i18n.set_language("en")
            assert framing is not None
            key, kw = framing
            if key == "":
                assert _shown_number(kw["gap"]) <= _shown_number(kw["noise"])
                assert any(f"±{kw['noise']})" in t for t in texts)


def test_equivalent_cards_are_neither_valued_nor_framed(watched) -> None:
    """A decision whose legal cards were all equivalent (nothing valued): the panel says
    so, shows no value, no "about as good" and no noise."""
    flow, n, view, a, got = next(w for w in watched if w[2].phase is Phase.PLAY)
    blank = duplicate.Watched(got.seat, "card", a, got.hint,
                              tuple(Option(o.action, 0.0, None, 0.0) for o in got.options),
                              0.0, 0.0, "good", a, got.why, valued=False)
    texts = " ".join(t for t, _ in _panel(flow, n, blank))
    assert "equivalent" in texts
    assert "+0" not in texts and "about as good" not in texts and "noise" not in texts
    assert "Each option" not in texts
    # The same decision where the values are close: framed, with a ± that holds the gap.
    best = next(o.action for o in got.options if o.action != a)
    close = duplicate.Watched(got.seat, "card", a, got.hint,
                              (Option(best, 10.4, None, 0.0), Option(a, 9.4, None, 1.1)),
                              1.0, 1.1, "good", best, got.why)
    texts = " ".join(t for t, _ in _panel(flow, n, close))
    assert "about as good (the difference, 1, is within the estimate's noise, ±2)" in texts
    # Two values shown alike, a noise of 0: the same value, no ± at all.
    alike = duplicate.Watched(got.seat, "card", a, got.hint,
                              (Option(best, 10.2, None, 0.0), Option(a, 9.9, None, 0.0)),
                              0.3, 0.0, "good", best, got.why)
    texts = " ".join(t for t, _ in _panel(flow, n, alike))
    assert "the same value once rounded" in texts and "±" not in texts


@pytest.mark.parametrize("ruleset", ["beloz", "belot-bulgare"])
def test_about_as_good_holds_for_the_numbers_shown(ruleset) -> None:
    """``about_framing`` on random values: never "±0"; when it frames with a ±, the
    difference shown is within the ± shown; values shown alike are framed as such; a loss
    within the noise is always framed, and a loss beyond it only when shown alike."""
    rs = RULESETS[ruleset]
    scene = Scene(SimpleNamespace(ruleset=rs, trump=None))
    rng = random.Random(45)
    for _ in range(3000):
        best = rng.uniform(-60, 160)
        loss = rng.choice([0.0, rng.uniform(0, 3), rng.uniform(0, 40)])
        noise = rng.choice([0.0, rng.uniform(0, 3), rng.uniform(0, 40), float("inf")])
        chosen = best - loss
        got = review_panel.about_framing(scene, loss <= noise, best, chosen, noise)
        gap = _shown_number(scene.gap(best, chosen))
        if gap == 0:
            assert got == ("_same", {})
            continue
        if loss > noise:
            assert got is None
            continue
        assert got is not None
        key, kw = got
        if key == "_short":
            assert noise == float("inf")
            continue
        assert key == "" and _shown_number(kw["gap"]) == gap
        shown = _shown_number(kw["noise"])
        assert shown > 0 and gap <= shown, (best, chosen, noise, kw)


def _rating(chosen: float, best: float, noise: float, valued: bool = True,
            label: str = "good") -> Rating:
    loss = best - chosen
    return Rating(number=4, kind="card", expedition=1, chosen=3, best=5,
                  expected_chosen=chosen, expected_best=best, loss=loss, label=label,
                  forced=False, why=Why("play", (5,)),
                  options=(Option(5, best, None, 0.0), Option(3, chosen, None, noise)),
                  noise=noise, valued=valued)


def test_the_persons_lines_never_say_plus_or_minus_zero() -> None:
    flow, _ = computer_decisions("beloz", 11)
    scene = Scene(flow.last_hand)
    scene.held_at = lambda number: 0  # type: ignore[method-assign]

    def said(r: Rating) -> str:
        return " ".join(t for t, _ in review_panel.rating_lines(scene, r))

    # Shown alike, no noise: the same value, no ±.
    text = said(_rating(9.8, 10.2, 0.0))
    assert "the same value once rounded" in text and "±" not in text
    # Within the noise: the ± shown holds the difference shown (1.3 shows as ±2, the
    # difference of +11 and +9 being 2).
    text = said(_rating(9.4, 10.6, 1.3))
    assert "(the difference, 2, is within the estimate's noise, ±2)" in text
    # Not valued (equivalent cards): neither framed nor blamed on noise.
    text = said(_rating(0.0, 0.0, 0.0, valued=False))
    assert "equivalent" in text and "About as good" not in text and "noise" not in text
    # A real loss: said as a loss, no ±.
    text = said(_rating(-20.0, 10.0, 3.0, label="blunder"))
    assert "30 points lost" in text and "±" not in text


def _duplicate(difference: int, faithful: bool = True) -> Any:
    return SimpleNamespace(difference=difference, faithful=faithful)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_show_me_how_says_luck_against_skill_when_they_disagree(language) -> None:
    flow, _ = computer_decisions("beloz", 11)
    lost = Review(0, (_rating(-19.7, 10.0, 3.0, label="blunder"),))
    clean = Review(0, (_rating(10.0, 10.0, 0.0),))
    i18n.set_language(language)
    try:
        tr = i18n.tr
        note = review_show.luck_note(Scene(flow.last_hand, lost), _duplicate(0))
        assert note == tr("watch.dup.luck_lost_even", lost="30")
        note = review_show.luck_note(Scene(flow.last_hand, lost), _duplicate(28))
        assert note == tr("watch.dup.luck_lost_ahead", lost="30", diff="28")
        note = review_show.luck_note(Scene(flow.last_hand, clean), _duplicate(-40))
        assert note == tr("watch.dup.luck_clean", diff="40")
        # They agree, or the replay was against other players: nothing to reconcile.
        assert review_show.luck_note(Scene(flow.last_hand, lost), _duplicate(-12)) is None
        assert review_show.luck_note(Scene(flow.last_hand, clean), _duplicate(0)) is None
        assert review_show.luck_note(Scene(flow.last_hand, lost),
                                     _duplicate(5, faithful=False)) is None
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_standard_bid_names_the_guide_rule_it_followed(watched, language) -> None:
    """Standard bids by the bidding guide: the panel of a bid it made by a rule says so and
    words that rule as How to play does, even where Expert agrees (the rule is the seat's
    reason, not Expert's)."""
    shown = 0
    for flow, n, view, _a, got in watched:
        rule = bid_guide.applies(view) if view.phase is Phase.BIDDING else None
        if rule is None:
            continue
        texts = [t for t, _ in _panel(flow, n, got, "standard_guide", language)]
        said = bid_guide.wording(rule, language)
        assert any(said in t and "Standard" in t for t in texts), (said, texts)
        shown += 1
    assert shown
