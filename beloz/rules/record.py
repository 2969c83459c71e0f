"""Hand records, format ``beloz-hand/1`` (RULES.md §10, §10.1): load, validate, check, dump.

Records of every ruleset: the turned-card rulesets' and the Bulgarian auction's (no turned
card, the calls as bids, a verdict with ``contract`` and ``raw``).

``python -m beloz.rules.record FILE`` (``-`` for stdin) prints exactly one line of JSON,
the verdict, and exits with:

- **0** — a valid record: the verdict (tricks, points, outcome, score...);
- **1** — an invalid record: ``{"ok": false, "error": ..., "index": N}`` (N the first
  illegal play, or null).  Anything that is not a good record lands here: a file that
  cannot be read, larger than ``MAX_BYTES`` (1 MB), not UTF-8, not JSON (including numbers
  too long for Python's int conversion and nesting too deep to parse), or a document
  that does not replay;
- **2** — a usage error (no argument or several, an unknown option; FILE not a regular
  file: a directory, a named pipe, a device), with the same one-line JSON and nothing read;
- **3** — the verdict could not be written (standard output closed, a broken pipe, a full
  disk): a one-line message on standard error instead.

A closed standard input is a record that cannot be read (**1**).  ``-h`` / ``--help``
prints the usage (exit 0); a file whose name starts with ``-`` is given as ``./-name`` or
after ``--``.

Bad input of any kind gives that line, never a traceback, and the checker neither hangs
(FILE is checked with ``os.stat`` before it is opened, and opened without blocking) nor
reads more than ``MAX_BYTES`` + 1 bytes (``/dev/zero`` on stdin is refused at once).
"""

from __future__ import annotations

import functools
import json
import os
import stat
import sys
from dataclasses import dataclass
from typing import Any

from . import checked
from . import ruleset as ruleset_mod
from .cards import code, parse
from .ruleset import AnnouncementRule, Bidding, Ruleset, Scoring
from .state import NO_CARD, HandState, Phase, action_code, bid_code, parse_bid

FORMAT = "beloz-hand/1"


class RecordError(ValueError):
    """An invalid record: ``index`` is the index in ``plays`` of the first illegal play, or
    None when the record is malformed elsewhere."""

    def __init__(
        self,
        message: str,
        index: int | None = None,
        seat: int | None = None,
        reason: str | None = None,
    ) -> None:
        super().__init__(message)
        self.index = index
        self.seat = seat
        self.reason = reason

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": False, "error": str(self), "index": self.index}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.reason is not None:
            out["reason"] = self.reason
        return out


@dataclass(frozen=True, slots=True)
class Record:
    ruleset: Ruleset
    dealer: int
    hands: tuple[int, int, int, int]
    turned: int  # NO_CARD in an auction
    bids: tuple[int, ...]
    declare_announcements: tuple[bool, bool, bool, bool]
    declare_beloz: bool
    # The entries of ``plays`` as given: each is checked in play order by ``replay``, so an
    # unknown code fails at its own index (RULES.md §10.1).
    plays: tuple[object, ...]
    escrow_in: int


#: The largest ``escrow_in``: far more than a match can hold in escrow (targets stop at
#: 10,000), and small enough for every evaluation (floats, exact to 2**53) to stay exact.
#: A larger value would make the review's evaluation overflow (``python -m beloz.ai.review``
#: accepts exactly the records this module accepts).
MAX_ESCROW = 1_000_000


def _int(value: object, field: str, low: int, high: int | None = None) -> int:
    """``checked.integer`` in the record's words: "dealer must be between 0 and 3"."""
    bound = f"between {low} and {high}" if high is not None else f"at least {low}"
    n = checked.integer(value, field, error=RecordError, says=f"{field} must be an integer")
    return checked.integer(n, field, low, high, error=RecordError, says=f"{field} must be {bound}")


#: A card code ("hands[0][3]: unknown card code 'X9'").
_card = functools.partial(checked.card, error=RecordError)


def validate(doc: object) -> Record:
    """The record as typed values; raises RecordError naming the first bad field."""
    if not isinstance(doc, dict):
        raise RecordError("a hand record is a JSON object")
    if doc.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}")
    # RULES.md §10 lists the optional fields; ``ruleset`` is not one of them.
    if "ruleset" not in doc:
        names = ", ".join(ruleset_mod.RULESETS)
        raise RecordError(f"ruleset is missing: it names the rules that apply ({names})")
    try:
        rules = ruleset_mod.get(doc["ruleset"])
    except (ValueError, TypeError):
        raise RecordError(f"unknown ruleset {doc.get('ruleset')!r}") from None
    dealer = _int(doc.get("dealer"), "dealer", 0, 3)

    hands_doc = doc.get("hands")
    if not isinstance(hands_doc, list) or len(hands_doc) != 4:
        raise RecordError("hands must list the four seats' hands")
    hands = []
    seen = 0
    for seat, h in enumerate(hands_doc):
        if not isinstance(h, list):
            raise RecordError(f"hands[{seat}] must be a list of 8 card codes")
        if len(h) != 8:
            raise RecordError(f"hands[{seat}] must hold 8 cards, not {len(h)}")
        m = 0
        for i, text in enumerate(h):
            c = _card(text, f"hands[{seat}][{i}]")
            if (seen | m) >> c & 1:
                raise RecordError(f"hands[{seat}][{i}]: card {code(c)} is dealt twice")
            m |= 1 << c
        seen |= m
        hands.append(m)
    if rules.bidding is Bidding.AUCTION:
        if doc.get("turned") is not None:
            raise RecordError("turned must be absent or null: no card is turned in an auction")
        turned = NO_CARD
    else:
        turned = _card(doc.get("turned"), "turned")

    bids_doc = doc.get("bids")
    if not isinstance(bids_doc, list):
        raise RecordError("bids must be a list")
    bids = []
    for i, b in enumerate(bids_doc):
        try:
            bids.append(parse_bid(b))
        except ValueError:
            raise RecordError(f"bids[{i}]: unknown bid {b!r}") from None

    decl = doc.get("declare_announcements", [True] * 4)
    if not rules.announcements:
        decl = [False] * 4  # RULES.md §10.1: ignored where there are no announcements
    if not (isinstance(decl, list) and len(decl) == 4 and all(isinstance(x, bool) for x in decl)):
        raise RecordError("declare_announcements must be four true/false values")
    beloz = doc.get("declare_beloz", True)
    if not isinstance(beloz, bool):
        raise RecordError("declare_beloz must be true or false")

    plays_doc = doc.get("plays")  # required (RULES.md §10 lists the optional fields)
    if not isinstance(plays_doc, list):
        raise RecordError("plays must be a list ([] before the first card)")
    plays = tuple(plays_doc)
    escrow = _int(doc.get("escrow_in", 0), "escrow_in", 0, MAX_ESCROW)
    return Record(
        rules,
        dealer,
        (hands[0], hands[1], hands[2], hands[3]),
        turned,
        tuple(bids),
        (decl[0], decl[1], decl[2], decl[3]),
        beloz,
        plays,
        escrow,
    )


def replay(rec: Record) -> HandState:
    """The hand state after the record's bids and plays; raises RecordError at the first
    bid out of turn or illegal play (RULES.md §10.1: inside ``plays`` an unknown code, a
    card not held, an illegal card and a 33rd card each fail at their own index)."""
    state = HandState(
        rec.ruleset, rec.dealer, rec.hands, rec.turned, stock=None, escrow_in=rec.escrow_in
    )
    auction = rec.ruleset.bidding is Bidding.AUCTION
    for i, b in enumerate(rec.bids):
        if state.phase is not Phase.BIDDING:
            raise RecordError(f"bids[{i}]: bid {bid_code(b)!r} after the bidding ended")
        if b not in state.legal_actions():
            if auction:
                raise RecordError(f"bids[{i}]: {bid_code(b)!r} is not a legal call now")
            rnd = 1 if len(state.bids) < 4 else 2
            raise RecordError(f"bids[{i}]: {bid_code(b)!r} is not a bid of round {rnd}")
        state.apply(b)
    if state.taker is None or state.phase is Phase.BIDDING:
        if auction and state.phase is Phase.BIDDING:
            raise RecordError("the auction is unfinished (three passes end it)")
        raise RecordError("the bids never reach a taker")
    if not auction and not rec.hands[state.taker] >> rec.turned & 1:
        raise RecordError(f"the turned card {code(rec.turned)} is not in the taker's hand")
    for i, entry in enumerate(rec.plays):
        if state.phase is not Phase.PLAY:
            raise RecordError(f"plays[{i}]: a 33rd card, the hand is over", index=i)
        try:
            c = parse(entry)  # type: ignore[arg-type]
        except ValueError:
            raise RecordError(f"plays[{i}]: unknown card code {entry!r}", index=i) from None
        seat = state.current
        reason = state.why_illegal(c)
        if reason is not None:
            raise RecordError(
                f"plays[{i}]: seat {seat} may not play {code(c)}: {reason.value}",
                index=i,
                seat=seat,
                reason=reason.value,
            )
        state.apply(state.card_action(c, announce=rec.declare_announcements[seat],
                                      belot=rec.declare_beloz))
    return state


def declare_choices(state: HandState) -> tuple[list[bool], bool]:
    """A record's ``declare_announcements`` and ``declare_beloz`` for ``state``: what each
    seat's cards declared so far (a seat yet to play its first card declares).  A record
    has one belot flag: a hand with any belot card played quietly is written as not
    declaring, which scores the same (a pair scores only when said)."""
    seats = [not state.quiet_announcements >> s & 1 for s in range(4)]
    return seats, not state.quiet_belot


def verdict(state: HandState) -> dict[str, Any]:
    """The verdict of RULES.md §10 / §10.1 for a replayed hand (finished or not)."""
    assert state.contract is not None and state.taker is not None
    rules = state.ruleset
    tricks: list[dict[str, Any]] = [
        {"leader": t.leader, "cards": [code(c) for c in t.cards], "winner": t.winner}
        for t in state.tricks
    ]
    if state.trick:
        tricks.append(
            {"leader": state.leader, "cards": [code(c) for c in state.trick], "winner": None}
        )
    declared = [[a.to_json() for a in anns] for anns in state.declared]
    done = state.is_terminal()
    out: dict[str, Any] = {
        "ok": True,
        "trump": state.contract.code,
        "taker": state.taker,
        "tricks": tricks,
        "card_points": list(state.points),
        "dix_de_der": None,
        "capot": None,
        "announcements": {"declared": declared, "valid_team": None, "points": None},
        "beloz": list(state.beloz_points()),
        "outcome": None,
        "score": None,
        "escrow_out": None,
        "finished": done,
    }
    by_category = rules.announcement_rule is AnnouncementRule.BY_CATEGORY
    if state.tricks and rules.announcements:
        result = state.announcement_result()
        out["announcements"]["valid_team"] = (
            {"sequences": result.sequences_team, "carres": result.carres_team}
            if by_category
            else result.valid_team
        )
    if not rules.announcements:
        out["announcements"]["points"] = [0, 0]  # RULES.md §10.1 (sans annonces)
    bulgarian = rules.scoring is Scoring.BULGARIAN
    if bulgarian:
        out["contract"] = {
            "call": state.contract.code,
            "taker": state.taker,
            "multiplier": state.multiplier,
        }
        out["raw"] = None
    if done:
        r = state.result()
        out.update(
            dix_de_der=r.dix_de_der,
            capot=r.capot,
            outcome=r.outcome.value,
            score=list(r.score),
            escrow_out=r.escrow_out,
            beloz=list(r.beloz),
        )
        out["announcements"]["points"] = list(r.announcement_points)
        if bulgarian and r.raw is not None:
            out["raw"] = list(r.raw)
    return out


def replay_record(doc: object) -> HandState:
    """The hand a record document describes, replayed: the one validation of a record, the
    record checker's and the review's (``beloz.ai.review``); raises RecordError."""
    return replay(validate(doc))


def check(doc: object) -> dict[str, Any]:
    """The verdict for a record document, or the error verdict; never raises."""
    try:
        return verdict(replay_record(doc))
    except RecordError as e:
        return e.to_json()


def load(text: str | bytes) -> object:
    """Parse a record's JSON (text, or UTF-8 bytes); raises RecordError for anything that
    is not JSON: invalid UTF-8, syntax, an int too long to convert, nesting too deep."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return json.loads(text)
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}") from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e}") from None
    except ValueError:  # int() refuses numbers of more than sys.get_int_max_str_digits()
        raise RecordError("not valid JSON: a number too long to read") from None


def dump(state: HandState) -> dict[str, Any]:
    """A hand state as a record (the complete hands after the deal, the moves so far)."""
    # A Bulgarian auction has a taker (the highest call) before it ends, when the hands
    # hold 5 cards: a record of that would be refused by ``check`` (8 cards per hand).
    if state.taker is None or state.phase is Phase.BIDDING:
        raise ValueError("only a hand whose bidding ended with a taker has a record")
    played: list[int] = [c for t in state.tricks for c in t.cards] + list(state.trick)
    hands = list(state.hands)
    seat_of = {}
    for t in state.tricks:
        for i, c in enumerate(t.cards):
            seat_of[c] = (t.leader + state.ruleset.direction * i) % 4
    for i, c in enumerate(state.trick):
        seat_of[c] = (state.leader + state.ruleset.direction * i) % 4
    for c, s in seat_of.items():
        hands[s] |= 1 << c
    announce, belot = declare_choices(state)
    return {
        "format": FORMAT,
        "ruleset": state.ruleset.name,
        "dealer": state.dealer,
        "hands": [[code(c) for c in _sorted(h)] for h in hands],
        "turned": None if state.turned == NO_CARD else code(state.turned),
        "bids": [action_code(b) for b in state.bids],
        "declare_announcements": announce,
        "declare_beloz": belot,
        "plays": [code(c) for c in played],
        "escrow_in": state.escrow_in,
    }


def _sorted(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


#: The largest record the command reads (a real one is a few kB).
MAX_BYTES = 1_000_000
EXIT_VALID, EXIT_INVALID, EXIT_USAGE, EXIT_OUTPUT = 0, 1, 2, 3
USAGE = "usage: python -m beloz.rules.record FILE|-  (FILE: a regular file, - for stdin)"
HELP = f"""{USAGE}
Check a beloz-hand/1 record and print its verdict as one line of JSON.
Exit status: 0 a valid record, 1 an invalid one (or input that is not a record),
2 a usage error, 3 the verdict could not be written. A file whose name starts with -
is given as ./NAME or after --."""


class UsageError(Exception):
    """The command was called wrongly: exit ``EXIT_USAGE``."""


def _too_large() -> RecordError:
    return RecordError(f"the record is larger than {MAX_BYTES // 1_000_000} MB "
                       f"({MAX_BYTES} bytes): not checked")


def _read_capped(fd: int) -> bytes:
    """At most ``MAX_BYTES`` + 1 bytes from ``fd`` (RecordError when there are more)."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_BYTES:
        chunk = os.read(fd, MAX_BYTES + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_BYTES:
        raise _too_large()
    return b"".join(chunks)


def read_input(arg: str, stdin: Any = None) -> bytes:
    """The bytes of the record named by ``arg``: ``-`` reads ``stdin`` (a binary stream,
    ``sys.stdin.buffer`` by default), anything else must be a regular file.  UsageError for
    a path that is not a regular file; RecordError for one that cannot be read or is too
    large."""
    if arg == "-":
        stream = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
        if stream is None:  # started with standard input closed (``<&-``)
            raise RecordError("cannot read the record: standard input is closed")
        data = stream.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise _too_large()
        return bytes(data)
    try:
        mode = os.stat(arg).st_mode
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise RecordError(f"cannot read the record: {e}") from None
    if not stat.S_ISREG(mode):
        raise UsageError(f"{arg} is not a regular file. {USAGE}")
    try:
        # O_NONBLOCK: a file swapped for a named pipe after the stat must not hang the open.
        fd = os.open(arg, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise RecordError(f"cannot read the record: {e}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UsageError(f"{arg} is not a regular file. {USAGE}")
        return _read_capped(fd)
    except OSError as e:
        raise RecordError(f"cannot read the record: {e}") from None
    finally:
        os.close(fd)


def run(args: list[str], stdin: Any = None, stdout: Any = None) -> int:
    """The command on ``args`` (without the program name): prints one JSON line on
    ``stdout`` and returns the exit status (``EXIT_VALID``, ``EXIT_INVALID``,
    ``EXIT_USAGE``, or ``EXIT_OUTPUT`` when that line could not be written)."""
    out = stdout if stdout is not None else sys.stdout
    status = EXIT_INVALID
    if args in (["-h"], ["--help"]):
        return EXIT_VALID if write_output(HELP + "\n", out, "the help") else EXIT_OUTPUT
    try:
        if args[:1] == ["--"]:  # the end of the options: what follows is the file
            args = args[1:]
        elif args and args[0] != "-" and args[0].startswith("-"):
            raise UsageError(f"unknown option {args[0]!r} (a file named so: ./{args[0]}). "
                             f"{USAGE}")
        if len(args) != 1:
            raise UsageError(USAGE)
        result = check(load(read_input(args[0], stdin)))
        if result.get("ok"):
            status = EXIT_VALID
    except UsageError as e:
        result = {"ok": False, "error": str(e), "index": None}
        status = EXIT_USAGE
    except RecordError as e:
        result = e.to_json()
    except OSError as e:  # stdin closed or unreadable
        result = {"ok": False, "error": f"cannot read the record: {e}", "index": None}
    # ASCII: a record may hold lone surrogates ("\ud800"), which no stdout could encode.
    return status if write_output(json.dumps(result) + "\n", out, "the verdict") else EXIT_OUTPUT


def write_output(text: str, out: Any, what: str) -> bool:
    """Write ``text`` to ``out`` (a text stream, None when standard output is closed) and
    flush it; False, after a line on standard error naming ``what`` was lost, when it
    cannot be written (closed, a broken pipe, a full disk).  Shared with the review's
    command line."""
    why = "standard output is closed"
    if out is not None:
        try:
            out.write(text)
            out.flush()
            return True
        except (OSError, ValueError) as e:  # ValueError: a stream closed in this process
            why = f"{getattr(e, 'strerror', None) or e}"
            _quiet(out)
    try:
        print(f"cannot write {what}: {why}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # no standard error either: the status says it
        pass
    return False


def _quiet(out: Any) -> None:
    """Point this process's standard output at the null device after a failed write, so the
    interpreter's own flush at exit does not print a second error (and a traceback)."""
    stdout = sys.__stdout__
    if stdout is None or out is not stdout:
        return  # a stream of the caller's (the tests'): theirs to close
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
