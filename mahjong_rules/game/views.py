"""What a seat may see: the view of a table, as plain JSON data (seeds/000 8.3).

Public: every seat's points, river, melds, riichi and hand size, the table, the shown
indicators, the open window's tile (never who may claim it), the last result and the
hands it reveals. The seat's own: its hand, drawn tile, furiten, claim options and
legal actions. A spectator (``None``) sees the public part. The schema is
``docs/reference/game.md``; variants add their fields on top (Taiwanese: flowers and
declarations).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.record import unstructure
from mahjong_rules.state import Phase, State

if TYPE_CHECKING:
    from mahjong_rules.rulesets.table import TableRuleset

__all__ = ["view"]


def view(rules: TableRuleset[Any], state: State, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator), plain JSON data."""
    last = state.last_result
    public_seats = []
    for s, player in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": s, "name": state.players[s], "points": player.points,
            "hand_size": len(player.hand), "river": unstructure(player.river),
            "melds": unstructure(player.melds), "kita": list(player.kita),
            "riichi": player.riichi, "double_riichi": player.double_riichi,
            "auto_pilot": player.auto_pilot,
        }
        public_seats.append(entry)
    revealed_hands: dict[str, list[int]] = {}
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and last is not None:
        for win in last.winners:
            revealed_hands[str(win.seat)] = list(win.hand)
        for s in last.tenpai:
            revealed_hands[str(s)] = list(state.seats[s].hand)
    claim = state.claim
    view: dict[str, Any] = {
        "ruleset": state.ruleset, "viewer": seat, "phase": state.phase.value,
        "round_wind": state.round_wind, "hand_number": state.hand_number,
        "dealer": state.dealer, "honba": state.honba, "deposits": state.deposits,
        "turn": state.turn, "tiles_left": len(state.live),
        "dora_indicators": list(state.dora_indicators[:state.revealed]),
        "seats": public_seats,
        "claim": None if claim is None else {
            "source": claim.source, "tile": claim.tile, "from_seat": claim.from_seat},
        "last_result": None if last is None else unstructure(last),
        "revealed_hands": revealed_hands, "deadline": rules._deadline(state),
        "end_reason": state.end_reason,
    }
    if seat is not None:
        player = state.seats[seat]
        view["hand"] = list(player.hand)
        view["drawn"] = player.drawn
        view["furiten"] = bool(player.hand) and len(player.hand) % 3 == 1 and rules._furiten(
            state, seat)
        view["claim_options"] = list(claim.options[seat]) if claim is not None else []
        view["legal_actions"] = [a.to_dict() for a in rules.legal_actions(state, seat)]
        view["preferences"] = {"auto_win": player.auto_win, "no_calls": player.no_calls}
    return view
