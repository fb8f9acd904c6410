"""The frozen records of an mjlog game: rules, players, a hand's start, events and results."""

from __future__ import annotations

from typing import Literal

import attrs

from mahjong_rules.notation.tenhou.meld import TenhouMeld


@attrs.frozen(kw_only=True)
class TenhouRules:
    """The ``<GO type lobby>`` rule flags.

    .. versionadded:: 0.2
    """

    type: int
    """The raw bitfield."""
    lobby: int
    """The lobby number (0 for the public ranked lobbies)."""
    disp: str | None = None
    """The rule name as the log writes it (tenhou.net/6 JSON ``rule.disp``), when the log
    has one; ``None`` for mjlog XML."""
    platform: Literal["tenhou", "mahjong_soul"] = "tenhou"
    """Where the game was played: a tenhou.net/6 JSON whose rule name is a Mahjong Soul
    room (``...の間``, ``... Room ...``) is ``mahjong_soul``."""
    unknown: int = 0
    """The bits of ``type`` the log does not state (mjai, an excerpt without a rule
    name); those bits hold Tenhou's usual value (hanchan, open tanyao, red fives)."""

    @property
    def sanma(self) -> bool:
        """Three players (bit 0x10)."""
        return bool(self.type & 0x10)

    @property
    def red_fives(self) -> bool:
        """Red fives on (bit 0x02 clear)."""
        return not self.type & 0x02

    @property
    def kuitan(self) -> bool:
        """Open tanyao allowed (bit 0x04 clear)."""
        return not self.type & 0x04

    @property
    def hanchan(self) -> bool:
        """East and South rounds (bit 0x08); otherwise East only."""
        return bool(self.type & 0x08)

    @property
    def fast(self) -> bool:
        """The fast variant (bit 0x40)."""
        return bool(self.type & 0x40)

    @property
    def room(self) -> str:
        """``ippan``, ``joukyuu``, ``tokujou`` or ``houou`` (bits 0x80 and 0x20)."""
        return {0: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}[self.type & 0xA0]

    @property
    def standard(self) -> bool:
        """No bit above 0xFF (those lobbies score differently)."""
        return self.type <= 0xFF


@attrs.frozen(kw_only=True)
class TenhouPlayers:
    """The first ``<UN>``: names (URL-decoded), dan, rate and sex per seat.

    .. versionadded:: 0.2
    """

    names: tuple[str, ...]
    dan: tuple[int, ...]
    rate: tuple[float, ...]
    sex: tuple[str, ...]


@attrs.frozen(kw_only=True)
class TenhouInit:
    """``<INIT>``: the start of a hand. Scores are in units of 100 points.

    .. versionadded:: 0.2
    """

    round: int
    """Round index: 0-3 East 1-4, 4-7 South 1-4, 8-11 West 1-4."""
    honba: int
    riichi_sticks: int
    """Riichi sticks already on the table."""
    dice: tuple[int, int] | None
    """The two dice, 1..6 (the log stores each minus 1); ``None`` when the log does not
    say (tenhou.net/6 JSON, mjai)."""
    dora_indicator: int
    ten: tuple[int, ...]
    """Scores at hand start, x100 (4 entries; the empty sanma seat has 0)."""
    oya: int
    hai: tuple[tuple[int, ...], ...]
    """The 13 starting tiles of each of the 4 seats (empty for the sanma seat 3)."""
    shuffle: str | None = None
    """The old-layout per-hand ``shuffle`` attribute (logs before about 2010)."""


@attrs.frozen(kw_only=True)
class TenhouDraw:
    """``<T|U|V|W id>``: ``seat`` draws ``tile``.

    .. versionadded:: 0.2
    """

    seat: int
    tile: int


@attrs.frozen(kw_only=True)
class TenhouDiscard:
    """``<D|E|F|G id>``: ``seat`` discards ``tile``.

    .. versionadded:: 0.2
    """

    seat: int
    tile: int


@attrs.frozen(kw_only=True)
class TenhouCall:
    """``<N who m>``: a call, kan or kita.

    .. versionadded:: 0.2
    """

    who: int
    code: int
    meld: TenhouMeld


@attrs.frozen(kw_only=True)
class TenhouReach:
    """``<REACH who step [ten]>``: step 1 declares, step 2 pays the deposit.

    ``ten`` (step 2 only) holds the scores after the deposit, x100.

    .. versionadded:: 0.2
    """

    who: int
    step: int
    ten: tuple[int, ...] | None = None


@attrs.frozen(kw_only=True)
class TenhouDora:
    """``<DORA hai>``: a new kan-dora indicator.

    .. versionadded:: 0.2
    """

    tile: int


@attrs.frozen(kw_only=True)
class TenhouBye:
    """``<BYE who>``: a disconnect (no effect on the rules).

    .. versionadded:: 0.2
    """

    who: int


@attrs.frozen(kw_only=True)
class TenhouReconnect:
    """A later ``<UN nK>`` with one name: a reconnect.

    .. versionadded:: 0.2
    """

    who: int
    name: str


TenhouEvent = (
    TenhouDraw | TenhouDiscard | TenhouCall | TenhouReach | TenhouDora | TenhouBye
    | TenhouReconnect
)


@attrs.frozen(kw_only=True)
class TenhouAgari:
    """``<AGARI>``: one winner's result. Scores are x100.

    .. versionadded:: 0.2
    """

    who: int
    from_who: int
    """The discarder; equal to ``who`` for a tsumo."""
    pao_who: int | None
    hai: tuple[int, ...]
    """The concealed tiles including the winning tile."""
    melds: tuple[TenhouMeld, ...]
    meld_codes: tuple[int, ...]
    machi: int
    """The winning tile."""
    fu: int | None
    """The fu; ``None`` when the log does not say (a limit hand in tenhou.net/6 JSON)."""
    points: int
    """The hand's value without honba and sticks (in points, not x100)."""
    limit: int
    """0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman."""
    yaku: tuple[tuple[int, int], ...]
    """(yaku id, han) pairs."""
    yakuman: tuple[int, ...]
    dora_hai: tuple[int, ...]
    ura_hai: tuple[int, ...]
    ba: tuple[int, int]
    """(honba, riichi sticks) awarded to this winner."""
    sc: tuple[int, ...]
    """Per seat: score before and change, x100 (8 values, also in sanma)."""
    owari: tuple[tuple[int, float], ...] | None = None
    """On the game's last result: (final score x100, placement points) per seat."""
    yaku_known: bool = True
    """``False`` when the log states no yaku at all (an mjai ``hora`` without ``yakus``,
    as libriichi and Mortal write them): ``yaku`` and ``yakuman`` are then empty and mean
    unknown, not none.

    .. versionadded:: 0.3
    """

    @property
    def is_tsumo(self) -> bool:
        """A self-drawn win."""
        return self.who == self.from_who

    @property
    def deltas(self) -> tuple[int, ...]:
        """The score changes per seat, x100."""
        return self.sc[1::2]


@attrs.frozen(kw_only=True)
class TenhouRyuukyoku:
    """``<RYUUKYOKU>``: a drawn hand. Scores are x100.

    .. versionadded:: 0.2
    """

    type: str | None
    """``None`` for an exhaustive draw, else ``yao9``, ``reach4``, ``ron3``, ``kan4``,
    ``kaze4`` or ``nm``."""
    ba: tuple[int, int]
    sc: tuple[int, ...]
    hai: tuple[tuple[int, ...] | None, ...]
    """Per seat, the concealed tiles shown as tenpai (``None`` when not shown)."""
    owari: tuple[tuple[int, float], ...] | None = None
    hai_known: bool = True
    """``False`` when the log does not say which hands were shown (tenhou.net/6 JSON and
    mjai carry only the deltas: an exhaustive draw where every delta is zero, a nagashi
    mangan); ``hai`` is then all ``None``."""

    @property
    def deltas(self) -> tuple[int, ...]:
        """The score changes per seat, x100."""
        return self.sc[1::2]


TenhouResult = TenhouAgari | TenhouRyuukyoku


@attrs.frozen(kw_only=True)
class TenhouHand:
    """One hand: its ``<INIT>``, the events in order and the result tags.

    .. versionadded:: 0.2
    """

    index: int
    init: TenhouInit
    events: tuple[TenhouEvent, ...]
    results: tuple[TenhouResult, ...]
    """One ``<AGARI>`` per winner (two for a double ron) or one ``<RYUUKYOKU>``."""


@attrs.frozen(kw_only=True)
class TenhouGame:
    """A whole mjlog game.

    .. versionadded:: 0.2
    """

    name: str
    version: str
    """The ``ver`` of ``<mjloggm>``."""
    shuffle_seed: str | None
    """The ``<SHUFFLE seed>`` text, ``None`` for old logs."""
    rules: TenhouRules
    players: TenhouPlayers
    first_oya: int
    hands: tuple[TenhouHand, ...]
    pregame_events: tuple[TenhouBye | TenhouReconnect, ...] = ()
    """Disconnects and reconnects before the first ``<INIT>``."""

    @property
    def sanma(self) -> bool:
        """A three-player game."""
        return self.rules.sanma

    @property
    def seats(self) -> int:
        """3 in sanma, else 4."""
        return 3 if self.rules.sanma else 4
