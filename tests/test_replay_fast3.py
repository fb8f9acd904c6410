"""The third replay pass's fast paths against the general paths they skip (issue 16).

* ``replay.wall.seeded_wall``: a hand's wall taken from its SHUFFLE seed's wall when the
  log agrees with it everywhere, instead of placing every tile the log shows and
  filling the rest; against ``build_wall``'s general path on every hand of every shared
  log with a seed, with its own seed's wall (it agrees: the shortcut is taken), with
  another hand's (it disagrees: it is not), and on walls that are no permutation of the
  set;
* the mjlog reader's integer lists (``_Reader.ints``): plain ASCII digits split by commas
  in one pattern test; every shared mjlog reads the same (records or error) with the
  pattern matching nothing, and the verdict on odd lists is the general path's;
* the mjlog reader's tile lists (``_Reader.tiles_attr``): tested by range once, each
  tile only when one is out of range (the same error);
* the replayer's discard actions (``replay.hand._discard``): one shared value per plain
  seat, tile and flag; a hand-made record with odd fields is made afresh, and refused
  by the reducer with its reason as before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from mahjong_rules.actions import Discard
from mahjong_rules.errors import LogFormatError, NotALogError
from mahjong_rules.notation.logs import _text, log_paths, read_log
from mahjong_rules.notation.tenhou import (
    TenhouBye,
    TenhouDiscard,
    TenhouGame,
    mjlog,
    rebuild_wall,
)
from mahjong_rules.notation.tenhou.mjlog import parse_mjlog
from mahjong_rules.replay import game as replay_game_module
from mahjong_rules.replay import hand as replay_hand
from mahjong_rules.replay import replay_game, wall
from mahjong_rules.replay.game import rules_for
from mahjong_rules.replay.wall import build_wall, seeded_wall

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
MJLOGS = sorted(p for p in LOGS.rglob("*") if p.suffix in (".mjlog", ".xml"))
pytestmark = pytest.mark.skipif(not LOGS.is_dir(), reason=f"no shared logs at {LOGS}")
_NEVER = re.compile(r"(?!)")
"""A pattern that matches nothing: the mjlog reader's integer lists take the general path."""


def _seeded_games() -> list[TenhouGame]:
    games: list[TenhouGame] = []
    for path in log_paths([LOGS]):
        try:
            games.extend(g for g in read_log(path).games if g.shuffle_seed is not None)
        except NotALogError:
            continue
    return games


def _general(*args: object, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patch:
        patch.setattr(wall, "seeded_wall", lambda *_args: None)
        try:
            return build_wall(*args)  # type: ignore[arg-type]
        except LogFormatError as exc:
            return exc.message


def test_the_seeded_wall_is_build_walls_on_every_seeded_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[str] = Counter()
    for game in _seeded_games():
        rules, _ = rules_for(game)
        layout = rules.wall_layout()  # type: ignore[attr-defined]
        tile_ids = rules.tile_ids()  # type: ignore[attr-defined]
        assert game.shuffle_seed is not None
        seeds = rebuild_wall(game.shuffle_seed, hands=len(game.hands) + 1, sanma=game.sanma)
        for k, hand in enumerate(game.hands):
            for which, seed_wall in (("own", seeds[k]), ("next", seeds[k + 1])):
                general = _general(hand, tile_ids, layout, seed_wall,
                                   monkeypatch=monkeypatch)
                fast = seeded_wall(hand, tile_ids, layout, seed_wall)
                if fast is not None:
                    assert isinstance(general, tuple)
                    assert (fast, []) == general, (game.name, k)
                    seen[f"{which}-taken"] += 1
                else:  # the log disagrees with the seed's wall somewhere
                    seen[f"{which}-general"] += 1
                assert build_wall(hand, tile_ids, layout, seed_wall) == general
    assert seen["own-taken"] > 1000, seen
    assert seen["next-general"] > 1000, seen
    assert seen["next-taken"] == 0, seen


@pytest.mark.parametrize("change", ["duplicate", "short", "outside"])
def test_a_seed_wall_that_is_no_permutation_takes_the_general_path(
        change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = read_log(min((LOGS / "mjx-tests").glob("*.mjlog"))).games[0]
    rules, _ = rules_for(game)
    layout = rules.wall_layout()  # type: ignore[attr-defined]
    tile_ids = rules.tile_ids()  # type: ignore[attr-defined]
    assert game.shuffle_seed is not None
    seed_wall = rebuild_wall(game.shuffle_seed, hands=1, sanma=game.sanma)[0]
    hand = game.hands[0]
    assert seeded_wall(hand, tile_ids, layout, seed_wall) is not None
    broken = list(seed_wall)
    if change == "duplicate":  # Tenhou's wall[0] (a dead-wall place) twice
        broken[0] = broken[1]
    elif change == "short":
        broken = broken[:-1]
    else:
        broken[0] = 200
    assert seeded_wall(hand, tile_ids, layout, broken) is None
    if change != "short":
        assert build_wall(hand, tile_ids, layout, broken) == _general(
            hand, tile_ids, layout, broken, monkeypatch=monkeypatch)


@pytest.mark.parametrize("path", MJLOGS, ids=lambda p: p.name)
def test_every_shared_mjlog_reads_the_same_without_the_list_pattern(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(path.read_bytes(), path.name)
    fast = parse_mjlog(text, name="x")
    with monkeypatch.context() as patch:
        patch.setattr(mjlog, "_PLAIN_INTS", _NEVER)
        general = parse_mjlog(text, name="x")
    assert fast == general


def _fast_and_general(read: Callable[[], object],
                      monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """What ``read`` gives (or the message it fails with) with and without the fast
    integer pattern."""

    def attempt() -> object:
        try:
            return read()
        except LogFormatError as exc:
            return str(exc)

    fast = attempt()
    with monkeypatch.context() as patch:
        patch.setattr(mjlog, "_PLAIN_INTS", _NEVER)
        return fast, attempt()


@pytest.mark.parametrize(
    "text",
    ["0", "1,2,3", "0123,7", "135,0", "", " ", "1,,2", "1,", ",1", "-1,2", "1, 2", " 1,2",
     "1,2 ", "\u0663,1", "1.5,2", "+1,2", "1;2"],
    ids=["zero", "three", "leading-zero", "tiles", "empty", "space", "empty-part",
         "trailing-comma", "leading-comma", "minus", "inner-space", "lead-space",
         "trail-space", "arabic-indic", "decimal", "plus", "semicolon"],
)
def test_int_lists_read_as_the_general_path_reads_them(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, general = _fast_and_general(
        lambda: mjlog._Reader(name="x").ints(text, "value"), monkeypatch)  # noqa: SLF001
    assert fast == general
    assert mjlog._PLAIN_INTS.fullmatch(text) is None or isinstance(fast, tuple)  # noqa: SLF001


_GAME = (
    '<mjloggm ver="2.3"><GO type="9" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="1,1,1,1" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,{dora}" ten="250,250,250,250" oya="0" '
    'hai0="{hai0}" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T52/><D52/>'
    '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" owari="250,0,250,0,250,0,250,0"/>'
    '</mjloggm>'
)


@pytest.mark.parametrize(
    ("hai0", "dora"),
    [("0,1,2,3,4,5,6,7,8,9,10,11,12", "5"), ("0,1,2,3,4,5,6,7,8,9,10,11,136", "5"),
     ("0,1,2,3,4,5,6,7,8,9,10,-1,140", "5"), ("0,1,2,3,4,5,6,7,8,9,10,11,12", "136"),
     ("135,1,2,3,4,5,6,7,8,9,10,11,12", "135")],
    ids=["plain", "tile-136", "two-out", "dora-136", "ends"],
)
def test_tile_lists_read_and_fail_as_before(hai0: str, dora: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    text = _GAME.format(hai0=hai0, dora=dora)

    fast, general = _fast_and_general(lambda: parse_mjlog(text, name="x"), monkeypatch)
    assert fast == general
    if "136" in hai0:
        assert fast == "log 'x', hand 0, element 'INIT': tile id 136 is outside 0..135"


@pytest.mark.parametrize(
    ("seat", "tile", "riichi", "kept"),
    [(0, 0, False, True), (3, 135, True, True), (4, 0, False, False), (0, 136, False, False),
     (-1, 5, False, False), (True, 5, False, False), (0, 5.0, False, False)],
    ids=["plain", "ends", "seat-4", "tile-136", "seat-minus", "bool-seat", "float-tile"],
)
def test_only_plain_discards_are_kept(seat: int, tile: int, riichi: bool, kept: bool) -> None:
    key = (seat, tile, riichi)
    replay_hand._DISCARDS.pop(key, None)  # noqa: SLF001
    action = replay_hand._discard(seat, tile, riichi)  # noqa: SLF001
    assert action == Discard(seat=seat, tile=tile, riichi=riichi)
    assert (replay_hand._DISCARDS.get(key) is action) is kept  # noqa: SLF001
    if kept:
        assert replay_hand._discard(seat, tile, riichi) == action  # noqa: SLF001


def test_a_hand_made_discard_of_odd_fields_is_refused_with_its_reason() -> None:
    game = read_log(MJLOGS[0]).games[0]
    hand = game.hands[0]
    first = next(k for k, e in enumerate(hand.events) if isinstance(e, TenhouDiscard))
    discard = hand.events[first]
    assert isinstance(discard, TenhouDiscard)
    for odd, reason in ((attrs.evolve(discard, tile=12.5), "bad_input"),  # type: ignore[arg-type]
                        (attrs.evolve(discard, seat=7), "bad_seat")):
        events = (*hand.events[:first], odd, *hand.events[first + 1:])
        broken = attrs.evolve(game, hands=(attrs.evolve(hand, events=events),))
        report = replay_game(broken)
        assert report.hands[0].status == "error"
        assert report.hands[0].reason == reason


def _all_games() -> list[TenhouGame]:
    games: list[TenhouGame] = []
    for path in log_paths([LOGS]):
        try:
            games.extend(read_log(path).games)
        except (NotALogError, LogFormatError):
            continue
    return games


def test_rules_for_gives_the_new_rulesets_options_with_cold_memos() -> None:
    seen: Counter[str] = Counter()
    for game in _all_games():
        try:
            rules, preset = rules_for(game)
        except LogFormatError:
            seen["refused"] += 1
            continue
        fresh = replay_game_module._new_rules(game, preset)  # noqa: SLF001 - the readable path
        assert type(rules) is type(fresh)
        assert rules.options == fresh.options
        assert len(rules.cache) == 0  # type: ignore[attr-defined]
        seen["kept" if rules_for(game)[0] is rules else "new"] += 1
    assert seen["kept"] > 100, seen
    assert len(replay_game_module._RULESETS) < 10  # noqa: SLF001 - a few lobbies in all


@pytest.mark.parametrize("path", ["mjx-tests", "dnovikoff-tenhou", "mjai-reviewer3p"])
def test_a_replay_with_new_rulesets_is_the_same(path: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    files = [p for p in log_paths([LOGS / path]) if p.suffix != ".md"][:12]
    games = [g for p in files for g in read_log(p).games]
    kept = [replay_game(game) for game in games]
    original = replay_game_module.rules_for

    def new_rules(game: TenhouGame) -> tuple[object, str]:
        _, preset = original(game)  # its refusal of a lobby, its preset
        return replay_game_module._new_rules(game, preset), preset  # noqa: SLF001

    monkeypatch.setattr(replay_game_module, "rules_for", new_rules)
    assert [replay_game(game) for game in games] == kept
    assert sum(r.count("matched") for r in kept) > 10


def test_hand_events_are_kept_as_they_are_without_other_events() -> None:
    game = read_log(MJLOGS[0]).games[0]
    rules, _ = rules_for(game)
    start = rules.setup(walls=[list(rules.tile_ids())])  # type: ignore[attr-defined]
    hand = game.hands[0]
    assert replay_hand.HandReplay(rules, start, hand).events is hand.events
    bye = TenhouBye(who=1)
    odd = attrs.evolve(hand, events=(*hand.events[:3], bye, *hand.events[3:]))
    events = replay_hand.HandReplay(rules, start, odd).events
    assert bye not in events
    assert list(events) == list(hand.events)
