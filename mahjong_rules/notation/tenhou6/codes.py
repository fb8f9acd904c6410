"""tenhou.net/6's tile codes, the strings of its calls and actions, its names of dans and draws.

Also the layout of a hand's list (what comes before the seats' lists, its length).
"""

from __future__ import annotations

from typing import Literal

from mahjong_rules.notation._kinds import RED_KINDS, Spec

DAN_NAMES = (
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段",
    "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
)
"""Tenhou's dan names, indexed by the mjlog ``<UN dan>`` number."""

DRAW_NAMES: dict[str, str | None] = {
    "流局": None, "流し満貫": "nm", "九種九牌": "yao9", "四家立直": "reach4",
    "三家和了": "ron3", "四槓散了": "kan4", "四風連打": "kaze4",
}
"""tenhou.net/6 names of the drawn hands -> the mjlog ``<RYUUKYOKU type>``."""


ROOMS = {"般": 0, "上": 0x80, "特": 0x20, "鳳": 0xA0}
TSUMOGIRI = 60
NO_DISCARD = 0
HANDS_BEFORE = 4
HAND_LENGTH = 17
_P_LETTER = {0: 3, 2: 2, 4: 1}
_M_LETTER = {0: 3, 2: 2, 6: 1}


def code_spec(code: int) -> Spec | None:
    """A tenhou.net/6 tile code (11..47, 51..53 red fives) as (kind, red), or ``None``.

    >>> code_spec(11), code_spec(47), code_spec(52), code_spec(48)
    ((0, False), (33, False), (13, True), None)
    """
    if isinstance(code, bool) or not isinstance(code, int):
        return None
    return _CODE_SPECS.get(code)


def _code_specs() -> dict[int, Spec]:
    table: dict[int, Spec] = {}
    for suit in range(3):
        for rank in range(1, 10):
            table[(suit + 1) * 10 + rank] = (suit * 9 + rank - 1, False)
    for rank in range(1, 8):
        table[40 + rank] = (26 + rank, False)
    for i, kind in enumerate(RED_KINDS):
        table[51 + i] = (kind, True)
    return table


_CODE_SPECS = _code_specs()


def spec_code(spec: Spec) -> int:
    """The tenhou.net/6 code of (kind, red).

    >>> spec_code((4, True)), spec_code((33, False))
    (51, 47)
    """
    kind, red = spec
    if red:
        return 51 + RED_KINDS.index(kind)
    return (kind // 9 + 1) * 10 + kind % 9 + 1


# ---------------------------------------------------------------------- tokens

DrawToken = tuple[Literal["draw"], Spec]
CallToken = tuple[Literal["chi", "pon", "daiminkan"], int, Spec, tuple[Spec, ...]]
"""kind, relative source (1 next, 2 across, 3 previous), called tile, own tiles."""
ActToken = (
    tuple[Literal["discard"], Spec | None, bool]
    | tuple[Literal["ankan"], tuple[Spec, ...]]
    | tuple[Literal["kakan"], Spec]
    | tuple[Literal["kita"], Spec]
    | tuple[Literal["none"]]
)


class BadToken(Exception):  # noqa: N818 - internal: a token that no reading can use
    """A token that no reading can use."""


def _codes(digits: str) -> list[Spec]:
    if len(digits) % 2 or not (digits.isdigit() or not digits) or not digits.isascii():
        raise BadToken(f"{digits!r} is not a list of two-digit tile codes")
    specs = [code_spec(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]
    if any(s is None for s in specs):
        raise BadToken(f"{digits!r} holds a code that is not a tile")
    return [s for s in specs if s is not None]


def _split(token: str, letters: str) -> tuple[str, int, list[Spec], list[Spec]]:
    found = [(i, ch) for i, ch in enumerate(token) if ch.isalpha()]
    if len(found) != 1 or found[0][1] not in letters:
        raise BadToken(f"{token!r} is not a call string")
    at, letter = found[0]
    return letter, at, _codes(token[:at]), _codes(token[at + 1 :])


def draw_token(token: object) -> DrawToken | CallToken:
    """A draw column's token: a tile or a call."""
    if isinstance(token, int) and not isinstance(token, bool):
        spec = code_spec(token)
        if spec is None:
            raise BadToken(f"{token} is not a tile code")
        return ("draw", spec)
    if not isinstance(token, str):
        raise BadToken(f"{token!r} is neither a tile code nor a call string")
    letter, at, before, after = _split(token, "cpm")
    tiles = before + after
    if letter == "c" and at == 0 and len(tiles) == 3:
        return ("chi", 3, after[0], tuple(after[1:]))
    if letter == "p" and at in _P_LETTER and len(tiles) == 3:
        return ("pon", _P_LETTER[at], after[0], tuple(before + after[1:]))
    if letter == "m" and at in _M_LETTER and len(tiles) == 4:
        return ("daiminkan", _M_LETTER[at], after[0], tuple(before + after[1:]))
    raise BadToken(f"{token!r} is not a chi, pon or open kan")


def act_token(token: object) -> ActToken:
    """A discard column's token: a discard, a riichi or a call."""
    if isinstance(token, int) and not isinstance(token, bool):
        if token == TSUMOGIRI:
            return ("discard", None, False)
        if token == NO_DISCARD:
            return ("none",)
        spec = code_spec(token)
        if spec is None:
            raise BadToken(f"{token} is not a tile code")
        return ("discard", spec, False)
    if not isinstance(token, str):
        raise BadToken(f"{token!r} is neither a tile code nor an action string")
    return _act_string(token)


def _act_string(token: str) -> ActToken:
    if token.startswith("r") and token[1:].isdigit() and token[1:].isascii():
        code = int(token[1:])
        if code == TSUMOGIRI:
            return ("discard", None, True)
        spec = code_spec(code)
        if spec is None or len(token) != 3:
            raise BadToken(f"{token!r} is not a riichi discard")
        return ("discard", spec, True)
    letter, at, before, after = _split(token, "akf")
    tiles = before + after
    if letter == "a" and len(tiles) == 4:
        return ("ankan", tuple(tiles))
    if letter == "k" and at in _P_LETTER and len(tiles) == 4:
        return ("kakan", after[0])
    if letter == "f" and at == 0 and len(tiles) == 1:
        return ("kita", tiles[0])
    raise BadToken(f"{token!r} is not a closed kan, added kan or kita")
