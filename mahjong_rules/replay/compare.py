"""The log's results against the reducer's: a hand's end, its score chain, the game's end."""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules.engine import Ruleset
from mahjong_rules.notation.tenhou import (
    TenhouAgari,
    TenhouGame,
    TenhouHand,
    TenhouReach,
    TenhouRyuukyoku,
)
from mahjong_rules.options import RiichiOptions
from mahjong_rules.replay.reports import Mismatch
from mahjong_rules.state import HandResult, Phase, State

TENHOU_YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind",
    12: "seat_wind", 13: "seat_wind", 14: "round_wind", 15: "round_wind", 16: "round_wind",
    17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou",
    37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "junsei_chuuren",
    47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
}
"""Tenhou's yaku ids (``log-formats.md`` 4.3) to this library's yaku ids; 52-54 (dora,
ura, red) are counted as han, not compared as yaku."""

_DORA_IDS = (52, 53, 54)
_ABORTS = {"yao9": "nine_terminals", "reach4": "four_riichi", "kaze4": "four_winds",
           "kan4": "four_kans", "ron3": "triple_ron"}


def kind_of(result: TenhouAgari | TenhouRyuukyoku) -> str:
    """The kind of a log's hand result: ``win``, ``exhaustive`` or the abort's name."""
    if isinstance(result, TenhouAgari):
        return "win"
    if result.type is None or result.type == "nm":
        return "exhaustive"
    return f"abortive/{_ABORTS.get(result.type, result.type)}"


def _our_kind(result: HandResult) -> str:
    if result.kind == "abortive":
        return f"abortive/{result.abort_reason}"
    return result.kind


def score_chain_problem(hand: TenhouHand, seats: int) -> str | None:
    """Why the log's own result of ``hand`` breaks its score chain, or ``None``.

    A result moves points between seats and hands out the riichi sticks
    (``log-formats.md`` 4.7): a winner's score goes up, the changes of a win add up to
    the sticks it takes (the ones on the table and those declared in the hand), a
    draw's to zero.
    """
    for result in hand.results:
        if isinstance(result, TenhouAgari) and result.deltas[result.who] <= 0:
            return f"seat {result.who} wins, but its score does not go up"
    declared = sum(1 for e in hand.events if isinstance(e, TenhouReach) and e.step == 2)
    total = sum(sum(r.deltas[:seats]) for r in hand.results)
    first = hand.results[0]
    if isinstance(first, TenhouAgari):
        sticks = hand.init.riichi_sticks + declared
        if total != 10 * sticks:
            return (f"the changes add up to {100 * total}, but the winner takes "
                    f"{1000 * sticks} in riichi sticks")
    elif total:
        return f"the changes of a draw add up to {100 * total}, not 0"
    return None


def compare_hand(rules: Ruleset, state: State, hand: TenhouHand) -> list[Mismatch]:
    """Differences between the log's result of ``hand`` and the reducer's ``state``.

    ``state`` is the state right after the hand ended (phase ``hand_over`` or
    ``game_over``).
    """
    result = state.last_result
    assert result is not None
    n = rules.num_seats
    out: list[Mismatch] = []

    def differ(name: str, expected: Any, got: Any) -> None:  # noqa: ANN401
        if expected != got:
            out.append(Mismatch(field=name, expected=expected, got=got))

    logged = hand.results
    differ("result", kind_of(logged[0]), _our_kind(result))
    deltas = [0] * n
    for entry in logged:
        for seat in range(n):
            deltas[seat] += 100 * entry.deltas[seat]
    differ("deltas", deltas, list(result.deltas))
    agari = [r for r in logged if isinstance(r, TenhouAgari)]
    if agari:
        differ("winners", [[a.who, a.from_who] for a in agari],
               [[w.seat, w.seat if w.from_seat is None else w.from_seat]
                for w in result.winners])
        for k, (log_win, win) in enumerate(zip(agari, result.winners, strict=False)):
            out.extend(_compare_win(rules, state, log_win, win, first=k == 0))
    elif isinstance(logged[0], TenhouRyuukyoku) and kind_of(logged[0]) == "exhaustive" and (
            getattr(logged[0], "hai_known", True)):
        shown = [s for s in range(n) if logged[0].hai[s] is not None]
        differ("tenpai", shown, list(result.tenpai))
    return out


def _compare_win(rules: Ruleset, state: State, log_win: TenhouAgari,
                 win: Any, *, first: bool) -> list[Mismatch]:  # noqa: ANN401
    out: list[Mismatch] = []
    prefix = f"seat {log_win.who} "

    def differ(name: str, expected: Any, got: Any) -> None:  # noqa: ANN401
        if expected != got:
            out.append(Mismatch(field=name, expected=prefix + str(expected),
                                got=prefix + str(got)))

    yaku = sorted((TENHOU_YAKU.get(y, str(y)), h) for y, h in log_win.yaku
                  if y not in _DORA_IDS)
    # what the log states: no yaku list (libriichi's mjai) is unknown, as is a missing fu
    if log_win.yakuman and log_win.yaku_known:
        differ("yakuman", sorted(TENHOU_YAKU.get(y, str(y)) for y in log_win.yakuman),
               sorted(y for y, _ in win.yaku))
    elif log_win.yaku_known:
        differ("yaku", yaku, sorted(win.yaku))
        differ("han", sum(h for _, h in log_win.yaku), win.han)
    if log_win.fu is not None and not log_win.yakuman:  # no fu for a limit hand in JSON
        differ("fu", log_win.fu, win.fu)
    honba, sticks = log_win.ba
    if not first:  # ba repeats the hand's honba for the second winner, who gets none
        honba = 0
    options = rules.options
    assert isinstance(options, RiichiOptions)  # logs are riichi or sanma games
    value = win.points - honba * options.honba_points - 1000 * sticks
    differ("points", log_win.points, value)
    revealed = list(state.dora_indicators[:state.revealed])
    differ("dora", list(log_win.dora_hai), revealed)
    differ("ura", list(log_win.ura_hai), list(win.ura_indicators))
    return out


def check_game_end(rules: Ruleset, state: State, game: TenhouGame) -> list[Mismatch]:
    """After the log's last hand: the game ends (when the log says so), final scores."""
    seats = rules.num_seats
    last = game.hands[-1].results[-1]
    if last.owari is None:
        return []
    if state.phase is not Phase.GAME_OVER:
        if not getattr(game.rules, "unknown", 0) & 0x08:
            return [Mismatch(field="game_end", expected="the game ends",
                             got=f"goes on ({state.phase.value})")]
        # the log does not say how long the game is: the final scores are still
        # compared, as if the game ended here (leftover sticks to the first)
        state = attrs.evolve(state, phase=Phase.GAME_OVER)
    result = rules.result(state)
    assert result is not None
    final = [0] * seats
    for entry in result["ranking"]:
        final[entry["seat"]] = entry["points"]
    scores = [100 * score for score, _ in last.owari[:seats]]
    if final != scores:
        return [Mismatch(field="final_scores", expected=scores, got=final)]
    return []
