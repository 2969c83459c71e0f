"""The game flow's files: what outlives the session (``GameFlow`` inherits it).

The save after every bid and expedition, and the one written when the person leaves at any
step (``leave``), so that a resumed match goes on from that very step (``restore``): a hand
complete but not yet scored is scored then, a score screen left is shown again, a cut not
yet dealt is dealt.  The statistics, counted once per deal (``_record_stats``), and the
Progress record of a person's match.  A failed write is said once per file (``_tell``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from beloz.rules.match import Match
from beloz.rules.scoring import HandResult
from beloz.rules.state import HandState
from beloz.ui.flow_types import HandKept, Stage

log = logging.getLogger("beloz.ui.game")


#: Hands and decisions a save's ``hinted`` may name (a hand has at most 8 bids of a
#: turned card, a few dozen calls of an auction, and 32 cards).
_MAX_HANDS, _MAX_ACTIONS = 1000, 200


def _hinted_from_extra(v: object) -> dict[int, set[int]]:
    """The hints followed kept in a save's ``extra`` (``GameFlow.extra``); what is not a
    hand's number and a list of decisions is dropped without a word: at worst a decision
    made with a hint counts as the person's own."""
    out: dict[int, set[int]] = {}
    if not isinstance(v, dict):
        return out
    for key, decisions in list(v.items())[:_MAX_HANDS]:
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 4
                and isinstance(decisions, list)):
            continue
        good = {d for d in decisions[:_MAX_ACTIONS] if isinstance(d, int)
                and not isinstance(d, bool) and 0 <= d < _MAX_ACTIONS}
        if good:
            out[int(key)] = good
    return out


def _belot_from_extra(v: object) -> dict[int, bool]:
    """The computer seats' belot answers kept in a save's ``extra`` (``GameFlow.extra``):
    what is not a seat and a yes or no is dropped (that seat then declares, as by default)."""
    if not isinstance(v, dict):
        return {}
    return {int(k): b for k, b in v.items()
            if k in ("0", "1", "2", "3") and isinstance(b, bool)}


def _cut_from_extra(v: object, match: Match) -> bool:
    """A save's ``cut_at`` is a cut this match's ruleset allows."""
    lo, hi = match.ruleset.min_cut, 32 - match.ruleset.min_cut
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _savegame() -> Any:
    try:
        from beloz import savegame  # the persistence engineer's module

        return savegame
    except ImportError:
        return None


class MatchFiles:
    """The flow's saving, resuming and counting; the attributes are ``GameFlow``'s."""

    match: Match
    hand: HandState | None
    stage: Stage
    seed: int
    level: str
    autoplay: bool
    player_specs: dict[int, str]
    match_id: str
    persist: bool
    record_stats: bool
    save_file: Path | None
    saves: int
    write_failures: int
    used_undo: bool
    uncounted: list[tuple[int, HandState, HandResult | None, int | None, bool]]
    kept: list[HandKept]
    hinted: dict[int, set[int]]
    belot_choice: dict[int, bool]
    cut_at: int | None
    last_hand: HandState | None
    result: HandResult | None
    on_save_error: Callable[[str], None] | None

    def take_hand(self, hand: HandState) -> None:  # GameFlow's
        raise NotImplementedError

    def restore(self, match: Match, hand: object, extra: dict[str, Any]) -> None:
        """Go on from where a saved match stood (``GameFlow.resume``): its hand, whatever
        step it stood at, or what the save's ``extra`` says of the moment between hands."""
        self.hinted = _hinted_from_extra(extra.get("hinted"))
        if isinstance(hand, HandState) and (not hand.is_terminal() or match.is_current(hand)):
            # A hand in progress; or complete, left before its last expedition was gathered
            # (or its all-pass redeal shown): it is scored (or redealt) when play goes on,
            # counted and kept then, as if the table had never closed.
            self.take_hand(hand)
            self.belot_choice = _belot_from_extra(extra.get("belot"))
        elif match.winner() is not None:
            # Left on the last hand's score screen: the match is over (and already counted
            # in the statistics).
            self.stage = Stage.OVER
            self.forget_save()
        elif extra.get("stage") == Stage.SCORE and self.kept and (
                self.kept[-1].number == len(match.history)):
            # Left on a score screen: it is shown again (the hand is counted and kept).
            self.stage = Stage.SCORE
            self.last_hand = self.kept[-1].hand
            self.result = match.history[-1]
        elif extra.get("stage") == Stage.DEAL and _cut_from_extra(extra.get("cut_at"), match):
            # Left once the pack was cut: the same cut is dealt.
            self.stage = Stage.DEAL
            self.cut_at = int(extra["cut_at"])

    def record_progress(self) -> None:
        """Put this match's record in progress.json (the person's counted decisions of its
        reviewed hands, its result once over): only for a person's match counted in the
        statistics (not an autoplay, even with ``--stats``; not screenshots, a window that
        saves nothing, a practice hand's table).
        Never raises: a disk that refuses is reported like a failed save."""
        if not self.record_stats or self.autoplay:  # an autoplay's seat 0 is no person
            return
        try:
            from beloz.practice import progress
            from beloz.practice.queue import today

            winner = self.match.winner()
            result = None if winner is None else ("won" if winner == 0 else "lost")
            record = progress.match_record(self.match_id, self.match.ruleset.name,
                                           self.level, self.kept, self.hinted,
                                           self.used_undo, result, today())
            messages = progress.record_match(record)
        except Exception as exc:  # noqa: BLE001 - progress must never end a game
            log.exception("progress")
            messages = [str(exc)]
        for message in messages:
            self._tell(message)

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed, "level": self.level, "players": dict(self.player_specs),
            "match_id": self.match_id,
        }
        if self.autoplay:
            out["autoplay"] = True
        if self.used_undo:
            out["undo"] = True
        hinted = {str(n): sorted(d) for n, d in self.hinted.items() if d}
        if hinted:
            out["hinted"] = hinted
        # Where the match stands between steps, beyond the match and the hand: a resumed
        # match goes on from the very same point (``resume``).
        if self.stage in (Stage.SCORE, Stage.DEAL):
            out["stage"] = str(self.stage)
        if self.stage == Stage.DEAL and self.cut_at is not None:
            out["cut_at"] = self.cut_at
        if self.hand is not None and self.belot_choice:
            out["belot"] = {str(s): b for s, b in sorted(self.belot_choice.items())}
        return out

    def crash_record(self) -> dict[str, Any] | None:
        """The hand being played (or the one just scored) as a ``beloz-hand/1`` record, for
        a crash log; None between matches."""
        hand = self.hand if self.hand is not None else self.last_hand
        mod = _savegame()
        if hand is None or mod is None:
            return None
        record: dict[str, Any] = mod.hand_record(self.match, hand)
        return record

    def _tell(self, message: str, path: Path | None = None) -> None:
        """Say ``message`` (on ``on_save_error``, else in the log); about the file ``path``,
        once per session: a full disk fails every save and count the same way."""
        if path is not None:
            from beloz import storage

            if not storage.first_telling(path):
                log.debug("%s", message)
                return
        if self.on_save_error is not None:
            try:
                self.on_save_error(message)
            except Exception:  # noqa: BLE001 - a message must not end the game
                log.exception("on_save_error")
        else:
            log.warning("%s", message)

    def _record_stats(self, hand: HandState, result: HandResult | None) -> None:
        """Count a scored hand, and the match when it is over, in stats.json, once: the
        file also records that this deal of this match is counted (one atomic write), so
        a hand replayed from the save after a crash between this write and the save's is
        not counted again.  A disk that refuses is reported like a failed save, once per
        session; the game goes on, and the hand waits in ``uncounted`` for the next count."""
        if not self.record_stats:
            return
        from beloz import stats as stats_mod

        self.uncounted.append((self.match.hands_dealt, hand, result, self.match.winner(),
                               self.used_undo))
        error: str | None = None
        try:
            from beloz import storage

            st, messages = stats_mod.load_stats()
            for m in messages:  # a damaged stats.json was set aside: counting starts again
                storage.log_failure(stats_mod.stats_path(), "stats: %s", m)  # once a file
            counted = 0
            for deal, h, r, winner, undo in self.uncounted:
                if not stats_mod.mark_counted(st, self.match_id, deal, self._resumable):
                    log.info("deal %d of match %s already counted", deal, self.match_id)
                    continue
                counted += 1
                # Every count goes to the totals and to this ruleset's section.
                for counts in (st, st.for_ruleset(self.match.ruleset.name)):
                    if undo:  # counted apart: a taken-back card is not a result
                        stats_mod.record_undo(counts, hand=r is not None,
                                              match=winner is not None)
                    else:
                        if r is not None:
                            stats_mod.record_hand(counts, r, h)
                        if winner is not None:
                            stats_mod.record_match(counts, won=winner == stats_mod.HUMAN_TEAM)
            if counted:
                error = stats_mod.save_stats(st)
        except Exception as exc:  # noqa: BLE001 - statistics must never end a game
            log.exception("statistics")
            error = str(exc)
        if error:
            self.write_failures += 1
            self._tell(error, stats_mod.stats_path())
        else:
            self.uncounted.clear()

    def _resumable(self) -> set[str]:
        """The matches whose count-once marks must stay in stats.json: those that can still
        be resumed (their save is there), whatever the number of matches played since."""
        mod = _savegame()
        if mod is None or not hasattr(mod, "saved_match_ids"):
            return {self.match_id}
        ids: set[str] = mod.saved_match_ids()
        return ids | {self.match_id}

    def save(self) -> None:
        """Save the game (after every bid and every expedition); never raises."""
        if not self.persist:
            return
        if self.uncounted:  # keep the last good save: a resumed match counts these hands
            log.debug("not saved: %d hands of match %s not counted yet", len(self.uncounted),
                     self.match_id)
            return
        mod = _savegame()
        if mod is None or not hasattr(mod, "save_game"):
            return
        try:
            message = mod.save_game(self.match, self.hand, self.extra(), self.kept_to_save(mod),
                                    path=self._save_file(mod))
        except Exception as exc:  # noqa: BLE001 - a failed save must not end the game
            message = str(exc)
        if message:
            self.write_failures += 1
            self._tell(str(message), self._save_file(mod))
        else:
            self.saves += 1

    def leave(self) -> None:
        """The person leaves the table (the window closes, the menu's Leave, a signal):
        save what there is to resume, at whatever step the match stands."""
        if self.stage in (Stage.HAND, Stage.CUT, Stage.DEAL, Stage.SCORE):
            self.save()

    def _save_file(self, mod: Any) -> Path:
        """The file this match is saved in: an autoplay never touches the person's."""
        if self.save_file is not None:
            return self.save_file
        path: Path = mod.autoplay_save_path() if self.autoplay else mod.save_path()
        return path

    def kept_to_save(self, mod: Any) -> list[Any]:
        """The match's kept hands as the save file keeps them (practice hands stay out)."""
        return [mod.KeptHand(k.number, k.hand, k.review) for k in self.kept if not k.practice]

    def save_reviews(self) -> None:
        """Save again once a review is computed, so that it outlives the session (not once
        the match is over: its save is gone, there is nothing to continue)."""
        if self.match.winner() is None and self.stage != Stage.OVER:
            self.save()

    def forget_save(self) -> None:
        """The match is over: the saved game has nothing left to resume.  A match that was
        not being saved (autoplay, screenshots) leaves the file alone: it is the player's."""
        if not self.persist:
            return
        if self.uncounted:  # its last good save is kept: resumed, it counts them
            log.info("match %s over with %d hands not counted: its save is kept",
                        self.match_id, len(self.uncounted))
            return
        mod = _savegame()
        if mod is None:
            return
        # delete_save logs a failure itself, once per file (storage.log_failure).
        mod.delete_save(self._save_file(mod))
