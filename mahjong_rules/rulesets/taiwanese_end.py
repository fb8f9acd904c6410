"""Who pays in Taiwanese: tai scoring, wins, flower wins, draws; the game's end and result.

Taiwanese's settlement hooks of the table game (rules/taiwanese.md 1.2, 1.6, 1.7, 2.1):
a win is scored in tai by :func:`~mahjong_rules.scoring.taiwanese.check_taiwanese` and
paid by the seats the scorer names (every winner of a discard wins, 1.4); a flower win
replaces everything else (2.1); a draw pays nothing and the dealer keeps the deal; the
game ends when the deal has passed 16 times (4 for the East round only). Bound as
methods of :class:`~mahjong_rules.rulesets.taiwanese.TaiwaneseRuleset`.

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.errors import Rejection
from mahjong_rules.game.hand_tiles import remove
from mahjong_rules.options import EarthlyHand, TaiwaneseGameLength
from mahjong_rules.scoring.taiwanese import TaiwaneseHand, TaiwaneseScore, check_taiwanese
from mahjong_rules.state import HandEnd, HandResult, State, WinRecord

if TYPE_CHECKING:
    from mahjong_rules.rulesets.taiwanese import TaiwaneseRuleset

__all__ = ["end_win", "exhaustive_draw", "flower_win", "game_end", "record_win", "result", "score",
           "settle_wins"]


def score(rules: TaiwaneseRuleset, state: State, seat: int, tile: int, *, from_seat: int | None,
          source: str) -> TaiwaneseScore | Rejection:
    """Score ``seat`` winning on ``tile`` (in its hand for a tsumo, not for a ron)."""
    n = rules.num_seats
    player = state.seats[seat]
    tsumo = from_seat is None
    concealed = remove(player.hand, [tile]) if tsumo else player.hand
    discards = sum(len(p.river) for p in state.seats)
    dealer = state.dealer
    if rules.options.earthly_hand is EarthlyHand.FIRST_DRAW:
        chiihou = (tsumo and seat != dealer and not player.river and not player.melds
                   and state.first_go_around)
    else:
        chiihou = (not tsumo and source == "discard" and from_seat == dealer
                   and discards == 1)
    hand = TaiwaneseHand(
        concealed=tuple(rules._tile(t) for t in concealed), win=rules._tile(tile),
        melds=rules._melds(player), flowers=tuple(rules._tile(t) for t in player.flowers),
        tsumo=tsumo, seat_wind=(seat - dealer) % n, round_wind=state.round_wind % n,
        discarder_wind=None if from_seat is None else (from_seat - dealer) % n,
        haitei=tsumo and not state.live and not state.rinshan_draw,
        houtei=not tsumo and not state.live and source == "discard",
        chankan=source == "kakan", rinshan=tsumo and state.rinshan_draw,
        tenhou=tsumo and seat == dealer and discards == 0 and not player.melds,
        chiihou=chiihou, declared_ready=player.declared, discards_before_win=discards,
        dealer_repeats=state.honba,
    )
    return check_taiwanese(hand, rules.options)


def record_win(rules: TaiwaneseRuleset, state: State, seat: int, result: TaiwaneseScore, *,
               tile: int,
               hand: tuple[int, ...], from_seat: int | None,
               deltas: list[int]) -> WinRecord:
    """Add the win's payments to ``deltas`` (by seat); the win's record."""
    n = rules.num_seats
    assert result.deltas is not None
    for wind, delta in enumerate(result.deltas):
        deltas[(state.dealer + wind) % n] += delta
    return WinRecord(seat=seat, from_seat=from_seat, han=0, fu=0, yakuman=0,
                     yaku=tuple((item.id, item.tai) for item in result.items),
                     points=result.total, hand=hand, win_tile=tile, tai=result.tai)


def settle_wins(rules: TaiwaneseRuleset, state: State, winners: list[int], tile: int, *,
                from_seat: int | None, source: str = "discard") -> State:
    """The hand ends with these winners on ``tile``, each scored in tai (1.6, 1.7)."""
    deltas = [0] * rules.num_seats
    records = []
    for seat in winners:
        result = rules._score(state, seat, tile, from_seat=from_seat, source=source)
        assert isinstance(result, TaiwaneseScore), result
        hand = state.seats[seat].hand
        records.append(rules._record_win(
            state, seat, result, tile=tile, from_seat=from_seat, deltas=deltas,
            hand=hand if from_seat is None else tuple(sorted((*hand, tile)))))
        state = rules._seat(state, seat, wins=state.seats[seat].wins + 1)
    if from_seat is not None:
        state = rules._seat(state, from_seat, deal_ins=state.seats[from_seat].deal_ins + 1)
    return rules._end_win(state, records, deltas)


def flower_win(rules: TaiwaneseRuleset, state: State, seat: int, *, holder: int | None) -> State:
    """A flower win; nothing else is scored (2.1).

    Eight flowers (``holder`` is ``None``: each other seat pays), or seven robbing the
    eighth from ``holder`` (who pays).
    """
    n = rules.num_seats
    if holder is not None:  # the robbed flower changes hands
        robbed = state.seats[holder].flowers[-1]
        state = rules._seat(state, holder, flowers=state.seats[holder].flowers[:-1])
        state = rules._seat(state, seat, flowers=(*state.seats[seat].flowers, robbed))
    player = state.seats[seat]
    hand = TaiwaneseHand(
        concealed=tuple(rules._tile(t) for t in player.hand),
        win=rules._tile(player.flowers[-1]),
        flowers=tuple(rules._tile(t) for t in player.flowers[:-1]), tsumo=holder is None,
        seat_wind=(seat - state.dealer) % n, round_wind=state.round_wind % n,
        discarder_wind=None if holder is None else (holder - state.dealer) % n,
        dealer_repeats=state.honba,
    )
    result = check_taiwanese(hand, rules.options)
    assert isinstance(result, TaiwaneseScore), result
    deltas = [0] * n
    record = rules._record_win(state, seat, result, tile=player.flowers[-1],
                               hand=player.hand, from_seat=holder, deltas=deltas)
    state = rules._seat(state, seat, wins=player.wins + 1)
    return rules._end_win(state, [record], deltas)


def end_win(rules: TaiwaneseRuleset, state: State, records: list[WinRecord],
            deltas: list[int]) -> State:
    """The hand ends with these wins; the dealer stays when it is among the winners (1.2)."""
    outcome = HandResult(kind=HandEnd.WIN, round_wind=state.round_wind,
                         hand_number=state.hand_number, honba=state.honba,
                         winners=tuple(records), deltas=tuple(deltas))
    stays = any(r.seat == state.dealer for r in records)
    return rules._end_hand(state, outcome, dealer_stays=stays)


def exhaustive_draw(rules: TaiwaneseRuleset, state: State) -> State:
    """No payments on a draw; the dealer keeps the deal (1.2, 1.7)."""
    result = HandResult(kind=HandEnd.EXHAUSTIVE, round_wind=state.round_wind,
                        hand_number=state.hand_number, honba=state.honba,
                        deltas=(0,) * rules.num_seats)
    return rules._end_hand(state, result, dealer_stays=True, draw=True)


def game_end(rules: TaiwaneseRuleset, state: State, *, dealer_stays: bool,
             draw: bool = False) -> str | None:
    """The game ends when the deal has passed 16 times (4 for the East round only)."""
    length = rules.options.length
    if length is TaiwaneseGameLength.SINGLE:
        return "normal"
    passes = rules.num_seats * state.round_wind + state.hand_number + (
        0 if dealer_stays else 1)
    limit = 4 * rules.num_seats if length is TaiwaneseGameLength.FULL else rules.num_seats
    return "normal" if passes >= limit else None


def result(rules: TaiwaneseRuleset, state: State) -> dict[str, Any]:
    """The final result: the seats by points, the best hand by tai."""
    n = rules.num_seats
    points = [p.points for p in state.seats]
    order = sorted(range(n), key=lambda s: (-points[s], s))
    start = rules.options.start_points
    ranking = [{"seat": s, "player": state.players[s], "rank": rank + 1,
                "points": points[s], "score": points[s] - start}
               for rank, s in enumerate(order)]
    best: tuple[tuple[int, int], dict[str, Any]] | None = None
    for hand in state.history:
        for win in hand.winners:
            key = (win.tai, win.points)
            if best is None or key > best[0]:
                best = (key, {"player": state.players[win.seat], "seat": win.seat,
                              "tai": win.tai, "items": [i for i, _ in win.yaku],
                              "points": win.points})
    return {
        "ranking": ranking,
        "summary": {
            "hands": len(state.history),
            "best_hand": None if best is None else best[1],
            "per_player": [{"seat": s, "player": state.players[s], "wins": p.wins,
                            "deal_ins": p.deal_ins, "calls": p.calls}
                           for s, p in enumerate(state.seats)],
            "end_reason": state.end_reason,
        },
    }
