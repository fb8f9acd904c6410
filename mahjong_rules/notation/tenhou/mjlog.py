"""Tenhou mjlog XML read into frozen records (:func:`parse_mjlog`)."""

from __future__ import annotations

import re
from urllib.parse import unquote
from xml.etree import ElementTree as ET

import attrs

from mahjong_rules.errors import LogFormatError
from mahjong_rules.notation.tenhou.meld import N_TILES, TenhouMeld, decode_meld
from mahjong_rules.notation.tenhou.records import (
    TenhouAgari,
    TenhouBye,
    TenhouCall,
    TenhouDiscard,
    TenhouDora,
    TenhouDraw,
    TenhouEvent,
    TenhouGame,
    TenhouHand,
    TenhouInit,
    TenhouPlayers,
    TenhouReach,
    TenhouReconnect,
    TenhouResult,
    TenhouRules,
    TenhouRyuukyoku,
)

_DRAW_TAG = re.compile(r"([TUVW])(\d+)")
_DISCARD_TAG = re.compile(r"([DEFG])(\d+)")
_FORBIDDEN = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
_INT = re.compile(r"-?\d+")
_PLAIN_INTS = re.compile(r"[0-9]+(?:,[0-9]+)*")
"""A list of plain ASCII digits (what :meth:`_Reader.int_` reads without its pattern)."""
_NUMBER = re.compile(r"-?\d+(\.\d+)?")

_DRAW_LETTERS = "TUVW"
_DISCARD_LETTERS = "DEFG"


def _plain_tags() -> dict[str, TenhouDraw | TenhouDiscard]:
    """Every draw and discard tag in its plain spelling (``T0`` .. ``G135``), as its record.

    The records are frozen, so one value per tag is shared by every log. A tag in another
    spelling (``T012``) or out of range is not here and takes the general path
    (:meth:`_Parser.element`), which reads or rejects it; ``tests/test_notation_fast.py``
    compares the two.
    """
    table: dict[str, TenhouDraw | TenhouDiscard] = {}
    for seat in range(4):
        for tile in range(N_TILES):
            table[f"{_DRAW_LETTERS[seat]}{tile}"] = TenhouDraw(seat=seat, tile=tile)
            table[f"{_DISCARD_LETTERS[seat]}{tile}"] = TenhouDiscard(seat=seat, tile=tile)
    return table


_PLAIN_TAGS = _plain_tags()


@attrs.define
class _Reader:
    """Parsing context: where errors happen."""

    name: str
    hand: int | None = None
    element: str = ""

    def fail(self, message: str) -> LogFormatError:
        return LogFormatError(message, name=self.name, hand=self.hand, element=self.element)

    def attr(self, elem: ET.Element, key: str) -> str:
        value = elem.get(key)
        if value is None:
            raise self.fail(f"missing attribute {key!r}")
        return value

    def int_(self, text: str, what: str) -> int:
        if text.isdigit() and text.isascii():  # plain digits: what the pattern accepts
            return int(text)
        if not _INT.fullmatch(text.strip()):
            raise self.fail(f"{what} {text!r} is not an integer")
        return int(text)

    def int_attr(self, elem: ET.Element, key: str) -> int:
        return self.int_(self.attr(elem, key), key)

    def ints(self, text: str, what: str) -> tuple[int, ...]:
        if _PLAIN_INTS.fullmatch(text):  # plain digits only: each part as int_ reads it
            return tuple(map(int, text.split(",")))
        if not text.strip():
            return ()
        int_ = self.int_
        return tuple([int_(part, what) for part in text.split(",")])

    def ints_attr(
        self, elem: ET.Element, key: str, *, count: int | None = None, default: str | None = None
    ) -> tuple[int, ...]:
        text = elem.get(key, default)
        if text is None:
            raise self.fail(f"missing attribute {key!r}")
        values = self.ints(text, key)
        if count is not None and len(values) != count:
            raise self.fail(f"{key} has {len(values)} values, not {count}")
        return values

    def tile(self, value: int) -> int:
        if not 0 <= value < N_TILES:
            raise self.fail(f"tile id {value} is outside 0..135")
        return value

    def tiles_attr(self, elem: ET.Element, key: str, *, default: str | None = None) -> tuple[
        int, ...
    ]:
        values = self.ints_attr(elem, key, default=default)
        if values and (min(values) < 0 or max(values) >= N_TILES):
            for value in values:  # the first one out of range is refused
                self.tile(value)
        return values

    def seat(self, value: int, seats: int) -> int:
        if not 0 <= value < seats:
            raise self.fail(f"seat {value} is outside 0..{seats - 1}")
        return value

    def seat_attr(self, elem: ET.Element, key: str, seats: int) -> int:
        return self.seat(self.int_attr(elem, key), seats)

    def meld(self, code: int) -> TenhouMeld:
        try:
            return decode_meld(code)
        except LogFormatError as exc:
            raise self.fail(exc.message) from None

    def owari(self, elem: ET.Element) -> tuple[tuple[int, float], ...] | None:
        text = elem.get("owari")
        if text is None:
            return None
        parts = text.split(",")
        if len(parts) != 8 or not all(_NUMBER.fullmatch(p.strip()) for p in parts):
            raise self.fail(f"owari {text!r} is not 4 pairs of numbers")
        return tuple(
            (self.int_(parts[2 * i], "owari"), float(parts[2 * i + 1])) for i in range(4)
        )


@attrs.define
class _HandBuilder:
    index: int
    init: TenhouInit
    events: list[TenhouEvent] = attrs.Factory(list)
    results: list[TenhouResult] = attrs.Factory(list)

    def build(self) -> TenhouHand:
        return TenhouHand(
            index=self.index, init=self.init, events=tuple(self.events),
            results=tuple(self.results),
        )


def parse_mjlog(text: str, *, name: str = "") -> TenhouGame:
    """Parse one Tenhou mjlog XML game (``<mjloggm ...>``) into frozen records.

    ``name`` (a file name, say) only goes into error messages. The text must be the XML
    itself: decompress gzip-compressed downloads first. Document type declarations are
    refused (no entity expansion).

    Raises:
        LogFormatError: the XML is malformed or truncated (a hand without a result, a game
            without ``owari``), a tag is unknown or out of place, an attribute is missing
            or not a number, a tile id, seat or meld code is out of range.

    Examples:
        >>> game = parse_mjlog(_EXAMPLE)
        >>> len(game.hands), game.hands[0].results[0].deltas
        (1, (0, 0, 0, 0))

    .. versionadded:: 0.2
    """
    reader = _Reader(name=name, element="mjloggm")
    if not isinstance(text, str):
        raise reader.fail(f"expected XML text, got {type(text).__name__}")
    if _FORBIDDEN.search(text):
        raise reader.fail("document type declarations are not allowed")
    try:
        root = ET.fromstring(text)  # noqa: S314 - DOCTYPE/ENTITY refused above
    except ET.ParseError as exc:
        raise reader.fail(f"malformed XML ({exc})") from None
    if root.tag != "mjloggm":
        raise reader.fail(f"root element is <{root.tag}>, not <mjloggm>")
    return _Parser(reader).run(root)


class _Parser:
    def __init__(self, reader: _Reader) -> None:
        self.r = reader
        self.shuffle: str | None = None
        self.rules: TenhouRules | None = None
        self.players: TenhouPlayers | None = None
        self.first_oya: int | None = None
        self.hands: list[TenhouHand] = []
        self.current: _HandBuilder | None = None
        self.pregame: list[TenhouBye | TenhouReconnect] = []

    def rules_sanma(self) -> bool:
        """Whether the game's ``<GO>`` says three players (``seats`` is 3)."""
        return self.rules is not None and self.rules.sanma

    @property
    def seats(self) -> int:
        return 3 if self.rules is not None and self.rules.sanma else 4

    def run(self, root: ET.Element) -> TenhouGame:
        r = self.r
        plain = _PLAIN_TAGS.get
        four = True  # the game's seat count is four (the GO tag says, before any hand)
        for elem in root:
            tag = elem.tag
            r.element = tag
            record = plain(tag)
            current = self.current
            if (record is not None and current is not None and not current.results
                    and (record.seat < 3 or four)):
                current.events.append(record)  # a draw or discard in its plain spelling
            else:
                self.element(elem)
                four = not self.rules_sanma()
        r.element = "mjloggm"
        self.close_hand()
        r.hand = None
        if self.rules is None or self.players is None or self.first_oya is None:
            raise r.fail("truncated: <GO>, <UN> or <TAIKYOKU> is missing")
        if not self.hands:
            raise r.fail("truncated: the game has no hand")
        if self.hands[-1].results[-1].owari is None:
            raise r.fail("truncated: the last result carries no owari")
        for hand in self.hands[:-1]:
            if any(result.owari is not None for result in hand.results):
                r.hand = hand.index
                raise r.fail("owari before the game's last hand")
        return TenhouGame(
            name=r.name, version=root.get("ver", ""), shuffle_seed=self.shuffle,
            rules=self.rules, players=self.players, first_oya=self.first_oya,
            hands=tuple(self.hands), pregame_events=tuple(self.pregame),
        )

    def close_hand(self) -> None:
        if self.current is None:
            return
        if not self.current.results:
            raise self.r.fail("truncated: the hand has no AGARI or RYUUKYOKU")
        self.hands.append(self.current.build())
        self.current = None

    def side_event(self, event: TenhouBye | TenhouReconnect) -> None:
        if self.current is None:
            self.pregame.append(event)
        else:
            self.current.events.append(event)

    def in_hand(self, *, open_only: bool = True) -> _HandBuilder:
        if self.current is None:
            raise self.r.fail("event outside a hand (before the first INIT)")
        if open_only and self.current.results:
            raise self.r.fail("event after the hand's result")
        return self.current

    def element(self, elem: ET.Element) -> None:  # noqa: C901, PLR0912
        r = self.r
        tag = elem.tag
        if draw := _DRAW_TAG.fullmatch(tag):
            seat = r.seat("TUVW".index(draw.group(1)), self.seats)
            self.in_hand().events.append(TenhouDraw(seat=seat, tile=r.tile(int(draw.group(2)))))
            return
        if discard := _DISCARD_TAG.fullmatch(tag):
            seat = r.seat("DEFG".index(discard.group(1)), self.seats)
            tile = r.tile(int(discard.group(2)))
            self.in_hand().events.append(TenhouDiscard(seat=seat, tile=tile))
            return
        if tag == "SHUFFLE":
            self.shuffle = r.attr(elem, "seed")
        elif tag == "GO":
            self.rules = TenhouRules(
                type=r.int_attr(elem, "type"), lobby=r.int_(elem.get("lobby", "0"), "lobby")
            )
        elif tag == "UN":
            self.un(elem)
        elif tag == "TAIKYOKU":
            self.first_oya = r.seat_attr(elem, "oya", self.seats)
        elif tag == "INIT":
            self.init(elem)
        elif tag == "N":
            who = r.seat_attr(elem, "who", self.seats)
            code = r.int_attr(elem, "m")
            self.in_hand().events.append(TenhouCall(who=who, code=code, meld=r.meld(code)))
        elif tag == "REACH":
            self.reach(elem)
        elif tag == "DORA":
            self.in_hand().events.append(TenhouDora(tile=r.tile(r.int_attr(elem, "hai"))))
        elif tag == "BYE":
            self.side_event(TenhouBye(who=r.seat_attr(elem, "who", self.seats)))
        elif tag == "AGARI":
            self.in_hand(open_only=False).results.append(self.agari(elem))
        elif tag == "RYUUKYOKU":
            hand = self.in_hand()
            hand.results.append(self.ryuukyoku(elem))
        else:
            raise r.fail(f"unknown tag <{tag}>")

    def un(self, elem: ET.Element) -> None:
        r = self.r
        if self.players is None:
            names = tuple(unquote(elem.get(f"n{k}", "")) for k in range(4))
            dan = r.ints_attr(elem, "dan", default="")
            rate_text = elem.get("rate", "")
            rates = rate_text.split(",") if rate_text else []
            if not all(_NUMBER.fullmatch(x.strip()) for x in rates):
                raise r.fail(f"rate {rate_text!r} is not a list of numbers")
            sex = tuple(elem.get("sx", "").split(",")) if elem.get("sx") else ()
            self.players = TenhouPlayers(
                names=names, dan=dan, rate=tuple(float(x) for x in rates), sex=sex
            )
            return
        given = [k for k in range(4) if f"n{k}" in elem.attrib]
        if len(given) != 1:
            raise r.fail("a reconnect <UN> must name exactly one seat")
        who = given[0]
        name = unquote(elem.get(f"n{who}", ""))
        self.side_event(TenhouReconnect(who=who, name=name))

    def init(self, elem: ET.Element) -> None:
        r = self.r
        self.close_hand()
        if self.rules is None:
            raise r.fail("INIT before GO")
        index = len(self.hands)
        r.hand = index
        seed = r.ints_attr(elem, "seed", count=6)
        if min(seed[:5]) < 0 or seed[3] > 5 or seed[4] > 5:
            raise r.fail(f"seed {seed} has a negative count or a die outside 0..5")
        hai = tuple(r.tiles_attr(elem, f"hai{k}", default="") for k in range(4))
        for seat in range(4):
            expected = 13 if seat < self.seats else 0
            if len(hai[seat]) != expected:
                raise r.fail(f"hai{seat} holds {len(hai[seat])} tiles, not {expected}")
        dealt = [t for h in hai for t in h]
        if len(set(dealt)) != len(dealt):
            raise r.fail("a tile id is dealt twice")
        self.current = _HandBuilder(
            index=index,
            init=TenhouInit(
                round=seed[0], honba=seed[1], riichi_sticks=seed[2],
                dice=(seed[3] + 1, seed[4] + 1), dora_indicator=r.tile(seed[5]),
                ten=r.ints_attr(elem, "ten", count=4), oya=r.seat_attr(elem, "oya", self.seats),
                hai=hai, shuffle=elem.get("shuffle"),
            ),
        )

    def reach(self, elem: ET.Element) -> None:
        r = self.r
        who = r.seat_attr(elem, "who", self.seats)
        step = r.int_attr(elem, "step")
        if step not in {1, 2}:
            raise r.fail(f"riichi step {step} is not 1 or 2")
        ten = r.ints_attr(elem, "ten", count=4) if "ten" in elem.attrib else None
        self.in_hand().events.append(TenhouReach(who=who, step=step, ten=ten))

    def ba_sc(self, elem: ET.Element) -> tuple[tuple[int, int], tuple[int, ...]]:
        r = self.r
        ba = r.ints_attr(elem, "ba", count=2)
        return (ba[0], ba[1]), r.ints_attr(elem, "sc", count=8)

    def agari(self, elem: ET.Element) -> TenhouAgari:
        r = self.r
        hand = self.in_hand(open_only=False)
        if any(isinstance(res, TenhouRyuukyoku) for res in hand.results):
            raise r.fail("AGARI after RYUUKYOKU")
        ba, sc = self.ba_sc(elem)
        ten = r.ints_attr(elem, "ten", count=3)
        yaku_flat = r.ints_attr(elem, "yaku", default="")
        if len(yaku_flat) % 2:
            raise r.fail("yaku is not a list of (id, han) pairs")
        codes = r.ints_attr(elem, "m", default="")
        pao = elem.get("paoWho")
        return TenhouAgari(
            who=r.seat_attr(elem, "who", self.seats),
            from_who=r.seat_attr(elem, "fromWho", self.seats),
            pao_who=None if pao is None else r.seat(r.int_(pao, "paoWho"), self.seats),
            hai=r.tiles_attr(elem, "hai"),
            melds=tuple(r.meld(code) for code in codes),
            meld_codes=codes,
            machi=r.tile(r.int_attr(elem, "machi")),
            fu=ten[0], points=ten[1], limit=ten[2],
            yaku=tuple(zip(yaku_flat[::2], yaku_flat[1::2], strict=True)),
            yakuman=r.ints_attr(elem, "yakuman", default=""),
            dora_hai=r.tiles_attr(elem, "doraHai", default=""),
            ura_hai=r.tiles_attr(elem, "doraHaiUra", default=""),
            ba=ba, sc=sc, owari=r.owari(elem),
        )

    def ryuukyoku(self, elem: ET.Element) -> TenhouRyuukyoku:
        r = self.r
        ba, sc = self.ba_sc(elem)
        shown = tuple(
            r.tiles_attr(elem, f"hai{k}") if f"hai{k}" in elem.attrib else None
            for k in range(4)
        )
        return TenhouRyuukyoku(
            type=elem.get("type"), ba=ba, sc=sc, hai=shown, owari=r.owari(elem)
        )


_EXAMPLE = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,5" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T60/><D60/>'
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)
