"""The tutorial's lessons without a screen: every file validates and plays through the
engine, the runner takes wrong answers back with their reason, progress is kept."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from beloz import lessons
from beloz.lessons import LessonError, Runner, load, parse_lesson
from beloz.lessons.progress import Progress, load_progress, progress_path, save_progress
from beloz.rules.cards import parse
from beloz.rules.ruleset import BULGARE, CLASSIQUE
from beloz.rules.state import (
    ALL_TRUMPS_CALL,
    NO_TRUMPS_CALL,
    PASS,
    TAKE,
    Phase,
    action_plain,
    bid_code,
    name_action,
    parse_bid,
)
from beloz.rules.tricks import Reason


def doc_of(name: str) -> dict:
    return json.loads(resources.files(lessons).joinpath(name + ".json").read_text("utf-8"))


def test_every_lesson_loads_and_plays_through_the_engine():
    names = lessons.lesson_names()
    assert len(names) == 21
    for lesson in lessons.load_all():  # load runs check(): the whole script, the claims
        assert all(lesson.title[lang] and lesson.learned[lang] for lang in lessons.LANGUAGES)
        tasks = [t for t in lesson.script if isinstance(t, lessons.Task)]
        assert tasks, lesson.id
        runner = Runner(lesson)
        runner.advance()
        while not runner.finished:
            assert runner.task is not None and runner.state.current == 0
            for a in runner.task.expect:  # every expected answer is legal
                assert a in runner.state.legal_actions()
            assert runner.answer(runner.task.expect[-1]).ok
            runner.advance()


#: Options within this many points of margin of the hint's best are "about as good": under
#: it the estimate cannot tell close options apart (``review.THRESHOLDS[0]``, the "good"
#: label's limit; docs/teaching.md).
ABOUT_AS_GOOD = 4.0


@pytest.mark.slow
def test_every_lesson_task_agrees_with_the_hint():
    """Walk every task of every lesson: each answer the lesson expects is the hint's best,
    in its "about as good" band or within ``ABOUT_AS_GOOD`` of it, or the lesson says that
    strong players may also choose an answer about as good as the hint's best (``also``).
    The hints cost little
    here (a few hundredths of a second each: the lessons' positions have few options)."""
    from beloz.ai.review import bid_values, hint

    disagreements = []
    for lesson in lessons.load_all():
        runner = Runner(lesson)
        runner.advance()
        number = 0
        while not runner.finished:
            task = runner.task
            number += 1
            view = runner.state.view(0)
            h = hint(view)
            values = {o.action: o.expected for o in h.options}
            best = max(values, key=lambda a: values[a])
            for a in task.expect:
                if a not in values and h.kind == "bid":  # a round-2 plain Expert left out
                    values[a] = bid_values(view, a)[a]
                # the hint's best, one it frames as about as good (within the estimate's
                # noise), or under the "good" label's limit
                close = (a == h.best or a in h.about
                         or values[best] - values[a] <= ABOUT_AS_GOOD)
                said = any(x == h.best or x in h.about
                           or values[best] - values.get(x, -1e9) <= ABOUT_AS_GOOD
                           for x in task.also)  # the lesson names one as good as the best
                if not close and not said:
                    disagreements.append(f"{lesson.id} task {number}: expects "
                                         f"{lessons._name(a)} {values[a]:.1f}, the hint "
                                         f"{lessons._name(best)} {values[best]:.1f}")
            if task.also:  # the lesson says so, in both languages
                assert "strong players" in task.also_say["en"].lower(), lesson.id
                assert "bons joueurs" in task.also_say["fr"], lesson.id
            assert runner.answer(task.expect[0]).ok
            runner.advance()
    assert not disagreements, "\n".join(disagreements)


def test_the_lessons_cover_the_topics():
    got = {lesson.id.split("-", 1)[1] for lesson in lessons.load_all()}
    assert got == {"cards", "following", "climbing", "intercepting", "partner",
                   "announcements", "taking", "scoring", "litige", "round-two", "carre",
                   "bulgarian-auction",
                   "bulgarian-no-trumps", "bulgarian-all-trumps", "bulgarian-undertrump",
                   "bulgarian-rounding", "classique", "guide-beloz", "guide-sans-annonces",
                   "guide-classique", "guide-bulgarian"}
    scoring = load("08-scoring").claims
    assert scoring["outcome"] == "dedans" and scoring["capot"] == 1
    bulgarian = [lesson for lesson in lessons.load_all() if lesson.id.split("-")[1] == "bulgarian"]
    assert len(bulgarian) == 5 and all(lesson.ruleset is BULGARE for lesson in bulgarian)


def test_the_second_round_may_name_the_turned_plain():
    """RULES.md §3.6: in BeloZ's second round any plain may be named, the turned card's
    too; the taker receives the turned card."""
    runner = Runner(load("10-round-two"))
    runner.advance()
    assert runner.answer(PASS).ok
    runner.advance()
    st = runner.state
    turned_plain = st.turned >> 3
    assert len(st.bids) == 4
    assert {action_plain(a) for a in st.legal_actions() if a != PASS} == {0, 1, 2, 3}
    assert name_action(turned_plain) in st.legal_actions()
    assert runner.answer(parse_bid("N")).ok
    assert runner.state.hands[0] >> runner.state.turned & 1 and runner.state.trump == 0


def test_a_carre_beats_a_quinte_of_as_many_points():
    """RULES.md §5: any carré beats any sequence; the lesson's carré of lions (100) against
    Juma's quinte (100) and Kito's tierce: only the person's team scores announcements."""
    runner = Runner(load("11-carre"))
    runner.advance()
    while not runner.finished:
        assert runner.answer(runner.task.expect[0]).ok
        runner.advance()
    st = runner.state
    assert [[a.kind for a in d] for d in st.declared] == [["carre"], ["tierce"], [],
                                                          ["quinte"]]
    assert st.declared[0][0].points == st.declared[3][0].points == 100
    res = st.announcement_result()
    assert res.valid_team == 0 and res.points == (100, 0)
    assert "only your team scores" in runner.coach["en"]


def test_classique_goes_clockwise_and_its_second_round_leaves_out_the_turned_plain():
    """RULES.md §9.2: the dealer's left (clockwise: dealer - 1) bids and leads first; the
    second round may not name the turned card's plain."""
    lesson = load("17-classique")
    assert lesson.ruleset is CLASSIQUE
    runner = Runner(lesson)
    runner.advance()
    st = runner.state
    assert st.dealer == 0 and len(st.bids) == 3 and st.current == 0
    assert runner.answer(PASS).ok
    runner.advance()
    legal = runner.state.legal_actions()
    assert len(runner.state.bids) == 7
    assert name_action(runner.state.turned >> 3) not in legal
    assert {action_plain(a) for a in legal if a != PASS} == {1, 2, 3}
    assert runner.answer(parse_bid("E")).ok
    runner.advance()
    assert runner.state.trick and runner.state.leader == 3  # Juma, on the dealer's left


def test_the_bulgarian_lessons_teach_through_the_engine():
    """RULES.md §9.3 played: the auction's double and redouble (×4); no trumps, where a void
    player discards freely; all trumps, where one climbs over the partner; a trump contract
    where one need not undertrump; the division by 10 with both amounts ending in 6."""
    def played(name: str) -> Runner:
        runner = Runner(load(name))
        runner.advance()
        while not runner.finished:
            assert runner.answer(runner.task.expect[0]).ok
            runner.advance()
        return runner

    st = played("12-bulgarian-auction").state
    assert st.contract.code == "S" and st.taker == 0 and st.multiplier == 4
    assert [bid_code(b) for b in st.bids] == ["S", "double", "pass", "pass", "redouble",
                                             "pass", "pass", "pass"]
    assert bin(st.hands[0]).count("1") == 8  # three more cards after the auction
    # No trumps: the person discards an elephant on a West lead, no trump to play.
    runner = Runner(load("13-bulgarian-no-trumps"))
    runner.advance()
    assert runner.answer(NO_TRUMPS_CALL).ok
    runner.advance()
    assert runner.state.contract.code == "NT"
    assert set(runner.state.legal_actions()) == {c for c in range(32)
                                                 if runner.state.hands[0] >> c & 1}
    # All trumps: climbing over the partner's lion is compulsory.
    runner = Runner(load("14-bulgarian-all-trumps"))
    runner.advance()
    assert runner.answer(ALL_TRUMPS_CALL).ok
    runner.advance()
    assert runner.state.master() == 2  # Amani, the partner, is master
    v = runner.answer(parse("S4"))
    assert not v.ok and v.reason is Reason.MUST_RAISE
    # A trump contract: over the opponent's crocodile any card may go, no undertrumping.
    runner = Runner(load("15-bulgarian-undertrump"))
    runner.advance()
    assert runner.answer(parse_bid("N")).ok
    runner.advance()
    assert parse("E1") in runner.state.legal_actions() and runner.state.why_illegal(
        parse("E1")) is None
    # The division by 10: 66 and 96 in a trump contract, both ending in 6.
    res = played("16-bulgarian-rounding").state.result()
    assert res.raw == (66, 96) and res.score == (7, 9) and res.outcome.value == "made"


def test_the_litige_lesson_ends_level_through_the_engine():
    """Played through the engine with the person's expected cards, the hand ends 81 card
    points each (the 10 for the last expedition included) and 101 to 101 with the takers'
    BeloZ and the defenders' tierce: a litige, the defenders score theirs, the takers their
    BeloZ, and the rest is held in escrow (RULES.md §7.4)."""
    lesson = load("09-litige")
    runner = Runner(lesson)
    runner.advance()
    while not runner.finished:
        assert runner.answer(runner.task.expect[0]).ok
        runner.advance()
    st = runner.state
    res = st.result()
    assert st.taker == 0 and res.taker_team == 0
    level = [res.card_points[t] + (10 if res.dix_de_der == t else 0) for t in (0, 1)]
    assert level == [81, 81]
    assert res.announcement_points == (0, 20) and res.beloz == (20, 0)
    assert res.totals == (101, 101) and res.outcome.value == "litige"
    assert res.score == (20, 101) and res.escrow_out == 81
    # The person declares both halves of the BeloZ on the cards the tasks ask for.
    assert st.beloz_said[0] == 2 and st.tricks[-1].winner == 0
    assert lesson.claims == {"outcome": "litige", "beloz": [20, 0], "score": [20, 101],
                             "escrow": 81}


def test_a_wrong_escrow_claim_does_not_load():
    doc = doc_of("09-litige")
    doc["claims"]["escrow"] = 101
    with pytest.raises(LessonError, match="escrow"):
        parse_lesson(doc, "09-litige")
    doc["claims"] = {"winner": 0}
    with pytest.raises(LessonError, match="claims"):
        parse_lesson(doc, "09-litige")


def test_a_false_claim_does_not_load():
    doc = doc_of("08-scoring")
    doc["claims"]["outcome"] = "made"
    with pytest.raises(LessonError, match="outcome"):
        parse_lesson(doc, "08-scoring")
    doc = doc_of("06-announcements")
    doc["claims"]["beloz"] = [0, 20]
    with pytest.raises(LessonError, match="beloz"):
        parse_lesson(doc, "06-announcements")


def test_an_illegal_script_does_not_load():
    doc = doc_of("02-following")
    doc["script"][-1] = "N2"  # Amani must follow East
    with pytest.raises(LessonError, match="not legal"):
        parse_lesson(doc, "02-following")
    doc = doc_of("02-following")
    doc["script"][3]["expect"] = ["N5"]  # an expected card that is not legal
    with pytest.raises(LessonError, match="not legal"):
        parse_lesson(doc, "02-following")
    doc = doc_of("02-following")
    doc["deal"]["hands"][0] = doc["deal"]["hands"][1]
    with pytest.raises(LessonError, match="hands"):
        parse_lesson(doc, "02-following")
    doc = doc_of("02-following")
    del doc["learned"]["fr"]
    with pytest.raises(LessonError, match="learned"):
        parse_lesson(doc, "02-following")


def test_the_deal_gives_the_lessons_hands():
    lesson = load("07-taking")
    st = lesson.start()
    assert st.phase is Phase.BIDDING and bin(st.hands[0]).count("1") == 5
    st.apply(TAKE)
    assert tuple(st.hands) == lesson.hands


def test_wrong_answers_are_taken_back_with_their_reason():
    """An illegal card (dimmed on the table) is refused with the engine's reason and is no
    mistake: it was never played; a legal card the lesson does not want is taken back with
    the lesson's words and counts."""
    runner = Runner(load("04-intercepting"))
    runner.advance()
    before = runner.state.hands[0]
    v = runner.answer(parse("W1"))  # a West card while Juma's flooded rhinoceros is master
    assert not v.ok and v.reason is Reason.MUST_OVERTRUMP and v.expected == parse("N4")
    v = runner.answer(parse("N2"))  # a flooded card below the rhinoceros
    assert not v.ok and v.reason is Reason.MUST_OVERTRUMP
    assert runner.state.hands[0] == before and runner.task is not None and runner.mistakes == 0
    v = runner.answer(parse("N3"))  # over-intercepts too, but the leopard is enough
    assert not v.ok and v.reason is None and "leopard is enough" in v.why["en"]
    assert runner.mistakes == 1
    assert runner.answer(parse("N4")).ok
    runner.advance()
    v = runner.answer(parse("W2"))
    assert not v.ok and v.reason is Reason.MUST_UNDERTRUMP and runner.mistakes == 1
    v = runner.answer(parse("N3"))  # legal, but the lesson wants the smallest
    assert not v.ok and v.reason is None and v.why is not None and "smallest" in v.why["en"]
    assert runner.mistakes == 2
    assert runner.answer(parse("N1")).ok
    runner.advance()
    assert runner.finished


def test_the_coach_line_ends_with_its_expedition():
    """A task's line speaks of the expedition in progress: once that expedition (or, when
    the person's card ended one, the next) is over, the runner drops it, so a line like
    "the expedition is yours" never stays above an expedition someone else won."""
    runner = Runner(load("04-intercepting"))
    runner.advance()
    assert runner.answer(parse("N4")).ok  # the fourth card: the person wins expedition 1
    assert runner.coach is not None and "leopard wins" in runner.coach["en"]
    assert runner.state.tricks[-1].winner == 0
    runner.advance()  # expedition 2 (Kito's) and the start of 3
    assert runner.coach is None and runner.coach_stale
    assert runner.state.tricks[-1].winner == 1
    # A standalone line lasts until the next one.
    runner = Runner(load("09-litige"))
    runner.advance()
    assert runner.coach is not None and "tierce" in runner.coach["en"]
    assert runner.answer(parse("N3")).ok
    runner.advance()
    assert runner.coach is not None and not runner.coach_stale


def test_an_answer_strong_players_may_also_choose_is_no_mistake():
    """``also``: the search prefers another answer; the lesson says so, and that answer,
    when the script cannot follow it, is taken back without counting as a mistake."""
    runner = Runner(load("07-taking"))
    runner.advance()
    v = runner.answer(PASS)
    assert not v.ok and v.also and "Strong players" in v.why["en"] and runner.mistakes == 0
    assert runner.answer(TAKE).ok
    assert "Strong players" in runner.coach["en"]  # said after the task too
    # An also-answer the lesson accepts is simply right.
    runner = Runner(load("02-following"))
    runner.advance()
    assert runner.answer(parse("E2")).ok and runner.mistakes == 0
    doc = doc_of("07-taking")
    del doc["script"][0]["also"]["say"]
    with pytest.raises(LessonError, match="also"):
        parse_lesson(doc, "07-taking")


def test_a_wrong_bid_is_taken_back():
    runner = Runner(load("07-taking"))
    runner.advance()
    v = runner.answer(PASS)
    assert not v.ok and v.why is not None and v.expected == TAKE
    assert runner.answer(TAKE).ok
    runner.advance()
    assert runner.finished and runner.state.taker == 0


def test_progress_is_saved_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    p = Progress()
    p.finish("01-cards")
    p.skip("02-following")
    assert save_progress(p) is None
    back, messages = load_progress()
    assert messages == [] and back.done == ["01-cards"] and back.skipped == ["02-following"]
    assert back.next_lesson(lessons.lesson_names()) == 2
    back.finish("02-following")  # a skipped lesson played later counts as done
    assert back.skipped == [] and back.done == ["01-cards", "02-following"]


def test_a_corrupt_progress_file_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    progress_path().write_text("{not json", encoding="utf-8")
    back, messages = load_progress()
    assert back.done == [] and back.skipped == [] and len(messages) == 1
    assert (tmp_path / "tutorial.json.bak").exists() and not progress_path().exists()
    progress_path().write_text('{"done": "01-cards", "skipped": [3, "02-following"]}',
                               encoding="utf-8")
    back, messages = load_progress()  # wrong types are dropped, not raised
    assert back.done == [] and back.skipped == ["02-following"]


@pytest.mark.parametrize("text, done", [
    ('{"done": "01-cards", "skipped": ["02-following"]}', []),  # not a list
    ('{"done": ["01-cards", 3], "skipped": []}', ["01-cards"]),  # not a lesson's name
    ('{"done": ["01-cards"], "skipped": ["' + "x" * 81 + '"]}', ["01-cards"]),  # too long
    ('{"done": [' + ",".join(f'"l{i}"' for i in range(101)) + '], "skipped": []}',
     [f"l{i}" for i in range(100)]),  # more names than lessons could ever be
])
def test_damaged_progress_values_are_said_and_the_file_kept(tmp_path, monkeypatch, text, done):
    """A value reset costs the lessons it held: the person is told (in their language),
    and the file as it was is copied to tutorial.json.bak, as settings and statistics do."""
    monkeypatch.setenv("BELOZ_DATA_DIR", str(tmp_path))
    progress_path().write_text(text, encoding="utf-8")
    back, messages = load_progress()
    assert len(messages) == 1, messages
    assert messages[0].startswith("Some of the tutorial's progress in tutorial.json could not "
                                  "be read")
    assert messages[0].endswith("The file as it was is kept as tutorial.json.bak.")
    assert (tmp_path / "tutorial.json.bak").read_text(encoding="utf-8") == text
    assert back.done == done, "the good values are kept"
    assert save_progress(back) is None
    assert load_progress()[1] == [], "written back clean"


def test_the_turned_card_is_named_with_its_plain():
    """As the game names every card ("the North crocodile", "le crocodile du Nord"), so the
    turned card: "the turned crocodile" left the learner to find which crocodile."""
    import re

    animals_en = "crocodile|water snake|lion|leopard|elephant|rhinoceros|monkey|meerkat"
    animals_fr = "crocodile|serpent d'eau|lion|léopard|éléphant|rhinocéros|singe|suricate"
    bare = re.compile(rf"turned ({animals_en})|\b({animals_fr}) retourné", re.IGNORECASE)

    def texts(x):
        if isinstance(x, dict):
            for v in x.values():
                yield from texts(v)
        elif isinstance(x, list):
            for v in x:
                yield from texts(v)
        elif isinstance(x, str):
            yield x

    files = [p for p in resources.files(lessons).iterdir() if p.name.endswith(".json")]
    files += [resources.files("beloz.i18n").joinpath(f"{lang}.json") for lang in ("en", "fr")]
    found = [(p.name, m.group(0)) for p in files
             for t in texts(json.loads(p.read_text("utf-8"))) for m in bare.finditer(t)]
    assert found == []
