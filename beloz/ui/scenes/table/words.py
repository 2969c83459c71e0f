"""What the table says: the question's line, the message above it, the banner, and what the
seats say in their bubbles.

``Words`` and ``Bubbles`` are the one owner of each: the scene holds them (``scene.words``,
``scene.bubbles``) and reads the words through (``scene.prompt``, ``scene.message``,
``scene.banner``); the parts change them only through their methods.  ``hud`` draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator


class Words:
    """The lines of the table: the question put to the person (``prompt``), what they are
    told above it (``message``: why a card is refused, a belot that cannot be said), a
    message kept for the person's next question (``kept``), and the banner over the table
    (the first dealer's draw, everybody passed)."""

    def __init__(self) -> None:
        self.prompt = ""
        self.message = ""
        self.kept = ""
        self.banner = ""

    def ask(self, prompt: str) -> None:
        """The question on show (``prompts``)."""
        self.prompt = prompt

    def tell(self, message: str) -> None:
        """Say ``message`` above the question ("": no message)."""
        self.message = message

    def tell_until_next_question(self, message: str) -> None:
        """Say ``message`` now and again at the person's next question (it stays on show
        while the others play)."""
        self.message = self.kept = message

    def next_question(self) -> None:
        """A new question: the message kept for it is said, and no longer kept."""
        self.message, self.kept = self.kept, ""

    def clear(self, message: bool = True) -> None:
        """The question's line goes (answered, or taken back), and the message with it
        unless ``message`` is False."""
        self.prompt = ""
        if message:
            self.message = ""

    def announce(self, banner: str) -> None:
        """The banner over the table ("": none)."""
        self.banner = banner


class Bubble:
    """What a seat says, for ``ttl`` more seconds (None: until released); gold for a bid
    or an announcement; ``kept``: held only because the person asked for bubbles to stay
    (the setting keep_bubbles), until the next bid or card."""

    def __init__(self, seat: int, text: str, ttl: float | None, gold: bool = False,
                 kept: bool = False) -> None:
        self.seat, self.text, self.ttl, self.gold, self.kept = seat, text, ttl, gold, kept


class Bubbles:
    """The speech bubbles on the table, at most one a seat, each for its time."""

    def __init__(self) -> None:
        self._shown: list[Bubble] = []
        self.heard: Callable[[int, str], None] | None = None  # the spoken table (narrate)

    def __iter__(self) -> Iterator[Bubble]:
        return iter(self._shown)

    def __len__(self) -> int:
        return len(self._shown)

    def say(self, seat: int, text: str, ttl: float | None, gold: bool = False,
            kept: bool = False) -> None:
        """``seat`` says ``text`` for ``ttl`` seconds, or with None until ``release`` (or,
        ``kept``, until ``release_kept``), in place of what it said before."""
        self._shown = [b for b in self._shown if b.seat != seat]
        self._shown.append(Bubble(seat, text, ttl, gold, kept))
        if self.heard is not None:
            self.heard(seat, text)

    def count_down(self, dt: float) -> None:
        """``dt`` seconds pass: the bubbles whose time is up go."""
        for b in self._shown:
            if b.ttl is not None:
                b.ttl -= dt
        self._shown = [b for b in self._shown if b.ttl is None or b.ttl > 0]

    @property
    def counting(self) -> bool:
        """A bubble counts down (the table draws while it does; a held one is still)."""
        return any(b.ttl is not None for b in self._shown)

    def release(self) -> None:
        """The bubbles held until now go (the bids, once the first card is played)."""
        self._shown = [b for b in self._shown if b.ttl is not None]

    def release_kept(self) -> None:
        """The bubbles kept for the person go (a bid follows: the bids themselves stay)."""
        self._shown = [b for b in self._shown if not b.kept]

    def clear(self) -> None:
        self._shown = []
