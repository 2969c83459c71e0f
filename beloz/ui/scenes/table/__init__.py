"""The card table, in parts whose names say what they hold:

- ``layout``: where every card, plate, button and prompt goes (pure);
- ``animations``: how each step is shown, one function per step kind;
- ``input``: mouse, keys and hover, turned into the scene's intents;
- ``prompts``: the questions put to the person (bid, cut, deal, play, declare, BeloZ);
- ``card_play``: the person's card: why it is refused, its questions asked in turn, then
  the play; what a played card says;
- ``hud`` and ``plates``: drawing only (panels, prompts, bubbles, name plates);
- ``zones``: which card lies where, read off the flow;
- ``jobs``: computer players' decisions off the frame loop;
- ``paint``: fonts, cached text and panels, plain chips;
- ``texts``: English fallbacks and the illegal-card reasons' keys;
- ``words``: what the table says (the question, the message, the banner) and the seats'
  bubbles, each with its one owner;
- ``steps``: the step loop: begin the flow's next step, animate its value, apply it;
- ``match_flow``: the match the table opens on (resumed, or new from the settings);
- ``scene``: ``TableScene``, which wires them to ``GameFlow`` and the worker;
- ``screenshots``: the table in named states for ``main.py --screenshot``.
"""

from beloz.ui.scenes.table.scene import TableScene
from beloz.ui.scenes.table.screenshots import screenshot_scene
from beloz.ui.scenes.table.texts import FALLBACK, REASON_KEYS
from beloz.ui.scenes.table.words import Bubble

__all__ = ["FALLBACK", "REASON_KEYS", "Bubble", "TableScene", "screenshot_scene"]
