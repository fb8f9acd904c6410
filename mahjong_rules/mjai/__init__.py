"""The mjai bot protocol: this library's bots on mjai hosts, mjai bots on this engine.

- :mod:`~mahjong_rules.mjai.messages`: tiles as mjai strings, a seat's actions to and
  from mjai messages (an illegal or malformed answer is a typed rejection);
- :mod:`~mahjong_rules.mjai.events`: the mjai events one reducer step shows a seat,
  from its views only;
- :mod:`~mahjong_rules.mjai.stream`: :class:`SeatStream`, a seat's whole event stream
  from the views it is given at its decisions (host side);
- :mod:`~mahjong_rules.mjai.knowledge`: :class:`SeatKnowledge`, a seat's game rebuilt
  from the events it receives, with its view and legal actions (bot side);
- :mod:`~mahjong_rules.mjai.serve`: one of this library's bots over stdin/stdout
  (``python -m mahjong_rules mjai-bot``);
- :mod:`~mahjong_rules.mjai.process`: :class:`MjaiProcessBot`, an external mjai bot
  program as a bot of this library.

``docs/mjai.md`` is the guide for bot authors.

.. versionadded:: 0.3
"""

from mahjong_rules.mjai.events import step_events
from mahjong_rules.mjai.knowledge import SeatKnowledge
from mahjong_rules.mjai.messages import EXTENSION, action_message, answer_action, pai
from mahjong_rules.mjai.process import MjaiProcessBot
from mahjong_rules.mjai.stream import SeatStream

__all__ = [
    "EXTENSION",
    "MjaiProcessBot",
    "SeatKnowledge",
    "SeatStream",
    "action_message",
    "answer_action",
    "pai",
    "step_events",
]
