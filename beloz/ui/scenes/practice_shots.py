"""The Practice screen's screenshots (``--scene practice...``, the sweep): the first
built-in problem of the chosen ruleset, answered, played on, or its bidding problem with
the most calls to choose from."""

from __future__ import annotations

from beloz.practice.queue import Queue
from beloz.ui.app_protocol import App
from beloz.ui.scenes.practice import PracticeScene, practice_list


def screenshot_practice(app: App, answered: bool = False, play_on: bool = False,
                        calls: bool = False) -> PracticeScene:
    """``--scene practice``: the first built-in problem of the chosen ruleset (the person's
    own queue is not shown); ``practice_answer``: the same, answered with a legal card that
    is not right, so that the verdict, the values and the reason show; ``practice_play``:
    then played on, the table at the decision; ``practice_calls`` (``calls``): its bid or
    call problem with the most buttons (an auction's Pass, contracts, Double...)."""
    ruleset = getattr(getattr(app, "settings", None), "ruleset", "beloz")
    scene = PracticeScene(app, problems=practice_list(Queue(), ruleset))
    scene.ruleset, scene.chooses = ruleset, True  # the selector shown, the queue not read
    scene.queue = Queue()
    if calls:
        bids = [i for i, p in enumerate(scene.problems) if p.kind != "card"]
        if bids:
            scene.start(max(bids, key=lambda i: len(scene.problems[i].legal())))
    app.push(scene)
    p = scene.problem
    if (answered or play_on) and p is not None:
        scene.choose(next((a for a in p.legal() if not p.is_right(a)), p.best))
    if play_on and p is not None:
        from beloz.ui.scenes.table.replay import play_on as play

        play(app, p, scene, seed=getattr(app, "seed", None) or 1)
    return scene
