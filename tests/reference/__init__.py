"""An independent reference for hand records (RULES.md §10 and §10.1), written from the rules
text only, with a generator of records and a field-by-field comparison with the engine.

- ``verdict.py``: ``check(doc) -> dict``, the verdict of §10 / §10.1 for all four rulesets;
- ``generate.py``: random, planted and corrupted records of every ruleset;
- ``compare.py``: ``python -m tests.reference.compare --ruleset NAME --n 5000 --seed S``.

Nothing here imports ``beloz.rules`` except ``compare.py``, which calls the engine's public
``beloz.rules.record.check`` to compare its verdicts with these.
"""
