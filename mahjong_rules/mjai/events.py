"""The mjai events between two views of one seat, one reducer step apart.

:func:`step_events` compares a seat's view before and after one ``apply`` and lists
the mjai events that step shows the seat, in the order libriichi-based bots expect:

- ``reach`` then the declaring ``dahai``; ``reach_accepted`` once the window on it has
  closed, before the next ``tsumo`` or the call that takes the tile, never after a ron;
- a closed kan: ``ankan``, then its ``dora``, then the replacement ``tsumo``;
- an open or added kan: the replacement ``tsumo``, then the ``dora`` just before the kan
  maker's ``dahai`` (``kan_dora_timing`` ``after_discard_passes``: after that discard's
  window, before the next ``tsumo``);
- a multiple ron: one ``hora`` per winner, in turn order from the discarder;
- sanma: ``nukidora`` then the replacement ``tsumo``; arrays of 3 entries, or 4 with an
  empty fourth seat (``arrays=4``).

Only the views are read, so nothing the seat may not see can reach its stream: another
seat's draw is ``"?"``, its dealt tiles are ``"?"``. With ``extensions`` each event
carries a ``mahjong_rules`` object with the physical ids of the tiles it names and, on
``start_kyoku``, ``hora`` and ``ryukyoku``, the last hand's result (as the view shows it).

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=3)
    >>> before = rules.view(state, 1)
    >>> [e["type"] for e in step_events(rules, 1, None, before)]
    ['start_kyoku', 'tsumo']
    >>> after = rules.view(rules.apply(state, mr.Discard(seat=0, tile=36)), 1)
    >>> step_events(rules, 1, before, after)
    [{'type': 'dahai', 'actor': 0, 'pai': '1p', 'tsumogiri': True}, {'type': 'tsumo', \
'actor': 1, 'pai': '9p'}]

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_rules.engine import Ruleset
from mahjong_rules.mjai.messages import EXTENSION, HIDDEN, ROUND_WINDS, pai, red_ids
from mahjong_rules.options import KanDoraTiming

__all__ = ["DRAW_REASONS", "step_events"]

DRAW_REASONS = {
    None: "fanpai", "nine_terminals": "kyushukyuhai", "four_winds": "suufonrenda",
    "four_kans": "suukaikan", "four_riichi": "suuchahou", "triple_ron": "sanchaho",
    "chombo": "chombo",
}
"""The ``ryukyoku.reason`` of each way a hand ends without a win (gimite's mjai names;
``fanpai`` is the exhaustive draw)."""
_PLAYING = ("self_action", "claims")
_OVER = ("hand_over", "game_over")

View = dict[str, Any]


class EventWriter:
    """Event builder for one seat: tiles as mjai, arrays per the dialect, extensions."""

    def __init__(self, rules: Ruleset, seat: int, *, extensions: bool, arrays: int) -> None:
        self.rules, self.seat, self.n = rules, seat, rules.num_seats
        self.reds = red_ids(rules)
        self.extensions = extensions
        self.arrays = max(arrays, self.n)
        self.after_passes = getattr(rules.options, "kan_dora_timing", None) is (
            KanDoraTiming.AFTER_DISCARD_PASSES)

    def pai(self, tile: int) -> str:
        return pai(tile, self.reds)

    def ext(self, event: dict[str, Any], **ids: Any) -> dict[str, Any]:  # noqa: ANN401
        if self.extensions:
            event[EXTENSION] = ids
        return event

    def per_seat(self, values: Sequence[Any], empty: Any) -> list[Any]:  # noqa: ANN401
        return [*values, *([empty] * (self.arrays - len(values)))]

    def tsumo(self, seat: int, view: View) -> dict[str, Any]:
        if seat != self.seat:
            return {"type": "tsumo", "actor": seat, "pai": HIDDEN}
        drawn = view["drawn"]
        return self.ext({"type": "tsumo", "actor": seat, "pai": self.pai(drawn)}, pai=drawn)

    def dora(self, tile: int) -> dict[str, Any]:
        return self.ext({"type": "dora", "dora_marker": self.pai(tile)}, dora_marker=tile)

    def tiles(self, tiles: Sequence[int]) -> list[str]:
        return [self.pai(t) for t in tiles]

    def start(self, view: View) -> list[dict[str, Any]]:
        """``start_kyoku`` and the dealer's first ``tsumo`` (the view: just dealt)."""
        dealer = view["dealer"]
        hand = list(view["hand"])
        if dealer == self.seat and view["drawn"] is not None:
            hand.remove(view["drawn"])
        tehais = [self.tiles(hand) if s == self.seat else [HIDDEN] * 13 for s in range(self.n)]
        start = {
            "type": "start_kyoku", "bakaze": ROUND_WINDS[view["round_wind"]],
            "dora_marker": self.pai(view["dora_indicators"][0]),
            "kyoku": view["hand_number"] + 1, "honba": view["honba"],
            "kyotaku": view["deposits"], "oya": dealer,
            "scores": self.per_seat([s["points"] for s in view["seats"]], 0),
            "tehais": self.per_seat(tehais, []),
        }
        self.ext(start, tehai=hand, dora_marker=view["dora_indicators"][0],
                 result=view["last_result"])
        return [start, self.tsumo(dealer, view)]

    def result(self, result: dict[str, Any], deposits: int) -> list[dict[str, Any]]:
        """``hora`` per winner or a ``ryukyoku``, then ``end_kyoku``."""
        out: list[dict[str, Any]] = []
        if result["kind"] == "win":
            for winner, deltas in zip(result["winners"],
                                      self._split(result, deposits), strict=True):
                frm = winner["from_seat"]
                out.append(self.ext({
                    "type": "hora", "actor": winner["seat"],
                    "target": winner["seat"] if frm is None else frm,
                    "pai": self.pai(winner["win_tile"]),
                    "deltas": self.per_seat(deltas, 0),
                    "ura_markers": self.tiles(winner["ura_indicators"]),
                }, pai=winner["win_tile"], result=result))
        else:
            draw: dict[str, Any] = {"type": "ryukyoku",
                                    "reason": DRAW_REASONS.get(result["abort_reason"], "?"),
                                    "deltas": self.per_seat(result["deltas"], 0)}
            if result["kind"] == "exhaustive":
                draw["tenpais"] = self.per_seat(
                    [s in result["tenpai"] for s in range(self.n)], empty=False)
            out.append(self.ext(draw, result=result))
        out.append({"type": "end_kyoku"})
        return out

    def _split(self, result: dict[str, Any], deposits: int) -> list[list[int]]:
        """Each winner's own score changes (the deposits go to the first)."""
        winners, total = result["winners"], list(result["deltas"])
        if len(winners) == 1:
            return [total]
        out = []
        for index, winner in enumerate(winners):
            deltas = [0] * self.n
            deltas[winner["seat"]] = winner["points"]
            sticks = 1000 * deposits if index == 0 else 0
            deltas[winner["from_seat"]] -= winner["points"] - sticks
            out.append(deltas)
        rest = [t - sum(d[s] for d in out[:-1]) for s, t in enumerate(total)]
        out[-1] = rest
        return out

    def call(self, seat: int, meld: dict[str, Any]) -> dict[str, Any]:
        tiles = list(meld["tiles"])
        called = meld["called"]
        tiles.remove(called)
        return self.ext({"type": meld["kind"], "actor": seat, "target": meld["from_seat"],
                         "pai": self.pai(called), "consumed": self.tiles(tiles)},
                        pai=called, consumed=tiles)


def _new_melds(before: View, after: View, seat: int) -> list[dict[str, Any]]:
    return list(after["seats"][seat]["melds"][len(before["seats"][seat]["melds"]):])


def _declaration(w: EventWriter, before: View, after: View, seat: int
                 ) -> tuple[list[dict[str, Any]], str] | None:
    """A closed or added kan or a kita of ``seat`` in this step, and its window's source."""
    old, new = before["seats"][seat], after["seats"][seat]
    for index, meld in enumerate(old["melds"]):
        if meld["kind"] == "pon" and new["melds"][index]["kind"] == "kakan":
            added = new["melds"][index]["added"]
            return [w.ext({"type": "kakan", "actor": seat, "pai": w.pai(added),
                           "consumed": w.tiles(meld["tiles"])},
                          pai=added, consumed=list(meld["tiles"]))], "kakan"
    for meld in _new_melds(before, after, seat):
        if meld["kind"] == "ankan":
            return [w.ext({"type": "ankan", "actor": seat, "consumed": w.tiles(meld["tiles"])},
                          consumed=list(meld["tiles"]))], "ankan"
    if len(new["kita"]) > len(old["kita"]):
        tile = new["kita"][-1]
        return [w.ext({"type": "nukidora", "actor": seat, "pai": w.pai(tile)}, pai=tile)], "kita"
    return None


def _after_window(w: EventWriter, before: View, after: View, discarder: int, source: str, *,
                  riichi: bool, result: dict[str, Any] | None) -> list[dict[str, Any]]:
    """What follows a window that closed in this step (nothing while it stays open)."""
    claim = after["claim"]
    if after["phase"] == "claims" and claim is not None and claim["from_seat"] == discarder:
        return []
    ended = after["phase"] in _OVER
    outcome = result if result is not None else after["last_result"]
    if ended and outcome["kind"] == "win" and any(
            x["from_seat"] == discarder for x in outcome["winners"]):
        return w.result(outcome, before["deposits"])
    if ended and outcome["abort_reason"] in ("triple_ron", "chombo"):
        return w.result(outcome, before["deposits"])
    out: list[dict[str, Any]] = []
    if riichi:
        out.append({"type": "reach_accepted", "actor": discarder})
    new_dora = after["dora_indicators"][len(before["dora_indicators"]):]
    if source == "discard" and w.after_passes:
        out.extend(w.dora(t) for t in new_dora)
    if ended:
        return [*out, *w.result(outcome, before["deposits"])]
    for seat in range(w.n):
        for meld in _new_melds(before, after, seat):
            if meld["kind"] in ("chi", "pon", "daiminkan"):
                out.append(w.call(seat, meld))
                if meld["kind"] == "daiminkan":
                    out.append(w.tsumo(seat, after))
                return out
    if source == "ankan":
        out.extend(w.dora(t) for t in new_dora)
    out.append(w.tsumo(after["turn"], after))
    return out


def step_events(rules: Ruleset, seat: int, before: View | None, after: View, *,
                extensions: bool = False, arrays: int = 4,
                result: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The mjai events one reducer step shows ``seat`` (``before`` ``None``: a new game).

    ``before`` and ``after`` are the seat's views (:meth:`Ruleset.view`) on either side
    of one ``apply``; ``result`` replaces the after view's ``last_result`` when the hand
    ends in this step (a seat's rebuilt state does not know how the others' hidden tiles
    scored). ``arrays``: entries of the per-seat arrays (4 writes a sanma table with an
    empty fourth seat).
    """
    w = EventWriter(rules, seat, extensions=extensions, arrays=arrays)
    if after["phase"] not in _PLAYING and (before is None or before["phase"] not in _PLAYING):
        return []
    if before is None or (before["phase"] not in _PLAYING and after["phase"] in _PLAYING):
        return w.start(after)
    ended = after["phase"] in _OVER
    for actor in range(w.n):
        old, new = before["seats"][actor]["river"], after["seats"][actor]["river"]
        if len(new) > len(old):
            entry = new[len(old)]
            out: list[dict[str, Any]] = []
            if entry["riichi"]:
                out.append({"type": "reach", "actor": actor})
            if not w.after_passes:
                out.extend(w.dora(t) for t in after["dora_indicators"][
                    len(before["dora_indicators"]):])
            out.append(w.ext({"type": "dahai", "actor": actor, "pai": w.pai(entry["tile"]),
                              "tsumogiri": entry["tsumogiri"]}, pai=entry["tile"]))
            shown = before if w.after_passes else {**before,
                                                   "dora_indicators": after["dora_indicators"]}
            return out + _after_window(w, shown, after, actor, "discard",
                                       riichi=entry["riichi"], result=result)
    claim = before["claim"]
    if before["phase"] == "claims" and claim is not None:
        river = before["seats"][claim["from_seat"]]["river"]
        riichi = claim["source"] == "discard" and bool(river) and river[-1]["riichi"]
        return _after_window(w, before, after, claim["from_seat"], claim["source"],
                             riichi=riichi, result=result)
    if before["phase"] == "self_action":
        declared = _declaration(w, before, after, before["turn"])
        if declared is not None:
            events, source = declared
            return events + _after_window(w, before, after, before["turn"], source,
                                          riichi=False, result=result)
    if ended:
        return w.result(result if result is not None else after["last_result"],
                        before["deposits"])
    return []
