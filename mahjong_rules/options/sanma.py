"""The sanma options: riichi's for three players, and the sanma presets."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from mahjong_rules.options.base import boolean, enum_of, in_range, one_of, valid_uma
from mahjong_rules.options.enums import SanmaTsumo
from mahjong_rules.options.riichi import RiichiOptions


@attrs.frozen(kw_only=True)
class SanmaOptions(RiichiOptions):
    """Options of 3-player riichi.

    The 4-player options with sanma defaults, plus kita and the sanma payments
    (seeds/000 sections 2 and 5.7, seeds/004).

    .. versionadded:: 0.1
    """

    players: ClassVar[int] = 3

    start_points: int = attrs.field(default=35_000, validator=in_range(100, 1_000_000, 100))
    """Points each seat starts with."""
    return_points: int = attrs.field(default=40_000, validator=in_range(100, 1_000_000, 100))
    """Reference for oka and the extension."""
    uma: tuple[int, ...] = attrs.field(default=(15, 0, -15), validator=valid_uma)
    """Rank bonuses in thousands."""
    red_fives: int = attrs.field(default=2, validator=one_of(0, 2))
    """Red fives: 0, or one each of 5p and 5s."""
    honba_points: int = attrs.field(default=200, validator=one_of(200, 300, 1000))
    """Points per honba in total (``sanmaHonba``): a ron's discarder pays it all, a
    tsumo's two payers half each."""
    noten_pool: int = attrs.field(default=2000, validator=one_of(2000, 3000))
    """Tenpai payments in total (``sanmaNotenPool``)."""
    sanma_tsumo: SanmaTsumo = attrs.field(default=SanmaTsumo.TSUMO_LOSS,
                                          validator=enum_of(SanmaTsumo))
    """How a tsumo is paid without a North seat (``sanmaTsumo``)."""
    kita_cancels_ippatsu: bool = attrs.field(default=False, validator=boolean)
    """Kita cancels everyone's ippatsu, double riichi and nine terminals (seeds/004)."""
    four_winds_abort: bool = attrs.field(default=True, validator=boolean)
    """Three players discarding the same wind first is an abortive draw (seeds/004: no)."""

    @classmethod
    def joypip(cls) -> Self:
        """The sanma rules of seeds/004 (JoyPip)."""
        return cls(kita_cancels_ippatsu=True, four_winds_abort=False)

    @classmethod
    def tenhou(cls) -> Self:
        """Sanma as on Tenhou: the 4-player ``tenhou`` changes, and no four-winds abort.

        Tenhou's 3-player rooms play on when all three discard the same wind first (real
        Houou sanma games; docs/decisions.md), and the final scores of its 3-player logs
        carry uma 20-0-20 (``docs/presets.md``).

        .. versionchanged:: 0.3
           Uma ``(20, 0, -20)``.
        """
        return attrs.evolve(super().tenhou(), four_winds_abort=False, uma=(20, 0, -20))

    @classmethod
    def mahjong_soul(cls) -> Self:
        """Sanma as on Mahjong Soul's 3-player ranking match.

        Source: mjstars.net "Rules for 3-player Ranking Match". The 4-player
        ``mahjong_soul`` changes, uma 20-0-20, and a kita is a call: it ends everyone's
        ippatsu, double riichi and nine terminals; no four-winds abort (riichi.wiki
        Mahjong Soul page, sanma).

        .. versionchanged:: 0.3
           Uma ``(20, 0, -20)``, ``kita_cancels_ippatsu``, no four-winds abort (it kept
           the defaults).
        """
        return attrs.evolve(super().mahjong_soul(), uma=(20, 0, -20),
                            kita_cancels_ippatsu=True, four_winds_abort=False)

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """Names accepted by :meth:`preset`."""
        return ("default", "joypip", "tenhou", "mahjong_soul")
