"""RULES.md §10, seen from outside: ``python -m beloz.rules.record FILE`` on records built
from this suite's own deals (the owner's fixtures live in tests/fixtures/records/)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_rules_oracle import cid, master_pos, name, oracle_legal

ROOT = Path(__file__).resolve().parent.parent

FOURNIR = [
    "N6 N5 N3 W8 S5 S6 S7 S8".split(),
    "N8 E1 E2 E3 W1 W2 W3 S1".split(),
    "N4 N1 E4 E5 E6 W4 W5 S2".split(),
    "N7 N2 E7 E8 W6 W7 S3 S4".split(),
]


def run(doc: dict, tmp_path: Path) -> tuple[int, dict]:
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(doc))
    p = subprocess.run(
        [sys.executable, "-m", "beloz.rules.record", str(f)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return p.returncode, json.loads(p.stdout)


def oracle_game(seed: int) -> tuple[list[str], list[dict], list[int]]:
    """A whole hand played by the oracle with random legal cards: plays, tricks, points."""
    rng = random.Random(seed)
    hands = [{cid(c) for c in h} for h in FOURNIR]
    trump, leader = 2, 1
    plays, tricks, pts = [], [], [0, 0]
    for _ in range(8):
        trick = []
        for k in range(4):
            seat = (leader + k) % 4
            c = rng.choice(sorted(oracle_legal(hands[seat], trick, trump)))
            hands[seat].remove(c)
            trick.append(c)
        winner = (leader + master_pos(trick, trump)) % 4
        tricks.append({"leader": leader, "cards": [name(c) for c in trick], "winner": winner})
        plays += [name(c) for c in trick]
        leader = winner
    return plays, tricks, pts


def base_doc(plays: list[str]) -> dict:
    return {
        "format": "beloz-hand/1",
        "ruleset": "beloz",
        "dealer": 0,
        "hands": FOURNIR,
        "turned": "S5",
        "bids": ["pass", "pass", "pass", "take"],
        "plays": plays,
    }


@pytest.mark.parametrize("seed", range(3))
def test_record_full_hand(seed, tmp_path):
    plays, tricks, _ = oracle_game(seed)
    rc, v = run(base_doc(plays), tmp_path)
    assert rc == 0 and v["ok"] is True
    assert v["trump"] == "S" and v["taker"] == 0
    assert [(t["leader"], t["cards"], t["winner"]) for t in v["tricks"]] == [
        (t["leader"], t["cards"], t["winner"]) for t in tricks
    ]
    assert sum(v["card_points"]) == 152
    assert v["dix_de_der"] == tricks[-1]["winner"] % 2
    assert v["outcome"] in ("made", "dedans", "litige")
    # seat 0 holds the flooded elephant and rhino and declares BeloZ by default
    assert v["beloz"] == [20, 0]


def test_record_illegal_play(tmp_path):
    plays = ["N8", "E4"]  # seat 2 holds North: must follow
    rc, v = run(base_doc(plays), tmp_path)
    assert rc == 1
    assert v["ok"] is False and v["index"] == 1
    assert "must_follow" in json.dumps(v)


def test_record_unfinished_hand(tmp_path):
    rc, v = run(base_doc(["N8", "N4", "N7", "N3", "E1"]), tmp_path)
    assert rc == 0 and v["ok"] is True
    assert v["tricks"][0]["winner"] == 1
    assert v["tricks"][-1]["winner"] is None
    assert v["card_points"] == [0, 25]


def test_record_turned_card_not_in_takers_hand(tmp_path):
    doc = base_doc([])
    doc["turned"] = "S1"  # held by seat 1, but seat 0 takes
    rc, v = run(doc, tmp_path)
    assert rc == 1 and v["ok"] is False and v["index"] is None


# -- the command itself: any input gives one JSON line and a documented exit status ---------

import io  # noqa: E402
import os  # noqa: E402
import tempfile  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from beloz.rules import record  # noqa: E402

PROPERTY = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


class CountingStream(io.RawIOBase):
    """An endless stream of zeros (``/dev/zero`` on stdin) that counts what is read."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # type: ignore[override]
        n = len(b)
        b[:n] = bytes(n)
        self.read_bytes += n
        return n


def cli(args: list[str], stdin: bytes | io.IOBase = b"") -> tuple[int, dict]:
    """``record.run`` in this process: its status and its one line of output, parsed."""
    out = io.StringIO()
    stream = io.BytesIO(stdin) if isinstance(stdin, bytes) else stdin
    status = record.run(args, stdin=stream, stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    verdict = json.loads(lines[0])
    assert verdict["ok"] is (status == 0)
    assert status in (0, 1, 2)
    return status, verdict


def cli_file(data: bytes) -> tuple[int, dict]:
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "hand.json")
        with open(path, "wb") as f:
            f.write(data)
        return cli([path])


#: Stands for a number of 5,000 digits (written by ``as_json``: Python's own int cannot be
#: printed that long, nor can hypothesis show it).
HUGE = "<a 5000-digit number>"
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text()
    | st.sampled_from(["N8", "pass", "take", "beloz", "beloz-hand/1", HUGE]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=20,
)


def as_json(value: object) -> bytes:
    text = json.dumps(value, allow_nan=True).replace(json.dumps(HUGE), "9" * 5000)
    return text.encode("utf-8", "surrogatepass")


@PROPERTY
@given(st.binary(max_size=300))
def test_any_bytes_give_one_json_line_and_exit_1(data):
    for status, verdict in (cli(["-"], data), cli_file(data)):
        assert status == (0 if verdict["ok"] else 1)


@PROPERTY
@given(JSON)
def test_any_json_gives_one_json_line_and_exit_0_or_1(value):
    data = as_json(value)
    status, verdict = cli(["-"], data)
    assert status in (0, 1) and (status == 1) == (verdict["ok"] is False)


@PROPERTY
@given(st.sampled_from(sorted(base_doc([])) + ["declare_announcements", "declare_beloz",
                                                 "escrow_in"]), JSON)
def test_a_record_with_any_field_replaced_gives_one_json_line(field, value):
    plays, _, _ = oracle_game(0)
    doc = base_doc(plays)
    doc[field] = value
    status, verdict = cli(["-"], as_json(doc))
    assert status in (0, 1)


@pytest.mark.parametrize("data, says", [
    (b"1" * 5000, "number too long"),
    (b'{"dealer": ' + b"9" * 100_000 + b"}", "number too long"),
    (b"[" * 200_000, "nested too deeply"),
    (b'{"a":' * 100_000, "nested too deeply"),
    (b'{"format": "beloz-hand/1", "ruleset": "\xff"}', "not UTF-8"),
    (b"", "not valid JSON"),
])
def test_hostile_json_is_a_message(data, says):
    for status, verdict in (cli(["-"], data), cli_file(data)):
        assert status == 1 and says in verdict["error"]


def test_a_record_over_1_mb_is_refused_and_one_at_the_limit_is_read(tmp_path):
    plays, _, _ = oracle_game(0)
    good = json.dumps(base_doc(plays)).encode()
    at_limit = good + b" " * (record.MAX_BYTES - len(good))
    assert cli_file(at_limit)[0] == 0
    status, verdict = cli_file(at_limit + b" ")
    assert status == 1 and "larger than 1 MB" in verdict["error"]
    status, verdict = cli(["-"], at_limit + b" ")
    assert status == 1 and "larger than 1 MB" in verdict["error"]


def test_an_endless_stdin_is_read_only_up_to_the_limit():
    stream = CountingStream()
    status, verdict = cli(["-"], io.BufferedReader(stream))
    assert status == 1 and "larger than 1 MB" in verdict["error"]
    assert stream.read_bytes <= record.MAX_BYTES + 1 + io.DEFAULT_BUFFER_SIZE


@pytest.mark.parametrize("args", [[], ["a.json", "b.json"]])
def test_wrong_arguments_are_a_usage_error(args):
    status, verdict = cli(args)
    assert status == 2 and "usage" in verdict["error"]


def test_a_directory_or_a_device_is_a_usage_error(tmp_path):
    for path in (str(tmp_path), os.devnull):
        status, verdict = cli([path])
        assert status == 2 and "not a regular file" in verdict["error"]


def test_a_missing_file_is_invalid_not_a_traceback(tmp_path):
    status, verdict = cli([str(tmp_path / "none.json")])
    assert status == 1 and "cannot read" in verdict["error"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_without_a_writer_is_a_usage_error_not_a_hang(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    p = subprocess.run([sys.executable, "-m", "beloz.rules.record", str(fifo)], cwd=ROOT,
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 2 and p.stderr == ""
    assert "not a regular file" in json.loads(p.stdout)["error"]


def test_dev_zero_on_stdin_is_refused_quickly():
    with open("/dev/zero", "rb") if os.path.exists("/dev/zero") else io.BytesIO(
            bytes(record.MAX_BYTES + 1)) as zero:
        p = subprocess.run([sys.executable, "-m", "beloz.rules.record", "-"], cwd=ROOT,
                           stdin=zero, capture_output=True, text=True, timeout=30)
    assert p.returncode == 1 and p.stderr == ""
    assert "larger than 1 MB" in json.loads(p.stdout)["error"]


def test_the_exit_codes_are_documented():
    doc = record.__doc__ or ""
    for status in ("**0**", "**1**", "**2**"):
        assert status in doc
