"""Events of one apply, per seat: what happened, with private details only for their owner.

:func:`events` compares the state before and after an action and lists, for one viewer
(a seat, or ``None`` for a spectator), the events it may know of (seeds/000 8.2): a
draw shows its tile only to the drawing seat; a claim window tells each seat only its
own options (the other seats learn nothing of who may claim); the dealt hand of a new
hand goes only to its owner. Taiwanese flowers are public: a ``flower`` event names the
seat and the flower, and ``hand_started`` lists the flowers shown at the deal; a
``ready_declared`` event names each seat that made the ready-hand declaration.

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

from mahjong_rules.errors import InvalidArgumentError, InvalidStateError, Reason
from mahjong_rules.record import unstructure
from mahjong_rules.state import Phase, State

__all__ = ["events"]


def events(  # noqa: C901, PLR0912 - one check per kind of event
    before: State, after: State, viewer: int | None
) -> list[dict[str, Any]]:
    """The events between two consecutive states that ``viewer`` may see.

    Raises:
        InvalidStateError: ``bad_state`` when ``before`` or ``after`` is not a state, or
            the two are not states of one table (another seat count).
        InvalidArgumentError: ``bad_seat`` for a viewer that is neither ``None`` nor a
            seat of the table.
    """
    if type(before) is not State or type(after) is not State:
        raise InvalidStateError(f"events take two States, got {type(before).__name__} and "
                                f"{type(after).__name__}")
    seats = len(after.seats)
    if len(before.seats) != seats or len(after.players) != seats:
        raise InvalidStateError("before and after are not states of one table")
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
        raise InvalidArgumentError(Reason.BAD_SEAT, f"no seat {viewer!r}: seats are the "
                                   f"ints 0..{seats - 1}")
    out: list[dict[str, Any]] = []
    playing = (Phase.SELF_ACTION, Phase.CLAIMS)  # a Taiwanese hand opens with a window
    new_hand = after.hands_played != before.hands_played or (
        before.phase is Phase.HAND_OVER and after.phase in playing)
    if new_hand and after.phase in playing:
        event: dict[str, Any] = {"type": "hand_started", "round_wind": after.round_wind,
                                 "hand_number": after.hand_number, "dealer": after.dealer,
                                 "honba": after.honba, "deposits": after.deposits,
                                 "dora_indicators": list(after.dora_indicators[:after.revealed])}
        if any(p.flowers for p in after.seats):
            event["flowers"] = [list(p.flowers) for p in after.seats]
        if viewer is not None:
            event["hand"] = list(after.seats[viewer].hand)
        out.append(event)
        out.extend(_window_opened(None, after, viewer))
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
        out.extend({"type": "flower", "seat": seat, "tile": tile}
                   for tile in new.flowers if tile not in old.flowers)
        if new.declared and not old.declared:
            out.append({"type": "ready_declared", "seat": seat})
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
    out.extend(_window_opened(before, after, viewer))
    if len(after.history) > len(before.history):
        result = after.history[-1]
        out.append({"type": "hand_ended", "result": unstructure(result)})
        out.append({"type": "points_changed", "deltas": list(result.deltas),
                    "points": [p.points for p in after.seats]})
    if after.phase is Phase.GAME_OVER and before.phase is not Phase.GAME_OVER:
        out.append({"type": "game_ended", "reason": after.end_reason})
    return out


def _window_opened(before: State | None, after: State, viewer: int | None
                   ) -> list[dict[str, Any]]:
    """A claim window that just opened, told only to a seat it concerns."""
    claim = after.claim
    old = None if before is None else before.claim
    if after.phase is not Phase.CLAIMS or claim is None or (
            old is not None and old.tile == claim.tile and old.source == claim.source):
        return []
    if viewer is None or not claim.options[viewer] or claim.responses[viewer] is not None:
        return []
    return [{"type": "claim_window", "tile": claim.tile, "source": claim.source,
             "from_seat": claim.from_seat, "options": list(claim.options[viewer])}]
