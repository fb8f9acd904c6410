"""Every winning hand of the shared real logs, as the scoring benchmark's inputs.

``bench_score.py`` imports this module (as ``_log_wins``, from this folder) for its set of
real hands. Each ``<AGARI>`` of every log under ``../shared/data/logs`` (any of the three
formats, read by :func:`mahjong_rules.notation.logs.read_log`) becomes one :class:`LogWin`:
the concealed tiles without the winning tile, the winning tile, the melds (kita set aside
as a count, not a meld), and the circumstances the log states:

* tsumo when the winner is the discarder (``who == fromWho``);
* seat wind from the winner and the dealer, round wind from the ``<INIT>`` round;
* riichi, double riichi, ippatsu, chankan, rinshan, haitei, houtei, tenhou and chiihou
  from the yaku and yakuman the log lists (Tenhou ids 1, 21, 2, 3, 4, 5, 6, 37, 38); a
  yakuman lists no ordinary yaku, so a yakuman with ura indicators is a riichi hand (the
  log shows ura indicators only for riichi);
* the dora and ura indicators of the log (``doraHai``, ``doraHaiUra``);
* honba and riichi deposits from ``ba`` (Tenhou repeats them on a double ron's second
  ``<AGARI>``, whose winner gets neither: 0 there);
* kita: the winner's kita melds; liability (pao) when the log names a ``paoWho``;
* the rules the replayer plays the game with (:func:`mahjong_rules.replay.rules_for`).

The log's own verdict comes with each win: han (dora included; 0 for a yakuman), fu
(``None`` where the log does not say: a limit hand in tenhou.net/6 JSON), the hand's
value without honba and deposits, and whether it is a yakuman.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouAgari, TenhouGame
from mahjong_rules.options import RiichiOptions
from mahjong_rules.replay import rules_for, score_chain_problem

LOGS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "logs"
"""The shared logs, beside the project root (``../shared/data/logs``)."""

# Tenhou yaku ids of the circumstances (log-formats.md 4.3)
_FLAG_YAKU = {1: "riichi", 21: "double_riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan",
              5: "haitei", 6: "houtei", 37: "tenhou", 38: "chiihou"}
_DORA_YAKU = (52, 53, 54)


@dataclass(frozen=True)
class LogWin:
    """One winner's hand of a log, its circumstances and the log's verdict (tile ids)."""

    source: str
    """``file#game:hand/winner``."""
    concealed: tuple[int, ...]
    win: int
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    flags: frozenset[str]
    """Which of tsumo, riichi, double_riichi, ippatsu, chankan, rinshan, haitei, houtei,
    tenhou, chiihou hold."""
    seat_wind: int
    round_wind: int
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    honba: int
    sticks: int
    kita: int
    pao: bool
    options: RiichiOptions
    log_han: int
    log_fu: int | None
    log_value: int
    log_yakuman: bool


def _win(agari: TenhouAgari, game: TenhouGame, *, hand_index: int, first: bool,
         source: str, options: RiichiOptions) -> LogWin:
    hand = game.hands[hand_index]
    concealed = list(agari.hai)
    concealed.remove(agari.machi)
    melds = tuple((m.kind, tuple(m.tiles)) for m in agari.melds if m.kind != "kita")
    kita = sum(1 for m in agari.melds if m.kind == "kita")
    flags = {_FLAG_YAKU[y] for y in (*(y for y, _han in agari.yaku), *agari.yakuman)
             if y in _FLAG_YAKU}
    if agari.yakuman and agari.ura_hai:
        flags.add("riichi")
    if agari.is_tsumo:
        flags.add("tsumo")
    riichi = bool(flags & {"riichi", "double_riichi"})
    honba, sticks = agari.ba if first else (0, 0)
    return LogWin(
        source=source, concealed=tuple(concealed), win=agari.machi, melds=melds,
        flags=frozenset(flags), seat_wind=(agari.who - hand.init.oya) % game.seats,
        round_wind=hand.init.round // 4, dora=tuple(agari.dora_hai),
        ura=tuple(agari.ura_hai) if riichi else (), honba=honba, sticks=sticks, kita=kita,
        pao=agari.pao_who is not None, options=options,
        log_han=0 if agari.yakuman else sum(han for _y, han in agari.yaku),
        log_fu=None if agari.yakuman else agari.fu, log_value=agari.points,
        log_yakuman=bool(agari.yakuman))


def log_wins(root: Path = LOGS) -> tuple[list[LogWin], dict[str, str]]:
    """Every win of every log under ``root``; and the files left out, with why.

    A file that is not a log (the folder's README), a game whose lobby the replayer
    does not support, and a hand whose logged result breaks the log's own score chain
    (:func:`mahjong_rules.replay.score_chain_problem`: a test log's made-up result, which
    the replayer does not count either) are left out and named.
    """
    wins: list[LogWin] = []
    left_out: dict[str, str] = {}
    # one options object per distinct rules, as a program scoring many hands holds them
    # (the scorer keeps its worked-out points per options object)
    shared: dict[RiichiOptions, RiichiOptions] = {}
    for path in log_paths([root]):
        name = str(path.relative_to(root))
        try:
            games = read_log(path).games
        except MahjongRulesError as exc:
            left_out[name] = exc.message
            continue
        for game_index, game in enumerate(games):
            try:
                options = rules_for(game)[0].options
            except MahjongRulesError as exc:
                left_out[f"{name}#{game_index}"] = exc.message
                continue
            assert isinstance(options, RiichiOptions)  # logs are riichi or sanma games
            options = shared.setdefault(options, options)
            for hand_index, hand in enumerate(game.hands):
                agaris = [r for r in hand.results if isinstance(r, TenhouAgari)]
                problem = score_chain_problem(hand, game.seats) if agaris else None
                if problem is not None:  # a test log's made-up result, not a real win
                    left_out[f"{name}#{game_index}:{hand_index}"] = problem
                    continue
                for k, agari in enumerate(agaris):
                    wins.append(_win(agari, game, hand_index=hand_index, first=k == 0,
                                     source=f"{name}#{game_index}:{hand_index}/{k}",
                                     options=options))
    return wins, left_out
