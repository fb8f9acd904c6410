"""Shanten throughput of the ``mahjong_rules`` kernel against three peers, on the same hands.

Run from the repository root::

    python benchmarks/bench_kernel.py            # full run (a few minutes at most)
    python benchmarks/bench_kernel.py --quick    # smaller samples (well under a minute)

What is measured, for 13-tile and for 14-tile hands:

* ours, batched: ``kernel.shanten(counts)`` on a ``(N, 34)`` uint8 array, in batches of
  1,000 hands (a loop over consecutive slices) and in one batch of 1,000,000 hands
  (100,000 with ``--quick``);
* ours, single hand: ``kernel.shanten(row)`` called in a Python loop over ``(34,)`` rows;
* each peer, one hand per call in a Python loop: ``mahjong``
  (``Shanten.calculate_shanten``), ``xiangting`` (``calculate_replacement_number``, whose
  replacement number is the shanten plus one) and ``riichienv`` (``calculate_shanten`` on
  a list of 136-format tile ids).

Hands are the first 13 (or 14) tiles of walls of 136 tiles shuffled by a seeded numpy
``Generator``; the 14-tile hand of a wall is its 13-tile hand plus the next tile. Each
contender's input (count arrays, lists of counts, lists of tile ids) is built before any
timing starts. Every contender is warmed up (the first call loads tables) and then timed
with ``time.perf_counter`` as the best of ``--repeats`` runs, with the garbage collector
off as ``timeit`` does. Python loops use ``map`` so that the loop costs the same for all.

One core: ``OPENBLAS_NUM_THREADS``, ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` default to
1 before numpy is imported, and on Linux the process is pinned to one CPU
(``os.sched_setaffinity``; ``--no-pin`` skips that).

Each peer's answers are compared with ours on the hands it was timed on (agreement rate,
and the first differing hand, if any). A peer that is not installed, or fails, is
reported as ``null`` and the run goes on: only ``mahjong_rules`` is required.

The output is human-readable lines, then, as the last line, one JSON object with every
rate (hands per second) and the ratios ours / peer.
"""

from __future__ import annotations

import itertools
import platform
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# _common sets the thread-pool variables at import: it must come before numpy.
import _common
import numpy as np

from mahjong_rules import kernel
from mahjong_rules.notation import format_counts

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from numpy.typing import NDArray

N_KINDS = 34
WALL_TILES = 136
HAND_SIZES = (13, 14)
BATCH_SMALL = 1_000
DEAL_CHUNK = 100_000


@dataclass(frozen=True)
class Sizes:
    """How many hands each measurement uses."""

    batch_large: int
    batch_small_cover: int
    single: int
    fast_peer: int
    slow_peer: int


FULL = Sizes(batch_large=1_000_000, batch_small_cover=200_000, single=100_000,
             fast_peer=200_000, slow_peer=20_000)
QUICK = Sizes(batch_large=100_000, batch_small_cover=100_000, single=10_000,
              fast_peer=20_000, slow_peer=2_000)


@dataclass(frozen=True)
class Peer:
    """A peer's per-hand shanten call and how its input is built from our hands."""

    name: str
    api: str
    version: str
    call: Callable[..., Any]
    extra_args: tuple[Any, ...]
    prepare: Callable[[NDArray[np.uint8], NDArray[np.uint8]], list[Any]]
    offset: int
    slow: bool


def _counts_as_lists(counts: NDArray[np.uint8], _ids: NDArray[np.uint8]) -> list[Any]:
    lists: list[Any] = counts.tolist()
    return lists


def _ids_as_lists(_counts: NDArray[np.uint8], ids: NDArray[np.uint8]) -> list[Any]:
    lists: list[Any] = np.sort(ids, axis=1).astype(np.int64).tolist()
    return lists


def _load_mahjong() -> Peer:
    from mahjong.shanten import Shanten

    return Peer(
        name="mahjong",
        api="mahjong.shanten.Shanten.calculate_shanten(list of 34 counts)",
        version=_common.version("mahjong"),
        call=Shanten.calculate_shanten,
        extra_args=(),
        prepare=_counts_as_lists,
        offset=0,
        slow=True,
    )


def _load_xiangting() -> Peer:
    import xiangting

    return Peer(
        name="xiangting",
        api="xiangting.calculate_replacement_number(list of 34 counts, PlayerCount.FOUR) - 1",
        version=_common.version("xiangting"),
        call=xiangting.calculate_replacement_number,
        extra_args=(xiangting.PlayerCount.FOUR,),
        prepare=_counts_as_lists,
        offset=-1,
        slow=False,
    )


def _load_riichienv() -> Peer:
    import riichienv

    return Peer(
        name="riichienv",
        api="riichienv.calculate_shanten(list of 136-format tile ids)",
        version=_common.version("riichienv"),
        call=riichienv.calculate_shanten,
        extra_args=(),
        prepare=_ids_as_lists,
        offset=0,
        slow=False,
    )


PEER_LOADERS: tuple[tuple[str, Callable[[], Peer]], ...] = (
    ("riichienv", _load_riichienv),
    ("xiangting", _load_xiangting),
    ("mahjong", _load_mahjong),
)


# --------------------------------------------------------------------------- hands


def deal(rng: np.random.Generator, n_hands: int, n_tiles: int) -> NDArray[np.uint8]:
    """The first ``n_tiles`` tile ids (0..135) of ``n_hands`` shuffled walls."""
    out = np.empty((n_hands, n_tiles), dtype=np.uint8)
    wall = np.arange(WALL_TILES, dtype=np.uint8)
    for start in range(0, n_hands, DEAL_CHUNK):
        stop = min(start + DEAL_CHUNK, n_hands)
        walls = rng.permuted(np.tile(wall, (stop - start, 1)), axis=1)
        out[start:stop] = walls[:, :n_tiles]
    return out


def counts_of(ids: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Tile ids ``(N, k)`` -> counts ``(N, 34)`` uint8."""
    n_hands = ids.shape[0]
    flat = (np.arange(n_hands, dtype=np.int64)[:, None] * N_KINDS + ids // 4).ravel()
    counts = np.bincount(flat, minlength=n_hands * N_KINDS)
    return counts.reshape(n_hands, N_KINDS).astype(np.uint8)


# --------------------------------------------------------------------------- timing


def time_batch(counts: NDArray[np.uint8], batch: int, repeats: int) -> float:
    """Hands/s of ``kernel.shanten`` over ``counts`` in consecutive slices of ``batch``."""
    slices = [counts[start:start + batch] for start in range(0, len(counts), batch)]
    shanten = kernel.shanten

    def run() -> None:
        for part in slices:
            shanten(part)

    kernel.shanten(slices[0])  # warm-up: loads the tables
    return len(counts) / _common.best_time(run, repeats)


def time_loop(call: Callable[..., Any], inputs: Sequence[Any], extra_args: tuple[Any, ...],
              repeats: int) -> tuple[float, list[Any]]:
    """Hands/s of ``call(hand, *extra_args)`` in a Python loop, and its answers."""
    repeated = [itertools.repeat(arg) for arg in extra_args]
    call(inputs[0], *extra_args)  # warm-up
    answers: list[Any] = list(map(call, inputs, *repeated))

    def run() -> None:
        list(map(call, inputs, *[itertools.repeat(arg) for arg in extra_args]))

    return len(inputs) / _common.best_time(run, repeats), answers


@dataclass
class Agreement:
    """How a contender's answers compare with our batched answers."""

    hands: int
    differ: int
    example: dict[str, Any] | None

    @property
    def rate(self) -> float:
        return 1.0 - self.differ / self.hands if self.hands else 1.0


def compare(ours: NDArray[np.int8], theirs: NDArray[np.int64],
            counts: NDArray[np.uint8]) -> Agreement:
    differ = np.nonzero(ours.astype(np.int64) != theirs)[0]
    example = None
    if len(differ):
        first = int(differ[0])
        example = {"hand": format_counts(counts[first]), "ours": int(ours[first]),
                   "peer": int(theirs[first])}
    return Agreement(hands=len(ours), differ=len(differ), example=example)


# --------------------------------------------------------------------------- report


def _fmt_rate(rate: float | None) -> str:
    return _common.fmt_rate(rate, 14)


def bench_ours(counts: NDArray[np.uint8], ours_all: NDArray[np.int8], sizes: Sizes,
               repeats: int) -> dict[str, Any]:
    """Our batched and single-hand rates."""
    large = sizes.batch_large
    small_rate = time_batch(counts[:sizes.batch_small_cover], BATCH_SMALL, repeats)
    large_rate = time_batch(counts[:large], large, repeats)
    print(f"ours batched, batch {BATCH_SMALL:>9,} : {_fmt_rate(small_rate)}"
          f"  ({sizes.batch_small_cover:,} hands)")
    print(f"ours batched, batch {large:>9,} : {_fmt_rate(large_rate)}")
    rows = list(counts[:sizes.single])
    single_rate, single_answers = time_loop(kernel.shanten, rows, (), repeats)
    check = compare(ours_all[:sizes.single],
                    np.array([int(a) for a in single_answers], dtype=np.int64), counts)
    print(f"ours single (34,) calls     : {_fmt_rate(single_rate)}  ({sizes.single:,} hands;"
          f" matches batched on {check.rate:.2%})")
    return {
        f"ours_batch_{BATCH_SMALL}": small_rate,
        f"ours_batch_{large}": large_rate,
        "ours_single": single_rate,
        "ours_single_hands": sizes.single,
        "ours_single_matches_batch": check.rate,
    }


def bench_peer(peer: Peer, counts: NDArray[np.uint8], hand_ids: NDArray[np.uint8], *,
               ours_all: NDArray[np.int8], sizes: Sizes, repeats: int) -> dict[str, Any]:
    """One peer's rate and agreement with ours; a failure is recorded, not raised."""
    sample = sizes.slow_peer if peer.slow else sizes.fast_peer
    inputs = peer.prepare(counts[:sample], hand_ids[:sample])
    try:
        rate, answers = time_loop(peer.call, inputs, peer.extra_args, repeats)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # pyo3 panics derive from BaseException
        error = _common.error_text(exc)
        print(f"{peer.name:<28}: failed ({error})")
        return {peer.name: None, f"agreement_{peer.name}": None, "error": error}
    theirs = np.array([int(a) for a in answers], dtype=np.int64) + peer.offset
    agreement = compare(ours_all[:sample], theirs, counts)
    print(f"{peer.name + ' per hand':<28}: {_fmt_rate(rate)}  ({sample:,} hands;"
          f" agrees with ours on {agreement.rate:.4%}, {agreement.differ} differ)")
    if agreement.example is not None:
        print(f"    e.g. {agreement.example}")
    return {
        peer.name: rate,
        f"{peer.name}_hands": sample,
        f"agreement_{peer.name}": agreement.rate,
        "details": {"hands": agreement.hands, "differ": agreement.differ,
                    "example": agreement.example},
    }


def bench_size(n_tiles: int, ids: NDArray[np.uint8], peers: list[Peer], *, sizes: Sizes,
               repeats: int) -> dict[str, Any]:
    """Every measurement for one hand size; prints lines and returns the JSON section."""
    hand_ids = np.ascontiguousarray(ids[:, :n_tiles])
    counts = counts_of(hand_ids)
    print(f"\n== {n_tiles}-tile hands ==")
    ours_all = kernel.shanten(counts)  # warm-up, and the answers peers are compared with
    result = bench_ours(counts, ours_all, sizes, repeats)
    agreements: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, _loader in PEER_LOADERS:
        result[name] = None
        result[f"agreement_{name}"] = None
    for peer in peers:
        measured = bench_peer(peer, counts, hand_ids, ours_all=ours_all, sizes=sizes,
                              repeats=repeats)
        if "error" in measured:
            errors[peer.name] = measured.pop("error")
        if "details" in measured:
            agreements[peer.name] = measured.pop("details")
        result.update(measured)

    large_rate = result[f"ours_batch_{sizes.batch_large}"]
    for name, _loader in PEER_LOADERS:
        peer_rate = result[name]
        result[f"ratio_batch_vs_{name}"] = _common.ratio(large_rate, peer_rate)
        result[f"ratio_batch_{BATCH_SMALL}_vs_{name}"] = _common.ratio(
            result[f"ours_batch_{BATCH_SMALL}"], peer_rate)
        result[f"ratio_single_vs_{name}"] = _common.ratio(result["ours_single"], peer_rate)
        if peer_rate is None:
            continue
        print(f"ratio ours / {name:<10}: batch {sizes.batch_large:,}"
              f" {result[f'ratio_batch_vs_{name}']:8.2f}x,"
              f" batch {BATCH_SMALL:,} {result[f'ratio_batch_{BATCH_SMALL}_vs_{name}']:8.2f}x,"
              f" single {result[f'ratio_single_vs_{name}']:8.3f}x")
    result["agreement_details"] = agreements
    result["peer_errors"] = errors
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the last printed line is the JSON summary."""
    parser = _common.make_parser(
        __doc__, quick_help="smaller samples (100,000-hand batch), under a minute",
        seed_help="wall shuffling seed")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL

    cpu = _common.pin_to_one_cpu(not args.no_pin)
    threads = _common.thread_env()
    _common.print_machine({"python": platform.python_version(), "numpy": np.__version__,
                           "mahjong_rules": _common.version("mahjong_rules")}, cpu, threads)
    peers, missing = _common.load_peers(PEER_LOADERS)
    for peer in peers:
        print(f"peer {peer.name} {peer.version}: {peer.api}")
    for name, reason in missing.items():
        print(f"peer {name}: not available ({reason})")

    start = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    n_hands = max(sizes.batch_large, sizes.batch_small_cover, sizes.single, sizes.fast_peer,
                  sizes.slow_peer)
    ids = deal(rng, n_hands, max(HAND_SIZES))
    print(f"dealt {n_hands:,} walls (seed {args.seed}) in {time.perf_counter() - start:.1f} s;"
          f" best of {args.repeats} runs per measurement")

    summary: dict[str, Any] = {"quick": bool(args.quick)}
    for n_tiles in HAND_SIZES:
        summary[f"tiles_{n_tiles}"] = bench_size(n_tiles, ids, peers, sizes=sizes,
                                                 repeats=args.repeats)
    summary.update({
        "seed": args.seed,
        "repeats": args.repeats,
        "batch_large": sizes.batch_large,
        "pinned_cpu": cpu,
        "thread_env": threads,
        "versions": {"python": platform.python_version(), "numpy": np.__version__,
                     **{peer.name: peer.version for peer in peers}},
        "peer_apis": {peer.name: peer.api for peer in peers},
        "peers_missing": missing,
    })
    return _common.finish(summary, start)


if __name__ == "__main__":
    raise SystemExit(main())
