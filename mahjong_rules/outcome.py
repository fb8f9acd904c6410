"""Results: the frozen, typed breakdown of a scored hand.

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Any, NamedTuple

import attrs

__all__ = ["FuLine", "Limit", "ScoreResult", "YakuHit", "build_score_result"]


class YakuHit(NamedTuple):
    """A yaku in a scored hand with the han it gave (or its yakuman multiple)."""

    id: str
    """Stable snake_case id."""
    name: str
    """English name."""
    han: int
    """Han counted (0 for a yakuman)."""
    yakuman: int
    """Yakuman multiple counted (0 for an ordinary yaku)."""


def _frozen_mapping(data: Mapping[str, int]) -> Mapping[str, int]:
    return types.MappingProxyType(dict(data))


class Limit(enum.Enum):
    """The limit a hand reached."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"
    """A yakuman, or 13 han and more with counted yakuman (kazoe)."""


class FuLine(NamedTuple):
    """One line of the fu count: why, and how many fu."""

    reason: str
    """Stable id: ``base``, ``closed_ron``, ``tsumo``, ``seven_pairs``,
    ``open_triplet_simple`` ... ``closed_kan_terminal``, ``pair_dragon``,
    ``pair_round_wind``, ``pair_seat_wind``, ``pair_double_wind``, ``wait_kanchan``,
    ``wait_penchan``, ``wait_tanki``, ``rounding``, ``open_minimum``."""
    fu: int


@attrs.frozen(kw_only=True, slots=False)
class ScoreResult:
    """A scored winning hand.

    ``payments`` maps a payer's role to what each payer of that role pays, honba
    included: ``discarder`` (ron), ``dealer`` and ``non_dealer`` (tsumo), and ``liable``
    (pao: paid by the liable seat on top of any other role it has).

    Not slotted: the scorer builds its results through :func:`build_score_result`, one
    update of the instance dictionary instead of sixteen frozen-attribute writes.
    """

    yaku: tuple[YakuHit, ...]
    """The yaku counted, in table order."""
    dora: int
    """Dora from indicators."""
    red: int
    """Red fives."""
    ura: int
    """Ura-dora (riichi only)."""
    kita: int
    """Dora from north tiles set aside (sanma)."""
    fu_lines: tuple[FuLine, ...]
    """The fu count line by line (empty for a yakuman)."""
    han: int
    """Han with dora (0 for a yakuman)."""
    fu: int
    """Fu after rounding (0 for a yakuman)."""
    yakuman: int
    """Yakuman multiple (0 when not a yakuman; a counted 13-han hand is 0 too)."""
    limit: Limit | None
    """The limit reached, if any."""
    base_points: int
    """Basic points (fu x 2^(han+2), or the limit's value)."""
    payments: Mapping[str, int] = attrs.field(converter=_frozen_mapping)
    """What each payer pays, by role, honba included."""
    total: int
    """All the winner receives: payments, honba and riichi deposits."""
    tsumo: bool
    """Won by self-draw."""
    dealer: bool
    """The winner is the dealer."""
    wait: str
    """The wait of the chosen reading (``ryanmen``, ``tanki``, ...)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible form."""
        return {
            "han": self.han, "fu": self.fu, "yakuman": self.yakuman,
            "yaku": [[y.id, y.yakuman or y.han] for y in self.yaku],
            "dora": {"dora": self.dora, "red": self.red, "ura": self.ura, "kita": self.kita},
            "fu_lines": [[line.reason, line.fu] for line in self.fu_lines],
            "limit": self.limit.value if self.limit else None,
            "base_points": self.base_points, "payments": dict(self.payments),
            "total": self.total, "wait": self.wait,
        }


_new_result = object.__new__


def build_score_result(  # noqa: PLR0917 (every field of the result, positional: hot path)
    yaku: tuple[YakuHit, ...], dora: int, red: int, ura: int, kita: int,
    fu_lines: tuple[FuLine, ...], han: int, fu: int, yakuman: int, limit: Limit | None,
    base_points: int, payments: types.MappingProxyType[str, int], total: int, *, tsumo: bool,
    dealer: bool, wait: str,
) -> ScoreResult:
    """A :class:`ScoreResult` equal to ``ScoreResult(yaku=yaku, ...)``, built faster.

    For the scorer's hot path: ``payments`` must already be a read-only mapping that no
    one changes (the constructor's converter would copy it).

    Examples:
        >>> result = build_score_result((), 0, 0, 0, 0, (), 1, 30, 0, None, 240,
        ...                             types.MappingProxyType({"discarder": 1000}), 1000,
        ...                             tsumo=False, dealer=False, wait="ryanmen")
        >>> result == ScoreResult(yaku=(), dora=0, red=0, ura=0, kita=0, fu_lines=(), han=1,
        ...                       fu=30, yakuman=0, limit=None, base_points=240,
        ...                       payments={"discarder": 1000}, total=1000, tsumo=False,
        ...                       dealer=False, wait="ryanmen")
        True
    """
    result: ScoreResult = _new_result(ScoreResult)
    fields = vars(result)  # one dict, filled in place (no keyword dict to copy from)
    fields["yaku"] = yaku
    fields["dora"] = dora
    fields["red"] = red
    fields["ura"] = ura
    fields["kita"] = kita
    fields["fu_lines"] = fu_lines
    fields["han"] = han
    fields["fu"] = fu
    fields["yakuman"] = yakuman
    fields["limit"] = limit
    fields["base_points"] = base_points
    fields["payments"] = payments
    fields["total"] = total
    fields["tsumo"] = tsumo
    fields["dealer"] = dealer
    fields["wait"] = wait
    return result
