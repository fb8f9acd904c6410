"""Reinforcement learning: fixed action ids, the observation encoder, PettingZoo and Gymnasium.

The action ids (:class:`ActionCodec`), the encoder (:class:`Encoder`), the game driver and
the training data from logs (:mod:`mahjong_rules.rl.dataset`) need numpy only. The
environments need the ``rl`` extra (``pip install "mahjong_rules[rl]"``: gymnasium and
pettingzoo), imported only when an environment is made; importing this package registers
the Gymnasium ids when gymnasium is installed.

Examples:
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.rl import ActionCodec, Encoder
    >>> rules = mr.make("riichi")
    >>> view = rules.view(rules.setup(seed=0), 0)
    >>> planes, scalars = Encoder(rules).encode(view)
    >>> mask = ActionCodec(rules).mask(view)
    >>> planes.shape, scalars.shape, mask.shape, int(mask.sum()) > 1
    ((121, 34), (116,), (123,), True)

    With the ``rl`` extra, ``aec_env("riichi")`` and ``gym_env("riichi")`` make the
    environments (``docs/rl.md`` has a whole example).

.. versionadded:: 0.3
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahjong_rules.engine import Ruleset
from mahjong_rules.registry import find_ruleset
from mahjong_rules.rl.action_ids import LAYOUTS, ActionCodec, layout_table
from mahjong_rules.rl.encoder import N_PLANES, N_SCALARS, OBS_VERSION, Encoder

if TYPE_CHECKING:
    from mahjong_rules.rl.aec import MahjongAECEnv
    from mahjong_rules.rl.opponents import OpponentSpec
    from mahjong_rules.rl.single_agent import MahjongGymEnv

__all__ = ["LAYOUTS", "N_PLANES", "N_SCALARS", "OBS_VERSION", "ActionCodec", "Encoder",
           "aec_env", "gym_env", "layout_table", "make_rules"]


def make_rules(variant: str = "riichi", preset: str | None = None,
               **options: Any) -> Ruleset:  # noqa: ANN401 - option values of any type
    """A ruleset from a variant, a preset and option overrides (``length="single_hand"``).

    Raises:
        ValueError: an unknown variant.
        OptionsError: an unknown preset, option or value.
    """
    cls = find_ruleset(variant)
    kind: Any = cls.options_type  # RiichiOptions, SanmaOptions or TaiwaneseOptions
    base = kind.preset(preset) if preset is not None else None
    return cls(kind.from_dict(options, base=base))


def aec_env(variant: str = "riichi", preset: str | None = None, *, reward: str = "rank",
            rank_points: tuple[float, ...] | None = None, point_unit: float = 1000.0,
            skip_forced: bool = True, max_steps: int | None = None,
            illegal_action: str = "raise", illegal_penalty: float = -1.0,
            render_mode: str | None = None,
            **options: Any) -> MahjongAECEnv:  # noqa: ANN401 - option values of any type
    """The PettingZoo AEC environment of a ruleset (:mod:`mahjong_rules.rl.aec`).

    Args:
        variant: ``riichi``, ``sanma`` or ``taiwanese`` (or an alias).
        preset: a preset of the ruleset's options (``tenhou``, ``mahjong_soul``, ...).
        reward: ``rank`` (rank points at the game's end) or ``points`` (each hand's point
            change, in ``point_unit`` points).
        rank_points: the rank-point vector, first to last (default 90/45/0/-135; sanma
            90/0/-90, as the bots' arena).
        point_unit: the points of one reward unit with ``reward="points"``.
        skip_forced: play a seat's only legal move for it (no decision).
        max_steps: truncate the game after this many decisions (``None``: never).
        illegal_action: ``raise`` (an id outside the mask raises ``IllegalActionError``)
            or ``penalize`` (nothing changes, the agent earns ``illegal_penalty`` and
            decides again, ``infos[agent]["illegal_action"]`` is set).
        illegal_penalty: the reward of an illegal id with ``illegal_action="penalize"``.
        render_mode: ``None`` or ``ansi``.
        **options: option overrides of the ruleset (``length="single_hand"``, ...).

    Raises:
        ImportError: the ``rl`` extra is not installed.
        ValueError: an unknown variant or reward; OptionsError for bad options.
    """
    from mahjong_rules.rl.aec import MahjongAECEnv  # noqa: PLC0415 - needs the rl extra

    return MahjongAECEnv(make_rules(variant, preset, **options), reward=reward,
                         rank_points=rank_points, point_unit=point_unit,
                         skip_forced=skip_forced, max_steps=max_steps,
                         illegal_action=illegal_action, illegal_penalty=illegal_penalty,
                         render_mode=render_mode)


def gym_env(variant: str = "riichi", preset: str | None = None, *,
            opponents: OpponentSpec | Sequence[OpponentSpec] = "greedy", seat: int | None = 0,
            reward: str = "rank", rank_points: tuple[float, ...] | None = None,
            point_unit: float = 1000.0, illegal_action: str = "penalize",
            illegal_penalty: float = -1.0, skip_forced: bool = True,
            render_mode: str | None = None,
            **options: Any) -> MahjongGymEnv:  # noqa: ANN401 - option values of any type
    """The Gymnasium single-agent environment (:mod:`mahjong_rules.rl.single_agent`).

    Args:
        variant: as :func:`aec_env`.
        preset: as :func:`aec_env`.
        opponents: a bot name for every other seat, one spec per other seat (in seat
            order), bot objects, or factories taking a seed.
        seat: the learner's seat, or ``None`` for a random seat each game.
        reward: as :func:`aec_env`.
        rank_points: as :func:`aec_env`.
        point_unit: as :func:`aec_env`.
        illegal_action: ``penalize`` (nothing changes, ``illegal_penalty`` is earned) or
            ``raise``.
        illegal_penalty: the reward of an illegal id with ``illegal_action="penalize"``.
        skip_forced: as :func:`aec_env`.
        render_mode: ``None`` or ``ansi``.
        **options: option overrides of the ruleset.

    Raises:
        ImportError: the ``rl`` extra is not installed.
        ValueError: bad arguments; OptionsError for bad options.
        MahjongRulesError: ``bad_input`` for an unknown bot name.
    """
    from mahjong_rules.rl.single_agent import MahjongGymEnv  # noqa: PLC0415 - needs the rl extra

    return MahjongGymEnv(make_rules(variant, preset, **options), opponents=opponents,
                         seat=seat, reward=reward, rank_points=rank_points,
                         point_unit=point_unit, illegal_action=illegal_action,
                         illegal_penalty=illegal_penalty, skip_forced=skip_forced,
                         render_mode=render_mode)


if importlib.util.find_spec("gymnasium") is not None:  # register the Gymnasium ids
    from mahjong_rules.rl.single_agent import register_envs

    register_envs()
