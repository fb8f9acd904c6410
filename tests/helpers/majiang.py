"""Read majiang-core's hand notation (``../shared/data/fixtures/README.md``) into our inputs."""

from __future__ import annotations

from typing import Any

from mahjong_rules.scoring import Meld, MeldKind, WinContext, WinningHand
from mahjong_rules.tiles import Tile, TileKind

SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
MARKERS = {"+": 1, "=": 2, "-": 3}

YAKU_IDS = {
    "立直": "riichi", "ダブル立直": "double_riichi", "一発": "ippatsu",
    "海底摸月": "haitei", "河底撈魚": "houtei", "嶺上開花": "rinshan", "槍槓": "chankan",
    "天和": "tenhou", "地和": "chiihou", "門前清自摸和": "menzen_tsumo",
    "翻牌 白": "haku", "翻牌 發": "hatsu", "翻牌 中": "chun", "平和": "pinfu",
    "断幺九": "tanyao", "一盃口": "iipeikou", "三色同順": "sanshoku", "一気通貫": "ittsu",
    "混全帯幺九": "chanta", "七対子": "chiitoitsu", "対々和": "toitoi", "三暗刻": "sanankou",
    "三槓子": "sankantsu", "三色同刻": "sanshoku_doukou", "混老頭": "honroutou",
    "小三元": "shousangen", "混一色": "honitsu", "純全帯幺九": "junchan", "二盃口": "ryanpeikou",
    "清一色": "chinitsu", "大三元": "daisangen", "四暗刻": "suuankou", "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou", "清老頭": "chinroutou", "国士無双": "kokushi",
    "小四喜": "shousuushii", "四槓子": "suukantsu", "九蓮宝燈": "chuuren",
    "四暗刻単騎": "suuankou_tanki", "国士無双十三面": "kokushi_13",
    "純正九蓮宝燈": "junsei_chuuren", "大四喜": "daisuushii",
}
DORA_NAMES = {"ドラ": "dora", "赤ドラ": "red", "裏ドラ": "ura"}


def tile(text: str) -> Tile:
    """``m0`` -> red 5m; ``z7`` -> chun."""
    digit = int(text[1])
    if digit == 0:
        return Tile(TileKind(SUIT_BASE[text[0]] + 4), red=True)
    return Tile(TileKind(SUIT_BASE[text[0]] + digit - 1))


def _meld(text: str) -> Meld:
    suit = text[0]
    digits = [c for c in text[1:] if c.isdigit()]
    tiles = tuple(tile(suit + d) for d in digits)
    markers = [i for i, c in enumerate(text[1:]) if c in MARKERS]
    if len(digits) == 4:
        if not markers:
            kind = MeldKind.ANKAN
        elif markers[0] == len(text) - 2:
            kind = MeldKind.DAIMINKAN
        else:
            kind = MeldKind.KAKAN
    elif len({t.kind for t in tiles}) == 1:
        kind = MeldKind.PON
    else:
        kind = MeldKind.CHI
    return Meld(kind=kind, tiles=tiles)


def parse_hand(shoupai: str, rongpai: str | None) -> tuple[WinningHand, int | None]:
    """The hand and, for a ron, the discarder's offset (1 shimocha, 2 toimen, 3 kamicha)."""
    parts = shoupai.split(",")
    concealed: list[Tile] = []
    suit = ""
    for char in parts[0]:
        if char in SUIT_BASE:
            suit = char
        elif char.isdigit():
            concealed.append(tile(suit + char))
    melds = tuple(_meld(p) for p in parts[1:] if p)
    if rongpai is None:
        win = concealed.pop()
        return WinningHand(concealed=tuple(concealed), win=win, melds=melds), None
    return (WinningHand(concealed=tuple(concealed), win=tile(rongpai[:2]), melds=melds),
            MARKERS[rongpai[2]])


def parse_context(record_in: dict[str, Any]) -> WinContext:
    param = record_in["param"]
    hupai = param["hupai"]
    return WinContext(
        tsumo="rongpai" not in record_in,
        seat_wind=param["menfeng"], round_wind=param["zhuangfeng"],
        riichi=hupai.get("lizhi") == 1, double_riichi=hupai.get("lizhi") == 2,
        ippatsu=bool(hupai.get("yifa")), haitei=hupai.get("haidi") == 1,
        houtei=hupai.get("haidi") == 2, rinshan=bool(hupai.get("lingshang")),
        chankan=bool(hupai.get("qianggang")), tenhou=hupai.get("tianhu") == 1,
        chiihou=hupai.get("tianhu") == 2,
        dora_indicators=tuple(tile(t) for t in param["baopai"]),
        ura_indicators=tuple(tile(t) for t in param["fubaopai"] or ()),
        honba=param["jicun"]["changbang"], riichi_sticks=param["jicun"]["lizhibang"],
    )


def expected_yaku(out: dict[str, Any]) -> tuple[list[tuple[str, int]], dict[str, int]]:
    """(yaku id, han or yakuman multiple) list and dora counts of a record's output."""
    yaku: list[tuple[str, int]] = []
    dora = {"dora": 0, "red": 0, "ura": 0}
    for entry in out["hupai"]:
        name = entry["name"]
        if name in DORA_NAMES:
            dora[DORA_NAMES[name]] = entry["fanshu"]
        elif name.startswith("場風"):
            yaku.append(("round_wind", entry["fanshu"]))
        elif name.startswith("自風"):
            yaku.append(("seat_wind", entry["fanshu"]))
        else:
            value = entry["fanshu"]
            yaku.append((YAKU_IDS[name], len(value) if isinstance(value, str) else value))
    return sorted(yaku), dora
