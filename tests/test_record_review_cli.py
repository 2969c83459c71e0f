"""The two commands that read hand records, ``python -m beloz.rules.record`` and
``python -m beloz.ai.review RECORD``: one validation for both (the same records accepted
and refused, with the same limits: a fuzz of records), ``--help``, and standard streams
that are closed, broken or full (a message and a non-zero exit, never a traceback)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beloz.ai import review
from beloz.ai import review_cli as cli
from beloz.rules import record
from beloz.rules.cards import code

from .test_ai_helpers import TINY

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
LION = FIXTURES / "review" / "lion-thrown.json"
#: Every record the project keeps: the four rulesets, finished hands of every outcome.
TEXTS = [p.read_text(encoding="utf-8")
         for p in [*sorted((FIXTURES / "records").glob("*.json")), LION]]


#: The largest escrow a record may carry (RULES.md §10 sets none: far above any match's).
MAX_ESCROW = 1_000_000
#: The commands' exit status when their output cannot be written.
EXIT_OUTPUT = 3


def record_cli(data: bytes) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    status = record.run(["-"], stdin=io.BytesIO(data), stdout=out)
    return status, json.loads(out.getvalue())


def review_cli(record_arg: str, seat: int, stdin: bytes = b"") -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out):
        mp.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        status = cli.main([record_arg, "--seat", str(seat), "--json"])
    return status, json.loads(out.getvalue())


def lion(**fields: object) -> bytes:
    doc = json.loads(LION.read_text(encoding="utf-8"))
    doc.update(fields)
    return json.dumps(doc).encode()


# -- the same limits -------------------------------------------------------------------------


@pytest.mark.parametrize("escrow", [MAX_ESCROW + 1, 10**308, 10**400])
def test_an_escrow_too_large_is_refused_by_both_commands_alike(
        escrow: int, tmp_path: Path) -> None:
    """An ``escrow_in`` of 10**308 was accepted by the checker, and made the review's
    evaluation overflow (OverflowError)."""
    path = tmp_path / "hand.json"
    path.write_bytes(lion(escrow_in=escrow))
    status, verdict = record_cli(path.read_bytes())
    assert status == 1 and "escrow_in must be between 0 and 1000000" in verdict["error"]
    assert review_cli(str(path), 1) == (status, verdict)


def test_the_largest_escrow_is_reviewed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "LEVEL", TINY)
    path = tmp_path / "hand.json"
    assert record.MAX_ESCROW == MAX_ESCROW
    path.write_bytes(lion(escrow_in=MAX_ESCROW))
    assert record_cli(path.read_bytes())[0] == 0
    status, out = review_cli(str(path), 1)
    assert status == 0 and len(out["decisions"]) == 8
    # The escrow goes to whoever wins the hand: it weighs on every evaluation, exactly.
    assert max(abs(o["expected"]) for d in out["decisions"] for o in d["options"]) > 10**5


CODES = st.sampled_from([code(c) for c in range(32)] + [
    "pass", "take", "E", "W", "S", "N", "NT", "AT", "double", "redouble", "X9", "", "s1"])
INTS = st.sampled_from([0, 1, -1, 3, 4, 7, 8, 32, 2**53, MAX_ESCROW,
                        MAX_ESCROW + 1, 10**308, 10**400, -(10**308)])
#: Values of any JSON type (kept shallow: the record checker's own property tests feed it
#: arbitrary JSON; these are records that are nearly right).
VALUES = st.one_of(st.none(), st.booleans(), INTS, st.integers(), st.floats(), CODES,
                   st.text(max_size=3), st.lists(CODES | INTS | st.booleans(), max_size=9),
                   st.dictionaries(st.text(max_size=3), INTS | CODES, max_size=2))
FIELDS = ["format", "ruleset", "dealer", "hands", "turned", "bids", "declare_announcements",
          "declare_beloz", "plays", "escrow_in"]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """A record the project keeps with up to three changes: a field replaced or dropped,
    the plays cut short, a play, a card of a hand or a bid replaced, the escrow changed."""
    doc: dict[str, Any] = json.loads(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["field", "drop", "cut", "play", "card", "bid", "escrow"]))
        plays, hands, bids = doc.get("plays"), doc.get("hands"), doc.get("bids")
        if kind == "field":
            doc[draw(st.sampled_from(FIELDS))] = draw(VALUES)
        elif kind == "drop":
            doc.pop(draw(st.sampled_from(FIELDS)), None)
        elif kind == "cut" and isinstance(plays, list):
            doc["plays"] = plays[:draw(st.integers(0, len(plays)))]
        elif kind == "play" and isinstance(plays, list) and plays:
            plays[draw(st.integers(0, len(plays) - 1))] = draw(CODES | VALUES)
        elif kind == "card" and isinstance(hands, list) and hands and isinstance(hands[0], list):
            hand = hands[draw(st.integers(0, len(hands) - 1))]
            if isinstance(hand, list) and hand:
                hand[draw(st.integers(0, len(hand) - 1))] = draw(CODES)
        elif kind == "bid" and isinstance(bids, list):
            bids.insert(draw(st.integers(0, len(bids))), draw(CODES))
        elif kind == "escrow":
            doc["escrow_in"] = draw(INTS | st.integers(0, 2 * MAX_ESCROW))
    return doc


def quick_values(view: Any) -> dict[int, float]:
    """Stands for Expert's evaluation (seconds a hand): a value for each legal card, with
    its arithmetic: whole scores (the escrow included) and their squares, as floats."""
    return {c: float((view.escrow_in + i) ** 2) ** 0.5
            for i, c in enumerate(view.legal_actions())}


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.integers(0, 3))
def test_both_commands_accept_and_refuse_the_same_records(doc: dict[str, Any], seat: int) -> None:
    """Each record, as one JSON text, through both commands' main functions: one line of
    JSON each, no traceback, the same status and, for a refused record, the same error.
    The review's evaluation stands aside (``quick_values``): the review of a record is
    everything else, as it runs in the command (its explanations included)."""
    data = json.dumps(doc).encode()
    status, verdict = record_cli(data)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(review, "card_values", quick_values)
        mp.setattr(review, "HINDSIGHT_TRICKS", 0)
        got_status, got = review_cli("-", seat, data)
    assert got_status == status in (0, 1)
    if status == 0:  # every card the seat played is rated
        assert verdict["ok"] is True and len(got["decisions"]) == cards_played(doc, seat)
    else:
        assert got == verdict


def cards_played(doc: dict[str, Any], seat: int) -> int:
    state = record.replay(record.validate(doc))
    d = state.ruleset.direction
    tricks = [(t.leader, t.cards) for t in state.tricks] + [(state.leader, state.trick)]
    return sum(1 for leader, cards in tricks for i in range(len(cards))
               if (leader + d * i) % 4 == seat)


# -- the command line ------------------------------------------------------------------------


def shell(command: str, stdin: Any = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["/bin/sh", "-c", command], cwd=ROOT, stdin=stdin,
                          capture_output=True, text=True, timeout=60)


def test_record_help_is_the_usage_not_a_file_named_help() -> None:
    out = io.StringIO()
    assert record.run(["--help"], stdout=out) == 0
    assert out.getvalue().startswith("usage: python -m beloz.rules.record")
    for args in (["--hlp"], ["-x", "a.json"]):
        out = io.StringIO()
        assert record.run(args, stdout=out) == record.EXIT_USAGE
        assert "unknown option" in json.loads(out.getvalue())["error"]
    # A file named like an option is still read, after -- or as ./NAME.
    out = io.StringIO()
    assert record.run(["--", str(LION)], stdout=out) == 0 and json.loads(out.getvalue())["ok"]


PY = f'"{sys.executable}"'
RECORD = f"{PY} -m beloz.rules.record"
REVIEW = f"{PY} -m beloz.ai.review"


@pytest.mark.parametrize("command", [f"{RECORD} -", f"{REVIEW} - --seat 0"])
def test_a_closed_standard_input_is_a_record_that_cannot_be_read(command: str) -> None:
    p = shell(f"{command} <&-")
    assert p.returncode == 1 and p.stderr == ""
    assert "standard input is closed" in p.stdout and "Traceback" not in p.stdout


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full is Linux's")
@pytest.mark.parametrize("command", [f"{RECORD} {LION}", f"{REVIEW} --save /nothing/here",
                                     f"{REVIEW} --help"])
def test_a_full_or_closed_standard_output_is_a_message_and_status_3(command: str) -> None:
    for redirect, why in (("> /dev/full", "No space left on device"),
                          (">&-", "standard output is closed")):
        p = shell(f"{command} {redirect}")
        assert p.returncode == EXIT_OUTPUT, (redirect, p.stderr)
        assert p.stderr.strip() in (f"cannot write the verdict: {why}",
                                    f"cannot write the output: {why}")


@pytest.mark.parametrize("command", [f"{RECORD} {LION}", f"{REVIEW} --save /nothing/here"])
def test_a_broken_pipe_is_a_message_and_status_3(command: str) -> None:
    """As ``| head -c0``: the reader is gone before the command writes."""
    read, write = os.pipe()
    os.close(read)
    try:
        p = subprocess.run(["/bin/sh", "-c", command], cwd=ROOT, stdout=write,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert p.returncode == EXIT_OUTPUT
    assert p.stderr.strip() in ("cannot write the verdict: Broken pipe",
                                "cannot write the output: Broken pipe")
