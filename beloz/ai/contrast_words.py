"""A contrast (``beloz.ai.contrast``: why one card rather than another, from the sampled
deals) in words: ``sentence`` (keys ``teach.contrast.*``) and, for a threshold, the contract,
the capot or the last expedition at stake, ``threshold_sentence``."""

from __future__ import annotations

from beloz.reasons import Contrast
from beloz.rules.ruleset import Ruleset

from .explain import capot_word, card_word
from .explain import seat_word as explain_seat_word


def _tr(key: str, language: str | None, **kw: object) -> str:
    from beloz.i18n import tr, tr_in

    return tr(key, **kw) if language is None else tr_in(language, key, **kw)


def _lead_some(c: Contrast, language: str | None) -> str:
    """"In 9 of the 40 deals that fit what you have seen", or, when only one deal fits (every
    hidden card placed), "In the only deal that fits what you have seen" (not "1 of the 1")."""
    if c.samples == 1:
        return _tr("teach.contrast.lead_only", language)
    return _tr("teach.contrast.lead_some", language, some=c.count, samples=c.samples)


def _these(c: Contrast, language: str | None) -> str:
    """"these deals account for" (what the best gains in them), "this deal" for one."""
    return _tr("teach.contrast.these", language, count=c.count)


def seat_word(viewer: int, seat: int, language: str | None = None) -> str:
    """A seat as the viewer says it: "your partner"; an opponent by the name of its place
    seen from the viewer, who always sits at the bottom: the table's names for the person
    (seat 0), and the Practice screen's for a problem of any seat (Kito on the right)."""
    return explain_seat_word((seat - viewer) % 4, language)


def sentence(c: Contrast, language: str | None = None, ruleset: Ruleset | None = None) -> str:
    """The reason as one sentence (``ruleset``: its words, the valat for the capot)."""
    if c.key == "threshold":  # the contract, the capot, the last expedition
        return threshold_sentence(c, language, ruleset)
    if c.key == "edge":  # a small edge, never worse (``thresholds.close_from``)
        return _tr("teach.contrast.edge", language,
                   best=card_word(c.best, "name", c.trump, language),
                   other=card_word(c.other, "name", c.trump, language),
                   samples=c.samples, count=c.count)
    if c.key == "close":  # a close call (``thresholds.close_from``)
        lead = _lead_some(c, language)
        return _tr("teach.contrast.close", language,
                   best=card_word(c.best, "name", c.trump, language),
                   other=card_word(c.other, "name", c.trump, language),
                   lead=lead[:1].lower() + lead[1:])  # within the sentence
    trump = c.trump
    kw: dict[str, object] = {
        "best": card_word(c.best, "name", trump, language),
        "other": card_word(c.other, "name", trump, language),
    }
    if c.basis == "points":
        kw["lead"] = _lead_some(c, language)
    elif c.share >= 100:
        kw["lead"] = _tr("teach.contrast.lead_all", language)
    else:
        kw["lead"] = _tr("teach.contrast.lead", language, share=c.share)
    if c.card is not None:
        kw["card"] = card_word(c.card, "the", trump, language)
    if c.holder is not None:
        kw["seat"] = seat_word(c.viewer, c.holder, language)
    if c.expedition is not None:
        kw["n"] = c.expedition
    if c.plain is not None:
        kw["plain"] = _tr(f"table.plain.{c.plain}", language)
    if c.fate is not None:
        kw["fate"] = _tr(f"teach.contrast.fate.{c.fate}", language)
    if c.key in ("now_win", "now_keep", "now_lose"):
        kw["holder"] = _tr(f"teach.contrast.{'has_played' if c.visible else 'holds'}",
                           language, **kw)
    elif c.key in ("now_win_card", "now_keep_card", "now_lose_card"):
        kw["holder"] = _tr(
            f"teach.contrast.{'has_played_team' if c.visible else 'holds_team'}", language,
            **kw)
    if c.key == "contract":
        assert c.contract is not None
        fact = _tr(f"teach.contrast.contract_only.{c.contract}", language, **kw)
        tail = ""
    elif c.key == "trumps":
        fact = _tr("teach.contrast.trumps", language, **kw, count=c.intercepts)
        tail = "" if c.contract is None else _tr(f"teach.contrast.contract.{c.contract}",
                                                  language, **kw)
    else:
        key = c.key.removesuffix("_card") if c.key.startswith("now_") else c.key
        if key.startswith("now_") and c.known and not c.visible:
            # The seat is known to hold the card: said as a fact, then the share of the
            # deals where the rest holds ("Kito holds the crocodile, as you know from the
            # play. In 60% of the deals ...").
            key += "_known"
        elif key.startswith("now_") and c.visible:
            # The card is on the table in every deal: said before the share, which counts
            # only what the deals still differ on ("Juma has played the crocodile: your
            # lion would lose to it. In 7 of the 40 deals ...").
            key += "_seen"
        fact = _tr(f"teach.contrast.{key}", language, **kw)
        tail = "" if c.contract is None else _tr(f"teach.contrast.contract.{c.contract}",
                                                  language, **kw)
    end = "end_points" if c.basis == "points" else "end"
    text = _tr(f"teach.contrast.{end}", language, fact=fact, contract=tail, count=c.points,
               weight=c.weight, best=kw["best"], other=kw["other"], these=_these(c, language))
    return text[:1].upper() + text[1:]


def _announced(points: int, language: str | None) -> str:
    """" and 50 in announcements" after a team's card points, or nothing."""
    return _tr("teach.contrast.threshold.announced", language, n=points) if points else ""


def threshold_sentence(c: Contrast, language: str | None = None,
                       ruleset: Ruleset | None = None) -> str:
    """A threshold (``thresholds.threshold_from``) as words: keys
    ``teach.contrast.threshold.*``."""
    kw: dict[str, object] = {
        "capot": capot_word(ruleset, language),
        "best": card_word(c.best, "name", c.trump, language),
        "other": card_word(c.other, "name", c.trump, language),
        "have": c.have, "theirs": c.theirs, "weight": c.weight, "these": _these(c, language),
        "have_points": _tr("teach.contrast.threshold.card_points", language, count=c.have),
        "lead": _lead_some(c, language),
        "have_announced": _announced(c.have_announced, language),
        "theirs_announced": _announced(c.theirs_announced, language),
    }
    kind = c.threshold
    if kind == "contract":
        x, b = (c.swing or "made-made").split("-")
        kw["whose"] = _tr(f"teach.contrast.threshold.whose_{c.contract}", language)
        kw["other_outcome"] = _tr(f"teach.contrast.threshold.outcome.{x}", language)
        kw["best_outcome"] = _tr(f"teach.contrast.threshold.outcome.{b}", language)
        # a redoubled contract is said so (teacher set U, bulgare-2127: "doubled: ×4")
        said = "redoubled" if c.multiplier >= 4 else "doubled"
        kw["doubled"] = ("" if c.multiplier == 1 else
                         _tr(f"teach.contrast.threshold.{said}", language, n=c.multiplier))
        return _tr("teach.contrast.threshold.contract", language, **kw)
    if kind == "capot":
        return _tr(f"teach.contrast.threshold.capot_{c.swing}", language, **kw)
    return _tr("teach.contrast.threshold.last", language, **kw)


__all__ = ["seat_word", "sentence", "threshold_sentence"]
