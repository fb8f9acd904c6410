"""Score requests as plain JSON objects: what ``python -m mahjong_rules score`` reads and writes.

Input keys (all but ``hand`` and ``win`` optional): ``variant`` (``riichi``,
``sanma`` or ``taiwanese``), ``preset``, ``options`` (object of option overrides),
``hand`` (concealed tiles without the winning tile, mpsz), ``melds`` (``"chi 678p"``,
``"pon 555z"``, ``"daiminkan 8888p"``, ``"kakan 5555m"``, ``"ankan 1111p"``), ``win``, ``tsumo``,
``seat_wind`` and ``round_wind`` (``E`` ``S`` ``W`` ``N``; the dealer is East),
``riichi``, ``double_riichi``, ``ippatsu``, ``haitei``, ``houtei``, ``rinshan``,
``chankan``, ``tenhou``, ``chiihou``, ``renhou``, ``dora_indicators``, ``ura_indicators`` (mpsz),
``kita``, ``honba``, ``riichi_sticks`` (ints), ``liability`` (``yakuman`` or
``open_kan_rinshan``).

With ``"variant": "taiwanese"`` the keys are ``preset``, ``options``, ``hand`` (16
tiles less 3 per meld), ``melds``, ``win`` (a flower for a flower win), ``tsumo``,
``seat_wind``, ``round_wind``, ``haitei`` (last tile of the wall), ``houtei`` (last
discard), ``chankan`` (robbing a kong), ``rinshan`` (a kong or flower replacement
tile), ``tenhou`` (heavenly hand), ``chiihou`` (earthly hand), ``declared_ready``
(bools), ``flowers`` (mpsz ``1f``-``8f``), ``discards_before_win`` (int: discards made
in the hand by all players, the one won on included) and ``discarder_wind`` (the
single payer's seat wind, for ``deltas``); the riichi-only keys are refused.

Output: ``ok``; when true ``han``, ``fu``, ``yakuman``, ``yaku`` (``[id, han]``, or
``[id, multiple]`` for a yakuman), ``dora``, ``fu_lines``, ``limit``, ``base_points``,
``payments`` and ``total`` (Taiwanese: ``tai``, ``items`` as ``[id, tai]``,
``payments``, ``total``, ``deltas``, ``wait``, ``form``, ``flower_win``); when false
``reason`` and ``message``.

Examples:
    >>> result = score_request({"hand": "234m567p789s22s45p", "win": "3p", "seat_wind": "S"})
    >>> result["ok"], result["yaku"], result["payments"], result["total"]
    (True, [['pinfu', 1]], {'discarder': 1000}, 1000)
    >>> score_request({"hand": "123m", "win": "4m"})["reason"]
    'bad_hand'
    >>> result = score_request({"variant": "taiwanese", "hand": "234m567m345p678p88s56s",
    ...                         "win": "4s", "tsumo": True, "seat_wind": "W"})
    >>> result["tai"], result["items"]
    (15, [['winning', 2], ['all_runs_no_honours_no_flowers', 10], ['concealed_self_draw', 3]])
    >>> result["payments"], result["total"], result["deltas"]
    ({'each_other': 15}, 45, [-15, -15, 45, -15])

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Any, Final

from mahjong_rules.errors import MahjongRulesError, OptionsError, Reason, Rejection
from mahjong_rules.notation import parse_tiles
from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring.hand import Liability, Meld, MeldKind, WinContext, WinningHand
from mahjong_rules.scoring.riichi import score
from mahjong_rules.scoring.taiwanese import TaiwaneseHand, TaiwaneseScore, check_taiwanese
from mahjong_rules.tiles import Tile

__all__ = ["MAX_INDICATORS", "build", "build_taiwanese", "score_request", "table_limits"]

WINDS: Final = {"E": 0, "S": 1, "W": 2, "N": 3}
MAX_INDICATORS: Final = 5
"""Dora (and ura) indicators a wall has."""
_FLAGS: Final = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                 "chankan", "tenhou", "chiihou", "renhou")
_INTS: Final = ("kita", "honba", "riichi_sticks")
_KEYS: Final = frozenset({"variant", "preset", "options", "hand", "melds", "win", "seat_wind",
                          "round_wind", "dora_indicators", "ura_indicators", "liability",
                          *_FLAGS, *_INTS})
_OPTIONS: Final[dict[str, type[RiichiOptions | TaiwaneseOptions]]] = {
    "riichi": RiichiOptions, "sanma": SanmaOptions, "taiwanese": TaiwaneseOptions}
_TAIWANESE_FLAGS: Final = ("tsumo", "haitei", "houtei", "chankan", "rinshan", "tenhou",
                           "chiihou", "declared_ready")
_TAIWANESE_KEYS: Final = frozenset({"variant", "preset", "options", "hand", "melds", "win",
                                    "seat_wind", "round_wind", "flowers",
                                    "discards_before_win", "discarder_wind",
                                    *_TAIWANESE_FLAGS})


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


def _variant(request: dict[str, Any]) -> str:
    variant = request.get("variant", "riichi")
    if not isinstance(variant, str) or variant not in _OPTIONS:
        raise _BadInputError(f"variant must be one of {sorted(_OPTIONS)}, got {variant!r}")
    return variant


def _options(request: dict[str, Any]) -> RiichiOptions | TaiwaneseOptions:
    kind = _OPTIONS[_variant(request)]
    preset = request.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise _BadInputError("preset must be a string")
    overrides = request.get("options", {})
    if not isinstance(overrides, dict):
        raise _BadInputError("options must be an object")
    # one call per class: from_dict's base must be of the class it is called on
    if issubclass(kind, TaiwaneseOptions):
        return kind.from_dict(overrides, base=kind.preset(preset) if preset is not None else None)
    return kind.from_dict(overrides, base=kind.preset(preset) if preset is not None else None)


def _common(request: dict[str, Any], keys: frozenset[str], flags: tuple[str, ...]
            ) -> tuple[tuple[Meld, ...], Tile]:
    """Check the keys, the flags and the winning tile; the melds and the winning tile."""
    unknown = set(request) - keys
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
    for key in flags:
        if not isinstance(request.get(key, False), bool):
            raise _BadInputError(f"{key} must be true or false")
    return tuple(_meld(m) for m in melds), win[0]


def build(request: dict[str, Any]) -> tuple[WinningHand, WinContext, RiichiOptions]:
    """The scorer's inputs from a request object.

    Raises:
        MahjongRulesError: with reason ``bad_input``, a notation reason or ``bad_option``.
    """
    melds, win = _common(request, _KEYS, _FLAGS)
    for key in _INTS:
        value = request.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _BadInputError(f"{key} must be an integer")
    liability = request.get("liability")
    if liability is not None and (not isinstance(liability, str) or liability not in {
            item.value for item in Liability}):
        raise _BadInputError(f"liability must be one of {[item.value for item in Liability]}")
    options = _options(request)
    if not isinstance(options, RiichiOptions):
        raise _BadInputError("build reads riichi and sanma requests; see build_taiwanese")
    _check_table(request, options)
    hand = WinningHand(concealed=parse_tiles(_tiles(request, "hand")), win=win, melds=melds)
    context = WinContext(
        seat_wind=_wind(request, "seat_wind"), round_wind=_wind(request, "round_wind"),
        dora_indicators=parse_tiles(_tiles(request, "dora_indicators")),
        ura_indicators=parse_tiles(_tiles(request, "ura_indicators")),
        liability=Liability(liability) if liability is not None else None,
        **{key: request.get(key, False) for key in _FLAGS},
        **{key: request.get(key, 0) for key in _INTS},
    )
    for key, indicators in (("dora_indicators", context.dora_indicators),
                            ("ura_indicators", context.ura_indicators)):
        if len(indicators) > MAX_INDICATORS:
            raise _BadInputError(f"{len(indicators)} {key}: a wall has {MAX_INDICATORS}")
    if context.ura_indicators and not (context.riichi or context.double_riichi):
        raise MahjongRulesError(Reason.CONFLICTING_CONTEXT, "ura indicators are turned for "
                                "a riichi winner only: give riichi or double_riichi")
    return hand, context, options


def _check_table(request: dict[str, Any], options: RiichiOptions) -> None:
    """Honba and deposits within what the table can hold (:func:`table_limits`)."""
    limits = table_limits(options)
    for key, top in limits.items():
        value = request.get(key, 0)
        if not 0 <= value <= top:
            raise _BadInputError(f"{key} {value} is not 0..{top} (a table of "
                                 f"{options.players} x {options.start_points} points)")


def table_limits(options: RiichiOptions) -> dict[str, int]:
    """The largest ``honba`` and ``riichi_sticks`` a table of these rules holds.

    The honba payments and the deposits on the table each stay within the table's points
    (the players times the start points).

    Examples:
        >>> table_limits(RiichiOptions())
        {'honba': 333, 'riichi_sticks': 100}
        >>> table_limits(SanmaOptions())
        {'honba': 525, 'riichi_sticks': 105}

    .. versionadded:: 0.2
    """
    total = options.players * options.start_points
    return {"honba": total // max(options.honba_points, 1), "riichi_sticks": total // 1000}


def build_taiwanese(request: dict[str, Any]) -> tuple[TaiwaneseHand, TaiwaneseOptions]:
    """The Taiwanese scorer's inputs from a request object (``"variant": "taiwanese"``).

    Raises:
        MahjongRulesError: with reason ``bad_input``, a notation reason or ``bad_option``.
    """
    melds, win = _common(request, _TAIWANESE_KEYS, _TAIWANESE_FLAGS)
    discards = request.get("discards_before_win")
    if discards is not None and (not isinstance(discards, int) or isinstance(discards, bool)):
        raise _BadInputError("discards_before_win must be an integer")
    discarder = _wind(request, "discarder_wind") if "discarder_wind" in request else None
    hand = TaiwaneseHand(
        concealed=parse_tiles(_tiles(request, "hand")), win=win, melds=melds,
        flowers=parse_tiles(_tiles(request, "flowers")),
        seat_wind=_wind(request, "seat_wind"), round_wind=_wind(request, "round_wind"),
        discarder_wind=discarder, discards_before_win=discards,
        **{key: request.get(key, False) for key in _TAIWANESE_FLAGS},
    )
    options = _options(request)
    assert isinstance(options, TaiwaneseOptions)  # the variant is taiwanese
    return hand, options


def score_request(request: object) -> dict[str, Any]:
    """Score one request object; never raises for bad input (``ok: false`` instead)."""
    if not isinstance(request, dict):
        return _failure(Reason.BAD_INPUT, "a request is a JSON object")
    try:
        if _variant(request) == "taiwanese":
            taiwanese, tai_options = build_taiwanese(request)
            found: object = check_taiwanese(taiwanese, tai_options)
        else:
            hand, context, options = build(request)
            found = score(hand, context, options)
    except (MahjongRulesError, OptionsError) as exc:
        return _failure(exc.reason, exc.message)
    if isinstance(found, Rejection):
        return {"ok": False, **found.to_dict()}
    assert isinstance(found, ScoreResult | TaiwaneseScore)
    return {"ok": True, **found.to_dict()}


def _failure(reason: Reason, message: str) -> dict[str, Any]:
    return {"ok": False, "reason": reason.value, "message": message}
