"""Beginner-mode hints (seed 000 section 7.1), computed from one seat's view only.

:func:`hints` reads the seat's view (its hand, the public table, its own legal actions,
the ``furiten`` flag the view carries) and nothing else, for riichi, sanma and Taiwanese:

- ``hand``: the concealed tiles sorted man, pin, sou, honours, the drawn tile apart;
- ``shanten``, and ``tenpai_discards`` (a hand of 3n+2 tiles: every discard that keeps or
  reaches tenpai, with each wait, the copies of it the seat cannot see, what a ron and a
  tsumo on it would be worth, ``null`` where there is no yaku, and whether the discard
  leaves the hand furiten) or ``waits`` (a hand of 3n+1 tiles: the same for its waits);
- ``yaku``: the yaku (Taiwanese: tai items) the hand can still aim for, and a ``no_yaku``
  warning for an open hand that cannot get one or that is tenpai on a wait without one;
- ``furiten``: the state and its reasons (a wait in the seat's own river; a winning tile
  passed since its last discard; passed after riichi); Taiwanese has no furiten;
- ``win``: whether tsumo or ron is possible now, and why not when the hand is complete;
- ``calls``: for each call the seat may make now, what it gives up (riichi, the
  closed-hand yaku or tai, a yaku plan) and what a kan adds.

``docs/bots.md`` defines each field. Nothing here reads a state: the property test gives
two states with the same view and checks the hints are equal.

Examples:
    >>> import mahjong_rules as mr
    >>> rules = mr.make("riichi")
    >>> state = rules.setup(seed=4)
    >>> result = hints(rules.view(state, 0), rules=rules)
    >>> sorted(result)
    ['calls', 'furiten', 'hand', 'ruleset', 'seat', 'shanten', 'tenpai_discards', 'waits', \
'win', 'yaku']

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_rules.bots.base import BotError, default_rules
from mahjong_rules.bots.defence import safe_kinds
from mahjong_rules.bots.facts import (
    HONOR_KINDS,
    N_KINDS,
    TERMINAL_KINDS,
    ViewFacts,
    discard_table,
    is_simple,
)
from mahjong_rules.bots.value import viable_plans, win_points, win_score
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.options import RiichiOptions
from mahjong_rules.tiles import kind_name

if TYPE_CHECKING:
    from mahjong_rules.engine import Ruleset

__all__ = ["hints"]

CALLS = ("chi", "pon", "daiminkan", "ankan", "kakan")


def _name(facts: ViewFacts, tile: int) -> str:
    if tile >= 136:
        return kind_name(34 + tile - 136)
    name = kind_name(tile >> 2)
    return "0" + name[1] if tile in facts.red else name


def hints(view: Mapping[str, Any], *, rules: Ruleset | None = None) -> dict[str, Any]:
    """The beginner-mode hints of the seat whose view this is (see the module docstring).

    Args:
        view: a seat's view (:meth:`~mahjong_rules.engine.Ruleset.view` with a seat).
        rules: the ruleset, for its public options; default: the defaults of the view's.

    Raises:
        BotError: ``bad_input`` for a spectator's view (no hand) or not a view.
    """
    data: object = view
    if not isinstance(data, Mapping) or "hand" not in data or "ruleset" not in data:
        raise BotError(Reason.BAD_INPUT, "hints need a seat's view (with its hand)")
    rules = rules if rules is not None else default_rules(str(view["ruleset"]))
    facts = ViewFacts(view, rules)
    out: dict[str, Any] = {"seat": facts.seat, "ruleset": rules.name, "hand": _sorted(facts)}
    size = len(facts.hand)
    waits: dict[int, int] = {}
    if size % 3 == 2:
        table = discard_table(facts)
        out["shanten"] = table.shanten
        out["tenpai_discards"] = _tenpai_discards(facts, table) if table.best == 0 else []
        out["waits"] = []
    else:
        out["shanten"] = facts.shanten(facts.counts)
        out["tenpai_discards"] = []
        if out["shanten"] == 0:
            waits = _waits(facts, facts.counts)
        out["waits"] = _wait_entries(facts, facts.hand, waits)
    out["yaku"] = _yaku(facts, out)
    out["furiten"] = _furiten(facts, waits) if size % 3 == 1 else _furiten_on_turn(facts)
    out["win"] = _win(facts, out["shanten"], waits)
    out["calls"] = _calls(facts)
    return out


def _sorted(facts: ViewFacts) -> dict[str, Any]:
    drawn = facts.view.get("drawn")
    rest = sorted(t for t in facts.hand if t != drawn)
    return {"tiles": [_name(facts, t) for t in rest],
            "drawn": None if drawn is None or drawn not in facts.hand else _name(facts, drawn)}


def _waits(facts: ViewFacts, counts: Sequence[int]) -> dict[int, int]:
    """Kinds that complete a 3n+1 hand, with the copies the seat cannot see."""
    out = {}
    for kind in range(N_KINDS):
        if facts.kinds[kind] and counts[kind] < 4:
            plus = list(counts)
            plus[kind] += 1
            if facts.shanten(plus) == -1:
                out[kind] = facts.unseen[kind]
    return out


def _wait_entries(facts: ViewFacts, concealed: Sequence[int],
                  waits: Mapping[int, int]) -> list[dict[str, Any]]:
    entries = []
    for kind, unseen in sorted(waits.items()):
        ron = win_score(facts, concealed, kind, tsumo=False, riichi=facts.riichi)
        tsumo = win_score(facts, concealed, kind, tsumo=True, riichi=facts.riichi)
        entries.append({"kind": kind_name(kind), "unseen": unseen,
                        "ron": _worth(ron), "tsumo": _worth(tsumo),
                        "ron_with_riichi": _worth(win_score(facts, concealed, kind, tsumo=False,
                                                            riichi=True))
                        if facts.closed and not facts.riichi and not facts.taiwanese else None})
    return entries


def _worth(result: object) -> int | None:
    """Points (Taiwanese: the winner's total) of a win, ``None`` without yaku or shape."""
    if isinstance(result, Rejection):
        return None
    return win_points(result)


def _tenpai_discards(facts: ViewFacts, table: Any) -> list[dict[str, Any]]:  # noqa: ANN401
    out = []
    river = {e["tile"] >> 2 for e in facts.view["seats"][facts.seat]["river"]}
    legal = {a["tile"] for a in facts.view["legal_actions"] if a["type"] == "discard"}
    seen: set[int] = set()
    for tile in sorted(facts.hand):
        kind = tile >> 2
        if table.after[kind] != 0 or (kind in seen and tile not in facts.red) or (
                legal and tile not in legal):
            continue
        seen.add(kind)
        waits = table.draws[kind]
        concealed = list(facts.hand)
        concealed.remove(tile)
        discarded = river | {kind}
        out.append({"tile": _name(facts, tile), "waits": _wait_entries(facts, concealed, waits),
                    "unseen": sum(waits.values()),
                    "furiten": not facts.taiwanese and bool(discarded & set(waits))})
    return out


def _yaku(facts: ViewFacts, analysis: Mapping[str, Any]) -> dict[str, Any]:  # noqa: C901, PLR0912 - one yaku a line
    counts = list(facts.counts)
    melds = facts.melds
    kinds = [k for k in range(N_KINDS) for _ in range(counts[k])]
    meld_kinds = [[t >> 2 for t in m["tiles"]] for m in melds]
    every = kinds + [k for group in meld_kinds for k in group]
    aims: list[str] = []
    closed = facts.closed
    suits = [sum(1 for k in every if k < 27 and k // 9 == s) for s in range(3)]
    honours = sum(1 for k in every if k >= 27)
    main = max(suits)
    pairs = sum(1 for k in range(N_KINDS) if counts[k] >= 2)
    triplets = sum(1 for k in range(N_KINDS) if counts[k] >= 3) + sum(
        1 for m in melds if m["kind"] != "chi")
    if facts.taiwanese:
        if closed:
            aims.append("concealed")
        if main + honours >= len(every) - 2 and honours:
            aims.append("half_flush")
        if main >= len(every) - 2:
            aims.append("full_flush")
        if triplets + pairs >= 5 and all(m["kind"] != "chi" for m in melds):
            aims.append("all_triplets")
        aims.extend(f"honour_set:{kind_name(k)}" for k in sorted(HONOR_KINDS)
                    if counts[k] >= 2 or any(g[0] == k for g in meld_kinds))
        return {"aims": aims, "no_yaku": False, "why": "Taiwanese needs no minimum tai"}
    options = facts.rules.options
    kuitan = isinstance(options, RiichiOptions) and options.kuitan
    if closed and not facts.riichi:
        aims.append("riichi")
    if closed:
        aims.append("menzen_tsumo")
    if (closed or kuitan) and all(is_simple(k) for g in meld_kinds for k in g) and sum(
            1 for k in kinds if not is_simple(k)) <= 3:
        aims.append("tanyao")
    yakuhai = [k for k in range(27, 34) if facts.yakuhai(k)
               and (counts[k] >= 2 or any(g[0] == k and len(set(g)) == 1 for g in meld_kinds))]
    aims.extend(f"yakuhai:{kind_name(k)}" for k in yakuhai)
    if main + honours >= len(every) - 3 and honours and main:
        aims.append("honitsu")
    if main >= len(every) - 3:
        aims.append("chinitsu")
    if triplets + pairs >= 4 and all(m["kind"] != "chi" for m in melds):
        aims.append("toitoi")
    if closed and not melds and pairs >= 4:
        aims.append("chiitoitsu")
    if closed and not melds and sum(1 for k in TERMINAL_KINDS | HONOR_KINDS if counts[k]) >= 9:
        aims.append("kokushi")
    no_yaku, why = False, ""
    if not closed and not viable_plans(facts, counts, melds):
        no_yaku, why = True, "the open hand has no yakuhai set and cannot be tanyao or honitsu"
    wait_lists = [analysis["waits"]] if analysis["waits"] else [
        d["waits"] for d in analysis["tenpai_discards"]]
    if not closed and wait_lists and all(
            w["ron"] is None and w["tsumo"] is None for waits in wait_lists for w in waits):
        no_yaku, why = True, "tenpai, but no wait gives a yaku"
    needs_riichi = sorted({w["kind"] for waits in wait_lists for w in waits
                           if w["ron"] is None and w["ron_with_riichi"] is not None})
    return {"aims": aims, "no_yaku": no_yaku, "why": why, "ron_needs_riichi": needs_riichi}


def _furiten(facts: ViewFacts, waits: Mapping[int, int]) -> dict[str, Any]:
    if facts.taiwanese:
        return {"furiten": False, "reasons": [], "note": "Taiwanese has no furiten"}
    state = bool(facts.view.get("furiten", False))
    reasons: list[str] = []
    if state:
        river = {e["tile"] >> 2 for e in facts.view["seats"][facts.seat]["river"]}
        own = sorted(river & set(waits))
        if own:
            reasons.append("own_discard:" + ",".join(kind_name(k) for k in own))
        elif facts.riichi:
            reasons.append("passed_after_riichi")
        else:
            reasons.append("passed_this_turn")
    note = "furiten: no ron, tsumo only" if state else ""
    return {"furiten": state, "reasons": reasons, "note": note}


def _furiten_on_turn(facts: ViewFacts) -> dict[str, Any]:
    """The furiten entry on the seat's own turn.

    Furiten applies to the hand after the discard: each tenpai discard says whether it
    leaves the hand furiten; riichi furiten stays.
    """
    if facts.taiwanese:
        return {"furiten": False, "reasons": [], "note": "Taiwanese has no furiten"}
    if facts.riichi:
        passed = safe_kinds(facts, facts.seat) - {
            e["tile"] >> 2 for e in facts.view["seats"][facts.seat]["river"]}
        return {"furiten": False, "reasons": [], "passed_after_riichi":
                sorted(kind_name(k) for k in passed),
                "note": "after riichi a passed winning tile makes the hand furiten"}
    return {"furiten": False, "reasons": [], "note": "see each tenpai discard"}


def _win(facts: ViewFacts, shanten: int, waits: Mapping[int, int]) -> dict[str, Any]:
    legal = {a["type"] for a in facts.view["legal_actions"]}
    out: dict[str, Any] = {"tsumo": "tsumo" in legal, "ron": "ron" in legal, "why_not": None}
    if shanten == -1 and not out["tsumo"] and facts.view.get("drawn") is not None:
        drawn = facts.view["drawn"]
        concealed = list(facts.hand)
        concealed.remove(drawn)
        result = win_score(facts, concealed, drawn >> 2, tsumo=True, riichi=facts.riichi)
        out["why_not"] = result.reason.value if isinstance(result, Rejection) else (
            "not_allowed")
    claim = facts.view.get("claim")
    if claim is not None and claim["tile"] >= 0 and not out["ron"] and (
            claim["tile"] >> 2) in waits and claim["from_seat"] != facts.seat:
        if facts.view.get("furiten"):
            out["why_not"] = "furiten"
        else:
            result = win_score(facts, facts.hand, claim["tile"] >> 2, tsumo=False,
                               riichi=facts.riichi)
            out["why_not"] = result.reason.value if isinstance(result, Rejection) else (
                "not_claimable")
    return out


def _given_up(facts: ViewFacts) -> tuple[list[str], list[str]]:
    """What opening a closed hand gives up, and the short note for it."""
    if facts.taiwanese:
        return ["concealed", "concealed_self_draw"], ["calling gives up the concealed-hand tai"]
    gives = ["riichi", "menzen_tsumo", "pinfu", "iipeikou", "chiitoitsu"]
    options = facts.rules.options
    if isinstance(options, RiichiOptions) and not options.kuitan:
        gives.append("tanyao")
    return gives, ["calling gives up riichi"]


def _calls(facts: ViewFacts) -> list[dict[str, Any]]:
    out = []
    claim = facts.view.get("claim")
    for action in facts.view["legal_actions"]:
        kind = action["type"]
        if kind not in CALLS:
            continue
        opens = kind in ("chi", "pon", "daiminkan") and facts.closed
        gives, notes = _given_up(facts) if opens else ([], [])
        no_yaku_after = False
        if kind in ("chi", "pon", "daiminkan") and claim is not None and not facts.taiwanese:
            tiles = list(action.get("tiles", ())) or [
                t for t in facts.hand if t >> 2 == claim["tile"] >> 2]
            meld = {"kind": kind, "tiles": [*tiles, claim["tile"]]}
            after = list(facts.counts)
            for tile in tiles:
                after[tile >> 2] -= 1
            no_yaku_after = not viable_plans(facts, after, [*facts.melds, meld])
            if no_yaku_after:
                notes.append("after this call the hand can have no yaku")
        if kind in ("daiminkan", "ankan", "kakan"):
            notes.append("a kan turns a new dora indicator for everyone")
        if kind == "kakan":
            notes.append("the added tile can be robbed (chankan)")
        out.append({"action": dict(action), "opens_hand": opens, "gives_up": gives,
                    "no_yaku_after": no_yaku_after, "notes": notes})
    return out

