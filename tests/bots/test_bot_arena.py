"""The arena: duplicate walls in every seat rotation, identical results for one seed,
exact aggregation; the arena and simulate commands."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.bots import (
    EfficiencyBot,
    Observation,
    TsumogiriBot,
    arena,
    arena_game,
    arena_wall,
)
from mahjong_rules.cli import main

KEYS = {"bot", "games", "avg_rank", "avg_rank_se", "rank_counts", "rank_points_per_game",
        "bust_rate", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate",
        "avg_win", "avg_deal_in"}


class Recorder:
    """Wraps a bot; keeps the 13 dealt tiles of its seat in the first hand."""

    dealt: ClassVar[dict[tuple[int, int], tuple[int, ...]]] = {}

    def __init__(self, inner: EfficiencyBot | TsumogiriBot, game: int) -> None:
        self.inner = inner
        self.game = game

    def act(self, observation: Observation) -> Action:
        view = observation.view
        key = (self.game, observation.seat)
        if view["hand_number"] == 0 and view["honba"] == 0 and view["round_wind"] == 0 and (
                key not in self.dealt):
            hand = list(view["hand"])
            if view["drawn"] is not None:
                hand.remove(view["drawn"])
            self.dealt[key] = tuple(sorted(hand))
        return self.inner.act(observation)


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_every_rotation_deals_the_same_walls(name: str) -> None:
    rules = mr.make(name, {"length": "single" if name == "taiwanese" else "single_hand"})
    n = rules.num_seats
    Recorder.dealt = {}
    records = []
    for game in range(2 * n):  # two wall sets
        lineup = [lambda seed, g=game: Recorder(EfficiencyBot(seed), g),
                  *[lambda seed, g=game: Recorder(TsumogiriBot(seed), g)] * (n - 1)]
        records.append(arena_game(rules, lineup, seed=9, game=game))
    for wall_set in range(2):
        games = range(n * wall_set, n * wall_set + n)
        for seat in range(n):
            hands = {Recorder.dealt[(g, seat)] for g in games}
            assert len(hands) == 1, (wall_set, seat)
        # the challenger (player 0) sits at seat r in rotation r
        for rotation, game in enumerate(games):
            record = records[game]
            assert record["rotation"] == rotation
            assert record["wall_set"] == wall_set
            assert record["seats"][rotation]["player"] == 0
            assert record["seats"][rotation]["bot"] == "<lambda>"
    assert Recorder.dealt[(0, 0)] != Recorder.dealt[(n, 0)]  # another wall set
    wall = arena_wall(rules, 9, wall_set=0, round_wind=0, hand_number=0, honba=0)
    assert sorted(wall) == sorted(rules.tile_ids())  # type: ignore[attr-defined]
    assert wall != arena_wall(rules, 9, wall_set=0, round_wind=0, hand_number=0, honba=1)


def test_same_seed_same_result() -> None:
    rules = mr.make("riichi", {"length": "tonpuu"})
    first = arena(rules, "defensive", "efficiency", games=4, seed=3)
    assert arena(rules, "defensive", "efficiency", games=4, seed=3) == first
    assert arena(rules, "defensive", "efficiency", games=4, seed=4) != first
    json.dumps(first)  # plain data


def test_the_counts_add_up() -> None:
    rules = mr.make("sanma", {"length": "tonpuu"})
    result = arena(rules, "balanced", "random", games=6, seed=2, rank_points=(30, 0, -30))
    challenger, opponents = result["challenger"], result["opponents"]
    assert set(challenger) >= KEYS
    assert set(opponents) >= KEYS
    assert challenger["games"] == 6
    assert opponents["games"] == 12
    assert sum(challenger["rank_counts"]) == 6
    assert sum(opponents["rank_counts"]) == 12
    hands = sum(r["hands"] for r in result["records"])
    assert challenger["hands"] == hands
    assert opponents["hands"] == 2 * hands
    wins = sum(s["wins"] for r in result["records"] for s in r["seats"])
    assert challenger["wins"] + opponents["wins"] == wins
    points = (30 * challenger["rank_counts"][0] - 30 * challenger["rank_counts"][2]) / 6
    assert challenger["rank_points_per_game"] == round(points, 3)
    players = result["players"]
    assert [p["games"] for p in players] == [6, 6, 6]
    assert sum(p["rank_points_per_game"] for p in players[1:]) / 2 == pytest.approx(
        opponents["rank_points_per_game"], abs=1e-3)


def test_bot_objects_and_bad_lineups() -> None:
    rules = mr.make("riichi", {"length": "single_hand"})
    mine = TsumogiriBot()
    result = arena(rules, lineup=[mine, "efficiency", EfficiencyBot, "random"], games=4, seed=1)
    assert [p["bot"] for p in result["players"]] == ["tsumogiri", "efficiency", "efficiency",
                                                      "random"]
    assert result["players"][0]["wins"] == 0
    with pytest.raises(mr.MahjongRulesError, match="needs 4 players"):
        arena(rules, lineup=["random"] * 3, games=4, seed=1)
    with pytest.raises(mr.MahjongRulesError, match="rank points"):
        arena(rules, "random", "random", games=4, seed=1, rank_points=(1, 2))
    with pytest.raises(mr.MahjongRulesError, match="unknown bot"):
        arena(rules, "nobody", "random", games=4, seed=1)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_arena_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "arena", "--variant", "riichi", "--preset", "tenhou", "--length",
                        "single_hand", "--challenger", "efficiency", "--opponents",
                        "tsumogiri", "--games", "4", "--seed", "2", "--json")
    assert code == 0
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    assert {"challenger", "opponents", "seed", "games", "variant", "preset"} <= set(result)
    assert set(result["challenger"]) >= KEYS
    assert set(result["opponents"]) >= KEYS
    assert result["preset"] == "tenhou"
    assert result["games"] == 4
    assert result["opponents"]["win_rate"] == 0.0
    code, out, _ = _run(capsys, "arena", "--variant", "sanma", "--length", "single_hand",
                        "--challenger", "defensive", "--opponents", "random", "--games", "3")
    assert code == 0
    assert "rank points per game" in out
    assert "defensive" in out
    code, _, err = _run(capsys, "arena", "--challenger", "nobody", "--opponents", "random")
    assert code == 2
    assert "unknown bot" in err


def test_simulate_shows_wins_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "simulate", "--variant", "riichi", "--games", "2", "--seed", "1")
    assert code == 0
    assert "(efficiency)" in out
    assert "won" in out
    assert "average points by rank" in out
    won = int(out.split("hands: ")[1].split(" won")[0])
    assert won > 0
    code, out, _ = _run(capsys, "simulate", "--variant", "sanma", "--games", "1", "--bots",
                        "balanced,defensive,random", "--length", "tonpuu", "--json")
    summary = json.loads(out)
    assert code == 0
    assert summary["bots"] == ["balanced", "defensive", "random"]
    assert {"win_rate", "deal_in_rate", "riichi_rate", "call_rate"} <= set(summary["all"])
    code, _, err = _run(capsys, "simulate", "--bot", "nobody", "--games", "1")
    assert code == 2
    assert "unknown bot" in err
