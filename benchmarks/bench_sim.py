"""Random-play simulation throughput of the ``mahjong_rules`` reducer against ``riichienv``.

Run from the repository root::

    python benchmarks/bench_sim.py            # full run (a few minutes)
    python benchmarks/bench_sim.py --quick    # fewer games (under a minute)

Every game is a whole hanchan with the default options of its side, played by players
that pick a uniformly random legal action. The rate is finished hands (kyoku) per second.

What is measured, for four players (ours ``riichi`` against riichienv ``4p-red-half``)
and for three players (ours ``sanma`` against riichienv ``3p-red-half``):

* ours, ``mahjong_rules.bots.play_games(mr.make(name), games=N, seed=S, bot="random")``:
  the self-play loop of ``simulate``, with a ``RandomBot`` per seat, an ``Observation``
  per decision and the validating ``apply``; its hands are the returned ``"hands"``;
* ours, a tight loop: ``seat = min(rules.to_act(state))``, ``rules.legal_actions(state,
  seat, preferences=False)`` (no ``SetPreferences``/``Disconnect``), ``random.choice``,
  then ``rules.apply`` (validated)
  or ``rules.apply_unchecked``. Both loops use the same seeds, so they play the same
  games and their difference is the cost of validation; the hands are
  ``len(state.history)`` at the end of each game;
* ours, per action: the (state, action) pairs of the tight loop's games (recorded in its
  untimed warm-up pass) replayed one call each, in mean microseconds per action, for
  ``apply``, ``apply_unchecked``, ``validate`` and ``legal_actions``;
* riichienv: ``RiichiEnv(game_mode=..., seed=...)``, ``reset()``, then while not
  ``done()``: every player in the observation dict picks ``random.choice`` of
  ``obs.legal_actions()`` and the choices go to ``step({player_id: action})`` (the loop of
  its README and of ``riichienv.agents.RandomAgent``). It is timed with its MJAI log on
  (the default; hands are the ``end_kyoku`` events of ``env.mjai_log``) and with
  ``skip_mjai_logging=True`` (no log; hands are the distinct ``(round_wind, oya, honba)``
  seen after ``reset`` and after every ``step``: each new hand changes the dealer or adds
  a honba). With the log on both counts are taken and must agree.

Seeds: game ``g`` of ours is set up with ``seed * 100_000 + g``; riichienv's environment
gets the same number, and its random players ``random.Random(seed * 1000 + g)``.
riichienv's four-player games are not exactly reproducible from the seeds (its repeats
differ by a few actions), so each repeat is rated on its own hands.

Every contender plays one untimed game first (warm-up). The contenders of a player count
are then timed in turn, one run each per round for ``--repeats`` rounds, so that a slow
spell of the machine hits them all; each keeps its best rate. Runs are timed with
``time.perf_counter``, the garbage collector off as ``timeit`` does (collected before
each run). The per-action costs are the best of ``--repeats`` passes.

Our timed runs replay the same seeded games (the validated and unchecked loops, every
repeat, and the recording pass), so before each run and each pass our bounded memos
(``functools.lru_cache`` functions with a ``maxsize`` in ``mahjong_rules``, and each
ruleset's own ``rules.cache``: hand facts and recent scores) are emptied: each run starts
cold and warms up within its own games, as a fresh simulation would. (Before 2026-12-02
``rules.cache`` was left full, so every run after the first found the hands of its games
there: about 15% faster than a cold run.)

Memory per live game state: ``state_memory`` in the JSON, for a state in the middle of a
hand (after 40 actions of the tight loop's first game): ``deep_bytes``, every object the
state reaches counted once (``sys.getsizeof``; the options object, classes, and the
interned values shared by every state, such as small ints and the enum members, left
out), and ``bytes_per_new_state``, what each further state of that hand adds while all
are kept (``tracemalloc``; unchanged seats and tuples are shared between states).

One core: ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` default to
1 before numpy is imported, and on Linux the process is pinned to one CPU
(``os.sched_setaffinity``; ``--no-pin`` skips that).

A peer that is not installed, or fails, is reported as ``null`` and the run goes on: only
``mahjong_rules`` is required.

The output is human-readable lines, then, as the last line, one JSON object with every
rate (hands per second), the per-action costs and the ratios ours / riichienv.
"""

from __future__ import annotations

import collections
import functools
import gc
import importlib
import platform
import random
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

# _common sets the thread-pool variables at import: it must come before numpy (which
# mahjong_rules imports).
import _common

import mahjong_rules as mr
from mahjong_rules.actions import Action
from mahjong_rules.bots import play_games
from mahjong_rules.state import Phase, State

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from mahjong_rules.engine import Ruleset

MAX_ACTIONS = 200_000
"""Actions (ours) or steps (riichienv) after which a game counts as unfinished."""


@dataclass(frozen=True)
class Sizes:
    """How many hanchan games each measurement plays."""

    ours_games: int
    peer_games: int


FULL = Sizes(ours_games=40, peer_games=400)
QUICK = Sizes(ours_games=6, peer_games=60)


@dataclass(frozen=True)
class Matchup:
    """Our ruleset and the riichienv game mode it is compared with."""

    label: str
    ours: str
    peer_mode: str


MATCHUPS = (Matchup("4p", "riichi", "4p-red-half"), Matchup("3p", "sanma", "3p-red-half"))


@dataclass
class Run:
    """What one timed run played."""

    games: int = 0
    hands: int = 0
    actions: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0


memo_caches = _common.memo_caches
RULESETS: list[Any] = []
"""Our rulesets of this run: their own bounded memos (``rules.cache``) are emptied too."""


def clear_memos() -> None:
    """Empty our bounded memos: the ``lru_cache`` functions and each ruleset's ``cache``.

    A ruleset's :class:`~mahjong_rules.fast.hand_cache.HandCache` (hand facts, recent
    scores) is a bounded memo like the others: a run that replayed the games of an
    earlier run would find every hand of them there.
    """
    _common.clear_memos()
    for rules in RULESETS:
        cache = getattr(rules, "cache", None)
        if cache is not None:
            cache.clear()


def timed(play: Callable[[], Run]) -> Run:
    """One run of ``play``, memos cleared and garbage collector off, its wall time set."""
    enabled = gc.isenabled()
    clear_memos()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run = play()
        run.seconds = time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()
    return run


def round_robin(contenders: dict[str, Callable[[], Run]],
                repeats: int) -> tuple[dict[str, Run], dict[str, str]]:
    """Each contender's best-rate run of ``repeats``, run in turn (one of each per round).

    Interleaving spreads any slow spell of the machine over all contenders. A contender
    that raises is recorded with its error and dropped from later rounds.
    """
    best: dict[str, Run] = {}
    errors: dict[str, str] = {}
    for _ in range(repeats):
        for name, play in contenders.items():
            if name in errors:
                continue
            try:
                run = timed(play)
            except (KeyboardInterrupt, SystemExit):
                raise
            except BaseException as exc:  # pyo3 panics derive from BaseException
                errors[name] = _common.error_text(exc)
                best.pop(name, None)
                continue
            if name not in best or run.rate > best[name].rate:
                best[name] = run
    return best, errors


def best_time(run: Callable[[], object], repeats: int) -> float:
    """Best wall time of ``repeats`` runs, memos cleared before each, garbage collector off."""
    return _common.best_time(run, repeats, before_each=clear_memos, collect=True)


# --------------------------------------------------------------------------- ours


def ours_play_games(rules: Ruleset, games: int, seed: int) -> Run:
    """``bots.play_games`` with random bots: the library's own self-play loop."""
    summary = play_games(rules, games=games, seed=seed, bot="random")
    return Run(games=games, hands=int(summary["hands"]), unfinished=int(summary["unfinished"]),
               extra={"play_games_seconds": summary["seconds"], "wins": summary["wins"]})


def ours_loop(rules: Ruleset, games: int, seed: int, *, validated: bool,
              record: list[tuple[State, Action]] | None = None) -> Run:
    """The tight random-play loop; ``record`` collects every (state, action) played."""
    apply = rules.apply if validated else rules.apply_unchecked
    legal_actions = rules.legal_actions
    to_act = rules.to_act
    game_over = Phase.GAME_OVER
    run = Run(games=games)
    for game in range(games):
        rng = random.Random(seed * 1000 + game)
        choice = rng.choice
        state = rules.setup(seed=seed * 100_000 + game)
        actions = 0
        while state.phase is not game_over:
            if actions >= MAX_ACTIONS:
                run.unfinished += 1
                break
            seat = min(to_act(state))
            legal = legal_actions(state, seat, preferences=False)
            action = choice(legal)
            if record is not None:
                record.append((state, action))
            state = apply(state, action)
            actions += 1
        run.hands += len(state.history)
        run.actions += actions
    return run


def per_action_costs(rules: Ruleset, pairs: Sequence[tuple[State, Action]],
                     repeats: int) -> dict[str, float]:
    """Mean microseconds of one call, over the recorded (state, action) pairs."""
    states = [state for state, _action in pairs]
    actions = [action for _state, action in pairs]
    seats = [action.seat for action in actions]

    def drain(results: Iterable[object]) -> None:
        collections.deque(results, maxlen=0)

    calls: dict[str, Callable[[], None]] = {
        "apply": lambda: drain(map(rules.apply, states, actions)),
        "apply_unchecked": lambda: drain(map(rules.apply_unchecked, states, actions)),
        "validate": lambda: drain(map(rules.validate, states, actions)),
        "legal_actions": lambda: drain(map(rules.legal_actions, states, seats)),
    }
    rejected = sum(1 for s, a in zip(states, actions, strict=True)
                   if rules.validate(s, a) is not None)
    if rejected:
        raise AssertionError(f"{rejected} recorded actions were rejected by validate")
    return {name: best_time(call, repeats) / len(pairs) * 1e6 for name, call in calls.items()}


def deep_size(root: object, skip: set[int]) -> int:
    """Bytes of every object ``root`` reaches, each counted once (``skip``: ids left out)."""
    seen = set(skip)
    total = 0
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type | ModuleType) or callable(item):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def state_memory(rules: Ruleset, pairs: Sequence[tuple[State, Action]]) -> dict[str, Any]:
    """The memory of a mid-hand state and of each further state of its hand (see above)."""
    first = pairs[0][0]
    hand = [state for state, _action in pairs[:400] if state.hands_played == first.hands_played]
    middle = hand[min(40, len(hand) - 1)]
    shared: set[int] = {id(middle.options), *map(id, (None, True, False))}
    shared.update(id(member) for member in Phase)
    shared.update(id(number) for number in range(-5, 257))  # CPython's small ints
    deep = deep_size(middle, shared)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    state = first
    kept: list[State] = [state]
    for action in [a for s, a in pairs[:400] if s.hands_played == first.hands_played]:
        state = rules.apply_unchecked(state, action)
        if state.hands_played != first.hands_played:
            break
        kept.append(state)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"deep_bytes": deep, "bytes_per_new_state": (after - before) / max(1, len(kept) - 1),
            "states_kept": len(kept)}


# --------------------------------------------------------------------------- riichienv


def load_riichienv() -> tuple[ModuleType | None, str | None]:
    """The ``riichienv`` module, or ``None`` and the reason."""
    return _common.try_load(functools.partial(importlib.import_module, "riichienv"))


def peer_games(riichienv: ModuleType, mode: str, games: int, seed: int, *, log: bool) -> Run:
    """Whole games of random players in ``riichienv.RiichiEnv``; see the module doc."""
    run = Run(games=games, extra={"count_mismatches": 0, "steps": 0, "end_game_events": 0,
                                  "hora_events": 0})
    env_class = riichienv.RiichiEnv
    for game in range(games):
        choice = random.Random(seed * 1000 + game).choice
        env = env_class(game_mode=mode, seed=seed * 100_000 + game, skip_mjai_logging=not log)
        observations = env.reset()
        keys = {(env.round_wind, env.oya, env.honba)}
        steps = actions = 0
        while not env.done():
            if steps >= MAX_ACTIONS:
                run.unfinished += 1
                break
            chosen = {}
            for player, observation in observations.items():
                legal = observation.legal_actions()
                if legal:
                    chosen[player] = choice(legal)
            actions += len(chosen)
            observations = env.step(chosen)
            keys.add((env.round_wind, env.oya, env.honba))
            steps += 1
        run.actions += actions
        run.extra["steps"] += steps
        if log:
            events = collections.Counter(event["type"] for event in env.mjai_log)
            hands = events["end_kyoku"]
            run.extra["end_game_events"] += events["end_game"]
            run.extra["hora_events"] += events["hora"]
            if hands != len(keys) or events["start_kyoku"] != hands:
                run.extra["count_mismatches"] += 1
        else:
            hands = len(keys)
        run.hands += hands
    return run


def peer_setup(riichienv: ModuleType, mode: str, seed: int) -> dict[str, Any]:
    """What riichienv makes of ``mode``: its game type and player count."""
    env = riichienv.RiichiEnv(game_mode=mode, seed=seed)
    env.reset()
    players = env.num_players() if callable(env.num_players) else env.num_players
    return {"game_type": riichienv.GameType(env.game_mode).name, "players": int(players)}


# --------------------------------------------------------------------------- report


def _line(name: str, run: Run, unit: str = "actions") -> str:
    per_game = run.hands / run.games if run.games else 0.0
    per_hand = run.actions / run.hands if run.hands else 0.0
    text = (f"{name:<44}: {run.rate:>10,.1f} hands/s  ({run.games} games, {run.hands} hands,"
            f" {per_game:.1f} hands/game")
    if run.actions:
        text += f", {per_hand:.0f} {unit}/hand"
    return text + f", {run.unfinished} unfinished, {run.seconds:.2f} s)"


def _run_json(run: Run) -> dict[str, Any]:
    return {"rate": run.rate, "games": run.games, "hands": run.hands, "actions": run.actions,
            "unfinished": run.unfinished, "seconds": round(run.seconds, 3), **run.extra}


OURS = ("ours_play_games", "ours_loop_validated", "ours_loop_unchecked")
PEER = ("riichienv", "riichienv_nolog")
LABELS = {
    "ours_play_games": 'ours play_games(bot="random")',
    "ours_loop_validated": "ours loop legal_actions + apply",
    "ours_loop_unchecked": "ours loop legal_actions + apply_unchecked",
    "riichienv": "riichienv {mode} (mjai log on)",
    "riichienv_nolog": "riichienv {mode} (skip_mjai_logging)",
}


def add_peer(contenders: dict[str, Callable[[], Run]], riichienv: ModuleType | None,
             matchup: Matchup, sizes: Sizes, seed: int) -> tuple[dict[str, Any], str | None]:
    """Warm riichienv up and add its two contenders; its setup, or the error."""
    if riichienv is None:
        return {}, "not installed"
    try:
        setup = peer_setup(riichienv, matchup.peer_mode, seed)
        for key, log in (("riichienv", True), ("riichienv_nolog", False)):
            peer_games(riichienv, matchup.peer_mode, 1, seed + 1, log=log)  # warm-up
            contenders[key] = functools.partial(peer_games, riichienv, matchup.peer_mode,
                                                sizes.peer_games, seed, log=log)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # pyo3 panics derive from BaseException
        return {}, _common.error_text(exc)
    return setup, None


def print_runs(runs: dict[str, Run], errors: dict[str, str], mode: str) -> None:
    """One line per contender, with its notes."""
    for key in (*OURS, *PEER):
        label = LABELS[key].format(mode=mode)
        run = runs.get(key)
        if run is None:
            print(f"{label:<44}: n/a ({errors.get(key, errors.get('riichienv', '?'))})")
            continue
        print(_line(label, run))
        if key == "ours_play_games":
            print(f"    wins {run.extra['wins']} of {run.hands} hands")
        if key == "riichienv":
            print(f"    hands counted by end_kyoku events; (round_wind, oya, honba) count"
                  f" disagrees in {run.extra['count_mismatches']} games;"
                  f" end_game events {run.extra['end_game_events']}/{run.games};"
                  f" hora events {run.extra['hora_events']}")


def add_ratios(result: dict[str, Any]) -> None:
    """Every ratio ours / riichienv into ``result``, and the lines that show them."""
    for ours_key in OURS:
        for peer_key in PEER:
            result[f"ratio_{ours_key[5:]}_vs_{peer_key}"] = _common.ratio(result[ours_key],
                                                                    result[peer_key])
    for peer_key, label in (("riichienv", "log on "), ("riichienv_nolog", "log off")):
        if result[peer_key] is None:
            continue
        print(f"ratio ours / riichienv ({label}): "
              + ", ".join(f"{key[5:]} {result[f'ratio_{key[5:]}_vs_{peer_key}']:.3f}x"
                          for key in OURS))


def bench_matchup(riichienv: ModuleType | None, matchup: Matchup, sizes: Sizes, seed: int,
                  repeats: int) -> dict[str, Any]:
    """Ours and riichienv for one player count; prints lines, returns the JSON section."""
    print(f"\n== {matchup.label}: ours {matchup.ours!r} vs riichienv {matchup.peer_mode!r},"
          " random play, whole hanchan ==")
    rules = mr.make(matchup.ours)
    RULESETS.append(rules)
    games = sizes.ours_games
    contenders: dict[str, Callable[[], Run]] = {
        "ours_play_games": functools.partial(ours_play_games, rules, games, seed),
        "ours_loop_validated": functools.partial(ours_loop, rules, games, seed,
                                                 validated=True),
        "ours_loop_unchecked": functools.partial(ours_loop, rules, games, seed,
                                                 validated=False),
    }
    # warm-up: one game of each contender, and the untimed pass that records our actions
    ours_play_games(rules, 1, seed + 1)
    ours_loop(rules, 1, seed + 1, validated=True)
    pairs: list[tuple[State, Action]] = []
    recorded = ours_loop(rules, games, seed, validated=False, record=pairs)
    setup, peer_error = add_peer(contenders, riichienv, matchup, sizes, seed)
    errors = {} if peer_error is None else {"riichienv": peer_error}

    runs, failed = round_robin(contenders, repeats)
    errors.update(failed)
    print_runs(runs, errors, matchup.peer_mode)
    if any(key in errors for key in OURS):
        raise RuntimeError(f"ours failed: {errors}")
    checked, unchecked = runs["ours_loop_validated"], runs["ours_loop_unchecked"]
    if (checked.hands, checked.actions) != (unchecked.hands, unchecked.actions) or (
            (recorded.hands, recorded.actions) != (checked.hands, len(pairs))):
        raise AssertionError("the validated and unchecked loops played different games")
    share = 1.0 - unchecked.seconds / checked.seconds if checked.seconds else 0.0
    print(f"ours validation: {share:.1%} of the validated loop's time;"
          f" unchecked loop {_common.ratio(unchecked.rate, checked.rate) or 0.0:.2f}x as fast")

    costs = per_action_costs(rules, pairs, repeats)
    memory = state_memory(rules, pairs)
    print(f"ours memory per live state (mid-hand): {memory['deep_bytes']:,} bytes deep,"
          f" {memory['bytes_per_new_state']:,.0f} bytes per further state of the hand")
    print(f"ours per action ({len(pairs):,} actions of {games} games, best of {repeats}): "
          + ", ".join(f"{name} {us:.1f} us" for name, us in costs.items()))
    result: dict[str, Any] = {
        "ours_ruleset": matchup.ours,
        "riichienv_mode": matchup.peer_mode,
        "riichienv_setup": setup,
        **{key: (runs[key].rate if key in runs else None) for key in (*OURS, *PEER)},
        "ours_validation_share": share,
        "ours_us_per_action": costs,
        "state_memory": memory,
        "runs": {key: _run_json(run) for key, run in runs.items()},
        "errors": errors,
    }
    add_ratios(result)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(__doc__, quick_help="fewer games, under a minute",
                                 seed_help="base seed of the games", repeats_default=None,
                                 repeats_help="timed runs; the best counts"
                                              " (default 2 quick, 3 full)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    repeats = args.repeats if args.repeats is not None else (2 if args.quick else 3)

    cpu = _common.pin_to_one_cpu(not args.no_pin)
    threads = _common.thread_env()
    riichienv, missing = load_riichienv()
    versions = {"python": platform.python_version(), "numpy": _common.version("numpy"),
                "mahjong_rules": _common.version("mahjong_rules"), "riichienv": None
                if riichienv is None else _common.version("riichienv")}
    _common.print_machine(versions, cpu, threads)
    memos = [f"{cache.__module__}.{cache.__qualname__}" for cache in memo_caches()]
    print("memos emptied before each timed run: " + (", ".join(memos) or "none"))
    if missing is not None:
        print(f"peer riichienv: not available ({missing})")
    print(f"{sizes.ours_games} games each for ours, {sizes.peer_games} for riichienv"
          f" (seed {args.seed}); best of {repeats} runs per measurement")

    start = time.perf_counter()
    summary: dict[str, Any] = {"quick": bool(args.quick)}
    for matchup in MATCHUPS:
        summary[matchup.label] = bench_matchup(riichienv, matchup, sizes, args.seed, repeats)
    four = summary["4p"]
    summary.update({
        "ratio_4p_play_games_vs_riichienv": four["ratio_play_games_vs_riichienv"],
        "target_4p_ratio": 0.5,
        "seed": args.seed,
        "repeats": repeats,
        "ours_games": sizes.ours_games,
        "peer_games": sizes.peer_games,
        "pinned_cpu": cpu,
        "thread_env": threads,
        "versions": versions,
        "peer_api": "riichienv.RiichiEnv(game_mode, seed, skip_mjai_logging).reset()/step("
                    "{player_id: random.choice(obs.legal_actions())})/done()",
        "peer_missing": missing,
        "memos_cleared_per_run": memos,
    })
    return _common.finish(summary, start)


if __name__ == "__main__":
    raise SystemExit(main())
