"""The checked readers every file reader shares (``beloz.rules.checked``)."""

from __future__ import annotations

import pytest

from beloz.rules import checked


class Bad(ValueError):
    pass


def test_each_reader_gives_the_value_typed() -> None:
    assert checked.integer(3, "n", 0, 3) == 3
    assert checked.number(-2.5, "x", 10) == -2.5
    assert checked.number(0, "x", 10, lo=0) == 0
    assert checked.boolean(False, "b") is False
    assert checked.list_of([1, 2], "l", 2) == [1, 2]
    assert checked.mapping({"a": 1}, "m") == {"a": 1}
    assert checked.pair([4, 5], "p") == (4, 5)
    assert checked.cards(["N8", "S1"], "c") == [checked.card("N8", "c"), checked.card("S1", "c")]
    assert sorted(checked.pack([f"{p}{r}" for p in "NESW" for r in "12345678"], "pack")) \
        == list(range(32))


@pytest.mark.parametrize("read, message", [
    (lambda e: checked.integer(True, "dealer", error=e), "dealer: not a whole number"),
    (lambda e: checked.integer(4, "dealer", 0, 3, error=e), "dealer: 4 out of range"),
    (lambda e: checked.number(float("nan"), "x", 10, error=e), "x: nan is not a number"),
    (lambda e: checked.number(-0.5, "loss", 10, lo=0, error=e),
     "loss: -0.5 is not a number from 0 to 10"),
    (lambda e: checked.boolean(1, "flag", error=e), "flag: not true/false"),
    (lambda e: checked.list_of([1], "scores", 2, error=e), "scores: expected a list of 2"),
    (lambda e: checked.mapping([], "match", error=e), "match: expected an object"),
    (lambda e: checked.pair([1, "2"], "score", error=e), "score: not a whole number"),
    (lambda e: checked.card("X9", "turned", error=e), "turned: unknown card code 'X9'"),
    (lambda e: checked.pack(["N8"] * 32, "pack", error=e), "pack: not the 32 cards once each"),
])
def test_a_bad_value_raises_the_callers_error_naming_the_field(read, message) -> None:
    with pytest.raises(Bad, match=message):
        read(Bad)
    with pytest.raises(ValueError, match=message):  # ValueError when the caller gives none
        read(ValueError)


def test_says_words_the_failure_the_callers_way() -> None:
    with pytest.raises(Bad, match="^bad seat$"):
        checked.integer("0", "seat", 0, 3, error=Bad, says="bad seat")
