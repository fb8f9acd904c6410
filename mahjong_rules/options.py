"""Rule options: one frozen, validated class per ruleset, with named presets.

Defaults are the primary spec's (``seeds/000``, section 2) and are declared once, on the
fields. Each place where the source documents disagree (``seeds/README.md``) is an
option, and a preset reproduces the other document:

==================  ===========================================================
preset              source
==================  ===========================================================
``default()``       seeds/000, the primary spec (4-player and sanma)
``ippatsu()``       seeds/001, the "Ippatsu" rules page (4-player)
``joypip()``        seeds/004, the JoyPip play guide (sanma)
``tenhou()``        online riichi as played on Tenhou (details settled by real logs)
``mahjong_soul()``  online riichi as played on Mahjong Soul (its records)
``majiang()``       the defaults of the majiang-core engine (``lib/rule.js``)
``m_league()``      M-League (riichi.wiki, citing m-league.jp; a parlour's notes)
``wrc()``           the World Riichi Championship rules (2015 book, riichi.wiki)
``ema()``           the EMA Riichi Competition Rules, 2016 on (riichi.wiki)
``jpml_a()``        the JPML (Renmei) official A rules (secondary summaries)
``rmu()``           the RMU A rules (rmu.jp/rule)
``saikouisen()``    the Saikouisen rules (its 2009 summary)
==================  ===========================================================

``docs/presets.md`` gives every preset's value of every rule point with its source.

Examples:
    >>> from mahjong_rules.options import RiichiOptions, MultipleRon
    >>> RiichiOptions().double_ron is MultipleRon.ALLOW
    True
    >>> RiichiOptions.ippatsu().double_ron is MultipleRon.HEAD_BUMP
    True
    >>> RiichiOptions.from_dict({"kiriage_mangan": True}).kiriage_mangan
    True

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self, cast

import attrs

from mahjong_rules.errors import OptionsError

__all__ = [
    "DOUBLE_YAKUMAN_HANDS",
    "EarthlyHand",
    "Extension",
    "FifthTile",
    "FinalRounding",
    "GameLength",
    "KanDoraTiming",
    "Kuikae",
    "LeftoverSticks",
    "MultipleRon",
    "NagashiMangan",
    "PaoRonHonba",
    "RenchanOn",
    "Renhou",
    "RiichiAnkan",
    "RiichiOptions",
    "SanmaOptions",
    "SanmaTsumo",
    "StraightConcealment",
    "TaiTable",
    "TaiwaneseGameLength",
    "TaiwaneseOptions",
    "TiedRanks",
    "TripleRon",
    "WaitRule",
]


class GameLength(enum.Enum):
    """How long a game lasts."""

    TONPUU = "tonpuu"
    """East round only (East 1 to East 4)."""
    HANCHAN = "hanchan"
    """East and South rounds."""
    SINGLE_HAND = "single_hand"
    """One hand (seeds/004 and 003)."""


class MultipleRon(enum.Enum):
    """Two players ron the same discard."""

    ALLOW = "allow"
    """Both win (double ron)."""
    HEAD_BUMP = "head_bump"
    """Only the first in turn order after the discarder wins (atamahane, seeds/001)."""


class TripleRon(enum.Enum):
    """Three players ron the same discard (4-player only)."""

    ABORT = "abort"
    """The hand ends as an abortive draw."""
    ALLOW = "allow"
    """All three win."""


class RenchanOn(enum.Enum):
    """When the dealer keeps the deal (an abortive draw always keeps it)."""

    TENPAI = "tenpai"
    """On a dealer win, or a draw with the dealer tenpai."""
    AGARI = "agari"
    """Only on a dealer win."""
    NONE = "none"
    """Never after a win or an exhaustive draw: the deal passes every time (majiang-core
    ``連荘方式`` 0).

    .. versionadded:: 0.3
    """
    NOTEN = "noten"
    """On a dealer win and on every exhaustive draw, the dealer tenpai or not
    (majiang-core ``連荘方式`` 3, ノーテン連荘).

    .. versionadded:: 0.3
    """


class Extension(enum.Enum):
    """What follows the last hand when nobody has reached ``return_points``.

    The extension is the next wind (West after a half game, South after an east-only
    game) and never goes past its last hand. It is entered only when nobody has reached
    ``return_points`` after the last hand.

    .. versionadded:: 0.3
    """

    NONE = "none"
    """No extension: the game ends after the last hand (seeds/000 ``westEntry`` false)."""
    SUDDEN_DEATH = "sudden_death"
    """Sudden death: the game ends after any extension hand that leaves someone at
    ``return_points`` or more, a dealer repeat included (seeds/000 5.10 item 4)."""
    RENCHAN_PRIORITY = "renchan_priority"
    """Sudden death, but a dealer repeat goes on: after a repeat the game ends only by the
    dealer's own stop (agari-yame, tenpai-yame as sole first); once the deal passes, the
    game ends when someone has ``return_points`` (Tenhou; majiang-core 延長戦方式 2,
    連荘優先サドンデス)."""
    FULL_ROUND = "full_round"
    """The extension wind is played to its last hand whatever the scores, as the
    ordinary last wind is (majiang-core 延長戦方式 3, 4局固定)."""


class RiichiAnkan(enum.Enum):
    """When a seat in riichi may make a closed kan (always with the tile it drew).

    .. versionadded:: 0.3
    """

    NEVER = "never"
    """Never (majiang-core リーチ後暗槓許可レベル 0)."""
    SAME_WAITS_AND_READINGS = "same_waits_and_readings"
    """When the waits stay the same and every winning reading holds the kind as a
    triplet, so that no reading of the hand changes (seeds/000 5.4)."""
    SAME_WAITS = "same_waits"
    """When the waits stay the same, however the hand can be read (Tenhou:
    "牌姿や役の増減は不問"; majiang-core level 2)."""


class FifthTile(enum.Enum):
    """Which of a seat's own copies make a wait on their kind no wait (the "fifth tile").

    A hand that needs a kind of which the seat itself holds all four copies cannot win
    on it. The option says which of the seat's tiles count toward those four: it decides
    tenpai at an exhaustive draw and for riichi.

    .. versionadded:: 0.3
    """

    HAND_AND_MELDS = "hand_and_melds"
    """The concealed hand and the seat's own melds and kans (seeds/000 5.5, 10: "대기패
    4장 자가 보유 형태는 노텐")."""
    CONCEALED = "concealed"
    """The concealed hand only: a wait whose four copies sit in the seat's own kan (or
    pon) still counts as tenpai (Tenhou, by riichi.wiki "Karaten"; Mahjong Soul;
    majiang-core ``Util.tingpai``)."""
    NONE = "none"
    """None of them: every wait counts for tenpai, even one on a kind whose four copies
    are all in the seat's concealed hand, which no tile can complete (Mahjong Soul,
    mjstars.net: "Tenpai that requires a fifth copy of a tile is allowed", no exception
    named).

    .. versionadded:: 0.3
    """


class Kuikae(enum.Enum):
    """Which discards are forbidden right after a chi or pon (swap calls, kuikae).

    .. versionadded:: 0.3
       Replaces the ``kuikae`` switch of the 0.3 development versions: ``False`` reads
       as ``FORBIDDEN``, ``True`` as ``ALLOWED``.
    """

    FORBIDDEN = "forbidden"
    """Neither the called kind nor, after a chi, the kind at the run's other end
    (seeds/000 4: "구이가에 금지"; WRC 2014 errata; Tenhou, Mahjong Soul)."""
    SUJI = "suji"
    """Only the called kind itself: after a chi the kind at the run's other end may go at
    once (JPML, a Renmei exam candidate's list: 現物以外の喰い替えを認める)."""
    ALLOWED = "allowed"
    """Any discard (EMA before 2016: "any discard is legal after calling Chii or Pon")."""


def _kuikae_value(value: object) -> object:
    """``True`` / ``False`` (the 0.3 development switch) as ``ALLOWED`` / ``FORBIDDEN``."""
    if value is True:
        return Kuikae.ALLOWED
    if value is False:
        return Kuikae.FORBIDDEN
    return value


class Renhou(enum.Enum):
    """What renhou (人和, "hand of man") is worth.

    Renhou is a non-dealer's ron on a discard of the first go-around, before the winner's
    own first draw, with no call (a closed kan or, with ``kita_cancels_ippatsu``, a kita
    included) made before it: the ron counterpart of chiihou (EMA pre-2016 text; riichi.wiki
    "Renhou"). A ron on a kan or a kita is no renhou. ``docs/presets.md`` ("Renhou") gives
    the sources.

    .. versionadded:: 0.3
    """

    OFF = "off"
    """Not a yaku: the hand is scored by its other yaku (seeds/000 7 lists 인화 among the
    local yaku it leaves out; Tenhou and Mahjong Soul's ranked rules have none)."""
    MANGAN = "mangan"
    """A mangan by itself, not added to anything ("renhou is now a strict mangan only",
    EMA 2016): the win is paid a mangan, no other yaku needed and no dora counted, unless
    the hand's other yaku (at least one) and dora are worth more, in which case they are
    paid instead (the highest-scoring reading is taken)."""
    YAKUMAN = "yakuman"
    """A yakuman, no other yaku needed ("Renhou is a yakuman", EMA before 2016); it adds
    up with the hand's other yakuman as ``yakuman_stacking`` says."""


class FinalRounding(enum.Enum):
    """How the final scores (``(points - return_points) / 1000 + uma``, oka) are rounded.

    .. versionadded:: 0.3
    """

    ONE_DECIMAL = "one_decimal"
    """One decimal, the exact value in thousands (seeds/000 6.7)."""
    INTEGER = "integer"
    """Whole numbers: the value of every seat but the first is rounded half up (toward
    plus infinity), and the first gets minus their sum (majiang-core ``Game.jieju``
    with whole-number uma)."""


class TiedRanks(enum.Enum):
    """How seats with the same final points are ranked for uma and oka.

    .. versionadded:: 0.3
    """

    SEAT_ORDER = "seat_order"
    """The seat nearer the first dealer takes the higher rank (seeds/000; Tenhou,
    Mahjong Soul, majiang-core)."""
    SHARE = "share"
    """The tied seats share the uma (and oka) of the ranks they span equally (M-League,
    WRC, RMU: 同点の場合は順位点を分ける)."""


class LeftoverSticks(enum.Enum):
    """What becomes of the riichi sticks still on the table when the game ends.

    .. versionadded:: 0.3
    """

    TO_FIRST = "to_first"
    """They go to the seat ranked first (seeds/000; Tenhou, Mahjong Soul)."""
    LOST = "lost"
    """Nobody gets them: they leave the game (JPML 供託)."""


class SanmaTsumo(enum.Enum):
    """How a sanma tsumo is paid (there is no North seat)."""

    TSUMO_LOSS = "tsumo_loss"
    """Paid as in 4-player; the missing North share is simply lost."""
    NORTH_BISECTION = "north_bisection"
    """The missing North share is split between the two payers (each rounded up)."""


class KanDoraTiming(enum.Enum):
    """When the new dora indicator of an open or added kan is turned."""

    BEFORE_DISCARD_CLAIMS = "before_discard_claims"
    """When the kan maker discards, before the claim window: a ron on that discard
    counts it (seeds/000)."""
    AFTER_DISCARD_PASSES = "after_discard_passes"
    """Only once that discard passes without a ron (seeds/001)."""
    IMMEDIATE = "immediate"
    """At the kan itself, as a closed kan's: a win on the replacement tile counts it
    (M-League, EMA).

    .. versionadded:: 0.3
    """


class NagashiMangan(enum.Enum):
    """Nagashi mangan (all discards terminals/honours, none called)."""

    OFF = "off"
    """Not played."""
    AS_DRAW = "as_draw"
    """Paid like a mangan tsumo at the draw, no honba, no noten payments (seeds/000)."""
    AS_WIN = "as_win"
    """Counts as a win; every qualifier is paid; honba and deposits go to the one nearest
    the dealer; the qualifier must not have called (seeds/001)."""


class PaoRonHonba(enum.Enum):
    """Who pays the honba of a ron under pao (the liable seat always pays a tsumo's).

    .. versionadded:: 0.3
    """

    DISCARDER = "discarder"
    """The discarder pays all of it (seeds/000 6.5; riichi.wiki "Sekinin barai")."""
    LIABLE = "liable"
    """The liable seat pays all of it (mjstars.net, Mahjong Soul: "Honba payments paid
    by the player to whom pao is applied")."""
    SPLIT = "split"
    """Split as the payment is: half each, the discarder taking the rounding to 100."""


class TaiwaneseGameLength(enum.Enum):
    """How long a Taiwanese game lasts (seeds/003)."""

    FULL = "full"
    """Four wind rounds: the game ends when the deal has passed 16 times."""
    EAST = "east"
    """The East round only: the game ends when the deal has passed 4 times (practice)."""
    SINGLE = "single"
    """One hand (practice)."""


class TaiTable(enum.Enum):
    """Which family of the international Taiwanese tai table (rules/taiwanese.md Q1)."""

    MAHJONG_TIME = "mahjong_time"
    """Mahjong Time / Four Winds (MT): the table the seed points to (recommended)."""
    SAN_DIEGO = "san_diego"
    """The wikidot / San Diego sheet (WD): single and closed waits 2, no winning base,
    little three dragons, big three winds and four concealed triplets 10, ready
    declaration 10, no last-discard item."""
    HOME = "home"
    """The everyday home table (台數表 of ATAWMJ, CHH, LH; docs/taiwanese.md): dealer 1
    and 2 per repeat, seat and round wind sets, dragon sets, own-seat flowers and flower
    sets, small values (half flush 4, full flush 8, all triplets 4), no base for winning.

    .. versionadded:: 0.3
    """


class WaitRule(enum.Enum):
    """How the edge/closed wait and the single wait are judged (Q7)."""

    PLACEMENT = "placement"
    """By the winning tile's place in the chosen reading (recommended)."""
    ONLY_TILE = "only_tile"
    """Only when the hand waited on exactly one kind of tile (the local 獨聽 rule)."""


class StraightConcealment(enum.Enum):
    """When the pure straight is worth 10 instead of 5 (Q9)."""

    SETS = "sets"
    """None of its three runs was claimed or completed by a ron tile (recommended)."""
    HAND = "hand"
    """The hand has no open meld (concealed kongs allowed)."""


class EarthlyHand(enum.Enum):
    """What the earthly hand is (Q11)."""

    DEALER_FIRST_DISCARD = "dealer_first_discard"
    """A non-dealer wins by ron on the dealer's first discard (MT, recommended)."""
    FIRST_DRAW = "first_draw"
    """A non-dealer wins by tsumo on their first draw, no call before it (the Japanese
    reading of 地和)."""


DOUBLE_YAKUMAN_HANDS: frozenset[str] = frozenset(
    {"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"})
"""The yakuman that may count double (seeds/000 6.1), by yaku id.

.. versionadded:: 0.3
"""

_Validator = Callable[[object, "attrs.Attribute[Any]", object], None]


def _one_of(*allowed: object) -> _Validator:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value not in allowed:
            raise OptionsError(f"{attribute.name} must be one of {allowed}, got {value!r}")
    return check


def _in_range(low: int, high: int, step: int = 1) -> _Validator:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not (
                low <= value <= high) or value % step:
            raise OptionsError(
                f"{attribute.name} must be an integer in {low}..{high} (step {step}),"
                f" got {value!r}")
    return check


def _uma(instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    players = getattr(type(instance), "players", 4)
    if not isinstance(value, tuple) or len(value) != players or not all(
            type(v) is int for v in value) or sum(value):
        raise OptionsError(
            f"uma must be {players} integers (first to last) summing to 0, got {value!r}")


def _enum(kind: type[enum.Enum]) -> _Validator:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise OptionsError(f"{attribute.name} must be a {kind.__name__}, got {value!r}")
    return check


def _bool(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise OptionsError(f"{attribute.name} must be true or false, got {value!r}")


def _name_set(value: object) -> object:
    """A list, tuple or set of names as a frozenset (anything else is left to the validator)."""
    if isinstance(value, list | tuple | set) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    return value


def _subset_of(allowed: frozenset[str]) -> _Validator:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, frozenset) or not value <= allowed:
            raise OptionsError(f"{attribute.name} must be a set of names from "
                               f"{sorted(allowed)}, got {value!r}")
    return check


class _OptionsBase:
    """What every options class shares: presets by name and the plain dict forms.

    A subclass is an ``@attrs.frozen(kw_only=True)`` class that names its presets in
    :meth:`preset_names`, each a classmethod of that name.
    """

    __slots__ = ()

    # the fields every ruleset's options have (declared here for the type checker only:
    # each subclass defines them as its own attrs fields, with its own defaults)
    start_points: int
    turn_seconds: int
    claim_seconds: int
    time_bank_seconds: int

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """Names accepted by :meth:`preset`."""
        return ("default",)

    @classmethod
    def preset(cls, name: str) -> Self:
        """A preset by name (``default``, ``ippatsu``, ``tenhou``, ...).

        Raises:
            OptionsError: an unknown preset name.
        """
        method = getattr(cls, name, None) if name in cls.preset_names() else None
        if method is None:
            raise OptionsError(f"unknown preset {name!r} for {cls.__name__}; "
                               f"known: {', '.join(cls.preset_names())}")
        result: Self = method()
        return result

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible form (enums by value, tuples and sets as lists)."""
        out: dict[str, Any] = {}
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(self))):
            value = getattr(self, field.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, frozenset):
                value = sorted(value)
            out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, base: Self | None = None) -> Self:
        """Options from a plain dict, over ``base`` (the defaults when ``None``).

        Raises:
            OptionsError: an unknown key or a bad value (or ``data`` is no mapping).
        """
        if not isinstance(data, Mapping):
            raise OptionsError(f"options are a mapping of names to values, got "
                               f"{type(data).__name__}")
        if base is not None and type(base) is not cls:
            raise OptionsError(f"the base of {cls.__name__} options is a {cls.__name__}, got "
                               f"{type(base).__name__}")
        fields = {field.name: field
                  for field in attrs.fields(cast("type[attrs.AttrsInstance]", cls))}
        changes: dict[str, Any] = {}
        for key, raw in data.items():
            field = fields.get(key)
            if field is None:
                raise OptionsError(f"unknown option {key!r} for {cls.__name__}")
            target = _ENUMS.get(str(field.type))
            value = raw
            # a bool for an enum field with a converter is an older switch's value (kuikae)
            legacy = isinstance(raw, bool) and field.converter is not None
            if target is not None and not isinstance(raw, enum.Enum) and not legacy:
                try:
                    value = target(raw)
                except ValueError:
                    raise OptionsError(
                        f"{key} must be one of {[m.value for m in target]}, got {raw!r}"
                    ) from None
            elif isinstance(raw, list):
                value = tuple(raw)
            changes[key] = value
        start = base if base is not None else cls()
        # every subclass is an attrs class, which the attrs mypy plugin cannot see here
        return attrs.evolve(start, **changes)  # type: ignore[misc]


@attrs.frozen(kw_only=True)
class RiichiOptions(_OptionsBase):
    """Options of 4-player riichi (seeds/000 section 2, plus the disagreements).

    .. versionadded:: 0.1
    """

    players: ClassVar[int] = 4

    length: GameLength = attrs.field(default=GameLength.HANCHAN, validator=_enum(GameLength))
    """Game length (``length``)."""
    start_points: int = attrs.field(default=25_000, validator=_in_range(100, 1_000_000, 100))
    """Points each seat starts with (``startPoints``)."""
    return_points: int = attrs.field(default=30_000, validator=_in_range(100, 1_000_000, 100))
    """Reference for oka and the west/south extension (``returnPoints``)."""
    uma: tuple[int, ...] = attrs.field(default=(20, 10, -10, -20), validator=_uma)
    """Rank bonuses in thousands, first to last (``uma``)."""
    final_rounding: FinalRounding = attrs.field(default=FinalRounding.ONE_DECIMAL,
                                                validator=_enum(FinalRounding))
    """How the final scores are rounded (seeds/000 6.7: one decimal).

    .. versionadded:: 0.3
    """
    tied_ranks: TiedRanks = attrs.field(default=TiedRanks.SEAT_ORDER,
                                        validator=_enum(TiedRanks))
    """How seats tied on final points share the ranks (seeds/000: seat order).

    .. versionadded:: 0.3
    """
    leftover_sticks: LeftoverSticks = attrs.field(default=LeftoverSticks.TO_FIRST,
                                                  validator=_enum(LeftoverSticks))
    """The riichi sticks left on the table at the end of the game (seeds/000: to the
    first).

    .. versionadded:: 0.3
    """
    red_fives: int = attrs.field(default=3, validator=_one_of(0, 3))
    """Red fives in the set: 0, or one each of 5m, 5p, 5s (``akaDora``)."""
    kuitan: bool = attrs.field(default=True, validator=_bool)
    """Tanyao counts on an open hand (``kuitan``)."""
    double_ron: MultipleRon = attrs.field(default=MultipleRon.ALLOW,
                                          validator=_enum(MultipleRon))
    """Two rons on one discard (``doubleRon``; seeds/001: head bump)."""
    triple_ron: TripleRon = attrs.field(default=TripleRon.ABORT, validator=_enum(TripleRon))
    """Three rons on one discard (``tripleRon``)."""
    tobi: bool = attrs.field(default=True, validator=_bool)
    """The game ends when a score drops below zero (``tobi``)."""
    agari_yame: bool = attrs.field(default=True, validator=_bool)
    """The last dealer may end the game when first after a win or tenpai (``agariYame``)."""
    tenpai_yame: bool = attrs.field(default=True, validator=_bool)
    """With ``agari_yame``, the last dealer's tenpai at a draw also ends the game
    (seeds/000: "win or tenpai"; Tenhou: only a win)."""
    extension: Extension = attrs.field(default=Extension.SUDDEN_DEATH,
                                       validator=_enum(Extension))
    """The extension wind when nobody reached ``return_points`` (``westEntry``: sudden
    death; ``NONE`` for ``westEntry`` false).

    .. versionadded:: 0.3
       Replaces the ``west_entry`` switch (``True`` is ``SUDDEN_DEATH``, ``False``
       is ``NONE``).
    """
    renchan_on: RenchanOn = attrs.field(default=RenchanOn.TENPAI, validator=_enum(RenchanOn))
    """When the dealer repeats (``renchanOn``)."""
    riichi_without_draw: bool = attrs.field(default=False, validator=_bool)
    """Riichi may be declared when the declarer will draw no more (fewer than four tiles,
    three in sanma, left in the live wall), down to the last discard but one (JPML;
    seeds/000 5.3: four tiles needed).

    .. versionadded:: 0.3
    """
    riichi_min_points: int = attrs.field(default=1000, validator=_one_of(0, 1000))
    """Points a seat needs to declare riichi: 1000 (seeds/000 5.3), or 0 (a seat below
    1000 may declare, its points going below zero: majiang-core without tobi).

    .. versionadded:: 0.3
    """
    kuikae: Kuikae = attrs.field(default=Kuikae.FORBIDDEN, converter=_kuikae_value,
                                 validator=_enum(Kuikae))
    """Which discards a chi or pon forbids at once: the claimed kind and, after a chi, the
    kind at the run's other end (seeds/000 4: both); only the claimed kind (JPML); none
    (pre-2016 EMA). ``True`` and ``False`` are read as ``ALLOWED`` and ``FORBIDDEN``.

    .. versionadded:: 0.3
    """
    ippatsu_yaku: bool = attrs.field(default=True, validator=_bool)
    """Ippatsu is a yaku (JPML A and RMU B play without it).

    .. versionadded:: 0.3
    """
    ura_dora: bool = attrs.field(default=True, validator=_bool)
    """A riichi winner counts the ura dora (JPML A, RMU B: no).

    .. versionadded:: 0.3
    """
    kan_dora: bool = attrs.field(default=True, validator=_bool)
    """A kan turns a new dora indicator (JPML A, RMU B: no kan dora; without it no kan
    ura either).

    .. versionadded:: 0.3
    """
    kan_ura: bool = attrs.field(default=True, validator=_bool)
    """With ``ura_dora`` and ``kan_dora``, each kan's indicator also has an ura indicator.

    .. versionadded:: 0.3
    """
    renhou: Renhou = attrs.field(default=Renhou.OFF, validator=_enum(Renhou))
    """What renhou (a non-dealer's ron before their first draw, no call before it) is
    worth: nothing (seeds/000 7), a mangan (EMA 2016) or a yakuman (EMA before 2016).

    .. versionadded:: 0.3
    """
    yakuman_stacking: bool = attrs.field(default=True, validator=_bool)
    """Several yakuman in one hand (and a double yakuman) add up; off, a hand is paid at
    most one yakuman (WRC, EMA 2016: "maximum score single yakuman").

    .. versionadded:: 0.3
    """
    kiriage_mangan: bool = attrs.field(default=False, validator=_bool)
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan (``kiriageMangan``)."""
    kazoe_yakuman: bool = attrs.field(default=True, validator=_bool)
    """13 han or more is a yakuman; otherwise sanbaiman is the cap (``kazoeYakuman``)."""
    double_yakuman: bool = attrs.field(default=True, validator=_bool)
    """13-wait kokushi, suuankou tanki, pure chuuren and daisuushii count double
    (``doubleYakuman``); which of them: ``double_yakuman_hands``."""
    double_yakuman_hands: frozenset[str] = attrs.field(
        default=DOUBLE_YAKUMAN_HANDS, converter=_name_set,
        validator=_subset_of(DOUBLE_YAKUMAN_HANDS))
    """With ``double_yakuman``, the yakuman that count double, by yaku id (a subset of
    :data:`DOUBLE_YAKUMAN_HANDS`; the others count single).

    .. versionadded:: 0.3
    """
    abortive_draws: bool = attrs.field(default=True, validator=_bool)
    """Nine terminals, four winds, four kans, four riichi (``abortiveDraws``)."""
    nagashi_mangan: NagashiMangan = attrs.field(default=NagashiMangan.AS_DRAW,
                                                validator=_enum(NagashiMangan))
    """Nagashi mangan and how it is paid (``nagashiMangan``; seeds/001: as a win)."""
    pao: bool = attrs.field(default=True, validator=_bool)
    """Liability for daisangen and daisuushii (``pao``)."""
    pao_whole_hand: bool = attrs.field(default=False, validator=_bool)
    """The liable player answers for the whole hand, not only for the pao yakuman: a
    tsumo is paid by the liable player alone, a ron split half and half (Tenhou logs;
    seeds/000 6.5 names only the pao yakuman)."""
    pao_open_kan_rinshan: bool = attrs.field(default=False, validator=_bool)
    """Liability for a rinshan win on the replacement tile of an open kan made from
    the liable player's discard (seeds/001)."""
    pao_suukantsu: bool = attrs.field(default=False, validator=_bool)
    """Liability for suukantsu: the seat whose discard was called for the fourth kan (an
    open kan) pays as for daisangen (M-League; seeds/000 names only daisangen and
    daisuushii). Independent of ``pao``.

    .. versionadded:: 0.3
    """
    pao_ron_honba: PaoRonHonba = attrs.field(default=PaoRonHonba.DISCARDER,
                                             validator=_enum(PaoRonHonba))
    """Who pays the honba of a ron under pao (seeds/000 6.5: the discarder); a tsumo's
    honba is the liable seat's under every value.

    .. versionadded:: 0.3
    """
    ankan_chankan_kokushi: bool = attrs.field(default=True, validator=_bool)
    """Thirteen orphans may rob a closed kan (``ankanChankanKokushi``)."""
    riichi_ankan: RiichiAnkan = attrs.field(default=RiichiAnkan.SAME_WAITS_AND_READINGS,
                                            validator=_enum(RiichiAnkan))
    """When a closed kan is allowed after riichi (seeds/000 5.4; Tenhou is looser).

    .. versionadded:: 0.3
    """
    fifth_tile: FifthTile = attrs.field(default=FifthTile.HAND_AND_MELDS,
                                        validator=_enum(FifthTile))
    """Which of a seat's own copies make a wait on their kind no wait (seeds/000 5.5).

    .. versionadded:: 0.3
    """
    renpuu_pair_fu: int = attrs.field(default=4, validator=_one_of(2, 4))
    """Fu of a pair of the wind that is both seat and round wind (``renpuuPairFu``)."""
    kan_dora_timing: KanDoraTiming = attrs.field(
        default=KanDoraTiming.BEFORE_DISCARD_CLAIMS, validator=_enum(KanDoraTiming))
    """When an open or added kan turns its dora indicator (seeds/001 differs)."""
    honba_points: int = attrs.field(default=300, validator=_in_range(0, 3000, 300))
    """Points per honba on a win, all payers together (300 in 4-player; a multiple of 300
    so that a tsumo splits it evenly)."""
    noten_pool: int = attrs.field(default=3000, validator=_in_range(0, 12_000, 3000))
    """Tenpai payments at an exhaustive draw, in total: a multiple of 3000, which one to
    three tenpai and noten seats share in whole points."""
    chombo_payment: int = attrs.field(default=8000, validator=_in_range(0, 32_000, 400))
    """What a ``Chombo`` costs on the table, as a reverse tsumo of this size: a
    non-dealer pays half of it to the dealer and a quarter to each other seat, the dealer
    half of it to each (8000: a reverse mangan, mjai.app; 0: no table payment, as where
    the penalty is taken off the final score instead: M-League, WRC). When a chombo is
    called is the game server's decision.

    .. versionadded:: 0.3
    """
    chombo_penalty: int = attrs.field(default=0, validator=_in_range(0, 100))
    """What each ``Chombo`` costs a seat off its final score, in points of the final
    score (one is 1000 table points): M-League 20 (a parlour's "M-League" rules,
    mj-king.net: -20 P); 0 (the default, seeds/000 has no chombo): none. Taken at the end
    of the game by :func:`mahjong_rules.settlement.final_scores`, after the ranking and
    the rounding; when a chombo is called is the game server's decision.

    .. versionadded:: 0.3
    """
    turn_seconds: int = attrs.field(default=15, validator=_in_range(5, 60))
    """Base time for a turn (``turnSeconds``)."""
    claim_seconds: int = attrs.field(default=8, validator=_in_range(3, 20))
    """Time to answer a claim window (``claimSeconds``)."""
    time_bank_seconds: int = attrs.field(default=60, validator=_in_range(0, 300))
    """Personal reserve time (``timeBankSeconds``)."""
    beginner_mode: bool = attrs.field(default=True, validator=_bool)
    """Beginner aids may be turned on per player (``beginnerMode``)."""

    @classmethod
    def default(cls) -> Self:
        """The primary spec (seeds/000)."""
        return cls()

    @classmethod
    def ippatsu(cls) -> Self:
        """The rules of seeds/001 (the "Ippatsu" game)."""
        return cls(double_ron=MultipleRon.HEAD_BUMP,
                   kan_dora_timing=KanDoraTiming.AFTER_DISCARD_PASSES,
                   pao_open_kan_rinshan=True, nagashi_mangan=NagashiMangan.AS_WIN)

    @classmethod
    def tenhou(cls) -> Self:
        """Online riichi as on Tenhou.

        No double yakuman; the rest as the defaults except where the real logs or
        Tenhou's documented rules show it doing otherwise (docs/replay.md, "Findings";
        docs/decisions.md): the liable player pays the whole hand, a dealer repeat goes
        on in the extension, a closed kan after riichi needs only the same waits, and a
        wait whose four copies are in the seat's own kan is still tenpai.
        """
        return cls(double_yakuman=False, pao_whole_hand=True,
                   extension=Extension.RENCHAN_PRIORITY,
                   riichi_ankan=RiichiAnkan.SAME_WAITS, fifth_tile=FifthTile.CONCEALED)

    @classmethod
    def mahjong_soul(cls) -> Self:
        """Riichi as played on Mahjong Soul, as its game records show (docs/replay.md).

        The defaults of the primary spec (double yakuman, kazoe yakuman, no kiriage),
        except that every wait counts for tenpai, one on a fifth copy too (mjstars.net
        "Rules for 4-player Ranking Match": "Tenpai that requires a fifth copy of a tile
        is allowed"; riichi.wiki "Karaten": a wait whose four copies are in the seat's
        own kan), and the final scores are whole numbers (mjstars.net: rounded to the
        nearest 1000; the liable seat pays the honba of a pao ron too); nothing in the
        copied Mahjong Soul records differs. Cell by cell: ``docs/presets.md``.

        .. versionchanged:: 0.3
           ``final_rounding=INTEGER``, ``pao_ron_honba=LIABLE``, ``fifth_tile=NONE``
           (it was ``CONCEALED``).
        """
        return cls(fifth_tile=FifthTile.NONE, final_rounding=FinalRounding.INTEGER,
                   pao_ron_honba=PaoRonHonba.LIABLE)

    @classmethod
    def majiang(cls) -> Self:
        """The defaults of the majiang-core engine (kobalab/majiang-core ``lib/rule.js``).

        4-player only. Every key of its ``rule()`` is matched to an option, line by
        line, in ``docs/reference/options.md`` ("The majiang preset"), with the one
        point the options cannot express. It differs from the defaults in three points
        of ``lib/game.js``: thirteen orphans never robs a closed kan, a closed kan after
        riichi needs only the same waits (``リーチ後暗槓許可レベル`` 2), and a wait whose
        four copies are in the seat's own kan is still tenpai.

        .. versionadded:: 0.3
        """
        return cls(ankan_chankan_kokushi=False, riichi_ankan=RiichiAnkan.SAME_WAITS,
                   fifth_tile=FifthTile.CONCEALED)

    @classmethod
    def m_league(cls) -> Self:
        """M-League (riichi.wiki "M.League", citing m-league.jp/about; a parlour's notes).

        25,000 / 30,000 with uma 30-10 (the +50 of the league's table, oka included),
        ties share the bonus, head bump (triple ron too), a double-wind pair 2 fu, kan
        dora turned at the kan. From a parlour's "M-League" rules (mj-king.net, a
        secondary source): no abortive draws, no agari-yame, riichi with no draw left,
        no counted yakuman, double yakuman only by compounding, no kokushi on a closed
        kan, a chombo 20 points off the final score. Liability for suukantsu (ML).
        Cell by cell: ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(uma=(30, 10, -10, -30), tied_ranks=TiedRanks.SHARE,
                   double_ron=MultipleRon.HEAD_BUMP, triple_ron=TripleRon.ALLOW,
                   abortive_draws=False, renpuu_pair_fu=2,
                   kan_dora_timing=KanDoraTiming.IMMEDIATE, riichi_without_draw=True,
                   agari_yame=False, tenpai_yame=False, kazoe_yakuman=False,
                   double_yakuman=False, ankan_chankan_kokushi=False, pao_suukantsu=True,
                   chombo_penalty=20)

    @classmethod
    def wrc(cls) -> Self:
        """The World Riichi Championship rules.

        Sources: riichi.wiki "World Riichi Championship rules", the 2015 rule book's
        contents, the 2014 errata by the rules' author.
        30,000 / 30,000, no oka, uma 15-5 averaged over ties, no abortive draws, no
        agari-yame (2015 5.9.1), no counted yakuman, every yakuman single and at most
        one. The 2025 rule book was not reached. Cell by cell: ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(start_points=30_000, return_points=30_000, uma=(15, 5, -5, -15),
                   tied_ranks=TiedRanks.SHARE, abortive_draws=False,
                   triple_ron=TripleRon.ALLOW, agari_yame=False, tenpai_yame=False,
                   kazoe_yakuman=False, double_yakuman=False, yakuman_stacking=False)

    @classmethod
    def ema(cls) -> Self:
        """The EMA Riichi Competition Rules, 2016 on.

        Source: riichi.wiki "EMA Riichi Competition Rules", its current revision.
        No red fives, double and triple ron (the discarder pays each), no abortive
        draws, kan dora turned at the kan, the maximum a single yakuman, renhou a
        mangan ("a strict mangan only", the 2016 changes), nagashi mangan counted as a
        win (the older text; not confirmed for 2016). Points and
        uma were not in the text reached: our defaults. Cell by cell:
        ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(red_fives=0, triple_ron=TripleRon.ALLOW, abortive_draws=False,
                   kan_dora_timing=KanDoraTiming.IMMEDIATE, kazoe_yakuman=False,
                   double_yakuman=False, yakuman_stacking=False, renhou=Renhou.MANGAN,
                   nagashi_mangan=NagashiMangan.AS_WIN)

    @classmethod
    def jpml_a(cls) -> Self:
        """The Japan Professional Mahjong League's official (A) rules.

        Sources, secondary: a Renmei exam candidate's note.com summary, a parlour's
        mj-king.net summary; 30,000 points from the Renmei's own page (archived 2012).
        No ippatsu, ura dora, kan dora or kan ura; head bump; riichi with no draw left
        (not on the last discard); the sticks left at the end are lost; no agari-yame;
        the four abortive draws but no triple-ron abort; liability for a rinshan win
        on an open kan; swap calls only to the run's other end (現物以外の喰い替えを認める);
        renhou a mangan (the Renmei's page of 2012: 特役(満貫) 人和).
        Cell by cell, with where the two summaries disagree:
        ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(start_points=30_000, ippatsu_yaku=False, ura_dora=False,
                   kan_dora=False, kan_ura=False, double_ron=MultipleRon.HEAD_BUMP,
                   triple_ron=TripleRon.ALLOW, riichi_without_draw=True,
                   leftover_sticks=LeftoverSticks.LOST, agari_yame=False,
                   tenpai_yame=False, pao_open_kan_rinshan=True,
                   ankan_chankan_kokushi=False, renhou=Renhou.MANGAN,
                   kuikae=Kuikae.SUJI)

    @classmethod
    def rmu(cls) -> Self:
        """The RMU A rules (rmu.jp/rule, official).

        30,000 / 30,000, uma 15-5 shared on ties (同点の場合は順位点を分ける), one
        winner by head bump, no abortive draws (four riichi play on), no agari-yame
        or tenpai-yame, a wait held whole in one's own hand is noten. Cell by cell:
        ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(start_points=30_000, return_points=30_000, uma=(15, 5, -5, -15),
                   tied_ranks=TiedRanks.SHARE, double_ron=MultipleRon.HEAD_BUMP,
                   triple_ron=TripleRon.ALLOW, abortive_draws=False, agari_yame=False,
                   tenpai_yame=False)

    @classmethod
    def saikouisen(cls) -> Self:
        """The Saikouisen (最高位戦日本プロ麻雀協会) rules.

        Source: the league's rule summary as published by jan39.com (2009).
        30,000 / 30,000 without oka, uma 30-10, ippatsu, ura, kan dora and kan ura, no
        agari-yame or tenpai-yame, tenpai renchan, no abortive draws, no pao, no
        counted yakuman and no compound yakuman, no kokushi on a closed kan. The
        older rule book's 場ゾロ (two han always added) is not played. Cell by cell:
        ``docs/presets.md``.

        .. versionadded:: 0.3
        """
        return cls(start_points=30_000, return_points=30_000, uma=(30, 10, -10, -30),
                   agari_yame=False, tenpai_yame=False, abortive_draws=False,
                   triple_ron=TripleRon.ALLOW, pao=False, kazoe_yakuman=False,
                   double_yakuman=False, yakuman_stacking=False,
                   ankan_chankan_kokushi=False)

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """Names accepted by :meth:`preset`."""
        return ("default", "ippatsu", "tenhou", "mahjong_soul", "majiang", "m_league",
                "wrc", "ema", "jpml_a", "rmu", "saikouisen")


@attrs.frozen(kw_only=True)
class SanmaOptions(RiichiOptions):
    """Options of 3-player riichi.

    The 4-player options with sanma defaults, plus kita and the sanma payments
    (seeds/000 sections 2 and 5.7, seeds/004).

    .. versionadded:: 0.1
    """

    players: ClassVar[int] = 3

    start_points: int = attrs.field(default=35_000, validator=_in_range(100, 1_000_000, 100))
    """Points each seat starts with."""
    return_points: int = attrs.field(default=40_000, validator=_in_range(100, 1_000_000, 100))
    """Reference for oka and the extension."""
    uma: tuple[int, ...] = attrs.field(default=(15, 0, -15), validator=_uma)
    """Rank bonuses in thousands."""
    red_fives: int = attrs.field(default=2, validator=_one_of(0, 2))
    """Red fives: 0, or one each of 5p and 5s."""
    honba_points: int = attrs.field(default=200, validator=_one_of(200, 300, 1000))
    """Points per honba in total (``sanmaHonba``): a ron's discarder pays it all, a
    tsumo's two payers half each."""
    noten_pool: int = attrs.field(default=2000, validator=_one_of(2000, 3000))
    """Tenpai payments in total (``sanmaNotenPool``)."""
    sanma_tsumo: SanmaTsumo = attrs.field(default=SanmaTsumo.TSUMO_LOSS,
                                          validator=_enum(SanmaTsumo))
    """How a tsumo is paid without a North seat (``sanmaTsumo``)."""
    kita_cancels_ippatsu: bool = attrs.field(default=False, validator=_bool)
    """Kita cancels everyone's ippatsu, double riichi and nine terminals (seeds/004)."""
    four_winds_abort: bool = attrs.field(default=True, validator=_bool)
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


@attrs.frozen(kw_only=True)
class TaiwaneseOptions(_OptionsBase):
    """Options of Taiwanese 16-tile mahjong (seeds/003, rules/taiwanese.md).

    The defaults are the seed's rules and, where ``rules/taiwanese.md`` section 4 leaves
    a question open, its recommended choice. Each contested item that is cheap to vary
    is a field; ``docs/taiwanese.md`` lists every choice.

    Examples:
        >>> TaiwaneseOptions().start_points, TaiwaneseOptions().length.value
        (2000, 'full')
        >>> TaiwaneseOptions.preset("san_diego").table is TaiTable.SAN_DIEGO
        True
        >>> TaiwaneseOptions.from_dict({"length": "east"}).length
        <TaiwaneseGameLength.EAST: 'east'>

    .. versionadded:: 0.2
    """

    players: ClassVar[int] = 4

    # the game (read by the reducer)
    length: TaiwaneseGameLength = attrs.field(default=TaiwaneseGameLength.FULL,
                                              validator=_enum(TaiwaneseGameLength))
    """Game length: the full game, the East round, or a single hand (seeds/003)."""
    start_points: int = attrs.field(default=2000, validator=_in_range(1, 1_000_000))
    """Points each seat starts with (seeds/003: 2,000)."""
    turn_seconds: int = attrs.field(default=15, validator=_in_range(5, 60))
    """Base time for a turn (as in riichi; seeds/003 names speeds but no seconds)."""
    claim_seconds: int = attrs.field(default=8, validator=_in_range(3, 20))
    """Time to answer a claim window."""
    time_bank_seconds: int = attrs.field(default=60, validator=_in_range(0, 300))
    """Personal reserve time."""

    # scoring (read by mahjong_rules.scoring.taiwanese)
    table: TaiTable = attrs.field(default=TaiTable.MAHJONG_TIME, validator=_enum(TaiTable))
    """The tai table family (Q1)."""
    wait_rule: WaitRule = attrs.field(default=WaitRule.PLACEMENT, validator=_enum(WaitRule))
    """How the wait items are judged (Q7)."""
    all_exposed_on_tsumo: bool = attrs.field(default=False, validator=_bool)
    """The all-exposed hand also counts on a self-draw (Q8; WD: yes)."""
    straight_concealment: StraightConcealment = attrs.field(
        default=StraightConcealment.SETS, validator=_enum(StraightConcealment))
    """When the pure straight is concealed (Q9)."""
    earthly_hand: EarthlyHand = attrs.field(default=EarthlyHand.DEALER_FIRST_DISCARD,
                                            validator=_enum(EarthlyHand))
    """What the earthly hand is (Q11)."""
    seven_pairs_concealed_bonus: bool = attrs.field(default=True, validator=_bool)
    """Seven pairs and a triplet also scores the concealed hand or concealed self-draw
    (Q12; Four Winds: no)."""
    full_flush_no_honours: bool = attrs.field(default=True, validator=_bool)
    """A full flush still scores no honours (or no honours and no flowers) (Q5)."""
    kong_bonus_in_combination: bool = attrs.field(default=True, validator=_bool)
    """A kong inside a wind or dragon combination keeps its kong bonus (Q14)."""
    replacement_win_tai: int = attrs.field(default=0, validator=_in_range(0, 40))
    """Tai for a win on a kong or flower replacement tile (Q2: 0, no item)."""
    all_honours_tai: int = attrs.field(default=0, validator=_in_range(0, 40))
    """Tai for an all-honours hand (Q3: 0, no item; 40 if the hidden table had one)."""

    @classmethod
    def default(cls) -> Self:
        """The seed's rules with every recommended choice of rules/taiwanese.md."""
        return cls()

    @classmethod
    def san_diego(cls) -> Self:
        """The wikidot / San Diego sheet (WD): its values, and all exposed on a tsumo."""
        return cls(table=TaiTable.SAN_DIEGO, all_exposed_on_tsumo=True)

    @classmethod
    def four_winds(cls) -> Self:
        """Four Winds' treatment of seven pairs and a triplet (no concealment bonus)."""
        return cls(seven_pairs_concealed_bonus=False)

    @classmethod
    def home(cls) -> Self:
        """The everyday home table (ATAWMJ 2009, CHH 2023, LH 台數表; docs/taiwanese.md).

        Its values (``TaiTable.HOME``): dealer 1 and 2 per repeat, seat and round wind
        sets 1 each, each dragon set 1, own-seat flowers 1 each, a flower set 2,
        concealed 1, self-drawn 1 (3 together), 獨聽 (the only-tile wait) 1, last tile,
        last discard, a replacement-tile win and robbing a kong 1 each, 平胡 2, 全求 2,
        three/four/five concealed triplets 2/5/8, all triplets 4, half flush 4, full flush
        8, little/big three dragons 4/8, little/big four winds 8/16. Four and five
        concealed triplets, the heavenly hand (24) and 人胡 (16) are this library's
        choices: no source reached gives them (docs/taiwanese.md).

        .. versionadded:: 0.3
        """
        return cls(table=TaiTable.HOME, wait_rule=WaitRule.ONLY_TILE, replacement_win_tai=1)

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """Names accepted by :meth:`preset`."""
        return ("default", "san_diego", "four_winds", "home")


_ENUMS: dict[str, type[enum.Enum]] = {
    kind.__name__: kind
    for kind in (GameLength, MultipleRon, TripleRon, RenchanOn, SanmaTsumo, KanDoraTiming,
                 NagashiMangan, Extension, RiichiAnkan, FifthTile, FinalRounding, TiedRanks,
                 LeftoverSticks, PaoRonHonba, Renhou, Kuikae,
                 TaiwaneseGameLength, TaiTable, WaitRule, StraightConcealment, EarthlyHand)
}


RuleOptions = _OptionsBase
"""The base of every ruleset's options class (what :class:`~mahjong_rules.engine.Ruleset`
is generic in)."""
