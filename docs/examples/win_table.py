"""Every win in a folder of logs: its yaku and points, as a table.

Run from the project root::

    python docs/examples/win_table.py ../shared/data/logs            # a table per win
    python docs/examples/win_table.py ../shared/data/logs --by-yaku  # wins per yaku

Each log (mjlog XML, tenhou.net/6 JSON or mjai JSONL, gzip too) is read with
:func:`mahjong_rules.notation.logs.read_log`; every ``<AGARI>`` (one per winner) gives a
row: file, hand, winner, discarder, han, fu, points, and the yaku by name
(:func:`mahjong_rules.yaku_ids.tenhou_yaku`; the readers give Tenhou's yaku ids for
every format, Mahjong Soul games included). The rows are plain dicts: hand them to
``pandas.DataFrame(rows)`` or ``polars.DataFrame(rows)`` for more.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mahjong_rules.errors import LogFormatError, NotALogError
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouAgari
from mahjong_rules.yaku_ids import tenhou_yaku

WINDS = "ESWN"


def win_rows(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """One row per win in the logs under ``paths`` (files that are not logs are skipped)."""
    rows = []
    for path in log_paths(paths):
        try:
            log = read_log(path)
        except (NotALogError, LogFormatError):
            continue
        for game in log.games:
            for hand in game.hands:
                label = f"{WINDS[hand.init.round // 4]}{hand.init.round % 4 + 1}-{hand.init.honba}"
                for result in hand.results:
                    if not isinstance(result, TenhouAgari):
                        continue
                    yaku = [tenhou_yaku(ident) for ident, han in result.yaku if han]
                    yaku += [tenhou_yaku(ident) for ident in result.yakuman]
                    rows.append({
                        "file": str(path), "hand": label, "winner": result.who,
                        "from": None if result.is_tsumo else result.from_who,
                        "han": sum(han for _, han in result.yaku), "fu": result.fu,
                        "points": result.points, "yakuman": len(result.yakuman),
                        "yaku": [row.key for row in yaku if not row.dora],
                        "dora": sum(han for ident, han in result.yaku
                                    if tenhou_yaku(ident).dora),
                    })
    return rows


def by_yaku(rows: Sequence[dict[str, Any]]) -> list[tuple[str, int, float]]:
    """(yaku, wins with it, mean points of those wins), most frequent first."""
    counts: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for row in rows:
        for key in row["yaku"]:
            counts[key] += 1
            points[key] += row["points"]
    return [(key, count, round(points[key] / count, 1)) for key, count in counts.most_common()]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="log files or folders")
    parser.add_argument("--by-yaku", action="store_true", help="wins and mean points per yaku")
    args = parser.parse_args(argv)
    rows = win_rows(args.paths)
    if args.by_yaku:
        print(f"{'yaku':<18} {'wins':>6} {'mean points':>12}")
        for key, count, mean in by_yaku(rows):
            print(f"{key:<18} {count:>6} {mean:>12}")
    else:
        print("file\thand\twinner\tfrom\than\tfu\tpoints\tyaku")
        for row in rows:
            print(f"{row['file']}\t{row['hand']}\t{row['winner']}\t{row['from']}\t"
                  f"{row['han']}\t{row['fu']}\t{row['points']}\t{','.join(row['yaku'])}")
    print(f"{len(rows)} wins")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
