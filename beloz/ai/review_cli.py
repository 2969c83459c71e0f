"""The review's command line: ``python -m beloz.ai.review RECORD --seat S [--json]``
rates the cards of a ``beloz-hand/1`` record; ``python -m beloz.ai.review --save [PATH]
[--hand N [--seat S] [--export-record FILE [--force]]]`` lists the hands kept in the game's
save, rates one (its bids and cards, as the game's own review) or writes it as a record.

Apart from ``review`` because it reads the save (``savegame``): the analysis imports
neither the save nor this module.  The save is below the AI: it reads and writes reviews
through ``beloz.review_store`` (``review_to_dict`` / ``review_from_dict``).  The text and
JSON output of a review (``review_text``, ``review_json``, ``rating_json``) is here.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from beloz.review_store import Rating, Review, noise_to_json
from beloz.rules.record import replay_record
from beloz.rules.ruleset import Ruleset
from beloz.rules.state import action_code

from . import review
from .contrast import sentence as contrast_sentence
from .explain import sentence

# -- the command line ----------------------------------------------------------------------

#: Exit statuses, as the record checker's (``python -m beloz.rules.record``).
EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class _Fail(Exception):
    """A one-line message for the player and the exit status that goes with it."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message.replace("\n", "\\n"))
        self.status = status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m beloz.ai.review",
        usage="%(prog)s RECORD --seat S [--json] [--lang en|fr]\n"
              "       %(prog)s --save [PATH] [--hand N [--seat S] [--export-record FILE "
              "[--force]]] [--json] [--lang en|fr]",
        description="Rate each decision of a seat in a hand: the cards of a beloz-hand/1 "
                    "record, or the bids and the cards of a hand kept in the game's save.",
    )
    parser.add_argument("record", nargs="?", metavar="RECORD",
                        help="a beloz-hand/1 record file, or - for standard input")
    parser.add_argument("--save", nargs="?", const="", metavar="PATH",
                        help="the game's save instead of a record (savegame.json in the "
                             "game's data folder, or PATH); without --hand, its kept hands "
                             "are listed")
    parser.add_argument("--hand", type=int, metavar="N",
                        help="with --save: the hand to review, its number in the match")
    parser.add_argument("--seat", type=int, choices=range(4), metavar="S",
                        help="the seat to review, 0..3 (with --save: 0, the player, unless "
                             "given)")
    parser.add_argument("--export-record", metavar="FILE",
                        help="with --save --hand N: write the hand as a beloz-hand/1 record "
                             "to FILE (- for standard output) instead of reviewing it; "
                             "an existing FILE is left alone unless --force")
    parser.add_argument("--force", action="store_true",
                        help="with --export-record: replace FILE if it exists")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def main(argv: list[str] | None = None) -> int:
    """``python -m beloz.ai.review RECORD --seat S [--json] [--lang en|fr]``, or
    ``python -m beloz.ai.review --save [PATH] [--hand N [--seat S] [--export-record FILE
    [--force]]]``: 0 ok, 1 invalid or missing record or save (or no such hand in it),
    2 usage, 3 the output could not be written (closed, a broken pipe, a full disk: a line
    on standard error says so).  Every error is one line (JSON with ``--json``) on standard
    output; the save is only read."""
    import contextlib
    import io
    from contextlib import redirect_stdout

    from beloz.rules.record import EXIT_OUTPUT, write_output

    # A path that is not valid UTF-8 (byte 0xff) shows as \xff on a strict UTF-8 output
    # (PYTHONIOENCODING=utf-8:strict), rather than the output lost (status 3).
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    # Everything is printed at the end, in one write whose failure is caught here.
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        status = _run(sys.argv[1:] if argv is None else argv)
    if not write_output(buffer.getvalue(), sys.stdout, "the output"):
        return EXIT_OUTPUT
    return status


def _run(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return EXIT_OK if e.code == 0 else EXIT_USAGE
    try:
        return _main_save(args) if args.save is not None else _main_record(args)
    except _Fail as fail:
        if args.json:
            print(json.dumps({"ok": False, "error": str(fail), "index": None},
                             ensure_ascii=False))
        else:
            print(fail)
        return fail.status


def _main_record(args: argparse.Namespace) -> int:
    from beloz.rules.record import RecordError, UsageError, load, read_input

    if args.record is None:
        raise _Fail("give a RECORD file, or --save for the game's save", EXIT_USAGE)
    if args.hand is not None or args.export_record is not None or args.force:
        raise _Fail("--hand, --export-record and --force go with --save", EXIT_USAGE)
    if args.seat is None:
        raise _Fail("--seat S is needed: the seat to review, 0..3", EXIT_USAGE)
    try:
        # As the record command reads it: a regular file (a named pipe would hang the read,
        # a link to /dev/zero never end it) or standard input, within the size of a record.
        doc = load(read_input(args.record))
        rv = review.review_record(doc, args.seat)
        ruleset = replay_record(doc).history()[0].ruleset  # its words (the valat)
    except UsageError:
        raise _Fail(f"cannot read the record: {args.record} is not a regular file",
                    EXIT_USAGE) from None
    except RecordError as e:
        err = e.to_json()
        print(json.dumps(err, ensure_ascii=False) if args.json else f"invalid record: {e}")
        return EXIT_INVALID
    except (OSError, ValueError) as e:  # ValueError: not UTF-8, or a NUL in the path
        raise _Fail(f"cannot read the record: {e}") from None
    if args.json:
        out = review_json(rv, args.lang, ruleset)
        out["bids"] = review.BIDS_NOT_RATED
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(review_text(rv, args.lang, ruleset))
        print(review.BIDS_NOT_RATED[:1].upper() + review.BIDS_NOT_RATED[1:] + ".")
    return EXIT_OK


def _main_save(args: argparse.Namespace) -> int:
    from pathlib import Path

    from beloz import savegame

    if args.record is not None:
        raise _Fail("give either a RECORD or --save, not both", EXIT_USAGE)
    if args.hand is None and (args.seat is not None or args.export_record is not None):
        raise _Fail("--seat and --export-record need --hand N (without it the hands kept "
                    "in the save are listed)", EXIT_USAGE)
    if args.force and args.export_record in (None, "-"):
        raise _Fail("--force goes with --export-record FILE (it lets FILE be replaced)",
                    EXIT_USAGE)
    path = Path(args.save) if args.save else savegame.save_path()
    saved = _read_save(path)
    if args.hand is None:
        _list_kept(saved, path, args.json)
        return EXIT_OK
    kept = _kept_hand(saved, args.hand, path)
    if args.export_record is not None:
        return _export_record(saved, kept, args.export_record, path, args.json, args.force)
    seat = 0 if args.seat is None else args.seat
    rv, source = review_kept(kept, seat)
    if args.json:
        out = review_json(rv, args.lang, kept.hand.ruleset)
        out.update(hand=kept.number, ruleset=kept.hand.ruleset.name, source=source)
        print(json.dumps(out, ensure_ascii=False))
    else:
        how = ("the review the game saved" if source == "saved"
               else "reviewed now, as the game reviews it")
        print(f"Hand {kept.number} of the saved match ({kept.hand.ruleset.name}), "
              f"seat {seat}: {how}.")
        print(review_text(rv, args.lang, kept.hand.ruleset))
    return EXIT_OK


def review_kept(kept: Any, seat: int) -> tuple[Review, str]:
    """The review of ``seat`` in a hand kept in the save (``savegame.KeptHand``) and where it
    comes from: ``"saved"``, the game's own review of that seat kept with the hand (what the
    player saw), or ``"computed"`` now by ``review.review_hand`` from the hand's deal, exactly as
    the game's review computes it (bids and calls included)."""
    if kept.review is not None and kept.review.seat == seat:
        return kept.review, "saved"
    start, actions = kept.hand.history()
    return review.review_hand(start, actions, seat), "computed"


def _read_save(path: Any) -> Any:
    from beloz import savegame

    try:
        return savegame.read_game(path)
    except FileNotFoundError:
        raise _Fail(f"no saved game at {path} (the game saves the match in progress "
                    "there, and deletes it when the match is over)") from None
    except OSError as e:
        raise _Fail(f"cannot read the saved game {path}: {e.strerror or e}") from None
    except savegame.BadSave as e:
        raise _Fail(f"cannot review the saved game {path}: {e}") from None
    except ValueError as e:  # a NUL in the path
        raise _Fail(f"cannot read the saved game {str(path)!r}: {e}") from None


def _kept_hand(saved: Any, number: int, path: Any) -> Any:
    for kept in saved.kept:
        if kept.number == number:
            return kept
    numbers = ", ".join(str(k.number) for k in saved.kept) or "none yet"
    why = next((f" ({note})" for note in saved.notes if f"kept hand {number}:" in note), "")
    raise _Fail(f"hand {number} is not kept in {path}{why}; the hands kept: {numbers}")


def _kept_summary(saved: Any, kept: Any) -> dict[str, Any]:
    hand = kept.hand
    result = saved.match.history[kept.number - 1]
    return {
        "hand": kept.number,
        "dealer": hand.dealer,
        "taker": hand.taker,
        "contract": hand.contract.code,
        "multiplier": hand.multiplier,
        "score": list(result.score),
        "reviewed_seat": None if kept.review is None else kept.review.seat,
    }


def _list_kept(saved: Any, path: Any, as_json: bool) -> None:
    match = saved.match
    hands = [_kept_summary(saved, k) for k in saved.kept]
    if as_json:
        print(json.dumps({"ok": True, "save": str(path), "ruleset": match.ruleset.name,
                          "hands_played": len(match.history), "scores": list(match.scores),
                          "kept": hands, "left_out": list(saved.notes)}, ensure_ascii=False))
        return
    print(f"Saved match ({match.ruleset.name}) in {path}: {len(match.history)} hands played, "
          f"score {match.scores[0]}-{match.scores[1]}.")
    if not hands:
        print("No hand kept yet: each hand with a taker is kept when it is finished.")
    else:
        print("Hands kept for review (--hand N [--seat S]):")
    for h in hands:
        times = f" x{h['multiplier']}" if h["multiplier"] > 1 else ""
        reviewed = ("not reviewed yet" if h["reviewed_seat"] is None
                    else f"reviewed for seat {h['reviewed_seat']}")
        print(f"  hand {h['hand']}: dealer seat {h['dealer']}, contract {h['contract']}{times} "
              f"taken by seat {h['taker']}, score {h['score'][0]}-{h['score'][1]}; {reviewed}")
    for note in saved.notes:
        print(f"Left out (it does not read): {note}")


def _export_record(
    saved: Any, kept: Any, target: str, path: Any, as_json: bool, force: bool
) -> int:
    import os
    from pathlib import Path

    from beloz import savegame, storage
    from beloz.rules.record import check

    doc = savegame.hand_record(saved.match, kept.hand)
    verdict = check(doc)
    if not verdict.get("ok"):  # a kept hand is a finished legal hand: not expected
        raise _Fail(f"hand {kept.number} does not make a valid record: {verdict.get('error')}")
    text = storage.dumps(doc)
    if target == "-":
        sys.stdout.write(text)
        return EXIT_OK
    out = Path(target)
    try:
        if out.exists() and os.path.samefile(out, path):
            raise _Fail(f"{out} is the saved game: it is only read, never written",
                        EXIT_USAGE)
        # lexists: a link (even a dangling one) is something the player may want kept too.
        if os.path.lexists(out) and not force:
            raise _Fail(f"{out} already exists: it is left as it is (--force replaces it)",
                        EXIT_USAGE)
        storage.atomic_write_text(out, text)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise _Fail(f"cannot write {target!r}: {getattr(e, 'strerror', None) or e}") from None
    if as_json:
        print(json.dumps({"ok": True, "hand": kept.number, "record": str(out)},
                         ensure_ascii=False))
    else:
        print(f"Hand {kept.number} written to {out} as a beloz-hand/1 record "
              f"(python -m beloz.ai.review {out} --seat S rates its cards).")
    return EXIT_OK


# -- output ------------------------------------------------------------------------------


def rating_json(r: Rating, language: str | None = None,
                ruleset: Ruleset | None = None) -> dict[str, Any]:
    return {
        "number": r.number,
        "kind": r.kind,
        "expedition": r.expedition,
        "chosen": action_code(r.chosen),
        "best": action_code(r.best),
        "expected_chosen": round(r.expected_chosen, 1),
        "expected_best": round(r.expected_best, 1),
        "loss": round(r.loss, 1),
        "noise": noise_to_json(round(r.noise, 1)),
        "label": r.label,
        "why": sentence(r.why, language, ruleset),
        "contrast": None if r.contrast is None else contrast_sentence(r.contrast, language,
                                                                      ruleset),
        "reason": review.reason_sentences(r.why, r.contrast, r.detail, language, ruleset),
        "hindsight": None if r.hindsight_best is None else {
            "chosen": r.hindsight_chosen, "best": r.hindsight_best,
        },
        "options": [
            {"action": action_code(o.action), "expected": round(o.expected, 1),
             "hindsight": o.hindsight, "noise": noise_to_json(round(o.noise, 1))}
            for o in r.options
        ],
    }


def review_json(rv: Review, language: str | None = None,
                ruleset: Ruleset | None = None) -> dict[str, Any]:
    worst = rv.worst
    return {
        "ok": True,
        "seat": rv.seat,
        "points_lost": round(rv.points_lost, 1),
        "worst": None if worst is None else worst.number,
        "decisions": [rating_json(r, language, ruleset) for r in rv.ratings],
    }


def review_text(rv: Review, language: str | None = None,
                ruleset: Ruleset | None = None) -> str:
    lines = [f"Seat {rv.seat}: expected margin (our score minus theirs), Expert's evaluation "
             f"from the seat's view (± its noise: {review.NOISE_SE:g} standard errors of the "
             f"difference, within which a loss is no loss); hindsight = double dummy, all "
             f"hands known."]
    for r in rv.ratings:
        where = "bid" if r.kind == "bid" else f"expedition {r.expedition}"
        head = (f"#{r.number:2d} {where:13s} played {action_code(r.chosen):4s} "
                f"{r.expected_chosen:+7.1f}  best {action_code(r.best):4s} "
                f"{r.expected_best:+7.1f}  lost {r.loss:5.1f} ±{r.noise:4.1f}  "
                f"{'about as good' if r.about_as_good else r.label}")
        if r.hindsight_best is not None:
            head += f"  [hindsight: played {r.hindsight_chosen:+d}, best {r.hindsight_best:+d}]"
        lines.append(head)
        if r.best != r.chosen and not r.forced and not r.about_as_good:
            lines.extend(f"      {text}"
                         for text in review.reason_sentences(r.why, r.contrast, r.detail,
                                                             language, ruleset))
    worst = rv.worst
    summary = f"Points lost in the hand: {rv.points_lost:.1f}."
    if worst is not None:
        summary += (f" Biggest mistake: #{worst.number} {action_code(worst.chosen)} "
                    f"({worst.label}, {worst.loss:.1f}); better {action_code(worst.best)}.")
    lines.append(summary)
    return "\n".join(lines)
