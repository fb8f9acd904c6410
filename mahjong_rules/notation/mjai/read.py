"""mjai JSONL read into the mjlog records (:func:`parse_mjai`), game by game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from mahjong_rules.notation.mjai.hand import HandReader, ReadContext
from mahjong_rules.notation.tenhou import TenhouGame, TenhouHand, TenhouPlayers, TenhouRules

_UNKNOWN_RULES = 0x04 | 0x08 | 0x20 | 0x40 | 0x80


def _events(ctx: ReadContext, text: str) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        ctx.line = number
        try:
            event = json.loads(raw)
        except ValueError as exc:
            raise ctx.fail(f"not JSON ({exc})") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise ctx.fail("not an mjai event (a JSON object with a 'type')")
        yield number, event


def parse_mjai(text: str, *, name: str = "") -> list[TenhouGame]:
    """Read every game of an mjai JSONL log.

    A log may hold several games (each from ``start_game`` to ``end_game``); a log that
    starts at ``start_kyoku`` is one game. A ``start_kyoku`` at the very end with no
    event after it (the next hand's header of an excerpt) is dropped. Points come from
    ``hora.deltas`` (the winner's delta less honba and riichi sticks); the fu from
    ``fu``; the yaku from ``yakus`` (names as tenhou.net/6 writes them, or the English
    names of ``log-formats.md``).

    Raises:
        LogFormatError: a line that is not a JSON event, an event out of place or with a
            missing or bad field, a tile that is not in the hand, a hand without a result.

    Examples:
        >>> [game] = parse_mjai(_EXAMPLE, name="example")
        >>> hand = game.hands[0]
        >>> len(hand.events), hand.results[0].type, game.rules.red_fives
        (1, 'yao9', True)
        >>> from mahjong_rules.notation.mjai import write_mjai
        >>> write_mjai(game)[-2:]
        ['{"type":"end_kyoku"}', '{"type":"end_game"}']

    .. versionadded:: 0.2
    """
    ctx = ReadContext(name=name)
    if not isinstance(text, str):
        raise ctx.fail(f"expected text, got {type(text).__name__}")
    events = _drop_dealt_after_four_riichi(list(_events(ctx, text)))
    ctx.line = 0
    if not events:
        raise ctx.fail("no events")
    games: list[TenhouGame] = []
    current: GameReader | None = None
    for number, event in events:
        ctx.line = number
        kind = event["type"]
        if kind == "start_game":
            if current is not None:
                games.append(current.finish())
            current = GameReader(ctx, event)
            continue
        if current is None:
            current = GameReader(ctx, {})
        if kind == "end_game":
            games.append(current.finish())
            current = None
            continue
        current.event(kind, event)
    if current is not None:
        games.append(current.finish())
    return games


def _drop_dealt_after_four_riichi(events: list[tuple[int, dict[str, Any]]]
                                  ) -> list[tuple[int, dict[str, Any]]]:
    """The events without a ``tsumo`` that only libriichi deals.

    After the fourth ``reach_accepted`` libriichi draws for the next seat before it ends
    the hand (four riichi), and logs that draw.
    """
    out: list[tuple[int, dict[str, Any]]] = []
    accepted = 0
    for index, (number, event) in enumerate(events):
        kind = event["type"]
        if kind == "start_kyoku":
            accepted = 0
        accepted += kind == "reach_accepted"
        following = events[index + 1][1]["type"] if index + 1 < len(events) else None
        if kind == "tsumo" and accepted == 4 and following == "ryukyoku":
            continue
        out.append((number, event))
    return out


class GameReader:
    """Reads one mjai game, ``start_game`` (or the first hand) to ``end_game``."""
    def __init__(self, ctx: ReadContext, start: dict[str, Any]) -> None:
        """The game that ``start`` begins, read in ``ctx``."""
        self.ctx = ctx
        names = start.get("names", ["", "", "", ""])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(
                names) not in {3, 4}:
            raise ctx.fail("start_game.names is not a list of 3 or 4 names")
        self.names = (*names, "") if len(names) == 3 else tuple(names)
        aka = start.get("aka_flag", True)
        self.red = bool(aka)
        self.seats: int | None = None
        self.hands: list[TenhouHand] = []
        self.hand: HandReader | None = None

    def event(self, kind: str, event: dict[str, Any]) -> None:
        """Read one event of the game (``kind`` is its ``type``)."""
        if kind == "start_kyoku":
            self.close()
            self.hand = HandReader(self, event, len(self.hands))
            return
        if self.hand is None:
            raise self.ctx.fail(f"{kind} outside a hand")
        if kind == "end_kyoku":
            self.close()
            return
        self.hand.event(kind, event)

    def close(self) -> None:
        """Close the hand being read, if any."""
        hand = self.hand
        self.hand = None
        if hand is None:
            return
        if not hand.facts:
            if not hand.tracker.events and hand is not None:
                return  # an excerpt's trailing header
            self.ctx.hand = hand.index
            raise self.ctx.fail("truncated: the hand has no hora or ryukyoku")
        self.hands.append(hand.build())

    def finish(self) -> TenhouGame:
        """The game read, as a TenhouGame."""
        self.close()
        ctx = self.ctx
        ctx.hand = None
        if not self.hands:
            raise ctx.fail("the game has no complete hand")
        seats = self.seats or 4
        type_ = 0x01 | 0x08 | (0 if self.red else 0x02) | (0x10 if seats == 3 else 0)
        rules = TenhouRules(type=type_, lobby=0, unknown=_UNKNOWN_RULES)
        return TenhouGame(
            name=ctx.name, version="", shuffle_seed=None, rules=rules,
            players=TenhouPlayers(names=tuple(self.names), dan=(), rate=(), sex=()),
            first_oya=0, hands=tuple(self.hands),
        )


_EXAMPLE_LINES = (
    '{"type":"start_game","names":["a","b","c","d"],"aka_flag":true}',
    (
        '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
        '"dora_marker":"9m","scores":[25000,25000,25000,25000],"tehais":['
        '["1m","5m","3p","3p","7p","9p","7s","9s","W","N","P","F","C"],'
        '["2m","2m","5m","5mr","9m","9m","4p","4p","5p","6p","6s","9s","9s"],'
        '["1m","1m","4m","7m","4p","8s","8s","8s","2s","7s","E","N","C"],'
        '["2m","3m","7p","8p","9p","1s","1s","3s","4s","E","S","W","F"]]}'
    ),
    '{"type":"tsumo","actor":0,"pai":"E"}',
    '{"type":"ryukyoku","deltas":[0,0,0,0]}',
    '{"type":"end_kyoku"}',
    '{"type":"end_game"}',
)
_EXAMPLE = "\n".join(_EXAMPLE_LINES)
