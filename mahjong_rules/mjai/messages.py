"""mjai messages of one seat: tiles as mjai strings, its actions to and from mjai.

mjai names tiles by kind (``1m`` .. ``9s``, ``E S W N P F C``, red fives ``5mr 5pr
5sr``, a hidden tile ``?``); this library by physical id. :func:`pai` writes an id as
mjai, :func:`action_message` writes a seat's action as the message a bot sends, and
:func:`answer_action` reads a bot's answer back into one of the seat's legal actions,
or a :class:`~mahjong_rules.errors.Rejection` (``bad_input`` for a message that is not
an mjai action, ``answer_not_legal`` for one that is none of the legal actions).

A riichi declaration is two messages: ``reach``, then (once the host has shown the
``reach`` event) the ``dahai`` of the declaring discard; :func:`action_message` gives
the ``reach`` for a riichi :class:`~mahjong_rules.actions.Discard` and
:func:`discard_message` its ``dahai``.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=3)
    >>> legal = rules.legal_actions(state, 0, preferences=False)
    >>> view = rules.view(state, 0)
    >>> action_message(legal[0], view, rules)
    {'type': 'dahai', 'actor': 0, 'pai': '4m', 'tsumogiri': False}
    >>> answer_action({"type": "dahai", "actor": 0, "pai": "4m", "tsumogiri": False},
    ...               legal, view, rules) == legal[0]
    True
    >>> pon = {"type": "pon", "actor": 0, "target": 3, "pai": "5p", "consumed": ["5p", "5p"]}
    >>> answer_action(pon, legal, view, rules).reason.value
    'answer_not_legal'
    >>> answer_action({"type": "pon"}, legal, view, rules).reason.value
    'bad_input'

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ready,
    Ron,
    Tsumo,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.notation.mjai import pai_spec, spec_pai

EXTENSION = "mahjong_rules"
"""The key of this library's extension in an mjai message: the physical ids of the tiles
the message names (``pai``, ``consumed``, ``tehai``, ``dora_marker``) and, on
``start_kyoku``, ``hora`` and ``ryukyoku``, the last hand's ``result``. Other programs
ignore it."""

__all__ = [
    "EXTENSION",
    "HIDDEN",
    "ROUND_WINDS",
    "action_message",
    "answer_action",
    "discard_message",
    "pai",
    "red_ids",
]

HIDDEN = "?"
"""The mjai name of a tile the seat may not see."""
ROUND_WINDS = "ESWN"
"""``bakaze`` by round wind index."""
NORTH = 30
_ANSWER_TYPES = frozenset({"dahai", "reach", "hora", "chi", "pon", "daiminkan", "ankan",
                           "kakan", "nukidora", "kita", "ryukyoku", "none"})

Spec = tuple[int, bool]


def red_ids(rules: Ruleset) -> frozenset[int]:
    """The physical ids that are red fives under the ruleset's options."""
    if rules.name not in ("riichi", "sanma"):
        raise ValueError(f"mjai has no dialect for {rules.name}")
    ids: frozenset[int] = rules.red_ids()  # type: ignore[attr-defined]
    return ids


def pai(tile: int, reds: frozenset[int]) -> str:
    """The mjai string of a physical tile id.

    >>> pai(16, frozenset({16, 52, 88})), pai(17, frozenset({16, 52, 88})), pai(124, frozenset())
    ('5mr', '5m', 'P')
    """
    return spec_pai((tile >> 2, tile in reds))


def _spec(tile: int, reds: frozenset[int]) -> Spec:
    return tile >> 2, tile in reds


def discard_message(seat: int, tile: int, drawn: int | None, reds: frozenset[int]
                    ) -> dict[str, Any]:
    """The ``dahai`` of ``tile`` (``tsumogiri`` when it is the tile just drawn)."""
    return {"type": "dahai", "actor": seat, "pai": pai(tile, reds), "tsumogiri": tile == drawn}


def _held(view: Mapping[str, Any], kind: int) -> list[int]:
    return [t for t in view["hand"] if t >> 2 == kind]


def action_message(action: Action, view: Mapping[str, Any], rules: Ruleset) -> dict[str, Any]:
    """The mjai message a bot sends for one of its legal actions (``view``: its view).

    A riichi discard gives ``reach`` (its ``dahai`` is :func:`discard_message`); a pass
    or a ``Ready`` gives ``none``.

    Raises:
        ValueError: an action mjai has no message for (a Taiwanese declaration, a
            preference change).
    """
    reds = red_ids(rules)
    seat = action.seat
    claim: dict[str, Any] = view["claim"] or {}
    if isinstance(action, Discard):
        if action.riichi:
            return {"type": "reach", "actor": seat}
        return discard_message(seat, action.tile, view.get("drawn"), reds)
    if isinstance(action, Pass | Ready):
        return {"type": "none"}
    if isinstance(action, Tsumo):
        return {"type": "hora", "actor": seat, "target": seat, "pai": pai(view["drawn"], reds)}
    if isinstance(action, Ron):
        return {"type": "hora", "actor": seat, "target": claim["from_seat"],
                "pai": pai(claim["tile"], reds)}
    if isinstance(action, Pon | Chi | Daiminkan):
        used = list(action.tiles) if isinstance(action, Pon | Chi) else _held(
            view, claim["tile"] >> 2)
        return {"type": action.type, "actor": seat, "target": claim["from_seat"],
                "pai": pai(claim["tile"], reds), "consumed": [pai(t, reds) for t in used]}
    if isinstance(action, Ankan):
        return {"type": "ankan", "actor": seat,
                "consumed": [pai(t, reds) for t in _held(view, action.kind)]}
    if isinstance(action, Kakan):
        pon = next(m for m in view["seats"][seat]["melds"]
                   if m["kind"] == "pon" and m["tiles"][0] >> 2 == action.tile >> 2)
        return {"type": "kakan", "actor": seat, "pai": pai(action.tile, reds),
                "consumed": [pai(t, reds) for t in pon["tiles"]]}
    if isinstance(action, Kita):
        return {"type": "nukidora", "actor": seat, "pai": spec_pai((NORTH, False))}
    if isinstance(action, NineTerminals):
        return {"type": "ryukyoku", "actor": seat}
    raise ValueError(f"mjai has no message for {action.type}")


def _key(message: dict[str, Any]) -> tuple[object, ...] | None:
    """What identifies an answer: its type, tiles as (kind, red) and target.

    ``None`` for a message that is not an mjai action (a bad tile, a missing field).
    """
    kind = message.get("type")
    if kind == "kita":
        kind = "nukidora"
    if kind in {"none", "reach", "ryukyoku", "nukidora"}:
        return (kind,)
    tile = pai_spec(message.get("pai")) if kind != "ankan" else (0, False)
    if tile is None:
        return None
    if kind == "dahai":
        return (kind, tile)
    if kind == "hora":
        return (kind, tile, message.get("target"))
    consumed = message.get("consumed")
    if not isinstance(consumed, list):
        return None
    specs = [pai_spec(c) for c in consumed]
    if any(s is None for s in specs):
        return None
    ordered = tuple(sorted(s for s in specs if s is not None))
    if kind == "ankan":
        return (kind, ordered)
    if kind == "kakan":
        return (kind, tile)
    return (kind, tile, ordered, message.get("target"))


def _exact(ids: dict[str, Any]) -> tuple[int, ...] | None:
    """The physical ids an answer names in this library's extension."""
    tiles = ids.get("consumed") if "consumed" in ids else [ids.get("pai")]
    if isinstance(tiles, list) and tiles and all(
            isinstance(t, int) and not isinstance(t, bool) for t in tiles):
        return tuple(sorted(tiles))
    return None


def _ids_of(action: Action) -> tuple[int, ...] | None:
    if isinstance(action, Discard | Kakan):
        return (action.tile,)
    if isinstance(action, Pon | Chi):
        return tuple(sorted(action.tiles))
    return None


def _same(shown: tuple[object, ...] | None, wanted: tuple[object, ...]) -> bool:
    """The keys agree (an answer without a ``target`` leaves it open)."""
    if shown is None or len(shown) != len(wanted):
        return False
    if wanted[0] in {"hora", "chi", "pon", "daiminkan"} and wanted[-1] is None:
        return shown[:-1] == wanted[:-1]
    return shown == wanted


def _malformed(message: object, seat: int) -> str | None:
    if not isinstance(message, dict):
        return f"an answer is a JSON object, got {message!r}"
    kind = message.get("type")
    if kind not in _ANSWER_TYPES:
        return f"not an mjai answer type: {kind!r}"
    actor = message.get("actor", seat)
    if kind != "none" and actor != seat:
        return f"the answer names actor {actor!r}, not seat {seat}"
    if kind == "dahai" and pai_spec(message.get("pai")) is None:
        return f"dahai of {message.get('pai')!r}, not a tile"
    return None


def answer_action(message: object, legal: Sequence[Action], view: Mapping[str, Any],
                  rules: Ruleset, *, riichi: bool = False) -> Action | Rejection:
    """The legal action a bot's mjai answer names, or why it names none.

    ``riichi``: the seat has declared (its ``reach`` was shown): only a riichi discard
    answers. A ``dahai`` whose ``tsumogiri`` flag is wrong still names the discard of
    that tile (the flag is preferred when two copies fit; the physical ids of the
    ``mahjong_rules`` extension, when the answer has them, before both); a ``reach``
    gives the first riichi discard (its tile comes with the next answer).
    """
    seat = view["viewer"]
    problem = _malformed(message, seat)
    if problem is not None:
        return Rejection(reason=Reason.BAD_INPUT, message=problem)
    assert isinstance(message, dict)
    wanted = _key(message)
    if wanted is None:
        return Rejection(reason=Reason.BAD_INPUT, message=f"a malformed answer: {message!r}")
    reds = red_ids(rules)
    ids = message.get(EXTENSION)
    exact = _exact(ids) if isinstance(ids, dict) else None
    candidates: list[Action] = []
    for action in legal:
        if isinstance(action, Discard) and action.riichi != (riichi or wanted == ("reach",)):
            continue
        if riichi and not isinstance(action, Discard):
            continue
        try:
            shown = action_message(action, view, rules)
        except ValueError:
            continue
        if riichi and isinstance(action, Discard):
            shown = discard_message(seat, action.tile, view.get("drawn"), reds)
        if _same(_key(shown), wanted):
            candidates.append(action)
    if exact is not None:
        named = [a for a in candidates if _ids_of(a) == exact]
        if named:
            return named[0]
    for action in candidates:
        if not isinstance(action, Discard) or (action.tile == view.get("drawn")) == message.get(
                "tsumogiri", action.tile == view.get("drawn")):
            return action
    if candidates:
        return candidates[0]
    return Rejection(reason=Reason.ANSWER_NOT_LEGAL,
                     message=f"seat {seat} cannot {message.get('type')} now: {message!r}")
