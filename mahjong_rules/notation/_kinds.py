"""Shared by the tenhou.net/6 JSON and mjai readers and writers (private).

Those formats show tile kinds, not the 136-ids of mjlog XML. :class:`HandTracker`
gives every tile a physical id the first time it is seen (dealt, drawn) and follows it
through the hand (discarded, called, shown in the result), so that the records are the
same :mod:`mahjong_rules.notation.tenhou` records the mjlog reader makes. It also holds
the yaku name table and the score bookkeeping both readers need.

.. versionadded:: 0.2
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation.tenhou import (
    MeldKind,
    TenhouAgari,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouEvent,
    TenhouInit,
    TenhouMeld,
    TenhouReach,
    TenhouResult,
    TenhouRyuukyoku,
    encode_meld,
)
from mahjong_rules.tiles import kind_name

Spec = tuple[int, bool]
"""A tile as these formats show it: (kind 0..33, red)."""

RED_KINDS = (4, 13, 22)
NORTH = 30
LIMIT_NAMES = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
"""tenhou.net/6 JSON names of the ``limit`` values 1..5 of an mjlog ``<AGARI ten>``."""

YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和",
    "断幺九", "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南",
    "場風 西", "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子",
    "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和",
    "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈",
    "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ",
    "裏ドラ", "赤ドラ",
)
"""Tenhou's yaku names as tenhou.net/6 JSON writes them, indexed by the mjlog yaku id
(``log-formats.md`` 4.3)."""

YAKU_ROMAJI = (
    "menzen tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei",
    "pinfu", "tanyao", "iipeikou", "", "", "", "", "", "", "", "", "haku", "hatsu",
    "chun", "double riichi", "chiitoitsu", "chanta", "ittsuu", "sanshoku doujun",
    "sanshoku doukou", "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou",
    "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou", "tenhou", "chiihou",
    "daisangen", "suuankou", "suuankou tanki", "tsuuiisou", "ryuuiisou", "chinroutou",
    "chuuren", "junsei chuuren", "kokushi", "kokushi 13-wait", "daisuushii",
    "shousuushii", "suukantsu", "dora", "ura dora", "aka dora",
)
"""The English names of ``log-formats.md`` 4.3 (the winds need the seat: none here);
Mahjong Soul logs converted with English names use them (``Riichi``, ``Ura Dora``)."""

_BY_NAME = {name: i for i, name in enumerate(YAKU_NAMES)} | {
    name: i for i, name in enumerate(YAKU_ROMAJI) if name
}
_MAHJONG_SOUL_DORA = ("抜きドラ",)
"""Mahjong Soul lists kita dora apart; Tenhou counts them in ``ドラ`` (id 52)."""
DORA, URA, RIICHI, DOUBLE_RIICHI = 52, 53, 1, 21


class Misfit(Exception):  # noqa: N818 - internal signal, never leaves the package
    """This reading of the log does not fit (a tile not in the hand, a call on nothing).

    The tenhou.net/6 reader tries another order of the calls; otherwise the reader turns
    it into a :class:`~mahjong_rules.errors.LogFormatError`.
    """

    def __init__(self, message: str, element: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.element = element


def yaku_id(name: str, *, round_wind: int, seat_wind: int) -> int | None:
    """The mjlog yaku id of a yaku name, ``None`` when unknown.

    >>> yaku_id("役牌 發", round_wind=0, seat_wind=0)
    19
    >>> yaku_id("役牌:自風牌", round_wind=0, seat_wind=2)
    12
    >>> yaku_id("Ura Dora", round_wind=0, seat_wind=0)
    53
    """
    if name in _BY_NAME:
        return _BY_NAME[name]
    key = " ".join(name.lower().split())
    if key in _BY_NAME:
        return _BY_NAME[key]
    if name == "役牌:場風牌":
        return 14 + round_wind
    if name == "役牌:自風牌":
        return 10 + seat_wind
    if name in _MAHJONG_SOUL_DORA:
        return DORA
    return None


def add_yaku(yaku: list[tuple[int, int]], ident: int, han: int) -> None:
    """Append ``(ident, han)``; a second dora entry (kita dora) adds to the first."""
    for i, (known, count) in enumerate(yaku):
        if known == ident == DORA:
            yaku[i] = (DORA, count + han)
            return
    yaku.append((ident, han))


def add_zero_ura(yaku: list[tuple[int, int]]) -> None:
    """Append ``(53, 0)`` for a riichi win without ura, as the mjlog lists it.

    Tenhou's JSON and the mjai dialect leave a 0-han ura out.
    """
    if any(y[0] in {RIICHI, DOUBLE_RIICHI} for y in yaku) and not any(y[0] == URA for y in yaku):
        yaku.append((URA, 0))


def limit_of(han: int, fu: int, *, yakuman: bool) -> int:
    """The mjlog ``limit`` (0..5) of a hand, Tenhou's rules (no kiriage, kazoe yakuman).

    >>> limit_of(4, 30, yakuman=False), limit_of(4, 40, yakuman=False)
    (0, 1)
    >>> limit_of(13, 30, yakuman=False), limit_of(1, 30, yakuman=True)
    (5, 5)
    """
    if yakuman or han >= 13:
        return 5
    for floor, limit in ((11, 4), (8, 3), (6, 2), (5, 1)):
        if han >= floor:
            return limit
    return 1 if fu * 2 ** (han + 2) >= 2000 else 0


# ------------------------------------------------------------------ the tracker

_SPECS = {
    red: tuple((t // 4, red and t // 4 in RED_KINDS and t % 4 == 0) for t in range(136))
    for red in (False, True)
}
"""(kind, red) of each physical id, without and with red fives."""


@attrs.define
class HandTracker:
    """Ids, hands, melds and events of one hand while a reader walks through it."""

    seats: int
    red_fives: bool
    init: TenhouInit | None = None
    free: list[list[int]] = attrs.field(init=False)
    hands: list[list[int]] = attrs.field(init=False)
    melds: list[list[TenhouMeld]] = attrs.field(init=False)
    last_draw: list[int | None] = attrs.field(init=False)
    events: list[TenhouEvent] = attrs.Factory(list)
    last: tuple[str, int, int] | None = None
    """The last action: (``draw``/``discard``/``kakan``/``ankan``/``kita``/``call``,
    seat, tile id)."""
    scores: list[int] = attrs.Factory(list)
    """Running scores x100 (after riichi deposits)."""
    riichi: list[bool] = attrs.field(init=False)
    """Seats whose riichi was accepted (deposit paid)."""
    declared: list[bool] = attrs.field(init=False)
    """Seats that declared riichi in this hand (step 1)."""
    draws: int = 0
    """Tiles drawn so far (live and replacement), the first deal excluded."""
    red_used: set[int] = attrs.Factory(set)

    def __attrs_post_init__(self) -> None:
        self.free = [
            [kind * 4 + c for c in range(4)
             if not (self.red_fives and kind in RED_KINDS and c == 0)]
            for kind in range(34)
        ]
        self.hands = [[] for _ in range(4)]
        self.melds = [[] for _ in range(4)]
        self.last_draw = [None] * 4
        self.riichi = [False] * 4
        self.declared = [False] * 4

    # ------------------------------------------------------------ tiles
    def new(self, spec: Spec) -> int:
        """A physical id for a tile seen for the first time."""
        kind, red = spec
        if red:
            if not self.red_fives:
                raise Misfit(f"a red {kind_name(kind)} in a game without red fives")
            tile = kind * 4
            if tile in self.red_used:
                raise Misfit(f"a second red {kind_name(kind)}")
            self.red_used.add(tile)
            return tile
        if not self.free[kind]:
            raise Misfit(f"one {kind_name(kind)} too many (every copy is already in play)")
        return self.free[kind].pop(0)

    def take(self, seat: int, spec: Spec, *, avoid: int | None = None) -> int:
        """Take a ``spec`` tile from ``seat``'s hand (not ``avoid`` if another fits)."""
        kind, red = spec
        specs = _SPECS[self.red_fives]
        fits = [t for t in self.hands[seat] if specs[t] == spec]
        if not fits:
            raise Misfit(f"seat {seat} has no {'red ' if red else ''}{kind_name(kind)} to give")
        others = [t for t in fits if t != avoid]
        tile = min(others or fits)
        self.hands[seat].remove(tile)
        return tile

    def spec(self, tile: int) -> Spec:
        """The (kind, red) of a physical id."""
        return _SPECS[self.red_fives][tile]

    # ---------------------------------------------------------- actions
    def deal(self, seat: int, specs: Sequence[Spec]) -> tuple[int, ...]:
        self.hands[seat] = [self.new(s) for s in specs]
        return tuple(self.hands[seat])

    def draw(self, seat: int, spec: Spec) -> int:
        tile = self.new(spec)
        self.hands[seat].append(tile)
        self.last_draw[seat] = tile
        self.events.append(TenhouDraw(seat=seat, tile=tile))
        self.last = ("draw", seat, tile)
        self.draws += 1
        return tile

    def discard(self, seat: int, spec: Spec | None) -> int:
        """Discard ``spec`` from the hand, or the tile just drawn when ``spec`` is None."""
        drawn = self.last_draw[seat]
        if spec is None:
            if drawn is None or drawn not in self.hands[seat]:
                raise Misfit(f"seat {seat} discards its drawn tile but has not drawn")
            self.hands[seat].remove(drawn)
            tile = drawn
        else:
            tile = self.take(seat, spec, avoid=drawn)
        self.last_draw[seat] = None
        self.events.append(TenhouDiscard(seat=seat, tile=tile))
        self.last = ("discard", seat, tile)
        return tile

    def declare_riichi(self, seat: int) -> None:
        self.declared[seat] = True
        self.events.append(TenhouReach(who=seat, step=1))

    def accept_riichi(self, seat: int) -> None:
        if not self.declared[seat] or self.riichi[seat]:
            raise Misfit(f"seat {seat}: riichi accepted without a declaration")
        self.riichi[seat] = True
        self.scores[seat] -= 10
        self.events.append(TenhouReach(who=seat, step=2, ten=tuple(self.scores)))

    def _add_call(self, seat: int, meld: TenhouMeld, tile: int, what: str) -> None:
        try:
            code = encode_meld(meld)
        except LogFormatError:
            raise Misfit(f"seat {seat}: {meld.kind} of tiles {meld.tiles} is not a meld") from None
        self.events.append(TenhouCall(who=seat, code=code, meld=meld))
        self.last_draw[seat] = None
        self.last = (what, seat, tile)

    def call(self, seat: int, kind: MeldKind, source_seat: int, called: Spec,
             consumed: Sequence[Spec]) -> None:
        """A chi, pon or daiminkan on the last discard (of ``source_seat``)."""
        last = self.last
        if last is None or last[0] != "discard" or last[1] != source_seat:
            raise Misfit(f"seat {seat}: {kind} but seat {source_seat} did not just discard")
        taken = last[2]
        if self.spec(taken) != called:
            raise Misfit(f"seat {seat}: {kind} of a tile seat {source_seat} did not discard")
        own = [self.take(seat, s) for s in consumed]
        tiles = (*own, taken)
        meld_tiles = tuple(sorted(tiles))  # a chi's run order is id order too
        source = (source_seat - seat) % 4  # counted on the 4-seat table, also in sanma
        meld = TenhouMeld(kind=kind, tiles=meld_tiles, called=taken, source=source)
        self.melds[seat].append(meld)
        self._add_call(seat, meld, taken, "call")

    def ankan(self, seat: int, specs: Sequence[Spec]) -> None:
        drawn = self.last_draw[seat]
        tiles = [self.take(seat, s) for s in specs]
        meld = TenhouMeld(kind="ankan", tiles=tuple(sorted(tiles)), called=None, source=0)
        self.melds[seat].append(meld)
        self._add_call(seat, meld, tiles[-1], "ankan")
        self.last_draw[seat] = drawn if drawn in self.hands[seat] else None

    def kakan(self, seat: int, spec: Spec) -> None:
        i = next((i for i, m in enumerate(self.melds[seat])
                  if m.kind == "pon" and m.tiles[0] // 4 == spec[0]), None)
        if i is None:
            raise Misfit(f"seat {seat}: added kan without a pon of {kind_name(spec[0])}")
        pon = self.melds[seat][i]
        drawn = self.last_draw[seat]
        added = self.take(seat, spec)
        meld = TenhouMeld(kind="kakan", tiles=tuple(sorted((*pon.tiles, added))),
                          called=pon.called, source=pon.source, added=added)
        self.melds[seat][i] = meld
        self._add_call(seat, meld, added, "kakan")
        self.last_draw[seat] = drawn if drawn in self.hands[seat] else None

    def kita(self, seat: int, spec: Spec) -> None:
        if spec[0] != NORTH:
            raise Misfit(f"seat {seat}: kita of {kind_name(spec[0])}, not North")
        drawn = self.last_draw[seat]
        # which North: the drawn one, else the highest id, as the reducer takes it (a log
        # without ids, two Norths in hand: the later discard names the other one)
        norths = [t for t in self.hands[seat] if self.spec(t)[0] == NORTH]
        if not norths:
            raise Misfit(f"seat {seat} has no North to give")
        tile = drawn if drawn in norths else max(norths)
        self.hands[seat].remove(tile)
        meld = TenhouMeld(kind="kita", tiles=(tile,), called=None, source=0)
        self.melds[seat].append(meld)
        self._add_call(seat, meld, tile, "kita")
        self.last_draw[seat] = drawn if drawn in self.hands[seat] else None

    def dora(self, tile: int) -> None:
        self.events.append(TenhouDora(tile=tile))

    # ----------------------------------------------------------- results
    def win_tiles(self, who: int, from_who: int) -> tuple[tuple[int, ...], int]:
        """The winner's concealed tiles (sorted, with the winning tile) and that tile."""
        last = self.last
        if last is None:
            raise Misfit("a win before any action")
        action, seat, tile = last
        if who == from_who:
            if action != "draw" or seat != who:
                raise Misfit(f"seat {who} wins by tsumo but did not just draw")
            return tuple(sorted(self.hands[who])), tile
        if seat != from_who or action not in {"discard", "kakan", "ankan", "kita"}:
            raise Misfit(f"seat {who} wins on a tile seat {from_who} did not just give")
        return tuple(sorted((*self.hands[who], tile))), tile

    def concealed(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self.hands[seat]))

    def winner_melds(self, who: int) -> tuple[TenhouMeld, ...]:
        """The winner's melds as an mjlog ``<AGARI m>`` lists them: latest first."""
        return tuple(reversed(self.melds[who]))


@attrs.frozen(kw_only=True)
class WinFacts:
    """What a reader knows of one win before the score bookkeeping."""

    who: int
    from_who: int
    pao_who: int | None
    fu: int | None
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    deltas: tuple[int, ...]
    """In points, 4 entries."""
    dora_hai: tuple[int, ...]
    ura_hai: tuple[int, ...]
    yaku_known: bool = True
    """``False``: the log states no yaku (``yaku`` and ``yakuman`` are unknown)."""


@attrs.frozen(kw_only=True)
class DrawFacts:
    """What a reader knows of one drawn hand."""

    type: str | None
    deltas: tuple[int, ...]
    hai: tuple[tuple[int, ...] | None, ...]
    hai_known: bool = True


def extras(tracker: HandTracker, *, first: bool) -> tuple[int, int]:
    """The honba and riichi-stick points a winner collects on top of the hand's value.

    Only the first winner of a hand collects them: 100 per honba from each other seat
    (300 in 4p, 200 in sanma) and every stick on the table, this hand's deposits included.
    """
    init = tracker.init
    if init is None or not first:
        return 0, 0
    return (init.honba * (tracker.seats - 1) * 100,
            1000 * (init.riichi_sticks + sum(tracker.riichi)))


def x100(points: int) -> int:
    """Points to the mjlog unit of 100 points."""
    if points % 100:
        raise Misfit(f"{points} points is not a multiple of 100")
    return points // 100


def settle(tracker: HandTracker, facts: Sequence[WinFacts | DrawFacts]) -> tuple[TenhouResult, ...]:
    """The result records with ``ba`` and ``sc`` from the running scores."""
    init = tracker.init
    if init is None:
        raise Misfit("no hand start")
    running = list(tracker.scores)
    sticks = init.riichi_sticks + sum(tracker.riichi)
    out: list[TenhouResult] = []
    for k, fact in enumerate(facts):
        deltas = [x100(d) for d in fact.deltas]
        sc = tuple(v for pair in zip(running, deltas, strict=True) for v in pair)
        # the mjlog keeps the honba count on a double ron's second winner, but pays
        # honba and sticks to the first only (mjx-tests 2020052700gm-...-75a4695c hand 2)
        ba = (init.honba, sticks) if k == 0 else (init.honba, 0)
        if isinstance(fact, WinFacts):
            hai, machi = tracker.win_tiles(fact.who, fact.from_who)
            melds = tracker.winner_melds(fact.who)
            out.append(TenhouAgari(
                who=fact.who, from_who=fact.from_who, pao_who=fact.pao_who, hai=hai,
                melds=melds, meld_codes=tuple(encode_meld(m) for m in melds), machi=machi,
                fu=fact.fu, points=fact.points, limit=fact.limit, yaku=fact.yaku,
                yakuman=fact.yakuman, dora_hai=fact.dora_hai, ura_hai=fact.ura_hai, ba=ba,
                sc=sc, yaku_known=fact.yaku_known,
            ))
        else:
            out.append(TenhouRyuukyoku(type=fact.type, ba=ba, sc=sc, hai=fact.hai,
                                       hai_known=fact.hai_known))
        running = [a + d for a, d in zip(running, deltas, strict=True)]
    return tuple(out)


def shown_hands(tracker: HandTracker, kind: str | None, deltas: Sequence[int],
                declarer: int | None) -> tuple[tuple[tuple[int, ...] | None, ...], bool]:
    """The hands an mjlog ``<RYUUKYOKU>`` would show, and whether the log tells.

    Exhaustive draw: the seats with a positive noten delta (unknown when all are zero);
    kyuushu kyuuhai: the declarer; four riichi: everyone; kan4 / kaze4: nobody; nagashi
    mangan and triple ron: unknown.
    """
    seats = range(tracker.seats)
    none: list[tuple[int, ...] | None] = [None] * 4
    if kind is None:
        if not any(deltas):
            return tuple(none), False
        shown = [tracker.concealed(s) if deltas[s] > 0 else None for s in seats]
        return tuple(shown + none[len(shown):]), True
    if kind == "yao9" and declarer is not None:
        none[declarer] = tracker.concealed(declarer)
        return tuple(none), True
    if kind == "reach4":
        shown = [tracker.concealed(s) for s in seats]
        return tuple(shown + none[len(shown):]), True
    if kind in {"kan4", "kaze4"}:
        return tuple(none), True
    return tuple(none), False

