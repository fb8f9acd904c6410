"""SVG pictures of hands, tables and results: what each zone holds, the marks, where a
called tile lies, byte-identical output, nothing hidden in a seat's picture, sizes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from typing import Any

import pytest
from helpers.drawing import LOGS, face_up, parse, steps_of, visible_symbols, zone_rects, zone_uses

import mahjong_rules as mr
from mahjong_rules.draw import TileStyle, hand_svg, meld_tiles, result_svg, view_svg
from mahjong_rules.draw.faces import symbol_name, tile_defs
from mahjong_rules.errors import NotationError
from mahjong_rules.state import Phase, State

needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"real logs not found at {LOGS}")
RIICHI_LOG = "dnovikoff-tenhou/example.xml"
SANMA_LOG = "mjai-reviewer3p/double_nukidora.json"
KAKAN_LOG = "mjai-reviewer/double_kakan_then_chankan.json"


def _played(name: str, seed: int, actions: int) -> tuple[mr.Ruleset, State]:
    """A state after ``actions`` greedy actions of a seeded game."""
    from mahjong_rules.bots import Observation, make_bot  # noqa: PLC0415

    rules = mr.make(name)
    state = rules.setup(seed=seed)
    bots = [make_bot("greedy", seed=s) for s in range(rules.num_seats)]
    for _ in range(actions):
        if state.phase is Phase.GAME_OVER:
            break
        seat = min(rules.to_act(state))
        state = rules.apply(state, bots[seat].act(Observation.of(rules, state, seat)))
    return rules, state


def _check_zones(view: dict[str, Any], svg: str) -> None:
    """Each zone holds exactly the view's tiles."""
    zones = zone_uses(svg)
    viewer = view["viewer"]
    for entry in view["seats"]:
        seat = entry["seat"]
        river = zones[f"river-{seat}"]
        assert len(river) == len(entry["river"])
        assert [s for s, _, _ in river] == [symbol_name(e["tile"], view["ruleset"] != "taiwanese")
                                           for e in entry["river"]]
        meld_count = sum(len(m["tiles"]) for m in entry["melds"])
        revealed = str(seat) in view["revealed_hands"]
        # a winner's revealed hand holds the tile it won on (a ron tile too)
        concealed = len(view["revealed_hands"][str(seat)]) if revealed else entry["hand_size"]
        assert len(zones[f"hand-{seat}"]) == concealed + meld_count
        concealed_backs = sum(s == "back" for s, _, _ in zones[f"hand-{seat}"])
        closed_kan_backs = 2 * sum(m["kind"] == "ankan" for m in entry["melds"])
        own = seat == viewer
        assert concealed_backs == closed_kan_backs + (0 if own or revealed else entry["hand_size"])
        aside = [*entry.get("kita", ()), *entry.get("flowers", ())]
        assert len(zones[f"aside-{seat}"]) == len(aside)
    if view["ruleset"] != "taiwanese":
        dora = zones["centre"]
        assert len(dora) == max(5, len(view["dora_indicators"]))
        assert sum(s != "back" for s, _, _ in dora) == len(view["dora_indicators"])


# ------------------------------------------------------------------ hands and melds


@pytest.mark.parametrize(("kind", "from_seat", "sideways_at"), [
    ("chi", 3, 0),
    ("pon", 3, 0), ("pon", 2, 1), ("pon", 1, 2),
    ("daiminkan", 3, 0), ("daiminkan", 2, 1), ("daiminkan", 1, 3),
    ("kakan", 3, 0), ("kakan", 2, 1), ("kakan", 1, 2),
], ids=str)
@pytest.mark.parametrize("owner", [0, 1, 2, 3])
def test_called_tile_lies_at_the_seat_it_came_from(owner: int, kind: str, from_seat: int,
                                                   sideways_at: int) -> None:
    # from_seat is given relative to the owner: 3 the left seat, 2 across, 1 the right
    source = (owner + from_seat) % 4
    tiles = {"chi": [8, 12, 16], "pon": [36, 37, 38], "daiminkan": [36, 37, 38, 39],
             "kakan": [36, 37, 38, 39]}[kind]
    called = tiles[1] if kind == "chi" else tiles[0]
    meld = {"kind": kind, "tiles": tiles, "called": called, "from_seat": source,
            "added": 39 if kind == "kakan" else None}
    laid = meld_tiles(meld, seat=owner)
    assert [t.sideways for t in laid].index(True) == sideways_at
    assert sum(t.sideways for t in laid) == 1
    assert laid[sideways_at].symbol == symbol_name(called)
    assert laid[sideways_at].stacked == ("p1" if kind == "kakan" else None)
    assert len(laid) == (3 if kind in ("chi", "pon", "kakan") else 4)


@pytest.mark.parametrize(("from_seat", "sideways_at"), [(2, 0), (1, 2)], ids=["left", "right"])
def test_sanma_directions(from_seat: int, sideways_at: int) -> None:
    meld = {"kind": "pon", "tiles": [120, 121, 122], "called": 120, "from_seat": from_seat}
    assert [t.sideways for t in meld_tiles(meld, seat=0, num_seats=3)].index(True) == sideways_at


def test_closed_kan_has_backs_at_both_ends_and_shows_its_red_five() -> None:
    laid = meld_tiles({"kind": "ankan", "tiles": [52, 53, 54, 55], "called": None})
    assert [t.symbol for t in laid] == ["back", "p0", "p5", "back"]
    assert not any(t.sideways for t in laid)


def test_added_kan_is_a_stacked_pair() -> None:
    svg = hand_svg("123m456p78s", melds=["kakan 5555z across"], drawn="9s")
    uses = zone_uses(svg)["hand"]
    sideways = [u for u in uses if u[2]]
    assert [(s, c) for s, c, _ in sideways] == [("z5", ""), ("z5", "added")]
    assert [c for _, c, _ in uses].count("drawn") == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("123m456p789s1122z", ["m1", "m2", "m3", "p4", "p5", "p6", "s7", "s8", "s9",
                           "z1", "z1", "z2", "z2"]),
    ("0m0p0s", ["m0", "p0", "s0"]),
    ("1234f", ["f1", "f2", "f3", "f4"]),
], ids=["mixed", "red", "flowers"])
def test_hand_picture_holds_the_hand(text: str, expected: list[str]) -> None:
    svg = hand_svg(text)
    assert [s for s, _, _ in zone_uses(svg)["hand"]] == expected
    defined = {e.get("id") for e in parse(svg).iter() if e.get("id")}
    assert {f"mj-{s}" for s in expected} <= defined


@pytest.mark.parametrize("bad", ["pon", "pon 555z sideways", "pon 555z left extra"])
def test_unreadable_meld_text(bad: str) -> None:
    with pytest.raises(ValueError, match="a meld is written"):
        hand_svg("123m", melds=[bad])


def test_bad_tiles_and_styles_are_refused() -> None:
    with pytest.raises(NotationError):
        hand_svg("12x")
    with pytest.raises(ValueError, match="labels must be one of"):
        TileStyle(labels="huge")


def test_styles_name_their_definitions() -> None:
    plain = tile_defs(["m1"], TileStyle())
    labelled = tile_defs(["m1"], TileStyle(labels="korean", colour_blind=True))
    assert 'id="mj-m1"' in plain
    assert 'id="mjKC-m1"' in labelled
    assert "1만" in labelled
    assert "1만" not in plain
    assert "stroke-dasharray" in tile_defs(["p1"], TileStyle(colour_blind=True))


def test_jupyter_shows_pictures() -> None:
    picture = hand_svg("1m")
    assert picture._repr_svg_() == str(picture)


# ------------------------------------------------------------------ tables of real states


@needs_logs
@pytest.mark.parametrize("log", [RIICHI_LOG, SANMA_LOG, KAKAN_LOG], ids=["riichi", "sanma",
                                                                          "kakan"])
def test_zones_hold_the_view_at_every_step(log: str) -> None:
    for step in steps_of(log)[::3]:
        for seat in (None, *range(step.rules.num_seats)):
            view = step.view(seat, after=True)
            _check_zones(view, view_svg(view))


@pytest.mark.parametrize(("ruleset", "seed"), [("riichi", 2), ("sanma", 3), ("taiwanese", 4)])
def test_zones_of_self_played_states(ruleset: str, seed: int) -> None:
    rules, state = _played(ruleset, seed, 60)
    for seat in (None, *range(rules.num_seats)):
        view = rules.view(state, seat)
        _check_zones(view, view_svg(view))


@needs_logs
def test_riichi_and_tsumogiri_marks() -> None:
    seen = {"riichi": 0, "tsumogiri": 0}
    for step in steps_of(RIICHI_LOG)[::5]:
        view = step.view(None, after=True)
        svg = view_svg(view)
        zones = zone_uses(svg)
        for entry in view["seats"]:
            river = zones[f"river-{entry['seat']}"]
            shades = zone_rects(svg, f"river-{entry['seat']}").count("shade")
            assert shades == sum(e["tsumogiri"] and not e["called"] for e in entry["river"])
            for (_, mark, sideways), e in zip(river, entry["river"], strict=True):
                assert sideways == e["riichi"]
                if e["called"]:
                    assert mark == "called"
                elif e["riichi"]:
                    assert mark == "riichi"
                    seen["riichi"] += 1
                elif e["tsumogiri"]:
                    assert mark == "tsumogiri"
                    seen["tsumogiri"] += 1
    assert seen["riichi"] > 0
    assert seen["tsumogiri"] > 0


@needs_logs
@pytest.mark.parametrize("log", [RIICHI_LOG, SANMA_LOG, KAKAN_LOG], ids=["riichi", "sanma",
                                                                          "kakan"])
def test_a_seats_picture_shows_nothing_hidden(log: str) -> None:
    # every step, every seat: each face-up tile of the picture is one the seat may see
    for step in steps_of(log):
        for seat in (None, *range(step.rules.num_seats)):
            allowed = visible_symbols(step.after, seat)
            shown = face_up(view_svg(step.view(seat, after=True)))
            assert not shown - allowed, (step.number, seat, shown - allowed)


def test_taiwanese_pictures_show_nothing_hidden() -> None:
    rules, state = _played("taiwanese", 7, 90)
    for seat in (None, *range(4)):
        allowed = visible_symbols(state, seat, red=False)
        assert not face_up(view_svg(rules.view(state, seat))) - allowed


# ------------------------------------------------------------------ results


@needs_logs
def test_result_pictures_of_every_hand_end() -> None:
    ends = [s for s in steps_of(RIICHI_LOG) if len(s.after.history) > len(s.before.history)]
    assert len(ends) == 9
    for step in ends:
        view = step.view(None, after=True)
        svg = result_svg(view)
        parse(svg)
        result = view["last_result"]
        for delta in result["deltas"]:
            assert (f">{delta:+d}<" if delta else ">0<") in svg
        for win in result["winners"]:
            win_zone = zone_uses(svg)[f"win-{result['winners'].index(win)}"]
            assert [c for _, c, _ in win_zone].count("win") == 1
            assert f"{win['points']} points" in svg


def test_result_needs_a_finished_hand() -> None:
    rules = mr.make("riichi")
    with pytest.raises(ValueError, match="no last_result"):
        result_svg(rules.view(rules.setup(seed=1), None))


def test_taiwanese_result_lists_its_tai_items() -> None:
    from mahjong_rules.bots import Observation, make_bot  # noqa: PLC0415

    rules = mr.make("taiwanese")
    state = rules.setup(seed=5)
    bots = [make_bot("greedy", seed=s) for s in range(4)]
    while not any(h.kind == "win" for h in state.history):
        seat = min(rules.to_act(state))
        state = rules.apply(state, bots[seat].act(Observation.of(rules, state, seat)))
    view = rules.view(state, 2)
    win = view["last_result"]["winners"][0]
    svg = result_svg(view)
    assert f"{win['tai']} tai" in svg
    assert "Winning" in svg
    zones = zone_uses(svg)
    assert not any(s.endswith("0") for s, _, _ in zones["win-0"])  # no red fives
    flowers = view["seats"][win["seat"]]["flowers"]
    assert sum(c == "flower" for _, c, _ in zones["win-0"]) == len(flowers)


# ------------------------------------------------------------------ determinism and size


_PROGRAM = """
import hashlib, mahjong_rules as mr
from mahjong_rules.draw import view_svg, hand_svg, TileStyle
rules = mr.make("riichi")
state = rules.setup(seed=11)
text = view_svg(rules.view(state, 2), style=TileStyle(labels="latin", colour_blind=True))
text += hand_svg("0m123456789p1s", melds=["pon 777z right", "ankan 1111s"])
print(hashlib.sha256(text.encode()).hexdigest())
"""


def test_byte_identical_output() -> None:
    rules = mr.make("sanma")
    state = rules.setup(seed=4)
    assert view_svg(rules.view(state, 1)) == view_svg(rules.view(state, 1))
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", _PROGRAM], env=env, check=True,  # noqa: S603
                             capture_output=True, text=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
    assert len(next(iter(digests))) == len(hashlib.sha256().hexdigest())


@needs_logs
def test_size_budget() -> None:
    # the largest table picture of a whole game, and a hand with every kind of meld
    largest = max(len(view_svg(step.view(0, after=True)).encode())
                  for step in steps_of(RIICHI_LOG)[::10])
    assert largest < 60_000
    hand = hand_svg("123m456p", melds=["pon 777z left", "kakan 5550m across",
                                       "ankan 1111s", "daiminkan 9999p right"], drawn="1z")
    assert len(hand.encode()) < 25_000
