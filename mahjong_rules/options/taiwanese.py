"""The Taiwanese options: the rule points of Taiwanese 16-tile mahjong and its presets."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from mahjong_rules.options.base import RuleOptions, boolean, enum_of, in_range
from mahjong_rules.options.enums import (
    EarthlyHand,
    StraightConcealment,
    TaiTable,
    TaiwaneseGameLength,
    WaitRule,
)


@attrs.frozen(kw_only=True)
class TaiwaneseOptions(RuleOptions):
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
                                              validator=enum_of(TaiwaneseGameLength))
    """Game length: the full game, the East round, or a single hand (seeds/003)."""
    start_points: int = attrs.field(default=2000, validator=in_range(1, 1_000_000))
    """Points each seat starts with (seeds/003: 2,000)."""
    turn_seconds: int = attrs.field(default=15, validator=in_range(5, 60))
    """Base time for a turn (as in riichi; seeds/003 names speeds but no seconds)."""
    claim_seconds: int = attrs.field(default=8, validator=in_range(3, 20))
    """Time to answer a claim window."""
    time_bank_seconds: int = attrs.field(default=60, validator=in_range(0, 300))
    """Personal reserve time."""

    # scoring (read by mahjong_rules.scoring.taiwanese)
    table: TaiTable = attrs.field(default=TaiTable.MAHJONG_TIME, validator=enum_of(TaiTable))
    """The tai table family (Q1)."""
    wait_rule: WaitRule = attrs.field(default=WaitRule.PLACEMENT, validator=enum_of(WaitRule))
    """How the wait items are judged (Q7)."""
    all_exposed_on_tsumo: bool = attrs.field(default=False, validator=boolean)
    """The all-exposed hand also counts on a self-draw (Q8; WD: yes)."""
    straight_concealment: StraightConcealment = attrs.field(
        default=StraightConcealment.SETS, validator=enum_of(StraightConcealment))
    """When the pure straight is concealed (Q9)."""
    earthly_hand: EarthlyHand = attrs.field(default=EarthlyHand.DEALER_FIRST_DISCARD,
                                            validator=enum_of(EarthlyHand))
    """What the earthly hand is (Q11)."""
    seven_pairs_concealed_bonus: bool = attrs.field(default=True, validator=boolean)
    """Seven pairs and a triplet also scores the concealed hand or concealed self-draw
    (Q12; Four Winds: no)."""
    full_flush_no_honours: bool = attrs.field(default=True, validator=boolean)
    """A full flush still scores no honours (or no honours and no flowers) (Q5)."""
    kong_bonus_in_combination: bool = attrs.field(default=True, validator=boolean)
    """A kong inside a wind or dragon combination keeps its kong bonus (Q14)."""
    replacement_win_tai: int = attrs.field(default=0, validator=in_range(0, 40))
    """Tai for a win on a kong or flower replacement tile (Q2: 0, no item)."""
    all_honours_tai: int = attrs.field(default=0, validator=in_range(0, 40))
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
