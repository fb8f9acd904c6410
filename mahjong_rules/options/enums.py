"""The enums of the rule options (one per varied rule point) and the double yakuman set."""

from __future__ import annotations

import enum


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


def kuikae_value(value: object) -> object:
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
