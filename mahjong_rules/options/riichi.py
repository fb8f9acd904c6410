"""The riichi options: every rule point of 4-player riichi and its presets."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from mahjong_rules.options.base import (
    RuleOptions,
    boolean,
    enum_of,
    in_range,
    name_set,
    one_of,
    subset_of,
    valid_uma,
)
from mahjong_rules.options.enums import (
    DOUBLE_YAKUMAN_HANDS,
    Extension,
    FifthTile,
    FinalRounding,
    GameLength,
    KanDoraTiming,
    Kuikae,
    LeftoverSticks,
    MultipleRon,
    NagashiMangan,
    PaoRonHonba,
    RenchanOn,
    Renhou,
    RiichiAnkan,
    TiedRanks,
    TripleRon,
    kuikae_value,
)


@attrs.frozen(kw_only=True)
class RiichiOptions(RuleOptions):
    """Options of 4-player riichi (seeds/000 section 2, plus the disagreements).

    .. versionadded:: 0.1
    """

    players: ClassVar[int] = 4

    length: GameLength = attrs.field(default=GameLength.HANCHAN, validator=enum_of(GameLength))
    """Game length (``length``)."""
    start_points: int = attrs.field(default=25_000, validator=in_range(100, 1_000_000, 100))
    """Points each seat starts with (``startPoints``)."""
    return_points: int = attrs.field(default=30_000, validator=in_range(100, 1_000_000, 100))
    """Reference for oka and the west/south extension (``returnPoints``)."""
    uma: tuple[int, ...] = attrs.field(default=(20, 10, -10, -20), validator=valid_uma)
    """Rank bonuses in thousands, first to last (``uma``)."""
    final_rounding: FinalRounding = attrs.field(default=FinalRounding.ONE_DECIMAL,
                                                validator=enum_of(FinalRounding))
    """How the final scores are rounded (seeds/000 6.7: one decimal).

    .. versionadded:: 0.3
    """
    tied_ranks: TiedRanks = attrs.field(default=TiedRanks.SEAT_ORDER,
                                        validator=enum_of(TiedRanks))
    """How seats tied on final points share the ranks (seeds/000: seat order).

    .. versionadded:: 0.3
    """
    leftover_sticks: LeftoverSticks = attrs.field(default=LeftoverSticks.TO_FIRST,
                                                  validator=enum_of(LeftoverSticks))
    """The riichi sticks left on the table at the end of the game (seeds/000: to the
    first).

    .. versionadded:: 0.3
    """
    red_fives: int = attrs.field(default=3, validator=one_of(0, 3))
    """Red fives in the set: 0, or one each of 5m, 5p, 5s (``akaDora``)."""
    kuitan: bool = attrs.field(default=True, validator=boolean)
    """Tanyao counts on an open hand (``kuitan``)."""
    double_ron: MultipleRon = attrs.field(default=MultipleRon.ALLOW,
                                          validator=enum_of(MultipleRon))
    """Two rons on one discard (``doubleRon``; seeds/001: head bump)."""
    triple_ron: TripleRon = attrs.field(default=TripleRon.ABORT, validator=enum_of(TripleRon))
    """Three rons on one discard (``tripleRon``)."""
    tobi: bool = attrs.field(default=True, validator=boolean)
    """The game ends when a score drops below zero (``tobi``)."""
    agari_yame: bool = attrs.field(default=True, validator=boolean)
    """The last dealer may end the game when first after a win or tenpai (``agariYame``)."""
    tenpai_yame: bool = attrs.field(default=True, validator=boolean)
    """With ``agari_yame``, the last dealer's tenpai at a draw also ends the game
    (seeds/000: "win or tenpai"; Tenhou: only a win)."""
    extension: Extension = attrs.field(default=Extension.SUDDEN_DEATH,
                                       validator=enum_of(Extension))
    """The extension wind when nobody reached ``return_points`` (``westEntry``: sudden
    death; ``NONE`` for ``westEntry`` false).

    .. versionadded:: 0.3
       Replaces the ``west_entry`` switch (``True`` is ``SUDDEN_DEATH``, ``False``
       is ``NONE``).
    """
    renchan_on: RenchanOn = attrs.field(default=RenchanOn.TENPAI, validator=enum_of(RenchanOn))
    """When the dealer repeats (``renchanOn``)."""
    riichi_without_draw: bool = attrs.field(default=False, validator=boolean)
    """Riichi may be declared when the declarer will draw no more (fewer than four tiles,
    three in sanma, left in the live wall), down to the last discard but one (JPML;
    seeds/000 5.3: four tiles needed).

    .. versionadded:: 0.3
    """
    riichi_min_points: int = attrs.field(default=1000, validator=one_of(0, 1000))
    """Points a seat needs to declare riichi: 1000 (seeds/000 5.3), or 0 (a seat below
    1000 may declare, its points going below zero: majiang-core without tobi).

    .. versionadded:: 0.3
    """
    kuikae: Kuikae = attrs.field(default=Kuikae.FORBIDDEN, converter=kuikae_value,
                                 validator=enum_of(Kuikae))
    """Which discards a chi or pon forbids at once: the claimed kind and, after a chi, the
    kind at the run's other end (seeds/000 4: both); only the claimed kind (JPML); none
    (pre-2016 EMA). ``True`` and ``False`` are read as ``ALLOWED`` and ``FORBIDDEN``.

    .. versionadded:: 0.3
    """
    ippatsu_yaku: bool = attrs.field(default=True, validator=boolean)
    """Ippatsu is a yaku (JPML A and RMU B play without it).

    .. versionadded:: 0.3
    """
    ura_dora: bool = attrs.field(default=True, validator=boolean)
    """A riichi winner counts the ura dora (JPML A, RMU B: no).

    .. versionadded:: 0.3
    """
    kan_dora: bool = attrs.field(default=True, validator=boolean)
    """A kan turns a new dora indicator (JPML A, RMU B: no kan dora; without it no kan
    ura either).

    .. versionadded:: 0.3
    """
    kan_ura: bool = attrs.field(default=True, validator=boolean)
    """With ``ura_dora`` and ``kan_dora``, each kan's indicator also has an ura indicator.

    .. versionadded:: 0.3
    """
    renhou: Renhou = attrs.field(default=Renhou.OFF, validator=enum_of(Renhou))
    """What renhou (a non-dealer's ron before their first draw, no call before it) is
    worth: nothing (seeds/000 7), a mangan (EMA 2016) or a yakuman (EMA before 2016).

    .. versionadded:: 0.3
    """
    yakuman_stacking: bool = attrs.field(default=True, validator=boolean)
    """Several yakuman in one hand (and a double yakuman) add up; off, a hand is paid at
    most one yakuman (WRC, EMA 2016: "maximum score single yakuman").

    .. versionadded:: 0.3
    """
    kiriage_mangan: bool = attrs.field(default=False, validator=boolean)
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan (``kiriageMangan``)."""
    kazoe_yakuman: bool = attrs.field(default=True, validator=boolean)
    """13 han or more is a yakuman; otherwise sanbaiman is the cap (``kazoeYakuman``)."""
    double_yakuman: bool = attrs.field(default=True, validator=boolean)
    """13-wait kokushi, suuankou tanki, pure chuuren and daisuushii count double
    (``doubleYakuman``); which of them: ``double_yakuman_hands``."""
    double_yakuman_hands: frozenset[str] = attrs.field(
        default=DOUBLE_YAKUMAN_HANDS, converter=name_set,
        validator=subset_of(DOUBLE_YAKUMAN_HANDS))
    """With ``double_yakuman``, the yakuman that count double, by yaku id (a subset of
    :data:`DOUBLE_YAKUMAN_HANDS`; the others count single).

    .. versionadded:: 0.3
    """
    abortive_draws: bool = attrs.field(default=True, validator=boolean)
    """Nine terminals, four winds, four kans, four riichi (``abortiveDraws``)."""
    nagashi_mangan: NagashiMangan = attrs.field(default=NagashiMangan.AS_DRAW,
                                                validator=enum_of(NagashiMangan))
    """Nagashi mangan and how it is paid (``nagashiMangan``; seeds/001: as a win)."""
    pao: bool = attrs.field(default=True, validator=boolean)
    """Liability for daisangen and daisuushii (``pao``)."""
    pao_whole_hand: bool = attrs.field(default=False, validator=boolean)
    """The liable player answers for the whole hand, not only for the pao yakuman: a
    tsumo is paid by the liable player alone, a ron split half and half (Tenhou logs;
    seeds/000 6.5 names only the pao yakuman)."""
    pao_open_kan_rinshan: bool = attrs.field(default=False, validator=boolean)
    """Liability for a rinshan win on the replacement tile of an open kan made from
    the liable player's discard (seeds/001)."""
    pao_suukantsu: bool = attrs.field(default=False, validator=boolean)
    """Liability for suukantsu: the seat whose discard was called for the fourth kan (an
    open kan) pays as for daisangen (M-League; seeds/000 names only daisangen and
    daisuushii). Independent of ``pao``.

    .. versionadded:: 0.3
    """
    pao_ron_honba: PaoRonHonba = attrs.field(default=PaoRonHonba.DISCARDER,
                                             validator=enum_of(PaoRonHonba))
    """Who pays the honba of a ron under pao (seeds/000 6.5: the discarder); a tsumo's
    honba is the liable seat's under every value.

    .. versionadded:: 0.3
    """
    ankan_chankan_kokushi: bool = attrs.field(default=True, validator=boolean)
    """Thirteen orphans may rob a closed kan (``ankanChankanKokushi``)."""
    riichi_ankan: RiichiAnkan = attrs.field(default=RiichiAnkan.SAME_WAITS_AND_READINGS,
                                            validator=enum_of(RiichiAnkan))
    """When a closed kan is allowed after riichi (seeds/000 5.4; Tenhou is looser).

    .. versionadded:: 0.3
    """
    fifth_tile: FifthTile = attrs.field(default=FifthTile.HAND_AND_MELDS,
                                        validator=enum_of(FifthTile))
    """Which of a seat's own copies make a wait on their kind no wait (seeds/000 5.5).

    .. versionadded:: 0.3
    """
    renpuu_pair_fu: int = attrs.field(default=4, validator=one_of(2, 4))
    """Fu of a pair of the wind that is both seat and round wind (``renpuuPairFu``)."""
    kan_dora_timing: KanDoraTiming = attrs.field(
        default=KanDoraTiming.BEFORE_DISCARD_CLAIMS, validator=enum_of(KanDoraTiming))
    """When an open or added kan turns its dora indicator (seeds/001 differs)."""
    honba_points: int = attrs.field(default=300, validator=in_range(0, 3000, 300))
    """Points per honba on a win, all payers together (300 in 4-player; a multiple of 300
    so that a tsumo splits it evenly)."""
    noten_pool: int = attrs.field(default=3000, validator=in_range(0, 12_000, 3000))
    """Tenpai payments at an exhaustive draw, in total: a multiple of 3000, which one to
    three tenpai and noten seats share in whole points."""
    chombo_payment: int = attrs.field(default=8000, validator=in_range(0, 32_000, 400))
    """What a ``Chombo`` costs on the table, as a reverse tsumo of this size: a
    non-dealer pays half of it to the dealer and a quarter to each other seat, the dealer
    half of it to each (8000: a reverse mangan, mjai.app; 0: no table payment, as where
    the penalty is taken off the final score instead: M-League, WRC). When a chombo is
    called is the game server's decision.

    .. versionadded:: 0.3
    """
    chombo_penalty: int = attrs.field(default=0, validator=in_range(0, 100))
    """What each ``Chombo`` costs a seat off its final score, in points of the final
    score (one is 1000 table points): M-League 20 (a parlour's "M-League" rules,
    mj-king.net: -20 P); 0 (the default, seeds/000 has no chombo): none. Taken at the end
    of the game by :func:`mahjong_rules.settlement.final_scores`, after the ranking and
    the rounding; when a chombo is called is the game server's decision.

    .. versionadded:: 0.3
    """
    turn_seconds: int = attrs.field(default=15, validator=in_range(5, 60))
    """Base time for a turn (``turnSeconds``)."""
    claim_seconds: int = attrs.field(default=8, validator=in_range(3, 20))
    """Time to answer a claim window (``claimSeconds``)."""
    time_bank_seconds: int = attrs.field(default=60, validator=in_range(0, 300))
    """Personal reserve time (``timeBankSeconds``)."""
    beginner_mode: bool = attrs.field(default=True, validator=boolean)
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
