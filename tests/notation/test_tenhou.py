"""Tenhou logs: meld codes, the SHUFFLE wall generator and mjlog parsing against real logs."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from mahjong_rules.errors import LogFormatError, MahjongRulesError, Reason
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouCall,
    TenhouDraw,
    TenhouGame,
    TenhouMeld,
    TenhouRyuukyoku,
    decode_meld,
    parse_mjlog,
    rebuild_dice,
    rebuild_wall,
)

LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"
MJLOG_FOLDERS = {
    # folder -> hands (INIT tags) per ../shared/data/logs/README.md
    "mjx-tests": 335,
    "mjx-suphx-20220601": 578,
    "dnovikoff-tenhou": 130,
    "gimite-mjai": 17,
    "mahjonglm": 11,
    "mjlog2json-pairs": 70,
}


def _mjlog_paths() -> list[Path]:
    if not LOGS.is_dir():
        return []
    return sorted(
        path
        for folder in MJLOG_FOLDERS
        for path in (LOGS / folder).iterdir()
        if path.suffix in {".mjlog", ".xml", ".txt"}
    )


def _read(path: Path) -> str:
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":  # gimite-mjai/test.mjlog is stored gzip-compressed
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


MJLOGS = _mjlog_paths()
needs_logs = pytest.mark.skipif(not MJLOGS, reason=f"real Tenhou logs not found at {LOGS}")
_GAMES: dict[Path, TenhouGame] = {}


def _game(path: Path) -> TenhouGame:
    if path not in _GAMES:
        _GAMES[path] = parse_mjlog(_read(path), name=_id(path))
    return _GAMES[path]


def _shuffled() -> list[Path]:
    return [path for path in MJLOGS if "<SHUFFLE " in _read(path)]


# ------------------------------------------------------------------- meld decoding
# Hand-computed from log-formats.md 4.4: m = fields shifted into place.

MELD_CASES = [
    # chi 5m6m7m (kinds 4,5,6), copies 0,0,0, taking 6m: t = 4*3 + 1 = 13; 13<<10 | 4 | 3
    ((13 << 10) | 0x4 | 3, "chi", (16, 20, 24), 20, 3, None),
    # chi 1p2p3p, copies 2,1,3 (ids 38 41 47), taking 1p: t = 7*3 + 0 = 21
    ((21 << 10) | (2 << 3) | (1 << 5) | (3 << 7) | 0x4 | 3, "chi", (38, 41, 47), 38, 3, None),
    # chi 7s8s9s, copies 0, taking 9s: t = (2*7 + 6)*3 + 2 = 62
    ((62 << 10) | 0x4 | 3, "chi", (96, 100, 104), 104, 3, None),
    # pon 2m from shimocha, copy 0 unused, taking tiles[2]: t = 1*3 + 2 = 5
    ((5 << 9) | (0 << 5) | 0x8 | 1, "pon", (5, 6, 7), 7, 1, None),
    # pon chun (kind 33) from toimen, copy 1 unused, taking tiles[0]: t = 99
    ((99 << 9) | (1 << 5) | 0x8 | 2, "pon", (132, 134, 135), 132, 2, None),
    # pon 5p (kind 13, red id 52) from kamicha, copy 3 unused, taking tiles[1]: t = 40
    ((40 << 9) | (3 << 5) | 0x8 | 3, "pon", (52, 53, 54), 53, 3, None),
    # kakan of the chun pon above: copy 1 added from the hand
    ((99 << 9) | (1 << 5) | 0x10 | 2, "kakan", (132, 133, 134, 135), 132, 2, 133),
    # daiminkan of 5p taking id 53 from shimocha
    ((53 << 8) | 1, "daiminkan", (52, 53, 54, 55), 53, 1, None),
    # daiminkan of East taking id 110 from kamicha
    ((110 << 8) | 3, "daiminkan", (108, 109, 110, 111), 110, 3, None),
    # ankan of 4m (tile 12) and of white (tile 124)
    (12 << 8, "ankan", (12, 13, 14, 15), None, 0, None),
    (124 << 8, "ankan", (124, 125, 126, 127), None, 0, None),
    # kita with North id 121
    ((121 << 8) | 0x20, "kita", (121,), None, 0, None),
]


@pytest.mark.parametrize(("code", "kind", "tiles", "called", "source", "added"), MELD_CASES)
def test_decode_meld(
    code: int, kind: str, tiles: tuple[int, ...], called: int | None, source: int,
    added: int | None,
) -> None:
    assert decode_meld(code) == TenhouMeld(
        kind=kind,  # type: ignore[arg-type]
        tiles=tiles, called=called, source=source, added=added,
    )


def test_decode_meld_codes_from_a_real_log() -> None:
    # bye.xml, hand 1: <F119/><N who="0" m="45578"/> = 0xB20A: pon of West (copy 0 unused)
    # taking id 119, the tile seat 2 (toimen of seat 0) just discarded
    meld = decode_meld(45578)
    assert (meld.kind, meld.tiles, meld.called, meld.source) == ("pon", (117, 118, 119), 119, 2)
    assert meld.source_seat(0) == 2
    # sanma counts on the 4-seat table too: seat 2 + 2 is seat 0, its next seat
    assert meld.source_seat(2) == 0


BAD_MELDS = [
    -1,
    0x10000,
    (13 << 10) | 0x4 | 1,  # chi not from kamicha
    (63 << 10) | 0x4 | 3,  # chi base 21
    (102 << 9) | 0x8 | 1,  # pon of kind 34
    (5 << 9) | 0x8,  # pon from the own hand
    (4 << 8) | 0x20,  # kita of 2m
    (121 << 8) | 0x20 | 1,  # kita from another seat
    (5 << 9) | 0x10,  # added kan from the own hand
    (136 << 8) | 1,  # kan of tile 136
]


@pytest.mark.parametrize("code", BAD_MELDS)
def test_decode_meld_rejects(code: int) -> None:
    with pytest.raises(LogFormatError) as exc:
        decode_meld(code)
    assert exc.value.reason is Reason.BAD_LOG


def test_decode_meld_rejects_non_int() -> None:
    with pytest.raises(LogFormatError) as exc:
        decode_meld(True)
    assert exc.value.reason is Reason.BAD_LOG


# ------------------------------------------------------------------- wall rebuild


def _deal(wall: list[int], oya: int, seats: int) -> tuple[list[list[int]], int]:
    """Deal from the end of the wall; return the hands and the next live position."""
    hands: list[list[int]] = [[] for _ in range(4)]
    pos = len(wall) - 1
    for _ in range(3):
        for k in range(seats):
            for _ in range(4):
                hands[(oya + k) % seats].append(wall[pos])
                pos -= 1
    for k in range(seats):
        hands[(oya + k) % seats].append(wall[pos])
        pos -= 1
    return hands, pos


@needs_logs
@pytest.mark.parametrize("path", _shuffled() if MJLOGS else [], ids=_id)
def test_rebuilt_walls_match_the_log(path: Path) -> None:
    game = _game(path)
    seed = game.shuffle_seed
    assert seed is not None
    n = len(game.hands)
    walls = rebuild_wall(seed, hands=n, sanma=game.sanma)
    dice = rebuild_dice(seed, hands=n)
    base64_scheme = seed.startswith("mt19937ar-sha512-n288-base64,")
    # Dead wall (log-formats.md 7); the 2010 hex-word seeds keep the dora indicator in
    # wall[4] and the first replacement in wall[0] (the pairs are swapped).
    if game.sanma:
        dora_pos, rinshan = 9, [1, 0, 3, 2, 5, 4, 7, 6]
    elif base64_scheme:
        dora_pos, rinshan = 5, [1, 0, 3, 2]
    else:
        dora_pos, rinshan = 4, [0, 1, 2, 3]
    live_draws = 0
    for hand, wall, die in zip(game.hands, walls, dice, strict=True):
        assert sorted(wall) == (
            [i for i in range(136) if not 4 <= i < 32] if game.sanma else list(range(136))
        )
        init = hand.init
        dealt, pos = _deal(wall, init.oya, game.seats)
        assert [sorted(h) for h in dealt] == [sorted(h) for h in init.hai], hand.index
        assert die == init.dice
        assert wall[dora_pos] == init.dora_indicator
        replacement = 0
        after_kan = False
        for event in hand.events:
            if isinstance(event, TenhouCall) and event.meld.kind in {
                "ankan", "daiminkan", "kakan", "kita",
            }:
                after_kan = True
            elif isinstance(event, TenhouDraw):
                if after_kan:
                    assert event.tile == wall[rinshan[replacement]], hand.index
                    replacement += 1
                    after_kan = False
                else:
                    assert event.tile == wall[pos], hand.index
                    pos -= 1
                    live_draws += 1
    assert live_draws > 0


@needs_logs
def test_enough_logs_carry_a_shuffle_seed() -> None:
    shuffled = _shuffled()
    assert len(shuffled) >= 100
    assert any(_game(path).sanma for path in shuffled)


def test_rebuild_wall_shapes() -> None:
    seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    walls = rebuild_wall(seed, hands=3)
    assert [sorted(w) for w in walls] == [list(range(136))] * 3
    assert walls == rebuild_wall(seed.split(",")[1], hands=3)
    sanma = rebuild_wall(seed, hands=2, sanma=True)
    assert all(len(w) == 108 and not set(w) & set(range(4, 32)) for w in sanma)
    assert len(rebuild_wall(seed)) == 32
    assert all(1 <= a <= 6 and 1 <= b <= 6 for a, b in rebuild_dice(seed, hands=5))


@pytest.mark.parametrize(
    "seed",
    [
        "mt19937ar-sha512-n288-base64,!!!!",
        "mt19937ar-sha512-n288-base64,AAAA",  # 3 bytes, not 2496
        "mt19937ar,C41242CB,F46A04D2",  # the old per-INIT scheme
        "mt19937ar-sha512-n288,XYZ",
    ],
)
def test_rebuild_wall_rejects_bad_seeds(seed: str) -> None:
    with pytest.raises(LogFormatError) as exc:
        rebuild_wall(seed, hands=1)
    assert exc.value.reason is Reason.BAD_LOG


# ------------------------------------------------------------------- mjlog parsing


@needs_logs
@pytest.mark.parametrize("path", MJLOGS, ids=_id)
def test_parse_real_log(path: Path) -> None:
    text = _read(path)
    game = _game(path)
    assert len(game.hands) == text.count("<INIT ")
    assert [hand.index for hand in game.hands] == list(range(len(game.hands)))
    assert game.sanma == (game.rules.type & 0x10 != 0)
    assert game.sanma == path.name.endswith(("00b9-0000-5ca6b487.txt", "sanma2.xml"))
    assert game.rules.red_fives
    assert game.players.names[3] == ("" if game.sanma else game.players.names[3])
    ten = game.hands[0].init.ten
    for hand in game.hands:
        assert hand.init.ten == ten, hand.index  # score chain (log-formats.md 4.7)
        assert all(len(h) == 13 for h in hand.init.hai[: game.seats])
        assert hand.results
        after = list(hand.init.ten)
        for result in hand.results:
            sticks = result.ba[1] if isinstance(result, TenhouAgari) else 0
            # deltas sum to zero apart from the riichi sticks the winner collects
            assert sum(result.deltas) - 10 * sticks == 0, hand.index
            after = [result.sc[2 * i] + result.sc[2 * i + 1] for i in range(4)]
        ten = tuple(after)
    final = game.hands[-1].results[-1]
    assert final.owari is not None
    for hand in game.hands:
        for result in hand.results:
            if isinstance(result, TenhouAgari):
                assert result.machi in result.hai
                assert len(result.melds) == len(result.meld_codes)
                assert bool(result.yaku) != bool(result.yakuman)


@needs_logs
def test_hand_counts_per_folder() -> None:
    totals = dict.fromkeys(MJLOG_FOLDERS, 0)
    for path in MJLOGS:
        totals[path.parent.name] += len(_game(path).hands)
    assert totals == MJLOG_FOLDERS


@needs_logs
def test_special_results() -> None:
    by_name = {path.name: path for path in MJLOGS}
    double = _game(by_name["double-ron.mjlog"])
    assert any(len(hand.results) == 2 for hand in double.hands)
    pao = _game(by_name["pao-tsumo.mjlog"])
    assert any(
        isinstance(res, TenhouAgari) and res.pao_who is not None
        for hand in pao.hands for res in hand.results
    )
    kinds = {
        res.type
        for path in MJLOGS
        for hand in _game(path).hands
        for res in hand.results
        if isinstance(res, TenhouRyuukyoku)
    }
    assert {None, "yao9", "reach4", "kan4", "kaze4", "nm"} <= kinds
    sanma = _game(by_name["2014091101gm-00b9-0000-5ca6b487.txt"])
    kita = [
        ev for hand in sanma.hands for ev in hand.events
        if isinstance(ev, TenhouCall) and ev.meld.kind == "kita"
    ]
    assert len(kita) == 24
    bye = _game(by_name["bye.xml"])
    assert bye.shuffle_seed is None
    assert bye.hands[0].init.shuffle is not None


# ------------------------------------------------------------------- broken input

GOOD = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,2,3,5" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T60/><D60/>'
    '<N who="1" m="37895"/><E61/>'
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)
BROKEN = {
    "empty": "",
    "not xml": "hello",
    "cut mid-tag": GOOD[:300],
    "cut before the end": GOOD[: GOOD.index("</mjloggm>")],
    "wrong root": GOOD.replace("mjloggm", "mjlog"),
    "no result": GOOD.replace(GOOD[GOOD.index("<RYUUKYOKU") : GOOD.index("</mjloggm>")], ""),
    "no owari": GOOD.replace(' owari="250,5.0,250,-5.0,250,-15.0,250,15.0"', ""),
    "no hands": GOOD[: GOOD.index("<INIT")] + "</mjloggm>",
    "no GO": GOOD.replace('<GO type="169" lobby="0"/>', ""),
    "unknown tag": GOOD.replace("<T60/>", "<X60/>"),
    "tile id 136": GOOD.replace("<T60/>", "<T136/>"),
    "missing attribute": GOOD.replace(' ten="250,250,250,250"', ""),
    "not a number": GOOD.replace('ten="250,250,250,250"', 'ten="250,x,250,250"'),
    "short sc": GOOD.replace('sc="250,0,250,0,250,0,250,0"', 'sc="250,0"'),
    "seat 4": GOOD.replace('<N who="1"', '<N who="4"'),
    "bad meld": GOOD.replace('m="37895"', 'm="99999"'),
    "twelve tiles": GOOD.replace('hai0="0,1,2,', 'hai0="1,2,'),
    "dealt twice": GOOD.replace('hai1="13,', 'hai1="12,'),
    "draw before INIT": GOOD.replace('<TAIKYOKU oya="0"/>', '<TAIKYOKU oya="0"/><T1/>'),
    "draw after result": GOOD.replace("</mjloggm>", "<T70/></mjloggm>"),
    "reach step 3": GOOD.replace("<D60/>", '<REACH who="0" step="3"/><D60/>'),
    "doctype": '<!DOCTYPE mjloggm [<!ENTITY a "b">]>' + GOOD,
    "bad owari": GOOD.replace('owari="250,5.0,', 'owari="250,x,'),
}


@pytest.mark.parametrize("text", list(BROKEN.values()), ids=list(BROKEN))
def test_broken_logs_raise_bad_log(text: str) -> None:
    with pytest.raises(LogFormatError) as exc:
        parse_mjlog(text, name="broken.mjlog")
    assert exc.value.reason is Reason.BAD_LOG
    assert isinstance(exc.value, MahjongRulesError)
    assert isinstance(exc.value, ValueError)
    assert exc.value.name == "broken.mjlog"
    assert "broken.mjlog" in str(exc.value)


def test_error_names_hand_and_element() -> None:
    with pytest.raises(LogFormatError) as exc:
        parse_mjlog(BROKEN["tile id 136"], name="x")
    assert (exc.value.hand, exc.value.element) == (0, "T136")
    with pytest.raises(LogFormatError) as exc:
        parse_mjlog(BROKEN["no result"], name="x")
    assert exc.value.hand == 0


def test_good_minimal_log() -> None:
    game = parse_mjlog(GOOD, name="good")
    (hand,) = game.hands
    assert game.first_oya == 0
    assert hand.init.dice == (3, 4)
    call = hand.events[2]
    assert isinstance(call, TenhouCall)
    assert call.meld.kind == "chi"
    assert call.meld.called == 60
    assert call.meld.source_seat(call.who) == 0
    assert isinstance(hand.results[0], TenhouRyuukyoku)
    assert hand.results[0].owari == ((250, 5.0), (250, -5.0), (250, -15.0), (250, 15.0))


@needs_logs
def test_truncated_real_log_always_raises() -> None:
    text = _read(MJLOGS[0])
    for cut in range(0, len(text) - 1, max(1, len(text) // 97)):
        with pytest.raises(LogFormatError) as exc:
            parse_mjlog(text[:cut], name="cut")
        assert exc.value.reason is Reason.BAD_LOG


def test_non_text_input() -> None:
    with pytest.raises(LogFormatError) as exc:
        parse_mjlog(b"<mjloggm/>")  # type: ignore[arg-type]
    assert exc.value.reason is Reason.BAD_LOG
