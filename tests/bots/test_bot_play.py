"""Every bot in every ruleset and preset: legal play with the conformance invariants,
whole games, determinism from the seed."""

from __future__ import annotations

import pytest
from helpers.conformance import play

import mahjong_rules as mr
from mahjong_rules.bots import BOTS, BotError, make_bot, play_game, play_games, self_play_game
from mahjong_rules.bots.play import summarize

PRESETS = [("riichi", "default"), ("riichi", "ippatsu"), ("riichi", "tenhou"),
           ("riichi", "mahjong_soul"), ("sanma", "default"), ("sanma", "joypip"),
           ("sanma", "tenhou"), ("taiwanese", "default"), ("taiwanese", "san_diego")]
LEVELS = ["tsumogiri", "random", "efficiency", "defensive", "balanced"]


def test_every_level_is_registered() -> None:
    assert set(LEVELS) | {"greedy"} <= set(BOTS)


@pytest.mark.parametrize("bot", LEVELS)
@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[f"{n}-{p}" for n, p in PRESETS])
def test_bots_keep_every_invariant(name: str, preset: str, bot: str) -> None:
    """The conformance harness with the bot choosing: every action validates, and the
    invariants (tiles, points, views, round trips) hold after each."""
    rules = mr.make(name, preset)
    final, taken = play(rules, 3, max_actions=160, policy_seed=11, bot=bot)
    assert len(taken) == 160 or final.phase is mr.Phase.GAME_OVER


@pytest.mark.parametrize("bot", LEVELS)
@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[f"{n}-{p}" for n, p in PRESETS])
def test_bots_play_whole_games(name: str, preset: str, bot: str) -> None:
    """Whole games (one hand; two with the winning levels) end with a result."""
    options = mr.make(name, preset).options.to_dict()
    options["length"] = "single" if name == "taiwanese" else "single_hand"
    rules = mr.make(name, options)
    for game in range(2):
        bots = [make_bot(bot, seed=100 * game + s) for s in range(rules.num_seats)]
        record = play_game(rules, bots, seed=game)
        assert record["unfinished"] == 0
        assert record["hands"] >= 1
        assert sorted(s["rank"] for s in record["seats"]) == list(range(1, rules.num_seats + 1))


@pytest.mark.parametrize("name", ["riichi", "sanma", "taiwanese"])
def test_a_game_is_a_function_of_its_seeds(name: str) -> None:
    options = {"length": "east" if name == "taiwanese" else "tonpuu"}
    rules = mr.make(name, options)
    specs = ["balanced", "defensive", "efficiency", "random"][:rules.num_seats]

    def game(seed: int) -> dict[str, object]:
        bots = [make_bot(spec, seed=seed + s) for s, spec in enumerate(specs)]
        return play_game(rules, bots, seed=seed, labels=specs, max_actions=20_000)

    first = game(5)
    assert game(5) == first
    assert game(6) != first


def test_efficiency_self_play_wins_and_ranks() -> None:
    summary = play_games(mr.make("riichi", "tenhou"), games=2, seed=1)
    assert summary["bots"] == ["efficiency"] * 4
    assert summary["wins"] > 0
    assert summary["unfinished"] == 0
    assert summary["all"]["win_rate"] > 0.1
    assert summary["all"]["call_rate"] == 0.0  # the efficiency bot never calls
    ranks = summary["average_points_by_rank"]
    assert ranks == sorted(ranks, reverse=True)


def test_one_bot_per_seat() -> None:
    summary = play_games(mr.make("sanma", {"length": "tonpuu"}), games=1, seed=2,
                         bots=["tsumogiri", "efficiency", "efficiency"])
    tsumogiri = summary["seats"][0]
    assert tsumogiri["wins"] == 0
    assert tsumogiri["riichi"] == 0
    assert tsumogiri["calls"] == 0
    assert summary["bots"][0] == "tsumogiri"


@pytest.mark.parametrize(("spec", "message"), [
    ("nobody", "unknown bot"), ("efficiency:3", "takes no argument"), ("", "unknown bot")])
def test_bad_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message) as caught:
        make_bot(spec, seed=0)
    assert caught.value.reason is mr.Reason.BAD_INPUT


def test_wrong_number_of_bots() -> None:
    with pytest.raises(BotError, match="needs 3 bots"):
        play_games(mr.make("sanma"), games=1, seed=1, bots=["random"] * 4)


def test_an_illegal_answer_is_a_typed_error() -> None:
    class Cheater:
        def act(self, observation: object) -> mr.Action:
            del observation
            return mr.Tsumo(seat=0)

    rules = mr.make("riichi", {"length": "single_hand"})
    with pytest.raises(BotError, match="seat") as caught:
        play_game(rules, [Cheater() for _ in range(4)], seed=1)
    assert caught.value.reason is mr.Reason.NOT_A_WINNING_HAND


def test_a_run_is_the_sum_of_its_games() -> None:
    """The summary of play_games is the summary of its games played one by one, in any
    order (each game a pure function of the seed and its index)."""
    rules = mr.make("sanma", {"length": "tonpuu"})
    specs = ["efficiency", "defensive", "balanced"]
    summary = play_games(rules, games=3, seed=4, bots=specs)
    records = [self_play_game(rules, specs, seed=4, game=g) for g in (2, 0, 1)]
    again = summarize(rules, sorted(records, key=lambda r: r["game"]), specs, summary["seconds"])
    assert {k: v for k, v in again.items() if k != "hands_per_second"} == {
        k: v for k, v in summary.items() if k != "hands_per_second"}
