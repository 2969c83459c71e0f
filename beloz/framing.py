"""One story for the numbers (issue 45, point 6): how the options' values are shown, how
sure they are (the "±"), and which options are framed "about as good" — the same rule on
every screen that shows values (the table's hint, the review, a practice answer).

- ``shown_points``: a value on the scale of the score the player sees, never "-0";
- ``spread``: the ± of a set of options' values, in points: ``NOISE_SE`` standard errors of
  the difference between the best option and the runner-up (the closest call the numbers
  make), or less: the smallest such noise among the options it frames, so that every
  option framed is within its own noise too (the review's rating agrees); None when there
  is nothing to say (every option alike, or no noise known);
- ``shown_spread``: that ± as the screen writes it ("±5", "±1,3"), never "±0": a noise
  that rounds to 0 is written with one more digit, and is not written at all below that;
- ``about_as_good``: the options framed as about as good as the best: those whose *shown*
  value is within the *shown* ± of the best's (the same value shown when no ± is shown).
  Monotone by construction: an option framed means every option shown higher is framed
  too.  Options that were not valued (every legal card equivalent) are never framed.

Below the AI (like ``review_store``): the practice problems read it without the search.
"""

from __future__ import annotations

from collections.abc import Sequence

from beloz.i18n import get_language
from beloz.review_store import Option

#: How far below 0 the comparison of shown values may drift by floating point.
_EPS = 1e-9


def _digits(scale: int) -> int:
    return 0 if scale == 1 else 1


def _kept(x: float) -> float:
    """A value or a noise as the save and a practice problem keep it (two decimals): every
    screen rounds and compares these, so that a review read back, or a practice problem,
    frames and shows exactly what the hint did."""
    return x if x == float("inf") else round(x, 2)


def _order(o: Option) -> tuple[float, int]:
    """Best first by the value kept, ties by action: the same order from raw values and
    from kept ones."""
    return -_kept(o.expected), o.action


def _shown(value: float, scale: int, digits: int | None = None) -> float:
    x = round(_kept(value) / scale, _digits(scale) if digits is None else digits)
    return 0.0 if x == 0 else x  # -0.0 too


def shown_points(value: float, scale: int = 1, signed: bool = True,
                 language: str | None = None) -> str:
    """A value on the scale of the score the player sees: whole points, or game points to
    one decimal when the score divides by 10; never a negative zero ("-0")."""
    digits = _digits(scale)
    x = _shown(value, scale)
    text = f"{x:+.{digits}f}" if signed and x != 0 else f"{x:.{digits}f}"
    if (language or get_language()) == "fr":
        text = text.replace(".", ",")
    return text


def shown_gap(high: float, low: float, scale: int = 1) -> float:
    """The difference of two values as ``shown_points`` shows them (each rounded first, on
    the score's scale), in points: the lines of a review add up on screen."""
    return (_shown(high, scale) - _shown(low, scale)) * scale


def spread(options: Sequence[Option], best: int, scale: int = 1) -> float | None:
    """The ± of the options' values (points): a noise (``Option.noise``, of an option's
    difference with the best) that every option framed within it has at least, so that an
    option framed is within its own noise too (the review rates it good).  It starts from
    the runner-up's (the first option below the best's value with a noise known and not
    zero: the closest call) and falls to the smallest noise among the options it frames,
    until they all have at least it.  None when no option has a noise known and not zero
    below the best's value (every option worth the best's, or none measured)."""
    top = _kept(next(o.expected for o in options if o.action == best))
    measured = [o for o in sorted(options, key=_order) if o.action != best
                and _kept(o.expected) != top and 0 < _kept(o.noise) < float("inf")]
    if not measured:
        return None
    noise = _kept(measured[0].noise)
    while True:
        within = [_kept(o.noise) for o in measured
                  if o.action in _framed(options, best, scale, noise)]
        if not within or min(within) >= noise:
            return noise
        noise = min(within)


def _spread_shown(noise: float | None, scale: int) -> tuple[float, int] | None:
    """The ± as shown (its value on the score's scale and its digits), or None when it
    would read 0 even with one more digit than the values."""
    if noise is None:
        return None
    for digits in (_digits(scale), _digits(scale) + 1):
        x = _shown(noise, scale, digits)
        if x > 0:
            return x, digits
    return None


def shown_spread(noise: float | None, scale: int = 1, language: str | None = None
                 ) -> str | None:
    """The ± as the screen writes it, "±5" or "±1,3" (never "±0"), or None."""
    got = _spread_shown(noise, scale)
    if got is None:
        return None
    x, digits = got
    text = f"±{x:.{digits}f}"
    return text.replace(".", ",") if (language or get_language()) == "fr" else text


def about_as_good(options: Sequence[Option], best: int, scale: int = 1,
                  valued: bool = True) -> tuple[int, ...]:
    """The options framed as about as good as ``best``, best first: those whose shown
    value is within the shown ± (``shown_spread`` of ``spread``) of the best's, or shown
    alike when no ± is shown; none when the options were not valued."""
    if not valued:
        return ()
    return _framed(options, best, scale, spread(options, best, scale))


def _framed(options: Sequence[Option], best: int, scale: int,
            noise: float | None) -> tuple[int, ...]:
    got = _spread_shown(noise, scale)
    limit = 0.0 if got is None else got[0]
    top = _shown(next(o.expected for o in options if o.action == best), scale)
    return tuple(o.action for o in sorted(options, key=_order)
                 if o.action != best and top - _shown(o.expected, scale) <= limit + _EPS)


__all__ = ["about_as_good", "shown_gap", "shown_points", "shown_spread", "spread"]
