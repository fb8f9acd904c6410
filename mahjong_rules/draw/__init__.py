"""Pictures of hands, tables, results and whole games, as SVG and one-file HTML.

Standard library only. Every picture is drawn from a view (``rules.view(state, seat)``,
or ``None`` for a spectator) and, for a result, the view's ``last_result``; never from a
state, so a picture can show nothing its viewer may not see. Each function returns an
:class:`Svg` string, which Jupyter shows as a picture.

- :func:`hand_svg`: a hand in mpsz (or tile ids) with its melds.
- :func:`view_svg`: the table of a seat's view or the spectator's.
- :func:`result_svg`: the hand that just ended (yaku or tai items, value, payments).
- :func:`chart_svg`: every seat's points over the hands of a game.
- :func:`replay_html`, :func:`log_html`, :func:`game_html`: the replay viewer, one
  self-contained HTML file (``python -m mahjong_rules view``).

Tiles are our own SVG faces (:mod:`mahjong_rules.draw.faces`); :class:`TileStyle`
turns on the spec's large labels and colour-blind suit borders.

Examples:
    >>> from mahjong_rules.draw import hand_svg
    >>> picture = hand_svg("123m456p789s1122z")
    >>> tiles = picture.split("</defs>")[1]  # after the tile definitions
    >>> picture.startswith("<svg"), tiles.count("<use ")
    (True, 13)

.. versionadded:: 0.3
"""

from mahjong_rules.draw._svg import Svg
from mahjong_rules.draw.chart import chart_svg
from mahjong_rules.draw.faces import TileStyle
from mahjong_rules.draw.hand import hand_svg, meld_tiles
from mahjong_rules.draw.result import result_svg
from mahjong_rules.draw.table import view_svg
from mahjong_rules.draw.viewer import game_html, log_html, replay_html

__all__ = ["Svg", "TileStyle", "chart_svg", "game_html", "hand_svg", "log_html", "meld_tiles",
           "replay_html", "result_svg", "view_svg"]
