"""Events of one apply, per seat: what happened, with private details only for their owner.

:func:`events` compares the state before and after an action and lists, for one viewer
(a seat, or ``None`` for a spectator), the events it may know of (seeds/000 8.2): a
draw shows its tile only to the drawing seat; a claim window tells each seat only its
own options (the other seats learn nothing of who may claim); the dealt hand of a new
hand goes only to its owner.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> before = rules.setup(seed=3)
    >>> action = rules.legal_actions(before, 0)[-1]
    >>> after = rules.apply(before, action)
    >>> [e["type"] for e in events(before, after, 2)][:1]
    ['discard']

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.record import unstructure
from mahjong_rules.state import Phase, State

__all__ = ["events"]


def events(  # noqa: C901, PLR0912 - one check per kind of event
    before: State, after: State, viewer: int | None
) -> list[dict[str, Any]]:
    """The events between two consecutive states that ``viewer`` may see."""
    out: list[dict[str, Any]] = []
    new_hand = after.hands_played != before.hands_played or (
        before.phase is Phase.HAND_OVER and after.phase is Phase.SELF_ACTION)
    if new_hand and after.phase is Phase.SELF_ACTION:
        event: dict[str, Any] = {"type": "hand_started", "round_wind": after.round_wind,
                                 "hand_number": after.hand_number, "dealer": after.dealer,
                                 "honba": after.honba, "deposits": after.deposits,
                                 "dora_indicators": list(after.dora_indicators[:after.revealed])}
        if viewer is not None:
            event["hand"] = list(after.seats[viewer].hand)
        out.append(event)
        return out
    for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if len(new.river) > len(old.river):
            entry = new.river[-1]
            out.append({"type": "discard", "seat": seat, "tile": entry.tile,
                        "riichi": entry.riichi, "tsumogiri": entry.tsumogiri})
        if len(new.melds) > len(old.melds) or any(
                a.kind != b.kind for a, b in zip(old.melds, new.melds, strict=False)):
            out.extend({"type": "call", "seat": seat, "meld": unstructure(meld)}
                       for meld in new.melds if meld not in old.melds)
        if len(new.kita) > len(old.kita):
            out.append({"type": "kita", "seat": seat, "tile": new.kita[-1]})
        if new.riichi_count > old.riichi_count:
            out.append({"type": "riichi_accepted", "seat": seat})
        if new.drawn is not None and new.drawn != old.drawn and new.drawn in new.hand:
            draw: dict[str, Any] = {"type": "draw", "seat": seat,
                                    "replacement": after.rinshan_draw}
            if viewer == seat:
                draw["tile"] = new.drawn
            out.append(draw)
    if after.revealed > before.revealed and after.hands_played == before.hands_played:
        out.extend({"type": "dora_revealed", "indicator": after.dora_indicators[index]}
                   for index in range(before.revealed, after.revealed))
    if after.phase is Phase.CLAIMS and after.claim is not None and (
            before.claim is None or before.claim.tile != after.claim.tile
            or before.claim.source != after.claim.source):
        claim = after.claim
        if viewer is not None and claim.options[viewer] and claim.responses[viewer] is None:
            out.append({"type": "claim_window", "tile": claim.tile, "source": claim.source,
                        "from_seat": claim.from_seat, "options": list(claim.options[viewer])})
    if len(after.history) > len(before.history):
        result = after.history[-1]
        out.append({"type": "hand_ended", "result": unstructure(result)})
        out.append({"type": "points_changed", "deltas": list(result.deltas),
                    "points": [p.points for p in after.seats]})
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        out.append({"type": "game_ended", "reason": after.end_reason})
    return out
