"""Simple players that see only their own seat's view, and a self-play loop.

A bot gets an :class:`Observation`: its seat, its legal actions, and its view (built only
when the bot asks for it). It never sees the state.

Examples:
    >>> import mahjong_rules as mr
    >>> summary = play_games(mr.make("riichi", {"length": "single_hand"}), games=1, seed=3,
    ...                      bot="greedy")
    >>> summary["games"], summary["hands"] >= 1
    (1, True)

.. versionadded:: 0.1
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from mahjong_rules import kernel
from mahjong_rules.actions import Action, DeclareReady, Discard, Kita, Pass, Ron, Tsumo
from mahjong_rules.engine import Ruleset
from mahjong_rules.state import Phase, State

__all__ = ["BOTS", "GreedyBot", "Observation", "RandomBot", "play_games"]


class Observation:
    """What one seat knows when it must act."""

    def __init__(self, rules: Ruleset, state: State, seat: int) -> None:
        """Built by the game loop; the bot never receives ``state`` itself."""
        self.seat = seat
        self.legal: tuple[Action, ...] = rules.legal_actions(state, seat, preferences=False)
        self._view: Callable[[], dict[str, Any]] = functools.partial(rules.view, state, seat)

    @functools.cached_property
    def view(self) -> dict[str, Any]:
        """The seat's view (as :meth:`Ruleset.view`), computed on first use."""
        return self._view()


class Bot(Protocol):
    """Anything that picks an action from an observation."""

    def act(self, observation: Observation) -> Action:
        """Pick one of ``observation.legal``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        """A bot with its own random stream."""
        self.rng = random.Random(seed)  # noqa: S311 - reproducible play, not security

    def act(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(observation.legal)


class GreedyBot:
    """Wins whenever it can, declines optional calls, discards to lower its shanten.

    Discards are ranked by the shanten after the discard, then by ukeire (the copies
    of improving tiles not visible to it), from the kernel (``n_sets=5`` and seven pairs
    and a triplet for Taiwanese). In Taiwanese it makes the ready-hand declaration
    whenever it may (a non-dealer in the opening window; the dealer when its best first
    discard leaves the hand ready).
    """

    def __init__(self, seed: int = 0) -> None:
        """A greedy bot (``seed`` breaks ties)."""
        self.rng = random.Random(seed)  # noqa: S311 - reproducible play, not security

    def act(self, observation: Observation) -> Action:
        """The greedy choice."""
        legal = observation.legal
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        declare = [a for a in legal if isinstance(a, DeclareReady)]
        if declare and declare[0].tile is None:
            return declare[0]
        if any(isinstance(a, Pass) for a in legal):
            return next(a for a in legal if isinstance(a, Pass))
        kita = [a for a in legal if isinstance(a, Kita)]
        if kita:
            return kita[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        best = self._best_discard(observation.view, discards)
        return next((a for a in declare if a.tile == best.tile), best)

    def _best_discard(self, view: dict[str, Any], discards: list[Discard]) -> Discard:
        hand = view["hand"]
        counts = [0] * 34
        for tile in hand:
            counts[tile >> 2] += 1
        visible = [0] * 34
        for tile in _visible_tiles(view):
            visible[tile >> 2] += 1
        taiwanese = view["ruleset"] == "taiwanese"
        kinds = kernel.SANMA_KINDS if view["ruleset"] == "sanma" else None
        table = kernel.discard_ukeire(counts, visible, kinds=kinds, n_sets=5 if taiwanese else 4,
                                      quad_as_two_pairs=taiwanese)
        best_key: tuple[int, int, int] | None = None
        best: list[Discard] = []
        for action in discards:
            kind = action.tile >> 2
            key = (int(table.after[kind]), -int(table.total[kind]), 0 if action.riichi else 1)
            if best_key is None or key < best_key:
                best_key, best = key, [action]
            elif key == best_key:
                best.append(action)
        return self.rng.choice(best)


def _visible_tiles(view: dict[str, Any]) -> list[int]:
    tiles = list(view["dora_indicators"])
    for seat in view["seats"]:
        tiles.extend(e["tile"] for e in seat["river"] if not e["called"])
        for meld in seat["melds"]:
            tiles.extend(meld["tiles"])
        tiles.extend(seat["kita"])
    return tiles


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""Bots by name (``simulate --bot NAME``)."""


def _maker(bot: str) -> Callable[[int], Bot]:
    """The bot factory of a name, or of ``mjai:COMMAND`` (an external mjai program)."""
    if not bot.startswith("mjai:"):
        return BOTS[bot]
    from mahjong_rules.mjai.process import from_spec  # noqa: PLC0415 - only when asked for

    def make(seed: int) -> Bot:
        program: Bot = from_spec(bot.partition(":")[2], seed=seed)  # {seed} in its command
        return program
    return make


def _bind(bots: list[Bot], rules: Ruleset) -> None:
    for player in bots:
        bind = getattr(player, "bind", None)  # an mjai program follows the host's rules
        if bind is not None:
            bind(rules)


def _close(bots: list[Bot]) -> int:
    """Stop the bots that run programs; their faults, counted."""
    faults = 0
    for player in bots:
        faults += len(getattr(player, "faults", ()))
        close = getattr(player, "close", None)
        if close is not None:
            close()
    return faults


def play_games(rules: Ruleset, *, games: int, seed: int, bot: str = "random",
               progress: Callable[[int, int], None] | None = None,
               max_actions: int = 200_000) -> dict[str, Any]:
    """Play whole games with one bot per seat; a summary as plain data.

    ``bot`` is a name of :data:`BOTS` or ``mjai:[OPTIONS] COMMAND``, an external mjai
    program in every seat (:func:`mahjong_rules.mjai.process.from_spec`; its faults are
    counted in ``faults``).

    Raises:
        KeyError: an unknown bot name.
    """
    make_bot = _maker(bot)
    started = time.perf_counter()
    hands = wins = draws = 0
    rank_points: list[list[int]] = [[] for _ in range(rules.num_seats)]
    errors = faults = 0
    for game in range(games):
        bots = [make_bot(seed * 1000 + game * 10 + s) for s in range(rules.num_seats)]
        _bind(bots, rules)
        state = rules.setup(seed=seed * 100_000 + game)
        for _ in range(max_actions):
            if state.phase is Phase.GAME_OVER:
                break
            seat = min(rules.to_act(state))
            observation = Observation(rules, state, seat)
            action = bots[seat].act(observation)
            if any(a is action for a in observation.legal) or action in observation.legal:
                # legal <=> validate (checked by the tests)
                state = rules.apply_unchecked(state, action)
            else:
                state = rules.apply(state, action)  # validates: raises with a reason
        else:
            errors += 1
        faults += _close(bots)
        hands += len(state.history)
        wins += sum(1 for h in state.history if h.kind == "win")
        draws += sum(1 for h in state.history if h.kind != "win")
        result = rules.result(state)
        if result is not None:
            for entry in result["ranking"]:
                rank_points[entry["rank"] - 1].append(entry["points"])
        if progress is not None:
            progress(game + 1, games)
    seconds = time.perf_counter() - started
    return {
        "variant": rules.name, "games": games, "hands": hands, "wins": wins, "draws": draws,
        "unfinished": errors, "faults": faults, "seconds": round(seconds, 3),
        "hands_per_second": round(hands / seconds, 2) if seconds else None,
        "average_points_by_rank": [round(sum(p) / len(p)) if p else None
                                   for p in rank_points],
    }

