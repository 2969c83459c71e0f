"""The built-in problems of each ruleset: ``<ruleset>.json`` beside this file, made by
``tools/make_problems.py`` (its command and seed are in each file)."""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path

from beloz.practice.problem import BadProblem, Problem

log = logging.getLogger(__name__)

BUILTIN_DIR = Path(__file__).resolve().parent
SCHEMA = 1


@functools.cache
def builtin_problems(ruleset: str) -> tuple[Problem, ...]:
    """The built-in problems of ``ruleset`` (none when it has no file).  Shipped data: a
    problem that does not rebuild is a bug, logged and left out, never a crash."""
    path = BUILTIN_DIR / f"{ruleset}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ()
    except (OSError, ValueError) as err:
        log.error("built-in problems %s unreadable: %s", path.name, err)
        return ()
    raw = data.get("problems") if isinstance(data, dict) else None
    if not isinstance(raw, list) or data.get("schema") != SCHEMA:
        log.error("built-in problems %s: not a problem file", path.name)
        return ()
    out = []
    for i, d in enumerate(raw):
        try:
            p = Problem.from_dict(d)
        except BadProblem as err:
            log.error("built-in problem %d of %s left out: %s", i, path.name, err)
            continue
        if p.ruleset == ruleset and p.source == "builtin":
            out.append(p)
    return tuple(out)


def by_skill(ruleset: str, skill: str) -> list[Problem]:
    """The built-in problems of a ruleset that train ``skill`` (``problem.SKILLS``)."""
    return [p for p in builtin_problems(ruleset) if p.skill == skill]
