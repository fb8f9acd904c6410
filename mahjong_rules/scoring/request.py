"""Score requests as plain JSON objects: what ``python -m mahjong_rules score`` reads and writes.

Input keys (all but ``hand`` and ``win`` optional): ``variant`` (``riichi`` or
``sanma``), ``preset``, ``options`` (object of option overrides), ``hand`` (concealed
tiles without the winning tile, mpsz), ``melds`` (``"chi 678p"``, ``"pon 555z"``,
``"daiminkan 8888p"``, ``"kakan 5555m"``, ``"ankan 1111p"``), ``win``, ``tsumo``,
``seat_wind`` and ``round_wind`` (``E`` ``S`` ``W`` ``N``; the dealer is East),
``riichi``, ``double_riichi``, ``ippatsu``, ``haitei``, ``houtei``, ``rinshan``,
``chankan``, ``tenhou``, ``chiihou``, ``dora_indicators``, ``ura_indicators`` (mpsz),
``kita``, ``honba``, ``riichi_sticks`` (ints), ``liability`` (``yakuman`` or
``open_kan_rinshan``).

Output: ``ok``; when true ``han``, ``fu``, ``yakuman``, ``yaku`` (``[id, han]``, or
``[id, multiple]`` for a yakuman), ``dora``, ``fu_lines``, ``limit``, ``base_points``,
``payments`` and ``total``; when false ``reason`` and ``message``.

Examples:
    >>> result = score_request({"hand": "234m567p789s22s45p", "win": "3p", "seat_wind": "S"})
    >>> result["ok"], result["yaku"], result["payments"], result["total"]
    (True, [['pinfu', 1]], {'discarder': 1000}, 1000)
    >>> score_request({"hand": "123m", "win": "4m"})["reason"]
    'bad_hand'

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Any, Final

from mahjong_rules.errors import MahjongRulesError, OptionsError, Reason, Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring.hand import Liability, Meld, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi import score

__all__ = ["score_request"]

WINDS: Final = {"E": 0, "S": 1, "W": 2, "N": 3}
_FLAGS: Final = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                 "chankan", "tenhou", "chiihou")
_INTS: Final = ("kita", "honba", "riichi_sticks")
_KEYS: Final = frozenset({"variant", "preset", "options", "hand", "melds", "win", "seat_wind",
                          "round_wind", "dora_indicators", "ura_indicators", "liability",
                          *_FLAGS, *_INTS})
_OPTIONS: Final[dict[str, type[RiichiOptions]]] = {"riichi": RiichiOptions,
                                                   "sanma": SanmaOptions}


class _BadInputError(MahjongRulesError, ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(Reason.BAD_INPUT, message)


def _tiles(request: dict[str, Any], key: str, default: str = "") -> str:
    value = request.get(key, default)
    if not isinstance(value, str):
        raise _BadInputError(f"{key} must be an mpsz string")
    return value


def _meld(text: object) -> Meld:
    if not isinstance(text, str) or len(text.split()) != 2:
        raise _BadInputError(f"a meld is written 'kind tiles', e.g. 'pon 555z', got {text!r}")
    kind_name, tiles = text.split()
    try:
        kind = MeldKind(kind_name)
    except ValueError:
        raise _BadInputError(f"unknown meld kind {kind_name!r}") from None
    return Meld(kind=kind, tiles=parse_tiles(tiles))


def _wind(request: dict[str, Any], key: str) -> int:
    value = request.get(key, "E")
    if not isinstance(value, str) or value not in WINDS:
        raise _BadInputError(f"{key} must be one of E, S, W, N, got {value!r}")
    return WINDS[value]


def _options(request: dict[str, Any]) -> RiichiOptions:
    variant = request.get("variant", "riichi")
    if not isinstance(variant, str) or variant not in _OPTIONS:
        raise _BadInputError(f"variant must be one of {sorted(_OPTIONS)}, got {variant!r}")
    kind = _OPTIONS[variant]
    preset = request.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise _BadInputError("preset must be a string")
    base = kind.preset(preset) if preset is not None else kind()
    overrides = request.get("options", {})
    if not isinstance(overrides, dict):
        raise _BadInputError("options must be an object")
    return kind.from_dict(overrides, base=base)


def build(request: dict[str, Any]) -> tuple[WinningHand, WinContext, RiichiOptions]:
    """The scorer's inputs from a request object.

    Raises:
        MahjongRulesError: with reason ``bad_input``, a notation reason or ``bad_option``.
    """
    unknown = set(request) - _KEYS
    if unknown:
        raise _BadInputError(f"unknown keys: {sorted(unknown)}")
    if "hand" not in request or "win" not in request:
        raise _BadInputError("hand and win are required")
    win = parse_tiles(_tiles(request, "win"))
    if len(win) != 1:
        raise _BadInputError("win must be one tile")
    melds = request.get("melds", [])
    if not isinstance(melds, list):
        raise _BadInputError("melds must be a list")
    for key in _FLAGS:
        if not isinstance(request.get(key, False), bool):
            raise _BadInputError(f"{key} must be true or false")
    for key in _INTS:
        value = request.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _BadInputError(f"{key} must be an integer")
    liability = request.get("liability")
    if liability is not None and (not isinstance(liability, str) or liability not in {
            item.value for item in Liability}):
        raise _BadInputError(f"liability must be one of {[item.value for item in Liability]}")
    hand = WinningHand(concealed=parse_tiles(_tiles(request, "hand")), win=win[0],
                       melds=tuple(_meld(m) for m in melds))
    context = WinContext(
        seat_wind=_wind(request, "seat_wind"), round_wind=_wind(request, "round_wind"),
        dora_indicators=parse_tiles(_tiles(request, "dora_indicators")),
        ura_indicators=parse_tiles(_tiles(request, "ura_indicators")),
        liability=Liability(liability) if liability is not None else None,
        **{key: request.get(key, False) for key in _FLAGS},
        **{key: request.get(key, 0) for key in _INTS},
    )
    return hand, context, _options(request)


def score_request(request: object) -> dict[str, Any]:
    """Score one request object; never raises for bad input (``ok: false`` instead)."""
    if not isinstance(request, dict):
        return _failure(Reason.BAD_INPUT, "a request is a JSON object")
    try:
        hand, context, options = build(request)
    except (MahjongRulesError, OptionsError) as exc:
        return _failure(exc.reason, exc.message)
    result = score(hand, context, options)
    if isinstance(result, Rejection):
        return {"ok": False, **result.to_dict()}
    return {"ok": True, **result.to_dict()}


def _failure(reason: Reason, message: str) -> dict[str, Any]:
    return {"ok": False, "reason": reason.value, "message": message}
