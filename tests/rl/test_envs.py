"""The PettingZoo and Gymnasium environments: the libraries' own API tests, masks, rewards."""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import pytest
from helpers.rl_play import SINGLE_HAND

import mahjong_rules as mr

pettingzoo_test = pytest.importorskip(
    "pettingzoo.test", reason="the rl extra (pettingzoo) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402 - after the skip

state_test = importlib.import_module("pettingzoo.test.state_test")

from mahjong_rules.draw import Svg, view_svg  # noqa: E402
from mahjong_rules.rl import ActionCodec, aec_env, gym_env  # noqa: E402
from mahjong_rules.rl.render import RENDER_MODES  # noqa: E402
from mahjong_rules.rl.single_agent import ENV_IDS  # noqa: E402

VARIANTS = ["riichi", "sanma", "taiwanese"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    pettingzoo_test.api_test(aec_env(variant, **SINGLE_HAND[variant]), num_cycles=400)


@pytest.mark.parametrize("variant", ["riichi", "sanma"])
def test_pettingzoo_api_test_whole_game(variant: str) -> None:
    pettingzoo_test.api_test(aec_env(variant, length="tonpuu"), num_cycles=1000)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant: str) -> None:
    pettingzoo_test.seed_test(lambda: aec_env(variant), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_state_test(variant: str) -> None:
    # the state test samples ids without the mask: an illegal id changes nothing here
    env = aec_env(variant, illegal_action="penalize", **SINGLE_HAND[variant])
    env.reset(seed=0)
    state_test.test_state_space(env)
    state_test.test_state(env, 50)


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant: str) -> None:
    env = gymnasium.make(ENV_IDS[variant])
    check_env(env.unwrapped)
    env.close()


def play_aec(variant: str, seed: int, **kwargs: Any) -> tuple[dict[str, float], Any]:
    """A random masked game; each agent's total reward, and the env (the game over)."""
    env = aec_env(variant, **kwargs)
    env.reset(seed=seed)
    rng = random.Random(seed)
    codec = ActionCodec(env.rules)
    totals = dict.fromkeys(env.agents, 0.0)
    table = env.table
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        mask = obs["action_mask"]
        # the mask is the reducer's legal actions, through the view's own list
        assert (mask == codec.mask(table.view(seat))).all()
        for other in env.possible_agents:  # nobody else may act now
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals, env


@pytest.mark.parametrize("variant", VARIANTS)
def test_rank_rewards_at_the_end(variant: str) -> None:
    totals, env = play_aec(variant, 3, **SINGLE_HAND[variant])
    ranks = env.table.ranks()
    vector = {4: (90, 45, 0, -135), 3: (90, 0, -90)}[env.rules.num_seats]
    assert totals == {f"player_{s}": float(vector[r - 1]) for s, r in enumerate(ranks)}


@pytest.mark.parametrize(("variant", "length"), [("riichi", "tonpuu"), ("sanma", "tonpuu"),
                                               ("taiwanese", "single")])
def test_point_rewards_are_the_hands_deltas(variant: str, length: str) -> None:
    totals, env = play_aec(variant, 5, reward="points", point_unit=100.0, length=length)
    history = env.table.state.history
    assert len(history) >= (1 if length == "single" else 2)
    for seat in range(env.rules.num_seats):
        expected = sum(hand.deltas[seat] for hand in history) / 100.0
        assert totals[f"player_{seat}"] == pytest.approx(expected)


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    env = aec_env("riichi", **SINGLE_HAND["riichi"])
    env.reset(seed=1)
    before = env.table.state
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(mr.IllegalActionError) as info:
        env.step(illegal)
    assert info.value.reason is mr.Reason.ACTION_ID_NOT_LEGAL
    with pytest.raises(mr.IllegalActionError):
        env.step(None)
    assert env.table.state is before
    lenient = aec_env("riichi", illegal_action="penalize", **SINGLE_HAND["riichi"])
    lenient.reset(seed=1)
    agent = lenient.agent_selection
    lenient.step(illegal)
    _, reward, terminated, _, info = lenient.last()
    assert (lenient.agent_selection, reward, terminated, info) == (
        agent, -1.0, False, {"illegal_action": True})
    assert lenient.table.state == before


def test_the_same_seed_gives_the_same_game_and_other_seeds_others() -> None:
    first, env_a = play_aec("riichi", 11, length="tonpuu")
    second, env_b = play_aec("riichi", 11, length="tonpuu")
    assert first == second
    assert env_a.table.state.history == env_b.table.state.history
    _, env_c = play_aec("riichi", 12, length="tonpuu")
    assert env_c.table.state.history != env_a.table.state.history


def test_state_is_the_oracle_and_render_is_text() -> None:
    env = aec_env("sanma", render_mode="ansi", **SINGLE_HAND["sanma"])
    env.reset(seed=2)
    state = env.state()
    assert env.state_space.contains(state)
    text = env.render()
    assert isinstance(text, str)
    assert "sanma  East 1" in text
    assert "decides: hand" in text


def test_render_svg_is_the_table_picture_of_the_view() -> None:
    env = gym_env("riichi", render_mode="svg", **SINGLE_HAND["riichi"])
    env.reset(seed=2)
    picture = env.render()
    assert isinstance(picture, Svg)
    assert picture == view_svg(env.table.view(env.seat))
    assert "seat 0" in picture


def test_render_rgb_array_frames() -> None:
    if "rgb_array" not in RENDER_MODES:
        pytest.skip("cairosvg (the rl extra) is not installed")
    try:
        importlib.import_module("cairosvg")
    except OSError as exc:  # cairocffi cannot load the system's cairo library
        pytest.skip(f"the system's cairo library is missing: {exc}")
    env = aec_env("taiwanese", render_mode="rgb_array", **SINGLE_HAND["taiwanese"])
    env.reset(seed=1)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8
    assert frame.ndim == 3
    assert frame.shape[2] == 3
    assert frame.std() > 10  # a picture, not a blank


@pytest.mark.parametrize("variant", VARIANTS)
def test_gym_episode_against_bots(variant: str) -> None:
    env = gym_env(variant, opponents="greedy", **SINGLE_HAND[variant])
    obs, info = env.reset(seed=9)
    rng = random.Random(9)
    reward, terminated, steps = 0.0, False, 0
    while not terminated:
        assert (obs["action_mask"] == info["action_mask"]).all()
        assert obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated
        steps += 1
    vector = {4: (90, 45, 0, -135), 3: (90, 0, -90)}[env.rules.num_seats]
    assert reward == vector[info["ranks"][env.seat] - 1]
    assert steps > 0


def test_gym_illegal_actions_penalize_or_raise() -> None:
    env = gym_env("riichi", **SINGLE_HAND["riichi"])
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    state = env.table.state
    again, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert env.table.state is state
    assert (again["observation"] == obs["observation"]).all()
    strict = gym_env("riichi", illegal_action="raise", **SINGLE_HAND["riichi"])
    strict.reset(seed=4)
    with pytest.raises(mr.IllegalActionError):
        strict.step(illegal)


def test_gym_opponents_and_seats() -> None:
    env = gym_env("riichi", opponents=["random", "greedy", "random"], seat=None,
                  **SINGLE_HAND["riichi"])
    seats = set()
    for seed in range(8):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert sorted(env._bots) == sorted(set(range(4)) - {env.seat})  # noqa: SLF001
    assert len(seats) > 1
    with pytest.raises(ValueError, match="one opponent per other seat"):
        gym_env("riichi", opponents=["random", "greedy"])
    with pytest.raises(mr.MahjongRulesError) as info:
        gym_env("riichi", opponents="no-such-bot")
    assert info.value.reason is mr.Reason.BAD_INPUT

    class Passer:  # a user's bot: any object with act(observation)
        def act(self, observation: Any) -> mr.Action:
            legal: tuple[mr.Action, ...] = observation.legal
            return legal[0]

    env = gym_env("sanma", opponents=Passer(), **SINGLE_HAND["sanma"])
    obs, _ = env.reset(seed=1)
    while True:
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated:
            break


def test_registered_ids_take_options() -> None:
    env = gymnasium.make("mahjong_rules/Taiwanese-v0", opponents="random", length="single")
    obs, info = env.reset(seed=3)
    assert obs["action_mask"].shape == (113,)
    assert info["seat"] == 0
    env.close()


def test_a_game_over_before_the_first_decision_is_replaced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, done_env = play_aec("riichi", 2, **SINGLE_HAND["riichi"])
    over_state = done_env.table.state
    assert over_state.phase is mr.Phase.GAME_OVER
    for env in (aec_env("riichi", **SINGLE_HAND["riichi"]),
                gym_env("riichi", **SINGLE_HAND["riichi"])):
        table = env.table
        real_reset = table.reset
        seeds: list[int] = []

        def reset(seed: int, table: Any = table, real_reset: Any = real_reset,
                  seeds: list[int] = seeds) -> None:
            seeds.append(seed)
            real_reset(seed)
            if len(seeds) == 1:  # the first game ends at once (as a flower win at the deal)
                table.state = over_state
                table.decider = None

        monkeypatch.setattr(table, "reset", reset)
        env.reset(seed=7)
        assert seeds[0] == 7
        assert len(seeds) == 2
        assert not table.over
        assert table.decider is not None
