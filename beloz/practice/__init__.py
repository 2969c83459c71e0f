"""Practice: the person's own mistakes and the built-in problems, as problems to solve
again on a spaced-repetition schedule (docs/practice.md).  No pygame here: the Practice
and Progress screens build on this API.

- ``problem``: ``Problem`` (one decision, rebuilt exactly; only the seat's view is shown),
  ``problems_from_kept`` (the mistakes and blunders of a reviewed match, and its bids that
  broke a rule of the bidding guide);
- ``drills``: which of those bids make a drill, and what its answer says;
- ``queue``: ``Queue``, ``practice.json`` (when each problem comes back);
- ``builtin``: the shipped problems of each ruleset (made by ``tools/make_problems.py``);
- ``losses``: the person's counted decisions of a reviewed hand and the points lost;
- ``progress``: ``progress.json``, one record per match (the Progress screen);
- ``level_scale``: the computer levels' own losses (``level_losses.json``, made by
  ``bench/level_losses.py``) and where a person's average stands among them.
"""
