"""What the scorer is told: the winning hand (tiles and melds) and the win circumstances.

.. versionadded:: 0.1
"""

from __future__ import annotations

import enum

import attrs

from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile

__all__ = ["Liability", "Meld", "MeldKind", "WinContext", "WinningHand", "meld_problem",
           "size_message"]


# enum members as module constants: a member looked up on its class is slow in 3.11
_ANKAN = MeldKind.ANKAN
_KANS = (MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN)


@attrs.frozen(kw_only=True, cache_hash=True)  # hashed by the scorer's memo: computed once
class Meld:
    """A meld as the scorer needs it.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> Meld(kind=MeldKind.PON, tiles=parse_tiles("555z")).is_open
        True
    """

    kind: MeldKind
    """Which kind of meld."""
    tiles: tuple[Tile, ...]
    """Its tiles (3, or 4 for a kan)."""

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind is not _ANKAN

    @property
    def is_kan(self) -> bool:
        """Daiminkan, kakan or ankan."""
        return self.kind in _KANS

    @property
    def first_kind(self) -> int:
        """The lowest kind of the meld (the run's start, the triplet's kind)."""
        return min(tile.kind for tile in self.tiles)


def meld_problem(meld: Meld) -> Rejection | None:
    """Why a meld cannot exist, as a ``bad_hand`` rejection, or ``None``.

    A meld must have 3 tiles (4 for a kan), a chi must be a run of one suit, a pon or kan
    one kind. Shared by the riichi and the Taiwanese scorer.

    Examples:
        >>> from mahjong_rules.notation import parse_tiles
        >>> meld_problem(Meld(kind=MeldKind.CHI, tiles=parse_tiles("135m"))).reason.value
        'bad_hand'
        >>> meld_problem(Meld(kind=MeldKind.ANKAN, tiles=parse_tiles("1111z"))) is None
        True
    """
    size = 4 if meld.is_kan else 3
    kinds = sorted(tile.kind for tile in meld.tiles)
    name = meld.kind.value
    if len(kinds) != size:
        return Rejection(reason=Reason.BAD_HAND, message=f"a {name} has {size} tiles, not "
                         f"{len(kinds)}", details={"meld": name})
    if meld.kind is MeldKind.CHI:
        if kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != list(range(kinds[0], kinds[0] + 3)):
            return Rejection(reason=Reason.BAD_HAND, message="a chi must be a run of one suit",
                             details={"meld": "chi"})
    elif len(set(kinds)) != 1:
        return Rejection(reason=Reason.BAD_HAND, message=f"a {name} must be one kind",
                         details={"meld": name})
    return None


def size_message(melds: int, held: int, needed: int) -> str:
    """The message of a hand of the wrong size for its melds (both scorers).

    Examples:
        >>> size_message(1, 13, 10)
        'with 1 meld the hand must hold 10 concealed tiles besides the winning tile; it holds 13'

    .. versionadded:: 0.2
    """
    return (f"with {melds} meld{'' if melds == 1 else 's'} the hand must hold {needed} "
            f"concealed tiles besides the winning tile; it holds {held}")


class Liability(enum.Enum):
    """Who else pays (pao): set by the game, which knows who fed the meld."""

    __hash__ = object.__hash__  # identity, as equality is: no Python-level hash

    YAKUMAN = "yakuman"
    """The liable player fed the last dragon triplet of daisangen or the last wind
    triplet of daisuushii (seeds/000 6.5)."""
    OPEN_KAN_RINSHAN = "open_kan_rinshan"
    """The win is a rinshan tsumo on the replacement tile of an open kan made from the
    liable player's discard (seeds/001)."""


@attrs.frozen(kw_only=True, cache_hash=True)  # batch packing keys its cache by hand
class WinningHand:
    """The winner's tiles.

    ``concealed`` excludes the winning tile; ``melds`` are the called and declared melds.
    """

    concealed: tuple[Tile, ...]
    """Concealed tiles without the winning tile."""
    win: Tile
    """The winning tile (drawn or claimed)."""
    melds: tuple[Meld, ...] = ()
    """Called and declared melds, kans included."""

    @property
    def is_closed(self) -> bool:
        """No meld but closed kans."""
        for meld in self.melds:  # noqa: SIM110 (a loop: no generator object on a hot path)
            if meld.is_open:
                return False
        return True


@attrs.frozen(kw_only=True, cache_hash=True)  # and by circumstances
class WinContext:
    """The circumstances of a win, kept apart from the rule options.

    Winds are 0 East, 1 South, 2 West, 3 North; the dealer is the East seat.
    """

    tsumo: bool = False
    """Won by self-draw; otherwise by ron."""
    seat_wind: int = 0
    """The winner's seat wind (0 = East = dealer)."""
    round_wind: int = 0
    """The prevalent wind."""
    riichi: bool = False
    """The winner declared riichi."""
    double_riichi: bool = False
    """The riichi was declared on the first go-around (replaces riichi)."""
    ippatsu: bool = False
    """Won within one go-around of riichi, uninterrupted."""
    haitei: bool = False
    """Tsumo on the last tile of the live wall."""
    houtei: bool = False
    """Ron on the last discard."""
    rinshan: bool = False
    """Tsumo on a replacement tile (after a kan, or a kita in sanma)."""
    chankan: bool = False
    """Ron on a tile added to a kan (or, for thirteen orphans, a closed kan)."""
    tenhou: bool = False
    """The dealer's initial fourteen tiles win."""
    chiihou: bool = False
    """A non-dealer's first draw wins, no call before it."""
    renhou: bool = False
    """A non-dealer's ron on a first go-around discard, before their own first draw, no
    call before it. Read only under options that play renhou (``RiichiOptions.renhou``
    not ``OFF``); otherwise the win is scored as if it were false.

    .. versionadded:: 0.3
    """
    dora_indicators: tuple[Tile, ...] = ()
    """Dora indicators turned so far (kan dora included)."""
    ura_indicators: tuple[Tile, ...] = ()
    """Ura-dora indicators (counted only for riichi)."""
    kita: int = 0
    """North tiles set aside (sanma)."""
    honba: int = 0
    """Repeat counters on the table."""
    riichi_sticks: int = 0
    """Riichi deposits on the table, the winner's own included."""
    liability: Liability | None = None
    """Pao, when the game has a liable player for this win."""

    @property
    def is_dealer(self) -> bool:
        """The winner is the dealer (East seat)."""
        return self.seat_wind == 0
