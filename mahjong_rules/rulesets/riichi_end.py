"""Who pays in riichi: liability, wins, draws, the chombo; the game's end and its result.

Riichi's settlement hooks of the table game (seeds/000 5.8-5.10, 6.4-6.7): a call that
completes a big set notes the liable seat (pao, 6.5); each win is
scored and paid (honba and deposits to the first winner by ron order, liability to the
liable seat: 6.5); an exhaustive draw pays noten penalties or nagashi mangan (5.8); the
referee's chombo pays a reverse mangan; the game ends by the length, the extension, the
dealer's own stop or a seat below zero (5.10); the result ranks the seats with uma and
oka (6.7, :mod:`mahjong_rules.settlement`). Bound as methods of
:class:`~mahjong_rules.rulesets.riichi.RiichiRuleset`.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.kernel.single import ORPHANS
from mahjong_rules.melds import MeldKind
from mahjong_rules.options import Extension, GameLength, NagashiMangan, RenchanOn, TiedRanks
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import seat_deltas
from mahjong_rules.settlement import final_scores
from mahjong_rules.state import (
    AbortReason,
    HandEnd,
    HandResult,
    MeldRecord,
    State,
    WinRecord,
    replace,
)

if TYPE_CHECKING:
    from mahjong_rules.rulesets.riichi import RiichiRuleset

DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
_KANS = frozenset({MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN})

__all__ = [
    "DRAGONS",
    "WINDS",
    "chombo",
    "dealer_stop",
    "exhaustive_draw",
    "game_end",
    "liable_seat",
    "nagashi",
    "note_kan_liability",
    "note_liability",
    "result",
    "settle_wins",
]


def liable_seat(rules: RiichiRuleset[Any], state: State, seat: int,
                result: ScoreResult) -> int | None:
    """The seat liable for ``seat``'s win scored ``result``, or ``None`` (seeds/000 6.5)."""
    if state.liability[seat] >= 0 and any(y.id in ("daisangen", "daisuushii")
                                          for y in result.yaku):
        return state.liability[seat]
    if state.liability_yaku[seat] == "suukantsu" and "liable" in result.payments:
        return state.liability[seat]
    if "liable" in result.payments and state.liability_yaku[seat] == "rinshan":
        return state.liability[seat] if state.liability[seat] >= 0 else None
    return None


def settle_wins(rules: RiichiRuleset[Any], state: State, winners: list[int], tile: int, *,
                from_seat: int | None, source: str = "discard") -> State:
    """The hand ends with these winners on ``tile`` (``from_seat`` ``None``: tsumo).

    Each win is scored and paid in ron order (the first takes the honba and the
    deposits; seeds/000 5.3 item 5, 6.4), the liable seat pays under pao (6.5); the
    dealer stays when it won and ``renchan_on`` allows (5.9).
    """
    n = rules.num_seats
    deltas = [0] * n
    records: list[WinRecord] = []
    for index, seat in enumerate(winners):
        first = index == 0
        probe = state if from_seat is None else rules._seat(
            state, seat, hand=tuple(sorted((*state.seats[seat].hand, tile))))
        result = rules._score_win(probe, seat, tile, tsumo=from_seat is None, source=source,
                                  honba=state.honba if first else 0,
                                  sticks=state.deposits if first else 0)
        assert isinstance(result, ScoreResult), result
        liable = rules._liable_seat(state, seat, result)
        gained = seat_deltas(result.payments, winner=seat, dealer=state.dealer,
                             discarder=from_seat, liable=liable, players=n,
                             deposits=1000 * state.deposits if first else 0)
        deltas = [a + b for a, b in zip(deltas, gained, strict=True)]
        player = probe.seats[seat]
        records.append(WinRecord(
            seat=seat, from_seat=from_seat, han=result.han, fu=result.fu,
            yakuman=result.yakuman,
            yaku=tuple((y.id, y.yakuman or y.han) for y in result.yaku),
            points=gained[seat], hand=player.hand, win_tile=tile,
            ura_indicators=state.ura_indicators[:state.revealed] if player.riichi else (),
        ))
    for seat in winners:
        state = rules._seat(state, seat, wins=state.seats[seat].wins + 1)
    if from_seat is not None:
        state = rules._seat(state, from_seat, deal_ins=state.seats[from_seat].deal_ins + 1)
    outcome = HandResult(kind=HandEnd.WIN, round_wind=state.round_wind,
                         hand_number=state.hand_number, honba=state.honba,
                         winners=tuple(records), deltas=tuple(deltas))
    state = replace(state, deposits=0)
    stays = state.dealer in winners and rules.options.renchan_on is not RenchanOn.NONE
    return rules._end_hand(state, outcome, dealer_stays=stays)


def exhaustive_draw(rules: RiichiRuleset[Any], state: State) -> State:
    """The live wall is empty: noten payments or nagashi mangan (seeds/000 5.8).

    The dealer stays by ``renchan_on`` (tenpai, always, or never); the honba grows.
    """
    n = rules.num_seats
    tenpai = tuple(s for s in range(n) if rules._live_waits(state.seats[s]))
    nagashi = tuple(s for s in range(n) if rules._nagashi(state, s))
    deltas = [0] * n
    mode = rules.options.nagashi_mangan
    if nagashi and mode is not NagashiMangan.OFF:
        for s in nagashi:
            dealer = s == state.dealer
            for payer in range(n):
                if payer == s:
                    continue
                amount = 4000 if dealer or payer == state.dealer else 2000
                deltas[payer] -= amount
                deltas[s] += amount
        if mode is NagashiMangan.AS_WIN:
            nearest = min(nagashi, key=lambda s: (s - state.dealer) % n)
            deltas[nearest] += 1000 * state.deposits
            for payer in range(n):
                if payer != nearest:
                    share = rules.options.honba_points * state.honba // (n - 1)
                    deltas[payer] -= share
                    deltas[nearest] += share
            state = replace(state, deposits=0)
    elif 0 < len(tenpai) < n:
        pool = rules.options.noten_pool
        for s in range(n):
            deltas[s] += pool // len(tenpai) if s in tenpai else -pool // (n - len(tenpai))
    result = HandResult(kind=HandEnd.EXHAUSTIVE, round_wind=state.round_wind,
                        hand_number=state.hand_number, honba=state.honba, tenpai=tenpai,
                        nagashi=nagashi if mode is not NagashiMangan.OFF else (),
                        deltas=tuple(deltas))
    renchan = rules.options.renchan_on
    stays = renchan is RenchanOn.NOTEN or (
        renchan is RenchanOn.TENPAI and state.dealer in tenpai)
    return rules._end_hand(state, result, dealer_stays=stays, draw=True)


def nagashi(rules: RiichiRuleset[Any], state: State, seat: int) -> bool:
    """``seat`` has nagashi mangan: terminals and honours only discarded, none called."""
    player = state.seats[seat]
    if not player.river or any((e.tile >> 2) not in ORPHANS or e.called for e in player.river):
        return False
    return not (rules.options.nagashi_mangan is NagashiMangan.AS_WIN and player.melds)


def chombo(rules: RiichiRuleset[Any], state: State, seat: int) -> State:
    """The seat pays a reverse tsumo of ``chombo_payment``; the hand ends as an abort."""
    n = rules.num_seats
    deltas = [0] * n
    share = rules.options.chombo_payment // 4  # a quarter; the dealer's part is half
    for other in range(n):
        if other != seat:
            amount = 2 * share if state.dealer in (seat, other) else share
            deltas[other] += amount
            deltas[seat] -= amount
    result = HandResult(kind=HandEnd.ABORTIVE, round_wind=state.round_wind,
                        hand_number=state.hand_number, honba=state.honba,
                        abort_reason=AbortReason.CHOMBO, chombo_seat=seat, deltas=tuple(deltas))
    return rules._end_hand(replace(state, claim=None), result, dealer_stays=True,
                           draw=True)


def game_end(rules: RiichiRuleset[Any], state: State, *, dealer_stays: bool,
             draw: bool = False) -> str | None:
    """The reason the game ends after this hand, or ``None`` (seeds/000 5.10).

    A seat below zero (``tobi``), the last hand passed, the extension wind's rules,
    the last dealer's own stop (agari-yame, tenpai-yame).
    """
    points = [p.points for p in state.seats]
    options = rules.options
    if options.tobi and min(points) < 0:
        return "tobi"
    if options.length is GameLength.SINGLE_HAND:
        return "normal"
    last_wind = 0 if options.length is GameLength.TONPUU else 1
    current = state.round_wind
    last_hand = state.hand_number == rules.num_seats - 1
    reached = max(points) >= options.return_points
    extension = options.extension
    if current > last_wind:  # the extension wind (at most one)
        if extension is Extension.NONE:  # a game started there (HandStart)
            return "normal"
        if extension is Extension.SUDDEN_DEATH:
            if reached or (last_hand and not dealer_stays):
                return "west_entry_end"
            return None
        if dealer_stays:  # a repeat goes on but for the dealer's own stop
            if (extension is Extension.RENCHAN_PRIORITY or last_hand) and reached and (
                    rules._dealer_stop(state, draw=draw)):
                return "agari_yame"
            return None
        if last_hand or (extension is Extension.RENCHAN_PRIORITY and reached):
            return "west_entry_end"
        return None
    if current == last_wind and last_hand:
        if dealer_stays:
            # agari-yame ends the game only where it could end: not while nobody has
            # reached the return points and an extension follows (Tenhou logs)
            if (reached or extension is Extension.NONE) and rules._dealer_stop(
                    state, draw=draw):
                return "agari_yame"
            return None
        if extension is not Extension.NONE and not reached:
            return None
        return "normal"
    return None


def dealer_stop(rules: RiichiRuleset[Any], state: State, *, draw: bool) -> bool:
    """The last dealer's own stop applies (seeds/000 5.10 item 2).

    Agari-yame after its win, tenpai-yame after its tenpai at an exhaustive draw, as
    the sole first. Never after an abortive draw: it is neither a win nor tenpai
    (seeds/000 2, agariYame "화료·텐파이로 1위"), and the game goes on.
    """
    options = rules.options
    result = state.last_result
    if not options.agari_yame or result is None:
        return False
    if draw:
        if result.kind != "exhaustive" or not options.tenpai_yame or (
                state.dealer not in result.tenpai):
            return False
    elif result.kind != "win":
        return False
    points = [p.points for p in state.seats]
    top = max(points)
    return points[state.dealer] == top and points.count(top) == 1


def result(rules: RiichiRuleset[Any], state: State) -> dict[str, Any]:
    """The final result: ranks, final points and scores with uma and oka (seeds/000 6.7)."""
    points = [p.points for p in state.seats]
    chombos = [0] * len(points)
    for hand in state.history:
        if hand.chombo_seat is not None:
            chombos[hand.chombo_seat] += 1
    order, final, scores = final_scores(points, state.deposits, rules.options,
                                        chombos=chombos)
    leftover = 1000 * state.deposits
    shared = rules.options.tied_ranks is TiedRanks.SHARE  # tied seats share a rank
    ranking = [{"seat": s, "player": state.players[s],
                "rank": 1 + sum(p > points[s] for p in points) if shared else rank + 1,
                "points": final[s], "score": scores[rank]}
               for rank, s in enumerate(order)]
    best = None
    for hand in state.history:
        for win in hand.winners:
            key = (win.points, win.han)
            if best is None or key > best[0]:
                best = (key, {"player": state.players[win.seat], "seat": win.seat,
                              "han": win.han, "fu": win.fu, "yakuman": win.yakuman,
                              "yaku": [y for y, _ in win.yaku], "points": win.points})
    return {
        "ranking": ranking,
        "summary": {
            "hands": len(state.history),
            "best_hand": None if best is None else best[1],
            "per_player": [{"seat": s, "player": state.players[s], "wins": p.wins,
                            "deal_ins": p.deal_ins, "riichi": p.riichi_count,
                            "calls": p.calls} for s, p in enumerate(state.seats)],
            "end_reason": state.end_reason,
            "leftover_deposits": leftover,
        },
    }


def note_kan_liability(rules: RiichiRuleset[Any], state: State, seat: int, discarder: int) -> State:
    """Pao for a rinshan win on an open kan's replacement tile (seeds/001 option)."""
    if rules.options.pao_open_kan_rinshan and state.liability[seat] < 0:
        liability = list(state.liability)
        yaku = list(state.liability_yaku)
        liability[seat], yaku[seat] = discarder, "rinshan"
        state = replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
    return state


def note_liability(rules: RiichiRuleset[Any], state: State, seat: int, meld: MeldRecord,
                   discarder: int) -> State:
    """Pao: the meld that completes the third dragon or fourth wind set.

    With ``pao_suukantsu``, also the open kan that is the seat's fourth kan.
    """
    if (rules.options.pao_suukantsu and meld.kind is MeldKind.DAIMINKAN
            and state.liability_yaku[seat] in ("", "rinshan")
            and sum(1 for m in state.seats[seat].melds if m.kind in _KANS) == 4):
        liability = list(state.liability)
        yaku = list(state.liability_yaku)
        liability[seat], yaku[seat] = discarder, "suukantsu"
        return replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
    if not rules.options.pao or meld.kind not in (MeldKind.PON, MeldKind.DAIMINKAN):
        return state
    kind = (meld.tiles[0] >> 2)
    melded = [(m.tiles[0] >> 2) for m in state.seats[seat].melds
              if m.kind is not MeldKind.CHI]
    group = DRAGONS if kind in DRAGONS else WINDS if kind in WINDS else ()
    if not group:
        return state
    needed = 3 if group is DRAGONS else 4
    if sum(1 for k in set(melded) if k in group) == needed:
        liability = list(state.liability)
        yaku = list(state.liability_yaku)
        liability[seat] = discarder
        yaku[seat] = "daisangen" if group is DRAGONS else "daisuushii"
        return replace(state, liability=tuple(liability), liability_yaku=tuple(yaku))
    return state
