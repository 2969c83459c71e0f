"""The built-in problems: they load for every ruleset, each rebuilds to a decision of its
seat with a legal answer, and a sample of answers agrees with the search and the solver."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from beloz.ai import review
from beloz.practice.builtin import BUILTIN_DIR, builtin_problems, by_skill
from beloz.practice.problem import SKILLS, Problem
from beloz.rules.ruleset import RULESETS
from beloz.rules.state import Phase

PER_RULESET = 40


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_builtin_set_loads_and_each_answer_is_legal(ruleset: str) -> None:
    problems = builtin_problems(ruleset)
    raw = json.loads((BUILTIN_DIR / f"{ruleset}.json").read_text(encoding="utf-8"))
    assert len(problems) == len(raw["problems"]) >= PER_RULESET  # none left out
    assert raw["made_by"].startswith("python tools/make_problems.py --seed")
    assert len({p.id for p in problems}) == len(problems)
    for p in problems:
        assert p.ruleset == ruleset and p.source == "builtin" and p.level is None
        st = p.state()
        assert st.current == p.seat and st.phase is not Phase.DONE
        assert p.best in p.legal() and p.is_right(p.best)
        # Every legal option is valued and listed (a round-2 plain Expert does not weigh too).
        assert {o.action for o in p.options} == set(p.legal())
        # Clear: the best beats every other option beyond the noise.
        assert all(not p.is_right(o.action) for o in p.options if o.action != p.best)
        assert Problem.from_dict(p.to_dict()) == p
    assert {p.skill for p in problems} <= set(SKILLS)
    # Every skill has a few problems to practise, the rare ones (leading, drawing) too.
    assert all(len(by_skill(ruleset, s)) >= _tool().MIN_PER_SKILL for s in SKILLS)
    assert sum(len(by_skill(ruleset, s)) for s in SKILLS) == len(problems)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_answer_agrees_with_the_search_and_the_solver(ruleset: str) -> None:
    """Each shipped problem's answer, searched again (Expert's analysis, every deal that
    fits the seat's view alike, 64 deals a card, 600 a bid: ``make_problems.FINAL``) and,
    near the end of a hand, solved with the cards as they lie."""
    tool = _tool()
    wrong = []
    for p in builtin_problems(ruleset):
        st = p.state()
        options = [o.action for o in p.options] if st.phase is Phase.BIDDING else p.legal()
        if not tool.final_agrees(st, p.best, options):
            wrong.append(p.id)
        elif st.phase is Phase.PLAY and 8 - len(st.tricks) <= review.HINDSIGHT_TRICKS:
            hind = review._hindsight_all(st, p.view(), p.legal())
            if hind is None or hind[p.best] != max(hind.values()):
                wrong.append(p.id)
    assert wrong == []


def _tool() -> Any:
    path = Path(__file__).resolve().parent.parent / "tools" / "make_problems.py"
    spec = importlib.util.spec_from_file_location("make_problems", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_tool_writes_problems_with_its_command_and_seed(tmp_path: Path) -> None:
    tool = _tool()
    assert tool.main(["--seed", "5", "--count", "2", "--rulesets", "beloz",
                      "--out", str(tmp_path)]) == 0
    raw = json.loads((tmp_path / "beloz.json").read_text(encoding="utf-8"))
    assert raw["seed"] == 5 and "--seed 5 --count 2 --rulesets beloz" in raw["made_by"]
    problems = [Problem.from_dict(d) for d in raw["problems"]]
    assert len(problems) == 2 and all(p.source == "builtin" for p in problems)


def test_the_tool_refuses_an_answer_within_noise_and_margin_of_another() -> None:
    tool = _tool()

    def noise(a: int, b: int) -> float:
        return 3.0

    margin = tool.MARGIN
    assert tool._clear({1: 20.0, 2: 20.0 - 3.0 - margin - 0.5}, noise) == 1
    assert tool._clear({1: 20.0, 2: 20.0 - 3.0 - margin + 0.5}, noise) is None
    assert tool._clear({1: 20.0, 2: -50.0, 3: 19.0}, noise) is None


def test_the_rare_skills_keep_their_places_until_they_have_their_minimum() -> None:
    tool = _tool()
    share = dict.fromkeys(SKILLS, 9)
    floor = tool.MIN_PER_SKILL

    def made(counts: dict[str, int]) -> list[Any]:
        return [type("P", (), {"skill": s})() for s, n in counts.items() for _ in range(n)]

    # Two skills short of the minimum by 3 each: 6 places kept for them.
    full = {s: 5 for s in SKILLS if s not in ("leading", "drawing")}
    problems = made(full)  # 25 problems
    count = len(problems) + 6
    assert not tool.has_room(problems, "following", share, count)
    assert tool.has_room(problems, "leading", share, count)
    assert tool.has_room(made(full), "following", share, count + 1)
    # A skill at its share never takes another, whatever the room.
    assert not tool.has_room(made({"following": 9}), "following", share, 40)
    assert tool.has_room(made({"following": floor - 1}), "following", share, 40)
