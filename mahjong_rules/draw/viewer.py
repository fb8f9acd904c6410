"""The replay viewer: one self-contained HTML file of a whole game, built from views only.

:func:`replay_html` takes the game as frames (for each moment, the view of every seat
the file shows: the spectator, one seat, or all of them) and the final result, and
writes one HTML file with no network, CDN or external file: the tile definitions, the
stylesheet and the script are inline, and the frames are sent compactly. Each frame is
the table scene of each view (:func:`~mahjong_rules.draw.table.table_scene`); a zone
(a river, a hand, the centre) that did not change since the last frame is not sent
again, equal zones are sent once, and the whole is gzip-compressed (the browser's
``DecompressionStream`` opens it). Moments at which no included view changed are left
out, so a seat's file steps only through what that seat saw.

The page has a step slider, keys (left/right: a step; shift+left/right: a turn;
up/down: a hand; home/end; 0-3 and s: a seat or the spectator), a seat switch,
``#step=N&seat=S`` links (``seat=spectator`` for the spectator), a result panel for each
hand that ended (the final ranking after the last) and a score chart with one point per
hand.

:func:`log_html` builds the file for a game log (any format ``replay`` reads) and
:func:`game_html` for a self-played game (its final state and its actions).

.. versionadded:: 0.3
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from mahjong_rules import rng
from mahjong_rules.draw._svg import Scene, fmt, quote, zone_data
from mahjong_rules.draw.chart import chart_svg
from mahjong_rules.draw.faces import TileStyle, tile_defs
from mahjong_rules.draw.result import RESULT_STYLE, result_scene
from mahjong_rules.draw.table import TABLE_STYLE, round_label, table_scene
from mahjong_rules.notation import format_ids

if TYPE_CHECKING:
    from mahjong_rules.actions import Action
    from mahjong_rules.engine import Ruleset
    from mahjong_rules.state import State

__all__ = ["Frame", "game_html", "log_html", "replay_html", "state_frames"]

Frame = Mapping[int | None, Mapping[str, Any]]
"""One moment of a game: the view of each included seat (``None``: the spectator)."""
_ENDED: Final = ("hand_over", "game_over")


def _stream_name(stream: int | None) -> str:
    return "spectator" if stream is None else f"seat {stream}"


def _scene_data(scene: Scene) -> dict[str, str]:
    """Each zone of a scene as its JSON text (equal zones give equal texts)."""
    return {zone.name: json.dumps(zone_data(zone), separators=(",", ":"), ensure_ascii=False)
            for zone in scene.zones}


def _tile_text(tile: int) -> str:
    return format_ids([tile], sort=False)


def caption(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    """What changed between two views of one viewer, in words (from the views alone).

    Examples:
        >>> seats = [{"name": "A", "river": [], "melds": [], "hand_size": 13}]
        >>> later = [{"name": "A", "river": [{"tile": 52, "riichi": True}], "melds": [],
        ...           "hand_size": 13}]
        >>> caption({"seats": seats, "phase": "self_action"},
        ...         {"seats": later, "phase": "claims"})
        'A discards 0p, riichi'
    """
    if before is None:
        return f"{round_label(after)} starts" if "round_wind" in after else "start"
    if after.get("phase") in _ENDED and before.get("phase") not in _ENDED:
        return _ending(after)
    if before.get("phase") in _ENDED and after.get("phase") not in _ENDED:
        return f"{round_label(after)} starts"
    words = [word for old, new in zip(before["seats"], after["seats"], strict=True)
             for word in _seat_words(old, new)]
    drawn = after.get("drawn")
    if not words and drawn is not None and drawn != before.get("drawn"):
        words.append(f"you draw {_tile_text(int(drawn))}")
    if not words and after.get("tiles_left", 0) < before.get("tiles_left", 0):
        turn = after.get("turn")
        words.append(f"{after['seats'][turn].get('name', turn)} draws")
    return "; ".join(words)


def _seat_words(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """What one seat did between two views: discards, calls, kita, flowers, ready."""
    name = new.get("name", new.get("seat"))
    words = []
    if len(new["river"]) > len(old["river"]):
        entry = new["river"][-1]
        riichi = ", riichi" if entry.get("riichi") else ""
        words.append(f"{name} discards {_tile_text(int(entry['tile']))}{riichi}")
    if [m["kind"] for m in new["melds"]] != [m["kind"] for m in old["melds"]]:
        meld = next((m for m in new["melds"] if m not in old["melds"]), new["melds"][-1])
        words.append(f"{name} {meld['kind']} {format_ids(meld['tiles'])}")
    words += [f"{name} {key.rstrip('s')} {_tile_text(new[key][-1])}"
              for key in ("kita", "flowers") if len(new.get(key, ())) > len(old.get(key, ()))]
    if new.get("declared") and not old.get("declared"):
        words.append(f"{name} declares ready")
    return words


def _ending(view: Mapping[str, Any]) -> str:
    result = view.get("last_result") or {}
    seats = view["seats"]
    if result.get("kind") == "win":
        wins = [f"{seats[w['seat']].get('name', w['seat'])} "
                f"{'tsumo' if w['from_seat'] is None else 'ron'} {w['points']}"
                for w in result["winners"]]
        return "win: " + ", ".join(wins)
    if result.get("kind") == "abortive":
        return f"abortive draw ({result.get('abort_reason')})"
    return "exhaustive draw"


class _Pool:
    """Equal values stored once; each gets an index."""

    def __init__(self) -> None:
        self.values: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, value: str) -> int:
        index = self._index.get(value)
        if index is None:
            index = self._index[value] = len(self.values)
            self.values.append(value)
        return index


def _final_html(result: Mapping[str, Any] | None) -> str:
    if not result:
        return ""
    rows = "".join(
        f"<tr><td>{entry['rank']}</td><td>{html.escape(str(entry['player']))}</td>"
        f"<td class=num>{entry['points']}</td><td class=num>{entry['score']:+}</td></tr>"
        for entry in result["ranking"])
    return ("<h3>Final ranking</h3><table class=final><tr><th>rank</th><th>player</th>"
            f"<th>points</th><th>score</th></tr>{rows}</table>")


def _scoped(style: str, scope: str) -> str:
    """A stylesheet with each rule's selectors limited to ``scope``."""
    return re.sub(r"(^|})([^{}]+)\{", lambda m: m.group(1) + ",".join(
        f"{scope} {selector.strip()}" for selector in m.group(2).split(",")) + "{", style)


def _pack(data: Mapping[str, Any]) -> str:
    """The data as base64 of gzip-compressed JSON.

    Never with the letters ``http`` in it: base64 could spell them by chance, and then
    padding the JSON changes the bytes.
    """
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    while True:
        packed = base64.b64encode(gzip.compress(text.encode(), mtime=0)).decode()
        if "http" not in packed.lower():
            return packed
        text += " "


class _Builder:
    """The viewer's data, frame by frame."""

    def __init__(self, streams: list[int | None]) -> None:
        self.streams = streams
        self.pool, self.captions = _Pool(), _Pool()
        self.zones: list[str] = []
        self.deltas: dict[int | None, list[list[int]]] = {s: [] for s in streams}
        self.said: dict[int | None, list[int]] = {s: [] for s in streams}
        self.last: dict[int | None, dict[str, str]] = {s: {} for s in streams}
        self.previous: dict[int | None, Mapping[str, Any] | None] = dict.fromkeys(streams)
        self.symbols: set[str] = set()
        self.hands: list[dict[str, Any]] = []
        self.hand_of: list[int] = []
        self.turns: list[int] = []
        self.points: list[list[int]] = []
        self.names: list[str] = []

    def add(self, frame: Frame) -> None:
        """One moment; left out when no included view changed."""
        if list(frame) != self.streams:
            raise ValueError(f"every frame must hold the views of {self.streams}, "
                             f"not {list(frame)}")
        scenes = {s: table_scene(frame[s]) for s in self.streams}
        texts = {s: _scene_data(scenes[s]) for s in self.streams}
        if all(texts[s] == self.last[s] for s in self.streams):
            return
        first = frame[self.streams[0]]
        self.names = [str(seat.get("name", seat.get("seat"))) for seat in first["seats"]]
        self._hand(first)
        self.hand_of.append(len(self.hands) - 1)
        self.turns.append(int(first.get("turn", 0)))
        for stream in self.streams:
            self.symbols |= scenes[stream].symbols()
            changed: list[int] = []
            for name, text in texts[stream].items():
                if self.last[stream].get(name) != text:
                    if name not in self.zones:
                        self.zones.append(name)
                    changed += [self.zones.index(name), self.pool.add(text)]
            self.deltas[stream].append(changed)
            self.last[stream] = texts[stream]
            self.said[stream].append(self.captions.add(caption(self.previous[stream],
                                                               frame[stream])))
            self.previous[stream] = frame[stream]

    def _hand(self, view: Mapping[str, Any]) -> None:
        """Start a hand, or end one with its result and the points after it."""
        label = round_label(view)
        hands = self.hands
        if not hands or hands[-1]["label"] != label or (
                hands[-1]["end"] is not None and view.get("phase") not in _ENDED):
            hands.append({"label": label, "start": len(self.hand_of), "end": None,
                          "result": None})
            if not self.points:
                self.points.append([int(seat["points"]) for seat in view["seats"]])
        hand = hands[-1]
        if view.get("phase") in _ENDED and hand["end"] is None and view.get("last_result"):
            scene = result_scene(view)
            self.symbols |= scene.symbols()
            hand["end"] = len(self.hand_of)
            hand["result"] = [scene.width, scene.height,
                              [[name, self.pool.add(text)] for name, text in
                               _scene_data(scene).items()]]
            self.points.append([int(seat["points"]) for seat in view["seats"]])

    def data(self, style: TileStyle) -> dict[str, Any]:
        """The data the page's script reads."""
        return {
            "prefix": style.prefix(), "scale": 0.8, "size": 600, "zones": self.zones,
            "pool": [json.loads(text) for text in self.pool.values],
            "captions": self.captions.values,
            "streams": [_stream_name(s) for s in self.streams],
            "seats": [-1 if s is None else s for s in self.streams],
            "frames": [self.deltas[s] for s in self.streams],
            "said": [self.said[s] for s in self.streams],
            "hand": self.hand_of, "turn": self.turns, "hands": self.hands,
            "names": self.names,
        }


def replay_html(frames: Iterable[Frame], *, result: Mapping[str, Any] | None = None,
                title: str = "mahjong_rules replay", style: TileStyle | None = None) -> str:
    """The replay viewer of a game as one self-contained HTML page.

    Args:
        frames: the game's moments in order, each the view of every included seat
            (the same seats in every frame; ``None`` is the spectator).
        result: the game's final result (``rules.result(state)``), shown after the last
            frame.
        title: the page's title.
        style: the tile style.

    Raises:
        ValueError: no frames, or frames that do not all hold the same seats.
    """
    style = style or TileStyle()
    builder: _Builder | None = None
    for frame in frames:
        if builder is None:
            builder = _Builder(list(frame))
        builder.add(frame)
    if builder is None or not builder.hand_of:
        raise ValueError("no frames")
    labels = [str(h["label"]) for h in builder.hands if h["end"] is not None]
    chart = chart_svg(builder.points, builder.names, labels, standalone=False)
    page = _Page(title=title, style=style, symbols=builder.symbols, chart=chart,
                 final=_final_html(result))
    return page.html(builder.data(style))


class _Page(NamedTuple):
    title: str
    style: TileStyle
    symbols: set[str]
    chart: str
    final: str

    def html(self, data: Mapping[str, Any]) -> str:
        """The page around ``data``."""
        return _page(self, data)


def _page(page: _Page, data: Mapping[str, Any]) -> str:
    title, style, symbols, chart, final = page
    here = resources.files("mahjong_rules.draw")
    script = here.joinpath("viewer.js").read_text(encoding="utf-8")
    sheet = here.joinpath("viewer.css").read_text(encoding="utf-8")
    sheet += _scoped(TABLE_STYLE, "#table") + _scoped(RESULT_STYLE, "#result")
    defs = tile_defs(symbols, style)
    size = fmt(float(data["size"]))
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{quote(title)}</title><style>{sheet}</style></head><body>"
        f"<header><h1>{quote(title)}</h1><label>seat <select id=seat></select></label>"
        '<span id=where></span></header><main><section id=board>'
        f'<svg id=table viewBox="0 0 {size} {size}" font-family="sans-serif">'
        f'<rect width="{size}" height="{size}" fill="#2b5d47"/><g id=zones '
        f'transform="translate({fmt(float(data["size"]) / 2)} '
        f'{fmt(float(data["size"]) / 2)})"></g></svg>'
        "<div id=controls><input id=slider type=range min=0 value=0 aria-label=step>"
        "<p id=caption></p><p class=keys>keys: \u2190 \u2192 step, shift+\u2190 \u2192 "
        "turn, \u2191 \u2193 hand, home / end, 0-3 / s seat</p></div></section>"
        '<aside><div id=panel><svg id=result font-family="sans-serif"></svg>'
        f"<div id=final hidden>{final}</div></div><h3>Scores</h3><div id=chart>{chart}"
        "</div></aside></main>"
        f'<svg width=0 height=0 style="position:absolute"><defs>{defs}</defs></svg>'
        f'<script type=application/octet-stream id=data>{_pack(data)}</script>'
        f"<script>{script}</script></body></html>\n"
    )


# ------------------------------------------------------------------ sources of frames


def _views(rules: Ruleset, state: State, streams: Sequence[int | None]) -> Frame:
    """The views of ``streams``, each told whether the game has red fives.

    The drawing cannot tell from a view which options the game has.
    """
    red = bool(getattr(rules.options, "red_fives", False))
    return {stream: {**rules.view(state, stream), "red_fives": red} for stream in streams}


def _streams(rules: Ruleset, seat: int | None, every_seat: bool) -> list[int | None]:
    if not every_seat:
        return [seat]
    return [None, *range(rules.num_seats)]


def log_frames(path: str | Path, *, seat: int | None = None, every_seat: bool = True
               ) -> tuple[list[Frame], dict[str, Any] | None, str]:
    """The frames of the first game of a log, its final result and its ruleset's name.

    ``every_seat`` includes the spectator and every seat (the page switches between
    them); otherwise only ``seat`` (``None``: the spectator).

    Raises:
        NotALogError: the file is not a log.
        LogFormatError: the log cannot be read or followed.
    """
    from mahjong_rules.replay import log_steps  # noqa: PLC0415 - replays only here

    frames: list[Frame] = []
    final: State | None = None
    rules: Ruleset | None = None
    for step in log_steps(path):
        if step.game != 0:
            break
        rules = step.rules
        streams = _streams(rules, seat, every_seat)
        if not frames or step.before is not final:
            frames.append(_views(rules, step.before, streams))
        frames.append(_views(rules, step.after, streams))
        final = step.after
    if rules is None or final is None:
        raise ValueError(f"{path}: no game to show")
    return frames, rules.result(final), rules.name


def state_frames(rules: Ruleset, final: State, actions: Sequence[Action], *,
                 seat: int | None = None, every_seat: bool = True) -> Iterator[Frame]:
    """The frames of a self-played game: its actions replayed from its start.

    The start is the game's own (``setup`` with the final state's seed or walls and
    players); the replay must end in ``final``.

    Raises:
        ValueError: the actions do not lead to ``final``.
        IllegalActionError: an action is not legal where it is replayed.
    """
    streams = _streams(rules, seat, every_seat)
    if final.seed is not None:
        # a seeded setup shuffles the names it is given: give them in the order that
        # the same shuffle takes to the final state's order
        order = rng.shuffle(list(range(rules.num_seats)), seed=final.seed, label="seats")
        names = [""] * rules.num_seats
        for index, original in enumerate(order):
            names[original] = final.players[index]
        state = rules.setup(seed=final.seed, players=names)
    else:
        state = rules.setup(walls=[list(w) for w in final.walls], players=list(final.players))
    yield _views(rules, state, streams)
    for action in actions:
        state = rules.apply(state, action)
        yield _views(rules, state, streams)
    if state != final:
        raise ValueError("the actions do not lead to the final state")


def log_html(path: str | Path, *, seat: int | None = None, every_seat: bool = True,
             style: TileStyle | None = None) -> str:
    """The replay viewer of the first game in a log file.

    Raises:
        NotALogError: the file is not a log.
        LogFormatError: the log cannot be read or followed.
    """
    frames, result, ruleset = log_frames(path, seat=seat, every_seat=every_seat)
    title = f"{Path(path).name} ({ruleset})"
    return replay_html(frames, result=result, title=title, style=style)


def game_html(rules: Ruleset, final: State, actions: Sequence[Action], *,
              seat: int | None = None, every_seat: bool = True,
              style: TileStyle | None = None, title: str | None = None) -> str:
    """The replay viewer of a self-played game from its final state and its actions.

    Raises:
        ValueError: the actions do not lead to ``final``.
    """
    frames = state_frames(rules, final, actions, seat=seat, every_seat=every_seat)
    name = title or f"{rules.name} game (seed {final.seed})"
    return replay_html(frames, result=rules.result(final), title=name, style=style)
